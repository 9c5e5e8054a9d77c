"""A whole series as one stream of actions: series lines and game lines, with undo and redo."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.errors import CompanionError
from ..engine.record import Record
from ..engine.session import Session
from .box import Box
from .rules import NAME_TAG, Awaiting, HighAndTight
from .series import CONTROL_TAGS, TEAMS, SeriesRules, SeriesState

SERIES = "series"


@dataclass(frozen=True)
class Entry:
    """One accepted action: its scope ('series' or the game number) and canonical line."""

    scope: str
    line: str


# Every tag a series record's header may hold (one game's record, imported as an
# exhibition, is read with the game's tags; its export is that game's record again).
SERIES_TAGS = {"Series": NAME_TAG, "Scenario": "", "Team1": "", "Team2": "",
               "Team1Roster": "", "Team2Roster": "", "Rules": "", "Seed": "", "Dice": "",
               "Cards": "", "Box": "", **dict.fromkeys(CONTROL_TAGS.values(), "")}


def secret_told(entry: Entry, owner: dict[str, str]) -> tuple[str, str] | None:
    """What a stored line tells that a team may keep from the other player, and whose:
    ('rotation' or 'starter', team) for a series line setting a secret rotation or naming
    a starter (rule 3.0; short rest's choice, 8.2.3 a, tells the rotation's turn), and
    ('exchange' or 'deal', side) for a game line letting a card go or dealing one (rules
    5.2.1, 5.2.2). A deal is the side's that drew or exchanged last in that game: `owner`
    (game scope -> side) is kept up to date as the lines are read in order."""
    first, _, rest = entry.line.partition(" ")
    if entry.scope == SERIES:
        if first in TEAMS and rest.startswith("rotation "):
            return "rotation", first
        if first in TEAMS and rest.startswith("starts "):
            return "starter", first
        return None
    if first in ("home", "away") and rest.startswith(("draws ", "exchanges ")):
        owner[entry.scope] = first
        return ("exchange", first) if rest.startswith("exchanges ") else None
    if first == "deal" and entry.scope in owner:
        return "deal", owner[entry.scope]
    return None


def with_result(game: Session) -> dict[str, str]:
    """A game's header as its record is exported: with its final score once it is over
    (`Result`), which an import then holds the replay to (a line edited since is caught)."""
    header = dict(game.header)
    state = game.state
    if state.phase == "over":
        header["Result"] = f"{state.away.total}-{state.home.total}"
    else:           # (an imported game's own Result, undone since: no longer its end)
        header.pop("Result", None)
    return header


class SeriesSession:
    """Folds the series' actions; games are created as the schedule calls for them."""

    def __init__(self, box: Box, header: dict[str, str]):
        self.box = box
        self.header = dict(header)
        self.series_rules = SeriesRules(box)
        self.rules = HighAndTight(box)
        self.entries: list[Entry] = []
        self.redo_stack: list[Entry] = []
        self._reset()

    def _reset(self) -> None:
        self.series: SeriesState = self.series_rules.new_state(self.header)
        self.games: list[Session] = []
        self._open_game()

    # -- what comes next -----------------------------------------------------------------

    @property
    def current_game(self) -> Session | None:
        """The game being played, if the series is at a game."""
        if self.games and not self.rules.is_over(self.games[-1].state):
            return self.games[-1]
        return None

    def controls(self) -> dict[str, str]:
        """Who manages each team: "human" (the default) or "computer"."""
        return {team: self.header.get(tag, "human") for team, tag in CONTROL_TAGS.items()}

    def hidden_teams(self) -> frozenset[str]:
        """Teams whose cards in hand and secret rotation a shared view must not show (rules
        3.0, 5.2.1): the computer's when one person plays against it, both when two people
        share the screen, none when the computer plays both or once the series is over."""
        controls = self.controls()
        humans = frozenset(team for team, control in controls.items() if control == "human")
        if self.is_over() or not humans:
            return frozenset()
        return frozenset(controls) if len(humans) == 2 else frozenset(controls) - humans

    def secret_starters(self, team: str) -> frozenset[str]:
        """The SPs of `team` a shared view must not tell from the rest (rule 3.0): all its SPs
        while its rotation is hidden, but those who have started a game and the one starting
        the game in play; none when the team is not hidden or its starter is drawn at
        random in the open."""
        series = self.series
        if team not in self.hidden_teams() or series.scenario.rotation <= 1:
            return frozenset()
        roster = self.box.rosters[series.rosters[team]]
        known = {key for key in series.rotations.get(team, ())
                 if self.series_rules.last_start(series, team, key, pitched=False)
                 is not None}
        game = self.current_game
        if game is not None:
            home = self.series_rules.home_team(series, series.next_game)
            known.add(game.state.side("home" if home == team else "away").starter)
        return frozenset(key for key, pitcher in roster.pitchers.items()
                         if pitcher.kind == "SP" and key not in known)

    def shared_rest_table(self, team: str) -> list:
        """`team`'s pitchers before the next game as a view shared with a player may show
        them (rule 3.0): a hidden team's SPs not yet seen to start read 'rotation secret',
        and the starter it named for the next game stays its secret until he is placed on
        the mound, the table worked out as before the choice ('starts in game 4' told the
        other player whom short rest moved up, 8.2.3 a, or by its absence that nobody was)."""
        series = self.series
        if (team in self.hidden_teams() and team in series.starters
                and not self._starter_placed(team)):
            series = replace(series, starters={key: pick for key, pick in
                                               series.starters.items() if key != team})
        secret = self.secret_starters(team)
        return [replace(row, status="rotation secret", reason="", rule="")
                if row.pitcher.casefold() in secret else row
                for row in self.series_rules.rest_table(series, team)]

    def _starter_placed(self, team: str) -> bool:
        """Whether `team`'s starter of the game in play is on the mound (rule 3.0)."""
        game = self.current_game
        if game is None:
            return False
        home = self.series_rules.home_team(self.series, self.series.next_game)
        return bool(game.state.side("home" if home == team else "away").starter)

    def awaiting(self) -> tuple[str, Awaiting | tuple]:
        """('game', the game's Awaiting) or ('series', the series' (kind, team, what))."""
        game = self.current_game
        if game is not None:
            return "game", self.rules.awaiting(game.state)
        return SERIES, self.series_rules.awaiting(self.series)

    def hand_hidden(self, team: str | None) -> bool:
        """Whether a view shared with a player keeps this team's dealt hand from him (the
        computer's from its opponent, each's from the other at a shared screen)."""
        return self.header.get("Cards", "digital") == "digital" and team in self.hidden_teams()

    def shown_awaiting(self, awaiting: Awaiting) -> Awaiting:
        """The game's awaited decision as a view shared with a player may say it (rule
        5.2.1): what the card phase offers a dealt hand kept from him would tell what it
        holds ('pass: nothing else can be played', 'use Rally Caps' only with a card to
        play), so such a hand's prompt is the phase's whole one and no pass is forced (its
        player passes himself). Rally Caps are named while the side has a use left (the
        board shows how many)."""
        game = self.current_game
        if game is None or awaiting.phase != "cards" or awaiting.side is None:
            return awaiting
        state = game.state
        home = self.series_rules.home_team(self.series, len(self.games))
        team = home if awaiting.side == "home" else ("team2" if home == "team1" else "team1")
        if not self.hand_hidden(team) or state.atbat.must_play == awaiting.side:
            return awaiting
        return replace(awaiting, prompt=self.rules.hand_neutral_prompt(state, awaiting.side),
                       only_pass=False)

    def begun_games(self) -> list[int]:
        """The numbers of the games with a step played: one the series opened with nothing
        of it played yet (on to its next game) has no box score to print or report."""
        return [number for number, game in enumerate(self.games, start=1) if game.actions]

    def is_over(self) -> bool:
        return self.series.winner is not None

    def _open_game(self) -> None:
        """Start the next game when the series is waiting for one."""
        if self.current_game is None and self.series_rules.awaiting(self.series)[0] == "game":
            header = self.series_rules.game_header(self.series)
            self.games.append(Session(self.rules, header))

    def _after_game_action(self) -> None:
        game = self.games[-1]
        if self.rules.is_over(game.state):
            self.series_rules.finish_game(self.series, game.state)
            self._open_game()

    # -- actions ----------------------------------------------------------------------------

    def push(self, line: str) -> Entry:
        """Apply one line to the game in play or to the series; nothing changes on error."""
        entry = self._apply(line)
        self.entries.append(entry)
        self.redo_stack.clear()
        return entry

    def _apply(self, line: str) -> Entry:
        game = self.current_game
        if game is not None:
            action = game.push_text(line)
            entry = Entry(str(len(self.games)), self.rules.format_action(action))
            self._after_game_action()
            return entry
        canonical = self.series_rules.apply(self.series, line)
        self._open_game()
        return Entry(SERIES, canonical)

    def replay_entry(self, entry: Entry) -> None:
        """Re-apply a stored entry, checking it lands where it was recorded."""
        scope = SERIES if self.current_game is None else str(len(self.games))
        if scope != entry.scope:
            raise CompanionError(f"entry for {entry.scope} arrived while the series awaits "
                                 f"{scope}")
        self.push(entry.line)

    def undo(self) -> Entry:
        if not self.entries:
            raise CompanionError("nothing to undo")
        entry = self.entries.pop()
        self.redo_stack.append(entry)
        game = self.current_game
        if game is not None and entry.scope == str(len(self.games)):
            # A step of the game still in play: only that game is rebuilt (the series moves
            # only between games), so an undo costs a game's steps, not the series'.
            game.undo()
        else:
            self._rebuild()
        return entry

    def redo(self) -> Entry:
        if not self.redo_stack:
            raise CompanionError("nothing to redo")
        entry = self.redo_stack.pop()
        self.entries.append(self._apply(entry.line))
        return entry

    def _rebuild(self) -> None:
        entries = self.entries
        self.entries = []
        self._reset()
        for entry in entries:
            self.entries.append(self._apply(entry.line))

    # -- records ------------------------------------------------------------------------

    def game_record(self, number: int) -> str:
        """Game `number` as a record of its own: the game's header and lines, with how the
        table played it from the series header (the dice, the cards, who managed each
        side), so that imported as an exhibition it goes on as it was played (`export
        ID:N`, a box score's QR code)."""
        game = self.games[number - 1]
        header = with_result(game)
        for tag in ("Dice", "Cards"):
            if tag in self.header:
                # (the series' own: an exhibition's game header keeps the tag it was
                # imported with, and the table may have switched its dice since)
                header[tag] = self.header[tag]
        home = self.series_rules.home_team(self.series, number)     # (rule 3.0)
        away = next(team for team in TEAMS if team != home)
        for place, team in (("Home", home), ("Away", away)):
            control = self.header.get(CONTROL_TAGS[team])
            if control:
                header.setdefault(f"{place}Control", control)
        return Record(header=header, lines=game.lines()).text()

    def series_lines(self) -> list[str]:
        return [e.line for e in self.entries if e.scope == SERIES]
