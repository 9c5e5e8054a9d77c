"""The title bar and key bar answer the mouse as Textual's Header and Footer do."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console
from textual.command import CommandPalette
from textual.widgets import Static

from companion.tui.app import HomeScreen, NewSeriesScreen, make_app
from companion.tui.chrome import CheckList, KeyBar, TitleBar

from .test_app import SIZE


def test_a_click_on_a_key_presses_it_and_the_icon_opens_the_palette(tmp_path):
    async def go():
        app = make_app(db=tmp_path / "chrome.db")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            bar = app.screen.query_one(KeyBar)
            text = bar.render().plain
            assert text.startswith(" n New series  b Browse box  p Print  x Delete  q Quit ")
            assert text.rstrip().endswith("▏^p palette")
            assert len(text) == SIZE[0]
            await pilot.click(KeyBar, offset=(text.index("New series"), 0))
            await pilot.pause()
            assert isinstance(app.screen, NewSeriesScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            await pilot.click(TitleBar, offset=(1, 0))
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)

    asyncio.run(go())


def test_the_key_bar_closes_up_in_a_narrow_terminal(tmp_path):
    async def go():
        app = make_app(db=tmp_path / "narrow.db")
        async with app.run_test(size=(40, 24)) as pilot:
            await pilot.pause()
            text = app.screen.query_one(KeyBar).render().plain
            assert len(text) <= 40
            assert "n New series b Browse box q Quit ? Keys" in text     # compact: no padding
            # Narrower still, the screen's own keys are left out before the way out and
            # the key that lists them all.
            await pilot.resize_terminal(30, 24)
            await pilot.pause()
            text = app.screen.query_one(KeyBar).render().plain
            assert len(text) <= 30 and "q Quit" in text and "? Keys" in text
            assert "n New series" in text and "b Browse box" not in text

    asyncio.run(go())


def test_an_optional_rule_box_is_marked_by_its_character_not_only_its_colour(tmp_path):
    async def go():
        app = make_app(db=tmp_path / "chrome.db")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewSeriesScreen)
            rules = app.screen.query_one("#rules", CheckList)

            def boxes() -> dict[str, str]:
                shown = {}
                for y in range(rules.option_count):
                    text = "".join(segment.text for segment in rules.render_line(y))
                    shown[text[4:].split()[0]] = text[:3]
                return shown

            assert set(boxes().values()) == {"▐ ▌"}
            rules.select("rest")
            await pilot.pause()
            marked = boxes()
            assert marked["rest"] == "▐X▌"
            assert {box for rule, box in marked.items() if rule != "rest"} == {"▐ ▌"}
            rules.deselect("rest")
            await pilot.pause()
            assert set(boxes().values()) == {"▐ ▌"}

    asyncio.run(go())


def test_question_mark_shows_and_hides_every_key_of_the_screen(tmp_path):
    """`?` lists the screen's own keys, then the app's and the palette, each with what it
    does; not the generic keys of the list in focus (scrolling, paging, copying)."""
    from companion.tui.chrome import KeysPanel

    async def go():
        app = make_app(db=tmp_path / "keys.db")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            panel = app.screen.query_one(KeysPanel)
            rows = panel.rows()
            await pilot.press("question_mark")
            await pilot.pause()
            assert not app.screen.query(KeysPanel)
            return rows

    rows = asyncio.run(go())
    keys = [(key, does) for key, does, _enabled in rows]
    assert keys[:3] == [("n", "New series"), ("b", "Browse box"), ("p", "Print")]
    assert ("q ^q", "Quit") in keys and ("?", "Keys") in keys
    assert keys[-1] == ("^p", "command palette: every action by name")
    assert not any("Scroll" in does or "Page" in does or "Copy" in does for _, does in keys)


def test_a_tick_box_is_empty_when_off_not_only_another_colour():
    """The print dialog's bleed box: an X when on, a blank when off (Textual's Checkbox
    shows its X either way)."""
    from textual.app import App

    from companion.tui.chrome import TickBox

    class One(App):
        def compose(self):
            yield TickBox("bleed 3 mm", id="bleed")

    async def go():
        app = One()
        async with app.run_test(size=(40, 5)) as pilot:
            box = app.query_one(TickBox)
            off = box.render().plain
            box.value = True
            await pilot.pause()
            return off, box.render().plain

    off, on = asyncio.run(go())
    assert off.startswith("▐ ▌") and on.startswith("▐X▌")


def test_space_presses_the_button_in_focus(tmp_path):
    """Tab to the New Series dialog's Cancel button and press space: the dialog closes, as
    with Enter."""
    from companion.tui.app import HomeScreen, NewSeriesScreen

    async def go():
        app = make_app(db=tmp_path / "space.db")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewSeriesScreen)
            app.screen.query_one("#cancel").focus()
            await pilot.pause()
            await pilot.press("space")
            await pilot.pause()
            return app.screen

    assert isinstance(asyncio.run(go()), HomeScreen)


@pytest.mark.parametrize("columns", [80, 120])
def test_the_keys_panel_never_hides_the_options_enter_acts_on(tmp_path, columns):
    """At 80 columns `?` shows the keys in the board's place (the board back when it
    closes); with room, beside the board. The options stay in view either way."""
    from textual.widgets import OptionList

    from companion.tui.chrome import KeysPanel

    from .test_app import new_series, open_table

    path = tmp_path / "keys.db"
    series_id = new_series(path, seed="chrome-keys")

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=(columns, 30)) as pilot:
            await open_table(pilot)         # keys count once the table is drawn
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            options = screen.query_one("#options", OptionList)
            panel = screen.query_one(KeysPanel)
            seen = (options.region.width > 0 and options.region.right <= columns,
                    panel.region.width > 0, screen.query_one("#board-pane").display)
            # Under the keys, how the board's short forms read ('+100': the Tired marker).
            console = Console(width=60, record=True, file=io.StringIO())
            console.print(panel.query_one("#keys-table", Static).content)
            told = " ".join(console.export_text().split())
            assert "Pitching Tired marker (rules 8.2.1, 8.4.2; 'groove'" in told, told[-300:]
            # `?` again scrolls a panel taller than the screen on to its end (it takes no
            # focus, so no other key reaches it), then closes it.
            scrolled = []
            while screen.query(KeysPanel) and len(scrolled) < 10:
                scrolled.append((panel.scroll_y, panel.max_scroll_y))
                await pilot.press("question_mark")
                await pilot.pause()
            return seen, screen.query_one("#board-pane").display, scrolled

    (options_shown, panel_shown, board_shown), board_after, scrolled = asyncio.run(go())
    assert options_shown and panel_shown and board_after
    assert board_shown == (columns >= 100)
    assert scrolled[-1][0] == scrolled[-1][1]                  # closed at its end ...
    assert [y for y, _ in scrolled] == sorted({y for y, _ in scrolled})   # ... going on
    assert (len(scrolled) > 1) == (scrolled[0][1] > 0)


def test_space_ticks_the_rule_it_was_pressed_on_however_quick_the_arrows_after_it(tmp_path):
    """A Space followed at once by arrow keys ticks the rule it was pressed on: Textual
    ticked the one highlighted when its message came round, so a quick typist ticked
    one rule twice (leaving it as it was) and the one meant not at all, and started a
    series with other rules than he chose."""
    from .test_app import burst

    async def go():
        app = make_app(db=tmp_path / "chrome.db")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            app.screen.query_one("#scenario").value = "divisional"
            rules = app.screen.query_one("#rules", CheckList)
            rules.focus()
            await pilot.pause()
            burst(app, ["down", "space", "down", "down", "space"])
            for _ in range(10):
                await pilot.pause(0.02)
            return list(rules.selected), rules.highlighted

    assert asyncio.run(go()) == (["advanced-fatigue", "short-rest"], 3)


def test_a_select_s_open_list_stops_at_its_ends():
    """The lineup's slot by slot (and New series' choices): Down past the last name stays
    on it (Textual's Select wrapped round to the first, and the lineup left out the name
    meant); Up past the first stays there."""
    from textual.app import App
    from textual.widgets import Select

    from companion.tui.chrome import EndStopOverlay, EndStopSelect

    class One(App):
        def compose(self):
            yield EndStopSelect([(name, name) for name in ("Calloway", "Iversen", "Talavera")],
                                value="Calloway", allow_blank=False)

    async def play():
        app = One()
        async with app.run_test() as pilot:
            select = app.query_one(Select)
            select.focus()
            await pilot.press("enter")                  # opens the list
            await pilot.pause()
            overlay = app.query_one(EndStopOverlay)
            for _ in range(5):
                await pilot.press("down")
            low = overlay.highlighted
            for _ in range(5):
                await pilot.press("up")
            high = overlay.highlighted
            await pilot.press("down", "down", "down", "enter")
            await pilot.pause()
            return low, high, select.value

    assert asyncio.run(play()) == (2, 0, "Talavera")


def test_a_narrow_key_bar_leaves_a_dimmed_key_out_before_a_view(tmp_path):
    """At a game's final of a series in an 80-column terminal the key bar showed `r Roll`
    (dimmed: no dice are due) and left out `s Series`, the view a player wants there: a
    key that does nothing now makes way first."""
    from .test_app import new_series, noted_table
    from .test_snapshots import first_game_over, play_until

    path = tmp_path / "final.db"
    series_id = new_series(path, seed="bar-final", scenario="divisional",
                           team1_control="human", team2_control="computer")
    play_until(path, series_id, first_game_over)

    async def go():
        async with noted_table(path, series_id, size=(80, 24)) as (app, pilot, screen,
                                                                     table, _):
            await pilot.pause()
            assert table.held is not None                   # the final on the screen
            assert screen.check_action("roll", ()) is not True
            return screen.query_one(KeyBar).render().plain

    text = asyncio.run(go())
    assert "s Series" in text and "r Roll" not in text, text
