"""The Textual companion: home, new series, the game table, dice, hands, series and box."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.text import Text
from textual import _time as textual_time  # (the clock of events' own times)
from textual import events, on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.geometry import Region
from textual.notifications import Notification, Notify
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    DataTable,
    Input,
    Label,
    OptionList,
    RichLog,
    Select,
    SelectionList,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets._toast import Toast, ToastHolder, ToastRack  # (not exported)
from textual.widgets.input import Selection as TextSelection
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection
from textual.worker import Worker, get_current_worker

from ..engine.errors import CompanionError, TooLittleSaid, clip
from ..engine.record import header_tags
from ..files import db_words
from ..high_and_tight.actions import DECKS, LINE_STARTS, parse_action
from ..high_and_tight.box import Box, load_box
from ..high_and_tight.effects import describe_ballpark_effect, describe_card
from ..high_and_tight.rules import GAME_END_RULES, PHASE_RULES, reshuffled_owed
from ..high_and_tight.series import CONTROLS, SCENARIOS, TEAMS, SeriesRules
from ..high_and_tight.series_session import CONTROL_TAGS, SERIES, Entry, secret_told
from ..high_and_tight.state import (
    BETWEEN_GAMES_RULES,
    MODES,
    OPTIONAL_RULE_LINES,
    OPTIONAL_RULES,
)
from ..high_and_tight.winprob import Cancelled
from ..store.db import StoreError, StoreLocked
from . import chrome, views
from .chrome import (
    CheckList,
    ClosesOnce,
    EndStopList,
    EndStopSelect,
    FormScroll,
    KeyBar,
    KeysPanel,
    StatusLine,
    SteadyPaletteApp,
    TitleBar,
    TypedThrough,
    dialog_buttons,
    end_on_sigterm,
    read_settings,
    use_saved_theme,
    write_settings,
)

if TYPE_CHECKING:
    from ..store.db import Store
    from .table import Picker, Table, Waiting

# The game file (sqlite-utils) and the table (the computer manager, win probability) are
# imported when first used, after the home screen is up: a quicker start from the shell.

TABLE_CSS = Path(__file__).with_name("companion.tcss")
SIDE_BY_SIDE_COLUMNS = 70         # the board's and the options' least widths (tcss)
# The table's keys that open a window a word typed on the options may begin with (each
# window a chrome.TypedThrough): series, dugouts, log, hand, print.
WORD_WINDOW_KEYS = "sdlhp"
NOTICE_STEP, NOTICE_WIDEST = 10, 200    # the notices' widths follow the board's (tcss)
KEYS_BESIDE_BOARD_COLUMNS = 110   # narrower, the keys panel shows in the board's place
# Typed at a game's final, these go on to the next game as Enter does.
ON_WORDS = frozenset({"next", "next game", "on", "go on", "continue", "on to the next game",
                      "on to the next"})
AUTO_DELAY = 0.05      # seconds between the computer's steps, so the screen keeps up
WIN_DELAY = 0.3        # seconds the table stays still before its win probability is worked out
WATCHED_FIGURE_SECONDS = 1.0   # a series the computer plays alone: a figure this often
AUTO_RETRY = 5.0        # seconds before the computer's refused step (a full disk) is tried again
# Options that stand for a key of the game screen: option id -> its action.
# The rest rules' lines for a one-game scenario, greyed out (rules 8.2.2, 8.2.3).
ONE_GAME_LINES = {"rest": "8.2.2 pitchers rest: for a series only",
                  "short-rest": "8.2.3 short rest: for a series only"}
CATCH_UP_MOST = 1000     # automatic steps taken at once before a typed line (a game ~300)
OPTION_ACTIONS = {"!roll": "roll", "!rollall": "roll_at_bat", "!hand": "hand",
                  "!type": "type_dice", "!pick": "pick", "!draw": "draw_starter",
                  "!series": "series", "!print": "print", "!next": "next_game",
                  "!home": "back", "!undo": "undo", "!kept": "last_lineup"}
# The decisions a hidden hand would show through: the exchange and the card phase (its
# cards), and an extra inning's strategy named (rule 6.2: the suggestion weighs the hand).
HAND_PHASES = ("exchange", "cards", "name")
# Lines that name or depend on a hidden hand: offered and taken only with the curtain up (a
# Rally Caps extra card is legal only when the hand holds a card to play, rule 5.7.2).
CARD_LINE = re.compile(r"\b(plays|exchanges|rallies card)\b", re.IGNORECASE)
# A whole line (not one typed short): a record line's first word, or dice faces.
SIDED_LINE = re.compile(rf"\s*({'|'.join(LINE_STARTS)})\b|\d[\d ,-]*$", re.IGNORECASE)


class CompanionApp(SteadyPaletteApp, App):
    """The dugout companion's terminal interface.

    The home screen is the app's first screen (no screen is pushed over an empty one) and comes
    up before the game file is opened and the box is read: both happen right after it is shown,
    and the list of series fills in then (docs/architecture.md, "Start-up").
    """

    TITLE = "Dugout companion"
    # A list never narrower than a few cells: in a terminal 4 columns wide or less its text
    # had no width to wrap in, and Textual's wrapping raised (the table closed on a split
    # pane); wider than the terminal, it is cut at its edge like the rest.
    DEFAULT_CSS = """
    OptionList {
        min-width: 8;
    }
    """
    # Every screen's width class: under SIDE_BY_SIDE_COLUMNS the game screen's board (40
    # columns at least) and options (30) do not both fit side by side, so the options go
    # under the board instead of off the screen; wider, a class every NOTICE_STEP columns
    # lets the notices grow with the board (companion.tcss), so no board text shows beside
    # them, on the game screen and over it (a dialog's notices too).
    HORIZONTAL_BREAKPOINTS = [(0, "-stacked")] + [
        (columns, f"-w{columns}")
        for columns in range(SIDE_BY_SIDE_COLUMNS, NOTICE_WIDEST + 1, NOTICE_STEP)]
    BINDINGS = [Binding("q", "quit", "Quit"),
                Binding("question_mark", "keys", "Keys")]

    def __init__(self, db: str | Path | None = None, data: str | Path | None = None,
                 series_id: int | None = None, auto_delay: float = AUTO_DELAY,
                 box: Box | None = None):
        super().__init__()
        self.db_path = db
        self.data = data
        self.start_series = series_id
        self.last_series = series_id        # the home list's highlight, back from a table
        self.auto_delay = auto_delay
        self._store: Store | None = None
        self._box: Box | None = box          # read on first use when not given
        self.fatal: CompanionError | None = None     # what stopped the app, for the caller
        self._table_css = False
        self._opening = False            # a series is being opened (replayed)
        self._keys_from = 0.0            # keys read before this (monotonic) are dropped
        self.print_folder: Path | None = None   # printed to last: the next print's default

    def get_default_screen(self) -> Screen:
        # Made with its width's class (HORIZONTAL_BREAKPOINTS), so the first resize changes
        # none and its widgets are not styled twice on the way to the first screen.
        home = HomeScreen()
        if self.size.width:
            home.add_class(max(point for point in self.HORIZONTAL_BREAKPOINTS
                               if point[0] <= self.size.width)[1], update=False)
        return home

    def on_mount(self) -> None:
        """The theme the player chose last time (ctrl+p, Theme), kept in the user's config
        folder; a choice made now is kept there."""
        use_saved_theme(self)
        self.theme_changed_signal.subscribe(self, self._theme_chosen)
        end_on_sigterm(self)        # (everything accepted is stored already)

    def _theme_chosen(self, theme) -> None:
        if read_settings().get("theme") != theme.name:
            write_settings({**read_settings(), "theme": theme.name})

    def on_key(self, event) -> None:
        """Space presses the button in focus, as Enter does (Textual's buttons take Enter
        only): a player who tabbed to Start or Print presses it with either."""
        if event.key == "space" and isinstance(self.focused, Button):
            event.stop()
            self.focused.press()

    def on_notify(self, event: Notify) -> None:
        """In a short terminal a new notice takes the place of the information notices shown
        (warnings and errors stay): stacked, they would cover the board's batter, pitchers and
        odds. Every line of them is in the log (l). A half's end, with its dice, stays its
        first HALF_NOTICE_KEEP_SECONDS whatever comes. Runs before Textual adds the new one."""
        new = event.notification
        # The same words again (r pressed while no dice are awaited, again and again) take
        # the place of their copy rather than stack on it.
        drop_notices(self, [note for note in shown_notices(self)
                            if (note.title, note.message, note.severity)
                            == (new.title, new.message, new.severity)], refresh=False)
        if new.title in ANSWERED:
            # The newest refusal is the one that tells: the line just typed (three lines
            # refused one after another stacked three boxes over the batter and fielder).
            drop_notices(self, [note for note in shown_notices(self) if note.title in ANSWERED],
                         refresh=False)
        if new.severity == "information" and self.size.height < STACKED_NOTICES_MIN_ROWS:
            now = time.time()
            drop_notices(self, [note for note in shown_notices(self)
                                if gives_way(note, now)], refresh=False)
        if isinstance(self.screen, GameScreen):
            self.screen.set_timer(NOTICE_FIT_WAIT, self.screen.fit_notices)

    def push_screen(self, screen, *args, **kwargs):
        """Every screen after the home screen is drawn with companion.tcss: its rules join
        the stylesheet just before the first of them (parsed alone, nothing re-parsed).
        None once the app is closing: a key queued behind q (q then b in one burst) opened
        a window on the closing app, whose widgets were gone."""
        if self._exit:
            return AwaitComplete()
        if not self._table_css:
            self.stylesheet.add_source(TABLE_CSS.read_text(encoding="utf-8"),
                                       read_from=(str(TABLE_CSS), ""))
            self._table_css = True
        return super().push_screen(screen, *args, **kwargs)

    @property
    def store(self) -> Store:
        """The game file, opened (checked, migrated, locked) on first use."""
        if self._store is None:
            from ..store.db import Store

            self._store = Store.open(self.db_path)
        return self._store

    @property
    def box(self) -> Box:
        """The box the new series are set up from, read on first use."""
        if self._box is None:
            self._box = load_box(self.data) if self.data else load_box()
        return self._box

    @property
    def file_open(self) -> bool:
        return self._store is not None

    def open_files(self) -> bool:
        """Open the game file (and the series asked for on the command line), then read the
        box. A locked or damaged file, or a box that does not load, ends the app: the command
        line prints the problem as it did when both were opened before start."""
        if not self._stop_on_error(lambda: self.store):
            return False
        if self.store.found_empty:
            from ..store.db import found_empty_words

            self.notify(found_empty_words(self.store.path), title="A new game file",
                        severity="warning", timeout=30)
        if self.start_series is not None:
            self.open_series(self.start_series)
        self.call_after_refresh(self._stop_on_error, self._read_box)
        return True

    def _read_box(self) -> Box:
        box = self.box
        for screen in self.screen_stack:
            if isinstance(screen, HomeScreen):
                screen.box_read()
        return box

    def _stop_on_error(self, step) -> bool:
        try:
            step()
        except CompanionError as error:
            self.fatal = error
            self.exit(return_code=2)
            return False
        return True

    def action_keys(self) -> None:
        """`?`: every key of the screen in view with what it does; `?` again scrolls on
        a panel taller than the screen (a small terminal's legend below the fold: the panel
        takes no focus, so no other key scrolls it) and puts it away at its end."""
        if self._exit:
            return              # (q then ? in one burst: the screen is closing)
        panel = keys_panel(self.screen)
        if panel is not None:
            if panel.scroll_y < panel.max_scroll_y:
                panel.scroll_page_down(animate=False)
                return
            self.hide_keys(self.screen)
        else:
            # Under KEYS_BESIDE_BOARD_COLUMNS the panel takes the board's place (back when
            # it closes): the options, where Enter acts, stay in view. They move left,
            # under the notices, which go (as for a page opened to be read: the log and
            # the board keep what they said).
            self.place_keys(self.screen)
            self.screen.mount(KeysPanel())
            self.screen.call_after_refresh(self.screen.refresh_bindings)   # esc: Close keys

    def place_keys(self, screen: Screen) -> None:
        """The keys panel beside the board, or in its place under KEYS_BESIDE_BOARD_COLUMNS,
        for the width the terminal has now (asked again when it is resized)."""
        narrow = self.size.width < KEYS_BESIDE_BOARD_COLUMNS
        if narrow and not screen.has_class("-keys-narrow"):
            clear_notices(self)
        screen.set_class(narrow, "-keys-narrow")
        screen.set_class(not narrow, "-keys-beside")        # (the notices' width, tcss)

    @staticmethod
    def hide_keys(screen: Screen, narrow_only: bool = False) -> None:
        """Put the keys panel away; `narrow_only`: only where it took the board's place (a
        step of the player's own: the board he plays by comes back, where he went on
        playing some thirty steps without it)."""
        if narrow_only and not screen.has_class("-keys-narrow"):
            return
        screen.query(KeysPanel).remove()
        screen.remove_class("-keys-narrow", "-keys-beside")
        screen.call_after_refresh(screen.refresh_bindings)          # esc: Home again

    def get_system_commands(self, screen: Screen):
        """The command palette: every action of the screen in view, by name. Of Textual's
        own only Quit and Theme, in the companion's words: its Keys opened a panel of widget
        keys, not the companion's (`?`, offered instead), and Maximize and Screenshot are no
        step of a game."""
        yield SystemCommand("Quit", "leave the companion: every step is stored, and the "
                            "game is there again next time (q)", self.action_quit)
        yield SystemCommand("Theme", "the screen's colours (kept for next time)",
                            self.action_change_theme)
        yield SystemCommand("Keys", "every key of this screen and what it does (?)",
                            self.action_keys)
        if isinstance(screen, GameScreen):
            for name, help_text, action in (
                ("Roll the dice", "digital dice for the awaited roll (rule 4.6)", "roll"),
                ("Type the dice", "enter the faces rolled at the table", "type_dice"),
                ("Undo", "take back the last move (stored)", "undo"),
                ("Redo", "put back what was undone", "redo"),
                ("Show my hand", "the whole hand (behind the curtain for two players)",
                 "hand"),
                ("Dugouts and bullpens", "who is available, used or resting", "dugouts"),
                ("Log", "every action and the rule behind each step", "log"),
                ("Series", "standings, schedule, rest table, box scores", "series"),
                ("Switch dice", "from now on roll the other dice: the table's own (faces "
                 "typed) or the companion's (rolled here)", "switch_dice"),
            ):
                if screen.check_action(action, ()) is not True:
                    # As the key bar, less its dimmed keys: no Roll with dice on the table
                    # or before dice are awaited, no Undo while no step is a player's.
                    continue
                yield SystemCommand(name, help_text, getattr(screen, f"action_{action}"))
            # Every legal action by name: each card in hand that may be played, each
            # ballplayer or pitcher that may be chosen, from legal_actions like the list.
            for _number, line in screen.open_options():
                yield SystemCommand(line, views.action_help(screen.table, line),
                                    partial(screen.act, line))
        if isinstance(screen, HomeScreen):
            yield SystemCommand("New series", "start a series", screen.action_new)
            yield SystemCommand("Browse the box", "rosters, cards, ballparks", screen.action_box)
            yield SystemCommand("Print", "a set of the box, or the highlighted series' box "
                                "score, as a PDF", screen.action_print)
        if isinstance(screen, GameScreen) and screen.game_over():
            yield SystemCommand("Print", "the box score of the last game, or of the series "
                                "so far, as a PDF", screen.action_print)

    def open_series(self, series_id: int) -> None:
        """Open a stored series at its table: the home screen says so first (a long series
        takes a moment to replay), and keys pressed while it opens are dropped, never
        taken by the game screen as moves the player did not see offered."""
        if self._opening:
            return
        home = self.screen if isinstance(self.screen, HomeScreen) else None
        if home is not None:
            home.opening(series_id)
        self.call_after_refresh(self._open_series, series_id, home)
        self._opening = True

    def _open_series(self, series_id: int, home: HomeScreen | None) -> None:
        from .table import Table

        try:
            table = Table(self.store, series_id)
        except BaseException as error:
            self.series_opened()
            if home is not None:
                home.opening(None)
            if not isinstance(error, CompanionError):
                raise
            self.notify(str(error), severity="error")
            return
        if home is not None:
            home.opening(None)
        self.last_series = series_id
        # Keys stay dropped until the game screen has been drawn (`series_opened`): one
        # read while it was being set up would take a step the player never saw offered.
        self.push_screen(GameScreen(table))

    def series_opened(self) -> None:
        """The series asked for is on the screen (or failed to open): input is taken from
        now on, none read before."""
        self._opening = False
        self._keys_from = textual_time.get_time()     # the clock events are read by

    async def on_event(self, event: events.Event) -> None:
        if (isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Click,
                               events.Paste)) and not event.is_forwarded
                and (self._opening or event.time < self._keys_from or self._exit)):
            # pressed (clicked) while a series opened: nothing on screen asked; or queued
            # behind the quit (q then b in one burst opened a window on the closing app,
            # whose widgets were gone)
            return
        await super().on_event(event)

    def on_unmount(self) -> None:
        end_on_sigterm(self, on=False)
        if self._store is not None:
            self._store.close()


def cpu(row, team: str) -> str:
    """A team the computer manages, marked in the list of series."""
    return " (computer)" if row.header.get(CONTROL_TAGS[team]) == "computer" else ""


SERIES_LIST_FRAME = 6      # the series list's border, padding and scrollbar, in columns


def keys_panel(screen: Screen) -> KeysPanel | None:
    """The keys panel open on the screen; one being removed is closed already (the key
    bar, asked right after `?` and Enter put it away, still said 'esc Close keys')."""
    return next((panel for panel in screen.query(KeysPanel) if panel.display), None)


def final_title(number: int) -> str:
    """The title of a game's final notice (undoing the final takes it away)."""
    return f"Game {number} over"


def is_final_title(title: str) -> bool:
    return re.fullmatch(final_title(0).replace("0", r"\d+"), title) is not None


def table_mode(dice: str, cards: str) -> str:
    """What the series plays with, in a few words: "table dice and cards", "all digital"
    ("digital" alone did not say of what), "table dice" (the cards the companion's)."""
    if dice == cards:
        return "table dice and cards" if dice == "physical" else "all digital"
    return "table dice" if dice == "physical" else "table cards"     # the rest digital


def make_app(db: str | Path | None = None, data: str | Path | None = None,
             series_id: int | None = None, auto_delay: float = AUTO_DELAY,
             box: Box | None = None) -> CompanionApp:
    """The one factory the command line and the tests use; `box`, the box of `data` read
    already (else it is read on first use)."""
    return CompanionApp(db, data, series_id, auto_delay, box)


# -- home ---------------------------------------------------------------------------------


HOME_TITLE = "[b]The dugout companion[/b] - High & Tight"
HOME_HINT = "Enter continues the highlighted series; n starts a new one."
FIRST_HINT = "No series in this game file yet: Enter or n starts one."


class HomeScreen(Screen):
    """The first screen: usable at once ("+ New series" focused); the stored series fill in
    right after it is shown, once the game file is open."""

    BINDINGS = [Binding("n", "new", "New series"), Binding("b", "box", "Browse box"),
                Binding("p", "print", "Print"), Binding("x", "delete", "Delete"),
                Binding("q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    #series-list {
        height: auto;      /* the list hugs its series: fewer empty rows to draw at start */
    }
    """
    listed = False                # the stored series are in the list
    live: dict[int, str] = {}     # by series id: where its game in play stands (in the title)
    over: dict[int, str] = {}     # by series id: the result of one over (in the title)
    hint = HOME_HINT              # the title's second line (FIRST_HINT with none stored)
    said = HOME_HINT              # the title's second line as shown

    def compose(self) -> ComposeResult:
        self.said = self.hint
        yield TitleBar(self.title_text(self.said))
        yield EndStopList(Option("+ New series", id="new"), id="series-list")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#series-list", OptionList).focus()
        self.call_after_refresh(self._first_listing)

    def _first_listing(self) -> None:
        if self.app.open_files():
            self.refresh_list()

    def on_screen_resume(self) -> None:
        if self.app.file_open:
            self.refresh_list()

    def refresh_list(self) -> None:
        from ..store.series_store import latest_series, list_series, listed_boxes

        rows = list(reversed(list_series(self.app.store)))
        # The names come from the box, read after the first screen is up: a box that does
        # not load ends the app with its problems, as the command line prints them.
        if rows and not self.app._stop_on_error(lambda: self.app.box):
            return
        options = self.query_one("#series-list", OptionList)
        options.clear_options()
        options.add_option(Option("+ New series", id="new"))
        # Each series by its own box's names (a team renamed since keeps its old name there).
        boxes = listed_boxes(self.app.store, rows, self.app.box) if rows else {}

        def name(row, key: str, short: bool = False) -> str:
            team = boxes[row.id].teams.get(key)
            return escape(key if team is None else team.abbrev if short else team.name)

        def matchup(row, shorter: int) -> str:
            return (f"{name(row, row.team1, shorter > 0)}{cpu(row, 'team1')} v "
                    f"{name(row, row.team2, shorter > 0)}{cpu(row, 'team2')}")

        def line(row, shorter: int, pad: int = 0) -> str:
            """Shorter 1: the teams by abbreviation; 2: the scenario's first word too; the
            teams padded to `pad` cells, so that the standing's column lines up."""
            state = row.progress(lambda key: name(row, key, short=True))
            title = row.title
            title, room = ((title.split()[0], short_width) if shorter == 2
                           else (title, width))
            teams = matchup(row, shorter)
            teams += " " * (pad - Text.from_markup(teams).cell_len)
            return (f"{row.id:3d}  {title:<{room}}{teams}  ({state})  "
                    f"[dim]{table_mode(row.dice, row.header.get('Cards', 'digital'))}[/dim]")

        width = max(len(scenario.title) for scenario in SCENARIOS.values()) + 2
        short_width = max(len(scenario.title.split()[0]) for scenario in SCENARIOS.values()) + 2
        room = self.app.size.width - SERIES_LIST_FRAME

        def fits(row) -> int:
            """How much shorter the row must be said to fit on one line (2 at most)."""
            return next((shorter for shorter in range(2)
                         if Text.from_markup(line(row, shorter)).cell_len <= room), 2)

        # The teams by abbreviation when their names would wrap the line, then the
        # scenario's first word ("Divisional") at 80 columns: the same for every row, so
        # that the columns line up.
        shorter = max(map(fits, rows), default=0)
        pad = max((Text.from_markup(matchup(row, shorter)).cell_len for row in rows),
                  default=0)
        lines = [line(row, shorter, pad) for row in rows]
        if any(Text.from_markup(text).cell_len > room for text in lines):
            lines = [line(row, shorter) for row in rows]    # (no room to line them up)
        for row, text in zip(rows, lines, strict=True):
            options.add_option(Option(text, id=f"s{row.id}"))
        # Where each one's game in play stands, said in the title when it is highlighted
        # (a longer series' row has room for its standing only).
        self.live = {row.id: row.progress(lambda key, row=row: name(row, key, short=True),
                                          live=True)
                     for row in rows if row.in_game() is not None}
        # (a series over: its result, not 'continues')
        self.over = {row.id: row.progress(lambda key, row=row: name(row, key, short=True))
                     for row in rows if row.winner and not row.damage}
        # (a scenario of one game: its final and box score, not a series')
        self.one_game = {row.id for row in rows if row.one_game()}
        # The series last highlighted or opened (back from a dialog or its table); else,
        # on opening the file, the one with the newest step (a newer one may be waiting).
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        if self.app.last_series is None and rows:
            self.app.last_series = latest_series(self.app.store)
        last = f"s{self.app.last_series}"
        options.highlighted = (ids.index(last) if last in ids
                               else 1 if options.option_count > 1 else 0)
        options.focus()
        self.listed = True
        self.hint = HOME_HINT if rows else FIRST_HINT
        self.opening(None)

    def opening(self, series_id: int | None) -> None:
        """Say which series is being opened (None: done) in the title's second line; else
        where the highlighted series' game stands, when one is in play."""
        live = self.live.get(self.highlighted_series()) if self.listed else None
        over = self.over.get(self.highlighted_series()) if self.listed else None
        said = (f"Opening series {series_id}: its record is being replayed..."
                if series_id is not None else
                f"Series {self.highlighted_series()}, {live}. Enter goes on with it."
                if live else
                f"Series {self.highlighted_series()}: {over}. Enter opens its final and "
                f"box score{'' if self.highlighted_series() in self.one_game else 's'}."
                if over else self.hint)
        if (live or over) and series_id is None and len(said) > self.app.size.width - 2:
            said = said[:said.rindex(". Enter ") + 1]   # (where it stands, whole, first)
        self.said = said
        self.query_one(TitleBar).update(self.title_text(self.said))

    def title_text(self, second: str) -> str:
        """The title: the box new series and printouts come from once it is read (a player
        with a box of his own sees at once that --data was left out), then `second`."""
        box = self.app._box
        # (cut to the line: a name of 40 characters wrapped it at 80 columns, and the
        # second line went out of the title's rows)
        room = self.app.size.width - len(Text.from_markup(HOME_TITLE)) - len(" from ") - 2
        return HOME_TITLE + (f" from {escape(clip(box.name, max(room, 8)))}"
                             if box is not None else "") + "\n" + second

    def box_read(self) -> None:
        """The box is read: the title names it, the line under it unchanged."""
        self.query_one(TitleBar).update(self.title_text(self.said))

    def highlighted_series(self) -> int | None:
        option = self.query_one("#series-list", OptionList).highlighted_option
        if option is None or not (option.id or "").startswith("s"):
            return None
        return int(option.id[1:])

    @on(OptionList.OptionHighlighted, "#series-list")
    def highlighted(self) -> None:
        self.refresh_bindings()          # x deletes a series, not "+ New series"
        if self.listed and self.highlighted_series() is not None:
            # Where the list stands again after a dialog (a delete kept) or a table.
            self.app.last_series = self.highlighted_series()
        if self.listed:
            self.opening(None)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "delete":
            return self.highlighted_series() is not None or None
        return True

    def action_delete(self) -> None:
        """Delete the highlighted series once the player says so in a dialog."""
        from ..store.exchange import export_first
        from ..store.series_store import delete_series, describe_series

        series_id = self.highlighted_series()
        if series_id is None:
            return
        said = describe_series(self.app.store, series_id)
        keeping = export_first(self.app.store, series_id, db_words(self.app.db_path))

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_series(self.app.store, series_id)
            except CompanionError as error:
                self.notify(str(error), severity="error")
                return
            self.refresh_list()
            self.notify(f"Deleted {said}.", timeout=6)

        self.app.push_screen(DeleteScreen(said[0].upper() + said[1:], keeping), answered)

    @on(OptionList.OptionSelected, "#series-list")
    def choose(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "new":
            self.action_new()
        else:
            self.app.open_series(int(event.option.id[1:]))

    def action_new(self) -> None:
        def started(table: Table | None) -> None:
            if table is None:
                return
            self.app.last_series = table.stored.id
            self.app.push_screen(GameScreen(table))

        self.app.push_screen(NewSeriesScreen(self.app.box, self.app.store), started)

    def action_box(self) -> None:
        self.app.push_screen(BoxScreen(self.app.box))

    def action_print(self) -> None:
        """The whole-box sets, and the box score of the highlighted series once one of its
        games is over."""
        from ..store.series_store import finished_games
        from .printing import PrintScreen, box_score_choice, set_choices

        choices = set_choices()
        option = self.query_one("#series-list", OptionList).highlighted_option
        if option is not None and (option.id or "").startswith("s"):
            series_id = int(option.id[1:])
            if finished_games(self.app.store, series_id):
                choices.append(box_score_choice(series_id))
        self.app.push_screen(PrintScreen(choices, "all", box=self.app.box,
                                         store_path=self.app.store.path))


class ChosenLine(Label):
    """The New series dialog's line of the optional rules chosen: laid out anew (a second
    line as rules are ticked, a scroll bar come), it is brought into view with the rule
    highlighted, clear of the docked buttons (it stayed under them till the highlight
    moved again)."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, NewSeriesScreen) and screen.query_one("#rules",
                                                                    CheckList).has_focus:
            screen._rule_in_view()


class NewSeriesScreen(ClosesOnce, ModalScreen["Table | None"]):
    """Scenario, teams, optional rules, who controls each side, dice and cards: Start
    stores the new series and hands back its table; a refusal (a choice the rules do not
    allow, a game file that cannot be written) keeps the dialog open with every choice."""

    AUTO_FOCUS = "#scenario"     # the first field, not the scrolling dialog around it
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, box: Box, store: Store):
        super().__init__()
        self.box = box
        self.store = store
        self._rest_ticked: set[str] = set()     # rest rules unticked by a one-game scenario
        self._roster_labels: dict[str, str] = {}                # roster key: its label
        self._roster_keys: dict[int, list[str]] = {}            # each field's offered now
        self._last: dict = {}                   # the choices it opens with (last_choices)

    def compose(self) -> ComposeResult:
        teams = [(t.name, t.key) for t in self.box.teams.values()]
        # by the owning team's abbreviation, short enough for two selects on an 80-column row
        rosters = [(f"{getattr(self.box.roster_team(k), 'abbrev', k)} roster", k)
                   for k in self.box.rosters]
        self._roster_labels = {key: label for label, key in rosters}
        scenarios = [(f"{s.title} ({'one game' if s.one_game else f'best of {s.games}'})", k)
                     for k, s in SCENARIOS.items() if s.rotation]
        control = [("Human", "human"), ("Computer", "computer")]
        # (the table's own first, as Human is: its first choice is where the list opens, so
        # Down takes the other; Enter, Down, Enter kept Physical, the last already)
        mode = [("Physical (table)", "physical"), ("Digital", "digital")]
        first, second = self.box.default_matchup()
        self._last = last = self.last_choices({
            "scenario": "spring", "team1": first, "team2": second, "control1": "human",
            "control2": "human", "dice": "physical", "cards": "physical"})
        with FormScroll(id="dialog", classes="form"):
            # The box by its own name: a player with two boxes sees which one is read.
            yield Label(f"[b]New series[/b] from {escape(self.box.name)}  (ctrl+s starts, "
                        "escape cancels)", id="new-head")
            problem = Label("", id="problem")
            problem.display = False             # takes no row till there is a problem
            yield problem
            with Horizontal(classes="row gap"):
                yield Label("Scenario")
                yield EndStopSelect(scenarios, value=last["scenario"], allow_blank=False,
                             id="scenario", compact=True)
            with Horizontal(classes="row"):
                yield Label("Teams (1 home)")
                yield EndStopSelect(teams, value=last["team1"], allow_blank=False, id="team1",
                             compact=True)
                yield EndStopSelect(teams, value=last["team2"], allow_blank=False, id="team2",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label("Rosters (8.1.1)")
                yield EndStopSelect(rosters, prompt="Team 1 roster", id="roster1", compact=True)
                yield EndStopSelect(rosters, prompt="Team 2 roster", id="roster2", compact=True)
            with Horizontal(classes="row"):
                yield Label("Managers")
                yield EndStopSelect(control, value=last["control1"], allow_blank=False,
                             id="control1", compact=True)
                yield EndStopSelect(control, value=last["control2"], allow_blank=False,
                             id="control2", compact=True)
            with Horizontal(classes="row"):         # one setting for the table, not per team
                yield Label("Dice")
                yield EndStopSelect(mode, value=last["dice"], allow_blank=False, id="dice",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label("Strategy cards")
                yield EndStopSelect(mode, value=last["cards"], allow_blank=False, id="cards",
                             compact=True)
            told = Label("", id="cards-told")   # why the cards went digital, in its place
            told.display = False
            yield told
            yield Label("Optional rules (↑↓ move, space toggles; Tab goes to Start):",
                        classes="gap", id="rules-head")
            yield CheckList(*[Selection(f"{rule:<17}{OPTIONAL_RULE_LINES[rule]}", rule,
                                        id=rule) for rule in OPTIONAL_RULES],
                            id="rules", compact=True)
            yield ChosenLine("Chosen: none, the basic rules", id="rules-on")
            yield from dialog_buttons(
                Button("Start", variant="primary", id="start", compact=True),
                Button("Cancel", id="cancel", compact=True))

    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
    def choice_changed(self) -> None:
        """A choice changed: a refusal shown for the old choices goes (Start says again
        whether the new ones can start); how the table plays (the computer only with
        digital cards) is told at once."""
        label = self.query_one("#problem", Label)
        problem = None
        try:
            SeriesRules.check_table_tags({
                "Cards": self._value("cards") or "digital",
                "Team1Control": self._value("control1") or "human",
                "Team2Control": self._value("control2") or "human"})
        except CompanionError as error:
            found = header_tags(str(error))
            problem = found[1] if found else str(error)
        # A roster still to choose is a step of the setup, not a refusal: said as the next
        # thing to do (Start refuses it in red, as any problem).
        wanted = None if problem else self._roster_wanted()
        label.update(f"[red]Cannot start: {escape(problem)}[/red]" if problem else
                     f"[b]Next:[/b] {escape(wanted)}" if wanted else "")
        label.display = bool(problem or wanted)
        if self._value("cards") == "physical":
            self._show_told(False)

    def _roster_wanted(self) -> str | None:
        """Rule 8.1.1: an optional team plays on a standard roster's pieces, said as soon
        as the team is chosen (it was said only by Start)."""
        for n in (1, 2):
            team = self.box.teams.get(self._value(f"team{n}") or "")
            if team is not None and self.box.roster_problem(team, f"team{n}",
                                                            self._value(f"roster{n}")):
                return (f"{team.name} (team {n}) is an optional team: choose the roster whose "
                        "pieces it plays with, under Rosters (rule 8.1.1)")
        return None

    @on(Select.Changed, "#team1, #team2, #roster1, #roster2")
    def rosters_follow_teams(self) -> None:
        """Rule 8.1.1: a standard team plays with its own pieces unless given another (its
        field, left blank, says "own roster", and its own roster is not offered again under
        its abbreviation); an optional team needs one. Each field offers only the rosters
        the other team does not field (one set of pieces a roster)."""
        used: dict[int, str | None] = {}
        own: dict[int, str | None] = {}
        for n in (1, 2):
            team = self.box.teams.get(self._value(f"team{n}") or "")
            own[n] = team.roster if team is not None else None
            self.query_one(f"#roster{n}", Select).prompt = ("own roster" if own[n]
                                                            else f"Team {n} roster")
            used[n] = self._value(f"roster{n}") or own[n]
        for n, other in ((1, 2), (2, 1)):
            select = self.query_one(f"#roster{n}", Select)
            keys = [key for key in self.box.rosters_open(used[other]) if key != own[n]]
            if keys != self._roster_keys.get(n):
                kept = select.value
                self._roster_keys[n] = keys
                with select.prevent(Select.Changed):
                    select.set_options([(self._roster_labels[key], key) for key in keys])
                    if kept in keys:
                        select.value = kept
        self.choice_changed()       # (a roster emptied here, its change unsaid, is told)

    def last_choices(self, defaults: dict) -> dict:
        """The choices of the last series started here (kept in the player's settings),
        where this box and these rules still offer them (a team renamed away, a scenario
        gone: its default instead): a player plays on with his table's dice and cards."""
        kept = read_settings().get("new_series")
        kept = kept if isinstance(kept, dict) else {}
        offered = {"scenario": [k for k, s in SCENARIOS.items() if s.rotation],
                   "team1": list(self.box.teams), "team2": list(self.box.teams),
                   "roster1": list(self.box.rosters), "roster2": list(self.box.rosters),
                   "control1": CONTROLS, "control2": CONTROLS, "dice": MODES,
                   "cards": MODES}
        chosen = {key: kept[key] if kept.get(key) in offered[key] else defaults.get(key)
                  for key in offered}
        if chosen["team1"] == chosen["team2"]:
            chosen["team1"], chosen["team2"] = defaults["team1"], defaults["team2"]
        rules = kept.get("rules")
        chosen["rules"] = ([r for r in rules if r in OPTIONAL_RULES]
                           if isinstance(rules, list) else [])
        return chosen

    def on_mount(self) -> None:
        last = self._last
        rules = self.query_one("#rules", CheckList)
        for rule in last["rules"]:
            rules.select(rule)
        self.scenario_changed()
        self.rosters_follow_teams()
        for n in (1, 2):            # (offered once the teams' rosters are laid out)
            roster = self.query_one(f"#roster{n}", Select)
            if last[f"roster{n}"] in (self._roster_keys.get(n) or ()):
                roster.value = last[f"roster{n}"]

    @on(Select.Changed, "#scenario")
    def scenario_changed(self) -> None:
        """Pitcher's Rest and Short Rest (8.2.2, 8.2.3) are about the days between games:
        a single game has none, so they are offered for a series only (greyed out, and
        unticked, for one game)."""
        scenario = SCENARIOS.get(self._value("scenario") or "")
        one_game = scenario is not None and scenario.one_game
        rules = self.query_one("#rules", CheckList)
        for rule in BETWEEN_GAMES_RULES:
            line = OPTIONAL_RULE_LINES[rule]
            if one_game:                    # said in words too, not by its grey alone
                line = ONE_GAME_LINES[rule]
                if rule in rules.selected:  # ticked again on going back to a series
                    self._rest_ticked.add(rule)
                rules.deselect(rule)
                rules.disable_option(rule)
            else:
                rules.enable_option(rule)
                if rule in self._rest_ticked:
                    rules.select(rule)
                    self._rest_ticked.discard(rule)
            rules.replace_option_prompt(rule, f"{rule:<17}{line}")

    @on(Select.Changed, "#control1, #control2")
    def manager_changed(self, event: Select.Changed) -> None:
        """The computer plays only from a hand the companion deals: choosing it for a side
        turns physical strategy cards digital at once, and says so under the cards' row
        (the dice may stay the table's own). Said in the dialog, not in a notice, which
        stood over its Start and Cancel buttons. Both sides human again, the cards it turned
        digital go back to the table's own, and the note with them."""
        told = self.query_one("#cards-told", Label)
        if event.value == "computer" and self._value("cards") == "physical":
            self.query_one("#cards", Select).value = "digital"
            self._show_told(True)
            self._cards_told()
        elif told.display and "computer" not in (self._value("control1"),
                                                 self._value("control2")):
            self.query_one("#cards", Select).value = "physical"
            self._show_told(False)

    def _show_told(self, shown: bool) -> None:
        """The note takes the place of the blank line over the optional rules (it sets
        them apart as well), so the dialog still fits 80x24 without scrolling."""
        self.query_one("#cards-told", Label).display = shown
        self.query_one("#rules-head", Label).set_class(not shown, "gap")

    @on(Select.Changed, "#dice")
    def dice_changed(self) -> None:
        """The note under the cards' row follows the dice as they are set now."""
        if self.query_one("#cards-told", Label).display:
            self._cards_told()

    def _cards_told(self) -> None:
        # One line in an 80-column dialog.
        dice = " (dice unchanged)" if self._value("dice") == "physical" else ""
        self.query_one("#cards-told", Label).update(
            f"Cards now digital: the computer plays a dealt hand{dice}")

    @on(SelectionList.SelectionHighlighted, "#rules")
    def rule_highlighted(self, event: SelectionList.SelectionHighlighted) -> None:
        """The rule highlighted in view: the list does not scroll (it is as tall as its
        rules), the dialog around it does, so a Down onto the last rule left the highlight
        under the docked buttons; the choice said under the list comes with it."""
        self._rule_in_view(event.selection_index)

    def _rule_in_view(self, index: int | None = None) -> None:
        """The rule at `index` (the highlighted one when None) in view with the Chosen line
        under it, clear of the docked buttons."""
        rules = self.query_one("#rules", CheckList)
        if index is None:
            index = rules.highlighted or 0
        dialog = self.query_one("#dialog", FormScroll)
        row = rules.virtual_region.y + index
        # (and the rows under it the docked buttons cover: the scroll reaches them)
        below = self.query_one("#rules-on", Label).virtual_region.bottom
        covered = self.query_one(".buttons").outer_size.height
        dialog.scroll_to_region(Region(0, row, 1, below + covered - row), animate=False,
                                immediate=True)

    @on(SelectionList.SelectedChanged, "#rules")
    def rules_changed(self) -> None:
        """The choice in words too, for a reader of the screen (and a glance at the boxes);
        grown to a second line, it comes into view (ChosenLine)."""
        chosen = self.query_one("#rules", SelectionList).selected
        self.query_one("#rules-on", Label).update(
            "Chosen: " + (", ".join(sorted(chosen)) if chosen else "none, the basic rules"))

    def _value(self, widget_id: str):
        value = self.query_one(f"#{widget_id}", Select).value
        return None if value is Select.NULL else value

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        from .table import Setup, Table

        setup = Setup(
            scenario=self._value("scenario"), team1=self._value("team1"),
            team2=self._value("team2"), roster1=self._value("roster1"),
            roster2=self._value("roster2"),
            rules=list(self.query_one("#rules", SelectionList).selected),
            team1_control=self._value("control1"), team2_control=self._value("control2"),
            dice=self._value("dice"), cards=self._value("cards"))
        problem, table = None, None
        try:        # refused by the rules, or by the game file (then nothing was stored)
            table = Table.create(self.store, self.box, setup)
        except CompanionError as error:
            problem = str(error)
        # The dialog stays open with every choice kept and the problem in it, under its
        # title (a notice would outlive the dialog, over the table it opens once mended).
        label = self.query_one("#problem", Label)
        label.update(f"[red]Cannot start: {escape(problem)}[/red]" if problem else "")
        label.display = bool(problem)
        if problem:
            label.scroll_visible()
            return
        write_settings({**read_settings(), "new_series": {
            "scenario": setup.scenario, "team1": setup.team1, "team2": setup.team2,
            "roster1": setup.roster1, "roster2": setup.roster2,
            "control1": setup.team1_control, "control2": setup.team2_control,
            "dice": setup.dice, "cards": setup.cards, "rules": sorted(setup.rules)}})
        self.dismiss(table)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


# -- the game table --------------------------------------------------------------------------


class BoardPane(VerticalScroll):
    """The game screen's board's pane: a new size (the terminal's, or the keys panel
    opening beside it) lays the hand out again in the rows left; what even so runs past
    its foot scrolls (shift+up and shift+down, the wheel)."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.call_after_refresh(screen.show_board)
            screen.call_after_refresh(screen.fit_notices)   # (the board's top moved)


class Board(Static):
    """The game screen's board, as tall as its lines: a new width (its pane's scrollbar
    come or gone) wraps them again. (A new height is its own lines': nothing to do.)"""

    _width = 0

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and self.size.width != self._width:
            self._width = self.size.width
            screen.call_after_refresh(screen.show_board)


class Options(EndStopList):
    """The game screen's list of what may be done now: at a new size it is drawn again,
    the highlight kept in view (a smaller terminal left it scrolled out of sight)."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.call_after_refresh(screen.options_resized)


class EntryBox(Input):
    """The game screen's typing box, which keeps the keyboard until Escape: letters typed
    here are never keys, however quickly a line follows the last. Every key of the box is
    handled in the box's own turn, in the order typed: Textual runs a key binding (Enter,
    Backspace, the cursor keys) only once the key has gone up to the app and back, so the
    letters typed after Enter went into the box before the line was taken (to be taken
    with it or wiped), and a Backspace handled at once ahead of them would come after the
    Enter. On an empty box Enter takes the option highlighted in the list, which ↑↓ move
    from here; Tab and Shift+Tab stay (pressed to start typing, they left the box, and the
    next letters were keys)."""

    LIST_KEYS = {"up": "cursor_up", "down": "cursor_down", "pageup": "page_up",
                 "pagedown": "page_down"}

    def __init__(self, dice: str, id: str) -> None:    # noqa: A002 (Textual's name)
        # Nothing selected on focus: a line begun on the options (`_typed_start`) goes on
        # after its first letter, and a refused line is corrected where it stands.
        super().__init__(id=id, select_on_focus=False)
        self.dice, self.rolling, self.over = dice, False, ""
        self.show_step(False, "")

    def set_dice(self, dice: str) -> None:
        """The series' dice ("physical" or "digital"; switched by the palette's Switch
        dice): what the box says at a roll."""
        self.dice = dice
        self.show_step(self.rolling, self.over)

    def show_step(self, rolling: bool, over: str) -> None:
        """What to type now, and how to get here or away, said in the empty box: faces at
        a roll the table rolls ('3 4'), r at one the companion rolls, an action at any
        other step, nothing once the series (`over`: "series", or "game" for a scenario of
        one game; "" while it goes on) is over (an undo opens it again)."""
        self.rolling, self.over = rolling, over
        if over:
            said = (f"{over} over: nothing to type", f"{over} over: Esc, then u twice undoes")
        elif rolling and self.dice == "physical":
            said = ("Tab: type the dice, like 3 4", "type dice, like 3 4; Esc: options")
        elif rolling:
            # (36 columns at most: the box at 80 columns cut a longer one)
            said = ("r rolls the dice, R the rest", "r rolls, R the rest; Esc: options")
        else:
            said = ("Tab: type an action", "type an action; Esc: options")
        self.away, self.here = said
        self.placeholder = self.here if self.has_focus else self.away

    def _on_focus(self, event: events.Focus) -> None:
        self.placeholder = self.here

    def _on_blur(self, event: events.Blur) -> None:
        self.placeholder = self.away

    async def _on_key(self, event: events.Key) -> None:
        key = event.key
        screen = self.screen
        if key in ("enter", "tab", "shift+tab") or key in self.LIST_KEYS:
            event.stop()
            event.prevent_default()
            if not isinstance(screen, GameScreen):
                return
            if key == "enter":
                screen.typed(self)
            elif key in self.LIST_KEYS:
                getattr(screen.query_one("#options", OptionList),
                        f"action_{self.LIST_KEYS[key]}")()
            return
        roll = {"r": "roll", "R": "roll_at_bat"}.get(event.character or "")
        if roll and isinstance(screen, GameScreen) and not self.value.strip("rR ") and \
                screen.check_action(roll, ()) is True:
            # The companion's roll is due and the box holds nothing but this key (or a
            # stray 'r' pressed once too often at the step before, which began a line):
            # r rolls, and R the at-bat's rolls left at once, as on the options, where the
            # keyboard goes back to.
            event.stop()
            event.prevent_default()
            self.value = ""
            screen.set_focus(screen.query_one("#options", OptionList))
            getattr(screen, f"action_{roll}")()
            screen.left_the_box_by_rolling()
            return
        if event.is_printable and isinstance(screen, GameScreen):
            screen.make_way_for_typing()
        await own_binding_now(self, event)
        # (a printable key goes on to Input's own handler, which inserts it)


async def own_binding_now(box: Input, event: events.Key) -> None:
    """A box's own binding (Backspace, Delete, the cursor keys) run now, in the order typed:
    Textual runs a binding only once its key has gone up to the app and back, after the
    letters typed behind it."""
    if event.key in ("backspace", "left", "right") and box.value and \
            box.selection == (0, len(box.value)):
        # A refused line, selected (the next line typed replaces it): Backspace or an
        # arrow corrects it from its end, as it stands (Backspace wiped it whole).
        box.selection = type(box.selection).cursor(len(box.value))
    bindings = box._bindings.key_to_bindings.get(event.key)
    if bindings and not event.is_printable:
        event.stop()
        event.prevent_default()
        await box.run_action(bindings[0].action)


class GameScreen(Screen):
    """All of the table at a glance; every legal action one key or one click away."""

    # The board's short forms, told under the keys (`?`).
    LEGEND = ("The board: 'SP Sabaria R 4/IV inn 4/F7 +100 R2' is the pitcher's type, name, "
              "throws, Stuff (rolls/box), the inning he is pitching of his Fatigue, his "
              "Pitching Tired marker (rules 8.2.1, 8.4.2; 'groove': past his Fatigue in "
              "his groove, 8.4.1), runs allowed (a narrow board leaves out 'inn', type, "
              "throws, then cuts the name); 'O6 P2 OBP3 Sp4 "
              "Cl2' a batter's Offense, Power, OBP, Speed, Clutch; 'D5' a fielder's Defense; "
              "caps: Rally Caps left.")

    BINDINGS = [
        Binding("r", "roll", "Roll"),
        Binding("R", "roll_at_bat", "Roll the at-bat", show=False),   # its rolls left at once
        Binding("t", "type_dice", "Dice"),        # the faces rolled at the table
        Binding("u", "undo", "Undo"),
        Binding("y", "redo", "Redo"),
        Binding("h", "hand", "Hand"),
        Binding("d", "dugouts", "Dugouts"),
        Binding("l", "log", "Log"),
        Binding("s", "series", "Series"),
        Binding("p", "print", "Print"),            # shown once a game is over
        # (the board's lines past its pane's foot, in a small terminal; ? lists them)
        Binding("shift+up", "scroll_board(-1)", "Board up a line", show=False),
        Binding("shift+down", "scroll_board(1)", "Board down a line", show=False),
        Binding("escape", "to_options", "Options"),    # from the typing box
        Binding("escape", "close_keys", "Close keys"),  # the keys panel open (?)
        Binding("escape", "back", "Home"),
        Binding("q", "quit_soon", "Quit"),        # (the app's q, a word's letter allowed)
    ]

    def __init__(self, table: Table):
        super().__init__()
        self.table = table
        table.held = table.opening_hold()       # opened again on a final: it stays
        self._shown: tuple[str, tuple] | None = None   # the curtain up: (side, _stamp())
        self.board_markup = ""            # what the board shows, as markup
        self._auto_timer: Timer | None = None       # the computer's (or the dice's) next step
        self._remark_pending = False                # a suggestion to mark once laid out
        self._win_due: float | None = None         # when the table will have been still
        self._win_worker: Worker | None = None
        self._escape_held_till = 0.0       # (monotonic) Escape not home before it
        # (monotonic) till then an Escape is the typing box's, which r (or the curtain's
        # refusal) left for the options: `_box_left_by` says which
        self._box_escape_till = 0.0
        self._box_left_by = ""
        self._win_inputs = None                     # what the figure under way reads
        self._win_fault_said = False                # a fault in the figure told once
        self._games_over: int | None = None        # finished games the screen knows of
        self._computer_told: list[str] = []        # the computer's moves its notice tells
        self._computer_note: Notification | None = None
        self._computer_half: tuple | None = None    # (game, inning, half) its moves are of
        self._computer_title = ""                   # whose moves: the computer's team
        self._computer_own: set[str] = set()        # the table's own moves among them
        self._covered = 0                           # board rows under notices when laid out
        self._notices_over_board = False            # ... and over more than the hand
        self._last_half: tuple = (None, "")         # (game, its last half's notice)
        self._undo_asked = 0.0                      # when a finished series' undo was asked
        self._undo_note: Notification | None = None  # ... and the notice that said it
        self._drawn_at: tuple | None = None         # the table's step when last drawn
        self.options_lines: list[str] = []          # the legal lines the options show
        self._refused_line: str | None = None      # a line refused, left in the box
        self._draft_at = 0.0                        # when the box's text last changed
        self._draft_stamp: tuple | None = None       # and where the table stood then
        self._steps_said: str | None = None         # the last undo or redo notice
        # The final an undo went back on without undoing anything (from the next game's
        # first screen): a redo goes on from it again, as Enter does.
        self._back_on_final: int | None = None
        # A window's key pressed on the options (char, its time): the letter a word sent at
        # once begins with, if the next key comes before the window does (_word_start).
        self._window_key: tuple[str, float] | None = None
        # u, y or q pressed on the options (StepKey): a letter right behind it makes it a
        # word's first letter (_step_key_start)
        self._step_key: StepKey | None = None
        self._quit_timer: Timer | None = None       # q pressed: the quit to come
        self._word_keyed = False                    # a word begun with that key
        self._word_took: tuple[str, float] | None = None   # (its window keys, when)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield StatusLine(id="linescore")
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            # (the pane scrolls a board longer than its rows: a Static cannot)
            with BoardPane(id="board-pane", can_focus=False):
                yield Board(id="board")
            with Vertical(id="side"):
                yield Options(id="options")
                yield EntryBox(self.table.dice, id="entry")
        yield KeyBar()

    def on_key(self, event) -> None:
        """r in a series of the table's dice, t in one of the companion's: the key of the
        other kind of dice is out of the key bar, so pressing it says which key is this
        series' (rather than doing nothing without a word); at a player's decision r and t
        begin a line, as other letters do ('rally caps' was told no dice are awaited and
        typed on as 'ally caps'); r while it is dimmed otherwise says no dice are awaited,
        as t does; u and y, dimmed in a series the computer plays alone
        with its own dice, say why. Tab to the typing box makes way for typing (a focus
        given back, by a dialog closing or the window, is no typing); a key bound to
        nothing begins a line in it (`_typed_start`)."""
        if event.key in ("tab", "shift+tab") and isinstance(self.focused, Options):
            # To the typing box here and now: the focus_next binding runs only once the key
            # has come up to the app, after keys typed behind it (Tab and a name sent at
            # once: 'O' began a line, Tab then took the keyboard back to the options, and
            # the name sat in a box the keys no longer reached, or 'y' redid a step).
            event.stop()
            event.prevent_default()
            self.make_way_for_typing()
            entry = self.query_one("#entry", EntryBox)
            self.set_focus(entry)
            # Selected now, as the box's own focus will select it: the letters typed
            # behind the Tab replace a line left there ('zzz' refused, then 'Oyelaran'
            # read 'zzzOyelaran'); an arrow or End keeps it, as ever.
            entry.selection = TextSelection(0, len(entry.value))
            return
        if isinstance(self.focused, EntryBox):
            self._typed_on(event)
            return
        if isinstance(self.focused, Input):
            return
        pending, self._window_key = self._window_key, None
        char = event.character
        if (char and char in WORD_WINDOW_KEYS and event.is_printable
                and event.key in self.active_bindings):
            # (its binding opens the window; 'lloyd' begins with two such keys)
            before = self._word_start(pending, event)
            at = pending[1] if before else event.time
            behind = None if before else self._step_key_start(event)
            if behind is not None:      # 'use Good Wood': u began the word, not an undo
                self._step_key_back(behind)
                before, at = behind.key, behind.at
            self._window_key = (before + char, at)
            return
        start = self._word_start(pending, event)
        if event.key in ("u", "y") and self.table.nobody_steps() and not start:
            from .table import NOT_YOURS

            event.stop()
            self.notify(NOT_YOURS.format("undo" if event.key == "u" else "redo"),
                        severity="warning")
            return
        behind = self._step_key
        pressed = None if start else self._step_key_start(event)
        if event.key not in ("r", "R", "t"):
            if pressed and pressed.key != "q":
                self._step_key_back(pressed)    # (first: the table drawn again, then the word)
            if self._typed_start(event, pressed.key if pressed else start):
                if pressed and pressed.key == "q":
                    self._step_key_back(pressed)    # (a word begun: the quit does not come)
                elif pressed is None:
                    self._step_key_now(behind, event)
            elif event.key in STEP_KEYS and not start:
                self._step_key = StepKey(event.key, event.time, self._deciding(),
                                         self.shown_hand)
            return
        other = {"r": "physical", "R": "physical", "t": "digital"}[event.key]
        if self.table.session.is_over():
            return
        if pressed is not None:
            # 'Utley': behind u at a decision (as the table stood when u came), the word's
            # letter, wherever the undo went; elsewhere u then r is an undo and a roll
            if pressed.key != "q":
                self._step_key_back(pressed)
            if self._begin_word(pressed.key, event):
                if pressed.key == "q":
                    self._step_key_back(pressed)
                event.stop()
                event.prevent_default()
                return
        if self._deciding() and self._begin_word(start, event):
            # r and t begin a word at a decision (no dice to roll)
            event.stop()
            event.prevent_default()
            return
        if self.table.dice == other:
            event.stop()
            self.notify("this series rolls the table's dice: t types the faces rolled"
                        if other == "physical" else
                        "this series rolls the companion's dice: r rolls them",
                        severity="warning")
        elif event.key in ("r", "R") and not self.table.dice_awaited():   # dimmed: said why
            event.stop()
            self.notify("no dice are awaited now", severity="warning")

    def on_paste(self, event: events.Paste) -> None:
        """A paste on the options (a terminal's bracketed paste is one event, not keys): its
        first line begins a line in the typing box, as typed keys would."""
        text = event.text.splitlines()[0] if event.text.strip() else ""
        if text and not isinstance(self.focused, Input) and self._begin_line(text):
            event.stop()

    def word_begun(self, text: str) -> bool:
        """A window over the table opened by a key that began a word: the word's first
        letters begin the line (see chrome.TypedThrough); where the line began with the
        key already (_word_start: a letter reached the table before the window came up),
        the letter goes on after it."""
        keyed, self._word_keyed = self._word_keyed, False
        entry = self.query_one("#entry", EntryBox)
        if keyed and entry.has_focus and entry.value.startswith(text[0]):
            entry.insert_text_at_cursor(text[1:])
            return True
        return self._begin_line(text)

    def _begin_word(self, start: str, event) -> bool:
        """A line begun with this key's letter, after `start` (_word_start), remembered as
        begun with the window's key: should its window come up still, the letters it is
        handed go on after that key (word_begun), and it goes (window_unwanted)."""
        if not self._begin_line(start + event.character):
            return False
        self._word_keyed = bool(start)
        if start:
            self._word_took = (start, event.time)
            top = self.app.screen_stack[-1]
            if top is not self and top.is_mounted and self.window_unwanted(top):
                # Up already, over the word begun under it. (One still being put together
                # goes as it comes up: taken off before its fields were there, its own
                # mount failed on them, and the app with it.)
                top.dismiss(None)
        return True

    def window_unwanted(self, window) -> bool:
        """Whether `window` was opened by a key a word typed at once has taken as its
        first letter (the window pushed before the word's next letter reached the table):
        the word is the player's meaning, and the window goes."""
        took = self._word_took
        return (took is not None and isinstance(window, TypedThrough)
                and window.key is not None and window.key in took[0]
                and window.opened_at <= took[1] + chrome.TYPE_AHEAD_SECONDS)

    def _word_start(self, pending: tuple[str, float] | None, event) -> str:
        """The window's key a word typed at once begins with, when this key follows it
        within chrome.TYPE_AHEAD_SECONDS and reached the table before its window came up:
        the key's binding never ran (the typing box, focused for the word, took the keys),
        and the word lost its first letter ('raws 4'). '' otherwise."""
        if pending is None or event.time - pending[1] > chrome.TYPE_AHEAD_SECONDS:
            return ""
        return pending[0]

    def word_goes_on(self, event) -> None:
        """A key of that word that reached the window after it handed the word on."""
        self._typed_on(event)

    def _begin_line(self, text: str) -> bool:
        """`text`, typed or pasted on the options, begins a line in the typing box, in place
        of one refused before; the box takes the keyboard at once (Widget.focus waits, and
        the next key went to the list). False, and nothing done, when nothing is to be
        typed (the computer plays alone, the series is over)."""
        if self.table.nobody_steps() or self.table.session.is_over():
            return False
        self.make_way_for_typing()
        entry = self.query_one("#entry", Input)
        self.set_focus(entry)
        entry.value = text
        entry.cursor_position = len(text)
        # Drafted here and now: its Changed message comes later, and a window's closing
        # drew the table before it (at a screen two share, a draft of another step goes:
        # 'du' of 'dugout' went, the box read 'gout')
        self._drafted()
        return True

    def _typed_on(self, event) -> None:
        """A key come up to the screen while the typing box has the keyboard reached the
        list before a line begun on it moved the keyboard (`_typed_start`: a burst of keys,
        a paste; the box stops its own letters, Enter and Backspace): it goes on into the
        box in its order. Such keys were lost or fired keys ('r' rolled), and an Enter
        among them did not take the line typed."""
        entry = self.query_one("#entry", EntryBox)
        if event.key == "enter":
            self.typed(entry)
        elif event.key == "backspace":
            entry.action_delete_left()
        elif event.is_printable and event.character:
            if entry.selection.is_empty:
                entry.insert_text_at_cursor(event.character)
            else:                           # (a line left there, selected: replaced)
                entry.replace(event.character, *sorted(entry.selection))
        else:
            return                  # (Escape and the like: their bindings, as ever)
        event.stop()
        event.prevent_default()

    def _deciding(self) -> bool:
        """The table awaits a player's decision, where r and t begin words."""
        waiting = self.table.waiting()
        return (waiting.kind == "decision" and not waiting.computer
                and self.table.held is None)

    def _step_key_start(self, event) -> StepKey | None:
        """u, y or q (STEP_KEYS) pressed on the options, and a letter right behind it
        (within chrome.TYPE_AHEAD_SECONDS) that is no key of its own there: the key was a
        word's first letter ('upper deck', 'Yancey', 'Quillen'). Behind u or y, a letter
        bound to nothing, or r, t or p (s behind u) if the table stood at a decision when
        the key came ('Utley', 'use Good Wood', 'upper deck' once p prints a game over;
        'uu' undoes twice, u then r where dice were awaited rolls); behind q any other
        letter ('qq' quits; r and t as behind u). The press, for `_step_key_back`; None
        otherwise."""
        pressed, self._step_key = self._step_key, None
        char = event.character
        if (pressed is None or not event.is_printable or not char or not char.isalpha()
                or event.time - pressed.at > chrome.TYPE_AHEAD_SECONDS):
            return None         # (faces typed behind an undo: the undo stands, '34 61' begun)
        if event.key in "rRt" or (event.key == "s" and pressed.key == "u") or (
                event.key == "p" and pressed.key in "uy"):
            # (at a decision, words: 'Utley'; 'use Good Wood', a choice led as at a table;
            # 'upper deck' once a game is over and p prints)
            return pressed if pressed.deciding else None
        if pressed.key == "q":
            return None if char in "qQ" else pressed
        return None if event.key in self.active_bindings else pressed

    def _step_key_now(self, behind: StepKey | None, event) -> None:
        """u or y right behind which a line began with faces or a sign ('u' then '34' in one
        burst) before its binding ran: its step taken now. The typing box, holding the keys
        by the time the binding came round, took the key as its own and the undo was lost."""
        if (behind is not None and behind.key in "uy" and not behind.ran
                and event.time - behind.at <= chrome.TYPE_AHEAD_SECONDS):
            entry = self.query_one("#entry", Input)
            begun = entry.value             # (the step drawn anew clears the box: kept)
            self._step_key = behind             # (for _step_taken to mark it, once)
            self.action_undo() if behind.key == "u" else self.action_redo()
            self._step_key = None
            entry.value = begun
            entry.cursor_position = len(begun)

    def _step_key_back(self, pressed: StepKey) -> None:
        """A word begun with a step key's letter: its step is taken back (the undo redone,
        the redo undone; by a hand slow enough for the binding to run first), and a quit
        waiting out TYPE_AHEAD_SECONDS does not come. Sent at once, the binding never ran
        (the typing box had the keys by then). The word read 'pper deck', refused, and a
        step was undone unseen; 'quillen' quit the app."""
        if pressed.key == "q":
            if self._quit_timer is not None:
                self._quit_timer.stop()
                self._quit_timer = None
            return
        if pressed.ran != "taken":
            if pressed.ran == "said":       # its 'nothing to redo': the key was a letter
                self._drop_steps_said()
            return
        try:
            if pressed.key == "u":
                self.table.redo_to_player()
            else:
                self.table.undo_to_player()
        except CompanionError:
            return                      # (its own notice stays: the step as it now stands)
        self._drop_steps_said()
        if pressed.lifted is not None:  # the hand shown when the key came: shown again
            self.shown_hand = pressed.lifted
        self.refresh_table()

    def action_quit_soon(self) -> None:
        """q on the table quits once TYPE_AHEAD_SECONDS have passed with no letter behind
        it (a word begun with q, `_step_key_back`): a quit cannot be taken back."""
        if self._quit_timer is None:
            self._quit_timer = self.set_timer(chrome.TYPE_AHEAD_SECONDS, self._quit_now)

    def _quit_now(self) -> None:
        self._quit_timer = None
        self.app.exit()

    def _typed_start(self, event, start: str = "") -> bool:
        """A letter, digit or sign no key is bound to, typed on the options, begins a line
        ('Marty', '34 61', '+1'): the typing box takes it, in place of a line refused
        before, and what follows. On the list a name typed without Tab fired the keys it
        passed ('Run' undid a step); a name starting with a key's letter still takes that
        key."""
        char = event.character
        if (event.is_printable and char and not char.isspace()
                and (event.key not in self.active_bindings or start)
                and self._begin_word(start, event)):
            event.stop()
            event.prevent_default()
            return True
        return False

    def on_resize(self, event: events.Resize) -> None:
        """A terminal resized with the keys panel open: it takes the board's place, or
        gives it back, for the new width (opened wide then narrowed, the options went out
        of view while Enter still took them; opened narrow then widened, the board never
        came back)."""
        if keys_panel(self) is not None:
            self.app.place_keys(self)

    def on_mount(self) -> None:
        self.set_interval(WIN_DELAY / 3, self._win_tick)
        self.refresh_table()
        self.call_after_refresh(self.app.series_opened)     # drawn: keys are taken now
        self.query_one("#options", OptionList).focus()
        stored = self.table.stored
        if stored.stale is not None:
            # Nothing moves (no computer step, no deal) until the player says so.
            def answered(resume: bool | None) -> None:
                if resume:
                    try:
                        stored.set_aside_stale()
                    except CompanionError as error:     # a full disk, a read-only file
                        self.notify(f"{error}; the steps were not set aside, so the table "
                                    "stays as it is", title="Not recorded", severity="error",
                                    timeout=15)
                        self.app.pop_screen()
                        return
                    self.refresh_table()
                else:
                    self.app.pop_screen()

            self.app.push_screen(StaleScreen(stored.stale.message(stored.id),
                                             stored.set_aside_count()), answered)
        else:
            # Back at a game (a restart, or Enter on the home screen): the last half's runs
            # and dice, told at its end in a notice gone since; on a final (held in a series,
            # or the series' last game, the status line saying it) the game's last half.
            game = self.table.game
            told = views.last_half(game) if game is not None else None
            results = self.table.series.results
            if told:
                self.notify(self._half_for_rows(told, self._passes_said(game)),
                            title=RESUMED_TITLE, markup=False)
            elif results and not self.table.session.is_over():
                # On the next game's first screen, nothing of it played yet: the last
                # final, as it was told (the screen said nothing of where the series was).
                last = results[-1]
                self.notify(f"Game {last.number}: {self._final_words(last)}. Game "
                            f"{last.number + 1} begins.", title=RESUMED_FINAL_TITLE,
                            markup=False)
            if game is not None:
                self._tell_exchange_owed()
        self._tell_own_box()

    def _tell_exchange_owed(self) -> None:
        """Back at a game whose last step was an exchange of the table's own cards (rule
        5.2.2): its replacement may not be drawn yet (the app closed on the notice that
        said so, and the recap told only the last half)."""
        entries = self.table.session.entries
        if self.table.cards != "physical" or not entries or entries[-1].scope == SERIES:
            return
        action = parse_action(entries[-1].line)
        if action is not None and action.kind == "exchange":
            team = self.table.team_name(self.table.team_of(action.side))
            self.notify(f"the last step was an exchange: draw its replacement from the "
                        f"{action.args[1]} deck, if not drawn yet", title=f"Exchange: {team}",
                        timeout=10)
            game = self.table.game
            if game is not None:
                # a pile it emptied: the reshuffle owed first, as the exchange said it
                log = game.state.log
                since = max((i for i, (rule, text) in enumerate(log)
                             if rule == "5.2.2" and " exchanges " in text), default=len(log))
                self._tell_reshuffled(game, since, exchanged=True)

    def _tell_own_box(self) -> None:
        """A series plays on the copy of the box it began with: a player who edited his
        box folder since (or runs another) is told his edits are not in it, once, as it
        opens (the old names went on at the table without a word)."""
        try:
            current = self.app.box
        except CompanionError:
            return
        own = self.table.session.box
        if own.fingerprint != current.fingerprint:
            # (which files: two copies of one box have the same name, told apart by hashes)
            edited = own.files_unlike(current)
            self.notify(f"this series plays with its own copy of the box, as it began "
                        f"({own.name}, {own.fingerprint}); the box in use now "
                        f"({current.name}, {current.fingerprint}"
                        + (f"; its {', '.join(edited)} unlike the series' copy"
                           if edited else "") + ") applies to new series",
                        title="The series' own box", severity="warning", timeout=10,
                        markup=False)

    def on_screen_resume(self) -> None:
        """Back from a dialog or view: drawn again; when the table has not moved meanwhile
        (a look at the dugouts, the log, a dialog cancelled), the highlight stays on the
        option the player had it on, and a refusal still shown stays (the views that are
        read whole clear the notices themselves). A window's key seen before it came up
        begins no word now: a key after the window closed is a key of its own (kept while
        it was up: a letter may reach the table after the window was pushed, and the
        window then hands on the letters after it, word_begun)."""
        self._window_key = None
        self._word_keyed = False
        self._word_took = None                  # (its window, if one came, went)
        options = self.query_one("#options", OptionList)
        still = self._drawn_at is not None and self._drawn_at == self._stamp()
        self.refresh_table(still=still, keep=options.highlighted if still else None)
        # (notices raised over the window come down on the board now: fitted here)
        self.set_timer(NOTICE_FIT_WAIT, self.fit_notices)

    # -- drawing ----------------------------------------------------------------------------

    def refresh_table(self, still: bool = False, keep: int | None = None) -> None:
        """The whole screen drawn for the table's step; `still`: the table has not moved
        since it was last drawn (a refusal shown stays), and the options' highlight stays
        on `keep`."""
        table = self.table
        if not still:
            # A refusal of an earlier step goes once the table moves (a line taken, dice
            # rolled, an undo, the computer's move): it no longer applies.
            drop_notices(self.app, [note for note in shown_notices(self.app)
                                    if note.title in ANSWERED])
        ended = None
        if len(table.series.results) != self._games_over:
            if self._games_over is not None and len(table.series.results) > self._games_over:
                ended = table.series.results[-1]
                if not table.series.winner and table.humans():
                    # Rule 4.8: the final of a game stays on the screen until the player
                    # goes on; the next game's setup waits for him.
                    table.held = ended.number
            self._games_over = len(table.series.results)
        self.refresh_bindings()         # p Print once a game is over; r, t while dice await
        self.query_one("#entry", EntryBox).show_step(
            table.dice_awaited(), table.series.scenario.unit if table.session.is_over() else "")
        self.query_one("#linescore", StatusLine).show(partial(views.line_score, table))
        self.query_one("#status", StatusLine).show(partial(views.status, table, False))
        self.show_board()
        waiting = table.waiting()
        if self._drawn_at != self._stamp():
            # A new step (not a refusal, a curtain lifted, the dice switched): its markers
            # first; a fielder to choose, the batter he faces (4.2.3) in view.
            self._board_pane().scroll_home(animate=False)
            if waiting.kind == "decision" and waiting.phase == "field":
                self.call_after_refresh(self._batter_in_view)
        self.show_options(waiting, keep if self.options_lines == list(waiting.options)
                          else None)
        self.options_lines = list(waiting.options)
        self._drawn_at = self._stamp()
        if self.table.secret():
            self._retire_stale_hand()
            entry = self.query_one("#entry", Input)
            if entry.value and not entry.has_focus and self._draft_stamp != self._stamp():
                # A line drafted and left in the box (Escape) at a screen two share goes
                # once the table moves, however it moved (a roll, an undo, the list): it
                # may name a card of the hand behind the curtain ('exchange Web Gem for
                # offense' on the other player's turn).
                entry.value = ""
        if ended is not None:
            self.announce(ended)
        self.schedule_win_probability()
        self.schedule_auto()

    def show_options(self, waiting: Waiting, highlight: int | None = None) -> None:
        """The list of what may be done now, the highlight on the suggestion (or the
        cautious choice), or on `highlight` (the option it was on, the list drawn again at
        a new width, where the suggestion's mark may change)."""
        table = self.table
        options = self.query_one("#options", OptionList)
        options.clear_options()
        options.border_title = options.border_subtitle = None
        start_at = highlight
        highlight = 0
        if table.held is not None:
            options.add_option(Option(f"On to game {table.held + 1} (Enter)", id="!next"))
        elif waiting.kind == "chance" and waiting.scope == "series" and waiting.options:
            # Physical dice: the players draw the random starter and say which (rule 3.0),
            # or the companion draws him; Enter draws, so a hurried Enter never records a
            # starter the table did not draw.
            options.add_option(Option("Draw the starter for us (at random)", id="!draw"))
            # (the computer's too: its pieces are on the table, drawn by the same hands)
            options.border_title = "an SP piece drawn blind"
            for number, line in enumerate(waiting.options):
                options.add_option(Option(views.drawn_starter(table, line), id=f"o{number}"))
        elif table.dice_awaited(waiting):
            if table.dice == "digital":
                options.add_option(Option("Roll the dice (r)", id="!roll"))
                atbat = table.game.state.atbat
                left = atbat.rolls_left + (table.game.state.phase == "free-roll")
                if left > 1:
                    options.add_option(Option(f"Roll the {left} rolls left at once (R)",
                                              id="!rollall"))
            else:
                options.add_option(Option("Type the dice (t)", id="!type"))
        elif waiting.kind == "over":
            # The series is over: what there is left to do, one key or one click away.
            one = self.table.series.scenario.one_game
            options.add_option(Option("The game and its box score (s)" if one else
                                      "The series and its box scores (s)", id="!series"))
            options.add_option(Option(f"Print the box score{'' if one else 's'} (p)",
                                      id="!print"))
            options.add_option(Option("Back to the home screen (esc)", id="!home"))
        elif not waiting.computer:
            hidden = self._curtain_down(waiting)
            rotation_hidden = hidden and self.secret_rotation(waiting)
            # Behind the curtain no hint either: it is worked out from the hidden hand.
            suggested = None if hidden else table.suggestion(waiting)
            # (a suggestion the P(run) beside the options does not explain: why, under them)
            options.border_subtitle = views.suggestion_why(table, waiting, suggested)
            start = table.highlight_start(waiting, suggested)
            picker = None if rotation_hidden else table.picker(waiting, suggested)
            if picker is not None and suggested in waiting.options:
                # A lineup or rotation: the suggestion, then slot by slot (not every
                # permutation; the command palette still lists them all).
                text = views.option_text(table, suggested)
                options.add_option(Option(self.marked_suggested(text),
                                          id=f"o{waiting.options.index(suggested)}"))
                from .table import lineup_pieces

                kept = table.last_lineup(waiting)
                # (the suggestion again, its slots in another order, is no other lineup)
                if kept is not None and lineup_pieces(kept) != lineup_pieces(suggested):
                    # (a player keeps his lineup from game to game most often)
                    options.add_option(Option(views.option_text(table, kept)
                                              + "  [dim]as last game[/dim]", id="!kept"))
            for number, line in self.open_options(waiting):
                if picker is not None and (picker.covers(line) or line == suggested):
                    continue        # a physical exchange's keep stays a line of its own
                text = views.option_text(table, line)
                if line == suggested:
                    text = self.marked_suggested(text)
                if line == start:
                    highlight = options.option_count       # Enter takes the suggestion
                options.add_option(Option(text, id=f"o{number}"))
            if picker is not None:
                # (the exchange's typed form said beside it: a table typing its lines
                # found no word of it on the screen)
                options.add_option(Option("Choose the card and the deck...  [dim]or type "
                                          "'exchange CARD for off' (or def)[/dim]"
                                          if picker.head.endswith(" exchanges")
                                          else "Choose slot by slot...", id="!pick"))
            if (table.cards == "physical" and table.game is not None
                    and waiting.phase == "cards"
                    and table.game.state.atbat.must_play == waiting.side):
                # Rally Caps' extra card must be played (5.7.2): the companion cannot see
                # the table's hand, which may hold none of the cards it could be.
                options.add_option(Option("None of these in hand: take the Rally Caps use "
                                          "back (u)", id="!undo"))
            if rotation_hidden:
                said = ("name your starter" if self._naming_starter(waiting)
                        else "set your secret rotation")
                options.add_option(Option(f"Lift the curtain to {said} (h)", id="!hand"))
            elif hidden:
                options.add_option(Option("Lift the curtain to see your cards (h)",
                                          id="!hand"))
        shown = self.shown_hand if table.secret() else None
        if shown is not None:
            # Said where the player looks, at every size (the hand's lines on the board are
            # the first to go in a small terminal): the screen shows a hand now.
            team = shown if shown in TEAMS else table.team_of(shown)
            up = f"curtain up: {table.team_abbrev(team)}"
            options.border_title = f"{up} · {options.border_title}" if options.border_title \
                else up
        if options.option_count:
            if start_at is not None and start_at < options.option_count:
                highlight = start_at
            options.highlighted = highlight
            # In view as well as chosen: the list scrolls to it by itself only when the
            # number changes, and its wrapped lines' heights are known after the layout.
            self.call_after_refresh(options.scroll_to_highlight)

    def options_resized(self) -> None:
        """A new width or height (the terminal's, the keys panel's): the options drawn
        again, each wrapped to the width and the suggestion marked for it, the highlight
        kept on its option and brought into view."""
        options = self.query_one("#options", OptionList)
        waiting = self.table.waiting()
        if options.option_count and self.options_lines == list(waiting.options):
            self.show_options(waiting, options.highlighted)

    def marked_suggested(self, text: str) -> str:
        """An option marked as the computer manager's suggestion: 'suggested' after it, or,
        where that word would take a line of its own and a '»' before it would not (a
        narrow terminal), the '»', told in the list's title."""
        options = self.query_one("#options", OptionList)
        room = options.scrollable_content_region.width      # inside padding and scrollbar
        worded = f"{text}  [i]suggested[/i]"
        if room <= 0 and not self._remark_pending:
            # Not laid out yet (the screen's first drawing): marked again once it is.
            self._remark_pending = True
            self.call_after_refresh(self._remark_suggestion)
        if room <= 0:
            return worded
        if self._rows(worded, room) <= self._rows(text, room):
            return worded               # it fits on the option's own lines
        # The word would take a line of its own, read as another option: the mark instead
        # (a wrapped last word still reads as the option's own line).
        options.border_title = "» suggested"
        return f"» {text}"

    def _remark_suggestion(self) -> None:
        self._remark_pending = False
        if self.query_one("#options", OptionList).scrollable_content_region.width > 2:
            self.refresh_table()

    def _rows(self, markup: str, width: int) -> int:
        console = self.app.console
        return len(console.render_lines(Text.from_markup(markup),
                                        console.options.update_width(width), pad=False))

    def show_board(self) -> None:
        """The board, a wrapped line (a card's reason in a narrow terminal) kept under its
        first word, not at the left edge. The hand, last, keeps to the rows left: the cards
        that do not fit give way to a line naming how many more the hand window has."""
        board = self.query_one("#board", Static)
        self.table.follow_game()
        hand = self._hand_to_show()
        # (the board's width: its dice break between rolls, never inside one)
        draw = partial(views.board, self.table, hand,
                       width=board.content_region.width or None)
        markup = draw()
        # The rows a notice over the board's foot leaves (the hand and its "N more" hint
        # keep above it; the tick lays the board out again as notices come and go).
        self._covered = self._rows_under_notices()
        rows = max(self._board_pane().content_region.height - self._covered, 0)
        cards = most = len(views.hand_lines(self.table, hand)) - 1 if hand else 0
        while most > 0 and rows and self._board_rows(markup) > rows:
            most -= 1               # the hand's cards give way first, counted in its hint
            markup = draw(hand_most=most)
        if rows and self._board_rows(markup) > rows:
            # Still short of rows (a Managerial Move's odds at 80x24, a notice over the
            # foot): the blank lines between the blocks go, so the win figure stays in
            # view, and the rows they leave go back to the hand.
            markup = draw(hand_most=most, compact=True)
            while most < cards:
                wider = draw(hand_most=most + 1, compact=True)
                if self._board_rows(wider) > rows:
                    break
                most, markup = most + 1, wider
            if self._board_rows(markup) > rows:
                # Even so (a Managerial Move's odds, a ballpark's line, the cards played on
                # two lines): the win figure goes above the pieces, whose Rally Caps and
                # hand counts give way at the foot instead.
                markup = draw(hand_most=most, compact=True, win_high=True)
        if rows and self._board_rows(markup) > rows and views.between_games(self.table):
            # Between games the series' lines run long (every pitcher's rest): the last of
            # them give way to a line pointing to the series window, which has them all.
            markup = views.cut_to_rows(markup, lambda cut: self._board_rows(cut) <= rows)
        # Notices over the board's own lines (the markers, pitchers, batter, the figure)
        # once even the hand has given way: the tick lets the oldest of them go.
        self._notices_over_board = bool(self._covered and self._board_rows(markup) > rows)
        self.board_markup = markup
        board.update(views.hanging(markup))

    def _rows_under_notices(self) -> int:
        """How many of the board's last rows the notices shown cover (they stack at the
        bottom left, over the board)."""
        board = self._board_pane().content_region
        shown = shown_notices(self.app)             # (a toast leaving is not counted)
        tops = [toast.region.y for toast in self.query(Toast)
                if toast._notification in shown and toast.region.height
                and toast.region.x < board.right and toast.region.right > board.x]
        return max(board.bottom - min(tops), 0) if tops else 0

    def _notice_gives_way(self) -> bool:
        """Notices stacked so high that they cover the board's own lines: the oldest one
        that may go (`gives_way`) goes, never the newest (every line is in the log, l).
        Whether one went."""
        now = time.time()
        going = next((note for note in shown_notices(self.app)[:-1]
                      if gives_way(note, now)), None)
        if going is None:
            return False
        drop_notices(self.app, [going])
        return True

    def action_scroll_board(self, lines: int) -> None:
        """shift+up, shift+down: the board's pane a line up or down (the options keep the
        keyboard, so up and down stay theirs)."""
        pane = self._board_pane()
        pane.scroll_to(y=pane.scroll_y + lines, animate=False)

    def fit_notices(self, tries: int = 5) -> None:
        """The notices rise no higher than the board's top: the line score and the status
        line over it stay in view however many are shown at once (at 80x24 a half's end, a
        pitching change and the computer's cards, each kept its first seconds, covered both).
        Past it, the oldest information notices go (their lines are in the log): never the
        newest, nor a refusal or a warning. Asked once the new notice is laid out (its toast
        comes a refresh or two after it: NOTICE_FIT_WAIT `tries` times more)."""
        if self.app.screen is not self or not self.query_children(ToastRack):
            return          # (no rack: a test's app run without its notices)
        shown = shown_notices(self.app)
        toasts = {toast._notification.identity: toast for toast in self.query(Toast)}
        if any(note.identity not in toasts or not toasts[note.identity].region
               for note in shown):
            if tries:       # (not laid out yet)
                self.set_timer(NOTICE_FIT_WAIT, partial(self.fit_notices, tries - 1))
            return
        rack = self.get_child_by_type(ToastRack)
        # (stacked from the rack's foot up, each with its margin over it)
        room = self.size.height - rack.styles.margin.bottom - self._board_pane().region.y
        rows = {note.identity: toasts[note.identity].region.height
                + toasts[note.identity].styles.margin.top for note in shown}
        need = sum(rows.values())
        going = []
        for note in shown[:-1]:
            if need <= room:
                break
            if note.severity == "information":
                going.append(note)
                need -= rows[note.identity]
        drop_notices(self.app, going)

    def _board_pane(self) -> BoardPane:
        """The board's pane: the rows in view (the board itself is as tall as its lines)."""
        return self.query_one("#board-pane", BoardPane)

    def _batter_in_view(self) -> None:
        """The board scrolled so its batter's line shows (at 60x20 it stopped at the
        pitchers while a fielder was chosen against that batter, rule 4.2.3)."""
        lines = self.board_markup.split("\n")
        at = next((n for n, line in enumerate(lines) if line.startswith(views.BATTER_LINE)),
                  None)
        if at is None or not self.is_attached:
            return                  # (no batter yet; the screen gone meanwhile)
        pane = self._board_pane()
        bottom = self._board_rows("\n".join(lines[:at + 1]))
        shown = pane.content_region.height - self._covered
        if shown > 0 and bottom > pane.scroll_y + shown:
            pane.scroll_to(y=bottom - shown, animate=False)

    def _board_rows(self, markup: str) -> int:
        """The rows the board takes at its width, wrapped lines counted."""
        board = self.query_one("#board", Static)
        return views.rows_taken(self.app.console, markup, board.content_region.width)

    def _final_words(self, result) -> str:
        """A game's final and the series standing: 'Texas Cowboys win 6-5 in 9 innings;
        TXC lead the series 1-0' (rules 4.8, 7.0)."""
        table = self.table
        loser = "team2" if result.winner == "team1" else "team1"
        # (an exhibition's standing, 'X win the game', is the line itself: said once)
        standing = "" if table.series.scenario.rotation == 0 else f"; {table.standing()}"
        return (f"{table.team_name(result.winner)} win {result.runs[result.winner]}-"
                f"{result.runs[loser]} in {result.innings} innings{standing}")

    def announce(self, result) -> None:
        """A game just ended (rule 4.8): its score, and the series standing (rule 7.0)."""
        table = self.table
        told = self._final_words(result)
        game = table.session.games[result.number - 1]
        if self._last_half[0] is game:
            # The final takes the place of the last half's notice: its runs and dice too;
            # under HALF_NOTICE_BRIEF_ROWS, where they stood over the line score and the
            # status line, the log has them (as a half's end says its runs only there).
            told += (f"\nLast half: {self._last_half[1]}"
                     if self.app.size.height >= views.HALF_NOTICE_BRIEF_ROWS
                     else "\nl: the log has the last half's dice and cards")

        def final() -> None:
            # The final says it all: the game's last notices (its last half, the computer's
            # moves) go, so that they do not stack over the status line in a small
            # terminal. Called later, after the notices of the step now in the queue (and
            # not at all once the player has left the table for the home screen).
            if self not in self.app.screen_stack:
                return
            self._clear_notices()
            self.notify(told, title=final_title(result.number), timeout=10, markup=False)

        self.app.call_later(final)

    def open_options(self, waiting=None) -> list[tuple[int, str]]:
        """The legal actions a player at the keyboard may take now, numbered as the table
        lists them: none while the computer or the dice are awaited, and no card actions
        while the hot-seat curtain is down."""
        waiting = waiting or self.table.waiting()
        if waiting.computer or waiting.kind != "decision":
            return []
        hidden = self._curtain_down(waiting)
        if hidden and self.secret_rotation(waiting):
            return []
        return [(number, line) for number, line in enumerate(waiting.options)
                if not (hidden and CARD_LINE.search(line))]

    def _stamp(self) -> tuple:
        """Where the table stands (for the hot-seat curtain, and a screen drawn again
        unmoved): the last event stored (any step, roll, undo or redo) and the final held
        (going on to the next game stores nothing)."""
        return (self.table.stored.seq, self.table.held)

    @property
    def shown_hand(self) -> str | None:
        """The side (or, setting a secret rotation, the team) whose player lifted the
        hot-seat curtain, while the table has not moved since: any step, roll, undo or redo
        brings it down (a roll that ended the half left the batter's hand on the board for
        the other player's card phase)."""
        if self._shown is None or self._shown[1] != self._stamp():
            return None
        return self._shown[0]

    @shown_hand.setter
    def shown_hand(self, side: str | None) -> None:
        self._shown = None if side is None else (side, self._stamp())

    def _lift(self, side: str, stamp: tuple) -> None:
        """The curtain the player asked for at `stamp` lifts only if the table is still
        there: a step stored while its dialog was open (a card dealt behind it, a burst of
        keys) gives the turn to someone else, whose screen it would be."""
        if self._stamp() != stamp:
            self.notify("the table moved on while the curtain was asked for: it stays down "
                        "(h for the step now awaited)", severity="warning")
            return
        self.shown_hand = side
        self.refresh_table()

    def _retire_stale_hand(self) -> None:
        """A curtain or hand window opened before the table moved (a step from a burst of
        keys, the companion's deal behind it) was for the step before: it hides the hand
        and says so, but stays up (closed unseen, the Enter meant to lift the curtain took
        the next player's step on the table, and a q meant to close the window quit)."""
        top = self.app.screen
        stamp = getattr(top, "stamp", None)
        if stamp is not None and stamp != self._stamp():
            top.retire()

    def hot_seat(self) -> bool:
        """Two humans share the screen and the companion holds their cards."""
        return self.table.cards == "digital" and len(self.table.humans()) == 2

    def _curtain_down(self, waiting) -> bool:
        if self.secret_rotation(waiting):
            return self.shown_hand != waiting.team
        return (self.hot_seat() and waiting.phase in HAND_PHASES
                and self.shown_hand != waiting.side)

    def secret_rotation(self, waiting) -> bool:
        """Two humans share the screen and one sets his secret rotation (rule 3.0), or names
        the next starter when short rest gives a choice (8.2.3 a: the choice tells the
        rotation's turn)."""
        return (waiting.scope == "series" and waiting.kind == "decision"
                and self.table.secret()
                and any(" rotation " in line or " starts " in line
                        for line in waiting.options[:1]))

    def _hand_to_show(self) -> str | None:
        """A human's own cards show when nobody else at the table is human (no curtain
        needed) or when that player lifted the curtain (h)."""
        if self.table.cards != "digital" or self.table.game is None:
            return None
        humans = self.table.humans()
        if self.shown_hand:
            return self.shown_hand
        if len(humans) == 1:
            side_of = {self.table.team_of(s): s for s in ("home", "away")}
            return side_of.get(next(iter(humans)))
        return None

    def _win_running(self) -> bool:
        return self._win_worker is not None and self._win_worker.is_running

    def schedule_win_probability(self) -> None:
        """Work the figure out once the table has been still for WIN_DELAY. A figure under
        way when a step is taken goes on to its end (shown a step behind, marked so) unless
        an undo left its course; the next starts once it is done. Cancelled at each step,
        a table moving on steadily (a new game's first steps, dice rolled one after another)
        showed no figure at all. A series the computer plays alone is never still: there a
        figure is worked out every WATCHED_FIGURE_SECONDS."""
        if not self.table.humans():
            if self._win_due is None and not self._win_running():
                self._win_due = time.monotonic() + WATCHED_FIGURE_SECONDS
            return
        self._win_due = time.monotonic() + WIN_DELAY
        if self._win_running() and not self.table.on_course(self._win_inputs):
            self._win_worker.cancel()

    def _win_tick(self) -> None:
        if self._rows_under_notices() != self._covered:
            self.show_board()           # a notice came or went over the board's foot
        while self._notices_over_board and self._notice_gives_way():
            self.show_board()
        if (self._win_due is not None and time.monotonic() >= self._win_due
                and not self._win_running()):
            self._win_due = None
            inputs = self.table.figure_inputs()     # copied here, never read live
            if inputs is not None and not self.table.has_figure(inputs):
                self._win_inputs = inputs
                self._win_worker = self.compute_win_probability(inputs)

    @work(thread=True, exclusive=True, group="winprob")
    def compute_win_probability(self, inputs) -> None:
        """Win probability off the UI thread, from a copy of the table taken on it, so the
        screen never waits and the next step never changes what the worker reads."""
        worker = get_current_worker()

        def cancelled() -> bool:
            return worker.is_cancelled
        try:
            # The game's figure first; the series' may have venues still to learn.
            p_home = self.table.game_win_probability(inputs, cancelled)
            if cancelled():
                return
            self.app.call_from_thread(self._show_win_probability, inputs, p_home, None)
            p_series = self.table.series_win_probability(inputs, p_home, cancelled)
            if not cancelled():
                self.app.call_from_thread(self._show_win_probability, inputs, p_home,
                                          p_series)
        except Cancelled:       # the game moved on: the next still table asks again
            return
        except Exception as error:      # a fault: said once, not swallowed; the table goes on
            if not cancelled():         # (cancelled: the app closing)
                self.app.call_from_thread(self._win_failed, error)

    def _win_failed(self, error: Exception) -> None:
        """The win figure met a fault (a bug, not a rule): the board keeps its last figure,
        the player is told once a screen what failed, and the game goes on."""
        if not self._win_fault_said:
            self._win_fault_said = True
            self.notify(f"the win probability could not be worked out "
                        f"({type(error).__name__}: {error}); the game goes on without it",
                        title="Win probability", severity="warning", timeout=10)

    def _show_win_probability(self, inputs, p_home: float, p_series: float | None) -> None:
        """Show a figure of the table as it is, or of an earlier step still on the game's
        course (marked a step behind; one of a branch an undo left is dropped); without
        the series' figure yet, the last one stays (none for a new game)."""
        if not self.is_attached or self.app.screen is not self:     # (an app closing: not)
            return
        if inputs.tag != self.table.figure_tag() and not self.table.on_course(inputs):
            return
        self.table.add_figure(inputs, p_home, p_series)
        try:
            self.show_board()
        except NoMatches:       # the app closing: its widgets go before the screen does
            pass

    # -- the computer and digital chance ---------------------------------------------------------

    def schedule_auto(self) -> None:
        if self.table.stored.stale is not None:
            return                      # the player first decides how it resumes
        if self.table.held is not None:
            return                      # a finished game stays on the screen till then
        if self._auto_timer is None:
            self._auto_timer = self.set_timer(max(self.app.auto_delay, 0.001), self._auto_step)

    def stop_auto(self) -> None:
        """The next automatic step no longer on its timer (taken now, or paced anew)."""
        if self._auto_timer is not None:
            self._auto_timer.stop()
            self._auto_timer = None

    def _auto_step(self) -> None:
        # Taken by its timer or at once (a typed line catching up): either way the timer
        # goes, so a step caught up leaves none behind to fire out of its pace (a timer's
        # call is queued: a step caught up before it set the next timer, stopped here).
        self.stop_auto()
        if self.table.held is not None:
            return                      # a timer set before the game ended
        waiting = self.table.waiting()
        game, noted = self._log_mark()
        # a card dealt the player's own hand (the screen shows it): told when the deal ends
        dealt_to = (game.state.pending_deals[0][0] if game is not None
                    and waiting.phase == "deal" and game.state.pending_deals else None)
        # the card a Rally Caps use for an extra card owes, played for the player (5.7.2)
        owed = (game is not None and waiting.phase == "cards" and game.state.atbat is not None
                and game.state.atbat.must_play == waiting.side)
        try:
            entry = self.table.auto_step()
        except StoreLocked as error:    # the file went to another companion: no retry
            self.notify(str(error), title="Not recorded", severity="error", timeout=30)
            return
        except StoreError as error:     # a full disk: the computer tries again shortly
            self.notify(f"{error}; the computer tries again in {AUTO_RETRY:.0f} s",
                        title="Not recorded", severity="error", timeout=AUTO_RETRY)
            self.set_timer(AUTO_RETRY, self.schedule_auto)
            return
        except CompanionError as error:
            self.notify(str(error), severity="error")
            return
        if (entry is not None and waiting.computer and waiting.kind == "decision"
                and self.table.humans()):
            told = views.computer_move(entry, game.state.log[noted:] if game else [],
                                       game.state if game else None)
            if told:        # its card, Rally Caps, Managerial Move or pitching change
                self._tell_computer(f"{self.table.team_name(waiting.team)} (computer)", told)
        if entry is not None and self.table.forced(waiting) and not waiting.only_pass:
            # The one choice the rules left a player, taken for him: said, so the piece on
            # the table is moved to match (and its markers join the computer's notice).
            self._told_with_computer(entry, game, noted)
            # A save the Closer must take (8.3) is no lack of arms: said as the rule says it.
            why = (waiting.prompt if waiting.demanded else
                   "the one eligible card for the Rally Caps used for an extra card (rule "
                   "5.7.2)" if owed else
                   f"the only choice left (rule {PHASE_RULES.get(waiting.phase, '4.0')})")
            # A pitcher brought in is a piece to change on the table: its notice keeps its
            # first seconds in a short terminal, where the next forced step's took its place
            # at once (a Closer's save came in unseen).
            change = " brings in " in entry.line
            # (its side by the team, as the board names it: 'away brings in Rivero' read
            # as nobody's in a game of two players)
            said = views.side_by_team(game.state, entry.line) if game else entry.line
            self.notify(f"{said}: {why}", title=self.table.team_name(waiting.team)
                        + (PITCHING_CHANGE_TITLE if change else ""),
                        timeout=8 if change else 6, markup=False)
        elif (entry is not None and waiting.only_pass and self.table.forced(waiting)
              and len(self.table.humans()) == 2):
            # Two people at the table: a pass made for one (no card of his may be played)
            # is said at once, not only at the half's end; the other's next 'pass' went to
            # his own Managerial Move, read as standing pat.
            said = views.side_by_team(game.state, entry.line) if game else entry.line
            self.notify(f"{said}: no card it may play now (rule 5.4)",
                        title=self.table.team_name(waiting.team), timeout=6, markup=False)
        if entry is not None and dealt_to is not None:
            self._tell_dealt(dealt_to)
        if entry is not None:
            self._tell_after(game, [entry.line], noted)
            self.refresh_table()

    def _tell_dealt(self, side: str) -> None:
        """Rules 3.0, 5.2.1 and 5.2.2: the companion deals a draw or an exchange one card
        at a time; once it is dealt, the cards new to the player's own hand are told by
        name (on the board they stood among the others, found by comparing), read from the
        game's record (a restart in the middle of the deal tells them all). Not the
        setup's six, the whole hand; never at a screen two players share (a notice stays
        on after the curtain comes down), nor the computer's."""
        game = self.table.game
        if game is None or self.hot_seat() or self._hand_to_show() != side:
            return
        state = game.state
        owed = state.pending_deals if state.phase == "deal" else []
        if owed and owed[0][0] == side:
            return                          # more of the same draw to come
        dealt = list(itertools.takewhile(lambda action: action.kind == "deal",
                                         reversed(game.actions)))
        before = game.actions[-len(dealt) - 1] if len(game.actions) > len(dealt) else None
        if before is None or (before.kind == "draw" and state.inning == 0):
            return                          # the setup's draw: the whole hand is new
        cards = [action.args[0] for action in reversed(dealt)]
        team = self.table.team_name(self.table.team_of(side))
        self.notify(", ".join(cards), title=f"{team}{DREW_TITLE}", markup=False)

    def _catch_up(self) -> None:
        """Before a line typed in the box: the steps nobody at the table takes that are
        still due (the computer's replies, digital deals and dice, a forced pass, which the
        screen paces out) are taken at once. The line was typed for the turn after them;
        taken before, it was refused as out of turn, and the refusal wiped by the
        computer's move a moment later, unseen."""
        for _ in range(CATCH_UP_MOST):
            if self.table.held is not None or self.table.stored.stale is not None:
                return
            before = len(self.table.session.entries)
            self._auto_step()
            if len(self.table.session.entries) == before:
                return                  # a person's turn (or the step was refused: told)

    def _drop_computer_note(self) -> None:
        """The computer's moves notice goes (an undo or redo changed the course it told, or
        the game is over); its next move starts a new one."""
        if self._computer_note is not None:
            drop_notices(self.app, [self._computer_note])
        self._computer_note = None
        self._computer_told = []
        self._computer_own = set()

    def _clear_notices(self) -> None:
        """Every notice goes, the computer's moves notice with its moves: the table starts
        clean (a half's or a game's end, the next game, the home screen)."""
        self._drop_computer_note()
        clear_notices(self.app)

    def _half_key(self) -> tuple | None:
        """(game, inning, half) of the half inning on the table; None before a game."""
        game = self.table.game
        return ((len(self.table.session.games), game.state.inning, game.state.half)
                if game is not None else None)

    def _tell_computer(self, title: str, told: str, own: bool = False) -> None:
        """The computer's moves of a half inning share one notice, the latest few a line
        each (each move shows it anew, a little longer the more it holds), rather than a
        stack of notices over the options; a move after the notice timed out shows it again
        with the half's earlier moves; a new half's move starts a notice of its own."""
        previous = self._computer_note
        half = self._half_key()
        shown = previous is not None and showing(self.app, previous)
        if not (previous is not None and self._computer_title == title
                and half == self._computer_half):
            self._computer_told = []        # a new notice for each half inning's moves
            self._computer_own = set()
        if shown:
            drop_notices(self.app, [previous])
        self._computer_half = half
        self._computer_title = title
        if own:
            self._computer_own.add(told)
        self._computer_told.append(told)
        # it grows with its moves, except in a short terminal, where it stands over the
        # board's pitchers and batter (the board's Played line keeps the cards)
        short = self.app.size.height < STACKED_NOTICES_MIN_ROWS
        timeout = min(self.app.NOTIFICATION_TIMEOUT + 2 * (len(self._computer_told) - 1),
                      self.app.NOTIFICATION_TIMEOUT if short else MOVES_NOTICE_MOST_SECONDS)
        # Lines of the table's own (a card, Rally Caps) said between the computer's moves:
        # the title says so, or they would read as the computer's.
        # (while one of them is among the lines the notice shows)
        mixed = any(line in self._computer_own
                    for line in self._computer_told[-views.MOVES_SHOWN:])
        shown_title = f"{title} and you" if mixed else title
        note = Notification(views.moves_notice(self._computer_told), shown_title, "information",
                            timeout, markup=False)
        self._computer_note = note
        self.app.post_message(Notify(note))

    # -- acting --------------------------------------------------------------------------------

    def _log_mark(self):
        """The game now and how many notes its log holds, to tell what a step added."""
        game = self.table.game
        return game, (len(game.state.log) if game is not None else 0)

    def _tell_after(self, game, lines: list[str], noted: int) -> None:
        """What the steps taken (`lines`, after `noted` notes of `game`'s log) did that
        the table must act on: a half's end, a tired pitcher kept in, a deck reshuffled."""
        self._tell_half_over(game, noted)
        self._tell_kept_tired(game, lines, noted)
        self._tell_reshuffled(game, noted, any(" exchanges " in line for line in lines))

    def _tell_reshuffled(self, game, noted: int, exchanged: bool = False) -> None:
        """Rule 5.2.1: a draw pile that ran out was made again from its discards; with the
        table's own deck the players shuffle it before they draw, the card an exchange just
        let go among the discards (said only in the log, it went unseen; said after the
        fact, it came once they had reached for an empty pile)."""
        if game is None:
            return
        notes = game.state.log[noted:]
        for deck in DECKS:
            owed = reshuffled_owed(notes, deck)
            if owed is not None:
                # (the cards of a draw still to come when it ran out: from the new pile)
                draw = ("then draw" if owed <= 1 else
                        f"then draw from it the {owed} {deck} cards still to draw")
                if self.table.cards == "physical":
                    # The table's part, a warning: information notices give way to the
                    # board and to the next notices (the exchange said back, the steps
                    # forced after it), and at 30 rows it went before it was read.
                    self.notify(f"The {deck} draw pile is empty: shuffle the {deck} discards"
                                + (" (the card just let go among them)" if exchanged else "")
                                + f" into a new pile, {draw} (rule 5.2.1)",
                                title=RESHUFFLE_TITLE, severity="warning",
                                timeout=RESHUFFLE_SECONDS)
                else:
                    self.notify(f"The {deck} draw pile ran out: its discards were shuffled "
                                "into a new one (rule 5.2.1)", title=RESHUFFLE_TITLE, timeout=8)

    def _tell_half_over(self, game, noted: int) -> None:
        """After a step of `game` (whose log held `noted` notes before it): a half that
        ended is told with its dice (rule 4.6.4), the computer's and digital ones too."""
        if game is not None and views.ends_half(game.state.log[noted:]):
            played = views.half_moves(game) or ""       # (one replay for both notices)
            told = views.half_over(game, game.state.log[noted:], played=played)
            if told:
                passes = self._passes_said(game)
                # The half's notices are done with, the computer's moves (and the passes
                # made) too: they showed as made, the log keeps them, and this notice names
                # the box the Managerial Move set. One notice, never a stack over the board.
                self._clear_notices()
                self.notify(self._half_for_rows(told, passes), title=HALF_NOTICE_TITLE,
                            markup=False)
                # A game's final repeats its last half, less the game's end it says itself.
                half = views.half_over(game, [n for n in game.state.log[noted:]
                                              if n[0] not in GAME_END_RULES], played=played)
                self._last_half = (game, (half or told) + passes)

    def _half_for_rows(self, told: str, passes: str) -> str:
        """A half's notice (`told`, then its passes said) as the terminal's rows allow:
        under HALF_NOTICE_BRIEF_ROWS its dice and cards stood over the line score and the
        status line (what is awaited), for a half's end and for the last half told on
        coming back to the table: the runs alone, the log (l) has the rest."""
        if self.app.size.height >= views.HALF_NOTICE_BRIEF_ROWS:
            return told + passes
        return (told.split("\n", 1)[0] + passes
                + "\nl: the log has the half's dice and cards")

    def _tell_kept_tired(self, game, lines: list[str], noted: int) -> None:
        """A tired pitcher the steps (`lines`) kept in by themselves (no reliever free to
        come in: 8.2.1 under Advanced Fatigue, else 6.1) is told, for the table to move his
        marker: the board's +100 alone went unnoticed."""
        kept = views.kept_tired(game, lines, game.state.log[noted:] if game else [])
        if kept is not None:
            side, said = kept
            self.notify(said, title=self.table.team_name(self.table.team_of(side)),
                        timeout=8, markup=False)

    def _passes_said(self, game) -> str:
        """The passes the rules made for the players in the game's last half to end (rule
        5.4), why that half went by without their keys: lines to add to its notice."""
        passed = self.table.passed_for(game)
        said = ""
        for more in (False, True):          # "no more" once a card or Rally Caps was used
            teams = sorted(t for t, played in passed.items() if played == more)
            if teams:
                said += (f"\n{' and '.join(teams)}: {'no more cards' if more else 'no card'}"
                         " to play, the companion passed (rule 5.4)")
        return said

    def act(self, line: str, refused: Callable[[str], None] | None = None) -> bool:
        """Take a line; a refusal is told in a notice, or handed to `refused` (a dialog
        that says it in its own place)."""
        self._own_step()
        self._box_escape_till = 0.0     # (a step chosen: an Escape is the options' again)
        typed = " ".join(line.casefold().split())
        if self.table.held is not None and (typed in ON_WORDS or typed in (
                f"game {self.table.held + 1}", f"on to game {self.table.held + 1}")):
            self.action_next_game()     # 'next game' typed at a final: Enter's 'On to game 2'
            return True
        held, self.table.held = self.table.held, None   # an action of the next game: on
        game, noted = self._log_mark()
        try:
            entry = self.table.enter(line)
        except StoreError as error:     # the file refused it (a full disk): not the rules
            self.table.held = held      # still on the final shown
            if refused is not None:
                refused(f"not recorded: {error}")
            else:
                self.notify(str(error), title="Not recorded", severity="error", timeout=10)
            return False
        except CompanionError as error:
            self.table.held = held
            # The rule and why, not the record's action and state the error also carries.
            said = getattr(error, "brief", str(error))
            said += self._resting_why(error)
            # (the game the line was for: the next one, under a final still held)
            game_now = self.table.session.current_game or self.table.game
            if game_now is not None:
                said = views.sides_by_team(game_now.state, said)
            if held is not None and held < len(self.table.session.games):
                # read as a step of the next game, which the final on the screen hid
                said = (f"game {held} is over (Enter or 'next' goes on to game {held + 1}); "
                        f"as a step of game {held + 1}: {said}")
            if refused is not None:
                refused(said)
            elif isinstance(error, TooLittleSaid):      # only more wanted: nothing refused
                self.notify(said, title=ASKED, severity="warning", timeout=8)
            else:
                self.notify(said, title=REFUSED, severity="error", timeout=6)
            return False
        self._reshuffle_read()
        self._told_with_computer(entry, game, noted)
        self._tell_after(game, [entry.line], noted)
        action = parse_action(entry.line) if entry.scope != "series" else None
        if action is not None and action.kind == "exchange" and self.table.cards == "physical":
            # The table's own cards (rule 5.2.2), picked or typed: said back, as the hand
            # the companion cannot see changes only by its count, and the deck is easy to
            # mistake. Not the card: the screen is shared, and the log hides it too.
            # Whose, in the title: it stays on as the other player's steps come (8 s), and
            # read as his at a screen two share.
            team = self.table.team_name(self.table.team_of(action.side))
            self.notify(f"exchange recorded: draw the replacement from the {action.args[1]} "
                        "deck", title=f"Exchange: {team}", timeout=8)
        self._drop_passed_line()
        self.refresh_table()
        return True

    def _drop_passed_line(self) -> None:
        """A line refused earlier and left in the box was for a step now taken (from the
        list, a dialog, the dice rolled by r): it goes, rather than wait there for the next
        step ('34' refused stayed through two rolls and the half's end). Keys typed since
        stay: a step taken from the list is handled in the screen's turn, after keys typed
        quickly behind it went into the box ('3 off' lost after 'On to game 2', the rest of
        the line refused)."""
        entry = self.query_one("#entry", Input)
        if self._refused_line is not None and entry.value == self._refused_line:
            entry.value = ""
        elif (entry.value and not entry.has_focus
              and time.monotonic() - self._draft_at > DRAFT_STALE_SECONDS):
            # Text typed, never sent, and left by Escape a while ago (a stray 'r' pressed
            # in the box): the step taken moved past it. It survived step after step, and
            # the next Tab typed onto it. (At a screen two share it goes at once:
            # refresh_table.)
            entry.value = ""
        self._refused_line = None

    @on(Input.Changed, "#entry")
    def _drafted(self) -> None:
        self._draft_at = time.monotonic()
        self._draft_stamp = self._stamp()

    def _told_with_computer(self, entry, game, noted: int) -> None:
        """A card, Rally Caps or Managerial Move of the table's own, in a half whose
        computer moves a notice tells: it goes between them in that notice, shown again
        with it, so the markers each line ends on follow from the line before."""
        if not self._computer_told or game is None or self._computer_half != self._half_key():
            return
        told = views.computer_move(entry, game.state.log[noted:], game.state)
        if told and self._computer_note is not None:
            self._tell_computer(self._computer_title, told, own=True)
        elif told:
            self._computer_told.append(told)
            self._computer_own.add(told)

    @on(OptionList.OptionSelected, "#options")
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        options = event.option_list
        if not (event.option_index < options.option_count
                and options.get_option_at_index(event.option_index) is event.option):
            # Chosen from a list the table has replaced since (a step taken between the key
            # and its message): its number would name another line, or none.
            return
        option_id = event.option.id or ""
        if option_id.startswith("!"):         # an option standing for a key: its action
            getattr(self, f"action_{OPTION_ACTIONS[option_id]}")()
        elif option_id.startswith("o"):
            self.act(self.options_lines[int(option_id[1:])])

    def _key_typed(self, text: str) -> str | None:
        """The action of the key `text` is, one letter typed alone: an option's that stands
        for a key ('Print the box scores (p)', 'Lift the curtain ... (h)'), else a window's
        the screen has now (WINDOW_KEYS); None for any other text."""
        if len(text) != 1:
            return None
        options = self.query_one("#options", OptionList)
        keyed = [(option.id, str(option.prompt)) for option in (
            options.get_option_at_index(index) for index in range(options.option_count))
            if (option.id or "").startswith("!")]
        # as the key is first ('R' rolls the at-bat's rolls left, 'r' one), then in either
        # case (Caps Lock on; 'R' with one roll left, where no option names it)
        for key in dict.fromkeys((text, text.casefold())):
            found = next((OPTION_ACTIONS[id_] for id_, prompt in keyed
                          if prompt.endswith(f"({key})")), None)
            if found is not None:
                return found
        action = WINDOW_KEYS.get(text.casefold())
        return action if action is not None and self.check_action(action, ()) else None

    def typed(self, entry: EntryBox) -> None:
        """Enter in the typing box (handled before the keys typed after it, see EntryBox).
        The typing stays in the box: a refused line stays there to be corrected, a taken
        one clears it for the next (letters typed here never reach the keys). Enter on an
        empty box takes the option highlighted in the list; Escape goes back to the
        options, where the keys work."""
        text = entry.value.strip()
        if not text:
            options = self.query_one("#options", OptionList)
            if options.highlighted is not None:
                options.action_select()
            return
        if text.casefold() in TYPED_STEPS:
            # 'undo' or 'redo' typed: the box keeps the keys, so `u` there is a letter (a
            # table typing every line read 'undo names none of the options').
            entry.value = ""
            getattr(self, f"action_{text.casefold()}")()
            return
        keyed = self._key_typed(text)
        if keyed is not None:
            # The key an option or the key bar names ('The series and its box scores (s)'),
            # typed alone in the box that had the keys: as the key does, not a line for
            # the rules ('s' at a final was refused as a step of a series over).
            entry.value = ""
            self.action_to_options()
            getattr(self, f"action_{keyed}")()
            return
        if self.table.nobody_steps():
            from .table import NOT_YOURS

            # The computer plays both sides with its own dice: a line typed would have the
            # catch-up play the game out first, then take a step that is the computer's.
            self.notify(NOT_YOURS.format("type"), severity="warning")
            return
        self._catch_up()
        waiting = self.table.waiting()
        if self._curtain_down(waiting) and (self.secret_rotation(waiting)
                                            or CARD_LINE.search(text)
                                            or not self._tells_no_card(text, waiting)):
            # Refused unseen: the rules' answer (or a short line's, read against the
            # options) would tell the table what the hand or the rotation holds.
            entry.value = ""
            hidden = "rotation" if self.secret_rotation(waiting) else "hand"
            # (what may be typed unseen, named: 'pass' at an exchange meant its keep)
            listed = [line for _, line in self.open_options(waiting)]
            self.notify(f"the {hidden} is behind the curtain: lift it first (h)"
                        + (f", or take a line listed ({'; '.join(listed[:3])}"
                           f"{'; ...' if len(listed) > 3 else ''})" if listed else ""),
                        title=REFUSED, severity="error", timeout=CURTAIN_REFUSAL_SECONDS)
            # The line is gone: back on the options, where `h` is the key it names (in
            # the box it typed an 'h'). An Escape while its notice shows is the box's (it
            # went home, the player meaning to close the box).
            self.action_to_options()
            self.left_the_box("the curtain's refusal closed the typing box",
                              CURTAIN_REFUSAL_SECONDS)
            return
        if self.act(text):
            entry.value = ""
        else:
            # Left to be corrected, and selected: the next line typed replaces it (typed
            # ahead, 'pass⏎stand pat⏎' read 'passstand pat'); an arrow or End keeps it.
            self._refused_line = entry.value
            entry.select_all()

    def _tells_no_card(self, text: str, waiting) -> bool:
        """Typed with the curtain down, a line whose answer tells nothing of the hand: a
        whole line (its card words are looked for apart), or a short one naming one option
        that holds no card ('keeps', 'passes'); one naming a card, several options or none
        would say what the options, the hand's cards among them, hold."""
        if SIDED_LINE.match(text):
            return True
        try:
            line = self.table.short_line(text, waiting)
        except CompanionError:
            return False
        return line in waiting.options and not CARD_LINE.search(line)

    def action_back(self) -> None:
        """Escape from the options: home (from the typing box it is `to_options`, with the
        keys panel open `close_keys`); the table's notices stay with the table. Once: a
        second Enter queued on "Back to the home screen" popped the home screen too. An
        Escape soon after r rolled from the typing box is the box's (r handed the keys to
        the options): said so, and the next goes home (a player leaving the box went home,
        and the letters he typed next were the home screen's keys)."""
        now = time.monotonic()
        if not self.is_current or now < self._escape_held_till:
            return
        if now < self._box_escape_till:
            self._box_escape_till = 0.0
            self.notify(f"the keys are on the options already ({self._box_left_by}): "
                        "Escape again goes home", severity="warning")
            return
        self._clear_notices()
        self.app.pop_screen()

    def left_the_box_by_rolling(self) -> None:
        """r or R rolled from the typing box, which handed the keys to the options."""
        self.left_the_box("r rolled from the typing box")

    def left_the_box(self, why: str, seconds: float | None = None) -> None:
        """The typing box handed the keys to the options by itself (`why`): an Escape soon
        after (BOX_ESCAPE_SECONDS, or `seconds`) is one meant for the box, not a way home."""
        self._box_escape_till = time.monotonic() + (seconds or BOX_ESCAPE_SECONDS)
        self._box_left_by = why

    def action_close_keys(self) -> None:
        """Escape with the keys panel open closes it (a player closing it left the table),
        the key bar saying so."""
        self.app.hide_keys(self)

    def action_to_options(self) -> None:
        """Escape from the typing box: back to the options, where the keys work (at once:
        Widget.focus waits, and a key pressed right after went to the box). An Escape right
        behind it (a double tap, a key held) is not one for the table: it went home, and
        the letters typed next were the home screen's keys."""
        self.set_focus(self.query_one("#options", OptionList))
        self._escape_held_till = time.monotonic() + ESCAPE_AFTER_BOX_SECONDS

    def on_descendant_focus(self, event) -> None:
        self.refresh_bindings()         # the key bar names what Escape does from here

    def action_last_lineup(self) -> None:
        """The lineup of the team's last game, in the order its slots were put in."""
        line = self.table.last_lineup(self.table.waiting())
        if line is not None:
            self.act(line)

    def action_pick(self) -> None:
        waiting = self.table.waiting()
        picker = self.table.picker(waiting)
        if picker is None or self._curtain_down(waiting):
            return

        def picked(line: str | None) -> None:
            if line:
                self.act(line)

        self.app.push_screen(PickScreen(picker), picked)

    def action_roll(self) -> None:
        self._rolled(self.table.roll)

    def action_roll_at_bat(self) -> None:
        """R: the at-bat's rolls left, rolled at once with the companion's dice."""
        self._rolled(self.table.roll_at_bat)

    def _rolled(self, roll) -> None:
        self._own_step()
        self.table.held = None
        game, noted = self._log_mark()
        steps = len(self.table.session.entries)
        try:
            roll()
        except CompanionError as error:
            self.notify(str(error), severity="warning")
            return
        self._reshuffle_read()
        # (an extra inning with no draws: the half's last roll reaches Take the Mound)
        self._tell_after(game, [e.line for e in self.table.session.entries[steps:]], noted)
        self._drop_passed_line()
        if self._box_escape_till:       # rolling on from the options: still the box's r's
            self.left_the_box_by_rolling()
        self.refresh_table()

    def action_draw_starter(self) -> None:
        try:
            entry = self.table.draw_starter()
        except CompanionError as error:
            self.notify(str(error), severity="warning")
            return
        self.notify(views.drawn_starter(self.table, entry.line), timeout=8)
        self.refresh_table()

    def action_type_dice(self) -> None:
        if self.table.waiting().kind != "chance":
            self.notify("no dice are awaited now", severity="warning")
            return

        def enter(faces: str) -> str | None:
            said: list[str] = []
            return None if self.act(faces, refused=said.append) else said[0]

        def more() -> str | None:
            """The next roll the table types, while the at-bat's dice go on."""
            waiting = self.table.waiting()
            if waiting.kind != "chance" or not self.table.dice_awaited(waiting):
                return None
            return views.rolls_to_come(self.table.game.state)

        self.make_way_for_typing()
        # A refusal of a line typed before goes too: the dialog takes the dice afresh and
        # says its own refusals, and the old one sat over its field.
        drop_notices(self.app, [note for note in shown_notices(self.app)
                                if note.title in ANSWERED])
        dialog = DiceScreen(enter, more)

        def closed(_result: None) -> None:
            if dialog.closed_itself:
                # An Escape meant for the dialog it just closed itself (the at-bat's last
                # roll taken) is not one for the table: it left for the home screen.
                self._escape_held_till = time.monotonic() + ESCAPE_AFTER_DICE_SECONDS
            # u or y typed in the dialog, each in turn: the table's (refused as u here is)
            for step in dialog.steps:
                if self.is_attached:
                    (self.action_undo if step == "undo" else self.action_redo)()

        self.app.push_screen(dialog, closed)

    def _resting_why(self, error) -> str:
        """A reliever refused as resting (rule 8.2.2) is told why, as the series' rest table
        says it: 'is resting today' alone left the player to look it up."""
        if getattr(error, "rule", None) != "8.2.2" or self.table.game is None:
            return ""
        try:
            action = parse_action(error.action)
        except CompanionError:
            return ""
        if action.kind != "relieve":
            return ""
        why = self.table.resting_why(action.side).get(action.args[0].casefold(), "")
        return f": {why}" if why else ""

    def make_way_for_typing(self) -> None:
        """A player who starts typing (the dice dialog, a letter in the typing box) reads
        the board: in a short terminal the information notices over it go at once, a
        half's end too (its lines are in the log, l), so the markers, pitchers and rolls
        left show while the dice are typed. Refusals and warnings stay."""
        if self.app.size.height >= STACKED_NOTICES_MIN_ROWS:
            return
        going = [note for note in shown_notices(self.app) if note.severity == "information"]
        if self._computer_note in going:
            going.remove(self._computer_note)
            self._drop_computer_note()          # (its moves with it: a new half, a new note)
        if going:
            drop_notices(self.app, going)

    def action_next_game(self) -> None:
        """From a finished game's final on to the next game of the series, under none of
        the last game's notices."""
        self._back_on_final = None
        self.table.go_on()
        self._clear_notices()
        self.refresh_table()

    def action_undo(self) -> None:
        self._back_on_final = None          # (set again below when it only comes back)
        self._step_taken("u", "asked")      # (its binding ran: no second undo for the key)
        if self.table.session.is_over() and not self._undo_confirmed():
            return
        self.app.hide_keys(self, narrow_only=True)
        held = self.table.held      # (undo_to_player lets go of it when it undoes a step)
        finished = len(self.table.series.results)
        try:
            entries = self.table.undo_to_player()
        except CompanionError as error:
            self.table.held = held          # nothing was undone: the final stays held
            self._tell_steps(str(error), severity="warning")
            self._step_taken("u", "said")
            self.refresh_table()            # (a failed write: the table as the file has it)
            return
        if not entries:                     # back on a final gone on from: nothing undone
            self._back_on_final = self.table.held
            drop_notices(self.app, [note for note in shown_notices(self.app)
                                    if note.title == RESUMED_FINAL_TITLE])  # ('game 2 begins')
            self._tell_steps(f"back on game {self.table.held}'s final; nothing was undone (u "
                             "again goes into the game, Enter or y on to the next)")
            self.refresh_table()
            return
        self._drop_computer_note()         # it told moves now taken back
        # A half's end (or the last half told on reopening) told runs now taken back too.
        # So did a final now taken back (its game in play again).
        reopened = {final_title(number) for number in
                    range(len(self.table.series.results) + 1, finished + 1)}
        drop_notices(self.app, [note for note in shown_notices(self.app) if note.title in (
            HALF_NOTICE_TITLE, RESUMED_TITLE, RESUMED_FINAL_TITLE, *reopened)])
        # Shown in the order taken, with what stayed in the game before them for context.
        taken = list(reversed(entries))
        shown = views.shown_lines(self.table, taken, before=self.table.session.entries)
        self._tell_steps(views.steps_notice(views.steps_verb(self.table, "undone", entries),
                                            shown))
        self._step_taken("u")
        self.refresh_table()

    def _undo_confirmed(self) -> bool:
        """A finished series opens again only on a second `u` within a few seconds: a
        stray key took back its final (told, so the player knows what the next one does)."""
        now = time.monotonic()
        if now - self._undo_asked < UNDO_OVER_SECONDS:
            self._undo_asked = 0.0
            if self._undo_note is not None:     # said of a series no longer over
                drop_notices(self.app, [self._undo_note])
            return True
        self._undo_asked = now
        self._undo_note = Notification(
            "The series is over: u again within five seconds takes back its last step, "
            "opening its last game again", "Undo", "warning",
            UNDO_OVER_SECONDS, markup=False)
        self.app.post_message(Notify(self._undo_note))
        return False

    def action_redo(self) -> None:
        # A redo into the next game goes on to it (a redone final is held again by
        # refresh_table); nothing to redo leaves the final held, unless an undo came back on
        # it from the next game undoing nothing: the redo goes there again.
        self.app.hide_keys(self, narrow_only=True)
        self._step_taken("y", "asked")      # (its binding ran: no second redo for the key)
        back_on, self._back_on_final = self._back_on_final, None
        if back_on is not None and self.table.held == back_on == self.table.final_to_hold():
            self.action_next_game()
            self._tell_steps(f"on to game {self.table.game_number()} again, where the undo "
                             "was; nothing was redone")
            self._step_taken("y")
            return
        held, self.table.held = self.table.held, None
        game, noted = self._log_mark()
        try:
            redone = self.table.redo_to_player()
        except CompanionError as error:
            self.table.held = held
            self._tell_steps(str(error), severity="warning")
            self._step_taken("y", "said")
            self.refresh_table()
            return
        self._drop_computer_note()         # the redone notice tells them
        # (a half the redo ended told as when first played)
        self._tell_after(game, [e.line for e in redone], noted)
        entries = self.table.session.entries
        count = len(redone)
        shown = views.shown_lines(self.table, entries[-count:], before=entries[:-count])
        self._tell_steps(views.steps_notice(views.steps_verb(self.table, "redone", redone),
                                            shown))
        self._step_taken("y")
        self.refresh_table()

    def _step_taken(self, key: str, ran: str = "taken") -> None:
        """The undo or redo of the key pressed (`_step_key`) ran: its step "taken" (a
        letter right behind it takes it back, `_step_key_back`), or "said" why not."""
        if self._step_key is not None and self._step_key.key == key:
            self._step_key.ran = ran

    def _own_step(self) -> None:
        """A step of the player's own begins: the keys panel in the board's place goes, and
        so does what the last undo or redo said ('undone: roll 4 3' stayed over the roll
        taken again)."""
        self._back_on_final = None
        self.app.hide_keys(self, narrow_only=True)
        self._drop_steps_said()

    def _reshuffle_read(self) -> None:
        """A step of the player's taken: the table's reshuffle told before it was done (the
        warning stayed its 20 s over the batter and fielder at 24 rows, through the
        Managerial Move). Not in its first seconds (keys typed ahead of it did not read it),
        nor for a line refused."""
        now = time.time()
        drop_notices(self.app, [note for note in shown_notices(self.app)
                                if note.title == RESHUFFLE_TITLE
                                and now - note.raised_at >= RESHUFFLE_READ_SECONDS])

    def _drop_steps_said(self) -> None:
        """What the last undo or redo said goes (its notice, if still shown)."""
        if self._steps_said is not None:
            drop_notices(self.app, [note for note in shown_notices(self.app)
                                    if note.message == self._steps_said])
            self._steps_said = None

    def _tell_steps(self, message: str, severity: str = "information") -> None:
        """What an undo or redo did (or why it did nothing), in place of what the last one
        said: a 'nothing to redo' stayed beside the 'undone: ...' after it."""
        self._drop_steps_said()
        self._steps_said = message
        self.notify(message, severity=severity)

    @staticmethod
    def _naming_starter(waiting) -> bool:
        """A secret rotation's step that names one game's starter (its turn's man or one
        on short rest, rules 3.0, 8.2.3 a), not the rotation itself."""
        return any((secret_told(Entry(SERIES, line), {}) or ("",))[0] == "starter"
                   for line in waiting.options)

    def action_hand(self) -> None:
        """Hot-seat: the player whose turn it is lifts the curtain over his own hand."""
        table = self.table
        waiting = table.waiting()
        stamp = self._stamp()
        if self.secret_rotation(waiting):
            self.app.push_screen(CurtainScreen(
                table.team_name(waiting.team), waiting.team,
                "starter" if self._naming_starter(waiting) else "rotation", stamp=stamp),
                lambda ok: ok and self._lift(waiting.team, stamp))
            return
        if table.game is None:
            self._window_key = None         # (no window came: the next key is its own)
            self.notify("no game under way: the hands are dealt at its setup (rule 3.0)")
            return
        side = waiting.side or "home"
        if table.cards == "physical":
            # The cards are in the players' hands: the companion lists what each hand may
            # hold and which of those could be played now, to check a hand against.
            self._show_both_hands("Cards the hands may hold", side)
            return
        if table.controls.get(table.team_of(side)) == "computer":
            side = "away" if side == "home" else "home"       # the player's own, then
            if table.controls.get(table.team_of(side)) == "computer":
                # The computer plays both sides: nobody at the table to hide a hand from,
                # so both are shown (it said only "that is the computer's hand").
                self._show_both_hands("Hands of the computer's teams", side)
                return
        if not table.secret() or self.shown_hand == side:
            # Nobody else at the screen to hide it from (or its player lifted the curtain
            # already: h again showed the curtain, and a short board kept the hand cut): the
            # whole hand, however small the terminal, with why each card can or cannot be
            # played now.
            window = TextScreen(f"Hand of {table.team_name(table.team_of(side))}",
                                "\n".join(views.hand_lines(table, side, texts=True)), "h")
            if table.secret():
                window.stamp = stamp        # (behind the curtain: for this step only)
            self.app.push_screen(window)
            return
        self.app.push_screen(CurtainScreen(table.team_name(table.team_of(side)), side,
                                           stamp=stamp),
                             lambda ok: ok and self._lift(side, stamp))

    def _show_both_hands(self, title: str, first: str) -> None:
        """Both sides' hands in one window, `first`'s on top (the `h` window)."""
        sides = (first, "away" if first == "home" else "home")
        self.app.push_screen(TextScreen(title, "\n\n".join(
            "\n".join(views.hand_lines(self.table, side, texts=True)) for side in sides), "h"))

    def action_dugouts(self) -> None:
        self.app.push_screen(TextScreen("Dugouts and bullpens", views.dugouts(self.table), "d"))

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(self.table))

    def action_switch_dice(self) -> None:
        """SPEC 1 (any mix, game by game): the table's dice found, or put away; from the
        command palette, any time. The keys (r or t) and the typing box follow."""
        try:
            dice = self.table.switch_dice()
        except CompanionError as error:         # (a failed write: nothing switched)
            self.notify(str(error), severity="error")
            return
        self.query_one("#entry", EntryBox).set_dice(dice)
        self.notify("the table's dice from now on: t types the faces rolled"
                    if dice == "physical" else
                    "the companion's dice from now on: r rolls them", title="Dice")
        self.refresh_table()

    def action_series(self) -> None:
        self.app.push_screen(TextScreen("Series", views.series_summary(
            self.table, columns=views.page_columns(self.app.size.width)), "s"))

    def game_over(self) -> bool:
        """A game of the series is over: its box score can be printed."""
        return bool(self.table.series.results)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("to_options", "close_keys", "back"):
            typing = self.query_one("#entry", Input).has_focus
            keys = keys_panel(self) is not None
            return {"to_options": typing, "close_keys": keys and not typing,
                    "back": not (typing or keys)}[action]
        if action == "print":
            return self.game_over()        # hidden (and p does nothing) before that
        if action in ("undo", "redo") and self.table.nobody_steps():
            return None                    # dimmed: no step is a player's (pressed, says so)
        if action == "switch_dice":
            return not self.table.session.is_over()     # no dice left once it is over
        dice = ("roll", "roll_at_bat", "type_dice")
        if action in dice and self.table.session.is_over():
            return False                            # no dice left to roll in the series
        if action in dice:
            if self.table.dice != ("physical" if action == "type_dice" else "digital"):
                return False        # digital dice are the companion's (r), physical typed (t)
            # Dimmed while no dice are awaited (a setup, a decision, the computer's roll).
            return self.table.dice_awaited() or None
        return True

    def action_print(self) -> None:
        """The box score of each game over, the last first, and of the series so far."""
        from .printing import PrintScreen, box_score_choice

        series_id = self.table.stored.id
        games = [box_score_choice(series_id, game)
                 for game in range(len(self.table.series.results), 0, -1)]
        last = games[0]
        choices = [*games, box_score_choice(series_id)]
        self.app.push_screen(PrintScreen(choices, last[1], box=self.table.session.box,
                                         store_path=self.table.store.path))


DRAFT_STALE_SECONDS = 2.0   # text left in the box this long goes when a list step is taken
# The windows' keys (GameScreen.BINDINGS): typed alone in the box, they open the window.
WINDOW_KEYS = {"h": "hand", "d": "dugouts", "l": "log", "s": "series", "p": "print"}
REFUSED = "Not allowed"              # the title of a refusal's notice
ASKED = "Say more"      # the title of a line's answer that asks what to add (TooLittleSaid)
ANSWERED = (REFUSED, ASKED)     # a typed line's answers: the newest alone is shown
STEP_KEYS = "uyq"   # on the options, keys a word may begin with too (_step_key_start)
TYPED_STEPS = ("undo", "redo")      # typed in the box, they take the step as u and y do


@dataclass
class StepKey:
    """u, y or q pressed on the options, for a word's letter that may follow it."""

    key: str
    at: float                   # the key's time
    deciding: bool              # the table stood at a player's decision (r and t: words)
    lifted: str | None          # the hand shown behind the curtain then
    ran: str = ""               # its step: "taken", "said" (why nothing: to redo), "asked"
STACKED_NOTICES_MIN_ROWS = 30      # a shorter terminal shows one information notice at a time
NOTICE_FIT_WAIT = 0.05      # seconds between fit_notices' looks at the notices laid out
ESCAPE_AFTER_DICE_SECONDS = 0.75  # Escape held off after the dice dialog closed itself
ESCAPE_AFTER_BOX_SECONDS = 0.5    # Escape held off after one left the typing box
BOX_ESCAPE_SECONDS = 3.0   # an Escape this soon after r rolled from the typing box is its
CURTAIN_REFUSAL_SECONDS = 6.0   # the curtain's refusal shows this long: an Escape is the box's
HALF_NOTICE_TITLE = "End of the half"
PITCHING_CHANGE_TITLE = ": pitching change"     # after the team: a forced one, kept as is
DREW_TITLE = " drew"        # after the team: the cards the player's own draw brought
RESUMED_TITLE = "Back at the table: the last half"
RESUMED_FINAL_TITLE = "Back at the table"       # on the next game's first screen
UNDO_OVER_SECONDS = 5.0     # a finished series' undo: the second `u` within them (five)
RESHUFFLE_TITLE = "Reshuffle"
RESHUFFLE_READ_SECONDS = 3.0    # shown this long, the player's next step drops it (read)
RESHUFFLE_SECONDS = 20.0           # the table's reshuffle to do (physical cards) stays
HALF_NOTICE_KEEP_SECONDS = 4.0     # ... but a half's end stays this long whatever comes
MOVES_NOTICE_MOST_SECONDS = 12


# Textual keeps the notices shown in App._notifications and takes one away with
# App._unnotify: no public call replaces or drops a single notice (textual 8.2.8, pinned).
# These are the only places the companion reaches in.
def shown_notices(app: App) -> list[Notification]:
    return list(app._notifications)


def showing(app: App, note: Notification) -> bool:
    return note in app._notifications


def clear_notices(app: App) -> None:
    """Every notice gone, on every screen (App.clear_notifications left the toasts of the
    screens under the top one to their own next refresh, their holders with them)."""
    drop_notices(app, shown_notices(app))


def drop_notices(app: App, notes: list[Notification], refresh: bool = True) -> None:
    """The notices gone, their toasts taken down with their holders as a toast's own
    timeout does (the rack's refresh leaves the holder, whose rows lifted the rest till a
    new notice came)."""
    for note in notes:
        app._unnotify(note, refresh=False)
    going = {note.identity for note in notes}
    for screen in app.screen_stack if going else ():     # (a notice shows on each screen)
        for toast in screen.query(Toast):
            if toast._notification.identity in going:
                (toast.parent if isinstance(toast.parent, ToastHolder) else toast).remove()
    if notes and refresh:
        app._refresh_notifications()


def gives_way(note: Notification, now: float) -> bool:
    """Whether a notice may go before its time to make room for the board: information
    only (refusals and warnings stay), and a half's end, a game's final (a stray r's 'no
    dice are awaited now' took its place at once), a forced pitching change (a piece to
    move on the table) or the cards the player drew (named nowhere else: the computer's
    reply at once took its place) not in its first seconds."""
    return note.severity == "information" and not (
        (note.title == HALF_NOTICE_TITLE or note.title.endswith(PITCHING_CHANGE_TITLE)
         or note.title.endswith(DREW_TITLE) or is_final_title(note.title))
        and now - note.raised_at < HALF_NOTICE_KEEP_SECONDS)


class FacesBox(Input):
    """The dice dialog's box: Enter takes the faces in the box's own turn, in the order
    typed (as the typing box does, EntryBox): Input's Enter binding went up to the app and
    back, so faces typed at once after it ('16⏎22⏎53⏎') went into the box first and were
    read with it ('162253', refused)."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            if isinstance(self.screen, DiceScreen):
                self.screen.take_faces(self)
            return
        if event.character in DiceScreen.STEPS and isinstance(self.screen, DiceScreen):
            # (no face: the box refused them without a word, and the roll just typed in
            # the wrong stayed till Escape, then u). Kept in turn, the dialog closing or
            # not: 'u' right behind the last roll's Enter, 'uu', each is a step of its own.
            event.stop()
            event.prevent_default()
            self.screen.steps.append(DiceScreen.STEPS[event.character])
            self.screen.dismiss(None)
            return
        await own_binding_now(self, event)      # ('3 5 ⌫ 4 ⏎' at once: 3 4, not 354)


class DiceScreen(ClosesOnce, ModalScreen[None]):
    """Type the faces rolled at the table, handed to `enter` (which returns why the table
    refused them, or None): a refusal (a face off the die, more rolls than the at-bat
    takes) is said in the dialog, which stays open with the faces to be corrected. Once
    they are taken it closes, unless `more` says what roll the table is to type next (the
    rest of the at-bat's rolls): then the box empties for it, the roll taken said above.
    u and y close it and undo or redo on the table (`steps`, in the order typed)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    STEPS = {"u": "undo", "y": "redo"}

    def __init__(self, enter: Callable[[str], str | None],
                 more: Callable[[], str | None] | None = None):
        super().__init__()
        self.enter = enter
        self.more = more
        self.steps: list[str] = []          # u and y typed in it: "undo", "redo"
        self.closed_itself = False          # the at-bat's last roll taken, it closed

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Two dice faces, 1 to 6 (3 4, 3-4 or 34; several rolls 34 61):",
                        id="faces-prompt")
            yield FacesBox(id="faces", restrict=r"[0-9 ,-]*")
            yield Label("", id="problem")

    # The `t` that opened the dialog cannot land in it (the box takes digits, spaces and
    # commas only), and faces typed at once after it are kept: nothing clears the box.

    def take_faces(self, box: Input) -> None:
        """Enter in the box (FacesBox, in its own turn): the faces it holds to the table."""
        faces = box.value
        if not faces.strip():                   # (read as a line, it was "'' is no action")
            self.query_one("#problem", Label).update(
                "[red]type the two faces rolled first (3 4), then Enter; Escape closes[/red]")
            return
        problem = self.enter(faces)             # (the table reads the faces, parse_rolls)
        if problem:
            self.query_one("#problem", Label).update(f"[red]{escape(problem)}[/red]")
            box.select_all()            # (as the typing box: the next faces replace them)
            return
        next_roll = self.more() if self.more else None
        if next_roll is None:
            self.closed_itself = True
            self.dismiss(None)
            return
        box.value = ""
        self.query_one("#problem", Label).update(
            f"taken: {escape(faces.strip())}; next: {escape(next_roll)} (Escape closes; "
            "u undoes)")

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickScreen(ClosesOnce, ModalScreen[str | None]):
    """A lineup or a rotation chosen slot by slot, preset to the suggestion; the rules check
    the result when it is set (a name twice is refused here already)."""

    AUTO_FOCUS = "#slot0"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Set")]

    def __init__(self, picker: Picker):
        super().__init__()
        self.picker = picker

    def compose(self) -> ComposeResult:
        with FormScroll(id="dialog", classes="form"):
            yield Label(f"[b]{self.picker.title}[/b]")
            yield Static("ctrl+s sets it, escape cancels; in an open list, typing a name's "
                         "first letters goes to it")       # (wrapped at 80 columns)
            for number, (label, choices, preset) in enumerate(self.picker.slots):
                with Horizontal(classes="row"):
                    yield Label(label)
                    if preset is None:          # to be chosen: no name stands in for it
                        yield EndStopSelect(choices, prompt="(choose)",
                                     id=f"slot{number}", compact=True)
                    else:
                        yield EndStopSelect(choices, value=preset, allow_blank=False,
                                     id=f"slot{number}", compact=True)
            yield Label("", id="problem")
            yield from dialog_buttons(
                Button("Set", variant="primary", id="done", compact=True),
                Button("Cancel", id="cancel", compact=True))

    def names(self) -> list[str]:
        return [self.query_one(f"#slot{n}", Select).value
                for n in range(len(self.picker.slots))]

    def on_mount(self) -> None:
        self._values = [preset for _label, _choices, preset in self.picker.slots]

    @on(Select.Changed)
    def changed(self, event: Select.Changed) -> None:
        """A name another slot holds swaps the two slots' names when each may fill the
        other's slot (two starters of a rotation, two outfielders); otherwise the name
        chosen twice is said at once, and the problem goes as soon as the slots no longer
        have it."""
        index = int(event.select.id.removeprefix("slot"))
        before, self._values[index] = self._values[index], event.value
        # (a slot still to choose, Select.NULL, swaps nothing)
        other = next((n for n, name in enumerate(self._values) if n != index
                      and name == event.value and name is not Select.NULL), None)
        if other is not None and before != event.value and any(
                name == before for _shown, name in self.picker.slots[other][1]):
            self._values[other] = before
            self.query_one(f"#slot{other}", Select).value = before
        self._say_twice(self.picker.twice([n for n in self.names() if n is not Select.NULL]))

    def _say_twice(self, twice: str | None) -> None:
        self.query_one("#problem", Label).update(
            "" if twice is None else
            f"[red]{escape(twice)} is chosen twice: each slot takes a different one "
            "(rule 3.0)[/red]")

    @on(Button.Pressed, "#done")
    def action_done(self) -> None:
        names = self.names()
        empty = next((label for (label, _choices, _preset), name
                      in zip(self.picker.slots, names, strict=True) if name is Select.NULL),
                     None)
        if empty is not None:
            self.query_one("#problem", Label).update(
                f"[red]{escape(empty)}: still to choose[/red]")
            return
        twice = self.picker.twice(names)
        if twice is not None:
            self._say_twice(twice)
            return
        self.dismiss(self.picker.line(names))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ClosedByItsKey(TypedThrough):
    """A window the key that opened it closes again (`key`); a word typed on the table
    that began with that key closes it too (TypedThrough)."""

    def on_key(self, event) -> None:
        if self.typed_through(event):       # (first: 'lloyd' begins with the log's key twice)
            self.dismiss(None)
        elif event.key == self.key:
            event.stop()
            self.dismiss(None)


class Question(ClosesOnce, ModalScreen[bool]):
    """A dialog answered yes (True) or no (False) by its keys (`yes`, `no` actions)."""

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class StaleScreen(Question):
    """A series stored under an earlier reading of a rule: resume it before the refused
    event (the later ones set aside, kept in the file) or leave it untouched."""

    BINDINGS = [Binding("enter", "yes", "Resume"), Binding("escape", "no", "Leave")]

    def __init__(self, message: str, count: int):
        super().__init__()
        self.message = message
        self.count = count

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("[b]A stored event does not replay[/b]")
            yield Static(escape(self.message))
            yield Static(f"Enter resumes it before that event ({self.count} stored event(s) "
                         "set aside, kept in the file); Escape leaves it as it is.")


class DeleteScreen(Question):
    """Asks before a series and its whole record leave the game file. Only `y` deletes:
    Enter, the key that opens a series, keeps it."""

    BINDINGS = [Binding("y", "yes", "Delete it"), Binding("escape", "no", "Keep it"),
                Binding("n", "no", "Keep it", show=False),
                Binding("enter", "no", "Keep it", show=False)]

    def __init__(self, said: str, keeping: str):
        super().__init__()
        self.said = said
        self.keeping = keeping

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("[b]Delete this series?[/b]")
            yield Static(escape(self.said), id="said")
            yield Static(f"Every game and action of it goes, and undo cannot bring it back "
                         f"('{self.keeping}' keeps a copy first). "
                         "y deletes it; Escape, n or Enter keeps it.")


MOVED_ON = ("The table moved on while this was open (a step was taken): the hand is behind "
            "the curtain again. {keys} closes; h then asks for the step now awaited.")


class CurtainScreen(ClosedByItsKey, Question):
    """The hot-seat curtain: only the named player looks, then presses Enter (h, its key,
    closes it again, as Escape does)."""

    key = "h"

    BINDINGS = [Binding("enter", "yes", "Show my hand"), Binding("escape", "no", "Back")]

    def __init__(self, team: str, side: str, what: str = "hand", *, stamp: tuple):
        super().__init__()
        self.team = team
        self.side = side
        self.what = what
        self.stamp: tuple | None = stamp    # where the table stood when it was asked for

    def retire(self) -> None:
        """The table moved on behind it: Enter lifts nothing now, it only closes."""
        self.stamp = None
        self.query_one("#curtain-said", Static).update(MOVED_ON.format(keys="Enter or Escape"))

    def action_yes(self) -> None:
        self.dismiss(self.stamp is not None)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            secret = {"rotation": ("Secret rotation", "the rotation is set"),
                      "starter": ("Starter", "the starter is named")}.get(self.what)
            if secret is not None:
                yield Label(f"[b]{secret[0]} of {self.team}[/b]")
                yield Static("Everybody else looks away. Enter shows the choice; it hides "
                             f"again once {secret[1]}.", id="curtain-said")
                return
            yield Label(f"[b]Hand of {self.team} ({self.side})[/b]")
            yield Static("Everybody else looks away. Enter shows the hand; it hides again "
                         "with the next step taken (a card, a roll, an undo).",
                         id="curtain-said")


class TextScreen(ClosesOnce, ClosedByItsKey, ModalScreen[None]):
    """A page of text (dugouts, series) over the table."""

    BINDINGS = [Binding("escape", "close", "Back"), Binding("q", "close", "Back")]
    stamp: tuple | None = None      # a hand behind the curtain: the table's step it is of

    def __init__(self, title: str, text: str, key: str | None = None):
        super().__init__()
        self.title_text = title
        self.text = text
        self.key = key

    def compose(self) -> ComposeResult:
        closes = f"escape or {self.key} closes" if self.key else "escape closes"
        with VerticalScroll(id="dialog"):
            # (wrapped, not cut: at 60 columns the hand's title lost its close key's end)
            yield Static(f"[b]{self.title_text}[/b]  [dim]({closes})[/dim]", id="page-title")
            yield Static(views.hanging(self.text), id="page")

    def retire(self) -> None:
        """A hand shown behind the curtain, and the table moved on: hidden, said why."""
        self.stamp = None
        self.text = MOVED_ON.format(keys="Escape" + (f" or {self.key}" if self.key else ""))
        self.query_one("#page", Static).update(self.text)

    def on_mount(self) -> None:
        # The page is opened to be read: the table's notices would lie over it (the log
        # and the board keep what they said).
        clear_notices(self.app)

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ClosesOnce, ClosedByItsKey, ModalScreen[None]):
    """Every accepted line, and what the engine did with its rule."""

    key = "l"

    # Up, Down, PageUp, PageDown, Home and End scroll the open tab from the tabs too (Left
    # and Right stay the tabs'), not only once Tab has gone into it.
    BINDINGS = [Binding("escape", "close", "Back"), Binding("q", "close", "Back"),
                *(Binding(key, f"scroll_log('{how}')", how.replace("_", " "), show=False)
                  for key, how in (("up", "up"), ("down", "down"), ("pageup", "page_up"),
                                   ("pagedown", "page_down"), ("home", "home"),
                                   ("end", "end")))]

    def __init__(self, table: Table):
        super().__init__()
        self.table = table
        self.games = views.game_notes(table) or [[]]     # before game 1: an empty tab

    def compose(self) -> ComposeResult:
        # A tab for each game's engine notes, the game in play open: only the open tab's
        # lines are laid out (a long series all at once took a second or more).
        last = len(self.games)
        # The game on the table: a final held on the screen, not the next game it opened.
        shown = min(max(self.table.game_number(), 1), last)
        with TabbedContent(id="dialog", initial=f"game-{shown}"):
            for number in range(1, last + 1):
                title = f"Game {number}" if last > 1 else "Engine notes"
                with TabPane(title, id=f"game-{number}"):
                    yield RichLog(id=f"notes-{number}", markup=True, wrap=True,
                                  min_width=20)
            with TabPane("Actions", id="actions-tab"):
                yield RichLog(id="actions", markup=True, wrap=True, min_width=20)

    def on_mount(self) -> None:
        clear_notices(self.app)      # the log says it all, under no notice
        # One write a tab: a write a line parsed and wrapped each line apart.
        for number, lines in enumerate(self.games, start=1):
            self.query_one(f"#notes-{number}", RichLog).write(
                Text.from_markup("\n".join(lines) or f"[dim]Game {number} has not begun: "
                                 "no step of it taken yet.[/dim]"))
        self.query_one("#actions", RichLog).write(
            Text.from_markup("\n".join(views.log_lines(self.table))))

    def action_scroll_log(self, how: str) -> None:
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            getattr(pane.query_one(RichLog), f"scroll_{how}")()

    def action_close(self) -> None:
        self.dismiss(None)


class BoxTable(DataTable):
    """A table of the box: Home and End go to its first and last row (DataTable's own
    scroll sideways, which a row cursor has no use for), its first column back in view."""

    BINDINGS = [Binding("home", "first_row", "First row", show=False),
                Binding("end", "last_row", "Last row", show=False)]

    def action_first_row(self) -> None:
        self.move_cursor(row=0)
        self.scroll_to(x=0, animate=False)      # the row's name in view again

    def action_last_row(self) -> None:
        self.move_cursor(row=self.row_count - 1)
        self.scroll_to(x=0, animate=False)
        # Down to the foot, past the sideways scrollbar too: the cursor's own scroll left
        # the last row under it, out of sight while the details showed it.
        self.call_after_refresh(self.scroll_end, animate=False, x_axis=False)


def box_tracks(box: Box) -> list[tuple[str, str, str]]:
    """The box's tracks and markers as the browser lists them: (what, what the companion
    applies, the printed text): each Scoring Number box (rule 4.6.2), the Scoring Rolls
    track (4.6.1), each inning's strategy and the extra innings' (5.3, 6.2), the DH
    marker (4.3.1) and Rally Caps (5.7.1)."""
    rows = [(f"Scoring Number {scoring.label}", f"scores on {scoring.describe()} (rule 4.6.2)",
             scoring.flavour) for scoring in box.scoring_boxes]
    rows.append(("Scoring Rolls", f"{box.rolls_boxes} boxes, up to {box.rolls_max} rolls "
                                  "(rule 4.6.1)", ""))
    rows += [(f"Inning {n}", f"{strategy.upper()} (rule 5.3)", "")
             for n, strategy in enumerate(box.strategies, start=1)]
    rows.append(("Extra innings", f"the 10th {box.extra_strategy.upper()}, the 11th as the "
                                  "1st, and so on (rule 6.2)", ""))
    rows.append(("DH marker", f"fields at Defense {box.dh_defense} (rule 4.3.1)", ""))
    rows.append(("Rally Caps", f"{box.rally_caps} use{'' if box.rally_caps == 1 else 's'} a "
                               "game for each player (rule 5.7.1)", ""))
    return rows


class BoxScreen(Screen):
    """The box: rosters, strategy cards, ballparks and tracks, as the data files hold
    them."""

    # Down from the tabs goes into the open tab's table (Left, Right stay the tabs').
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                Binding("down", "into_table", "Into the table", show=False)]

    def action_into_table(self) -> None:
        pane = self.query_one("#box-tabs", TabbedContent).active_pane
        if pane is None:
            return
        table = pane.query_one(DataTable)
        if self._entering is table:
            # Focus moves a moment after it is asked for: the Downs typed quickly after
            # the first (a held key) move the highlight, not ask for it again, unseen.
            table.action_cursor_down()
        else:
            # At once (Widget.focus waits): an End or PageDown sent right behind the Down
            # was read while the tabs still had the keyboard, and went nowhere.
            self._entering = table
            self.set_focus(table)

    def on_descendant_focus(self, event) -> None:
        if not isinstance(event.widget, DataTable):     # back on the tabs: Down enters
            self._entering = None

    def __init__(self, box: Box):
        super().__init__()
        self.box = box
        self._entering: DataTable | None = None     # the table a Down asked focus for

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with TabbedContent(id="box-tabs"):
            with TabPane("Ballplayers"):
                yield BoxTable(id="ballplayers", cursor_type="row")
            with TabPane("Pitchers"):
                yield BoxTable(id="pitchers", cursor_type="row")
            with TabPane("Cards"):
                yield BoxTable(id="cards", cursor_type="row")
                yield Static(id="cards-detail", classes="box-detail")
            with TabPane("Ballparks"):
                yield BoxTable(id="parks", cursor_type="row")
                yield Static(id="parks-detail", classes="box-detail")
            with TabPane("Tracks"):
                yield BoxTable(id="tracks", cursor_type="row")
                yield Static(id="tracks-detail", classes="box-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = self.box.name        # which box is read (a player may have two)
        players = self.query_one("#ballplayers", DataTable)
        players.add_columns("team", "name", "pos", "bats", "O", "D", "P", "OBP", "S", "C")
        pitchers = self.query_one("#pitchers", DataTable)
        pitchers.add_columns("team", "name", "type", "throws", "Stuff", "G", "Ctl", "K", "C",
                             "WHIP", "Fatigue")
        # A roster by its team's abbreviation, as the line score names the team (a team
        # renamed in the box keeps its roster key, which named it here)
        for roster in self.box.rosters.values():
            team = getattr(self.box.roster_team(roster.key), "abbrev", roster.key)
            for p in roster.ballplayers.values():
                players.add_row(team, p.name, p.position, p.bats, p.offense, p.defense,
                                p.power, p.obp, p.speed, p.clutch)
            for p in roster.pitchers.values():
                pitchers.add_row(team, p.name, p.kind, p.throws,
                                 f"{p.stuff_rolls}/{self.box.scoring_boxes[p.stuff_box-1].label}",
                                 p.gopher, p.control, p.k, p.clutch, p.whip, p.fatigue)
        # Beside each printed text, what the companion reads from the data: a box typed in
        # by hand is checked against its cards at a glance. The two long columns run past
        # a narrow screen, so the highlighted row's are also shown whole, wrapped, below.
        cards = self.query_one("#cards", DataTable)
        cards.add_columns("name", "side", "category", "copies", "the companion applies",
                          "text")
        for card in self.box.cards.values():
            cards.add_row(card.name, card.side, card.category, card.copies,
                          describe_card(card), card.text)
        parks = self.query_one("#parks", DataTable)
        parks.add_columns("team", "ballpark", "feature", "the companion applies (rule 8.1)",
                          "text")
        for team in self.box.teams.values():
            parks.add_row(team.name, team.ballpark.name, team.ballpark.feature,
                          "; ".join(describe_ballpark_effect(e)
                                    for e in team.ballpark.effects),
                          team.ballpark.text)
        # box.toml: the tracks, the innings' strategies, the DH marker and Rally Caps (an
        # owner's edits of them were seen only in print or at the table).
        tracks = self.query_one("#tracks", DataTable)
        tracks.add_columns("what", "the companion applies", "text")
        for row in box_tracks(self.box):
            tracks.add_row(*row)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        table = event.data_table
        if table.id not in ("cards", "parks", "tracks") or event.cursor_row < 0:
            return
        row = table.get_row_at(event.cursor_row)
        name = f"{row[1]} ({row[0]})" if table.id == "parks" else row[0]
        applies, text = row[-2:]                    # both tables end on these two
        detail = Text.assemble((name, "bold"), "\n", ("The companion applies: ", "bold"),
                               applies or "nothing",
                               *(("\n", ("Printed text: ", "bold"), text) if text else ()))
        self.query_one(f"#{table.id}-detail", Static).update(detail)
