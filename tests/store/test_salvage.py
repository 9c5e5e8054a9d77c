"""`db salvage`: what can still be read of a damaged game file goes into a new one."""

from __future__ import annotations

import random
import re
import sqlite3

import pytest

from companion.store.db import Store, StoreDamaged, StoreError
from companion.store.series_store import StoredSeries, create_series, list_series

from .test_db import stored_game_file
from .util import run_companion, series_header, sha256, simulated_session


def table_pages(path, table: str = "events") -> list[int]:
    """The pages holding a table's rows, in file order (SQLite's dbstat; the series table's
    hold one series each in these files)."""
    conn = sqlite3.connect(path)
    try:
        return [row[0] for row in conn.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            [table])]
    except sqlite3.OperationalError:
        pytest.skip(f"this SQLite has no dbstat table to find the {table} table's pages with")
    finally:
        conn.close()


def damage_page(path, number: int) -> None:
    data = bytearray(path.read_bytes())
    start = (number - 1) * 4096
    data[start + 100:start + 4096] = random.Random(number).randbytes(4096 - 100)
    path.write_bytes(bytes(data))


def test_salvage_keeps_every_event_read_before_the_damage(tmp_path, box):
    """A page of events overwritten: the file is refused (and says salvage exists); salvage
    writes a new file holding the series with every step up to the first event it cannot
    read, replaying as the table does, and leaves the damaged file as it was."""
    path = tmp_path / "games.db"
    series_id, whole, said, kept = salvaged(
        path, box, lambda: damage_page(path, table_pages(path)[-2]))
    assert said[0].startswith(f"series {series_id} -> series 1: ")
    assert "the events from " in said[0] and "cannot be read" in said[0]
    assert said[-1] == f"wrote {tmp_path / 'saved.db'}; {path} was not changed"
    assert f"{len(kept)} steps" in said[0]


def salvaged(path, box, damage) -> tuple[int, list[str], list[str], list[str]]:
    """A stored series damaged by `damage()`: refused, salvaged into saved.db beside it,
    and left as it was; (its id, its steps, what salvage said, the steps it kept: fewer,
    and the first ones, in order)."""
    series_id = stored_game_file(path, box)
    with Store.open(path, readonly=True) as store:
        whole = [e.line for e in StoredSeries.load(store, series_id).session.entries]
    damage()
    with pytest.raises(StoreDamaged, match="db salvage"):
        Store.open(path, readonly=True)
    said, kept = salvage_beside(path)
    assert 0 < len(kept) < len(whole) and kept == whole[:len(kept)]
    return series_id, whole, said, kept


def salvage_beside(path) -> tuple[list[str], list[str]]:
    """`db salvage` of `path` into saved.db beside it, the damaged file left as it was:
    (what it said, the steps of the one series saved)."""
    before = sha256(path)
    out = path.with_name("saved.db")
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    assert sha256(path) == before
    with Store.open(out, readonly=True) as store:
        assert [row.id for row in list_series(store)] == [1]
        kept = [e.line for e in StoredSeries.load(store, 1).session.entries]
    return result.stdout.splitlines(), kept


def test_salvage_of_a_file_with_nothing_readable_writes_nothing(tmp_path):
    path = tmp_path / "noise.db"
    path.write_bytes(random.Random(2024).randbytes(64 * 1024))
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 2 and "no series can be read from it" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists() and not list(tmp_path.glob("saved.db*"))


def test_salvage_of_a_folder_says_so_as_every_command_does(tmp_path):
    """A folder given as the game file is named a folder (salvage alone said 'no game file
    there', which sent a player looking for a lost file)."""
    folder = tmp_path / "games.db"
    folder.mkdir()
    result = run_companion("db", "salvage", "--db", folder, "--out", tmp_path / "out.db")
    checked = run_companion("db", "check", "--db", folder)
    assert result.returncode == checked.returncode == 2
    assert result.stderr == checked.stderr == (f"companion: {folder}: is a folder; give the "
                                               "game file's own path (for example games.db)\n")


def test_salvage_of_a_newer_version_s_file_is_refused_as_every_command_does(tmp_path, box):
    """A file a newer companion wrote is no damage: salvage read it into this version's
    schema without a word (what the newer one added lost); it is refused with what to do,
    as opening it is, and nothing is written."""
    from companion.store.db import SCHEMA_VERSION

    path = tmp_path / "games.db"
    stored_game_file(path, box)
    conn = sqlite3.connect(str(path))
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 2 and "newer version of the companion" in result.stderr
    assert not out.exists()


def test_salvage_never_writes_over_a_file(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    out = tmp_path / "there.db"
    out.write_bytes(b"mine")
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 2 and "the file exists; give a new file" in result.stderr
    assert out.read_bytes() == b"mine"
    result = run_companion("db", "salvage", "--db", path, "--out", path)
    assert result.returncode == 2


def killed_mid_series(tmp_path, box) -> tuple:
    """A game file as a table killed mid-series leaves it: the newest steps only in its
    -wal (copied while the writer still has the file open). (path, every step's line)."""
    import shutil

    from companion.store.series_store import create_series

    from .util import series_header, simulated_session

    header = series_header("divisional", "4")
    entries = simulated_session(box, header).entries
    live = tmp_path / "live.db"
    with Store.open(live) as store:
        series_id = create_series(store, box, header, entries[:40])
        stored = StoredSeries.load(store, series_id)
        for entry in entries[40:90]:
            stored.push(entry.line)
        folder = tmp_path / "killed"
        folder.mkdir()
        for name in ("live.db", "live.db-wal"):
            shutil.copyfile(tmp_path / name, folder / name)
    assert (folder / "live.db-wal").stat().st_size > 0
    return folder / "live.db", [entry.line for entry in entries[:90]]


def test_salvage_reads_the_steps_still_in_the_wal(tmp_path, box):
    """A table killed mid-series keeps its newest steps in the -wal beside the file:
    salvage reads them too (from a copy of the two; the file and its -wal are left as they
    were), not only what reached the main file."""
    path, steps = killed_mid_series(tmp_path, box)
    before = (sha256(path), sha256(path.with_name("live.db-wal")))
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    assert "90 steps" in result.stdout and "lost" not in result.stdout
    assert (sha256(path), sha256(path.with_name("live.db-wal"))) == before
    with Store.open(out, readonly=True) as store:
        assert [e.line for e in StoredSeries.load(store, 1).session.entries] == steps


def test_salvage_skips_a_series_it_cannot_read_and_falls_back_to_the_bundled_box(
        tmp_path, box):
    """One series' events damaged (an unknown kind, a row missing) stops that series
    there, never the others; a series whose frozen box copy cannot be read is saved with
    the bundled box when its header names that very box. Nothing saved at all exits 2."""
    path = tmp_path / "games.db"
    first = stored_game_file(path, box, seed="4")
    second = stored_game_file(path, box, seed="5")
    third = stored_game_file(path, box, seed="6")
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE events SET kind = 'bogus' WHERE series_id = ? AND seq = 50",
                     [first])
        conn.execute("DELETE FROM events WHERE series_id = ? AND seq = 30", [second])
        conn.execute("UPDATE series SET box_files = 'not json' WHERE id = ?", [third])
    conn.close()
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[0].startswith(f"series {first} -> series 1: 49 steps")
    assert "the events from 50 on are lost" in said[0]
    assert said[1].startswith(f"series {second} -> series 2: 29 steps")
    assert "the events from 30 on are lost" in said[1]
    assert said[2].startswith(f"series {third} -> series 3: ") and "lost" not in said[2]
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE series SET header = 'not json'")
    conn.close()
    result = run_companion("db", "salvage", "--db", path, "--out", tmp_path / "none.db")
    assert result.returncode == 2 and "nothing was salvaged" in result.stderr
    assert not list(tmp_path.glob("none.db*"))


def test_a_missing_event_is_damage_not_a_rules_change(tmp_path, box):
    """Events are numbered as they are appended: a row the file lost is said as damage
    (with salvage to turn to), never offered as a step the rules now refuse."""
    from companion.store.series_store import EventDamage

    path = tmp_path / "games.db"
    series_id = stored_game_file(path, box)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM events WHERE series_id = ? AND seq = 100", [series_id])
    conn.close()
    with Store.open(path, readonly=True) as store:
        with pytest.raises(EventDamage, match="event 100 is missing from the file"):
            StoredSeries.load(store, series_id)


def test_a_read_only_folder_still_reads_the_steps_in_the_wal(tmp_path, box):
    """A game file copied with its -wal (no -shm) into a folder the player may not write
    to: SQLite cannot make the shared memory a WAL file is read with; the readers (export,
    series list, db check, follow) read a copy of the two instead of the file alone, so the
    newest steps are there."""
    import subprocess

    from .test_db import as_a_player
    from .util import companion_command

    path, steps = killed_mid_series(tmp_path, box)
    folder = path.parent
    folder.chmod(0o555)
    try:
        result = subprocess.run([*as_a_player(), *companion_command(), "export", "1",
                                 "--reveal", "--db", str(path)], capture_output=True, text=True,
                                timeout=120)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 0, result.stderr
    lines = iter(result.stdout.splitlines())
    assert all(step in lines for step in steps[40:])    # the steps only the -wal holds,
    #                                                     in order (the iterator goes on)
    assert not path.with_name("live.db-shm").exists()


def test_an_empty_file_beside_its_log_is_refused_untouched(tmp_path, box):
    """A game file cut to nothing while its -wal still holds the newest steps: opening it
    as a new file would drop the log, the last copy of them. It is refused, and both stay
    as they were."""
    path, _ = killed_mid_series(tmp_path, box)
    path.write_bytes(b"")
    wal = path.with_name("live.db-wal")
    before = sha256(wal)
    for readonly in (False, True):
        with pytest.raises(StoreError, match="the game file is empty while its log"):
            Store.open(path, readonly=readonly)
    result = run_companion("series", "new", "--scenario", "spring", "--team1", "texas",
                           "--team2", "new-york", "--db", path)
    assert result.returncode == 2 and "keeping the log beside it" in result.stderr
    assert sha256(wal) == before and path.stat().st_size == 0


def test_a_file_cut_short_gives_back_the_steps_in_the_pages_it_holds(tmp_path, box):
    """A copy that stopped midway (a full stick, a sync cut off) holds fewer pages than its
    header counts: SQLite then calls every table malformed and nothing was salvaged. The
    salvage's own copy is filled out with empty pages to the length its header counts, so
    the series comes back up to its first event past the cut; the cut file says so and
    stays as it was; the series keeps its date."""
    path = tmp_path / "games.db"
    cut = {}

    def cut_off():
        with Store.open(path, readonly=True) as store:
            cut["created"] = list_series(store)[0].created
        cut["pages"] = path.stat().st_size // 4096
        cut["keep"] = table_pages(path)[-3]                # the last pages of events go
        path.write_bytes(path.read_bytes()[:cut["keep"] * 4096 + 1234])    # (mid-page)

    series_id, _, said, _ = salvaged(path, box, cut_off)
    assert said[0] == (f"{path} is cut short: it holds {cut['keep']} of the {cut['pages']} "
                       "pages its header counts (a copy or a disk that stopped midway?); the "
                       "lines below say what was read")
    assert said[1].startswith(f"series {series_id} -> series 1: ") and "are lost" in said[1]
    saved = path.with_name("saved.db")
    assert run_companion("series", "list", "--db", saved).stdout.split()[1] == cut["created"]


def test_a_file_cut_short_by_less_than_a_page_is_refused_and_left_as_it_was(tmp_path, box):
    """SQLite reads a short last page's missing bytes as zeros, and its quick check passed
    where they were the box copy's overflow: the file listed its series with a blank
    winner, and a writer padded it to whole pages (after which the cut could not be seen).
    Refused by every opening now, unchanged, with salvage named; salvage says the cut."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    path.write_bytes(path.read_bytes()[:-100])
    before, pages = sha256(path), -(-path.stat().st_size // 4096)
    for readonly in (True, False):
        with pytest.raises(StoreDamaged, match=f"is cut short: it holds {pages - 1} of the "
                           f"{pages} pages its header counts .*it was not changed; "
                           "`companion db salvage"):
            Store.open(path, readonly=readonly)
    for command in (("db", "check"), ("series", "list"),
                    ("series", "new", "--scenario", "spring", "--team1", "texas", "--team2",
                     "new-york")):
        result = run_companion(*command, "--db", path)
        assert result.returncode == 2 and "is cut short" in result.stderr, command
    assert sha256(path) == before and not path.with_name("games.db-wal").exists()
    result = run_companion("db", "salvage", "--db", path, "--out", tmp_path / "saved.db")
    assert result.returncode == 0 and "is cut short" in result.stdout
    assert sha256(path) == before


@pytest.mark.parametrize("count", [0xFFFFFFF0, 0x10000])
def test_a_damaged_page_count_in_the_header_still_salvages_every_series(tmp_path, box, count):
    """A count past belief (4 GiB of pages) made the copy's extension fail with a traceback;
    its copy now has the count cleared, so SQLite counts the pages there are. A count
    SQLite does not trust (the change counter and the version it was valid for differ) is
    no cut at all. Either way every series comes back whole."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    data = bytearray(path.read_bytes())
    data[28:32] = count.to_bytes(4, "big")
    if count == 0x10000:                    # a count SQLite itself no longer trusts
        data[92:96] = (int.from_bytes(data[24:28], "big") + 1).to_bytes(4, "big")
    path.write_bytes(bytes(data))
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert any("cut short" in line for line in said) == (count == 0xFFFFFFF0)
    assert said[-2].startswith("series 1 -> series 1: ") and "lost" not in said[-2]


def test_a_cut_that_takes_the_index_still_gives_back_the_events_before_it(tmp_path):
    """A series played step by step (stored as it goes) puts its index on (series, seq)
    in pages written after the first pages of events: a file cut short there kept its
    first events, but reading them by the index lost every one (nothing was salvaged).
    Salvage also reads along the table in row order and keeps the longer reading: every
    event in the pages held before the first one lost comes back."""
    path = tmp_path / "games.db"
    result = run_companion("simulate", "--series", "divisional", "--seed", "3",
                           "--db", path)
    assert result.returncode == 0, result.stderr
    conn = sqlite3.connect(path)
    try:
        leaves = conn.execute("SELECT name, pageno, ncell FROM dbstat WHERE pagetype = "
                              "'leaf' AND name IN ('events', 'idx_events_series_id_seq') "
                              "ORDER BY path").fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find the events' pages with")
    finally:
        conn.close()
    keep = min(page for name, page, _ in leaves if name.startswith("idx_")) - 1
    held = 0                        # the events in the table's leaves, in order, to the cut
    for name, page, cells in leaves:
        if name == "events":
            if page > keep:
                break
            held += cells
    assert held > 0, leaves
    path.write_bytes(path.read_bytes()[:keep * 4096])
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[1].startswith(f"series 1 -> series 1: {held} steps"), said
    assert f"the events from {held + 1} on are lost" in said[1]


def test_salvage_keeps_the_dice_the_table_switched_to(tmp_path, box):
    """The dice a table switched to (Switch dice, kept with the series: README) go with the
    series salvaged; the salvaged series opened on the dice it began with."""
    from companion.store.series_store import DICE_NOTE

    path = tmp_path / "games.db"

    def switch_then_damage():
        with Store.open(path) as store:
            stored = StoredSeries.load(store, 1)
            assert stored.session.header.get("Dice", "digital") == "digital"
            stored.keep_note(DICE_NOTE, "physical")
        damage_page(path, table_pages(path)[-2])

    salvaged(path, box, switch_then_damage)
    with Store.open(path.with_name("saved.db"), readonly=True) as store:
        assert StoredSeries.load(store, 1).note(DICE_NOTE) == "physical"


def test_a_file_whose_sqlite_header_alone_is_damaged_is_salvaged_whole(tmp_path, box):
    """The first 100 bytes (SQLite's header) overwritten, everything after them whole: the
    file is told damaged, with salvage (it was 'not an SQLite database at all'), and salvage
    writes the header afresh in its copy and recovers every step (it recovered none)."""
    path = tmp_path / "games.db"
    series_id = stored_game_file(path, box)
    with Store.open(path, readonly=True) as store:
        whole = [e.line for e in StoredSeries.load(store, series_id).session.entries]
    data = bytearray(path.read_bytes())
    data[:100] = random.Random(7).randbytes(100)
    path.write_bytes(bytes(data))
    with pytest.raises(StoreDamaged, match=r"its first bytes \(SQLite's header\) are damaged; "
                       "it was not changed; `companion db salvage"):
        Store.open(path, readonly=True)
    assert salvage_beside(path)[1] == whole
    # a text file that merely begins wrong is still no game file
    other = tmp_path / "notes.txt"
    other.write_bytes(b"x" * 4096)
    with pytest.raises(StoreError, match="not an SQLite database at all"):
        Store.open(other, readonly=True)


def test_a_cut_that_takes_the_list_of_series_still_gives_back_the_series_before_it(tmp_path,
                                                                                  box):
    """A file of many series cut short where the series table's last leaf was: listing the
    series failed and nothing was salvaged, though most of the file read. The series are
    named along the tables a row at a time and each read by its number: those whose pages
    are held come back."""
    path = tmp_path / "games.db"
    twelve_series(path, box)
    leaves = table_pages(path, "series")
    assert len(leaves) > 1, leaves
    path.write_bytes(path.read_bytes()[:(leaves[-1] - 1) * 4096])
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[1].startswith("series 1 -> series 1: "), said


def test_a_dice_note_that_cannot_be_written_leaves_the_series_saved(tmp_path, box,
                                                                     monkeypatch):
    """The dice switched to, written after the series (a full disk by then): the series
    stays saved and its line says the switch was not kept (the salvage stopped midway)."""
    from companion.store import salvage as salvaging
    from companion.store.series_store import DICE_NOTE

    path = tmp_path / "games.db"
    stored_game_file(path, box)
    with Store.open(path) as store:
        StoredSeries.load(store, 1).keep_note(DICE_NOTE, "physical")

    def full(self, key, value):
        raise StoreError("the disk is full")

    monkeypatch.setattr(salvaging.StoredSeries, "keep_note", full)
    with Store.open(tmp_path / "saved.db") as out:
        said = salvaging.salvage(path, out)
        assert [row.id for row in list_series(out)] == [1]
    assert said[-1].endswith("; the dice switched to (physical) were not kept (the disk is "
                             "full)"), said


def twelve_series(path, box, stop_after: int | None = None) -> None:
    """A game file of twelve one-game series (Spring Training), each stored whole at once;
    with `stop_after`, each stopped after that many steps, its game still in play."""
    with Store.open(path) as store:
        for seed in range(12):
            header = series_header("spring", str(seed))
            create_series(store, box, header,
                          simulated_session(box, header, stop_after=stop_after).entries)


def test_a_cut_names_the_series_whose_rows_it_lost(tmp_path, box):
    """A file of twelve series cut where the fourth one's row was: salvage said the series
    it read and not a word of the others (at the cut a user made at 150 kB, series 1-2
    copied, series 3 'not saved', then nothing of series 4-12), so the new file seemed to
    be all there was. The series the other tables still name (their finished games, their
    notes) are said, a range at a time, and the last line says how many were saved and
    that a series with nothing left before the cut cannot be seen."""
    path = tmp_path / "games.db"
    twelve_series(path, box)
    leaves = table_pages(path, "series")
    path.write_bytes(path.read_bytes()[:(leaves[3] - 1) * 4096])
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[0].startswith(f"{path} is cut short")
    saved = [line for line in said if " -> " in line]
    assert saved and saved[0].startswith("series 1 -> series 1: ")
    told = set()                    # every series of the twelve is said, saved or not
    for line in said[1:-2]:
        span = line.split(":")[0].split()[1].split(" ")[0]
        first, _, last = span.partition("-")
        told.update(range(int(first), int(last or first) + 1))
    assert told == set(range(1, 13)), said
    assert re.fullmatch(r"series \d+-12: their rows cannot be read, only their finished "
                        "games and notes: not saved", said[-3]), said
    assert said[-2] == (f"saved {len(saved)} of the 12 series the file still names; a "
                        "series whose rows all lay past the cut cannot be seen: there may "
                        "have been more")
    assert said[-1] == f"wrote {out}; {path} was not changed"
    with Store.open(out, readonly=True) as store:
        assert len(list_series(store)) == len(saved)


def cut_after_a_series(path) -> int:
    """The file cut right after the page holding the last event of a series whose entries
    in the index on (series, seq) lie in a later page: its every event is held, but the
    reading by the index stops at the cut, and so does the one along the table (with the
    next series' rows). Which series that is."""
    conn = sqlite3.connect(path)
    try:
        def leaves(name):
            return conn.execute("SELECT pageno, ncell FROM dbstat WHERE name = ? AND "
                                "pagetype = 'leaf' ORDER BY path", [name]).fetchall()
        events, index = leaves("events"), leaves("idx_events_series_id_seq")
        counts = conn.execute("SELECT series_id, count(*) FROM events GROUP BY series_id "
                              "ORDER BY series_id").fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find the events' pages with")
    finally:
        conn.close()

    def page_of(pages, row):            # the page holding the table's (or index's) row-th
        for page, cells in pages:
            if row <= cells:
                return page
            row -= cells

    rows = 0
    for series_id, count in counts[:-1]:
        rows += count
        keep = page_of(events, rows)
        if series_id > 1 and page_of(index, rows) > keep and page_of(events, rows + 1) == keep:
            path.write_bytes(path.read_bytes()[:keep * 4096])
            return series_id
    raise AssertionError(f"no series ends before its index entries: {events} {index}")


@pytest.mark.parametrize("played", ["over", "in play", "in play, no note"])
def test_a_reading_stopped_at_the_cut_claims_no_loss_the_file_does_not_show(tmp_path, box,
                                                                           played):
    """A cut right after a series' last event: its events were read to their end, but the
    reading stopped at the cut, and salvage said 'the events from 258 on are lost' of a
    series whose one game was over (none can follow it). A loss is said only where the
    file shows one; a series over is saved whole; one in play whose game-in-play note
    (written with every event) ends at the last event read is saved whole; without that
    note (an older companion's file) nothing can tell, and the line says no loss."""
    path = tmp_path / "games.db"
    twelve_series(path, box, stop_after=None if played == "over" else 150)
    if played == "in play, no note":
        conn = sqlite3.connect(path)
        with conn:
            conn.execute("DELETE FROM meta WHERE key LIKE 'series/%/where'")
        conn.close()
    with Store.open(path, readonly=True) as store:
        steps = {row.id: len(StoredSeries.load(store, row.id).session.entries)
                 for row in list_series(store)}
    series_id = cut_after_a_series(path)
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines()
                if line.startswith(f"series {series_id} -> "))
    games = "1 game" if played == "over" else "0 games"
    head = f"series {series_id} -> series {series_id}: {steps[series_id]} steps, {games} finished"
    assert "lost" not in line
    if played == "over":
        assert line == f"{head}; saved whole (the series is over)"
    elif played == "in play":
        assert line == f"{head}; saved whole"
    else:
        assert line == (f"{head}; it stops at event {steps[series_id]}: any events after it "
                        "are past what can be read (database disk image is malformed)")
    with Store.open(out, readonly=True) as store:
        kept = {row.id: len(StoredSeries.load(store, row.id).session.entries)
                for row in list_series(store)}
    assert kept[series_id] == steps[series_id]


def test_a_series_row_lost_in_a_damaged_page_is_still_named(tmp_path, box):
    """A page of the series table overwritten: the list of series read without an error
    and without the series whose row it held, and salvage said nothing of it. The series
    the other tables name (its steps, its finished game, its notes) is said, with how many
    were saved."""
    path = tmp_path / "games.db"
    twelve_series(path, box)
    damage_page(path, table_pages(path, "series")[4])
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert any(line.startswith("series 5: ") and line.endswith(": not saved")
               for line in said), said     # (here: 'its row cannot be read, only its steps,
    #                                        finished games and notes: not saved')
    assert said[-2].startswith("saved 11 of the ") and said[-2].endswith(
        "series the file still names; a series whose rows all lay in its damaged pages "
        "cannot be seen: there may have been more"), said
