"""Rules 4.5-4.8: the Managerial Move, scoring runs, switching sides and the end of the game."""

import pytest

from companion.engine.errors import IllegalAction, ParseError

from .util import NEW_YORK_LINEUP, TEXAS_LINEUP, at, drive, new_game, play

NON_SCORING_IN_BOX_IV = "\n".join(["roll 1 2"] * 4)   # 3 is no run in box IV


def markers(session) -> tuple[int, str]:
    state = session.state
    return state.atbat.rolls, state.scoring_box().label


def example_at_bat(rules):
    """Top of the 1st at the Managerial Move with 5 Scoring Rolls and box VI (rule 4.5's example).

    Lindqvist's Stuff is 5 rolls / box IV; Hampton (Offense 6) against the DH Stroud (the DH
    marker's Defense 4) moves the Scoring Number up two boxes.
    """
    session = new_game(rules, home_starter="Lindqvist")
    play(session, """
        away bats Hampton
        home fields Stroud
        away passes
        home passes
    """)
    assert session.state.phase == "manage"
    assert markers(session) == (5, "VI")
    return session


# -- 4.5 Managerial Move ------------------------------------------------------------------


def test_manage_down_two_buys_a_roll(rules):
    """Rule 4.5 b example: rolls 5 and box VI become rolls 6 and box IV."""
    session = example_at_bat(rules)
    session.push_text("away manages -2")
    assert markers(session) == (6, "IV")
    assert session.state.phase == "roll" and session.state.atbat.rolls_left == 6


def test_manage_up_two_costs_a_roll(rules):
    """Rule 4.5 a example: rolls 5 and box VI become rolls 4 and box VIII."""
    session = example_at_bat(rules)
    session.push_text("away manages +2")
    assert markers(session) == (4, "VIII")
    assert session.state.atbat.rolls_left == 4


def test_manage_up_one_costs_a_roll(rules):
    """Rule 4.5 a: one box up (two or fewer) also costs one Scoring Roll."""
    session = example_at_bat(rules)
    session.push_text("away manages +1")
    assert markers(session) == (4, "VII")


def test_standing_pat_keeps_the_markers(rules):
    """Rule 4.5: the Managerial Move is optional; standing pat changes nothing."""
    session = example_at_bat(rules)
    session.push_text("away stands pat")
    assert markers(session) == (5, "VI")
    assert session.state.atbat.rolls_left == 5


def test_only_the_batting_player_manages_and_only_once(rules):
    """Rule 4.5: the batting player alone makes the move, once, in the Managerial Move phase."""
    session = example_at_bat(rules)
    with pytest.raises(IllegalAction, match=r"^rule \d"):
        session.push_text("home manages -2")
    assert markers(session) == (5, "VI")
    session.push_text("away manages -2")
    with pytest.raises(IllegalAction, match=r"^rule \d"):
        session.push_text("away manages -2")
    assert markers(session) == (6, "IV")


def test_manage_waits_for_the_card_phase(rules):
    """Rule 4.5: the Managerial Move comes after the Strategy Card phase, not during it."""
    session = new_game(rules, home_starter="Lindqvist")
    play(session, "away bats Hampton\nhome fields Stroud")
    with pytest.raises(IllegalAction, match=r"^rule 4\.5: the Managerial Move comes once "
                                            r"the card phase is over, both sides passing in "
                                            r"a row \(rule 5\.4\); the game awaits away: "):
        session.push_text("away manages +2")
    assert markers(session) == (5, "VI")
    # Rule 5.4: after the batting side's pass it is the fielder's turn; the move typed then
    # is still told when it comes (it was 'it is home's turn, not away's')
    session.push_text("away passes")
    with pytest.raises(IllegalAction, match=r"^rule 4\.5: .*card phase is over.*the game "
                                            r"awaits home: "):
        session.push_text("away stands pat")
    # ... and the fielding side's, at his own card turn, is told whose the move is
    with pytest.raises(IllegalAction, match=r"^rule 4\.5: the Managerial Move is the "
                                            r"batting side's \(away\); it comes once the "
                                            r"card phase is over"):
        session.push_text("home manages +1")
    assert markers(session) == (5, "VI") and session.state.phase == "cards"


def test_box_two_refuses_the_move_down(rules):
    """Rule 4.5 example: from box II the Scoring Number cannot go down two; up one is allowed."""
    session = new_game(rules)
    # Sabaria: 4 rolls, box IV; Carrizales (Offense 4) against Orlick (Defense 6): box II.
    play(session, """
        away bats Carrizales
        home fields Orlick
        away passes
        home passes
    """)
    assert markers(session) == (4, "II")
    before = session.state.summary()
    # the refusal says which marker stands where (it said only 'not enough boxes')
    with pytest.raises(IllegalAction, match=r"^rule 4\.5: the Scoring Number marker is at "
                                            r"box II: -2 takes it down two boxes"):
        session.push_text("away manages -2")
    assert session.state.summary() == before
    legal = {rules.format_action(a) for a in rules.legal_actions(session.state)}
    assert legal == {"away manages +2", "away manages +1", "away stands pat"}
    session.push_text("away manages +1")
    assert markers(session) == (3, "III")


def test_box_three_may_go_down_to_box_one(rules):
    """Rule 4.5: two boxes down needs two boxes below; from III that reaches box I."""
    session = new_game(rules)
    # Hampton (Offense 6) against Mendevil (Defense 7): box IV less one.
    play(session, """
        away bats Hampton
        home fields Mendevil
        away passes
        home passes
    """)
    assert markers(session) == (4, "III")
    session.push_text("away manages -2")
    assert markers(session) == (5, "I")


def test_one_roll_cannot_pay_for_a_move_up(rules):
    """Rule 4.5: with the Scoring Rolls marker on 1 there is no box to pay for a move up."""
    session = new_game(rules, away_starter="Lozano",
                       away_cards=("Wallbanger", "Hit and Run", "Leadoff Walk", "Punchout",
                                   "Pitchout", "Blown Call"))
    play(session, """
        away bats Hampton
        home fields Mendevil
        away passes
        home passes
        away stands pat
    """ + NON_SCORING_IN_BOX_IV)
    # Bottom of the 1st: Lozano (3 rolls, box VI, K 3); Mendevil (3) against Hampton (4): V.
    assert markers(session) == (3, "V")
    play(session, """
        home passes
        away plays Punchout
        home passes
        away passes
    """)
    assert markers(session) == (1, "V")
    for line in ("home manages +1", "home manages +2"):
        with pytest.raises(IllegalAction, match=r"^rule 4\.5: the Scoring Rolls marker is "
                                                r"at 1: a move up costs a roll"):
            session.push_text(line)
    assert markers(session) == (1, "V")
    legal = {rules.format_action(a) for a in rules.legal_actions(session.state)}
    assert legal == {"home manages -2", "home stands pat"}
    session.push_text("home manages -2")
    assert markers(session) == (2, "III")


def box_xi_at_the_managerial_move(rules):
    """Bottom of the 1st at the Managerial Move with 4 Scoring Rolls in box XI: Flee's 4
    rolls, Stroud batting against Hampton (box VIII), Work the Count (+2) and, through
    Rally Caps, Bad Hop (+1)."""
    session = new_game(rules, home_cards=("Work the Count", "Bad Hop", "Good Wood",
                                          "Good Jump", "Keep It in the Yard",
                                          "Around the Horn"))
    play(session, """
        away bats Hampton
        home fields Stroud
        away passes
        home passes
        away stands pat
    """ + NON_SCORING_IN_BOX_IV)
    play(session, """
        home plays Work the Count
        away passes
        home rallies card
        home plays Bad Hop
        away passes
        home passes
    """)
    return session


def home_ahead_in_its_last_half(rules):
    """The state of `box_xi_at_the_managerial_move` after 'home stands pat', made the
    bottom of the 9th with the home side 1-0 down and 2 runs scored, rolls left (rules
    4.6.4, 4.8): ahead when the half ends."""
    session = box_xi_at_the_managerial_move(rules)
    session.push(rules.parse_action(session.state, "home stands pat"))
    state = session.state
    assert state.phase == "roll" and state.batting == "home" and state.atbat.rolls_left
    state.inning = 9
    state.away.runs, state.home.runs = [1], [0]
    state.atbat.runs = 2
    return state


def test_a_move_up_past_xii_stops_there_and_earns_the_bonus_roll(rules):
    """Rules 4.5 and 5.5.2: only the marker moved down needs its boxes. From box XI, +2
    costs one Scoring Roll, stops the Scoring Number on XII and earns the bonus roll for
    the excess box; +1 from XI is a plain move to XII."""
    session = box_xi_at_the_managerial_move(rules)
    state = session.state
    assert markers(session) == (4, "XI") and not state.atbat.bonus
    legal = {rules.format_action(a) for a in rules.legal_actions(state)}
    assert {"home manages +1", "home manages +2"} <= legal
    session.push_text("home manages +2")
    assert markers(session) == (3, "XII") and state.atbat.bonus
    assert state.atbat.rolls_left == 4                 # three rolls and the bonus roll
    assert state.log[-1] == ("5.5.2", "Scoring Number pushed past XII: +1 bonus Scoring Roll")


# -- 4.6 Scoring Runs -----------------------------------------------------------------------


def test_number_of_rolls_is_the_scoring_rolls_box(rules):
    """Rules 4.6 and 4.6.1: the batting player rolls exactly as many times as the rolls box."""
    session = example_at_bat(rules)
    session.push_text("away manages -2")             # 6 rolls, box IV
    state = session.state
    for left in range(6, 1, -1):
        assert state.phase == "roll" and state.atbat.rolls_left == left
        session.push_text("roll 1 2")
    assert state.half == "top" and state.atbat.rolls_left == 1
    session.push_text("roll 1 2")
    assert state.half == "bottom"
    assert state.away.runs == [0]


def test_rulebook_scoring_example(rules):
    """Rule 4.6.2 example: box IV, five rolls 3 4, 2 2, 6 1, 3 1, 5 5: two runs."""
    session = new_game(rules, home_starter="Lindqvist")
    # Lindqvist: 5 rolls, box IV; Hampton (Offense 6) against Orlick (Defense 6): no move.
    play(session, """
        away bats Hampton
        home fields Orlick
        away passes
        home passes
        away stands pat
    """)
    assert markers(session) == (5, "IV")
    runs = []
    for line in ("roll 3 4", "roll 2 2", "roll 6 1", "roll 3 1", "roll 5 5"):
        runs.append(session.state.atbat.runs)
        session.push_text(line)
    assert runs == [0, 0, 1, 1, 2]       # the 2nd and 4th rolls scored
    assert session.state.away.runs == [2]
    assert session.state.last_atbat.marks == [(), ("run",), (), ("run",), ()]   # (each roll's)
    assert session.state.half == "bottom"


def box_one_at_bat(rules):
    """Top of the 1st, 4 rolls in box I: Oyelaran (Offense 4) against Mendevil (Defense 7)."""
    session = new_game(rules)
    play(session, """
        away bats Oyelaran
        home fields Mendevil
        away passes
        home passes
        away stands pat
    """)
    assert markers(session) == (4, "I")
    return session


def test_box_one_needs_a_two_then_a_free_six_or_seven(rules):
    """Rule 4.6.2: in box I a 2 earns a free roll (not counted); 6 or 7 on it scores."""
    session = box_one_at_bat(rules)
    state = session.state
    session.push_text("roll 1 1")
    assert state.phase == "free-roll" and state.atbat.runs == 0
    assert state.atbat.rolls_left == 3
    waiting = rules.awaiting(state)
    assert (waiting.kind, waiting.phase) == ("chance", "free-roll")
    session.push_text("roll 3 3")                     # 6 on the free roll
    assert state.phase == "roll" and state.atbat.runs == 1
    assert state.atbat.rolls_left == 3                # the free roll cost nothing
    play(session, """
        roll 1 1
        roll 2 5
    """)
    assert state.atbat.runs == 2 and state.atbat.rolls_left == 2
    play(session, """
        roll 1 1
        roll 4 4
    """)
    assert state.atbat.runs == 2 and state.atbat.rolls_left == 1
    session.push_text("roll 3 4")                     # a 7 without the 2 first: no run
    assert state.half == "bottom"
    assert state.away.runs == [2]


def test_a_two_that_is_an_extra_scoring_number_scores_and_earns_no_free_roll(rules):
    """Rules 4.6.2, 4.6.3 (docs/rulings.md, box I's free roll): in box I, with 2 an
    additional scoring number (a ballpark's or a card's in a box typed in), a 2 scores at
    once, one run, and earns no free roll on top; the odds read it alike."""
    from companion.high_and_tight.odds import run_distribution

    session = box_one_at_bat(rules)
    state = session.state
    state.atbat.extra_numbers.add(2)
    session.push_text("roll 1 1")
    assert state.phase == "roll" and state.atbat.runs == 1 and state.atbat.rolls_left == 3
    box = rules.box.scoring_boxes[0]
    assert box.label == "I" and box.first == 2
    distribution = run_distribution(1, set(box.numbers) | {2}, first=box.first,
                                    then=box.then)
    assert distribution == pytest.approx((35 / 36, 1 / 36))   # the 2 alone, no free roll


def test_box_one_free_roll_after_the_last_roll(rules):
    """Rule 4.6.2: a 2 on the last Scoring Roll still earns its free roll before the half ends."""
    session = box_one_at_bat(rules)
    play(session, """
        roll 2 3
        roll 6 6
        roll 3 3
        roll 1 1
    """)
    state = session.state
    assert state.half == "top" and state.phase == "free-roll"
    assert state.atbat.rolls_left == 0
    session.push_text("roll 4 3")
    assert state.half == "bottom"
    assert state.away.runs == [1]


def test_each_roll_keeps_what_it_did_and_the_next_half_keeps_the_last(rules):
    """Rules 4.6.2 and 4.6.4: each roll of an at-bat is marked with what it did (a run, box
    I's free roll earned by a 2, the free roll itself), and the half's at-bat stays readable
    once the next half has begun, for the table to be told its dice."""
    session = box_one_at_bat(rules)
    state = session.state
    play(session, """
        roll 1 1
        roll 3 3
        roll 1 1
        roll 6 6
        roll 2 5
        roll 3 4
    """)
    assert state.half == "bottom" and state.last_atbat.dice == [
        (1, 1), (3, 3), (1, 1), (6, 6), (2, 5), (3, 4)]
    assert state.last_atbat.marks == [("earns",), ("free", "run"), ("earns",), ("free",),
                                      (), ()]
    assert state.atbat.marks == [] and state.atbat.dice == []


def test_box_one_two_alone_is_no_run(rules):
    """Rule 4.6.2: box I scores only when both rolls succeed; a 2 alone scores nothing."""
    session = box_one_at_bat(rules)
    state = session.state
    play(session, """
        roll 1 1
        roll 6 6
        roll 1 1
    """)
    assert state.phase == "free-roll" and state.atbat.rolls_left == 2
    # A 2 rolled as the free roll is just a miss; it earns no second free roll.
    session.push_text("roll 1 1")
    assert state.phase == "roll" and state.atbat.rolls_left == 2
    play(session, """
        roll 2 2
        roll 4 5
    """)
    assert state.half == "bottom"
    assert state.away.runs == [0]


def test_rally_caps_ten_scores_at_once_in_box_one(rules):
    """Rules 4.6.3 and 5.7.2: in box I an added 10 scores on the Scoring Roll itself, and on
    the free roll a 2 earns."""
    session = new_game(rules)
    play(session, """
        away bats Oyelaran
        home fields Mendevil
        away rallies tens
        away passes
        home passes
        away stands pat
    """)
    state = session.state
    assert markers(session) == (4, "I")
    session.push_text("roll 4 6")
    assert state.phase == "roll" and state.atbat.runs == 1 and state.atbat.rolls_left == 3
    # The 2 still earns box I's free roll, which scores on 6 or 7 (docs/rulings.md).
    play(session, """
        roll 1 1
        roll 1 5
    """)
    assert state.atbat.runs == 2 and state.atbat.rolls_left == 2
    # Rule 4.6.3: the 10s score on every roll of the at-bat, the free roll too.
    play(session, "roll 1 1")
    assert state.phase == "free-roll"
    play(session, "roll 4 6")
    assert state.atbat.runs == 3 and state.atbat.rolls_left == 1


def test_seven_or_two_box(rules):
    """Rule 4.6.2: a two-number box such as VIII ("7 or 2") scores on either total."""
    session = new_game(rules)
    play(session, """
        away bats Hampton
        home fields Stroud
        away passes
        home passes
        away stands pat
    """ + "\n".join(["roll 6 6"] * 4))
    # Bottom: Flee (4 rolls, box V); Stroud (Offense 7) against Hampton (Defense 4): VIII.
    state = session.state
    assert markers(session) == (4, "VIII")
    assert state.scoring_numbers() == frozenset({7, 2})
    play(session, """
        home passes
        away passes
        home stands pat
        roll 1 1
    """)
    assert state.phase == "roll" and state.atbat.runs == 1      # a 2 here is a plain run
    play(session, """
        roll 3 4
        roll 6 6
        roll 4 4
    """)
    assert state.home.runs == [2]
    assert state.inning == 2


def test_rally_caps_ten_is_added_to_the_box(rules):
    """Rules 4.6.3 and 5.7.2: Rally Caps' 10 scores along with the box's own number."""
    session = new_game(rules, home_starter="Lindqvist")
    play(session, """
        away bats Hampton
        home fields Stroud
        away rallies tens
        away passes
        home passes
        away stands pat
    """)
    state = session.state
    assert markers(session) == (5, "VI")
    assert state.scoring_numbers() == frozenset({6, 10})
    assert state.away.rally_left == 1
    play(session, """
        roll 5 5
        roll 4 2
        roll 6 4
        roll 6 6
        roll 4 4
    """)
    assert state.away.runs == [3]


def texas_home_game(rules, batter: str, fielder: str):
    """Texas at home with the Home Ballpark rule: NY bats `batter` against `fielder`."""
    session = new_game(rules, home="texas", away="new-york",
                       home_starter="Flee", away_starter="Sabaria",
                       home_lineup=TEXAS_LINEUP.replace("away", "home", 1),
                       away_lineup=NEW_YORK_LINEUP.replace("home", "away", 1),
                       header={"Rules": "ballparks"})
    play(session, f"away bats {batter}\nhome fields {fielder}")
    return session


def test_ballpark_scoring_number_is_added_to_the_box(rules):
    """Rules 4.6.3 and 8.1: Longhorn Yards' 11 (batter Power 2+) scores with the box's numbers."""
    session = texas_home_game(rules, "Brannigan", "Hampton")
    state = session.state
    # Flee: 4 rolls, box V; Brannigan (Offense 6, Power 4) against Hampton (Defense 4): VII.
    assert markers(session) == (4, "VII")
    assert state.scoring_numbers() == frozenset({7, 11})
    play(session, """
        away passes
        home passes
        away stands pat
        roll 5 6
        roll 3 4
        roll 6 6
        roll 2 2
    """)
    assert state.away.runs == [2]


def test_ballpark_number_needs_its_condition(rules):
    """Rules 4.6.3 and 8.1: without the park's condition (Power 2+) no number is added."""
    session = texas_home_game(rules, "Mendevil", "Hampton")      # Mendevil has Power 0
    assert session.state.scoring_numbers() == frozenset(session.state.scoring_box().numbers)
    assert 11 not in session.state.scoring_numbers()


def test_late_ballpark_ten(rules):
    """Rules 4.6.3 and 8.1: Stockyard Park's 10 joins the box's numbers from the 7th inning on."""
    session = new_game(rules, home="chicago", header={"HomeRoster": "new-york",
                                                      "Rules": "ballparks"})
    state = drive(session, until=at(6, "top", "cards"))
    assert 10 not in state.scoring_numbers()
    state = drive(session, until=at(7, "top", "cards"))
    assert state.scoring_numbers() == state.scoring_box().numbers | {10}
    play(session, "away passes\nhome passes\naway stands pat")
    session.push_text("roll 4 6")
    assert state.atbat.runs == 1
    state = drive(session, until=at(7, "bottom", "cards"))
    assert 10 in state.scoring_numbers()


def test_rally_caps_tens_where_a_ten_already_scores(rules):
    """Rules 5.7.1 and 5.7.2 (rulings, Rally Caps): the 10s may be taken though a 10 already
    scores (Stockyard Park from the 7th): the rule sets no condition; the use is spent and
    adds nothing."""
    session = new_game(rules, home="chicago", header={"HomeRoster": "new-york",
                                                      "Rules": "ballparks"})
    state = drive(session, until=at(7, "top", "cards"))
    numbers, left = state.scoring_numbers(), state.away.rally_left
    assert 10 in numbers and left > 0
    play(session, "away rallies tens")
    assert state.scoring_numbers() == numbers and state.away.rally_left == left - 1


def test_runs_are_recorded_by_half_inning(rules):
    """Rule 4.6.4: each half inning's runs go in that half's box, zero included."""
    session = new_game(rules)
    state = drive(session, runs={(1, "top"): 1}, until=at(1, "bottom"))
    assert state.away.runs == [1] and state.home.runs == []
    plan = {(1, "top"): 1, (2, "bottom"): 2, (3, "top"): 3}
    state = drive(session, runs=plan, until=at(4))
    assert state.away.runs == [1, 0, 3]
    assert state.home.runs == [0, 2, 0]
    assert (state.away.total, state.home.total) == (4, 2)
    assert "away 4 home 2" in state.summary()


# -- 4.7 Switch Sides -------------------------------------------------------------------------


def test_switch_sides(rules):
    """Rule 4.7: after the top half the home player bats and the away player fields."""
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
        roll 2 1
    """)
    state = session.state
    assert (state.inning, state.half) == (1, "bottom")
    assert (state.batting, state.fielding) == ("home", "away")
    assert state.away.runs == [1]                # the 3 in box III
    assert state.atbat.runs == 0
    # The away pitcher's Stuff now sets the markers: Flee 4 rolls, box V, Mendevil 3 vs 4.
    assert markers(session) == (4, "IV")
    waiting = rules.awaiting(state)
    assert (waiting.side, waiting.phase) == ("home", "cards")
    with pytest.raises(IllegalAction):
        session.push_text("away passes")
    play(session, """
        home passes
        away passes
        home stands pat
        roll 1 1
        roll 1 1
        roll 1 1
        roll 1 1
    """)
    # The inning is over: the away player is the batter again, at the 2nd inning's draw.
    assert (state.inning, state.half, state.batting) == (2, "top", "away")
    assert rules.awaiting(state).side == "away" and state.phase == "draw"
    assert "hampton" in state.away.used and "mendevil" in state.home.used


# -- 4.8 Ending the Game ------------------------------------------------------------------------


def test_home_ahead_after_top_of_ninth_ends_the_game(rules):
    """Rule 4.8: the home team ahead after the top of the 9th wins without batting again."""
    session = new_game(rules)
    trace = []
    state = drive(session, runs={(1, "bottom"): 1}, trace=trace)
    assert state.phase == "over" and state.winner == "home"
    assert (state.inning, state.half) == (9, "top")
    assert len(state.home.runs) == 8 and len(state.away.runs) == 9
    assert (9, "bottom") not in {(i, h) for i, h, _p in trace}
    assert rules.awaiting(state).kind == "over"
    assert rules.legal_actions(state) == []
    with pytest.raises(IllegalAction, match=r"^rule 4\.8:"):
        session.push_text("home passes")


def test_home_behind_bats_in_the_ninth(rules):
    """Rule 4.8: the home team not ahead after the top of the 9th bats in the bottom."""
    session = new_game(rules)
    state = drive(session, runs={(1, "top"): 1})
    assert state.phase == "over" and state.winner == "away"
    assert len(state.home.runs) == 9 and len(state.away.runs) == 9


def test_home_going_ahead_in_the_ninth_wins(rules):
    """Rules 4.7 and 4.8: the home team ahead after the bottom of the 9th wins the game."""
    session = new_game(rules)
    state = drive(session, runs={(1, "top"): 1, (9, "bottom"): 2})
    assert state.phase == "over" and state.winner == "home"
    assert state.inning == 9
    assert (state.away.total, state.home.total) == (1, 2)


def test_tie_after_nine_goes_to_the_tenth(rules):
    """Rules 4.8 and 6.0: tied after nine innings, the 10th is played."""
    session = new_game(rules)
    state = drive(session, runs={(2, "top"): 1, (5, "bottom"): 1}, until=at(10))
    assert state.phase != "over" and state.winner is None
    assert (state.away.total, state.home.total) == (1, 1)
    assert len(state.home.runs) == 9 and len(state.away.runs) == 9


# -- dice faces -------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["roll 0 3", "roll 7 1", "roll 3 9", "roll -1 2",
                                  "roll six 2", "roll \uff14 2", "roll +4 2"])
def test_die_faces_outside_one_to_six_are_refused(rules, line):
    """Rule 4.6 (SPEC 8): a die face off the die is refused, naming the range 1..6."""
    session = example_at_bat(rules)
    session.push_text("away stands pat")
    before = (session.state.summary(), len(session.actions), session.state.atbat.rolls_left)
    with pytest.raises(ParseError, match=r"1\.\.6"):
        session.push_text(line)
    assert (session.state.summary(), len(session.actions),
            session.state.atbat.rolls_left) == before


def test_managerial_move_keeps_both_markers_on_their_tracks(rules):
    """Rules 4.5, 5.5.1, 5.5.2: the marker moved down needs its boxes; the one moved up
    stops at its track's end (XII with the bonus roll; 20 Scoring Rolls)."""
    from companion.high_and_tight.rules import managerial_move

    top = rules.box.rolls_max
    assert top == 20
    assert managerial_move(top, 6, False, -2, top) == (top, 4, False)
    assert managerial_move(5, 12, False, 1, top) == (4, 12, True)
    assert managerial_move(5, 11, True, 2, top) == (4, 12, True)      # one bonus at most
    assert managerial_move(5, 10, False, 2, top) == (4, 12, False)    # no excess, no bonus
    assert managerial_move(1, 6, False, 1, top) is None
    # The bonus roll is no box of the Scoring Rolls track: with the marker on 1 it cannot
    # come down, whatever the bonus adds (rulings, the Managerial Move).
    assert managerial_move(1, 12, True, 1, top) is None
    assert managerial_move(1, 6, True, -2, top) == (2, 4, True)
    assert managerial_move(5, 2, False, -2, top) is None
    # Across the flip of the Scoring Rolls marker (5.5.1): 10 and one more is the "+10"
    # side's box 1 (11); a roll spent from there flips it back to 10.
    assert managerial_move(10, 6, False, -2, top) == (11, 4, False)
    assert managerial_move(11, 6, False, 1, top) == (10, 7, False)
    assert managerial_move(11, 6, False, 2, top) == (10, 8, False)
