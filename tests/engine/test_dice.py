"""Dice faces as players type them at the table (rule 4.6: two dice, each 1 to 6)."""

import pytest

from companion.engine.dice import parse_pair, parse_rolls
from companion.engine.errors import ParseError


@pytest.mark.parametrize("typed, faces", [("3 4", (3, 4)), ("3,4", (3, 4)), ("34", (3, 4)),
                                          (" 6  1 ", (6, 1)), ("6, 6", (6, 6)),
                                          ("4-4", (4, 4))])
def test_two_faces_typed_any_usual_way(typed, faces):
    assert parse_pair(typed) == faces


@pytest.mark.parametrize("typed, said", [
    ("9", "type two faces 1 to 6 (3 4, 3-4 or 34; several rolls: 34 61)"),
    ("-4 3", "die face -4 is outside the accepted range 1..6"),   # a dash only between
    ("3 4 5", "3 faces typed, an odd count: type two faces 1 to 6"),
    ("3 4 5 6 1", "5 faces typed, an odd count: type two faces"),
    ("37", "die face 7 is outside the accepted range 1..6"),
    ("3 x", "die face 'x' is not a number; accepted range 1..6"),
    ("", "type two faces"),
    # Python's int() reads these; no die shows them and no record writes them
    ("\uff14 3", "die face '\uff14' is not a number; accepted range 1..6"),
    ("+4 3", "die face '+4' is not a number"),
    ("4_0 3", "die face '4_0' is not a number"),
    ("3 " + "x" * 100, "die face '" + "x" * 37 + "...' is not a number"),
    ("3 " + "9" * 100, "die face " + "9" * 37 + "... is outside the accepted range 1..6"),
    ("3 " + "4" * 6000, "die face " + "4" * 37 + "... is outside"),    # past int()'s digits
])
def test_anything_else_is_refused_with_the_accepted_range(typed, said):
    with pytest.raises(ParseError) as info:
        parse_pair(typed)
    assert said in str(info.value)


@pytest.mark.parametrize("typed, rolls", [
    ("34", [(3, 4)]), ("3 4", [(3, 4)]), ("3,4", [(3, 4)]),
    ("34 61 25", [(3, 4), (6, 1), (2, 5)]), ("3 4 6 1", [(3, 4), (6, 1)]),
    ("34,61", [(3, 4), (6, 1)]), ("3-4 6-1", [(3, 4), (6, 1)]),
])
def test_the_rolls_of_an_at_bat_typed_in_one_line(typed, rolls):
    """Rule 4.6: an at-bat's Scoring Rolls as a player reads them off the table, a pair of
    digits a roll or the faces in twos; one pair is one roll as before."""
    assert parse_rolls(typed) == rolls


@pytest.mark.parametrize(("typed", "said"), [
    ("3 4 6", "type two faces"), ("34 71", "die face 7 is outside the accepted range 1..6"),
    ("10 4", "die face 10 is outside the accepted range 1..6"),     # a face, not a roll
    # a roll as two digits among single faces: the mix is named, not '34' as a face
    ("34 6", "'34 6' mixes a roll typed as two digits with single faces: type each roll "
             "as two digits (34 61) or every face on its own, in twos (3 4 6 1)"),
])
def test_rolls_that_do_not_pair_up_are_refused(typed, said):
    with pytest.raises(ParseError) as info:
        parse_rolls(typed)
    assert said in str(info.value)
