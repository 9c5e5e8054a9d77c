"""Benchmark the uncached run-distribution DP against a bare 11-float-sum baseline."""

from __future__ import annotations

import gc
import json
import statistics
import time

from companion.high_and_tight.box import load_box
from companion.high_and_tight.odds import TOTAL_PROBABILITY, run_distribution

# The twelve Scoring Number boxes of the bundled demo box.
BOXES: dict[str, dict] = {
    b.label: {"numbers": tuple(sorted(b.numbers)), "first": b.first,
              "then": tuple(sorted(b.then))}
    for b in load_box().scoring_boxes
}
ROLLS = range(1, 21)
REPEATS = 7
TARGET_US = 1000.0
CACHED_CALLS = 1000


def _time_configs(repeats: int) -> tuple[list[float], dict]:
    """Per-call microseconds of every (box, rolls, hit and run) call, cache cleared first."""
    samples: list[float] = []
    worst = {"us": -1.0}
    clock = time.perf_counter
    for box, kwargs in BOXES.items():
        for rolls in ROLLS:
            for hit_and_run in (False, True):
                times = []
                for _ in range(repeats):
                    run_distribution.cache_clear()
                    start = clock()
                    run_distribution(rolls, hit_and_run=hit_and_run, **kwargs)
                    times.append((clock() - start) * 1e6)
                samples.extend(times)
                typical = min(times)  # best of the repeats: the cost without scheduler noise
                if typical > worst["us"]:
                    worst = {"us": typical, "box": box, "rolls": rolls, "hit_and_run": hit_and_run}
    return samples, worst


def _time_baseline(count: int) -> float:
    """Microseconds per 11-element float sum, over `count` sums in a bare loop."""
    probs = tuple(TOTAL_PROBABILITY[t] for t in range(2, 13))
    start = time.perf_counter()
    for _ in range(count):
        sum(p for p in probs)
    return (time.perf_counter() - start) * 1e6 / count


def main() -> dict:
    """Time every box x rolls 1..20 x hit and run, uncached, and compare with the baseline."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        samples, worst = _time_configs(REPEATS)
        baseline_us = _time_baseline(len(samples))
        run_distribution.cache_clear()
        run_distribution(20, hit_and_run=True, **BOXES["I"])
        start = time.perf_counter()
        for _ in range(CACHED_CALLS):
            run_distribution(20, hit_and_run=True, **BOXES["I"])
        cached_us = (time.perf_counter() - start) * 1e6 / CACHED_CALLS
    finally:
        if gc_was_enabled:
            gc.enable()
    mean_us = statistics.fmean(samples)
    return {
        "configs": len(BOXES) * len(ROLLS) * 2,
        "calls": len(samples),
        "worst_us": round(worst["us"], 2),
        "worst_config": {k: v for k, v in worst.items() if k != "us"},
        "worst_single_call_us": round(max(samples), 2),
        "mean_us": round(mean_us, 2),
        "cached_call_us": round(cached_us, 2),
        "baseline_sum11_us": round(baseline_us, 3),
        "ratio_mean_to_baseline": round(mean_us / baseline_us, 1),
        "ratio_worst_to_baseline": round(worst["us"] / baseline_us, 1),
        "target_us": TARGET_US,
        "worst_under_target": worst["us"] < TARGET_US,
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
