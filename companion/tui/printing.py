"""The Print dialog: a set of the box, or the box score of a stored series or game, as a PDF.

The dialog is reached with `p` from the home screen (the whole-box sets, and the box score
of the highlighted series) and from the game screen once a game is over (the box score of
that game and of the series so far). The PDF is drawn in a thread worker, so the screen
never waits; a progress bar follows it. printables (and so reportlab) is imported only in
that worker, when a print starts: the app starts as quickly as before.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, ProgressBar, Select
from textual.worker import Worker, get_current_worker

from printables.options import PAPERS, SIDES, parse_offset
from printables.sets import TEAM_SETS

from ..engine.errors import CompanionError, clip
from ..files import output_problem
from ..high_and_tight.box import Box
from .chrome import TYPE_AHEAD_SECONDS, ClosesOnce, TickBox, TypedThrough, dialog_buttons

# The whole-box sets, as `companion print` names them (printables/sets.py), each with what
# it holds; `all` is every one of them in one PDF.
SETS: dict[str, str] = {
    "all": "every set of the box, in one PDF",
    "pieces": "ballplayer and pitcher pieces",
    "markers": "the markers",
    "cards": "the strategy cards",
    "team-cards": "the team cards and ballparks",
    "rally-caps": "the Rally Caps cards",
    "scoreboard": "the scoreboard",
    "field": "the field",
    "scoresheet": "a blank scoresheet",
    "series-sheet": "a series tracker",
    "calibration": "front/back registration test",
}
BOX_SCORE = "box:"                 # a choice's prefix: box:SERIES or box:SERIES:GAME

Progress = Callable[[str, float, float], None]    # (what is being drawn, done, total)


class PrintCancelled(Exception):
    """The dialog was closed while its PDF was being drawn: nothing is written."""


@dataclass(frozen=True)
class PrintJob:
    """One print as the dialog asks for it; `run` draws it (in the worker's thread)."""

    what: str                      # a set name, or box:SERIES[:GAME]
    out: Path
    paper: str = "letter"
    sides: str = "duplex"
    bleed: bool = False
    team: str | None = None
    offset: tuple[float, float] = (0.0, 0.0)   # points added to every back page
    only: tuple[str, ...] = ()                 # only these components (one copy a name)
    box: Box | None = None         # the box the sets are drawn from
    store_path: Path | None = None   # the game file a box score is read from

    def run(self, progress: Progress, note: Callable[[str], None] | None = None) -> int:
        """Write the PDF; returns its number of pages. ValueError, OSError or CompanionError
        name what is wrong (an unknown team, a folder that cannot be written); `note` hears
        of each set a run of several leaves out, and why, and of what a print did other
        than asked (`printables.components.print_note`)."""
        from printables.options import PrintOptions

        options = PrintOptions(paper=self.paper, sides=self.sides, bleed=self.bleed,
                               team=self.team, offset=self.offset, only=self.only)
        if self.what.startswith(BOX_SCORE):
            return self._box_score(options, progress, note)
        from printables.render import render, sets_to_print

        names, _ = sets_to_print(self.what, self.box, options)

        def report(name: str, done: int, total: int) -> None:
            index = names.index(name)
            label = f"{name}: page {done} of {total}"
            if len(names) > 1:
                label += f" (set {index + 1} of {len(names)})"
            progress(label, index + (done / total if total else 1), len(names))

        return render(self.what, self.box, options, self.out, report, note)

    def _box_score(self, options, progress: Progress,
                   note: Callable[[str], None] | None = None) -> int:
        from printables.boxscore import print_boxscore

        from ..store.db import Store

        def report(done: int, total: int) -> None:
            progress(f"box score: game {done} of {total}", done, total)

        with Store.open(self.store_path, readonly=True) as store:
            return print_boxscore(store, self.what[len(BOX_SCORE):], options, self.out,
                                  report, note)     # (a series that stops early: said)


def box_score_choice(series_id: int, game: int | None = None) -> tuple[str, str]:
    """(label, value) of the box score of a series, or of one of its games."""
    if game is None:
        return f"Box score of series {series_id}", f"{BOX_SCORE}{series_id}"
    return (f"Box score of game {game} (series {series_id})",
            f"{BOX_SCORE}{series_id}:{game}")


def set_choices() -> list[tuple[str, str]]:
    return [(f"{name}: {what}", name) for name, what in SETS.items()]


def file_name(what: str) -> str:
    """high-and-tight-<set>.pdf; high-and-tight-boxscore-<series>[-game<N>].pdf."""
    if what.startswith(BOX_SCORE):
        series, _, game = what[len(BOX_SCORE):].partition(":")
        return f"high-and-tight-boxscore-{series}" + (f"-game{game}" if game else "") + ".pdf"
    return f"high-and-tight-{what}.pdf"


def default_folder() -> Path:
    """The user's Documents folder when there is one, else his home folder (never the
    folder the app was started from, which under `make play` is the project's own)."""
    home = Path.home()
    documents = home / "Documents"
    if documents.is_dir():
        return documents
    return home if home.is_dir() and os.access(home, os.W_OK) else Path.cwd()


class PrintScreen(ClosesOnce, TypedThrough, ModalScreen[None]):
    """What to print, on which paper, how; the file; a progress bar while it is drawn. Its
    key, p, may begin a word typed on the table ('pass'): see TypedThrough."""

    key = "p"

    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close"),
                Binding("ctrl+s", "print", "Print")]

    def __init__(self, choices: list[tuple[str, str]], value: str, box: Box | None = None,
                 store_path: Path | None = None, folder: Path | None = None):
        super().__init__()
        self.choices = choices
        self.value = value
        self.box = box
        self.store_path = store_path
        self._folder = folder
        self.folder: Path | None = None         # (known once on the app: `compose`)
        self.default_out = ""
        self.worker: Worker | None = None
        self.job: PrintJob | None = None
        self._again = False                 # ctrl+s pressed again while it drew

    def compose(self) -> ComposeResult:
        # The folder printed to last in this run of the app, else Documents or home (a
        # second box score went back to the default folder, not where the first went).
        self.folder = self._folder or getattr(self.app, "print_folder", None) or \
            default_folder()
        self.default_out = str(self.folder / file_name(self.value))
        teams = [name for t in (self.box.teams.values() if self.box else ())
                 for name in (t.key, t.name)]
        with Vertical(id="dialog", classes="form print"):
            # The box printed from, named (a player with a box of his own who left out
            # --data would print the demo box's components without a word).
            source = f" from {escape(clip(self.box.name, 30))}" if self.box else ""
            yield Label(f"[b]Print[/b]{source}  (ctrl+s prints, escape closes)")
            with Horizontal(classes="row gap"):
                yield Label("What")
                yield Select(self.choices, value=self.value, allow_blank=False, id="what",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label("Paper, sides", id="paper-label")
                yield Select([(p, p) for p in PAPERS], value="letter", allow_blank=False,
                             id="paper", compact=True)
                yield Select([(s, s) for s in SIDES], value="duplex", allow_blank=False,
                             id="sides", compact=True)
            with Horizontal(classes="row", id="team-row"):
                yield Label("Team", id="team-label")
                yield Input(placeholder="every team", id="team",
                            compact=True, suggester=SuggestFromList(teams,
                                                                    case_sensitive=False))
                yield TickBox("bleed 3 mm", id="bleed", compact=True)
            with Horizontal(classes="row", id="offset-row"):
                yield Label("Offset, only")
                yield Input(placeholder="backs moved X,Y mm", id="offset", compact=True)
                yield Input(placeholder="every component", id="only", compact=True)
            with Horizontal(classes="row"):
                yield Label("File")
                yield Input(self.default_out, id="out", compact=True)
            yield ProgressBar(id="progress", show_eta=False)
            yield Label("", id="stage")
            yield from dialog_buttons(
                Button("Print", variant="primary", id="print", compact=True),
                Button("Close", id="close", compact=True))

    def on_mount(self) -> None:
        self._fit_fields(self.value)
        self.query_one("#what", Select).focus()
        # (once a word typed through the window could have closed it: nothing moves in it
        # while the letters behind its key are handed on)
        self.set_timer(TYPE_AHEAD_SECONDS + 0.1, self._file_end_shown)

    def _file_end_shown(self) -> None:
        """The file's name in view: a path longer than its field showed its folders and
        cut the name ('.../high-and-tight-boxscore-1-game3' without its '.pdf')."""
        if not self.is_attached:
            return                          # (closed meanwhile: a word typed through it)
        out = self.query_one("#out", Input)
        if len(out.value) <= out.content_size.width:
            return                          # (whole in view: nothing to move)
        out.cursor_position = 0             # (moved, so that the field scrolls to it)
        out.action_end()

    def on_key(self, event) -> None:
        if self.typed_through(event):
            self.dismiss(None)

    @on(Select.Changed, "#what")
    def chosen(self, event: Select.Changed) -> None:
        """A new choice renames the file, unless the player typed a name of his own."""
        what = str(event.value)
        out = self.query_one("#out", Input)
        if out.value == self.default_out:
            self.default_out = str(Path(out.value).parent / file_name(what))
            out.value = self.default_out
            self.set_timer(TYPE_AHEAD_SECONDS + 0.1, self._file_end_shown)
        self._fit_fields(what)

    def _fit_fields(self, what: str) -> None:
        """A box score is drawn on the paper chosen; sides, bleed, team, the back offset
        and the components are for sets, and leave the dialog while a box score is
        chosen."""
        box_score = what.startswith(BOX_SCORE)
        for widget_id in ("#sides", "#team-row", "#offset-row"):
            self.query_one(widget_id).display = not box_score
        # (a team narrows only its sets: beside the cards it was a field that refused; the
        # bleed beside it stays, for the cards)
        for widget_id in ("#team-label", "#team"):
            self.query_one(widget_id).display = what in (*TEAM_SETS, "all")
        self.query_one("#paper-label", Label).update("Paper" if box_score else "Paper, sides")

    def _job(self) -> PrintJob | None:
        text = self.query_one("#out", Input).value.strip()
        if not text:
            self._refuse("give the PDF a file name")
            return None
        out = Path(text).expanduser()
        problem = output_problem(out, ".pdf", replaces="pdf")
        if problem:
            self._refuse(problem)
            return None
        what = str(self.query_one("#what", Select).value)
        if what.startswith(BOX_SCORE):          # the set-only fields are hidden: not read
            return PrintJob(what=what, out=out, paper=str(self.query_one("#paper", Select).value),
                            box=self.box, store_path=self.store_path)
        team = (self.query_one("#team", Input).value.strip() or None
                if self.query_one("#team").display else None)       # (hidden: not read)
        offset_text = self.query_one("#offset", Input).value.strip()
        try:
            offset = parse_offset(offset_text) if offset_text else (0.0, 0.0)
        except ValueError as error:
            self._refuse(str(error))
            return None
        only = tuple(name.strip() for name in self.query_one("#only", Input).value.split(",")
                     if name.strip())
        return PrintJob(what=what, out=out,
                        paper=str(self.query_one("#paper", Select).value),
                        sides=str(self.query_one("#sides", Select).value),
                        bleed=self.query_one("#bleed", Checkbox).value, team=team,
                        offset=offset, only=only, box=self.box, store_path=self.store_path)

    @on(Button.Pressed, "#print")
    def action_print(self) -> None:
        if self.worker is not None and self.worker.is_running:
            # (in the dialog, as its problems are: the notices wait behind it; kept
            # beside each page's progress from now on)
            self._again = True
            self.query_one("#stage", Label).update(self._stage_words(""))
            return
        self.query_one("#stage", Label).update("")    # (a refusal of the fields before)
        self._again = False
        job = self._job()
        if job is None:
            return
        self.job = job
        bar = self.query_one("#progress", ProgressBar)
        bar.update(total=None, progress=0)
        bar.display = True
        self.query_one("#stage", Label).update(f"drawing {job.out.name} ...")
        self.worker = self.draw(job)

    @work(thread=True, exclusive=True, group="print", exit_on_error=False)
    def draw(self, job: PrintJob) -> None:
        """Draw the PDF off the UI thread; progress, the result and any problem go back to
        the screen through call_from_thread. Closing the dialog stops the drawing at the
        next page, before anything is written."""
        worker = get_current_worker()

        def to_screen(callback, *args) -> None:
            if worker.is_cancelled:
                raise PrintCancelled
            self.app.call_from_thread(callback, *args)

        notes: list[str] = []
        try:
            pages = job.run(lambda label, done, total: to_screen(self._progress, label,
                                                                 done, total), notes.append)
        except PrintCancelled:
            return
        except (ValueError, OSError, CompanionError) as error:
            problem = str(error)
        except Exception as error:          # a fault in drawing must not end the table
            problem = f"printing failed ({type(error).__name__}: {error})"
        else:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._done, job, pages, notes)
            return
        if not worker.is_cancelled:
            # (what was said before it, first: why a game asked for is not in the series)
            self.app.call_from_thread(self._failed, "\n".join([*notes, problem]))

    def _stage_words(self, label: str) -> str:
        """The stage line: the page drawn, and once ctrl+s came again while drawing, that
        this print is still under way (the next page's label put it out of sight at once)."""
        if not self._again:
            return label
        still = f"still drawing {self.job.out.name if self.job else 'the PDF'}: Close stops it"
        return f"{label}; {still}" if label else still

    def _progress(self, label: str, done: float, total: float) -> None:
        if self.is_attached:
            self.query_one("#progress", ProgressBar).update(total=total, progress=done)
            self.query_one("#stage", Label).update(self._stage_words(label))

    def _done(self, job: PrintJob, pages: int, notes: list[str]) -> None:
        count = "1 page" if pages == 1 else f"{pages} pages"
        self.app.notify("\n".join([f"wrote {job.out.name} ({count}) in {job.out.parent}",
                                   *notes]), title="Printed", timeout=10 + 4 * len(notes))
        self.app.print_folder = job.out.parent.absolute()     # (a bare name typed: here)
        if self.is_attached:
            self.dismiss(None)

    def _failed(self, problem: str) -> None:
        if not self.is_attached:
            self.app.notify(problem, title="Not printed", severity="error", timeout=10)
            return
        self.query_one("#progress", ProgressBar).display = False
        self._refuse(problem)

    def _refuse(self, problem: str) -> None:
        """A print refused or failed, said in the dialog under the fields it is about (a
        notice fell over the dialog's own buttons at 80x24); the dialog stays to fix it."""
        self.query_one("#stage", Label).update(Text.assemble(("Not printed: ", "bold red"),
                                                             problem))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        if self.worker is not None and self.worker.is_running:
            self.worker.cancel()
            self.app.notify("print stopped", severity="warning")
        self.dismiss(None)
