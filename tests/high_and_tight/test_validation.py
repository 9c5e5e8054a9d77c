"""Bad input changes nothing and is refused with the rule or the accepted range (SPEC 8)."""


import pytest

from companion.engine.errors import DataError, IllegalAction, ParseError
from companion.engine.session import Session
from companion.high_and_tight import actions as act
from companion.high_and_tight.box import load_box

from .util import new_game, play


@pytest.mark.parametrize("tags, needle", [
    ({"HomeStarterFatigue": "lots", "Rules": "rest,short-rest"}, "is not 0 or 100"),
    ({"HomeStarterFatigue": "-900", "Rules": "rest,short-rest"}, "is not 0 or 100"),
    ({"HomeStarterFatigue": "200", "Rules": "rest,short-rest"},
     "'200' is not 0 or 100 \\(rule 8.2.3 a"),
    ({"HomeStarterFatigue": "100"}, "'100' needs the optional rule 8.2.3 a Short Rest"),
    ({"HomeStarterFatigue": "100", "Rules": "rest"}, "add 'rest,short-rest' to Rules"),
    ({"HomeShortRest": "Tremaine"}, "header HomeShortRest: 'Tremaine' needs the optional rule "
                                    "8.2.3 Short Rest"),
    ({"HomeResting": "Sabaria", "Rules": "advanced-fatigue"},
     "header HomeResting: 'Sabaria' needs the optional rule 8.2.2 Pitcher's Rest, which this "
     "game's Rules do not hold: add 'rest' to Rules or leave the tag out"),
    ({"HomeStarter": "Nobody"}, "not a pitcher"),
    ({"HomeStarter": "Tremaine"}, "not an SP"),
    ({"HomeStarter": "Sabaria", "HomeResting": "Sabaria", "Rules": "rest"},
     "not an SP free to start"),
    ({"HomeResting": "Sabaria, Lindqvist, Marchetti, Okafor", "Rules": "rest"},
     "every SP rests"),
])
def test_game_header_is_checked_before_play(rules, tags, needle):
    """Rules 3.0, 8.2.2, 8.2.3: starter, rest and fatigue tags are checked at once, and
    the rest tags only go with the optional rules that give them meaning."""
    with pytest.raises(ParseError, match=needle):
        Session(rules, {"Home": "new-york", "Away": "texas", **tags})


def test_rest_tags_that_name_nobody_need_no_optional_rule(rules):
    """Rules 8.2.2, 8.2.3: an empty list (', ') or a starter's fatigue of 0 says nothing a
    game without those rules cannot hold."""
    session = Session(rules, {"Home": "new-york", "Away": "texas", "HomeResting": ", ",
                              "AwayShortRest": "", "HomeStarterFatigue": "0"})
    assert session.state.home.resting == frozenset()


def test_rally_tens_refused_while_an_extra_card_is_owed(rules):
    """Rule 5.7.2: after Rally Caps for an extra card, the card comes next."""
    session = new_game(rules, away_cards=("Leadoff Walk", "Work the Count", "Seeing It Well",
                                          "Web Gem", "Pitchout", "Blown Call"))
    play(session, "away bats Hampton\nhome fields Mendevil\naway plays Work the Count\n"
                  "home passes\naway rallies card")
    before = session.state.summary()
    with pytest.raises(IllegalAction, match="rule 5.7.2"):
        session.push_text("away rallies tens")
    assert session.state.summary() == before
    assert all(a.kind == "play" for a in rules.legal_actions(session.state))


def test_actions_built_in_code_are_checked(rules):
    """Rules 4.6 and 5.2.1: faces outside 1..6 and negative draws are refused."""
    session = Session(rules, {"Home": "new-york", "Away": "texas"})
    with pytest.raises(IllegalAction):
        session.push(act.draw("home", -1, 7))
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes\nhome passes\n"
                  "away stands pat")
    with pytest.raises(ParseError, match="1..6"):
        session.push(act.roll(0, 13))
    assert session.state.atbat.dice == []


def test_lineup_with_an_unknown_name_in_code(rules):
    """Rule 3.0: a lineup names ballplayers of the roster."""
    session = new_game(rules, away_lineup="")
    with pytest.raises(IllegalAction, match="rule 3.0"):
        session.push(act.lineup("away", "Nobody", ("Marty", "Rusk", "Villafane"),
                                ("Blanto", "Hampton", "Carrizales", "Oyelaran"), "Wendt"))


def test_names_that_would_break_a_record_are_refused(box_copy):
    """SPEC 7-8: names go into one-line records, so commas and semicolons are refused."""
    path = box_copy / "ballplayers.csv"
    path.write_text(path.read_text().replace("new-york,Stroud,", 'new-york,"Stroud, Jr.",'))
    with pytest.raises(DataError) as info:
        load_box(box_copy)
    assert any("ballplayers.csv" in p and "Stroud, Jr." in p and "comma" in p
               for p in info.value.problems)


def test_scoring_rolls_track_stops_at_twenty(box_copy):
    """SPEC 3 and rule 5.5.1: the Scoring Rolls track reaches 20 with its +10 side."""
    path = box_copy / "box.toml"
    path.write_text(path.read_text().replace("max = 20", "max = 30"))
    with pytest.raises(DataError) as info:
        load_box(box_copy)
    assert any("'max'" in p and "10..20" in p for p in info.value.problems)  # (its boxes on)


def test_an_action_out_of_turn_says_whose_turn_it_is(rules):
    """Rules 4.2.2 and 4.6: out of turn, the refusal names the side awaited, or the dice."""
    from companion.engine.errors import IllegalAction

    from .util import new_game, quiet_step

    session = new_game(rules)
    state = session.state
    for phase, line, said in [
        ("bat", "home fields Kanno", "rule 4.2.2: it is away's turn, not home's: the game "
                                     "awaits away: send a batter up; he fields the bottom "
                                     "half (rules 4.2.2, 4.2.3 b)"),
        ("roll", "away plays Good Wood", "rule 4.6: no play now: the game awaits two dice "
                                         "for a Scoring Roll"),
    ]:
        while state.phase != phase:
            quiet_step(session)
        with pytest.raises(IllegalAction) as info:
            session.push_text(line)
        assert info.value.brief == said


@pytest.mark.parametrize(("line", "said"), [
    ("away bats Kanno", "'Kanno' is not a ballplayer of the Texas Cowboys roster: Kanno is "
                        "on the New York Highlanders roster"),
    ("away bats Flee", "'Flee' is not a ballplayer of the Texas Cowboys roster: Flee is a "
                       "pitcher"),
    ("away bats hamptn", "'hamptn' is not a ballplayer of the Texas Cowboys roster; did you "
                         "mean 'Hampton'?"),
])
def test_a_name_off_the_roster_says_what_it_is(rules, line, said):
    """Rule 4.2.2: a name not on the side's roster says whose piece it is when it is one (a
    look-alike of this roster was offered for another team's man, one maybe already in
    the lineup), else the name it may be a slip for; nothing is recorded."""
    session = new_game(rules)
    before = len(session.actions)
    with pytest.raises(IllegalAction, match="rule 4.2.2") as refused:
        session.push_text(line)
    assert str(refused.value) == f"rule 4.2.2: {said}"
    assert len(session.actions) == before


def test_a_roster_fielded_by_another_team_card_is_named_by_its_own_team(rules):
    """Rules 3.0 and 8.1.1: a team card fielding another team's roster (an optional card,
    or a HomeRoster tag) said "'Sabaria' is not a pitcher of the New York Highlanders
    roster: Sabaria is on the New York Highlanders roster": the roster is named by its own
    team, and by the card that fields it."""
    with pytest.raises(IllegalAction) as refused:
        new_game(rules, header={"HomeRoster": "philadelphia"})        # home starts Sabaria
    assert str(refused.value).endswith(
        "'Sabaria' is not a pitcher of the Philadelphia Mustangs roster (fielded by the New "
        "York Highlanders): Sabaria is on the New York Highlanders roster")
