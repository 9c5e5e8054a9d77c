"""Full-game simulation throughput as a ratio to a bare loop rolling the same 2d6 totals."""

from __future__ import annotations

import json
import random
import time

from companion.high_and_tight.box import load_box
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import simulate

GAMES = 60
TARGET_RATIO = 20.0


def bare_dice(count: int, seed: int = 1) -> float:
    """Seconds for `count` 2d6 totals from random.Random, the cheapest possible game."""
    rng = random.Random(seed)
    randint = rng.randint
    start = time.perf_counter()
    total = 0
    for _ in range(count):
        total += randint(1, 6) + randint(1, 6)
    return time.perf_counter() - start


def main(games: int = GAMES) -> dict:
    rules = HighAndTight(load_box())
    simulate(rules, 2, "warm-up")
    start = time.perf_counter()
    summary = simulate(rules, games, "bench")
    elapsed = time.perf_counter() - start
    dice = summary.dice_rolled
    baseline = min(bare_dice(dice) for _ in range(5))
    return {
        "games": games,
        "dice_rolled": dice,
        "ms_per_game": round(1000 * elapsed / games, 3),
        "baseline_ms_per_game": round(1000 * baseline / games, 4),
        "ratio": round(elapsed / baseline, 1),
        "target_ratio": TARGET_RATIO,
        "target_met": elapsed / baseline <= TARGET_RATIO,
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
