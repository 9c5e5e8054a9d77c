"""Win probability: the half inning in progress played out, then an exact walk.

- Each half inning still to come scores runs by a distribution learned from games the
  computer managers play with the same setup (teams, rosters, optional rules, presets), one
  distribution per batting side and inning, pooled with the neighbouring innings.
- The half inning in progress, before its dice, is played out by the computer managers from
  the cards actually in hand (digital cards), a few hundred times; once its dice roll, its
  markers give its runs exactly (rule 4.6).
- The innings are walked exactly with the game's ends (rules 4.8 and 6.3).
"""

from __future__ import annotations

import copy
import random
import threading
from dataclasses import dataclass
from functools import cache

from . import odds
from .state import State

MAX_RUNS = 12          # runs in one half inning beyond this are counted as this many
TIE_INNINGS = 30       # extra innings looked at before a tie is split evenly
LEARN_GAMES = 240      # games played to learn one setup's table
ROLLOUTS = 160         # plays of the half inning in progress before its dice
LAST_INNING = 10       # innings from here on share one distribution (extra innings)
SMOOTHING = 1          # innings each side of an inning pooled into its distribution

# Header tags that shape a game's setup; everything else (seed, result, who controls a
# side, physical or digital cards) leaves the run odds alone.
SETUP_TAGS = ("Home", "Away", "Rules", "HomeRoster", "AwayRoster", "HomeResting",
              "AwayResting", "HomeShortRest", "AwayShortRest", "HomeStarter", "AwayStarter",
              "HomeStarterFatigue", "AwayStarterFatigue")
ROLL_PHASES = ("roll", "free-roll")


@dataclass(frozen=True)
class RunTable:
    """P(k runs) in one half inning, by batting side and inning (1..LAST_INNING)."""

    runs: dict[tuple[str, int], tuple[float, ...]]
    games: int

    def half(self, batting: str, inning: int) -> tuple[float, ...]:
        return self.runs[(batting, min(inning, LAST_INNING))]


def setup_key(header: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((tag, header[tag]) for tag in SETUP_TAGS if header.get(tag))


def learn(rules, header: dict[str, str], games: int = LEARN_GAMES,
          seed: str = "winprob", cancelled=None) -> RunTable:
    """Play `games` games of this setup on the computer managers and count the runs of every
    half inning by side and inning (a bottom of the 9th or later counts only when played);
    each inning's odds pool its neighbours' (SMOOTHING) to steady them."""
    from .simulate import simulate_game  # simulate imports the manager; keep it lazy

    setup = dict(setup_key(header))
    counts: dict[tuple[str, int], list[int]] = {}
    for game in range(games):
        if cancelled is not None and cancelled():
            raise Cancelled
        state = simulate_game(rules, setup["Home"], setup["Away"], seed, game, setup).state
        for side in (state.away, state.home):
            for index, runs in enumerate(side.runs):
                row = counts.setdefault((side.name, min(index + 1, LAST_INNING)),
                                        [0] * (MAX_RUNS + 1))
                row[min(runs, MAX_RUNS)] += 1
    table: dict[tuple[str, int], tuple[float, ...]] = {}
    for batting in ("away", "home"):
        for inning in range(1, LAST_INNING + 1):
            pooled = [0] * (MAX_RUNS + 1)
            for near in range(inning - SMOOTHING, inning + SMOOTHING + 1):
                for k, n in enumerate(counts.get((batting, near), ())):
                    pooled[k] += n
            total = sum(pooled)
            table[(batting, inning)] = (tuple(n / total for n in pooled) if total
                                        else (1.0,) + (0.0,) * MAX_RUNS)
    return RunTable(table, games)


_tables: dict[tuple, RunTable] = {}
_rules: dict[str, object] = {}
_lock = threading.Lock()


def _rules_for(state: State):
    rules = _rules.get(state.box.fingerprint)
    if rules is None:
        from .rules import HighAndTight
        rules = _rules[state.box.fingerprint] = HighAndTight(state.box)
    return rules


def table_for(state: State, cancelled=None) -> RunTable:
    """The learned table of this game's setup, learned once per process and box (nothing is
    kept when `cancelled()` stops the learning)."""
    key = (state.box.fingerprint, setup_key(state.header))
    with _lock:
        table = _tables.get(key)
        if table is None:
            table = _tables[key] = learn(_rules_for(state), state.header,
                                         cancelled=cancelled)
    return table


def _add(dist: dict[int, float], runs: tuple[float, ...], sign: int) -> dict[int, float]:
    """Add one half inning's runs (for the away side when sign is -1) to the home lead."""
    out: dict[int, float] = {}
    for diff, p in dist.items():
        for r, q in enumerate(runs):
            if q:
                key = diff + sign * r
                out[key] = out.get(key, 0.0) + p * q
    return out


def _rolling_half(state: State) -> tuple[float, ...]:
    """Runs of the half inning now being rolled: its runs so far, a pending free roll of box I
    (rule 4.6.2) and the exact odds of the rolls left on its markers (rule 4.6). With Hit and
    Run on (rule 5.1.1 e) a 9 still to come may also take back a run already scored; the walk
    counts the runs so far as banked, a slight lean towards the batting side."""
    atbat = state.atbat
    scoring = state.scoring_box()
    now = (odds.run_distribution(max(1, min(odds.MAX_ROLLS, atbat.rolls_left)),
                                 state.scoring_numbers(), scoring.first, scoring.then,
                                 atbat.hit_and_run)
           if atbat.rolls_left else (1.0,))
    if state.phase == "free-roll":
        scores = sum(odds.TOTAL_PROBABILITY[t] for t in scoring.then)
        now = tuple((1 - scores) * p + (scores * now[k - 1] if k else 0.0)
                    for k, p in enumerate((*now, 0.0)))
    return (0.0,) * atbat.runs + tuple(now)


class Cancelled(Exception):
    """The caller no longer wants the figure (the game moved on)."""


def home_win_probability(state: State, samples: int = ROLLOUTS,
                         table: RunTable | None = None, cancelled=None) -> float:
    """P(home wins) from this state. Before the dice of a half inning roll, its cards and
    Managerial Move still to come are played out `samples` times by the computer managers
    from the hands as they are (digital cards); then each outcome is walked exactly.
    `cancelled()`, when given, is asked between plays; Cancelled is raised once it is true."""
    if state.phase == "over":
        return 1.0 if state.winner == "home" else 0.0
    table = table or table_for(state, cancelled)
    if samples and state.inning and state.cards_mode == "digital" \
            and state.phase not in ROLL_PHASES:
        seed = f"winprob:{state.summary()}:{state.dice_rolled}:{len(state.log)}"
        ends = rollout_half(_rules_for(state), state, samples, seed, cancelled)
        return sum(walk(end, table) for end in ends) / len(ends)
    return walk(state, table)


def walk(state: State, table: RunTable) -> float:
    """P(home wins) exactly for the model: the half in the roll by its markers, every half
    to come by the table."""
    if state.phase == "over":
        return 1.0 if state.winner == "home" else 0.0
    dist = {state.home.total - state.away.total: 1.0}      # home minus away
    inning = max(state.inning, 1)
    half = state.half if state.inning else "top"
    win = 0.0
    if state.inning and state.phase in ROLL_PHASES:
        sign = -1 if half == "top" else 1
        dist = _add(dist, _rolling_half(state), sign)
        half, inning = ("bottom", inning) if half == "top" else ("top", inning + 1)
        win += _decided(dist, half, inning)
        dist = _settle(dist, half, inning)
    innings_seen = 0
    while dist and innings_seen < TIE_INNINGS * 2:
        batting = "away" if half == "top" else "home"
        dist = _add(dist, table.half(batting, inning), -1 if half == "top" else 1)
        half, inning = ("bottom", inning) if half == "top" else ("top", inning + 1)
        win += _decided(dist, half, inning)
        dist = _settle(dist, half, inning)
        innings_seen += 1
    return win + 0.5 * sum(dist.values())


def _decided(dist: dict[int, float], half: str, inning: int) -> float:
    """Probability mass of home wins fixed at this point (rules 4.8 and 6.3)."""
    if half == "bottom" and inning >= 9:
        return sum(p for d, p in dist.items() if d > 0)     # home ahead after the top
    if half == "top" and inning >= 10:
        return sum(p for d, p in dist.items() if d > 0)     # after a full inning
    return 0.0


def _settle(dist: dict[int, float], half: str, inning: int) -> dict[int, float]:
    """Drop the finished games from the walk (their home wins were counted by _decided)."""
    if half == "bottom" and inning >= 9:
        return {d: p for d, p in dist.items() if d <= 0}
    if half == "top" and inning >= 10:
        return {d: p for d, p in dist.items() if d == 0}
    return dist


def series_win_probability(p_game_team1: float, wins: dict[str, int], needed: int) -> float:
    """P(team 1 wins the series) if each game is won with the same probability."""

    @cache
    def walk(a: int, b: int) -> float:
        if a >= needed:
            return 1.0
        if b >= needed:
            return 0.0
        return p_game_team1 * walk(a + 1, b) + (1 - p_game_team1) * walk(a, b + 1)

    return walk(wins["team1"], wins["team2"])


def _copy_for_rollout(state: State) -> State:
    """A copy of the game to play on: the box, teams and rosters (frozen) are shared, the
    log starts empty."""
    memo = {id(state.box): state.box, id(state.log): []}
    for side in (state.home, state.away):
        memo[id(side.team)] = side.team
        memo[id(side.roster)] = side.roster
    return copy.deepcopy(state, memo)


def rollout_half(rules, state: State, samples: int, seed: str = "winprob",
                 cancelled=None) -> list[State]:
    """Play the half inning in progress to its end `samples` times with the computer
    managers; the states right after it."""
    from .manager import ComputerManager
    from .simulate import CHANCE_PHASES

    manager = ComputerManager(rules)
    key = (state.inning, state.half)
    out = []
    for index in range(samples):
        if cancelled is not None and cancelled():
            raise Cancelled
        trial = _copy_for_rollout(state)
        rng = random.Random(f"{seed}:{index}")
        while trial.phase != "over" and (trial.inning, trial.half) == key:
            if trial.phase in CHANCE_PHASES:
                action = rules.sample_chance(trial, rng)
            else:
                action = manager.choose(trial, rules.legal_actions(trial))
            rules.apply(trial, action)
        out.append(trial)
    return out
