"""Durable appends against a bare sqlite3 insert-and-commit; reopening a World Series."""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from pathlib import Path

from companion.high_and_tight.box import load_box
from companion.high_and_tight.simulate import play_series
from companion.store.db import Store
from companion.store.series_store import StoredSeries, create_series

APPENDS = 300
TARGET_APPEND_RATIO = 2.0
TARGET_REOPEN_S = 0.5


def bare_appends(path: Path, count: int) -> float:
    """The same pragmas and one insert-and-commit per event, with nothing around it."""
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, series_id INT, seq INT, "
                 "kind TEXT, scope TEXT, line TEXT, created TEXT)")
    start = time.perf_counter()
    for seq in range(1, count + 1):
        conn.execute("BEGIN")
        conn.execute("INSERT INTO events (series_id, seq, kind, scope, line, created) "
                     "VALUES (1, ?, 'action', '1', 'roll 3 4', '2026-01-01T00:00:00')", [seq])
        conn.execute("COMMIT")
    elapsed = time.perf_counter() - start
    conn.close()
    return elapsed


def companion_appends(path: Path, count: int) -> float:
    """Appending events through the store (the rules are not played: lines only)."""
    box = load_box()
    store = Store.open(path)
    series_id = create_series(store, box, {"Scenario": "world", "Team1": "new-york",
                                           "Team2": "texas"})
    stored = StoredSeries.load(store, series_id)
    start = time.perf_counter()
    for _ in range(count):
        stored._append("action", "1", "roll 3 4")
    elapsed = time.perf_counter() - start
    store.close()
    return elapsed


def reopen_world_series(folder: Path) -> dict:
    box = load_box()
    path = folder / "world.db"
    store = Store.open(path)
    series_id = create_series(store, box, {"Scenario": "world", "Team1": "new-york",
                                           "Team2": "texas", "Seed": "bench",
                                           "Rules": "rest,short-rest,advanced-fatigue"})
    stored = StoredSeries.load(store, series_id)
    session = stored.session
    # Build the series in memory, then store its events in one go (the figure is reopening).
    play_series(session, session.push, "bench")
    with store.db.atomic():
        store.db["events"].insert_all(
            {"series_id": series_id, "seq": n, "kind": "action", "scope": e.scope,
             "line": e.line, "created": ""} for n, e in enumerate(session.entries, start=1))
    store.close()
    start = time.perf_counter()
    store = Store.open(path)
    reloaded = StoredSeries.load(store, series_id)
    elapsed = time.perf_counter() - start
    assert reloaded.session.is_over()
    store.close()
    return {"games": len(reloaded.session.games), "events": len(session.entries),
            "reopen_s": round(elapsed, 3), "target_s": TARGET_REOPEN_S}


def main() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        bare = min(bare_appends(folder / f"bare{i}.db", APPENDS) for i in range(3))
        ours = min(companion_appends(folder / f"ours{i}.db", APPENDS) for i in range(3))
        reopen = reopen_world_series(folder)
    return {
        "append": {"count": APPENDS, "bare_ms": round(1000 * bare / APPENDS, 3),
                   "companion_ms": round(1000 * ours / APPENDS, 3),
                   "ratio": round(ours / bare, 2), "target_ratio": TARGET_APPEND_RATIO},
        "reopen_world_series": reopen,
    }


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
