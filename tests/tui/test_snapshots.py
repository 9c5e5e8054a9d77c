"""Snapshot tests of the main screens: home, new series, the game table mid-game, the dice
dialog, the series screen, the box browser and the print dialog, each compared with a
committed golden file.

pytest-textual-snapshot cannot be installed beside the pinned pytest 9.2.0 (its last release,
1.1.0, pins syrupy 4.8.0, which needs pytest < 9), so these compare Textual's own screenshot
render (the compositor's full frame, as `App.export_screenshot` takes it) exported as text.

Regenerate after an intended change of look, then read the diff before committing:

    UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/tui/test_snapshots.py

Deterministic: fixed seeds, a fixed 80x24 terminal, no clock, the computer's timer an hour
away and the win-probability worker finished before each shot; the print dialog's folder
is a fixed one, not the machine's.
"""

from __future__ import annotations

import asyncio
import difflib
import io
import os
import time
from pathlib import Path

from rich.console import Console

from companion.high_and_tight.box import load_box
from companion.high_and_tight.effects import describe_card
from companion.store.db import Store
from companion.tui.app import (
    WIN_DELAY,
    BoxScreen,
    DiceScreen,
    GameScreen,
    HomeScreen,
    NewSeriesScreen,
    TextScreen,
    make_app,
)
from companion.tui.printing import PrintScreen
from companion.tui.table import Table

from .test_app import burst, new_series, workers_done
from .test_table import take_first_choice

GOLDEN = Path(__file__).with_name("snapshots")
SIZE = (80, 24)
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"


def screen_text(app) -> str:
    """The frame on the terminal as text, rendered the way export_screenshot renders it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    frame = app.screen._compositor.render_update(full=True,
                                                 screen_stack=app._background_screens)
    console.print(frame)
    lines = console.export_text(styles=False).splitlines()
    return "\n".join(line.rstrip() for line in lines) + "\n"


def check(name: str, text: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if UPDATE or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            raise AssertionError(f"{path} was missing and has been written: check it in")
        return
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "\n".join(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                              "golden", "now", lineterm=""))
        raise AssertionError(f"{name} differs from {path} (UPDATE_SNAPSHOTS=1 rewrites it):\n"
                             f"{diff}")


async def quiet(pilot) -> None:
    """Let the screen settle: pending refreshes, the win-probability timer and its worker
    (however late a loaded machine runs them), one more frame."""
    await pilot.pause(WIN_DELAY + 0.1)
    deadline = time.monotonic() + 60
    while True:
        await workers_done(pilot.app)
        await pilot.pause()
        tables = [s for s in pilot.app.screen_stack if isinstance(s, GameScreen)]
        if all(s._win_due is None for s in tables) and not any(
                w.is_running for w in pilot.app.workers):
            break
        assert time.monotonic() < deadline, "the win probability never settled"
        await pilot.pause(0.05)
    await pilot.pause()


def play_until(path: Path, series_id: int, done, choose=None) -> None:
    """Play a stored series with the model alone: the computer and digital chance by
    auto_step, the human always the first legal option or the dice (or `choose(table)`)."""
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        for _ in range(20000):
            if done(table):
                return
            if table.auto_step() is None:
                (choose or take_first_choice)(table)
        raise AssertionError("never reached the state wanted")
    finally:
        store.close()


def in_strategy_phase(inning: int):
    """Rule 4.4: the human's Strategy Card phase in the given inning, both hands dealt."""
    def done(table: Table) -> bool:
        game = table.game
        waiting = table.waiting()
        return (game is not None and game.state.inning >= inning
                and game.state.phase == "cards" and waiting.kind == "decision"
                and not waiting.computer)
    return done


def at_dice(table: Table) -> bool:
    """Rule 4.6: the human's roll is awaited."""
    waiting = table.waiting()
    return (table.game is not None and table.game.state.inning >= 2
            and waiting.kind == "chance" and waiting.phase == "roll" and not waiting.computer)


def first_game_over(table: Table) -> bool:
    return len(table.series.results) >= 1


def run_app(path: Path, series_id: int | None, steps) -> dict[str, str]:
    """Start the app on the file, run `steps(pilot)` (which returns named shots)."""
    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            await quiet(pilot)
            return await steps(pilot)
    return asyncio.run(go())


def shot_after(name: str, screen_type, *keys: str):
    """Steps for run_app: press the keys (the screen settling after each), check the screen
    in view and take its shot."""
    async def steps(pilot):
        for key in keys:
            await pilot.press(key)
            await quiet(pilot)
        assert isinstance(pilot.app.screen, screen_type)
        return {name: screen_text(pilot.app)}
    return steps


def test_snapshots_of_home_new_series_box_browser_and_print_dialog(tmp_path, monkeypatch):
    path = tmp_path / "home.db"
    monkeypatch.setattr("companion.tui.printing.default_folder",
                        lambda: Path("/home/player/Documents"))
    new_series(path, seed="snap-1")
    new_series(path, seed="snap-2", scenario="world", team1="california",
               team2="philadelphia", team1_control="computer")

    async def steps(pilot):
        app = pilot.app
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.screen.listed
        shots = {"home": screen_text(app)}
        await pilot.press("n")
        await quiet(pilot)
        assert isinstance(app.screen, NewSeriesScreen)
        shots["new_series"] = screen_text(app)
        await pilot.press("escape")
        await pilot.press("b")
        await quiet(pilot)
        assert isinstance(app.screen, BoxScreen)
        shots["box_browser"] = screen_text(app)
        # Beside each printed text, what the companion applies (rules 5.1.1, 8.1).
        cards = app.screen.query_one("#cards")
        assert "the companion applies" in [str(c.label) for c in cards.columns.values()]
        rows = [cards.get_row_at(i) for i in range(cards.row_count)]
        assert ["Good Wood", "offense", "power", 2, "Scoring Number + the batter's Power"] \
            in [row[:5] for row in rows]
        parks = app.screen.query_one("#parks")
        florida = next(parks.get_row_at(i) for i in range(parks.row_count)
                       if parks.get_row_at(i)[0] == "Florida Sharks")
        assert florida[3].startswith("Scoring Number -1 for the visitors at bat")
        await pilot.press("escape")
        await pilot.press("p")
        await quiet(pilot)
        assert isinstance(app.screen, PrintScreen)
        shots["print_dialog"] = screen_text(app)
        return shots

    shots = run_app(path, None, steps)
    for name, text in shots.items():
        check(name, text)


def test_snapshots_of_the_game_table_and_the_dice_dialog(tmp_path):
    path = tmp_path / "game.db"
    series_id = new_series(path, seed="snap-3")          # human v computer, digital
    play_until(path, series_id, in_strategy_phase(4))

    async def table_shot(pilot):
        app = pilot.app
        assert isinstance(app.screen, GameScreen)
        await quiet(pilot)
        return {"game_table": screen_text(app)}

    check("game_table", run_app(path, series_id, table_shot)["game_table"])

    # The dice dialog is for a series set to physical dice: the players type every roll.
    series_id = new_series(path, seed="snap-3", dice="physical")
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        while not at_dice(table):
            if table.auto_step() is None:
                waiting = table.waiting()
                if waiting.kind == "chance" and waiting.phase in ("roll", "free-roll"):
                    table.enter("4 4")          # a quiet roll: 8 scores in no box
                elif waiting.options:           # a decision, or the starter drawn (3.0)
                    table.enter(waiting.options[0])
                else:
                    take_first_choice(table)
    finally:
        store.close()

    # refused on the spot: digits 1 to 6 only
    shot = shot_after("dice_dialog", DiceScreen, "t", "9", "enter")
    check("dice_dialog", run_app(path, series_id, shot)["dice_dialog"])


def test_snapshot_of_the_series_screen_after_a_finished_game(tmp_path):
    path = tmp_path / "series.db"
    series_id = new_series(path, seed="snap-4", scenario="divisional",
                           team1_control="computer", team2_control="computer")
    play_until(path, series_id, first_game_over)

    check("series", run_app(path, series_id, shot_after("series", TextScreen, "s"))["series"])


def test_box_browser_reaches_its_last_rows_and_shows_the_highlighted_card_whole(tmp_path):
    """At 80x24 each table scrolls to its last row (End; a card a player typed in at the end
    of cards.toml is there to check), and the highlighted card or ballpark is shown whole
    under the table: what the companion applies (rules 5.1.1, 8.1) and its printed text,
    the long columns that run past a narrow screen. The box is named in the title."""
    box = load_box()
    last_card = list(box.cards.values())[-1]
    last_team = list(box.teams.values())[-1]

    async def steps(pilot):
        app = pilot.app
        await pilot.press("b")
        await quiet(pilot)
        screen = app.screen
        assert isinstance(screen, BoxScreen)
        shots = {}
        for tab, table, rows in (("tab-3", "cards", len(box.cards)),
                                 ("tab-4", "parks", len(box.teams))):
            screen.query_one("#box-tabs").active = tab
            await quiet(pilot)
            screen.query_one("#box-tabs Tabs").focus()
            await pilot.press("down")                   # from the tabs into the table
            await quiet(pilot)
            assert screen.focused is screen.query_one(f"#{table}")
            await pilot.press("end")                    # the last row (not sideways)
            await quiet(pilot)
            shots[table] = screen_text(app)
            grid = screen.query_one(f"#{table}")
            assert grid.cursor_row == rows - 1 and grid.scroll_x == 0
            await pilot.press("home")
            assert grid.cursor_row == 0
            # scrolled sideways, End and Home bring the rows' names back into view
            await pilot.press("right", "right", "right")
            await quiet(pilot)
            assert grid.scroll_x > 0
            await pilot.press("end")
            await quiet(pilot)
            assert grid.cursor_row == rows - 1 and grid.scroll_x == 0
            await pilot.press("home")
        # Down held on the tabs: the first enters the table, each after it moves a row
        # (they were lost while the focus was on its way).
        screen.query_one("#box-tabs").active = "tab-3"
        await quiet(pilot)
        screen.query_one("#box-tabs Tabs").focus()
        await quiet(pilot)
        burst(app, ["down"] * 5)                        # all queued at once, as held
        await quiet(pilot)
        assert screen.query_one("#cards").cursor_row == 4
        # Down and End sent at once: End goes to the table the Down entered (it was read
        # while the tabs still had the keyboard, and went nowhere).
        screen.query_one("#box-tabs Tabs").focus()
        await quiet(pilot)
        burst(app, ["down", "end"])
        await quiet(pilot)
        assert screen.query_one("#cards").cursor_row == len(box.cards) - 1
        return shots

    shots = run_app(tmp_path / "box.db", None, steps)       # at 80x24
    cards, parks = shots["cards"].splitlines(), shots["parks"].splitlines()
    assert box.name in cards[0]
    rows = [line for line in cards if line.startswith(f" {last_card.name} ")]
    assert rows and "defense" in rows[0], "the last card's row is in view"
    detail = " ".join(line.strip() for line in cards[cards.index(rows[0]) + 1:])
    assert f"The companion applies: {describe_card(last_card)}" in detail
    assert last_card.text.split()[-1] in detail          # the printed text to its end
    detail = " ".join(line.strip() for line in parks)
    assert f"{last_team.ballpark.name} ({last_team.name})" in detail
    assert last_team.ballpark.text.split()[-1] in detail


def test_a_notice_is_as_tall_as_its_text_drawn_at_its_width(tmp_path):
    """At 80x24 a notice whose text just fills its line (a printed file and its folder)
    shows every line: its height is measured at the width it is drawn in."""
    from textual.content import Content
    from textual.widgets._toast import Toast

    async def steps(pilot):
        app = pilot.app
        await pilot.press("b")                      # the table's style sheet joins
        await quiet(pilot)
        await pilot.press("escape")
        await quiet(pilot)
        sizes = []
        for length in range(30, 46):
            message = ("wrote all.pdf (42 pages) in /tmp/" + "a" * 20)[:length]
            app.notify(message, title="Printed", timeout=30)
            await quiet(pilot)
            toast = list(app.screen.query(Toast))[-1]
            width, height = toast.content_size
            sizes.append((message, width, height, screen_text(app)))
            app.clear_notifications()
            await quiet(pilot)
        return sizes

    async def go():
        app = make_app(db=tmp_path / "n.db", series_id=None, auto_delay=3600)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await quiet(pilot)
            return await steps(pilot)

    sizes = asyncio.run(go())
    assert len(sizes) == 16
    for message, width, height, screen in sizes:
        assert height >= 1 + len(Content(message).wrap(width)), (message, width, height)
        shown = " ".join(line.strip(" \u258c") for line in screen.splitlines()[-8:-1])
        assert shown.endswith(message), (message, shown)
