"""`companion follow`: a read-only live scoreboard for a second terminal or a big screen."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static

from ..engine.errors import CompanionError
from ..store.db import Store
from ..store.series_store import list_series
from . import views
from .table import Table

POLL_SECONDS = 0.5


class FollowApp(App):
    """Shows the series being played elsewhere; never writes to the file."""

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

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Waiting for a game...", id="linescore")
        yield Static(id="status")
        yield Static(id="board")
        yield Footer()

    def on_mount(self) -> None:
        self.check()
        self.set_interval(self.poll, self.check)

    def check(self) -> None:
        """Reload when the file holds new events."""
        try:
            store = Store.open(self.db, readonly=True)
        except CompanionError as error:
            self.query_one("#status", Static).update(str(error))
            return
        try:
            rows = list_series(store)
            if not rows:
                return
            series_id = self.series_id or next(
                (r.id for r in reversed(rows) if r.status == "playing"), rows[-1].id)
            count = store.db.execute("SELECT COUNT(*) FROM events WHERE series_id = ?",
                                     [series_id]).fetchone()[0]
            if (series_id, count) == self.seen:
                return
            self.seen = (series_id, count)
            self.table = Table(store, series_id)
            self.query_one("#linescore", Static).update(views.line_score(self.table))
            self.query_one("#status", Static).update(views.status(self.table))
            self.query_one("#board", Static).update(views.board(self.table))
        finally:
            store.close()
