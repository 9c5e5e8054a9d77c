"""The command palette offers every legal action by name, built from legal_actions."""

from __future__ import annotations

import asyncio

from textual.command import CommandList, CommandPalette

from companion.tui.app import make_app

from .test_app import SIZE, new_series, open_table, wait_until, workers_done
from .test_snapshots import at_dice, in_strategy_phase, play_until


def test_palette_lists_each_legal_card_and_plays_the_one_chosen(tmp_path):
    """Rules 5.3-5.7: in the human's Strategy Card phase the palette holds one command per
    legal action (each playable card, passing), the same lines as the option list; choosing
    a card there plays it."""
    path = tmp_path / "palette.db"
    series_id = new_series(path, seed="palette-1")       # human v computer, digital cards
    play_until(path, series_id, in_strategy_phase(2))

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            # (keys count from the moment the table is drawn: open_table waits for it)
            screen, table = await open_table(pilot)
            waiting = table.waiting()
            legal = set(waiting.options)
            titles = {command.title for command in app.get_system_commands(screen)}
            assert legal <= titles
            assert {t for t in titles if t.startswith(("home ", "away "))} == legal
            # Textual's own Maximize and Screenshot are no step of a game; its Keys was a
            # panel of widget keys: the companion's own `?` panel is offered instead.
            assert {"Quit", "Keys", "Undo", "Log"} <= titles
            assert not titles & {"Maximize", "Minimize", "Screenshot"}
            keys = next(c for c in app.get_system_commands(screen) if c.title == "Keys")
            assert keys.callback == app.action_keys
            cards = sorted(line for line in legal if " plays " in line)
            assert cards, legal
            chosen = cards[-1]
            before = len(table.session.entries)
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*chosen.split(" plays ")[1])     # the card's name finds it
            commands = app.screen.query_one(CommandList)
            # The search runs in the background: wait until it offers the card first.
            await wait_until(pilot, lambda: commands.highlighted == 0 and chosen in str(
                commands.get_option_at_index(0).prompt))
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert app.screen is screen
            assert table.session.entries[before].line == chosen
            app.auto_delay = 3600
            await workers_done(app)

    asyncio.run(go())


def test_palette_leaves_out_what_the_key_bar_dims(tmp_path):
    """The palette offers what can be done now: in a human's Strategy Card phase (rule
    5.4) no dice are awaited, so Roll (dimmed in the key bar) is not offered; at the
    human's Scoring Roll (rule 4.6) it is."""
    for done, awaited in ((in_strategy_phase(2), False), (at_dice, True)):
        path = tmp_path / f"palette-{awaited}.db"
        series_id = new_series(path, seed="palette-1")
        play_until(path, series_id, done)

        async def go(path=path, series_id=series_id, awaited=awaited):
            app = make_app(db=path, series_id=series_id, auto_delay=3600)
            async with app.run_test(size=SIZE) as pilot:
                screen, table = await open_table(pilot)
                titles = {command.title for command in app.get_system_commands(screen)}
                assert table.dice_awaited() is awaited
                assert ("Roll the dice" in titles) is awaited
                assert {"Undo", "Log", "Series"} <= titles
                await workers_done(app)

        asyncio.run(go())


def test_switch_dice_from_the_palette_changes_the_keys_and_the_typing_box(tmp_path):
    """SPEC 1 (any mix): 'Switch dice' in the palette turns a series of the companion's
    dice to the table's: r gives way to t in the key bar, the typing box offers dice
    faces, and the home list will say 'table dice'. Switched back, all of it returns."""
    path = tmp_path / "switch.db"
    series_id = new_series(path, seed="palette-switch")
    play_until(path, series_id, at_dice)

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            screen, table = await open_table(pilot)
            entry = screen.query_one("#entry")
            seen = []
            for _ in range(2):
                command = next(command for command in app.get_system_commands(screen)
                               if command.title == "Switch dice")
                command.callback()
                await pilot.pause()
                keys = {active.binding.action for active in screen.active_bindings.values()}
                seen.append((table.dice, "roll" in keys, "type_dice" in keys,
                             "3 4" in entry.placeholder))
            await workers_done(app)
            return seen

    assert asyncio.run(go()) == [("physical", False, True, True),
                                 ("digital", True, False, False)]


def test_a_finished_series_offers_no_dice_to_switch(tmp_path):
    """Rule 4.8: once the series is over no dice are left to roll; 'Switch dice' was still
    offered (and switched the dice of nothing), as Roll and Type the dice are not."""
    path = tmp_path / "over.db"
    series_id = new_series(path, seed="palette-over", scenario="spring")
    play_until(path, series_id, lambda table: table.session.is_over())

    async def go():
        app = make_app(db=path, series_id=series_id, auto_delay=3600)
        async with app.run_test(size=SIZE) as pilot:
            screen, table = await open_table(pilot)
            titles = {command.title for command in app.get_system_commands(screen)}
            assert table.session.is_over()
            assert not titles & {"Switch dice", "Roll the dice", "Type the dice"}
            assert {"Log", "Series"} <= titles
            await workers_done(app)

    asyncio.run(go())
