"""The table model the screens read: who acts, the computer's steps, undo to a player."""

import contextlib
import re
import sqlite3

import pytest

from companion.engine.errors import CompanionError, IllegalAction, TooLittleSaid
from companion.high_and_tight.box import load_box
from companion.high_and_tight.rules import HighAndTight
from companion.store.db import Store
from companion.tui.table import NAME_SQUEEZED_LETTERS, Setup, Table, Waiting


def take_first_choice(table: Table) -> None:
    """The player's move when nothing is automatic: the dice if awaited, else the first
    legal option."""
    waiting = table.waiting()
    if waiting.kind == "chance":
        table.roll()
    else:
        table.enter(waiting.options[0])


def test_undo_goes_back_to_the_players_own_decision(tmp_path):
    """SPEC 1: a human facing the computer can take back his own move, not only the reply."""
    store = Store.open(tmp_path / "t.db")
    table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="human",
                                                  team2_control="computer"))
    human_moves = 0
    while human_moves < 12:
        while table.auto_step() is not None:
            pass
        take_first_choice(table)
        human_moves += 1
    while table.auto_step() is not None:
        pass
    before = list(table.session.entries)
    undone = table.undo_to_player()
    waiting = table.waiting()
    assert not waiting.computer and waiting.kind in ("decision", "chance")
    assert table.session.entries == before[: len(before) - len(undone)]
    # Nothing the computer does now replays the undone human move by itself.
    assert table.auto_step() is None
    store.close()


def test_undo_in_a_series_the_computer_plays_alone_is_refused_and_stores_nothing(tmp_path):
    """With the computer on both sides no step is a player's: an undo (a finished series'
    last roll) would be rolled again at once with the same digital dice, leaving only an
    undo and the same roll in the record."""
    path = tmp_path / "c.db"
    with Store.open(path) as store:
        table = Table.create(store, load_box(), Setup(scenario="spring",
                                                      team1_control="computer",
                                                      team2_control="computer"))
        while table.auto_step() is not None:
            pass
        assert table.session.is_over()
        before = list(table.session.entries)
        with pytest.raises(CompanionError, match="the computer manages both sides and rolls "
                                                 "the dice: no step is yours to undo"):
            table.undo_to_player()
        assert table.session.entries == before and table.session.is_over()
    with sqlite3.connect(path) as conn:
        kinds = {kind for (kind,) in conn.execute("SELECT DISTINCT kind FROM events")}
    assert kinds == {"action"}


def test_with_the_tables_dice_and_the_computer_on_both_sides_undo_takes_back_a_roll(tmp_path):
    """Rule 4.6: with physical dice the faces typed in are a person's steps even when the
    computer manages both sides: undo goes back to the last roll typed (a mistyped face
    can be put right), with the computer's steps after it."""
    with Store.open(tmp_path / "p.db") as store:
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                      team1_control="computer",
                                                      team2_control="computer"))
        typed = 0
        for _ in range(3000):
            if typed == 6:
                break
            if table.auto_step() is not None:
                continue
            if table.dice_awaited():
                table.enter("3 4")          # the dice the table rolled
                typed += 1
            else:                           # the starter drawn at the table (rule 3.0)
                table.enter(table.waiting().options[0])
        while table.auto_step() is not None:
            pass
        before = list(table.session.entries)
        undone = table.undo_to_player()
        assert undone[-1].line == "roll 3 4"
        assert table.session.entries == before[:len(before) - len(undone)]
        waiting = table.waiting()
        assert waiting.kind == "chance" and table.dice_awaited()
        assert table.auto_step() is None            # it waits for the dice typed again


def at_an_at_bat_of_four_rolls(store, dice: str = "physical", least: int = 4) -> Table:
    """A Spring Training game with the table's dice (the computer on team 2; or the
    companion's, `dice`) played on to an at-bat with four Scoring Rolls (or `least`) or
    more for the person at the table to type or roll (rule 4.6)."""
    table = Table.create(store, load_box(), Setup(scenario="spring", dice=dice,
                                                  team1_control="human",
                                                  team2_control="computer"))
    for _ in range(3000):
        waiting = table.waiting()
        if table.dice_awaited() and waiting.scope == "game" and (
                table.game.state.atbat.rolls_left >= least):
            return table
        if table.auto_step() is not None:
            continue
        if table.dice_awaited() and dice == "digital":
            table.roll()
        else:
            table.enter("3 4" if table.dice_awaited() else waiting.options[0])
    raise AssertionError(f"no at-bat of {least} rolls in 3000 steps")


def test_the_at_bat_s_rolls_left_are_rolled_at_once_and_go_back_whole(tmp_path):
    """Rule 4.6 with the companion's dice: R rolls every roll the at-bat has left, in turn,
    as r would one by one; one step for undo and redo, across a restart too, as a line of
    rolls typed at once. Refused with the table's dice, and when no dice are the table's
    to roll."""
    path = tmp_path / "at-once.db"
    with Store.open(path) as store:
        table = at_an_at_bat_of_four_rolls(store, dice="digital", least=2)
        before = list(table.session.entries)
        left = table.game.state.atbat.rolls_left
        table.roll_at_bat()
        taken = table.session.entries[len(before):]
        assert len(taken) >= left and all(e.line.startswith("roll ") for e in taken)
        assert not table.dice_awaited()             # the at-bat is over
        with pytest.raises(CompanionError, match="no dice are awaited"):
            table.roll_at_bat()
        series_id = table.stored.id
    with Store.open(path) as store:
        table = Table(store, series_id)
        undone = table.undo_to_player()
        assert [e.line for e in undone] == [e.line for e in reversed(taken)]
        assert table.session.entries == before
        assert table.redo_to_player() == taken
    with Store.open(path) as store:
        table = at_an_at_bat_of_four_rolls(store, dice="physical")
        with pytest.raises(CompanionError, match="type the faces rolled"):
            table.roll_at_bat()


def test_single_rolls_after_an_undone_line_of_rolls_are_undone_one_at_a_time(tmp_path):
    """Rule 4.6 with the companion's dice: R, then u (the line back whole), then r twice:
    those rolls meet the same seeded faces as the line's first two, yet they are steps of
    their own. One u takes back the last roll only (it took both, as the line begun again),
    and one y brings it back; so after a restart."""
    path = tmp_path / "after-line.db"
    with Store.open(path) as store:
        table = at_an_at_bat_of_four_rolls(store, dice="digital", least=3)
        before = list(table.session.entries)
        table.roll_at_bat()
        line = table.session.entries[len(before):]
        table.undo_to_player()
        assert table.session.entries == before
        table.roll()
        table.roll()
        rolled = table.session.entries[len(before):]
        assert rolled == line[:2]                   # the same faces, as seeded
        assert table.undo_to_player() == [rolled[1]]
        assert table.session.entries == before + rolled[:1]
        assert table.redo_to_player() == [rolled[1]]
        series_id = table.stored.id
    with Store.open(path) as store:
        table = Table(store, series_id)
        assert table.undo_to_player() == [rolled[1]]
        assert table.session.entries == before + rolled[:1]


def test_a_line_of_rolls_typed_at_once_is_undone_and_redone_whole(tmp_path):
    """Rule 4.6: an at-bat's rolls typed in one line ('44 44 44') were one step for the
    person who typed them: undo takes the whole line back (it took one roll a press), redo
    brings it back whole, and a roll typed on its own is still undone alone."""
    with Store.open(tmp_path / "rolls.db") as store:
        table = at_an_at_bat_of_four_rolls(store)
        before = list(table.session.entries)
        table.enter("44 44 44")
        typed = table.session.entries[len(before):]
        assert [entry.line for entry in typed] == ["roll 4 4"] * 3
        undone = table.undo_to_player()
        assert [entry.line for entry in undone] == ["roll 4 4"] * 3
        assert table.session.entries == before
        redone = table.redo_to_player()
        assert table.session.entries == before + typed and redone == typed
        with pytest.raises(CompanionError):
            table.enter("44 4")                             # refused: the line stays whole
        table.undo_to_player()
        assert table.session.entries == before              # and again, whole
        table.redo_to_player()
        table.enter("4 4")                                  # a roll on its own
        assert [entry.line for entry in table.undo_to_player()] == ["roll 4 4"]
        assert table.session.entries == before + typed
    with Store.open(tmp_path / "rolls.db") as store:
        assert Table(store, table.stored.id).session.entries == before + typed


def typed_in_a_closed_table(path, *lines: str) -> tuple[int, list]:
    """A table at an at-bat of four rolls, these lines typed in, the table closed: the
    series' id and its entries before the lines."""
    with Store.open(path) as store:
        table = at_an_at_bat_of_four_rolls(store)
        before = list(table.session.entries)
        for line in lines:
            table.enter(line)
        return table.stored.id, before


def test_a_line_of_rolls_typed_at_once_stays_whole_for_undo_and_redo_across_a_restart(
        tmp_path):
    """Undo survives a restart, and so does what it takes back: the rolls of a line typed
    at once (rule 4.6) go back whole after the table is closed and opened again, and a redo
    after another restart brings them back whole."""
    path = tmp_path / "restart.db"
    series_id, before = typed_in_a_closed_table(path, "34 61 25")
    with Store.open(path) as store:
        table = Table(store, series_id)
        undone = table.undo_to_player()
        assert [entry.line for entry in undone] == ["roll 2 5", "roll 6 1", "roll 3 4"]
        assert table.session.entries == before
    with Store.open(path) as store:
        table = Table(store, series_id)
        redone = table.redo_to_player()
        assert [entry.line for entry in redone] == ["roll 3 4", "roll 6 1", "roll 2 5"]
        assert table.dice_awaited()                 # the at-bat had four rolls or more
        table.enter("4 4")                          # a roll on its own
    with Store.open(path) as store:
        table = Table(store, series_id)
        assert [entry.line for entry in table.undo_to_player()] == ["roll 4 4"]
    with Store.open(path) as store:             # deleting the series takes its notes along
        from companion.store.series_store import delete_series
        delete_series(store, series_id)
        assert not [row for row in store.db.execute("SELECT key FROM meta")
                    if row[0].startswith(f"series/{series_id}/")]


def test_two_lines_of_rolls_typed_one_after_the_other_go_back_each_whole(tmp_path):
    """Rule 4.6: an at-bat's rolls typed as two lines ('12 34', then '55') are two steps:
    the first undo takes back the second line, the next the first line whole (it took
    back one of its rolls, only the last line being remembered), also after a restart;
    redo brings them back line by line."""
    path = tmp_path / "two.db"
    series_id, before = typed_in_a_closed_table(path, "12 34", "55")
    with Store.open(path) as store:
        table = Table(store, series_id)
        assert [e.line for e in table.undo_to_player()] == ["roll 5 5"]
        assert [e.line for e in table.undo_to_player()] == ["roll 3 4", "roll 1 2"]
        assert table.session.entries == before
    with Store.open(path) as store:
        table = Table(store, series_id)
        assert [e.line for e in table.redo_to_player()] == ["roll 1 2", "roll 3 4"]
        assert [e.line for e in table.redo_to_player()] == ["roll 5 5"]


def test_the_one_ballplayer_left_is_sent_in_for_the_player(tmp_path):
    """Rules 4.2.2 and 4.2.3: in the 9th each side has one ballplayer of its lineup left,
    so Batter Up and Take the Field leave one choice: the table takes it for the player
    (as it passes for him, rule 5.4) and undo goes back past it to his last choice."""
    store = Store.open(tmp_path / "one.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="human",
                                                      team2_control="human"))
        taken = []
        while table.game is None or (table.game.state.inning < 10
                                     and not table.session.is_over()):
            waiting = table.waiting()
            if waiting.scope == "game" and waiting.kind == "decision" and (
                    len(waiting.options) == 1 and not waiting.only_pass
                    and waiting.phase != "cards"):      # (a shared screen's hands: 5.2.1)
                assert table.forced(waiting)
                before = list(table.session.entries)
                entry = table.auto_step()
                assert entry.line == waiting.options[0]
                taken.append((table.game.state.inning, waiting.phase))
                if len(taken) == 1:
                    undone = table.undo_to_player()
                    assert undone[0].line == entry.line and not table.forced(table.waiting())
                    table.redo_to_player()
                    assert table.session.entries[:len(before) + 1] == [*before, entry]
                continue
            assert not table.forced(waiting) or waiting.only_pass
            if table.auto_step() is None:
                take_first_choice(table)
        assert {(9, "bat"), (9, "field")} <= set(taken), taken
    finally:
        store.close()


def test_a_pass_the_rules_force_is_made_for_the_player_and_undo_goes_past_it(tmp_path):
    """Rule 5.4: when a player can play nothing more in a Strategy Card phase, the table
    passes for him (as it deals digital cards); undo takes the pass back with the choice
    before it, since it would be passed again at once, and redo brings both back."""
    store = Store.open(tmp_path / "f.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="human",
                                                      team2_control="computer"))
        checked = 0
        for _ in range(3000):
            if table.session.is_over() or checked == 3:
                break
            waiting = table.waiting()
            if not table.forced_pass(waiting):
                if table.auto_step() is None:
                    take_first_choice(table)
                continue
            assert waiting.prompt == "pass: nothing else can be played now (rule 5.4)"
            before = list(table.session.entries)
            entry = table.auto_step()
            assert entry.line == f"{waiting.side} passes"
            undone = table.undo_to_player()
            back = table.waiting()
            assert not table.forced_pass(back) and back.kind in ("decision", "chance")
            assert table.session.entries == before[: len(before) + 1 - len(undone)]
            assert len(undone) >= 2 and undone[0].line == entry.line
            redone = table.redo_to_player()
            assert [e.line for e in redone] == [e.line for e in reversed(undone)]
            assert not table.forced_pass(table.waiting())
            checked += 1
        assert checked == 3
    finally:
        store.close()


def test_two_players_at_one_screen_pass_for_themselves_and_hear_one_prompt(tmp_path):
    """Rule 5.2.1 at a shared screen with dealt hands: the card phase's prompt and the pass
    the companion took for a player told the other what the hand held ('pass: nothing else
    can be played', 'no card to play, the companion passed', 'use Rally Caps' offered only
    with a card to play). There each player's prompt is the phase's whole one, he passes
    himself, and no half's notice tells a pass as the companion's."""
    from companion.cli import series_report
    from companion.high_and_tight.rules import CARD_PHASE_PROMPT

    store = Store.open(tmp_path / "h.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="human",
                                                      team2_control="human"))
        nothing_else = 0
        for _ in range(5000):
            if table.session.is_over():
                break
            waiting = table.waiting()
            if waiting.scope == "game" and waiting.phase == "cards":
                state = table.game.state
                assert not table.forced(waiting) and not waiting.only_pass
                if state.atbat.must_play != waiting.side:
                    # (Rally Caps named while a use is left: public, on the board)
                    assert waiting.prompt == (CARD_PHASE_PROMPT
                                              if state.side(waiting.side).rally_left
                                              else "play a card or pass (rule 5.4)")
                    # `series show` says it as the screen does
                    assert series_report(table.stored)["next"]["what"] == waiting.prompt
                if table.session.rules.awaiting(state).only_pass:
                    nothing_else += 1           # the rules leave a pass: he makes it
                    table.enter(f"{waiting.side} passes")
                    continue
            if table.auto_step() is None:
                take_first_choice(table)
            if table.game is not None and table.game.state.log and table.game.state.log[-1][
                    0] == "4.6.4":
                assert table.passed_for(table.game) == {}
        assert nothing_else > 3
    finally:
        store.close()


def test_redo_brings_back_what_one_undo_took_back(tmp_path):
    """SPEC 1: undo takes back the player's decision with the computer's replies; redo
    brings the same group back at once, so the computer, whose turn the first redone step
    would leave it, does not act instead and wipe the rest of the redo."""
    store = Store.open(tmp_path / "r.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                      team1_control="human",
                                                      team2_control="computer"))
        rolls = iter([(3, 4), (6, 6), (2, 5), (1, 1), (4, 4)] * 200)

        def replies() -> bool:
            """The steps nobody at the table takes; whether the computer decided one."""
            replied = False
            while True:
                waiting = table.waiting()
                if table.auto_step() is None:
                    return replied
                replied |= waiting.computer and waiting.kind == "decision"

        replies()
        moves = 0
        while True:                         # human moves, with replies between them, up
            waiting = table.waiting()       # to one the computer answers (past the 40th)
            if waiting.kind == "chance" and not waiting.options:
                table.enter("{} {}".format(*next(rolls)))
            else:
                table.enter(waiting.options[-1])
            moves += 1
            if replies() and moves >= 40:
                break
        before = list(table.session.entries)
        first = table.undo_to_player()
        second = table.undo_to_player()
        assert len(first) + len(second) > 2           # a reply went with one of them
        middle = before[: len(before) - len(first)]
        assert table.redo_to_player() == second[::-1]
        assert table.session.entries == middle
        assert table.auto_step() is None              # the player's turn: nothing moves
        assert table.redo_to_player() == first[::-1]
        assert table.session.entries == before and not table.session.redo_stack
    finally:
        store.close()


def test_hot_seat_hides_nothing_it_should_show(tmp_path):
    """Both sides human with digital cards: the waiting player is named, the computer never
    acts, and only dealing happens by itself."""
    store = Store.open(tmp_path / "h.db")
    table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="human",
                                                  team2_control="human"))
    steps = 0
    while table.auto_step() is not None:
        steps += 1
    waiting = table.waiting()
    assert waiting.kind == "decision" and not waiting.computer and waiting.side == "home"
    assert steps == 0 or all(e.line.startswith(("deal", "team")) for e in
                             table.session.entries)
    store.close()


def test_command_palette_lists_the_table_actions(tmp_path):
    """Every action of the game screen is reachable from the command palette too."""
    import asyncio

    from companion.tui.app import GameScreen, make_app

    from .test_app import wait_until

    async def run() -> list[str]:
        store = Store.open(tmp_path / "p.db")
        table = Table.create(store, load_box(), Setup())
        series_id = table.stored.id
        store.close()
        app = make_app(db=tmp_path / "p.db", series_id=series_id)
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen)
                             and app.screen.is_mounted)
            titles = [c.title for c in app.get_system_commands(app.screen)]
            await pilot.press("q")
        return titles

    titles = asyncio.run(run())
    for name in ("Undo", "Redo", "Show my hand", "Log", "Series"):
        assert name in titles
    # No dice are awaited at the setup: Roll, dimmed in the key bar, is left out here
    # (offered once they are: tests/tui/test_palette.py).
    assert "Roll the dice" not in titles


def test_computer_needs_digital_cards(tmp_path):
    """The computer cannot hold cards that lie on the table: that setup is refused."""
    import pytest

    from companion.engine.errors import CompanionError

    store = Store.open(tmp_path / "c.db")
    with pytest.raises(CompanionError, match="digital cards"):
        Table.create(store, load_box(), Setup(cards="physical"))
    store.close()


def test_a_setup_that_cannot_start_says_why_in_the_players_words():
    """Rule 8.1.1: an optional team card has no players of its own, so it needs a roster;
    the same team twice or the computer with cards on the table cannot start either. The
    series rules say why, without the record's header tag."""
    box = load_box()
    assert Setup().problem(box) is None
    # (not Texas's own: the other team, Texas, fields it)
    assert Setup(team1="seattle").problem(box) == (
        "Seattle Volcanoes (team 1) is an optional team card with no players of its own; "
        "choose a roster: new-york (New York Highlanders), philadelphia (Philadelphia "
        "Mustangs), california (California Titans) (rule 8.1.1)")
    assert Setup(team1="seattle", roster1="texas", team2="chicago",
                 roster2="new-york").problem(box) is None
    assert Setup(team2="chicago").problem(box).startswith("Chicago Black Sox (team 2) is an")
    assert Setup(team1="texas").problem(box) == "the two teams must be different team cards"
    assert "digital cards" in Setup(cards="physical").problem(box)


def test_physical_dice_wait_for_the_players_even_for_the_computer(tmp_path):
    """With dice on the table the players roll for the computer too and type the faces."""
    store = Store.open(tmp_path / "d.db")
    table = Table.create(store, load_box(), Setup(team1_control="computer",
                                                  team2_control="human", dice="physical"))
    waiting = table.waiting()
    assert waiting.kind == "chance" and waiting.scope == "series" and waiting.options
    assert table.auto_step() is None
    events = table.stored.seq
    with pytest.raises(CompanionError, match="type the faces"):
        table.roll()                    # no digital roll slips in (the r key is hidden too)
    assert table.stored.seq == events
    table.enter(waiting.options[0])
    assert table.waiting().kind != "chance" or table.waiting().team == "team2"
    store.close()


def test_dice_dialog_refuses_bad_faces_on_the_spot(tmp_path, monkeypatch):
    """Rule 4.6: faces outside 1..6 are refused in the dialog; good ones are recorded."""
    import asyncio

    from textual import events

    from companion.tui import app as app_module
    from companion.tui import views
    from companion.tui.app import DiceScreen, GameScreen, make_app

    # (Escape held off after the dialog closes itself: longer than a loaded machine's wait)
    monkeypatch.setattr(app_module, "ESCAPE_AFTER_DICE_SECONDS", 30.0)

    from .test_app import plain, wait_until

    async def to_a_roll(pilot, game):
        """Every decision the first option, the deals the table's own, until the dice of a
        Scoring Roll are awaited (the computer's timer kept out of it: a loaded machine ran
        its steps between these, and the at-bat reached was another)."""
        for _ in range(400):
            waiting = game.table.waiting()
            if waiting.kind == "chance" and waiting.phase == "roll":
                return
            if waiting.options:
                game.act(waiting.options[0])
            elif game.table.auto_step() is not None:
                game.refresh_table()
            await pilot.pause(0.02)
        raise AssertionError("no roll awaited")

    async def run():
        store = Store.open(tmp_path / "x.db")
        table = Table.create(store, load_box(), Setup(team1_control="computer",
                                                      team2_control="computer",
                                                      dice="physical"))
        series_id = table.stored.id
        store.close()
        app = make_app(db=tmp_path / "x.db", series_id=series_id, auto_delay=3600)
        async with app.run_test(size=(100, 32), notifications=True) as pilot:
            # Waits on what the screen shows, not on the clock: a loaded machine (or the
            # win figure's worker learning) may run the screen late.
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen)
                             and app.screen.is_mounted)
            await pilot.pause()
            game = app.screen
            await to_a_roll(pilot, game)         # the players name the starters, then play on
            assert not game.act("roll 7 1")     # a line refused before the dialog opens...
            await pilot.pause()
            assert [n.title for n in app._notifications] == ["Not allowed"]
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            dialog = app.screen
            # ... goes with it: the dialog takes the dice afresh (it sat over the field)
            assert "Not allowed" not in [n.title for n in app._notifications]
            # A notice while it is open (the computer's moves) waits behind it: at the
            # bottom right it covered the dialog's prompt.
            app.notify("NYH plays Bad Hop", title="New York Highlanders (computer)",
                       timeout=60)
            await wait_until(pilot, lambda: dialog.query("Toast"))
            assert all(toast.styles.visibility == "hidden" for toast in dialog.query("Toast"))
            # ... and is there again as it closes
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is game and game.query("Toast"))
            assert any(toast.styles.visibility == "visible" for toast in game.query("Toast"))
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            dialog = app.screen
            await pilot.pause()
            await pilot.press("enter")                      # nothing typed yet: said so
            await pilot.pause(0.1)
            assert app.screen is dialog
            assert "type the two faces rolled first" in str(
                dialog.query_one("#problem").content)
            await pilot.press("7", "space", "1", "enter")
            await pilot.pause(0.1)
            assert app.screen is dialog                      # refused, still asking
            rolled = game.table.game.state.dice_rolled
            entries = len(game.table.session.entries)
            dialog.query_one("#faces").value = "3 4"
            await pilot.press("enter")
            await wait_until(pilot, lambda: game.table.game.state.dice_rolled > rolled)
            assert game.table.game.state.dice_rolled == rolled + 1
            assert game.table.session.entries[entries].line == "roll 3 4"
            # More rolls of the at-bat to type: the dialog stays, its box empty for them,
            # and says what it took and how many are left; once they are done it closes.
            # (this seed's at-bat has rolls left after the first: the branch is the test's)
            state = game.table.game.state
            assert state.phase == "roll" and state.atbat.rolls_left >= 1
            await pilot.pause(0.1)
            assert app.screen is dialog and dialog.query_one("#faces").value == ""
            said = plain(str(dialog.query_one("#problem").content))
            assert said == (f"taken: 3 4; next: {views.rolls_to_come(state)} "
                            "(Escape closes; u undoes)")
            # u in the dialog (no face; the box passed over it without a word): closed, and
            # the roll just typed undone on the table; y there brings it back.
            await pilot.press("u")
            await wait_until(pilot, lambda: app.screen is game)
            await wait_until(pilot, lambda: len(game.table.session.entries) == entries)
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            await pilot.press("y")
            await wait_until(pilot, lambda: app.screen is game)
            await wait_until(pilot, lambda: len(game.table.session.entries) == entries + 1)
            assert game.table.session.entries[entries].line == "roll 3 4"
            # 'uu' in a burst: two undos, as on the table (the second one, reaching the
            # dialog as it closed, was lost)
            undos = []
            undo = game.action_undo
            game.action_undo = lambda: (undos.append(1), undo())
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            for key in "uu":
                app.post_message(events.Key(key, key))
            await wait_until(pilot, lambda: app.screen is game and len(undos) == 2)
            del game.action_undo
            while len(game.table.session.entries) < entries + 1:
                await pilot.press("y")
                await pilot.pause(0.05)
            assert game.table.session.entries[entries].line == "roll 3 4"
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            dialog = app.screen
            state = game.table.game.state
            while state.phase in ("roll", "free-roll") and app.screen is dialog:
                dialog.query_one("#faces").value = "1 2"
                await pilot.press("enter")
                await pilot.pause(0.1)
            await wait_until(pilot, lambda: not isinstance(app.screen, DiceScreen))
            # Escape right after the dialog closed itself (the at-bat's last roll) was
            # meant for the dialog: it left the table for the home screen.
            assert dialog.closed_itself
            await pilot.press("escape")
            await pilot.pause(0.1)
            assert app.screen is game
            # More rolls than the at-bat takes (rule 4.6): refused in the dialog, which
            # stays open with the faces kept to be corrected; none is taken.
            await to_a_roll(pilot, game)
            entries = len(game.table.session.entries)
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            dialog = app.screen
            too_many = " ".join(["22"] * 25)
            dialog.query_one("#faces").value = too_many
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert app.screen is dialog and dialog.query_one("#faces").value == too_many
            # kept selected: the next faces typed take their place
            await pilot.press("6", "6")
            assert dialog.query_one("#faces").value == "66"
            dialog.query_one("#faces").value = too_many
            assert "none was taken" in str(dialog.query_one("#problem").content)
            assert len(game.table.session.entries) == entries
            await pilot.press("escape")
            # A table typing fast: t, the faces and Enter at once, none of them lost.
            await to_a_roll(pilot, game)
            rolled, entries = game.table.game.state.dice_rolled, len(game.table.session.entries)
            await pilot.press("t", "5", "2", "enter")
            await wait_until(pilot, lambda: game.table.game.state.dice_rolled > rolled)
            assert game.table.session.entries[entries].line == "roll 5 2"
            # ... and line after line at once in the dialog: each Enter takes its own faces
            # (Enter went up to the app and back, and '16⏎22⏎' was read as '1622')
            await wait_until(pilot, lambda: not isinstance(app.screen, DiceScreen))
            await to_a_roll(pilot, game)
            state = game.table.game.state
            assert state.atbat.rolls_left >= 3                          # (the seed's)
            entries = len(game.table.session.entries)
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, DiceScreen)
                             and app.screen.is_mounted)
            await pilot.pause()
            # a burst, none awaited; a Backspace among it takes its place in the order too
            for key in ("1", "6", "enter", "2", "5", "backspace", "2", "enter"):
                app.post_message(events.Key(key, key if key.isdigit() else None))
            await wait_until(pilot, lambda: len(game.table.session.entries) >= entries + 2)
            assert [e.line for e in game.table.session.entries[entries:entries + 2]] == [
                "roll 1 6", "roll 2 2"]
            await pilot.press("escape", "q")

    asyncio.run(run())


def test_lineup_and_rotation_come_slot_by_slot(tmp_path):
    """Rule 3.0: a rotation and a lineup (1 C, 3 OF, 4 IF and a DH) are offered slot by slot,
    each slot listing who may fill it and preset to the suggestion, instead of a list of
    every permutation; what the slots say is what the rules receive."""
    box = load_box()
    store = Store.open(tmp_path / "p.db")
    table = Table.create(store, box, Setup(scenario="divisional", team1_control="human",
                                           team2_control="computer"))
    waiting = table.waiting()
    assert waiting.scope == "series" and len(waiting.options) > 12
    picker = table.picker(waiting)
    assert [slot[0] for slot in picker.slots] == ["Starter 1", "Starter 2", "Starter 3"]
    presets = [slot[2] for slot in picker.slots]
    assert picker.line(presets) == table.suggestion(waiting)
    other = next(name for _, name in picker.slots[2][1] if name not in presets)
    table.enter(picker.line(presets[:2] + [other]))
    assert table.series.rotations["team1"][2] == other.casefold()
    from companion.tui import views

    logged = views.log_lines(table)[-1]        # the player's own rotation: his to see
    assert "New York Highlanders rotation" in logged and other in logged
    while table.waiting().scope == "series" and table.auto_step() is not None:
        pass
    computer = [line for line in views.log_lines(table) if "Texas Cowboys" in line]
    assert computer and all(line.endswith("Texas Cowboys sets the rotation")
                            for line in computer if "rotation" in line)

    while not (table.waiting().phase == "lineup" and not table.waiting().computer):
        if table.auto_step() is None:
            take_first_choice(table)
    waiting = table.waiting()
    picker = table.picker(waiting)
    labels = [slot[0] for slot in picker.slots]
    assert labels == ["C", "OF 1", "OF 2", "OF 3", "IF 1", "IF 2", "IF 3", "IF 4", "DH"]
    roster = table.session.current_game.state.side(waiting.side).roster
    position = {p.name: p.position for p in roster.ballplayers.values()}
    for label, choices, preset in picker.slots:
        assert preset in [name for _, name in choices]
        if label != "DH":
            assert {position[name] for _, name in choices} == {label.split()[0]}
    # each choice with how he bats (a matchup card, a ballpark reads it: 5.1.1 c, 8.1)
    first = roster.piece(picker.slots[0][1][0][1])
    assert picker.slots[0][1][0][0] == (
        f"{first.name}  C ({first.bats}) O{first.offense} D{first.defense} P{first.power} "
        f"OBP{first.obp} Sp{first.speed} Cl{first.clutch}")
    presets = [slot[2] for slot in picker.slots]
    assert picker.line(presets) == table.suggestion(waiting)
    assert picker.twice(presets) is None and picker.twice(presets[:8] + presets[:1]) == presets[0]
    # The other catcher starts; the preset one is the DH.
    catcher = next(name for _, name in picker.slots[0][1] if name != presets[0])
    table.enter(picker.line([catcher, *presets[1:8], presets[0]]))
    side = table.session.current_game.state.side(waiting.side)
    assert side.lineup[catcher.casefold()] == "C" and side.dh == presets[0].casefold()
    assert table.picker(table.waiting()) is None          # short choices stay a list
    store.close()


def test_undo_with_nothing_of_the_players_left_changes_nothing(tmp_path):
    """SPEC 1: undo takes back a player's own move; before he has made one, the computer's
    opening moves stay, and the redo stack is not lost to the computer retaking them."""
    import pytest

    from companion.engine.errors import CompanionError

    store = Store.open(tmp_path / "u.db")
    table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="computer",
                                                  team2_control="human"))
    while table.auto_step() is not None:
        pass
    opening = list(table.session.entries)
    assert opening and table.waiting().team == "team2"
    with pytest.raises(CompanionError, match="nothing of yours to undo"):
        table.undo_to_player()
    assert table.session.entries == opening and not table.session.redo_stack
    take_first_choice(table)
    mine = table.session.entries[len(opening)]
    while table.auto_step() is not None:
        pass
    undone = table.undo_to_player()
    assert undone[-1] == mine and table.session.entries == opening
    assert table.stored.redo() == mine
    store.close()


def test_the_win_figure_never_reads_a_hand_the_screen_keeps_hidden(tmp_path):
    """Rule 5.2.1: the computer's hand is kept from the player, so the figure shown to him is
    worked out as if its cards were unseen (dealt anew in each play from the cards not
    seen); his own hand is read as it is. Two tables that differ only in which unseen card
    the computer holds show the same figure."""
    from companion.high_and_tight.winprob import estimate

    store = Store.open(tmp_path / "t.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring",
                                                      team1_control="human",
                                                      team2_control="computer"))
        while table.game is None or table.game.state.phase != "cards":
            if table.auto_step() is None:
                take_first_choice(table)
        live = table.game.state
        computer = next(s for s in ("home", "away") if table.team_of(s) == "team2")
        human = "away" if computer == "home" else "home"
        inputs = table.figure_inputs()
        seen = inputs.state
        assert sum(seen.side(computer).hand.values()) == 0
        assert sum(seen.side(computer).hidden.values()) == live.side(computer).hand_size() > 0
        assert seen.side(human).hand == live.side(human).hand
        for deck in ("offense", "defense"):
            assert (sum(seen.decks[deck].unseen.values())
                    == sum(live.decks[deck].unseen.values())
                    + seen.side(computer).hidden[deck])
        first = estimate(seen, half_width=1.0, max_plays=48)

        # The computer swaps a card in hand for one still unseen in the same deck.
        hand = live.side(computer).hand
        held = next(k for k, n in hand.items() if n)
        deck = live.decks[live.box.cards[held].side]
        other = next(k for k, n in deck.unseen.items() if n and k != held)
        hand[held] -= 1
        hand[other] += 1
        deck.unseen[other] -= 1
        deck.unseen[held] += 1
        again = table.figure_inputs().state
        assert estimate(again, half_width=1.0, max_plays=48) == first
    finally:
        store.close()


def test_a_series_with_digital_dice_takes_no_typed_faces(tmp_path):
    """Rule 4.6 with the dice the series was set to: digital dice are the companion's, so
    the player never picks his own faces; `r` rolls them."""
    store = Store.open(tmp_path / "t.db")
    table = Table.create(store, load_box(), Setup(scenario="spring"))
    while True:
        if table.auto_step() is not None:
            continue
        waiting = table.waiting()
        if waiting.kind == "chance" and waiting.phase == "roll":
            break
        take_first_choice(table)
    before = list(table.session.entries)
    assert table.dice_awaited()
    for typed in ("3 4", "34", "3,4", "roll 3 4", "ROLL 6 6", " Roll  1 1 "):
        with pytest.raises(CompanionError, match="this series rolls its dice in the "
                                                 "companion"):
            table.enter(typed)
    assert table.session.entries == before
    table.roll()
    assert table.session.entries[len(before)].line.startswith("roll ")
    store.close()


def test_with_physical_dice_the_players_roll_every_die_the_computers_too(tmp_path):
    """Rule 4.6 with physical dice: the people at the table roll for both sides (the
    computer's Scoring Rolls too) and type the faces; `r` is refused."""
    store = Store.open(tmp_path / "t.db")
    table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical"))
    seen = set()
    while len(seen) < 2:
        if table.auto_step() is not None:
            continue
        waiting = table.waiting()
        if waiting.kind == "chance" and waiting.phase == "roll":
            assert table.dice_awaited(waiting)
            seen.add(waiting.computer)
            with pytest.raises(CompanionError, match="rolls its dice at the table"):
                table.roll()
            with pytest.raises(CompanionError, match="type two faces 1 to 6"):
                table.enter("9")
            before = len(table.session.entries)
            table.enter("44" if waiting.computer else "4,4")    # as the dice dialog reads
            assert table.session.entries[before].line == "roll 4 4"
        else:
            assert not table.dice_awaited(waiting)
            table.enter(waiting.options[0])
    assert seen == {True, False}
    store.close()


def test_with_physical_dice_undo_takes_back_one_die_the_computers_too(tmp_path):
    """Rule 4.6 with physical dice: the faces typed for the computer's Scoring Rolls are the
    players' steps, so `u` takes back the last roll typed (a typo) and nothing before it,
    as on the player's own at-bat; `y` puts it back."""
    store = Store.open(tmp_path / "t.db")
    table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical"))
    typed = 0
    while typed < 2:
        if table.auto_step() is not None:
            continue
        waiting = table.waiting()
        if waiting.kind == "chance" and waiting.phase == "roll" and waiting.computer:
            table.enter("3 4")
            typed += 1
        elif waiting.kind == "chance" and waiting.phase in ("roll", "free-roll"):
            table.enter("2 2")
        else:                       # a decision, or the starter drawn at the table
            table.enter(waiting.options[0])
    entries = list(table.session.entries)
    assert entries[-1].line == "roll 3 4"
    undone = table.undo_to_player()
    assert [entry.line for entry in undone] == ["roll 3 4"]
    assert table.session.entries == entries[:-1]
    assert [entry.line for entry in table.redo_to_player()] == ["roll 3 4"]
    assert table.session.entries == entries
    store.close()


def test_a_file_from_before_the_figures_table_still_opens_read_only(tmp_path):
    """`follow` opens a file read-only and never migrates it: a file an older companion
    writes has no figures table, and the table still reads it (with no figures)."""
    import sqlite3

    path = tmp_path / "old.db"
    store = Store.open(path)
    series_id = Table.create(store, load_box(), Setup(scenario="spring")).stored.id
    store.close()
    with sqlite3.connect(path) as conn:         # as a file m004 never migrated
        conn.execute("DROP TABLE figures")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name LIKE 'm004%'")
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        assert table.win_history == [] and table.stored.figures(1) == []


def test_with_physical_cards_only_choices_apart_from_the_hands_are_suggested(tmp_path):
    """SPEC 1, track mode: the computer manager's hint stays for the lineup, the batter,
    the fielder, the pitcher and the Managerial Move (rules 3.0, 4.2, 4.5), which read no
    hand; for draws, exchanges and cards, whose hands the companion does not see, none."""
    store = Store.open(tmp_path / "p.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", team1_control="human", team2_control="human",
            dice="physical", cards="physical"))
        rolls = iter([(3, 4), (6, 6), (2, 5), (1, 1), (4, 4)] * 200)
        seen: dict[str, bool] = {}
        for _ in range(400):
            waiting = table.waiting()
            if waiting.scope == "game" and waiting.phase == "manage" and "manage" in seen:
                break
            if waiting.kind == "chance" and not waiting.options:
                table.enter("{} {}".format(*next(rolls)))
                continue
            if waiting.kind == "chance":
                table.enter(waiting.options[0])
                continue
            if waiting.scope == "game" and waiting.kind == "decision":
                suggested = table.suggestion(waiting)
                seen[waiting.phase] = suggested is not None
                assert suggested is None or suggested in waiting.options
            table.enter(waiting.options[0])
        assert {phase: seen[phase] for phase in ("draw", "lineup", "bat", "field", "manage")} \
            == dict.fromkeys(("draw", "lineup", "bat", "field", "manage"), True)
        assert {phase: seen[phase] for phase in ("exchange", "cards")} == \
            dict.fromkeys(("exchange", "cards"), False)
    finally:
        store.close()


@pytest.mark.parametrize("typed", ["3 4", "34", "3,4", "roll 3 4", "7", "1"])
def test_dice_typed_before_they_are_due_are_told_what_the_game_awaits(tmp_path, typed):
    """Rule 4.6: the dice come after the cards and the Managerial Move; faces typed in the
    Strategy Card phase are refused with what the game waits for, and nothing is stored."""
    store = Store.open(tmp_path / "early.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", team1_control="human", team2_control="human",
            dice="physical", cards="physical"))
        rolls = iter([(3, 4), (6, 6), (2, 5)] * 100)
        for _ in range(200):
            waiting = table.waiting()
            if waiting.scope == "game" and waiting.phase == "cards":
                break
            if waiting.kind == "chance" and not waiting.options:
                table.enter("{} {}".format(*next(rolls)))
            else:
                table.enter(waiting.options[0])
        entries = list(table.session.entries)
        side = table.waiting().side
        with pytest.raises(CompanionError) as info:
            table.enter(typed)
        said = str(info.value)
        assert "no roll is awaited now" in said and f"the game awaits {side}: " in said, said
        assert "dice are two faces" not in said
        assert table.session.entries == entries
    finally:
        store.close()


def test_with_physical_cards_the_draw_hint_evens_the_hand_by_counts(tmp_path):
    """Rule 3.0 and 5.2.1 with physical cards: the hint counts the cards of each deck in
    hand, never which they are: six at setup are three and three; a hand leaning to
    defense draws offense."""
    store = Store.open(tmp_path / "even.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", team1_control="human", team2_control="human",
            dice="physical", cards="physical"))
        while table.waiting().phase != "draw":
            table.enter(table.waiting().options[0])       # the starters drawn at the table
        waiting = table.waiting()
        assert table.suggestion(waiting) == f"{waiting.side} draws 3 offense 3 defense"
        state = table.session.current_game.state
        state.side(waiting.side).hidden["defense"] = 4       # (as if he held four already)
        assert table.suggestion(waiting) == f"{waiting.side} draws 5 offense 1 defense"
    finally:
        store.close()


def test_faces_typed_before_the_dice_dialog_first_draws_are_kept(tmp_path):
    """Faces a fast table types right after t reach the box before the dialog is first
    drawn: they stay there (the dialog emptied its box after its first refresh)."""
    import asyncio

    from companion.tui.app import DiceScreen, make_app

    async def run():
        app = make_app(db=tmp_path / "d.db")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            answers = []
            await app.push_screen(DiceScreen(answers.append))        # mounted, not drawn
            app.screen.query_one("#faces").value = "5 2"
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            return answers

    assert asyncio.run(run()) == ["5 2"]


def test_a_series_over_says_its_winner_and_the_wins(tmp_path):
    """Rule 7.0: the series' end names the winner (of a one-game scenario, its title: no
    "series 1-0")."""
    from .test_snapshots import play_until

    path = tmp_path / "over.db"
    store = Store.open(path)
    table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="computer",
                                                  team2_control="computer"))
    series_id = table.stored.id
    store.close()
    play_until(path, series_id, lambda table: table.session.is_over())
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        winner = table.series.winner
        said = table.waiting().prompt
        assert said == f"{table.team_name(winner)} win Spring Training"    # one game
        assert said == table.standing()
    finally:
        store.close()


@pytest.mark.parametrize("team2", ["human", "computer"])
def test_spring_training_with_physical_dice_draws_the_starter_for_the_table_or_undoes_its_pick(
        tmp_path, team2):
    """Rule 3.0, Spring Training: each starter is one of the team's SPs at random. With
    physical dice the players say which they drew (the computer's team's too), or ask the
    companion to draw; either is their own step, so `u` takes it back (the draw before it
    stays) and a mistyped starter can be put right; the undone line names the starter,
    drawn in the open."""
    from companion.tui import views

    store = Store.open(tmp_path / "spring.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                      team2_control=team2))
        first = table.waiting()
        assert (first.kind, first.scope, first.team) == ("chance", "series", "team1")
        drawn = table.draw_starter()
        assert drawn.line in first.options                 # one of team 1's SPs
        second = table.waiting()
        assert second.team == "team2"
        picked = table.enter(second.options[-1])
        undone = table.undo_to_player()
        assert [entry.line for entry in undone] == [picked.line]
        assert table.waiting().team == "team2"
        assert table.session.entries == [drawn]
        assert views.shown_lines(table, undone) == [
            f"Texas Cowboys: {picked.line.split(' rotation ')[1]} drawn to start"]
        table.enter(second.options[0])
        assert table.waiting().scope == "game"
        with pytest.raises(CompanionError, match="no starter is to be drawn now"):
            table.draw_starter()
    finally:
        store.close()


@contextlib.contextmanager
def at_game_two(tmp_path):
    """A Divisional Series against the computer whose game 1 is over and game 2's opening
    taken, up to the player's first step: (store, series id, table)."""
    from .test_app import divisional_at_first_final

    path, series_id = divisional_at_first_final(tmp_path)
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        while table.auto_step() is not None:        # game 2's opening, up to the player
            pass
        yield store, series_id, table
    finally:
        store.close()


def test_a_redo_stops_on_a_games_final(tmp_path):
    """Rule 4.8: a game's end is a pause. Undone back into game 1 (its last roll, the
    player's) from game 2, a redo ends game 1 and stops there: game 2's steps are taken
    again once the player goes on (the same steps: chance and the computer are
    deterministic), so the final is held after a restart too."""
    with at_game_two(tmp_path) as (store, series_id, table):
        taken = list(table.session.entries)
        table.undo_to_player()
        while table.series.results:                 # back before game 1's end
            table.undo_to_player()
        table.redo_to_player()
        assert len(table.series.results) == 1
        assert table.session.entries[-1].scope == "1" and table.session.redo_stack
        assert Table(store, series_id).final_to_hold() == 1
        while table.auto_step() is not None:        # on to game 2: the same steps again
            pass
        assert table.session.entries == taken


def test_an_undo_stops_on_a_games_final_as_the_redo_does(tmp_path):
    """Rule 4.8: a game's end is a pause both ways. Undone from game 2, the undo stops on
    game 1's final (held, the next game's steps taken back) before it goes on into game 1,
    so as many undos as redos go back and forth across the end (one undo went from game 2
    straight into game 1, the redo stopping on the final on its way back)."""
    with at_game_two(tmp_path) as (_, _, table):
        take_first_choice(table)
        while table.auto_step() is not None:
            pass
        taken = list(table.session.entries)
        table.undo_to_player()                      # the player's step of game 2
        assert table.held is None and table.session.entries[-1].scope != "1"
        table.undo_to_player()                      # game 2's opening: game 1's final
        assert table.held == 1 and table.final_to_hold() == 1
        assert table.session.entries[-1].scope == "1"
        table.undo_to_player()                      # into game 1
        assert not table.series.results
        redos = 0
        while table.session.redo_stack:
            table.held = None                       # (the screen's y does as much)
            table.redo_to_player()
            redos += 1
        assert redos == 3 and table.session.entries == taken


def test_an_undo_of_the_next_game_s_first_step_holds_the_final_too(tmp_path):
    """Rule 4.8: with two players at the table the next game's first step is a person's:
    its undo lands on game 1's final, held as when the game ended (it showed game 2's
    setup, and the next undo went straight into game 1)."""
    from .test_app import new_series
    from .test_snapshots import first_game_over, play_until

    path = tmp_path / "two.db"
    series_id = new_series(path, seed="two-final", scenario="divisional",
                           team2_control="human")
    play_until(path, series_id, first_game_over)
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        assert table.final_to_hold() == 1
        while table.auto_step() is not None:
            pass
        take_first_choice(table)                    # a person's step of game 2
        assert table.session.entries[-1].scope != "1"
        table.undo_to_player()
        assert table.held == 1 and table.session.entries[-1].scope == "1"
        table.undo_to_player()                      # into game 1
        assert table.held is None and not table.series.results
    finally:
        store.close()


def test_an_undo_on_the_next_games_first_screen_goes_back_to_the_final_undoing_nothing(
        tmp_path):
    """Rule 4.8: gone on from game 1's final (Enter) to game 2's first screen, nothing of it
    taken yet, u is back on the final and undoes nothing (it undid game 1's last steps,
    skipping the final, and a redo came back to it); the next u goes into game 1."""
    from .test_app import new_series
    from .test_snapshots import first_game_over, play_until

    path = tmp_path / "first-screen.db"
    series_id = new_series(path, seed="first-screen", scenario="divisional",
                           team2_control="human")
    play_until(path, series_id, first_game_over)
    store = Store.open(path)
    try:
        table = Table(store, series_id)
        table.held = None                           # Enter: on to game 2's first screen
        entries = list(table.session.entries)
        assert table.final_to_hold() == 1 and entries[-1].scope == "1"
        assert table.undo_to_player() == []
        assert table.held == 1 and table.session.entries == entries
        undone = table.undo_to_player()             # into game 1
        assert undone and table.held is None and not table.series.results
    finally:
        store.close()


def test_the_series_figure_weighs_games_to_come_with_the_starters_the_screen_knows(tmp_path):
    """Rules 3.0 and 7.0: the series figure weighs each game to come with its learned odds
    and its starters as far as this screen may know them: the player's own rotation's turn,
    and for the computer's secret rotation one of its SPs, unknown (never its rotation)."""
    from companion.high_and_tight.winprob import RANDOM_STARTER

    store = Store.open(tmp_path / "t.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="divisional"))
        while set(table.series.rotations) != {"team1", "team2"}:
            if table.auto_step() is None:
                take_first_choice(table)
        while table.game is None:
            if table.auto_step() is None:
                take_first_choice(table)
        inputs = table.figure_inputs()
        rules, series = table.session.series_rules, table.series
        for number in (2, 3):
            home = inputs.venues[number][0]
            starters = dict(zip((home, "team2" if home == "team1" else "team1"),
                                inputs.venues[number][5], strict=True))
            own = rules._pitcher(series, "team1",
                                 rules.rotation_pitcher(series, "team1", number)).name
            assert starters == {"team1": own, "team2": RANDOM_STARTER}
    finally:
        store.close()


@pytest.mark.parametrize("failure", [KeyboardInterrupt, sqlite3.OperationalError])
@pytest.mark.parametrize("way", ["undo", "redo"])
def test_an_undo_of_several_steps_is_stored_all_or_nothing(tmp_path, monkeypatch, failure,
                                                           way):
    """SPEC 1 (a game survives anything): an undo back to the player's last decision takes
    several stored steps (the computer's reply with it), and so does its redo. A process
    killed half-way (KeyboardInterrupt stands for it) or a write refused half-way (a full
    disk) stores none of them: the file and the table stay where they were, the redo
    history too, and the undo then works whole."""
    from companion.store import series_store

    path = tmp_path / "u.db"
    store = Store.open(path)
    table = Table.create(store, load_box(), Setup(scenario="spring", team1_control="human",
                                                  team2_control="computer"))
    undone = []
    while len(undone) < 2:
        while table.auto_step() is not None:
            pass
        take_first_choice(table)
        while table.auto_step() is not None:
            pass
        before = list(table.session.entries)
        undone = table.undo_to_player()
        table.redo_to_player()
        assert table.session.entries == before
    if way == "redo":
        table.undo_to_player()
    entries, redo, seq = (list(table.session.entries), list(table.session.redo_stack),
                          table.stored.seq)
    real = series_store.StoredSeries._append
    calls = []

    def append(self, kind, scope, line):
        calls.append(kind)
        real(self, kind, scope, line)
        if len(calls) == 2:             # the second step written: then the failure
            raise failure("disk I/O error")

    monkeypatch.setattr(series_store.StoredSeries, "_append", append)
    step = table.undo_to_player if way == "undo" else table.redo_to_player
    with pytest.raises((KeyboardInterrupt, CompanionError)):
        step()
    monkeypatch.setattr(series_store.StoredSeries, "_append", real)
    assert (table.session.entries, table.session.redo_stack, table.stored.seq) == \
        (entries, redo, seq)
    store.close()
    with Store.open(path, readonly=True) as again:      # as a restart finds the file
        reopened = Table(again, table.stored.id)
        assert (reopened.session.entries, reopened.session.redo_stack) == (entries, redo)
    store = Store.open(path)
    table = Table(store, table.stored.id)
    assert len(step.__func__(table)) == len(undone)     # and it works whole
    store.close()


def test_the_rolls_of_an_at_bat_typed_at_once_are_taken_all_or_none(tmp_path):
    """Rule 4.6: the rolls of an at-bat typed in one line ("34 61 25") are each a roll of
    the record, stored together; one more than the at-bat takes refuses them all, and the
    game stays where it was."""
    with Store.open(tmp_path / "t.db") as store:
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                      cards="digital"))
        while not (table._rolling() and table.game.state.atbat.rolls_left >= 2):
            if table.auto_step() is None:
                waiting = table.waiting()
                table.enter("3 4" if table._rolling() else waiting.options[0])
        due = table.game.state.atbat.rolls_left
        before = [entry.line for entry in table.session.entries]
        with pytest.raises(CompanionError, match=rf"{due + 1} rolls typed, but the dice were "
                                                 rf"done after {due} \(rule 4.6\): none was "
                                                 "taken"):
            table.enter(" ".join(["22"] * (due + 1)))
        assert [entry.line for entry in table.session.entries] == before
        table.enter("61 " * (due - 1) + "52")
        lines = [entry.line for entry in table.session.entries]
        assert lines == before + ["roll 6 1"] * (due - 1) + ["roll 5 2"]
    with Store.open(tmp_path / "t.db", readonly=True) as store:
        assert [entry.line for entry in Table(store, 1).session.entries] == lines


def test_a_series_step_is_typed_by_the_pitchers_names_alone(tmp_path):
    """Rule 3.0: the starter the table drew (Spring Training) or a secret rotation is typed
    as the options show it, by name ('Okafor'; 'Sabaria, Okafor, Marchetti', or without
    the commas), for the team the series awaits; a wrong name is refused with the roster it
    is not on."""
    with Store.open(tmp_path / "names.db") as store:
        spring = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                       team1_control="human",
                                                       team2_control="human"))
        assert spring.enter("okafor").line == "team1 rotation Okafor"
        with pytest.raises(IllegalAction, match=r"rule 3\.0: 'Okafor' is not an SP of the "
                                                "Texas Cowboys roster: Okafor is on the New "
                                                "York Highlanders roster \\(action"):
            spring.enter("Okafor")
        # A piece of its own roster that is no SP is said as what he is.
        with pytest.raises(IllegalAction, match=r"'Rivero' is not an SP of the Texas Cowboys "
                                                "roster: Rivero is a CL \\(action"):
            spring.enter("Rivero")
        series = Table.create(store, load_box(), Setup(scenario="divisional",
                                                       team1_control="human",
                                                       team2_control="human"))
        entry = series.enter("Sabaria, Okafor, Marchetti")
        assert entry.line == "team1 rotation Sabaria, Okafor, Marchetti"
        # (the names without their commas, each a pitcher's: the rotation as well)
        assert series.enter("flee crowder lozano").line == "team2 rotation Flee, Crowder, Lozano"
        # one of them misspelt: named with the SP meant (it was told the record's form,
        # 'team1 rotation A, B, C')
        typo = Table.create(store, load_box(), Setup(scenario="divisional",
                                                     team1_control="human",
                                                     team2_control="human"))
        with pytest.raises(IllegalAction, match=r"rule 3\.0: 'sabria' .*did you mean "
                                                r"'Sabaria'"):
            typo.enter("sabria okafor marchetti")
        # A line that is no names goes as typed, refused with what the series awaits (not
        # as an SP off the roster); names, one of them no SP, name that one.
        drawn = Table.create(store, load_box(), Setup(scenario="spring", dice="physical",
                                                      team1_control="human",
                                                      team2_control="human"))
        for line in ("home plays Good Wood", "team 1 rotation Okafor"):
            with pytest.raises(CompanionError) as refused:
                drawn.enter(line)
            assert "is not an SP" not in str(refused.value), line
            assert "'team1 starts NAME' (the SP drawn)" in str(refused.value), line
        with pytest.raises(IllegalAction, match=r"rule 3\.0: 'Good Wood' is not an SP of "
                                                "the New York Highlanders roster"):
            drawn.enter("Okafor, Good Wood")
        # With the companion's dice the draw is its own (rule 3.0): no name typed is taken.
        digital = Table.create(store, load_box(), Setup(scenario="spring", dice="digital",
                                                        team1_control="human",
                                                        team2_control="human"))
        for line in ("Okafor", "team1 starts Okafor", "team1 rotation Okafor"):
            with pytest.raises(CompanionError, match="draws its random starters in the "
                                                     "companion"):
                digital.enter(line)
        assert digital.session.entries == []


def test_a_card_from_a_hand_the_companion_cannot_see_is_never_played_for_the_player(
        tmp_path):
    """Rules 5.4 and 5.7.2: after Rally Caps the player must play a card; when one card the
    hand may hold fits, the digital hand's card is played for him, but physical cards'
    is his to name (the companion would record a card it cannot see); at a screen two
    players share, his too (rule 5.2.1: taken for him, it tells the other his hand had
    nothing else)."""
    with Store.open(tmp_path / "hands.db") as store:
        tables = {cards: Table.create(store, load_box(), Setup(
            scenario="spring", cards=cards, team1_control="human",
            team2_control="computer" if cards == "digital" else "human"))
            for cards in ("digital", "physical")}
        shared = Table.create(store, load_box(), Setup(
            scenario="spring", cards="digital", team1_control="human", team2_control="human"))
        play = decision("home", "cards", "play a card (5.7.2)", ["home plays Blown Call"])
        field = decision("home", "field", "put a fielder in", ["home fields Brannigan"])
        assert tables["digital"].forced(play) and not tables["physical"].forced(play)
        assert not shared.forced(play)
        assert all(table.forced(field) for table in (*tables.values(), shared))


def test_a_misspelt_name_in_a_typed_rotation_is_named_with_the_sp_meant(tmp_path):
    """Rule 3.0: a rotation typed by names with one misspelt ('Sabarria') was called "not a
    series action" with the line's form; the name is now said, with the SP meant, and
    nothing is recorded. A card or a piece typed close to its name is pointed to the
    same way."""
    box = load_box()
    store = Store.open(tmp_path / "p.db")
    table = Table.create(store, box, Setup(scenario="divisional", team1="new-york",
                                           team2="texas", team1_control="human",
                                           team2_control="computer"))
    before = len(table.session.entries)
    with pytest.raises(CompanionError) as refused:
        table.enter("Okafor, Lindqvist, Sabarria")
    assert str(refused.value).startswith("rule 3.0: 'Sabarria' is not an SP of the New York "
                                         "Highlanders roster; did you mean 'Sabaria'?")
    assert len(table.session.entries) == before
    for words in ("undo", "pass the rotation"):     # no SPs: told what the series awaits
        with pytest.raises(CompanionError, match="'team1 rotation A, B, C'"):
            table.enter(words)
    table.enter("rotation Okafor, Lindqvist, Sabaria")      # the team left out: his
    assert table.series.rotations["team1"] == ["okafor", "lindqvist", "sabaria"]
    store.close()


def test_a_card_typed_without_its_side_is_pointed_to(rules):
    """Rule 5.4: 'Pitcher/Batter Matchup' read with no game to tell which is meant (in a
    game the side's deck does, rule 5.1.1 c): the refusal names the cards meant, both
    sides."""
    from companion.engine.errors import ParseError

    with pytest.raises(ParseError, match=r"'pitcher/batter matchup' names 2 cards of this "
                       r"box: type the whole name, 'Pitcher/Batter Matchup \(Offense\)' or "
                       r"'Pitcher/Batter Matchup \(Defense\)'$"):
        rules.parse_action(None, "home plays pitcher/batter matchup")
    for typed in ("Aroud the Horn", "Around"):      # a slip, or the name's first word
        with pytest.raises(ParseError, match=r"; did you mean 'Around the Horn'\?$"):
            rules.parse_action(None, f"home plays {typed}")


@pytest.mark.parametrize("controls, kept", [(("human", "human"), {"home", "away"}),
                                            (("human", "computer"), None)])
def test_the_win_figure_reads_no_secret_starter_before_he_is_placed(tmp_path, controls, kept):
    """Rule 3.0, Game Setup: a secret rotation's starter is placed after both draws; the
    figure shown during the draws read him from the game's header, and a player who knew
    his own starter could read the other's off it. Until placed, a hidden team's starter
    is one of its SPs drawn at random in each play, as the next game's is while a final is
    held (so going on to that game moves the figure no more than its spread)."""
    from companion.high_and_tight.winprob import RANDOM_STARTER

    store = Store.open(tmp_path / "w.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario="divisional", team1_control=controls[0], team2_control=controls[1]))
        for _ in range(500):
            if table.game is not None and table.game.state.phase == "draw":
                break
            if table.auto_step() is None:
                take_first_choice(table)
        state = table.game.state
        assert state.inning == 0 and {"HomeStarter", "AwayStarter"} <= set(state.header)
        hidden = {side for side in ("home", "away")
                  if table.team_of(side) in table.hidden_teams()}
        computer = {side for side in ("home", "away") if table.team_of(side) == "team2"}
        assert hidden == (kept or computer)
        read = table.figure_inputs().state.header
        for side in ("home", "away"):
            assert (read[f"{side.capitalize()}Starter"] == RANDOM_STARTER) is (side in hidden)
        assert table.game.state.header == state.header         # the game's own untouched
        # Once placed (after both draws), the starters are on the table for all to see.
        for _ in range(500):
            if table.game.state.home.starter and table.game.state.away.starter:
                break
            if table.auto_step() is None:
                take_first_choice(table)
        assert table.figure_inputs().state.header["HomeStarter"] == state.header["HomeStarter"]
        # A next game set up already (a held final) is weighed with a random starter.
        for _ in range(5000):
            if len(table.session.games) == 2:
                break
            if table.auto_step() is None:
                take_first_choice(table)
        table.held = 1
        headers = table.figure_inputs().headers
        assert set(headers) == {2}
        for side in ("home", "away"):
            hidden_next = table.team_of_game("2", side) in table.hidden_teams()
            assert (headers[2][f"{side.capitalize()}Starter"] == RANDOM_STARTER) is hidden_next
    finally:
        store.close()


def test_a_spring_training_starter_drawn_in_the_open_is_read_by_the_figure(tmp_path):
    """Rule 3.0: Spring Training's starter is drawn at random in the open (the log says
    who): the figure reads him, hidden team or not."""
    store = Store.open(tmp_path / "s.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring"))
        for _ in range(500):
            if table.game is not None and table.game.state.phase == "draw":
                break
            if table.auto_step() is None:
                take_first_choice(table)
        assert table.hidden_teams()
        read = table.figure_inputs().state.header
        assert read["HomeStarter"] == table.game.state.header["HomeStarter"]
        assert read["AwayStarter"] == table.game.state.header["AwayStarter"]
    finally:
        store.close()


def test_a_starter_on_short_rest_is_suggested_but_never_the_highlights_start(tmp_path):
    """Rule 8.2.3 a and rulings.md (Series): down 0-3 in a World Series, New York may start
    its ace Sabaria on short rest (+100) or the rested Okafor; the computer's suggestion is
    Sabaria, marked so, but the highlight starts on Okafor: short rest is the manager's
    choice, never the default an Enter takes unread."""
    from companion.store.series_store import create_series
    from companion.tui import views

    from ..high_and_tight.test_series import new_series as series_session
    from ..high_and_tight.test_series import play_game

    box = load_box()
    session = series_session(box, "world", options="rest,short-rest", team1="texas",
                             team2="new-york")
    for winner in ("home", "home", "away"):         # team 1 at home in games 1 and 2
        play_game(session, winner)
    assert [session.series.wins(t) for t in ("team1", "team2")] == [3, 0]
    with Store.open(tmp_path / "rest.db") as store:
        table = Table(store, create_series(store, box, session.header, session.entries))
        waiting = table.waiting()
        if waiting.team == "team1":             # Texas names its starter first: rested
            table.enter(waiting.options[0])
            waiting = table.waiting()
        assert (waiting.scope, waiting.team) == ("series", "team2")
        assert waiting.options == ["team2 starts Okafor", "team2 starts Sabaria"]
        suggested = table.suggestion(waiting)
        assert suggested == "team2 starts Sabaria"
        assert table.short_rest_start(suggested)
        assert not table.short_rest_start("team2 starts Okafor")
        assert table.highlight_start(waiting, suggested) == "team2 starts Okafor"
        assert "short rest: starts at +100" in views.option_text(table, suggested)


def two_players(store, dice: str = "digital", cards: str = "physical") -> Table:
    """A Spring Training game of two players at one screen, stored in `store`."""
    return Table.create(store, load_box(), Setup(
        scenario="spring", team1_control="human", team2_control="human", dice=dice,
        cards=cards))


@pytest.fixture()
def players(tmp_path):
    """A table of two players at one screen (`two_players`), its file closed after."""
    store = Store.open(tmp_path / "players.db")
    try:
        yield two_players(store)
    finally:
        store.close()


def decision(side: str, phase: str, prompt: str, options: list[str]) -> Waiting:
    """A person's decision in the game (team 1's), as the table awaits it: for the
    readings of a short line, with the options given."""
    return Waiting("game", "decision", "team1", side, phase, prompt, False, options)


def at_phase(table: Table, phase: str, limit: int = 300) -> Waiting:
    """Play the first options (dice rolled) until a player's decision of `phase`."""
    for _ in range(limit):
        waiting = table.waiting()
        if waiting.scope == "game" and waiting.kind == "decision" and waiting.phase == phase:
            return waiting
        if table.auto_step() is None:
            take_first_choice(table)
    raise AssertionError(f"no {phase} decision in {limit} steps")


@pytest.mark.parametrize("phase, typed, taken", [
    ("draw", "4 off, 2 def", "draws 4 offense 2 defense"),      # the board's own words
    ("draw", "draws 3 offense 3 defense", "draws 3 offense 3 defense"),
    ("exchange", "KEEPS", "keeps"),
    ("bat", "{name}", "bats {name}"),
    ("bat", "bats {name}", "bats {name}"),
    ("manage", "pat", "stands pat"),
    ("manage", "+1", "manages +1"),
    ("manage", "-2", "manages -2"),                  # (not dice: faces are 1 to 6)
    # the verb as a player says it (the status line reads 'play a card ... or pass')
    ("cards", "pass", "passes"),
    ("exchange", "keep", "keeps"),
    ("manage", "stand pat", "stands pat"),
    ("bat", "bat {name}", "bats {name}"),
])
def test_a_line_typed_short_takes_the_one_option_it_names(tmp_path, phase, typed, taken):
    """Rules 4.3, 4.5, 5.2: a player at the table types what he means ('Marty', 'pat',
    '4 off, 2 def'): the one option it names is taken, the side and verb filled in."""
    store = Store.open(tmp_path / "short.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, phase)
        name = waiting.options[-1].split(" ", 2)[2] if phase == "bat" else ""
        entry = table.enter(typed.format(name=name.lower()))
        assert entry.line == f"{waiting.side} {taken.format(name=name)}"
    finally:
        store.close()


def test_the_verb_as_said_never_hides_a_card_that_begins_with_it(tmp_path):
    """Rules 5.2.2 and 5.7: 'keep' and 'rally tens' are the options' 'keeps' and 'rallies
    tens', but the bundled box's 'Keep It in the Yard' typed as the option reads is that
    exchange (the verb taken first made it 'keeps It in the Yard', refused); a word both
    name is told as such."""
    store = Store.open(tmp_path / "verbs.db")
    try:
        table = two_players(store)
        exchange = decision("home", "exchange", "exchange",
                            ["home exchanges Keep It in the Yard for offense",
                             "home exchanges Keep It in the Yard for defense",
                             "home exchanges Good Wood for defense", "home keeps"])
        assert table.short_line("Keep It in the Yard for offense", exchange) == \
            "home exchanges Keep It in the Yard for offense"
        assert table.short_line("keep", exchange) == "home keeps"
        with pytest.raises(TooLittleSaid, match="could be 'home exchanges Keep It in the "
                                                 "Yard for offense'; 'home exchanges Keep It "
                                                 "in the Yard for defense'"):
            table.short_line("keep it", exchange)
        cards = decision("home", "cards", "cards",
                         ["home plays Good Wood", "home rallies tens", "home rallies card",
                          "home passes"])
        assert table.short_line("rally tens", cards) == "home rallies tens"
        assert table.short_line("play good wood", cards) == "home plays Good Wood"
    finally:
        store.close()


def test_a_card_named_as_the_rulebook_writes_it_or_begun_is_taken(tmp_path):
    """Rule 5.4 at a table: 'hit & run', as the rulebook writes the card, was refused (the
    box names it 'Hit and Run'); a last word cut short ('punch' for Punchout, 'seeing it
    wel') names the one option it begins; fewer than three letters, or several options
    begun so, name none."""
    store = Store.open(tmp_path / "begun.db")
    try:
        table = two_players(store)
        cards = decision("home", "cards", "cards",
                         ["home plays Hit and Run", "home plays Punchout",
                          "home plays Seeing It Well", "home plays Pinch Runner",
                          "home rallies tens", "home passes"])
        assert table.short_line("hit & run", cards) == "home plays Hit and Run"
        assert table.short_line("Hit&Run", cards) == "home plays Hit and Run"
        assert table.short_line("punch", cards) == "home plays Punchout"
        assert table.short_line("seeing it wel", cards) == "home plays Seeing It Well"
        for typed in ("pu", "p"):               # too short: which of them?
            with pytest.raises(CompanionError):
                table.short_line(typed, cards)
        # (only the last word may be begun: not read, the card meant offered)
        with pytest.raises(CompanionError, match="'pin run' is not a card in this box; .*did "
                                                 "you mean 'Pinch Runner'"):
            table.short_line("pin run", cards)
        # Begun as another card of the box is too ('tra': Comeback Trail, Warning Track),
        # though that one is not offered: not read (it played the one offered).
        trail = decision("away", "cards", "cards", ["away plays Comeback Trail", "away passes"])
        with pytest.raises(CompanionError, match="names none of the options"):
            table.short_line("tra", trail)
        assert table.short_line("trai", trail) == "away plays Comeback Trail"
        # accents optional, as for names typed whole
        mound = decision("home", "mound", "mound",
                         ["home stays with the pitcher", "home brings in Núñez"])
        assert table.short_line("nun", mound) == "home brings in Núñez"
    finally:
        store.close()


def test_an_exchange_or_a_relief_said_short_with_its_verb_is_taken(tmp_path):
    """Rules 5.2.2 and 4.2.1 at a table: a card cut short works when played ('matchup'),
    and now in an exchange too ('exchange blown for off', 'swap call for a defense card',
    'trade matchup for offense' with one Matchup in the hand); a pitcher begun works after
    the verb as said ('bring in szab', as 'szab' alone did). Two cards held so: which."""
    store = Store.open(tmp_path / "said-short.db")
    try:
        table = two_players(store)
        offered = ["Blown Call", "Pitcher/Batter Matchup (Defense)", "Good Wood",
                   "Good Jump"]
        exchange = decision("home", "exchange", "exchange",
                            [f"home exchanges {card} for {deck}" for card in offered
                             for deck in ("offense", "defense")] + ["home keeps"])
        for typed, line in (
                ("exchange blown for off", "home exchanges Blown Call for offense"),
                ("swap call for a defense card", "home exchanges Blown Call for defense"),
                ("trade matchup for offense",
                 "home exchanges Pitcher/Batter Matchup (Defense) for offense"),
                ("Exchange Good Woo for def", "home exchanges Good Wood for defense")):
            assert table.short_line(typed, exchange) == line, typed
        with pytest.raises(TooLittleSaid, match="could be 'home exchanges Good Wood for "
                                                 "offense'; 'home exchanges Good Jump for "
                                                 "offense': type more"):
            table.short_line("exchange good for offense", exchange)
        mound = decision("away", "mound", "mound",
                         ["away stays with the pitcher", "away brings in Szabo",
                          "away brings in Pendergrass"])
        for typed in ("bring in szab", "brings in szab", "szab"):
            assert table.short_line(typed, mound) == "away brings in Szabo", typed
    finally:
        store.close()


def test_a_line_begun_with_the_team_as_the_board_names_it(tmp_path):
    """Rule 5.4 at a table where the board names the sides by team: 'TXC pass' is the
    side to act's pass, its words read as short; the other team's line is told whose turn
    it is, and a team not in the game that it is not (it was 'names none of the
    options')."""
    store = Store.open(tmp_path / "side-said.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, "cards")
        state = table.game.state
        own = state.side(waiting.side).team.abbrev
        other_side = "away" if waiting.side == "home" else "home"
        other = state.side(other_side).team.abbrev
        assert table.short_line(f"{own} pass", waiting) == f"{waiting.side} passes"
        assert table.short_line(f"{own.lower()} passes", waiting) == f"{waiting.side} passes"
        for typed in (f"{other} plays On the Black", f"{other} pass", f"{other} Marty"):
            with pytest.raises(CompanionError, match=(
                    f"^it is {own}'s \\({waiting.side}\\) turn, not {other}'s: ")):
                table.short_line(typed, waiting)
        absent = next(team.abbrev for team in load_box().teams.values()
                      if team.abbrev not in (own, other))
        with pytest.raises(CompanionError, match=(
                f"^{absent} is not in this game \\({state.away.team.abbrev} at "
                f"{state.home.team.abbrev}\\)")):
            table.short_line(f"{absent} pass", waiting)
    finally:
        store.close()


@pytest.mark.parametrize("dice", ["physical", "digital"])
def test_a_draw_typed_as_numbers_is_a_draw_unless_it_reads_as_the_tables_dice(tmp_path, dice):
    """Rule 5.2.1: '6' typed at the draw was read as dice faces and refused as 'no roll is
    awaited now': it asks for the decks. '3-3' is the draw with the companion's dice; with
    the table's own it reads as faces (one roll too many after the half's last, as the
    7th's draw comes, must not draw cards): refused as dice (rule 4.6), '3/3' the draw.
    Nothing is stored for a question or a refusal."""
    store = Store.open(tmp_path / "draw-numbers.db")
    try:
        table = two_players(store, dice=dice)
        while (waiting := table.waiting()).phase != "draw":
            table.draw_starter()            # (Spring Training's starters, rule 3.0)
        steps = len(table.session.entries)
        with pytest.raises(TooLittleSaid, match="say the decks too"):
            table.enter("6")
        assert len(table.session.entries) == steps
        total = sum(int(word) for word in waiting.options[0].split() if word.isdigit())
        first = total // 2
        drawn = f"{waiting.side} draws {first} offense {total - first} defense"
        if dice == "physical":
            for typed in (f"{first}-{total - first}", f"{first} {total - first}",
                          f"{first}{total - first}"):
                with pytest.raises(IllegalAction, match=r"no roll is awaited now; the game "
                                                        rf"awaits {waiting.side}: draw.*; a "
                                                        r"draw in numbers is typed '3/3'"):
                    table.enter(typed)
                assert len(table.session.entries) == steps, typed
        assert table.enter(f"{first}/{total - first}" if dice == "physical"
                           else f"{first}-{total - first}").line == drawn
    finally:
        store.close()


def test_a_draw_said_as_at_a_table(tmp_path):
    """Rule 5.2.1 at a table: a draw said with its numbers in words ('draw one offense',
    'an offense'), a deck alone for all of them ('off'), '3/3', '3 and 3' or '2 each' is
    the draw meant; said for more cards than the inning draws, the rules say how many."""
    store = Store.open(tmp_path / "draw-said.db")
    try:
        table = two_players(store)
        six = decision("home", "draw", "draw", [f"home draws {act_text}" for act_text in (
            "6 offense", "5 offense 1 defense", "4 offense 2 defense", "3 offense 3 defense",
            "2 offense 4 defense", "1 offense 5 defense", "6 defense")])
        for typed, line in (("3/3", "home draws 3 offense 3 defense"),
                            ("draw 3 / 3", "home draws 3 offense 3 defense"),
                            ("3 each", "home draws 3 offense 3 defense"),
                            ("off", "home draws 6 offense"),
                            ("all defense", "home draws 6 defense"),
                            ("draw two offense four defense",
                             "home draws 2 offense 4 defense"),
                            # 'and' between them, as said (it was refused)
                            ("three and three", "home draws 3 offense 3 defense"),
                            ("3 and 3", "home draws 3 offense 3 defense"),
                            ("four offense and two defense",
                             "home draws 4 offense 2 defense"),
                            # a dash or a comma between them too
                            ("3-3", "home draws 3 offense 3 defense"),
                            ("2, 4", "home draws 2 offense 4 defense")):
            assert table.short_line(typed, six) == line, typed
        one = decision("away", "draw", "draw", ["away draws 1 offense", "away draws 1 defense"])
        for typed, line in (("draw one offense", "away draws 1 offense"),
                            ("an offense", "away draws 1 offense"),
                            ("draw a def", "away draws 1 defense"),
                            ("def", "away draws 1 defense")):
            assert table.short_line(typed, one) == line, typed
        # more than the inning's one card: the line for the rules to refuse
        assert table.short_line("2 each", one) == "away draws 2 offense 2 defense"
        # a number of cards alone: the decks asked for, with the step's own words (it
        # was the record's form alone, with no word of the six cards due)
        for typed in ("draws 4", "6", "draw six"):
            wrong = "6 cards are drawn now, not 4; " if typed == "draws 4" else ""
            with pytest.raises(TooLittleSaid, match=rf"'{typed}': {wrong}say the decks too, "
                                                     r"as 'home draws N offense M defense' "
                                                     r"\(6 in all.*the game awaits home: "
                                                     r"draw"):
                table.short_line(typed, six)
    finally:
        store.close()


def test_no_the_verb_after_the_name_and_tens_already_on_at_a_table(tmp_path):
    """Rules 5.4, 5.2.2, 4.5, 6.2, 4.2.2 and 5.7 at a table: 'no' (or 'none') is the pass,
    the keep, standing pat or no extra-inning strategy the step offers ('pass' on an
    exchange or a move too); 'Paquette
    bats' is 'bats Paquette'; 'tens' with the 10s not offered gets the rules' reason (it
    was 'names none of the options')."""
    store = Store.open(tmp_path / "no-said.db")
    try:
        table = two_players(store)
        for phase, options, line in (
                ("cards", ["home plays Good Wood", "home passes"], "home passes"),
                ("exchange", ["home exchanges Good Wood for defense", "home keeps"],
                 "home keeps"),
                ("manage", ["home manages +1", "home stands pat"], "home stands pat"),
                ("name", ["home names power", "home names none"], "home names none")):
            waiting = decision("home", phase, phase, options)
            for typed in ("no", "None",
                          *(("pass",) if phase in ("exchange", "manage") else ())):
                assert table.short_line(typed, waiting) == line, (phase, typed)
        bat = decision("away", "bat", "bat", ["away bats Paquette", "away bats Morrow"])
        assert table.short_line("Paquette bats", bat) == "away bats Paquette"
        assert table.short_line("paquette bat", bat) == "away bats Paquette"
        # (a verb at both ends is no name said first: left for the rules, no loop)
        assert table.short_line("bats bats", bat) == "away bats bats"
        waiting = at_phase(table, "cards")
        side = waiting.side
        assert f"{side} rallies tens" in waiting.options
        table.enter("tens")
        waiting = table.waiting()
        assert waiting.phase == "cards" and f"{side} rallies tens" not in waiting.options
        with pytest.raises(CompanionError, match=r"'tens' cannot be used now: .*5\.7"):
            table.short_line("tens", waiting)
    finally:
        store.close()


def test_short_lines_said_as_at_a_table_take_nothing_they_do_not_name(tmp_path):
    """The readings of lines as said at a table take only what the words name: 'exchange it
    for def' (Keep It in the Yard offered) or 'exchange one for offense' (Take One for the
    Team) names no card; a verb with a name begun ('bat mar', 'play goo') is read only
    when no other piece or card of the box begins so, as the name alone is; 'i pass' is no
    made-up 'home passes i'; 'stay in' and 'he stays' keep the pitcher; 'no offense' is
    all defense."""
    store = Store.open(tmp_path / "said-not.db")
    try:
        table = two_players(store)
        exchange = decision("home", "exchange", "exchange",
                            [f"home exchanges {card} for {deck}"
                             for card in ("Keep It in the Yard", "Take One for the Team")
                             for deck in ("offense", "defense")] + ["home keeps"])

        def not_taken(typed: str, waiting: Waiting) -> None:
            """Refused here, or left as typed for the rules to refuse: no option taken."""
            try:
                line = table.short_line(typed, waiting)
            except CompanionError:
                return
            assert line not in waiting.options, (typed, line)

        for typed in ("exchange it for def", "exchange one for offense",
                      "swap him for def"):
            not_taken(typed, exchange)
        bat = decision("away", "bat", "bat", ["away bats Marty", "away bats Rusk"])
        cards = decision("away", "cards", "cards", ["away plays Good Wood", "away passes"])
        for typed, waiting in (("mar", bat), ("bat mar", bat), ("goo", cards),
                               ("play goo", cards)):
            not_taken(typed, waiting)
        with pytest.raises(CompanionError, match="names none of the options"):
            table.short_line("i pass", cards)
        mound = decision("home", "mound", "mound",
                         ["home stays with the pitcher", "home brings in Ziti"])
        for typed in ("stay", "stay in", "stays in", "he stays", "he stays in",
                      "keep him in"):
            assert table.short_line(typed, mound) == "home stays with the pitcher", typed
        draw = decision("home", "draw", "draw",
                        ["home draws 6 offense", "home draws 3 offense 3 defense",
                         "home draws 6 defense"])
        assert table.short_line("no offense", draw) == "home draws 6 defense"
        assert table.short_line("no defense cards", draw) == "home draws 6 offense"
    finally:
        store.close()


def test_the_options_labels_typed_take_what_they_mark(tmp_path):
    """The labels the options show are lines too: 'suggested' takes the option marked so
    (a lineup, a draw); 'as last game' with no game before names nothing."""
    store = Store.open(tmp_path / "labels.db")
    try:
        table = two_players(store)
        for phase in ("draw", "lineup"):
            waiting = at_phase(table, phase)
            suggested = table.suggestion(waiting)
            assert suggested in waiting.options
            assert table.short_line("Suggested", waiting) == suggested
            if phase == "lineup":           # (no game before: for the rules to refuse)
                assert table.last_lineup(waiting) is None
                assert table.short_line("as last game", waiting) not in waiting.options
            table.enter(suggested)
    finally:
        store.close()


def test_a_card_named_like_a_team_is_that_card(tmp_path, box_copy):
    """A box's card whose name begins with a team's key ('Texas Leaguer') is that card,
    typed by either side: not read as the line of the team named (which told the other
    side it was not his turn)."""
    cards = box_copy / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        'name = "Bad Hop"', 'name = "Texas Leaguer"'), encoding="utf-8")
    store = Store.open(tmp_path / "leaguer.db")
    try:
        table = Table.create(store, load_box(box_copy), Setup(
            scenario="spring", team1_control="human", team2_control="human", dice="digital",
            cards="physical"))
        at_phase(table, "cards")
        state = table.game.state
        side = next(side for side in ("home", "away")
                    if state.side(side).team.key != "texas")
        waiting = decision(side, "cards", "cards",
                           [f"{side} plays Texas Leaguer", f"{side} passes"])
        assert table.short_line("Texas Leaguer", waiting) == f"{side} plays Texas Leaguer"
        assert table.short_line("texas lea", waiting) == f"{side} plays Texas Leaguer"
    finally:
        store.close()


def test_a_lineup_said_as_nine_names_in_slot_order(tmp_path):
    """Rule 3.0 at a table: a lineup typed as nine names in its slots' order (C, three OF,
    four IF, DH), with or without commas, is the side's lineup; a name in a slot he may not
    fill is refused by the rules, nothing set."""
    store = Store.open(tmp_path / "lineup-said.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, "lineup")
        suggested = table.suggestion(waiting)
        slots = suggested.split(" lineup ", 1)[1]
        names = [name.strip() for part in slots.split(";")
                 for name in part.strip().split(" ", 1)[1].split(",")]
        assert len(names) == 9
        typed = " ".join(name.lower() for name in names)      # (the rules spell them)
        assert table.short_line(typed, waiting).casefold() == suggested.casefold()
        assert table.short_line(", ".join(names), waiting) == suggested
        swapped = [names[1], names[0], *names[2:]]      # an OF as the catcher
        with pytest.raises(IllegalAction, match=r"rule 3\.0"):
            table.enter(" ".join(swapped))
        assert table.enter(" ".join(names)).line == suggested
    finally:
        store.close()


def test_a_lineup_with_a_name_mistyped_or_said_with_its_slots_words(tmp_path):
    """Rule 3.0 at a table: nine names with one or two mistyped, or a lineup said with its
    slots' words and no marks ('C Delacorte OF ... DH Pruitt'), go to the rules, which name
    the name mistyped and the one meant (both were told the lineup's form), or say how many
    a slot takes; nothing is set."""
    store = Store.open(tmp_path / "lineup-mistyped.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, "lineup")
        suggested = table.suggestion(waiting)
        slots = [part.strip().split(" ", 1) for part in
                 suggested.split(" lineup ", 1)[1].split(";")]
        names = [name.strip() for _, group in slots for name in group.split(",")]
        steps = len(table.session.entries)
        slip = names[4][:-1] + ("x" if names[4][-1] != "x" else "y")
        mistyped = [*names[:4], slip, *names[5:]]
        spoken = " ".join(f"{slot} {' '.join(name.strip() for name in group.split(','))}"
                          for slot, group in slots)
        for typed in (", ".join(mistyped), " ".join(mistyped),
                      spoken.replace(names[4], slip)):
            with pytest.raises(IllegalAction, match=rf"rule 3\.0: '{slip}' is not a "
                                                    rf"ballplayer .*did you mean '{names[4]}'"):
                table.enter(typed)
            assert len(table.session.entries) == steps, typed
        short = spoken.replace(f" {names[3]} IF", " IF")          # two OF
        with pytest.raises(IllegalAction, match=r"rule 3\.0: a lineup has 1 C, 3 OF"):
            table.enter(short)
        assert len(table.session.entries) == steps
        assert table.short_line(spoken.lower(), waiting) == suggested
        # nine words, three of them no name of his: told the lineup's form
        with pytest.raises(CompanionError, match="a lineup is 'C name; OF a, b, c"):
            table.enter(" ".join(["who", "plays", "now", *names[3:]]))
        assert len(table.session.entries) == steps
    finally:
        store.close()


def test_a_name_said_split_or_joined_otherwise_and_a_reliever_mistyped(tmp_path):
    """Rules 5.4 and 4.2.1 at a table: a card said with its words split or joined otherwise
    ('pick off' for Pickoff Move: 'pick' was read as a lead to a name 'off') is the one
    option it names; a reliever's name mistyped with 'in' or 'comes in' is told the one
    meant (it got no suggestion)."""
    store = Store.open(tmp_path / "split-names.db")
    try:
        table = two_players(store)
        cards = decision("home", "cards", "cards", ["home passes", "home plays Pickoff Move",
                                                    "home plays Good Jump"])
        for typed in ("pick off", "play pick off", "pick-off move", "pickoff",
                      "play pick off move"):
            assert table.short_line(typed, cards) == "home plays Pickoff Move", typed
        assert table.short_line("goodjump", cards) == "home plays Good Jump"
        assert table.short_line("pick good jump", cards) == "home plays Good Jump"
        with pytest.raises(CompanionError, match="names none of the options"):
            table.short_line("pick", cards)
        # a name begun with its own spaces is no name split otherwise: at Batter Up it goes
        # to the rules, which say 'did you mean' (it was taken: 'Bouda' sent Boudreaux up)
        batting = at_phase(table, "bat")
        name = next(line.split(" bats ", 1)[1] for line in batting.options
                    if len(line.split(" bats ", 1)[1]) > NAME_SQUEEZED_LETTERS)
        begun = name[:NAME_SQUEEZED_LETTERS]
        assert table.short_line(begun, batting) == f"{batting.side} bats {begun}"
        at_phase(table, "cards")            # (a game on the table: its rosters)
        relievers = [pitcher.name for pitcher in
                     table.game.state.home.roster.pitchers.values()][3:5]
        mound = decision("home", "mound", "mound",
                         ["home stays with the pitcher",
                          *(f"home brings in {name}" for name in relievers)])
        slip = relievers[0][:-2] + relievers[0][-1] + relievers[0][-2]
        for typed in (f"{slip} in", f"{slip} comes in", slip):
            with pytest.raises(CompanionError, match=f"names none of the options now; .*did "
                                                     f"you mean 'brings in {relievers[0]}'"):
                table.short_line(typed, mound)
    finally:
        store.close()


def test_a_verb_then_part_of_a_card_s_name_and_no_at_the_mound(tmp_path):
    """Rules 5.4, 5.2.2, 4.2.1 at a table: a verb then a word of a card's name further on
    ('play matchup', 'play outf') is the card, as the word alone is; 'no' at Take the
    Mound keeps the pitcher; an exchange of a card of the box the hand does not hold goes
    whole to the rules, which say it is not in the hand (it was 'not a card in this box')."""
    store = Store.open(tmp_path / "verb-part.db")
    try:
        table = two_players(store)
        cards = decision("away", "cards", "cards",
                         ["away plays Split the Outfielders",
                          "away plays Pitcher/Batter Matchup (Offense)",
                          "away plays Seeing It Well", "away passes"])
        for typed, line in (("play matchup", "away plays Pitcher/Batter Matchup (Offense)"),
                            ("play outf", "away plays Split the Outfielders"),
                            ("play outfielders", "away plays Split the Outfielders"),
                            ("play wel", "away plays Seeing It Well")):
            assert table.short_line(typed, cards) == line, typed
        mound = decision("home", "mound", "mound",
                         ["home stays with the pitcher", "home brings in Ziti"])
        assert table.short_line("no", mound) == "home stays with the pitcher"
        exchange = decision("home", "exchange", "exchange",
                            ["home exchanges Good Wood for offense", "home keeps"])
        assert table.short_line("exchange blown for off", exchange) == (
            "home exchanges Blown Call for offense")
    finally:
        store.close()


def test_a_card_s_name_said_without_its_marks(players):
    """Rule 5.4 at a table: a card's name read without its slash and brackets ('matchup
    offense', 'pitcher batter matchup defense' for the (Defense) card); marks alone name
    nothing, nor do the marked words alone ('offense' is no Pitcher/Batter Matchup
    (Offense), 'offense for defense' no exchange of it), nor a pronoun after the verb
    ('play it' is not Seeing It Well)."""
    table = players
    cards = decision("away", "cards", "cards",
                     ["away plays Pitcher/Batter Matchup (Offense)",
                      "away plays Pitcher/Batter Matchup (Defense)",
                      "away plays Seeing It Well", "away passes"])
    for typed, line in (("matchup offense", "away plays Pitcher/Batter Matchup (Offense)"),
                        ("play matchup (defense)",
                         "away plays Pitcher/Batter Matchup (Defense)"),
                        ("pitcher batter matchup defense",
                         "away plays Pitcher/Batter Matchup (Defense)"),
                        ("play matchup offense",
                         "away plays Pitcher/Batter Matchup (Offense)")):
        assert table.short_line(typed, cards) == line, typed
    with pytest.raises(TooLittleSaid, match="could be"):
        table.short_line("matchup", cards)
    for typed in ("?!", "offense", "defense", "pitcher", "batter"):
        with pytest.raises(CompanionError, match="names none of the options"):
            table.short_line(typed, cards)
    exchange = decision("away", "exchange", "exchange",
                        ["away exchanges Pitcher/Batter Matchup (Offense) for defense",
                         "away keeps"])
    with pytest.raises(CompanionError, match="names none of the options"):
        table.short_line("offense for defense", exchange)
    assert table.short_line("matchup offense for defense", exchange) == exchange.options[0]
    # the exchange said with its verb, the card without its marks (it was refused as
    # 'not a card in this box'); a marked word alone still names no card
    assert table.short_line("exchange matchup offense for def", exchange) == (
        exchange.options[0])
    for typed in ("exchange batter for def", "exchange offense for def"):
        assert table.short_line(typed, exchange) not in exchange.options, typed
    # A card not offered (5.3, 5.4), named by a word of it after the verb, or without
    # its marks: its line, for the rules to say why (it was 'not a card in this box').
    at_phase(table, "cards")            # (a game on the table: its side at bat)
    offense = decision(table.game.state.batting, "cards", "cards",
                       [f"{table.game.state.batting} passes"])
    for typed, card in (("play ducks", "Ducks on the Pond"),
                        ("play pond", "Ducks on the Pond"),
                        ("matchup offense", "Pitcher/Batter Matchup (Offense)")):
        assert table.short_line(typed, offense) == (
            f"{table.game.state.batting} plays {card}"), typed
    for typed in ("play it", "play him", "play one"):       # no card's name
        assert not table.short_line(typed, offense).endswith(
            ("Seeing It Well", "Jammed Him", "Take One for the Team")), typed


def test_two_options_named_in_one_line_are_told_as_such(players):
    """Rule 5.4 at a table: two cards named whole in one line ('Comeback Trail and Ducks
    on the Pond') are told as two, one a line (it was 'names none of the options'); one
    of them alone is that option."""
    table = players
    cards = decision("away", "cards", "cards",
                     ["away plays Comeback Trail", "away plays Ducks on the Pond",
                      "away passes"])
    for typed in ("comeback trail and ducks on the pond",
                  "Comeback Trail, Ducks on the Pond"):
        with pytest.raises(CompanionError, match=r"names 'away plays Comeback Trail' and "
                                                 r"'away plays Ducks on the Pond': one "
                                                 r"a line"):
            table.short_line(typed, cards)
    assert table.short_line("ducks on the pond", cards) == "away plays Ducks on the Pond"


def test_a_managerial_move_said_by_its_number(tmp_path):
    """Rule 4.5 at a table: '2' (or '1') at the Managerial Move is +2 (+1), not dice; so
    are 'two', 'plus two', 'up 2', and 'down two' is -2."""
    store = Store.open(tmp_path / "move-number.db")
    try:
        table = two_players(store)
        for _ in range(20):                 # (the first at-bat whose box lets +2 be made)
            waiting = at_phase(table, "manage")
            line = f"{waiting.side} manages +2"
            if line in waiting.options:
                break
            take_first_choice(table)
        else:
            raise AssertionError("+2 was offered at no at-bat of 20")
        steps = len(table.session.entries)
        for said in ("two", "plus two", "up 2"):            # in words too (refused)
            assert table.enter(said).line == line, said
            table.undo_to_player()
            assert len(table.session.entries) == steps
        if f"{waiting.side} manages -2" not in waiting.options:     # (read as -2: its rule)
            with pytest.raises(IllegalAction, match=r"rule 4\.5: .*-2"):
                table.enter("down two")
        assert table.enter("2").line == line
    finally:
        store.close()


def test_a_managerial_move_said_in_the_card_phase_is_told_when_it_comes(players):
    """Rules 4.5 and 5.4 at a table: 'pat', '+1' or 'up two' typed while the card phase
    goes on (both sides must pass in a row) named none of the options; they are the
    batting side's move, which the rules say comes once the card phase is over, and what
    the game awaits. Nothing is stored."""
    table = players
    waiting = at_phase(table, "cards")
    steps = len(table.session.entries)
    for typed in ("pat", "stand pat", "+1", "up two"):
        with pytest.raises(IllegalAction, match=r"rule 4\.5: the Managerial Move comes once "
                                                r"the card phase is over.*the game awaits "
                                                rf"{waiting.side}: "):
            table.enter(typed)
        assert len(table.session.entries) == steps, typed


def test_rally_caps_for_the_tens_said_on_the_fielder_s_turn_is_the_batter_s(players):
    """Rule 5.7.2: only the batting player uses Rally Caps for the 10s. Typed without a
    side while the fielding side's card was awaited, it was read as the fielder's and the
    batting player was told that only the batting player scores on 10s; it is the
    batter's, out of turn: said so, and nothing is stored."""
    table = players
    waiting = at_phase(table, "cards")
    batting = table.game.state.batting
    if waiting.side == batting:
        table.enter(f"{batting} passes")
        waiting = table.waiting()
    assert waiting.phase == "cards" and waiting.side != batting
    assert table.short_line("rally caps tens", waiting) == f"{batting} rallies tens"
    steps = len(table.session.entries)
    with pytest.raises(IllegalAction, match=r"turn, not") as refused:
        table.enter("rally caps tens")
    assert "only the batting player" not in str(refused.value)
    assert len(table.session.entries) == steps
    # A batter the computer plays is not the one who typed it: the fielder's line, and
    # the rule that keeps the 10s the batter's
    team = table.team_of(batting)
    table.controls[team] = "computer"
    try:
        with pytest.raises(CompanionError, match="only the batting player scores on 10s"):
            table.short_line("rally caps tens", waiting)
    finally:
        table.controls[team] = "human"


def test_a_relief_said_as_at_a_table(tmp_path):
    """Rule 4.2.1 at a table: 'Ziti comes in' and 'Ziti in' bring him in; 'relieve' or
    'bring in' alone asks who, naming the relievers offered (it was 'names none of the
    options')."""
    store = Store.open(tmp_path / "relief-said.db")
    try:
        table = two_players(store)
        mound = decision("home", "mound", "mound",
                         ["home stays with the pitcher", "home brings in Ziti",
                          "home brings in Gorski"])
        for typed in ("Ziti comes in", "ziti in", "Zit in"):
            assert table.short_line(typed, mound) == "home brings in Ziti", typed
        for typed in ("relieve", "relieve him", "bring in"):
            with pytest.raises(TooLittleSaid, match="who comes in\\? type his name: Ziti, "
                                                     "Gorski; the game awaits home"):
                table.short_line(typed, mound)
        assert table.short_line("keep him in", mound) == "home stays with the pitcher"
        # one of his the step does not offer (a Closer before the 9th, 8.3): his line, for
        # the rules to say why, as 'bring in' gets (it was 'names none of the options')
        at_phase(table, "cards")            # (a game on the table: its rosters)
        other = next(pitcher for pitcher in table.game.state.home.roster.pitchers.values()
                     if pitcher.kind == "CL")
        for typed in (f"{other.name} in", f"{other.name.lower()} comes in"):
            assert table.short_line(typed, mound) == f"home brings in {other.name}", typed
        # the prompt's own words, 'relieve Sabaria or keep him': relieving him asks who
        # comes in, and staying with him keeps him (both were 'names none of the options')
        on_mound = table.game.state.home.current_pitcher().name
        with pytest.raises(TooLittleSaid, match="who comes in\\? type his name: Ziti"):
            table.short_line(f"relieve {on_mound.lower()}", mound)
        for typed in (f"stay with {on_mound}", "stay with him"):
            assert table.short_line(typed, mound) == "home stays with the pitcher", typed
    finally:
        store.close()


def test_a_choice_led_as_at_a_table(tmp_path):
    """Rules 4.2.2, 4.3, 4.2.1 and 5.4 at a table: a name led by the words a player says it
    with ('put in Vantassel', 'go with Marty', 'send up Paquette', 'use Good Wood') is that
    option; at a step that takes no name the lead reads nothing; a name no option bears
    goes to the rules without the lead (it was 'names none of the options' for 'put in
    Vantassel')."""
    store = Store.open(tmp_path / "choice-led.db")
    try:
        table = two_players(store)
        field = decision("home", "field", "field", ["home fields Vantassel", "home fields Marty"])
        for typed in ("put in Vantassel", "Put in VANTASSEL", "go with Vantassel",
                      "use vantassel", "pick Vantassel"):
            assert table.short_line(typed, field) == "home fields Vantassel", typed
        # (a name begun, as alone: for the rules' 'did you mean', never taken)
        assert table.short_line("put in vant", field) == table.short_line("vant", field)
        bat = decision("away", "bat", "bat", ["away bats Paquette", "away bats Morrow"])
        assert table.short_line("send up Paquette", bat) == "away bats Paquette"
        cards = decision("away", "cards", "cards", ["away plays Good Wood", "away passes"])
        assert table.short_line("use Good Wood", cards) == "away plays Good Wood"
        manage = decision("home", "manage", "manage", ["home manages +1", "home stands pat"])
        with pytest.raises(CompanionError, match="names none of the options"):
            table.short_line("use +1", manage)
        # (a name no option bears: the rules' line, without the lead, for their reason)
        assert table.short_line("put in Nobody", field) == "home fields Nobody"
        # the rest read as it would be alone, at a real card phase too
        waiting = at_phase(table, "cards")
        for line in waiting.options:
            rest = line.split(" ", 1)[1]
            if rest.startswith("plays "):
                name = rest.removeprefix("plays ")
                assert table.short_line(f"use {name}", waiting) == line
        for typed in ("rally caps Good Wood", "Good Wood", "suggested"):
            try:
                alone = table.short_line(typed, waiting)
            except CompanionError as error:
                with pytest.raises(CompanionError, match=re.escape(str(error)[-40:])):
                    table.short_line(f"use {typed}", waiting)
            else:
                assert table.short_line(f"use {typed}", waiting) == alone, typed
        # 'no strategy' names none only where a strategy is named (rule 6.2)
        try:
            read = table.short_line("no strategy", waiting)
        except CompanionError:
            read = None
        assert read != f"{waiting.side} passes"
    finally:
        store.close()


def test_a_short_line_the_options_cannot_take_goes_to_the_rules_for_its_reason(tmp_path):
    """Rules 3.0, 5.4: numbers are said whole ('draws 1 offense' took the option 'draws 1
    offense 5 defense', a hand the table never drew); a verb of the game said at another
    step ('pass' at a draw read as 'draws pass') and a card the phase offers no more (a
    second card: 'names none of the options') are refused by the rules, which say why;
    'rally caps' is the card's name for both its uses."""
    store = Store.open(tmp_path / "reasons.db")
    try:
        table = two_players(store)
        at_phase(table, "draw")
        before = len(table.session.entries)
        with pytest.raises(IllegalAction, match=r"rule 3\.0: draw exactly 6 cards now"):
            table.enter("draws 1 offense")
        with pytest.raises(IllegalAction, match=r"rule 5\.4: players pass in the Strategy "
                                                r"Card phase"):
            table.enter("pass")
        assert len(table.session.entries) == before
        cards = decision("home", "cards", "cards",
                         ["home rallies tens", "home rallies card", "home passes"])
        # A card named by a run of its words, one card of the side's deck: its line, for
        # the rules' reason (5.1.1, 5.4); 'names none of the options' said nothing of it.
        batting = table.game.state.batting
        deck = "offense" if batting == "home" else "defense"
        mine = ("Pitcher/Batter Matchup (Offense)" if deck == "offense" else
                "Pitcher/Batter Matchup (Defense)")
        assert table.short_line("matchup", cards) == f"home plays {mine}"
        # A card of the other side's deck typed short, whole or in part: the other side's
        # line, which the rules refuse as out of turn (read as the side to act's, rule
        # 5.1's refusal of his deck puzzled a table that meant the other side's card).
        other_card = ("Keep It in the Yard" if deck == "offense" else "Good Wood")
        own_card = "Good Wood" if other_card != "Good Wood" else "Keep It in the Yard"
        assert table.short_line(own_card, cards) == f"home plays {own_card}"
        assert table.short_line(other_card, cards) == f"away plays {other_card}"
        part = "yard" if other_card == "Keep It in the Yard" else "wood"
        assert table.short_line(part, cards) == f"away plays {other_card}"
        with pytest.raises(CompanionError, match="'zzz' names none of the options now"):
            table.short_line("zzz", cards)
        # Words of no card in the box: said so, as an exchange says it (it named 'none of
        # the options' here), with the box's card nearest if one is near
        ballplayer = next(iter(table.game.state.home.roster.ballplayers.values())).name
        with pytest.raises(CompanionError, match=r"^'Grand Slam' is not a card in this box; "
                                                 r"the game awaits home: "):
            table.short_line("Grand Slam", cards)
        with pytest.raises(CompanionError, match="names none of the options now"):
            table.short_line(ballplayer, cards)      # a piece's name: not a card's
        with pytest.raises(TooLittleSaid, match="could be 'home rallies tens'; 'home "
                                                 "rallies card'"):
            table.short_line("Rally Caps", cards)
        assert table.short_line("rally caps tens", cards) == "home rallies tens"
        # Rally Caps with the card meant: two steps, told so (5.7.2); with no extra card
        # offered, the rules' reason for it; once it was taken, the card itself.
        no_extra = decision("home", "cards", "cards", ["home rallies tens", "home passes"])
        with pytest.raises(CompanionError, match=r"Rally Caps for an extra card first \("
                                                 r"'rally caps card'\), then the card "
                                                 r"\('Good Wood'\) \(rule 5\.7\.2\)"):
            table.short_line("rally caps good wood", cards)
        assert table.short_line("rally caps good wood", no_extra) == "home rallies card"
        table.game.state.atbat.must_play = "home"       # (as 'home rallies card' leaves it)
        try:
            assert table.short_line("rally caps good wood", no_extra) == \
                "home plays Good Wood"
        finally:
            table.game.state.atbat.must_play = None
        # a pitcher of the side the options do not offer: the rules say why (4.2.1, 8.2)
        starter = next(p.name for p in table.game.state.home.roster.pitchers.values()
                       if p.kind == "SP")
        relief = decision("home", "mound", "relieve",
                          ["home brings in Nobody", "home stays with the pitcher"])
        assert table.short_line(starter.lower(), relief) == f"home brings in {starter}"
        # 'offense' at a one-card draw is its option (no number said: none to match)
        draw = decision("home", "draw", "draw 1 card",
                        ["home draws 1 offense", "home draws 1 defense"])
        assert table.short_line("offense", draw) == "home draws 1 offense"
        # 'relieve Okafor or keep him (rule 8.2)': keeping him is staying with him
        mound = decision("home", "mound", "relieve Okafor or keep him (rule 8.2)",
                         ["home brings in Castellan", "home stays with the pitcher"])
        for typed in ("keep", "keep him", "stay"):
            assert table.short_line(typed, mound) == "home stays with the pitcher"
        # 'keeps' is the hand's word: no answer to the pitcher, and told what is
        with pytest.raises(CompanionError, match="to keep the pitcher in, type 'keep'"):
            table.short_line("keeps", mound)
        # A tired pitcher who must come out (the basic rule, 4.2.1.1): keeping him goes to
        # the rules for their reason (8.2.1), not the hand's 'nothing to keep' (5.2.2)
        forced = decision("home", "mound", "bring in a relief pitcher (rule 4.2.1.1)",
                          ["home brings in Castellan"])
        for typed in ("keep", "keep him"):
            assert table.short_line(typed, forced) == "home stays with the pitcher"
        # a Managerial Move the options leave out ('-2' from box I): the rules say why (4.5)
        manage = decision("home", "manage", "manage",
                          ["home manages +1", "home manages +2", "home stands pat"])
        assert table.short_line("-2", manage) == "home manages -2"
        at_phase(table, "bat")              # pitchers on the mound: 'keep Sabaria' too
        name = table.game.state.home.current_pitcher().name
        assert table.short_line(f"keep {name.lower()}", forced) == \
            "home stays with the pitcher"
        # a box card named when only passing is left: the rules' reason, though its name
        # begins with a verb; a verb alone that wants more ('Field') is a name
        passing = decision("home", "cards", "cards", ["home passes"])
        assert table.short_line("Keep It in the Yard", passing) == \
            "home plays Keep It in the Yard"
        batting = decision("home", "bat", "bat", ["home bats Marty", "home bats Crowder"])
        assert table.short_line("Field", batting) == "home bats Field"
    finally:
        store.close()


def test_a_short_line_naming_several_options_or_none_changes_nothing(tmp_path):
    """A short line naming several options says which (type more); one naming none goes
    to the rules as the side's line, which mend a slip ('did you mean') or refuse it with
    the rule (4.2.2); nothing is stored either way."""
    store = Store.open(tmp_path / "several.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, "bat")
        entries = list(table.session.entries)
        with pytest.raises(TooLittleSaid, match=r"'bats' could be '\w+ bats .*type more"):
            table.enter("bats")
        name = waiting.options[0].split(" ", 2)[2]
        with pytest.raises(CompanionError, match=rf"rule 4.2.2: .*did you mean '{name}'\?"):
            table.enter(name[:-1] + "x" + name[-1])
        assert table.session.entries == entries
    finally:
        store.close()


@pytest.mark.parametrize("dice, said", [("physical", "two faces, each 1 to 6, like '3 4'"),
                                        ("digital", "this series rolls them in the companion (r)")])
def test_letters_typed_for_the_dice_are_told_the_dice_are_awaited(tmp_path, dice, said):
    """Rule 4.6: while only dice are awaited, 'a b' was told it is not an action (a line
    starts with 'home'...); it is told the dice are awaited, and how this series takes
    them. Nothing is stored."""
    store = Store.open(tmp_path / "letters.db")
    try:
        table = two_players(store, dice=dice)
        for _ in range(300):
            if table._rolling():
                break
            waiting = table.waiting()
            if waiting.kind == "chance" and dice == "physical":
                table.enter(waiting.options[0] if waiting.options else "3 4")
            elif table.auto_step() is None:
                take_first_choice(table)
        entries = list(table.session.entries)
        with pytest.raises(CompanionError) as info:
            table.enter("a b")
        assert str(info.value) == f"'a b': the dice are awaited (rule 4.6): {said}"
        assert table.session.entries == entries
        if dice == "physical":
            # The dice key pressed in the typing box before the faces ('t12 55', 'r 3 4'):
            # the faces are taken (it was refused as a line that is no roll).
            for typed, taken in (("t34", "roll 3 4"), ("r 5 2", "roll 5 2"), ("t3-4", "roll 3 4")):
                table.enter(typed)
                assert table.session.entries[-1].line == taken
                table.stored.undo()
            assert table.session.entries == entries
    finally:
        store.close()


def test_an_imported_game_exports_the_dice_its_table_switched_to(tmp_path):
    """One game imported (an exhibition) keeps its record's Dice tag in its game header:
    switched at the table, its export (whole or as its game) names the dice rolled now."""
    from companion.high_and_tight.simulate import simulate_game
    from companion.store.exchange import export, import_record

    box = load_box()
    game = simulate_game(HighAndTight(box), "texas", "new-york", "switched", 1)
    text = game.text().replace("\n\n", '\n[Dice "physical"]\n\n', 1)
    with Store.open(tmp_path / "switched.db") as store:
        series_id = import_record(store, box, text)
        table = Table(store, series_id)
        assert table.dice == "physical"
        assert table.switch_dice() == "digital"
        for target in (str(series_id), f"{series_id}:1"):
            said = export(store, target, "record", reveal=True).splitlines()
            assert '[Dice "digital"]' in said and '[Dice "physical"]' not in said, target


def test_the_dice_switch_for_the_rest_of_the_series_and_stay_switched(tmp_path):
    """SPEC 1 (any mix, game by game): a table that began with the companion's dice
    switches to its own (found in the box) and back; kept with the series across a
    reopening and shown in the home list; the faces are chance lines in the record either
    way, so nothing stored changes."""
    from companion.store.series_store import get_series_row

    path = tmp_path / "switch.db"
    with Store.open(path) as store:
        table = two_players(store)
        for _ in range(300):
            if table._rolling():
                break
            if table.auto_step() is None:
                take_first_choice(table)
        entries = list(table.session.entries)
        with pytest.raises(CompanionError, match="rolls its dice in the companion"):
            table.enter("3 4")
        assert table.switch_dice() == "physical"
        assert table.session.entries == entries         # nothing of the record moved
        table.enter("3 4")
        series_id = table.stored.id
    with Store.open(path) as store:
        table = Table(store, series_id)
        assert table.dice == "physical"
        assert get_series_row(store, series_id).dice == "physical"
        assert table.session.entries[-1].line == "roll 3 4"
        # Exported (a backup, a move to another machine), it reads back with the dice the
        # table rolls now: its Dice tag is the switched one.
        from companion.store.exchange import export, import_record
        text = export(store, str(series_id), "record", reveal=True)
        assert '[Dice "physical"]' in text.splitlines()
        copy = import_record(store, load_box(), text)
        assert Table(store, copy).dice == "physical"
        assert table.switch_dice() == "digital"
        assert get_series_row(store, series_id).dice == "digital"
        while not table._rolling() and table.auto_step() is None:
            take_first_choice(table)
        if table._rolling():
            table.roll()                                # the companion's dice again
    with Store.open(path) as store:
        assert Table(store, series_id).dice == "digital"
        # A note damaged by hand (not JSON, or not a kind of dice) is as if none were kept.
        for damaged in ("{not json", '"loaded"'):
            store.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             [f"series/{series_id}/dice", damaged])
            assert Table(store, series_id).dice == "digital"
            assert get_series_row(store, series_id).dice == "digital"


def test_rolls_typed_before_a_switch_to_the_companion_s_dice_are_never_rolled_again(tmp_path):
    """SPEC 1 (any mix of dice), undo and redo: once the table switches to the companion's
    dice, the computer's Scoring Rolls typed at the table before are steps the companion
    takes now. u goes back to the player's last decision (it stopped on the typed line,
    and the companion rolled the computer's dice again at once, the redo gone); y brings
    every step back; the same decision taken again goes on with the faces typed then (new
    dice replaced them: an undo was a free re-roll of the computer's at-bat)."""
    path = tmp_path / "switched-undo.db"
    with Store.open(path) as store:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", team1_control="human", team2_control="computer",
            dice="physical", cards="digital"))
        faces = iter([(3, 4), (1, 2), (6, 5), (2, 2), (4, 1)] * 200)
        typed, decided = 0, None
        for _ in range(3000):
            waiting = table.waiting()
            if table._rolling() and waiting.computer:
                table.enter("{} {}".format(*next(faces)))
                typed += 1
                if typed >= 2:
                    break
            elif table._rolling():
                table.enter("{} {}".format(*next(faces)))
            elif table.auto_step() is None:
                if waiting.kind == "decision":
                    decided = (len(table.session.entries), waiting.options[0])
                # (a starter drawn at the table: the first the options name)
                table.enter(waiting.options[0]) if waiting.kind == "chance" else \
                    take_first_choice(table)
        assert typed == 2 and decided is not None
        before = [entry.line for entry in table.session.entries]
        assert table.switch_dice() == "digital"
        undone = table.undo_to_player()
        at, line = decided
        assert len(table.session.entries) == at             # back to the decision
        assert [entry.line for entry in reversed(undone)] == before[at:]
        assert table.redo_to_player() and [e.line for e in table.session.entries] == before
        table.undo_to_player()
        series_id = table.stored.id
    with Store.open(path) as store:
        table = Table(store, series_id)                 # (across a reopening too)
        assert len(table.session.entries) == at
        table.enter(line)                               # the same decision again
        while len(table.session.entries) < len(before) and table.auto_step() is not None:
            pass
        assert [e.line for e in table.session.entries][:len(before)] == before


def test_the_companion_s_rolls_before_a_switch_to_the_table_s_dice_come_back_untyped(
        tmp_path):
    """Undo no free re-roll, the other way round: the companion rolled the computer's
    dice, then the table switched to its own. u goes back to the player's decision; the
    same decision taken again brings the companion's roll back by itself (it waited for
    faces to be typed, and '6 6' typed replaced it)."""
    with Store.open(tmp_path / "to-physical.db") as store:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", dice="digital", team1_control="human",
            team2_control="computer", cards="digital"))
        decided = None
        for _ in range(3000):
            waiting = table.waiting()
            if table._rolling() and waiting.computer and decided is not None:
                break
            if table.auto_step() is not None:
                continue
            if waiting.kind == "decision":
                decided = (len(table.session.entries), waiting.options[0])
            table.roll() if waiting.kind == "chance" else table.enter(waiting.options[0])
        table.auto_step()                               # the computer's roll, the companion's
        before = [entry.line for entry in table.session.entries]
        assert before[-1].startswith("roll ")
        assert table.switch_dice() == "physical"
        table.undo_to_player()
        at, line = decided
        assert len(table.session.entries) == at
        table.enter(line)
        while table.auto_step() is not None and len(table.session.entries) < len(before):
            pass
        assert [entry.line for entry in table.session.entries] == before


def test_with_no_one_managing_a_redo_brings_back_what_the_undo_took(tmp_path):
    """The computer manages both sides, the table rolls its dice: a typed roll is the
    table's step, and u takes it back with the computer's steps after it; y brings all of
    them back (it brought back the roll alone, the computer's steps left to redo one y
    each)."""
    with Store.open(tmp_path / "no-one.db") as store:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", dice="physical", team1_control="computer",
            team2_control="computer"))
        rolls = 0
        for _ in range(3000):
            if table.auto_step() is not None:
                continue
            waiting = table.waiting()
            if rolls >= 3 and table._rolling() and not \
                    table.session.entries[-1].line.startswith("roll "):
                break                           # (the computer's steps since the last roll)
            if table._rolling():
                table.enter("3 4")
                rolls += 1
            else:
                table.enter(waiting.options[0])
        before = [entry.line for entry in table.session.entries]
        undone = table.undo_to_player()
        assert len(undone) > 1 and undone[-1].line == "roll 3 4"
        assert table.redo_to_player() == list(reversed(undone))
        assert [entry.line for entry in table.session.entries] == before


def test_a_damaged_undo_note_is_read_as_none_of_its_parts(tmp_path):
    """The table's own note for undo (typed lines, dice switches, a roll left to the
    companion) damaged by hand, or of another shape: each part it cannot read is none, and
    the table opens (undo then takes a typed line back roll by roll)."""
    import json

    path = tmp_path / "damaged-note.db"
    with Store.open(path) as store:
        table = at_an_at_bat_of_four_rolls(store, dice="physical", least=3)
        table.enter("34 61")
        series_id = table.stored.id
        good = table._lines_note()
    for damaged, read in (
            ("[1, 2]", ([], [], None)),
            (json.dumps({"lines": 7, "dice": [[3, "loaded"]], "fresh": "12"}), ([], [], None)),
            (json.dumps({**good, "dice": [[0, "digital"]], "fresh": 12}),
             (good["lines"], [(0, "digital")], 12))):
        with Store.open(path) as store:
            store.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             [f"series/{series_id}/typed-rolls", damaged])
            table = Table(store, series_id)
            lines = [[start, [[e.scope, e.line] for e in rolls]]
                     for start, rolls in table.typed_lines]
            assert (lines, table.dice_from, table.fresh_at) == read


def test_a_step_taken_again_after_an_undo_is_one_step_of_its_own(tmp_path):
    """After an undo, a step taken again the same is its redo (the history after it kept),
    yet a step of its own: '34 61 25' typed as one line, undone, then '34' and '61' typed
    one by one: one u took back both (the line begun again) and one y brought back all
    three, '2 5' never typed again. Now u takes back '6 1' and y brings back '6 1'."""
    with Store.open(tmp_path / "again.db") as store:
        table = at_an_at_bat_of_four_rolls(store, dice="physical", least=3)
        before = list(table.session.entries)
        table.enter("34 61 25")
        table.undo_to_player()
        table.enter("34")
        table.enter("61")
        assert [entry.line for entry in table.undo_to_player()] == ["roll 6 1"]
        assert [entry.line for entry in table.redo_to_player()] == ["roll 6 1"]
        assert [entry.line for entry in table.session.entries[len(before):]] == [
            "roll 3 4", "roll 6 1"]


def test_lines_of_rolls_after_a_step_taken_again_still_come_back_whole(tmp_path):
    """Two at-bats rolled with R (two lines), undone back to the first: r takes its first
    roll again as a step of its own, and y brings the second line back whole (it came
    back roll by roll: every line after the step was forgotten)."""
    with Store.open(tmp_path / "lines.db") as store:
        table = at_an_at_bat_of_four_rolls(store, dice="digital", least=2)
        first = len(table.session.entries)
        table.roll_at_bat()
        for _ in range(3000):
            if table.dice_awaited() and table.game.state.atbat.rolls_left >= 2:
                break
            if table.auto_step() is None:
                take_first_choice(table)
        second = len(table.session.entries)
        table.roll_at_bat()
        line = table.session.entries[second:]
        while len(table.session.entries) > first:
            table.undo_to_player()
        table.roll()
        while len(table.session.entries) < second:
            table.redo_to_player()
        assert table.redo_to_player() == line


def test_a_typed_roll_undone_then_the_dice_switched_is_the_companion_s_to_roll(tmp_path):
    """A computer's roll typed wrong ('6 6'), u (that roll alone), then a switch to the
    companion's dice: the companion rolls it, its own faces (the undone '6 6' came back at
    once, and no fresh roll could be had); so after a restart between the two."""
    from companion.high_and_tight.simulate import chance_line

    path = tmp_path / "typo.db"
    with Store.open(path) as store:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", dice="physical", team1_control="human",
            team2_control="computer"))
        for _ in range(3000):
            waiting = table.waiting()
            if len(table.session.entries) > 30 and waiting.kind == "chance" \
                    and waiting.computer and waiting.phase == "roll":
                break
            if table.auto_step() is None:
                table.enter("3 4" if waiting.kind == "chance" and waiting.scope == "game"
                            else waiting.options[0])
        table.enter("6 6")
        assert [entry.line for entry in table.undo_to_player()] == ["roll 6 6"]
        own = chance_line(table.session, table.seed)
        assert table.switch_dice() == "digital"
        series_id = table.stored.id
    with Store.open(path) as store:
        table = Table(store, series_id)
        assert table.auto_step().line == own != "roll 6 6"


@pytest.mark.parametrize("dice", ["digital", "physical"])
def test_a_line_of_rolls_taken_again_keeps_the_lines_after_it(tmp_path, dice):
    """Two lines of rolls (R, or faces typed at once), undone back to the first, the same
    line again: the second still comes back whole with one y (R dropped every line after
    it, and the second came back roll by roll)."""
    with Store.open(tmp_path / "again-lines.db") as store:
        table = at_an_at_bat_of_four_rolls(store, dice=dice, least=2)

        def line() -> None:
            if dice == "digital":
                table.roll_at_bat()
            else:
                table.enter(" ".join(["34"] * table.game.state.atbat.rolls_left))

        first = len(table.session.entries)
        line()
        again = " ".join(entry.line.removeprefix("roll ").replace(" ", "")
                         for entry in table.session.entries[first:])
        for _ in range(3000):
            if table.dice_awaited() and table.game.state.atbat.rolls_left >= 2 \
                    and not table.waiting().computer:
                break
            if table.auto_step() is None:
                if table.dice_awaited():
                    table.roll() if dice == "digital" else table.enter("3 4")
                else:
                    table.enter(table.waiting().options[0])
        second = len(table.session.entries)
        line()
        rolls = table.session.entries[second:]
        while len(table.session.entries) > first:
            table.undo_to_player()
        table.roll_at_bat() if dice == "digital" else table.enter(again)
        while len(table.session.entries) < second:
            table.redo_to_player()
        assert table.redo_to_player() == rolls


def test_the_companion_s_draw_after_an_undone_typed_starter_is_its_own(tmp_path):
    """Rule 3.0, Spring Training with the table's dice: a starter typed as drawn at the
    table, undone, then 'draw for us': the companion's own draw (it gave back the one
    typed, as if drawn)."""
    from companion.high_and_tight.simulate import chance_line

    with Store.open(tmp_path / "draw.db") as store:
        table = Table.create(store, load_box(), Setup(
            scenario="spring", dice="physical", team2_control="computer"))
        waiting = table.waiting()
        seeded = chance_line(table.session, table.seed)
        typed = next(option for option in waiting.options if option != seeded)
        table.enter(typed)
        table.undo_to_player()
        assert table.draw_starter().line == seeded


def test_a_series_line_taken_again_as_typed_keeps_what_followed(tmp_path):
    """A rotation typed in lower case after an undo is the rotation undone (stored in its
    own case): the steps after it stay to redo (they went: it was compared as typed)."""
    with Store.open(tmp_path / "rotation.db") as store:
        table = Table.create(store, load_box(), Setup(
            scenario="divisional", team1_control="human", team2_control="computer"))
        for _ in range(50):
            waiting = table.waiting()
            if waiting.scope == "series" and waiting.kind == "decision" \
                    and not waiting.computer:
                break
            table.auto_step()
        typed = waiting.options[0].split(" ", 2)[2].lower()
        table.enter(typed)
        while table.auto_step() is not None and len(table.session.entries) < 40:
            pass
        table.undo_to_player()
        waiting_redo = len(table.session.redo_stack)
        assert waiting_redo > 1
        table.enter(typed)
        assert len(table.session.redo_stack) == waiting_redo - 1


def test_a_short_line_reads_any_run_of_an_options_words_and_says_when_it_names_none(
        tmp_path):
    """Rule 5.2.2: at the exchange a card's name alone names two options (for offense, for
    defense): said so, rather than read as 'home Good Jump', not an action. A line naming
    no option now ('pases' in the card phase) says what the game awaits, with the nearest
    option for a slip ('pat' there is the Managerial Move's, told when it comes, rule
    4.5)."""
    store = Store.open(tmp_path / "runs.db")
    try:
        table = two_players(store, cards="digital")
        waiting = at_phase(table, "exchange")
        card = next(line for line in waiting.options if " exchanges " in line)
        name = card.split(" exchanges ", 1)[1].rsplit(" for ", 1)[0]
        with pytest.raises(CompanionError, match=rf"'{re.escape(name)}' could be "
                                                 r"'\w+ exchanges .* for offense'"):
            table.enter(name)
        assert table.enter(f"{name} for defense").line.endswith(f"{name} for defense")
        waiting = at_phase(table, "cards")
        entries = list(table.session.entries)
        with pytest.raises(CompanionError, match=r"^'pases' names none of the options now; "
                                                 rf"the game awaits {waiting.side}: "):
            table.enter("pases")
        assert "did you mean 'passes'?" in str(pytest.raises(
            CompanionError, table.enter, "pases").value)
        assert table.session.entries == entries
    finally:
        store.close()


def test_a_short_line_said_whole_wins_and_a_filler_word_names_nothing(tmp_path):
    """An option said whole ('Smith', 'bats Smith') is the one meant though another holds
    the same words ('Smith Jr': 'type more' could never help); a lone 'the' names no
    option (it took 'stays with the pitcher')."""
    store = Store.open(tmp_path / "whole.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="spring"))
        bats = decision("home", "bat", "bats", ["home bats Smith", "home bats Smith Jr"])
        assert table.short_line("Smith", bats) == "home bats Smith"
        assert table.short_line("bats smith", bats) == "home bats Smith"
        assert table.short_line("Jr", bats) == "home bats Smith Jr"
        mound = decision("home", "mound", "mound",
                         ["home stays with the pitcher", "home brings in Francesco"])
        with pytest.raises(CompanionError, match="'the' names none of the options now"):
            table.short_line("the", mound)
        assert table.short_line("stays", mound) == "home stays with the pitcher"
    finally:
        store.close()


def test_a_dice_switch_the_file_refuses_switches_nothing(tmp_path):
    """A failed write (a full disk) leaves the dice as they were: the table switched in
    memory while the file kept the old ones, and a restart switched back."""
    from companion.store.db import StoreError

    with Store.open(tmp_path / "refused.db") as store:
        table = Table.create(store, load_box(), Setup(scenario="spring", dice="digital"))

        def full(*_):
            raise StoreError("the disk is full")
        table.stored.keep_note = full
        with pytest.raises(StoreError):
            table.switch_dice()
        assert table.dice == "digital"


def test_rally_caps_named_when_neither_use_is_offered_gets_the_rules_reasons(tmp_path):
    """Rules 5.7.1 and 5.7.2: 'Rally Caps' typed by the fielding side before any card was
    played has no use to take (the 10s score for the batting side only; the extra card
    follows a card played): the rules' reason for each use is told, where the typed name
    was read as a card or only the form was told, and nothing is stored."""
    store = Store.open(tmp_path / "rally.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, "cards")
        state = table.game.state
        if waiting.side == state.batting:
            table.enter("pass")
            waiting = table.waiting()
        assert waiting.side == state.fielding
        assert not any(" rallies " in line for line in waiting.options)
        before = len(table.session.entries)
        with pytest.raises(CompanionError) as refused:
            table.enter("Rally Caps")
        assert str(refused.value) == (
            "'Rally Caps' cannot be used now: rule 5.7.2: only the batting player scores on "
            "10s; rule 5.7.2: the extra card is for after a card has been played this phase")
        assert len(table.session.entries) == before
    finally:
        store.close()


def test_a_dice_key_alone_at_a_decision_says_no_dice_are_awaited(tmp_path):
    """Rule 4.6: r or t pressed at a decision begins a line (a word may follow: 'rally
    caps'); taken alone it was meant as the dice, and is told none are awaited with what
    the game awaits ('home draws r' was told the draw's form). Nothing is stored."""
    store = Store.open(tmp_path / "r.db")
    try:
        table = two_players(store)
        waiting = at_phase(table, "draw")
        before = len(table.session.entries)
        for typed in ("r", "T"):
            with pytest.raises(CompanionError) as refused:
                table.enter(typed)
            assert str(refused.value) == (f"no dice are awaited now; the game awaits "
                                          f"{waiting.side}: {waiting.prompt}")
        assert len(table.session.entries) == before
    finally:
        store.close()
    # At a series step the team is named as the screen names it (not 'team1').
    store = Store.open(tmp_path / "series.db")
    try:
        table = Table.create(store, load_box(), Setup(
            scenario="divisional", team1_control="human", team2_control="human"))
        waiting = table.waiting()
        assert waiting.scope == "series" and waiting.team == "team1"
        with pytest.raises(CompanionError) as refused:
            table.enter("r")
        assert str(refused.value) == (
            f"no dice are awaited now; the series awaits {table.team_name('team1')}: "
            f"{waiting.prompt}")
    finally:
        store.close()


def test_a_card_typed_after_it_was_played_is_said_played(tmp_path):
    """Rule 5.7.2: Rally Caps for an extra card with one card to play: the companion plays
    it at once (a step with a single choice), and the player's next line naming it got
    'names none of the options now'. It is told the card is played already, with what the
    game awaits; nothing is stored."""
    store = Store.open(tmp_path / "played.db")
    try:
        table = two_players(store, cards="digital")
        for _ in range(600):
            state = table.game.state if table.game is not None else None
            if state is not None and state.phase == "manage" and state.atbat.played:
                break
            waiting = table.waiting()
            plays = [line for line in waiting.options if " plays " in line]
            if table.auto_step() is not None:
                continue
            if plays and waiting.phase == "cards":
                table.enter(plays[0])
            else:
                take_first_choice(table)
        else:
            raise AssertionError("no card played before a Managerial Move")
        name = state.atbat.played[-1][1]
        waiting = table.waiting()
        before = len(table.session.entries)
        with pytest.raises(CompanionError) as refused:
            table.enter(name.lower())
        assert str(refused.value) == (f"{name} is played already this at-bat; the game "
                                      f"awaits {waiting.side}: {waiting.prompt}")
        assert len(table.session.entries) == before
    finally:
        store.close()


def test_names_typed_without_their_accents_at_the_table(tmp_path, box_copy):
    """A box's accented names typed on a keyboard without accents ('sabaria' for 'Sabária')
    are the names meant at every step a name is typed: the secret rotation (3.0), keeping
    the pitcher in (4.2.1), a reliever named alone or with 'bring' (the verb is 'brings
    in': 'home brings castellan' was told the line's form), stored in the box's spelling."""
    path = box_copy / "pitchers.csv"
    path.write_text(path.read_text().replace("new-york,Sabaria,", "new-york,Sabária,")
                    .replace("new-york,Castellan,", "new-york,Castellán,"))
    store = Store.open(tmp_path / "accents.db")
    try:
        table = Table.create(store, load_box(box_copy), Setup(
            scenario="divisional", team1_control="human", team2_control="human",
            dice="digital", cards="digital"))
        entry = table.enter("Sabaria, Lindqvist, Marchetti")
        assert entry.line == "team1 rotation Sabária, Lindqvist, Marchetti"
        at_phase(table, "bat")
        home = table.game.state.home if table.game.state.home.team.key == "new-york" \
            else table.game.state.away
        side = "home" if home is table.game.state.home else "away"
        assert home.current_pitcher().name == "Sabária"
        mound = decision(side, "mound", "relieve Sabária or keep him (rule 8.2)",
                         [f"{side} brings in Castellán", f"{side} stays with the pitcher"])
        assert table.short_line("keep sabaria", mound) == f"{side} stays with the pitcher"
        assert table.short_line("castellan", mound) == f"{side} brings in Castellán"
        forced = decision(side, "mound", "bring in a relief pitcher (rule 4.2.1.1)",
                          [f"{side} brings in Wexley"])
        assert table.short_line("bring castellan", forced) == f"{side} brings in castellan"
        assert table.short_line("Tremainex", forced) == f"{side} brings in Tremainex"
        # two names alike but for their accents: typing more cannot part them, said so
        batting = decision(side, "bat", "bat", [f"{side} bats Núñez", f"{side} bats Nuñez"])
        with pytest.raises(CompanionError, match=f"'nunez' reads as '{side} bats Núñez' and "
                           f"'{side} bats Nuñez' without the accents: type them"):
            table.short_line("nunez", batting)
        assert table.short_line("nuñez", batting) == f"{side} bats Nuñez"
    finally:
        store.close()


def test_the_exchange_options_follow_the_hand_s_order(tmp_path):
    """Rule 5.2.2: keeping comes first, then each card of the hand in the order the board
    lists the hand (by name), each with its two decks: they came in the order dealt, so
    the card read on the board was hunted for down the list."""
    from companion.tui import views

    from .test_app import new_series, plain
    from .test_snapshots import play_until

    path = tmp_path / "exchange.db"
    series_id = new_series(path, seed="ex-order", scenario="spring", team1_control="human",
                           team2_control="computer", dice="digital", cards="digital")

    def exchanging(table: Table) -> bool:
        waiting = table.waiting()
        return waiting.phase == "exchange" and not waiting.computer
    play_until(path, series_id, exchanging)
    with Store.open(path, readonly=True) as store:
        table = Table(store, series_id)
        waiting = table.waiting()
        side = waiting.side
        names = [re.match(r"^[* ] (.+?)(?: x\d+)? (?:off|def) \S+", line).group(1)
                 for line in plain("\n".join(views.hand_lines(table, side))).splitlines()[1:]]
        rules = table.session.rules
        legal = [rules.format_action(a) for a in rules.legal_actions(table.game.state)]
    assert sorted(waiting.options) == sorted(legal)         # the same options, reordered
    assert waiting.options[0] == f"{side} keeps"
    listed = list(dict.fromkeys(line.removeprefix(f"{side} exchanges ").rsplit(" for ", 1)[0]
                                for line in waiting.options[1:]))
    assert listed == names and len(names) >= 3
    name = names[0]                             # each card's decks as ever: offense first
    assert waiting.options[1:3] == [f"{side} exchanges {name} for offense",
                                    f"{side} exchanges {name} for defense"]


def test_the_schedule_names_each_games_starters_a_short_rest_start_said(tmp_path):
    """Rules 3.0 and 8.2.3 a: the series page's schedule names each begun game's starters,
    away first, once both are on the mound; Sabaria moved up on short rest says so (the
    rotation line names only who was due). With no room on the line they go under it; the
    standing goes by abbreviations where the names have no room."""
    from rich.text import Text

    from companion.store.series_store import create_series
    from companion.tui import views

    from ..high_and_tight.test_series import new_series as series_session
    from ..high_and_tight.test_series import play_game

    box = load_box()
    session = series_session(box, "world", options="rest,short-rest", team1="texas",
                             team2="new-york")
    for winner in ("home", "home", "away"):
        play_game(session, winner)
    with Store.open(tmp_path / "rest.db") as store:
        table = Table(store, create_series(store, box, session.header, session.entries))
        before = [views.game_starters(table, n) for n in (1, 2, 3, 4)]
        for _ in range(200):
            waiting = table.waiting()
            games = table.session.games
            if len(games) == 4 and games[3].state.inning >= 1:
                break
            if waiting.options and "team2 starts Sabaria" in waiting.options:
                table.enter("team2 starts Sabaria")
            elif table.auto_step() is None:
                take_first_choice(table)
        first = [game.state for game in table.session.games[:3]]
        plain = Text.from_markup(views.series_summary(table, box_scores=False)).plain
        narrow = Text.from_markup(views.series_summary(table, box_scores=False,
                                                       columns=40)).plain
        texas = table.game.state.away.roster.pitchers[table.game.state.away.starter].name
        standings = [Text.from_markup(views.series_summary(table, box_scores=False,
                                                           columns=width)).plain.split("\n")[1]
                     for width in (40, 39)]

    assert before[3] is None            # game 4 not begun: nobody on the mound yet
    for n, state in enumerate(first, start=1):
        starters = (f"{state.away.roster.pitchers[state.away.starter].name} v "
                    f"{state.home.roster.pitchers[state.home.starter].name}")
        assert before[n - 1] == starters and f"  game {n}: " in plain
        assert starters in plain.split(f"  game {n}: ")[1].split("\n")[0]
    assert f"{texas} v Sabaria (short rest)" in plain
    game4 = narrow.split("  game 4: ")[1].split("\n")
    assert "Sabaria" not in game4[0] and game4[1].strip() == f"{texas} v Sabaria (short rest)"
    # The standing in names where they fit the columns, else by abbreviation (a name broke
    # across two lines on an 80-column board).
    assert standings == ["Texas Cowboys 3 - 0 New York Highlanders", "TXC 3 - 0 NYH"]


def slots_turned(line: str) -> str:
    """A lineup line with its OF and IF in the other order, as slot by slot may put them."""
    from companion.high_and_tight import actions as act

    action = act.parse_action(line)
    catcher, outfield, infield, dh = action.args
    return act.format_action(act.lineup(action.side, catcher, outfield[::-1], infield[::-1],
                                        dh))


def test_a_lineup_after_the_first_game_offers_the_last_games(tmp_path):
    """Rule 3.0: each game's lineup is chosen anew, and a player most often keeps his: at
    game 2 the lineup his team played game 1 with is offered, as this game's line (his
    side may have changed with the home team), in the order his slots were put in (one
    put slot by slot was never offered); game 1 has none to offer."""
    store = Store.open(tmp_path / "kept.db")
    try:
        table = Table.create(store, load_box(), Setup(scenario="divisional",
                                                      team1_control="human",
                                                      team2_control="computer"))
        first = at_phase(table, "lineup")
        assert table.last_lineup(first) is None
        # not the suggestion: the last option, its slots put in another order
        chosen = slots_turned(first.options[-1])
        assert chosen not in first.options
        table.enter(chosen)
        for _ in range(3000):
            waiting = table.waiting()
            if (table.game_number() == 2 and waiting.phase == "lineup"
                    and not waiting.computer):
                break
            if table.auto_step() is None:
                take_first_choice(table)
        else:
            raise AssertionError("game 2's lineup never came")
        kept = table.last_lineup(waiting)
        assert kept == f"{waiting.side} lineup {chosen.split(' ', 2)[2]}"
        assert kept not in waiting.options and slots_turned(kept) in waiting.options
        assert table.short_line("as last game", waiting) == kept
        assert table.enter("as last game").line == kept
    finally:
        store.close()


@pytest.mark.parametrize("seed", [5, 6])
def test_every_option_typed_as_shown_or_without_its_marks_is_that_option_or_none(tmp_path,
                                                                                 seed):
    """Rules 3.0-5.7 at a table, over a whole game of two players: each option typed
    without its side, as shown or with its marks left out (a slash, brackets, an
    apostrophe: `loose`), is that option or a question which one; never another option
    (a reading that takes words for another card or player would play it unasked)."""
    import random

    from companion.tui.table import loose

    store = Store.open(tmp_path / "typed-options.db")
    rng = random.Random(seed)
    try:
        table = two_players(store, cards="digital")
        checked = 0
        for _ in range(3000):
            if table.session.is_over():
                break
            waiting = table.waiting()
            if waiting.scope == "game" and waiting.kind == "decision":
                for option in waiting.options:
                    rest = option.split(" ", 1)[1]
                    for typed in dict.fromkeys((rest, loose(rest))):
                        try:
                            read = table.short_line(typed, waiting)
                        except CompanionError:
                            assert typed != rest, (typed, waiting.options)
                            continue
                        assert read == option or read not in waiting.options, (typed, read)
                        if typed == rest:
                            assert read == option, (typed, read, waiting.options)
                        checked += 1
            if table.auto_step() is None:
                if waiting.kind == "chance":
                    table.roll()
                else:
                    table.enter(rng.choice(waiting.options))
        assert table.session.is_over() and checked > 300
    finally:
        store.close()
