"""Win probability: exact for its model, bounded, and moving the way the score does."""

import pytest

from companion.engine.session import Session
from companion.high_and_tight.simulate import simulate_game
from companion.high_and_tight.winprob import home_win_probability, series_win_probability


def test_finished_game_is_certain(rules):
    """Rule 4.8: once the game is over the winner's probability is 1."""
    session = simulate_game(rules, "new-york", "texas", "wp", 1)
    p = home_win_probability(session.state)
    assert p == (1.0 if session.state.winner == "home" else 0.0)


def test_probability_follows_the_game(rules):
    """Every state of a played game gives a probability in [0, 1], ending at the result."""
    played = simulate_game(rules, "california", "philadelphia", "wp", 2)
    replay = Session(rules, played.header)
    values = []
    for action in played.actions:
        replay.push(action)
        p = home_win_probability(replay.state)
        assert 0.0 <= p <= 1.0
        values.append(p)
    assert values[-1] in (0.0, 1.0)
    # Late in the game the leader is the favourite.
    state = replay.state
    assert (values[-1] == 1.0) == (state.winner == "home")


def test_a_lead_helps_the_leader(rules):
    """A run more for the home side never lowers its chance."""
    session = simulate_game(rules, "new-york", "texas", "wp", 3)
    replay = Session(rules, session.header)
    for action in session.actions:
        replay.push(action)
        if replay.state.inning == 5 and replay.state.phase == "cards":
            break
    state = replay.state
    before = home_win_probability(state)
    state.home.runs[-1 if state.home.runs else 0:] = [
        (state.home.runs[-1] if state.home.runs else 0) + 2]
    assert home_win_probability(state) > before


@pytest.mark.parametrize("p, wins, needed, expected", [
    (0.5, {"team1": 0, "team2": 0}, 4, 0.5),
    (0.6, {"team1": 0, "team2": 0}, 1, 0.6),
    (0.5, {"team1": 3, "team2": 0}, 4, 1 - 0.5 ** 4),
    (0.7, {"team1": 4, "team2": 2}, 4, 1.0),
])
def test_series_probability(p, wins, needed, expected):
    """Rule 7.0: the first to the needed wins takes the series."""
    assert series_win_probability(p, wins, needed) == pytest.approx(expected)
