"""The computer manager plays a sensible game: legal, better than chance, odds-driven."""

import random
import shutil
from collections import Counter

import pytest

from companion.engine.session import Session
from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box
from companion.high_and_tight.manager import ComputerManager, at_bat_odds
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import CHANCE_PHASES, game_rng, play_out

from .test_scoring import box_xi_at_the_managerial_move
from .util import new_game, play


@pytest.fixture(scope="module")
def gem_rules(tmp_path_factory):
    """The demo box with a Web Gem that needs a fielder of Defense 4 or more (never the DH),
    as a player's box may print it: a card whose use hangs on a fielder's rating."""
    folder = tmp_path_factory.mktemp("gem") / "box"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    cards = folder / "cards.toml"
    text = cards.read_text(encoding="utf-8")
    marker = 'name = "Web Gem"\nside = "defense"\ncategory = "clutch"\ncopies = 2\n'
    assert marker in text
    cards.write_text(text.replace(marker, marker + 'requires = { rating = "fielder.defense",'
                                  ' at_least = 4 }\n'), encoding="utf-8")
    return HighAndTight(load_box(folder))


class RandomManager:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, state, legal):
        return self.rng.choice(legal)


def test_manager_beats_random_play(rules):
    """Rules 4.5, 5.3-5.7: exact odds and ratings beat random legal choices."""
    smart = ComputerManager(rules)
    wins = 0
    games = 40
    for game in range(games):
        smart_side = "home" if game % 2 else "away"
        other = "away" if smart_side == "home" else "home"
        session = Session(rules, {"Home": "texas", "Away": "new-york"}
                          if game % 4 < 2 else {"Home": "new-york", "Away": "texas"})
        play_out(rules, session, game_rng("versus", game),
                 {smart_side: smart, other: RandomManager(game)})
        wins += session.state.winner == smart_side
    assert wins >= 26, wins


def test_managerial_move_uses_exact_odds(rules):
    """Rule 4.5: in the top of the 1st the manager plays for runs: of the legal moves,
    each weighed on the exact odds of the at-bat it leaves, the one with the most expected
    runs (the last half, where the runs needed decide, is the test after the next)."""
    manager = ComputerManager(rules)
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes\nhome passes")
    state = session.state
    legal = rules.legal_actions(state)
    choice = manager.choose(state, legal)
    best = None
    for action in legal:
        trial = Session(rules, session.header)
        for earlier in session.actions:
            trial.push(earlier)
        trial.push(action)
        value = at_bat_odds(trial.state)[0]
        if best is None or value > best[0]:
            best = (value, action)
    # Early in the game it plays for runs: the highest expected runs.
    assert choice == best[1]


def test_a_managerial_move_tie_of_runs_goes_to_the_better_chance_of_one(rules):
    """Rule 4.5: with Rally Caps' 10s (5.7.2), 5 rolls in box X and 6 in box VIII (-2) both
    expect 5/3 runs, equal but for float rounding; the manager took -2, the first in the
    options, for a worse chance of a run. A tie of runs goes to the better chance of a run
    (here standing pat)."""
    from companion.high_and_tight.manager import managerial_moves

    manager = ComputerManager(rules)
    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes\nhome passes")
    state = session.state
    assert state.phase == "manage" and state.inning < 7
    state.atbat.rolls, state.atbat.number, state.atbat.bonus = 5, 10, False
    state.atbat.tens = True
    moves = {shift: (rolls, number, expected, one)
             for shift, rolls, number, _, expected, one in managerial_moves(state.box,
                                                                            state.atbat)}
    assert moves[-2][:2] == (6, 8) and moves[0][:2] == (5, 10)
    assert moves[-2][2] == pytest.approx(moves[0][2]) == pytest.approx(5 / 3)
    assert moves[0][3] > moves[-2][3]
    assert manager.choose(state, rules.legal_actions(state)).args == (0,)


def test_a_managerial_move_tie_is_a_tie_within_float_error_then_stands_pat(rules,
                                                                           monkeypatch):
    """Rule 4.5: figures 1e-12 apart are one figure, however a rounding would split them
    (5.0000000005 and 4.9999999995 round apart at nine places); a tie of runs goes to the
    better chance of a run, and a tie of both to standing pat."""
    from companion.high_and_tight import manager as module

    session = new_game(rules)
    play(session, "away bats Hampton\nhome fields Mendevil\naway passes\nhome passes")
    state = session.state
    legal = rules.legal_actions(state)
    shifts = [action.args[0] for action in legal]
    assert 0 in shifts and len(shifts) > 1 and state.inning < 7

    def figures(runs: dict[int, float], chance: dict[int, float]):
        return lambda box, atbat: [(shift, 5, 5, False, runs[shift], chance[shift])
                                   for shift in shifts]

    other = next(shift for shift in shifts if shift)
    # runs equal within float error across a rounding boundary; the other has the chance
    runs = {shift: 5.0000000005 - 1e-12 for shift in shifts}
    runs[0] = 5.0000000005 + 1e-12
    chance = dict.fromkeys(shifts, 0.5)
    chance[other] = 0.6
    monkeypatch.setattr(module, "managerial_moves", figures(runs, chance))
    assert ComputerManager(rules).choose(state, legal).args == (other,)
    # both figures tied: stand pat, wherever pat stands among the options
    monkeypatch.setattr(module, "managerial_moves", figures(dict.fromkeys(shifts, 1.25),
                                                            dict.fromkeys(shifts, 0.5)))
    assert ComputerManager(rules).choose(state, legal).args == (0,)


def test_in_the_last_half_the_managerial_move_goes_for_the_win(rules):
    """Rules 4.5, 4.8, 6.3: in the bottom of the 9th or later the home side's runs decide
    the game at once: more than it is behind win, as many tie (extra innings, taken as
    even). Two runs behind with 3 rolls in box V, +2 (2 rolls in box VII) and standing pat
    both expect 1/3 run and +2 has the better chance of one, but only pat's three rolls can
    make the two runs a tie needs: the manager stands pat there, and takes +2 in the 8th,
    where the rest of the game is still to come."""
    from companion.high_and_tight.manager import manage_win_chances, managerial_moves
    from companion.high_and_tight.rules import last_half_deficit

    session = box_xi_at_the_managerial_move(rules)
    state = session.state
    assert state.phase == "manage" and state.actor == state.batting == "home"
    atbat = state.atbat
    atbat.rolls, atbat.number, atbat.bonus = 3, 5, False
    atbat.extra_numbers, atbat.tens, atbat.hit_and_run = frozenset(), False, False
    state.away.runs, state.home.runs = [3], [1]
    moves = {shift: (rolls, number, expected, one)
             for shift, rolls, number, _, expected, one in managerial_moves(state.box,
                                                                            atbat)}
    assert moves[2][:2] == (2, 7) and moves[0][:2] == (3, 5)
    assert moves[2][2] == pytest.approx(moves[0][2]) and moves[2][3] > moves[0][3]
    legal = rules.legal_actions(state)
    manager = ComputerManager(rules)
    state.inning = 8
    assert last_half_deficit(state) is None and manage_win_chances(state) == {}
    assert manager.choose(state, legal).args == (2,)
    state.inning = 9
    assert last_half_deficit(state) == 2
    wins = manage_win_chances(state)
    assert wins[0] > wins[2] > 0
    assert manager.choose(state, legal).args == (0,)
    state.inning = 12                                   # an extra inning reads alike
    assert manager.choose(state, legal).args == (0,)
    state.half = "top"                                  # the away side's 9th is not last
    assert last_half_deficit(state) is None


def test_the_last_half_win_chance_counts_a_tie_as_even(rules):
    """Rules 4.8, 6.3: from the half's run distribution, more runs than the deficit win and
    as many go to extra innings, counted as an even game."""
    from companion.high_and_tight.manager import last_half_outcomes, last_half_win_chance

    dist = (0.5, 0.25, 0.125, 0.125)
    assert last_half_outcomes(dist, 0) == (0.5, 0.5)
    assert last_half_outcomes(dist, 2) == (0.125, 0.125)
    assert last_half_outcomes(dist, 4) == (0.0, 0.0)
    assert last_half_win_chance(*last_half_outcomes(dist, 0)) == pytest.approx(0.75)
    assert last_half_win_chance(*last_half_outcomes(dist, 3)) == pytest.approx(0.5 * 0.125)


def test_manager_plays_only_legal_actions_in_physical_mode(rules):
    """Rule 5.4: whatever the mode, the manager picks from the legal actions."""
    manager = ComputerManager(rules)
    session = Session(rules, {"Home": "california", "Away": "philadelphia",
                              "Cards": "physical"})
    play_out(rules, session, game_rng("physical", 0), {"home": manager, "away": manager})
    assert session.state.winner in ("home", "away")


class Watching:
    """The computer manager, each decision of an 'Any' inning (rule 6.2) kept with the state
    it was made in: the phase, the strategy named, the hand and the choice."""

    def __init__(self, rules):
        self.manager = ComputerManager(rules)
        self.rules = rules
        self.seen = []

    def choose(self, state, legal):
        choice = self.manager.choose(state, legal)
        if state.inning >= 10 and state.phase in ("name", "exchange") and len(legal) > 1:
            hand = [self.rules.box.cards[k] for k, n in state.side(state.actor).hand.items()
                    if n]
            self.seen.append((state.phase, state.strategy, hand, choice))
        return choice


def test_in_an_any_inning_the_named_strategy_is_kept_and_none_named_with_nothing_for_it(
        rules):
    """Rule 6.2: in the 10th each batting player names the half's strategy. The manager
    never exchanges away a card of the strategy it (or the other side) named for the half,
    and with no offense card of any strategy in hand it names none, so the other side's
    strategy defense cards cannot be played either (rule 5.3)."""
    seen = []
    for game in range(240):
        watching = Watching(rules)
        session = Session(rules, {"Home": "texas", "Away": "new-york"} if game % 2 else
                          {"Home": "california", "Away": "philadelphia"})
        play_out(rules, session, game_rng("any-inning", game),
                 {"home": watching, "away": watching})
        seen += watching.seen
    exchanges = [(named, choice) for phase, named, _, choice in seen if phase == "exchange"
                 and named in ("power", "speed", "obp", "clutch")]
    namings = [(hand, choice) for phase, _, hand, choice in seen if phase == "name"]
    assert exchanges and namings
    for named, choice in exchanges:
        if choice.kind == "exchange":
            assert rules.box.card(choice.args[0]).category != named, (named, choice)
    empty = [choice for hand, choice in namings
             if not any(c.side == "offense" and c.category in ("power", "speed", "obp",
                                                               "clutch") for c in hand)]
    assert empty and all(choice.args[0] == "none" for choice in empty)


def exchange_spot(rules, actor: str, inning: int):
    """A seeded game between the computer managers, stopped at `actor`'s card exchange in
    `inning` (rule 5.2.2), and the manager that played it."""
    manager = ComputerManager(rules)
    session = Session(rules, {"Home": "texas", "Away": "new-york"})
    rng = game_rng("exchange", 0)
    while not (session.state.phase == "exchange" and session.state.inning == inning
               and session.state.actor == actor):
        state = session.state
        assert state.phase != "over"
        session.push(rules.sample_chance(state, rng) if state.phase in CHANCE_PHASES
                     else manager.choose(state, rules.legal_actions(state)))
    return session.state.clone(), manager


def holding(rules, state, names):
    """`state` with the actor's hand replaced by these cards."""
    own = state.side(state.actor)
    own.hand = Counter(name.casefold() for name in names)
    return state


WORTH_THREE = ["Pinch Runner", "Bad Hop", "Infield In", "Settle Down", "Blown Call"]


def exchanged(rules, manager, state, name):
    """The card the manager exchanges from a hand of five cards worth three innings each and
    `name`; None when it keeps the hand."""
    state = holding(rules, state, WORTH_THREE + [name])
    choice = manager.choose(state, rules.legal_actions(state))
    return choice.args[0] if choice.kind == "exchange" else None


def test_a_card_the_side_can_never_play_is_exchanged_first(rules):
    """Rules 5.1.1 c, 5.2.2: Crowd on Its Feet needs the home team batting, so the away
    manager exchanges it away; the home manager keeps the same hand."""
    state, manager = exchange_spot(rules, "away", 3)
    assert exchanged(rules, manager, state, "Crowd on Its Feet") == "Crowd on Its Feet"

    state, manager = exchange_spot(rules, "home", 3)
    assert exchanged(rules, manager, state, "Crowd on Its Feet") is None


def test_a_card_needing_a_rating_no_piece_left_has_is_exchanged(gem_rules):
    """Rules 5.1.1 c, 5.2.2: a Web Gem that needs a fielder of Defense 4 or more
    (`gem_rules`). While one is still in the dugout the manager keeps it (a clutch inning
    is ahead); once only weaker ballplayers and the DH (who fields on no rating) are
    left, it goes."""
    state, manager = exchange_spot(gem_rules, "away", 3)
    own = state.side("away")
    assert any(own.roster.ballplayers[k].defense >= 4 and k != own.dh for k in own.available)
    assert exchanged(gem_rules, manager, state, "Web Gem") is None

    own.available = [k for k in own.available
                     if own.roster.ballplayers[k].defense < 4 or k == own.dh]
    assert own.available and own.player is None
    assert exchanged(gem_rules, manager, state, "Web Gem") == "Web Gem"


def test_a_card_worth_less_than_a_fresh_draw_is_exchanged(rules):
    """Rule 5.2.2: a speed card with one speed inning left (the 7th) is worth less than a
    card drawn in its place, which is more often of the power and clutch innings ahead;
    a hand of such cards is kept."""
    state, manager = exchange_spot(rules, "away", 3)
    assert exchanged(rules, manager, state, "Good Jump") == "Good Jump"
    assert exchanged(rules, manager, state, "Good Wood") is None


def test_a_ballplayer_who_already_fielded_this_inning_holds_no_defense_card_up(gem_rules):
    """Rules 4.2.2 b, 5.1.1 c, 5.2.2: home exchanges in the bottom half, after this inning's
    ballplayer fielded in the top; he only bats now, so a Web Gem only he could field for
    is thrown away, while a Defense-4 fielder still in the dugout keeps it."""
    state, manager = exchange_spot(gem_rules, "home", 3)
    own = state.side("home")
    assert state.half == "bottom" and own.player is not None
    fielders = [k for k in own.available if own.roster.ballplayers[k].defense >= 4
                and k != own.dh]
    weak = [k for k in own.available if own.roster.ballplayers[k].defense < 4 or k == own.dh]
    assert fielders
    assert exchanged(gem_rules, manager, state, "Web Gem") is None
    # This inning's ballplayer a Defense-4 fielder who fielded in the top; nobody else in
    # the dugout fields at 4 (the weak ones and the DH at most; Texas has none of them).
    own.player, own.available = fielders[0], weak
    assert exchanged(gem_rules, manager, state, "Web Gem") == "Web Gem"


def test_the_dh_holds_no_card_that_reads_a_fielders_defense(gem_rules):
    """Rules 4.3.1, 5.1.1 c: the DH fields on the marker's Defense, not his own rating, so a
    DH with a Defense of 4 does not keep a Web Gem (fielder Defense 4 or more) worth
    holding once he is the only one left."""
    state, manager = exchange_spot(gem_rules, "away", 3)
    own = state.side("away")
    strong = next(k for k in own.available if own.roster.ballplayers[k].defense >= 4)
    own.dh, own.available = strong, [strong]
    assert exchanged(gem_rules, manager, state, "Web Gem") == "Web Gem"


def test_a_card_for_the_late_innings_counts_only_the_innings_it_may_be_played_in(rules):
    """Rules 5.1.1 c, 5.3: Comeback Trail (clutch) needs the 7th inning or later. In the
    3rd, of the clutch innings ahead (the 4th and the 9th) only the 9th counts, worth less
    than a fresh card: it goes, while Fight Off Pitches (clutch, any inning) stays."""
    state, manager = exchange_spot(rules, "away", 3)
    assert exchanged(rules, manager, state, "Comeback Trail") == "Comeback Trail"
    assert exchanged(rules, manager, state, "Fight Off Pitches") is None


def test_the_manager_keeps_a_fresh_pitcher_over_a_closer_on_short_rest(rules):
    """Rules 8.2.3 b, 8.3: the save on short rest is offered, not forced; the computer keeps
    a pitcher who is not tired (Sabaria in his groove) rather than spend the Closer's extra
    game, or a reliever (past his Fatigue inning, the groove leaves the change his
    manager's, rule 8.4.1)."""
    from .util import STAY, at, drive

    header = {"Rules": "closer-saves,rest,short-rest,good-bad-day",
              "HomeShortRest": "Achterberg"}
    session = new_game(rules, header=header)
    state = drive(session, runs={(1, "bottom"): 1}, until=at(9, "top", "mound"))
    legal = rules.legal_actions(state)
    relievers = [p.name for p in state.home.roster.pitchers.values() if p.kind == "RP"]
    assert [rules.format_action(a) for a in legal] == (
        ["home brings in Achterberg"] + [f"home brings in {name}" for name in relievers]
        + [f"home {STAY}"])
    assert rules.format_action(ComputerManager(rules).choose(state, legal)) == f"home {STAY}"


@pytest.mark.parametrize("options, runs, closer", [
    ("rest", {(1, "top"): 3}, False),               # behind: kept for the next game
    ("rest", {(1, "bottom"): 3}, True),             # ahead: the save
    ("rest", {(1, "top"): 3, (1, "bottom"): 3}, True),      # tied: the 9th to hold
    ("", {(1, "top"): 3}, True),                    # no rest rule: nothing to keep him for
])
def test_with_the_rest_rule_the_closer_is_kept_from_a_9th_the_side_trails(rules, options,
                                                                         runs, closer):
    """Rules 8.2.2, 8.3: a Closer rests after two games in a row. The computer brought him
    into a 9th it trailed 5-1 (a game nearly lost), and he was missing from the next
    game's lead; with the rest rule it keeps him for a 9th it leads or holds even."""
    from .util import at, drive

    session = new_game(rules, header={"Rules": options} if options else None)
    # (Wexley, Fatigue 1, brought in in the 8th: tired in the 9th, a change to make)
    state = drive(session, runs=runs, until=at(9, "top", "mound"),
                  mound=lambda state, legal: next(x for x in legal if "Wexley" in x))
    legal = rules.legal_actions(state)
    assert "home brings in Achterberg" in [rules.format_action(a) for a in legal]
    choice = rules.format_action(ComputerManager(rules).choose(state, legal))
    assert (choice == "home brings in Achterberg") == closer, choice


def test_the_manager_weighs_a_bombed_pitcher_with_his_marker(rules):
    """Rules 8.2, 8.4.2: with Advanced Fatigue a pitcher bombed to +200 (not yet tired by
    his Fatigue inning) is weighed with his two extra rolls, and the computer brings in the
    fresh reliever whose Stuff allows fewer runs (it kept every pitcher not yet tired)."""
    from companion.high_and_tight.manager import pitcher_cost

    from .util import at, drive

    session = new_game(rules, header={"Rules": "advanced-fatigue,good-bad-day"})
    state = drive(session, runs={(1, "top"): 3, (2, "top"): 2}, until=at(3, "top", "mound"),
                  mound=lambda state, legal: next(x for x in legal if "stays" in x))
    own = state.home
    assert own.fatigue == 200 and not rules._is_tired(state, own)
    legal = rules.legal_actions(state)
    choice = ComputerManager(rules).choose(state, legal)
    assert choice.kind == "relieve"
    staying = pitcher_cost(rules.box, own.current_pitcher(), 200)
    assert pitcher_cost(rules.box, own.roster.pitchers[choice.args[0].casefold()]) < staying


def test_a_bombed_pitcher_as_good_as_the_reliever_stays(rules):
    """Rule 8.4.2: Sabaria bombed in the 1st (+100, not tired) allows as many runs as a
    fresh Dunleavy would: the computer keeps him rather than spend an arm for nothing."""
    from companion.high_and_tight.manager import pitcher_cost

    from .util import at, drive

    session = new_game(rules, header={"Rules": "advanced-fatigue,good-bad-day"})
    state = drive(session, runs={(1, "top"): 3}, until=at(2, "top", "mound"))
    own = state.home
    assert own.pitcher == "sabaria" and own.fatigue == 100
    dunleavy = own.roster.pitchers["dunleavy"]
    assert pitcher_cost(rules.box, own.current_pitcher(), 100) == pitcher_cost(rules.box,
                                                                               dunleavy)
    legal = [a for a in rules.legal_actions(state)
             if a.kind == "stay" or a.args[0] == "Dunleavy"]
    assert len(legal) == 2
    assert ComputerManager(rules).choose(state, legal).kind == "stay"


def test_the_manager_brings_in_a_rested_reliever_before_one_on_short_rest(rules):
    """Rule 8.2.3 b: a reliever on short rest comes in at +100 and his game counts to the
    days in a row that rest him next: the computer (and the table's suggestion, its
    choice) calls on him only when no rested arm is left, as a short-rest start is never
    the default (it brought in the best arm at +100 with fresh ones in the pen)."""
    from companion.high_and_tight.manager import pitcher_cost

    from .util import at, drive

    box = rules.box
    relievers = [p for p in box.rosters["new-york"].pitchers.values() if p.kind == "RP"]
    short = [p.name for p in sorted(relievers, key=lambda p: pitcher_cost(box, p, 100))[:2]]
    session = new_game(rules, header={"Rules": "rest,short-rest",
                                      "HomeShortRest": ", ".join(short)})
    state = drive(session, until=at(8, "top", "mound"))
    assert rules._is_tired(state, state.home)
    legal = rules.legal_actions(state)
    choice = ComputerManager(rules).choose(state, legal)
    assert choice.kind == "relieve" and choice.args[0] not in short, choice


def test_with_every_arm_on_short_rest_the_tired_pitcher_is_weighed_against_them(rules):
    """Rule 8.2.3 b with no rested arm in the pen: the pitcher on the mound is no rested
    arm, so the short-rest relievers are weighed against him by their cost (a starter at
    +200 was kept inning after inning, whatever the bullpen could give)."""
    from companion.high_and_tight.manager import pitcher_cost

    from .util import at, drive

    pen = [p.name for p in rules.box.rosters["new-york"].pitchers.values()
           if p.kind in ("RP", "CL")]
    session = new_game(rules, header={"Rules": "rest,short-rest,advanced-fatigue",
                                      "HomeShortRest": ", ".join(pen)})
    state = drive(session, until=at(9, "top", "mound"),
                  mound=lambda state, legal: next(x for x in legal if "stays" in x))
    own = state.home
    legal = rules.legal_actions(state)
    staying = pitcher_cost(rules.box, own.current_pitcher(),
                           rules.stay_fatigue(state, "home") or own.fatigue)
    best = min(pitcher_cost(rules.box, own.roster.pitchers[a.args[0].casefold()], 100)
               for a in legal if a.kind == "relieve")
    assert best < staying
    choice = ComputerManager(rules).choose(state, legal)
    assert choice.kind == "relieve", choice
