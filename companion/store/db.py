"""The game file: SQLite through sqlite-utils, migrations, a writer's lock and integrity checks."""

from __future__ import annotations

import contextlib
import datetime
import os
import secrets
import socket
import sqlite3
import time
from pathlib import Path

from platformdirs import user_data_dir
from sqlite_utils import Database, Migrations

from ..engine.errors import CompanionError

APP = "dugout-companion"
migrations = Migrations("dugout-companion")


class StoreError(CompanionError):
    """A problem with the game file itself."""


class StoreLocked(StoreError):
    """Another live process holds the file for writing."""


class StoreDamaged(StoreError):
    """The file fails its integrity check: it is reported and never written to."""


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


def _retry_busy(step, seconds: float = BUSY_SECONDS):
    """Run a step that needs SQLite's write lock, waiting while another process holds it."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return step()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            if time.monotonic() > deadline:
                raise StoreError(f"the game file stayed busy for {seconds:.0f} s: {error}") \
                    from None
            time.sleep(0.02)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Store:
    """One open game file. Writers hold the lock until `close`; readers never write."""

    def __init__(self, path: Path, db: Database, readonly: bool, token: str | None):
        self.path = path
        self.db = db
        self.readonly = readonly
        self.token = token
        self.took_over: dict | None = None

    # -- opening ------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path | None = None, readonly: bool = False,
             migrate_to: str | None = None) -> Store:
        """Open (creating and migrating if needed) the file at `path`.

        A writer takes the lock or gets StoreLocked naming the holder; a damaged file gives
        StoreDamaged and is left untouched. `migrate_to` stops before that migration (tests).
        """
        path = Path(path) if path is not None else default_path()
        if path.is_dir():
            raise StoreError(f"{path}: is a folder; give the game file's own path "
                             "(for example games.db)")
        if readonly:
            if not path.exists():
                raise StoreError(f"{path}: no game file there")
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            db = Database(conn)
            cls._check_integrity(path, db)
            cls._check_not_newer(path, db)
            return cls(path, db, True, None)
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists() and path.stat().st_size > 0
        if existed:
            probe = Database(sqlite3.connect(f"file:{path}?mode=ro", uri=True))
            try:
                cls._check_integrity(path, probe)
                cls._check_not_newer(path, probe)
            finally:
                probe.close()
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_SECONDS)
        db = Database(conn)
        store = cls(path, db, False, secrets.token_hex(8))
        try:
            _retry_busy(lambda: db.execute("PRAGMA journal_mode=WAL"))
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
                finally:
                    target.close()
            # One write transaction checks the lock again, migrates and takes the lock, so
            # two writers never interleave.
            with store.write():
                if "lock" in db.table_names():
                    store._check_lock()
                if migrate_to:
                    migrations.apply(db, stop_before=migrate_to)
                else:
                    migrations.apply(db)
                applied = len(migrations.applied(db))
                db.execute(f"PRAGMA user_version={applied}")
                db["meta"].upsert({"key": "schema_version", "value": str(applied)}, pk="key")
                if "lock" in db.table_names():
                    store._claim_lock()
        except BaseException:
            conn.close()
            raise
        return store

    @staticmethod
    def _check_not_newer(path: Path, db: Database) -> None:
        """A file a newer version migrated may hold what this one cannot read: refused,
        untouched."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{path} was written by a newer version of the companion "
                             f"(schema {version}; this one knows {SCHEMA_VERSION}): update "
                             "the companion to open it")

    @contextlib.contextmanager
    def write(self):
        """A write transaction that takes SQLite's write lock at once (BEGIN IMMEDIATE), so
        it waits for another writer instead of failing half-way."""
        if self.db.conn.in_transaction:
            with self.db.atomic():
                yield self.db
            return
        _retry_busy(lambda: self.db.execute("BEGIN IMMEDIATE"))
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    @staticmethod
    def _check_integrity(path: Path, db: Database) -> None:
        try:
            result = db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError as error:
            raise StoreDamaged(f"{path}: not a readable game file ({error}); it was not "
                               "changed") from None
        problems = [row[0] for row in result if row[0] != "ok"]
        if problems:
            raise StoreDamaged(f"{path}: the integrity check failed ({'; '.join(problems[:3])})"
                               "; the file was not changed")

    def _check_lock(self) -> None:
        """Refuse if another live process holds the file; note a dead holder to take over."""
        host = socket.gethostname()
        for holder in self.db["lock"].rows:
            alive = holder["host"] != host or _pid_alive(holder["pid"])
            if alive and holder["pid"] != os.getpid():
                raise StoreLocked(
                    f"{self.path} is open for writing by process {holder['pid']} on "
                    f"{holder['host']} since {holder['since']}; close the other companion "
                    "first, or watch the game with `companion follow`, which only reads")
            self.took_over = holder

    def _claim_lock(self) -> None:
        self.db.execute("DELETE FROM lock")
        self.db["lock"].insert({"id": 1, "pid": os.getpid(), "host": socket.gethostname(),
                                "since": _now(), "token": self.token})

    def close(self) -> None:
        if not self.readonly and self.token and "lock" in self.db.table_names():
            with self.write():
                self.db.execute("DELETE FROM lock WHERE token = ?", [self.token])
        self.db.close()

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
