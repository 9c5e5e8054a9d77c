"""Optional rules 8.1-8.4 inside one game: Home Ballparks, Advanced Pitcher Fatigue, Closer
Saves and Good Day / Bad Day, each switched on through the game header's Rules tag.
"""

import re

import pytest

from companion.engine.errors import IllegalAction
from companion.high_and_tight.box import load_box
from companion.high_and_tight.rules import HighAndTight

from .util import STAY, at, drive, edited_box_rules, game_state, new_game, play

NEW_YORK_RPS = ("Tremaine", "Castellan", "Wexley", "Dunleavy")


def legal_lines(target) -> list[str]:
    rules = target.rules
    return [rules.format_action(a) for a in rules.legal_actions(game_state(target))]


def relief_lines(session, side: str) -> set[str]:
    return {line for line in legal_lines(session) if line.startswith(f"{side} brings in ")}


def number_of(session) -> str:
    return session.state.scoring_box().label


# -- 8.1 Home Ballpark effects ------------------------------------------------------------


def ballpark_game(rules, home: str, away: str, ballparks: bool, **kw):
    header = {"Rules": "ballparks"} if ballparks else {}
    if home in ("florida", "chicago", "seattle", "arizona"):
        header["HomeRoster"] = "new-york"
    if away in ("florida", "chicago", "seattle", "arizona"):
        header["AwayRoster"] = "texas"
    return new_game(rules, home=home, away=away, header=header, **kw)


@pytest.mark.parametrize("ballparks, label", [(False, "VI"), (True, "V")])
def test_home_ballpark_applies_only_with_the_option(rules, ballparks, label):
    """Rule 8.1: the home team's ballpark (Reef Stadium: visiting batters lose a box) is in
    play only when the Home Ballpark option is chosen."""
    session = ballpark_game(rules, "florida", "texas", ballparks)
    play(session, "away bats Hampton\nhome fields Kanno")
    # Sabaria: box IV; Hampton (Offense 6) against Kanno (Defense 4): two boxes up.
    assert number_of(session) == label
    notes = [text for rule, text in session.state.log if rule == "8.1"]
    assert bool(notes) == ballparks
    if ballparks:               # what the park did, and the markers it left
        assert notes[0].startswith("Reef Stadium: ") and notes[0].endswith(
            ": Scoring Number -1 -> rolls 4, box V")


def test_home_ballpark_rolls_bonus_for_the_home_batters(rules):
    """Rule 8.1: Reef Stadium gives the home batters one more Scoring Roll from the 8th on,
    never before."""
    session = ballpark_game(rules, "florida", "texas", True)
    state = drive(session, until=at(7, "bottom", "cards"))
    flee = rules.box.rosters["texas"].pitchers["flee"]
    assert state.away.pitcher == "flee" and state.atbat.rolls == flee.stuff_rolls
    state = drive(session, until=at(8, "bottom", "cards"))
    pitcher = state.away.current_pitcher()
    assert state.away.fatigue == 0
    assert state.atbat.rolls == pitcher.stuff_rolls + 1


def test_home_ballpark_holds_in_extra_innings(rules):
    """Rules 8.1 and 6.2: a park's effect holds through the whole game, extra innings too:
    in the bottom of the 10th of a scoreless game Reef Stadium still gives the home batters
    their extra Scoring Roll, and the visitors still lose a box."""
    session = ballpark_game(rules, "florida", "texas", True)
    state = drive(session, until=at(10, "top", "cards"))
    assert state.away.total == state.home.total == 0
    assert state.atbat.park == ("Scoring Number -1",)
    state = drive(session, until=at(10, "bottom", "cards"))
    assert state.atbat.park == ("Scoring Rolls +1 (inning 8 or later)",)
    assert state.away.fatigue == 0
    assert state.atbat.rolls == state.away.current_pitcher().stuff_rolls + 1


def park_box_rules(tmp_path, effect: str):
    """The demo box with Highlander Field's (New York's) effect replaced by `effect`."""
    return edited_box_rules(tmp_path, "teams.toml", '{ applies = "both", marker = "number", '
                            'up = 1, when = { bats = "L" } }', effect)


def test_a_ballpark_effect_may_move_by_a_rating(tmp_path):
    """Rule 8.1 with a typed-in park: a marker move by a rating, read as on a card (5.5):
    Hampton's Power 3 moves the Scoring Number three boxes."""
    rules = park_box_rules(tmp_path, '{ applies = "both", marker = "number", '
                                     'up = "batter.power", less = 0 }')
    session = ballpark_game(rules, "new-york", "texas", True)
    play(session, "away bats Hampton\nhome fields Kanno")
    # Sabaria: box IV; Hampton (Offense 6) against Kanno (Defense 4): VI; Power 3: IX.
    assert number_of(session) == "IX"


def test_a_switch_hitter_condition_holds_whichever_side_he_swings_from(tmp_path):
    """Rules 8.1 and 5.1.1 c: `bats = "S"` asks for a switch hitter, who still swings from
    the side opposite the pitcher for L and R conditions. Stroud (S) gets the park's extra
    roll; Hampton (R) does not."""
    rules = park_box_rules(tmp_path, '{ applies = "both", marker = "rolls", up = 1, '
                                     'when = { bats = "S" } }')
    session = ballpark_game(rules, "new-york", "texas", True)
    state = session.state
    play(session, "away bats Hampton\nhome fields Stroud")
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    assert state.atbat.rolls == sabaria.stuff_rolls
    play(session, "away passes\nhome passes\naway stands pat\n" + "\n".join(
        ["roll 1 2"] * sabaria.stuff_rolls))
    assert state.half == "bottom" and state.home.player == "stroud"
    flee = rules.box.rosters["texas"].pitchers["flee"]
    assert state.atbat.rolls == flee.stuff_rolls + 1


def test_visiting_team_park_is_never_used(rules):
    """Rules 8.1 and 8.1.1: only the home team flips its card; the Florida Sharks on the
    road bring no Reef Stadium with them, while New York's Highlander Field (one box up for
    a left-handed batter) applies to both teams."""
    session = ballpark_game(rules, "new-york", "florida", True)
    # Hampton bats right-handed: neither park moves anything (no Reef Stadium box down).
    play(session, "away bats Hampton\nhome fields Kanno")
    assert number_of(session) == "VI"
    assert not any("Reef Stadium" in text for _rule, text in session.state.log)
    # Marty (L, Offense 5) against Kanno (Defense 4): IV +1, and Highlander Field +1.
    session = ballpark_game(rules, "new-york", "florida", True)
    play(session, "away bats Marty\nhome fields Kanno")
    assert number_of(session) == "VI"
    assert any("Highlander Field" in text for rule, text in session.state.log if rule == "8.1")
    # In the 8th the home batters get no Reef Stadium roll either.
    state = drive(session, until=at(8, "bottom", "cards"))
    assert state.atbat.rolls == state.away.current_pitcher().stuff_rolls
    assert not any("Reef Stadium" in text for _rule, text in state.log)


def home_lineup_of(rules, roster_key: str) -> str:
    """A home lineup of the roster's first pieces by position (rule 3.0)."""
    roster = rules.box.rosters[roster_key]
    by = {pos: [p.name for p in roster.ballplayers.values() if p.position == pos]
          for pos in ("C", "OF", "IF")}
    rest = [p.name for p in roster.ballplayers.values()
            if p.name not in by["C"][:1] + by["OF"][:3] + by["IF"][:4]]
    return (f"home lineup C {by['C'][0]}; OF {', '.join(by['OF'][:3])}; "
            f"IF {', '.join(by['IF'][:4])}; DH {rest[0]}")


def test_mustang_park_late_innings(rules):
    """Rule 8.1: Mustang Park adds a Scoring Roll for the home batters from the 7th inning."""
    header = {"Rules": "ballparks"}
    session = new_game(rules, home="philadelphia", away="texas", home_starter="Oswald",
                       home_lineup=home_lineup_of(rules, "philadelphia"), header=header)
    state = drive(session, until=at(6, "bottom", "cards"))
    assert state.atbat.rolls == state.away.current_pitcher().stuff_rolls
    state = drive(session, until=at(7, "top", "cards"))
    assert state.atbat.rolls == state.home.current_pitcher().stuff_rolls    # visitors: no
    state = drive(session, until=at(7, "bottom", "cards"))
    assert state.atbat.rolls == state.away.current_pitcher().stuff_rolls + 1


def test_titan_coliseum_from_the_6th(rules):
    """Rule 8.1: Titan Coliseum (California) lowers the Scoring Number a box for both teams'
    batters from the 6th inning on, never before."""
    session = new_game(rules, home="california", away="texas", home_starter="Cane",
                       home_lineup=home_lineup_of(rules, "california"),
                       header={"Rules": "ballparks"})
    state = drive(session, until=at(5, "bottom", "cards"))
    assert state.atbat.park == ()
    for half in ("top", "bottom"):
        state = drive(session, until=at(6, half, "cards"))
        assert state.atbat.park == ("Scoring Number -1 (inning 6 or later)",)
    notes = [text for rule, text in state.log if rule == "8.1"]
    assert len(notes) == 2 and all(note.startswith("Titan Coliseum: Evening marine layer: "
                                                   "Scoring Number -1") for note in notes)


@pytest.mark.parametrize(("home", "park", "label"), [
    ("seattle", "Scoring Number -1 (the batter's Power 3 or more)", "V"),
    ("arizona", "Scoring Number +1 (the batter's Power 3 or more)", "VII")])
@pytest.mark.parametrize("batter, power", [("Hampton", 3), ("Marty", 2)])
def test_a_park_moved_by_the_batters_power(rules, home, park, label, batter, power):
    """Rule 8.1 with the additional team cards (8.1.1): Caldera Dome (Seattle) lowers the
    Scoring Number a box for a batter of Power 3 or more, The Hive (Arizona) raises it; a
    batter of Power 2 meets neither. Sabaria's box IV: Hampton (Offense 6) against Kanno
    (Defense 4) moves it two boxes up before the park, Marty (Offense 5) one."""
    session = ballpark_game(rules, home, "texas", True)
    assert rules.box.rosters["texas"].ballplayers[batter.casefold()].power == power
    play(session, f"away bats {batter}\nhome fields Kanno")
    if power >= 3:
        assert session.state.atbat.park == (park,)
        assert number_of(session) == label
    else:
        assert session.state.atbat.park == ()
        assert number_of(session) == "V"        # Marty: Offense 5 against Defense 4


# -- 8.2 Advanced Pitcher Fatigue: a change at any Take the Mound ----------------------------


def test_advanced_fatigue_offers_a_change_at_every_take_the_mound(rules):
    """Rule 8.2: with Advanced Fatigue the fielding player may keep his pitcher or bring in a
    reliever at every Take the Mound, not only when fatigue forces it."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    state = session.state
    assert (state.inning, state.half, state.phase, state.actor) == (1, "top", "mound", "home")
    assert set(legal_lines(session)) == {f"home {STAY}"} | {
        f"home brings in {name}" for name in (*NEW_YORK_RPS, "Achterberg")}
    play(session, f"home {STAY}")
    assert state.home.pitcher == "sabaria" and state.home.fatigue == 0
    assert state.phase == "bat"
    drive(session, until=at(1, "bottom"))
    assert (state.phase, state.actor) == ("mound", "away")
    assert f"away {STAY}" in legal_lines(session)
    # The basic rules ask nothing while the pitcher is fresh.
    basic = new_game(rules)
    assert basic.state.phase == "bat" and basic.state.home.pitcher == "sabaria"


@pytest.mark.parametrize(("options", "rule", "why"), [
    ("advanced-fatigue", "8.2", "only at Take the Mound, as each half inning starts"),
    ("", "4.2.1.1", "only at Take the Mound when fatigue forces it")])
def test_a_change_outside_take_the_mound_is_refused_by_the_rule_in_use(rules, options,
                                                                        rule, why):
    """Rules 4.2.1, 4.2.1.1 and 8.2: a pitching change (or keeping the pitcher) typed in the
    Strategy Card phase is refused; the refusal names the fatigue rule of this game, not
    the basic rule's 'when fatigue forces it' when Advanced Fatigue allows a change at any
    Take the Mound. Nothing changes."""
    session = new_game(rules, header={"Rules": options} if options else {})
    state = session.state
    if options:
        play(session, f"home {STAY}")
    play(session, "away bats Hampton\nhome fields Kanno")
    assert (state.phase, state.actor) == ("cards", "away")     # the visitors' turn
    for line in ("away brings in Francesco", f"away {STAY}"):
        before = (state.away.pitcher, state.away.fatigue, len(state.log))
        with pytest.raises(IllegalAction, match=f"rule {re.escape(rule)}\\b") as refused:
            session.push_text(line)
        assert why in str(refused.value)
        assert (state.away.pitcher, state.away.fatigue, len(state.log)) == before


def test_starter_replaced_early_by_reliever_or_closer(rules):
    """Rule 8.2: a Starting Pitcher may be taken out at any Take the Mound; an RP or the CL
    replaces him."""
    for name in ("Castellan", "Achterberg"):
        session = new_game(rules, header={"Rules": "advanced-fatigue"})
        # The choice is the manager's, and said so (not "bring in a relief pitcher").
        assert rules.awaiting(session.state).prompt == ("relieve Sabaria or keep him "
                                                        "(rule 8.2)")
        assert rules.stay_fatigue(session.state, "home") is None
        play(session, f"home brings in {name}")
        state = session.state
        assert state.home.pitcher == name.casefold()
        assert state.home.pitchers_removed == ["sabaria"]
        # Sabaria was fresh: the change is the 8.2 choice, not fatigue's (4.2.1.1).
        assert ("8.2", f"home: {name} relieves Sabaria") in state.log
        pitcher = rules.box.rosters["new-york"].pitchers[name.casefold()]
        assert state.atbat.rolls == pitcher.stuff_rolls
        assert state.atbat.number == pitcher.stuff_box


def test_reliever_replaced_only_by_a_relief_pitcher(rules):
    """Rule 8.2: a removed RP (or CL) gives way to another RP only; never the CL, never an
    SP."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    play(session, "home brings in Castellan")
    state = drive(session, until=at(2, "top", "mound"))
    offered = relief_lines(session, "home")
    assert offered == {f"home brings in {n}" for n in ("Tremaine", "Wexley", "Dunleavy")}
    for name in ("Achterberg", "Lindqvist", "Sabaria"):
        with pytest.raises(IllegalAction):
            session.push_text(f"home brings in {name}")
    assert state.phase == "mound" and state.home.pitcher == "castellan"
    play(session, "home brings in Wexley")
    assert state.home.pitcher == "wexley"


def test_closer_replaced_only_by_a_relief_pitcher(rules):
    """Rule 8.2: once the CL is in, only an RP may replace him."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    play(session, "home brings in Achterberg")
    drive(session, until=at(2, "top", "mound"))
    assert relief_lines(session, "home") == {f"home brings in {n}" for n in NEW_YORK_RPS}


def test_tired_starter_kept_in_gets_100_then_200_never_more(rules):
    """Rule 8.2.1 a (Sabaria, Fatigue 7): kept in for the 8th he pitches at +100 (one more
    Scoring Roll), in the 9th at +200 (two more), and it never grows beyond +200 (10th)."""
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    assert sabaria.fatigue == 7
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    state = drive(session, until=at(7, "top", "bat"))
    assert state.home.pitcher == "sabaria" and state.home.fatigue == 0
    assert state.atbat.rolls == sabaria.stuff_rolls
    for inning, fatigue in ((8, 100), (9, 200), (10, 200)):
        state = drive(session, until=at(inning, "top", "mound"))
        # The prompt says he is tired and what keeping him costs, before the choice.
        rolls = {100: "+1 roll", 200: "+2 rolls"}[fatigue]
        assert rules.awaiting(state).prompt == (f"Sabaria tired: keep him at +{fatigue} "
                                                f"(Stuff {rolls}) or relieve "
                                                "(rule 8.2.1)")
        assert rules.stay_fatigue(state, "home") == fatigue
        play(session, f"home {STAY}")
        assert state.home.pitcher == "sabaria"
        assert state.home.fatigue == fatigue, inning
        assert state.atbat.rolls == sabaria.stuff_rolls + fatigue // 100, inning
        assert state.scoring_box().label == "IV"
    assert state.home.lines["sabaria"].exceeded_fatigue
    assert [text for rule, text in state.log if rule == "8.2.1" and "Sabaria" in text] == [
        "Sabaria pitches past his Fatigue: Fatigue +100",
        "Sabaria pitches past his Fatigue: Fatigue +200"]


def test_tired_starter_with_no_reliever_tires_step_by_step(rules):
    """Rules 8.2.1 a and 6.1: with Advanced Fatigue and the whole bullpen resting,
    Sabaria (Fatigue 7) is kept in for want of a reliever: +100 in the 8th, +200 in the
    9th, as if his manager had kept him; 6.1's +200 at once is for extra innings."""
    resting = ", ".join([*NEW_YORK_RPS, "Achterberg"])
    session = new_game(rules, header={"Rules": "advanced-fatigue,rest",
                                      "HomeResting": resting})
    for inning, fatigue in ((7, 0), (8, 100), (9, 200)):
        state = drive(session, until=at(inning, "top", "bat"))
        assert state.home.pitcher == "sabaria"
        assert state.home.fatigue == fatigue, inning
    assert not any(rule == "6.1" for rule, _ in state.log)


def test_tired_reliever_with_only_the_closer_left_stays_at_200_in_extra_innings(rules):
    """Rules 8.2 (Advanced Fatigue: only an RP relieves an RP or CL) and 6.1: in the 11th
    tired Wexley (Fatigue 1) has no RP left to relieve him; fresh Achterberg, a CL, may
    not, so Wexley is the last arm and goes on at +200 at once, the note saying why."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,rest",
                                      "HomeResting": "Tremaine, Castellan, Dunleavy"})
    state = drive(session, until=at(10, "top", "mound"))
    assert state.home.pitcher == "sabaria"
    play(session, "home brings in Wexley")
    state = drive(session, until=at(11, "top", "bat"))
    assert state.home.pitcher == "wexley" and state.home.fatigue == 200
    assert "achterberg" not in state.home.pitchers_removed
    assert ("6.1", "home has no RP left to relieve him (Achterberg may not: under Advanced "
            "Fatigue only an RP relieves an RP or CL, 8.2): Wexley stays with Fatigue +200") \
        in state.log


def test_a_tired_reliever_kept_by_choice_in_extra_innings_steps_to_100_first(rules):
    """Rules 6.1 and 8.2.1 b: the straight jump to +200 in extra innings is for a pitcher
    kept because nobody may relieve him. With Advanced Fatigue and RPs still free, Wexley
    (Fatigue 1) kept in the 11th by his manager's choice takes +100, then +200 in the
    12th; with those RPs resting he carries +200 from the 11th on."""
    wexley = rules.box.rosters["new-york"].pitchers["wexley"]
    assert (wexley.kind, wexley.fatigue) == ("RP", 1)
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    state = drive(session, until=at(10, "top", "mound"))
    play(session, "home brings in Wexley")
    state = drive(session, until=at(11, "top", "mound"))
    assert state.home.pitcher == "wexley" and state.home.fatigue == 0
    assert relief_lines(session, "home") == {f"home brings in {n}"
                                             for n in ("Tremaine", "Castellan", "Dunleavy")}
    assert rules.awaiting(state).prompt == ("Wexley tired: keep him at +100 (Stuff +1 roll) "
                                            "or relieve (rule 8.2.1)")
    play(session, f"home {STAY}")
    assert state.home.fatigue == 100 and state.atbat.rolls == wexley.stuff_rolls + 1
    assert ("8.2.1", "Wexley pitches past his Fatigue: Fatigue +100") in state.log
    assert not any(rule == "6.1" and "+200" in text for rule, text in state.log)
    state = drive(session, until=at(12, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 200 and state.atbat.rolls == wexley.stuff_rolls + 2
    # The same inning with no RP free to relieve him: +200 at once, no choice asked.
    session = new_game(rules, header={"Rules": "advanced-fatigue,rest",
                                      "HomeResting": "Tremaine, Castellan, Dunleavy"})
    drive(session, until=at(10, "top", "mound"))
    play(session, "home brings in Wexley")
    state = drive(session, until=at(11, "top", "bat"))
    assert state.home.pitcher == "wexley"
    assert state.home.fatigue == 200 and state.atbat.rolls == wexley.stuff_rolls + 2


def test_tired_reliever_kept_in_gets_100_then_200(rules):
    """Rule 8.2.1 b: an RP kept in past his Fatigue innings (Wexley, 1) pitches at +100 in
    his next inning, then +200, and no more."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    play(session, "home brings in Wexley")
    state = session.state
    wexley = rules.box.rosters["new-york"].pitchers["wexley"]
    assert wexley.fatigue == 1 and state.home.fatigue == 0
    assert state.atbat.rolls == wexley.stuff_rolls
    assert not state.home.lines["wexley"].exceeded_fatigue
    for inning, fatigue in ((2, 100), (3, 200), (4, 200)):
        drive(session, until=at(inning, "top", "mound"))
        play(session, f"home {STAY}")
        assert state.home.pitcher == "wexley"
        assert state.home.fatigue == fatigue
        assert state.atbat.rolls == wexley.stuff_rolls + fatigue // 100
    assert state.home.lines["wexley"].exceeded_fatigue


def test_fresh_pitcher_kept_in_gets_no_marker(rules):
    """Rule 8.2.1: staying with a pitcher who has not reached his Fatigue costs nothing."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    for inning in range(1, 8):
        state = drive(session, until=at(inning, "top", "mound"))
        play(session, f"home {STAY}")
        assert state.home.fatigue == 0 and state.atbat.rolls == 4
    assert not state.home.lines["sabaria"].exceeded_fatigue


def test_staying_past_fatigue_needs_the_option(rules):
    """Rules 4.2.1.1 and 8.2.1: without Advanced Fatigue a tired pitcher cannot be kept in."""
    session = new_game(rules)
    state = drive(session, until=at(8, "top", "mound"))
    assert f"home {STAY}" not in legal_lines(session)
    with pytest.raises(IllegalAction, match=r"^rule 8\.2\.1:"):
        session.push_text(f"home {STAY}")
    assert state.phase == "mound" and state.home.pitcher == "sabaria"


# -- 8.3 Closer Saves -------------------------------------------------------------------------


def lead_plan(home: int, away: int) -> dict:
    """Runs for the first innings: at most two a half, so any pitcher's rolls suffice."""
    plan = {}
    for side, runs in (("bottom", home), ("top", away)):
        inning = 1
        while runs > 0:
            plan[(inning, side)] = min(2, runs)
            runs -= plan[(inning, side)]
            inning += 1
    return plan


@pytest.mark.parametrize("home, away", [(1, 0), (3, 1), (3, 0)])
def test_closer_must_save_a_lead_of_one_to_three(rules, home, away):
    """Rule 8.3: in the 9th, ahead by one to three with the CL unused, the fielding player
    must bring the CL in; nothing else (not even keeping the pitcher) is allowed."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves"})
    state = drive(session, runs=lead_plan(home, away), until=at(9, "top", "mound"))
    assert (state.home.total, state.away.total) == (home, away)
    assert state.home.pitcher == "sabaria"
    assert legal_lines(session) == ["home brings in Achterberg"]
    assert rules.awaiting(state).prompt == "bring in the Closer to save the game (rule 8.3)"
    for line in ("home brings in Castellan", f"home {STAY}"):
        with pytest.raises(IllegalAction, match=r"^rule 8\.3:"):
            session.push_text(line)
    play(session, "home brings in Achterberg")
    assert state.home.pitcher == "achterberg" and state.phase == "bat"
    assert ("8.3", "home: Achterberg relieves Sabaria") in state.log


def test_of_two_closers_the_first_of_the_file_takes_the_save(box_copy):
    """Rule 8.3 with a box whose roster holds two CLs (data-format.md): the save is the
    first unused one's in pitchers.csv (Dunleavy, listed before Achterberg), the other
    not forced in with him."""
    path = box_copy / "pitchers.csv"
    path.write_text(path.read_text().replace("new-york,Dunleavy,RP,", "new-york,Dunleavy,CL,"))
    rules = HighAndTight(load_box(box_copy))
    session = new_game(rules, header={"Rules": "closer-saves"})
    state = drive(session, runs=lead_plan(1, 0), until=at(9, "top", "mound"))
    assert (state.home.total, state.away.total) == (1, 0)
    assert legal_lines(session) == ["home brings in Dunleavy"]


def test_a_closer_saving_it_is_not_called_off_for_a_second_closer(box_copy):
    """Rule 8.3 with two CLs (Ostrander made one, listed before Rivero) and Advanced
    Fatigue: the visitors lead in the 9th, Ostrander is forced in; tied, then ahead again
    in the 10th, he is still saving it: the save calls for no other Closer (Rivero was
    the only choice, forced in for a Closer already on the mound, fresh or not)."""
    path = box_copy / "pitchers.csv"
    path.write_text(path.read_text().replace("texas,Ostrander,RP,", "texas,Ostrander,CL,"))
    rules = HighAndTight(load_box(box_copy))
    session = new_game(rules, header={"Rules": "closer-saves,advanced-fatigue"})
    state = drive(session, runs={(1, "top"): 1}, until=at(9, "bottom", "mound"))
    assert legal_lines(session) == ["away brings in Ostrander"]
    play(session, "away brings in Ostrander")
    state = drive(session, runs={(9, "bottom"): 1, (10, "top"): 1},
                  until=at(10, "bottom", "mound"))
    assert (state.away.total, state.home.total) == (2, 1)
    assert state.away.current_pitcher().name == "Ostrander"
    assert "8.3" not in rules.awaiting(state).prompt
    # (under Advanced Fatigue only an RP relieves a CL, 8.2: Rivero is no choice at all)
    assert f"away {STAY}" in legal_lines(session)
    assert "away brings in Rivero" not in legal_lines(session)


@pytest.mark.parametrize("home, away", [(4, 0), (5, 1), (0, 1), (0, 0), (2, 2)])
def test_closer_not_forced_without_a_save_lead(rules, home, away):
    """Rule 8.3: ahead by four or more, behind or tied, the CL is not forced in the 9th."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves"})
    state = drive(session, runs=lead_plan(home, away), until=at(9, "top", "mound"))
    assert (state.home.total, state.away.total) == (home, away)
    legal = set(legal_lines(session))
    assert f"home {STAY}" in legal
    assert {f"home brings in {n}" for n in (*NEW_YORK_RPS, "Achterberg")} <= legal
    play(session, "home brings in Castellan")
    assert state.home.pitcher == "castellan"


@pytest.mark.parametrize("options", ["closer-saves", "advanced-fatigue,closer-saves"])
def test_away_closer_must_save_a_three_run_lead_in_the_bottom_of_the_ninth(rules, options):
    """Rule 8.3 for the visitors: three runs up when the home team comes to bat in the 9th
    is still a save, so Texas must bring in Rivero for Flee; another RP and (with
    Advanced Fatigue) keeping Flee are refused under the save rule."""
    session = new_game(rules, header={"Rules": options})
    state = drive(session, runs=lead_plan(0, 3), until=at(9, "bottom", "mound"))
    assert (state.away.total, state.home.total) == (3, 0)
    assert state.away.pitcher == "flee" and "rivero" not in state.away.lines
    assert legal_lines(session) == ["away brings in Rivero"]
    assert rules.awaiting(state).prompt == "bring in the Closer to save the game (rule 8.3)"
    for line in ("away brings in Francesco", f"away {STAY}"):
        with pytest.raises(IllegalAction, match=r"^rule 8\.3:"):
            session.push_text(line)
    assert state.away.pitcher == "flee" and state.phase == "mound"
    play(session, "away brings in Rivero")
    assert state.away.pitcher == "rivero" and state.phase == "cards"
    assert ("8.3", "away: Rivero relieves Flee") in state.log


@pytest.mark.parametrize("options", ["closer-saves", "advanced-fatigue,closer-saves"])
def test_away_four_run_lead_in_the_bottom_of_the_ninth_does_not_force_the_closer(rules,
                                                                                 options):
    """Rule 8.3 for the visitors: four runs up in the bottom of the 9th is no save, so
    Rivero is one choice among the relievers (and keeping tired Flee, with Advanced
    Fatigue), and an RP may take the mound instead."""
    session = new_game(rules, header={"Rules": options})
    state = drive(session, runs=lead_plan(0, 4), until=at(9, "bottom", "mound"))
    assert (state.away.total, state.home.total) == (4, 0)
    assert "save" not in rules.awaiting(state).prompt
    texas_relievers = ("Francesco", "Delgadillo", "Sturgis", "Ostrander", "Rivero")
    assert relief_lines(session, "away") == {f"away brings in {n}" for n in texas_relievers}
    assert (f"away {STAY}" in legal_lines(session)) == ("advanced-fatigue" in options)
    play(session, "away brings in Francesco")
    assert state.away.pitcher == "francesco" and "rivero" not in state.away.lines


def test_closer_saves_without_the_option_is_not_forced(rules):
    """Rule 8.0: Closer Saves is optional; without it a 9th-inning lead forces nothing."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
    assert len(legal_lines(session)) > 1
    play(session, f"home {STAY}")
    assert session.state.home.pitcher == "sabaria"


def test_closer_forced_in_extra_innings(rules):
    """Rule 8.3: the save rule also holds in extra innings: the visitors ahead after the top
    of the 10th must bring their unused CL in for the bottom half."""
    session = new_game(rules, header={"Rules": "closer-saves"})
    state = drive(session, runs={(10, "top"): 1}, until=at(10, "bottom", "mound"))
    assert (state.away.total, state.home.total) == (1, 0)
    assert "rivero" not in state.away.lines
    assert legal_lines(session) == ["away brings in Rivero"]
    with pytest.raises(IllegalAction, match=r"^rule 8\.3:"):
        session.push_text("away brings in Sturgis")
    play(session, "away brings in Rivero")
    assert state.away.pitcher == "rivero"


def test_closer_forced_even_when_the_pitcher_is_fresh(rules):
    """Rule 8.3: the save rule applies in the 9th whoever is pitching (Pickering, Fatigue 8,
    could go on; the basic rules would ask nothing)."""
    session = new_game(rules, away_starter="Pickering", header={"Rules": "closer-saves"})
    state = drive(session, runs={(1, "top"): 1}, until=at(9, "bottom", "mound"))
    assert state.away.pitcher == "pickering"
    assert legal_lines(session) == ["away brings in Rivero"]


def test_resting_closer_is_not_forced(rules):
    """Rules 8.3 and 8.2.2: a CL sitting out the game for rest is not called on to save it."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves,rest",
                                      "HomeResting": "Achterberg"})
    drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
    legal = set(legal_lines(session))
    assert f"home {STAY}" in legal and "home brings in Achterberg" not in legal
    play(session, f"home {STAY}")
    assert session.state.home.pitcher == "sabaria"


def test_a_closer_on_short_rest_may_save_the_game_his_manager_s_choice(rules):
    """Rules 8.2.3 b and 8.3 (the Rivero example): a CL who could pitch only on short rest
    is not forced in, but the save is his manager's to take, even under the basic fatigue
    rule with a fresh pitcher on the mound (Castellan, Fatigue 3, in his second inning):
    he comes in at Fatigue +100, or the pitcher stays. No other reliever may come in for a
    pitcher who is not tired (4.2.1.1)."""
    header = {"Rules": "closer-saves,rest,short-rest", "HomeShortRest": "Achterberg"}
    for choice in ("home brings in Achterberg", f"home {STAY}"):
        session = new_game(rules, header=header)
        state = drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"),
                      mound=lambda state, legal: "home brings in Castellan"
                      if state.inning == 8 else None)
        assert state.home.pitcher == "castellan"
        assert legal_lines(session) == ["home brings in Achterberg", f"home {STAY}"]
        assert "short rest" in rules.awaiting(state).prompt
        with pytest.raises(IllegalAction, match=r"^rule 4\.2\.1\.1:"):
            session.push_text("home brings in Tremaine")
        play(session, choice)
        if choice.endswith("Achterberg"):
            assert state.home.pitcher == "achterberg" and state.home.fatigue == 100
            assert ("8.3", "home: Achterberg relieves Castellan") in state.log
            assert state.atbat.rolls == 3 + 1      # his Stuff, one roll more on short rest
        else:
            assert state.home.pitcher == "castellan" and state.home.fatigue == 0
        assert state.phase == "bat"


def test_a_closer_on_short_rest_may_relieve_a_reliever_for_the_save(rules):
    """Rules 8.2.3 b and 8.3 over 8.2: with Advanced Fatigue an RP gives way only to an RP,
    but the save on short rest is still the CL's to take, beside the RPs and staying."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves,rest,short-rest",
                                      "HomeShortRest": "Achterberg"})
    drive(session, runs={(1, "bottom"): 1}, until=at(8, "top", "mound"))
    play(session, "home brings in Castellan")
    state = drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
    assert state.home.pitcher == "castellan"
    legal = legal_lines(session)
    assert legal[0] == "home brings in Achterberg" and f"home {STAY}" in legal
    assert {f"home brings in {n}" for n in ("Tremaine", "Wexley", "Dunleavy")} <= set(legal)
    assert rules.relievers_held_back(state, "home") == []
    # Every choice named (the prompt named keeping him alone, the RPs left unsaid).
    assert rules.awaiting(state).prompt == (
        "the save is Achterberg's only on short rest: bring him in at Fatigue +100, another "
        "reliever or keep Castellan (rules 8.2.3, 8.3)")
    play(session, "home brings in Achterberg")
    assert state.home.pitcher == "achterberg" and state.home.fatigue == 100


def test_the_short_rest_save_prompt_and_order_when_the_pitcher_is_tired(rules):
    """Rules 8.2.3 b, 8.3 and 4.2.1.1: under the basic rule a tired pitcher must go, so the
    short-rest save is the Closer (listed first) or another reliever, never staying."""
    session = new_game(rules, header={"Rules": "closer-saves,rest,short-rest",
                                      "HomeShortRest": "Achterberg"})
    drive(session, runs={(1, "bottom"): 1}, until=at(8, "top", "mound"))
    play(session, "home brings in Wexley")                  # Fatigue 1: tired in the 9th
    state = drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
    assert state.home.pitcher == "wexley"
    legal = legal_lines(session)
    assert legal[0] == "home brings in Achterberg" and f"home {STAY}" not in legal
    assert set(legal[1:]) == {f"home brings in {n}" for n in NEW_YORK_RPS if n != "Wexley"}
    assert rules.awaiting(state).prompt.endswith("or another reliever (rules 8.2.3, 8.3)")


def test_a_stay_refused_while_the_closer_is_due_names_the_save(rules):
    """Rule 8.3 before 8.2.1: with the Closer due and a fresh pitcher (Sabaria in his
    groove) under the basic rule, keeping the pitcher is refused for the save."""
    session = new_game(rules, header={"Rules": "closer-saves,good-bad-day"})
    drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
    with pytest.raises(IllegalAction, match=r"^rule 8\.3:"):
        session.push_text(f"home {STAY}")


@pytest.mark.parametrize("choice", ["home brings in Tremaine", f"home {STAY}"])
def test_short_rest_is_a_choice_even_when_only_short_rest_arms_are_left(rules, choice):
    """Rules 8.2.3 and 6.1: pitching on short rest is the owner's decision, not a duty.
    Under the basic fatigue rule, with every reliever able to pitch only on short rest,
    tired Sabaria may give way to one (at Fatigue +100) or stay: declining short rest
    leaves no fresh arm, so he goes on at +200 as 6.1 has it."""
    arms = "Tremaine, Castellan, Wexley, Dunleavy, Achterberg"
    session = new_game(rules, header={"Rules": "rest,short-rest", "HomeShortRest": arms})
    state = drive(session, until=at(8, "top", "mound"))
    assert state.home.pitcher == "sabaria"
    assert set(legal_lines(session)) == {f"home brings in {n}" for n in arms.split(", ")} \
        | {f"home {STAY}"}
    assert "short rest" in rules.awaiting(state).prompt
    assert rules.stay_fatigue(state, "home") == 200
    play(session, choice)
    if choice == f"home {STAY}":
        assert state.home.pitcher == "sabaria" and state.home.fatigue == 200
        assert state.home.lines["sabaria"].exceeded_fatigue
        assert ("6.1", "home has no fresh pitcher: Sabaria stays with Fatigue +200") \
            in state.log
    else:
        assert state.home.pitcher == "tremaine" and state.home.fatigue == 100


def test_short_rest_declined_leaves_the_fresh_closer_before_the_9th(rules):
    """Rules 8.2.3 and 8.3: before the 9th the CL comes in only when there is no other
    option. Relievers who could pitch only on short rest are an option their manager may
    decline, and then the fresh Closer is the one left: he is offered beside them, and the
    tired pitcher may not stay (a fresh arm remains, 4.2.1.1)."""
    arms = "Tremaine, Castellan, Wexley, Dunleavy"
    session = new_game(rules, header={"Rules": "rest,short-rest,closer-saves",
                                      "HomeShortRest": arms})
    state = drive(session, until=at(8, "top", "mound"))
    assert state.home.pitcher == "sabaria"
    assert set(legal_lines(session)) == {f"home brings in {n}"
                                         for n in [*arms.split(", "), "Achterberg"]}
    assert "short rest" not in rules.awaiting(state).prompt


def test_the_save_on_short_rest_prompt_offers_keeping_a_pitcher_out_of_fresh_arms(rules):
    """Rules 8.2.3, 8.3, 6.1: in a save whose Closer could pitch only on short rest, with
    every other reliever on short rest too, the tired pitcher may stay (no fresh arm is
    left): the prompt says so, as the options do."""
    arms = "Tremaine, Castellan, Wexley, Dunleavy, Achterberg"
    session = new_game(rules, header={"Rules": "rest,short-rest,closer-saves",
                                      "HomeShortRest": arms})
    state = drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"),
                  mound=lambda state, legal: "home brings in Wexley"
                  if state.inning == 8 else None)
    assert state.home.pitcher == "wexley"           # Fatigue 1: tired in the 9th
    assert f"home {STAY}" in legal_lines(session)
    # (the other relievers could come in on short rest too, and Wexley stays at +200)
    assert rules.awaiting(state).prompt == (
        "the save is Achterberg's only on short rest: bring him in at Fatigue +100, another "
        "reliever (at Fatigue +100 too) or keep Wexley at Fatigue +200 (rules 8.2.3, 8.3)")


def test_with_a_fresh_reliever_left_a_tired_pitcher_may_not_stay(rules):
    """Rule 4.2.1.1: under the basic rule a tired pitcher gives way while one reliever
    needs no short rest; keeping him is refused."""
    session = new_game(rules, header={"Rules": "rest,short-rest",
                                      "HomeShortRest": "Tremaine, Castellan, Wexley"})
    drive(session, until=at(8, "top", "mound"))
    assert f"home {STAY}" not in legal_lines(session)
    with pytest.raises(IllegalAction, match=r"^rule 8\.2\.1:"):
        session.push_text(f"home {STAY}")


def test_a_fresh_closer_is_forced_before_one_on_short_rest(tmp_path):
    """Rule 8.3 with two Closers (a box may hold more than one): the save falls to the one
    who needs no short rest; the other does not make it optional."""
    rules = edited_box_rules(tmp_path, "pitchers.csv", "new-york,Dunleavy,RP,",
                             "new-york,Dunleavy,CL,")
    for short in ("Achterberg", "Dunleavy"):
        session = new_game(rules, header={"Rules": "closer-saves,rest,short-rest",
                                          "HomeShortRest": short})
        drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
        fresh = "Dunleavy" if short == "Achterberg" else "Achterberg"
        assert legal_lines(session) == [f"home brings in {fresh}"]


def test_closer_not_forced_once_he_has_pitched(rules):
    """Rule 8.3: the rule concerns a CL who has not pitched yet; a used CL is gone."""
    session = new_game(rules, home_starter="Okafor",
                       header={"Rules": "closer-saves,rest", "HomeResting": "Tremaine, Castellan, "
                                                                       "Dunleavy"})
    # Okafor (5) pitches the 1st-5th, Wexley the 6th; the CL is the only arm for the 7th.
    drive(session, runs={(1, "bottom"): 1}, until=at(6, "top", "mound"))
    play(session, "home brings in Wexley")
    drive(session, runs={(1, "bottom"): 1}, until=at(7, "top", "mound"))
    play(session, "home brings in Achterberg")
    state = drive(session, runs={(1, "bottom"): 1}, until=at(9, "top"))
    # Ahead by one in the 9th, but Achterberg already pitched and nobody is left: he
    # goes on tired (rule 6.1), and no save is asked for.
    assert state.home.pitcher == "achterberg"
    assert state.phase != "mound"


def test_closer_before_the_ninth_only_when_no_rp_is_left(rules):
    """Rule 8.3: before the 9th the CL comes in only when there is no other choice."""
    header = {"HomeResting": "Tremaine, Castellan, Dunleavy", "Rules": "rest"}
    # Without the option the CL is one of the relievers as usual (rule 4.2.1.1).
    session = new_game(rules, home_starter="Okafor", header=dict(header))
    drive(session, until=at(6, "top", "mound"))
    assert relief_lines(session, "home") == {"home brings in Wexley",
                                             "home brings in Achterberg"}
    # With it, Wexley is the only choice for the 6th; in the 7th only the CL is left.
    session = new_game(rules, home_starter="Okafor",
                       header=dict(header, Rules="closer-saves,rest"))
    drive(session, until=at(6, "top", "mound"))
    assert relief_lines(session, "home") == {"home brings in Wexley"}
    with pytest.raises(IllegalAction):
        session.push_text("home brings in Achterberg")
    play(session, "home brings in Wexley")
    drive(session, until=at(7, "top", "mound"))
    assert legal_lines(session) == ["home brings in Achterberg"]
    play(session, "home brings in Achterberg")
    assert session.state.home.pitcher == "achterberg"


def test_before_the_ninth_a_pitcher_who_may_stay_is_the_other_option_to_the_closer(rules):
    """Rule 8.3 with 8.2.1: the CL is used before the 9th only when there is no other
    option. With Advanced Fatigue the pitcher on the mound may always stay, so with every
    RP resting the CL is never offered before the 9th: no Take the Mound choice at all,
    and Sabaria, tired in the 8th, stays at +100 (rule 8.2.1 a). With an RP free, the
    Closer held back names him."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves,rest",
                                      "HomeResting": ", ".join(NEW_YORK_RPS)})
    trace = []
    state = drive(session, until=at(8, "bottom"), trace=trace)
    assert not [spot for spot in trace if spot[1:] == ("top", "mound")]
    assert (state.home.pitcher, state.home.fatigue) == ("sabaria", 100)
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves,rest",
                                      "HomeResting": "Tremaine, Castellan, Dunleavy"})
    state = drive(session, until=at(1, "top", "mound"))
    assert legal_lines(session) == ["home brings in Wexley", "home stays with the pitcher"]
    held = {p.name: (rule, why) for p, rule, why in rules.relievers_held_back(state, "home")}
    assert held["Achterberg"] == ("8.3", "is the Closer: before the 9th he comes in only "
                                         "when there is no other option (Wexley may come "
                                         "in)")
    with pytest.raises(IllegalAction, match=r"^rule 8\.3: "):
        session.push_text("home brings in Achterberg")
    # With more than one RP free, the refusal names every one of them.
    session = new_game(rules, header={"Rules": "advanced-fatigue,closer-saves,rest",
                                      "HomeResting": "Castellan, Dunleavy"})
    state = drive(session, until=at(1, "top", "mound"))
    held = {p.name: why for p, _, why in rules.relievers_held_back(state, "home")}
    assert held["Achterberg"].endswith("(Tremaine or Wexley may come in)")


# -- 8.4.1 Good groove --------------------------------------------------------------------------


def test_good_groove_starter_is_not_tired(rules):
    """Rule 8.4.1: an SP who has allowed one run or fewer when he reaches his Fatigue inning
    ignores fatigue: no change is forced in the 8th for Sabaria, and kept, he pitches
    unmarked. Under the basic rule the change is still his manager's to make then (he is
    past his Fatigue inning, 4.2.1.1): the relievers are offered beside keeping him."""
    session = new_game(rules, header={"Rules": "good-bad-day"})
    state = drive(session, runs={(3, "top"): 1}, until=at(8, "top"))
    state = drive(session, until=lambda s: s.phase not in ("draw", "deal", "exchange"))
    assert state.phase == "mound"
    assert "groove" in rules.awaiting(state).prompt and "8.4.1" in rules.awaiting(state).prompt
    assert set(legal_lines(session)) == {f"home {STAY}"} | relief_lines(session, "home")
    assert relief_lines(session, "home") == {f"home brings in {n}"
                                             for n in (*NEW_YORK_RPS, "Achterberg")}
    play(session, f"home {STAY}")
    assert state.phase == "bat"
    assert state.home.pitcher == "sabaria" and state.home.fatigue == 0
    assert state.atbat.rolls == 4
    assert state.home.lines["sabaria"].runs == 1
    assert not state.home.lines["sabaria"].exceeded_fatigue


def test_the_groove_needs_the_option(rules):
    """Rules 8.0 and 8.4: without Good Day / Bad Day, Sabaria, one run allowed, is tired in
    the 8th as ever (4.2.1.1): a reliever must come in, and no groove is told."""
    session = new_game(rules)
    state = drive(session, runs={(3, "top"): 1}, until=at(8, "top"))
    state = drive(session, until=lambda s: s.phase not in ("draw", "deal", "exchange"))
    assert state.phase == "mound" and state.home.lines["sabaria"].runs == 1
    assert "groove" not in rules.awaiting(state).prompt
    assert set(legal_lines(session)) == relief_lines(session, "home")
    with pytest.raises(IllegalAction, match=r"rule 8\.2\.1: keeping a tired pitcher is the "
                                            "Advanced Pitcher Fatigue option"):
        session.push_text(f"home {STAY}")


def test_the_box_score_says_a_grooving_starter_went_past_his_fatigue_in_his_groove(rules):
    """Rules 8.4.1 and 8.2.2 (docs/rulings.md, the box score's fatigue column): Sabaria
    (Fatigue 7), kept in his groove in the 8th, pitched past his rating with no marker; the
    box score says so ('-' read as if he had not), and it is no game past his Fatigue for
    the rest rules."""
    from companion.high_and_tight.boxscore import box_score

    session = new_game(rules, header={"Rules": "good-bad-day"})
    drive(session, runs={(3, "top"): 1}, until=at(8, "top", "mound"))
    play(session, f"home {STAY}")
    drive(session, until=at(9, "top"))
    pitchers = {p.name: p for p in box_score(rules, session).pitchers}
    sabaria = pitchers.pop("Sabaria")
    assert (sabaria.innings, sabaria.fatigue) == (8, 0)
    assert sabaria.in_groove and not sabaria.exceeded_fatigue
    assert not any(p.in_groove for p in pitchers.values())


def test_a_grooving_starter_may_be_relieved_under_the_basic_rule(rules):
    """Rule 8.4.1 with 4.2.1.1: the groove sets his fatigue aside, not his manager's choice
    at his Fatigue inning: Sabaria (one run by the 8th) gives way to an RP who comes in
    fresh; before his Fatigue inning no reliever may come in."""
    session = new_game(rules, header={"Rules": "good-bad-day"})
    state = drive(session, runs={(3, "top"): 1}, until=at(7, "top"))
    state = drive(session, until=lambda s: s.phase not in ("draw", "deal", "exchange"))
    assert state.phase == "bat"                 # the 7th: inside his Fatigue (7)
    state = drive(session, until=at(8, "top", "mound"))
    play(session, "home brings in Castellan")
    assert state.home.pitcher == "castellan" and state.home.fatigue == 0
    assert ("8.4.1", "home: Castellan relieves Sabaria") in state.log
    assert "sabaria" in state.home.pitchers_removed


def test_good_groove_ends_with_the_second_run(rules):
    """Rule 8.4.1: once the grooving SP allows a second run, his fatigue applies from the
    next inning (basic rules: he must come out)."""
    session = new_game(rules, header={"Rules": "good-bad-day"})
    plan = {(3, "top"): 1, (8, "top"): 1}
    state = drive(session, runs=plan, until=at(9, "top", "mound"))
    assert state.home.lines["sabaria"].runs == 2
    assert f"home {STAY}" not in legal_lines(session)
    assert relief_lines(session, "home") == {f"home brings in {n}"
                                             for n in (*NEW_YORK_RPS, "Achterberg")}


def test_good_groove_then_plus_100_with_advanced_fatigue(rules):
    """Rules 8.4.1 and 8.2.1: kept in while in the groove he pitches unmarked (the prompt
    says the groove, not only the advanced rules' any-inning change); after the second
    run, kept in again, he takes the +100 marker."""
    session = new_game(rules, header={"Rules": "good-bad-day,advanced-fatigue"})
    plan = {(2, "top"): 1, (8, "top"): 1}
    state = drive(session, runs=plan, until=at(8, "top", "mound"))
    assert rules.awaiting(state).prompt == (
        "Sabaria is past his Fatigue in his groove: keep him as he is or relieve him "
        "(rules 8.2, 8.4.1)")
    play(session, f"home {STAY}")
    assert state.home.fatigue == 0 and state.atbat.rolls == 4
    assert not state.home.lines["sabaria"].exceeded_fatigue
    state = drive(session, runs=plan, until=at(9, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 100 and state.atbat.rolls == 5


@pytest.mark.parametrize("options", ["good-bad-day", "good-bad-day,advanced-fatigue"])
def test_a_grooving_starter_on_short_rest_keeps_his_plus_100_and_no_more(rules, options):
    """Rules 8.4.1 and 8.2.3 a: Sabaria starts on short rest at Fatigue +100 (one more
    Scoring Roll from the first pitch) and allows no run. The groove sets aside only his
    Fatigue inning: kept in the 8th he still carries the +100 he started with, never
    +200 (rulings.md, Good Day / Bad Day)."""
    session = new_game(rules, header={
        "Rules": f"rest,short-rest,{options}", "HomeStarter": "Sabaria",
        "HomeStarterFatigue": "100"})
    state = session.state
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    assert state.home.fatigue == 100
    state = drive(session, until=at(8, "top", "mound"))
    assert state.home.lines["sabaria"].runs == 0
    assert "8.4.1" in rules.awaiting(state).prompt or "8.2" in rules.awaiting(state).prompt
    play(session, f"home {STAY}")
    assert state.home.pitcher == "sabaria" and state.home.fatigue == 100
    assert state.atbat.rolls == sabaria.stuff_rolls + 1
    assert not state.home.lines["sabaria"].exceeded_fatigue


def test_no_groove_after_two_runs(rules):
    """Rule 8.4.1: two runs allowed by his Fatigue inning: the usual fatigue (4.2.1.1)."""
    session = new_game(rules, header={"Rules": "good-bad-day"})
    drive(session, runs={(3, "top"): 2}, until=at(8, "top", "mound"))
    assert f"home {STAY}" not in legal_lines(session)


def test_groove_is_for_starters_only(rules):
    """Rule 8.4.1: the groove is an SP's; a scoreless RP kept in past his Fatigue innings
    still takes the +100 marker (8.2.1 b)."""
    session = new_game(rules, header={"Rules": "good-bad-day,advanced-fatigue"})
    play(session, "home brings in Wexley")
    state = drive(session, until=at(2, "top", "mound"))
    assert state.home.lines["wexley"].runs == 0
    play(session, f"home {STAY}")
    assert state.home.fatigue == 100 and state.home.lines["wexley"].exceeded_fatigue


# -- 8.4.2 Bombed pitchers ---------------------------------------------------------------------


def bombed_game(rules, tag="good-bad-day"):
    return new_game(rules, header={"Rules": tag})


def test_three_runs_in_an_inning_bomb_the_pitcher(rules):
    """Rule 8.4.2: three runs in one inning put a +100 marker on the pitcher at the end of
    that inning; two more runs later flip it to +200, and it grows no further."""
    session = bombed_game(rules)
    plan = {(2, "top"): 3, (4, "top"): 1, (5, "top"): 1, (6, "top"): 2}
    state = drive(session, runs=plan, until=at(2, "top", "roll"))
    assert state.home.fatigue == 0
    state = drive(session, runs=plan, until=at(2, "bottom"))
    assert state.away.runs == [0, 3]
    assert state.home.fatigue == 100
    assert any(rule == "8.4.2" and "Sabaria" in text for rule, text in state.log)
    state = drive(session, runs=plan, until=at(3, "top", "bat"))
    assert state.home.pitcher == "sabaria" and state.atbat.rolls == 5
    state = drive(session, runs=plan, until=at(4, "bottom"))
    assert state.home.fatigue == 100                  # one more run: not yet
    state = drive(session, runs=plan, until=at(5, "bottom"))
    assert state.home.fatigue == 200
    state = drive(session, runs=plan, until=at(6, "top", "bat"))
    assert state.atbat.rolls == 6
    state = drive(session, runs=plan, until=at(7, "top", "bat"))
    assert state.home.fatigue == 200 and state.atbat.rolls == 6


def test_five_runs_in_all_bomb_the_pitcher(rules):
    """Rule 8.4.2: five runs over several innings also earn the +100 marker, at the end of
    the inning in which the fifth scores."""
    session = bombed_game(rules)
    plan = {(1, "top"): 2, (2, "top"): 2, (3, "top"): 1}
    state = drive(session, runs=plan, until=at(3, "top"))
    assert state.away.total == 4 and state.home.fatigue == 0
    state = drive(session, runs=plan, until=at(3, "bottom"))
    assert state.away.total == 5 and state.home.fatigue == 100


def bombed_notes(state) -> list[str]:
    return [text for rule, text in state.log if rule == "8.4.2"]


def test_five_runs_in_one_half_earn_100_only(rules):
    """Rule 8.4.2 (docs/rulings.md, Optional rules: Good Day / Bad Day): the two further
    runs that flip the marker are counted from the end of the half that earned the +100,
    so Lindqvist (five Scoring Rolls) giving up five in the 2nd is bombed to +100, not
    +200; one more run in the 3rd leaves him there, a second in the 4th flips him."""
    lindqvist = rules.box.rosters["new-york"].pitchers["lindqvist"]
    assert lindqvist.stuff_rolls == 5
    session = new_game(rules, home_starter="Lindqvist", header={"Rules": "good-bad-day"})
    plan = {(2, "top"): 5, (3, "top"): 1, (4, "top"): 1}
    state = drive(session, runs=plan, until=at(2, "bottom"))
    assert state.away.runs == [0, 5]
    assert state.home.fatigue == 100
    assert bombed_notes(state) == ["Lindqvist is bombed: Fatigue +100"]
    state = drive(session, runs=plan, until=at(3, "top", "cards"))
    assert state.home.pitcher == "lindqvist" and state.atbat.rolls == 6
    state = drive(session, runs=plan, until=at(3, "bottom"))
    assert state.away.total == 6 and state.home.fatigue == 100
    state = drive(session, runs=plan, until=at(4, "bottom"))
    assert state.away.total == 7 and state.home.fatigue == 200
    assert bombed_notes(state) == ["Lindqvist is bombed: Fatigue +100",
                                   "Lindqvist keeps giving up runs: Fatigue +200"]


@pytest.mark.parametrize("plan, marks", [
    # 2, 2 and 1 run: the fifth in all bombs him; one run a half twice more flips him.
    ({(1, "top"): 2, (2, "top"): 2, (3, "top"): 1, (4, "top"): 1, (5, "top"): 1},
     {2: (4, 0), 3: (5, 100), 4: (6, 100), 5: (7, 200)}),
    # Four in the 1st bomb him; a fifth run later is one more, not two: still +100.
    ({(1, "top"): 4, (3, "top"): 1}, {1: (4, 100), 3: (5, 100), 5: (5, 100)}),
    # Three in the 1st, three more in the 3rd: +100, then +200.
    ({(1, "top"): 3, (3, "top"): 3}, {1: (3, 100), 2: (3, 100), 3: (6, 200)}),
], ids=["2-2-1-then-1-1", "4-then-1", "3-then-3"])
def test_runs_after_the_bombing_half_count_toward_200(rules, plan, marks):
    """Rule 8.4.2 (docs/rulings.md, Good Day / Bad Day): Sabaria's marker at the end of
    each listed top half, runs given up in all beside it: +100 when three come in one
    half or the total reaches five, +200 once two more have scored after that half,
    whichever halves they come in."""
    session = bombed_game(rules)
    for inning, (total, fatigue) in marks.items():
        state = drive(session, runs=plan, until=at(inning, "bottom"))
        assert state.home.pitcher == "sabaria"
        assert (state.away.total, state.home.fatigue) == (total, fatigue), inning
    assert len(bombed_notes(state)) == (2 if fatigue == 200 else 1)


def test_two_runs_in_an_inning_do_not_bomb(rules):
    """Rule 8.4.2: fewer than three in an inning and fewer than five in all: no marker."""
    session = bombed_game(rules)
    state = drive(session, runs={(1, "top"): 2, (3, "top"): 2}, until=at(7, "top", "bat"))
    assert state.away.total == 4
    assert state.home.fatigue == 0 and state.atbat.rolls == 4


def test_bombing_needs_the_option(rules):
    """Rules 8.0 and 8.4: without Good Day / Bad Day three runs in an inning change
    nothing."""
    session = bombed_game(rules, tag="advanced-fatigue")
    state = drive(session, runs={(2, "top"): 3}, until=at(3, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 0 and state.atbat.rolls == 4


def test_bombed_pitcher_passing_his_fatigue_goes_to_200(rules):
    """Rules 8.4.2 and 8.2.1: a bombed pitcher kept in past his Fatigue inning flips to +200
    and never beyond."""
    session = bombed_game(rules, tag="good-bad-day,advanced-fatigue")
    plan = {(2, "top"): 3}
    state = drive(session, runs=plan, until=at(7, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 100 and state.atbat.rolls == 5
    drive(session, runs=plan, until=at(8, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 200 and state.atbat.rolls == 6
    drive(session, runs=plan, until=at(9, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 200 and state.atbat.rolls == 6


@pytest.mark.parametrize("options", ["good-bad-day", "good-bad-day,advanced-fatigue"])
def test_a_short_rest_starter_bombed_goes_to_200(rules, options):
    """Rules 8.2.3 a and 8.4.2: Sabaria starting on short rest already wears +100, so
    being bombed (three runs in the 2nd) is a further step to +200 at the end of that
    half, with the basic fatigue rule or Advanced Fatigue alike."""
    session = new_game(rules, header={
        "Rules": f"rest,short-rest,{options}", "HomeStarter": "Sabaria",
        "HomeStarterFatigue": "100"})
    state = session.state
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    advanced = "advanced-fatigue" in options     # a Take the Mound choice every inning
    assert (state.phase == "mound") == advanced
    if advanced:
        play(session, f"home {STAY}")
    assert state.home.fatigue == 100 and state.atbat.rolls == sabaria.stuff_rolls + 1
    plan = {(2, "top"): 3}
    state = drive(session, runs=plan, until=at(2, "bottom"))
    assert state.away.runs == [0, 3]
    assert state.home.fatigue == 200
    assert bombed_notes(state) == ["Sabaria is bombed: Fatigue +200"]
    state = drive(session, runs=plan, until=lambda s: s.inning == 3 and s.phase in (
        "mound", "bat"))
    assert (state.phase == "mound") == advanced
    if advanced:
        play(session, f"home {STAY}")
    assert state.home.pitcher == "sabaria"
    assert state.home.fatigue == 200 and state.atbat.rolls == sabaria.stuff_rolls + 2


def test_a_grooving_starter_bombed_gets_100_then_200_when_kept(rules):
    """Rules 8.4.1, 8.4.2 and 8.2.1 (docs/rulings.md, Good Day / Bad Day: any further
    reason moves the marker one step): Sabaria, one run allowed by his Fatigue inning,
    is kept unmarked in the 8th; three runs there bomb him to +100 at the end of that
    half and end his groove, so kept for the 9th he steps on to +200."""
    session = bombed_game(rules, tag="good-bad-day,advanced-fatigue")
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    plan = {(2, "top"): 1, (8, "top"): 3}
    state = drive(session, runs=plan, until=at(8, "top", "mound"))
    play(session, f"home {STAY}")
    assert state.home.fatigue == 0 and state.atbat.rolls == sabaria.stuff_rolls
    state = drive(session, runs=plan, until=at(8, "bottom"))
    assert state.away.runs[7] == 3 and state.home.lines["sabaria"].runs == 4
    assert state.home.fatigue == 100
    assert bombed_notes(state) == ["Sabaria is bombed: Fatigue +100"]
    state = drive(session, runs=plan, until=at(9, "top", "mound"))
    assert rules.stay_fatigue(state, "home") == 200
    play(session, f"home {STAY}")
    assert state.home.fatigue == 200 and state.atbat.rolls == sabaria.stuff_rolls + 2
    assert ("8.2.1", "Sabaria pitches past his Fatigue: Fatigue +200") in state.log


def test_bombed_reliever_too(rules):
    """Rule 8.4.2: the rule is for any pitcher: a reliever bombed for three takes +100."""
    session = bombed_game(rules, tag="good-bad-day,advanced-fatigue")
    play(session, "home brings in Castellan")
    state = drive(session, runs={(1, "top"): 3}, until=at(2, "top", "mound"))
    assert state.home.fatigue == 100
    play(session, f"home {STAY}")
    castellan = rules.box.rosters["new-york"].pitchers["castellan"]
    assert state.atbat.rolls == castellan.stuff_rolls + 1


def test_a_reliever_on_short_rest_kept_past_his_fatigue_goes_to_200(rules):
    """Rules 8.2.3 b and 8.2.1: Wexley (RP, Fatigue 1) brought in on short rest wears +100;
    kept for a second inning he is past his Fatigue, one further step to +200 (and a game
    past his Fatigue for his rest, 8.2.2), and no further after that."""
    session = new_game(rules, header={"Rules": "advanced-fatigue,rest,short-rest",
                                      "HomeShortRest": "Wexley"})
    wexley = rules.box.rosters["new-york"].pitchers["wexley"]
    assert wexley.kind == "RP" and wexley.fatigue == 1
    play(session, "home brings in Wexley")
    state = session.state
    assert state.home.fatigue == 100 and state.atbat.rolls == wexley.stuff_rolls + 1
    assert not state.home.lines["wexley"].exceeded_fatigue
    for inning in (2, 3):
        state = drive(session, until=at(inning, "top", "mound"))
        assert rules.stay_fatigue(state, "home") == 200
        play(session, f"home {STAY}")
        assert state.home.fatigue == 200 and state.atbat.rolls == wexley.stuff_rolls + 2
        assert state.home.lines["wexley"].exceeded_fatigue


@pytest.mark.parametrize("options", ["good-bad-day", "good-bad-day,advanced-fatigue"])
def test_a_reliever_on_short_rest_bombed_goes_to_200(rules, options):
    """Rules 8.2.3 b and 8.4.2: Castellan comes in for the tired Sabaria on short rest at
    +100; three runs in his first half bomb him a further step, to +200, at its end."""
    session = new_game(rules, header={"Rules": f"rest,short-rest,{options}",
                                      "HomeShortRest": "Castellan"})
    plan = {(8, "top"): 3}
    relieve = {"home brings in Castellan"}
    state = drive(session, runs=plan, until=at(8, "top", "mound"),
                  mound=lambda state, legal: f"home {STAY}" if f"home {STAY}" in legal
                  and state.fielding == "home" else None)
    assert relieve <= set(legal_lines(session))
    play(session, "home brings in Castellan")
    assert state.home.fatigue == 100
    state = drive(session, runs=plan, until=at(8, "bottom"))
    assert state.away.runs[7] == 3
    assert state.home.fatigue == 200
    assert bombed_notes(state) == ["Castellan is bombed: Fatigue +200"]


@pytest.mark.parametrize("options", ["good-bad-day", "good-bad-day,advanced-fatigue"])
def test_the_groove_lasts_into_extra_innings(rules, options):
    """Rules 8.4.1 and 6.1 ("all normal rules apply to Pitchers"): Sabaria, one run allowed
    in a 1-1 game, is still in his groove at the 10th: kept, he pitches unmarked, his
    Stuff as printed, and has not gone past his Fatigue."""
    session = new_game(rules, header={"Rules": options})
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    state = drive(session, runs={(3, "top"): 1, (3, "bottom"): 1},
                  until=at(10, "top", "mound"),
                  mound=lambda state, legal: f"home {STAY}" if f"home {STAY}" in legal
                  and state.fielding == "home" else None)
    assert (state.away.total, state.home.total) == (1, 1)
    assert state.home.pitcher == "sabaria" and state.home.lines["sabaria"].runs == 1
    assert "groove" in rules.awaiting(state).prompt
    assert rules.stay_fatigue(state, "home") is None
    play(session, f"home {STAY}")
    assert state.home.fatigue == 0 and state.atbat.rolls == sabaria.stuff_rolls
    assert not state.home.lines["sabaria"].exceeded_fatigue


def test_marker_leaves_with_the_pitcher(rules):
    """Rules 8.4.2 and 4.2.1: the marker stays with the bombed pitcher; his reliever starts
    fresh."""
    session = bombed_game(rules, tag="good-bad-day,advanced-fatigue")
    state = drive(session, runs={(2, "top"): 3}, until=at(3, "top", "mound"))
    assert state.home.fatigue == 100
    play(session, "home brings in Castellan")
    assert state.home.fatigue == 0 and state.atbat.rolls == 4


# -- the rule a refusal names ------------------------------------------------------------------


def test_closer_after_a_reliever_refusal_names_rule_8_2(rules):
    """Rule 8.2 (SPEC 8: an illegal action names its rule): bringing the CL in for an RP
    under Advanced Fatigue is refused by rule 8.2."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    play(session, "home brings in Castellan")
    drive(session, until=at(2, "top", "mound"))
    with pytest.raises(IllegalAction, match=r"^rule 8\.2:"):
        session.push_text("home brings in Achterberg")


def test_early_closer_refusal_names_rule_8_3(rules):
    """Rule 8.3 (SPEC 8): the CL asked for before the 9th while an RP is left is refused by
    the Closer Saves rule."""
    session = new_game(rules, header={"Rules": "closer-saves"})
    drive(session, until=at(8, "top", "mound"))
    with pytest.raises(IllegalAction, match=r"^rule 8\.3:"):
        session.push_text("home brings in Achterberg")


def test_resting_reliever_refusal_names_rule_8_2_2(rules):
    """Rule 8.2.2 (SPEC 8): a reliever resting this game is refused by Pitcher's Rest."""
    session = new_game(rules, header={"Rules": "rest", "HomeResting": "Castellan"})
    drive(session, until=at(8, "top", "mound"))
    assert "home brings in Castellan" not in legal_lines(session)
    with pytest.raises(IllegalAction, match=r"^rule 8\.2\.2:"):
        session.push_text("home brings in Castellan")



def test_a_reliever_gives_way_to_an_rp_only_and_the_refusal_says_who_and_why(rules):
    """Rule 8.2 (Advanced Fatigue): an RP or CL on the mound is replaced by an RP only; the
    Closer held back names the pitcher he cannot relieve and why, not a bare rule."""
    session = new_game(rules, header={"Rules": "advanced-fatigue"})
    drive(session, until=at(7, "top", "mound"))
    play(session, "home brings in Castellan")
    state = drive(session, until=at(8, "top", "mound"))
    assert state.home.pitcher == "castellan"
    held = {p.name: (rule, why) for p, rule, why in rules.relievers_held_back(state, "home")}
    assert held["Achterberg"] == ("8.2", "cannot come in for Castellan: with Advanced "
                                         "Fatigue a reliever (RP) gives way to an RP only")
    with pytest.raises(IllegalAction, match=r"^rule 8\.2: .*Achterberg cannot come in for "
                                            r"Castellan"):
        session.push_text("home brings in Achterberg")
