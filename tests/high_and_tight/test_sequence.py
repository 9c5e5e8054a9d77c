"""Rule 4: one inning's sequence of play, phase by phase."""

import re

import pytest

from companion.engine.errors import IllegalAction

from .util import new_game, play, to_half


def test_take_the_mound_sets_markers_from_stuff(rules):
    """Rule 4.2.1 example: Cane pitching puts the markers on 4 rolls and box IV."""
    session = new_game(rules, home="california", away="texas", home_starter="Cane",
                       home_lineup="home lineup C Ybarra; OF Dorsey, Amescua, Kowalczyk; "
                                   "IF Tancredi, Morrow, Esquivel, Lindgren; DH Holloway")
    state = session.state
    cane = state.box.rosters["california"].pitchers["cane"]
    assert (cane.stuff_rolls, cane.stuff_box, cane.throws) == (4, 4, "R")
    assert state.atbat.rolls == 4
    assert state.scoring_box().label == "IV"


def test_batter_vs_fielder_moves_scoring_number(rules):
    """Rule 4.3: the Scoring Number moves by the batter's Offense less the fielder's Defense."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil")
    state = session.state
    # Sabaria's Stuff: box IV; Hampton Offense 6 vs Mendevil Defense 7: one box down.
    assert state.scoring_box().label == "III"
    assert state.phase == "cards" and state.atbat.turn == "away"


def test_batter_vs_fielder_worked_example(rules):
    """Rule 4.3's example: from box V, a batter of Offense 6 against a fielder of Defense 5
    moves the Scoring Number one box up, to VI."""
    session = new_game(rules, home_starter="Marchetti")
    state = session.state
    assert state.box.rosters["new-york"].pitchers["marchetti"].stuff_box == 5
    assert state.scoring_box().label == "V"
    hampton = state.box.rosters["texas"].ballplayers["hampton"]
    delacorte = state.box.rosters["new-york"].ballplayers["delacorte"]
    assert (hampton.offense, delacorte.defense) == (6, 5)
    play(session, "away bats Hampton\nhome fields Delacorte")
    assert state.scoring_box().label == "VI"


def test_dh_fields_with_defense_four(rules):
    """Rule 4.3.1: the DH in the field uses the DH marker's Defense 4, not his own."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Stroud")   # Stroud is the home DH
    # Box IV + (6 - 4) = VI, not IV + (6 - 3) = VII.
    assert session.state.scoring_box().label == "VI"


def test_bottom_half_uses_the_same_ballplayers(rules):
    """Rules 4.2.2 b and 4.2.3 b: the top's fielder bats, the top's batter fields."""
    session = new_game(rules)
    play(session, """
        away bats Hampton
        home fields Mendevil
        away passes
        home passes
        away stands pat
    """ + "\n".join(["roll 1 1"] * 4))
    state = session.state
    assert state.half == "bottom" and state.inning == 1
    # No draw in the 1st inning: Flee takes the mound, Mendevil bats against Hampton.
    assert state.home.player == "mendevil" and state.away.player == "hampton"
    assert state.phase == "cards"
    with pytest.raises(IllegalAction, match="rule 4.2.2"):
        session.push_text("home bats Kanno")


def test_only_available_ballplayers_bat_or_field_first(rules):
    """Rules 4.2.2 a and 4.2.3 a: the away batter and the home fielder come from the
    Available Ballplayers, the lineup's pieces not yet used: a reserve left out of the
    lineup (3.0) does neither."""
    session = new_game(rules)
    assert "tolliver" in session.state.box.rosters["texas"].ballplayers
    with pytest.raises(IllegalAction, match="rule 4.2.2"):
        session.push_text("away bats Tolliver")
    play(session, "away bats Hampton")
    assert "pruitt" in session.state.box.rosters["new-york"].ballplayers
    with pytest.raises(IllegalAction, match="rule 4.2.3"):
        session.push_text("home fields Pruitt")
    play(session, "home fields Mendevil")
    assert session.state.phase == "cards"


def test_used_ballplayers_cannot_return(rules):
    """Rules 4.7, 4.2.2 a and 4.2.3 a: the inning's batter and fielder go to the Used area
    for the rest of the game, so neither is available to bat or field again."""
    session = new_game(rules)
    play(session, """
        away bats Hampton
        home fields Mendevil
        away passes
        home passes
        away stands pat
        roll 1 1
        roll 1 1
        roll 1 1
        roll 1 1
        home passes
        away passes
        home stands pat
        roll 1 1
        roll 1 1
        roll 1 1
        roll 1 1
        away draws 1 offense
        deal Good Wood
        away keeps
    """)
    state = session.state
    assert state.inning == 2 and state.phase == "bat"
    assert "hampton" in state.away.used and "mendevil" in state.home.used
    with pytest.raises(IllegalAction, match="rule 4.2.2"):
        session.push_text("away bats Hampton")
    play(session, "away bats Marty")
    with pytest.raises(IllegalAction, match="rule 4.2.3"):
        session.push_text("home fields Mendevil")
    play(session, "home fields Kanno")
    assert state.phase == "cards" and state.away.player == "marty"


def test_each_half_notes_who_bats_and_who_fields(rules):
    """Rules 4.2.2 and 4.2.3: the top half's batter and fielder are noted as the bottom
    half's are, so the log reads the same for both halves, each citing both rules (the
    bottom half's pair placed by their b cases); the top half's cited 4.2.3 alone."""
    from .util import new_game, quiet_half

    session = new_game(rules)
    quiet_half(session)
    quiet_half(session)
    pairs = [(rule, text) for rule, text in session.state.log
             if " bats " in text and " fields " in text]
    assert [rule for rule, _ in pairs] == ["4.2.2, 4.2.3", "4.2.2 b, 4.2.3 b"]
    assert pairs[0][1].startswith("away bats ") and "; home fields " in pairs[0][1]
    assert pairs[1][1].startswith("home bats ") and "; away fields " in pairs[1][1]


@pytest.mark.parametrize(("line", "rule", "what"), [
    ("away bats Flee", "4.2.2", "ballplayer"),           # a pitcher named to bat
    ("away bats Mendevil", "4.2.2", "ballplayer"),       # the other team's man
    ("home fields Sabaria", "4.2.3", "ballplayer"),
    ("home brings in Rivero", "4.2.1", "pitcher"),        # Texas' reliever, not New York's
])
def test_a_name_off_the_roster_cites_the_step_that_names_it(rules, line, rule, what):
    """Rules 4.2.1-4.2.3: a piece not on the side's roster is refused under the rule of the
    step that names it (every such refusal cited rule 3.0, the setup). (A change of
    pitcher at any Take the Mound is Advanced Fatigue's, 8.2: the step asked here.)"""
    session = new_game(rules, header={"Rules": "advanced-fatigue"} if "brings" in line
                       else None)
    if "fields" in line:
        play(session, "away bats Hampton")
    before = session.lines()
    with pytest.raises(IllegalAction, match=rf"^rule {re.escape(rule)}: '.*' is not a "
                                            f"{what} of the"):
        session.push_text(line)
    assert session.lines() == before


@pytest.mark.parametrize(("line", "rule", "said"), [
    ("away brings in Szabo", "4.2.1.1", "only at Take the Mound when fatigue forces it"),
    ("home fields Quillenx", "4.2.2", "it is away's turn, not home's: the game awaits away: "
                                      "send a batter up"),
    ("away starts Nobody", "3.0", "starting pitchers are named at setup"),
])
def test_a_name_typed_at_another_step_is_told_the_step(rules, line, rule, said):
    """Rules 4.2.1-4.2.3 and 3.0: a line naming a piece at a step that takes no such line
    ('bring in Szabo' at Batter Up) is told which step it belongs to, not that the name
    is not on the roster (the roster's answer hid that a batter is awaited)."""
    session = new_game(rules)
    assert session.state.phase == "bat"
    before = session.lines()
    with pytest.raises(IllegalAction) as refused:
        session.push_text(line)
    assert str(refused.value).startswith(f"rule {rule}: ") and said in str(refused.value)
    assert "is not a" not in str(refused.value)
    assert session.lines() == before


def test_a_refusal_before_take_the_mound_shows_no_markers(rules):
    """Rule 4.2.1: the scoring markers go on the board at Take the Mound; a refusal's state
    picture before it (a half's draw) says they are unset instead of showing the empty
    defaults (rolls 1, box I) as if they were on the board; after it, it shows them."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil")
    with pytest.raises(IllegalAction) as later:
        session.push_text("away bats Wendt")
    assert "rolls 4 box III" in str(later.value)          # Sabaria's box IV, one down
    to_half(session, 2)
    assert session.state.phase == "draw"
    with pytest.raises(IllegalAction) as drawing:
        session.push_text("away bats Wendt")
    assert "markers unset" in str(drawing.value) and " box " not in str(drawing.value)


PHASES_IN_ORDER = ["draw", "deal", "exchange",        # 4.1 (the draw and its exchange)
                   "mound", "bat", "field",           # 4.2 (Take the Mound, Batter Up, Field)
                   "cards", "manage",                 # 4.4, 4.5 (4.3 is no decision)
                   "roll", "free-roll"]               # 4.6


@pytest.mark.parametrize(("scoring", "halves"), [
    ({(1, "top"): 1}, 18),          # the visitors lead: the home team bats in the 9th
    ({(1, "bottom"): 1}, 17)])      # the home team leads: its 9th is not played (4.8)
def test_the_sequence_of_play(rules, scoring, halves):
    """Rule 4.0: nine innings, the away team batting in the top of each and the home team
    in the bottom; each half runs its phases in the rule's order (4.1 to 4.6, then 4.7
    switches sides), none of them twice."""
    from itertools import groupby

    from .util import drive

    session = new_game(rules)
    trace: list = []
    state = drive(session, runs=scoring, trace=trace)
    assert state.phase == "over"
    played = [half for half, _ in groupby((inning, half) for inning, half, _ in trace)]
    assert played == [(inning, half) for inning in range(1, 10)
                      for half in ("top", "bottom")][:halves]
    for _half, steps in groupby(trace, key=lambda step: step[:2]):
        phases = [phase for phase, _ in groupby(step[2] for step in steps)]
        assert phases == sorted(phases, key=PHASES_IN_ORDER.index), phases
        assert len(set(phases)) == len(phases)
    # The away team's runs are the tops', the home team's the bottoms'.
    assert (sum(state.away.runs), sum(state.home.runs)) == (
        scoring.get((1, "top"), 0), scoring.get((1, "bottom"), 0))
    assert (len(state.away.runs), len(state.home.runs)) == (9, halves - 9)


def test_a_deployment_step_typed_in_another_phase_is_refused_by_its_own_rule(rules):
    """Rules 4.2.2, 4.2.3 and 5.4: a fielder (or batter, or reliever) typed in the Strategy
    Card phase, by the player whose turn it is not, was refused as out of turn (5.4); the
    step's own rule says more: it is taken at its phase. Nothing changes."""
    from .util import at, drive

    session = new_game(rules)
    state = drive(session, until=at(1, "bottom", "cards"))
    assert state.atbat.turn == "home"
    # In the bottom half the pieces are the top half's, placed for the players (b).
    # A line for the other team says which team bats (or fields) in the bottom half.
    for line, rule, said in (("away fields Tolliver", "4.2.3 b", "the top half's batter"),
                             ("home bats Kanno", "4.2.2 b", "the top half's fielder"),
                             ("away bats Marty", "4.2.2 b", "the home team bats"),
                             ("home fields Kanno", "4.2.3 b", "the away team fields"),
                             ("away brings in Francesco", "4.2.1.1", "Take the Mound")):
        before = len(state.log)
        with pytest.raises(IllegalAction, match=rf"rule {re.escape(rule)}: .*{said}"):
            session.push_text(line)
        assert len(state.log) == before
    with pytest.raises(IllegalAction, match=r"rule 5\.4: it is home's turn, not away's"):
        session.push_text("away passes")
    # A card out of turn says whose deck it is of (rule 5.1): a fielder typing an offense
    # card of his own heard only whose turn it was
    with pytest.raises(IllegalAction, match=r"rule 5\.4: Good Wood is an offense card, the "
                                            r"batting side's \(rule 5\.1\); it is home's "
                                            r"turn, not away's"):
        session.push_text("away plays Good Wood")
    state = drive(session, until=at(2, "top", "cards"))
    assert state.atbat.turn == "away"
    with pytest.raises(IllegalAction, match=r"rule 4\.2\.3: the fielder is chosen at Take "
                                            "the Field"):
        session.push_text("home fields Kanno")


def test_the_top_half_s_pieces_are_told_they_play_the_bottom_half_too(rules):
    """Rules 4.2.2 b and 4.2.3 b: the away batter of the top half fields the bottom half and
    the home fielder bats in it, so choosing them is choosing for both halves: the prompts
    say so."""
    from .util import new_game

    session = new_game(rules)
    state = session.state
    assert rules.awaiting(state).prompt == ("send a batter up; he fields the bottom half "
                                            "(rules 4.2.2, 4.2.3 b)")
    session.push_text("away bats Hampton")
    assert rules.awaiting(state).prompt == ("put a fielder in the field; he bats in the "
                                            "bottom half (rules 4.2.3, 4.2.2 b)")


def test_a_pass_at_the_managerial_move_says_how_to_stand_pat(rules):
    """Rules 4.5 and 5.4: passing is the Strategy Card phase's; at the Managerial Move a
    player who does nothing stands pat. A pass typed there is refused with the line that
    does it, and nothing changes."""
    from .util import at, drive

    session = new_game(rules)
    state = drive(session, until=at(1, "top", "manage"))
    # (the card phase ends on two passes in a row, after any cards: said so, rule 5.4)
    assert state.log[-1] == ("5.4", "two passes in a row: the Strategy Card phase ends")
    side = state.actor
    before = session.lines()
    with pytest.raises(IllegalAction, match=rf"^rule 4\.5: .*at the Managerial Move type "
                                            rf"'{side} stands pat'"):
        session.push_text(f"{side} passes")
    assert session.lines() == before
    session.push_text(f"{side} stands pat")
    assert session.state.phase == "roll"
