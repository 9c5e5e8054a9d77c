"""Random legal play through whole games never breaks an invariant (rules 3.0-6.3)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.session import Session, replay
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.state import State

TEAMS = ["new-york", "philadelphia", "california", "texas"]


def check_invariants(rules: HighAndTight, state: State) -> None:
    box = rules.box
    atbat = state.atbat
    # Rules 5.5.1 and 5.5.2: markers stay on their tracks.
    assert 1 <= atbat.rolls <= box.rolls_max
    assert 1 <= atbat.number <= 12
    # Rule 4.6.4 and 5.1.1 e: runs are never negative.
    assert atbat.runs >= 0
    for side in (state.home, state.away):
        assert all(r >= 0 for r in side.runs)
        # Rule 4.2.1: a removed pitcher never comes back.
        assert side.pitcher not in side.pitchers_removed
        assert len(set(side.pitchers_removed)) == len(side.pitchers_removed)
        # Rule 4.7: before extra innings no ballplayer is used twice.
        if state.inning <= 9:
            assert len(set(side.used)) == len(side.used)
            assert not set(side.used) & set(side.available)
        assert side.rally_left >= 0
    # Rules 5.3, 5.6.1, 5.7.2: at most one counted card per side, plus one per Rally Caps use.
    for name in ("home", "away"):
        counted = sum(1 for who, card in atbat.played
                      if who == name and not box.card(card).is_free)
        extra = box.rally_caps - state.side(name).rally_left
        assert counted <= 1 + extra
    # Every card is somewhere: pile/unseen, discard or a hand.
    for deck_name, deck in state.decks.items():
        total = sum(c.copies for c in box.cards.values() if c.side == deck_name)
        in_hands = sum(n for side in (state.home, state.away)
                       for key, n in side.hand.items() if box.cards[key].side == deck_name)
        assert sum(deck.unseen.values()) + in_hands + len(deck.discard) == total
        hidden = state.home.hidden[deck_name] + state.away.hidden[deck_name]
        assert sum(deck.unseen.values()) == deck.pile + hidden


def random_game(rules: HighAndTight, seed: int, cards: str) -> Session:
    rng = random.Random(seed)
    home, away = rng.sample(TEAMS, 2)
    session = Session(rules, {"Home": home, "Away": away, "Cards": cards})
    steps = 0
    while not rules.is_over(session.state):
        state = session.state
        if rules.awaiting(state).kind == "chance":
            action = rules.sample_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            assert legal, state.summary()
            action = rng.choice(legal)
        session.push(action)
        check_invariants(rules, session.state)
        steps += 1
        assert steps < 20000
    return session


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), cards=st.sampled_from(["digital", "physical"]))
def test_random_legal_games_keep_invariants(rules, seed, cards):
    """Rules 3.0-6.3: whole random games stay legal and end with a winner (rule 4.8)."""
    session = random_game(rules, seed, cards)
    state = session.state
    assert state.winner in ("home", "away")
    assert state.home.total != state.away.total
    assert (state.winner == "home") == (state.home.total > state.away.total)
    # The record replays to the same final state.
    assert replay(rules, session.text()).state.summary() == state.summary()
