"""The box score of a game, replayed from its actions."""

from companion.high_and_tight.boxscore import box_score
from companion.high_and_tight.simulate import simulate_game


def test_rally_caps_are_listed_with_the_cards_of_their_half(rules):
    """Rule 5.7.2: a Rally Caps use shows in its half inning beside the cards played."""
    for game in range(40):
        session = simulate_game(rules, "new-york", "texas", "rally", game)
        rallies = [a for a in session.actions if a.kind == "rally"]
        if rallies:
            break
    else:
        raise AssertionError("no game of the sample used Rally Caps")
    score = box_score(rules, session)
    listed = [entry for half in score.halves for entry in half.cards if "Rally Caps" in entry]
    expected = [f"{a.side}: Rally Caps ({'10s score' if a.args[0] == 'tens' else 'one more card'})"
                for a in rallies]
    assert listed == expected
    plays = sum(1 for a in session.actions if a.kind == "play")
    assert sum(len(half.cards) for half in score.halves) == plays + len(rallies)
