"""Win probability: bounded, certain at the end, moving the way the score does, and close to
games played on from the same state."""

import pytest

from companion.engine.session import Session
from companion.high_and_tight import winprob
from companion.high_and_tight.manager import ComputerManager
from companion.high_and_tight.simulate import game_rng, play_out, simulate_game
from companion.high_and_tight.winprob import home_win_probability, series_win_probability

LEARN = 40   # games to learn a table in tests (the companion plays winprob.LEARN_GAMES)


@pytest.fixture(scope="module")
def tables(rules):
    learned = {}

    def table(header):
        key = winprob.setup_key(header)
        if key not in learned:
            learned[key] = winprob.learn(rules, header, LEARN)
        return learned[key]
    return table


def replay_until(rules, played, stop):
    replay = Session(rules, played.header)
    for action in played.actions:
        replay.push(action)
        if stop(replay.state):
            break
    return replay


def test_finished_game_is_certain(rules):
    """Rule 4.8: once the game is over the winner's probability is 1."""
    session = simulate_game(rules, "new-york", "texas", "wp", 1)
    p = home_win_probability(session.state)
    assert p == (1.0 if session.state.winner == "home" else 0.0)


def test_learned_table_is_a_distribution_per_half(rules, tables):
    """Each half inning's learned run odds sum to one; the home side's extra innings too."""
    table = tables({"Home": "new-york", "Away": "texas"})
    for batting in ("away", "home"):
        for inning in range(1, 13):
            runs = table.half(batting, inning)
            assert sum(runs) == pytest.approx(1.0)
            assert all(p >= 0 for p in runs)


def test_probability_follows_the_game(rules, tables):
    """Every state of a played game gives a probability in [0, 1], ending at the result."""
    played = simulate_game(rules, "california", "philadelphia", "wp", 2)
    table = tables(played.header)
    replay = Session(rules, played.header)
    values = []
    for action in played.actions:
        replay.push(action)
        p = home_win_probability(replay.state, samples=0, table=table)
        assert 0.0 <= p <= 1.0
        values.append(p)
    assert values[-1] == (1.0 if replay.state.winner == "home" else 0.0)


def test_a_lead_helps_the_leader(rules, tables):
    """A run more for the home side never lowers its chance."""
    played = simulate_game(rules, "new-york", "texas", "wp", 3)
    table = tables(played.header)
    state = replay_until(rules, played,
                         lambda s: s.inning == 5 and s.phase == "cards").state
    before = home_win_probability(state, samples=0, table=table)
    state.home.runs[-1 if state.home.runs else 0:] = [
        (state.home.runs[-1] if state.home.runs else 0) + 2]
    assert home_win_probability(state, samples=0, table=table) > before


def test_rolling_half_is_exact(rules, tables):
    """Rule 4.6: with the dice rolling, the half inning's runs come from its markers alone, so
    the figure is the same whatever the samples asked for."""
    played = simulate_game(rules, "new-york", "texas", "wp", 4)
    table = tables(played.header)
    state = replay_until(rules, played, lambda s: s.inning == 3 and s.phase == "roll").state
    assert home_win_probability(state, samples=50, table=table) == \
        home_win_probability(state, samples=0, table=table)


def test_play_out_of_the_half_leaves_the_game_untouched(rules, tables):
    """The half inning is played out on copies: the game's own state does not move."""
    played = simulate_game(rules, "new-york", "texas", "wp", 5)
    table = tables(played.header)
    state = replay_until(rules, played, lambda s: s.inning == 2 and s.phase == "cards").state
    before = (state.summary(), len(state.log), dict(state.home.hand), state.dice_rolled)
    first = home_win_probability(state, samples=30, table=table)
    assert (state.summary(), len(state.log), dict(state.home.hand), state.dice_rolled) == before
    assert home_win_probability(state, samples=30, table=table) == first   # seeded by state


def test_close_to_games_played_on(rules, tables):
    """The figure sits near the share of home wins in games played on from the same state
    (the benchmark measures it closely; this guards against a broken model)."""
    played = simulate_game(rules, "philadelphia", "california", "wp", 6)
    table = tables(played.header)
    session = replay_until(rules, played, lambda s: s.inning == 6 and s.phase == "cards")
    model = home_win_probability(session.state, samples=60, table=table)
    manager = ComputerManager(rules)
    games, wins = 150, 0
    for index in range(games):
        trial = Session(rules, session.header)
        for action in session.actions:
            trial.push(action)
        play_out(rules, trial, game_rng("wp-check", index), {"home": manager, "away": manager})
        wins += trial.state.winner == "home"
    assert abs(model - wins / games) < 0.15     # 150 games: about 8 points of noise at 95%


@pytest.mark.parametrize("p, wins, needed, expected", [
    (0.5, {"team1": 0, "team2": 0}, 4, 0.5),
    (0.6, {"team1": 0, "team2": 0}, 1, 0.6),
    (0.5, {"team1": 3, "team2": 0}, 4, 1 - 0.5 ** 4),
    (0.7, {"team1": 4, "team2": 2}, 4, 1.0),
])
def test_series_probability(p, wins, needed, expected):
    """Rule 7.0: the first to the needed wins takes the series."""
    assert series_win_probability(p, wins, needed) == pytest.approx(expected)


def test_home_ahead_while_the_top_of_the_ninth_rolls(rules, tables):
    """Rule 4.8: the home side ahead after the top of the 9th wins without batting, so while
    the away side rolls its last dice, a home lead keeps the home side the favourite."""
    played = simulate_game(rules, "new-york", "texas", "wp", 7)
    table = tables(played.header)
    state = replay_until(rules, played, lambda s: s.inning == 9 and s.phase == "roll").state
    state.home.runs[:] = [0] * (len(state.home.runs) - 1) + [5]
    state.away.runs[:] = [0] * len(state.away.runs)
    assert state.half == "top" and state.home.total - state.away.total == 5
    assert home_win_probability(state, samples=0, table=table) > 0.9


def test_learning_stops_when_cancelled(rules):
    """A figure nobody wants any more stops its learning and keeps no half-learned table."""
    header = {"Home": "texas", "Away": "california", "Rules": "rest"}
    calls = []

    def cancelled():
        calls.append(1)
        return len(calls) > 3
    with pytest.raises(winprob.Cancelled):
        winprob.learn(rules, header, 50, cancelled=cancelled)
    assert len(calls) == 4
    session = Session(rules, {"Game": "High & Tight", **header, "Cards": "digital"})
    with pytest.raises(winprob.Cancelled):
        winprob.table_for(session.state, cancelled=lambda: True)
    assert not any(key[1] == winprob.setup_key(session.state.header) for key in winprob._tables)
