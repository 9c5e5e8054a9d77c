"""Whole games played by computer managers with digital dice and cards, seeded and replayable."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from ..engine.session import Session
from .box import Box
from .manager import ComputerManager, pitcher_cost
from .rules import HighAndTight
from .state import State

CHANCE_PHASES = ("deal", "roll", "free-roll")


def game_rng(seed: int | str, game: int) -> random.Random:
    """Each game's own generator, derived from the seed (never from a running global state)."""
    return random.Random(f"high-and-tight:{seed}:{game}")


def play_out(rules: HighAndTight, session: Session, rng: random.Random,
             managers: dict[str, ComputerManager | None]) -> Session:
    """Play a session to its end: chance from `rng`, decisions from the managers."""
    state: State = session.state
    while state.phase != "over":
        if state.phase in CHANCE_PHASES:
            action = rules.sample_chance(state, rng)
        else:
            side = state.atbat.turn if state.phase == "cards" else state.actor
            manager = managers.get(side)
            if manager is None:
                break
            action = manager.choose(state, rules.legal_actions(state))
        session.push(action)
        state = session.state
    return session


def simulate_game(rules: HighAndTight, home: str, away: str, seed: int | str, game: int = 0,
                  extra_header: dict[str, str] | None = None) -> Session:
    """One full game, both sides on the computer manager."""
    # (the Control tags: imported, the game is listed as the computer's on both sides)
    header = {"Game": "High & Tight", "Box": rules.box.fingerprint, "Home": home,
              "Away": away, "Cards": "digital", "HomeControl": "computer",
              "AwayControl": "computer"}
    header.update(extra_header or {})
    session = Session(rules, header)
    manager = ComputerManager(rules)
    play_out(rules, session, game_rng(seed, game), {"home": manager, "away": manager})
    state = session.state
    session.header["Seed"] = f"{seed}:{game}"
    session.header["Result"] = f"{state.away.total}-{state.home.total}"
    return session


@dataclass
class SimulationSummary:
    games: int = 0
    home_wins: int = 0
    away_wins: int = 0
    extra_inning_games: int = 0
    runs: int = 0
    dice_rolled: int = 0
    innings: int = 0

    def add(self, state: State) -> None:
        self.games += 1
        self.home_wins += state.winner == "home"
        self.away_wins += state.winner == "away"
        self.extra_inning_games += state.inning > 9
        self.runs += state.home.total + state.away.total
        self.dice_rolled += state.dice_rolled
        self.innings += state.inning

    def as_dict(self) -> dict:
        games = max(self.games, 1)
        return {
            "games": self.games,
            "home_wins": self.home_wins,
            "away_wins": self.away_wins,
            "extra_inning_games": self.extra_inning_games,
            "runs_per_game": round(self.runs / games, 6),
            "dice_rolled": self.dice_rolled,
            "innings_per_game": round(self.innings / games, 6),
        }


def pairings(box: Box, home: str | None = None, away: str | None = None,
             rosters: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """The (home, away) pairs games rotate through: a team not given rotates through the
    standard teams (in box order), skipping one whose roster the other team fields
    (rules 3.0, 8.1.1: the box has one set of each roster's pieces)."""
    rosters = rosters or {}
    keys = [team.key for team in box.teams.values() if team.standard]

    def roster(team: str, tag: str) -> str:
        return rosters.get(tag) or box.team(team).roster or ""

    return [(h, a) for h in ([home] if home else keys) for a in ([away] if away else keys)
            if h != a and (home and away or not box.roster_clash(roster(h, "HomeRoster"),
                                                                 roster(a, "AwayRoster")))]


def simulate(rules: HighAndTight, games: int, seed: int | str, home: str | None = None,
             away: str | None = None, on_game=None, rosters: dict[str, str] | None = None
             ) -> SimulationSummary:
    """Play `games` games; teams rotate through the standard pairings unless given;
    `rosters` (HomeRoster, AwayRoster) go into every game's header."""
    rotation = pairings(rules.box, home, away, rosters) or [(home or "", away or "")]
    summary = SimulationSummary()
    for index in range(games):
        pair_home, pair_away = rotation[index % len(rotation)]
        session = simulate_game(rules, pair_home, pair_away, seed, index, rosters)
        summary.add(session.state)
        if on_game is not None:
            on_game(session)
    return summary


def chance_line(session, seed: int | str) -> str:
    """The awaited chance event of a stored series (a deal, the dice, a starter drawn) as
    its line, from a generator derived from the seed, the scope (the game, or 'series') and
    every line of that scope so far: an interrupted run resumes identically, and after an
    undo a different decision meets dice of its own (the dice of the branch taken back tell
    nothing of another; the same decision again meets the same dice)."""
    scope, _ = session.awaiting()
    name = "series" if scope == "series" else str(len(session.games))
    lines = [entry.line for entry in session.entries if entry.scope == name]
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    rng = random.Random(f"high-and-tight:{seed}:{name}:{len(lines)}:{digest}")
    if scope == "series":
        return session.series_rules.sample_chance(session.series, rng)
    rules = session.rules
    return rules.format_action(rules.sample_chance(session.current_game.state, rng))


def series_manager_line(session, manager: ComputerManager) -> str:
    """The computer manager's choice for a series decision (rotation, starter): the rested
    starter, or in a game the team must win the SP whose Stuff allows the fewest runs, on
    short rest if need be."""
    series = session.series
    legal = session.series_rules.legal_actions(series)
    kind, team, _ = session.series_rules.awaiting(series)
    if team not in series.rotations:
        roster = session.box.rosters[series.rosters[team]]
        best = sorted((p for p in roster.pitchers.values() if p.kind == "SP"),
                      key=lambda p: (pitcher_cost(session.box, p), -p.fatigue))
        line = f"{team} rotation " + ", ".join(p.name for p in
                                                best[: series.scenario.rotation])
        return line if line in legal else legal[0]
    choices = session.series_rules.starter_choices(series, team)
    other = "team2" if team == "team1" else "team1"
    if len(choices) > 1 and series.wins(other) == series.scenario.wins - 1:
        # A game the team must win: an SP on short rest (8.2.3 a) starts when his Stuff at
        # +100 still allows fewer runs than the rested arm's (ties keep the rested one).
        pitchers = session.box.rosters[series.rosters[team]].pitchers
        key, _ = min(choices, key=lambda c: pitcher_cost(session.box, pitchers[c[0]], c[1]))
        return f"{team} starts {pitchers[key].name}"
    return legal[0]


def play_series(session, push, seed: int | str, manager: ComputerManager | None = None,
                stop_after: int | None = None) -> None:
    """Play a series to its end with computer managers; `push(line)` applies and stores
    each line. Chance comes from `chance_line`, so resuming reproduces the same series."""
    manager = manager or ComputerManager(session.rules)
    pushed = 0
    while not session.is_over():
        if stop_after is not None and pushed >= stop_after:
            return
        scope, awaiting = session.awaiting()
        if (awaiting[0] if scope == "series" else awaiting.kind) == "chance":
            line = chance_line(session, seed)
        elif scope == "series":
            line = series_manager_line(session, manager)
        else:
            state = session.current_game.state
            action = manager.choose(state, session.rules.legal_actions(state))
            line = session.rules.format_action(action)
        push(line)
        pushed += 1
