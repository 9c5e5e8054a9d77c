"""Series in the game file (SPEC 7, 8): durable appends, undo and redo as events, a frozen
box, export and import."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.engine.errors import (
    CompanionError,
    DataError,
    IllegalAction,
    ParseError,
    RecordError,
)
from companion.engine.record import parse_record, split_records
from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box
from companion.high_and_tight.boxscore import CSV_COLUMNS
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import play_series, simulate_game
from companion.store.db import Store, StoreError
from companion.store.exchange import export, import_record
from companion.store.series_store import (
    StoredSeries,
    create_series,
    delete_series,
    frozen_box,
    list_series,
    series_record,
)

from .util import rows, run_companion, series_header, simulated_session


@pytest.fixture
def path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
def store(path):
    store = Store.open(path)
    yield store
    store.close()


def events(path, series_id: int = 1) -> list[dict]:
    return rows(path, "SELECT seq, kind, scope, line FROM events WHERE series_id = ? "
                      "ORDER BY seq", [series_id])


def started(store, box, scenario="divisional", seed="11", actions=0) -> StoredSeries:
    series_id = create_series(store, box, series_header(scenario, seed))
    stored = StoredSeries.load(store, series_id)
    if actions:
        play_series(stored.session, stored.push, seed, stop_after=actions)
    return stored


# A seed whose Divisional Series goes the distance (three games): the export and import
# tests reach for its game 3.
THREE_GAMES = "2"


def test_the_three_games_seed_goes_the_distance(box):
    """The seed the export and import tests use (a manager change may move it)."""
    session = simulated_session(box, series_header("divisional", THREE_GAMES))
    assert len(session.series.results) == 3


def finished(store, box, scenario="divisional", seed="11") -> int:
    """A whole series stored at once (as an import stores it)."""
    header = series_header(scenario, seed)
    return create_series(store, box, header, simulated_session(box, header).entries)


def picture(session) -> tuple:
    """What the screen shows: the game in play (or last game) and the series' actions."""
    return (session.games[-1].state.summary(), len(session.games), list(session.entries),
            list(session.redo_stack), session.series.winner)


# -- every action is committed before it is shown ----------------------------------------


def test_every_push_undo_and_redo_is_committed_at_once(store, path, box):
    stored = started(store, box)
    seen = 0

    def push_and_look(line: str) -> None:
        nonlocal seen
        entry = stored.push(line)
        seen += 1
        with Store.open(path, readonly=True) as view:   # a second connection, read-only
            last = list(view.db.query(
                "SELECT seq, kind, scope, line FROM events WHERE series_id = ? "
                "ORDER BY seq DESC LIMIT 1", [stored.id]))
            assert view.db["events"].count == seen
        assert last == [{"seq": seen, "kind": "action", "scope": entry.scope,
                         "line": entry.line}]

    play_series(stored.session, push_and_look, "11", stop_after=30)
    assert seen == stored.seq == 30
    for kind, step in (("undo", stored.undo), ("redo", stored.redo)):
        entry = step()
        seen += 1
        assert events(path)[-1] == {"seq": seen, "kind": kind, "scope": entry.scope,
                                    "line": entry.line}


# -- a record made under an earlier reading of a rule ------------------------------------


def test_an_event_the_rules_now_refuse_resumes_the_series_before_it(path, box):
    """A series stored under an earlier reading of a rule still opens: the replay stops at
    the first event the rules refuse and `stale` names it and why. Nothing is written until
    the player agrees; then a rewind sets the refused event and those after it aside,
    deleting nothing. The listing follows the series as it resumes, and undo works after."""
    store = Store.open(path)
    stored = started(store, box, actions=600)
    assert len(stored.session.series.results) >= 1          # a finished game after it
    old = events(path)
    refused = next(e for e in old[100:] if e["line"].endswith(" passes"))
    side = refused["line"].split()[0]
    other = "home" if side == "away" else "away"          # out of turn: refused now
    store.db.execute("UPDATE events SET line = ? WHERE series_id = ? AND seq = ?",
                     [f"{other} passes", stored.id, refused["seq"]])
    store.db.conn.commit()

    resumed = StoredSeries.load(store, stored.id)
    assert resumed.stale.seq == refused["seq"] and resumed.stale.line == f"{other} passes"
    assert "rule" in resumed.stale.reason
    assert len(resumed.session.entries) == refused["seq"] - 1
    assert resumed.seq == old[-1]["seq"]                     # appends go after everything
    assert str(refused["seq"]) in resumed.stale.message(stored.id)
    assert "is refused by the rules as this version reads them" in \
        resumed.stale.message(stored.id)

    line = f"{side} passes"
    with pytest.raises(StoreError, match="to resume it so"):
        resumed.push(line)                   # nothing is set aside without being asked
    assert events(path) == [e if e["seq"] != refused["seq"] else
                            {**e, "line": f"{other} passes"} for e in old]
    assert len(resumed.session.entries) == refused["seq"] - 1
    assert resumed.set_aside_count() == old[-1]["seq"] - refused["seq"] + 1
    resumed.set_aside_stale()
    # the listing says where the game resumed stands (the rewind's write keeps it so)
    state = resumed.session.current_game.state
    assert list_series(store)[0].where == {
        "game": len(resumed.session.games), "inning": state.inning, "half": state.half,
        "runs": {state.home.team.key: state.home.total, state.away.team.key:
                 state.away.total}, "seq": old[-1]["seq"] + 1}
    resumed.push(line)
    assert resumed.stale is None
    written = events(path)
    assert [(e["kind"], e["line"]) for e in written[len(old):]] == [
        ("rewind", str(refused["seq"])), ("action", line)]
    assert written[:len(old)] == [e if e["seq"] != refused["seq"] else
                                  {**e, "line": f"{other} passes"} for e in old]
    assert rows(path, "SELECT COUNT(*) AS n FROM games")[0]["n"] == 0
    assert rows(path, "SELECT status FROM series")[0]["status"] == "playing"

    again = StoredSeries.load(store, stored.id)
    assert again.stale is None and picture(again.session) == picture(resumed.session)
    again.undo()
    store.close()
    with Store.open(path, readonly=True) as view:
        after = StoredSeries.load(view, stored.id)
        assert after.stale is None and picture(after.session) == picture(again.session)


def test_the_command_line_warns_of_a_series_it_cannot_replay_whole(path, box):
    """`export` says the series stops before the refused event; `simulate --resume` will not
    set events aside on its own; an event of a kind this version does not know is refused."""
    store = Store.open(path)
    series_id = create_series(store, box, {**series_header("divisional", "11"),
                                           "Seed": "11"})
    stored = StoredSeries.load(store, series_id)
    play_series(stored.session, stored.push, "11", stop_after=120)
    store.db.execute("UPDATE events SET line = 'roll 7 7' WHERE series_id = ? AND seq = 100",
                     [series_id])
    store.db.conn.commit()
    store.close()
    exported = run_companion("export", str(series_id), "--reveal", "--db", path)
    # (written up to the event, and said so by the exit code too: a backup script that
    # reads it does not keep a short export unawares)
    assert exported.returncode == 1 and "event 100" in exported.stderr
    assert "stops before it. (exit 1)" in exported.stderr
    assert exported.stdout.startswith('[Series "High & Tight"]')
    # The box score too: what replays printed, the damage said and exit 1 (it printed a
    # series 'tied 0-0' with exit 0, while the listing said the games played).
    pdf = Path(path).parent / "box.pdf"
    printed = run_companion("print", "boxscore", str(series_id), "--out", str(pdf),
                            "--db", path)
    assert printed.returncode == 1 and "event 100" in printed.stderr, printed.stderr
    assert "The box score stops before it. (exit 1)" in printed.stderr
    assert pdf.read_bytes().startswith(b"%PDF")
    # A game past the event asked alone: why it is not there is said with the refusal.
    with Store.open(path, readonly=True) as view:
        game = len(StoredSeries.load(view, series_id).session.games)
    printed = run_companion("print", "boxscore", f"{series_id}:{game + 1}", "--out",
                            str(pdf), "--db", path)
    assert printed.returncode == 2 and "event 100" in printed.stderr, printed.stderr
    assert f"no game {game + 1}" in printed.stderr
    # Refused before the file is opened to write: not a byte of it changes (the lock taken
    # and freed rewrote it on every try), and the way on is the table, not the same command.
    before = Path(path).read_bytes()
    resumed = run_companion("simulate", "--series", "divisional", "--seed", "11", "--resume",
                            "--db", path)
    assert resumed.returncode == 2 and "to resume it so" in resumed.stderr
    assert f"companion play --series {series_id} --db" in resumed.stderr
    assert "simulate --resume" not in resumed.stderr and ".;" not in resumed.stderr
    assert Path(path).read_bytes() == before
    assert len(events(path, series_id)) == 120
    with Store.open(path) as store:
        other = create_series(store, box, series_header("divisional", "12"))
        store.db["events"].insert({"series_id": other, "seq": 1, "kind": "shuffle",
                                   "scope": "", "line": "", "created": "now"})
        with pytest.raises(StoreError, match="unknown kind 'shuffle'"):
            StoredSeries.load(store, other)


# -- undo and redo ----------------------------------------------------------------------------


def test_undo_and_redo_append_and_never_erase(path, box):
    store = Store.open(path)
    stored = started(store, box, actions=60)
    before_undo = picture(stored.session)
    history = events(path)
    assert len(history) == 60 and {e["kind"] for e in history} == {"action"}

    undone = [stored.undo() for _ in range(3)]
    redone = [stored.redo() for _ in range(2)]
    assert undone == list(reversed(before_undo[2][-3:]))
    assert redone == before_undo[2][-3:-1]
    now = events(path)
    assert now[:60] == history                                   # nothing rewritten
    assert [e["kind"] for e in now[60:]] == ["undo"] * 3 + ["redo"] * 2
    assert [e["seq"] for e in now] == list(range(1, 66))
    assert [(e["scope"], e["line"]) for e in now[60:63]] == \
        [(u.scope, u.line) for u in undone]
    assert len(stored.session.entries) == 59
    after = picture(stored.session)
    store.close()

    with Store.open(path) as again:                   # survives a close and reopen
        loaded = StoredSeries.load(again, stored.id)
        assert loaded.seq == 65
        assert picture(loaded.session) == after
        loaded.redo()                                 # the redo stack was replayed too
        assert picture(loaded.session) == before_undo
        loaded.undo()
        loaded.push(undone[0].line)
        assert picture(loaded.session)[:3] == before_undo[:3]
        assert loaded.session.redo_stack == []        # a new action clears redo
        with pytest.raises(CompanionError):
            loaded.redo()
        kinds = [e["kind"] for e in events(path)]
        assert kinds[65:] == ["redo", "undo", "action"]
        assert len(kinds) == 68
    with Store.open(path, readonly=True) as view:
        assert picture(StoredSeries.load(view, stored.id).session)[:3] == before_undo[:3]


def test_nothing_to_undo_or_redo_appends_nothing(store, path, box):
    stored = started(store, box)
    with pytest.raises(CompanionError):
        stored.undo()
    with pytest.raises(CompanionError):
        stored.redo()
    assert events(path) == [] and stored.seq == 0


def test_undo_and_redo_across_the_end_of_the_series_keep_the_listing_in_step(store, path,
                                                                                box):
    series_id = finished(store, box)
    stored = StoredSeries.load(store, series_id)
    results = len(stored.session.series.results)
    winner = stored.session.series.teams[stored.session.series.winner]
    assert rows(path, "SELECT status, winner FROM series") == \
        [{"status": "over", "winner": winner}]
    assert len(rows(path, "SELECT * FROM games")) == results

    stored.undo()                                 # the last action decided the series
    assert not stored.session.is_over()
    assert rows(path, "SELECT status, winner FROM series") == \
        [{"status": "playing", "winner": None}]
    assert len(rows(path, "SELECT * FROM games")) == results - 1

    stored.redo()
    assert rows(path, "SELECT status, winner FROM series") == \
        [{"status": "over", "winner": winner}]
    games = rows(path, "SELECT number, home_runs, away_runs FROM games ORDER BY number")
    assert [g["number"] for g in games] == list(range(1, results + 1))
    for game, result in zip(games, stored.session.series.results, strict=True):
        assert sorted((game["home_runs"], game["away_runs"])) == sorted(result.runs.values())
    assert [e["kind"] for e in events(path, series_id)[-2:]] == ["undo", "redo"]


def test_a_series_stored_before_a_stricter_check_still_opens(path, box, box_copy):
    """Checks added since a series began never lock it out: a box copy with a CSV column
    the check now refuses, and a header setting the computer to physical cards (refused at
    New series and import now), still load, list and export."""
    from companion.high_and_tight.box import BOX_FILES, load_box_texts
    from companion.store.series_store import describe_series, listed_boxes

    players = box_copy / "ballplayers.csv"
    lines = players.read_text().splitlines()
    players.write_text("\n".join([lines[0] + ",notes"] + [line + "," for line in lines[1:]])
                       + "\n")
    texts = {name: (box_copy / name).read_text() for name in BOX_FILES}
    with pytest.raises(DataError, match="column\\(s\\) 'notes' not known"):
        load_box_texts(texts)
    old_box = load_box_texts(texts, strict=False)       # as a series' copy is read
    with Store.open(path) as store:
        series_id = create_series(store, old_box, series_header("divisional", "4"))
        header = dict(json.loads(rows(path, "SELECT header FROM series")[0]["header"]),
                      Cards="physical", Team2Control="computer")
        store.db.execute("UPDATE series SET header = ? WHERE id = ?",
                         [json.dumps(header), series_id])
        stored = StoredSeries.load(store, series_id)
        assert stored.session.header["Cards"] == "physical"
        assert describe_series(store, series_id).startswith(f"series {series_id}: ")
        assert listed_boxes(store, list_series(store), box)[series_id].fingerprint == \
            old_box.fingerprint
    result = run_companion("series", "show", str(series_id), "--db", path)
    assert result.returncode == 0, result.stderr
    # Its box written out reads its records back, though today's check refuses the box.
    kept = path.parent / "kept-box"
    assert run_companion("export", str(series_id), "--box", kept, "--db", path).returncode == 0
    assert run_companion("data", "check", kept).returncode == 2
    record = path.parent / "record.txt"
    with Store.open(path) as store:          # the header as the table can replay it
        store.db.execute("UPDATE series SET header = ? WHERE id = ?",
                         [json.dumps(dict(header, Cards="digital")), series_id])
    record.write_text(run_companion("export", str(series_id), "--reveal", "--db", path).stdout)
    result = run_companion("import", record, "--data", kept, "--db", path)
    assert result.returncode == 0, result.stderr
    # Only as the record's own box: a record naming no box is read with the checks whole.
    untagged = path.parent / "untagged.txt"
    untagged.write_text("".join(line for line in record.read_text().splitlines(True)
                                if not line.startswith("[Box ")))
    result = run_companion("import", untagged, "--data", kept, "--db", path)
    assert result.returncode == 2 and "column(s) 'notes' not known" in result.stderr


def test_a_listing_says_how_far_each_series_has_come(path, box):
    """Rule 7.0 in the listings (the home screen, `series list`, the delete question): a
    series not over names the game to play and the standing, from the results kept; a
    one-game series says where its game stands once a step is taken (its setup, rule 3.0),
    not begun before; `series list` says where a longer series' game in play stands too."""
    from companion.high_and_tight.series_session import SeriesSession

    header = series_header("divisional", THREE_GAMES)
    entries = simulated_session(box, header).entries
    session, ends = SeriesSession(box, header), []
    for index, entry in enumerate(entries, 1):
        session.replay_entry(entry)
        if len(session.series.results) > len(ends):
            ends.append(index)
    results = session.series.results
    first = results[0].winner
    other = "team2" if first == "team1" else "team1"
    assert [r.winner for r in results] == [first, other, results[2].winner]   # 1-0, 1-1
    store = Store.open(path)
    with store:
        for cut in (0, 5, ends[0], ends[1], ends[2]):       # 0: not begun, 5: in game 1
            create_series(store, box, header, entries[:cut])
        spring = series_header("spring", "1")                   # one game: in play
        create_series(store, box, spring, simulated_session(box, spring, stop_after=5).entries)
        create_series(store, box, spring)                        # ... or not begun yet
        listed = [row.progress(lambda key: key.upper()) for row in list_series(store)]
        teams = session.series.teams
        assert listed == ["not begun", "game 1", f"game 2, {teams[first].upper()} lead 1-0",
                          "game 3, tied 1-1",
                          f"{teams[results[2].winner].upper()} won 2-1",     # (and by how)
                          "setting up", "not begun"]
    out = run_companion("series", "list", "--db", path).stdout.splitlines()
    assert [line.split("  ")[-1] for line in out] == [
        "not begun", "game 1: setting up", f"game 2: setting up; {teams[first]} lead the "
        "series 1-0", "game 3: setting up; series tied 1-1",
        f"{teams[results[2].winner]} won 2-1", "setting up", "not begun"]


def test_the_listing_says_where_the_game_in_play_stands(store, path, box):
    """The home list and `series list` say the inning and the score of the game in play,
    as each step (an undo too) leaves it: 'game 2: top 5, TXC 3-2; NYH lead the series
    1-0'. Kept beside the events, it is believed only while written with the last one: a
    step stored without it (by an older companion) lists the series as before."""
    stored = started(store, box, actions=40)
    while stored.session.current_game.state.inning < 3:
        play_series(stored.session, stored.push, "11", stop_after=1)

    def said() -> tuple[str, str]:
        (row,) = list_series(store)
        return row.in_game(), row.progress(live=True)

    def expected() -> str:
        state = stored.session.current_game.state
        if state.inning == 0:
            return "setting up"
        runs = {state.home.team.key: state.home.total, state.away.team.key: state.away.total}
        (leader, ahead), (_, behind) = sorted(runs.items(), key=lambda kv: -kv[1])
        score = f"tied {ahead}-{behind}" if ahead == behind else f"{leader} {ahead}-{behind}"
        return f"{state.half} {state.inning}, {score}"

    assert said() == (expected(), f"game 1: {expected()}")
    assert said()[0].startswith("top 3, ") or said()[0].startswith("bottom 3, ")
    # On through the game's runs: the score said is always the state's.
    while not stored.session.series.results:
        runs = stored.session.current_game.state.home.total
        play_series(stored.session, stored.push, "11", stop_after=1)
        if stored.session.current_game and runs != stored.session.current_game.state.home.total:
            assert said()[0] == expected()
    winner = stored.session.series.results[0].winner
    leader = stored.session.series.teams[winner]
    assert said() == ("setting up", f"game 2: setting up; {leader} lead the series 1-0")
    play_series(stored.session, stored.push, "11", stop_after=80)
    assert stored.session.current_game.state.inning > 0
    assert said() == (expected(), f"game 2: {expected()}; {leader} lead the series 1-0")
    before = expected()
    while expected() == before:
        stored.undo()
    assert said()[0] == expected() != before
    # A step stored by a companion that keeps no such word: the series is listed as before.
    last = stored.seq
    store.db["events"].insert({"series_id": stored.id, "seq": last + 1, "kind": "undo",
                               "scope": "2", "line": "x", "created": "2026-12-06"})
    assert said() == (None, f"game 2, {leader} lead 1-0")


def test_between_games_the_listing_says_the_next_game_is_setting_up(path, box):
    """Rules 3.0 and 8.2.3 between two games: with the rest rules the next game waits on a
    starter to name, no game is in play, and the home screen said only 'game 4, PHM lead
    2-1' with its generic hint where a game opened at once read 'game 4: setting up; ...'.
    It says who the table waits on: 'game 4: texas to name the starter; ...'."""
    from companion.high_and_tight.series_session import SeriesSession

    header = series_header("league", "11", rules="rest,short-rest")
    entries = simulated_session(box, header).entries
    session = SeriesSession(box, {**header, "Box": box.fingerprint})
    def between_games() -> bool:
        return bool(session.games) and session.current_game is None \
            and not session.series.winner

    cut = 0
    while not between_games():
        session.replay_entry(entries[cut])
        cut += 1
    played = len(session.series.results)
    store = Store.open(path)
    with store:
        create_series(store, box, header, entries[:cut])
        (row,) = list_series(store)
        kind, team, _ = session.series_rules.awaiting(session.series)
        assert kind == "decision"               # the rest rules: a starter to name
        naming = f"{session.series.teams[team]} to name the starter"
        assert row.in_game() == naming
        assert row.progress(live=True).startswith(f"game {played + 1}: {naming}; ")


# -- bad input appends nothing --------------------------------------------------------------


@pytest.mark.parametrize("line, error, words", [
    ("home fields Nobody", IllegalAction, "rule"),
    ("away bats Marty", IllegalAction, "rule"),
    ("roll 7 1", ParseError, "1..6"),
    ("no such action", ParseError, "not an action"),
])
def test_a_rejected_line_raises_and_appends_nothing(store, path, box, line, error, words):
    stored = started(store, box, actions=45)
    before = picture(stored.session)
    history = events(path)
    with pytest.raises(error) as raised:
        stored.push(line)
    assert isinstance(raised.value, CompanionError)
    assert words in str(raised.value)
    assert events(path) == history and stored.seq == 45
    assert picture(stored.session) == before
    stored.push(play_next_line(stored))              # the next good line takes seq 46
    assert [e["seq"] for e in events(path)] == list(range(1, 47))
    with Store.open(path, readonly=True) as view:
        assert picture(StoredSeries.load(view, stored.id).session) == picture(stored.session)


def play_next_line(stored: StoredSeries) -> str:
    lines = []
    play_series(stored.session, lines.append, "11", stop_after=1)
    return lines[0]


# -- the frozen box -------------------------------------------------------------------------


def test_a_series_keeps_its_own_copy_of_the_box(tmp_path, path, box):
    folder = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    original = load_box(folder)
    header = series_header("divisional", "21")
    reference = simulated_session(original, header)       # the whole series, unedited box

    with Store.open(path) as store:
        old_id = create_series(store, original, header)
        old = StoredSeries.load(store, old_id)
        play_series(old.session, old.push, "21", stop_after=150)
        old_picture = picture(old.session)
        old_export = export(store, str(old_id), "record", reveal=True)

    pitchers = folder / "pitchers.csv"                    # the player edits a rating
    lines = pitchers.read_text().splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if line.startswith("new-york,Sabaria,"))
    fields = lines[row].split(",")
    was = int(fields[4])                                  # stuff_rolls, 1..10
    now = 9 if was != 9 else 8
    fields[4] = str(now)
    lines[row] = ",".join(fields)
    pitchers.write_text("".join(lines))
    edited = load_box(folder)
    assert edited.fingerprint != original.fingerprint
    assert edited.rosters["new-york"].pitchers["sabaria"].stuff_rolls == now

    with Store.open(path) as store:
        new_id = create_series(store, edited, series_header("divisional", "21"))
        assert frozen_box(store, new_id).fingerprint == edited.fingerprint
        assert frozen_box(store, new_id).rosters["new-york"].pitchers["sabaria"].stuff_rolls \
            == now

        kept = frozen_box(store, old_id)
        assert kept.fingerprint == original.fingerprint
        assert kept.texts == original.texts
        assert kept.rosters["new-york"].pitchers["sabaria"].stuff_rolls == was
        old = StoredSeries.load(store, old_id)
        assert old.session.box.fingerprint == original.fingerprint
        assert picture(old.session) == old_picture
        assert export(store, str(old_id), "record", reveal=True) == old_export
        play_series(old.session, old.push, "21")          # and it finishes on its own box
        assert old.session.entries == reference.entries
        assert series_record(old.session) == series_record(reference)

    stored_rows = {r["id"]: r for r in rows(path, "SELECT id, box_fingerprint FROM series")}
    assert stored_rows[old_id]["box_fingerprint"] == original.fingerprint
    assert stored_rows[new_id]["box_fingerprint"] == edited.fingerprint


# -- export and import ----------------------------------------------------------------------


def test_series_record_round_trip(store, box):
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, str(series_id), "record")
    assert text.startswith('[Series "High & Tight"]')
    copy_id = import_record(store, box, text)
    assert copy_id != series_id
    assert export(store, str(copy_id), "record", reveal=True) == text
    original = json.loads(export(store, str(series_id), "json"))
    copy = json.loads(export(store, str(copy_id), "json"))
    assert original.pop("series") == series_id and copy.pop("series") == copy_id
    assert copy == original
    assert export(store, str(copy_id), "csv") == export(store, str(series_id), "csv")
    listed = {row.id: row for row in list_series(store)}
    assert (listed[copy_id].status, listed[copy_id].winner) == \
        (listed[series_id].status, listed[series_id].winner)


def test_unfinished_series_record_round_trip(store, box):
    stored = started(store, box, "world", "17", actions=300)
    text = export(store, str(stored.id), "record", reveal=True)
    copy_id = import_record(store, box, text)
    assert export(store, str(copy_id), "record", reveal=True) == text
    copy = StoredSeries.load(store, copy_id)
    assert picture(copy.session)[:3] == picture(stored.session)[:3]


def test_single_game_round_trip(store, box):
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, f"{series_id}:2", "record")
    assert len(split_records(text)) == 1
    copy_id = import_record(store, box, text)
    assert export(store, f"{copy_id}:1", "record") == text
    with pytest.raises(CompanionError):
        export(store, f"{copy_id}:2", "record")


def test_one_game_exported_keeps_how_the_table_played_it(store, box):
    """One game exported from a series carries the series' dice and cards and who managed
    each side, by home and away (the game's own header has neither); imported, that game
    is an exhibition played on the same way (before, the computer's side came back a
    person's and the table's dice the companion's)."""
    header = {**series_header("divisional", THREE_GAMES), "Dice": "physical",
              "Team1Control": "human", "Team2Control": "computer"}
    series_id = create_series(store, box, header, simulated_session(box, header).entries)
    session = StoredSeries.load(store, series_id).session
    for number in (1, 2):
        text = export(store, f"{series_id}:{number}", "record")
        # the box score's QR code holds the same record (a scan imports it alike)
        from printables.boxscore import games_to_print
        assert games_to_print(session, number)[0].record == text
        tags = parse_record(text).header
        home = "team1" if tags["Home"] == session.series.teams["team1"] else "team2"
        assert (tags["Dice"], tags["HomeControl"], tags["AwayControl"]) == \
            ("physical", *(("human", "computer") if home == "team1" else
                           ("computer", "human")))
        copy_id = import_record(store, box, text)
        copy = StoredSeries.load(store, copy_id).session
        assert copy.series.teams["team1"] == tags["Home"]
        assert (copy.header["Dice"], copy.header["Team1Control"],
                copy.header["Team2Control"]) == \
            ("physical", tags["HomeControl"], tags["AwayControl"])
        assert export(store, f"{copy_id}:1", "record") == text
    # The computer with the table's cards is refused by the tag the file holds (the tags it
    # is read into, Team1Control..., are not in it)
    place = "Home" if tags["HomeControl"] == "computer" else "Away"
    with pytest.raises(CompanionError, match=f"header Cards, {place}Control: the computer "
                       "manages a side only with digital cards"):
        import_record(store, box, text.replace("]\n\n", ']\n[Cards "physical"]\n\n', 1))
    # A team key typed in another case (the import takes it) still exports: the home team
    # is the series rules', not the header's spelling (it raised StopIteration).
    home = tags["Home"]
    retyped = text.replace(f'[Home "{home}"]', f'[Home "{home.upper()}"]')
    copy_id = import_record(store, box, retyped)
    assert export(store, f"{copy_id}:1", "record") == retyped


@pytest.fixture
def data_copy(tmp_path):
    """The box the command line is given with --data: a copy, so that edits to data/ made
    while the tests run cannot change it between two commands."""
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    return folder


def test_cli_export_import_round_trip(tmp_path, path, data_copy):
    box = load_box(data_copy)
    with Store.open(path) as store:
        finished(store, box, "divisional", THREE_GAMES)
    exported = run_companion("export", "1", "--db", path)
    assert exported.returncode == 0, exported.stderr
    record = tmp_path / "series.txt"
    record.write_text(exported.stdout)
    imported = run_companion("--data", data_copy, "import", record, "--db", path)
    assert imported.returncode == 0 and "series 2" in imported.stdout, imported.stderr
    again = run_companion("export", "2", "--db", path)
    assert again.stdout == exported.stdout
    game = run_companion("export", "1:3", "--db", path)
    (tmp_path / "game.txt").write_text(game.stdout)
    imported = run_companion("--data", data_copy, "import", tmp_path / "game.txt", "--db",
                             path)
    assert imported.returncode == 0 and "series 3" in imported.stdout, imported.stderr
    assert run_companion("export", "3:1", "--db", path).stdout == game.stdout


def test_json_export_has_line_scores_and_pitchers(store, path, box):
    series_id = finished(store, box, "divisional", THREE_GAMES)
    document = json.loads(export(store, str(series_id), "json"))
    stored_games = rows(path, "SELECT * FROM games ORDER BY number")
    assert [g["number"] for g in document["games"]] == [g["number"] for g in stored_games]
    for game, stored_game in zip(document["games"], stored_games, strict=True):
        for side in ("home", "away"):
            innings = game["line"][side]
            assert innings and all(isinstance(runs, int) and runs >= 0 for runs in innings)
            assert sum(innings) == game["totals"][side]
        assert game["totals"]["home"] == stored_game["home_runs"]
        assert game["totals"]["away"] == stored_game["away_runs"]
        assert len(game["line"]["away"]) >= 9
        names = {p["name"] for p in game["pitchers"]}
        assert {game["header"]["HomeStarter"], game["header"]["AwayStarter"]} <= names
        for pitcher in game["pitchers"]:
            assert {"name", "team", "innings", "runs"} <= pitcher.keys()
        assert sum(p["runs"] for p in game["pitchers"]) == \
            game["totals"]["home"] + game["totals"]["away"]
        assert game["record"]
    assert document["winner"] == rows(path, "SELECT winner FROM series")[0]["winner"]
    one = json.loads(export(store, f"{series_id}:2", "json"))
    assert [g["number"] for g in one["games"]] == [2]
    assert one["games"][0] == document["games"][1]


def test_the_reports_leave_out_a_game_opened_but_not_begun(store, box):
    """A game the series opened with nothing played (game 2, right after game 1 ended) has
    no box score yet: the JSON and CSV reports hold game 1 only, as print does."""
    header = {**series_header("divisional", "5"), "Team1Control": "computer",
              "Team2Control": "computer"}
    stop = next(n for n in range(100, 600)
                if len(simulated_session(box, header, stop_after=n).games) == 2)
    session = simulated_session(box, header, stop_after=stop)
    assert not session.games[-1].actions
    series_id = create_series(store, box, header, session.entries)
    document = json.loads(export(store, str(series_id), "json"))
    assert [g["number"] for g in document["games"]] == [1]
    assert {row["game"] for row in csv.DictReader(io.StringIO(
        export(store, str(series_id), "csv")))} == {"1"}


def test_csv_export_has_line_pitcher_batter_and_fielder_rows(store, path, box):
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, str(series_id), "csv")
    reader = csv.DictReader(io.StringIO(text))
    assert tuple(reader.fieldnames) == CSV_COLUMNS
    table = list(reader)
    assert {"line", "pitcher", "batter", "fielder"} <= {row["kind"] for row in table}
    for game in rows(path, "SELECT * FROM games ORDER BY number"):
        number = str(game["number"])
        for side in ("home", "away"):
            team = game[side]
            runs = sum(int(row["runs"]) for row in table if row["game"] == number
                       and row["kind"] == "line" and row["team"] == team)
            assert runs == game[f"{side}_runs"], (number, side)
        pitchers = [row for row in table if row["game"] == number and row["kind"] == "pitcher"]
        assert pitchers and all(row["name"] for row in pitchers)


# -- a bad record is refused whole -----------------------------------------------------------


def damaged_record(text: str, game: int, line_index: int, replacement: str) -> tuple[str, str]:
    """The series record with one action line of game `game` replaced."""
    records = split_records(text)
    lines = records[game].splitlines()          # records[0] is the series header and lines
    actions = [i for i, line in enumerate(lines) if line and not line.startswith("[")]
    position = actions[line_index]
    lines[position] = replacement
    records[game] = "\n".join(lines) + "\n"
    return "".join(records), replacement


@pytest.mark.parametrize("replacement, words", [
    ("roll 7 1", "1..6"),
    ("home bats Nobody", "rule"),
])
def test_import_of_a_bad_line_names_game_and_line_and_stores_nothing(store, path, box,
                                                                     replacement, words):
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, str(series_id), "record")
    game_lines = split_records(text)[2].splitlines()
    actions = [line for line in game_lines if line and not line.startswith("[")]
    rolls = [i for i, line in enumerate(actions) if line.startswith("roll ")]
    bad, line = damaged_record(text, 2, rolls[5], replacement)
    before = (rows(path, "SELECT * FROM series"), rows(path, "SELECT * FROM events"),
              rows(path, "SELECT * FROM games"))
    with pytest.raises(RecordError) as raised:
        import_record(store, box, bad)
    message = str(raised.value)
    assert "game 2" in message and line in message and words in message
    after = (rows(path, "SELECT * FROM series"), rows(path, "SELECT * FROM events"),
             rows(path, "SELECT * FROM games"))
    assert after == before


def test_an_import_names_a_line_of_the_series_part_that_is_no_series_action(store, path,
                                                                            box):
    """Rule 3.0: a stray line at the foot of a series record's own part ('hello' before
    the first game's tags) was said to be 'left over after the series ended or stopped'
    (the series had not ended): it is named as no series action, with the forms one has,
    and nothing is stored."""
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, str(series_id), "record")
    first_game = text.index('[Game "')
    bad = text[:first_game] + "hello\n" + text[first_game:]
    line = bad[:bad.index("hello")].count("\n") + 1
    before = rows(path, "SELECT * FROM events")
    with pytest.raises(RecordError) as raised:
        import_record(store, box, bad)
    assert str(raised.value) == (f"line {line}: series: 'hello' is not a series action: a "
                                 "series line is 'team1 rotation A, B, C, D' or 'team2 "
                                 "starts NAME' (rule 3.0)")
    assert rows(path, "SELECT * FROM events") == before


def test_an_import_missing_a_series_line_says_what_the_series_awaits(store, path, box):
    """Rule 3.0: a series record whose series part lacks a line (a rotation cut) was said to
    hold hundreds of lines 'left over' that 'end in game 0': the series line awaited is
    named, before which game, at the first game line that waited on it."""
    series_id = finished(store, box, "divisional", THREE_GAMES)
    lines = export(store, str(series_id), "record").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("team2 rotation "))
    bad = "\n".join(lines[:cut] + lines[cut + 1:]) + "\n"
    first = next(i for i, line in enumerate(lines) if i > cut and line
                 and not line.startswith("["))      # the first game's first action
    with pytest.raises(RecordError) as raised:
        import_record(store, box, bad)
    said = str(raised.value)
    assert said.startswith(f"line {first}: the series awaits ")          # (one line cut)
    assert said.endswith("before game 1, and the record's series lines give none ('team2 "
                         "rotation A, B, C' (in the order they start), rule 3.0): was one "
                         "left out?"), said


@pytest.mark.parametrize("old, new, said", [
    # (told before any game is replayed: two games swapped, or one left out, read as a
    # lineup of the other team's pieces deep in the game)
    ('[SeriesGame "2"]', '[SeriesGame "3"]', "game 2: header SeriesGame: the record says '3' "
     "where game 2 is due: a series record holds its games in order, from 1 (were two "
     "moved, or one left out?)"),
    ('[SeriesGame "2"]', '[SeriesGame "2"]\n[HomeStarterFatigue "100"]', "game 2: header "
     "HomeStarterFatigue: the record says '100', but the rest rules (8.2.2, 8.2.3) give none "
     "now; leave the tag out to import the series as they read it"),
])
def test_an_import_refuses_a_game_header_its_series_does_not_give(store, path, box, old, new,
                                                                  said):
    """Rules 3.0, 8.2: a series' game header (home team, starters, rest) is made by its
    series lines; one edited in the record was imported and dropped without a word. It is
    refused at its line, nothing stored."""
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, str(series_id), "record")
    assert text.count(old) == 1
    before = rows(path, "SELECT * FROM series")
    with pytest.raises(RecordError) as raised:
        import_record(store, box, text.replace(old, new))
    assert said in str(raised.value)
    assert raised.value.line == text.splitlines().index(old) + (2 if "Fatigue" in new else 1)
    assert rows(path, "SELECT * FROM series") == before


def test_an_import_refuses_a_game_s_home_team_its_series_does_not_give(store, path, box):
    """Rule 3.0: game 2's home team is the series' to give: one edited is refused at its
    line, the series' lines named as what to edit."""
    series_id = finished(store, box, "divisional", THREE_GAMES)
    text = export(store, str(series_id), "record")
    lines = text.splitlines()
    at = lines.index('[SeriesGame "2"]') + 1
    home = lines[at]
    assert home.startswith('[Home "')
    other = "texas" if "new-york" in home else "new-york"
    lines[at] = f'[Home "{other}"]'
    with pytest.raises(RecordError) as raised:
        import_record(store, box, "\n".join(lines) + "\n")
    assert (f"game 2: header Home: the record says '{other}', but the series gives "
            f"{home[7:-2]!r} (a game's header follows its series' lines: edit those "
            "instead)") in str(raised.value)
    assert raised.value.line == at + 1


@pytest.mark.parametrize("tags, said", [
    ('[Dice "loaded"]', "header Dice: 'loaded' is not digital or physical"),
    ('[Cards "foo"]', "header Cards: 'foo' is not digital or physical"),
    ('[Team1Control "robot"]', "header Team1Control: 'robot' is not human or computer"),
    ('[Team2Control "computer"]\n[Cards "physical"]',
     "header Cards, Team2Control: the computer manages a side only with digital cards"),
])
def test_an_import_refuses_a_table_the_companion_cannot_keep(store, path, box, tags, said):
    """How a series is played (dice and cards digital or physical, each side a person's or
    the computer's, the computer only with digital cards) is checked on import as at the
    New series dialog: a record that sets anything else is refused, nothing stored
    (before, it imported and the table stopped at its first roll or played a hand it could
    not see)."""
    series_id = finished(store, box, "spring", "11")
    text = export(store, str(series_id), "record")
    bad = text.replace('[Scenario "spring"]', '[Scenario "spring"]\n' + tags, 1)
    assert bad != text
    before = rows(path, "SELECT * FROM series")
    with pytest.raises(CompanionError, match=re.escape(said)):
        import_record(store, box, bad)
    assert rows(path, "SELECT * FROM series") == before
    game = split_records(text)[-1]          # one game's record alone: its Dice too
    if tags.startswith("[Dice"):
        with pytest.raises(CompanionError, match=re.escape(said)):
            import_record(store, box, game.replace("]\n", "]\n" + tags + "\n", 1))


def test_an_import_refuses_a_seed_the_command_line_would(store, path, box):
    """A record's Seed is held to what `--seed` takes (one line of printable text, at most
    200 characters; a simulated game's ':N' beside it): before, an import stored a seed of
    any length that `simulate --seed` refused. Refused with its line, nothing stored."""
    series_id = finished(store, box, "spring", "11")
    text = export(store, str(series_id), "record")
    seed = re.search(r'^\[Seed "(.*)"\]$', text, re.MULTILINE)
    bad = text.replace(seed[0], '[Seed "' + "x" * 300 + '"]', 1)
    before = rows(path, "SELECT * FROM series")
    with pytest.raises(RecordError, match="header Seed: a seed of 300 characters: one line "
                       "of printable text, at most 200 characters") as raised:
        import_record(store, box, bad)
    assert raised.value.line == text.splitlines().index(seed[0]) + 1
    assert rows(path, "SELECT * FROM series") == before
    game = '[Seed "' + "x" * 200 + ':100000"]'        # the longest a simulation writes
    import_record(store, box, text.replace(seed[0], game, 1))
    with pytest.raises(RecordError, match="a seed of 201 characters"):
        import_record(store, box, text.replace(seed[0], '[Seed "' + "x" * 201 + '"]', 1))


@pytest.mark.parametrize("form, kind", [("json", "a JSON"), ("csv", "a CSV")])
def test_importing_a_report_export_says_only_a_record_imports(store, path, box, form, kind):
    """The JSON and CSV exports report the games; only the record form replays, and the
    import says so instead of failing on its first line."""
    series_id = finished(store, box, "spring", "11")
    text = export(store, str(series_id), form)
    before = rows(path, "SELECT * FROM series")
    with pytest.raises(RecordError, match=f"this is {kind} export, a report of the games: "
                                          "only a record \\(export --format record, the "
                                          "default\\) imports"):
        import_record(store, box, text)
    assert rows(path, "SELECT * FROM series") == before


def test_cli_import_of_a_bad_record(tmp_path, path, data_copy):
    box = load_box(data_copy)
    with Store.open(path) as store:
        finished(store, box, "divisional", THREE_GAMES)
        text = export(store, "1", "record")
    bad, line = damaged_record(text, 3, 10, "roll 0 3")
    record = tmp_path / "bad.txt"
    record.write_text(bad)
    before = rows(path, "SELECT * FROM events")
    result = run_companion("--data", data_copy, "import", record, "--db", path)
    assert result.returncode == 2
    assert "game 3" in result.stderr and line in result.stderr and "1..6" in result.stderr
    assert "Traceback" not in result.stderr
    assert rows(path, "SELECT COUNT(*) AS n FROM series") == [{"n": 1}]
    assert rows(path, "SELECT * FROM events") == before


def test_a_series_opens_on_its_box_even_when_the_checks_grew_stricter(store, path, box):
    """A series keeps the box it began with: a check added to the box format later (here
    rule 5.1.1 b's bonus on the Scoring Rolls, which the demo box of an earlier version
    broke) never keeps it from opening, showing or exporting; a new box is checked whole."""
    from companion.high_and_tight.box import load_box_texts

    texts = dict(box.texts)
    texts["cards.toml"] = texts["cards.toml"].replace(
        'bonus = [ { marker = "rolls", up = 1, when = { rating = "batter.speed", '
        'at_least = 3 } } ]',
        'bonus = [ { marker = "number", up = 1, when = { rating = "batter.speed", '
        'at_least = 3 } } ]', 1)
    assert texts["cards.toml"] != box.texts["cards.toml"]
    with pytest.raises(DataError, match=r"a bonus moves the Scoring Rolls marker only"):
        load_box_texts(texts)
    old_box = load_box_texts(texts, strict=False)
    assert old_box.card("Stretch a Single").bonus[0].marker == "number"
    series_id = finished(store, old_box, "divisional", THREE_GAMES)
    loaded = StoredSeries.load(store, series_id)
    assert loaded.session.box.fingerprint == old_box.fingerprint
    assert loaded.session.series.winner is not None
    assert export(store, str(series_id), "record").startswith("[")


# -- a file that refuses writes ------------------------------------------------------------


def fill_the_disk(store, monkeypatch) -> None:
    """What a full disk does to SQLite: every statement that would write is refused."""
    execute = store.db.execute

    def refused(sql, *args, **kwargs):
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE", "REPLACE"):
            raise sqlite3.OperationalError("database or disk is full")
        return execute(sql, *args, **kwargs)

    monkeypatch.setattr(store.db, "execute", refused)


def test_a_full_disk_refuses_the_step_with_a_message_and_keeps_what_was_recorded(
        path, box, monkeypatch):
    """SPEC 7: every accepted action is committed before it is shown; when the file cannot
    take one (a full disk) the step is refused with a StoreError the table shows, the session
    stays as it was, and once there is room again play goes on from the same place."""
    store = Store.open(path)
    stored = started(store, box, actions=30)
    before, seq = picture(stored.session), stored.seq
    line = play_next_line(stored)
    fill_the_disk(store, monkeypatch)
    with pytest.raises(StoreError, match=r"the game file could not be written \(database or "
                                         r"disk is full\); nothing of this step was recorded"):
        stored.push(line)
    assert picture(stored.session) == before and stored.seq == seq
    with pytest.raises(StoreError, match="could not be written"):
        stored.undo()
    assert picture(stored.session) == before
    store.close()                           # the lock cannot be written away: no error
    assert events(path)[-1]["seq"] == seq
    with Store.open(path) as again:         # the holder is gone: taken over
        assert again.took_over is not None
        resumed = StoredSeries.load(again, stored.id)
        assert picture(resumed.session) == before and resumed.seq == seq
        resumed.push(line)
        assert resumed.seq == seq + 1


def test_a_full_disk_at_the_start_says_the_file_is_untouched(path, box, monkeypatch):
    """SPEC 7: opening the file writes too (the lock, the schema's mark); a disk too full for
    that (a crash's log still beside the file) refuses the start saying what it means:
    nothing was opened and the file holds what it held (it said a step was not recorded,
    when none was being taken). With room again it opens, its series whole."""
    from sqlite_utils import Database

    with Store.open(path) as store:
        stored = started(store, box, actions=30)
        series_id, seq = stored.id, stored.seq
    execute = Database.execute

    def refused(self, sql, *args, **kwargs):
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE", "REPLACE"):
            raise sqlite3.OperationalError("database or disk is full")
        return execute(self, sql, *args, **kwargs)

    monkeypatch.setattr(Database, "execute", refused)
    with pytest.raises(StoreError) as failed:
        Store.open(path)
    assert str(failed.value) == (
        f"{path}: the game file could not be written (database or disk is full); it was "
        "not opened, and holds what it held: free some room on its disk (or make it "
        "writable) and start again")
    # A new file that cannot be set up says so. (It is not deleted: another companion
    # starting at the same moment may have made it.)
    with pytest.raises(StoreError) as failed:
        Store.open(path.with_name("new.db"))
    assert str(failed.value).endswith("it could not be set up (no game in it yet): free "
                                      "some room on its disk (or choose a writable folder) "
                                      "and start again")
    monkeypatch.undo()
    with Store.open(path) as again:
        assert StoredSeries.load(again, series_id).seq == seq


def test_a_step_refused_by_a_full_disk_keeps_the_redo_history(path, box, monkeypatch):
    """SPEC 7: a new step clears the redo history; a step the file refuses was never
    taken, so the redo history it would have cleared is still there to redo."""
    store = Store.open(path)
    stored = started(store, box, actions=30)
    undone = stored.undo()
    line = play_next_line(stored)
    fill_the_disk(store, monkeypatch)
    with pytest.raises(StoreError, match="could not be written"):
        stored.push(line)
    monkeypatch.undo()
    assert stored.session.redo_stack == [undone]
    assert stored.redo() == undone
    store.close()


# -- deleting a series -------------------------------------------------------------------


def test_deleting_a_series_removes_its_record_and_leaves_the_others_whole(store, path, box):
    first = finished(store, box, seed="11")
    second = started(store, box, seed="12", actions=40)
    second.save_figure(1, 3, "course", 0.5, 0.5)
    before = events(path, first)
    delete_series(store, second.id)
    assert [row.id for row in list_series(store)] == [first]
    for table in ("events", "games", "figures"):
        assert rows(path, f"SELECT * FROM {table} WHERE series_id = ?", [second.id]) == []
    assert events(path, first) == before          # the other series untouched
    assert StoredSeries.load(store, first).session.is_over()
    with pytest.raises(StoreError, match=f"no series {second.id} in"):
        delete_series(store, second.id)


def test_a_deleted_series_number_is_never_given_again(store, path, box):
    """Files are named after a series' number (a box score, an export): after the newest
    series is deleted, the next one takes a new number, also after the file is reopened."""
    first = started(store, box).id
    second = started(store, box, seed="12").id
    delete_series(store, second)
    third = started(store, box, seed="13").id
    assert third == second + 1
    delete_series(store, first)                 # an older number: the highest still holds
    store.close()
    with Store.open(path) as again:
        fourth = started(again, box, seed="14").id
        assert fourth == third + 1
        assert [row.id for row in list_series(again)] == [third, fourth]


def test_a_reader_cannot_delete_a_series(store, path, box):
    series_id = finished(store, box)
    with Store.open(path, readonly=True) as reader, pytest.raises(StoreError):
        delete_series(reader, series_id)
    assert [row.id for row in list_series(store)] == [series_id]


def test_series_delete_asks_for_yes_away_from_a_terminal(store, path, box):
    series_id = finished(store, box)
    store.close()
    refused = run_companion("series", "delete", str(series_id), "--db", path)
    assert refused.returncode == 2
    assert "add --yes to delete it (nothing was deleted)" in refused.stderr
    assert len(events(path, series_id)) > 0
    missing = run_companion("series", "delete", "9", "--yes", "--db", path)
    assert missing.returncode == 2 and "no series 9 in" in missing.stderr
    done = run_companion("series", "delete", str(series_id), "--yes", "--db", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"deleted series {series_id}: Divisional Series, ")
    assert events(path, series_id) == []
    assert rows(path, "SELECT * FROM series") == []


def test_an_export_gives_each_finished_game_its_result_which_import_holds_it_to(store, box):
    """A series' export (and one game's) says each finished game's final (`Result`, away-
    home), so an import of a record edited since (a roll changed: 12-7 for 11-7) is
    refused at the tag, where it went in without a word."""
    series_id = finished(store, box, "divisional", THREE_GAMES)
    session = StoredSeries.load(store, series_id).session
    text = export(store, str(series_id), "record")
    finals = [f"{g.state.away.total}-{g.state.home.total}" for g in session.games]
    assert re.findall(r'^\[Result "(.*)"\]$', text, re.MULTILINE) == finals
    assert f'[Result "{finals[1]}"]' in export(store, f"{series_id}:2", "record")
    away, home = map(int, finals[0].split("-"))
    edited = text.replace(f'[Result "{finals[0]}"]', f'[Result "{away + 1}-{home}"]', 1)
    before = export(store, str(series_id), "json")
    with pytest.raises(RecordError, match="game 1: ") as raised:
        import_record(store, box, edited)
    assert raised.value.line == text.splitlines().index(f'[Result "{finals[0]}"]') + 1
    assert export(store, str(series_id), "json") == before


def test_an_exhibition_undone_from_its_end_exports_without_its_old_result(store, box):
    """One game imported as an exhibition keeps its record's Result in its header: undone
    from its end, its export leaves the Result out (the game is not over), and replayed to
    another end it says the new one; either way the export imports again."""
    rules = HighAndTight(box)
    text = simulate_game(rules, "new-york", "texas", "ex-undo").text()
    series_id = import_record(store, box, text)
    stored = StoredSeries.load(store, series_id)
    stored.undo()
    again = series_record(stored.session)
    assert "[Result " not in again
    import_record(store, box, again)


def test_a_stored_line_that_reads_as_no_action_is_told_as_damage_as_well(path, box):
    """A byte gone bad in a stored roll ('roll 1 9': rule 4.6's dice are 1..6) is no action
    at all: the series still resumes before it, and the message says the file may be
    damaged and how to check it, not only that the rules changed."""
    store = Store.open(path)
    stored = started(store, box, actions=200)
    roll = next(e for e in events(path)[50:] if e["line"].startswith("roll "))
    store.db.execute("UPDATE events SET line = ? WHERE series_id = ? AND seq = ?",
                     ["roll 1 9", stored.id, roll["seq"]])
    store.db.conn.commit()
    resumed = StoredSeries.load(store, stored.id)
    said = resumed.stale.message(stored.id)
    assert resumed.stale.seq == roll["seq"] and resumed.stale.unread
    assert f"stored event {roll['seq']} ('roll 1 9') does not read as an action (" in said
    assert "`companion db salvage`" in said
    assert "refused by the rules" not in said
    assert len(resumed.session.entries) == roll["seq"] - 1
    store.close()
    # `db check` replays every series, as opening it would: SQLite's own check finds the
    # file whole, and the line is told all the same (exit 2).
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 2 and "integrity=ok" in result.stdout
    assert "series=1 " in result.stdout and result.stdout.strip().endswith("replayed=0")
    assert f"series {stored.id}: stored event {roll['seq']} ('roll 1 9') does not read as " \
        "an action" in result.stderr


def test_db_check_tells_each_damaged_series_and_replays_the_others(path, box):
    """`db check` replays every series: whatever the damage to one (a line gone NULL, a
    rewind to no event's number, a header or box copy edited by hand), that series is
    named with what is wrong, never a traceback, and every other one is still replayed.
    A header tag whose value is not text (a number, null) is such damage too: it was a
    traceback for series show, export and salvage."""
    store = Store.open(path)
    ids = [started(store, box, seed=str(n), actions=60).id for n in range(6)]
    db = store.db
    db.execute("UPDATE events SET line = NULL WHERE series_id = ? AND seq = 30", [ids[0]])
    db.execute("INSERT INTO events (series_id, seq, kind, scope, line, created) VALUES "
               "(?, 61, 'rewind', '', 'abc', '2026-01-01')", [ids[1]])
    db.execute("UPDATE series SET header = 'null' WHERE id = ?", [ids[2]])   # JSON, no header
    db.execute("UPDATE series SET box_files = '{}' WHERE id = ?", [ids[3]])
    db.execute("UPDATE series SET header = json_set(header, '$.Rules', 7) WHERE id = ?",
               [ids[5]])
    db.conn.commit()
    store.close()
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert result.stdout.strip().endswith("replayed=1")         # the one left whole
    told = result.stderr.splitlines()
    assert told[0] == f"companion: series {ids[0]}, event 30: its line is None, not text"
    assert told[1] == (f"companion: series {ids[1]}, event 61: a rewind to 'abc', not an "
                       "event's number")
    assert told[2].startswith(f"companion: series {ids[2]}: its header in the game file "
                              "cannot be read")
    assert told[3].startswith(f"companion: series {ids[3]}: its box copy in the game file "
                              "lacks box.toml, teams.toml")
    assert told[4].startswith(f"companion: series {ids[5]}: its header in the game file "
                              "cannot be read")
    assert len(told) == 5
    for command in (("series", "show", str(ids[5])), ("export", str(ids[5]))):
        result = run_companion(*command, "--db", path)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert "its header in the game file cannot be read" in result.stderr
    # salvage reads them as the check does: the sound one and the one cut at its line are
    # copied, the others said, no traceback
    result = run_companion("db", "salvage", "--db", path, "--out", path.with_name("new.db"))
    assert "Traceback" not in result.stderr, result.stderr
    assert f"series {ids[2]}: its header cannot be read" in result.stdout + result.stderr
    assert f"series {ids[5]}: its header cannot be read" in result.stdout + result.stderr


def test_a_listing_edited_apart_from_its_record_is_told_and_written_again(path, box):
    """The lists read a series' finished games and status kept beside its record: a hand's
    edit there (a game deleted, a series over set back to playing) listed 'won 1-1' or a
    fourth game of a best-of-three, and `db check` found the file sound. It names the
    difference now (exit 2), and opening the series at the table writes the listing again
    from the record, which is the truth."""
    from companion.tui.table import Table

    store = Store.open(path)
    over = started(store, box, seed=THREE_GAMES)
    play_series(over.session, over.push, THREE_GAMES)
    playing = started(store, box, seed="5", actions=400)
    assert over.session.series.winner and len(over.session.series.results) == 3
    assert playing.session.series.results and not playing.session.series.winner
    assert over.listing_apart() is None and playing.listing_apart() is None
    winner = over.session.series.teams[over.session.series.winner]
    team1 = playing.session.series.teams["team1"]
    db = store.db
    db.execute("DELETE FROM games WHERE series_id = ? AND number = 3", [over.id])
    db.execute("UPDATE series SET status = 'over', winner = team1 WHERE id = ?", [playing.id])
    db.execute("UPDATE games SET home_runs = home_runs + 1 WHERE series_id = ?", [playing.id])
    db.conn.commit()
    store.close()
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 2 and result.stdout.strip().endswith("replayed=2")
    told = result.stderr.splitlines()
    assert told[0] == (
        f"companion: series {over.id}: its listing in the game file does not agree with its "
        "record (2 finished games listed, 3 played; was the file edited by hand?); opening "
        f"it at the table (companion play --series {over.id} --db {path}) writes the listing "
        "again from the record")
    assert (f"series {playing.id}: its listing in the game file does not agree with its "
            "record (a finished game's number, teams, score, innings or winner; listed won by "
            f"{over.session.series.teams['team1']}, the record playing;") in told[1]
    before = [row.progress() for row in list_series(Store.open(path, readonly=True))]
    with Store.open(path) as store:
        # A write that fails (a busy or full disk) keeps no series from opening: the listing
        # is mended the next time.
        real = store.write

        def refused(*args, **kwargs):
            raise StoreError(f"{path}: the game file could not be written (disk full)")

        store.write = refused
        assert Table(store, over.id).stored.listing_apart() is not None
        store.write = real
        for series_id in (over.id, playing.id):
            Table(store, series_id)
    assert run_companion("db", "check", "--db", path).returncode == 0
    with Store.open(path, readonly=True) as view:
        after = [row.progress() for row in list_series(view)]
        again = StoredSeries.load(view, over.id)
        assert again.listing_apart() is None
    first = playing.session.series.teams[playing.session.series.results[0].winner]
    assert len(playing.session.series.results) == 1 and first == team1
    assert (before, after) == ([f"{winner} won 1-1", f"{team1} won 1-0"],
                               [f"{winner} won 2-1", f"game 2, {first} lead 1-0"])


def test_a_box_copy_edited_in_the_game_file_is_told_as_the_files_not_a_folders(path, box):
    """A value gone bad in a series' own copy of its box (kept in the game file) was told
    with "'companion data check DIR' checks a box folder", a folder no check can reach."""
    store = Store.open(path)
    stored = started(store, box, actions=20)
    texts = json.loads(store.db["series"].get(stored.id)["box_files"])
    texts["box.toml"] = re.sub(r"dh_defense\s*=\s*\d+", "dh_defense = 44", texts["box.toml"])
    store.db["series"].update(stored.id, {"box_files": json.dumps(texts)})
    store.close()
    result = run_companion("series", "show", str(stored.id), "--db", path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "field 'dh_defense'" in result.stderr and "0..9" in result.stderr
    assert f"series {stored.id}'s copy of its box, kept in the game file, no longer reads" \
        in result.stderr
    assert "data check DIR" not in result.stderr


def test_db_check_tells_steps_of_a_series_the_file_no_longer_lists(path, box):
    """A series' row deleted by hand left its steps behind, read by no command, and `db
    check` said the file was sound (deleting a series takes its steps with it)."""
    store = Store.open(path)
    kept = started(store, box, actions=30)
    gone = started(store, box, seed="12", actions=25)
    store.close()
    hand = sqlite3.connect(path)            # (sqlite3's shell: no foreign keys enforced)
    hand.execute("DELETE FROM series WHERE id = ?", [gone.id])
    hand.commit()
    hand.close()
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 2 and result.stdout.strip().endswith("replayed=1")
    assert result.stderr.splitlines() == [
        f"companion: 25 stored events of series {gone.id}, which the file does not list (was "
        "the file edited by hand?): no command reads them; `companion db salvage --db "
        f"{path} --out NEW.db` copies what can still be read into a new file"]
    # A new series takes a number of its own: the one left took those steps as its own.
    with Store.open(path) as store:
        delete_series(store, kept.id)
        new = started(store, box, seed="13")
        assert new.id == gone.id + 1 and new.session.entries == []
    assert run_companion("db", "check", "--db", path).returncode == 2   # (the steps stay)
