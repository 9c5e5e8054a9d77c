"""The title bar and the key bar (Textual's Header and Footer drawn by one widget each), and
a selection list whose boxes say their state without colour.

Header is four widgets and Footer one widget per binding, recomposed whenever the focus moves;
together they were most of the time the home screen took to appear. These two draw the same
line (same colours, from the same theme variables) with one render each, and answer the mouse
the same way: the icon opens the command palette, a click on a key presses it.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from functools import partial
from pathlib import Path

from rich.console import Group
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import _time as textual_time  # (the clock of events' own times)
from textual import events, work
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, OptionList, Select, SelectionList, Static
from textual.widgets._select import SelectCurrent, SelectOverlay  # (textual 8.2.8)
from textual.widgets.option_list import OptionDoesNotExist

EXIT_TERMINATED = 143       # the shell's code for a stop by SIGTERM (128 + 15)


def end_on_sigterm(app, on: bool = True) -> None:
    """A polite stop (kill, a logout, a service manager) ends the app as its quit key does:
    the terminal is given back as it was (it was left in the alternate screen, the mouse
    caught and the cursor hidden). `on` False when the app unmounts."""
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop = asyncio.get_running_loop()
        if on:
            loop.add_signal_handler(signal.SIGTERM,
                                    lambda: app.exit(return_code=EXIT_TERMINATED))
        else:
            loop.remove_signal_handler(signal.SIGTERM)


ICON = "⭘"
ICON_WIDTH = 8            # Header's icon cell: one space, the icon, padding to 8
CLOCK_WIDTH = 10          # the room Header keeps on the right for its clock


class TitleBar(Widget):
    """The app's (or the screen's) title, centred, with the command-palette icon; with
    `lines`, the screen's own heading below it in the same widget."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"title-bar--bar"}
    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        .title-bar--bar {
            background: $panel;
            color: $foreground;
        }
    }
    """

    def __init__(self, lines: str = "", id: str | None = None):
        super().__init__(id=id)
        self.lines = Text.from_markup(lines) if lines else None
        if self.lines is not None:
            self.styles.height = 1 + len(self.lines.split())

    def update(self, lines: str) -> None:
        """Another heading of as many lines (the home screen's, while a series opens)."""
        self.lines = Text.from_markup(lines)
        self.refresh()

    def render(self) -> Text:
        width = self.size.width
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        text = Text(f" {ICON}".ljust(ICON_WIDTH))
        middle = Text(title)
        if sub_title:
            middle.append(" — ", "dim")
            middle.append(sub_title, "dim")
        room = max(0, width - ICON_WIDTH - CLOCK_WIDTH)
        middle.truncate(room, overflow="ellipsis")
        left = (room - middle.cell_len) // 2
        text.append(" " * left)
        text.append_text(middle)
        text.append(" " * max(0, width - text.cell_len))
        text.stylize(self.get_component_rich_style("title-bar--bar"))
        if self.lines is not None:
            for line in self.lines.split():
                text.append("\n ")                  # the heading's padding: 0 1
                text.append_text(line)
        return text

    def on_click(self, event: events.Click) -> None:
        if event.y == 0 and event.x < ICON_WIDTH and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            self.app.action_command_palette()


KEPT_KEYS = ("q", "escape", "question_mark")   # a narrow key bar leaves the screen's own
                                                # keys out first (? lists them all),
FIRST_LEFT_OUT = ("d", "l", "s")                # the views first of all


class StatusLine(Static):
    """A screen's status line (or its line score), drawn for the columns it has:
    `say(columns=...)` gives its markup (views.status, views.line_score), asked again at a
    new width; or `say` is the markup itself."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._say = None

    def show(self, say) -> None:
        self._say = say if callable(say) else lambda columns: say
        self._draw()

    def _draw(self) -> None:
        if self._say is not None:
            width = self.content_region.width or self.app.size.width - 2
            self.update(self._say(columns=width))

    def on_resize(self) -> None:
        self._draw()


class KeyBar(Widget):
    """The screen's bindings as Footer shows them: key, description, the palette on the right."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--hover",
                         "key-bar--border"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .key-bar--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .key-bar--border {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str, bool]] = []    # start, end, key, enabled
        self._hover: int | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def _items(self) -> tuple[list[tuple], tuple | None]:
        """(key, shown key, description, enabled) of each binding, one per action; and the
        command palette's, shown apart on the right."""
        app = self.app
        active = self.screen.active_bindings
        seen: set[str] = set()
        items = []
        for _node, binding, enabled, _tooltip in active.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            items.append((binding.key, app.get_key_display(binding), binding.description,
                          enabled))
        palette = None
        if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _node, binding, enabled, _tooltip = active[app.COMMAND_PALETTE_BINDING]
            palette = (binding.key, app.get_key_display(binding), binding.description, enabled)
        return items, palette

    def _piece(self, item: tuple, index: int, compact: bool = False) -> Text:
        """One key: ` key description ` (`key description` compact, as Footer draws the
        command palette's)."""
        _key, shown, description, enabled = item
        hover = index == self._hover
        key_style = self.get_component_rich_style("key-bar--key")
        text_style = self.get_component_rich_style("key-bar--description")
        if hover:
            hover_style = self.get_component_rich_style("key-bar--hover")
            key_style += hover_style
            text_style += hover_style
        if compact:
            piece = Text.assemble((shown, key_style),
                                  (f" {description}" if description else "", text_style))
        else:
            piece = Text.assemble((f" {shown} ", key_style),
                                  (f"{description} " if description else "", text_style))
        if not enabled:
            piece.stylize("dim italic")     # (italic: seen without colour too)
        return piece

    def render(self) -> Text:
        """Footer's look where it fits; in a narrow terminal the keys close up (Footer's
        compact look), then the palette's key (ctrl+p still works) makes room for them, then
        the keys that do not fit whole are left out (they still work)."""
        items, palette = self._items()
        width = self.size.width
        for compact, with_palette in ((False, True), (True, True), (True, False)):
            line, spans = self._keys(items, compact)
            right = self._palette(palette, len(items)) if with_palette and palette else None
            if line.cell_len + (right.cell_len if right else 0) <= width:
                break
        else:
            line, spans = self._keys(items, True, width)
        if right is not None:
            start = max(0, width - right.cell_len)
            if line.cell_len > start:
                line.truncate(start)
                spans = [s for s in spans if s[1] <= start]
            line.append(" " * (start - line.cell_len))
            spans.append((start + 1, width, palette[0], palette[3]))
            line.append_text(right)
        self._spans = spans
        return line

    def _keys(self, items: list[tuple], compact: bool,
              width: int | None = None) -> tuple[Text, list]:
        """The keys in a line; with `width`, only those that fit whole in it, the way out
        (quit, escape) kept before the screen's own keys, the views after them and the
        dimmed keys last."""
        line = Text(no_wrap=True, overflow="crop")
        spans = []
        kept = set(range(len(items)))
        if width is not None:
            room = width + compact          # the last key's trailing space may go
            # (a dimmed key, one that does nothing now, makes way for a view's that does:
            # at a final, r Roll took s Series' room)
            order = sorted(range(len(items)), key=lambda i: (
                0 if items[i][0] in KEPT_KEYS else 3 if not items[i][3]
                else 2 if items[i][0] in FIRST_LEFT_OUT else 1))
            kept = set()
            for index in order:
                size = self._piece(items[index], 0, compact).cell_len + compact
                if size <= room:
                    kept.add(index)
                    room -= size
        for index, item in enumerate(items):
            if index not in kept:
                continue
            piece = self._piece(item, len(spans), compact)     # hover counts the keys shown
            spans.append((line.cell_len, line.cell_len + piece.cell_len, item[0], item[3]))
            line.append_text(piece)
            if compact:
                line.append(" ")
        if width is not None:
            line.truncate(width)            # the last key's trailing space
        return line, spans

    def _palette(self, palette: tuple, index: int) -> Text:
        right = Text("▏", self.get_component_rich_style("key-bar--border"))
        right.append_text(self._piece(palette, index, compact=True))
        right.append(" ")
        return right

    def _at(self, x: int) -> int | None:
        return next((i for i, (a, b, _k, _e) in enumerate(self._spans) if a <= x < b), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self._at(event.x)
        if index != self._hover:
            self._hover = index
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._at(event.x)
        if index is None:
            return
        _a, _b, key, enabled = self._spans[index]
        if enabled:
            self.app.simulate_key(key)
        else:
            self.app.bell()


TYPE_AHEAD_SECONDS = 0.4      # a letter this soon after a window's key was a word typed
SAME_ACTION = {"quit_soon": "quit"}   # actions the keys panel lists as one


class TypedThrough:
    """For a window a letter key of the table opens (`key`: s the series, d the dugouts, l
    the log, h the hand, p print): a letter typed right after that key (within
    TYPE_AHEAD_SECONDS) was the start of a word on the options, not a look at the window
    ('stroud' at Batter Up opened the series, 'draws 4' the dugouts, 'pass' the print
    dialog). `typed_through` hands both letters to the screen under it (its `word_begun`,
    the typing box, which takes what follows); the window then closes."""

    key: str | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Made as its key is read; a key's own time is when it came, so keys typed while
        # a slow machine drew the window still count as typed at once.
        self.opened_at = textual_time.get_time()
        self._handed_to = None          # the screen a word went on to, once handed

    def on_screen_resume(self) -> None:
        """Come up after the word its key began had gone on to the table already (the
        word's next letters reached the table before the window did, and a word typed at
        once stayed under the window, Enter going to it): not wanted, it goes at once."""
        stack = self.app.screen_stack
        under = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        unwanted = getattr(under, "window_unwanted", None)
        if unwanted is not None and unwanted(self):
            self.dismiss(None)

    def typed_through(self, event: events.Key) -> bool:
        if self._handed_to is not None:
            # Keys already on their way to the window when it handed the word on (a quick
            # typist's next letters): they go on into the same line, in their order.
            self._handed_to.word_goes_on(event)
            event.stop()
            event.prevent_default()
            return True
        char = event.character
        if not (self.key and event.is_printable and char and not char.isspace()
                and event.time - self.opened_at <= TYPE_AHEAD_SECONDS
                and event.key not in self.active_bindings):
            return False
        stack = self.app.screen_stack
        under = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        begun = getattr(under, "word_begun", None)
        if begun is None or not begun(self.key + char):
            return False
        self._handed_to = under
        event.stop()
        event.prevent_default()
        return True


class ClosesOnce:
    """For a window (a ModalScreen): it closes once. Textual's `dismiss` pops whatever
    screen is on top, so a key queued behind the one that closed the window (h or Escape
    pressed quickly) closed the screen under it too, and with none left the app ended."""

    _window_closed = False

    def dismiss(self, result=None) -> AwaitComplete:
        # Once closed, a later key's close is nothing. (Not "not on top": a window under
        # the command palette, closing itself when its print is done, still closes.)
        if self._window_closed:
            return AwaitComplete()
        self._window_closed = True
        return super().dismiss(result)


def page_if_laid_out(page) -> None:
    """A list's PageUp or PageDown (Textual 8.2.8 pages by its map of rows to options,
    empty until the list is laid out: a page key in the same burst of keys as the list's
    opening raised KeyError and closed the app). Before then there is no page to move."""
    try:
        page()
    except KeyError:
        pass


class SteadyPalette(ClosesOnce, CommandPalette):
    """Textual's command palette, its list's page keys as `page_if_laid_out` (Ctrl+P then
    PageUp at once closed the app); it closes once (clicks on its background in one burst
    each closed 'the palette', the screens under it, and then the app)."""

    def _action_command_list(self, action: str) -> None:
        page_if_laid_out(partial(super()._action_command_list, action))

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        # (Textual 8.2.8's worker.) Taken off as it opened (Ctrl+P behind the key that
        # closes a window: the window's close took the palette off instead), it finds no
        # list to fill, which failed the worker and the app with it.
        try:
            await CommandPalette._gather_commands.__wrapped__(self, search_value)
        except NoMatches:
            if self.query(CommandList):
                raise                       # (its list is there: another fault, told)


class SteadyPaletteApp:
    """For an App: its command palette is the `SteadyPalette`."""

    def action_command_palette(self) -> None:
        # (Textual 8.2.8's own, the palette swapped)
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(SteadyPalette(id="--command-palette"))


class EndStops:
    """For a list (an OptionList, a SelectionList): its arrows stop at its ends. Textual's
    wraps round, so a Down too many from the option at the foot landed on the first, and
    Enter took what was not meant (on the game screen a step; on the home screen New
    series for the series below it). Its first row in view starts an option: scrolled to
    the highlight, an option wrapped over two lines could show only its second (a
    reliever's ratings without his name)."""

    def scroll_to_highlight(self, top: bool = False) -> None:
        super().scroll_to_highlight(top)
        highlighted = self.highlighted
        starts = sorted(set(self._index_to_line.values()))
        if highlighted is None or highlighted not in self._index_to_line:
            return
        y = round(self.scroll_offset.y)
        later = [start for start in starts if start > y]
        if y not in starts and later and later[0] <= self._index_to_line[highlighted]:
            # Down to the next option's first row: the highlighted one stays in view.
            self.scroll_to(y=later[0], animate=False, immediate=True)

    def _on_click(self, event: events.Click) -> None:
        # A double click's second click takes nothing: it took the option after the one
        # clicked (at a shared screen, the other player's, behind his curtain).
        if event.chain > 1:
            event.prevent_default()

    def action_page_up(self) -> None:
        page_if_laid_out(super().action_page_up)

    def action_page_down(self) -> None:
        page_if_laid_out(super().action_page_down)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            (super().action_cursor_down if direction > 0 else super().action_cursor_up)()
            return
        index = self.highlighted + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction


class EndStopList(EndStops, OptionList):
    """The options' and the home screen's list (`EndStops`)."""


class EndStopOverlay(EndStops, SelectOverlay):
    """A Select's open list (`EndStops`)."""


class EndStopSelect(Select):
    """Textual's Select whose open list stops at its ends (`EndStops`): a Down too many in
    the lineup's slot by slot landed on the first name, and the one meant was left out.
    Its compose is Textual 8.2.8's with the overlay swapped (pinned: see pyproject)."""

    def compose(self):
        yield SelectCurrent(self.prompt)
        yield EndStopOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact)


class CheckList(EndStops, SelectionList):
    """Textual's SelectionList with the mark in the box itself: an X when chosen, a blank
    when not (Textual draws an X in both and tells them apart by colour alone). Space
    toggles the option it was pressed on: Textual toggles the one highlighted when its
    message is handled, so arrows typed quickly after a Space moved it to another (one
    toggled twice, the one meant not at all)."""

    def _on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        event.prevent_default()             # (Textual's own handler would toggle again)
        self.toggle(self.get_option_at_index(event.option_index))

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 2 or segments[1].text != Checkbox.BUTTON_INNER:
            return strip
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        if option.value in self.selected:
            return strip
        mark = segments[1]
        segments[1] = Segment(" " * len(mark.text), mark.style, mark.control)
        return Strip(segments, strip.cell_length)


class TickBox(Checkbox):
    """A checkbox whose box is empty when off: Textual's shows its X either way and tells the
    two apart by colour alone."""

    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "X" if self.value else " "


def dialog_buttons(*buttons):
    """A dialog's buttons docked at its foot, in view however its fields scroll (at 80x24
    a note pushed them below the edge). The dialog's scroll reaches the rows they cover (a
    field brought into view is brought above them: `NewSeriesScreen.rule_highlighted`)."""
    from textual.containers import Horizontal

    yield Horizontal(*buttons, classes="row buttons")


class FormScroll(VerticalScroll, can_focus=False):
    """A dialog's fields in a box that scrolls when the screen is short, and is no Tab stop
    of its own: Tab goes from field to field, and a field taking focus scrolls into view."""


def own_actions(node) -> set[str]:
    """The actions the companion's own classes bind on `node` (Textual's widgets bind more:
    scrolling, copying, paging)."""
    actions = set()
    for cls in type(node).__mro__:
        if cls.__module__.startswith("companion"):
            for binding in cls.__dict__.get("BINDINGS", ()):
                actions.add(binding.action if isinstance(binding, Binding) else binding[1])
    return actions


class KeysPanel(VerticalScroll, can_focus=False):
    """`?`: every key of the screen with what it does, the screen's own first, dimmed while
    it does nothing, then the command palette and one line for the keys every list and
    field answers. (Textual's key panel lists the focused list's generic keys, scrolling and
    copying, first and pushes the screen's own below the fold of a small terminal.)"""

    DEFAULT_CSS = """
    KeysPanel {
        split: right;
        width: 33%;
        min-width: 30;
        max-width: 60;
        border-left: vkey $foreground 30%;
        padding: 0 1;
        height: 1fr;
    }
    """
    GENERIC = ("In a list: Up, Down, PgUp, PgDn, Home, End move, Enter takes. Tab and "
               "shift+Tab go from list to field. ? again scrolls this panel on, and closes "
               "it at its end; on the table Escape closes it.")

    def compose(self):
        yield Static(id="keys-table")

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.show_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.show_keys()

    def rows(self) -> list[tuple[str, str, bool]]:
        """(shown keys, what they do, enabled) of each of the companion's actions in reach,
        every key of an action together, the shortest first (`q ^q` quit)."""
        app = self.app
        actions: dict[str, list] = {}
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.action not in own_actions(node):
                continue
            shown = app.get_key_display(binding)
            # "app.quit" bound on a screen is the app's "quit", and so is the table's
            # "quit_soon" (q waits for a word's next letter): one action, one row
            action = binding.action.removeprefix("app.")
            row = actions.setdefault(SAME_ACTION.get(action, action), [[], "", enabled])
            if shown not in row[0]:
                row[0].append(shown)
            row[1] = row[1] or binding.description
        rows = [(" ".join(sorted(keys, key=len)), does or action, enabled)
                for action, (keys, does, enabled) in actions.items()]
        if app.ENABLE_COMMAND_PALETTE:
            rows.append((app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, "")),
                         "command palette: every action by name", True))
        return rows

    def show_keys(self) -> None:
        shown = self.query("#keys-table").results(Static)
        field = next(shown, None)
        if field is None:
            return          # closed as it opened (a second ? in the same burst of keys)
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", no_wrap=True)
        table.add_column()
        for key, does, enabled in self.rows():
            table.add_row(Text(key, style="bold" if enabled else "dim"),
                          Text(does, style="" if enabled else "dim"))
        legend = getattr(self.screen, "LEGEND", "")     # how the screen's lines read
        field.update(
            Group(table, Text(""), Text(self.GENERIC, style="dim"),
                  *([Text(""), Text(legend, style="dim")] if legend else [])))


def settings_path() -> Path:
    """The player's settings (the theme, the last New series choices), beside no game
    file: one per user."""
    from platformdirs import user_config_dir

    from ..store.db import APP

    return Path(user_config_dir(APP, appauthor=False)) / "settings.json"


def read_settings() -> dict:
    """The settings kept, or none: a file missing, unreadable or not a JSON object is read
    as no settings (they only ever say how the screen looks and what a dialog offers
    first)."""
    import json

    try:
        settings = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def use_saved_theme(app) -> None:
    """The theme the player chose last time at the table (ctrl+p, Theme), for this app too;
    one no longer offered (a Textual upgrade) leaves the default."""
    chosen = read_settings().get("theme")
    if isinstance(chosen, str) and chosen in app.available_themes:
        app.theme = chosen


def write_settings(settings: dict) -> None:
    """Keep the settings; a folder that cannot be written keeps none (said nowhere: the
    screen looks as chosen until the app closes)."""
    import json

    from ..files import write_atomically

    try:
        path = settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(settings, indent=2).encode("utf-8"))
    except (OSError, ValueError):
        pass
