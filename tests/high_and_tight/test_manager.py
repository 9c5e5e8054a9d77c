"""The computer manager plays a sensible game: legal, better than chance, odds-driven."""

import random

from companion.engine.session import Session
from companion.high_and_tight.manager import ComputerManager, at_bat_odds
from companion.high_and_tight.simulate import game_rng, play_out

from .util import new_game, play


class RandomManager:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, state, legal):
        return self.rng.choice(legal)


def test_manager_beats_random_play(rules):
    """Rules 4.5, 5.3-5.7: exact odds and ratings beat random legal choices."""
    smart = ComputerManager(rules)
    wins = 0
    games = 40
    for game in range(games):
        smart_side = "home" if game % 2 else "away"
        other = "away" if smart_side == "home" else "home"
        session = Session(rules, {"Home": "texas", "Away": "new-york"}
                          if game % 4 < 2 else {"Home": "new-york", "Away": "texas"})
        play_out(rules, session, game_rng("versus", game),
                 {smart_side: smart, other: RandomManager(game)})
        wins += session.state.winner == smart_side
    assert wins >= 26, wins


def test_managerial_move_uses_exact_odds(rules):
    """Rule 4.5: one run needed late: the move with the best P(at least one run)."""
    manager = ComputerManager(rules)
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes\nhome passes")
    state = session.state
    legal = rules.legal_actions(state)
    choice = manager.choose(state, legal)
    best = None
    for action in legal:
        trial = Session(rules, session.header)
        for earlier in session.actions:
            trial.push(earlier)
        trial.push(action)
        value = at_bat_odds(trial.state)[0]
        if best is None or value > best[0]:
            best = (value, action)
    # Early in the game it plays for runs: the highest expected runs.
    assert choice == best[1]


def test_manager_plays_only_legal_actions_in_physical_mode(rules):
    """Rule 5.4: whatever the mode, the manager picks from the legal actions."""
    manager = ComputerManager(rules)
    session = Session(rules, {"Home": "california", "Away": "philadelphia",
                              "Cards": "physical"})
    play_out(rules, session, game_rng("physical", 0), {"home": manager, "away": manager})
    assert session.state.winner in ("home", "away")
