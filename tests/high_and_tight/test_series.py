"""Rules 3.0 (series setup, starting rotations), 7.0 (winning the series), 8.2.2 (Pitcher's
Rest) and 8.2.3 (Short Rest): the series rules and one stream of series and game lines."""

import random
from types import SimpleNamespace

import pytest

from companion.engine.errors import IllegalAction, ParseError
from companion.engine.session import Session
from companion.high_and_tight.manager import ComputerManager
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.series import (
    SCENARIOS,
    Appearance,
    GameResult,
    SeriesRules,
)
from companion.high_and_tight.series_session import SeriesSession
from companion.high_and_tight.simulate import play_series, series_manager_line
from companion.high_and_tight.state import parse_options

from .test_optional_rules import legal_lines, relief_lines
from .util import STAY, at, drive

PHILADELPHIA_ROTATION = "Oswald, Greaves, Bellweather, Osterhout"
TEXAS_ROTATION = "Crowder, Flee, Lozano, Pickering"
NEW_YORK_ROTATION = "Sabaria, Lindqvist, Marchetti, Okafor"


def header(scenario: str, team1: str = "philadelphia", team2: str = "texas",
           options: str = "") -> dict:
    out = {"Series": "High & Tight", "Scenario": scenario, "Team1": team1, "Team2": team2}
    if options:
        out["Rules"] = options
    return out


def rotation_for(box, team: str, scenario: str) -> str:
    known = {"philadelphia": PHILADELPHIA_ROTATION, "texas": TEXAS_ROTATION,
             "new-york": NEW_YORK_ROTATION}
    names = known[team].split(", ")
    return ", ".join(names[: SCENARIOS[scenario].rotation])


def new_series(box, scenario: str, options: str = "", team1: str = "philadelphia",
               team2: str = "texas") -> SeriesSession:
    """A series with both rotations set (rule 3.0), waiting for game 1."""
    session = SeriesSession(box, header(scenario, team1, team2, options))
    session.push(f"team1 rotation {rotation_for(box, team1, scenario)}")
    session.push(f"team2 rotation {rotation_for(box, team2, scenario)}")
    return session


def hand_state(box, scenario: str = "world", options: str = "rest", played: int = 0,
               team1: str = "philadelphia", team2: str = "texas"):
    """The series rules and a series state set by hand: rotations set, `played` games
    recorded as results (no pitcher work: add Appearances as the test needs)."""
    rules = SeriesRules(box)
    state = rules.new_state(header(scenario, team1, team2, options))
    rules.apply(state, f"team1 rotation {rotation_for(box, team1, scenario)}")
    rules.apply(state, f"team2 rotation {rotation_for(box, team2, scenario)}")
    for number in range(1, played + 1):
        home = rules.home_team(state, number)
        away = "team2" if home == "team1" else "team1"
        winner = home if number % 2 else away
        state.results.append(GameResult(number, home, {winner: 1, ("team2" if winner == "team1"
                                                                  else "team1"): 0},
                                        winner, 9))
    return rules, state


def pitched(state, team: str, name: str, *games: int, started: bool = False,
            innings: int = 1, exceeded_in: tuple = ()) -> None:
    """Record by hand that `name` pitched in these games of the series."""
    state.appearances[team][name.casefold()] = [
        Appearance(game, started, innings + (game in exceeded_in), game in exceeded_in)
        for game in games]


def pitcher(box, roster: str, name: str):
    return box.rosters[roster].pitchers[name.casefold()]


def table(rules, state, team: str) -> dict:
    return {entry.pitcher: entry for entry in rules.rest_table(state, team)}


def settle(session, picks: dict | None = None) -> None:
    """Answer the series' starter decisions: the named pick, else the rotation's man."""
    picks = picks or {}
    while session.awaiting()[0] == "series":
        kind, team, _ = session.awaiting()[1]
        if kind != "decision":
            return
        legal = session.series_rules.legal_actions(session.series)
        session.push(picks.get(team) or legal[0])


def play_game(session, winner: str = "home", mound=None, picks=None):
    """Play the series' next game to its end: `winner` ('home' or 'away') scores the only
    run in the 1st inning. Returns the finished game's state."""
    settle(session, picks)
    runs = {(1, "bottom" if winner == "home" else "top"): 1}
    return drive(session, runs=runs, mound=mound)


# -- 3.0 series setup: the home schedule -------------------------------------------------------


@pytest.mark.parametrize("scenario, games, wins, team1_home", [
    ("spring", 1, 1, {1}),
    ("divisional", 3, 2, {1, 3}),
    ("league", 5, 3, {1, 2, 5}),
    ("world", 7, 4, {1, 2, 6, 7}),
])
def test_home_schedule_of_each_scenario(box, scenario, games, wins, team1_home):
    """Rule 3.0: the scenario's length and wins needed, and which team is home in each game
    (Team 1 is the team with the home field advantage)."""
    rules = SeriesRules(box)
    state = rules.new_state(header(scenario))
    assert (state.scenario.games, state.scenario.wins) == (games, wins)
    for game in range(1, games + 1):
        expected = "team1" if game in team1_home else "team2"
        assert rules.home_team(state, game) == expected, game


def test_unknown_scenario_refused(box):
    """Rule 3.0: a series is one of the four scenarios."""
    with pytest.raises(ParseError, match="Scenario"):
        SeriesRules(box).new_state(header("playoffs"))


def test_game_headers_follow_the_schedule(box):
    """Rule 3.0: each game of a League Series is set up with its home team from the schedule."""
    session = new_series(box, "league")
    homes = []
    for winner in ("home", "away", "away", "home"):
        homes.append(session.games[-1].header["Home"])
        play_game(session, winner)
    homes.append(session.games[-1].header["Home"])
    assert homes == ["philadelphia", "philadelphia", "texas", "texas", "philadelphia"]


# -- 3.0 starting rotations ----------------------------------------------------------------------


def test_divisional_rotation_takes_three_different_sps(box):
    """Rule 3.0: a Divisional Series rotation is exactly three different SPs (the fourth
    is not used)."""
    session = SeriesSession(box, header("divisional"))
    kind, team, _ = session.awaiting()[1]
    assert (kind, team) == ("decision", "team1")
    legal = session.series_rules.legal_actions(session.series)
    assert len(legal) == 4 * 3 * 2
    assert all(len(line.split(" rotation ")[1].split(", ")) == 3 for line in legal)
    for line, said in (("team1 rotation Oswald, Greaves", "2 named"),
                       ("team1 rotation Oswald, Greaves, Bellweather, Osterhout", "4 named"),
                       ("team1 rotation Oswald, Greaves, Oswald", "a name given twice")):
        with pytest.raises(IllegalAction, match=r"^rule 3\.0: a Divisional Series rotation "
                           rf"is 3 different SPs \({said}\)"):
            session.push(line)
    assert "team1" not in session.series.rotations
    session.push("team1 rotation Osterhout, Greaves, Oswald")
    assert session.series.rotations["team1"] == ["osterhout", "greaves", "oswald"]
    table_1 = {e.pitcher: e.status for e in session.series_rules.rest_table(session.series,
                                                                            "team1")}
    assert table_1["Bellweather"] == "not-in-rotation"


@pytest.mark.parametrize("scenario", ["league", "world"])
def test_league_and_world_rotations_take_all_four_sps(box, scenario):
    """Rule 3.0: League and World Series rotations use all four SPs."""
    session = SeriesSession(box, header(scenario))
    legal = session.series_rules.legal_actions(session.series)
    assert len(legal) == 24
    with pytest.raises(IllegalAction, match=r"^rule 3\.0:"):
        session.push("team1 rotation Oswald, Greaves, Bellweather")
    session.push(f"team1 rotation {PHILADELPHIA_ROTATION}")
    assert len(session.series.rotations["team1"]) == 4


def test_relief_pitcher_in_a_rotation_is_refused(box):
    """Rule 3.0: the rotation is made of Starting Pitchers; an RP or the CL is refused."""
    session = SeriesSession(box, header("world"))
    for line in ("team1 rotation Oswald, Contadez, Greaves, Bellweather",
                 "team1 rotation Oswald, Greaves, Bellweather, Greenleaf",
                 "team1 rotation Oswald, Greaves, Bellweather, Flee"):    # not his team
        with pytest.raises(IllegalAction, match=r"^rule 3\.0:") as refused:
            session.push(line)
        team = box.team(session.series.teams["team1"]).name     # by name, not roster key
        assert f"is not an SP of the {team} roster" in str(refused.value)
    assert session.series.rotations == {}
    assert session.entries == []


def test_a_starter_named_before_the_rotation_is_set_is_refused(box):
    """Rule 3.0: a series' starter is named from its rotation, so 'team1 starts NAME' before
    the rotation is set is refused with what the series awaits and the line that sets it
    (it ended the table with a KeyError; then it named only the form refused)."""
    session = SeriesSession(box, header("divisional"))
    with pytest.raises(IllegalAction, match=r"^rule 3\.0: the series awaits Philadelphia "
                                            r"[^:]*: set .*; type 'team1 rotation A, B, C' "
                                            r"\(in the order"):
        session.push("team1 starts Oswald")
    assert session.entries == [] and session.series.rotations == {}
    # Team 2's line while Team 1's is awaited says whose turn it is.
    with pytest.raises(IllegalAction, match=r"^rule 3\.0: the series awaits Philadelphia "
                                            r"[^:]*: set the secret starting rotation of 3 "
                                            r"SPs \(action"):
        session.push("team2 rotation Flee, Crowder, Lozano")


def test_spring_training_starter_drawn_at_the_table_is_typed_either_way(box):
    """Rule 3.0: Spring Training's starter is drawn, not chosen; the SP the table drew is
    typed 'team1 starts NAME' as a player says it, or as its record line 'team1 rotation
    NAME'. A line that is no series action says the form awaited."""
    session = SeriesSession(box, header("spring"))
    with pytest.raises(ParseError, match=r"'team1 starts NAME' \(the SP drawn\)"):
        session.push("Oswald")
    session.push("team1 starts Oswald")
    assert [entry.line for entry in session.entries] == ["team1 rotation Oswald"]
    session.push("team2 rotation " + session.series_rules.legal_actions(
        session.series)[0].split(" ", 2)[2])
    assert session.games[-1].header["HomeStarter"] == "Oswald"


def test_spring_training_starter_is_drawn_at_random(box):
    """Rule 3.0: in Spring Training each team's one starter is one of its SPs at random, a
    chance event, not a choice."""
    session = SeriesSession(box, header("spring"))
    assert session.awaiting() == ("series", ("chance", "team1", session.awaiting()[1][2]))
    rules = session.series_rules
    assert rules.legal_actions(session.series) == [
        f"team1 rotation {p}" for p in ("Oswald", "Greaves", "Bellweather", "Osterhout")]
    line = rules.sample_chance(session.series, random.Random(3))
    assert line == rules.sample_chance(session.series, random.Random(3))   # seeded
    name = line.removeprefix("team1 rotation ")
    assert pitcher(box, "philadelphia", name).kind == "SP"
    session.push(line)
    assert session.awaiting()[1][:2] == ("chance", "team2")
    other = rules.sample_chance(session.series, random.Random(4))
    assert pitcher(box, "texas", other.removeprefix("team2 rotation ")).kind == "SP"
    session.push(other)
    # Game 1 opens with the drawn starters, Team 1 at home.
    game = session.games[-1]
    assert game.header["HomeStarter"] == name
    assert game.header["AwayStarter"] == other.removeprefix("team2 rotation ")


def test_spring_training_draw_covers_the_staff(box):
    """Rule 3.0: the random draw can give any of the four SPs, and only SPs."""
    rules = SeriesRules(box)
    seen = set()
    for seed in range(60):
        state = rules.new_state(header("spring"))
        seen.add(rules.sample_chance(state, random.Random(seed)))
    assert seen == {f"team1 rotation {p}" for p in PHILADELPHIA_ROTATION.split(", ")}


def test_spring_training_is_one_game(box):
    """Rules 3.0 and 7.0: Spring Training is a single game; its winner wins the scenario."""
    session = SeriesSession(box, header("spring"))
    play_series(session, session.push, seed=11)
    assert len(session.series.results) == 1 and len(session.games) == 1
    result = session.series.results[0]
    assert session.series.winner == result.winner
    assert session.is_over()


def test_rotation_gives_each_game_its_starter(box):
    """Rule 3.0: the top of the stack starts game 1, the second game 2, and so on."""
    session = new_series(box, "world")
    starters = []
    for winner in ("home", "home", "home"):
        game = session.games[-1]
        starters.append((game.header["Home"], game.header["HomeStarter"],
                         game.header["AwayStarter"]))
        play_game(session, winner)
    assert starters == [("philadelphia", "Oswald", "Crowder"),
                        ("philadelphia", "Greaves", "Flee"),
                        ("texas", "Lozano", "Bellweather")]


def test_rotation_restarts_after_game_four(box):
    """Rule 3.0 example: a League Series tied two games each: game 5's starters are game 1's."""
    session = new_series(box, "league")
    first = session.games[0].header
    for winner in ("home", "away", "home", "away"):
        play_game(session, winner)
    assert [session.series.wins("team1"), session.series.wins("team2")] == [2, 2]
    assert len(session.games) == 5
    fifth = session.games[4].header
    assert fifth["SeriesGame"] == "5"
    assert (fifth["HomeStarter"], fifth["AwayStarter"]) == (first["HomeStarter"],
                                                            first["AwayStarter"])
    assert fifth["HomeStarter"] == "Oswald" and fifth["AwayStarter"] == "Crowder"
    rules = session.series_rules
    assert rules.rotation_pitcher(session.series, "team1", 5) == "oswald"
    assert rules.rotation_pitcher(session.series, "team2", 6) == "flee"


# -- 7.0 winning the series -----------------------------------------------------------------------


def test_first_to_two_wins_the_divisional_series(box):
    """Rule 7.0: the first team to two wins takes a Divisional Series; no game 3 is played."""
    session = new_series(box, "divisional")
    play_game(session, "home")          # game 1: Team 1 at home
    assert session.series.winner is None and len(session.games) == 2
    play_game(session, "away")          # game 2: Team 2 at home, Team 1 wins
    series = session.series
    assert series.winner == "team1"
    assert (series.wins("team1"), series.wins("team2")) == (2, 0)
    assert len(series.results) == 2 and len(session.games) == 2
    assert session.is_over() and session.current_game is None
    assert session.awaiting()[1][0] == "over"
    with pytest.raises(IllegalAction, match=r"^rule 7\.0: the series is over"):
        session.push("team1 starts Bellweather")


def test_world_series_goes_the_distance(box):
    """Rule 7.0: tied three games each, the 7th game decides; the winner has four wins."""
    session = new_series(box, "world")
    for _ in range(6):
        play_game(session, "home")       # homes: t1, t1, t2, t2, t2, t1
        assert session.series.winner is None
    assert (session.series.wins("team1"), session.series.wins("team2")) == (3, 3)
    play_game(session, "away")           # game 7 at Team 1's park: Team 2 wins it
    series = session.series
    assert series.winner == "team2"
    assert (series.wins("team2"), series.wins("team1")) == (4, 3)
    assert [r.winner for r in series.results] == ["team1", "team1", "team2", "team2",
                                                  "team2", "team1", "team2"]
    assert len(session.games) == 7


@pytest.mark.parametrize("scenario, needed", [("league", 3), ("world", 4)])
def test_a_sweep_ends_the_series_at_the_deciding_game(box, scenario, needed):
    """Rule 7.0: Team 1 winning every game takes a League Series 3-0 and a World Series
    4-0; the series is over with that win, no next game is opened, and a further series
    line or game line is refused without being recorded."""
    session = new_series(box, scenario)
    rules = session.series_rules
    for number in range(1, needed + 1):
        assert session.series.winner is None
        home = rules.home_team(session.series, number)
        play_game(session, "home" if home == "team1" else "away")    # Team 1 wins it
        if number < needed:
            assert len(session.games) == number + 1 and session.current_game is not None
    series = session.series
    assert series.winner == "team1"
    assert (series.wins("team1"), series.wins("team2")) == (needed, 0)
    assert [r.winner for r in series.results] == ["team1"] * needed
    assert len(session.games) == needed and session.current_game is None
    assert session.is_over() and session.awaiting()[1][0] == "over"
    entries = len(session.entries)
    winner = box.teams[series.teams["team1"]].name
    for line in ("team1 starts Oswald", "away bats Hampton"):
        with pytest.raises(IllegalAction, match=rf"^rule 7\.0: the series is over: {winner} "
                                                "won it"):
            session.push(line)
    assert len(session.entries) == entries and len(session.games) == needed
    assert series.winner == "team1" and len(series.results) == needed


@pytest.mark.parametrize("scenario, seed", [("divisional", 1), ("league", 2), ("world", 3),
                                            ("world", 4)])
def test_computer_played_series_stops_at_the_needed_wins(box, scenario, seed):
    """Rule 7.0: a whole series played out ends the moment a team has the needed wins."""
    session = new_series(box, scenario, options="rest,short-rest")
    play_series(session, session.push, seed)
    series = session.series
    needed = series.scenario.wins
    loser = "team2" if series.winner == "team1" else "team1"
    assert series.wins(series.winner) == needed
    assert series.wins(loser) < needed
    assert needed <= len(series.results) <= series.scenario.games
    # The deciding game is the last one: before it nobody had the needed wins.
    assert series.results[-1].winner == series.winner
    assert len(session.games) == len(series.results)


# -- 8.2.2 Pitcher's Rest -----------------------------------------------------------------------


def test_contadez_three_games_in_a_row(box):
    """Rule 8.2.2 example: RP Contadez (Fatigue 1) pitched one inning in games 2, 3 and 4:
    he sits out game 5, and may pitch again in game 6."""
    rules, state = hand_state(box, played=4)
    contadez = pitcher(box, "philadelphia", "Contadez")
    assert (contadez.kind, contadez.fatigue) == ("RP", 1)
    pitched(state, "team1", "Contadez", 2, 3, 4)
    rest = rules.reliever_rest(state, "team1", contadez, 5)
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2")
    assert table(rules, state, "team1")["Contadez"].status == "unavailable"
    # Game 4 itself was allowed (two in a row before it), and after a game off he is back.
    assert rules.reliever_rest(state, "team1", contadez, 4).status == "available"
    assert rules.reliever_rest(state, "team1", contadez, 6).status == "available"


def test_contadez_past_his_fatigue_in_game_3(box):
    """Rule 8.2.2 example: had Contadez pitched two innings (past his Fatigue of 1) in game 3,
    he could not pitch game 4: his limit of games in a row drops by one."""
    rules, state = hand_state(box, played=3)
    contadez = pitcher(box, "philadelphia", "Contadez")
    pitched(state, "team1", "Contadez", 2, 3, exceeded_in=(3,))
    rest = rules.reliever_rest(state, "team1", contadez, 4)
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2")
    assert "Fatigue" in rest.reason
    # Without the extra inning he was free for game 4.
    pitched(state, "team1", "Contadez", 2, 3)
    assert rules.reliever_rest(state, "team1", contadez, 4).status == "available"


def test_reliever_limit_counts_the_current_streak_only(box):
    """Rule 8.2.2 (SPEC 3): the lower limit after going past his Fatigue holds for that run
    of games; after a game off the RP has his three games again."""
    rules, state = hand_state(box, played=4)
    szabo = pitcher(box, "philadelphia", "Szabo")
    pitched(state, "team1", "Szabo", 1, 3, 4, exceeded_in=(1,))
    assert rules.reliever_rest(state, "team1", szabo, 5).status == "available"
    pitched(state, "team1", "Szabo", 3, 4, exceeded_in=(3,))
    assert rules.reliever_rest(state, "team1", szabo, 5).status == "unavailable"


def test_closer_two_games_in_a_row(box):
    """Rule 8.2.2: a CL may pitch at most two games in a row, then sits one out."""
    rules, state = hand_state(box, played=5)
    rivero = pitcher(box, "texas", "Rivero")
    assert rivero.kind == "CL"
    pitched(state, "team2", "Rivero", 5)
    assert rules.reliever_rest(state, "team2", rivero, 6).status == "available"
    pitched(state, "team2", "Rivero", 4, 5)
    rest = rules.reliever_rest(state, "team2", rivero, 6)
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2")
    assert rules.reliever_rest(state, "team2", rivero, 7).status == "available"


def test_closer_sits_out_the_game_after_going_past_his_fatigue(box):
    """Rule 8.2.2: a CL who went past his Fatigue in a game may not pitch the next one."""
    rules, state = hand_state(box, played=5)
    rivero = pitcher(box, "texas", "Rivero")
    pitched(state, "team2", "Rivero", 5, exceeded_in=(5,))
    rest = rules.reliever_rest(state, "team2", rivero, 6)
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2")
    assert rules.reliever_rest(state, "team2", rivero, 7).status == "available"


def test_a_relievers_rest_says_short_rest_only_when_he_took_it(box):
    """Rules 8.2.2 and 8.2.3 b: an RP's limit is one less after he goes past his Fatigue.
    Past it in the last of three games he pitched within the limit then in force: his rest
    says so, not that he pitched that game on short rest (it did); past it in the first of
    the three, the third was his short-rest game."""
    rules, state = hand_state(box, options="rest,short-rest", played=4)
    francesco = pitcher(box, "texas", "Francesco")
    pitched(state, "team2", "Francesco", 2, 3, 4, exceeded_in=(4,))
    rest = rules.reliever_rest(state, "team2", francesco, 5)
    assert rest.status == "unavailable" and "short rest" not in rest.reason, rest.reason
    pitched(state, "team2", "Francesco", 2, 3, 4, exceeded_in=(2,))
    rest = rules.reliever_rest(state, "team2", francesco, 5)
    assert rest.reason.endswith("; pitched game 4 on short rest"), rest.reason


def test_a_closer_past_his_fatigue_twice_running_counts_from_the_first(box):
    """Rules 8.2.2 and 8.2.3 b: past his Fatigue in game 2, a CL's run ends there; his
    game 3 was his short-rest game (past his Fatigue again in it), so game 4 he sits out,
    whatever game 3's Fatigue says (reading the run from game 3 offered him short rest
    again: a third game in a row)."""
    rules, state = hand_state(box, options="rest,short-rest", played=3)
    rivero = pitcher(box, "texas", "Rivero")
    pitched(state, "team2", "Rivero", 2, 3, exceeded_in=(2, 3))
    rest = rules.reliever_rest(state, "team2", rivero, 4)
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2"), rest
    assert rest.reason.startswith("went past his Fatigue in game 2"), rest.reason
    assert rules.reliever_rest(state, "team2", rivero, 5).status == "available"


def test_a_closer_past_his_fatigue_gets_one_short_rest_game_not_two(box):
    """Rules 8.2.2 and 8.2.3 b: after going past his Fatigue a CL sits the next game out;
    short rest lets him pitch it at +100, the one extra game in a row, and then he rests."""
    rules, state = hand_state(box, options="rest,short-rest", played=5)
    rivero = pitcher(box, "texas", "Rivero")
    pitched(state, "team2", "Rivero", 4, exceeded_in=(4,))
    rest = rules.reliever_rest(state, "team2", rivero, 5)
    assert (rest.status, rest.rule) == ("short-rest", "8.2.3")
    assert rest.reason.startswith("went past his Fatigue in game 4")
    pitched(state, "team2", "Rivero", 4, 5, exceeded_in=(4,))      # game 5 on short rest
    rest = rules.reliever_rest(state, "team2", rivero, 6)
    # why he rests now: the short rest spent too (it read as if game 4 alone kept him out)
    assert (rest.status, rest.rule, rest.reason) == (
        "unavailable", "8.2.2", "went past his Fatigue in game 4; pitched game 5 on short "
                                "rest")
    assert rules.reliever_rest(state, "team2", rivero, 7).status == "available"
    # Past his Fatigue in the second of two games: short rest still gives one game more.
    pitched(state, "team2", "Rivero", 3, 4, exceeded_in=(4,))
    assert rules.reliever_rest(state, "team2", rivero, 5).status == "short-rest"
    pitched(state, "team2", "Rivero", 3, 4, 5, exceeded_in=(4,))
    assert rules.reliever_rest(state, "team2", rivero, 6).status == "unavailable"


def test_starter_once_every_four_games(box):
    """Rule 8.2.2: an SP starts once every four games: Flee, who started game 2, cannot
    start games 3, 4 or 5 (without short rest) and may start game 6."""
    rules, state = hand_state(box, played=5)
    flee = pitcher(box, "texas", "Flee")
    pitched(state, "team2", "Flee", 2, started=True, innings=7)
    for game in (3, 4, 5):
        rest = rules.starter_rest(state, "team2", flee, game)
        assert (rest.status, rest.rule) == ("unavailable", "8.2.2"), game
    assert rules.starter_rest(state, "team2", flee, 6).status == "available"


def test_rest_table_explains_every_pitcher(box):
    """Rules 3.0 and 8.2.2: before a game every pitcher has a standing, with its reason."""
    rules, state = hand_state(box, played=4)
    pitched(state, "team1", "Contadez", 2, 3, 4)
    for name, game in (("Oswald", 1), ("Greaves", 2), ("Bellweather", 3), ("Osterhout", 4)):
        pitched(state, "team1", name, game, started=True, innings=6)
    entries = table(rules, state, "team1")
    assert set(entries) == set(p.name for p in box.rosters["philadelphia"].pitchers.values())
    assert entries["Oswald"].status == "starts"          # game 5 restarts the rotation
    assert entries["Oswald"].reason == "in game 5"       # "starts in game 5 (rule 3.0)"
    assert entries["Contadez"].status == "unavailable" and entries["Contadez"].reason
    assert {entries[n].status for n in ("Greaves", "Bellweather", "Osterhout")} == {
        "unavailable"}
    # Each resting starter says when the rotation comes to him again (a World Series:
    # Greaves game 6, Bellweather 7, Osterhout none), resting alike otherwise.
    assert [entries[n].reason.rpartition("; ")[2]
            for n in ("Greaves", "Bellweather", "Osterhout")] == [
        "his turn: game 6", "his turn: game 7", "no turn left"]
    assert {entries[n].status for n in ("Fennimore", "Szabo", "Lockhart", "Greenleaf")} == {
        "available"}


def test_a_rested_starter_not_starting_waits_for_his_turn(box):
    """Rules 3.0 and 4.2.1: an SP rested but not the rotation's man for the next game cannot
    pitch it (starters only start): the rest table says when his turn comes, not
    "available", which read as free to pitch that game; one whose turn the series does
    not reach says so."""
    rules, state = hand_state(box, played=1)
    pitched(state, "team1", "Oswald", 1, started=True, innings=6)
    entries = table(rules, state, "team1")
    rotation = state.rotations["team1"]
    second, third, fourth = (box.rosters["philadelphia"].pitchers[k].name
                             for k in rotation[1:4])
    assert entries[second].status == "starts"
    assert (entries[third].status, entries[third].why()) == (
        "waits", " for game 3 (rule 3.0)")               # "waits for game 3 (rule 3.0)"
    assert entries[fourth].why() == " for game 4 (rule 3.0)"
    # A League Series before game 5, its last: the first man's turn again; the second's
    # would be game 6.
    rules, state = hand_state(box, scenario="league", played=4)
    second = box.rosters["philadelphia"].pitchers[state.rotations["team1"][1]].name
    done = table(rules, state, "team1")[second]
    assert (done.status, done.reason, done.why()) == (
        "done", "no turn left in the series", " (rule 3.0)")


def test_without_rest_everybody_is_available(box):
    """Rule 8.0: Pitcher's Rest is optional; without it nobody is held out."""
    rules, state = hand_state(box, options="", played=5)
    pitched(state, "team2", "Rivero", 4, 5, exceeded_in=(5,))
    pitched(state, "team2", "Francesco", 2, 3, 4, 5)
    pitched(state, "team2", "Flee", 2, started=True, innings=7)
    assert rules.reliever_rest(state, "team2", pitcher(box, "texas", "Rivero"), 6).status \
        == "available"
    assert rules.reliever_rest(state, "team2", pitcher(box, "texas", "Francesco"), 6).status \
        == "available"
    assert rules.starter_rest(state, "team2", pitcher(box, "texas", "Flee"), 3).status \
        == "available"
    statuses = {e.status for e in rules.rest_table(state, "team2")}
    assert statuses <= {"available", "starts", "waits", "done"}    # (his turn: rule 3.0)
    game = rules.game_header(state)
    assert not {k for k in game if k.endswith(("Resting", "ShortRest", "StarterFatigue"))}
    assert "Rules" not in game


def test_short_rest_needs_pitchers_rest(box):
    """Rule 8.2.3: Short Rest relaxes Pitcher's Rest, so it cannot be chosen without it."""
    with pytest.raises(ParseError, match=r"8\.2\.3"):
        parse_options("short-rest")
    with pytest.raises(ParseError):
        parse_options("advanced-fatigue,short-rest")
    with pytest.raises(ParseError):
        SeriesRules(box).new_state(header("world", options="short-rest"))
    with pytest.raises(ParseError, match=r"header Rules: short-rest relaxes .*8\.2\.3"):
        HighAndTight(box).new_state({"Home": "texas", "Away": "new-york",   # one game too
                                     "Rules": "short-rest"})
    with pytest.raises(ParseError):
        parse_options("rest,no-such-rule")
    assert parse_options("rest, short-rest") == frozenset({"rest", "short-rest"})


def test_resting_reliever_is_listed_and_kept_out_of_the_game(box, rules):
    """Rule 8.2.2: the game after Contadez's third game in a row lists him as resting, and he
    cannot be brought in."""
    series_rules, state = hand_state(box, played=4)
    pitched(state, "team1", "Contadez", 2, 3, 4)
    game_header = series_rules.game_header(state)
    assert game_header["Home"] == "texas"          # game 5 is at Team 2's park
    assert game_header["AwayResting"] == "Contadez"
    session = Session(rules, game_header)
    # Game 5 restarts the rotation: Oswald (Fatigue 7) is relieved in the bottom of the 8th.
    state = drive(session, until=at(8, "bottom", "mound"))
    assert state.away.pitcher == "oswald"
    assert "away brings in Contadez" not in legal_lines(session)
    assert relief_lines(session, "away")
    with pytest.raises(IllegalAction):
        session.push_text("away brings in Contadez")
    assert state.away.pitcher == "oswald"


# -- 8.2.2 by playing: the series records every pitcher's work ---------------------------------


def contadez_games(session, wanted: set[int], exceed_in: set[int] = frozenset()):
    """A Take the Mound policy for Philadelphia (Team 1): bring Contadez in at the first
    chance from the 7th on in the `wanted` games (keeping him for a second inning in
    `exceed_in`), never in other games; otherwise keep the pitcher when allowed."""
    def choose(state, legal):
        series = session.series
        game = series.next_game
        side = "home" if session.series_rules.home_team(series, game) == "team1" else "away"
        if state.actor != side:
            return None
        stay, bring = f"{side} {STAY}", f"{side} brings in Contadez"
        if state.side(side).pitcher == "contadez":
            if game in exceed_in and state.side(side).lines["contadez"].innings == 1:
                return stay
            return next(line for line in legal if line != stay)
        if game in wanted and bring in legal and (stay not in legal or state.inning >= 7):
            return bring
        if stay in legal:
            return stay
        return next(line for line in legal if line != bring)
    return choose


def test_contadez_example_played(box):
    """Rule 8.2.2 example, played: Contadez pitches games 2, 3 and 4 of a World Series; the
    series records it, lists him as resting for game 5, and game 5 refuses him."""
    session = new_series(box, "world", options="rest")
    policy = contadez_games(session, {2, 3, 4})
    for _ in range(4):
        play_game(session, "home", mound=policy)
    work = session.series.appearances["team1"]["contadez"]
    assert [(a.game, a.started, a.innings, a.exceeded) for a in work] == [
        (2, False, 1, False), (3, False, 1, False), (4, False, 1, False)]
    assert session.series.next_game == 5
    rest = table(session.series_rules, session.series, "team1")["Contadez"]
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2")
    game = session.games[-1]
    assert game.header["SeriesGame"] == "5" and game.header["AwayResting"] == "Contadez"
    state = drive(session, until=lambda s: s.phase == "mound" and s.actor == "away")
    assert "away brings in Contadez" not in legal_lines(session)
    with pytest.raises(IllegalAction):
        session.push("away brings in Contadez")
    assert state.away.pitcher == "oswald"


def test_contadez_past_his_fatigue_played(box):
    """Rule 8.2.2 example, played with Advanced Fatigue: kept in for a second inning in game
    3 he went past his Fatigue, so game 4 lists him as resting."""
    session = new_series(box, "world", options="rest,advanced-fatigue")
    policy = contadez_games(session, {2, 3}, exceed_in={3})
    for _ in range(3):
        play_game(session, "home", mound=policy)
    work = session.series.appearances["team1"]["contadez"]
    assert [(a.game, a.innings, a.exceeded) for a in work] == [(2, 1, False), (3, 2, True)]
    rest = table(session.series_rules, session.series, "team1")["Contadez"]
    assert (rest.status, rest.rule) == ("unavailable", "8.2.2")
    assert session.games[-1].header["AwayResting"] == "Contadez"


def test_a_starter_replaced_before_he_pitches_has_not_pitched(box):
    """Rules 8.2 and 8.2.2: with Advanced Fatigue a starter may be replaced at the first
    Take the Mound; he never pitched, so the game does not count against his rest."""
    session = new_series(box, "world", options="rest,advanced-fatigue")
    first = {"done": False}

    def scratch(state, legal):
        if state.actor == "away" and not first["done"]:     # the away side's first call
            first["done"] = True
            return next(line for line in legal if "brings in" in line)
        return None

    home = session.series_rules.home_team(session.series, 1)
    game = play_game(session, "home", mound=scratch)
    away = "team2" if home == "team1" else "team1"
    starter = game.away.starter
    (work,) = session.series.appearances[away][starter]    # named the starter, in the open
    assert (work.game, work.started, work.innings) == (1, True, 0)
    assert game.away.lines[starter].innings == 0
    roster = box.rosters[session.series.rosters[away]]
    rest = session.series_rules.starter_rest(session.series, away,
                                             roster.pitchers[starter], 2)
    assert rest.status == "available"
    # He was named as game 1's starter in the open: no longer a secret of the rotation.
    session.header[f"{away.capitalize()}Control"] = "computer"
    assert away in session.hidden_teams()
    assert starter not in session.secret_starters(away)


# -- 8.2.3 a Short rest for a starter: the Flee example ---------------------------------------


def test_flee_may_start_game_5_on_short_rest(box):
    """Rule 8.2.3 a example: Flee (Texas) started game 2; with Short Rest he may start game 5,
    one game early, at Fatigue +100; game 4 is still too early."""
    rules, state = hand_state(box, options="rest,short-rest", played=4)
    for name, game in zip(TEXAS_ROTATION.split(", "), (1, 2, 3, 4), strict=True):
        pitched(state, "team2", name, game, started=True, innings=7)
    flee = pitcher(box, "texas", "Flee")
    rest = rules.starter_rest(state, "team2", flee, 5)
    assert (rest.status, rest.rule) == ("short-rest", "8.2.3")
    assert rules.starter_rest(state, "team2", flee, 4).status == "unavailable"
    assert rules.starter_choices(state, "team2") == [("crowder", 0), ("flee", 100)]
    kind, team, _ = rules.awaiting(state)
    assert (kind, team) == ("decision", "team2")
    assert rules.apply(state, "team2 starts Flee") == "team2 starts Flee"
    game = rules.game_header(state)
    assert game["Home"] == "texas"                  # game 5 is at Team 2's park
    assert game["HomeStarter"] == "Flee" and game["HomeStarterFatigue"] == "100"
    assert "AwayStarterFatigue" not in game


def test_a_rested_starter_is_offered_ahead_of_one_on_short_rest(box):
    """Rules 3.0 and 8.2.3 a: Crowder started game 4 on short rest, so Pickering (the
    rotation's fourth) was skipped; for game 5 the scheduled Crowder rests, and both
    Pickering (rested) and Flee (short rest, +100) may take the turn. The rested arm comes
    first: it is the one taken when nobody chooses, since short rest is a choice
    (rulings.md, Series)."""
    rules, state = hand_state(box, options="rest,short-rest", played=4)
    for name, games in (("Crowder", (1, 4)), ("Flee", (2,)), ("Lozano", (3,))):
        pitched(state, "team2", name, *games, started=True, innings=7)
    assert rules.rotation_pitcher(state, "team2", 5) == "crowder"
    assert rules.starter_choices(state, "team2") == [("pickering", 0), ("flee", 100)]
    assert rules.legal_actions(state)[0] == "team2 starts Pickering"
    # The rest table offers them as the options do: Pickering may start game 5 (not "no
    # turn left", his rotation turn being past), Flee on short rest, Crowder resting.
    rest = table(rules, state, "team2")
    assert (rest["Pickering"].status, rest["Flee"].status, rest["Crowder"].status) == (
        "available", "short-rest", "unavailable")
    assert rules.apply(state, "team2 starts Flee") == "team2 starts Flee"     # still his
    # Flee named: Pickering waits now, for game 6, whose rotation man (Flee again) will
    # rest after game 5: a rested SP takes that turn (once said "no turn left").
    rest = table(rules, state, "team2")
    assert (rest["Flee"].status, rest["Pickering"].status) == ("starts", "waits")
    assert rest["Pickering"].reason == "for game 6"
    assert rules.game_header(state)["HomeStarterFatigue"] == "100"
    # His start says what short rest costs him (it said 'starts in game 5 (rule 3.0)').
    assert rest["Flee"].said() + rest["Flee"].why() == (
        f"{rest['Flee'].said()} in game 5 on short rest, at Fatigue +100 (rule 8.2.3)")


def test_the_sp_a_short_rest_start_passed_over_keeps_a_turn_to_come(box):
    """Rules 3.0 and 8.2.3 a, a League Series (five games): Crowder starts game 4 on short
    rest in Pickering's turn. The rest table said Pickering had 'no turn left in the
    series', yet game 5's rotation man (Crowder) then rests and Pickering takes the turn:
    he waits for game 5, and the table says so before game 4 as after it."""
    rules, state = hand_state(box, scenario="league", options="rest,short-rest", played=3)
    for name, game in (("Crowder", 1), ("Flee", 2), ("Lozano", 3)):
        pitched(state, "team2", name, game, started=True, innings=7)
    rules.apply(state, "team2 starts Crowder")          # on short rest, for Pickering
    rest = table(rules, state, "team2")
    assert (rest["Crowder"].status, rest["Pickering"].status) == ("starts", "waits")
    assert rest["Pickering"].reason == "for game 5"
    pitched(state, "team2", "Crowder", 1, 4, started=True, innings=7)
    state.starters.clear()
    home = rules.home_team(state, 4)
    state.results.append(GameResult(4, home, {"team1": 0, "team2": 1}, "team2", 9))
    assert rules.starter_choices(state, "team2")[0] == ("pickering", 0)


def test_a_resting_sp_with_no_turn_left_says_short_rest_may_bring_him_back(box):
    """Rule 8.2.3 a: in a League Series Crowder started game 2 (moved up) and his next
    turn would be game 6, past the series: before game 3 he rests with no turn left, but
    short rest may bring him back for game 5, and the table says so."""
    rules, state = hand_state(box, scenario="league", options="rest,short-rest", played=2)
    pitched(state, "team2", "Flee", 1, started=True, innings=7)
    pitched(state, "team2", "Crowder", 2, started=True, innings=7)
    rest = table(rules, state, "team2")
    assert rest["Crowder"].status == "unavailable"
    assert rest["Crowder"].reason.endswith(
        "; no turn left (on short rest he may start game 5)"), rest["Crowder"].reason
    plain_rest = hand_state(box, scenario="league", options="rest", played=2)
    rules, state = plain_rest
    pitched(state, "team2", "Flee", 1, started=True, innings=7)
    pitched(state, "team2", "Crowder", 2, started=True, innings=7)
    assert table(rules, state, "team2")["Crowder"].reason.endswith("; no turn left")


@pytest.mark.parametrize("team1_wins, starter", [(3, "Sabaria"), (2, "Okafor")])
def test_the_computer_starts_its_ace_on_short_rest_only_when_it_must_win(box, team1_wins,
                                                                          starter):
    """Rule 8.2.3 a and rulings.md (Series): New York (team 2) started Sabaria, Lindqvist and
    Marchetti in games 1-3; for game 4 Okafor is rested and Sabaria may go on short rest
    (+100). Down 0-3, one more loss ends the series: the computer starts Sabaria, whose
    Stuff at +100 (five rolls in box IV) allows fewer runs than Okafor's (5 rolls, box
    V). Down 1-2 it keeps the rotation's rested man."""
    rules, state = hand_state(box, options="rest,short-rest", played=3, team2="new-york")
    for result in state.results:
        result.winner = "team1" if result.number <= team1_wins else "team2"
    for name, game in (("Sabaria", 1), ("Lindqvist", 2), ("Marchetti", 3)):
        pitched(state, "team2", name, game, started=True, innings=7)
    assert rules.starter_choices(state, "team2") == [("okafor", 0), ("sabaria", 100)]
    session = SimpleNamespace(series=state, series_rules=rules, box=box)
    line = series_manager_line(session, ComputerManager(HighAndTight(box)))
    assert line == f"team2 starts {starter}"
    assert rules.apply(state, line) == line


def test_no_short_rest_start_without_the_option(box):
    """Rules 8.2.2 and 8.2.3: with Pitcher's Rest alone Flee cannot start game 5; the
    rotation's man does."""
    rules, state = hand_state(box, options="rest", played=4)
    for name, game in zip(TEXAS_ROTATION.split(", "), (1, 2, 3, 4), strict=True):
        pitched(state, "team2", name, game, started=True, innings=7)
    assert rules.starter_choices(state, "team2") == [("crowder", 0)]
    assert rules.awaiting(state)[0] == "game"
    with pytest.raises(IllegalAction):
        rules.apply(state, "team2 starts Flee")
    assert rules.game_header(state)["HomeStarter"] == "Crowder"


def test_flee_example_played(box):
    """Rule 8.2.3 a example, played: Flee starts game 2 and, on short rest, game 5, where he
    begins at +100 (Scoring Rolls = Stuff + 1) and reaches +200 kept in past his Fatigue."""
    session = new_series(box, "world", options="rest,short-rest,advanced-fatigue",
                         team1="new-york")
    for _ in range(4):
        play_game(session, "home")
    assert session.series.appearances["team2"]["flee"][0].game == 2
    settle(session, {"team2": "team2 starts Flee"})
    game = session.games[-1]
    assert game.header["HomeStarter"] == "Flee"
    assert game.header["HomeStarterFatigue"] == "100"
    flee = pitcher(box, "texas", "Flee")
    state = drive(session, until=at(1, "top", "mound"))
    assert state.home.pitcher == "flee" and state.home.fatigue == 100
    # The log says why he wears a marker before his first pitch (a computer's choice too).
    assert ("3.0", "home starting pitcher: Flee, on short rest at Fatigue +100 (rule "
                   "8.2.3 a)") in state.log
    session.push(f"home {STAY}")
    assert state.atbat.rolls == flee.stuff_rolls + 1
    past = flee.fatigue + 1                    # the first inning past his Fatigue rating
    state = drive(session, until=at(past - 1, "top", "mound"))
    session.push(f"home {STAY}")
    assert state.home.fatigue == 100 and state.atbat.rolls == flee.stuff_rolls + 1
    state = drive(session, until=at(past, "top", "mound"))
    session.push(f"home {STAY}")
    assert state.home.fatigue == 200 and state.atbat.rolls == flee.stuff_rolls + 2
    state = drive(session, until=at(past + 1, "top", "mound"))
    session.push(f"home {STAY}")
    assert state.home.fatigue == 200


def test_flee_example_fatigue_rating(box):
    """Rule 8.2.3 a example (SPEC 3: the demo box honours the examples): Flee on short rest
    flips his +100 marker when he pitches into the 9th, so the 8th is still within his
    Fatigue: his rating is 8."""
    assert pitcher(box, "texas", "Flee").fatigue == 8


# -- 8.2.3 b Short rest for a reliever: the Rivero example ------------------------------------


def rivero_state(box, options: str):
    """Game 6 of a World Series, Texas (Team 1) at home; Rivero pitched games 4 and 5."""
    rules, state = hand_state(box, options=options, played=5, team1="texas",
                              team2="new-york")
    pitched(state, "team1", "Rivero", 4, 5)
    return rules, state


def test_rivero_only_on_short_rest_for_game_6(box):
    """Rule 8.2.3 b example: the CL who pitched games 4 and 5 can pitch game 6 only on short
    rest; with Pitcher's Rest alone he sits it out."""
    rules, state = rivero_state(box, "rest,short-rest")
    rivero = pitcher(box, "texas", "Rivero")
    rest = rules.reliever_rest(state, "team1", rivero, 6)
    assert (rest.status, rest.rule) == ("short-rest", "8.2.3")
    assert table(rules, state, "team1")["Rivero"].status == "short-rest"
    game = rules.game_header(state)
    assert game["Home"] == "texas" and game["HomeShortRest"] == "Rivero"
    assert "Rivero" not in game.get("HomeResting", "")
    # One extra game only: after pitching game 6 too, game 7 is out.
    pitched(state, "team1", "Rivero", 4, 5, 6)
    assert rules.reliever_rest(state, "team1", rivero, 7).status == "unavailable"
    rules, state = rivero_state(box, "rest")
    assert rules.reliever_rest(state, "team1", rivero, 6).status == "unavailable"
    assert rules.game_header(state)["HomeResting"] == "Rivero"


def test_reliever_short_rest_one_extra_game(box):
    """Rule 8.2.3 b: an RP may pitch one game beyond his limit on short rest: Contadez after
    games 2-4 may pitch game 5 so, but not game 6 as well."""
    rules, state = hand_state(box, options="rest,short-rest", played=5)
    contadez = pitcher(box, "philadelphia", "Contadez")
    pitched(state, "team1", "Contadez", 2, 3, 4)
    assert rules.reliever_rest(state, "team1", contadez, 5).status == "short-rest"
    pitched(state, "team1", "Contadez", 2, 3, 4, 5)
    assert rules.reliever_rest(state, "team1", contadez, 6).status == "unavailable"
    # Past his Fatigue in game 3: game 4 is the short-rest game.
    pitched(state, "team1", "Contadez", 2, 3, exceeded_in=(3,))
    assert rules.reliever_rest(state, "team1", contadez, 4).status == "short-rest"


def test_closer_short_rest_after_going_past_his_fatigue(box):
    """Rule 8.2.3 b: short rest lets a pitcher break the Pitcher's Rest limits by one extra
    consecutive game; that covers the CL's game off after going past his Fatigue (8.2.2)."""
    rules, state = hand_state(box, options="rest,short-rest", played=5)
    rivero = pitcher(box, "texas", "Rivero")
    pitched(state, "team2", "Rivero", 5, exceeded_in=(5,))
    rest = rules.reliever_rest(state, "team2", rivero, 6)
    assert (rest.status, rest.rule) == ("short-rest", "8.2.3")


def test_rivero_enters_at_100_and_stays_at_200(box, rules):
    """Rules 8.2.3 b and 8.3 example: a 3-2 lead in the 9th of game 6; the save rule does not
    force the resting CL, but he may come in on short rest at +100; kept in for the 10th
    after the tie (Advanced Fatigue) he goes to +200."""
    series_rules, state = rivero_state(box, "rest,short-rest,advanced-fatigue,closer-saves")
    session = Session(rules, series_rules.game_header(state))
    plan = {(1, "top"): 2, (1, "bottom"): 3, (9, "top"): 1}
    game = drive(session, runs=plan, until=at(9, "top", "mound"))
    assert (game.home.total, game.away.total) == (3, 2)
    assert game.home.short_rest == frozenset({"rivero"})
    legal = set(legal_lines(session))
    assert "home brings in Rivero" in legal and f"home {STAY}" in legal
    session.push_text("home brings in Rivero")
    rivero = pitcher(box, "texas", "Rivero")
    assert game.home.pitcher == "rivero" and game.home.fatigue == 100
    assert game.atbat.rolls == rivero.stuff_rolls + 1
    assert any(rule == "8.2.3" for rule, _ in game.log)
    game = drive(session, runs=plan, until=at(10, "top", "mound"))
    assert (game.home.total, game.away.total) == (3, 3)
    session.push_text(f"home {STAY}")
    assert game.home.pitcher == "rivero" and game.home.fatigue == 200
    assert game.atbat.rolls == rivero.stuff_rolls + 2
    assert game.home.lines["rivero"].exceeded_fatigue


def test_rivero_cannot_stay_without_advanced_fatigue(box, rules):
    """Rules 8.2.3 b and 8.2.1: on short rest Rivero enters at +100; without Advanced Fatigue
    he cannot be kept in past his Fatigue."""
    series_rules, state = rivero_state(box, "rest,short-rest")
    session = Session(rules, series_rules.game_header(state))
    game = drive(session, until=lambda s: s.phase == "mound" and s.actor == "home")
    assert game.home.pitcher == "flee"
    inning = game.inning
    session.push_text("home brings in Rivero")
    assert game.home.fatigue == 100 and game.atbat.rolls == 4
    game = drive(session, until=at(inning + 1, "top", "mound"))
    assert f"home {STAY}" not in legal_lines(session)
    with pytest.raises(IllegalAction, match=r"^rule 8\.2\.1:"):
        session.push_text(f"home {STAY}")
    assert relief_lines(session, "home")


def test_an_available_reliever_says_how_close_he_is_to_a_rest(box):
    """Rule 8.2.2: an RP may pitch three games in a row; two games into his run he is still
    available, one game from a rest, and the rest table says so (it said 'available'
    alone, and the manager planned blind)."""
    rules, state = hand_state(box, options="rest", played=2)
    pitched(state, "team2", "Francesco", 1, 2)
    rest = table(rules, state, "team2")
    assert (rest["Francesco"].status, rest["Francesco"].reason, rest["Francesco"].rule) == (
        "available", "has pitched 2 games in a row, 1 more before a rest", "8.2.2")
    assert (rest["Sturgis"].status, rest["Sturgis"].reason) == ("available", "")


def test_an_undo_inside_a_game_rebuilds_that_game_alone_to_the_same_state(box):
    """SPEC 7 (undo over a whole series): an undo of a step of the game in play rebuilds
    that game only (each stored undo replayed the series from its start, so a file with
    hundreds of undos took seconds to open); the series, every game and the redo stack end
    exactly as a series replayed without the undone steps, across a game's end too."""
    from .test_text import snapshot

    played = SeriesSession(box, header("divisional", options="rest"))
    play_series(played, played.push, seed="undo-rebuild")
    lines = [entry.line for entry in played.entries]

    def seen(session):
        return (repr(session.series), [snapshot(game) for game in session.games],
                [entry.line for entry in session.entries])

    rng = random.Random("undo-rebuild")
    for cut in sorted(rng.sample(range(5, len(lines)), 12)) + [len(lines)]:
        session = SeriesSession(box, header("divisional", options="rest"))
        for line in lines[:cut]:
            session.push(line)
        back = rng.randint(1, 12)
        undone = [session.undo() for _ in range(back)]
        fresh = SeriesSession(box, header("divisional", options="rest"))
        for line in lines[:cut - back]:
            fresh.push(line)
        assert seen(session) == seen(fresh), (cut, back)
        assert session.redo_stack == undone
        for _ in range(back):
            session.redo()
        assert [entry.line for entry in session.entries] == lines[:cut]


def test_a_starter_replaced_before_he_pitched_may_still_start_a_game_early(box):
    """Rules 8.2.2 and 8.2.3 a: Crowder started game 1 but was replaced before he took the
    mound (his turn spent, no work to rest from: rulings.md). For game 4, one game before
    his next turn, short rest may start him at +100, as it may the Crowder who pitched game
    1 (the fresher arm was offered less: 'waits for game 5'). Games 2 and 3 stay the
    rotation's, and with no short rest he waits for his turn."""
    def series(options: str):
        rules, state = hand_state(box, options=options, played=3)
        pitched(state, "team2", "Crowder", 1, started=True, innings=0)
        for name, game in (("Flee", 2), ("Lozano", 3)):
            pitched(state, "team2", name, game, started=True, innings=7)
        return rules, state

    rules, state = series("rest,short-rest")
    assert [rules.rotation_pitcher(state, "team2", game) for game in (1, 4, 5)] == [
        "crowder", "pickering", "crowder"]
    crowder = pitcher(box, "texas", "Crowder")
    rest = rules.starter_rest(state, "team2", crowder, 4)
    assert (rest.status, rest.rule) == ("short-rest", "8.2.3")
    assert "game 1 was spent without pitching" in rest.reason
    assert rules.starter_choices(state, "team2") == [("pickering", 0), ("crowder", 100)]
    assert table(rules, state, "team2")["Crowder"].status == "short-rest"
    for game in (2, 3, 5):
        assert rules.starter_rest(state, "team2", crowder, game).status == "available"
    # Pitched game 1 instead: the same choice, for the rest rule's own reason.
    pitched(state, "team2", "Crowder", 1, started=True, innings=6)
    assert rules.starter_choices(state, "team2") == [("pickering", 0), ("crowder", 100)]
    # Without short rest the turn spent leaves him to wait for game 5 (rule 3.0).
    rules, state = series("rest")
    assert rules.starter_choices(state, "team2") == [("pickering", 0)]
    assert table(rules, state, "team2")["Crowder"].reason == "for game 5"


def test_a_starter_whose_last_turn_went_unpitched_is_told_his_short_rest_game(box):
    """Rules 3.0 and 8.2.3 a in a five-game series: the second SP of the rotation started
    game 2 and was replaced before he took the mound. His next turn, game 6, is past the
    series, but short rest may start him in game 5 (as it may one who pitched game 2): the
    rest table said only 'no turn left in the series', and game 5 offered him."""
    rules, state = hand_state(box, scenario="league", options="rest,short-rest", played=3)
    second = rules.rotation_pitcher(state, "team2", 2)
    arm = rules._pitcher(state, "team2", second)
    pitched(state, "team2", arm.name, 2, started=True, innings=0)
    for game in (1, 3):
        pitched(state, "team2", rules._pitcher(state, "team2", rules.rotation_pitcher(
            state, "team2", game)).name, game, started=True, innings=7)
    entry = table(rules, state, "team2")[arm.name]
    assert entry.status == "done"
    assert entry.said() + entry.why() == ("no turn left in the series (on short rest he may "
                                          "start game 5) (rule 3.0)")
    assert rules.starter_rest(state, "team2", arm, 5).status == "short-rest"


def test_a_starter_replaced_before_he_pitched_takes_a_resting_mans_turn_rested(box):
    """Rules 3.0 and 8.2.3 a: Crowder started game 4 on short rest; Flee's game 2 was spent
    without pitching. Game 5 is Crowder's turn and he rests: any rested SP may take it, Flee
    as rested as Pickering (at 0), not only on short rest at +100."""
    rules, state = hand_state(box, options="rest,short-rest", played=4)
    pitched(state, "team2", "Crowder", 1, 4, started=True, innings=7)
    pitched(state, "team2", "Flee", 2, started=True, innings=0)
    pitched(state, "team2", "Lozano", 3, started=True, innings=7)
    assert rules.rotation_pitcher(state, "team2", 5) == "crowder"
    assert rules.starter_choices(state, "team2") == [("flee", 0), ("pickering", 0)]
    flee = pitcher(box, "texas", "Flee")
    assert rules.starter_rest(state, "team2", flee, 5).status == "available"


def test_secret_told_names_what_a_line_keeps_from_the_other_player():
    """Rules 3.0, 5.2.1, 5.2.2, 8.2.3 a: a rotation set and a starter named are series lines
    of their team; an exchange is the exchanging side's, and a deal the side's that drew or
    exchanged last in that game; other lines tell nothing kept secret."""
    from companion.high_and_tight.series_session import SERIES, Entry, secret_told

    owner: dict[str, str] = {}
    lines = [(SERIES, "team1 rotation Sabaria, Okafor, Lindqvist", ("rotation", "team1")),
             (SERIES, "team2 starts Flee", ("starter", "team2")),
             ("1", "deal Web Gem", None),                  # nobody drew yet in game 1
             ("1", "home draws 1 offense", None),
             ("1", "deal Good Wood", ("deal", "home")),
             ("1", "away exchanges Punchout for defense", ("exchange", "away")),
             ("1", "deal Web Gem", ("deal", "away")),
             ("2", "deal Wheelhouse", None),                # another game: its own owner
             ("1", "home plays Good Wood", None),
             ("1", "roll 3 4", None)]
    for scope, line, told in lines:
        assert secret_told(Entry(scope, line), owner) == told, line
