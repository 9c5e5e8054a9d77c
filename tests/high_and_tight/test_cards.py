"""Rules 5.1-5.7: Strategy Cards, their eligibility, the play sequence and Rally Caps."""

import shutil

import pytest

from companion.engine.errors import DataError, IllegalAction
from companion.engine.session import Session
from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box
from companion.high_and_tight.effects import Matchup
from companion.high_and_tight.odds import score_rolls
from companion.high_and_tight.rules import HighAndTight

from .util import (
    NEW_YORK_LINEUP,
    TEXAS_LINEUP,
    dice_for,
    hand,
    new_game,
    play,
    quiet_half,
    reach,
)

CALIFORNIA_LINEUP = ("home lineup C Ybarra; OF Dorsey, Amescua, Kowalczyk; "
                     "IF Tancredi, Morrow, Esquivel, Lindgren; DH Holloway")
PHILADELPHIA_LINEUP = ("home lineup C Ruggiero; OF Whitcombe, Iversen, Calloway; "
                       "IF Pettibone, Alcantar, Farrow, Kestler; DH Duchamp")
# Texas with Wendt in the field (Carrizales is the DH), so Wendt's own Defense 3 is used.
TEXAS_WENDT_FIELDS = ("away lineup C Boudreaux; OF Marty, Rusk, Villafane; "
                      "IF Blanto, Hampton, Wendt, Oyelaran; DH Carrizales")


def markers(session) -> tuple[int, str, bool]:
    """(Scoring Rolls, Scoring Number box, bonus roll earned) of the at-bat."""
    state = session.state
    return state.atbat.rolls, state.scoring_box().label, state.atbat.bonus


def piece(session, team: str, name: str):
    return session.rules.box.rosters[team].ballplayers[name.casefold()]


def pitcher(session, team: str, name: str):
    return session.rules.box.rosters[team].pitchers[name.casefold()]


def card_key(name: str) -> str:
    return name.casefold()


# -- 5.1.1 a and b: ratings adjustments and bonus sections -------------------------------

def test_good_wood_raises_number_by_batter_power(rules):
    """Rule 5.1.1 a, first example: Good Wood with Hampton (Power 3) up moves the number up 3."""
    session = new_game(rules, away_cards=("Good Wood", "Wallbanger", "Leadoff Walk",
                                          "Web Gem", "Pitchout", "Blown Call"))
    assert piece(session, "texas", "Hampton").power == 3
    reach(session, 3, reserve=("Hampton", "Kanno"))
    state = session.state
    assert state.strategy == "power"
    play(session, "away bats Hampton\nhome fields Kanno")
    # Sabaria's box IV, Hampton Offense 6 against Kanno Defense 4: VI.
    assert markers(session) == (4, "VI", False)
    play(session, "away plays Good Wood")
    assert markers(session) == (4, "IX", False)
    assert "Good Wood" not in hand(session, "away")
    assert "good wood" in state.decks["offense"].discard


def test_on_the_black_lowers_number_by_pitcher_control(rules):
    """Rule 5.1.1 a, second example: On the Black with Oswald (Control 2) pitching: down 2."""
    session = new_game(rules, home="philadelphia", home_starter="Oswald",
                       home_lineup=PHILADELPHIA_LINEUP)
    assert pitcher(session, "philadelphia", "Oswald").control == 2
    state = session.state
    assert state.inning == 1 and state.strategy == "obp"
    play(session, "away bats Hampton\nhome fields Whitcombe")
    # Oswald's box IV, Hampton Offense 6 against Whitcombe Defense 5: V.
    assert markers(session) == (4, "V", False)
    play(session, "away passes\nhome plays On the Black")
    assert markers(session) == (4, "III", False)


def _splitting_the_outfielders(rules, batter: str):
    """New York at home holding Split the Outfielders; `batter` fields the top of the 2nd
    against Rusk, so he bats its bottom (rule 4.2.2 b), in Flee's speed inning."""
    session = new_game(rules, home_cards=("Split the Outfielders", "Good Jump", "Good Wood",
                                          "Keep It in the Yard", "Around the Horn",
                                          "On the Black"))
    reach(session, 2, reserve=(batter, "Rusk"))
    play(session, f"away bats Rusk\nhome fields {batter}")
    quiet_half(session)
    reach(session, 2, "bottom")
    state = session.state
    assert state.strategy == "speed" and state.home.player == batter.lower()
    return session


def test_split_the_outfielders_bonus_adds_rolls(rules):
    """Rule 5.1.1 b example: Kanno (Speed 1, Power 3) splits the outfielders: +1 box, +2 rolls."""
    session = _splitting_the_outfielders(rules, "Kanno")
    state = session.state
    kanno = piece(session, "new-york", "Kanno")
    assert (kanno.speed, kanno.power) == (1, 3)
    # Flee's box V, Kanno Offense 5 against Rusk Defense 4: VI.
    assert markers(session) == (4, "VI", False)
    play(session, "home plays Split the Outfielders")
    assert markers(session) == (6, "VII", False)
    # The log tells the bonus section's move as a bonus (rule 5.1.1 b).
    rule, text = state.log[-1]
    assert rule == "5.5" and text.startswith("home plays Split the Outfielders: Scoring "
                                             "Number +1, bonus Scoring Rolls +2")


def test_split_the_outfielders_takes_no_roll_from_a_batter_without_power():
    """Rule 5.1.1 b with a Power 0 batter (Mendevil): 'Power less one' stops at zero (a bonus
    adds rolls, it never takes one away); the Speed move stands (docs/rulings.md)."""
    box = load_box()
    # the pieces alone: Mendevil at bat
    matchup = Matchup.facing(box.rosters["new-york"].piece("Mendevil"), None)
    assert (matchup.batter.power, matchup.batter.speed) == (0, 2)
    assert matchup.card_moves(box.card("Split the Outfielders")) == (("number", 2),
                                                                     ("rolls", 0))


def test_a_bonus_that_comes_to_nothing_says_why(rules):
    """Rule 5.1.1 b: Mendevil (Power 0) splits the outfielders; the log gives the bonus's
    zero with the rating behind it, not a bare 'Scoring Rolls +0'."""
    session = _splitting_the_outfielders(rules, "Mendevil")
    state = session.state
    rolls, number, bonus = markers(session)
    play(session, "home plays Split the Outfielders")
    assert markers(session)[0] == rolls
    rule, text = state.log[-1]
    assert rule == "5.5" and text.startswith(
        "home plays Split the Outfielders: Scoring Number +2, bonus Scoring Rolls +0 (the "
        "batter's Power 0 less 1)")


# -- 5.1.1 c: Pitcher/Batter Matchup ------------------------------------------------------

def _ziti_pitching(rules, batter: str):
    """California at home; Merriweather (Fatigue 5) gives way to Ziti in the 6th."""
    session = new_game(rules, home="california", home_starter="Merriweather",
                       home_lineup=CALIFORNIA_LINEUP,
                       home_cards=("Pitcher/Batter Matchup (Defense)", "Blown Call",
                                   "Web Gem", "On the Black", "Good Wood", "Good Jump"),
                       away_cards=("Pitcher/Batter Matchup (Offense)", "Bad Hop",
                                   "Good Wood", "Wallbanger", "Web Gem", "Pitchout"))
    reach(session, 6, reserve=(batter, "Esquivel"))
    state = session.state
    assert state.phase == "mound"
    play(session, f"home brings in Ziti\naway bats {batter}\nhome fields Esquivel")
    assert state.strategy == "none"
    return session


def test_matchup_defense_lefty_against_lefty(rules):
    """Rule 5.1.1 c example: Ziti (throws L) against Marty (bats L): Scoring Rolls down 3."""
    session = _ziti_pitching(rules, "Marty")
    assert pitcher(session, "california", "Ziti").throws == "L"
    assert piece(session, "texas", "Marty").bats == "L"
    # Ziti's Stuff: 4 rolls, box IV; Marty Offense 5 against Esquivel Defense 7: II.
    assert markers(session) == (4, "II", False)
    play(session, "away passes\nhome plays Pitcher/Batter Matchup (Defense)")
    assert markers(session) == (1, "II", False)


def test_matchup_defense_never_against_a_switch_hitter(rules):
    """Rule 5.1.1 c example: against Blanto (switch) the defense matchup card cannot be played."""
    session = _ziti_pitching(rules, "Blanto")
    assert piece(session, "texas", "Blanto").bats == "S"
    state = session.state
    ok, why = rules.card_status(state, "home", card_key("Pitcher/Batter Matchup (Defense)"))
    assert not ok and "rule 5.1.1" in why
    # A switch hitter bats from the side opposite the pitcher: the offense card applies.
    before = state.atbat.rolls
    play(session, "away plays Pitcher/Batter Matchup (Offense)")
    assert state.atbat.rolls == before + 2
    with pytest.raises(IllegalAction, match="rule 5.1.1"):
        session.push_text("home plays Pitcher/Batter Matchup (Defense)")
    assert state.atbat.rolls == before + 2
    assert hand(session, "home")["Pitcher/Batter Matchup (Defense)"] == 1


def test_a_switch_hitter_swings_from_the_side_opposite_the_pitcher(rules):
    """Rule 5.1.1 c: Blanto (switch) bats left against Sabaria (throws R) and right against
    Lindqvist (throws L), so a card or ballpark asking 'bats L' holds against the first
    only; 'bats S' holds against both."""
    box = rules.box
    blanto = box.rosters["texas"].ballplayers["blanto"]
    sabaria, lindqvist = (box.rosters["new-york"].pitchers[key]
                          for key in ("sabaria", "lindqvist"))
    assert (blanto.bats, sabaria.throws, lindqvist.throws) == ("S", "R", "L")
    for pitcher_piece, side in ((sabaria, "L"), (lindqvist, "R")):
        matchup = Matchup.facing(blanto, pitcher_piece)
        assert matchup.batting_side() == side
        assert matchup.bats_is(side) and not matchup.bats_is("L" if side == "R" else "R")
        assert matchup.bats_is("S")


def test_a_rating_limit_holds_at_its_bound(rules):
    """Rule 5.1.1 c: 'Power 2 or less' (Warning Track) holds for Marty's Power 2 and not
    for Hampton's 3; an 'at least' limit holds at its bound as well."""
    from companion.high_and_tight.box import Condition

    box = rules.box
    track = box.card("Warning Track")
    (limit,) = track.requires
    assert (limit.rating, limit.at_most) == ("batter.power", 2)
    sabaria = box.rosters["new-york"].pitchers["sabaria"]
    texas = box.rosters["texas"].ballplayers
    assert Matchup.facing(texas["marty"], sabaria).holds(limit)
    assert not Matchup.facing(texas["hampton"], sabaria).holds(limit)
    at_least = Condition(rating="batter.power", at_least=3)
    assert Matchup.facing(texas["hampton"], sabaria).holds(at_least)
    assert not Matchup.facing(texas["marty"], sabaria).holds(at_least)


def test_matchup_righty_against_righty(rules):
    """Rule 5.1.1 c: Sabaria (throws R) facing Hampton (bats R) is the same-side matchup
    that costs the batter two Scoring Rolls, not the three of two lefties; the offense
    matchup card, which needs opposite sides, is refused and stays in hand."""
    session = new_game(rules, home_cards=("Pitcher/Batter Matchup (Defense)", "Blown Call",
                                          "Web Gem", "On the Black", "Good Wood", "Good Jump"),
                       away_cards=("Pitcher/Batter Matchup (Offense)", "Bad Hop",
                                   "Leadoff Walk", "Wallbanger", "Web Gem", "Pitchout"))
    state = session.state
    assert pitcher(session, "new-york", "Sabaria").throws == "R"
    assert piece(session, "texas", "Hampton").bats == "R"
    play(session, "away bats Hampton\nhome fields Kanno")
    # Sabaria's box IV, Hampton Offense 6 against Kanno Defense 4: VI.
    assert markers(session) == (4, "VI", False)
    with pytest.raises(IllegalAction, match=r"^rule 5\.1\.1: it needs batter and pitcher "
                                            "on opposite sides"):
        session.push_text("away plays Pitcher/Batter Matchup (Offense)")
    assert markers(session) == (4, "VI", False) and state.atbat.turn == "away"
    assert hand(session, "away")["Pitcher/Batter Matchup (Offense)"] == 1
    play(session, "away passes\nhome plays Pitcher/Batter Matchup (Defense)")
    assert markers(session) == (2, "VI", False)
    assert "Pitcher/Batter Matchup (Defense)" not in hand(session, "home")


# -- 5.1.1 d: cancelling ------------------------------------------------------------------

CLUTCH_AWAY = ("Ducks on the Pond", "Bad Hop", "Wallbanger", "Leadoff Walk", "Pitchout",
               "Blown Call")
CLUTCH_HOME = ("Web Gem", "Bear Down", "Keep It in the Yard", "Good Wood", "On the Black",
               "Around the Horn")


def test_web_gem_cancels_ducks_on_the_pond(rules):
    """Rule 5.1.1 d example: Web Gem right after Ducks on the Pond: both discarded, no move."""
    session = new_game(rules, away_cards=CLUTCH_AWAY, home_cards=CLUTCH_HOME)
    reach(session, 4, reserve=("Rusk", "Orlick"))
    state = session.state
    assert state.strategy == "clutch"
    play(session, "away bats Rusk\nhome fields Orlick")
    before = markers(session)
    # Sabaria's 4 rolls and box IV; Rusk Offense 6 against Orlick Defense 6: IV.
    assert before == (4, "IV", False)
    play(session, "away plays Ducks on the Pond")
    # Rusk's Clutch 4 moves the number up four boxes...
    assert markers(session) == (4, "VIII", False)
    play(session, "home plays Web Gem")
    # ... and Web Gem puts every marker back; Ducks on the Pond is the card cancelled.
    assert markers(session) == before
    # The note tells the table where the markers go back to (they moved on the board).
    assert state.log[-1] == ("5.1.1 d", "Web Gem cancels Ducks on the Pond: both discarded, "
                                        "the markers go back -> rolls 4, box IV")
    assert [state.atbat.played[n] for n in state.atbat.cancelled] == [("away",
                                                                        "Ducks on the Pond")]
    assert "Ducks on the Pond" not in hand(session, "away")
    assert "Web Gem" not in hand(session, "home")
    assert "ducks on the pond" in state.decks["offense"].discard
    assert "web gem" in state.decks["defense"].discard
    # The cancelled card still used the batting player's one card.
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("away plays Wallbanger")


def brannigan_against_wendt(rules) -> Session:
    """The bottom of the 3rd (a Power inning): Brannigan up against Wendt's Defense 3,
    Good Wood in New York's hand and Wind Knocks It Down in Texas's, the card phase due."""
    session = new_game(rules, away_starter="Lozano", away_lineup=TEXAS_WENDT_FIELDS,
                       home_cards=("Good Wood", "Bad Hop", "Work the Count", "On the Black",
                                   "Web Gem", "Around the Horn"),
                       away_cards=("Wind Knocks It Down", "Wallbanger", "Leadoff Walk",
                                   "Web Gem", "Pitchout", "Blown Call"))
    reach(session, 3, reserve=("Wendt", "Brannigan"))
    play(session, "away bats Wendt\nhome fields Brannigan")
    quiet_half(session)
    reach(session, 3, "bottom")
    return session


def test_a_cancel_takes_back_the_bonus_roll_its_card_earned(rules):
    """Rules 5.1.1 d and 5.5.2: the bonus roll a cancelled card earned goes with it (the
    cancel puts every marker back, the flipped Scoring Number marker included)."""
    session = brannigan_against_wendt(rules)
    # Lozano: 3 rolls, box VI; Brannigan Offense 6 against Wendt Defense 3: IX.
    assert markers(session) == (3, "IX", False)
    play(session, "home plays Good Wood")            # Brannigan's Power 4: past XII
    assert markers(session) == (3, "XII", True)
    play(session, "away plays Wind Knocks It Down")
    assert markers(session) == (3, "IX", False)
    assert session.state.log[-1][1].endswith("the markers go back -> rolls 3, box IX")
    play(session, "home passes\naway passes\nhome stands pat")
    assert session.state.atbat.rolls_left == 3


def test_a_cancel_comes_right_after_its_card_or_not_at_all(rules):
    """Rule 5.1.1 d: a cancel is played right after the offense card it cancels. Once the
    fielding player has passed on it, and Rally Caps and a pass came after, Wind Knocks It
    Down may not cancel Good Wood any more (the cancel's window stayed open past a pass)."""
    session = brannigan_against_wendt(rules)
    play(session, "home plays Good Wood\naway passes\nhome rallies tens\nhome passes")
    after = markers(session)
    with pytest.raises(IllegalAction, match=r"rule 5\.1\.1 d"):
        session.push_text("away plays Wind Knocks It Down")
    assert markers(session) == after and not session.state.atbat.cancelled


def test_a_cancel_with_a_move_of_its_own_cancels_only_its_categories(box_copy):
    """Rule 5.1.1 d: a card that cancels some categories and moves a marker too (a box
    typed in: Wind Knocks It Down made to cancel Speed cards and lower the number 1)
    played right after a Power card cancels nothing: its own move is made, the Power
    card stands. Right after a Speed card it would cancel that card."""
    cards = box_copy / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    old = ('Play right after a Power Offense card: that card is cancelled."\n'
           'cancels = ["power"]\n')
    assert old in text
    cards.write_text(text.replace(old, 'Lower the Scoring Number 1 box."\n'
                                       'cancels = ["speed"]\n'
                                       'effects = [ { marker = "number", down = 1 } ]\n'),
                     encoding="utf-8")
    rules = HighAndTight(load_box(box_copy))
    session = brannigan_against_wendt(rules)
    play(session, "home plays Good Wood")
    assert markers(session) == (3, "XII", True)
    play(session, "away plays Wind Knocks It Down")
    state = session.state
    assert not state.atbat.cancelled
    # its own move: down a box from XII; the bonus roll earned stays (docs/rulings.md, 5.5.2)
    assert markers(session) == (3, "XI", True)


def test_a_cancel_of_hit_and_run_turns_its_nines_off(rules):
    """Rules 5.1.1 d and 5.1.1 e: Pitchout cancels Hit and Run whole: its four rolls and its
    9s, which then take no run away."""
    session = new_game(rules, home="california", home_starter="Merriweather",
                       home_lineup=CALIFORNIA_LINEUP,
                       away_cards=("Hit and Run", "Wallbanger", "Leadoff Walk", "Web Gem",
                                   "Bear Down", "Blown Call"),
                       home_cards=("Pitchout", "Good Wood", "Work the Count", "On the Black",
                                   "Web Gem", "Keep It in the Yard"))
    reach(session, 2, reserve=("Villafane", "Esquivel"))
    play(session, "away bats Villafane\nhome fields Esquivel")
    state = session.state
    before = markers(session)
    play(session, "away plays Hit and Run")
    assert state.atbat.rolls == before[0] + 4 and state.atbat.hit_and_run
    play(session, "home plays Pitchout")
    assert markers(session) == before and not state.atbat.hit_and_run


def test_the_cancel_may_be_the_extra_card_rally_caps_gave(rules):
    """Rules 5.1.1 d and 5.7.2: with his card for the phase spent, the fielding player uses
    Rally Caps right after the offense card and cancels it with the extra card."""
    session = new_game(rules, away_cards=CLUTCH_AWAY, home_cards=CLUTCH_HOME)
    reach(session, 4, reserve=("Rusk", "Orlick"))
    state = session.state
    play(session, "away bats Rusk\nhome fields Orlick\naway passes\nhome plays Bear Down")
    before = markers(session)
    play(session, "away plays Ducks on the Pond")
    assert markers(session) != before
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("home plays Web Gem")            # his card is spent...
    play(session, "home rallies card\nhome plays Web Gem")  # ... the extra card cancels
    assert markers(session) == before
    assert [state.atbat.played[n] for n in state.atbat.cancelled] == [("away",
                                                                        "Ducks on the Pond")]
    assert state.home.rally_left == 1


def test_web_gem_answers_ducks_on_the_pond_whoever_fields(rules):
    """Rule 5.1.1 d example: Web Gem cancels Ducks on the Pond at once, with no condition on
    the fielder, so it holds with the DH in the field too (rule 4.3.1)."""
    session = new_game(rules, away_cards=CLUTCH_AWAY, home_cards=CLUTCH_HOME)
    reach(session, 4, reserve=("Rusk", "Stroud"))
    play(session, "away bats Rusk\nhome fields Stroud")   # Stroud is the New York DH
    before = markers(session)
    play(session, "away plays Ducks on the Pond")
    assert markers(session) != before
    play(session, "home plays Web Gem")
    assert markers(session) == before
    assert session.state.log[-1][0] == "5.1.1 d"


NEW_YORK_MENDEVIL_IS_DH = ("home lineup C Delacorte; OF Kanno, Haverty, Quillen; "
                           "IF Vantassel, Orlick, Brannigan, Sokolow; DH Mendevil")
NEW_YORK_SOKOLOW_IS_DH = ("home lineup C Delacorte; OF Kanno, Haverty, Quillen; "
                          "IF Vantassel, Orlick, Brannigan, Mendevil; DH Sokolow")


@pytest.mark.parametrize(("lineup", "is_dh", "after"), [
    (NEW_YORK_MENDEVIL_IS_DH, True, (4, "V")),
    (NEW_YORK_SOKOLOW_IS_DH, False, (3, "II"))])
def test_around_the_horn_never_reads_the_dh_s_own_defense(rules, lineup, is_dh, after):
    """Rule 4.3.1 (and its own example, Around the Horn): Mendevil's piece says Defense 7.
    As the DH in the field he is Defense 4 in Batter vs Fielder and his Defense counts for
    no card, so the card lowers the Scoring Number only; fielding as an infielder, his 7
    also takes a Scoring Roll away. (A DH of Defense 3, as Stroud, could not tell the two
    readings apart.)"""
    session = new_game(rules, home_lineup=lineup)
    reach(session, 2, "top", reserve=["Mendevil", "Hampton"])
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes")
    fielding = "Defense 4" if is_dh else "Defense 7"
    assert any(f"Hampton (Offense 6) vs Mendevil ({fielding})" in text
               for _, text in session.state.log)
    play(session, "home plays Around the Horn")
    assert markers(session)[:2] == after


@pytest.mark.parametrize(("lineup", "is_dh"), [(NEW_YORK_MENDEVIL_IS_DH, True),
                                             (NEW_YORK_SOKOLOW_IS_DH, False)])
def test_a_card_needing_the_fielders_defense_is_refused_with_the_dh_in_the_field(
        rules, lineup, is_dh):
    """Rules 4.3.1, 5.1.1 c: Strong Arm needs a fielder of Defense 5 or more. Mendevil's piece
    says 7: fielding as an infielder he may back it; as the DH in the field he fields on the
    marker's 4 and no card reads his own Defense, so it is refused and nothing moves."""
    session = new_game(rules, home_lineup=lineup,
                       home_cards=("Good Wood", "Good Jump", "Work the Count",
                                   "Keep It in the Yard", "Strong Arm", "On the Black"))
    reach(session, 2, "top", reserve=["Mendevil", "Hampton"])
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes")
    before = markers(session)
    if is_dh:
        with pytest.raises(IllegalAction, match="rule 5.1.1") as refused:
            session.push_text("home plays Strong Arm")
        assert "it needs the fielder's Defense 5 or more (not usable now)" in str(
            refused.value)
        assert markers(session) == before
    else:
        play(session, "home plays Strong Arm")
        assert markers(session)[1] != before[1]


def test_special_cards_cannot_be_cancelled(rules, tmp_path):
    """Rule 5.1.1 d: a Special card stands; no cancel answers it, and no box may say otherwise."""
    session = new_game(rules, away_cards=CLUTCH_AWAY, home_cards=CLUTCH_HOME)
    reach(session, 4, reserve=("Rusk", "Orlick"))
    play(session, "away bats Rusk\nhome fields Orlick")
    before = session.state.atbat.number
    play(session, "away plays Bad Hop")
    with pytest.raises(IllegalAction, match="rule 5.1.1 d"):
        session.push_text("home plays Web Gem")
    assert session.state.atbat.number == before + 1
    # A typed-in box whose defense card cancels Special cards is refused at load time.
    folder = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    with open(folder / "cards.toml", "a", encoding="utf-8") as cards:
        cards.write('\n[[card]]\nname = "Overrule"\nside = "defense"\ncategory = "special"\n'
                    'copies = 1\ntext = "Cancels a special card."\ncancels = ["special"]\n')
    with pytest.raises(DataError, match="5.1.1 d"):
        load_box(folder)


def test_cancel_must_come_right_after_the_offense_card(rules):
    """Rule 5.1.1 d: a cancel card that does not answer the offense card at once is refused."""
    session = new_game(rules, away_cards=("Web Gem", "Bear Down", "Leadoff Walk", "Pitchout",
                                          "Blown Call", "Wallbanger"),
                       home_cards=("Ducks on the Pond", "Crowd on Its Feet", "Good Wood",
                                   "Keep It in the Yard", "On the Black", "Around the Horn"))
    reach(session, 4, reserve=("Brannigan", "Marty"))
    play(session, "away bats Marty\nhome fields Brannigan")
    quiet_half(session)
    reach(session, 4, "bottom")
    state = session.state
    # Brannigan (Clutch 3) bats, Marty (Defense 5) fields.
    before = state.atbat.number
    play(session, """
        home plays Ducks on the Pond
        away passes
        home plays Crowd on Its Feet
    """)
    assert state.atbat.number == before + 3
    ok, why = rules.card_status(state, "away", card_key("Web Gem"))
    assert not ok and "rule 5.1.1 d" in why
    # The reason names what it would cancel: the moment is wrong, not the card.
    assert "it cancels only a Clutch offense card, right after it is played" in why
    with pytest.raises(IllegalAction, match="rule 5.1.1 d"):
        session.push_text("away plays Web Gem")
    assert state.atbat.number == before + 3


# -- 4.6.3: a card's extra scoring number -------------------------------------------------

UPPER_DECK_AWAY = ("Upper Deck", "Wallbanger", "Leadoff Walk", "Web Gem", "Pitchout",
                   "Blown Call")
UPPER_DECK_HOME = ("Wind Knocks It Down", "Good Wood", "Work the Count",
                   "Keep It in the Yard", "On the Black", "Around the Horn")


def test_upper_deck_scores_every_11_of_the_at_bat(rules):
    """Rules 4.6.3, 5.1.1: Upper Deck (Power 2 or more) adds 11 to the scoring numbers of
    this at-bat: each roll of 11 scores, and the next at-bat reads the track alone."""
    session = new_game(rules, away_cards=UPPER_DECK_AWAY, home_cards=UPPER_DECK_HOME)
    reach(session, 3, reserve=("Hampton", "Orlick"))
    state = session.state
    assert state.strategy == "power"
    play(session, "away bats Hampton\nhome fields Orlick")     # Hampton: Power 3
    assert 11 not in state.scoring_numbers()
    play(session, "away plays Upper Deck")
    assert 11 in state.scoring_numbers()
    play(session, "home passes\naway passes\naway stands pat")
    rolls = 0
    while state.phase == "roll":
        play(session, "roll 5 6")
        rolls += 1
    assert rolls >= 1 and state.away.runs[-1] == rolls      # every 11 scored
    assert 11 not in state.scoring_numbers()


def test_a_cancel_takes_the_extra_scoring_number_away(rules):
    """Rules 4.6.3, 5.1.1 d: Wind Knocks It Down cancels Upper Deck at once: the 11 goes with
    it, and a roll of 11 scores nothing."""
    session = new_game(rules, away_cards=UPPER_DECK_AWAY, home_cards=UPPER_DECK_HOME)
    reach(session, 3, reserve=("Hampton", "Orlick"))
    state = session.state
    play(session, "away bats Hampton\nhome fields Orlick")
    before = markers(session)
    play(session, "away plays Upper Deck\nhome plays Wind Knocks It Down")
    assert 11 not in state.scoring_numbers() and markers(session) == before
    play(session, "away passes\nhome passes\naway stands pat\nroll 5 6")
    assert state.atbat.runs == 0


# -- 5.1.1 e: Hit and Run -----------------------------------------------------------------

def test_hit_and_run_needs_a_batter_who_qualifies(rules):
    """Rule 5.1.1 e ("if he qualifies"): the demo Hit and Run needs the batter's Speed 2 or
    more; with Hampton (Speed 1) at bat it is refused and nothing moves (rulings.md)."""
    session = new_game(rules)
    reach(session, 2, reserve=("Hampton", "Orlick"))
    play(session, "away bats Hampton\nhome fields Orlick")
    before = markers(session)
    with pytest.raises(IllegalAction, match="rule 5.1.1") as refused:
        session.push_text("away plays Hit and Run")
    assert "it needs the batter's Speed 2 or more" in str(refused.value)
    assert markers(session) == before and not session.state.atbat.hit_and_run


def test_hit_and_run_example_nets_one_run(rules):
    """Rule 5.1.1 e example: box III, six rolls 4 4, 2 1, 3 4, 4 5, 1 2, 5 2 net one run."""
    session = new_game(rules, home_cards=("Pitcher/Batter Matchup (Defense)", "Good Wood",
                                          "Good Jump", "Keep It in the Yard",
                                          "Around the Horn", "On the Black"))
    reach(session, 2, reserve=("Oyelaran", "Delacorte"))
    state = session.state
    assert state.strategy == "speed"
    play(session, "away bats Oyelaran\nhome fields Delacorte")
    # Sabaria's box IV, Oyelaran Offense 4 against Delacorte Defense 5: III.
    assert markers(session) == (4, "III", False)
    play(session, "away plays Hit and Run")
    assert markers(session) == (8, "III", False)
    # Sabaria and Oyelaran are both righties: two rolls off.
    play(session, "home plays Pitcher/Batter Matchup (Defense)")
    assert markers(session) == (6, "III", False)
    play(session, "away passes\nhome passes\naway stands pat")
    assert state.atbat.rolls_left == 6
    play(session, """
        roll 4 4
        roll 2 1
        roll 3 4
        roll 4 5
        roll 1 2
    """)
    assert state.atbat.runs == 1
    play(session, "roll 5 2")
    assert state.away.runs[-1] == 1
    assert any(rule == "5.1.1 e" for rule, _ in state.log)
    # each roll keeps what it did: the 3s ran, the 9 took one of them away
    assert state.last_atbat.marks == [(), ("run",), (), ("nine",), ("run",), ()]
    # Rule 4.6.4: the half's note tells the box its dice were read against, 9s and all.
    assert ("4.6.4", "away scores 1 run in the top of inning 2 on box III (3; Hit and Run: "
                     "9s took 1 run away)") in state.log
    assert score_rolls([8, 3, 7, 9, 3, 7], [3], hit_and_run=True) == 1


def _hit_and_run_in_the_second(rules, move: str):
    """Oyelaran bats against Delacorte in the top of the 2nd with Hit and Run played and
    the Managerial Move `move` made ('stands pat', 'manages -2')."""
    session = new_game(rules)
    reach(session, 2, reserve=("Oyelaran", "Delacorte"))
    play(session, "away bats Oyelaran\nhome fields Delacorte\naway plays Hit and Run\n"
                  f"home passes\naway passes\naway {move}")
    return session


def test_hit_and_run_nine_never_takes_runs_below_zero(rules):
    """Rule 5.1.1 e: a 9 with no run banked takes nothing away; runs never go negative."""
    session = _hit_and_run_in_the_second(rules, "stands pat")
    play(session, """
        roll 4 5
        roll 6 3
        roll 1 2
    """)
    state = session.state
    assert state.atbat.runs == 1     # the two 9s came before any run
    play(session, "roll 5 4")
    assert state.atbat.runs == 0
    assert state.atbat.marks == [(), (), ("run",), ("nine",)]    # the 9s before: nothing
    while state.atbat.rolls_left:
        play(session, "roll 1 1")
    # the half's note counts what the 9s took, not 'each 9 took a run away' (two took none)
    assert ("4.6.4", "away scores 0 runs in the top of inning 2 on box III (3; Hit and Run: "
                     "9s took 1 run away)") in state.log


def test_hit_and_run_nine_on_box_one_free_roll(rules):
    """Rules 4.6.2 (box I) and 5.1.1 e: a 9 on box I's free roll still takes a run away; the
    free roll's run and the free 9 cancel out (docs/rulings.md, Hit and Run)."""
    session = _hit_and_run_in_the_second(rules, "manages -2")
    state = session.state
    assert state.scoring_box().label == "I"
    rolls = state.atbat.rolls_left
    play(session, "roll 1 1\nroll 3 4")
    assert state.atbat.runs == 1 and state.atbat.rolls_left == rolls - 1   # free: no roll
    play(session, "roll 1 1\nroll 4 5")
    assert state.atbat.runs == 0 and state.atbat.rolls_left == rolls - 2
    assert state.atbat.marks == [("earns",), ("free", "run"), ("earns",), ("free", "nine")]


# -- 5.3 and 5.6: eligibility by inning strategy -----------------------------------------

def test_fifth_inning_power_only(rules):
    """Rule 5.3 example: in the 5th (Power) only Power cards and Special cards are eligible."""
    session = new_game(rules,
                       away_cards=("Good Wood", "Good Jump", "Bad Hop", "Work the Count",
                                   "Wallbanger", "Pitchout"),
                       home_cards=("Keep It in the Yard", "Around the Horn", "Blown Call",
                                   "On the Black", "Good Wood", "Web Gem"))
    reach(session, 5, reserve=("Hampton", "Kanno"))
    state = session.state
    assert state.strategy == "power"
    play(session, "away bats Hampton\nhome fields Kanno")
    for name in ("Good Jump", "Work the Count", "Wallbanger"):
        ok, why = rules.card_status(state, "away", card_key(name))
        category = rules.box.card(name).category
        assert why == (f"{'OBP' if category == 'obp' else category.title()} cards are not "
                       "eligible in a Power inning (rule 5.3)"), name
        with pytest.raises(IllegalAction, match="rule 5.3"):
            session.push_text(f"away plays {name}")
    assert rules.card_status(state, "away", card_key("Bad Hop")) == (True, "")
    before = state.atbat.number
    play(session, "away plays Good Wood")
    assert state.atbat.number == before + 3
    for name in ("Around the Horn", "On the Black"):
        with pytest.raises(IllegalAction, match="rule 5.3"):
            session.push_text(f"home plays {name}")
    assert rules.card_status(state, "home", card_key("Blown Call")) == (True, "")
    play(session, "home plays Keep It in the Yard")   # Sabaria's Gopher 2
    assert state.atbat.number == before + 1


def test_none_inning_allows_only_special_cards(rules):
    """Rules 5.3 and 5.6: in the 6th (NONE) only Special cards may be played."""
    session = new_game(rules,
                       away_cards=("Good Wood", "Good Jump", "Work the Count", "Wallbanger",
                                   "Bad Hop", "Pitchout"),
                       home_cards=("Keep It in the Yard", "Around the Horn", "On the Black",
                                   "Bear Down", "Blown Call", "Web Gem"))
    reach(session, 6, reserve=("Hampton", "Kanno"))
    state = session.state
    assert state.strategy == "none"
    play(session, "away bats Hampton\nhome fields Kanno")
    for name in ("Good Wood", "Good Jump", "Work the Count", "Wallbanger"):
        with pytest.raises(IllegalAction, match="rule 5.3: only Special and Free cards in "
                                                "an inning with no strategy"):
            session.push_text(f"away plays {name}")
    rolls, _, _ = markers(session)
    number = state.atbat.number
    play(session, "away plays Bad Hop")
    for name in ("Keep It in the Yard", "Around the Horn", "On the Black", "Bear Down"):
        with pytest.raises(IllegalAction, match="rule 5.3"):
            session.push_text(f"home plays {name}")
    play(session, "home plays Blown Call")
    assert (state.atbat.rolls, state.atbat.number) == (rolls - 1, number + 1)


def test_special_cards_in_the_first_inning(rules):
    """Rule 5.6: Special cards are eligible in any inning, here the 1st (OBP)."""
    session = new_game(rules, away_cards=("Bad Hop", "Good Wood", "Wallbanger", "Web Gem",
                                          "Pitchout", "Leadoff Walk"),
                       home_cards=("Blown Call", "Good Wood", "Good Jump", "Work the Count",
                                   "On the Black", "Web Gem"))
    state = session.state
    assert state.strategy == "obp"
    play(session, "away bats Hampton\nhome fields Kanno")
    before = markers(session)
    assert rules.card_status(state, "away", card_key("Good Wood")) == (
        False, "Power cards are not eligible in an OBP inning (rule 5.3)")
    play(session, "away plays Bad Hop\nhome plays Blown Call")
    assert state.atbat.number == 7 and state.atbat.rolls == before[0] - 1


def test_wrong_side_cards_are_refused(rules):
    """Rules 2.3.1, 2.3.2 and 5.1: the batting player plays Offense cards, the fielding
    player Defense cards, each on his own turn: the batter's Defense card and the
    fielder's Offense card are refused."""
    session = new_game(rules, away_cards=("Leadoff Walk", "Brushback", "Wallbanger",
                                          "Web Gem", "Pitchout", "Blown Call"))
    state = session.state
    play(session, "away bats Hampton\nhome fields Kanno")
    box = rules.box
    assert box.card("Brushback").side == "defense"
    assert box.card("Work the Count").side == "offense"
    with pytest.raises(IllegalAction, match="rule 5.1"):
        session.push_text("away plays Brushback")
    play(session, "away passes")
    with pytest.raises(IllegalAction, match="rule 5.1"):
        session.push_text("home plays Work the Count")
    assert state.phase == "cards" and state.atbat.turn == "home"


# -- 5.4: the play sequence ---------------------------------------------------------------

def test_batting_player_acts_first(rules):
    """Rule 5.4: the batting player has the first option to play or pass."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Kanno")
    state = session.state
    assert rules.awaiting(state).side == "away"
    before = markers(session)
    for line in ("home plays On the Black", "home passes"):
        with pytest.raises(IllegalAction):
            session.push_text(line)
    assert markers(session) == before and state.atbat.turn == "away"


def test_fielding_player_may_play_after_a_pass(rules):
    """Rule 5.4: the fielding player may play a Defense card after the batting player passed."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Kanno")
    play(session, "away passes\nhome plays On the Black")   # Sabaria's Control 3
    assert markers(session) == (4, "III", False)


def test_phase_ends_on_two_passes_in_a_row(rules):
    """Rule 5.4: the Strategy Card phase goes on until both players pass one after the other."""
    session = new_game(rules)
    state = session.state
    play(session, "away bats Hampton\nhome fields Kanno")
    play(session, "away passes\nhome plays On the Black")
    # A card in between: the phase goes on and the batting player may still play.
    assert state.phase == "cards" and state.atbat.turn == "away"
    play(session, "away plays Leadoff Walk\nhome passes")
    assert state.phase == "cards" and state.atbat.turn == "away"
    play(session, "away passes")
    assert state.phase == "manage" and rules.awaiting(state).side == "away"


def test_rally_caps_tens_after_a_pass_lets_the_opponent_answer(rules):
    """Rules 5.4, 5.7.1: Rally Caps used for 10s is an action of the phase, not a pass:
    after away plays, home passes and away takes the 10s, away's pass does not end the
    phase; home may still play its card."""
    session = new_game(rules)
    state = session.state
    play(session, "away bats Marty\nhome fields Mendevil")
    play(session, "away plays Leadoff Walk\nhome passes\naway rallies tens\naway passes")
    assert state.phase == "cards" and state.atbat.turn == "home"
    assert "home plays On the Black" in [rules.format_action(a)
                                         for a in rules.legal_actions(state)]
    play(session, "home passes")
    assert state.phase == "manage"


def test_both_pass_at_once(rules):
    """Rule 5.4: two passes to open the phase end it with the markers untouched."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Kanno")
    before = markers(session)
    play(session, "away passes\nhome passes")
    assert session.state.phase == "manage" and markers(session) == before


# -- 5.5: effects and the tracks -----------------------------------------------------------

def test_good_jump_then_blown_call_example(rules):
    """Rule 5.5 example: 7th (Speed), Good Jump with a Speed 3 batter, then Blown Call."""
    session = new_game(rules, away_cards=("Good Jump", "Wallbanger", "Leadoff Walk",
                                          "Web Gem", "Pitchout", "Bad Hop"),
                       home_cards=("Blown Call", "Good Wood", "Work the Count",
                                   "Keep It in the Yard", "On the Black", "Web Gem"))
    assert piece(session, "texas", "Blanto").speed == 3
    reach(session, 7, reserve=("Blanto", "Kanno"))
    state = session.state
    assert state.strategy == "speed"
    play(session, "away bats Blanto\nhome fields Kanno")
    # Sabaria's 4 rolls and box IV; Blanto Offense 5 against Kanno Defense 4: V.
    assert markers(session) == (4, "V", False)
    play(session, "away plays Good Jump")
    assert markers(session) == (4, "VIII", False)
    play(session, "home plays Blown Call")
    assert markers(session) == (3, "VIII", False)


def test_scoring_rolls_never_below_one(rules):
    """Rule 5.5.1: a move below the 1 box leaves the Scoring Rolls marker on 1."""
    session = new_game(rules, away_starter="Lozano",
                       away_cards=("Punchout", "Blown Call", "Web Gem", "Pitchout",
                                   "Wallbanger", "Leadoff Walk"))
    quiet_half(session, reserve=())
    state = session.state
    assert (state.half, state.phase) == ("bottom", "cards")
    lozano = pitcher(session, "texas", "Lozano")
    assert (lozano.stuff_rolls, lozano.k) == (3, 3)
    play(session, "home passes\naway plays Punchout")
    assert state.atbat.rolls == 1
    play(session, "home passes\naway rallies card\naway plays Blown Call")
    assert state.atbat.rolls == 1
    play(session, "home passes\naway passes\nhome stands pat")
    assert state.atbat.rolls_left == 1


def test_track_moves_follow_one_another(rules):
    """Rules 5.5 and 5.5.1 (rulings: the track ends hold move by move): Punchout takes 3 rolls
    to the 1 box (not below it) and Leadoff Walk's +2 then ends on 3; a sum taken first
    (3 - 3 + 2) would leave 2."""
    session = new_game(rules, away_starter="Lozano",
                       away_cards=("Punchout", "Blown Call", "Web Gem", "Pitchout",
                                   "Wallbanger", "Good Jump"),
                       home_cards=("Leadoff Walk", "Good Wood", "Bad Hop", "On the Black",
                                   "Bear Down", "Around the Horn"))
    quiet_half(session, reserve=())
    state = session.state
    assert state.strategy == "obp" and rules.matchup(state, "home").batter.obp >= 2
    play(session, "home passes\naway plays Punchout")
    assert state.atbat.rolls == 1
    play(session, "home plays Leadoff Walk")
    assert state.atbat.rolls == 3


def test_two_hit_and_runs_take_one_run_a_nine(tmp_path):
    """Rule 5.1.1 e (rulings, Hit and Run): a box with two Hit and Run cards: both add their
    rolls (5.5), but a 9 takes one run away however many were played."""
    folder = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    text = (folder / "cards.toml").read_text(encoding="utf-8")
    start = text.index('name = "Hit and Run"')
    copies = text.index("copies = 1", start)
    (folder / "cards.toml").write_text(text[:copies] + "copies = 2" + text[copies + 10:],
                                       encoding="utf-8")
    rules = HighAndTight(load_box(folder))
    session = new_game(rules, home="california", home_starter="Merriweather",
                       home_lineup=CALIFORNIA_LINEUP,
                       away_cards=("Hit and Run", "Hit and Run", "Wallbanger", "Web Gem",
                                   "Pitchout", "Blown Call"))
    reach(session, 2, reserve=("Villafane", "Esquivel"))
    play(session, "away bats Villafane\nhome fields Esquivel")
    state = session.state
    before = state.atbat.rolls
    play(session, "away plays Hit and Run\nhome passes\naway rallies card\n"
                  "away plays Hit and Run\nhome passes\naway passes\naway stands pat")
    assert state.atbat.rolls == before + 8
    assert 9 not in state.scoring_numbers()
    while state.atbat.runs < 2:         # box I here: a 2, then its free roll (4.6.2)
        session.push_text("roll {} {}".format(*dice_for(state, want_run=True)))
    assert state.phase == "roll" and state.atbat.rolls_left > 1
    session.push_text("roll 4 5")
    assert state.atbat.runs == 1


def test_scoring_rolls_past_ten(rules):
    """Rule 5.5.1: past the 10 box the marker flips to +10 and keeps counting (11, 12...)."""
    session = new_game(rules, home="california", home_starter="Merriweather",
                       home_lineup=CALIFORNIA_LINEUP,
                       away_cards=("Hit and Run", "Pitcher/Batter Matchup (Offense)",
                                   "Pitcher/Batter Matchup (Offense)", "Wallbanger",
                                   "Web Gem", "Pitchout"))
    reach(session, 2, reserve=("Villafane", "Esquivel"))
    play(session, "away bats Villafane\nhome fields Esquivel")
    state = session.state
    assert state.atbat.rolls == 6          # Merriweather's Stuff
    play(session, """
        away plays Hit and Run
        home passes
        away rallies card
        away plays Pitcher/Batter Matchup (Offense)
        home passes
        away rallies card
        away plays Pitcher/Batter Matchup (Offense)
    """)
    assert state.atbat.rolls == 14
    play(session, "home passes\naway passes\naway stands pat")
    assert state.atbat.rolls_left == 14


def _box_with(tmp_path, card_toml: str):
    folder = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    with open(folder / "cards.toml", "a", encoding="utf-8") as cards:
        cards.write(card_toml)
    return HighAndTight(load_box(folder))


def test_scoring_rolls_stop_at_twenty(tmp_path):
    """Rule 5.5.1 (SPEC 3): the +10 side ends at 20; a bigger push leaves the marker on 20."""
    rules = _box_with(tmp_path, '\n[[card]]\nname = "Rally Monkey"\nside = "offense"\n'
                                'category = "special"\ncopies = 1\ntext = "Twenty rolls."\n'
                                'effects = [ { marker = "rolls", up = 20 } ]\n')
    session = new_game(rules, away_cards=("Rally Monkey", "Wallbanger", "Leadoff Walk",
                                          "Web Gem", "Pitchout", "Blown Call"))
    play(session, "away bats Hampton\nhome fields Kanno\naway plays Rally Monkey")
    assert session.state.atbat.rolls == 20


def test_scoring_number_never_below_box_one(rules):
    """Rule 5.5.2: the Scoring Number marker stays on box I when pushed further down."""
    session = new_game(rules)
    play(session, "away bats Oyelaran\nhome fields Mendevil")
    # Sabaria's box IV, Oyelaran Offense 4 against Mendevil Defense 7: I.
    assert markers(session) == (4, "I", False)
    play(session, "away passes\nhome plays On the Black")
    assert markers(session) == (4, "I", False)


def test_push_past_twelve_gives_exactly_one_bonus_roll(rules):
    """Rule 5.5.2: the number stops at XII; pushes past it give one bonus roll, never two."""
    session = new_game(rules, away_starter="Lozano", away_lineup=TEXAS_WENDT_FIELDS,
                       home_cards=("Good Wood", "Good Wood", "Bad Hop", "Work the Count",
                                   "On the Black", "Web Gem"))
    reach(session, 3, reserve=("Wendt", "Brannigan"))
    play(session, "away bats Wendt\nhome fields Brannigan")
    quiet_half(session)
    reach(session, 3, "bottom")
    state = session.state
    assert state.strategy == "power"
    # Lozano: 3 rolls, box VI; Brannigan Offense 6 against Wendt Defense 3: IX.
    assert markers(session) == (3, "IX", False)
    play(session, "home plays Good Wood")            # Brannigan's Power 4: past XII
    assert markers(session) == (3, "XII", True)
    play(session, """
        away passes
        home rallies card
        home plays Good Wood
        away passes
        home rallies card
        home plays Bad Hop
    """)
    assert markers(session) == (3, "XII", True)
    play(session, "away passes\nhome passes\nhome stands pat")
    assert state.atbat.rolls_left == state.atbat.rolls + 1 == 4


# -- 5.6.1: Free cards ---------------------------------------------------------------------

FREE_HOME = ("Work the Count", "Seeing It Well", "Crowd on Its Feet", "Good Wood",
             "On the Black", "Web Gem")


def test_free_cards_do_not_count_against_the_limit(rules):
    """Rule 5.6.1: a Free card may be played on top of the side's one strategy card."""
    session = new_game(rules, home_cards=FREE_HOME)
    quiet_half(session)
    state = session.state
    assert state.half == "bottom" and state.strategy == "obp"
    before = markers(session)
    play(session, "home plays Work the Count\naway passes")
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("home plays Seeing It Well")
    play(session, "home plays Crowd on Its Feet")
    assert state.atbat.rolls == before[0] + 1
    assert state.phase == "cards"


def test_one_card_per_side_per_phase(rules):
    """Rule 5.3: each side plays one strategy card in the phase."""
    session = new_game(rules, away_cards=("Leadoff Walk", "Work the Count", "Wallbanger",
                                          "Web Gem", "Pitchout", "Bad Hop"),
                       home_cards=("On the Black", "Punchout", "Good Wood", "Good Jump",
                                   "Web Gem", "Blown Call"))
    play(session, "away bats Hampton\nhome fields Kanno")
    state = session.state
    play(session, "away plays Leadoff Walk\nhome plays On the Black")
    ok, why = rules.card_status(state, "away", card_key("Work the Count"))
    assert not ok and "5.3" in why
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("away plays Work the Count")
    play(session, "away passes")
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("home plays Punchout")
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("home plays Blown Call")


def test_a_free_card_in_an_inning_with_no_strategy(rules):
    """Rules 5.3 and 5.6.1: Free cards are eligible in any inning, the 6th (NONE) included."""
    session = new_game(rules, home_cards=FREE_HOME)
    reach(session, 6, "bottom")
    state = session.state
    assert state.strategy == "none" and state.phase == "cards"
    before = markers(session)
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("home plays Work the Count")
    play(session, "home plays Crowd on Its Feet")
    assert markers(session) == (before[0] + 1, *before[1:])


def test_a_special_card_is_the_sides_one_card(rules):
    """Rules 5.3 and 5.6: a Special card is eligible in every inning and uses the side's one
    strategy card for the phase."""
    session = new_game(rules, away_cards=("Bad Hop", "Leadoff Walk", "Work the Count",
                                          "Web Gem", "Pitchout", "Blown Call"))
    play(session, "away bats Hampton\nhome fields Kanno\naway plays Bad Hop\nhome passes")
    with pytest.raises(IllegalAction, match="rule 5.3"):
        session.push_text("away plays Leadoff Walk")
    play(session, "away rallies card\naway plays Leadoff Walk")
    assert session.state.away.cards_played[-2:] == ["Bad Hop", "Leadoff Walk"]


def test_fielding_free_card_overrides_batting_free_card(rules):
    """Rule 5.6.1: the batting player's Free card is committed first, the fielding one overrides."""
    session = new_game(rules, home_cards=FREE_HOME,
                       away_cards=("Settle Down", "Wallbanger", "Leadoff Walk", "Web Gem",
                                   "Pitchout", "Blown Call"))
    quiet_half(session)
    state = session.state
    before = markers(session)
    play(session, "home plays Crowd on Its Feet")
    assert state.atbat.rolls == before[0] + 1
    play(session, "away plays Settle Down")
    assert markers(session) == before
    assert "crowd on its feet" in state.decks["offense"].discard
    assert "settle down" in state.decks["defense"].discard


def test_a_free_cancel_leaves_the_fielders_one_card(rules):
    """Rules 5.6.1 and 5.1.1 d: Settle Down, a Free card, cancels the Free card played on top
    of the batting side's counted card, and the fielding side still has its own one card."""
    session = new_game(rules, home_cards=FREE_HOME,
                       away_cards=("Settle Down", "Wallbanger", "Leadoff Walk", "Web Gem",
                                   "Pitchout", "Blown Call"))
    quiet_half(session)
    state = session.state
    play(session, "home plays Work the Count\naway passes")
    counted = markers(session)
    play(session, "home plays Crowd on Its Feet\naway plays Settle Down")
    assert markers(session) == counted                   # Work the Count's +2 stands
    play(session, "home passes")
    assert "away plays Blown Call" in [rules.format_action(a)
                                       for a in rules.legal_actions(state)]
    play(session, "away plays Blown Call")
    assert markers(session) == (counted[0] - 1, *counted[1:])


# -- 5.7: Rally Caps -----------------------------------------------------------------------

def test_rally_caps_clutch_example(rules):
    """Rule 5.7.2 example: 4th inning, a Clutch 4 batter, two cards and the 10s on top of the
    box's numbers (VIII here: 2, 7 and 10)."""
    session = new_game(rules, away_cards=("Wallbanger", "Fight Off Pitches", "Leadoff Walk",
                                          "Web Gem", "Pitchout", "Blown Call"))
    rusk = piece(session, "texas", "Rusk")
    assert rusk.clutch == 4
    reach(session, 4, reserve=("Rusk", "Orlick"))
    state = session.state
    assert state.strategy == "clutch" and state.away.rally_left == 2
    play(session, "away bats Rusk\nhome fields Orlick")
    # Sabaria's 4 rolls and box IV; Rusk Offense 6 against Orlick Defense 6: IV.
    assert markers(session) == (4, "IV", False)
    play(session, "away plays Wallbanger\nhome passes")
    # Wallbanger: Scoring Number + Clutch 4 (IV to VIII); its bonus, Power 3: a roll.
    assert markers(session) == (5, "VIII", False)
    play(session, "away rallies card\naway plays Fight Off Pitches")
    # Fight Off Pitches: a roll, and its bonus for Clutch 3 or more another (5.1.1 b).
    assert markers(session) == (7, "VIII", False)
    assert state.away.rally_left == 1
    play(session, "home passes\naway rallies tens")
    assert state.away.rally_left == 0
    assert state.scoring_numbers() == {2, 7, 10}
    # The 10s are an action of the phase: home may answer them before it ends (5.4).
    play(session, """
        away passes
        home passes
        away stands pat
        roll 1 1
        roll 3 4
        roll 5 5
        roll 4 4
        roll 6 6
        roll 1 3
        roll 2 3
    """)
    assert state.away.runs[-1] == 3
    # A third use of the game is refused.
    reach(session, 4, "bottom")
    assert state.phase == "cards"
    play(session, "home passes")
    with pytest.raises(IllegalAction, match="rule 5.7.1"):
        session.push_text("away rallies card")
    with pytest.raises(IllegalAction, match="rule 5.7.1"):
        session.push_text("away rallies tens")


def test_rally_caps_extra_card_follows_a_played_card(rules):
    """Rule 5.7.2: the extra card comes on top of the card already played, cumulatively."""
    session = new_game(rules, away_cards=("Leadoff Walk", "Work the Count", "Wallbanger",
                                          "Web Gem", "Pitchout", "Blown Call"))
    play(session, "away bats Hampton\nhome fields Kanno")
    state = session.state
    with pytest.raises(IllegalAction, match="rule 5.7.2"):
        session.push_text("away rallies card")
    assert state.away.rally_left == 2
    play(session, "away plays Leadoff Walk\nhome passes\naway rallies card")
    with pytest.raises(IllegalAction, match="rule 5.7.2"):
        session.push_text("away passes")
    play(session, "away plays Work the Count")
    # Sabaria 4 rolls, IV; Hampton 6 against Kanno 4: VI; +2 rolls; Hampton's OBP 2: VIII.
    assert markers(session) == (6, "VIII", False)
    assert state.away.rally_left == 1


def test_rally_caps_extra_card_for_the_fielding_player(rules):
    """Rules 5.7.1 and 5.7.2: the fielding player may use Rally Caps for a second Defense card."""
    session = new_game(rules, home_cards=("On the Black", "Punchout", "Good Wood",
                                          "Good Jump", "Web Gem", "Keep It in the Yard"))
    play(session, "away bats Hampton\nhome fields Kanno")
    state = session.state
    play(session, "away passes\nhome plays On the Black\naway passes")
    assert state.phase == "cards" and state.atbat.turn == "home"
    play(session, "home rallies card")
    assert rules.awaiting(state).prompt == "play the extra card Rally Caps gave (rule 5.7.2)"
    with pytest.raises(IllegalAction, match="no deal is awaited now; the game awaits home: "):
        session.push_text("deal Web Gem")
    play(session, "home plays Punchout")
    # Sabaria: 4 rolls, box IV; Hampton 6 against Kanno 4: VI; Control 3: III; K 2: 2 rolls.
    assert markers(session) == (2, "III", False)
    assert state.home.rally_left == 1 and state.away.rally_left == 2


def test_rally_caps_extra_card_must_count(rules):
    """Rule 5.7.2: the extra card Rally Caps give is a strategy card that counts; a Free card,
    which never counts, cannot be it."""
    session = new_game(rules, home_cards=FREE_HOME)
    quiet_half(session)
    state = session.state
    play(session, "home plays Work the Count\naway passes\nhome rallies card")
    with pytest.raises(IllegalAction, match="rule 5.7.2: Rally Caps' extra card must be a "
                                            "strategy card that counts"):
        session.push_text("home plays Crowd on Its Feet")
    play(session, "home plays Seeing It Well")
    assert state.home.cards_played == ["Work the Count", "Seeing It Well"]


def test_rally_caps_extra_card_needs_an_eligible_card(rules):
    """Rule 5.7.2: with no eligible card left in hand (a 1st-inning OBP phase, a hand of
    offense cards and defense cards of other strategies), the extra card is refused and the
    Rally Caps stay unused."""
    session = new_game(rules, home_cards=("On the Black", "Good Wood", "Good Jump",
                                          "Keep It in the Yard", "Around the Horn",
                                          "Settle Down"))
    play(session, "away bats Hampton\nhome fields Kanno\naway passes\nhome plays On the Black"
                  "\naway passes")
    state = session.state
    assert [rules.format_action(a) for a in rules.legal_actions(state)] == ["home passes"]
    with pytest.raises(IllegalAction, match="rule 5.7.2: no eligible card to play with it"):
        session.push_text("home rallies card")
    assert state.home.rally_left == 2 and state.atbat.must_play is None


def test_rally_caps_right_after_the_opponents_card(rules):
    """Rule 5.7.1: Rally Caps may be used even after seeing the opponent's card."""
    session = new_game(rules, home_cards=("On the Black", "Punchout", "Good Wood",
                                          "Good Jump", "Web Gem", "Keep It in the Yard"))
    play(session, "away bats Hampton\nhome fields Kanno\naway passes\nhome plays On the Black")
    state = session.state
    assert state.atbat.turn == "away"
    play(session, "away rallies tens")
    assert 10 in state.scoring_numbers() and state.away.rally_left == 1


def test_rally_caps_tens_batting_only_this_at_bat(rules):
    """Rule 5.7.2: only the batting player takes the 10s, and they score in that at-bat only."""
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Kanno\naway rallies tens")
    state = session.state
    with pytest.raises(IllegalAction, match="rule 5.7.2"):
        session.push_text("away rallies tens")
    play(session, "away passes")
    with pytest.raises(IllegalAction, match="rule 5.7.2"):
        session.push_text("home rallies tens")
    assert state.home.rally_left == 2
    play(session, """
        home passes
        away stands pat
        roll 5 5
        roll 6 4
        roll 4 4
        roll 4 4
    """)
    assert state.away.runs == [2]
    assert state.away.rally_left == 1
    (half,) = [text for rule, text in state.log if rule == "4.6.4"]
    assert half.startswith("away scores 2 runs in the top of inning 1 on box ")
    assert half.endswith("; also scores on 10)")    # rule 4.6.4: the 10s told with the box
    quiet_half(session)
    reach(session, 2)
    play(session, "away bats Rusk\nhome fields Orlick\naway passes\nhome passes")
    play(session, "away stands pat\nroll 5 5")
    assert 10 not in state.scoring_numbers()
    assert state.atbat.runs == 0


# -- card_status: the reason, with its rule ------------------------------------------------

def test_card_status_gives_the_rule(rules):
    """Rules 4.4, 5.1, 5.1.1, 5.1.1 d, 5.3: card_status says why a card cannot be played."""
    session = new_game(rules, away_cards=("Leadoff Walk", "Good Wood", "Work the Count",
                                          "Pitcher/Batter Matchup (Offense)", "Web Gem",
                                          "Bad Hop"),
                       home_cards=("Brushback", "On the Black", "Keep It in the Yard",
                                   "Good Wood", "Web Gem", "Blown Call"))
    state = session.state

    def status(side, name):
        return rules.card_status(state, side, card_key(name))

    assert state.phase == "bat"
    ok, why = status("away", "Leadoff Walk")
    assert not ok and "rule 4.4" in why
    play(session, "away bats Oyelaran\nhome fields Kanno")
    assert status("away", "Leadoff Walk") == (True, "")
    ok, why = status("away", "Web Gem")
    assert not ok and "rule 5.1" in why
    ok, why = status("away", "Good Wood")
    assert not ok and "rule 5.3" in why
    # Oyelaran and Sabaria are both righties: the offense matchup card does not apply.
    ok, why = status("away", "Pitcher/Batter Matchup (Offense)")
    assert why == "it needs batter and pitcher on opposite sides (rule 5.1.1)"
    ok, why = status("home", "Brushback")        # nothing to cancel yet
    assert not ok and "rule 5.1.1 d" in why
    play(session, "away plays Leadoff Walk")
    assert status("home", "Brushback") == (True, "")
    ok, why = status("away", "Work the Count")
    assert not ok and "5.3" in why
    assert status("home", "On the Black") == (True, "")
    play(session, "home plays Brushback")
    assert markers(session) == (4, "IV", False)


def test_a_card_whose_conditions_fail_says_which_and_the_rating_now(rules):
    """Rule 5.1.1 c: a card whose requirement fails names it with the rating as it stands;
    one whose requirement holds but whose effects all miss says so."""
    from companion.high_and_tight.box import Condition
    from companion.high_and_tight.effects import Matchup, describe_condition

    session = new_game(rules)
    play(session, "away bats Oyelaran\nhome fields Kanno")
    matchup = Matchup(session.state, "away")
    power = piece(session, "texas", "Oyelaran").power
    assert describe_condition(Condition(rating="batter.power", at_least=power + 1),
                              matchup) == f"the batter's Power {power + 1} or more (now {power})"
    assert describe_condition(Condition(rating="pitcher.whip", at_most=2)) == (
        "the pitcher's WHIP 2 or less")
    assert describe_condition(Condition(score="behind", inning_at_least=7)) == (
        "your team behind and inning 7 or later")
    assert describe_condition(Condition(score="behind", inning_at_least=7), matchup) == (
        "your team behind (now tied) and inning 7 or later (now 1)")
    assert describe_condition(Condition(batting="home")) == "the home team at bat"
    assert describe_condition(Condition(bats="S")) == "a switch hitter"
    assert describe_condition(Condition(throws="L")) == "a left-handed pitcher"
    assert matchup.first_failing([Condition(batting="away"), Condition(batting="home")]) == (
        Condition(batting="home"))
    assert matchup.first_failing([Condition(batting="away")]) is None


def test_physical_cards_refusals_say_what_the_companion_knows(rules):
    """Rules 5.1, 5.4 with the cards on the table: the companion knows how many cards of
    each deck a hand holds and which copies are unseen, and says which it is."""
    session = Session(rules, {"Game": "High & Tight", "Home": "new-york", "Away": "texas",
                              "Cards": "physical"})
    play(session, "\n".join([
        "home draws 3 offense 3 defense", "home keeps", "away draws 6 defense",
        "away keeps", "home starts Sabaria", "away starts Flee", NEW_YORK_LINEUP,
        TEXAS_LINEUP, "away bats Hampton", "home fields Kanno"]))
    state = session.state
    with pytest.raises(IllegalAction, match=r"^rule 5\.1:.*offense"):
        session.push_text("away plays Web Gem")               # a defense card at bat
    with pytest.raises(IllegalAction, match="away holds no offense card"):
        session.push_text("away plays Leadoff Walk")
    play(session, "away passes\nhome plays Blown Call")     # its one copy, seen now
    assert state.decks["defense"].unseen[card_key("Blown Call")] == 0
    play(session, "away passes")
    assert state.phase == "cards" and state.atbat.turn == "home"
    with pytest.raises(IllegalAction, match="every copy of Blown Call is accounted for"):
        session.push_text("home plays Blown Call")


def test_the_prompt_says_so_when_passing_is_all_that_is_left(rules):
    """Rule 5.4: with no card to play and no Rally Caps to use, the prompt asks for the
    pass alone instead of offering cards and Rally Caps, and says it is the only action;
    it names only what can be done (5.7: Rally Caps and no card, no card offered)."""
    from .util import quiet_step

    session = new_game(rules)
    state = session.state
    seen = {"pass only": 0, "choice": 0, "cards": 0, "rally caps": 0}
    while state.phase != "over" and min(seen.values()) == 0:
        if state.phase == "cards" and state.atbat.must_play != state.atbat.turn:
            legal = rules.legal_actions(state)
            awaiting = rules.awaiting(state)
            prompt = awaiting.prompt
            kinds = {action.kind for action in legal}
            assert awaiting.only_pass == (len(legal) == 1)      # the table passes for him
            # Rule 5.2.1: a line out of turn is refused with the phase's whole prompt, not
            # the one the hand shapes (it told the table a hidden hand had nothing to play)
            other = "away" if state.atbat.turn == "home" else "home"
            with pytest.raises(IllegalAction) as refused:
                rules.apply(state, rules.parse_action(state, f"{other} passes"))
            neutral = rules.hand_neutral_prompt(state, state.atbat.turn)
            assert getattr(refused.value, "brief", "").endswith(
                f"the game awaits {state.atbat.turn}: {neutral}"), refused.value
            if len(legal) == 1:
                assert rules.format_action(legal[0]).endswith(" passes")
                assert prompt == "pass: nothing else can be played now (rule 5.4)"
                seen["pass only"] += 1
            elif kinds == {"pass", "rally"}:
                assert prompt == "use Rally Caps or pass (rules 5.4, 5.7)"
                seen["rally caps"] += 1
            elif "rally" in kinds:          # Rally Caps named only when they can be used
                assert prompt == "play a card, use Rally Caps or pass (rules 5.4, 5.7)"
                seen["choice"] += 1
            else:
                assert prompt == "play a card or pass (rule 5.4)"
                seen["cards"] += 1
        quiet_step(session)
    assert min(seen.values()) > 0, seen


def test_the_half_s_note_says_what_hit_and_run_s_nines_took():
    """Rules 4.6.4 and 5.1.1 e: the note of a half with Hit and Run counts the runs its 9s
    took ('each 9 took a run away' was said of 9s that came before any run)."""
    from companion.high_and_tight.rules import nines_said
    from companion.high_and_tight.state import AtBat

    assert nines_said(AtBat(marks=[(), (), ("run",)])) == "; Hit and Run: no 9 took a run away"
    assert nines_said(AtBat(marks=[("run",), ("nine",), ("run",), ("nine",)])) == \
        "; Hit and Run: 9s took 2 runs away"
