"""Win probability: an exact walk over the remaining half innings with each side's run odds."""

from __future__ import annotations

from functools import cache, lru_cache

from . import odds
from .box import Box
from .state import State

MAX_RUNS = 12          # runs in one half inning beyond this are counted as this many
TIE_INNINGS = 30       # extra innings looked at before a tie is split evenly


@lru_cache(maxsize=512)
def _half_runs(rolls: int, numbers: frozenset[int], first: int | None,
               then: frozenset[int]) -> tuple[float, ...]:
    dist = odds.run_distribution(max(1, min(21, rolls)), numbers, first, then)
    capped = list(dist[:MAX_RUNS]) + [sum(dist[MAX_RUNS:])]
    return tuple(capped)


def half_inning_runs(box: Box, pitcher, fatigue: int = 0, lift: int = 1) -> tuple[float, ...]:
    """Runs a side scores in a half inning against this pitcher: his Stuff, raised by `lift`
    boxes for what batters and cards usually add (rule 4.3, 5.5)."""
    rolls = pitcher.stuff_rolls + fatigue // 100
    number = max(1, min(12, pitcher.stuff_box + lift))
    scoring = box.scoring_boxes[number - 1]
    return _half_runs(rolls, scoring.numbers, scoring.first, scoring.then)


def _add(dist: dict[int, float], runs: tuple[float, ...], sign: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for diff, p in dist.items():
        for r, q in enumerate(runs):
            if q:
                key = diff + sign * r
                out[key] = out.get(key, 0.0) + p * q
    return out


def home_win_probability(state: State, lift: int = 1) -> float:
    """P(home wins) from this state, assuming each half inning to come scores like the
    pitcher now on the mound for the fielding side (exact for that model)."""
    if state.phase == "over":
        return 1.0 if state.winner == "home" else 0.0
    box = state.box
    home_p = state.home.current_pitcher() or next(iter(state.home.roster.pitchers.values()))
    away_p = state.away.current_pitcher() or next(iter(state.away.roster.pitchers.values()))
    away_bats = half_inning_runs(box, home_p, state.home.fatigue, lift)
    home_bats = half_inning_runs(box, away_p, state.away.fatigue, lift)
    diff = state.home.total - state.away.total       # home minus away
    dist = {diff: 1.0}
    inning = max(state.inning, 1)
    half = state.half if state.inning else "top"
    if state.inning and state.phase not in ("draw", "name", "deal", "exchange", "mound",
                                             "bat", "field", "starter", "lineup"):
        # The half in play: use its own markers and runs so far.
        atbat = state.atbat
        scoring = box.scoring_boxes[atbat.number - 1]
        numbers = state.scoring_numbers()
        rolls = atbat.rolls_left if state.phase in ("roll", "free-roll") else (
            atbat.rolls + atbat.bonus)
        now = odds.run_distribution(max(1, min(21, rolls)), numbers, scoring.first,
                                    scoring.then, atbat.hit_and_run) if rolls else (1.0,)
        runs_so_far = atbat.runs
        shifted: dict[int, float] = {}
        for r, q in enumerate(now):
            shifted[r + runs_so_far] = shifted.get(r + runs_so_far, 0.0) + q
        current = tuple(shifted.get(r, 0.0) for r in range(max(shifted) + 1))
        sign = -1 if half == "top" else 1
        dist = _add(dist, current, sign)
        half, inning = ("bottom", inning) if half == "top" else ("top", inning + 1)
        dist = _settle(dist, half, inning)
    win = 0.0
    innings_seen = 0
    while dist and innings_seen < TIE_INNINGS * 2:
        runs = away_bats if half == "top" else home_bats
        dist = _add(dist, runs, -1 if half == "top" else 1)
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
