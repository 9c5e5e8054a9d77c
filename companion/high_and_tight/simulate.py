"""Whole games played by computer managers with digital dice and cards, seeded and replayable."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.session import Session
from .box import Box
from .manager import ComputerManager
from .rules import HighAndTight
from .state import State

CHANCE_PHASES = ("deal", "roll", "free-roll")


def game_rng(seed: int | str, game: int) -> random.Random:
    """Each game's own generator, derived from the seed (never from a running global state)."""
    return random.Random(f"high-and-tight:{seed}:{game}")


def standard_pairings(box: Box) -> list[tuple[str, str]]:
    """Every ordered (home, away) pair of the standard teams, in box order."""
    keys = [team.key for team in box.teams.values() if team.standard]
    return [(home, away) for home in keys for away in keys if home != away]


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
    header = {"Game": "High & Tight", "Box": rules.box.fingerprint, "Home": home,
              "Away": away, "Cards": "digital"}
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


def simulate(rules: HighAndTight, games: int, seed: int | str, home: str | None = None,
             away: str | None = None, on_game=None) -> SimulationSummary:
    """Play `games` games; teams rotate through the standard pairings unless given."""
    pairings = [(h, a) for h, a in standard_pairings(rules.box)
                if (home is None or h == home) and (away is None or a == away)]
    if not pairings:
        pairings = [(home or "", away or "")]
    summary = SimulationSummary()
    for index in range(games):
        pair_home, pair_away = pairings[index % len(pairings)]
        session = simulate_game(rules, pair_home, pair_away, seed, index)
        summary.add(session.state)
        if on_game is not None:
            on_game(session)
    return summary
