"""Rule 6: extra innings (eligible players, the inning cycle, how extra innings end)."""

import pytest

from companion.engine.errors import IllegalAction
from companion.high_and_tight.rules import DRAWS, EXCHANGES, inning_parameters

from .util import at, drive, new_game, play

CHANCE = ("deal", "roll", "free-roll")


def playing_choice(state, legal):
    """Like `default_choice`, but play the first playable card, so the decks keep cycling."""
    plays = [a for a in legal if a.kind == "play"]
    return plays[0] if plays else None


def phases_of(trace, inning: int) -> set[str]:
    return {phase for i, _half, phase in trace if i == inning}


# -- 6.1 eligible players -------------------------------------------------------------------


def test_used_ballplayers_return_at_the_tenth(rules):
    """Rule 6.1: at the 10th every used ballplayer goes back to the Available area, both sides."""
    session = new_game(rules)
    state = drive(session, until=at(9, "bottom", "cards"))
    # The 9th inning's pair is in play; the other eight of each lineup are used.
    assert state.home.available == [] and state.away.available == []
    assert len(state.home.used) == 8 and len(state.away.used) == 8
    state = drive(session, until=at(10))
    for side in (state.home, state.away):
        assert sorted(side.available) == sorted(side.lineup)
        assert len(side.available) == 9
        assert side.used == []


def test_returned_ballplayers_can_bat_again(rules):
    """Rule 6.1: a ballplayer used in the first nine innings may bat again in the 10th."""
    session = new_game(rules)
    drive(session, until=at(1, "top", "bat"))
    session.push_text("away bats Hampton")
    drive(session, until=at(10, "top", "bat"))
    assert "hampton" in session.state.away.available
    session.push_text("away bats Hampton")
    assert session.state.away.player == "hampton"


def test_used_pitchers_stay_out_in_extra_innings(rules):
    """Rule 6.1: removed pitchers stay in the Used Pitchers area; they never come back."""
    session = new_game(rules)
    # Sabaria (Fatigue 7) is relieved in the 8th by Tremaine (Fatigue 2), who is spent
    # after the 9th; Flee (Fatigue 8) is relieved in the 9th by Francesco (Fatigue 2).
    drive(session, until=at(8, "top", "mound"))
    session.push_text("home brings in Tremaine")
    drive(session, until=at(9, "bottom", "mound"))
    session.push_text("away brings in Francesco")
    state = drive(session, until=at(10, "top", "mound"))
    assert state.home.pitchers_removed == ["sabaria"]
    assert state.home.pitcher == "tremaine"
    offered = {a.args[0] for a in rules.legal_actions(state)}
    assert offered and {"Sabaria", "Tremaine"}.isdisjoint(offered)
    with pytest.raises(IllegalAction, match=r"^rule 4\.2\.1:"):
        session.push_text("home brings in Sabaria")
    session.push_text("home brings in Castellan")
    assert state.home.pitchers_removed == ["sabaria", "tremaine"]
    state = drive(session, until=at(11, "bottom", "mound"))
    offered = {a.args[0] for a in rules.legal_actions(state)}
    assert offered and {"Flee", "Francesco"}.isdisjoint(offered)
    with pytest.raises(IllegalAction, match=r"^rule 4\.2\.1:"):
        session.push_text("away brings in Flee")


def test_last_pitcher_stays_with_plus_200_when_the_bullpen_is_empty(rules):
    """Rule 6.1: with no fresh pitcher left, the last one keeps pitching at Fatigue +200."""
    session = new_game(rules)
    # New York: Sabaria (1st-7th), then Tremaine 2, Castellan 3, Wexley 1, Dunleavy 2 and
    # Achterberg 1 cover the 8th-16th; nobody is left for the 17th.
    order = iter(["Tremaine", "Castellan", "Wexley", "Dunleavy", "Achterberg"])

    def relief(state, legal):
        if state.phase == "mound" and state.actor == "home":
            return f"home brings in {next(order)}"
        return None

    state = drive(session, choose=relief, until=at(16, "top", "cards"))
    assert state.home.pitcher == "achterberg" and state.home.fatigue == 0
    state = drive(session, choose=relief, until=at(17, "top", "bat"))
    assert state.home.pitcher == "achterberg"
    assert state.home.fatigue == 200
    assert state.atbat.rolls == 3 + 2          # Achterberg's Stuff is 3 rolls, box IV
    assert state.scoring_box().label == "IV"
    assert any(rule == "6.1" and "+200" in text for rule, text in state.log)


# -- 6.2 extra innings procedure ------------------------------------------------------------


def test_tenth_inning_strategy_is_named_by_each_batting_player(rules):
    """Rule 6.2: in the 10th each batting player names any of the five strategies, NONE too."""
    session = new_game(rules)
    state = drive(session, until=at(10))
    waiting = rules.awaiting(state)
    assert (waiting.kind, waiting.side, waiting.phase) == ("decision", "away", "name")
    assert state.strategy == "any"          # not the 9th's, until one is named
    assert {a.args[0] for a in rules.legal_actions(state)} == {
        "power", "speed", "obp", "clutch", "none"}
    with pytest.raises(IllegalAction):
        session.push_text("home names clutch")      # not the home player's call in the top
    with pytest.raises(IllegalAction, match=r"^rule 6\.2:"):
        session.push_text("away names any")
    session.push_text("away names power")
    assert state.strategy == "power"
    state = drive(session, until=at(10, "bottom", "name"))
    assert state.strategy == "any"          # the top's choice was for the top only
    assert rules.awaiting(state).side == "home"
    session.push_text("home names none")
    assert session.state.strategy == "none"


def test_named_strategy_sets_card_eligibility(rules):
    """Rules 6.2 and 5.3: the strategy named for a 10th-inning half decides the eligible cards."""
    session = new_game(rules)   # away holds Wallbanger (Clutch) and Leadoff Walk (OBP)
    drive(session, until=at(10, "top", "name"))
    session.push_text("away names clutch")
    drive(session, until=at(10, "top", "cards"))
    with pytest.raises(IllegalAction, match=r"^rule 5\.3:"):
        session.push_text("away plays Leadoff Walk")
    session.push_text("away plays Wallbanger")
    assert ("away", "Wallbanger") in session.state.atbat.played


def test_a_late_inning_card_counts_the_inning_played(rules):
    """Rule 6.2 (rulings: Extra innings): the 12th plays like the 2nd, but a card asking for
    the 7th inning or later reads the inning's own number, so it holds there."""
    late = rules.box.cards["pinch runner"]
    needs_seventh = [c for c in late.requires if c.inning_at_least is not None]
    assert [c.inning_at_least for c in needs_seventh] == [7]
    session = new_game(rules)
    state = drive(session, until=at(2, "top", "cards"))
    assert not rules.matchup(state, "away").holds(needs_seventh[0])
    state = drive(session, until=at(12, "top", "cards"))
    assert state.strategy == inning_parameters(rules.box, 2)[2]
    assert rules.matchup(state, "away").holds(needs_seventh[0])


def test_tenth_inning_draws_one_and_exchanges_one(rules):
    """Rules 6.2 and 5.2: the 10th follows the extra-inning draw: one card, one exchange."""
    session = new_game(rules)
    drive(session, until=at(10, "top", "name"))
    session.push_text("away names speed")
    state = session.state
    assert state.phase == "draw" and state.draws_owed == 1 and state.exchanges_left == 1
    with pytest.raises(IllegalAction, match=r"rule 5\.2\.1: draw exactly 1 card now"):
        session.push_text("away draws 2 offense")
    session.push_text("away draws 1 offense")
    session.push_text(rules.format_action(rules.legal_actions(state)[0]))     # the deal
    assert state.phase == "exchange"
    card = next(a for a in rules.legal_actions(state) if a.kind == "exchange")
    session.push_text(rules.format_action(card))
    session.push_text(rules.format_action(rules.legal_actions(state)[0]))    # its deal
    # One exchange only: Take the Mound or Batter Up comes next.
    assert state.phase in ("mound", "bat")


def test_eleventh_inning_is_like_the_first(rules):
    """Rule 6.2: the 11th uses the 1st inning's parameters: OBP, no draw and no exchange."""
    session = new_game(rules)
    trace = []
    state = drive(session, until=at(12), trace=trace)
    assert state.inning == 12
    eleventh = [t for t in trace if t[0] == 11]
    assert {half for _i, half, _p in eleventh} == {"top", "bottom"}
    assert phases_of(trace, 11).isdisjoint({"name", "draw", "deal", "exchange"})
    assert phases_of(trace, 1).isdisjoint({"name", "draw", "deal", "exchange"})
    session = new_game(rules)
    state = drive(session, until=at(11, "top", "cards"))
    assert state.strategy == "obp" == inning_parameters(rules.box, 1)[2]
    state = drive(session, until=at(11, "bottom", "cards"))
    assert state.strategy == "obp"


def test_twelfth_inning_is_like_the_second(rules):
    """Rule 6.2: the 12th uses the 2nd inning's parameters: Speed, one draw, one exchange."""
    session = new_game(rules)
    state = drive(session, until=at(12, "top", "draw"))
    assert state.strategy == "speed" == inning_parameters(rules.box, 2)[2]
    assert state.draws_owed == DRAWS[2] == 1
    assert state.exchanges_left == EXCHANGES[2] == 1


def test_extra_inning_cycle(rules):
    """Rule 6.2 (SPEC 3): innings 11-19 repeat the 1st-9th; the 20th starts over like the 10th."""
    box = rules.box
    assert inning_parameters(box, 10) == (1, 1, "any")
    for inning in range(11, 20):
        assert inning_parameters(box, inning) == inning_parameters(box, inning - 10)
    assert inning_parameters(box, 17) == (4, 1, "speed")         # the 7th's four cards
    assert inning_parameters(box, 19) == (1, 2, "clutch")        # the 9th's two exchanges
    assert inning_parameters(box, 20) == inning_parameters(box, 10)
    for inning in range(21, 30):
        assert inning_parameters(box, inning) == inning_parameters(box, inning - 10)
    assert inning_parameters(box, 30) == (1, 1, "any")


# -- 6.3 ending extra innings ---------------------------------------------------------------


def test_away_run_in_the_top_of_an_extra_inning_does_not_end_it(rules):
    """Rule 6.3: a run by the away team in the top of the 10th is not sudden death."""
    session = new_game(rules)
    state = drive(session, runs={(10, "top"): 1}, until=at(10, "bottom"))
    assert state.phase != "over" and state.winner is None
    assert (state.away.total, state.home.total) == (1, 0)
    assert rules.awaiting(state).side == "home"
    state = drive(session, runs={(10, "top"): 1})
    assert state.phase == "over" and state.winner == "away"
    assert len(state.away.runs) == 10 and len(state.home.runs) == 10
    assert state.away.runs[9] == 1


def test_home_going_ahead_in_the_bottom_ends_it(rules):
    """Rule 6.3: the home team ahead after its half of an extra inning wins; no 11th."""
    session = new_game(rules)
    state = drive(session, runs={(10, "bottom"): 1})
    assert state.phase == "over" and state.winner == "home"
    assert state.inning == 10
    assert state.home.runs == [0] * 9 + [1]
    assert state.away.runs == [0] * 10
    assert rules.awaiting(state).kind == "over"
    # The log names the rule that ended it: 6.3 in extra innings (4.8 in nine).
    assert state.log[-1] == ("6.3", "home wins 1-0")
    nine = drive(new_game(rules), runs={(9, "bottom"): 1})
    assert nine.inning == 9 and nine.log[-1] == ("4.8", "home wins 1-0")


def test_a_walk_off_lead_a_nine_takes_back_is_no_walk_off(rules):
    """Rules 6.3, 4.8 and 5.1.1 e: the game ends only when the home half is over
    (docs/rulings.md): a run in the bottom of the 10th that a later Hit and Run 9 takes back
    leaves the game tied, and the 11th is played."""
    session = new_game(rules, home_cards=("Hit and Run", "Good Wood", "Work the Count",
                                          "Keep It in the Yard", "Around the Horn",
                                          "On the Black"),
                       away_cards=("Wallbanger", "Leadoff Walk", "Web Gem", "Bear Down",
                                   "Blown Call", "Good Jump"))
    state = drive(session, runs={(2, "top"): 1, (5, "bottom"): 1}, until=at(10, "top", "field"))
    play(session, "home fields Haverty\naway passes\nhome passes\naway stands pat")
    while state.phase == "roll":
        play(session, "roll 4 4")
    play(session, "home names speed")
    state = drive(session, until=at(10, "bottom", "cards"))
    assert state.home.player == "haverty" and state.strategy == "speed"
    play(session, "home plays Hit and Run\naway passes\nhome passes\nhome stands pat")
    play(session, "roll 2 3")
    assert state.atbat.runs == 1 and state.phase == "roll"     # ahead, but the half goes on
    play(session, "roll 4 5")
    while state.phase == "roll":
        play(session, "roll 4 4")
    assert state.winner is None and (state.inning, state.half) == (11, "top")
    assert state.home.runs[9] == 0 and state.home.total == state.away.total == 1


def test_tied_extra_inning_goes_on(rules):
    """Rule 6.3: both teams score in the 10th, still tied: the 11th is played."""
    session = new_game(rules)
    plan = {(10, "top"): 1, (10, "bottom"): 1}
    state = drive(session, runs=plan, until=at(11))
    assert state.phase != "over"
    assert (state.away.total, state.home.total) == (1, 1)
    assert state.away.runs[9] == 1 and state.home.runs[9] == 1


def test_late_extra_inning_win_keeps_every_inning(rules):
    """Rule 6.3: there is no inning limit; runs stay in their own inning boxes to the end."""
    session = new_game(rules)
    plan = {(3, "top"): 2, (7, "bottom"): 2, (12, "top"): 1, (12, "bottom"): 1,
            (14, "top"): 1}
    state = drive(session, runs=plan)
    assert state.phase == "over" and state.winner == "away"
    assert state.inning == 14
    assert len(state.away.runs) == 14 and len(state.home.runs) == 14
    assert (state.away.runs[2], state.away.runs[11], state.away.runs[13]) == (2, 1, 1)
    assert (state.home.runs[6], state.home.runs[11]) == (2, 1)
    assert (state.away.total, state.home.total) == (4, 3)


def test_ballplayers_return_again_when_the_dugout_is_empty(rules):
    """Rules 6.1 and 6.3: after the 18th the dugout is empty again; all nine return for the 19th."""
    session = new_game(rules)
    state = drive(session, until=at(18, "bottom", "cards"))
    assert state.home.available == [] and state.away.available == []
    state = drive(session, until=at(19))
    for side in (state.home, state.away):
        assert sorted(side.available) == sorted(side.lineup)
        assert side.used == []


def test_the_twentieth_inning_repeats_the_tenth_s_return_of_the_ballplayers(rules):
    """Rule 6.3: past the 19th the whole procedure repeats, 6.1's return included: at the
    20th every used ballplayer is back in the dugout (the 19th's batter and fielder too)."""
    session = new_game(rules)
    state = drive(session, until=at(20))
    for side in (state.home, state.away):
        assert sorted(side.available) == sorted(side.lineup) and side.used == []


def test_twentieth_inning_is_named_again(rules):
    """Rules 6.2 and 6.3: past the 19th the cycle repeats: the 20th is an 'Any' inning."""
    session = new_game(rules)
    trace = []
    state = drive(session, until=at(20), trace=trace, choose=playing_choice)
    assert (state.home.total, state.away.total) == (0, 0)
    assert state.phase == "name" and rules.awaiting(state).side == "away"
    assert "name" not in phases_of(trace, 19)
    session.push_text("away names obp")
    assert session.state.strategy == "obp"
    assert session.state.phase == "draw" and session.state.draws_owed == 1
