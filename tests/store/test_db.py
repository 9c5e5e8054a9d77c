"""The game file (SPEC 7): schema, migrations with a backup, the writer's lock, damaged files."""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from companion.engine.errors import CompanionError
from companion.store.db import (
    JOURNAL_MAGIC,
    SCHEMA_VERSION,
    Store,
    StoreDamaged,
    StoreError,
    StoreLocked,
    default_path,
)
from companion.store.series_store import StoredSeries, create_series, list_series

from .util import (
    ROOT,
    rows,
    run_companion,
    run_python,
    series_header,
    sha256,
    simulated_session,
)

EXPECTED_COLUMNS = {
    "series": ["id", "created", "scenario", "team1", "team2", "header", "box_fingerprint",
               "box_files", "status", "winner"],
    "events": ["id", "series_id", "seq", "kind", "scope", "line", "created"],
    "games": ["id", "series_id", "number", "home", "away", "home_runs", "away_runs",
              "innings", "winner"],
    "meta": ["key", "value"],
    "lock": ["id", "pid", "host", "since", "token"],
    "figures": ["id", "series_id", "game", "step", "course", "p_team1", "p_series",
                "created"],
}

# A second writer in its own process: exit 3 with the refusal, or say it opened the file.
SECOND_WRITER = """
import sys
from companion.store.db import Store, StoreLocked
try:
    store = Store.open(sys.argv[1])
except StoreLocked as error:
    print(error)
    sys.exit(3)
print("opened", store.took_over)
store.close()
"""

# A writer that keeps a computer-played World Series going, slowed down so that other
# processes surely try the file while it is committing event after event.
SLOW_HOLDER = """
import sys, time
from companion.high_and_tight.box import load_box
from companion.high_and_tight.simulate import play_series
from companion.store.db import Store
from companion.store.series_store import StoredSeries, create_series, list_series
store = Store.open(sys.argv[1])
series_id = create_series(store, load_box(), {"Scenario": "world", "Team1": "new-york",
                                              "Team2": "texas", "Rules": "rest,short-rest"})
stored = StoredSeries.load(store, series_id)

def push(line):
    stored.push(line)
    time.sleep(0.003)

play_series(stored.session, push, "3")
print("winner", stored.session.series.winner)
store.close()
"""

# A read-only follower in its own process.
FOLLOWER = """
import sys
from companion.store.db import Store
with Store.open(sys.argv[1], readonly=True) as store:
    report = store.check()
    print(report["integrity"], report["series"], report["events"])
"""

# A writer that holds the file until it is killed.
HOLDER = """
import sys, time
from companion.store.db import Store
store = Store.open(sys.argv[1])
print("holding", flush=True)
time.sleep(120)
"""

# Writers that all start at once (when the 'go' file appears).
RACER = """
import sys, time
from pathlib import Path
from companion.store.db import Store, StoreLocked
path, go = sys.argv[1], Path(sys.argv[2])
while not go.exists():
    time.sleep(0.001)
try:
    store = Store.open(path)
except StoreLocked as error:
    print("locked:", error)
    sys.exit(0)
print("opened", flush=True)
time.sleep(2)
store.close()
"""


def tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def backups(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.bak"))


def stored_game_file(path: Path, box, scenario: str = "divisional", seed: str = "4") -> int:
    """A real game file holding one finished series (written in one transaction)."""
    header = series_header(scenario, seed)
    session = simulated_session(box, header)
    with Store.open(path) as store:
        return create_series(store, box, header, session.entries)


def check_report(stdout: str) -> dict[str, str]:
    return dict(item.split("=", 1) for item in stdout.split())


# -- schema ---------------------------------------------------------------------------------


def test_new_file_has_the_latest_schema(tmp_path):
    path = tmp_path / "games.db"
    with Store.open(path) as store:
        assert SCHEMA_VERSION == 4
        assert store.schema_version() == SCHEMA_VERSION
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        names = set(store.db.table_names())
        assert {"series", "events", "games", "meta", "lock", "figures"} <= names
        for table, columns in EXPECTED_COLUMNS.items():
            assert [c.name for c in store.db[table].columns] == columns, table
        assert store.db["series"].pks == ["id"]
        assert store.db["meta"].pks == ["key"]
        assert store.db["meta"].get("schema_version")["value"] == str(SCHEMA_VERSION)
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        unique = {tuple(index.columns) for index in store.db["events"].indexes if index.unique}
        assert ("series_id", "seq") in unique
        unique = {tuple(index.columns) for index in store.db["games"].indexes if index.unique}
        assert ("series_id", "number") in unique
        keys = {(fk.column, fk.other_table, fk.other_column)
                for fk in store.db["events"].foreign_keys}
        assert ("series_id", "series", "id") in keys
        applied = [row["name"] for row in store.db["_sqlite_migrations"].rows]
        assert applied == ["m001_series_and_events", "m002_games_and_lock",
                           "m003_rewind_events", "m004_win_figures"]
        assert store.db["meta"].get("event_kinds")["value"] == "action undo redo rewind"
    assert backups(tmp_path) == []        # nothing to back up on a new file


def test_a_migration_row_added_by_hand_does_not_raise_the_files_version(tmp_path):
    """The file's version counts the migrations this companion knows: a row added by hand
    to its migrations table set it past the companion's own at the next write, and every
    command then refused the file as a newer version's."""
    path = tmp_path / "games.db"
    Store.open(path).close()
    with sqlite3.connect(path) as hand:
        hand.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                     "VALUES ('dugout-companion', 'm005_made_up', '2026-01-01')")
    hand.close()
    with Store.open(path) as store:
        assert store.schema_version() == SCHEMA_VERSION
    with Store.open(path, readonly=True) as store:
        assert store.schema_version() == SCHEMA_VERSION


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path):
    """A file a newer companion migrated may hold events this one cannot read: opening it,
    to write or to read, is refused with what to do, and the file is not changed."""
    path = tmp_path / "games.db"
    Store.open(path).close()
    conn = sqlite3.connect(str(path))
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = sha256(path)
    for readonly in (False, True):
        with pytest.raises(StoreError, match="newer version of the companion"):
            Store.open(path, readonly=readonly)
    assert sha256(path) == before


def test_an_event_seq_cannot_be_stored_twice(tmp_path, box):
    path = tmp_path / "games.db"
    with Store.open(path) as store:
        series_id = create_series(store, box, series_header())
        event = {"series_id": series_id, "seq": 1, "kind": "action", "scope": "series",
                 "line": "x", "created": "now"}
        store.db["events"].insert(event)
        with pytest.raises(sqlite3.IntegrityError):
            store.db["events"].insert(event)


# -- migrations -----------------------------------------------------------------------------


def test_migration_from_the_first_schema_keeps_a_backup(tmp_path, box):
    path = tmp_path / "old.db"
    header = series_header("divisional", "8")
    session = simulated_session(box, header, stop_after=40)

    store = Store.open(path, migrate_to="m002_games_and_lock")
    assert store.schema_version() == 1
    names = set(store.db.table_names())
    assert {"series", "events", "meta"} <= names
    assert not {"games", "lock"} & names
    series_id = create_series(store, box, header)
    store.db["events"].insert_all(
        {"series_id": series_id, "seq": seq, "kind": "action", "scope": entry.scope,
         "line": entry.line, "created": "2025-01-01T00:00:00+00:00"}
        for seq, entry in enumerate(session.entries, start=1))
    store.close()
    series_before = rows(path, "SELECT * FROM series")
    events_before = rows(path, "SELECT * FROM events ORDER BY seq")
    assert len(series_before) == 1 and len(events_before) == 40

    # a read-only look (db check) reports the old version and does not migrate
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 0, result.stderr
    report = check_report(result.stdout)
    assert report["schema_version"] == "1" and report["latest_schema"] == str(SCHEMA_VERSION)
    assert report["replayed"] == "after-migration"     # (its tables are not this version's)
    assert backups(tmp_path) == []

    with Store.open(path) as store:
        assert store.schema_version() == SCHEMA_VERSION
        assert {"games", "lock", "figures"} <= set(store.db.table_names())
        assert store.db["meta"].get("schema_version")["value"] == str(SCHEMA_VERSION)
        assert list(store.db.query("SELECT * FROM series")) == series_before
        stored = StoredSeries.load(store, series_id)
        assert stored.session.entries == session.entries
        assert stored.seq == 40

    backup = tmp_path / "old.db.before-m002_games_and_lock.bak"
    assert backups(tmp_path) == [backup]
    conn = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert {"series", "events", "meta"} <= tables(conn)
        assert not {"games", "lock"} & tables(conn)
        assert [dict(r) for r in conn.execute("SELECT * FROM series")] == series_before
        assert [dict(r) for r in conn.execute("SELECT * FROM events ORDER BY seq")] == \
            events_before
    finally:
        conn.close()

    # opening the migrated file again takes no further backup
    Store.open(path).close()
    assert backups(tmp_path) == [backup]


# -- the writer's lock ----------------------------------------------------------------------


def test_second_writer_in_another_process_is_refused_naming_the_holder(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    store = Store.open(path)
    try:
        assert store.took_over is None
        lock = list(store.db["lock"].rows)
        assert len(lock) == 1 and lock[0]["pid"] == os.getpid()
        since = lock[0]["since"]
        result = run_python(SECOND_WRITER, path)
        assert result.returncode == 3, result.stdout + result.stderr
        message = result.stdout
        assert str(os.getpid()) in message
        assert socket.gethostname() in message
        assert since in message
        assert str(path) in message
        assert message.strip().endswith("close the other companion first, or watch the game "
                                        "with `companion follow`, which only reads (if no "
                                        "companion has it open, `companion db unlock` frees "
                                        "it)")

        follower = run_python(FOLLOWER, path)      # a read-only open is allowed meanwhile
        assert follower.returncode == 0, follower.stderr
        assert follower.stdout.split()[:2] == ["ok", "1"]
        with Store.open(path, readonly=True) as view:
            assert view.readonly and view.db["series"].count == 1
            with pytest.raises(StoreError):
                view.require_writable()
        assert list(store.db["lock"].rows) == lock   # the refusal changed nothing
    finally:
        store.close()
    assert rows(path, "SELECT * FROM lock") == []      # closing releases the lock
    result = run_python(SECOND_WRITER, path)
    assert result.returncode == 0 and result.stdout.startswith("opened None"), result.stderr


def test_refused_cli_writer_names_the_holder(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    with Store.open(path):
        result = run_companion("series", "new", "--scenario", "divisional", "--team1",
                               "new-york", "--team2", "texas", "--db", path)
        assert result.returncode == 2
        assert f"process {os.getpid()}" in result.stderr and socket.gethostname() in result.stderr
        assert "Traceback" not in result.stderr
        shown = run_companion("series", "show", "1", "--db", path)     # read-only: fine
        assert shown.returncode == 0, shown.stderr
    assert rows(path, "SELECT COUNT(*) AS n FROM series") == [{"n": 1}]


def holding_writer(path) -> subprocess.Popen:
    """Another process that opened the game file for writing and holds it."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "holding", holder.stderr.read()
    return holder


def refused_then_killed(path):
    """A writer holding the file refuses a second one (naming it), then is killed with its
    lock left in the file; the killed process."""
    holder = holding_writer(path)
    try:
        refused = run_python(SECOND_WRITER, path)
        assert refused.returncode == 3 and str(holder.pid) in refused.stdout
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    return holder


def test_lock_left_by_a_killed_process_is_taken_over(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    holder = refused_then_killed(path)
    left = rows(path, "SELECT * FROM lock")
    assert len(left) == 1 and left[0]["pid"] == holder.pid

    with Store.open(path) as store:
        assert store.took_over is not None
        assert store.took_over["pid"] == holder.pid
        assert store.took_over["host"] == socket.gethostname()
        lock = list(store.db["lock"].rows)
        assert len(lock) == 1 and lock[0]["pid"] == os.getpid()
        assert StoredSeries.load(store, 1).session.is_over()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_lock_left_by_a_killed_process_its_parent_has_not_reaped_is_taken_over(tmp_path, box):
    """A writer killed a moment ago stays a zombie until its parent reads its exit: signals
    still reach it, but it writes nothing more, so its lock is taken over at once."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    holder = holding_writer(path)
    try:
        holder.send_signal(signal.SIGKILL)
        deadline = time.monotonic() + 10
        while (Path(f"/proc/{holder.pid}/stat").read_text().rpartition(")")[2].split()[0]
               != "Z" and time.monotonic() < deadline):
            time.sleep(0.01)                  # dead, and not waited for: a zombie
        result = run_python(SECOND_WRITER, path)
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"'pid': {holder.pid}" in result.stdout
    finally:
        holder.wait()


def test_lock_row_of_an_exited_process_is_taken_over(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead_pid = int(gone.stdout)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES (1, ?, ?, ?, ?)",
                     [dead_pid, socket.gethostname(), "2025-01-01T00:00:00+00:00", "feedface"])
    conn.close()
    result = run_python(SECOND_WRITER, path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("opened") and f"'pid': {dead_pid}" in result.stdout


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("boot", ["this", "another"])
def test_lock_whose_process_number_another_program_took_since_is_taken_over(tmp_path, box,
                                                                            boot):
    """After a restart (another boot of the machine) or a long while, the number of the
    writer that claimed the lock may belong to another running program: its token names
    the boot and the start of the process that claimed it, which that program is not, so
    the file opens without `db unlock --force`; a companion claiming it now keeps it (no
    clock change moves a process's start in ticks since boot)."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        this_boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
        token = f"feedface:{this_boot if boot == 'this' else 'an-old-boot'}:1"
        with sqlite3.connect(path) as conn:
            conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES "
                         "(1, ?, ?, ?, ?)", [other.pid, socket.gethostname(),
                                             "2026-11-30T20:00:00+00:00", token])
        conn.close()
        result = run_python(SECOND_WRITER, path)
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"'pid': {other.pid}" in result.stdout         # taken over, named
        refused_then_killed(path)             # a companion claiming it now keeps it
    finally:
        other.kill()
        other.wait()


def test_a_lock_row_that_names_no_process_start_is_kept_while_its_number_runs(tmp_path,
                                                                              box):
    """A lock row written without the start of its process (by a companion before this
    check) is kept while a process of its number runs, as it was: `db unlock` frees it."""
    path = file_held_by(tmp_path, box, os.getppid(), socket.gethostname(), "feedface")
    result = run_python(SECOND_WRITER, path)
    assert result.returncode == 3 and str(os.getppid()) in result.stdout


def test_lock_held_on_another_host_is_not_taken_over(tmp_path, box):
    """A process on another machine cannot be checked, so its lock is respected."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES (1, ?, ?, ?, ?)",
                     [4242, "other-machine", "2025-01-01T00:00:00+00:00", "feedface"])
    conn.close()
    with pytest.raises(StoreLocked) as raised:
        Store.open(path)
    message = str(raised.value)
    assert "4242" in message and "other-machine" in message
    assert "2025-01-01T00:00:00+00:00" in message


def test_writers_starting_together_on_an_existing_file(tmp_path, box):
    """SPEC 7: of several companions opening one file at once, one writes, each other one
    gets the refusal that names the holder."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    outcomes = race(path, tmp_path / "go", 5)
    assert sorted(o.split(":")[0] for o in outcomes) == ["locked"] * 4 + ["opened"], outcomes


def test_writers_starting_together_on_a_new_file(tmp_path):
    """SPEC 7: the same when the file does not exist yet (two companions started at once on
    a new --db path): one creates it, the others get a clear refusal, not a raw SQLite
    'database is locked' error."""
    path = tmp_path / "games.db"
    outcomes = race(path, tmp_path / "go", 5)
    assert sorted(o.split(":")[0] for o in outcomes) == ["locked"] * 4 + ["opened"], outcomes
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 0 and "integrity=ok" in result.stdout


def race(path: Path, go: Path, count: int) -> list[str]:
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(path), str(go)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(count)]
    time.sleep(1.0)                       # let every interpreter reach the starting line
    go.touch()
    outcomes = []
    for racer in racers:
        out, err = racer.communicate(timeout=60)
        if racer.returncode != 0 or not out.strip():
            outcomes.append(f"crashed: {err.strip().splitlines()[-1:]}")
        else:
            outcomes.append(out.strip())
    return outcomes


def test_refused_writer_does_not_disturb_the_holder(tmp_path):
    """SPEC 7: a second process gets a clear answer and the game in play goes on. The holder
    (a computer-played World Series, committing an event at a time) must finish normally
    while other processes try, and fail, to open the file for writing."""
    path = tmp_path / "games.db"
    holder = subprocess.Popen([sys.executable, "-c", SLOW_HOLDER, str(path)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    attempts = []
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if path.exists() and rows_or_none(path, "SELECT COUNT(*) AS n FROM events"):
                break
            time.sleep(0.05)
        assert holder.poll() is None, "the series ended before the test could try"
        for _ in range(3):
            if holder.poll() is not None:
                break
            attempts.append(run_python(SECOND_WRITER, path))
            time.sleep(0.2)
        out, err = holder.communicate(timeout=120)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert holder.returncode == 0, (
        f"the holder died (exit {holder.returncode}) while {len(attempts)} other process(es) "
        f"tried to open the file: {err.strip().splitlines()[-1:]}; the other processes said "
        f"{[a.stdout.strip()[:60] for a in attempts]}")
    assert "winner" in out
    for attempt in attempts:
        assert attempt.returncode == 3, attempt.stdout + attempt.stderr
        assert f"process {holder.pid}" in attempt.stdout
    assert rows(path, "SELECT status FROM series") == [{"status": "over"}]


def rows_or_none(path: Path, sql: str) -> int:
    try:
        return rows(path, sql)[0]["n"]
    except sqlite3.Error:
        return 0


# -- damaged files --------------------------------------------------------------------------


def assert_refused_untouched(path: Path) -> None:
    before = sha256(path)
    with pytest.raises(StoreDamaged) as raised:
        Store.open(path)
    assert str(path) in str(raised.value)
    with pytest.raises(StoreDamaged):
        Store.open(path, readonly=True)
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 2
    assert str(path) in result.stderr and "Traceback" not in result.stderr
    assert "integrity check failed" in result.stderr or "not a readable game file" in \
        result.stderr
    result = run_companion("series", "list", "--db", path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    result = run_companion("simulate", "--resume", "--db", path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert sha256(path) == before
    # nor is anything left beside it (SQLite's -wal and -shm of the reads are tidied)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


@pytest.mark.parametrize("free", [0, 600 * 1024, 50 << 20])
def test_a_full_disk_at_opening_is_said_full_not_damaged(tmp_path, box, monkeypatch, free):
    """SQLite opening a good game file on a full disk (no room for its journal) reads
    'disk I/O error': with under a megabyte free that is said as a full disk, the file
    sound and unchanged, no salvage offered; with room, the error is damage as before."""
    from collections import namedtuple

    from sqlite_utils import Database

    path = tmp_path / "games.db"
    stored_game_file(path, box)
    execute = Database.execute

    def failing(self, sql, *args, **kwargs):
        if sql == "PRAGMA quick_check":
            raise sqlite3.OperationalError("disk I/O error")
        return execute(self, sql, *args, **kwargs)

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(Database, "execute", failing)
    monkeypatch.setattr(shutil, "disk_usage", lambda _: usage(1 << 30, (1 << 30) - free, free))
    before = sha256(path)
    for readonly in (False, True):
        with pytest.raises(StoreError) as raised:
            Store.open(path, readonly=readonly)
        said = str(raised.value)
        if free < 1 << 20:
            assert not isinstance(raised.value, StoreDamaged)
            assert f"the disk holding it is full ({free // 1024} KB free)" in said
            assert "salvage" not in said and "not changed" in said
        else:
            assert isinstance(raised.value, StoreDamaged) and "salvage" in said
    assert sha256(path) == before
    # Damage on a nearly full disk is damage all the same: salvage is offered.
    monkeypatch.setattr(Database, "execute", lambda self, sql, *a, **k: (
        (_ for _ in ()).throw(sqlite3.DatabaseError("database disk image is malformed"))
        if sql == "PRAGMA quick_check" else execute(self, sql, *a, **k)))
    with pytest.raises(StoreDamaged, match="salvage"):
        Store.open(path)


@pytest.mark.parametrize("size", [64 * 1024, 5, 1])
def test_file_of_random_bytes_is_no_game_file_and_left_alone(tmp_path, size):
    """Not an SQLite database at all (its first bytes say so): refused as another file,
    untouched, and no salvage offered (there is nothing of a game file to read). A few
    bytes, shorter than SQLite's header, too: SQLite reads them as an empty database, and
    a reader said 'no game file there yet'."""
    path = tmp_path / "noise.db"
    path.write_bytes(random.Random(2024).randbytes(size))
    before = sha256(path)
    for readonly in (False, True):
        with pytest.raises(StoreError, match="not an SQLite database at all") as raised:
            Store.open(path, readonly=readonly)
        assert not isinstance(raised.value, StoreDamaged)
    for args in (("db", "check"), ("series", "list"), ("simulate", "--resume")):
        result = run_companion(*args, "--db", path)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert "not a game file of the companion" in result.stderr
        assert "salvage" not in result.stderr
    assert sha256(path) == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_game_file_whose_first_page_is_overwritten_is_damaged_and_left_alone(tmp_path,
                                                                              box):
    """Its first bytes still say SQLite: damage, with salvage offered."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    data = bytearray(path.read_bytes())
    data[16:4096] = random.Random(7).randbytes(4096 - 16)
    path.write_bytes(bytes(data))
    assert_refused_untouched(path)


def test_game_file_with_overwritten_pages_is_damaged_and_left_alone(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    data = bytearray(path.read_bytes())
    page = 4096
    pages = len(data) // page
    assert pages >= 8
    start = (pages // 2) * page - page // 2 + 123
    data[start:start + 3 * page] = random.Random(7).randbytes(3 * page)
    path.write_bytes(bytes(data))
    assert_refused_untouched(path)


def test_a_writer_closing_beside_a_reader_leaves_the_file_whole(tmp_path, box):
    """A writer that closes while a reader stays open on the file (`follow` beside a table
    or a simulation) folds its log into the file first: SQLite leaves the log to the last
    connection, a reader cannot fold it in, and the file copied alone after both had gone
    lacked every step in the log (a 4 MB -wal left; a backup put back over the file then
    read as damaged beside it)."""
    import shutil

    path = tmp_path / "games.db"
    stored_game_file(path, box, scenario="spring")
    reader = Store.open(path, readonly=True)
    try:
        with Store.open(path) as writer:
            create_series(writer, box, {"Series": "High & Tight", "Scenario": "spring",
                                        "Team1": "texas", "Team2": "new-york"})
            assert Path(f"{path}-wal").stat().st_size > 0
        assert Path(f"{path}-wal").stat().st_size == 0
        assert reader.db["series"].count == 2
    finally:
        reader.close()
    copy = tmp_path / "copy.db"
    shutil.copyfile(path, copy)         # the file alone holds every step
    with Store.open(copy, readonly=True) as store:
        assert store.db["series"].count == 2
    # A reader inside a transaction (`db check` replaying every series) does not hold the
    # close for the whole busy wait (10 s): the log is left to the next writer then.
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM series").fetchone()
    try:
        writer = Store.open(path)
        create_series(writer, box, {"Series": "High & Tight", "Scenario": "spring",
                                    "Team1": "texas", "Team2": "new-york"})
        start = time.monotonic()
        writer.close()
        assert time.monotonic() - start < 3
    finally:
        reader.close()
    with Store.open(path, readonly=True) as store:
        assert store.db["series"].count == 3


def test_a_reader_leaves_no_side_files_but_keeps_a_writers(tmp_path, box):
    """A read (series list, export, db check) of a closed game file used to leave SQLite's
    -wal and -shm beside it; they go with the reader, the file unchanged. A writer that has
    the file open keeps its own, and records on."""
    path = tmp_path / "games.db"
    stored_game_file(path, box, scenario="spring")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]
    before = sha256(path)
    for args in (["series", "list"], ["export", "1"], ["db", "check"]):
        result = run_companion(*args, "--db", path)
        assert result.returncode == 0, result.stderr
        assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"], args
    assert sha256(path) == before
    with Store.open(path) as writer:
        with Store.open(path, readonly=True) as reader:
            assert reader.db["series"].count == 1
        assert Path(f"{path}-wal").exists() and Path(f"{path}-shm").exists()
        create_series(writer, box, {"Series": "High & Tight", "Scenario": "spring",
                                    "Team1": "texas", "Team2": "new-york"})
    # A reader first, then a writer who empties the log: the reader's close leaves the
    # writer's side files (SQLite removes them only as the last one there).
    reader = Store.open(path, readonly=True)
    with Store.open(path) as writer:
        create_series(writer, box, {"Series": "High & Tight", "Scenario": "spring",
                                    "Team1": "texas", "Team2": "new-york"})
        writer.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert Path(f"{path}-wal").stat().st_size == 0
        reader.close()
        assert Path(f"{path}-wal").exists() and Path(f"{path}-shm").exists()
        create_series(writer, box, {"Series": "High & Tight", "Scenario": "spring",
                                    "Team1": "texas", "Team2": "new-york"})
    with Store.open(path, readonly=True) as reader:
        assert reader.db["series"].count == 4
    # A file renamed while read: closing makes nothing where it was.
    reader = Store.open(path, readonly=True)
    path.rename(tmp_path / "moved.db")
    reader.close()
    assert not path.exists()


def test_db_check_on_a_good_file(tmp_path, box):
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    before = sha256(path)
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 0, result.stderr
    report = check_report(result.stdout)
    assert report["integrity"] == "ok"
    assert report["path"] == str(path)
    assert report["schema_version"] == report["latest_schema"] == str(SCHEMA_VERSION)
    assert report["series"] == "1"
    assert int(report["games_finished"]) == len(rows(path, "SELECT * FROM games")) >= 2
    assert int(report["events"]) == len(rows(path, "SELECT * FROM events")) > 100
    assert sha256(path) == before
    with Store.open(path, readonly=True) as store:
        assert store.check()["integrity"] == "ok"


def test_db_check_on_a_missing_file_creates_nothing(tmp_path):
    path = tmp_path / "nothing.db"
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 2 and str(path) in result.stderr
    assert "Traceback" not in result.stderr
    assert not path.exists()
    with pytest.raises(CompanionError):
        Store.open(path, readonly=True)


# -- where the file lives -------------------------------------------------------------------


def test_default_path_is_in_the_platform_user_data_folder():
    from platformdirs import user_data_dir

    assert default_path() == Path(user_data_dir("dugout-companion", appauthor=False)) / \
        "games.db"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_commands_without_db_use_the_user_data_folder(tmp_path, monkeypatch):
    """Only ever in a redirected XDG data folder: the real one is never written."""
    share = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(share))
    expected = share / "dugout-companion" / "games.db"
    assert default_path() == expected
    env = {**os.environ, "XDG_DATA_HOME": str(share), "HOME": str(tmp_path / "home")}
    result = run_companion("series", "new", "--scenario", "divisional", "--team1", "new-york",
                           "--team2", "texas", env=env)
    assert result.returncode == 0, result.stderr
    assert expected.exists()
    result = run_companion("db", "check", env=env)
    assert result.returncode == 0 and check_report(result.stdout)["path"] == str(expected)


# -- files of every kind --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["game#1.db", "what?.db", "a%41.db", "two words.db"])
def test_any_file_name_is_read_as_that_file(tmp_path, box, name):
    """The read-only opening names the file in a URI: '#', '?' and '%' are escaped, so the
    reader reads the very file the writer wrote (not a stray 'game' beside it)."""
    path = tmp_path / name
    series_id = stored_game_file(path, box)
    with Store.open(path, readonly=True) as store:
        assert [row.id for row in list_series(store)] == [series_id]
        assert store.check()["series"] == 1
    # (SQLite's -wal and -shm beside it are the file's own; no stray file by another name)
    assert {p.name.removesuffix("-wal").removesuffix("-shm") for p in tmp_path.iterdir()} == {
        name}


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    """A SQLite file of another program is no game file: the readers say so, and a writer
    refuses it before changing anything (no tables added, no journal mode changed)."""
    path = tmp_path / "photos.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE albums (name TEXT)")
    conn.close()
    before = sha256(path)
    with pytest.raises(StoreError, match="not a game file of the companion \\(it holds "
                                         "another program's tables: albums\\)"):
        Store.open(path, readonly=True)
    with pytest.raises(StoreError, match="another program's tables: albums\\); give another "
                                         "path, nothing was changed"):
        Store.open(path)
    assert sha256(path) == before and not backups(tmp_path)


def test_a_rollback_journal_beside_the_game_file_is_refused_not_played_back(tmp_path, box):
    """The companion never writes a rollback journal (it keeps a -wal). One left beside the
    game file (another program stopped mid-write, or a copy's from elsewhere) was played
    back by the first writer, the file put back to an older state with no word (a game and
    a half lost), while the read-only checks, which cannot play it back, saw it whole.
    Readers and writers refuse it, naming it, and change nothing."""
    path = tmp_path / "games.db"
    header = series_header("divisional", "7")
    with Store.open(path) as store:
        create_series(store, box, header, simulated_session(box, header, 40).entries)
    older = tmp_path / "older.db"
    shutil.copy(path, older)
    with Store.open(path) as store:        # more recorded since the older copy
        create_series(store, box, header, simulated_session(box, header, 80).entries)
    # A hot journal of the older copy: another program's write stopped midway.
    conn = sqlite3.connect(older, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("PRAGMA cache_size=1")
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("DELETE FROM events")
    conn.execute("CREATE TABLE junk (x)")
    conn.execute("INSERT INTO junk VALUES (zeroblob(50000))")
    journal = path.with_name("games.db-journal")
    shutil.copy(older.with_name("older.db-journal"), journal)
    conn.execute("ROLLBACK")
    conn.close()
    before, kept = sha256(path), sha256(journal)
    for readonly in (True, False):
        with pytest.raises(StoreError, match=r"a rollback journal, games.db-journal \(\d+ "
                                             r"bytes\), lies beside it.*Nothing was changed"):
            Store.open(path, readonly=readonly)
    with pytest.raises(StoreError, match="rollback journal"):
        Store.probe(path)
    assert sha256(path) == before and sha256(journal) == kept and not backups(tmp_path)
    journal.rename(tmp_path / "kept-journal")           # moved away, as the refusal says
    with Store.open(path, readonly=True) as store:
        assert len(list_series(store)) == 2
    # A journal of no pages beside a file of one page is SQLite's own while it makes a new
    # file's first page (a companion killed then): no game in it, opened as SQLite mends it.
    new = tmp_path / "new.db"
    conn = sqlite3.connect(new)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    assert new.stat().st_size == 4096
    # (magic, 0 records, a nonce, 0 original pages, sectors of 512, pages of 4096)
    no_pages = (JOURNAL_MAGIC + bytes(4) + b"\x12\x34\x56\x78" + bytes(4)
                + (512).to_bytes(4, "big") + (4096).to_bytes(4, "big") + bytes(484))
    new.with_name("new.db-journal").write_bytes(no_pages)
    with Store.open(new) as store:
        assert list_series(store) == []
    assert not new.with_name("new.db-journal").exists()
    # The same journal beside a whole game file would empty it: refused.
    journal.write_bytes(no_pages)
    with pytest.raises(StoreError, match="rollback journal"):
        Store.open(path)
    assert sha256(path) == before
    # So beside a file of one page whose rows are all in its log (-wal) still: refused.
    logged = tmp_path / "logged"
    logged.mkdir()
    conn = sqlite3.connect(tmp_path / "live.db")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(1000)])
    conn.commit()
    for suffix in ("", "-wal"):
        shutil.copy(tmp_path / f"live.db{suffix}", logged / f"games.db{suffix}")
    conn.close()
    assert (logged / "games.db").stat().st_size == 4096
    (logged / "games.db-journal").write_bytes(no_pages)
    with pytest.raises(StoreError, match="rollback journal"):
        Store.open(logged / "games.db")
    # A torn header (no sector or page size) SQLite plays nothing back from: no refusal.
    journal.write_bytes(no_pages[:20] + bytes(492))
    with Store.open(path, readonly=True) as store:
        assert len(list_series(store)) == 2


def test_an_empty_file_is_told_as_holding_no_series_and_a_writer_makes_it_one(tmp_path):
    """An empty file (a copy that failed) is no game file yet: a reader says what makes it
    one (it said 'not a game file ... it holds no series yet', both at once)."""
    path = tmp_path / "games.db"
    path.touch()
    with pytest.raises(StoreError, match="games.db: no game file there yet, an empty file "
                                         "\\(a series made at the table or by `companion "
                                         "series new` makes it\\)"):
        Store.open(path, readonly=True)
    with Store.open(path) as writer:            # made a game file, and it says so
        assert writer.found_empty
    with Store.open(path) as writer:            # once: now it is a game file
        assert not writer.found_empty
    with Store.open(path, readonly=True) as store:
        assert list_series(store) == []
    other = tmp_path / "other.db"
    other.touch()
    result = run_companion("series", "new", "--scenario", "spring", "--team1", "texas",
                           "--team2", "new-york", "--db", other)
    assert result.returncode == 0, result.stderr
    assert f"note: {other} was an empty file (0 bytes): it is a new game file now" in \
        result.stderr
    with Store.open(tmp_path / "new.db") as fresh:     # a file not there is no surprise
        assert not fresh.found_empty


def test_a_read_only_file_is_refused_to_a_writer_and_read_by_the_readers(tmp_path, box,
                                                                          monkeypatch):
    """A game file (or folder) the player may not write: the table and the writing commands
    say so in one line; listing, exporting and following still read it."""
    path = tmp_path / "games.db"
    series_id = stored_game_file(path, box)
    import companion.store.db as db_module
    # (read-only: readable, not writable)
    monkeypatch.setattr(db_module.os, "access", lambda target, mode: not mode & os.W_OK)
    with pytest.raises(StoreError, match="the game file or its folder is read-only, so no "
                                         "action could be recorded"):
        Store.open(path)
    with Store.open(path, readonly=True) as store:
        assert [row.id for row in list_series(store)] == [series_id]


def as_a_player() -> list[str]:
    """The command prefix that runs the companion as a player without root's right to write
    any file (a test run as root drops it with setpriv); none when not root."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root without setpriv: a read-only file cannot be made to refuse")
    return ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search"]


def test_a_file_read_while_read_only_takes_writes_once_made_writable_again(tmp_path):
    """A read of a read-only game file leaves SQLite's side files (-wal, -shm) read-only
    too; once the player makes the file writable again, the next writer gives them its
    mode back and records (before, every write failed until the -shm was deleted)."""
    from .util import companion_command

    path = tmp_path / "games.db"
    new = ["series", "new", "--scenario", "spring", "--team1", "texas", "--team2",
           "new-york", "--db", str(path)]
    player = as_a_player()

    def companion(*args):
        return subprocess.run([*player, *companion_command(), *args], capture_output=True,
                              text=True, timeout=120)

    assert companion(*new).returncode == 0
    path.chmod(0o444)
    assert companion("series", "list", "--db", str(path)).returncode == 0
    shm = path.with_name(path.name + "-shm")
    assert shm.exists() and not shm.stat().st_mode & 0o222     # left read-only
    path.chmod(0o644)
    done = companion(*new)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("series 2: ")


def test_a_side_file_the_writer_cannot_fix_is_named(tmp_path, box, monkeypatch):
    """A read-only -shm the writer may not change (another user's) is named with the fix,
    before anything is written."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    shm = path.with_name(path.name + "-shm")
    shm.write_bytes(b"")
    import companion.store.db as db_module
    access = os.access
    monkeypatch.setattr(db_module.os, "access",
                        lambda target, mode: Path(target) != shm and access(target, mode))

    def refuse(target, mode):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(db_module.os, "chmod", refuse)
    before = sha256(path)
    with pytest.raises(StoreError, match=r"games\.db-shm: SQLite's side file of the game file "
                                         r"is read-only .* make it writable too, or delete it "
                                         r"while no companion has the file open"):
        Store.open(path)
    assert sha256(path) == before


def file_held_by(tmp_path, box, pid: int, host: str, token: str | None):
    """A stored game file whose lock names a writer this process cannot ask about."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO lock (id, pid, host, since, token) VALUES "
                     "(1, ?, ?, '2026-11-30T20:00:00+00:00', ?)", [pid, host, token])
    conn.close()
    return path


def test_a_lock_no_process_here_can_hold_is_freed_by_db_unlock(tmp_path, box):
    """A file copied from another machine (or whose host was renamed) still names its old
    writer, which the companion cannot ask about: it refuses, pointing at `db unlock`, which
    frees the file; then the table opens it."""
    path = file_held_by(tmp_path, box, 4242, "old-laptop", "x")
    with pytest.raises(StoreLocked, match="process 4242 on old-laptop .* `companion db "
                                          "unlock` frees it"):
        Store.open(path)
    result = run_companion("--db", str(path), "db", "unlock")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ("freed the lock of process 4242 on old-laptop (since "
                                     "2026-11-30T20:00:00+00:00)")
    with Store.open(path) as store:
        assert store.took_over is None
    assert run_companion("--db", str(path), "db", "unlock").stdout.strip() == (
        "no lock was held")


def test_db_unlock_refuses_a_live_holder_here_and_a_freed_writer_stops(tmp_path, box):
    """A companion still running on this machine keeps its file: `db unlock` refuses it
    (close that companion instead), `--force` frees it (a process number another program
    reused), and the writer whose lock went away records nothing more: its next write is
    refused, so two writers never interleave their events (SPEC 7)."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    with Store.open(path) as writer:                  # this test's process holds the file
        result = run_companion("--db", str(path), "db", "unlock")
        assert result.returncode == 2
        assert f"is held by process {os.getpid()} on this machine, which is still running" \
            in result.stderr
        with writer.write():
            writer.db.execute("INSERT INTO meta (key, value) VALUES ('still', 'mine')")
        result = run_companion("--db", str(path), "db", "unlock", "--force")
        assert result.returncode == 0 and f"freed the lock of process {os.getpid()}" in \
            result.stdout
        with Store.open(path) as second:                  # another companion takes it
            for _ in range(2):                            # refused, and again: for good
                with pytest.raises(StoreLocked, match="this companion no longer holds the "
                                                      "file"), writer.write():
                    writer.db.execute("INSERT INTO meta (key, value) VALUES ('after', 'x')")
            with second.write():
                second.db.execute("INSERT INTO meta (key, value) VALUES ('second', 'y')")
    with Store.open(path, readonly=True) as reader:
        keys = [row["key"] for row in reader.db["meta"].rows]
    assert "still" in keys and "second" in keys and "after" not in keys


def test_db_unlock_frees_a_lock_row_of_any_shape(tmp_path, box):
    """A lock row written by hand or by another program (no token) is freed too: unlock
    said 'freed' and left it, so the file stayed refused."""
    path = file_held_by(tmp_path, box, 999999, "other-host", None)
    assert Store.unlock(path)["pid"] == 999999
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM lock").fetchone()[0] == 0
    conn.close()
    with Store.open(path) as store:
        assert store.took_over is None


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_game_file_deleted_or_replaced_under_the_table_takes_no_more_steps(tmp_path, box,
                                                                             how):
    """SPEC 1: every accepted action is stored at once. A file deleted (or another put in
    its place) while the table has it open would take the steps into a file nobody can
    open again: the next step is refused and says so, and neither the table nor the file
    at the path takes it."""
    from companion.store.series_store import StoredSeries, create_series

    path = tmp_path / "games.db"
    store = Store.open(path)
    series_id = create_series(store, box, series_header("spring", "7"))
    stored = StoredSeries.load(store, series_id)
    kept = tmp_path / "kept.db"
    shutil.copyfile(path, kept)
    path.unlink()
    if how == "replaced":
        shutil.copyfile(kept, path)
    first = simulated_session(box, series_header("spring", "7")).entries[0].line
    with pytest.raises(StoreError, match="the game file was deleted or replaced while"):
        stored.push(first)
    assert stored.seq == 0 and not stored.session.entries
    store.close()
    if how == "replaced":
        with Store.open(path, readonly=True) as again:
            assert not StoredSeries.load(again, series_id).session.entries


@pytest.mark.parametrize("table", ["games", "lock", "events", "_sqlite_migrations"])
def test_a_game_file_missing_a_table_is_damage_said_plainly(tmp_path, box, table):
    """A game file that lost one of its tables is said damaged, with salvage to turn to,
    by every command (no traceback), and is not changed. Without its schema record
    (_sqlite_migrations) it was called another program's file, and db check passed it."""
    from .util import run_companion

    path = tmp_path / "games.db"
    stored_game_file(path, box)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(f"DROP TABLE {table}")
    conn.close()
    for command in (["series", "list"], ["export", "1"], ["db", "check"],
                    ["series", "new", "--scenario", "spring", "--team1", "texas", "--team2",
                     "new-york"]):
        result = run_companion(*command, "--db", path)
        assert result.returncode == 2, (command, result.stderr)
        said = ("lost its schema record (the table _sqlite_migrations)"
                if table == "_sqlite_migrations" else f"missing its table {table}")
        assert said in result.stderr and "db salvage" in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


def test_a_series_numbered_at_sqlites_largest_number_leaves_no_number_for_a_new_one(
        tmp_path, box):
    """A file edited by hand to number a series 2**63 - 1 made 'series new' and 'import'
    end in an OverflowError traceback: refused as damage with salvage to turn to (which
    numbers the series afresh), the file unchanged."""
    from .util import run_companion

    path = tmp_path / "games.db"
    stored_game_file(path, box)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE events SET series_id = 9223372036854775807")
        conn.execute("UPDATE series SET id = 9223372036854775807")
    conn.close()
    def records() -> list:
        conn = sqlite3.connect(path)
        try:
            return [conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                    for table in ("series", "events")]
        finally:
            conn.close()

    before = records()
    result = run_companion("series", "new", "--scenario", "spring", "--team1", "texas",
                           "--team2", "new-york", "--db", path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "a series is numbered 9223372036854775807, SQLite's largest number, and a new " \
        "one has none left; nothing was changed" in result.stderr
    assert "db salvage" in result.stderr and records() == before
    result = run_companion("db", "salvage", "--db", path, "--out", tmp_path / "new.db")
    assert result.returncode == 0 and "series 9223372036854775807 -> series 1" in result.stdout


def test_a_reader_opened_beside_the_writer_leaves_the_writer_its_locks(tmp_path, box):
    """SPEC 7: the table (a writer) prints a box score, which opens and closes a reader of
    the same file in the same process. Reading the file's first bytes there closed a
    descriptor of it, and POSIX drops every lock a process holds on a file when any of its
    descriptors closes: the next companion refused by the lock thought itself the file's
    last user, deleted its log, and the table's later steps were lost to every other
    process. The writer keeps its locks, and what it writes after is read elsewhere."""
    path = tmp_path / "games.db"
    stored_game_file(path, box)
    header = series_header("spring", "held")
    with Store.open(path) as writer:
        with Store.open(path, readonly=True) as reader:     # the print, beside the table
            assert [row.id for row in list_series(reader)] == [1]
        refused = run_companion("series", "new", "--db", path, "--scenario", "spring",
                                "--team1", "texas", "--team2", "new-york")
        assert refused.returncode == 2 and "is open for writing by process" in refused.stderr
        assert path.with_name(path.name + "-wal").exists()      # its log kept
        series_id = create_series(writer, box, header)
        seen = run_companion("series", "list", "--db", path)
        assert seen.returncode == 0
        assert [int(line.split()[0]) for line in seen.stdout.splitlines()] == [1, series_id]


def test_a_store_refused_or_closed_no_longer_holds_its_file(tmp_path, box):
    """The files this process holds (never read beside its connection) are let go when a
    Store closes, once however often it is closed, and when an open is refused (a file
    another companion holds): left held, a later file given the same inode was misread."""
    from companion.store.db import StoreLocked, held_here

    path = tmp_path / "games.db"
    stored_game_file(path, box)
    assert not held_here(path)
    reader = Store.open(path, readonly=True)
    assert held_here(path)
    writer = Store.open(path)
    reader.close()
    reader.close()                      # twice: the writer still holds it
    assert held_here(path)
    writer.close()
    assert not held_here(path)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(StoreLocked):
            Store.open(path)
        assert not held_here(path)
    finally:
        holder.kill()
        holder.wait()


def test_a_file_another_program_keeps_locked_is_said_locked_not_damaged(tmp_path, box,
                                                                         monkeypatch):
    """A game file another program holds with SQLite's exclusive lock (an SQLite tool, a
    backup) was refused as 'not a readable game file', salvage offered for a file that is
    whole: it is said locked and the way out named; it reads again once let go."""
    import sqlite3

    from companion.store import db
    from companion.store.db import StoreBusy

    monkeypatch.setattr(db, "READ_WAIT_SECONDS", 0.2)
    path = tmp_path / "games.db"
    stored_game_file(path, box, scenario="spring")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("CREATE TABLE held (x)")
    holder.execute("COMMIT")
    try:
        with pytest.raises(StoreBusy) as refused:
            Store.open(path, readonly=True)
        said = str(refused.value)
        assert said.startswith(f"{path}: another program keeps the game file locked")
        assert "salvage" not in said and "not a readable" not in said
    finally:
        holder.close()
    with Store.open(path, readonly=True) as store:
        assert store.db["series"].count == 1


def test_a_write_another_program_keeps_waiting_is_refused_naming_the_file(tmp_path, box,
                                                                         monkeypatch, capsys):
    """Another program in a write transaction past the wait: a new series, an import, a
    delete said only 'the game file stayed busy for 10 s: database is locked'. Each is
    refused naming the file, saying nothing was changed and what to close; and nothing
    was."""
    from companion.cli import main
    from companion.store import db
    from companion.store.db import StoreBusy

    monkeypatch.setattr(db, "BUSY_SECONDS", 0.3)
    path = tmp_path / "games.db"
    stored_game_file(path, box, scenario="spring")
    before = rows(path, "SELECT * FROM series")
    store = Store.open(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusy) as refused, store.write():
            store.db["meta"].upsert({"key": "x", "value": "y"}, pk="key")
        store.close()
        said = str(refused.value)
        assert said.startswith(f"{path}: the game file stayed busy for 0 s: another program "
                               "is writing to it (SQLite: database is locked); nothing of "
                               "this step was recorded: close that program")
        assert main(["--db", str(path), "series", "new", "--scenario", "spring", "--team1",
                     "texas", "--team2", "new-york"]) == 2
        said = capsys.readouterr().err
        assert said.startswith(f"companion: {path}: the game file stayed busy for 0 s: "
                               "another program is writing to it (SQLite: database is "
                               "locked); it was not opened, and holds what it held: close "
                               "that program"), said
    finally:
        holder.close()
    assert rows(path, "SELECT * FROM series") == before
    assert not rows(path, "SELECT * FROM meta WHERE key = 'x'")


@pytest.mark.parametrize("failing, said", [
    ("games.db", "this user may not read the game file (its permissions): it could not be "
                 "copied to be read (Permission denied); nothing was changed or written"),
    ("games.db-wal", "its log games.db-wal could not be copied to be read (Permission "
                     "denied); nothing was changed or written"),
    ("full", "it could not be copied to be read: the temporary folder {tmp} (No space left "
             "on device); free some room there; nothing was changed or written"),
])
def test_a_copy_to_read_names_the_file_it_could_not_copy(tmp_path, box, monkeypatch,
                                                          failing, said):
    """`db salvage` (and a read-only folder's reading) copies the file and its log: a game
    file this user may not read was said as 'it and its log games.db-wal could not be
    copied' with no log there, and not that nothing was written. The file that failed is
    named, and nothing was."""
    import shutil as shell

    from companion.store import db

    path = tmp_path / "games.db"
    stored_game_file(path, box, scenario="spring")
    path.with_name("games.db-wal").write_bytes(b"")
    copy = shell.copyfile

    def refused(source, target):
        if failing == "full":       # (shutil names the source and the copy)
            raise OSError(errno.ENOSPC, "No space left on device", str(source), None,
                          str(target))
        if Path(source).name == failing:
            raise PermissionError(13, "Permission denied", str(source))
        return copy(source, target)

    monkeypatch.setattr(db.shutil, "copyfile", refused)
    with pytest.raises(StoreError) as error:
        db.read_copy(path)
    assert str(error.value) == f"{path}: {said}".format(tmp=tempfile.gettempdir())
