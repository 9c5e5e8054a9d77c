"""Win probability: time per figure, and how far it sits from games played on from the state.

The reference for a state is the share of home wins in GAMES games played on from it by the
computer managers (two processes), with its 95% half-width. The model's table for a setup is
learned once (timed apart, as the companion does it once per setup in a worker).
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

GAMES = 2000
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
        for action in session.actions:
            trial.push(action)
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
            model = winprob.home_win_probability(state)
            timings.append(time.perf_counter() - start)
            half = games // 2
            wins = sum(pool.map(_play_on, [(check, 0, half), (check, half, games - half)]))
            p = wins / games
            rows.append({"game": f"{check[0]} v {check[1]} #{check[2]}",
                         "at": f"{check[3][1]} {check[3][0]}", "model": round(model, 3),
                         "played_on": round(p, 3),
                         "played_on_95": round(1.96 * math.sqrt(p * (1 - p) / games), 3),
                         "difference_points": round(100 * (model - p), 1)})
    worst = max(abs(r["difference_points"]) for r in rows)
    return {"learn_table_s": round(learn_s, 2), "max_s": round(max(timings), 3),
            "mean_s": round(sum(timings) / len(timings), 3), "target_s": TARGET_S,
            "games_per_check": games, "worst_points": worst,
            "mean_abs_points": round(sum(abs(r["difference_points"]) for r in rows) / len(rows),
                                     1),
            "target_points": TARGET_POINTS, "checks": rows}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
