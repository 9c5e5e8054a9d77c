"""Rule 3.0, Game Setup: draws, exchanges, starting pitchers and lineups."""

import pytest

from companion.engine.errors import IllegalAction, ParseError
from companion.engine.session import Session
from companion.high_and_tight.series import SeriesRules

from .util import TEXAS_LINEUP, hand, new_game, play


def test_home_draws_six_then_away(rules):
    """Rule 3.0 step 3: the home player draws six cards in any mix, then the away player."""
    session = Session(rules, {"Home": "new-york", "Away": "texas"})
    assert rules.awaiting(session.state).side == "home"
    with pytest.raises(IllegalAction, match="rule 3.0"):
        session.push_text("home draws 5 offense")
    play(session, "home draws 2 offense 4 defense")
    assert rules.awaiting(session.state).kind == "chance"
    assert rules.awaiting(session.state).prompt == "deal a card from the deck (rule 5.2.1)"
    with pytest.raises(IllegalAction, match="draw pile"):
        session.push_text("deal Web Gem")  # offense cards are dealt first
    play(session, """
        deal Good Wood
        deal Good Wood
        deal Web Gem
        deal Web Gem
        deal Blown Call
        deal On the Black
    """)
    with pytest.raises(IllegalAction):
        session.push_text("away draws 6 offense")
    assert hand(session, "home") == {"Good Wood": 2, "Web Gem": 2, "Blown Call": 1,
                                     "On the Black": 1}


def test_setup_exchange_is_one_card(rules):
    """Rule 3.0 step 3: after the draw, one unwanted card may be exchanged."""
    session = Session(rules, {"Home": "new-york", "Away": "texas"})
    play(session, """
        home draws 6 offense
        deal Good Wood
        deal Good Wood
        deal Good Jump
        deal Good Jump
        deal Wallbanger
        deal Upper Deck
        home exchanges Upper Deck for defense
        deal Web Gem
    """)
    # One exchange only: the away player's draw comes next.
    assert rules.awaiting(session.state).side == "away"
    assert rules.awaiting(session.state).phase == "draw"
    assert hand(session, "home")["Web Gem"] == 1
    assert "Upper Deck" not in hand(session, "home")


def test_away_setup_exchange_then_the_deal_then_the_starters(rules):
    """Rule 3.0 steps 3 and 4: after his six cards the away player may swap one; the
    replacement is dealt from the deck he asked for, and only then are the starters
    named, home first. Nothing else is taken in between."""
    session = Session(rules, {"Home": "new-york", "Away": "texas"})
    state = session.state
    play(session, "home draws 6 offense\n" + "\n".join(
        f"deal {card}" for card in ("Good Wood", "Good Wood", "Good Jump", "Good Jump",
                                    "Wallbanger", "Upper Deck")))
    play(session, "home keeps\naway draws 6 defense\n" + "\n".join(
        f"deal {card}" for card in ("Web Gem", "Web Gem", "Bear Down", "Bear Down",
                                    "Blown Call", "Pitchout")))
    awaiting = rules.awaiting(state)
    assert (awaiting.phase, awaiting.side) == ("exchange", "away")
    with pytest.raises(IllegalAction, match="rule 3.0"):
        session.push_text("home starts Sabaria")
    play(session, "away exchanges Pitchout for offense")
    assert rules.awaiting(state).kind == "chance" and state.phase == "deal"
    with pytest.raises(IllegalAction, match="rule 3.0"):
        session.push_text("home starts Sabaria")
    with pytest.raises(IllegalAction, match="offense draw pile"):
        session.push_text("deal Web Gem")
    play(session, "deal Bad Hop")
    assert hand(session, "away") == {"Web Gem": 2, "Bear Down": 2, "Blown Call": 1,
                                     "Bad Hop": 1}
    assert "pitchout" in state.decks["defense"].discard
    awaiting = rules.awaiting(state)
    assert (awaiting.phase, awaiting.side) == ("starter", "home")
    for line in ("away exchanges Web Gem for offense", "away starts Flee"):
        with pytest.raises(IllegalAction, match="rule 3.0"):
            session.push_text(line)
    play(session, "home starts Sabaria")
    assert (rules.awaiting(state).phase, rules.awaiting(state).side) == ("starter", "away")
    play(session, "away starts Flee")
    assert (state.home.pitcher, state.away.pitcher) == ("sabaria", "flee")
    assert (rules.awaiting(state).phase, rules.awaiting(state).side) == ("lineup", "home")


def test_starting_pitcher_must_be_an_sp(rules):
    """Rule 3.0 step 4: the starting pitcher is one of the team's SPs."""
    session = Session(rules, {"Home": "new-york", "Away": "texas", "HomeStarter": "Sabaria"})
    play(session, "home draws 6 offense\n" + "\n".join(["deal Good Wood"] * 2 + [
        "deal Good Jump"] * 2 + ["deal Wallbanger", "deal Upper Deck", "home keeps",
                                 "away draws 6 defense"] + ["deal Web Gem"] * 2 + [
        "deal Bear Down"] * 2 + ["deal Blown Call", "deal Pitchout", "away keeps"]))
    with pytest.raises(IllegalAction, match="rule 3.0"):
        session.push_text("away starts Rivero")
    play(session, "away starts Flee")
    assert session.state.away.pitcher == "flee"
    assert session.state.home.pitcher == "sabaria"


def test_lineup_positions(rules):
    """Rule 3.0 step 5: 1 C, 3 OF, 4 IF and a DH who may be any remaining ballplayer."""
    session = new_game(rules, away_lineup="")
    state = session.state
    assert rules.awaiting(state).phase == "lineup"
    bad = [
        # Hampton is an infielder, not an outfielder
        "away lineup C Boudreaux; OF Marty, Hampton, Villafane; "
        "IF Blanto, Rusk, Carrizales, Oyelaran; DH Wendt",
        # a player twice
        "away lineup C Boudreaux; OF Marty, Rusk, Villafane; "
        "IF Blanto, Hampton, Carrizales, Oyelaran; DH Marty",
    ]
    for line in bad:
        with pytest.raises(IllegalAction, match="rule 3.0"):
            session.push_text(line)
    # The position said with its article ('is not a OF' read as a slip).
    with pytest.raises(IllegalAction, match="rule 3.0: Hampton is not an OF"):
        session.push_text(bad[0])
    # The one named twice is named (the refusal said only "a ballplayer").
    with pytest.raises(IllegalAction, match="rule 3.0: Marty appears twice in the lineup"):
        session.push_text(bad[1])
    # A catcher may be the DH.
    play(session, "away lineup C Boudreaux; OF Marty, Rusk, Villafane; "
                  "IF Blanto, Hampton, Carrizales, Oyelaran; DH Yancey")
    assert state.away.dh == "yancey"
    assert len(state.away.available) == 9


def test_lineup_enumeration_is_legal(rules):
    """Rule 3.0 step 5: every lineup the rules offer is accepted, and they are every
    lineup the roster can field: each catcher, three of its OFs, four of its IFs and one
    of the ballplayers left as the DH, each once."""
    from math import comb

    session = new_game(rules, away_lineup="")
    legal = rules.legal_actions(session.state)
    roster = session.state.away.roster.ballplayers.values()
    count = {pos: sum(p.position == pos for p in roster) for pos in ("C", "OF", "IF")}
    left = len(roster) - 8
    assert len(legal) == len(set(legal)) == (count["C"] * comb(count["OF"], 3)
                                             * comb(count["IF"], 4) * left)
    assert TEXAS_LINEUP in {rules.format_action(a) for a in legal}
    for action in legal:
        trial = rules.new_state(session.header)
        for earlier in session.actions:
            rules.apply(trial, earlier)
        rules.apply(trial, action)              # raises if the rules refuse it
        assert trial.away.dh == action.args[3].casefold()


@pytest.mark.parametrize("header", [
    {"Home": "seattle", "HomeRoster": "new-york", "Away": "new-york"},
    {"Home": "seattle", "HomeRoster": "texas", "Away": "chicago", "AwayRoster": "Texas"},
])
def test_two_teams_never_field_the_same_roster(rules, header):
    """Rules 3.0 and 8.1.1: an optional team card takes a standard roster's pieces, and the
    box holds one set of each, so the other team cannot field that roster too."""
    with pytest.raises(ParseError, match=r"header HomeRoster, AwayRoster: both teams would "
                       r"field the roster .*one set of its pieces.*\(rules 3\.0, 8\.1\.1\)"):
        rules.new_state(header)


def test_a_series_refuses_the_same_roster_for_both_teams(rules):
    """Rules 3.0 and 8.1.1, for a series."""
    header = {"Series": "High & Tight", "Scenario": "world", "Team1": "seattle",
              "Team1Roster": "philadelphia", "Team2": "philadelphia"}
    with pytest.raises(ParseError, match="header Team1Roster, Team2Roster: both teams would "
                       r"field the roster philadelphia \(Philadelphia Mustangs\)"):
        SeriesRules(rules.box).new_state(header)
    header["Team1Roster"] = "texas"
    assert SeriesRules(rules.box).new_state(header).rosters == {"team1": "texas",
                                                                 "team2": "philadelphia"}


def test_each_player_starts_with_the_box_s_rally_caps(box_copy):
    """Rules 2.5 and 5.7: each player holds one Rally Cap card counting his uses; the game
    begins with the box's number on both (2 in the demo box, 3 in a box edited to say
    3)."""
    from companion.high_and_tight.box import load_box
    from companion.high_and_tight.rules import HighAndTight

    toml = box_copy / "box.toml"
    toml.write_text(toml.read_text().replace("rally_caps = 2", "rally_caps = 3"))
    for folder, uses in ((None, 2), (box_copy, 3)):
        rules = HighAndTight(load_box() if folder is None else load_box(folder))
        assert rules.box.rally_caps == uses
        state = new_game(rules).state
        assert (state.home.rally_left, state.away.rally_left) == (uses, uses)
