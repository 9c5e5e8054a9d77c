"""Win probability: time per figure, its 95% half-width, and whether games played on agree.

The figure gives its own 95% half-width (target: 2 points). The reference for a state is the
share of home wins in GAMES games played on from it by the computer managers (two processes),
an independent estimate with its own 95% half-width. Each check reports the gap in standard
errors of the two together (z, the reference's error taken at the figure); over the eight
checks the sum of z squared is a chi-square with 8 degrees of freedom, under 15.51 at 95%
when the figure is unbiased. The model's table for a setup is learned once (timed apart, as
the companion does it once per setup in a worker).
"""

from __future__ import annotations

import json
import math
import time
from concurrent.futures import ProcessPoolExecutor

from companion.engine.session import Session
from companion.high_and_tight import winprob
from companion.high_and_tight.box import load_box
from companion.high_and_tight.manager import ComputerManager
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import game_rng, play_out, simulate_game

GAMES = 4000
CHI_SQUARE_95 = 15.51     # chi-square, 8 degrees of freedom, 95th percentile
TARGET_S = 1.0
TARGET_POINTS = 2.0
# (home, away, game number, (inning, half)): the Strategy Card phase of that half.
CHECKS = [("new-york", "texas", 0, (1, "top")), ("new-york", "texas", 0, (5, "top")),
          ("new-york", "texas", 0, (8, "bottom")), ("california", "philadelphia", 1, (3, "bottom")),
          ("california", "philadelphia", 1, (7, "top")), ("texas", "california", 2, (2, "top")),
          ("texas", "california", 2, (6, "bottom")), ("philadelphia", "new-york", 3, (4, "top"))]

_rules = HighAndTight(load_box())


def checkpoint(home: str, away: str, game: int, key: tuple[int, str]) -> Session:
    played = simulate_game(_rules, home, away, "bench", game)
    replay = Session(_rules, played.header)
    for action in played.actions:
        replay.push(action)
        state = replay.state
        if (state.inning, state.half) == key and state.phase == "cards":
            return replay
    raise ValueError(f"game {game} never reaches the cards of {key}")


def _play_on(args) -> int:
    check, start, count = args
    session = checkpoint(*check)
    manager = ComputerManager(_rules)
    wins = 0
    for index in range(start, start + count):
        trial = Session(_rules, session.header)
        trial.state = session.state.clone(log=False)
        play_out(_rules, trial, game_rng("winprob-reference", index),
                 {"home": manager, "away": manager})
        wins += trial.state.winner == "home"
    return wins


def main(games: int = GAMES) -> dict:
    start = time.perf_counter()
    winprob.table_for(checkpoint(*CHECKS[0]).state)
    learn_s = time.perf_counter() - start
    rows, timings = [], []
    with ProcessPoolExecutor(2) as pool:
        for check in CHECKS:
            state = checkpoint(*check).state
            winprob.table_for(state)
            start = time.perf_counter()
            figure = winprob.estimate(state)
            timings.append(time.perf_counter() - start)
            half = games // 2
            wins = sum(pool.map(_play_on, [(check, 0, half), (check, half, games - half)]))
            p = wins / games
            played_95 = 1.96 * math.sqrt(p * (1 - p) / games)
            # The gap in standard errors, the reference's taken at the figure (a score test:
            # under "the figure is right" the played-on share spreads by the figure's odds,
            # which stays sound for small shares where p(1-p)/n from the sample does not).
            z = (figure.p - p) / math.hypot(figure.half_width / 1.96,
                                            math.sqrt(figure.p * (1 - figure.p) / games))
            rows.append({"game": f"{check[0]} v {check[1]} #{check[2]}",
                         "at": f"{check[3][1]} {check[3][0]}", "figure": round(figure.p, 3),
                         "figure_95_points": round(100 * figure.half_width, 1),
                         "plays": figure.plays, "played_on": round(p, 3),
                         "played_on_95_points": round(100 * played_95, 1),
                         "difference_points": round(100 * (figure.p - p), 1), "z": round(z, 2)})
    widest = max(r["figure_95_points"] for r in rows)
    chi_square = sum(r["z"] ** 2 for r in rows)
    return {"learn_table_s": round(learn_s, 2), "max_s": round(max(timings), 3),
            "mean_s": round(sum(timings) / len(timings), 3), "target_s": TARGET_S,
            "widest_95_points": widest, "target_points": TARGET_POINTS,
            "games_per_check": games,
            "mean_abs_difference_points": round(
                sum(abs(r["difference_points"]) for r in rows) / len(rows), 1),
            "chi_square": round(chi_square, 1), "chi_square_95": CHI_SQUARE_95,
            "target_met": (max(timings) < TARGET_S and widest <= TARGET_POINTS
                           and chi_square < CHI_SQUARE_95),
            "checks": rows}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
