"""Start-up of the Textual companion against a bare Textual app with one OptionList.

All apps are timed the same way, headless under `run_test`, from before the app is built to
the moment its first interactive screen is mounted with its OptionList focused: for the
companion that is make_app and the HomeScreen with "+ New series" focused (the game file is
opened and the series listed right after that screen is shown). Median of RUNS starts each,
interleaved, after one untimed start of each.

The figure with a target is the ratio to the bare app. Two more figures say what that leaves
out or saves: the time until the companion's list also holds the stored series (the game file
opened, checked, locked; `companion_listed_ms`), and an app drawing the same home screen with
Textual's stock Header, two Labels and Footer on a pushed screen (what the home screen cost
before its title and key bars were drawn by one widget each).

Last, the same two starts from the shell (`cold_*`): a fresh interpreter each, timed from
spawning it to its first interactive screen, so Python's start and every import count too;
the companion's child imports the command line first, as `companion play` does.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, OptionList
from textual.widgets.option_list import Option

from companion.tui import app as tui_app
from companion.tui.app import HomeScreen, make_app

RUNS = 15         # the machine is shared: more starts steady the medians
TARGET_RATIO = 1.5
SIZE = (100, 32)
TIMEOUT_S = 30


class BareApp(App):
    """The least a Textual app with one focused OptionList does."""

    def compose(self) -> ComposeResult:
        yield OptionList(Option("+ New series", id="new"), id="series-list")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()


class WidgetsScreen(Screen):
    BINDINGS = [Binding("n", "app.bell", "New series"), Binding("b", "app.bell", "Browse box"),
                Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("[b]The dugout companion[/b] - High & Tight", id="title")
        yield Label("Enter continues the highlighted series; n starts a new one.")
        yield OptionList(Option("+ New series", id="new"), id="series-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()


class WidgetsApp(App):
    """The home screen as Textual's stock widgets draw it, without the game file or listing."""

    CSS_PATH = str(Path(tui_app.__file__).with_name("companion.tcss"))
    TITLE = "Dugout companion"

    def on_mount(self) -> None:
        self.push_screen(WidgetsScreen())


def bare_ready(app: App) -> bool:
    return isinstance(app.focused, OptionList)


def widgets_ready(app: App) -> bool:
    return isinstance(app.screen, WidgetsScreen) and isinstance(app.focused, OptionList)


def companion_ready(app: App) -> bool:
    return isinstance(app.screen, HomeScreen) and isinstance(app.focused, OptionList) \
        and app.focused.id == "series-list" and app.focused.option_count >= 1


def companion_listed(app: App) -> bool:
    return companion_ready(app) and app.screen.listed


async def _time_start(build, ready) -> tuple[float, float]:
    """(seconds to build the app, seconds from the start to its first interactive screen)."""
    start = time.perf_counter()
    app = build()
    built = time.perf_counter()
    async with app.run_test(headless=True, size=SIZE) as pilot:
        while not ready(app):
            if time.perf_counter() - start > TIMEOUT_S:
                raise RuntimeError(f"{type(app).__name__} never became interactive")
            await pilot.pause(0)
        ready_at = time.perf_counter()
    return built - start, ready_at - start


def time_start(build, ready) -> tuple[float, float]:
    return asyncio.run(_time_start(build, ready))


COLD_RUNS = 5
COLD_READY = """
import asyncio, sys
{setup}
async def main():
    async with app.run_test(headless=True, size={size}) as pilot:
        while not ready(app):
            await pilot.pause(0)
        print("ready", flush=True)
asyncio.run(main())
"""
COLD_BARE = """
from textual.app import App
from textual.widgets import OptionList
from textual.widgets.option_list import Option
class BareApp(App):
    def compose(self):
        yield OptionList(Option("+ New series", id="new"), id="series-list")
    def on_mount(self):
        self.query_one(OptionList).focus()
app = BareApp()
def ready(app):
    return isinstance(app.focused, OptionList)
"""
COLD_COMPANION = """
import companion.cli
from companion.tui.app import HomeScreen, make_app
from textual.widgets import OptionList
app = make_app(db=sys.argv[1])
def ready(app):
    return isinstance(app.screen, HomeScreen) and isinstance(app.focused, OptionList)
"""


def cold_start(setup: str, db: Path) -> float:
    """Seconds from spawning a fresh interpreter to its first interactive screen."""
    code = COLD_READY.format(setup=setup, size=SIZE)
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code, str(db)], stdout=subprocess.PIPE,
                             text=True, cwd=Path(__file__).resolve().parent.parent)
    line = child.stdout.readline()
    ready_at = time.perf_counter()
    child.wait(timeout=TIMEOUT_S)
    if line.strip() != "ready":
        raise RuntimeError("a cold start never became interactive")
    return ready_at - start


def main(runs: int = RUNS) -> dict:
    # The companion's start as a new player's: no settings, so no saved theme (applying one
    # parses the stylesheet again, some 4 ms, which the bare app would not pay); the cold
    # starts' children read the same empty folder.
    saved = os.environ.get("XDG_CONFIG_HOME")
    try:
        with tempfile.TemporaryDirectory() as folder:
            os.environ["XDG_CONFIG_HOME"] = str(Path(folder) / "config")
            return _measure(Path(folder) / "games.db", runs)
    finally:
        if saved is None:
            os.environ.pop("XDG_CONFIG_HOME", None)
        else:
            os.environ["XDG_CONFIG_HOME"] = saved


def _measure(db: Path, runs: int) -> dict:

    def companion():
        return make_app(db=db)

    # One untimed start of each: imports, the file's creation and migration, caches.
    time_start(BareApp, bare_ready)
    time_start(WidgetsApp, widgets_ready)
    time_start(companion, companion_ready)
    bare, widgets, ours, build, listed = [], [], [], [], []
    for _ in range(runs):
        bare.append(time_start(BareApp, bare_ready)[1])
        widgets.append(time_start(WidgetsApp, widgets_ready)[1])
        built, ready = time_start(companion, companion_ready)
        build.append(built)
        ours.append(ready)
        listed.append(time_start(companion, companion_listed)[1])
    cold_bare, cold_ours = [], []
    for _ in range(COLD_RUNS):
        cold_bare.append(cold_start(COLD_BARE, db))
        cold_ours.append(cold_start(COLD_COMPANION, db))
    bare_s, widgets_s, ours_s = (statistics.median(x) for x in (bare, widgets, ours))
    cold_bare_s, cold_ours_s = statistics.median(cold_bare), statistics.median(cold_ours)
    return {
        "runs": runs,
        "bare_ms": round(1000 * bare_s, 1),
        "companion_ms": round(1000 * ours_s, 1),
        "ratio": round(ours_s / bare_s, 2),
        "target_ratio": TARGET_RATIO,
        "target_met": ours_s / bare_s <= TARGET_RATIO,
        "companion_make_app_ms": round(1000 * statistics.median(build), 1),
        "companion_listed_ms": round(1000 * statistics.median(listed), 1),
        "same_widgets_ms": round(1000 * widgets_s, 1),
        "ratio_to_same_widgets": round(ours_s / widgets_s, 2),
        "cold_bare_ms": round(1000 * cold_bare_s),
        "cold_companion_ms": round(1000 * cold_ours_s),
        "cold_ratio": round(cold_ours_s / cold_bare_s, 2),
        "bare_runs_ms": [round(1000 * s, 1) for s in bare],
        "same_widgets_runs_ms": [round(1000 * s, 1) for s in widgets],
        "companion_runs_ms": [round(1000 * s, 1) for s in ours],
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
