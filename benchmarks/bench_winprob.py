"""Win probability: time per figure, and how far the model sits from whole simulated games."""

from __future__ import annotations

import copy
import json
import math
import time

from companion.engine.session import Session
from companion.high_and_tight.box import load_box
from companion.high_and_tight.manager import ComputerManager
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import game_rng, play_out, simulate_game
from companion.high_and_tight.winprob import home_win_probability

GAMES = 300
TARGET_S = 1.0


def monte_carlo(rules: HighAndTight, session: Session, games: int) -> tuple[float, float]:
    """P(home wins) by playing the game on from here `games` times; and the 95% half-width."""
    manager = ComputerManager(rules)
    wins = 0
    for index in range(games):
        trial = Session(rules, session.header)
        trial.state = copy.deepcopy(session.state)
        trial.actions = list(session.actions)
        play_out(rules, trial, game_rng("winprob", index), {"home": manager, "away": manager})
        wins += trial.state.winner == "home"
    p = wins / games
    return p, 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / games)


def main(games: int = GAMES) -> dict:
    rules = HighAndTight(load_box())
    played = simulate_game(rules, "new-york", "texas", "bench", 0)
    replay = Session(rules, played.header)
    timings, checkpoints = [], {}
    for action in played.actions:
        replay.push(action)
        start = time.perf_counter()
        home_win_probability(replay.state)
        timings.append(time.perf_counter() - start)
        state = replay.state
        key = (state.inning, state.half)
        if state.phase == "cards" and key in ((1, "top"), (5, "top"), (8, "bottom")) \
                and key not in checkpoints:
            checkpoints[key] = copy.deepcopy(replay)
    comparisons = []
    for (inning, half), session in checkpoints.items():
        model = home_win_probability(session.state)
        simulated, half_width = monte_carlo(rules, session, games)
        comparisons.append({"inning": inning, "half": half, "model": round(model, 3),
                            "simulated": round(simulated, 3),
                            "simulated_95": round(half_width, 3),
                            "difference": round(model - simulated, 3)})
    return {"calls": len(timings), "mean_ms": round(1000 * sum(timings) / len(timings), 3),
            "max_ms": round(1000 * max(timings), 3), "target_s": TARGET_S,
            "games_per_check": games, "checks": comparisons}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
