"""Rules 4.1, 5.2 (drawing and exchanging cards) and 4.2.1 / 6.1 (pitcher fatigue)."""

import pytest

from companion.engine.errors import IllegalAction
from companion.high_and_tight.rules import RESHUFFLED, reshuffled_owed

from .util import first_legal, hand, new_game, play, quiet_half, reach, to_half

ALL_OFFENSE_HOME = ("Good Wood", "Good Wood", "Good Jump", "Good Jump", "Work the Count",
                    "Work the Count")
ALL_OFFENSE_AWAY = ("Fight Off Pitches", "Fight Off Pitches", "Pitcher/Batter Matchup (Offense)",
                    "Pitcher/Batter Matchup (Offense)", "Wallbanger", "Hit and Run")


def hand_size(session, side: str) -> int:
    return session.state.side(side).hand_size()


def first_card(session, side: str) -> str:
    """The name of some card in this side's hand."""
    return next(iter(hand(session, side)))


# -- 4.1 and 5.2.1: who draws, and how many ------------------------------------------------

def test_no_draw_in_the_first_inning(rules):
    """Rules 5.2.1 and 5.2.2: the 1st inning has neither a draw nor an exchange."""
    session = new_game(rules)
    state = session.state
    assert state.inning == 1 and state.phase == "bat"
    play(session, "away bats Hampton\nhome fields Kanno")
    quiet_half(session)
    # The bottom half goes straight to the cards: no draw for the home player either.
    assert state.half == "bottom" and state.phase == "cards"
    assert hand_size(session, "home") == hand_size(session, "away") == 6


def test_second_to_sixth_innings_draw_one_exchange_one(rules):
    """Rules 5.2.1 and 5.2.2: in the 2nd to 6th the batting player draws one, exchanges one."""
    session = new_game(rules)
    state = session.state
    for inning in range(2, 7):
        for half in ("top", "bottom"):
            to_half(session, inning, half)
            batting = state.batting
            assert (state.phase, session.rules.awaiting(state).side) == ("draw", batting)
            assert (state.draws_owed, state.exchanges_left) == (1, 1)
            with pytest.raises(IllegalAction, match="rule 5.2.1"):
                session.push_text(f"{batting} draws 2 defense")
            with pytest.raises(IllegalAction, match="rule 5.2.1"):   # the draw is taken
                session.push_text(f"{batting} draws 0 offense 0 defense")   # (rulings.md)
            size = hand_size(session, batting)
            play(session, f"{batting} draws 1 defense")
            play(session, first_legal(session))                 # the deal
            assert state.phase == "exchange" and hand_size(session, batting) == size + 1
            play(session, f"{batting} exchanges {first_card(session, batting)} for offense")
            play(session, first_legal(session))                 # the deal
            # One exchange only: the half goes on to the pitcher and players.
            assert state.phase not in ("draw", "deal", "exchange")
            assert hand_size(session, batting) == size + 1


def test_only_the_batting_player_draws(rules):
    """Rule 4.1: only the batting player draws and exchanges in the Draw phase."""
    session = new_game(rules)
    to_half(session, 2)
    state = session.state
    assert session.rules.awaiting(state).side == "away"
    home_size = hand_size(session, "home")
    with pytest.raises(IllegalAction):
        session.push_text("home draws 1 defense")
    reach(session, 2)
    assert hand_size(session, "home") == home_size
    assert hand_size(session, "away") == 7
    quiet_half(session)
    assert session.rules.awaiting(state).side == "home" and state.phase == "draw"
    away_size = hand_size(session, "away")
    with pytest.raises(IllegalAction):
        session.push_text("away draws 1 offense")
    reach(session, 2, "bottom")
    assert hand_size(session, "away") == away_size
    assert hand_size(session, "home") == home_size + 1


def test_seventh_inning_stretch_four_draws_one_exchange(rules):
    """Rules 5.2.1 and 5.2.2: the 7th draws four cards, in any mix of decks, and exchanges one."""
    session = new_game(rules)
    to_half(session, 7)
    state = session.state
    assert (state.draws_owed, state.exchanges_left) == (4, 1)
    for line in ("away draws 1 offense", "away draws 3 offense 2 defense"):
        with pytest.raises(IllegalAction, match="rule 5.2.1"):
            session.push_text(line)
    size = hand_size(session, "away")
    play(session, "away draws 2 offense 2 defense")
    # Offense cards are dealt first.
    with pytest.raises(IllegalAction, match="rule 5.2.1"):
        session.push_text("deal Bear Down")
    play(session, """
        deal Crowd on Its Feet
        deal Pinch Runner
        deal Settle Down
        deal Infield In
    """)
    assert hand_size(session, "away") == size + 4
    for name in ("Crowd on Its Feet", "Pinch Runner", "Settle Down", "Infield In"):
        assert hand(session, "away")[name] == 1
    assert state.phase == "exchange" and state.exchanges_left == 1
    play(session, "away exchanges Infield In for offense\ndeal Bad Hop")
    assert state.phase == "bat"
    assert "Infield In" not in hand(session, "away")
    # The home player also draws four in the bottom of the 7th.
    quiet_half(session)
    assert (state.half, state.phase, state.draws_owed) == ("bottom", "draw", 4)


def test_eighth_and_ninth_exchange_up_to_two(rules):
    """Rules 5.2.1 and 5.2.2: the 8th and 9th draw one card and exchange up to two."""
    session = new_game(rules)
    to_half(session, 8)
    state = session.state
    assert (state.draws_owed, state.exchanges_left) == (1, 2)
    size = hand_size(session, "away")
    play(session, "away draws 1 offense")
    play(session, first_legal(session))
    assert rules.awaiting(state).prompt == "exchange up to 2 cards or keep (rule 5.2.2)"
    play(session, f"away exchanges {first_card(session, 'away')} for defense")
    play(session, first_legal(session))
    assert state.phase == "exchange" and state.exchanges_left == 1
    # The second is told as one more (the same words as the first read as refused).
    assert rules.awaiting(state).prompt == "exchange up to 1 more card or keep (rule 5.2.2)"
    play(session, f"away exchanges {first_card(session, 'away')} for offense")
    play(session, first_legal(session))
    assert state.phase not in ("draw", "deal", "exchange")
    assert hand_size(session, "away") == size + 1
    # A third is refused by when exchanges are made, before whose turn it is now.
    with pytest.raises(IllegalAction, match=r"rule 5\.2\.2: cards are exchanged right after "
                       r"the inning's draw, as many as the inning allows; now it is home's "
                       r"turn, not away's"):
        play(session, f"away exchanges {first_card(session, 'away')} for offense")
    # Up to two: one exchange and then keeping is fine too (the 9th).
    to_half(session, 9)
    assert (state.draws_owed, state.exchanges_left) == (1, 2)
    play(session, "away draws 1 defense")
    play(session, first_legal(session))
    play(session, f"away exchanges {first_card(session, 'away')} for defense")
    play(session, first_legal(session))
    play(session, "away keeps")
    assert state.phase not in ("draw", "deal", "exchange")


def test_exchange_any_card_from_either_deck(rules):
    """Rule 5.2.2 example: any card in hand may go, and its replacement comes from either deck."""
    session = new_game(rules)
    to_half(session, 2)
    state = session.state
    play(session, "away draws 1 defense\ndeal Bear Down")
    # Wallbanger was dealt at setup: an Offense card out, a Defense card in.
    play(session, "away exchanges Wallbanger for defense\ndeal Strong Arm")
    away = hand(session, "away")
    assert "Wallbanger" not in away
    assert away["Bear Down"] == 1 and away["Strong Arm"] == 1
    assert "wallbanger" in state.decks["offense"].discard
    with pytest.raises(IllegalAction, match="rule 5.2.2"):
        session.push_text("away exchanges Hit and Run for offense")


def test_exchange_needs_the_card_in_hand(rules):
    """Rule 5.2.2: only a card the player holds can be exchanged."""
    session = new_game(rules)
    to_half(session, 2)
    play(session, "away draws 1 offense\ndeal Good Wood")
    with pytest.raises(IllegalAction, match="rule 5.2.2"):
        session.push_text("away exchanges Bear Down for offense")
    assert session.state.phase == "exchange"


def test_discards_reshuffled_when_a_draw_pile_runs_out(rules):
    """Rule 5.2.1: when a draw pile is empty its discard pile is shuffled into a new one,
    the card an exchange (5.2.2) just discarded among them."""
    session = new_game(rules, home_cards=ALL_OFFENSE_HOME, away_cards=ALL_OFFENSE_AWAY)
    state = session.state
    offense = state.decks["offense"]
    assert (offense.pile, offense.discard) == (13, [])
    discarded = []
    inning, half = 2, "top"
    while True:
        to_half(session, inning, half)
        batting = state.batting
        play(session, f"{batting} draws 1 offense")
        play(session, first_legal(session))
        leaving = first_card(session, batting)
        if offense.pile == 0:
            break
        discarded.append(leaving)
        play(session, f"{batting} exchanges {leaving} for offense")
        play(session, first_legal(session))
        quiet_half(session)
        inning, half = (inning, "bottom") if half == "top" else (inning + 1, "top")
    # Two offense cards a half: the pile of 13 is empty at the draw of the top of the 5th.
    assert (inning, half) == (5, "top")
    assert len(offense.discard) == len(discarded) == 6
    play(session, f"{batting} exchanges {leaving} for offense")
    # (the note the table tells the players by, tui app `_tell_reshuffled`: the
    # exchange's one card still to draw, from the new pile)
    assert ("5.2.1", f"the offense {RESHUFFLED} (1 to draw from the new pile)") in state.log
    assert reshuffled_owed(state.log, "offense") == 1
    assert reshuffled_owed(state.log, "defense") is None
    assert offense.discard == []
    assert offense.pile == 7
    # The card this exchange discarded is reshuffled with the rest (docs/rulings.md: the
    # discard comes first): it may come straight back.
    assert f"deal {leaving}" in {rules.format_action(a) for a in rules.legal_actions(state)}
    # A card from the old discard pile can be dealt again.
    play(session, f"deal {discarded[0]}")
    assert offense.pile == 6 and state.phase not in ("deal", "exchange")


# -- 4.2.1 and 4.2.1.1: fatigue ------------------------------------------------------------

NEW_YORK_RELIEVERS = {"Tremaine", "Castellan", "Wexley", "Dunleavy", "Achterberg"}


def test_sabaria_pitches_through_the_seventh_then_must_leave(rules):
    """Rule 4.2.1.1 example: SP Sabaria (Fatigue 7) pitches the 7th; the 8th needs an RP or CL."""
    session = new_game(rules)
    state = session.state
    sabaria = rules.box.rosters["new-york"].pitchers["sabaria"]
    assert (sabaria.kind, sabaria.fatigue) == ("SP", 7)
    reach(session, 7)
    assert state.phase == "bat" and state.home.pitcher == "sabaria"
    assert state.atbat.rolls == 4 and state.scoring_box().label == "IV"
    reach(session, 8)
    awaiting = rules.awaiting(state)
    assert (awaiting.phase, awaiting.side) == ("mound", "home")
    legal = {rules.format_action(a) for a in rules.legal_actions(state)}
    assert legal == {f"home brings in {name}" for name in NEW_YORK_RELIEVERS}
    with pytest.raises(IllegalAction):
        session.push_text("away bats Hampton")
    assert awaiting.prompt == "bring in a relief pitcher (rule 4.2.1.1)"
    play(session, "home brings in Castellan")
    assert state.home.pitcher == "castellan" and "sabaria" in state.home.pitchers_removed
    assert ("4.2.1.1", "home: Castellan relieves Sabaria") in state.log     # fatigue's change
    # Castellan's Stuff now sets the markers: 4 rolls, box V.
    assert state.phase == "bat"
    assert state.atbat.rolls == 4 and state.scoring_box().label == "V"


def test_an_sp_never_relieves(rules):
    """Rule 4.2.1.1: a tired SP is replaced by an RP or CL, never by another SP."""
    session = new_game(rules)
    reach(session, 8)
    for name in ("Lindqvist", "Okafor"):
        with pytest.raises(IllegalAction, match="rule 4.2.1"):
            session.push_text(f"home brings in {name}")
    assert session.state.phase == "mound"


def test_a_tired_sp_cannot_stay(rules):
    """Rules 4.2.1 and 4.2.1.1: the SP past his Fatigue inning may not pitch on (basic rules)."""
    session = new_game(rules)
    reach(session, 8)
    with pytest.raises(IllegalAction, match="rule 4.2.1"):
        session.push_text("home brings in Sabaria")
    with pytest.raises(IllegalAction, match="rule 8.2.1"):   # only with Advanced Fatigue
        session.push_text("home stays with the pitcher")
    assert session.state.phase == "mound"


def test_relief_pitcher_leaves_after_his_fatigue_innings(rules):
    """Rule 4.2.1.1 example (Francesco, Fatigue 2): after two innings another RP or CL comes in."""
    session = new_game(rules, away_starter="Crowder")
    state = session.state
    francesco = rules.box.rosters["texas"].pitchers["francesco"]
    assert (francesco.kind, francesco.fatigue) == ("RP", 2)
    assert rules.box.rosters["texas"].pitchers["crowder"].fatigue == 6
    reach(session, 7, "bottom")
    assert rules.awaiting(state).phase == "mound"
    play(session, "away brings in Francesco")
    assert state.away.pitcher == "francesco" and state.phase == "cards"
    reach(session, 8, "bottom")
    # His second inning: no change is asked for.
    assert state.phase == "cards" and state.away.pitcher == "francesco"
    reach(session, 9, "bottom")
    assert rules.awaiting(state).phase == "mound"
    legal = {rules.format_action(a) for a in rules.legal_actions(state)}
    assert "away brings in Francesco" not in legal
    assert legal == {f"away brings in {name}"
                     for name in ("Delgadillo", "Sturgis", "Ostrander", "Rivero")}
    with pytest.raises(IllegalAction, match="rule 4.2.1"):
        session.push_text("away brings in Francesco")
    play(session, "away brings in Rivero")
    assert state.away.pitcher == "rivero"
    assert state.away.pitchers_removed == ["crowder", "francesco"]


@pytest.mark.parametrize("name, kind", [("Achterberg", "CL"), ("Wexley", "RP")])
def test_a_closer_s_fatigue_counts_innings_like_a_reliever_s(rules, name, kind):
    """Rule 4.2.1.1: a CL's Fatigue is a number of innings pitched, as an RP's is, not an
    inning number as an SP's: Achterberg (Fatigue 1), brought in for the 6th, pitches it
    and must be replaced at the 7th's Take the Mound, exactly like RP Wexley (Fatigue 1)."""
    arm = rules.box.rosters["new-york"].pitchers[name.casefold()]
    assert (arm.kind, arm.fatigue) == (kind, 1)
    session = new_game(rules, home_starter="Okafor")        # Okafor: Fatigue 5
    state = session.state
    reach(session, 6)
    assert rules.awaiting(state).phase == "mound"
    play(session, f"home brings in {name}")
    assert state.home.pitcher == name.casefold() and state.phase == "bat"
    reach(session, 7)
    awaiting = rules.awaiting(state)
    assert (awaiting.phase, awaiting.side) == ("mound", "home")
    assert awaiting.prompt == "bring in a relief pitcher (rule 4.2.1.1)"
    legal = {rules.format_action(a) for a in rules.legal_actions(state)}
    assert legal == {f"home brings in {n}" for n in NEW_YORK_RELIEVERS - {name}}
    with pytest.raises(IllegalAction, match=r"^rule 4\.2\.1:"):
        session.push_text(f"home brings in {name}")
    with pytest.raises(IllegalAction, match=r"^rule 8\.2\.1:"):
        session.push_text("home stays with the pitcher")
    play(session, "home brings in Tremaine")
    assert ("4.2.1.1", f"home: Tremaine relieves {name}") in state.log
    assert state.home.pitchers_removed == ["okafor", name.casefold()]


def test_a_removed_pitcher_never_returns(rules):
    """Rule 4.2.1: a pitcher taken out of the game cannot come back into it."""
    session = new_game(rules, away_starter="Crowder")
    reach(session, 7, "bottom")
    play(session, "away brings in Francesco")
    reach(session, 9, "bottom")
    for name in ("Crowder", "Francesco"):
        with pytest.raises(IllegalAction, match="rule 4.2.1"):
            session.push_text(f"away brings in {name}")
    assert session.state.away.pitcher == "francesco"


def test_no_reliever_left_last_pitcher_stays_at_plus_200(rules):
    """Rule 6.1: with every reliever used, the last pitcher stays with Fatigue +200 (Stuff + 2)."""
    session = new_game(rules, home_starter="Okafor")
    state = session.state
    pitchers = rules.box.rosters["new-york"].pitchers
    assert pitchers["okafor"].fatigue == 5
    # Okafor pitches the 1st-5th; the five relievers have 2+3+1+2+1 innings: the 6th-14th.
    assert sum(pitchers[n.casefold()].fatigue for n in NEW_YORK_RELIEVERS) == 9
    reach(session, 15)
    # No relief is asked for: the last pitcher stays, tired.
    assert state.phase == "bat"
    last = state.home.pitcher
    assert set(state.home.pitchers_removed) | {last} == {"okafor"} | {
        n.casefold() for n in NEW_YORK_RELIEVERS}
    assert state.home.fatigue == 200
    assert state.atbat.rolls == pitchers[last].stuff_rolls + 2
    assert any(rule == "6.1" for rule, _ in state.log)
    # It stays at +200, never more.
    reach(session, 16)
    assert state.home.fatigue == 200
    assert state.atbat.rolls == pitchers[last].stuff_rolls + 2
