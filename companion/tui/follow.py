"""`companion follow`: a read-only live scoreboard for a second terminal or a big screen.

One read-only connection is opened (and integrity-checked) once and kept: each poll is one
count of the series' events on it; only when the count moves is the series loaded again.
If the connection fails (the file replaced, a read error) it is dropped and the next poll
opens and checks the file afresh."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..engine.errors import CompanionError
from ..store.db import Store, StoreBusy, default_path
from ..store.series_store import change_mark, latest_series
from . import views
from .chrome import KeyBar, StatusLine, SteadyPaletteApp, TitleBar, end_on_sigterm, use_saved_theme
from .table import Table

POLL_SECONDS = 0.5
FOLLOW_WAIT_SECONDS = 0.2    # for another program's lock on the file, at each poll
TABLE_CLOSED = "(no table has the file open: the last step taken is shown)"
NO_SERIES = "No series in the file: the one started at the table shows here."
HALF_TOLD = "End of the half"       # (the table's own notice title)
HALF_TOLD_SECONDS = 12              # read from across the room


class FollowBoard(Static):
    """The follow screen's board: drawn again at its own new size (the app's resize came
    before the board's, which, shrunk, kept its blank lines and lost its foot, the win
    figure, till the next step)."""

    def on_resize(self) -> None:
        app = self.app
        if isinstance(app, FollowApp):
            app.call_after_refresh(app._show_board)


class FollowApp(SteadyPaletteApp, App):
    """Shows the series being played elsewhere (given, else the one with the newest step,
    switching when play moves to another); never writes to the file."""

    CSS_PATH = "companion.tcss"
    TITLE = "Dugout companion - following"
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, db: str | Path | None = None, series_id: int | None = None,
                 poll: float = POLL_SECONDS):
        super().__init__()
        self.db = db
        self.series_id = series_id
        self.poll = poll
        self.seen: tuple | None = None
        self.table: Table | None = None
        self.store: Store | None = None
        self.gone = False           # the file followed was deleted or moved from the path
        # (series, game, notes in its log) of the step last shown: a half ended since is told
        self.notes_seen: tuple[int, int, int] | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield StatusLine("Waiting for a game...", id="linescore")
        yield StatusLine(id="status")
        yield FollowBoard(id="board")
        yield KeyBar()

    def on_mount(self) -> None:
        use_saved_theme(self)       # the table's theme, chosen there
        end_on_sigterm(self)
        self.check()
        self.set_interval(self.poll, self.check)

    def on_unmount(self) -> None:
        end_on_sigterm(self, on=False)
        self._drop()

    def _drop(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
        self.notes_seen = None      # (a file put back at the path is another's steps)

    def check(self) -> None:
        """Reload when the file holds new events (from the file now at the path: one
        deleted or replaced is let go, and the path opened afresh)."""
        if self.store is not None and self.store.moved():
            self._drop()
            self.seen = None
            self.gone = True
        if self.store is None:
            try:
                # (a file another program keeps locked: said at once and read again at
                # the next poll; waiting longer froze the screen and its keys)
                self.store = Store.open(self.db, readonly=True, wait=FOLLOW_WAIT_SECONDS)
            except StoreBusy:
                self.seen = None
                self.query_one("#status", StatusLine).show(
                    "another program keeps the game file locked: read again as it lets go")
                return
            except CompanionError as error:
                self.seen = None
                # (a file followed, then gone: 'no game file there yet' read as never made)
                gone = self.gone and not Path(self.db or default_path()).exists()
                self.query_one("#status", StatusLine).show(
                    f"{self.db or default_path()}: the game file followed is gone from there "
                    "(deleted or moved); shown again once it is back" if gone else str(error))
                return
            self.gone = False
        store = self.store
        try:
            series_id = self.series_id or latest_series(store)
            if series_id is None:
                if self.table is not None:      # the series followed was deleted
                    self.table = self.seen = None
                    self.query_one("#linescore", StatusLine).show("")
                    self.query_one("#board", Static).update("")
                self.query_one("#status", StatusLine).show(NO_SERIES)
                return
            count = change_mark(store, series_id)       # (a win figure kept too: shown)
            running = store.writer_running()
            if (series_id, count, running) == self.seen:
                return
            table = Table(store, series_id)
        except Exception as error:      # the kept connection failed: reopen at the next poll
            self._drop()
            self.seen = None            # (so the next good read is shown, the error gone)
            self.query_one("#status", StatusLine).show(f"reading the file failed: {error}")
            return
        self.seen = (series_id, count, running)
        # A game just over stays on this screen too until the next one's first step is
        # taken at the table (rule 4.8), as the table holds it.
        table.held = table.final_to_hold()
        table.follow_game()         # the held game's figures (it loaded the next game's)
        self.table = table
        self._tell_half_over(series_id, table)
        self.query_one("#linescore", StatusLine).show(partial(views.line_score, table))
        self.query_one("#status", StatusLine).show(partial(views.status, table, True))
        self._show_board()

    def _tell_half_over(self, series_id: int, table: Table) -> None:
        """A half ended since the last step shown is told as the table tells it (rule
        4.6.4: its runs, the dice that made them, the cards played): the line score alone
        moved, and whoever watched could not tell how the runs came."""
        game = table.game
        if game is None:
            self.notes_seen = None
            return
        number = table.game_number()
        now = (series_id, number, len(game.state.log))
        before, self.notes_seen = self.notes_seen, now
        if before is None or before[0] != series_id:
            return                  # (the first look, another series: nothing new ended)
        if before[1] == number - 1:
            # The game looked at ended meanwhile and the next one opened (no final is held
            # where no one plays at the table): that game's last half, with its end
            game = table.session.games[number - 2]
        elif before[1] != number or before[2] >= now[2]:
            return                  # (an undo, a game left: nothing new ended)
        notes = game.state.log[before[2]:]
        # (the last half alone, however many ended since: one notice, as the table's)
        told = views.last_half(game) if views.ends_half(notes) else None
        if told and self.size.height < views.HALF_NOTICE_BRIEF_ROWS:
            told = told.split("\n", 1)[0]    # (its runs: the dice covered the board)
        if told:
            # One half at a time: halves played quickly stacked their notices over the
            # line score and the status line (the table's notices keep under its board)
            self.clear_notifications()
            self.notify(told, title=HALF_TOLD, markup=False, timeout=HALF_TOLD_SECONDS)

    def _show_board(self) -> None:
        """The board, its blank lines left out when it is short of rows (the win figure at
        its foot stays in view, as on the table's screen)."""
        if self.table is None or self.seen is None:     # (let go of since it was asked)
            return
        table, board = self.table, self.query_one("#board", Static)
        said = "" if self.seen[2] else f"{TABLE_CLOSED}\n"
        region = board.content_region
        markup = said + views.board(table, width=region.width or None)
        if region.height and views.rows_taken(self.console, markup, region.width) > (
                region.height):
            markup = said + views.board(table, compact=True, width=region.width or None)
        board.update(markup)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_board)
