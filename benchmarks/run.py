"""Run every benchmark and print its figures (`make bench`)."""

from __future__ import annotations

import json

from . import bench_odds, bench_print, bench_simulate, bench_store, bench_tui, bench_winprob


def main() -> None:
    figures = {"simulate": bench_simulate.main(), "odds": bench_odds.main(),
               "store": bench_store.main(), "winprob": bench_winprob.main(games=400),
               "tui": bench_tui.main(), "print": bench_print.main()}
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
