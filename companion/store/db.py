"""The game file: SQLite through sqlite-utils, migrations, a writer's lock and integrity checks."""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import re
import secrets
import shutil
import socket
import sqlite3
import stat
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from platformdirs import user_data_dir
from sqlite_utils import Database, Migrations

from ..engine.errors import CompanionError
from ..files import SQLITE_MAGIC, db_words, starts_with

APP = "dugout-companion"
migrations = Migrations("dugout-companion")


class StoreError(CompanionError):
    """A problem with the game file itself."""


class StoreLocked(StoreError):
    """Another live process holds the file for writing."""


class StoreDamaged(StoreError):
    """The file fails its integrity check: it is reported and never written to."""


class StoreBusy(StoreError):
    """Another program keeps SQLite's own lock on the file past the wait (not damage)."""


def default_path() -> Path:
    """The platform's user-data folder (e.g. ~/.local/share/dugout-companion/games.db)."""
    return Path(user_data_dir(APP, appauthor=False)) / "games.db"


@migrations()
def m001_series_and_events(db: Database) -> None:
    """The first schema: series and their append-only event stream."""
    db["series"].create({
        "id": int, "created": str, "scenario": str, "team1": str, "team2": str,
        "header": str, "box_fingerprint": str, "box_files": str, "status": str,
        "winner": str,
    }, pk="id")
    db["events"].create({
        "id": int, "series_id": int, "seq": int, "kind": str, "scope": str, "line": str,
        "created": str,
    }, pk="id", foreign_keys=[("series_id", "series", "id")])
    db["events"].create_index(["series_id", "seq"], unique=True)
    db["meta"].create({"key": str, "value": str}, pk="key")


@migrations()
def m002_games_and_lock(db: Database) -> None:
    """Finished-game results for quick listings, and the writer's lock."""
    db["games"].create({
        "id": int, "series_id": int, "number": int, "home": str, "away": str,
        "home_runs": int, "away_runs": int, "innings": int, "winner": str,
    }, pk="id", foreign_keys=[("series_id", "series", "id")])
    db["games"].create_index(["series_id", "number"], unique=True)
    db["lock"].create({"id": int, "pid": int, "host": str, "since": str, "token": str},
                      pk="id")


@migrations()
def m003_rewind_events(db: Database) -> None:
    """Events may be rewinds (a series resumed before an event the rules now refuse, see
    series_store): a file that may hold them is one a version without them must not read."""
    db["meta"].upsert({"key": "event_kinds", "value": "action undo redo rewind"}, pk="key")


@migrations()
def m004_win_figures(db: Database) -> None:
    """The win figures shown at the table, so its sparkline survives a restart: a cache,
    like `games`, never a part of the record (each row names the game's course, the hash
    of its action lines up to the figure's step, so a figure of an undone branch is never
    read back)."""
    db["figures"].create({
        "id": int, "series_id": int, "game": int, "step": int, "course": str,
        "p_team1": float, "p_series": float, "created": str,
    }, pk="id", foreign_keys=[("series_id", "series", "id")])
    db["figures"].create_index(["series_id", "game"])


SCHEMA_VERSION = 4
BUSY_SECONDS = 10
READ_WAIT_SECONDS = 5.0     # a reader's wait for another program's lock, at each statement


def _retry_busy(path: Path, step, refused: str = "it was not changed"):
    """Run a step that needs SQLite's write lock, waiting while another process holds it;
    past BUSY_SECONDS, refused naming the file, what was not done and what to do."""
    seconds = BUSY_SECONDS
    deadline = time.monotonic() + seconds
    while True:
        try:
            return step()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            if time.monotonic() > deadline:
                raise StoreBusy(f"{path}: the game file stayed busy for {seconds:.0f} s: "
                                f"another program is writing to it (SQLite: {error}); "
                                f"{refused}: close that program (an SQLite tool, a backup "
                                "running) and try again") from None
            time.sleep(0.02)


def _busy(error: sqlite3.Error) -> bool:
    """Whether SQLite refused for another connection's lock (SQLITE_BUSY, SQLITE_LOCKED and
    their extended codes), not for damage."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF in (5, 6)


def _busy_refusal(path: Path, error: sqlite3.Error) -> StoreBusy:
    return StoreBusy(f"{path}: another program keeps the game file locked (SQLite: {error}); "
                     "it was not changed: close that program (an SQLite tool, a backup "
                     "running) and start again")


def _read_only_connection(path: Path, wait: float = 0.0) -> sqlite3.Connection:
    """The file opened for reading only, whatever characters its name holds (a URI names it,
    so '#', '?' and '%' are escaped). In a folder it may not write to, SQLite cannot make the
    shared-memory file a WAL file is read with: the file is then read from a copy of it and
    its -wal (the newest steps of a table that stopped without closing), or as it stands on
    disk when it has no -wal."""
    uri = f"file:{quote(str(path.absolute()))}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=wait or READ_WAIT_SECONDS)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as error:
        if _busy(error):            # (told at once: the integrity check waited again)
            conn.close()
            raise _busy_refusal(path, error) from None
        if "readonly" not in str(error) and "unable to open" not in str(error):
            return conn         # (a damaged file: the integrity check tells it)
        conn.close()
        wal = path.with_name(path.name + "-wal")
        if wal.is_file() and wal.stat().st_size:
            return read_copy(path)
        conn = sqlite3.connect(uri + "&immutable=1", uri=True)
    except sqlite3.DatabaseError:
        pass
    return conn


class _ReadCopy(sqlite3.Connection):
    """A connection to a copy of a game file and its -wal in a folder of its own, which
    goes when the connection closes (or is collected)."""

    folder: tempfile.TemporaryDirectory

    def close(self) -> None:
        super().close()
        self.folder.cleanup()


def read_copy(path: Path, mend: Callable[[Path], None] | None = None) -> sqlite3.Connection:
    """The file with its -wal read in, never touching either: a copy of the two where SQLite
    may write what reading a log takes (read-only folders, salvage of a damaged file);
    `mend` may change the copy before it is opened."""
    folder = tempfile.TemporaryDirectory(prefix="companion-read-")
    copy = Path(folder.name) / "copy.db"
    wal = path.with_name(path.name + "-wal")
    try:
        shutil.copyfile(path, copy)
        if wal.is_file():
            shutil.copyfile(wal, copy.with_name("copy.db-wal"))
    except OSError as error:
        folder.cleanup()
        # Which file failed: a log named when there was none misled; the copy's own folder
        # (full, or not writable) is no fault of the game file.
        if (error.errno in (errno.ENOSPC, errno.EDQUOT)
                or str(error.filename).startswith(folder.name)):
            raise StoreError(f"{path}: it could not be copied to be read: the temporary "
                             f"folder {Path(folder.name).parent} ({error.strerror}); free "
                             "some room there; nothing was changed or written") from None
        what = (f"its log {wal.name}" if str(error.filename) == str(wal) else
                "this user may not read the game file (its permissions): it"
                if isinstance(error, PermissionError) else "the game file")
        raise StoreError(f"{path}: {what} could not be copied to be read "
                         f"({error.strerror}); nothing was changed or written") from None
    if mend is not None:
        try:
            mend(copy)
        except BaseException:
            folder.cleanup()
            raise
    conn = sqlite3.connect(copy, factory=_ReadCopy)
    conn.folder = folder
    return conn


SIDE_FILES = ("-wal", "-shm", "-journal")


def _side_files(path: Path) -> frozenset[str]:
    """Which of SQLite's side files lie beside the game file now."""
    return frozenset(suffix for suffix in SIDE_FILES
                     if path.with_name(path.name + suffix).exists())


def _tidy_side_files(path: Path, before: frozenset[str]) -> None:
    """A reader of a WAL file leaves SQLite's -wal and -shm beside it (it may not end the
    log): when this reading made them, and the log is empty, a connection that may write
    opens and closes the file, and SQLite removes them itself if it is the last one there
    (a writer come meanwhile keeps them). Nothing in the file changes: an empty log has
    nothing to write back, and no journal was there to roll back."""
    now = _side_files(path)
    if before or not now or "-journal" in now or not path.is_file():
        return              # (a journal to roll back, or the file gone: nothing is opened)
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.exists() and wal.stat().st_size:
            return
        # mode=rw: never makes a file where the game file was (renamed meanwhile)
        conn = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=rw", uri=True,
                               timeout=0)
    except (OSError, sqlite3.Error):
        return
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        pass
    finally:
        conn.close()


def _require_writable_place(path: Path) -> None:
    """A writer's file and its folder must both take writes (SQLite's journal goes beside
    the file): else said, naming what reads it instead."""
    writable = os.access(path.parent, os.W_OK | os.X_OK) and (
        not path.exists() or os.access(path, os.W_OK))
    if not writable and not path.exists():
        raise StoreError(f"{path}: its folder is read-only, so no game file can be made "
                         "there; give another path (--db) or make the folder writable")
    if not writable:
        raise StoreError(f"{path}: the game file or its folder is read-only, so no action "
                         "could be recorded (SQLite writes a journal beside the file); "
                         "make both writable, or read the file with `series list`, "
                         "`export` or `follow`")


def _writable_side_files(path: Path) -> None:
    """SQLite's side files (-wal, -shm) take the mode of the game file when a reader makes
    them: a file read while it was read-only leaves them read-only after the file itself is
    made writable again, and every write would fail. A writer gives them the file's mode
    back, or says which one to fix."""
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if not side.exists() or os.access(side, os.W_OK):
            continue
        try:
            os.chmod(side, stat.S_IMODE(path.stat().st_mode))
        except OSError:
            fix = ("or delete it while no companion has the file open" if suffix == "-shm"
                   else "never delete it: it may hold the last actions recorded")
            raise StoreError(f"{side}: SQLite's side file of the game file is read-only (left "
                             f"by a read while the file was read-only); make it writable "
                             f"too, {fix}") from None


FOLDER = "{path}: is a folder; give the game file's own path (for example games.db)"
NO_FILE_YET = "a series made at the table or by `companion series new` makes it"


def salvage_hint(path: Path) -> str:
    """The way out of a damaged game file, as every refusal of one says it."""
    return (f"`companion db salvage{db_words(path)} --out NEW.db` copies what can still be "
            "read into a new file")


def _reachable(path: Path) -> None:
    """A path that cannot be looked at (a folder on the way this user may not enter, a name
    longer than the system takes) or a file this user may not read: refused by name, with
    the system's reason, before SQLite says only "unable to open database file"."""
    try:
        found = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return              # (nothing there yet; a file on the way is told where it is)
    except OSError as error:
        raise StoreError(f"{path}: cannot be reached ({error.strerror}); nothing was "
                         "changed") from None
    if not (stat.S_ISREG(found.st_mode) or stat.S_ISDIR(found.st_mode)):
        # /dev/null, a pipe: SQLite would fail on it late, or leave a journal beside it.
        raise StoreError(f"{path}: is no regular file (a device or a pipe); give a game "
                         "file's path (for example games.db); nothing was changed")
    if stat.S_ISREG(found.st_mode) and not os.access(path, os.R_OK):
        raise StoreError(f"{path}: this user may not read the game file (its permissions); "
                         "nothing was changed") from None


def _refuse_live_holder(path: Path, holder: dict) -> None:
    """StoreLocked if `holder` (a row of the lock table) is another companion still running:
    on this machine a live process of that token, on another machine any."""
    alive = (holder["host"] != socket.gethostname()
             or _pid_alive(holder["pid"], holder["token"]))
    if alive and holder["pid"] != os.getpid():
        raise StoreLocked(
            f"{path} is open for writing by process {holder['pid']} on {holder['host']} "
            f"since {holder['since']}; close the other companion first, or watch the game "
            "with `companion follow`, which only reads (if no companion has it open, "
            "`companion db unlock` frees it)")


FULL_BELOW = 1 << 20     # bytes free under which a disk I/O error is a full disk's


def _io_error(error: sqlite3.Error) -> bool:
    """An error of reading or writing the disk (not of what the file holds)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return (name.startswith("SQLITE_IOERR") or name == "SQLITE_FULL"
            or "disk I/O error" in str(error) or "disk is full" in str(error))


def _disk_full(path: Path) -> str | None:
    """How little room the disk under `path` has left, if too little for SQLite to open a
    file there (its journal and shared memory beside it), else None."""
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return None
    return f"{free // 1024} KB free" if free < FULL_BELOW else None


# The files this process has a Store open on, by (device, inode): their bytes are never
# read beside SQLite. POSIX locks belong to the process: closing any descriptor of a file
# drops every lock the process holds on it, SQLite's too (a box score printed at the
# table opened a reader that read the header, and the table's writer lost its locks).
_HELD_HERE: Counter = Counter()
_HELD_LOCK = threading.Lock()           # (the table prints from a worker thread)


def held_here(path: Path) -> bool:
    """Whether a Store of this process has the file at `path` open."""
    identity = _identity(path)
    with _HELD_LOCK:
        return identity is not None and _HELD_HERE[identity] > 0


def _sqlite_header(path: Path) -> bool:
    """Whether the file opens with SQLite's magic (unreadable here, or held open by this
    process: True, the caller says more)."""
    return held_here(path) or starts_with(path, SQLITE_MAGIC)


PAGE_SIZE = 4096        # SQLite's default, every game file's


JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")    # a rollback journal's first 8 bytes


def _hot_journal(path: Path) -> StoreError | None:
    """A rollback journal SQLite would play back into the game file on opening it. The
    companion writes in WAL mode; its only journal is the one SQLite writes for a moment
    while a new file's first page is made (a file that held no game yet: the journal's
    count of the file's original pages is 0, and SQLite's play-back of it only empties
    the file again). Any other is another program's, left when it stopped mid-write, or one
    that came with a copy from elsewhere: played back by the first writer, a stale one put
    the file back to an older state (a game and a half lost, or another program's database
    in its place) while the read-only checks, which cannot play it back, saw it whole."""
    journal = path.with_name(path.name + "-journal")
    wal = path.with_name(path.name + "-wal")
    try:
        with open(journal, "rb") as handle:
            head = handle.read(28)
        size = journal.stat().st_size
        with open(path, "rb") as handle:
            page = int.from_bytes(handle.read(18)[16:18] or b"\x00\x00", "big")
        held = path.stat().st_size
        logged = wal.is_file() and wal.stat().st_size > 0
    except OSError:
        return None
    if len(head) < 28 or head[:8] != JOURNAL_MAGIC:
        return None                         # (none, or one already ended)
    sector, journal_page = (int.from_bytes(head[at:at + 4], "big") for at in (20, 24))
    if not (_power_of_two(sector, 32, 65536) and _power_of_two(journal_page, 512, 65536)):
        return None             # a torn header: SQLite plays nothing back and deletes it
    page = 65536 if page == 1 else page
    if not held or (not int.from_bytes(head[16:20], "big") and not logged
                    and _power_of_two(page, 512, 65536) and held <= page):
        return None         # a new file's first page, no log beside it: no game to lose
    return StoreError(f"{path}: a rollback journal, {journal.name} ({size} bytes), lies "
                      "beside it, which the companion did not write: opened, SQLite would "
                      "roll the file back to the state the journal holds. Nothing was "
                      f"changed. Copy both files somewhere safe first. If another program "
                      "of yours was writing the game file, open it once with that program "
                      f"(its SQLite plays the journal back); if {journal.name} came with a "
                      "copy from elsewhere, move it out of the folder, and the file opens "
                      "as the companion last wrote it")


def _power_of_two(value: int, least: int, most: int) -> bool:
    return least <= value <= most and not value & (value - 1)


def _not_sqlite(path: Path) -> StoreError:
    return StoreError(f"{path}: not a game file of the companion (not an SQLite database "
                      "at all); give another path, nothing was changed")


def cut_short(path: Path) -> tuple[int, int, int] | None:
    """(whole pages held, pages its header counts, page size) of a game file shorter than
    its header says, as a copy or a disk that stopped midway leaves it; None otherwise."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
            size = os.fstat(handle.fileno()).st_size
    except OSError:
        return None
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return None
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    counted = int.from_bytes(header[28:32], "big")
    # The count is read only as SQLite reads it: valid while the change counter (24) and
    # the version it was valid for (92) agree, with a page size SQLite can have.
    valid = (header[24:28] == header[92:96] and 512 <= page_size <= 65536
             and not page_size & (page_size - 1))
    if not valid or counted * page_size <= size:
        return None
    return size // page_size, counted, page_size


def _cut_for_good(path: Path, looks: int = 3) -> tuple[int, int, int] | None:
    """`cut_short`, when it is no passing state: with a log beside the file a checkpoint
    under way (or stopped midway) may have written the header before the pages it counts,
    the log still holding them, so SQLite's own check speaks; and a cut seen is looked at
    again a moment later, as a writer's checkpoint may be between the two."""
    wal = path.with_name(path.name + "-wal")
    for look in range(looks):
        try:
            logged = wal.stat().st_size > 0
        except OSError:
            logged = False
        cut = None if logged else cut_short(path)
        if cut is None:
            return None
        if look < looks - 1:
            time.sleep(0.05)
    return cut


def cut_words(cut: tuple[int, int, int]) -> str:
    return (f"is cut short: it holds {cut[0]} of the {cut[1]} pages its header counts (a "
            "copy or a disk that stopped midway?)")


def header_lost(path: Path) -> bool:
    """Whether a file with no SQLite header is a game file whose first bytes alone were
    damaged: its first page still holds the companion's own tables' definitions (SQLite
    keeps them there, after the 100-byte header), and it is whole pages long."""
    if held_here(path):                 # (never read beside an open connection)
        return False
    try:
        with open(path, "rb") as handle:
            first = handle.read(PAGE_SIZE)
            size = os.fstat(handle.fileno()).st_size
    except OSError:
        return False
    return (not first.startswith(SQLITE_MAGIC) and size and size % PAGE_SIZE == 0
            and all(re.search(rb'CREATE TABLE ["\[]' + table + rb'["\]]', first[100:])
                    for table in (b"series", b"events")))


def rebuilt_header(pages: int) -> bytes:
    """The 100-byte header SQLite writes on a game file (docs: the database file format),
    for a file of `pages` pages: what it counts on the file alone is taken afresh (no free
    pages, the change counter 1, the version 0 its migrations read again)."""
    counter = (1).to_bytes(4, "big")
    return b"".join([
        SQLITE_MAGIC, PAGE_SIZE.to_bytes(2, "big"), bytes([2, 2, 0, 64, 32, 32]),
        counter, pages.to_bytes(4, "big"), bytes(8),            # no free pages
        (1).to_bytes(4, "big"), (4).to_bytes(4, "big"),         # schema cookie, format 4
        bytes(8), (1).to_bytes(4, "big"),                       # UTF-8
        bytes(4 + 4 + 4 + 20), counter, (3045001).to_bytes(4, "big")])


def _companion_tables(path: Path, db: Database, readonly: bool) -> None:
    """A file of another program (or an empty one) is no game file: refused, untouched."""
    tables = db.table_names()
    if "_sqlite_migrations" in tables:
        # A game file whose migrations made tables it no longer has lost them: damage.
        made = {"m001": ("series", "events", "meta"), "m002": ("games", "lock"),
                "m004": ("figures",)}
        applied = {row[0][:4] for row in db.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ?",
            [migrations.name])}
        missing = [table for step, names in made.items() if step in applied
                   for table in names if table not in tables]
        if missing:
            raise StoreDamaged(f"{path}: a game file missing its table"
                               f"{'' if len(missing) == 1 else 's'} {', '.join(missing)}; it "
                               f"was not changed; {salvage_hint(path)}")
    if {"series", "events", "meta"} <= set(tables) and "_sqlite_migrations" not in tables:
        # The companion's own tables without the record of their schema (dropped by hand):
        # not another program's file, and no migration may run on it.
        raise StoreDamaged(f"{path}: a game file that lost its schema record (the table "
                           f"_sqlite_migrations); it was not changed; {salvage_hint(path)}")
    if readonly and not {"series", "events"} <= set(tables):
        if not tables:      # (an empty file, a copy that failed: a writer makes it one)
            what = "an empty file" if not path.stat().st_size else "a database with no tables"
            raise StoreError(f"{path}: no game file there yet, {what} ({NO_FILE_YET})")
        raise StoreError(f"{path}: not a game file of the companion (it holds another "
                         f"program's tables: {', '.join(tables[:5])})")
    if not readonly and tables and "_sqlite_migrations" not in tables:
        raise StoreError(f"{path}: not a game file of the companion (it holds another "
                         f"program's tables: {', '.join(tables[:5])}); give another path, "
                         "nothing was changed")


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` (device, inode); None when none is."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _pid_alive(pid: int, token: str | None = None) -> bool:
    """Whether the writer whose lock row holds `token` may still run as process `pid`: the
    process exists and has not ended (a zombie), and, where the token says which process
    it was (this boot of the machine, the process's start; see `_process_token`), it is
    that one, not another program that reuses the number (after a restart, say)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, TypeError, ValueError, OverflowError):
        return False        # (no process; or a number no companion wrote: edited by hand)
    except PermissionError:
        pass
    if _zombie(pid):
        return False
    parts = (token or "").split(":")
    if len(parts) != 3:
        return True                 # a lock row that does not say (an older companion's)
    now = _process_identity(pid)
    return now is None or now == tuple(parts[1:])


def _process_identity(pid: int) -> tuple[str, str] | None:
    """(boot, start) of process `pid` (on Linux, from /proc: the machine's boot id and the
    process's start in clock ticks since boot), which together name one process for good,
    and no change of the wall clock moves; None where the system does not say."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
        stat = Path(f"/proc/{pid}/stat").read_text()
        return boot, stat.rpartition(")")[2].split()[19]      # field 22: starttime
    except (OSError, IndexError):
        return None


def _process_token(pid: int) -> str:
    """A lock token: random, then the process's identity where the system gives it."""
    identity = _process_identity(pid)
    return ":".join((secrets.token_hex(8), *(identity or ())))


def _zombie(pid: int) -> bool:
    """A process that has ended and waits for its parent to read its exit (Linux: state Z
    in /proc): no longer a writer, though signals still reach it. Elsewhere: False."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[:1] == ["Z"]


def found_empty_words(path: Path) -> str:
    """What a writer says of a game file it found empty (0 bytes) and made a new one of."""
    return (f"{path} was an empty file (0 bytes): it is a new game file now, with no series. "
            "If it held your series before, a copy from before (a backup, a synced folder's "
            "history) still has them")


class Store:
    """One open game file. Writers hold the lock until `close`; readers never write."""

    def __init__(self, path: Path, db: Database, readonly: bool, token: str | None):
        self.path = path
        self.db = db
        self.readonly = readonly
        self.token = token
        self.took_over: dict | None = None
        self.lock_claimed = False       # from then on each write checks the lock is ours
        self.lock_lost = False          # ... and once it is not, no write is taken again
        self.identity = _identity(path)  # the file opened (device, inode)
        self._held = self.identity is not None
        if self._held:
            with _HELD_LOCK:
                _HELD_HERE[self.identity] += 1
        self.side_files_before: frozenset[str] | None = None   # a reader's, at opening
        self.found_empty = False        # the path held a file of 0 bytes, made a game file

    def _release(self) -> None:
        """This Store no longer holds its file (closed, or refused as it opened): once,
        however often it is called."""
        if self._held:
            self._held = False
            with _HELD_LOCK:
                _HELD_HERE[self.identity] -= 1
                if _HELD_HERE[self.identity] <= 0:
                    del _HELD_HERE[self.identity]

    def moved(self) -> bool:
        """Whether the path no longer names the file opened (deleted, or replaced by
        another): what this connection reads and writes is then lost to the path."""
        return _identity(self.path) != self.identity

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path | None = None, readonly: bool = False,
             migrate_to: str | None = None, wait: float = 0.0) -> Store:
        """Open (creating and migrating if needed) the file at `path`.

        A writer takes the lock or gets StoreLocked naming the holder; a damaged file gives
        StoreDamaged and is left untouched. `migrate_to` stops before that migration (tests).
        A reader waits `wait` seconds (else READ_WAIT_SECONDS) for another program's lock
        before StoreBusy (a screen polling the file waits less).
        """
        path = Path(path) if path is not None else default_path()
        _reachable(path)
        if path.is_dir():
            raise StoreError(FOLDER.format(path=path))
        wal = path.with_name(path.name + "-wal")
        if (path.is_file() and not path.stat().st_size and wal.is_file()
                and wal.stat().st_size):
            # Opened as a new file, SQLite would drop the log: the last copy of its steps.
            raise StoreError(f"{path}: the game file is empty while its log {wal.name} holds "
                             f"{wal.stat().st_size} bytes (the file was cut or replaced); "
                             "nothing was changed: put the file back from a copy, keeping "
                             "the log beside it")
        before = _side_files(path)
        if readonly:
            if not path.exists():
                raise StoreError(f"{path}: no game file there yet ({NO_FILE_YET})")
            db = cls._checked(path, before, readonly=True, wait=wait)
            store = cls(path, db, True, None)
            store.side_files_before = before
            return store
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            blocking = next((part for part in path.parents if part.is_file()), None)
            raise StoreError(f"{path}: its folder cannot be made ("
                             + (f"{blocking} is a file, not a folder" if blocking else
                                error.strerror) + ")") from None
        existed = path.exists() and path.stat().st_size > 0
        found_empty = path.is_file() and not existed
        if existed:
            cls._probe(path, before)
        _require_writable_place(path)
        _writable_side_files(path)
        try:
            store = cls._open_writer(path, existed, migrate_to)
            store.found_empty = found_empty
            return store
        except sqlite3.Error as error:
            raise StoreError(f"{path}: the game file could not be written ({error}); "
                             "nothing was recorded") from None

    @classmethod
    def probe(cls, path: Path, writer: bool = True, wait: float = 0.0) -> None:
        """The checks a writer makes of an existing game file (damage, a newer version's,
        another program's tables, for a writer another companion holding it), made without
        writing: a screen says them before it opens. A file with no tables yet passes, as
        a writer takes it."""
        _reachable(path)
        if path.is_dir():
            raise StoreError(FOLDER.format(path=path))
        if path.is_file() and path.stat().st_size:
            cls._probe(path, _side_files(path), writer, wait)
        if writer and path.parent.is_dir():
            _require_writable_place(path)       # (a read-only one drew the home screen)

    @classmethod
    def _probe(cls, path: Path, before, writer: bool = False, wait: float = 0.0) -> None:
        db = cls._checked(path, before, readonly=False, wait=wait)
        try:
            if writer and "lock" in db.table_names():
                for holder in db["lock"].rows:
                    _refuse_live_holder(path, holder)
        except BaseException:
            db.close()
            _tidy_side_files(path, before)      # as every refusal of _checked leaves it
            raise
        db.close()

    @classmethod
    def _checked(cls, path: Path, before, readonly: bool, wait: float = 0.0) -> Database:
        """The file opened for reading once it is found whole, of this version or older,
        and the companion's (for a reader, with its tables; a writer makes them): on a
        refusal closed again, its side files as they were."""
        if path.stat().st_size and not _sqlite_header(path) and not header_lost(path):
            # A few bytes of anything ('hello') SQLite reads as an empty database: told
            # 'it holds no series yet'. Read before this connection opens, and never for a
            # file this process holds open (see _HELD_HERE).
            raise _not_sqlite(path)
        journal = _hot_journal(path)
        if journal is not None:
            raise journal
        cut = None if held_here(path) else _cut_for_good(path)
        if cut is not None:
            # SQLite reads a short last page's missing bytes as zeros and its quick check
            # passes where they were a row's overflow (the box copy): refused here, before
            # a writer pads the file to whole pages and the cut can no longer be seen.
            raise StoreDamaged(f"{path}: {cut_words(cut)}; it was not changed; "
                               f"{salvage_hint(path)}")
        db = Database(_read_only_connection(path, wait))
        try:
            cls._check_integrity(path, db)
            cls.check_not_newer(path, db)
            _companion_tables(path, db, readonly=readonly)
        except BaseException:
            db.close()
            _tidy_side_files(path, before)
            raise
        return db

    @classmethod
    def _open_writer(cls, path: Path, existed: bool, migrate_to: str | None) -> Store:
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_SECONDS)
        db = Database(conn)
        store = cls(path, db, False, _process_token(os.getpid()))
        try:
            _retry_busy(path, lambda: db.execute("PRAGMA journal_mode=WAL"))
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            if "lock" in db.table_names():
                store._check_lock()              # refuse before anything is written
            pending = migrations.pending(db)
            if existed and pending:
                backup = path.with_name(f"{path.name}.before-{pending[0].name}.bak")
                target = sqlite3.connect(str(backup))
                try:
                    conn.backup(target)
                except BaseException:
                    target.close()
                    backup.unlink(missing_ok=True)      # (a full disk: no half a backup)
                    raise
                target.close()
            # One write transaction checks the lock again, migrates and takes the lock, so
            # two writers never interleave. (Refused, at a start no step was taken: a full
            # disk after a crash, its log still beside the file, was told as a lost step.)
            with store.write(*(
                    ("it was not opened, and holds what it held", "free some room on its "
                     "disk (or make it writable) and start again") if existed else
                    ("it could not be set up (no game in it yet)", "free some room on its "
                     "disk (or choose a writable folder) and start again"))):
                if "lock" in db.table_names():
                    store._check_lock()
                if migrate_to:
                    migrations.apply(db, stop_before=migrate_to)
                else:
                    migrations.apply(db)
                # The known migrations applied (a row a hand added to the migrations table
                # set the file's version past this companion's, which then refused it).
                applied = SCHEMA_VERSION - len(migrations.pending(db))
                db.execute(f"PRAGMA user_version={applied}")
                db["meta"].upsert({"key": "schema_version", "value": str(applied)}, pk="key")
                if "lock" in db.table_names():
                    store._claim_lock()
            # What a crash left in the write-ahead log goes into the file itself, so that
            # the file alone is the whole record again.
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except BaseException:
            conn.close()
            store._release()
            raise
        return store

    @staticmethod
    def check_not_newer(path: Path, db) -> None:
        """A file a newer version migrated may hold what this one cannot read: refused,
        untouched."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{path} was written by a newer version of the companion "
                             f"(schema {version}; this one knows {SCHEMA_VERSION}): update "
                             "the companion to open it")

    @contextlib.contextmanager
    def write(self, refused: str = "nothing of this step was recorded", advice: str = ""):
        """A write transaction that takes SQLite's write lock at once (BEGIN IMMEDIATE), so
        it waits for another writer instead of failing half-way. A write SQLite refuses (a
        full disk, a file gone read-only) is rolled back and raised as a StoreError, which
        ends with `refused` (what it means for the player) and the `advice` given; another
        program writing past the wait is a StoreBusy saying `refused` and what to close."""
        if self.db.conn.in_transaction:
            with self.db.atomic():
                yield self.db
            return
        if self.moved():
            # Deleted or replaced under the table: SQLite would go on writing to the file
            # it has open, lost with it when the table closes.
            raise StoreError(f"{self.path}: the game file was deleted or replaced while the "
                             "table had it open; nothing of this step was recorded. Quit, "
                             "put the file back, and open it again")
        try:
            _retry_busy(self.path, lambda: self.db.execute("BEGIN IMMEDIATE"), refused)
            try:
                self._check_lock_ours()
                yield self.db
            except BaseException:
                if self.db.conn.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            if self.db.conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
            raise StoreError(f"{self.path}: the game file could not be written ({error}); "
                             f"{refused}" + (f": {advice}" if advice else "")) from None

    @staticmethod
    def _check_integrity(path: Path, db: Database) -> None:
        salvage = f"; {salvage_hint(path)}"
        try:
            result = db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError as error:
            if not _sqlite_header(path) and header_lost(path):
                raise StoreDamaged(f"{path}: its first bytes (SQLite's header) are damaged; "
                                   f"it was not changed{salvage}") from None
            if not _sqlite_header(path):    # a text, a PDF...: nothing there to salvage
                raise _not_sqlite(path) from None
            if _busy(error):
                raise _busy_refusal(path, error) from None
            full = _disk_full(path) if _io_error(error) else None
            if full:                        # no room for the journal beside it: no damage
                raise StoreError(f"{path}: the disk holding it is full ({full}); SQLite "
                                 "needs room beside the file to open it: free some and "
                                 "start again (the file was not changed)") from None
            raise StoreDamaged(f"{path}: not a readable game file ({error}); it was not "
                               f"changed{salvage}") from None
        # (SQLite gives one row a problem, or one row of many lines)
        problems = [line.strip() for row in result if row[0] != "ok"
                    for line in str(row[0]).splitlines()
                    if line.strip() and not line.startswith("***")]
        if problems:
            more = f"; {len(problems) - 3} more" if len(problems) > 3 else ""
            raise StoreDamaged(f"{path}: the integrity check failed ({'; '.join(problems[:3])}"
                               f"{more}); the file was not changed{salvage}")

    def _check_lock(self) -> None:
        """Refuse if another live process holds the file; note a dead holder to take over."""
        self.refuse_if_held()
        for holder in self.db["lock"].rows:
            self.took_over = holder

    def refuse_if_held(self) -> None:
        """StoreLocked if another companion holds the file for writing now: asked of a file
        opened to read before a question whose yes would write (delete a series), so the
        player is not asked for nothing."""
        for holder in self.db["lock"].rows:
            _refuse_live_holder(self.path, holder)

    def writer_running(self) -> bool:
        """Whether a companion holds the file for writing now (a table open on it); one on
        another machine counts as running (its process cannot be seen from here)."""
        host = socket.gethostname()
        return any(holder["host"] != host or _pid_alive(holder["pid"], holder["token"])
                   for holder in self.db["lock"].rows)

    def _claim_lock(self) -> None:
        self.db.execute("DELETE FROM lock")
        self.db["lock"].insert({"id": 1, "pid": os.getpid(), "host": socket.gethostname(),
                                "since": _now(), "token": self.token})
        self.lock_claimed = True

    def _check_lock_ours(self) -> None:
        """Inside a write: the lock still holds this writer's token. `db unlock --force`
        (or a second machine's companion after it) may have taken the file over; this
        writer then stops rather than interleave its events with the new holder's."""
        if not self.lock_claimed:
            return
        row = None if self.lock_lost else self.db.execute("SELECT token FROM lock").fetchone()
        if row is None or row[0] != self.token:
            self.lock_lost = True       # for good: a lock freed once is another's to take
            raise StoreLocked(f"{self.path}: this companion no longer holds the file (its lock "
                              "was freed by `companion db unlock` or taken by another "
                              "companion); nothing of this step was recorded: close this one "
                              "and open the file again")

    def close(self) -> None:
        """Let go of the lock (if that write fails, the next writer finds this process gone
        and takes it over) and close the file."""
        try:
            if not self.readonly and self.token and "lock" in self.db.table_names():
                with self.write():
                    self.db.execute("DELETE FROM lock WHERE token = ?", [self.token])
        except (StoreError, sqlite3.Error):
            pass
        finally:
            if not self.readonly and not self.moved():
                # The log into the file before going: with a reader open on it (`follow`),
                # closing leaves the log for the last connection, and a reader cannot
                # fold it in: the file alone (copied, backed up) lacked every step in it.
                # (Not into a file deleted or replaced since: the log at the path is not
                # its own.)
                try:
                    # (briefly: a reader inside a transaction, `db check` replaying, would
                    # hold the close for the whole busy wait; a log left is folded in by
                    # the next writer)
                    self.db.execute("PRAGMA busy_timeout = 200")
                    self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                except sqlite3.Error:
                    pass
            try:
                self.db.close()
            finally:
                self._release()
            if self.side_files_before is not None and not self.moved():
                _tidy_side_files(self.path, self.side_files_before)

    @classmethod
    def unlock(cls, path: str | Path | None = None, force: bool = False) -> dict | None:
        """Free a file whose writer's lock outlived its process where the check cannot see
        it (a file copied from another machine, a renamed host, a reused process id):
        returns the holder removed, or None if none was there. A holder on this machine
        whose process still runs is refused unless `force` (its process id reused by
        another program); the holder, if it is a companion, stops at its next write."""
        path = Path(path) if path is not None else default_path()
        with cls.open(path, readonly=True) as store:    # a game file, whole
            if not list(store.db["lock"].rows):
                return None             # nothing to free (a read-only file or folder too)
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_SECONDS)
        try:
            db = Database(conn)
            # One write transaction reads the holder and frees it: a companion taking the
            # lock meanwhile waits, and keeps the lock it then takes.
            _retry_busy(path, lambda: db.execute("BEGIN IMMEDIATE"))
            try:
                holders = list(db["lock"].rows)
                live = [h for h in holders if h["host"] == socket.gethostname()
                        and h["pid"] != os.getpid() and _pid_alive(h["pid"], h["token"])]
                if live and not force:
                    raise StoreLocked(
                        f"{path} is held by process {live[0]['pid']} on this machine, which "
                        "is still running: close that companion instead (its lock goes with "
                        "it). If that process is no companion (its number reused), "
                        "`companion db unlock --force` frees the file")
                db.execute("DELETE FROM lock")     # no writer can come in meanwhile
                db.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            hint = ("; the file or its folder is read-only: make both writable first"
                    if "readonly" in str(error) else "")
            raise StoreError(f"{path}: the lock could not be removed ({error}){hint}") from None
        finally:
            conn.close()
        return holders[0] if holders else None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- facts ------------------------------------------------------------------------------

    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def check(self) -> dict:
        """Integrity, schema version and counts (`companion db check`)."""
        self._check_integrity(self.path, self.db)
        # The games table holds finished games only (results for listings).
        counts = {label: self.db[name].count for name, label in (
            ("series", "series"), ("games", "games_finished"), ("events", "events"))
            if name in self.db.table_names()}
        return {"path": str(self.path), "integrity": "ok",
                "schema_version": self.schema_version(), "latest_schema": SCHEMA_VERSION,
                **counts}

    def require_writable(self) -> None:
        if self.readonly:
            raise StoreError(f"{self.path} is open read-only")
