"""Printing from the TUI (issue 5): the Print dialog from the home screen and from a finished
game draws the PDF in a worker with a progress bar, names the file when done, and turns a bad
team or folder into a notification that writes nothing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from pathlib import Path

from pypdf import PdfReader
from textual.widgets import Checkbox, Input, Label, Select

from companion.store.db import Store
from companion.tui.app import GameScreen, HomeScreen, make_app
from companion.tui.chrome import KeyBar, TitleBar
from companion.tui.printing import PrintScreen
from printables.boxscore import print_boxscore
from printables.components import team_card_components
from printables.geometry import POKER
from printables.options import MM, PrintOptions, parse_offset
from printables.render import render

from ..printables.test_components import expected_pages
from .test_app import SIZE, new_series, wait_until, workers_done
from .test_snapshots import first_game_over, play_until


def recording(app) -> list[tuple[str, str, str]]:
    """Every notification the app shows: (severity, title, message)."""
    notes: list[tuple[str, str, str]] = []
    notify = app.notify

    def record(message, **kwargs):
        notes.append((kwargs.get("severity", "information"), kwargs.get("title", ""),
                      str(message)))
        return notify(message, **kwargs)

    app.notify = record
    return notes


def track_progress(screen: PrintScreen) -> list[tuple[str, float, float]]:
    """The progress the worker sends to the screen (through call_from_thread)."""
    seen: list[tuple[str, float, float]] = []
    show = screen._progress

    def record(label: str, done: float, total: float) -> None:
        seen.append((label, done, total))
        show(label, done, total)

    screen._progress = record
    return seen


def fill(screen: PrintScreen, **fields) -> None:
    """Set the dialog's fields as a player would pick them."""
    for name, value in fields.items():
        widget = screen.query_one(f"#{name}")
        if isinstance(widget, (Select, Input, Checkbox)):
            widget.value = value


async def open_print(pilot) -> PrintScreen:
    await pilot.press("p")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PrintScreen))
    return pilot.app.screen


def on_home(path: Path, steps):
    """Start the app on the file, wait for the home screen's list, run `steps(pilot, notes)`;
    returns the notifications shown and what the steps returned."""
    async def go():
        app = make_app(db=path, auto_delay=3600)
        notes = recording(app)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: app.screen.listed)
            return notes, await steps(pilot, notes)
    return asyncio.run(go())


async def print_and_wait(pilot, notes) -> None:
    before = len(notes)
    await pilot.press("ctrl+s")
    await wait_until(pilot, lambda: len(notes) > before, timeout=30)
    await workers_done(pilot.app)
    await pilot.pause()


def test_a_set_prints_from_home_with_its_options(tmp_path, box):
    """Team cards of one team on A4, fold-over, from the home screen's p key: the PDF has the
    pages the set's imposition gives, the team's card only, and the progress bar reached
    the last page."""
    path = tmp_path / "home.db"
    out = tmp_path / "texas.pdf"

    async def steps(pilot, notes):
        app = pilot.app
        assert isinstance(app.screen, HomeScreen)
        assert " p Print " in app.screen.query_one(KeyBar).render().plain
        assert "Print" in {c.title for c in app.get_system_commands(app.screen)}
        screen = await open_print(pilot)
        assert screen.query_one("#what", Select).value == "all"
        out_field = screen.query_one("#out", Input)
        assert Path(out_field.value).name == "high-and-tight-all.pdf"
        fill(screen, what="team-cards")
        await pilot.pause()
        assert Path(out_field.value).name == "high-and-tight-team-cards.pdf"
        fill(screen, paper="a4", sides="fold", team="Texas Cowboys", out=str(out))
        progress = track_progress(screen)
        await print_and_wait(pilot, notes)
        assert isinstance(app.screen, HomeScreen)         # the dialog closed when done
        again = await open_print(pilot)
        # The next print goes where the last one went (back to Documents or home, the
        # second box score of a session asked for its folder again).
        assert Path(again.query_one("#out", Input).value) == tmp_path / "high-and-tight-all.pdf"
        await pilot.press("q")                            # closes the dialog, not the app
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.is_running
        return progress

    notes, progress = on_home(path, steps)
    reader = PdfReader(str(out))
    pages = expected_pages(1, POKER, PrintOptions(paper="a4", sides="fold"))
    assert len(team_card_components(box, "texas")) == 1
    assert len(reader.pages) == pages
    assert round(float(reader.pages[0].mediabox.width) / MM) == 210
    text = "".join(page.extract_text() for page in reader.pages)
    assert "Texas Cowboys" in text and "New York Highlanders" not in text
    assert pages == 1                    # fold-over: the card's front and back on one page
    assert notes == [("information", "Printed", f"wrote texas.pdf (1 page) in {tmp_path}")]
    assert progress and progress[-1][1:] == (1, 1)           # one set, all of its pages
    assert progress[-1][0] == f"team-cards: page {pages} of {pages}"


def test_the_game_screen_offers_the_box_score_of_every_game_over(tmp_path):
    """Rule 7.0: after game 2 of a series, p on the game screen offers the box score of
    game 2 (first, chosen), of game 1, and of the series so far."""
    path = tmp_path / "two.db"
    series_id = new_series(path, seed="snap-4", scenario="league",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, lambda table: len(table.series.results) >= 2)

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            screen = await open_print(pilot)
            chosen = screen.query_one("#what", Select).value
            offered = [value for _label, value in screen.choices]
            await workers_done(app)
            return chosen, offered

    chosen, offered = asyncio.run(go())
    assert chosen == f"box:{series_id}:2"
    assert offered == [f"box:{series_id}:2", f"box:{series_id}:1", f"box:{series_id}"]


def test_the_box_score_of_a_finished_game_prints_from_the_game_screen(tmp_path):
    """Once game 1 of a series is over (rule 7.0), p on the game screen offers its box score
    and the series' so far; the PDF is the same, byte for byte, as the command's."""
    path = tmp_path / "series.db"
    series_id = new_series(path, seed="snap-4", scenario="divisional",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, first_game_over)
    game_pdf, series_pdf = tmp_path / "game1.pdf", tmp_path / "series.pdf"

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        notes = recording(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            keys = app.screen.query_one(KeyBar).render().plain
            assert "p Print" in keys and len(keys) <= 80      # whole keys only at 80 columns
            assert "Print" in {c.title for c in app.get_system_commands(app.screen)}
            screen = await open_print(pilot)
            what = screen.query_one("#what", Select)
            assert what.value == f"box:{series_id}:1"
            assert [value for _label, value in screen.choices] == \
                [f"box:{series_id}:1", f"box:{series_id}"]
            # a box score has no team, sides, bleed, offset or components: not shown
            for hidden in ("#team-row", "#offset-row", "#sides"):
                assert not screen.query_one(hidden).display
            fill(screen, out=str(game_pdf))
            # text left in a field a box score hides does not stop it
            screen.query_one("#offset", Input).value = "not an offset"
            progress = track_progress(screen)
            await print_and_wait(pilot, notes)
            assert progress[-1] == ("box score: game 1 of 1", 1, 1)
            screen = await open_print(pilot)
            fill(screen, what=f"box:{series_id}", out=str(series_pdf))
            await print_and_wait(pilot, notes)
            app.auto_delay = 3600
            await workers_done(app)
            return notes

    notes = asyncio.run(go())
    # (opened on game 2's first screen: game 1's final is told first, then the prints)
    assert notes[0][:2] == ("information", "Back at the table"), notes
    notes = notes[1:]
    with Store.open(path, readonly=True) as store:
        reference = tmp_path / "reference.pdf"
        pages = print_boxscore(store, f"{series_id}:1", PrintOptions(), reference)
    assert game_pdf.read_bytes() == reference.read_bytes()
    assert len(PdfReader(str(game_pdf)).pages) == pages
    text = "".join(page.extract_text() for page in PdfReader(str(series_pdf)).pages)
    assert "Divisional Series, game 1" in text
    assert [note[:2] for note in notes] == [("information", "Printed")] * 2
    count = "1 page" if pages == 1 else f"{pages} pages"
    assert notes[0][2] == f"wrote game1.pdf ({count}) in {tmp_path}"


def test_print_is_offered_on_the_game_screen_only_once_a_game_is_over(tmp_path):
    path = tmp_path / "early.db"
    series_id = new_series(path, seed="snap-3")

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            screen = app.screen
            assert "Print" not in screen.query_one(KeyBar).render().plain
            assert "Print" not in {c.title for c in app.get_system_commands(screen)}
            await pilot.press("p")
            await pilot.pause()
            assert app.screen is screen
            await workers_done(app)

    asyncio.run(go())


async def refused(pilot, screen) -> str:
    """Print pressed on fields the dialog refuses: what it says under them."""
    stage = screen.query_one("#stage", Label)
    stage.update("")
    await pilot.press("ctrl+s")
    await wait_until(pilot, lambda: str(stage.render()).startswith("Not printed: "),
                     timeout=30)
    await workers_done(pilot.app)
    return str(stage.render()).removeprefix("Not printed: ")


def test_a_bad_team_or_folder_is_told_in_the_dialog_and_writes_nothing(tmp_path):
    path = tmp_path / "bad.db"
    kept = tmp_path / "kept.pdf"
    kept.write_bytes(b"%PDF-1.4 the earlier print")       # (a PDF: it may be replaced)
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("a file")

    async def steps(pilot, notes):
        # Said in the dialog, under its fields (a notice fell over its buttons at 80x24).
        app = pilot.app
        screen = await open_print(pilot)
        fill(screen, what="pieces", team="yankees", out=str(kept))
        said = [await refused(pilot, screen)]
        assert app.screen is screen and app.is_running     # the dialog stays, to fix it
        for out in (tmp_path / "missing" / "x.pdf", not_a_folder / "x.pdf", tmp_path):
            fill(screen, team="", out=str(out))
            said.append(await refused(pilot, screen))
            assert app.screen is screen
        fill(screen, out="")
        said.append(await refused(pilot, screen))
        return said

    notes, messages = on_home(path, steps)
    assert notes == []
    assert messages[0].startswith("unknown team 'yankees'; accepted, by key, name or ")
    assert messages[1] == (f"cannot write {tmp_path / 'missing' / 'x.pdf'}: folder "
                           f"{tmp_path / 'missing'} does not exist")
    assert messages[2] == (f"cannot write {not_a_folder / 'x.pdf'}: {not_a_folder} is not "
                           "a folder")
    assert messages[3] == f"{tmp_path} is a folder: give a file name"
    assert messages[4] == "give the PDF a file name"
    assert kept.read_bytes() == b"%PDF-1.4 the earlier print"
    written = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("bad.db"))
    assert written == ["kept.pdf", "notes.txt"]          # no PDF, no temporary file


def test_the_back_offset_and_chosen_components_reach_the_pdf(tmp_path, box):
    """The dialog's back offset and component names print exactly what `companion print
    cards --only ... --offset 1.5,-0.5` prints; a bad offset or name is a notification
    naming the accepted range or names, said in the dialog, and writes nothing."""
    path = tmp_path / "only.db"
    out = tmp_path / "chosen.pdf"

    async def steps(pilot, notes):
        screen = await open_print(pilot)
        fill(screen, what="cards", offset="1.5,-0.5", only="Good Wood, Good Wood, Web Gem",
             out=str(out))
        await print_and_wait(pilot, notes)
        screen = await open_print(pilot)
        fill(screen, what="cards", offset="30,0", out=str(tmp_path / "far.pdf"))
        said = [await refused(pilot, screen)]
        fill(screen, offset="", only="Golden Glove", out=str(tmp_path / "unknown.pdf"))
        said.append(await refused(pilot, screen))
        return said

    notes, said = on_home(path, steps)
    assert notes == [("information", "Printed", f"wrote chosen.pdf (2 pages) in {tmp_path}")]
    assert "accepted range -25..25 mm" in said[0]
    assert said[1].startswith("no strategy card is named 'Golden Glove'; accepted: ")
    reference = tmp_path / "reference.pdf"
    options = PrintOptions(offset=parse_offset("1.5,-0.5"),
                           only=("Good Wood", "Good Wood", "Web Gem"))
    render("cards", box, options, reference)
    assert out.read_bytes() == reference.read_bytes()
    assert not (tmp_path / "far.pdf").exists() and not (tmp_path / "unknown.pdf").exists()


def test_reportlab_is_imported_only_when_a_print_starts(tmp_path):
    """The app and its print dialog start without printables; the worker imports it."""
    script = textwrap.dedent(f"""
        import asyncio, sys
        from companion.tui.app import make_app
        from companion.tui.printing import PrintScreen

        async def go():
            app = make_app(db={str(tmp_path / "lazy.db")!r}, auto_delay=3600)
            async with app.run_test(size=(80, 24)) as pilot:
                while not getattr(app.screen, "listed", False):
                    await pilot.pause(0.01)
                await pilot.press("p")
                while not isinstance(app.screen, PrintScreen):
                    await pilot.pause(0.01)
                before = "reportlab" in sys.modules
                app.screen.query_one("#what").value = "scoreboard"
                app.screen.query_one("#out").value = {str(tmp_path / "board.pdf")!r}
                await pilot.press("ctrl+s")
                await app.workers.wait_for_complete()
                print(before, "reportlab" in sys.modules)

        asyncio.run(go())
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120, cwd=Path(__file__).parents[2])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True"]
    assert len(PdfReader(str(tmp_path / "board.pdf")).pages) == 1


def test_closing_the_dialog_stops_the_print_and_writes_nothing(tmp_path):
    """Escape while the PDF is drawn: the worker stops at its next page; no file appears."""
    path = tmp_path / "stop.db"
    out = tmp_path / "all.pdf"

    async def steps(pilot, notes):
        app = pilot.app
        screen = await open_print(pilot)
        fill(screen, what="all", out=str(out))
        seen = track_progress(screen)
        show = screen._progress                  # the recorder

        def close_at_first_page(label, done, total):
            show(label, done, total)
            screen.action_close()                # what Escape does

        screen._progress = close_at_first_page
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await workers_done(app)
        await pilot.pause()
        assert screen.worker.is_cancelled
        return seen

    notes, seen = on_home(path, steps)
    assert notes == [("warning", "", "print stopped")]
    assert seen == [("calibration: page 1 of 2 (set 1 of 10)", 0.5, 10)]   # nothing after
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("stop.db")] == []


def test_notices_wait_behind_the_dialog_which_says_a_second_print_in_its_stage_line(
        tmp_path):
    """A notice shown while the dialog is open waits behind it (at 80x24 notices covered
    its file name and buttons) and is there again as it closes; ctrl+s while a print is
    drawn is answered in the dialog's stage line, not by a notice it would hide."""
    path = tmp_path / "behind.db"
    out = tmp_path / "all.pdf"

    async def steps(pilot, notes):
        app = pilot.app
        home = app.screen
        screen = await open_print(pilot)
        app.notify("the table's news", timeout=60)
        await wait_until(pilot, lambda: screen.query("Toast"))
        hidden = all(toast.styles.visibility == "hidden" for toast in screen.query("Toast"))
        fill(screen, what="all", out=str(out))
        show = screen._progress
        said = []

        def again_at_first_page(label, done, total):
            show(label, done, total)
            if not said:
                screen.action_print()               # ctrl+s again while it draws
                said.append(str(screen.query_one("#stage", Label).render()))
                show("next page", done, total)      # ... said still beside the next
                said.append(str(screen.query_one("#stage", Label).render()))
                screen.action_close()

        screen._progress = again_at_first_page
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.screen is home and home.query("Toast"))
        await workers_done(app)
        await pilot.pause()
        shown = any(toast.styles.visibility == "visible" for toast in home.query("Toast"))
        return hidden, said, shown

    async def go():
        app = make_app(db=path, auto_delay=3600)
        notes = recording(app)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await wait_until(pilot, lambda: app.screen.listed)
            return notes, await steps(pilot, notes)

    notes, (hidden, said, shown) = asyncio.run(go())
    assert hidden and shown
    assert said == ["still drawing all.pdf: Close stops it",
                    "next page; still drawing all.pdf: Close stops it"]
    assert [severity for severity, _title, _message in notes] == ["information", "warning"]


def test_the_default_folder_is_documents_else_home_never_the_start_folder(tmp_path,
                                                                         monkeypatch):
    from companion.tui.printing import default_folder

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr("pathlib.Path.home", lambda: home)
    monkeypatch.chdir(tmp_path)
    assert default_folder() == home
    (home / "Documents").mkdir()
    assert default_folder() == home / "Documents"


def test_the_sets_a_print_of_every_set_leaves_out_are_named_when_it_is_done(tmp_path):
    """A fold-over print of every set for an optional team (rule 8.1.1) leaves out the
    pieces (it has none) and the calibration test (duplex only): the notification names
    both with why, and the progress bar still ends full."""
    out = tmp_path / "seattle.pdf"

    async def steps(pilot, notes):
        screen = await open_print(pilot)
        fill(screen, what="all", sides="fold", team="Seattle Volcanoes", out=str(out))
        progress = track_progress(screen)
        await print_and_wait(pilot, notes)
        return progress

    notes, progress = on_home(tmp_path / "home.db", steps)
    ((severity, title, message),) = notes
    assert (severity, title) == ("information", "Printed")
    lines = message.splitlines()
    assert lines[0].startswith("wrote seattle.pdf (")
    assert lines[1] == ("calibration left out: it checks a duplex print (the back page's "
                        "scales behind the front's crosses) and has no fold-over layout")
    assert lines[2].startswith("pieces left out: team 'seattle' has no player pieces")
    done, total = progress[-1][1:]
    assert done == total and "calibration" not in " ".join(p[0] for p in progress)


def test_the_home_title_and_the_print_dialog_name_the_box_in_use(tmp_path, box_copy):
    """A player with a box of his own who leaves out --data would print the demo box's
    components without a word: the home screen's title and the print dialog name the box
    new series and printouts come from."""
    toml = box_copy / "box.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('name = "Demo box"',
                                                               'name = "My 1987 Printing"'),
                    encoding="utf-8")

    async def look(data, size=(100, 30)):
        app = make_app(db=tmp_path / "g.db", data=data)
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, HomeScreen)
                             and app.screen.listed and app._box is not None)
            await pilot.pause()
            title = str(app.screen.query_one(TitleBar).lines).splitlines()[0]
            screen = await open_print(pilot)
            label = str(screen.query_one("#dialog Label", Label).render())
            return title, label

    title, label = asyncio.run(look(box_copy))
    assert title.endswith("High & Tight from My 1987 Printing")
    assert label.startswith("Print from My 1987 Printing  (")
    title, label = asyncio.run(look(None))
    assert title.endswith("High & Tight from Demo box")
    assert label.startswith("Print from Demo box  (")
    # A name of 40 characters (the most) is cut to the title's line at 80 columns: wrapped,
    # it pushed the line under it out of the title's rows.
    long = "My Printing of the Game, Second Edition!"
    assert len(long) == 40
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'name = "My 1987 Printing"', f'name = "{long}"'), encoding="utf-8")
    title, label = asyncio.run(look(box_copy, (80, 24)))
    assert title.startswith("The dugout companion - High & Tight from My Printing")
    assert title.endswith("...") and len(title) <= 78
    assert label.startswith("Print from My Printing of the Game, Se...  (")


def test_the_team_field_shows_for_the_sets_a_team_narrows_only(tmp_path):
    """A team narrows the pieces, markers, team cards and series sheet (and 'all'); beside
    the strategy cards or the rally caps the field stood open and, filled, refused the
    print ('--team applies to ...'). It leaves the dialog there, and is not read."""
    path = tmp_path / "team.db"
    out = tmp_path / "caps.pdf"

    async def steps(pilot, notes):
        screen = await open_print(pilot)
        team, bleed = screen.query_one("#team"), screen.query_one("#bleed")
        shown = {}
        for what in ("all", "pieces", "markers", "team-cards", "series-sheet", "cards",
                     "rally-caps", "scoreboard"):
            fill(screen, what=what)
            await pilot.pause()
            shown[what] = team.display
            # (the bleed shares the row: the cards take it)
            assert bleed.display and screen.query_one("#team-row").display, what
        fill(screen, what="pieces", team="Texas Cowboys")
        await pilot.pause()
        fill(screen, what="rally-caps", out=str(out))
        await pilot.pause()
        await print_and_wait(pilot, notes)
        return shown

    notes, shown = on_home(path, steps)
    assert shown == {"all": True, "pieces": True, "markers": True, "team-cards": True,
                     "series-sheet": True, "cards": False, "rally-caps": False,
                     "scoreboard": False}
    assert notes and notes[-1][:2] == ("information", "Printed"), notes
    assert out.read_bytes().startswith(b"%PDF")


def test_the_box_score_of_a_series_stopped_by_a_stored_event_says_so(tmp_path):
    """A stored event that does not replay stops a series there: its box score prints what
    replays, and the Printed notice says where it stops and why (it printed the series
    short without a word, as the command line did with exit 0)."""
    path = tmp_path / "stale.db"
    series_id = new_series(path, seed="snap-4", scenario="divisional",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, first_game_over)
    with Store.open(path) as store:
        (last,) = store.db.execute("SELECT MAX(seq) FROM events WHERE series_id = ?",
                                   [series_id]).fetchone()
        store.db.execute("UPDATE events SET line = 'roll 7 7' WHERE series_id = ? AND seq = ?",
                         [series_id, last])
        store.db.conn.commit()
    out = tmp_path / "series.pdf"

    async def steps(pilot, notes):
        screen = await open_print(pilot)
        fill(screen, what=f"box:{series_id}", out=str(out))
        await pilot.pause()
        await print_and_wait(pilot, notes)

    notes, _ = on_home(path, steps)
    assert notes[-1][:2] == ("information", "Printed"), notes
    assert f"stored event {last} ('roll 7 7')" in notes[-1][2]
    assert "The box score stops before it." in notes[-1][2]
    assert out.read_bytes().startswith(b"%PDF")


def test_a_long_path_shows_the_file_s_name_not_only_its_folders(tmp_path, monkeypatch):
    """The File field showed a path from its start: one longer than the field (a home
    folder of some depth, at 80 columns) cut the file's own name ('...-boxscore-1-game3'
    without '.pdf'). The field shows the path's end, the name whole, on opening and when
    another set renames it."""
    home = tmp_path / ("a-home-folder-of-some-depth-" * 3)
    home.mkdir()
    monkeypatch.setattr("pathlib.Path.home", lambda: home)

    def name_shown(field: Input) -> bool:
        return field.scroll_offset.x > 0 and field.scroll_offset.x + field.content_size.width \
            >= len(field.value)

    async def steps(pilot, notes):
        screen = await open_print(pilot)
        field = screen.query_one("#out", Input)
        assert len(field.value) > field.content_size.width > 0
        await wait_until(pilot, lambda: name_shown(field), said=lambda: field.scroll_offset)
        fill(screen, what="team-cards")
        await wait_until(pilot, lambda: field.value.endswith("team-cards.pdf")
                         and name_shown(field), said=lambda: field.scroll_offset)
        return True

    assert on_home(tmp_path / "long.db", steps)[1]
