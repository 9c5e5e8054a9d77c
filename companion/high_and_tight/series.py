"""A High & Tight series: scenarios, rotations, pitcher rest, the winner (rules 3.0, 7.0, 8.2)."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass, field, replace

from ..engine.dice import seed_problem
from ..engine.errors import IllegalAction, ParseError, clip, did_you_mean
from .box import TEAMS_ALIKE, Box, Pitcher, named_plainly
from .state import BETWEEN_GAMES_RULES, MODES, State, parse_options


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    games: int
    wins: int
    team1_home: tuple[int, ...]
    rotation: int            # SPs in the rotation (1: drawn at random)

    @property
    def one_game(self) -> bool:
        """One game (Spring Training, an exhibition): no series to speak of to a player."""
        return self.games == 1

    @property
    def unit(self) -> str:
        """What a player plays through: 'game' for one game, else 'series'."""
        return "game" if self.one_game else "series"


# Rule 3.0: the four scenarios, who is home in which game, how many SPs rotate.
ROTATION_GAMES = 4     # rule 3.0: past four games the rotation starts again from the top

SCENARIOS = {
    "spring": Scenario("spring", "Spring Training", 1, 1, (1,), 1),
    "divisional": Scenario("divisional", "Divisional Series", 3, 2, (1, 3), 3),
    "league": Scenario("league", "League Series", 5, 3, (1, 2, 5), 4),
    "world": Scenario("world", "World Series", 7, 4, (1, 2, 6, 7), 4),
    # One game set up by hand (an imported record, a quick game): no rotation.
    "exhibition": Scenario("exhibition", "Exhibition game", 1, 1, (1,), 0),
}
SERIES_TAGS = ("Series", "Scenario", "Team1", "Team2", "Team1Roster", "Team2Roster",
               "Team1Control", "Team2Control")
# Who manages each team, in a series header (absent: a person at the table).
CONTROL_TAGS = {"team1": "Team1Control", "team2": "Team2Control"}
# An exhibition's header is one game's: its Team1 is the home side (rule 3.0 asks nothing
# of the order in one game), so each Team tag may be given by its place's instead.
EXHIBITION_TAGS = {"Team1": "Home", "Team2": "Away", "Team1Roster": "HomeRoster",
                   "Team2Roster": "AwayRoster", "Team1Control": "HomeControl",
                   "Team2Control": "AwayControl"}
CONTROLS = ("human", "computer")
TEAMS = ("team1", "team2")

# Rule 8.2.2: consecutive games a reliever may pitch before a day off.
STREAK_LIMIT = {"RP": 3, "CL": 2}
# Stored series are numbered from 1; a number past this is a typing slip (SQLite's own
# integers end at 2**63).
SERIES_ID_MAX = 10**9
SP_REST = 4


@dataclass
class Appearance:
    """One pitcher's work in one game of the series."""

    game: int
    started: bool
    innings: int
    exceeded: bool


# A pitcher's standing for the next game in words, where its name is not them.
REST_WORDS = {"short-rest": "on short rest", "not-in-rotation": "out of the rotation",
              "not-drawn": "not drawn", "done": "no turn left in the series"}


@dataclass
class Availability:
    """Whether a pitcher may pitch the next game, and why (with the rule)."""

    pitcher: str
    kind: str
    status: str          # "available", "short-rest", "unavailable", "starts",
    #                      "not-in-rotation", "not-drawn" (Spring Training); in the rest
    #                      table, "waits" (an SP free to start whose turn is not this game)
    #                      and "done" (one whose turn the series does not reach again)
    reason: str = ""
    rule: str = ""

    def said(self) -> str:
        """The status in words ('out of the rotation'), as a player reads it."""
        return REST_WORDS.get(self.status, self.status)

    def why(self) -> str:
        """The reason as it follows the status: ' - started game 1; ... (rule 8.2.2)';
        'starts' or 'waits' and its game one phrase ('starts in game 2 (rule 3.0)'); a
        status that says it all ('not-in-rotation') its rule alone; '' without a reason."""
        if not self.reason:
            return ""
        if self.status in ("starts", "waits"):
            return f" {self.reason} (rule {self.rule})"
        if self.status in ("not-in-rotation", "not-drawn", "done"):
            # (what the reason adds to the status' own words: a short rest still to come)
            said = self.said()
            more = self.reason[len(said):] if self.reason.startswith(said) else ""
            return f"{more} (rule {self.rule})"
        return f" - {self.reason} (rule {self.rule})"


@dataclass
class GameResult:
    number: int
    home: str            # "team1" or "team2"
    runs: dict[str, int]
    winner: str          # "team1" or "team2"
    innings: int


@dataclass
class SeriesState:
    box: Box
    header: dict[str, str]
    scenario: Scenario
    options: frozenset[str]
    teams: dict[str, str]                    # team1/team2 -> team card key
    rosters: dict[str, str]                  # team1/team2 -> roster key
    rotations: dict[str, list[str]] = field(default_factory=dict)
    starters: dict[str, str] = field(default_factory=dict)      # next game's picks
    appearances: dict[str, dict[str, list[Appearance]]] = field(
        default_factory=lambda: {"team1": {}, "team2": {}})
    results: list[GameResult] = field(default_factory=list)
    winner: str | None = None

    @property
    def next_game(self) -> int:
        return len(self.results) + 1

    def wins(self, team: str) -> int:
        return sum(1 for r in self.results if r.winner == team)

    def standing(self, box: Box, games: int | None = None, names: bool = False) -> str:
        """Rule 7.0, the series after its first `games` games (all played by default):
        "Texas Cowboys win the series 2-1" after the deciding game ("Texas Cowboys win
        Spring Training" for a scenario of one game, "... win the game" for an exhibition
        game), else the leader by his abbreviation (his name with `names`, as a printed
        sheet has room for), "PHM lead the series 2-1", or "series tied 1-1"."""
        results = self.results[:games]
        wins = {team: sum(1 for r in results if r.winner == team) for team in TEAMS}
        if self.winner and len(results) == len(self.results):
            loser = "team2" if self.winner == "team1" else "team1"
            if self.scenario.one_game:
                what = "the game" if self.scenario.rotation == 0 else self.scenario.title
                return f"{box.teams[self.teams[self.winner]].name} win {what}"
            return (f"{box.teams[self.teams[self.winner]].name} win the series "
                    f"{wins[self.winner]}-{wins[loser]}")
        leader, ahead, behind = series_lead(wins)
        if leader is None:
            return f"series tied {ahead}-{behind}"
        team = box.teams[self.teams[leader]]
        return f"{team.name if names else team.abbrev} lead the series {ahead}-{behind}"


def series_lead(wins: dict[str, int]) -> tuple[str | None, int, int]:
    """Rule 7.0: who leads the series ('team1', 'team2', None when tied) and the games won
    ahead and behind."""
    one, two = wins["team1"], wins["team2"]
    if one == two:
        return None, one, two
    return ("team1", one, two) if one > two else ("team2", two, one)


def is_series_line(line: str) -> bool:
    """Whether a line has a series action's form, 'teamN rotation ...' or 'teamN starts
    ...' (rule 3.0), whether or not the series awaits it."""
    team, verb = ([*line.split(maxsplit=2), "", ""])[:2]
    return team.lower() in TEAMS and verb.lower() in ("rotation", "starts")


class SeriesRules:
    """The pure rules of a series; games are played with HighAndTight and reported back."""

    name = "High & Tight series"

    def __init__(self, box: Box):
        self.box = box

    # -- setup -------------------------------------------------------------------------

    def new_state(self, header: dict[str, str]) -> SeriesState:
        scenario = SCENARIOS.get(header.get("Scenario", ""))
        if scenario is None:
            given = header.get("Scenario")
            said = "is missing: name" if given is None else f"{given!r} is not"
            raise ParseError(f"header Scenario: {said} one of {', '.join(SCENARIOS)}")
        given = header
        header = dict(header)
        if scenario.key == "exhibition":
            for tag in ("Team1", "Team2", "Team1Roster", "Team2Roster"):
                header.setdefault(tag, header.get(EXHIBITION_TAGS[tag], ""))

        def named(tag: str) -> str:         # (as the header gave it)
            return EXHIBITION_TAGS[tag] if scenario.key == "exhibition" and (
                tag not in given) else tag

        teams, rosters = {}, {}
        cards = {team: self.box.tagged_team(named(team.capitalize()),
                                            header.get(team.capitalize()))
                 for team in TEAMS}
        fielded = {team: header.get(f"{team.capitalize()}Roster") or cards[team].roster
                   for team in TEAMS}
        for team in TEAMS:
            card, roster = cards[team], fielded[team]
            other = "team2" if team == "team1" else "team1"
            problem = self.box.roster_problem(card, team, roster, fielded[other])
            if problem:
                tags = self.box.roster_tags(header, named(team.capitalize()),
                                            named(team.capitalize() + "Roster"))
                raise ParseError(f"header {tags}: {problem}")
            teams[team] = card.key
            rosters[team] = roster.casefold()
        if teams["team1"] == teams["team2"]:
            raise ParseError(f"header {named('Team1')}, {named('Team2')}: {TEAMS_ALIKE}")
        clash = self.box.roster_clash(rosters["team1"], rosters["team2"])
        if clash:
            raise ParseError(f"header {named('Team1Roster')}, {named('Team2Roster')}: {clash}")
        options = parse_options(header.get("Rules", ""))
        return SeriesState(box=self.box, header=dict(header), scenario=scenario,
                           options=options, teams=teams, rosters=rosters)

    @staticmethod
    def check_new_rules(header: dict[str, str]) -> None:
        """Rules 8.2.2, 8.2.3: Pitcher's Rest and Short Rest are about the days between a
        series' games; a new one-game series is refused them (the table's New series
        offers them for a series only). A series stored or exported with them still reads:
        they do nothing in one game."""
        scenario = SCENARIOS.get(header.get("Scenario", ""))
        options = parse_options(header.get("Rules", ""))
        chosen = [rule for rule in BETWEEN_GAMES_RULES if rule in options]
        if scenario is not None and scenario.one_game and chosen:
            raise ParseError(f"header Rules: {' and '.join(chosen)} "
                             f"{'is' if len(chosen) == 1 else 'are'} for a series (rules "
                             f"8.2.2, 8.2.3: rest between its games): {scenario.title} is one "
                             "game")

    @staticmethod
    def check_table_tags(header: dict[str, str]) -> None:
        """How the table plays the series: dice and cards digital or physical, each team
        managed by a person or the computer, and the computer only with digital cards (it
        plays from a hand the companion deals). Checked as a series is made (New series,
        `series new`, an import), not as a stored one is read back: a series stored before
        this check opens as it was."""
        for tag, values in (("Dice", MODES), ("Cards", MODES),
                            *((tag, CONTROLS) for tag in CONTROL_TAGS.values())):
            if tag in header and header[tag] not in values:
                raise ParseError(f"header {tag}: {header[tag]!r} is not "
                                 f"{' or '.join(values)}")
        # As `--seed` is refused; a simulated game's 'SEED:N' is its seed and game number.
        problem = (seed_problem(re.sub(r":\d{1,6}$", "", header["Seed"])) if "Seed" in header
                   else None)
        if problem:
            raise ParseError(f"header Seed: {problem}")
        # (a game's own record names its sides by place: told by the tag the file holds)
        computer = [tag for tag in ("HomeControl", "AwayControl", *CONTROL_TAGS.values())
                    if header.get(tag) == "computer"]
        if header.get("Cards") == "physical" and computer:
            raise ParseError(f"header Cards, {computer[0]}: the computer manages a side only "
                             "with digital cards: it plays from a hand the companion deals, "
                             "so choose digital cards or two players")

    # -- schedule -----------------------------------------------------------------------

    def home_team(self, state: SeriesState, game: int) -> str:
        """Rule 3.0: Team 1 has the home field in the scenario's listed games."""
        return "team1" if game in state.scenario.team1_home else "team2"

    def rotation_pitcher(self, state: SeriesState, team: str, game: int) -> str:
        """Rule 3.0: the rotation from the top, restarting after game four."""
        rotation = state.rotations[team]
        return rotation[(game - 1) % ROTATION_GAMES % len(rotation)]

    # -- awaiting and legal actions ----------------------------------------------------

    def awaiting(self, state: SeriesState) -> tuple[str, str | None, str]:
        """(kind, team, what): 'decision', 'chance', 'game' (play game N) or 'over'."""
        if state.winner is not None:
            return "over", None, f"{state.winner} wins the series"
        if state.scenario.rotation == 0:
            return "game", None, f"play game {state.next_game}"
        for team in TEAMS:
            if team not in state.rotations:
                if state.scenario.rotation == 1:
                    return "chance", team, "the Starting Pitcher drawn at random (rule 3.0)"
                return "decision", team, (f"set the secret starting rotation of "
                                          f"{state.scenario.rotation} SPs (rule 3.0)")
        for team in TEAMS:
            if team not in state.starters and len(self.starter_choices(state, team)) > 1:
                return "decision", team, (f"name the starter for game {state.next_game} "
                                          "(rules 3.0, 8.2.2, 8.2.3)")
        return "game", None, f"play game {state.next_game}"

    def starter(self, state: SeriesState, team: str) -> str:
        """The next game's starter: the one named, or the only choice."""
        return state.starters.get(team) or self.starter_choices(state, team)[0][0]

    def legal_actions(self, state: SeriesState) -> list[str]:
        kind, team, _ = self.awaiting(state)
        if kind in ("over", "game"):
            return []
        if team not in state.rotations:
            sps = self.starting_pitchers(state, team)
            if state.scenario.rotation == 1:
                return [f"{team} rotation {p.name}" for p in sps]
            return [f"{team} rotation {', '.join(p.name for p in order)}"
                    for order in itertools.permutations(sps, state.scenario.rotation)]
        return [f"{team} starts {self._pitcher(state, team, key).name}"
                for key, _ in self.starter_choices(state, team)]

    def awaited_words(self, state: SeriesState) -> str:
        """What the series awaits and from whom, for a refusal: 'Texas Cowboys: the Starting
        Pitcher drawn at random' (its rule is the refusal's own)."""
        kind, team, what = self.awaiting(state)
        what = what.removesuffix(" (rule 3.0)")
        if kind == "game":
            return f"game {state.next_game}, not a series line"
        if team is None:
            return what
        owner = self.box.team(state.teams[team])
        return f"{owner.name if owner else team}: {what}"

    def line_form(self, state: SeriesState) -> str:
        """How the series line awaited now is typed (rule 3.0), for a refusal to show."""
        kind, team, _ = self.awaiting(state)
        if kind not in ("decision", "chance") or team is None:
            return "'team1 rotation A, B, C, D' or 'team2 starts NAME'"
        if team in state.rotations:
            return f"'{team} starts NAME'"
        if state.scenario.rotation == 1:
            return f"'{team} starts NAME' (the SP drawn)"
        names = ", ".join("ABCDEFGH"[:state.scenario.rotation])
        return f"'{team} rotation {names}' (in the order they start)"

    def starting_pitchers(self, state: SeriesState, team: str) -> list[Pitcher]:
        """The team's SPs, in roster order: those a rotation is made of (rule 3.0)."""
        roster = self.box.rosters[state.rosters[team]]
        return [p for p in roster.pitchers.values() if p.kind == "SP"]

    def _pitcher(self, state: SeriesState, team: str, key: str) -> Pitcher:
        return self.box.rosters[state.rosters[team]].pitchers[key]

    # -- actions -------------------------------------------------------------------------

    def apply(self, state: SeriesState, line: str) -> str:
        """Apply one series line; returns it in canonical form."""
        if state.winner is not None:        # whatever the line: nothing follows the end
            winner = self.box.teams[state.teams[state.winner]].name
            raise IllegalAction(f"the series is over: {winner} won it", rule="7.0",
                                action=line)
        words = " ".join(line.strip().split())
        team, _, rest = words.partition(" ")
        team = team.lower()
        verb, _, names = rest.partition(" ")
        if not is_series_line(line):
            raise ParseError(f"{line!r} is not a series action: {self.line_form(state)}")
        kind, awaited, _ = self.awaiting(state)
        if kind == "chance" and awaited == team and verb.lower() == "starts":
            verb = "rotation"       # Spring Training: the starter the table drew (rule 3.0)
        if kind == "game" or awaited != team:
            raise IllegalAction(f"the series awaits {self.awaited_words(state)}", rule="3.0",
                                action=line)
        if verb.lower() == "rotation":
            if team in state.rotations:
                raise IllegalAction("the rotation is set once for the series", rule="3.0",
                                    action=line)
            keys = [self._sp_key(state, team, n.strip(), line)
                    for n in names.split(",") if n.strip()]
            if len(keys) != state.scenario.rotation or len(set(keys)) != len(keys):
                count = state.scenario.rotation
                said = (f"{len(keys)} named" if len(keys) != count else "a name given twice")
                raise IllegalAction(f"a {state.scenario.title} rotation is {count} different "
                                    f"SP{'' if count == 1 else 's'} ({said})",
                                    rule="3.0", action=line)
            state.rotations[team] = keys
            return f"{team} rotation " + ", ".join(
                self._pitcher(state, team, k).name for k in keys)
        if team not in state.rotations:         # (a starter is named from the rotation)
            raise IllegalAction(f"the series awaits {self.awaited_words(state)}; type "
                                f"{self.line_form(state)}", rule="3.0", action=line)
        key = self._sp_key(state, team, names.strip(), line)
        choices = dict(self.starter_choices(state, team))
        if key not in choices:
            raise IllegalAction(f"{names.strip()} cannot start game {state.next_game}: "
                                + self._starter_reason(state, team, key), rule="8.2.2",
                                action=line)
        state.starters[team] = key
        return f"{team} starts {self._pitcher(state, team, key).name}"

    def _sp_key(self, state: SeriesState, team: str, name: str, line: str) -> str:
        roster = self.box.rosters[state.rosters[team]]
        piece = named_plainly(roster.pitchers, name)        # (any case, accents or not)
        if piece is None or piece.kind != "SP":
            fielding = self.box.team(state.teams[team])
            raise IllegalAction(f"{clip(name)!r} is not an SP of "
                                f"{self.box.roster_words(fielding, roster.key)}"
                                + (self.box.whose_piece(name, roster.key, "SP")
                                   or did_you_mean(name, (p.name for p in
                                                          roster.pitchers.values()
                                                          if p.kind == "SP"))),
                                rule="3.0", action=line)
        return piece.name.casefold()

    def sample_chance(self, state: SeriesState, rng: random.Random) -> str:
        """Rule 3.0, Spring Training: each team's starter is one of its SPs at random."""
        kind, team, _ = self.awaiting(state)
        if kind != "chance":
            raise IllegalAction("no chance event is awaited", rule="3.0")
        return f"{team} rotation {rng.choice(self.starting_pitchers(state, team)).name}"

    # -- pitcher rest (rules 8.2.2, 8.2.3) --------------------------------------------------

    def _streak(self, state: SeriesState, team: str, key: str, game: int
                ) -> tuple[int, int | None]:
        """Consecutive games pitched just before `game`, and the first of them (a game
        number) in which he went past his Fatigue, or None (rule 8.2.2)."""
        games = {a.game: a for a in state.appearances[team].get(key, []) if a.innings}
        streak, exceeded_in = 0, None
        number = game - 1
        while number in games:
            streak += 1
            if games[number].exceeded:
                exceeded_in = number
            number -= 1
        return streak, exceeded_in

    def last_start(self, state: SeriesState, team: str, key: str, pitched: bool = True
                   ) -> int | None:
        """The last game he started; with `pitched`, only one he pitched in (a starter
        replaced before he took the mound did no work to rest from, rule 8.2.2)."""
        starts = [a.game for a in state.appearances[team].get(key, [])
                  if a.started and (a.innings or not pitched)]
        return max(starts) if starts else None

    def reliever_rest(self, state: SeriesState, team: str, pitcher: Pitcher, game: int,
                      ) -> Availability:
        """Rule 8.2.2 (and 8.2.3 b): may this RP or CL pitch in `game`?"""
        key = pitcher.name.casefold()
        if "rest" not in state.options:
            return Availability(pitcher.name, pitcher.kind, "available")
        streak, exceeded_in = self._streak(state, team, key, game)
        limit = STREAK_LIMIT[pitcher.kind]
        why = f"has pitched {streak} games in a row (limit {limit})"
        if exceeded_in is not None and pitcher.kind == "RP":
            limit -= 1
            why = (f"has pitched {streak} games in a row (limit {limit}, one less after "
                   f"going past his Fatigue in game {exceeded_in})")
        elif exceeded_in is not None:
            # A CL sits out the game after going past his Fatigue: his run of games in a
            # row ends with that game (short rest may add its one game, once).
            limit = min(limit, exceeded_in - (game - streak) + 1)
            why = f"went past his Fatigue in game {exceeded_in}"
        # Past the limit in force when he pitched the last game only on short rest, once:
        # that is why he rests now. (An RP's limit lowered by going past his Fatigue in that
        # very game did not hold yet when he pitched it.)
        held = STREAK_LIMIT[pitcher.kind] if exceeded_in == game - 1 and \
            pitcher.kind == "RP" else limit
        if streak > held and "short-rest" in state.options:
            why += f"; pitched game {game - 1} on short rest"
        if streak < limit:
            # How close his run of games comes to the limit, for the manager to plan by
            # (a reliever two games into three is one game from a rest).
            return Availability(pitcher.name, pitcher.kind, "available",
                                f"has pitched {streak} game{'s' if streak > 1 else ''} in a "
                                f"row, {limit - streak} more before a rest" if streak else "",
                                "8.2.2" if streak else "")
        if "short-rest" in state.options and streak < limit + 1:
            return Availability(pitcher.name, pitcher.kind, "short-rest",
                                f"{why}; on short rest he enters at Fatigue +100", "8.2.3")
        return Availability(pitcher.name, pitcher.kind, "unavailable", why, "8.2.2")

    def starter_rest(self, state: SeriesState, team: str, pitcher: Pitcher, game: int,
                     ) -> Availability:
        """Rules 3.0, 8.2.2 (an SP once every four games) and 8.2.3 a: may this SP start `game`?"""
        key = pitcher.name.casefold()
        rotation = state.rotations.get(team, [])
        if key not in rotation:
            if state.scenario.rotation == 1:        # Spring Training: a starter drawn
                return Availability(pitcher.name, "SP", "not-drawn",
                                    "the starter is drawn at random", "3.0")
            return Availability(pitcher.name, "SP", "not-in-rotation",
                                "not in the series rotation", "3.0")
        last = self.last_start(state, team, key)
        if "rest" not in state.options or last is None or game - last >= SP_REST:
            turn = self.last_start(state, team, key, pitched=False)
            if ("short-rest" in state.options and turn is not None and turn != last
                    and game - turn == SP_REST - 1 and self._turn_taken(state, team, key,
                                                                        game)):
                # His turn spent without pitching (replaced before he took the mound): the
                # game before his next turn is still one game early, on short rest as for
                # one who pitched it (the fresher arm had fewer choices than the tired one),
                # unless the rotation's man rests and a rested arm may take the turn.
                return Availability(pitcher.name, "SP", "short-rest",
                                    f"his turn in game {turn} was spent without pitching; on "
                                    "short rest he starts a game early at Fatigue +100",
                                    "8.2.3")
            return Availability(pitcher.name, "SP", "available")
        why = f"started game {last}; an SP starts once every {SP_REST} games"
        if "short-rest" in state.options and game - last == SP_REST - 1:
            return Availability(pitcher.name, "SP", "short-rest",
                                f"{why}; on short rest he starts at Fatigue +100", "8.2.3")
        return Availability(pitcher.name, "SP", "unavailable", why, "8.2.2")

    def _turn_taken(self, state: SeriesState, team: str, key: str, game: int) -> bool:
        """Whether `game` is another SP's turn that he is rested for (rule 3.0): then no
        other rested SP may take it (see starter_choices)."""
        scheduled = self.rotation_pitcher(state, team, game)
        return scheduled != key and self.starter_rest(
            state, team, self._pitcher(state, team, scheduled), game).status == "available"

    def starter_choices(self, state: SeriesState, team: str, game: int | None = None,
                        ) -> list[tuple[str, int]]:
        """(SP key, starting fatigue) that may start the next game (or `game`, the work
        since read from the state's appearances): the rotation's first, then any rested
        SP (when the scheduled one still rests), then those on short rest."""
        game = game or state.next_game
        scheduled = self.rotation_pitcher(state, team, game)
        status = {key: self.starter_rest(state, team, self._pitcher(state, team, key),
                                         game).status
                  for key in state.rotations[team]}
        # The rotation names the starter; short rest may move an SP up (8.2.3 a). When the
        # scheduled SP still rests (someone moved up before), any rested SP of the rotation
        # may take the turn.
        rested_others = status[scheduled] != "available"
        choices: list[tuple[str, int]] = []
        for key in [scheduled] + [k for k in state.rotations[team] if k != scheduled]:
            if status[key] == "available" and (key == scheduled or rested_others):
                choices.append((key, 0))
            elif status[key] == "short-rest":
                choices.append((key, 100))
        if not choices:
            # No rotation SP is rested: the scheduled one goes (the project's reading).
            choices.append((scheduled, 0))
        # A rested arm ahead of one on short rest (the rotation's order kept within each):
        # the first choice is the one taken when nobody chooses, and short rest is a choice.
        return sorted(choices, key=lambda choice: choice[1])

    def _starter_reason(self, state: SeriesState, team: str, key: str) -> str:
        rest = self.starter_rest(state, team, self._pitcher(state, team, key), state.next_game)
        return rest.reason or "the rotation names another starter (rule 3.0)"

    def next_turns(self, state: SeriesState, team: str) -> dict[str, int]:
        """Each SP's first start after the next game, as the series stands: each game's
        starter the one taken when nobody chooses (`starter_choices`: the rotation's man,
        rule 3.0, or when he still rests a rested SP, 8.2.3 a; short rest only when no SP
        of the rotation is rested). An SP with none before the series ends is left out.
        (The rotation alone gave a turn an SP moved up on short rest leaves to the man
        after him as nobody's.)"""
        worked = {name: list(games) for name, games in state.appearances[team].items()}
        future = replace(state, appearances={**state.appearances, team: worked})
        turns: dict[str, int] = {}
        for game in range(state.next_game, state.scenario.games + 1):
            starter = (state.starters[team] if game == state.next_game
                       and team in state.starters
                       else self.starter_choices(future, team, game)[0][0])
            if game > state.next_game:
                turns.setdefault(starter, game)
            worked.setdefault(starter, []).append(Appearance(game, True, 1, False))
        return turns

    def _short_rest_game(self, state: SeriesState, team: str, key: str) -> str:
        """' (on short rest he may start game N)' for a resting SP with no turn to come
        whom short rest may still bring back before the series ends (8.2.3 a), else ''.
        His last turn counts, pitched or spent without pitching (see starter_rest)."""
        last = self.last_start(state, team, key, pitched=False)
        if "short-rest" not in state.options or last is None:
            return ""
        game = last + SP_REST - 1
        return (f" (on short rest he may start game {game})"
                if state.next_game < game <= state.scenario.games else "")

    def rest_table(self, state: SeriesState, team: str) -> list[Availability]:
        """Every pitcher's standing before the next game, with the reason and the rule."""
        if state.scenario.rotation == 0:
            return []
        game = state.next_game
        roster = self.box.rosters[state.rosters[team]]
        picked = state.starters.get(team)
        # The SPs who may start the next game (the rotation's man, or those who may take
        # the turn a resting one leaves, 8.2.3 a): worked out once for every row.
        may_start = dict(self.starter_choices(state, team)) if team in state.rotations else {}
        turns = self.next_turns(state, team) if team in state.rotations else {}
        table = []
        for key, pitcher in roster.pitchers.items():
            if pitcher.kind == "SP":
                entry = self.starter_rest(state, team, pitcher, game)
                if picked == key and entry.status == "short-rest":
                    # (chosen on short rest: his start said with what it costs him)
                    entry = Availability(pitcher.name, "SP", "starts",
                                         f"in game {game} on short rest, at Fatigue "
                                         f"+{may_start.get(key, 0)}", "8.2.3")
                elif picked == key or (picked is None and team in state.rotations
                                       and self.rotation_pitcher(state, team, game) == key
                                       and entry.status == "available"):
                    entry = Availability(pitcher.name, "SP", "starts",
                                         f"in game {game}", "3.0")
                elif (entry.status == "available" and team in state.rotations
                      and (picked is not None or key not in may_start)):
                    # Free to start, but not this game (an SP only starts, 4.2.1; one who
                    # may take a rotation's turn left by a resting SP, 8.2.3 a, stays
                    # available): "available" read as free to pitch it. His turn instead.
                    turn = turns.get(key)
                    entry = (Availability(pitcher.name, "SP", "waits",
                                          f"for game {turn}", "3.0")
                             if turn else Availability(
                                 pitcher.name, "SP", "done", "no turn left in the series"
                                 + self._short_rest_game(state, team, key), "3.0"))
                elif entry.status == "unavailable" and team in state.rotations:
                    # Resting: when the rotation comes to him again (two resting starters
                    # read alike, the one with a start to come and the one with none).
                    turn = turns.get(key)
                    entry = replace(entry, reason=entry.reason + (
                        f"; his turn: game {turn}" if turn else
                        "; no turn left" + self._short_rest_game(state, team, key)))
            else:
                entry = self.reliever_rest(state, team, pitcher, game)
            table.append(entry)
        return table

    # -- games ------------------------------------------------------------------------------

    def game_header(self, state: SeriesState) -> dict[str, str]:
        """The header of the next game: home and away, starters, rest, optional rules."""
        kind, _, what = self.awaiting(state)
        if kind != "game":
            raise IllegalAction(f"the series awaits: {what}", rule="3.0")
        game = state.next_game
        if state.scenario.rotation == 0:
            header = {k: v for k, v in state.header.items() if k not in SERIES_TAGS}
            header.setdefault("Game", "High & Tight")
            return header
        home = self.home_team(state, game)
        away = "team2" if home == "team1" else "team1"
        header = {"Game": "High & Tight", "Box": self.box.fingerprint,
                  "SeriesGame": str(game)}
        for team, place in ((home, "Home"), (away, "Away")):
            header[place] = state.teams[team]
            header[f"{place}Roster"] = state.rosters[team]
            key = self.starter(state, team)
            header[f"{place}Starter"] = self._pitcher(state, team, key).name
            fatigue = dict(self.starter_choices(state, team)).get(key, 0)
            if fatigue:
                header[f"{place}StarterFatigue"] = str(fatigue)
            roster = self.box.rosters[state.rosters[team]]
            resting, short = [], []
            for pitcher in roster.pitchers.values():
                if pitcher.kind == "SP":
                    continue
                rest = self.reliever_rest(state, team, pitcher, game)
                if rest.status == "unavailable":
                    resting.append(pitcher.name)
                elif rest.status == "short-rest":
                    short.append(pitcher.name)
            if resting:
                header[f"{place}Resting"] = ", ".join(resting)
            if short:
                header[f"{place}ShortRest"] = ", ".join(short)
        if state.options:
            header["Rules"] = ",".join(sorted(state.options))
        if "Cards" in state.header:
            header["Cards"] = state.header["Cards"]
        return header

    def finish_game(self, state: SeriesState, game: State) -> GameResult:
        """Record a finished game: the result, and every pitcher's work (rules 7.0, 8.2.2)."""
        if game.phase != "over":
            raise IllegalAction("the game is not over", rule="4.8")
        number = state.next_game
        home = self.home_team(state, number)
        away = "team2" if home == "team1" else "team1"
        runs = {home: game.home.total, away: game.away.total}
        winner = home if game.winner == "home" else away
        for team, side in ((home, game.home), (away, game.away)):
            for key, line in side.lines.items():
                state.appearances[team].setdefault(key, []).append(
                    Appearance(number, key == side.starter, line.innings,
                               line.exceeded_fatigue))
        result = GameResult(number, home, runs, winner, game.inning)
        state.results.append(result)
        state.starters.clear()
        if state.wins(winner) >= state.scenario.wins:
            state.winner = winner
        return result
