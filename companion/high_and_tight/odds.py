"""Exact run-scoring odds for one High & Tight at-bat (rules 4.6, 5.1.1 e, 5.7.2)."""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from functools import lru_cache

__all__ = [
    "MAX_ROLLS",
    "MIN_ROLLS",
    "MIN_TOTAL",
    "MAX_TOTAL",
    "HIT_AND_RUN_TOTAL",
    "TOTAL_PROBABILITY",
    "run_distribution",
    "runs_from",
    "p_at_least_one",
    "expected_runs",
    "summary",
    "score_rolls",
]

MIN_ROLLS = 1
MAX_ROLLS = 21
MIN_TOTAL = 2
MAX_TOTAL = 12
HIT_AND_RUN_TOTAL = 9  # rule 5.1.1 e: every roll of "9" takes one run back

_TOTALS = range(MIN_TOTAL, MAX_TOTAL + 1)
_WAYS = {t: 6 - abs(t - 7) for t in _TOTALS}  # of the 36 two-dice outcomes
# Exact 2d6 probability of each total: (6 - |t - 7|) / 36.
TOTAL_PROBABILITY: dict[int, float] = {t: w / 36 for t, w in _WAYS.items()}

_SCORE = 1  # op: score one run
_ERASE = -1  # op: hit and run removes one run, never below zero


def _as_int(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{what} must be an integer, got {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{what} must be an integer, got {value!r}") from None


def _check_total(value: object, what: str) -> int:
    total = _as_int(value, what)
    if not MIN_TOTAL <= total <= MAX_TOTAL:
        raise ValueError(
            f"{what} must be a two-dice total between {MIN_TOTAL} and {MAX_TOTAL}, got {total}"
        )
    return total


def _check_rolls(rolls: object) -> int:
    count = _as_int(rolls, "rolls")
    if not MIN_ROLLS <= count <= MAX_ROLLS:
        raise ValueError(f"rolls must be between {MIN_ROLLS} and {MAX_ROLLS}, got {count}")
    return count


def _check_totals(values: Iterable[object], what: str) -> frozenset[int]:
    return frozenset(_check_total(v, f"{what} entry") for v in values)


def _apply(ops: Sequence[int], runs: int) -> int:
    for op in ops:
        runs = runs + 1 if op == _SCORE else max(runs - 1, 0)
    return runs


def _roll_ops(total: int, scoring: frozenset[int], hit_and_run: bool) -> tuple[int, ...]:
    """Ops for one total: a run if it scores, then the hit-and-run erase if it is a 9."""
    ops: tuple[int, ...] = (_SCORE,) if total in scoring else ()
    if hit_and_run and total == HIT_AND_RUN_TOTAL:
        ops += (_ERASE,)
    return ops


def _roll_effects(
    numbers: frozenset[int], first: int | None, then: frozenset[int], hit_and_run: bool
) -> dict[tuple[int, ...], float]:
    """Probability of each sequence of ops produced by one regular roll (free roll included)."""
    counts: dict[tuple[int, ...], int] = {}  # exact, out of 36 * 36 regular + free outcomes
    for t in _TOTALS:
        ops = _roll_ops(t, numbers, hit_and_run)
        if first is not None and t == first and t not in numbers:
            # Rule 4.6.2 box I: a free extra roll, scoring on a `then` total, and (4.6.3)
            # on any additional scoring number, as every roll of the at-bat does.
            for f in _TOTALS:
                key = ops + _roll_ops(f, then | numbers, hit_and_run)
                counts[key] = counts.get(key, 0) + _WAYS[t] * _WAYS[f]
        else:
            counts[ops] = counts.get(ops, 0) + _WAYS[t] * 36
    return {ops: n / 1296 for ops, n in counts.items() if n}


@lru_cache(maxsize=2048)
def _distribution(
    rolls: int,
    numbers: frozenset[int],
    first: int | None,
    then: frozenset[int],
    hit_and_run: bool,
) -> tuple[float, ...]:
    effects = _roll_effects(numbers, first, then, hit_and_run)
    # With at least len(ops) runs banked the zero floor cannot bite, so a roll just shifts
    # the run count by its net; only the few states below `floor_zone` need exact moves.
    floor_zone = max(map(len, effects))
    shift = {1: 0.0, 0: 0.0, -1: 0.0, -2: 0.0}  # a roll moves runs by -len(ops)..+1
    low: dict[tuple[int, int], float] = {}
    for ops, p in effects.items():
        shift[sum(ops)] += p
        for r in range(floor_zone):
            key = (r, _apply(ops, r))
            low[key] = low.get(key, 0.0) + p
    up, stay, down, down2 = shift[1], shift[0], shift[-1], shift[-2]
    low_moves = tuple((r, dest, p) for (r, dest), p in sorted(low.items()))
    zeros = [0.0] * floor_zone

    dist = [1.0]
    for _ in range(rolls):
        # pad = [0] + dist with states below floor_zone zeroed + [0, 0, 0], so new[j] pulls
        # the shifted mass from dist[j-1..j+2]; the low states are moved exactly below.
        pad = [0.0, *zeros[: len(dist)], *dist[floor_zone:], 0.0, 0.0, 0.0]
        new = [
            up * a + stay * b + down * c + down2 * d
            for a, b, c, d in zip(pad, pad[1:], pad[2:], pad[3:], strict=False)
        ]
        for r, dest, p in low_moves:
            if r >= len(dist):
                break
            new[dest] += dist[r] * p
        dist = new
    return tuple(p if p < 1.0 else 1.0 for p in dist)  # rounding never lifts a p above 1


def run_distribution(
    rolls: int,
    numbers: Iterable[int],
    first: int | None = None,
    then: Iterable[int] = (),
    hit_and_run: bool = False,
) -> tuple[float, ...]:
    """P(exactly k runs) for k = 0..rolls for one at-bat.

    ``numbers`` are the box's scoring numbers plus any extras (rule 4.6.3, e.g. the
    Rally Caps "10" of rule 5.7.2). ``first``/``then`` describe box I (rule 4.6.2):
    a roll of ``first`` that is not itself a scoring number earns a free roll that
    scores only on a ``then`` total. ``hit_and_run`` applies rule 5.1.1 e: every
    total of 9, regular or free, removes one run scored so far (never below zero).
    """
    count = _check_rolls(rolls)
    nums = _check_totals(numbers, "numbers")
    box_then = _check_totals(then, "then")
    if first is None:
        box_first = None
        box_then = frozenset()  # no free roll can happen, so `then` is irrelevant
    else:
        box_first = _check_total(first, "first")
    return _distribution(count, nums, box_first, box_then, bool(hit_and_run))


def runs_from(
    rolls: int,
    numbers: Iterable[int],
    first: int | None = None,
    then: Iterable[int] = (),
    hit_and_run: bool = False,
    banked: int = 0,
    free_roll: bool = False,
) -> tuple[float, ...]:
    """P(the at-bat ends with exactly k runs), k = 0.., part-way through its rolls: `banked`
    runs already scored, `rolls` regular rolls left (0 allowed) and, with `free_roll`, box
    I's free roll owed first (rule 4.6.2). With Hit and Run a 9 to come may take back a run
    already banked (rule 5.1.1 e), so the banked runs are not simply added on."""
    count = _as_int(rolls, "rolls")
    if not 0 <= count <= MAX_ROLLS:
        raise ValueError(f"rolls must be between 0 and {MAX_ROLLS}, got {count}")
    start = _as_int(banked, "banked")
    if start < 0:
        raise ValueError(f"banked runs must be 0 or more, got {start}")
    nums = _check_totals(numbers, "numbers")
    box_first = None if first is None else _check_total(first, "first")
    box_then = _check_totals(then, "then") if box_first is not None else frozenset()
    if start == 0 and not free_roll and count:
        return _distribution(count, nums, box_first, box_then, bool(hit_and_run))
    return _runs_from(count, nums, box_first, box_then, bool(hit_and_run), start,
                      bool(free_roll))


@lru_cache(maxsize=1024)
def _runs_from(rolls: int, numbers: frozenset[int], first: int | None, then: frozenset[int],
               hit_and_run: bool, banked: int, free_roll: bool) -> tuple[float, ...]:
    dist = {banked: 1.0}
    steps: list[dict[tuple[int, ...], float]] = []
    if free_roll:
        free: dict[tuple[int, ...], float] = {}
        for t in _TOTALS:
            ops = _roll_ops(t, then | numbers, hit_and_run)     # as in _roll_effects
            free[ops] = free.get(ops, 0.0) + TOTAL_PROBABILITY[t]
        steps.append(free)
    steps.extend([_roll_effects(numbers, first, then, hit_and_run)] * rolls)
    for effects in steps:
        new: dict[int, float] = {}
        for runs, p in dist.items():
            for ops, q in effects.items():
                end = _apply(ops, runs)
                new[end] = new.get(end, 0.0) + p * q
        dist = new
    return tuple(dist.get(k, 0.0) for k in range(max(dist) + 1))


run_distribution.cache_clear = _distribution.cache_clear  # type: ignore[attr-defined]
run_distribution.cache_info = _distribution.cache_info  # type: ignore[attr-defined]


def p_at_least_one(dist: Iterable[float]) -> float:
    """Probability of scoring at least one run."""
    probs = tuple(dist)
    return min(1.0, max(0.0, math.fsum(probs[1:])))


def expected_runs(dist: Iterable[float]) -> float:
    """Expected number of runs."""
    return math.fsum(k * p for k, p in enumerate(dist))


def summary(dist: Iterable[float]) -> dict:
    """Distribution, chance of at least one run and expected runs, JSON-ready."""
    probs = tuple(dist)
    return {
        "distribution": list(probs),
        "p_at_least_one": p_at_least_one(probs),
        "expected_runs": expected_runs(probs),
    }


def score_rolls(
    totals: Iterable[int],
    numbers: Iterable[int],
    first: int | None = None,
    then: Iterable[int] = (),
    hit_and_run: bool = False,
) -> int:
    """Runs scored by a concrete sequence of totals (free rolls inline after their trigger)."""
    nums = _check_totals(numbers, "numbers")
    box_first = None if first is None else _check_total(first, "first")
    box_then = _check_totals(then, "then")
    runs = 0
    free_pending = False
    for value in totals:
        t = _check_total(value, "roll total")
        if free_pending:
            free_pending = False
            runs = _apply(_roll_ops(t, box_then | nums, hit_and_run), runs)
            continue
        runs = _apply(_roll_ops(t, nums, hit_and_run), runs)
        if box_first is not None and t == box_first and t not in nums:
            free_pending = True
    if free_pending:
        raise ValueError("sequence ends before the free roll earned by the last roll")
    return runs
