"""The canonical action text and game records: round trips, names, replay, undo and redo.

A record is a header plus one action a line (SPEC 7); every rule test drives the engine
through these lines, so they must read back to exactly the same actions and states.
"""

import pytest

from companion.engine.errors import (
    CompanionError,
    IllegalAction,
    ParseError,
    RecordError,
)
from companion.engine.session import Session, replay
from companion.high_and_tight import actions as act
from companion.high_and_tight.box import STRATEGIES, load_box
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import simulate_game

from .util import TEXAS_LINEUP, at, drive, edited_box_rules, new_game, play

SAMPLES = [
    act.draw("home", 4, 2),
    act.draw("away", 0, 1),
    act.draw("away", 6, 0),
    act.draw("home", 0, 0),
    act.deal("Good Wood"),
    act.deal("Pitcher/Batter Matchup (Offense)"),
    act.exchange("home", "Upper Deck", "defense"),
    act.exchange("away", "Take One for the Team", "offense"),
    act.keep("away"),
    act.start("home", "Sabaria"),
    act.lineup("away", "Boudreaux", ("Marty", "Rusk", "Villafane"),
               ("Blanto", "Hampton", "Carrizales", "Oyelaran"), "Wendt"),
    *[act.name_strategy("away", s) for s in STRATEGIES],
    act.relieve("home", "Achterberg"),
    act.stay("away"),
    act.bat("away", "Hampton"),
    act.field("home", "Mendevil"),
    act.play("away", "Hit and Run"),
    act.play("home", "Pitcher/Batter Matchup (Defense)"),
    act.pass_("home"),
    act.rally("away", "card"),
    act.rally("home", "tens"),
    *[act.manage("away", shift) for shift in (2, 1, -2, 0)],
    *[act.roll(a, b) for a in range(1, 7) for b in range(1, 7)],
]


def snapshot(session) -> tuple:
    """Everything an action can change, to compare sessions exactly."""
    state = session.state
    sides = tuple((dict(s.hand), list(s.available), list(s.used), s.pitcher,
                   list(s.pitchers_removed), s.rally_left, list(s.runs), s.player,
                   dict((k, repr(v)) for k, v in s.lines.items()))
                  for s in (state.home, state.away))
    decks = tuple(repr(d) for d in state.decks.values())
    return (state.summary(), len(session.actions), repr(state.atbat), sides, decks,
            list(state.log), state.winner, state.draws_owed, state.exchanges_left,
            list(state.pending_deals))


# -- canonical text ---------------------------------------------------------------------------


def test_every_action_kind_round_trips():
    """SPEC 7: each action's canonical line parses back to the same action (every kind)."""
    kinds = {a.kind for a in SAMPLES}
    assert kinds == {"draw", "deal", "exchange", "keep", "start", "lineup", "name", "relieve",
                     "stay", "bat", "field", "play", "pass", "rally", "manage", "roll"}
    for action in SAMPLES:
        text = act.format_action(action)
        assert act.parse_action(text) == action, text
        assert str(action) == text


def test_round_trip_through_the_rules(rules):
    """SPEC 7: the rules' own format and parse agree for names spelled as in the box."""
    session = new_game(rules)
    for action in SAMPLES:
        text = rules.format_action(action)
        assert rules.parse_action(session.state, text) == action, text


def test_sample_lines_read_as_written():
    """SPEC 7 (docs/record-format.md): the documented lines mean what they say."""
    assert act.parse_action("home draws 4 offense 2 defense") == act.draw("home", 4, 2)
    assert act.parse_action("away draws 1 defense") == act.draw("away", 0, 1)
    assert act.parse_action("home exchanges Good Wood for defense") == act.exchange(
        "home", "Good Wood", "defense")
    assert act.parse_action("away manages -2") == act.manage("away", -2)
    assert act.parse_action("away stands pat") == act.manage("away", 0)
    assert act.parse_action("roll 3 4") == act.roll(3, 4)
    assert act.parse_action("  away    bats   Hampton  ") == act.bat("away", "Hampton")


@pytest.mark.parametrize("deck, meant", [("def", "defense"), ("a defense", "defense"),
                                         ("a defense card", "defense"), ("off", "offense"),
                                         ("an offense card", "offense")])
def test_an_exchange_names_its_deck_as_a_draw_does(deck, meant):
    """Rule 5.2.2: the deck of an exchange is said as a draw's is ('off', 'def'; 'for a
    defense card'), where only the whole word was read; a card whose name holds ' for '
    is still the card."""
    assert act.parse_action(f"home exchanges Stretch a Single for {deck}") == act.exchange(
        "home", "Stretch a Single", meant)
    assert act.parse_action("home exchanges Swing for the Fences for off") == act.exchange(
        "home", "Swing for the Fences", "offense")


def test_two_exchanges_in_one_line_are_told_one_a_line():
    """Rule 5.2.2 (two exchanges in the 8th and 9th): both in one line were read as one
    card named 'Comeback Trail for offense, Seeing It Well', unknown to the box."""
    with pytest.raises(ParseError, match=r"one exchange a line \(rule 5\.2\.2\): write "
                                         r"'home exchanges CARD for offense\|defense' for each"):
        act.parse_action("home exchanges Comeback Trail for offense, Seeing It Well for "
                         "defense")
    with pytest.raises(ParseError, match=r"one exchange a line"):
        act.parse_action("home exchanges Good Wood for off and Bad Hop for def")


def test_names_resolve_to_the_box_spelling(rules):
    """Rules 3.0 and 4.2.2: names are matched without regard to case, written as in the box."""
    session = new_game(rules)
    state = session.state
    cases = {
        "AWAY BATS hampton": "away bats Hampton",
        "Home Fields MENDEVIL": "home fields Mendevil",
        "away PLAYS hit and run": "away plays Hit and Run",
        "DEAL web gem": "deal Web Gem",
        "home exchanges good wood for DEFENSE": "home exchanges Good Wood for defense",
        "home brings in ACHTERBERG": "home brings in Achterberg",
        "away names POWER": "away names power",
        "away rallies TENS": "away rallies tens",
        "ROLL 6 6": "roll 6 6",
        "away lineup c boudreaux; of marty, rusk, villafane; "
        "if blanto, hampton, carrizales, oyelaran; dh wendt":
            "away lineup C Boudreaux; OF Marty, Rusk, Villafane; "
            "IF Blanto, Hampton, Carrizales, Oyelaran; DH Wendt",
    }
    for typed, canonical in cases.items():
        assert rules.format_action(rules.parse_action(state, typed)) == canonical, typed
    # Typed in any case, the batter is the same piece in play.
    session.push_text("AWAY BATS hampton")
    assert session.lines()[-1] == "away bats Hampton"
    assert state.away.player == "hampton"


def test_names_typed_without_their_accents_resolve_to_the_box_spelling(box_copy):
    """Rules 3.0 and 4.2.2 with a box's accented names: a keyboard without accents types
    'Carrizales' for 'Carrizáles' and 'web gem' for 'Wéb Gem', written as in the box;
    where two names read alike without accents ('Hámpton', 'Hamptón'), neither is
    guessed."""
    path = box_copy / "ballplayers.csv"
    path.write_text(path.read_text().replace("texas,Hampton,", "texas,Hámpton,")
                    .replace("texas,Carrizales,", "texas,Carrizáles,")
                    .replace("texas,Oyelaran,", "texas,Hamptón,"))
    cards = box_copy / "cards.toml"
    cards.write_text(cards.read_text().replace('name = "Web Gem"', 'name = "Wéb Gem"'))
    rules = HighAndTight(load_box(box_copy))
    session = new_game(rules, away_lineup=TEXAS_LINEUP.replace("Hampton", "HÁMPTON")
                       .replace("Oyelaran", "hamptÓn"))
    assert TEXAS_LINEUP.replace("Hampton", "Hámpton").replace("Carrizales", "Carrizáles") \
        .replace("Oyelaran", "Hamptón") in session.lines()
    state = session.state
    assert rules.format_action(rules.parse_action(state, "deal WEB GEM")) == "deal Wéb Gem"
    assert rules.format_action(rules.parse_action(state, "away bats carrizales")) == \
        "away bats Carrizáles"
    with pytest.raises(IllegalAction, match="'hampton' is not a ballplayer of the Texas "
                       "Cowboys roster; without its accents it reads as 'Hámpton' and "
                       "'Hamptón': type them"):
        rules.parse_action(state, "away bats hampton")
    # data check warns of the two (at the table each is typed with its accents)
    assert any("field 'name': 'Hamptón' reads as 'Hámpton' without its accents" in warning
               for warning in rules.box.warnings), rules.box.warnings


@pytest.mark.parametrize("line", [
    "",
    "home dances",
    "visitors bats Hampton",
    "bats Hampton",
    "home draws 2 spades",
    "home draws two offense",
    "home exchanges Good Wood",
    "home exchanges Good Wood for hearts",
    "away manages +3",
    "away manages -1",
    "away stands",
    "away rallies twice",
    "away keeps everything",
    "home lineup C Delacorte",
    "roll 3",
    "roll 3 4 5",
])
def test_unknown_lines_are_parse_errors(rules, line):
    """SPEC 8: a line that is not an action is refused with a ParseError, nothing recorded."""
    session = new_game(rules)
    before = snapshot(session)
    with pytest.raises(ParseError):
        act.parse_action(line)
    with pytest.raises(ParseError):
        session.push_text(line)
    assert snapshot(session) == before


@pytest.mark.parametrize("line, words", [
    ("away manages +3", "write 'away manages +1|+2|-2' or 'away stands pat' (rule 4.5: "
                        "+1, +2 or -2, no other move)"),
    ("away rallies twice", "write 'away rallies card|tens'"),
    ("home exchanges Good Wood", "write 'home exchanges CARD for offense|defense'"),
    ("home dances", "after the side comes one of bats, brings, draws"),
    ("home keep", "; did you mean 'home keeps'?"),           # a verb's slip: the form meant
    ("away pass", "; did you mean 'away passes'?"),
    ("home play Good Wood", "; did you mean 'home plays Good Wood'?"),
    ("1", "dice are two faces, each 1 to 6, like '3 4'"),
    ("roll 3", "dice are two faces, each 1 to 6, like '3 4'"),      # one die: how, not what
    ("bats Hampton", "a line starts with 'home', 'away', 'deal' or 'roll'"),
    # A slip of the side: the line meant offered (no dice faces named: typed faces are
    # the table's, in a series set to physical dice, not a line of the record).
    ("hmoe pass", "is not an action: a line starts with 'home', 'away', 'deal' or 'roll'; "
                  "did you mean 'home passes'?"),            # (its verb mended too)
])
def test_a_mistyped_line_is_told_how_it_is_written(line, words):
    """SPEC 8: a mistyped line gets the form it should take, not a pointer to a file."""
    with pytest.raises(ParseError) as error:
        act.parse_action(line)
    assert words in str(error.value) and "docs/" not in str(error.value)


def test_unknown_card_is_a_parse_error(rules):
    """SPEC 8: a card that is not in the box is refused when the line is read."""
    session = new_game(rules)
    with pytest.raises(ParseError):
        rules.parse_action(session.state, "deal Golden Sombrero")
    with pytest.raises(ParseError):
        rules.parse_action(session.state, "away plays Golden Sombrero")


MATCHUP = "Pitcher/Batter Matchup"


def test_a_card_named_as_the_rulebook_names_it_reads_as_the_one_the_moment_allows(rules):
    """Rules 5.1.1 c, 2.3.1, 2.3.2, 5.2.1 and 5.2.2: the rulebook names both Matchup cards
    'Pitcher/Batter Matchup'; typed so, the line reads as the one card it can mean now:
    the batting side plays the Offense card and the fielding side the Defense one, an
    exchange gives up the one in the hand, a deal comes from the pile being drawn."""
    session = new_game(rules, away_cards=(f"{MATCHUP} (Offense)", "Hit and Run",
                                          "Leadoff Walk", "Web Gem", "Pitchout", "Blown Call"))
    state = session.state
    assert state.batting == "away"

    def read(line: str) -> str:
        return read_in(rules, state, line)

    assert read(f"away plays {MATCHUP.lower()}") == f"away plays {MATCHUP} (Offense)"
    assert read(f"home plays {MATCHUP}") == f"home plays {MATCHUP} (Defense)"
    assert read(f"away exchanges {MATCHUP} for defense") == (
        f"away exchanges {MATCHUP} (Offense) for defense")
    # Neither is in the home hand: which card is meant is the player's to say.
    with pytest.raises(ParseError, match=r"names 2 cards of this box: type the whole name, "
                       r"'Pitcher/Batter Matchup \(Offense\)' or 'Pitcher/Batter Matchup "
                       r"\(Defense\)'"):
        read(f"home exchanges {MATCHUP} for offense")
    # A deal from the defense pile.
    dealing = Session(rules, {"Game": "High & Tight", "Home": "new-york", "Away": "texas",
                              "Cards": "digital"})
    play(dealing, "home draws 0 offense 6 defense")
    assert read_in(rules, dealing.state, f"deal {MATCHUP}") == f"deal {MATCHUP} (Defense)"


def test_the_one_card_named_so_but_for_its_brackets_is_meant_at_any_moment(tmp_path):
    """Rules 5.1 and 5.3: a box whose only 'Bad Hop' is 'Bad Hop (Infield)' reads 'Bad Hop'
    as that card even for the fielding side, whose deck it is not of: the line then meets
    the rules' own refusal (an Offense card is the batter's), not 'names 1 cards'."""
    rules = edited_box_rules(tmp_path, "cards.toml", 'name = "Bad Hop"',
                             'name = "Bad Hop (Infield)"')
    session = new_game(rules)
    assert session.state.fielding == "home"
    assert read_in(rules, session.state, "home plays bad hop") == (
        "home plays Bad Hop (Infield)")
    play(session, "away bats Hampton\nhome fields Kanno")
    with pytest.raises(IllegalAction, match=r"rule 5\.\d"):
        session.push_text("home plays Bad Hop")


def read_in(rules, state, line: str) -> str:
    return rules.format_action(rules.parse_action(state, line))


# -- records and replay -----------------------------------------------------------------------


def test_replay_of_a_recorded_game_gives_the_same_state(rules):
    """SPEC 7: replaying a finished game's record rebuilds the very same game."""
    session = simulate_game(rules, "new-york", "texas", seed=11)
    assert session.state.phase == "over"
    again = replay(rules, session.text())
    assert again.state.summary() == session.state.summary()
    assert again.lines() == session.lines()
    assert again.state.winner == session.state.winner
    assert again.state.home.runs == session.state.home.runs
    assert again.state.away.runs == session.state.away.runs
    assert again.state.log == session.state.log


def test_replay_of_an_extra_inning_game(rules):
    """SPEC 7 and rule 6.2: a record with named 10th-inning strategies replays the same."""
    session = new_game(rules)
    drive(session, runs={(11, "bottom"): 1})
    assert session.state.winner == "home" and session.state.inning == 11
    assert any(line.startswith(("away names", "home names")) for line in session.lines())
    again = replay(rules, session.text())
    assert snapshot(again) == snapshot(session)


def test_replay_of_a_game_in_progress(rules):
    """SPEC 7: a record cut at any point replays to the state the game had there."""
    session = new_game(rules)
    drive(session, runs={(2, "top"): 1}, until=at(3, "bottom", "cards"))
    again = replay(rules, session.text())
    assert snapshot(again) == snapshot(session)
    # A player keeps going from the replayed record exactly as from the original.
    for s in (session, again):
        drive(s, until=at(4))
    assert snapshot(again) == snapshot(session)


def record_with(session, bad: str, index: int) -> tuple[str, int]:
    """The session's record with action line `index` replaced; also that line's number."""
    lines = session.text().splitlines()
    first = lines.index("") + 1                 # header, a blank line, then the actions
    lines[first + index] = bad
    return "\n".join(lines) + "\n", first + index + 1


@pytest.mark.parametrize("bad", ["home dances", "roll 9 1", "away bats Nobody",
                                 "home passes"])
def test_a_bad_record_line_names_its_line_number(rules, bad):
    """SPEC 7 and 8: a record that cannot be replayed names the file line of the bad action."""
    session = new_game(rules)
    play(session, """
        away bats Hampton
        home fields Mendevil
        away passes
        home passes
        away stands pat
        roll 1 1
    """)
    index = session.lines().index("away stands pat")
    text, number = record_with(session, bad, index)
    with pytest.raises(RecordError) as error:
        replay(rules, text)
    assert error.value.line == number
    assert str(error.value).startswith(f"line {number}:")
    assert bad in str(error.value)


def test_a_bad_die_face_in_a_record_names_the_range(rules):
    """SPEC 8: a die face off the die, in a record, names its line and the range 1..6."""
    session = new_game(rules)
    play(session, """
        away bats Hampton
        home fields Mendevil
        away passes
        home passes
        away stands pat
        roll 1 1
    """)
    text, number = record_with(session, "roll 1 7", len(session.lines()) - 1)
    with pytest.raises(RecordError, match=rf"^line {number}: .*1\.\.6"):
        replay(rules, text)


def test_a_bad_header_is_a_record_error(rules):
    """Rule 3.0 and SPEC 8: a record whose header names no known team is refused as such."""
    session = new_game(rules)
    text = session.text().replace('[Away "texas"]', '[Away "gotham"]')
    with pytest.raises(RecordError, match="header"):
        replay(rules, text)


def test_comments_and_blank_lines_do_not_shift_line_numbers(rules):
    """SPEC 7: blank and '#' lines are skipped, and the line numbers still count them."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil")
    lines = session.text().splitlines()
    lines[-1:] = ["# the fielder comes next", "", "home fields Nobody"]
    text = "\n".join(lines) + "\n"
    with pytest.raises(RecordError) as error:
        replay(rules, text)
    assert error.value.line == len(lines)


# -- undo, redo and refused actions -----------------------------------------------------------


def test_undo_and_redo_restore_the_exact_state(rules):
    """SPEC 7: undo steps back to exactly the earlier state; redo steps forward again."""
    session = new_game(rules)
    script = """
        away bats Hampton
        home fields Mendevil
        away passes
        home plays On the Black
        away passes
        home passes
        away stands pat
        roll 1 2
        roll 1 1
        roll 3 3
        roll 6 6
        roll 1 2
    """
    seen = [snapshot(session)]
    for line in script.strip().splitlines():
        session.push_text(line.strip())
        seen.append(snapshot(session))
    assert session.state.half == "bottom"       # the whole top half is in the list
    for earlier in reversed(seen[:-1]):
        session.undo()
        assert snapshot(session) == earlier
    fresh = Session(rules, session.header)
    with pytest.raises(CompanionError):
        fresh.undo()
    for later in seen[1:]:
        session.redo()
        assert snapshot(session) == later
    with pytest.raises(CompanionError):
        session.redo()


def test_a_new_action_clears_redo(rules):
    """SPEC 7: after an undo, a different action replaces the undone future."""
    session = new_game(rules)
    session.push_text("away bats Hampton")
    session.undo()
    session.push_text("away bats Wendt")
    with pytest.raises(CompanionError):
        session.redo()
    assert session.state.away.player == "wendt"
    assert session.lines()[-1] == "away bats Wendt"


def test_undo_after_the_game_is_over(rules):
    """SPEC 7 and rule 4.8: the last action of a finished game can be taken back."""
    session = new_game(rules)
    drive(session, runs={(1, "bottom"): 1})
    over = snapshot(session)
    assert session.state.phase == "over"
    session.undo()
    assert session.state.phase == "roll" and session.state.winner is None
    session.redo()
    assert snapshot(session) == over


def test_a_refused_action_leaves_the_session_unchanged(rules):
    """SPEC 8: a rule error names the rule and changes nothing, in every phase tried."""
    session = new_game(rules)
    attempts = {
        "bat": ["home bats Kanno", "away fields Hampton", "away plays Wallbanger",
                "away manages +2", "roll 3 4", "deal Good Wood", "away bats Nobody"],
    }
    checks = [("bat", attempts["bat"])]
    script = {
        "cards": "away bats Hampton\nhome fields Mendevil",
        "manage": "away passes\nhome passes",
        "roll": "away stands pat",
    }
    checks += [
        ("cards", ["away plays Keep It in the Yard", "away plays Good Wood",
                   "away manages +2", "home passes", "away rallies card",
                   "home rallies tens", "roll 1 1"]),
        ("manage", ["home manages +1", "away plays Wallbanger", "away bats Rusk",
                    "roll 2 2"]),
        ("roll", ["away manages +1", "away passes", "deal Web Gem"]),
    ]
    for phase, lines in checks:
        if phase in script:
            play(session, script[phase])
        assert session.state.phase == phase
        before = snapshot(session)
        for line in lines:
            with pytest.raises(IllegalAction, match=r"^rule \d+\.\d+(\.\d+)*( [a-z])?:"):
                session.push_text(line)
            assert snapshot(session) == before, line


def test_refused_record_line_keeps_nothing_from_the_bad_action(rules):
    """SPEC 7: replaying up to a refused line leaves the session as the good lines made it."""
    good = new_game(rules)
    play(good, "away bats Hampton\nhome fields Mendevil")
    session = Session(rules, good.header)
    for line in good.lines():
        session.push_text(line)
    with pytest.raises(IllegalAction):
        session.push_text("home fields Kanno")
    assert snapshot(session) == snapshot(good)


def test_every_action_line_is_read_in_any_case(rules):
    """The action lines are typed at the table: a whole game's record, every line in capitals
    (an exchange's 'FOR OFFENSE' too), replays to the same game."""
    played = simulate_game(rules, "new-york", "texas", "caps", 0)
    session = Session(rules, played.header)
    for action in played.actions:
        session.push_text(rules.format_action(action).upper())
    assert session.state.summary() == played.state.summary()
    assert [rules.format_action(a) for a in session.actions] == \
        [rules.format_action(a) for a in played.actions]


@pytest.mark.parametrize("typed", ["home draws 4 off, 2 def", "home draws 4off 2def",
                                   "HOME DRAWS 4 Offense, 2 Def"])
def test_a_draw_reads_the_boards_short_deck_names(typed):
    """Rule 5.2.1: the board writes a draw '4 off, 2 def'; typed so, it is the canonical
    'draws 4 offense 2 defense' (the record keeps the long form)."""
    action = act.parse_action(typed)
    assert act.format_action(action) == "home draws 4 offense 2 defense"
    with pytest.raises(ParseError):
        act.parse_action("home draws 4 offence")
