"""The table the screens show: a stored series, who controls what, and what comes next.

No Textual here: the screens read this model and send it the players' lines.
"""

from __future__ import annotations

import bisect
import contextlib
import hashlib
import re
import secrets
from dataclasses import dataclass, field, replace

from ..engine.dice import parse_rolls
from ..engine.errors import (
    CompanionError,
    IllegalAction,
    TooLittleSaid,
    clip,
    closest,
    did_you_mean,
)
from ..engine.record import check_line_length, header_tags
from ..high_and_tight import actions as act
from ..high_and_tight.box import Box, Card, plain, read_alike
from ..high_and_tight.manager import ComputerManager
from ..high_and_tight.series import Availability, SeriesRules
from ..high_and_tight.series_session import SERIES, Entry
from ..high_and_tight.simulate import chance_line, series_manager_line
from ..high_and_tight.winprob import (
    RANDOM_STARTER,
    conceal_hands,
    conceal_starters,
    home_win_probability,
    opening_odds,
    series_win_probability,
    venue_odds,
)
from ..store.db import Store
from ..store.series_store import DICE_NOTE, StoredSeries, create_series, dice_in_use

NOT_YOURS = ("the computer manages both sides and rolls the dice: no step is yours to "
             "{}")                                                        # undo, redo


@dataclass
class Setup:
    """What the New Series dialog collects."""

    scenario: str = "spring"
    team1: str = "new-york"
    team2: str = "texas"
    roster1: str | None = None
    roster2: str | None = None
    rules: list[str] = field(default_factory=list)
    team1_control: str = "human"
    team2_control: str = "computer"
    dice: str = "digital"
    cards: str = "digital"

    def problem(self, box: Box) -> str | None:
        """What keeps this setup from starting, as the series rules say it (without the
        record's header tag); None if nothing."""
        try:
            header = self.header()
            SeriesRules.check_table_tags(header)
            SeriesRules.check_new_rules(header)
            SeriesRules(box).new_state(header)
        except CompanionError as error:
            found = header_tags(str(error))         # the dialog has no header tags
            return found[1] if found else str(error)
        return None

    def header(self) -> dict[str, str]:
        header = {"Series": "High & Tight", "Scenario": self.scenario, "Team1": self.team1,
                  "Team2": self.team2}
        if self.roster1:
            header["Team1Roster"] = self.roster1
        if self.roster2:
            header["Team2Roster"] = self.roster2
        if self.rules:
            header["Rules"] = ",".join(sorted(self.rules))
        header.update({"Team1Control": self.team1_control, "Team2Control": self.team2_control,
                       "Dice": self.dice, "Cards": self.cards,
                       "Seed": secrets.token_hex(8)})
        return header


@dataclass
class Waiting:
    """What the table waits for, in the words the screens show."""

    scope: str                 # "series", "game" or "over"
    kind: str                  # "decision", "chance", "game" or "over"
    team: str | None           # "team1"/"team2" whose turn it is
    side: str | None           # "home"/"away" in a game
    phase: str
    prompt: str
    computer: bool
    options: list[str]
    only_pass: bool = False    # the rules leave nothing but a pass (rule 5.4)
    demanded: str = ""         # the rule that demands the one choice (8.3), not a lack of arms


ROLLED_AT_THE_TABLE = "this series rolls its dice at the table: type the faces rolled (t)"
TYPED_ROLLS = "typed-rolls"     # the series note of the lines of rolls typed at once
GONE_ON = "gone-on"     # the series note of a final the player went on from (Enter), with
#                         the steps then stored: reopened there, the next game's screen
TYPED_LINES_KEPT = 50           # the latest lines kept in it (an undo goes back that far)
PICK_OVER = 12      # a choice with more options than this is also offered slot by slot
# Choices the computer manager makes without reading a hand: suggested with physical cards too.
HANDS_APART = ("draw", "starter", "lineup", "bat", "field", "mound", "manage")


@dataclass(frozen=True)
class FigureInputs:
    """A copy of what the win figures read, taken on the screen's thread (see
    Table.figure_inputs)."""

    tag: tuple[int, int]             # (the game on the table, events stored): whose it is
    step: int                        # actions taken in the game: where the figure stands
    course: str                      # the game's course up to that step (Table._courses)
    state: object                    # a clone of the game's state
    team1_home: bool
    winner: str | None
    wins: dict[str, int]
    needed: int
    in_play: bool                    # the game is still being played
    venues: dict[int, tuple]         # game -> home, teams, rosters, (starters)
    headers: dict[int, dict[str, str]]   # games set up past the one on the table (the next
    #                                      game's, while a final is held)
    options: frozenset[str]


@dataclass
class Picker:
    """A long choice (a lineup, a rotation) taken slot by slot instead of from a list of
    every permutation: each slot lists who may fill it; `line` writes the action."""

    title: str
    head: str                                   # "home lineup" or "team1 rotation"
    slots: list[tuple[str, list[tuple[str, str]], str | None]]   # label, (shown, name),
    # preset (None: the slot starts empty, to be chosen)

    def line(self, names: list[str]) -> str:
        if self.head.endswith(" exchanges"):
            card, deck = names
            return f"{self.head} {card} for {deck}"
        if self.head.endswith(" lineup"):
            catcher, *rest = names
            outfield, infield, dh = rest[:3], rest[3:7], rest[7]
            return (f"{self.head} C {catcher}; OF {', '.join(outfield)}; "
                    f"IF {', '.join(infield)}; DH {dh}")
        return f"{self.head} {', '.join(names)}"

    def covers(self, line: str) -> bool:
        """Whether this picker writes `line` (the rest stay in the list of options)."""
        return not self.head.endswith(" exchanges") or line.startswith(self.head + " ")

    @staticmethod
    def twice(names: list[str]) -> str | None:
        """The first name chosen for two slots, if any."""
        seen = set()
        for name in names:
            if name in seen:
                return name
            seen.add(name)
        return None


FILLER_WORDS = {"the", "a", "an", "and", "for", "with", "of", "to", "in", "on", "at"}
PRONOUN_WORDS = {"it", "him", "he", "one", "that", "this", "them", "me"}   # name no card
# The words a choice of a name is led by at a table ('put in Vantassel'), longest first, and
# the steps that take a name.
CHOICE_LEADS = (("put", "in"), ("go", "with"), ("going", "with"), ("send", "up"),
                ("send", "in"), ("send",), ("use",), ("pick",), ("choose",))
CHOICE_PHASES = ("bat", "field", "starter", "mound", "cards")
# A lineup said with its slots' words, marks between them optional ('C Delacorte OF Kanno
# Haverty Quillen IF ... DH Pruitt'), 'lineup' before it or not
LINEUP_SAID = re.compile(r"(?:lineup\s+)?C\s+(.+?)[;,]?\s+OF\s+(.+?)[;,]?\s+IF\s+(.+?)[;,]?"
                         r"\s+DH\s+(.+?)[;,.]?", re.IGNORECASE)
NAME_SQUEEZED_LETTERS = 5    # a name said split otherwise ('pick off') is read from five on
BEGUN_LETTERS = 3       # a word cut short names an option from its first three letters on
# Rally Caps said, and the uses it names (rule 5.7.2).
RALLY_USES_SAID = {"rally": ("tens", "card"), "tens": ("tens",), "rally tens": ("tens",),
                   "rally card": ("card",)}
# A Managerial Move said by its number or in words (rule 4.5): 'two', 'up two', 'down 2'.
MOVE_SAID = {f"{lead}{said}": f"{sign}{number}"
             for number, words in (("1", ("1", "one")), ("2", ("2", "two")))
             for said in words
             for lead, sign in (("", "+"), ("plus ", "+"), ("up ", "+"), ("minus ", "-"),
                                ("down ", "-"))}
# A draw's numbers said in words (rule 5.2.1: one to six cards), and a deck said alone.
NUMBER_WORDS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4",
                "five": "5", "six": "6", "no": "0", "zero": "0"}
DECK_SAID = {"off": "offense", "offense": "offense", "offense cards": "offense",
             "def": "defense", "defense": "defense", "defense cards": "defense",
             "all offense": "offense", "all defense": "defense"}
# An exchange said short: 'exchange blown for off', 'swap matchup for a defense card'.
EXCHANGE_SAID = re.compile(r"(?:exchanges?|swap|trade) (?P<card>.+?) for (?:an? )?"
                           r"(?P<deck>off(?:ense)?|def(?:ense)?)(?: card)?")


def said_forms(word: str) -> tuple[str, ...]:
    """The record's verb forms a verb as a player says it may stand for: 'pass' ->
    'passes', 'keep' -> 'keeps', 'rally' -> 'rallies'."""
    return word + "s", word + "es", word[:-1] + "ies"


def holds_begun(words: list[str], run: list[str], begun: str) -> bool:
    """Whether `words` hold `run` whole and, right after it, a word `begun` begins and is
    longer than ('seeing it wel' in Seeing It Well)."""
    return any(words[at:at + len(run)] == run and len(words) > at + len(run)
               and words[at + len(run)].startswith(begun) and words[at + len(run)] != begun
               for at in range(len(words)))


def lineup_pieces(line: str) -> tuple | None:
    """A lineup line's side and pieces by their places (rule 3.0), whatever the order its
    OF and IF are in ('home lineup C a; OF b, c, d; ...'); None for another line, or one
    that reads as no action."""
    try:
        action = act.parse_action(line)
    except CompanionError:
        return None
    if action.kind != "lineup":
        return None
    catcher, outfield, infield, dh = (plain(name) if isinstance(name, str)
                                      else frozenset(map(plain, name))
                                      for name in action.args)
    return action.side, catcher, outfield, infield, dh


# Words that name no card of their own in a line read without its marks: the decks, the
# exchange's 'for' (`bare_named`).
UNNAMING_WORDS = {"offense", "defense", "off", "def"} | FILLER_WORDS | PRONOUN_WORDS


def bare_named(words: list[str], line: str, verbs: set[str]) -> bool:
    """Whether the words, read without marks, hold a word the option's line has unmarked
    (not inside a slash or brackets) that names it: 'matchup' of 'Pitcher/Batter Matchup
    (Offense)'; 'offense' or 'batter' alone, from its marked words, does not."""
    bare = {token for token in plain(line).split()[1:] if token.isalnum()}
    return any(word in bare and word not in UNNAMING_WORDS and word not in verbs
               for word in words)


def loose(text: str) -> str:
    """A line as its words alone: accents dropped (`plain`), apostrophes too ('pitchers'
    for "Pitcher's"), any other mark but a sign read as a space ('pitcher batter matchup
    offense' for 'Pitcher/Batter Matchup (Offense)'; '+1' stays)."""
    return re.sub(r"[^\w\s+-]", " ", re.sub(r"['\u2019]", "", plain(text)))


def relief_tail(words: list[str]) -> int:
    """How many of the last words (casefolded) are a relief's as said after the name
    ('Ziti comes in', 'Ziti in'): 2, 1, or 0 (none, or nothing before them)."""
    for tail in (["comes", "in"], ["in"]):
        if len(words) > len(tail) and words[-len(tail):] == tail:
            return len(tail)
    return 0


def squeezed(text: str) -> str:
    """A name as its letters and digits alone, no space or mark between ('pickoffmove' for
    'Pickoff Move' and for 'pick off move')."""
    return re.sub(r"[\W_]", "", plain(text))


def has_run(words: list[str], run: list[str]) -> bool:
    """Whether `run` is found whole and in order among `words` (one option's words)."""
    return any(words[start:start + len(run)] == run
               for start in range(len(words) - len(run) + 1))


@dataclass(frozen=True)
class Said:
    """A short line as typed at a game's decision, read once for the readings of
    Table.short_line."""

    typed: str                  # as typed (for the answers)
    text: str                   # 'Rally Caps ...' read as the verb 'rally ...'
    words: list[str]            # text's words, any case
    card: Card | None           # the box's card the whole line names, if any

    @classmethod
    def of(cls, typed: str, box: Box) -> Said:
        text = typed
        if typed.casefold().split()[:2] in (["rally", "caps"], ["rally", "cap"]):
            text = " ".join(["rally", *typed.split()[2:]])     # as the card is named
        if "&" in text and not any("&" in card.name for card in box.cards.values()):
            # 'Hit & Run', as the rulebook writes it, for the card named 'Hit and Run'
            text = " ".join(text.replace("&", " and ").split())
        return cls(typed, text, text.casefold().split(), box.card(text) or box.card(typed))

    @property
    def plain_words(self) -> list[str]:
        """The words with their accents dropped ('nunez' for 'Núñez', box.plain)."""
        return plain(self.text).split()

    @property
    def loose_words(self) -> list[str]:
        """The words without their accents and marks (`loose`): 'matchup offense' for
        'Pitcher/Batter Matchup (Offense)'."""
        return loose(self.text).split()


class Table:
    """One series at the table, stored as it is played."""

    def __init__(self, store: Store, series_id: int):
        self.store = store
        self.stored = StoredSeries.load(store, series_id)
        self.stored.mend_listing()      # (a listing a hand's edit parted from the record)
        header = self.session.header
        self.controls = self.session.controls()
        # The dice the table rolls now: the header's, or those switched to since (SPEC 1:
        # any mix, game by game; the dice are chance actions in the record either way).
        self.dice = dice_in_use(self.stored.note(DICE_NOTE), header)
        self.cards = header.get("Cards", "digital")
        self.seed = header.get("Seed") or "table"
        self.manager = ComputerManager(self.session.rules)
        self._gone_on = self.stored.note(GONE_ON)
        self._held: int | None = None    # a finished game kept on the screen (rule 4.8)
        self.win_history: list[float] = []     # P(team 1 wins the game), step by step
        self.win_steps: list[int] = []         # the game's actions taken at each figure
        self.win_game = 0                      # the game the history belongs to
        self.win_series: float | None = None   # the last P(team 1 wins the series) shown
        self.win_series_step: int | None = None  # the game's step that series figure is of
        self.win_course: str | None = None      # the course the last figure was of
        # The lines typed with several rolls (`_enter_rolls`), each with where it starts
        # among the entries, the latest last: undo takes such a line back whole, and redo
        # brings it back whole. Kept with the series, so that this holds after a restart; a
        # line is only ever used while the entries (or the redo history) still hold it.
        # Where the dice switched among the steps (each step from `start` on taken with
        # `dice`, until the next): undo and redo read a step by the dice it was taken with,
        # so the computer's rolls typed at the table before a switch to the companion's dice
        # stay the table's own. And the step a switch of dice left for the companion to
        # roll afresh (`switch_dice`). Kept in the same note.
        self.typed_lines: list[tuple[int, list[Entry]]]
        self.dice_from: list[tuple[int, str]]
        self.fresh_at: int | None
        self.typed_lines, self.dice_from, self.fresh_at = self._kept_note()
        self._lines_kept = self._lines_note()
        self.follow_game()

    def _kept_note(self) -> tuple[list[tuple[int, list[Entry]]], list[tuple[int, str]],
                                  int | None]:
        """The note as stored, read once: its typed lines, dice switches and step to roll
        afresh. A part of another shape (a later version's, damage) is read as none: undo
        then takes a typed line back roll by roll, or reads a step by the header's dice
        until the next new step notes the dice in use."""
        kept = self.stored.note(TYPED_ROLLS)
        kept = kept if isinstance(kept, dict) else {}

        def part(read, default):
            try:
                return read()
            except (ValueError, TypeError, AttributeError):
                return default

        lines = part(lambda: [(int(start), [Entry(str(scope), str(line))
                                            for scope, line in rolls])
                              for start, rolls in kept.get("lines", [])], [])
        dice = part(lambda: [(int(start), str(dice)) for start, dice in kept.get("dice", [])
                             if dice in ("digital", "physical")], [])
        fresh = kept.get("fresh")
        return lines, dice, fresh if isinstance(fresh, int) else None

    def _lines_note(self) -> dict | None:
        lines = [[start, [[e.scope, e.line] for e in rolls]]
                 for start, rolls in self.typed_lines]
        note = ({"lines": lines} if lines else {}) | (
            {"dice": [[start, dice] for start, dice in self.dice_from]}
            if self.dice_from else {}) | (
            {"fresh": self.fresh_at} if self.fresh_at is not None else {})
        return note or None

    def dice_at(self, step: int) -> str:
        """The dice the step at `step` among the entries was (or is) taken with."""
        dice = self.session.header.get("Dice", "digital")
        for start, switched in self.dice_from:
            if start > step:
                break
            dice = switched
        return dice

    @contextlib.contextmanager
    def _steps_with_rolls(self):
        """Steps and the note of the typed lines as they then stand, in one write (nothing
        is written for the note when it has nothing new): on a failure none of it is
        stored, and the lines are as they were."""
        kept = (list(self.typed_lines), list(self.dice_from), self.fresh_at, self.dice,
                self._lines_kept)
        try:
            with self.stored.together():
                yield
                note = self._lines_note()
                if note != self._lines_kept:
                    self.stored.keep_note(TYPED_ROLLS, note)
                    self._lines_kept = note
        except BaseException:
            (self.typed_lines, self.dice_from, self.fresh_at, self.dice,
             self._lines_kept) = kept
            raise

    def _line_inside(self) -> tuple[int, list[Entry]] | None:
        """The typed line the entries now end partway through (an undo stopped inside it),
        or None."""
        entries = self.session.entries
        for start, rolls in reversed(self.typed_lines):
            if (start < len(entries) < start + len(rolls)
                    and entries[start:] == rolls[:len(entries) - start]):
                return start, rolls
        return None

    def _line_begun(self) -> tuple[int, list[Entry]] | None:
        """The typed line whose first roll a redo has just brought back (the rest still to
        redo), or None."""
        entries, redo = self.session.entries, self.session.redo_stack
        for start, rolls in reversed(self.typed_lines):
            if (start == len(entries) - 1 and entries[start] == rolls[0]
                    and list(reversed(redo))[:len(rolls) - 1] == rolls[1:]):
                return start, rolls
        return None

    @classmethod
    def create(cls, store: Store, box: Box, setup: Setup) -> Table:
        problem = setup.problem(box)
        if problem:
            raise CompanionError(problem)
        return cls(store, create_series(store, box, setup.header()))

    # -- reading -------------------------------------------------------------------------

    @property
    def session(self):
        return self.stored.session

    @property
    def series(self):
        return self.session.series

    @property
    def game(self):
        """The game on the table: a finished one held on the screen (`held`), else the one
        in play, else the last one played."""
        if self._holding():
            return self.session.games[self.held - 1]
        return self.session.current_game or (self.session.games[-1]
                                             if self.session.games else None)

    def game_number(self) -> int:
        """The number of the game on the table (see `game`): a finished game held on the
        screen keeps its number while the series has opened the next one."""
        return self.held if self._holding() else len(self.session.games)

    def _holding(self) -> bool:
        """A finished game is held on the screen (rule 4.8)."""
        return self.held is not None and self.held <= len(self.session.games)

    def final_to_hold(self) -> int | None:
        """The game whose final the table opens on (rule 4.8): one that ended with nothing
        of the next game taken yet, in a series a person plays, as when it ended on the
        screen (the next game's setup waits for him). None otherwise."""
        results, entries = self.series.results, self.session.entries
        if (results and not self.series.winner and self.humans() and entries
                and entries[-1].scope == str(len(results))):
            return len(results)
        return None

    @property
    def held(self) -> int | None:
        """The finished game kept on the screen (rule 4.8), if any. Held again (an undo
        back on it, a redo onto it), it lets go of the note that the player went on from
        it: a restart opens on it, as the screen shows it."""
        return self._held

    @held.setter
    def held(self, number: int | None) -> None:
        self._held = number
        if number is not None and self._gone_on is not None:
            self._gone_on = None
            with contextlib.suppress(CompanionError):    # (a note: the final shown again)
                self.stored.keep_note(GONE_ON, None)

    def opening_hold(self) -> int | None:
        """The final the table opens on: `final_to_hold`, unless the player went on from
        it (`go_on`) with nothing stored since (a restart on the next game's first screen,
        its starter still to name, opened on the final again)."""
        final = self.final_to_hold()
        if final is not None and self._gone_on == {"game": final,
                                                   "steps": len(self.session.entries)}:
            return None
        return final

    def go_on(self) -> None:
        """On from the final held to the next game (Enter), kept with the series for a
        restart (a file open read-only keeps nothing: the final is shown again there)."""
        final, self.held = self.held, None
        if final is None:
            return
        gone_on = {"game": final, "steps": len(self.session.entries)}
        try:
            self.stored.keep_note(GONE_ON, gone_on)
        except CompanionError:
            return
        self._gone_on = gone_on

    def team_of(self, side: str) -> str:
        """team1/team2 of 'home'/'away' in the game on the table (before game 1: in it)."""
        return self.team_of_game(str(self.game_number() or self.series.next_game), side)

    def resting_why(self, side: str) -> dict[str, str]:
        """Why each pitcher of `side` who rests today rests (rules 8.2.2, 8.2.3), as the
        series' rest table says it ('has pitched 2 games in a row (limit 2)'), by his name
        in lower case; one the game's header alone rests (an imported record) is not in
        it."""
        return {name: row.reason for name, row in self.rest_rows(side).items()
                if row.status == "unavailable" and row.reason}

    def rest_rows(self, side: str) -> dict[str, Availability]:
        """The series' rest table of `side`'s team for its next game (rules 8.2.2, 8.2.3),
        by pitcher's name in lower case: at a game's final, the game after it."""
        rows = self.session.series_rules.rest_table(self.series, self.team_of(side))
        return {row.pitcher.casefold(): row for row in rows}

    def team_name(self, team: str) -> str:
        return self.session.box.teams[self.series.teams[team]].name

    def team_abbrev(self, team: str) -> str:
        return self.session.box.teams[self.series.teams[team]].abbrev

    def waiting(self) -> Waiting:
        session = self.session
        if session.is_over():
            return Waiting("over", "over", None, None, "over", self.standing(), False, [])
        scope, awaiting = session.awaiting()
        if scope == SERIES:
            kind, team, what = awaiting
            computer = team is not None and self.controls[team] == "computer"
            options = session.series_rules.legal_actions(self.series)
            chance_typed = kind == "chance" and self.dice == "physical"
            return Waiting(SERIES, kind, team, None, "series", what, computer,
                           options if kind == "decision" or chance_typed else [])
        state = session.current_game.state
        side = awaiting.side
        if awaiting.kind == "chance" and awaiting.phase in ("roll", "free-roll"):
            side = state.batting
        team = self.team_of(side) if side else None
        computer = team is not None and self.controls[team] == "computer"
        options = []
        if awaiting.kind == "decision":
            rules = session.rules
            options = [rules.format_action(a) for a in rules.legal_actions(state)]
            if awaiting.phase == "exchange":
                # Keeping first, then the cards in the hand's order on the board (by name,
                # views.hand_lines), not the order they were dealt in.
                # (a stable sort: each card's decks stay offense, then defense)
                options.sort(key=lambda line: (" exchanges " in line,
                                               line.rsplit(" for ", 1)[0].casefold()))
        # A hand the screen keeps from a player: the card phase's whole prompt, no pass
        # forced (rule 5.2.1).
        awaiting = session.shown_awaiting(awaiting)
        return Waiting("game", awaiting.kind, team, side, awaiting.phase, awaiting.prompt,
                       computer, options, awaiting.only_pass, awaiting.demanded)

    def suggestion(self, waiting: Waiting) -> str | None:
        """What the computer manager would choose for the player to act, as an option line: a
        hint beside the options. None for the computer's own turns and chance; with physical
        cards only for choices the hands do not enter (the companion does not see them)."""
        if waiting.kind != "decision" or waiting.computer or not waiting.options:
            return None
        if waiting.scope == SERIES:
            return series_manager_line(self.session, self.manager)
        if self.cards == "physical" and waiting.phase not in HANDS_APART:
            return None
        rules = self.session.rules
        state = self.session.current_game.state
        return rules.format_action(self.manager.choose(state, rules.legal_actions(state)))

    def highlight_start(self, waiting: Waiting, suggested: str | None) -> str | None:
        """Where the options' highlight starts, for an Enter taken without reading: the
        suggestion, else the cautious option. A starter on short rest suggested (the
        computer's ace in a game its team must win) is marked, not started on: the first
        option, a rested arm, is (short rest is the manager's choice, never the default,
        rule 8.2.3 a and rulings.md)."""
        if suggested is not None and self.short_rest_start(suggested):
            return waiting.options[0]
        return suggested or self.cautious(waiting)

    def short_rest_start(self, line: str) -> bool:
        """Whether a series line names a starter who would start on short rest, at +100
        (rule 8.2.3 a)."""
        team, _, rest = line.partition(" ")
        if team not in ("team1", "team2") or not rest.startswith("starts "):
            return False
        series, rules = self.series, self.session.series_rules
        pitchers = self.session.box.rosters[series.rosters[team]].pitchers
        fatigue = {pitchers[key].name: fatigue
                   for key, fatigue in rules.starter_choices(series, team)}
        return bool(fatigue.get(rest.removeprefix("starts ")))

    def cautious(self, waiting: Waiting) -> str | None:
        """Where the highlight starts when there is no hint: the option that changes least
        (pass, keep the hand, stand pat), so a player pressing Enter without reading never
        plays a card he may not hold (with physical cards the companion cannot tell)."""
        if waiting.kind != "decision" or waiting.scope == SERIES:
            return None
        return next((line for line in waiting.options
                     if line.endswith((" passes", " keeps", " stands pat"))), None)

    def picker(self, waiting: Waiting, suggested: str | None = None) -> Picker | None:
        """The lineup (rule 3.0: 1 C, 3 OF, 4 IF and a DH) or the series rotation slot by
        slot, preset to the suggestion (`suggested` when the caller has it already); None
        for other or short choices."""
        if waiting.kind != "decision" or waiting.computer or len(waiting.options) <= PICK_OVER:
            return None
        rotation = waiting.scope == SERIES and " rotation " in waiting.options[0]
        if waiting.scope == "game" and waiting.phase == "exchange" and self.cards == "physical":
            return self._exchange_picker(waiting, suggested)
        if not rotation and (waiting.scope != "game" or waiting.phase != "lineup"):
            return None
        preset = suggested or self.suggestion(waiting) or waiting.options[0]
        box = self.session.box
        if rotation:
            head, _, names = preset.partition(" rotation ")
            sps = self.session.series_rules.starting_pitchers(self.series, waiting.team)
            choices = [(f"{p.name}  {p.throws} {p.stuff_rolls}/"
                        f"{box.scoring_boxes[p.stuff_box - 1].label} F{p.fatigue}", p.name)
                       for p in sps]
            return Picker(f"Rotation of {self.team_name(waiting.team)} (rule 3.0, secret)",
                          f"{head} rotation",
                          [(f"Starter {n}", choices, name)
                           for n, name in enumerate(names.split(", "), 1)])
        action = act.parse_action(preset)
        if action.kind != "lineup":
            return None
        catcher, outfield, infield, dh = action.args
        players = self.session.current_game.state.side(waiting.side).roster.ballplayers
        shown = {p.name: f"{p.name}  {p.rated}" for p in players.values()}

        def at(position: str | None) -> list[tuple[str, str]]:
            return [(shown[p.name], p.name) for p in players.values()
                    if position is None or p.position == position]

        slots = [("C", at("C"), catcher)]
        slots += [(f"OF {n}", at("OF"), name) for n, name in enumerate(outfield, 1)]
        slots += [(f"IF {n}", at("IF"), name) for n, name in enumerate(infield, 1)]
        slots.append(("DH", at(None), dh))
        side = waiting.side
        return Picker(f"Lineup of {self.team_name(waiting.team)} ({side}, rule 3.0)",
                      f"{side} lineup", slots)

    def _exchange_picker(self, waiting: Waiting, suggested: str | None) -> Picker:
        """Physical cards (rule 5.2.2): the companion cannot know the hand, so any card not
        yet seen may be the one leaving it; the card and the deck of its replacement are
        chosen apart instead of from every pair."""
        head = f"{waiting.side} exchanges"
        pairs = [act.parse_action(line).args for line in waiting.options
                 if line.startswith(head + " ")]
        # No suggestion (the hand is the player's to know): both slots start empty, so a
        # quick ctrl+s cannot record a card he does not hold.
        preset = act.parse_action(suggested).args if suggested and suggested.startswith(
            head + " ") else (None, None)
        cards = self.session.box.cards
        # By name, as the player looks one up (the deck's order means nothing to him);
        # typing a name's first letters in the open list goes to it.
        names = sorted(dict.fromkeys(name for name, _ in pairs), key=str.casefold)
        shown = [(f"{name}  {cards[name.casefold()].side[:3]} "
                  f"{cards[name.casefold()].category}", name) for name in names]
        decks = [(f"{deck} deck", deck) for deck in dict.fromkeys(deck for _, deck in pairs)]
        return Picker(f"Exchange a card of {self.team_name(waiting.team)} ({waiting.side}, "
                      "rule 5.2.2)", head,
                      [("Card leaving", shown, preset[0]),
                       ("New card from", decks, preset[1])])

    # -- acting -----------------------------------------------------------------------------

    def auto_step(self) -> Entry | None:
        """Take one step nobody at the table needs to take: a digital deal, the computer's
        decision or its dice. None when a player must act."""
        waiting = self.waiting()
        if waiting.kind in ("over", "game"):
            return None
        if waiting.kind == "chance":
            if (self.session.redo_stack and not self._players_step(waiting)
                    and self.fresh_at != len(self.session.entries)):
                # Taken here before an undo by no one at the table now (the computer's
                # rolls typed before a switch to the companion's dice, or rolled by the
                # companion before a switch to the table's): that step again, no re-roll.
                # (Every step since the undo was the one undone, or the history would have
                # gone: the redo history's top is this very step.)
                return self._redo_as_step()
            if waiting.phase == "deal":
                return self._sample()
            if self.dice == "digital" and (waiting.computer or waiting.scope == SERIES):
                return self._sample()
            return None
        if self.forced(waiting):
            return self._push(waiting.options[0])
        if waiting.computer:
            if waiting.scope == SERIES:
                return self._push(series_manager_line(self.session, self.manager))
            state = self.session.current_game.state
            rules = self.session.rules
            return self._push(rules.format_action(self.manager.choose(
                state, rules.legal_actions(state))))
        return None

    def passed_for(self, game) -> dict[str, bool]:
        """The passes the companion made for the people at the table (rule 5.4: nothing
        else could be played) in the game's last half inning to end, read from the game's
        own actions, so an undo, a redo or a restart tells them as the play did: each such
        team's abbreviation, and whether it had acted earlier that half (played a card or
        used Rally Caps: the pass was then for want of more)."""
        rules = game.rules
        state = rules.new_state(game.header)
        scope = str(self.session.games.index(game) + 1)     # (the next game may be open)
        halves: dict[tuple[int, str], dict[str, bool]] = {}
        rallied: set[tuple[int, str, str]] = set()
        # Two players sharing the screen with dealt hands pass for themselves (`waiting`).
        shared = self.cards == "digital" and len(self.humans()) == 2
        last = None
        for action in game.actions:
            half = (state.inning, state.half)
            if action.kind == "roll":
                rules.apply(state, action)
                if (state.inning, state.half) != half or state.phase == "over":
                    last = half                 # the roll that ended the half (4.6.4)
                continue
            if (action.kind == "pass" and state.phase == "cards" and not shared
                  and self.controls[self.team_of_game(scope, action.side)] != "computer"
                  and rules.awaiting(state).only_pass):
                played = (any(side == action.side for side, _ in state.atbat.played)
                          or (state.inning, state.half, action.side) in rallied)
                passes = halves.setdefault((state.inning, state.half), {})
                abbrev = state.side(action.side).team.abbrev
                passes[abbrev] = passes.get(abbrev, False) or played
            if action.kind == "rally":
                rallied.add((state.inning, state.half, action.side))
            rules.apply(state, action)
        return halves.get(last, {}) if last is not None else {}

    @staticmethod
    def forced_pass(waiting: Waiting) -> bool:
        """A player's turn where the rules leave nothing but passing (rule 5.4)."""
        return waiting.only_pass and not waiting.computer

    def forced(self, waiting: Waiting) -> bool:
        """A player's turn in a game where the rules leave one thing to do: a pass (rule
        5.4), the one ballplayer left to bat or field, the one pitcher who may come in. The
        companion takes it for him, as it deals digital cards, and an undo goes back past
        it to his last choice. Never a card from a hand it cannot see (physical cards: the
        one card the hand may hold that fits is the player's to name), nor a card phase's
        step of a hand the screen keeps from another player (`waiting`: he passes himself)."""
        return self.forced_pass(waiting) or (
            waiting.scope == "game" and waiting.kind == "decision" and not waiting.computer
            and len(waiting.options) == 1
            and not (self.cards == "physical" and waiting.options[0].startswith(
                f"{waiting.side} plays "))
            and not (waiting.phase == "cards" and self.session.hand_hidden(waiting.team)))

    def dice_awaited(self, waiting: Waiting | None = None) -> bool:
        """Whether the people at the table are to roll now (rule 4.6): a Scoring Roll is
        awaited that they roll (their own; with physical dice the computer's too) and no
        finished game is held on the screen. With digital dice `r` rolls them, with
        physical dice the faces are typed (`t`); the other way is refused."""
        waiting = waiting or self.waiting()
        return (self._rolling(waiting) and (self.dice == "physical" or not waiting.computer)
                and self.held is None)

    def roll(self) -> Entry:
        """Digital dice for the awaited roll (rule 4.6): seeded, logged, reproducible."""
        waiting = self.waiting()
        if waiting.kind != "chance":
            raise CompanionError(f"no dice are awaited: {waiting.prompt}")
        if self.dice == "physical" and waiting.phase != "deal":
            raise CompanionError(ROLLED_AT_THE_TABLE)
        return self._sample()

    def draw_starter(self) -> Entry:
        """Rule 3.0, Spring Training with physical dice: the companion draws the random
        starter when the table would rather it did (as it does with digital dice)."""
        waiting = self.waiting()
        if waiting.kind != "chance" or waiting.scope != SERIES:
            raise CompanionError(f"no starter is to be drawn now: {waiting.prompt}")
        return self._sample()

    def _sample(self) -> Entry:
        """The awaited chance step by the companion: its seeded line (the one an undo took
        back here, if the same, is redone: `_push`)."""
        return self._push(chance_line(self.session, self.seed))

    def enter(self, text: str) -> Entry:
        """A line typed at the table: an action, or two dice faces when dice are awaited."""
        check_line_length(text)             # (before anything reads a pasted page)
        text = " ".join(text.split())
        waiting = self.waiting()            # (once: it lists the legal actions)
        rolling = self._rolling(waiting)
        rolls = None
        if rolling and re.fullmatch(r"[tr] ?\d[\d ,-]*", text, re.IGNORECASE):
            # The dice key pressed in the typing box, then the faces ('t12 55'): the faces.
            text = text[1:].strip()
        if not rolling and waiting.phase == "manage":
            # a Managerial Move said by its number, or in words (rule 4.5): '2', 'two',
            # 'plus two', 'up two', 'down two' for -2
            text = MOVE_SAID.get(text.casefold(), text)
        if re.fullmatch(r"\d[\d ,-]*", text) and not self._draw_numbers(text, waiting):
            # ('-2' is a Managerial Move)
            # "3 4", "3,4" or "34", as the dice dialog reads them, or several rolls ("34 61");
            # typed when no roll is due, the rules say what the game awaits instead.
            try:
                rolls = parse_rolls(text)
            except CompanionError:
                if rolling:
                    raise
                rolls = [(1, 1)]        # any faces: the rules refuse a roll not awaited
            text = f"roll {rolls[0][0]} {rolls[0][1]}"
        if rolling and rolls is None and text.split(" ", 1)[0].casefold() not in \
                act.LINE_STARTS:
            # Only dice are awaited: a slip of the fingers ('a b', '3 ,') is told so.
            raise CompanionError(
                f"{clip(text)!r}: the dice are awaited (rule 4.6): "
                + ("two faces, each 1 to 6, like '3 4'" if self.dice == "physical"
                   else "this series rolls them in the companion (r)"))
        if rolling and self.dice == "digital" and text[:4].casefold() == "roll":
            # The series was set to digital dice: the companion rolls them all, so a player
            # never picks his own faces (a series set to physical dice takes typed faces).
            raise CompanionError("this series rolls its dice in the companion (r): faces "
                                 "rolled at the table go in a series set to physical dice")
        if rolls is None and not rolling and text.casefold() in ("r", "t"):
            # The dice keys pressed at a decision begin a line (a word may follow): alone,
            # they were meant as the dice ('home draws r' was told the draw's form).
            awaits = (f"the game awaits {waiting.side}" if waiting.scope != SERIES else
                      f"the series awaits {self.team_name(waiting.team)}" if waiting.team
                      else "the series awaits")
            raise CompanionError(f"no dice are awaited now; {awaits}: {waiting.prompt}")
        if rolls is None and waiting.scope == "game" and waiting.kind == "decision":
            text = self.short_line(text, waiting)
        if rolls is None and waiting.scope == SERIES:
            text = self._series_line(text, waiting)
            if waiting.kind == "chance" and self.dice == "digital":
                raise CompanionError("this series draws its random starters in the companion "
                                     "(rule 3.0): a starter drawn at the table goes in a "
                                     "series set to physical dice")
        if rolls is not None and waiting.phase == "draw":
            # Faces typed at a draw with the table's dice (`_draw_numbers`): the rules say
            # no roll is awaited, and the draw in numbers is said how to type
            try:
                return self._push(text) if len(rolls) == 1 else self._enter_rolls(rolls)
            except IllegalAction as error:
                raise IllegalAction(error.brief.split(": ", 1)[1] + "; a draw in numbers "
                                    "is typed '3/3' or '3 off 3 def'", rule=error.rule,
                                    action=error.action, state=error.state) from None
        if rolls is None or len(rolls) == 1:
            return self._push(text)
        return self._enter_rolls(rolls)

    def _draw_numbers(self, text: str, waiting: Waiting) -> bool:
        """Whether numbers typed at a draw (rule 5.2.1) are its cards, not dice: '6' or '3 3'
        with the companion's dice; with the table's own, a line that reads as faces ('3 3',
        '34': one roll too many after the half's last, as the 7th's draw comes) stays dice,
        for the rules to say no roll is awaited, and '3/3' or '3 off 3 def' is the draw."""
        if waiting.phase != "draw":     # (a decision: no roll is awaited at a draw)
            return False
        if self.dice != "physical":
            return True
        try:
            parse_rolls(text)
        except CompanionError:
            return True
        return False

    def short_line(self, text: str, waiting: Waiting) -> str:
        """A game's line typed short, as a player says it: without the side ('bats Marty',
        'keeps'), or by any run of the option's words ('Marty', 'Hit and Run', '+1', 'pat',
        'stays' for 'stays with the pitcher'; the verb as said, 'pass', 'stand pat'): the
        one option it names (any case); one naming several says which. A line with its side
        or a roll is left as it is. Read in turn by the readings below, the first to answer
        giving the line (or the refusal); a line none reads names nothing the game awaits:
        said so, with the nearest option."""
        words = text.casefold().split()
        if not words or words[0] in act.LINE_STARTS:
            return text
        said = Said.of(text, self.session.box)
        for reading in (self._side_said, self._suggestion_said, self._lineup_said,
                        self._pitcher_kept,
                        self._relief_said, self._choice_led,
                        self._draw_said, self._no_said, self._rally_caps_card,
                        self._option_named,
                        self._exchange_named, self._card_not_offered, self._card_named_short,
                        self._card_played_already,
                        self._pitcher_not_offered, self._rally_caps_closed,
                        self._move_not_offered, self._verb_last, self._name_squeezed,
                        self._verb_said, self._option_begun):
            line = reading(said, waiting)
            if line is not None:
                return line
        told = [line.split(" ", 1)[1] for line in waiting.options]
        # Two options named whole in one line ('Comeback Trail and Ducks on the Pond'):
        # one step a line (it was 'names none of the options')
        within = [line for line in waiting.options
                  if len(line.split(" ", 2)) == 3 and has_run(
                      said.loose_words, loose(line.split(" ", 2)[2]).split())]
        if len(within) > 1:
            raise CompanionError(f"'{clip(said.typed)}' names " + " and ".join(
                f"'{line}'" for line in within[:4]) + ": one a line, in the order taken")
        near = did_you_mean(said.text, told)
        if not near and self._no_card_named(said, waiting):
            # Words of a card, not of the box's (an exchange says so of 'Grand Slam': the
            # card phase said it named none of the options)
            raise CompanionError(f"'{clip(said.text)}' is not a card in this box; the game "
                                 f"awaits {waiting.side}: {waiting.prompt}"
                                 + did_you_mean(said.text, (card.name for card
                                                            in self.session.box.cards.values())))
        raise CompanionError(f"'{clip(said.text)}' names none of the options now; the game "
                             f"awaits {waiting.side}: {waiting.prompt}"
                             + (near or self._near_by_name(said, told)))

    @staticmethod
    def _near_by_name(said: Said, told: list[str]) -> str:
        """'; did you mean 'brings in Okafor'?' for a name mistyped as a table says it
        ('Okafur in', 'Okafur comes in', 'Okafur'): the option whose name, its verb left
        out, is nearest the words with a relief's tail left out; else nothing."""
        words = said.text.split()
        words = words[:len(words) - relief_tail(said.words)]
        names: dict[str, list[str]] = {}
        for rest in told:
            verb_and_name = rest.split(" ", 1)
            if len(verb_and_name) == 2:
                names.setdefault(verb_and_name[1].removeprefix("in "), []).append(rest)
        near = closest(" ".join(words), names)
        if near is None or len(names[near]) != 1:
            return ""
        return f"; did you mean {names[near][0]!r}?"

    def _name_squeezed(self, said: Said, waiting: Waiting) -> str | None:
        """A name said with its words split or joined otherwise ('pick off' for Pickoff
        Move, 'play pick off move'; before the verb's reading sends it to the rules as a
        name not in the box): the one option whose name's letters, spaces and marks left
        out, the typed letters begin (five at least, a verb before them optional), the
        spaces not where the name has them, where no other card or piece of the box's
        begins so."""
        if waiting.phase not in CHOICE_PHASES:
            return None
        verbs = {line.split(" ", 2)[1] for line in waiting.options}
        words = said.plain_words
        tries = [words]
        if len(words) > 1 and (words[0] in verbs or any(form in verbs for form in said_forms(
                words[0])) or (words[0],) in CHOICE_LEADS):
            tries.append(words[1:])
        box = self.session.box
        names = [*box.piece_names(), *(card.name for card in box.cards.values())]
        for tried in tries:
            said_so, letters = " ".join(tried), squeezed(" ".join(tried))
            if len(letters) < NAME_SQUEEZED_LETTERS:
                continue
            named = {name for name in names if squeezed(name).startswith(letters)}
            # (its letters begun with the spaces where the name has them is a name begun,
            # 'River' for Rivero: the rules say 'did you mean', it is never taken)
            found = [line for line in waiting.options if len(line.split(" ", 2)) == 3
                     for name in [line.split(" ", 2)[2].removeprefix("in ")]
                     if squeezed(name).startswith(letters)
                     and not plain(name).startswith(said_so)]
            if len(found) == 1 and len(named) <= 1:
                return found[0]
        return None

    def _no_card_named(self, said: Said, waiting: Waiting) -> bool:
        """In the card phase, words meant as a card's name that no card of the box bears:
        two words or more, no verb of the game among them ('i pass'), no piece's name
        (accents optional) and no card's whole name within them ('Good Jump now')."""
        if waiting.phase != "cards" or len(said.words) < 2:
            return False
        if any(form in act.VERB_FORMS for word in said.words
               for form in (word, *said_forms(word))):
            return False
        box = self.session.box
        text = plain(said.text)
        return not any(plain(name) == text for name in box.piece_names()) and not any(
            plain(card.name) in text for card in box.cards.values())

    # The readings of a short line, in the order short_line asks them: each gives the side's
    # line, raises the rules' answer, or leaves the line to the next (None).

    def _rally_caps_card(self, said: Said, waiting: Waiting) -> str | None:
        """'rally caps Good Jump' in the card phase: the extra card is two steps (5.7.2),
        each its line: the card once the first was taken, the first (or the rules' reason
        against it) before."""
        if said.words[0] != "rally" or waiting.phase != "cards":
            return None
        card = self.session.box.card(" ".join(said.words[1:]))
        if card is None:
            return None
        if self.game is not None and self.game.state.atbat.must_play == waiting.side:
            return f"{waiting.side} plays {card.name}"
        if f"{waiting.side} rallies card" not in waiting.options:
            return f"{waiting.side} rallies card"
        raise CompanionError(f"'{clip(said.typed)}': Rally Caps for an extra card first "
                             f"('rally caps card'), then the card ('{card.name}') "
                             "(rule 5.7.2)")

    def _pitcher_kept(self, said: Said, waiting: Waiting) -> str | None:
        """'relieve him or keep him' (4.2.1): keeping the pitcher ('keep', 'keep him', his
        name) is staying with him; where he may not stay, the rules say why (4.2.1.1,
        8.2.1), not the hand's 'nothing to keep'. 'keeps' alone, the hand's word, is told
        apart."""
        if waiting.phase != "mound":
            return None
        if said.words == ["keeps"]:
            raise CompanionError("'keeps' keeps a hand of cards (rule 5.2.2); to keep the "
                                 "pitcher in, type 'keep' or 'keep him'")
        pitcher = self._on_mound(waiting)
        words = said.plain_words
        if words[-1:] == ["in"] and len(words) > 1:
            words = words[:-1]              # 'keep him in', 'stay in', 'Sabaria in'
        if words not in (["keep"], ["keep", "him"], ["keep", "the", "pitcher"],
                         ["keep", *pitcher], ["stay"], ["stays"], ["he", "stays"],
                         [*pitcher, "stays"], pitcher, ["stay", "with", *pitcher],
                         ["stays", "with", *pitcher], ["stay", "with", "him"]):
            return None
        if words == pitcher and said.plain_words[-1:] != ["in"]:
            return None                     # his name alone: the options read it
        stays = [line for line in waiting.options if line.split(" ", 2)[1] == "stays"]
        return stays[0] if stays else f"{waiting.side} stays with the pitcher"

    def _option_named(self, said: Said, waiting: Waiting) -> str | None:
        """The one option the words name; several named: which, to type more. The verb as a
        player says it ('pass', 'keep', 'stand pat', 'rally tens') is the options' own form
        ('passes', 'keeps', 'stands pat', 'rallies tens'), read beside the words as typed
        ('Keep It in the Yard' is a card's name): an option said whole either way is the
        one meant, else what both name."""
        rests = [line.split(" ", 1)[1] for line in waiting.options]
        for fold, words in ((str.casefold, said.words), (plain, said.plain_words),
                            (loose, said.loose_words)):
            # as typed (any case), else by the letters alone ('nunez' for 'Núñez'), else
            # with the marks left out ('matchup offense')
            if not words:
                continue                    # (marks alone: '?')
            said_options = [fold(rest).split() for rest in rests]
            verbs = {option[0] for option in said_options}
            named, whole = self._options_named(words, waiting.options, said_options)
            form = next((form for form in said_forms(words[0]) if form in verbs), None)
            if fold is loose:
                # (the marks' words alone name nothing: 'offense' is no Matchup (Offense))
                named = [line for line in named if bare_named(words, line, verbs)]
            if form is not None and not whole:
                by_verb, whole = self._options_named([form, *words[1:]], waiting.options,
                                                     said_options)
                if not by_verb and len(words) > 1:
                    # the verb, then a run of the name's words ('play matchup')
                    by_verb = [line for line, option in zip(waiting.options, said_options,
                                                            strict=True)
                               if option[0] == form and has_run(option[1:], words[1:])
                               and any(word not in FILLER_WORDS for word in words[1:])]
                if fold is loose:
                    by_verb = [line for line in by_verb if bare_named(words, line, verbs)]
                named = by_verb if whole else list(dict.fromkeys(named + by_verb))
            if len(named) > 1 and fold is not str.casefold and len(
                    {fold(line) for line in named}) == 1:
                # names alike but for their accents: typing more cannot tell them apart
                raise CompanionError(f"'{clip(said.typed)}' reads as "
                                     + " and ".join(f"'{line}'" for line in named)
                                     + (" without the accents: type them" if fold is plain
                                        else " without the accents and marks: type them"))
            if named:
                break
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            shown = "; ".join(f"'{line}'" for line in named[:4])
            more = f" and {len(named) - 4} more" if len(named) > 4 else ""
            raise TooLittleSaid(f"'{said.typed}' could be {shown}{more}: type more of the line")
        return None

    def _option_begun(self, said: Said, waiting: Waiting) -> str | None:
        """Last of all, a line whose last word is cut short ('punch' for Punchout, 'seeing
        it wel'): the one option holding the words before it whole and a word begun by its
        first letters (three at least), in order, where no other card or piece of the box
        reads so either ('tra' is Comeback Trail and Warning Track: not read, though one
        of them alone is offered, as a card not in the hand is not); else not read."""
        *whole, begun = said.plain_words            # (accents optional: 'nun' for Núñez)
        if len(begun) < BEGUN_LETTERS or begun in FILLER_WORDS:     # ('the': no option)
            return None
        verbs = {line.split(" ", 2)[1] for line in waiting.options}
        form = next((form for form in said_forms(whole[0]) if form in verbs), None) \
            if whole else None
        named_by = whole                    # the words a card or piece must hold
        if form is not None:                # the verb as said: 'bring in szab'
            whole = [form, *whole[1:]]
            named_by = whole[2:] if whole[:2] == ["brings", "in"] else whole[1:]

        def begins(text: str, run: list[str]) -> bool:
            return holds_begun(plain(text).split(), run, begun)

        box = self.session.box
        names = [card.name for card in box.cards.values()] + box.piece_names()
        named = {name for name in names if begins(name, named_by)}
        if form is None:
            found = [line for line in waiting.options if begins(line.split(" ", 1)[1], whole)]
        else:                   # the option's verb, then its name begun ('play outf')
            found = [line for line in waiting.options if line.split(" ", 2)[1] == form
                     and begins(line.split(" ", 2)[2].removeprefix("in "), named_by)]
        if len(found) != 1 or len(named) > 1 or (named and next(iter(named)) not in found[0]):
            return None
        return found[0]

    def _side_said(self, said: Said, waiting: Waiting) -> str | None:
        """A line begun with a team as the board names it ('CAT plays On the Black', 'PHM
        pass'): the side to act's line read on as short; the other side's is told whose turn
        it is, and a team not in this game that it is not."""
        if self.game is None or len(said.words) < 2:
            return None
        box = self.session.box
        if said.card is not None or any(plain(said.text) in plain(name) for name in [
                *waiting.options, *box.piece_names(), *(c.name for c in box.cards.values())]):
            return None             # a card or piece so named ('Texas Leaguer') is that one
        state = self.game.state
        side = next((side for side in ("home", "away") if said.words[0] in (
            state.side(side).team.abbrev.casefold(), state.side(side).team.key.casefold())),
                    None)
        if side is None:
            team = next((team for team in box.teams.values()
                         if said.words[0] in (team.abbrev.casefold(), team.key.casefold())),
                        None)
            if team is not None:
                raise CompanionError(
                    f"{team.abbrev} is not in this game ({state.away.team.abbrev} at "
                    f"{state.home.team.abbrev}); the game awaits {waiting.side}: "
                    f"{waiting.prompt}")
            return None
        if side != waiting.side:
            raise CompanionError(
                f"it is {state.side(waiting.side).team.abbrev}'s ({waiting.side}) turn, not "
                f"{state.side(side).team.abbrev}'s: {waiting.prompt}")
        return self.short_line(said.text.split(" ", 1)[1], waiting)

    def _draw_said(self, said: Said, waiting: Waiting) -> str | None:
        """A draw said as at a table (rule 5.2.1): numbers in words ('draw one offense',
        'an offense'), 'off' or 'def' alone for all of them from that deck, '3/3', '2 each'.
        The line in the record's form, taken when offered, else for the rules to say how
        many are drawn."""
        if waiting.phase != "draw":
            return None
        # ('three and three', 'four offense and two defense': the 'and' left out)
        words = [NUMBER_WORDS.get(word, word) for word in said.plain_words if word != "and"]
        if words[:1] in (["draw"], ["draws"]):
            words = words[1:]
        if not words:
            return None
        total = max((sum(int(word) for word in line.split() if word.isdigit())
                     for line in waiting.options), default=0)
        text = " ".join(words)
        if text.isdigit():
            # a number of cards alone ('draws 4'): the decks are the player's to say, and
            # a number not the step's is told so (rule 5.2.1: the inning sets how many)
            wrong = "" if int(text) == total else f"{total} cards are drawn now, not {text}; "
            raise TooLittleSaid(f"'{clip(said.typed)}': {wrong}say the decks too, as "
                                f"'{waiting.side} draws N offense M defense' ({total} in "
                                "all, 'off' or 'def' for all from one); the game awaits "
                                f"{waiting.side}: {waiting.prompt}")
        deck = DECK_SAID.get(text)
        if none := re.fullmatch(r"0 (off(?:ense)?|def(?:ense)?)(?: cards?)?", text):
            deck = "defense" if none[1].startswith("off") else "offense"    # 'no offense'
        counts = ((total, 0) if deck == "offense" else (0, total) if deck == "defense"
                  else None)
        if found := re.fullmatch(r"(\d+) ?[/ ,-] ?(\d+)", text):   # ('3/3', '3-3', '3, 3')
            counts = int(found[1]), int(found[2])
        elif found := re.fullmatch(r"(\d+) each", text):
            counts = int(found[1]), int(found[1])
        elif counts is None and any(word != said_word for word, said_word
                                    in zip(words, said.plain_words, strict=False)):
            try:                            # the numbers were words: read as typed so
                action = act.parse_action(f"{waiting.side} draws {text}")
            except CompanionError:
                return None
            counts = action.args
        if counts is None:
            return None
        return act.format_action(act.draw(waiting.side, *counts))

    def _suggestion_said(self, said: Said, waiting: Waiting) -> str | None:
        """The options' own labels typed: 'suggested' (the suggestion marked), 'as last
        game' (the lineup of the side's last game)."""
        text = " ".join(said.plain_words)
        if text in ("suggested", "suggestion", "the suggestion", "as suggested"):
            return self.suggestion(waiting)
        if waiting.phase == "lineup" and text in ("as last game", "same as last game",
                                                  "last game", "same lineup"):
            return self.last_lineup(waiting)
        return None

    def _lineup_said(self, said: Said, waiting: Waiting) -> str | None:
        """A lineup said as nine names in its slots' order, C, three OF, four IF, the DH
        (rule 3.0), by commas or, names of one word, by spaces, with its slots' words or
        without: the side's lineup line, for the rules to check each name's slot and to
        name a name mistyped (it was told the lineup's form when one was, two at most
        where the slots' words are not said)."""
        if waiting.phase != "lineup" or self.game is None:
            return None
        slotted = LINEUP_SAID.fullmatch(said.text.strip())
        if slotted is not None:
            groups = [[name.strip() for name in re.split(r",|\s+" if "," not in group
                                                         else ",", group) if name.strip()]
                      for group in slotted.groups()]
            if len(groups[0]) != 1 or len(groups[3]) != 1:
                return None             # (two OF or five IF: the rules say how many)
        else:
            names = ([name.strip() for name in said.text.split(",")] if "," in said.text
                     else said.text.split())
            roster = self.game.state.side(waiting.side).roster.ballplayers.values()
            known = {plain(player.name) for player in roster}
            if len(names) != 9 or sum(plain(name) not in known for name in names) > 2:
                return None
            groups = [names[:1], names[1:4], names[4:8], names[8:]]
        catcher, fielders, infielders, hitter = (", ".join(group) for group in groups)
        line = (f"{waiting.side} lineup C {catcher}; OF {fielders}; IF {infielders}; "
                f"DH {hitter}")
        # (an option's own spelling when it is one: 'c delacorte of kanno ...')
        return next((option for option in waiting.options if plain(option) == plain(line)),
                    line)

    @staticmethod
    def _no_said(said: Said, waiting: Waiting) -> str | None:
        """'no' (or 'none', 'nothing') to the step's question: no card (a pass, 5.4), no
        exchange (keeps, 5.2.2), no Managerial Move (stands pat, 4.5), no relief (the
        pitcher stays, 4.2.1), no inning strategy in extra innings (names none, 6.2);
        'pass' on an exchange or a move is no to it too."""
        text = " ".join(said.words)
        if text in ("pass", "i pass") and waiting.phase in ("exchange", "manage"):
            text = "no"                 # passing on the exchange or the move
        if text not in ("no", "none", "nothing", "no thanks") and not (
                text == "no strategy" and waiting.phase == "name"):
            return None
        meant = {"cards": "passes", "exchange": "keeps", "manage": "stands pat",
                 "mound": "stays with the pitcher", "name": "names none"}.get(waiting.phase)
        line = f"{waiting.side} {meant}"
        return line if meant is not None and line in waiting.options else None

    def _verb_last(self, said: Said, waiting: Waiting) -> str | None:
        """The verb said after the name ('Paquette bats', 'Kanno fields'): the one option it
        names so, read as said first; asked late, after every reading of the line as it
        stands (a card or a piece named 'Double Play' is that one)."""
        words = said.text.split()
        if len(words) < 2:
            return None
        verbs = {line.split(" ", 2)[1] for line in waiting.options}

        def verb(word: str) -> bool:
            return any(form in verbs for form in (word.casefold(), *said_forms(word.casefold())))

        if not verb(words[-1]) or verb(words[0]) or said.card is not None:
            return None
        first = Said.of(" ".join([words[-1], *words[:-1]]), self.session.box)
        return self._option_named(first, waiting) or self._option_begun(first, waiting)

    def _on_mound(self, waiting: Waiting) -> list[str]:
        """The words of the side's pitcher's name (accents dropped); none before a game."""
        if self.game is None:
            return []
        pitcher = self.game.state.side(waiting.side).current_pitcher()
        return plain(pitcher.name).split() if pitcher is not None else []

    def _relief_said(self, said: Said, waiting: Waiting) -> str | None:
        """At Take the Mound, a relief said as at a table: 'Ziti comes in', 'Contadez in'
        (the name read as short); 'relieve' or 'bring in' with no name asks which."""
        if waiting.phase != "mound":
            return None
        words = said.words
        relievers = [line.split(" brings in ", 1)[1] for line in waiting.options
                     if " brings in " in line]
        # ('relieve Okafor', the prompt's own words: the pitcher going, not the one coming)
        going = self._on_mound(waiting)
        if words in (["relieve"], ["relieve", "him"], ["bring", "in"], ["brings", "in"],
                     ["bring", "him", "in"], ["change", "pitchers"]) or (
                going and said.plain_words == ["relieve", *going]):
            if not relievers:
                return None             # (the rules say why none may come in)
            raise TooLittleSaid("who comes in? type his name: " + ", ".join(relievers)
                                + f"; the game awaits {waiting.side}: {waiting.prompt}")
        tail = relief_tail(words)
        if tail:
            name = Said.of(" ".join(said.text.split()[:-tail]), self.session.box)
            # (one of his the step does not offer, a Closer before the 9th: the rules say
            # why, as for 'bring in Rivero')
            return (self._option_named(name, waiting) or self._option_begun(name, waiting)
                    or self._pitcher_not_offered(name, waiting))
        return None

    def _choice_led(self, said: Said, waiting: Waiting) -> str | None:
        """A choice led by the words a table says it with ('put in Vantassel', 'go with
        Marty', 'send up Paquette', 'use Good Jump'): the rest read as the line would be
        without them, at a game's step that takes a name (a batter, a fielder, a starter, a
        reliever, a card). A lead that begins a name of the box ('Send the Runner', were
        there such a card) is the name's."""
        if waiting.phase not in CHOICE_PHASES or said.card is not None:
            return None
        lead = next((lead for lead in CHOICE_LEADS if said.words[:len(lead)] == list(lead)
                     and len(said.words) > len(lead)), None)
        if lead is None:
            return None
        box = self.session.box
        names = [*box.piece_names(), *(card.name for card in box.cards.values())]
        if any(plain(name).split()[:len(lead)] == list(lead) for name in names):
            return None
        if any(squeezed(name).startswith(squeezed(said.text)) for name in names):
            return None                 # ('pick off' is Pickoff Move's, not 'off' picked)
        return self.short_line(" ".join(said.text.split()[len(lead):]), waiting)

    def _exchange_named(self, said: Said, waiting: Waiting) -> str | None:
        """An exchange with the card named short ('exchange blown for off', 'swap matchup
        for offense'): the one exchange offered of a card whose name holds those words (its
        last one begun, three letters at least) for that deck; several: which, to type
        more."""
        found = EXCHANGE_SAID.fullmatch(" ".join(said.loose_words))
        if found is None or not any(" exchanges " in line for line in waiting.options):
            return None
        *whole, begun = found["card"].split()
        if not any(len(word) >= BEGUN_LETTERS and word not in UNNAMING_WORDS
                   for word in [*whole, begun]):
            return None                     # ('exchange it for def': no card named)
        deck = "offense" if found["deck"].startswith("off") else "defense"

        def holds(name: str) -> bool:
            # its words without marks ('matchup offense'), one of them said as the name
            # has it outside its marks ('batter' alone is no Pitcher/Batter Matchup)
            words = loose(name).split()
            bare = {token for token in plain(name).split() if token.isalnum()}
            return (has_run(words, [*whole, begun]) or (
                len(begun) >= BEGUN_LETTERS and holds_begun(words, whole, begun))) and any(
                word not in UNNAMING_WORDS and (word in bare or word == begun and any(
                    token.startswith(begun) for token in bare)) for word in [*whole, begun])

        lines = [line for line in waiting.options if line.endswith(f" for {deck}")]
        named = [line for line in lines
                 if holds(line.split(" exchanges ", 1)[1].rsplit(" for ", 1)[0])]
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            shown = "; ".join(f"'{line}'" for line in named[:4])
            raise TooLittleSaid(f"'{said.typed}' could be {shown}: type more of the card's name")
        cards = {card.name for card in self.session.box.cards.values() if holds(card.name)}
        if len(cards) == 1:             # a card not in the hand: the rules say so
            return f"{waiting.side} exchanges {cards.pop()} for {deck}"
        return None

    def _card_not_offered(self, said: Said, waiting: Waiting) -> str | None:
        """A card of the box named when the card phase offers it no more (a second card):
        the side's line, for the rules to say why (5.4)."""
        if waiting.phase == "cards" and said.card is not None and self.game is not None:
            return f"{self._deck_side(said.card, waiting)} plays {said.card.name}"
        return None

    def _own_deck(self, waiting: Waiting) -> str:
        """The deck the side to act in the card phase plays from (rule 5.1)."""
        return "offense" if waiting.side == self.game.state.batting else "defense"

    def _deck_side(self, card: Card, waiting: Waiting) -> str:
        """The side whose deck a card typed short is of: the side to act's, or the other's
        (its line then refused by the rules as out of turn, which says whose turn it is;
        read as the side to act's, rule 5.1's refusal puzzled a table that meant the other
        side's card)."""
        if card.side == self._own_deck(waiting):
            return waiting.side
        return "away" if waiting.side == "home" else "home"

    def _card_named_short(self, said: Said, waiting: Waiting) -> str | None:
        """A card of the side's deck named by a run of its words ('matchup' for
        Pitcher/Batter Matchup (Defense)) when the card phase does not offer it: the side's
        line, for the rules to say why (5.1.1, 5.4), as for the card named whole; 'names
        none of the options' said nothing of the card."""
        if waiting.phase != "cards" or said.card is not None or self.game is None:
            return None
        own = self._own_deck(waiting)
        box = self.session.box
        words = said.loose_words            # (marks left out: 'matchup offense')
        if words[:1] in (["play"], ["plays"], ["use"]) and len(words) > 1:
            words = words[1:]               # the verb, as the options read it ('play ducks')
        if all(word in UNNAMING_WORDS for word in words):
            return None                     # ('play it', 'play one': no card named)
        for deck in (own, "defense" if own == "offense" else "offense"):
            # the side's own deck first, then the other side's (a card out of its turn)
            names = [card.name for card in box.cards.values() if card.side == deck]
            named, _ = self._options_named(words, names,
                                           [loose(name).split() for name in names])
            if named:
                return (f"{self._deck_side(box.card(named[0]), waiting)} plays {named[0]}"
                        if len(named) == 1 else None)
        return None

    def _card_played_already(self, said: Said, waiting: Waiting) -> str | None:
        """A card typed just after the companion played it as the one choice left (Rally
        Caps' extra card): said so, where 'names none of the options' puzzled."""
        if (said.card is not None and self.game is not None and waiting.scope == "game"
                and said.card.name in [name for _, name in self.game.state.atbat.played]):
            raise CompanionError(f"{said.card.name} is played already this at-bat; the "
                                 f"game awaits {waiting.side}: {waiting.prompt}")
        return None

    def _pitcher_not_offered(self, said: Said, waiting: Waiting) -> str | None:
        """A pitcher of the side the relief step does not offer (a Closer held for the 9th,
        one resting): the side's line, for the rules to say why he cannot come in (4.2.1,
        8.2)."""
        if waiting.phase != "mound" or self.game is None:
            return None
        found = read_alike(self.game.state.side(waiting.side).roster.pitchers, said.typed)
        # (several read alike but for their accents: the rules say which to type)
        return f"{waiting.side} brings in {found[0].name if len(found) == 1 else said.typed}" \
            if found else None

    def _rally_caps_closed(self, said: Said, waiting: Waiting) -> str | None:
        """Rally Caps named when the use is not offered ('rally caps' alone, 'tens' with the
        10s already on): the rules' reason for each use (5.7), where the options' one verb
        read it as a name or the form was told."""
        uses = RALLY_USES_SAID.get(" ".join(said.words))
        if uses is None or self.game is None:
            return None
        state = self.game.state
        batting = state.batting
        if (uses == ("tens",) and waiting.phase == "cards" and waiting.side != batting
                and self.controls[self.team_of(batting)] == "human"
                and state.side(batting).rally_left > 0 and not state.atbat.tens):
            # Only the batting side scores on 10s (5.7.2): said by its player while the
            # fielder's turn is awaited, his line, told as out of turn (read as the
            # fielder's, it told the batting player only the batting player scores on
            # 10s). A batter the computer plays, or one with no use left, is not meant:
            # the fielder's line, and its rule.
            return f"{batting} rallies tens"
        reasons = [reason for reason in dict.fromkeys(
            self._refusal(f"{waiting.side} rallies {use}") for use in uses
            if f"{waiting.side} rallies {use}" not in waiting.options) if reason]
        if reasons:
            raise CompanionError(f"'{said.typed}' cannot be used now: " + "; ".join(reasons))
        return None

    def _move_not_offered(self, said: Said, waiting: Waiting) -> str | None:
        """A Managerial Move the options do not offer ('-2' from box I), or said in the card
        phase before it ends ('pat', '+1', 'up two'): the batting side's line, for the
        rules' reason (4.5; 'pat' named none of the options)."""
        typed = said.typed.strip()
        if waiting.phase == "manage" and re.fullmatch(r"[+-]\d+", typed):
            return f"{waiting.side} manages {typed}"
        if waiting.phase != "cards" or self.game is None:
            return None
        batting = self.game.state.batting
        text = " ".join(said.words)
        if text in ("pat", "stand pat", "stands pat"):
            return f"{batting} stands pat"
        move = MOVE_SAID.get(text, typed if re.fullmatch(r"[+-][12]", typed) else None)
        return f"{batting} manages {move}" if move is not None else None

    def _verb_said(self, said: Said, waiting: Waiting) -> str | None:
        """None named as it stands: the side's line for the rules to read (they mend a
        name's slip, or say what is wrong), with its own verb of the game as a player says
        it ('pass' at a relief step; alone only where it takes nothing: 'Field' alone is a
        name), or with the one verb the options share when it was left out ('4 off, 2 def'
        at the draw, 'Marti' at Batter Up); a verb alone that wants more: its form told. A
        verb with a name begun ('bring in szab') is the one option it begins, as the name
        begun alone is (`_option_begun`)."""
        words = said.words
        known = next((form for form in (words[0], *said_forms(words[0]))
                      if form in act.VERB_FORMS), None)
        if known is not None and len(words) > 1:
            begun = self._option_begun(said, waiting)
            if begun is not None:
                return begun
        if known is not None and (len(words) > 1 or act.VERB_FORMS[known] == known):
            rest = said.text.split()[1:]
            if known == "brings" and [word.casefold() for word in rest[:1]] != ["in"]:
                rest = ["in", *rest]        # 'bring Francesco': the verb is 'brings in'
            return " ".join([waiting.side, known, *rest])
        verbs = {line.split(" ", 2)[1] for line in waiting.options}
        if len(verbs) == 1 and words[0] not in verbs:
            verb = verbs.pop()
            return f"{waiting.side} {'brings in' if verb == 'brings' else verb} {said.text}"
        if known is not None:
            return f"{waiting.side} {known}"
        return None

    def _refusal(self, line: str) -> str | None:
        """What the rules say against `line` in the game in play, nothing stored (None
        when they take it)."""
        game = self.game
        try:
            game.rules.apply(game.state.clone(), game.rules.parse_action(game.state, line))
        except IllegalAction as refusal:
            return refusal.brief
        return None

    @staticmethod
    def _options_named(words: list[str], options: list[str], said: list[list[str]]
                       ) -> tuple[list[str], bool]:
        """The options a short line's words name, and whether it says the one whole ('bats
        Smith', 'Smith': that one, though others hold those words too, 'Smith Jr'), else
        every option holding them in a run (a lone filler word, 'the', names none)."""
        whole = [line for line, words_of in zip(options, said, strict=True)
                 if words in (words_of, words_of[1:])]
        if len(whole) == 1:
            return whole, True
        if len(words) == 1 and words[0] in FILLER_WORDS:
            return [], False
        # Numbers are said whole: 'draws 1 offense' in the 7th is not the option 'draws 1
        # offense 3 defense' (the table drew one card; the rules say four are drawn).
        numbers = [word for word in words if any(char.isdigit() for char in word)]
        return [line for line, words_of in zip(options, said, strict=True)
                if has_run(words_of, words) and (not numbers or numbers == [
                    w for w in words_of if any(c.isdigit() for c in w)])], False

    def _series_line(self, text: str, waiting: Waiting) -> str:
        """A series step typed as the screen shows it, by the pitchers' names alone
        ('Okafor', 'Oswald, Greaves, Bellweather'): the line of the team it awaits (rule
        3.0), as the options read (the other team's pitcher is refused as not his); any
        other line is left as it is."""
        if waiting.team is None:
            return text
        first = text.split()[0].casefold() if text.split() else ""
        if first in ("team1", "team2", "home", "away", "roll") or any(
                char.isdigit() for char in text):
            return text                     # another line: the series says what it awaits
        if first in ("rotation", "starts"):
            return f"{waiting.team} {text}"         # the team left out
        rosters = self.session.box.rosters
        pitchers = {key for team in ("team1", "team2")
                    for key in rosters[self.series.rosters[team]].pitchers}
        words = text.split()
        if "," not in text and len(words) > 1 and any(
                plain(word) in {plain(key) for key in pitchers} for word in words):
            # 'oswald greaves bellweather': a rotation (one misspelt, 'sabria okafor
            # lindqvist', is named by the series rules with the SP meant)
            text = ", ".join(words)
        names = [name.strip() for name in text.split(",")]
        if not any(name.casefold() in pitchers for name in names) and any(
                " " in name for name in names):
            return text                     # words, not names: as typed
        # Names, a misspelt one among them: named by the series rules (with the SP meant),
        # rather than the whole line called no series action.
        return f"{waiting.team} {'rotation' if ',' in text else 'starts'} {text}"

    def switch_dice(self) -> str:
        """From now on the other dice: the table's own (faces typed) or the companion's
        (rolled here). Kept with the series, not in its record: the faces rolled are the
        record's either way. The new dice, "physical" or "digital"."""
        dice = "digital" if self.dice == "physical" else "physical"
        started = self.session.header.get("Dice", "digital")
        # A chance step awaited with its faces in the redo history (the undo stopped on it,
        # the table's to type) that the companion takes under the new dice: its roll is
        # its own, not the faces the table took back (they came back at once).
        step, waiting = len(self.session.entries), self.waiting()
        mine = bool(self.session.redo_stack) and waiting.kind == "chance" \
            and self._players_step(waiting)
        with self._steps_with_rolls():
            self.stored.keep_note(DICE_NOTE, None if dice == started else dice)
            self.dice = dice                # (a failed write: the dice as they were, below)
            self.fresh_at = step if mine and not self._players_step(waiting) else None
        return dice

    def _rolling(self, waiting: Waiting | None = None) -> bool:
        """Whether the game awaits a Scoring Roll or a free roll (rule 4.6), whoever's."""
        waiting = waiting or self.waiting()
        return waiting.kind == "chance" and waiting.phase in ("roll", "free-roll")

    def _enter_rolls(self, rolls: list[tuple[int, int]]) -> Entry:
        """Several rolls typed at once (rule 4.6: an at-bat's Scoring Rolls, its free roll):
        taken in turn and stored as one write, all or none, so a slip in the count leaves
        the game as it was, to be typed again."""
        start = len(self.session.entries)
        with self._steps_with_rolls():
            for number, (first, second) in enumerate(rolls):
                if number and not self._rolling():
                    raise CompanionError(f"{len(rolls)} rolls typed, but the dice were done "
                                         f"after {number} (rule 4.6): none was taken; type "
                                         "the rolls still due")
                entry = self._push(f"roll {first} {second}")
            self._one_line_from(start)
        return entry

    def roll_at_bat(self) -> Entry:
        """Digital dice for every roll the at-bat has left (rule 4.6, box I's free roll
        among them), as the table would roll them in turn: one write, and, like a line of
        rolls typed at once, one step for undo."""
        waiting = self.waiting()
        if self.dice != "digital":
            raise CompanionError(ROLLED_AT_THE_TABLE)
        if not self.dice_awaited(waiting):
            raise CompanionError(f"no dice are awaited: {waiting.prompt}")
        start = len(self.session.entries)
        with self._steps_with_rolls():
            entry = self._sample()
            while self._rolling():
                entry = self._sample()
            self._one_line_from(start)
        return entry

    def _one_line_from(self, start: int) -> None:
        """The rolls taken from step `start` on are one line for undo and redo (in place of
        the lines they fall across; those after them, still the redo history's when the
        rolls were the ones undone, stay)."""
        end = len(self.session.entries)
        self.typed_lines = sorted(
            [(at, rolls) for at, rolls in self.typed_lines
             if at + len(rolls) <= start or at >= end]
            + [(start, self.session.entries[start:])], key=lambda line: line[0])
        del self.typed_lines[:-TYPED_LINES_KEPT]

    def _push(self, line: str) -> Entry:
        """A new step (a player's, the computer's, the dice's; never a redo): the typed
        lines of the redo history it clears go with it, in the same write. (A single roll
        after a line of rolls undone met the same digital faces, and was read as the line
        begun again: one undo took back every roll since.)"""
        if self._undone_again(line):
            return self._redo_as_step()
        step = len(self.session.entries)
        switched = self.dice_at(step) != self.dice
        if not switched and self.fresh_at is None and all(
                start + len(rolls) <= step for start, rolls in self.typed_lines):
            return self.stored.push(line)       # (no line to let go: the common step)
        with self._steps_with_rolls():
            entry = self.stored.push(line)
            self._keep_lines_before(step)
            self.fresh_at = None                # (taken: a new history from here)
            if switched:                        # (the steps from here on: these dice)
                self.dice_from = [(start, dice) for start, dice in self.dice_from
                                  if start < step] + [(step, self.dice)]
        return entry

    def _undone_again(self, line: str) -> bool:
        """Whether `line` is the step an undo took back here (the redo history's top, as the
        record writes it): taken again, it is that step redone, and the history after it
        (the computer's replies, the faces typed then) goes on with it."""
        redo = self.session.redo_stack
        if not redo:
            return False
        scope, _ = self.session.awaiting()
        try:
            if scope == SERIES:         # (read on a copy: a series line names its starters)
                series = self.session.series
                copy = replace(series, rotations=dict(series.rotations),
                               starters=dict(series.starters))
                return redo[-1] == Entry(SERIES, self.session.series_rules.apply(copy, line))
            game = self.session.current_game
            canonical = game.rules.format_action(game.rules.parse_action(game.state, line))
        except CompanionError:
            return False
        return redo[-1] == Entry(str(len(self.session.games)), canonical)

    def _redo_as_step(self) -> Entry:
        """The redo history's top taken as a step of its own (the step undone, taken again
        the same): a typed line it falls in is no line begun again (its undo took back every
        roll since), while the lines after it, the same history, stay."""
        step = len(self.session.entries)
        with self._steps_with_rolls():
            entry = self.stored.redo()
            self.typed_lines = [(start, rolls) for start, rolls in self.typed_lines
                                if start + len(rolls) <= step or start > step]
        return entry

    def _keep_lines_before(self, step: int) -> None:
        """A new step at `step` leaves the redo history: the typed lines from there on,
        which it held, go."""
        self.typed_lines = [(start, rolls) for start, rolls in self.typed_lines
                            if start + len(rolls) <= step]

    def undo_to_player(self) -> list[Entry]:
        """Undo back to the last decision a human made (the computer's replies and the
        automatic deals and dice since then are taken back with it), or back to the final
        of a game the next game's steps followed, stored as one write: all of it or, on a
        failure, none."""
        if self.nobody_steps():
            # The computer would take the step again at once (the same digital dice): an
            # undo would only add lines to the record.
            raise CompanionError(NOT_YOURS.format("undo"))
        if self.held is None and self.final_to_hold() is not None:
            # Gone on from a final with nothing of the next game taken (its first screen):
            # back on the final, undoing nothing (the undo went past it into the game).
            self.held = self.final_to_hold()
            return []
        self.held = None                        # (the screen holds it again on a failure)
        with self._steps_with_rolls():
            undone = [self.stored.undo()]
            # A game's end is a pause (rule 4.8): the undo stops on its final, held as when
            # the game ended, as the redo stops there (the next undo goes on into the game;
            # Enter lets the next game's steps be taken again).
            # (_players_turn: the dice typed in too, with no human side)
            while self.final_to_hold() is None and not self._players_step():
                if not self.session.entries:
                    # Nothing a player did is left to take back (only the computer's opening
                    # moves): none of it is stored, rather than let the computer retake it
                    # and lose the redo.
                    raise CompanionError("nothing of yours to undo yet")
                undone.append(self.stored.undo())
            typed = self._line_inside()
            if typed is not None:           # a line of rolls typed at once goes back whole
                while len(self.session.entries) > typed[0]:
                    undone.append(self.stored.undo())
            self.held = self.final_to_hold()
        return undone

    def _players_step(self, waiting: Waiting | None = None) -> bool:
        """Whether the step awaited now is one the player took, and takes again now: his
        with the dice it was taken with (the computer's rolls typed at the table) and with
        the dice in use (after a switch to the companion's, those rolls are its own: an undo
        stopped on them saw them rolled again at once, or, redone, came back at once)."""
        waiting = waiting or self.waiting()     # (once: it lists the legal actions)
        then = self.dice_at(len(self.session.entries))
        return self._players_turn(then, waiting) and (
            then == self.dice or self._players_turn(self.dice, waiting))

    def _players_turn(self, dice: str, waiting: Waiting) -> bool:
        """Whether a person at the table acts at `waiting` with these dice: a decision, or
        dice they roll (with physical dice every die is theirs, the computer's Scoring Rolls
        too, and every starter drawn at the table)."""
        if waiting.kind == "chance" and waiting.phase != "deal" and dice == "physical":
            return True
        if waiting.computer or self.forced(waiting):
            return False
        if waiting.kind == "decision":
            return True
        # Dice, and with physical dice the starter drawn at the table (rule 3.0); digital
        # deals and a digital draw are the companion's own steps.
        return waiting.kind == "chance" and waiting.phase != "deal" and (
            waiting.scope == "game" or dice == "physical")

    def redo_to_player(self) -> list[Entry]:
        """Redo what one `undo_to_player` took back: the player's decision and the replies,
        deals and dice after it, up to the player's next turn (redone one at a time, the
        computer would act at its turn and the rest of the redo would be lost)."""
        games_over = len(self.series.results)
        with self._steps_with_rolls():              # one write, as the undo was
            redone = [self.stored.redo()]
            typed = self._line_begun()
            if typed is not None:
                while len(self.session.entries) < typed[0] + len(typed[1]):
                    redone.append(self.stored.redo())     # the typed line's rolls, whole
            # A game's end is a pause of its own (rule 4.8): the redo stops on the final, the
            # next game's steps left to be taken again (the same: chance and the computer are
            # deterministic) once the player goes on.
            while (self.session.redo_stack and not self._players_step()
                   and len(self.series.results) == games_over):
                redone.append(self.stored.redo())
        return redone

    # -- figures --------------------------------------------------------------------------

    def humans(self) -> frozenset[str]:
        """The teams a person plays (the others, the computer)."""
        return frozenset(team for team, control in self.controls.items()
                         if control == "human")

    def nobody_steps(self) -> bool:
        """Whether no step of the series is a person's: the computer manages both sides
        and rolls the dice (with the table's dice, the rolls typed in are a person's)."""
        return not self.humans() and self.dice == "digital"

    def standing(self) -> str:
        """The series standing (rule 7.0): "PHM lead the series 2-1", or once it is over
        "Texas Cowboys win the series 2-1"."""
        return self.series.standing(self.session.box)

    def figure_team(self) -> str:
        """Whose chances the win figure gives: the one person's against the computer, else
        team 1's."""
        humans = self.humans()
        return next(iter(humans)) if len(humans) == 1 else "team1"

    def hidden_teams(self) -> frozenset[str]:
        """Teams whose cards in hand and secret rotation this screen must not show (see
        SeriesSession.hidden_teams)."""
        return self.session.hidden_teams()

    def last_lineup(self, waiting: Waiting) -> str | None:
        """At a lineup of a series' game after the first: the lineup the team played its
        last game with, as this game's option (rule 3.0 lets it change; a player keeps his
        most often), or None when there is none or it is not legal now."""
        if waiting.kind != "decision" or waiting.phase != "lineup" or waiting.side is None:
            return None
        number = self.game_number()
        team = self.team_of(waiting.side)
        for before in range(number - 1, 0, -1) if number else ():
            side = next(s for s in ("home", "away") if self.team_of_game(str(before), s)
                        == team)
            game = self.session.games[before - 1]
            lines = [line for line in game.lines() if line.startswith(f"{side} lineup ")]
            if lines:
                line = f"{waiting.side} lineup {lines[0].split(' ', 2)[2]}"
                # (slot by slot, its OF and IF in the order the player put them: legal as
                # the option of the same pieces, kept in his order)
                return line if lineup_pieces(line) in {
                    lineup_pieces(option) for option in waiting.options} else None
        return None

    def team_of_game(self, scope: str, side: str) -> str:
        """team1/team2 of 'home'/'away' in the game numbered `scope`."""
        home = self.session.series_rules.home_team(self.series, int(scope))
        if side == "home":
            return home
        return "team2" if home == "team1" else "team1"

    def secret(self) -> bool:
        """Two players share the screen and the series goes on: hands dealt by the
        companion and the rotations they set are not shown in logs and notices."""
        return len(self.humans()) == 2 and not self.session.is_over()

    def figure_inputs(self) -> FigureInputs | None:
        """What the win figures need, copied now (on the screen's thread): the worker that
        works them out never reads the live game, which the next step changes in place."""
        game = self.game
        if game is None:
            return None
        series = self.series
        rules = self.session.series_rules
        venues = {}
        hidden = self.hidden_teams()

        def starter(team: str, number: int) -> str:
            """Who starts game `number` for `team` as this screen may know it: the
            rotation's turn (rule 3.0), else one of its SPs, unknown (a rotation the screen
            hides, a starter drawn at random)."""
            if series.scenario.rotation <= 1 or team in hidden or team not in series.rotations:
                return RANDOM_STARTER
            return rules._pitcher(series, team, rules.rotation_pitcher(series, team,
                                                                      number)).name

        for number in range(1, series.scenario.games + 1):
            home = rules.home_team(series, number)
            away = "team2" if home == "team1" else "team1"
            venues[number] = (home, series.teams[home], series.teams[away],
                              series.rosters[home], series.rosters[away],
                              (starter(home, number), starter(away, number)))
        state = game.state.clone()
        kept = [side for side in ("home", "away") if self.team_of(side) in hidden]
        if state.cards_mode == "digital":
            # The figure is on the screen: a hand kept from it is not read by it either.
            conceal_hands(state, kept)
        # Nor a secret rotation's starter before he is placed, after the draws (rule 3.0; a
        # Spring Training starter is drawn in the open).
        state.header = conceal_starters(state.header, [
            side for side in kept
            if series.scenario.rotation > 1 and state.side(side).starter is None])
        step = len(game.actions)
        courses = self._courses()
        inputs_game = self.game_number()
        return FigureInputs(
            tag=self.figure_tag(), step=step,
            course=courses[step] if step < len(courses) else "", state=state,
            team1_home=self.team_of("home") == "team1", winner=series.winner,
            wins={t: series.wins(t) for t in ("team1", "team2")}, needed=series.scenario.wins,
            in_play=game is self.session.current_game and game.state.phase != "over",
            venues=venues,
            headers={number: conceal_starters(
                         opened.header, [side for side in ("home", "away")
                                         if self.team_of_game(str(number), side) in hidden
                                         and series.scenario.rotation > 1])
                     for number, opened in enumerate(self.session.games, 1)
                     if number > inputs_game},
            options=frozenset(series.options))

    def add_figure(self, inputs: FigureInputs, p_home: float, p_series: float | None) -> None:
        """Keep a game figure on the game's course: a figure for a step at or before the
        last one (after an undo) replaces the figures of the steps undone, so the
        sparkline follows the game, never the undo and redo keys."""
        games = inputs.tag[0]
        self.follow_game()
        if self.win_game != games:             # (a figure of a game left since: a fresh line)
            self.win_history.clear()
            self.win_steps.clear()
            self.win_series = self.win_series_step = None
        self.win_game = games
        keep = bisect.bisect_left(self.win_steps, inputs.step)
        del self.win_history[keep:], self.win_steps[keep:]
        self.win_history.append(p_home if inputs.team1_home else 1.0 - p_home)
        self.win_steps.append(inputs.step)
        self.win_course = inputs.course
        if p_series is not None:
            self.win_series, self.win_series_step = p_series, inputs.step
        courses = self._courses()
        if inputs.step < len(courses):
            try:
                self.stored.save_figure(games, inputs.step, courses[inputs.step],
                                        self.win_history[-1], p_series)
            except CompanionError:
                pass    # a cache: the table plays on without it (the figure still shows)

    def has_figure(self, inputs: FigureInputs) -> bool:
        """Whether both figures of this very step are in already (kept from before the app
        closed, or worked out since): none is worked out again (each reopening stored the
        same step's figures anew)."""
        return (self.win_game == inputs.tag[0] and bool(self.win_steps)
                and self.win_steps[-1] == inputs.step
                and self.win_series_step == inputs.step and self.win_course == inputs.course)

    def on_course(self, inputs: FigureInputs) -> bool:
        """Whether a figure worked out for an earlier step still belongs to the game on the
        table: the same game, the same course up to its step (no undo left it behind)."""
        courses = self._courses()
        return (inputs.tag[0] == self.game_number() and inputs.step < len(courses)
                and courses[inputs.step] == inputs.course)

    def _courses(self) -> list[str]:
        """The course of the current game at each of its steps (index 0 before its first
        action): a hash of every line of the series stream up to there, series lines and
        earlier games included. A stored figure is read back only on the course it was
        worked out on, never on a branch an undo left."""
        scope = str(self.game_number())
        digest = hashlib.sha256()
        out: list[str] = []
        for entry in self.session.entries:
            if entry.scope == scope and not out:
                out.append(digest.hexdigest()[:16])
            digest.update(f"{entry.scope}\t{entry.line}\n".encode())
            if entry.scope == scope:
                out.append(digest.hexdigest()[:16])
        return out or [digest.hexdigest()[:16]]

    def follow_game(self) -> None:
        """Keep the figures of the game on the table: when another game comes on (the next
        game, a final held again after a restart, a game back by undo), the stored figures
        of that game replace the last one's at once, not only once its next figure is in."""
        if self.win_game == self.game_number():
            return
        self.win_history.clear()
        self.win_steps.clear()
        self.win_series = self.win_series_step = None
        self._load_figures()

    def _load_figures(self) -> None:
        """The sparkline as it was before the app closed: the current game's stored figures
        on its course, the latest for each step."""
        self.win_game = self.game_number()
        if self.game is None:
            return
        courses = self._courses()
        kept: dict[int, dict] = {}
        for row in self.stored.figures(self.game_number()):
            step = row["step"]
            if step < len(courses) and courses[step] == row["course"]:
                kept[step] = row
        for step in sorted(kept):
            self.win_course = kept[step]["course"]
            self.win_steps.append(step)
            self.win_history.append(kept[step]["p_team1"])
            if kept[step]["p_series"] is not None:
                self.win_series, self.win_series_step = kept[step]["p_series"], step

    def figure_tag(self) -> tuple[int, int]:
        """Which state a figure belongs to: (the number of the game on the table, events
        stored so far; an undo or a redo is an event too, so no two states of the table
        share a tag)."""
        return (self.game_number(), self.stored.seq)

    def game_win_probability(self, inputs: FigureInputs, cancelled=None) -> float:
        """P(home wins the game the inputs were taken from)."""
        return home_win_probability(inputs.state, cancelled=cancelled)

    def series_win_probability(self, inputs: FigureInputs, p_home: float,
                               cancelled=None) -> float:
        """P(team 1 wins the series) with the game of the inputs at `p_home`; the games
        still to come count with the learned odds of their venue (who is at home)."""
        if inputs.winner:
            return 1.0 if inputs.winner == "team1" else 0.0
        box = self.session.box

        def team1_odds(number: int) -> float:
            home, home_key, away_key, home_roster, away_roster, starters = \
                inputs.venues[number]
            if number in inputs.headers:    # set up already: its starters and rest known
                p = opening_odds(box, inputs.headers[number], cancelled)
            else:                           # the rotation's starters, as far as known
                p = venue_odds(box, home_key, away_key, home_roster, away_roster,
                               inputs.options, cancelled, starters)
            return p if home == "team1" else 1 - p

        wins, needed = inputs.wins, inputs.needed
        if not inputs.in_play:
            return series_win_probability(team1_odds, wins, needed)
        p_team1_game = p_home if inputs.team1_home else 1 - p_home
        after_win = dict(wins, team1=wins["team1"] + 1)
        after_loss = dict(wins, team2=wins["team2"] + 1)
        return (p_team1_game * series_win_probability(team1_odds, after_win, needed)
                + (1 - p_team1_game) * series_win_probability(team1_odds, after_loss, needed))
