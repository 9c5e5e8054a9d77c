"""Whole computer-played series with every optional rule on never break the series rules
(rules 3.0, 7.0, 8.2.1, 8.2.2, 8.2.3, 8.4.2)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.high_and_tight.series_session import SeriesSession
from companion.high_and_tight.simulate import play_series

EVERY_RULE = "ballparks,advanced-fatigue,rest,short-rest,closer-saves,good-bad-day"
TEAMS = ["new-york", "philadelphia", "california", "texas"]
STREAK_LIMIT = {"RP": 3, "CL": 2}


class Watcher:
    """Pushes each line into the series and checks every game as it is played.

    The computer manager always names the rotation's starter; with `rng` the watcher
    sometimes names another legal starter instead, so SPs on short rest (8.2.3 a) start too.
    """

    def __init__(self, session: SeriesSession, rng: random.Random | None = None):
        self.session = session
        self.rng = rng
        self.opened = 0            # games whose rest table has been taken
        self.finished = 0          # games whose final checks are done
        self.before = {}           # game -> team -> pitcher key -> Availability (8.2.2)
        self.starts = {}           # game -> team -> (starter key, starter_rest status)
        self.entered = {}          # (game, team, pitcher key) -> Fatigue marker on entering

    def team_of(self, game: int, side: str) -> str:
        home = self.session.series_rules.home_team(self.session.series, game)
        away = "team2" if home == "team1" else "team1"
        return home if side == "home" else away

    def push(self, line: str):
        session = self.session
        if self.rng is not None and session.current_game is None and " starts " in line:
            legal = session.series_rules.legal_actions(session.series)
            if len(legal) > 1 and self.rng.random() < 0.5:
                line = self.rng.choice(legal)
        entry = session.push(line)
        self.check()
        return entry

    def check(self) -> None:
        session = self.session
        series, rules = session.series, session.series_rules
        for index in range(self.finished, len(session.games)):
            game = index + 1
            state = session.games[index].state
            if index >= self.opened:
                # The game just opened: take each team's standing before it (rule 8.2.2).
                assert series.next_game == game
                self.before[game] = {}
                self.starts[game] = {}
                for team in ("team1", "team2"):
                    self.before[game][team] = {
                        a.pitcher.casefold(): a for a in rules.rest_table(series, team)}
                    key = rules.starter(series, team)
                    piece = rules.box.rosters[series.rosters[team]].pitchers[key]
                    self.starts[game][team] = (
                        key, rules.starter_rest(series, team, piece, game).status)
                self.opened = index + 1
            for side in ("home", "away"):
                own = state.side(side)
                # Rules 8.2.1, 8.2.3, 8.4.2: the marker is +100 or +200 at most.
                assert own.fatigue in (0, 100, 200), (game, side, own.fatigue)
                if own.pitcher is not None:
                    self.entered.setdefault((game, self.team_of(game, side), own.pitcher),
                                            own.fatigue)
            if state.phase == "over":
                self.finish(game, state)
                self.finished = index + 1

    def finish(self, game: int, state) -> None:
        """Rules 4.8, 8.2.2 and 8.2.3 for one finished game."""
        assert state.winner in ("home", "away")
        assert state.home.total != state.away.total
        assert (state.winner == "home") == (state.home.total > state.away.total)
        for side in ("home", "away"):
            team = self.team_of(game, side)
            own = state.side(side)
            before = self.before[game][team]
            starter, status = self.starts[game][team]
            assert own.starter == starter
            assert status in ("available", "short-rest"), (game, team, starter, status)
            if status == "short-rest":
                assert self.entered[(game, team, starter)] >= 100
            # The game was set up with the series' resting and short-rest lists.
            assert own.resting == {k for k, a in before.items() if a.status == "unavailable"
                                   and a.kind != "SP"}
            assert own.short_rest == {k for k, a in before.items()
                                      if a.status == "short-rest" and a.kind != "SP"}
            for key in own.lines:
                piece = own.roster.pitchers[key]
                if piece.kind == "SP":
                    assert key == starter, (game, team, key)    # an SP never relieves
                    continue
                assert before[key].status != "unavailable", (game, team, key, before[key])
                if before[key].status == "short-rest":
                    assert self.entered[(game, team, key)] >= 100, (game, team, key)

    def check_series(self) -> None:
        """Rules 7.0, 8.2.2 and 8.2.3 over the whole series, from the recorded work."""
        series = self.session.series
        assert self.finished == len(series.results) == len(self.session.games)
        needed = series.scenario.wins
        winner = series.winner
        loser = "team2" if winner == "team1" else "team1"
        assert winner in ("team1", "team2")
        assert series.wins(winner) == needed and series.wins(loser) < needed
        assert series.results[-1].winner == winner
        assert len(series.results) <= series.scenario.games
        for result in series.results:
            other = "team2" if result.winner == "team1" else "team1"
            assert result.runs[result.winner] > result.runs[other]
        pieces = self.session.box.rosters
        for team in ("team1", "team2"):
            roster = pieces[series.rosters[team]]
            for key, work in series.appearances[team].items():
                kind = roster.pitchers[key].kind
                games = {a.game: a for a in work}
                if kind == "SP":
                    starts = sorted(a.game for a in work if a.started)
                    assert starts == sorted(games), (team, key)
                    for earlier, later in zip(starts, starts[1:], strict=False):
                        # Rule 8.2.2: once in four games; 8.2.3 a: one game early at +100.
                        assert later - earlier >= 3, (team, key, starts)
                        if later - earlier == 3:
                            assert self.entered[(later, team, key)] >= 100
                    continue
                for number in sorted(games):
                    streak, exceeded, previous = 0, False, number - 1
                    while previous in games:
                        streak += 1
                        exceeded = exceeded or games[previous].exceeded
                        previous -= 1
                    limit = STREAK_LIMIT[kind] - (kind == "RP" and exceeded)
                    tired_closer = kind == "CL" and (number - 1) in games and games[
                        number - 1].exceeded
                    if streak >= limit or tired_closer:
                        # Past Pitcher's Rest only on short rest: one game more, at +100.
                        assert streak <= limit, (team, key, number, streak)
                        assert self.entered[(number, team, key)] >= 100, (team, key, number)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(["divisional", "league", "world"]),
       teams=st.permutations(TEAMS), seed=st.integers(0, 2**32 - 1))
def test_series_with_every_optional_rule_keeps_the_rules(box, scenario, teams, seed):
    """Rules 3.0, 7.0, 8.2.1-8.2.3 and 8.4.2: computer-played series with every optional rule
    keep each game's rest limits, markers within +200, a winner in every game, and stop
    when one team has the needed wins."""
    session = SeriesSession(box, {"Series": "High & Tight", "Scenario": scenario,
                                  "Team1": teams[0], "Team2": teams[1],
                                  "Rules": EVERY_RULE})
    watcher = Watcher(session, random.Random(seed))
    play_series(session, watcher.push, seed)
    assert session.is_over()
    watcher.check_series()
