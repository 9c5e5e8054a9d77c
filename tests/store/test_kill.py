"""A kill loses nothing (SPEC 7): a computer-played World Series killed mid-write three times,
resumed each time, ends exactly like an uninterrupted run of the same seed."""

from __future__ import annotations

import random
import shutil
import signal
import sqlite3
import time
from pathlib import Path

from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box
from companion.store.db import Store
from companion.store.series_store import StoredSeries

from .util import popen_companion, rows, run_companion, series_header, simulated_session

SEED = "3"                       # a seven-game series: long enough to be killed three times
RULES = "rest,short-rest"
KILLS = 3


def event_count(path: Path) -> int:
    try:
        return rows(path, "SELECT COUNT(*) AS n FROM events")[0]["n"]
    except sqlite3.Error:                  # not created yet
        return 0


def wait_for_writing(path: Path, more_than: int, process, timeout: float = 30) -> None:
    """Wait until the process has appended an event of its own."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and event_count(path) > more_than:
            return
        time.sleep(0.02)


def wait_or_progress(path: Path, process, delay: float, events: int) -> None:
    """Sleep `delay` seconds, or less if the file already holds `events` events."""
    deadline = time.monotonic() + delay
    while time.monotonic() < deadline and process.poll() is None:
        if event_count(path) >= events:
            return
        time.sleep(0.02)


def assert_intact(path: Path) -> int:
    """db check passes, the events run 1..N without a gap, and the series replays."""
    result = run_companion("db", "check", "--db", path)
    assert result.returncode == 0, result.stderr
    assert "integrity=ok" in result.stdout
    series = rows(path, "SELECT id, status FROM series")
    assert len(series) == 1
    events = rows(path, "SELECT seq, kind, line FROM events WHERE series_id = ? ORDER BY seq",
                  [series[0]["id"]])
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert all(e["kind"] == "action" and e["line"].strip() for e in events)
    with Store.open(path, readonly=True) as store:
        stored = StoredSeries.load(store, series[0]["id"])
        assert stored.seq == len(events)
        assert len(stored.session.entries) == len(events)
        games = rows(path, "SELECT number FROM games ORDER BY number")
        assert [g["number"] for g in games] == \
            [r.number for r in stored.session.series.results]
    return len(events)


def test_killed_mid_write_three_times_then_resumed_matches_an_uninterrupted_run(tmp_path):
    rng = random.Random(1955)
    path = tmp_path / "killed.db"
    reference_path = tmp_path / "reference.db"
    data = tmp_path / "data"               # both runs start from the same box, even if data/
    shutil.copytree(DEFAULT_BOX_DIR, data)  # is edited while the test runs
    world = ("--data", data, "simulate", "--series", "world", "--seed", SEED, "--rules", RULES)
    reference = popen_companion(*world, "--db", reference_path)
    try:
        # how long the series is (played in memory): a run is killed after its random delay,
        # or sooner once it has written a quarter of the series, so all three kills land
        # before the end
        expected = len(simulated_session(load_box(data),
                                         series_header("world", SEED, RULES)).entries)
        budget = expected // (KILLS + 1)
        counts = [0]
        kills = 0
        finished_early = False
        for attempt in range(KILLS):
            if attempt == 0:
                args = (*world, "--db", path)
            else:
                args = ("simulate", "--resume", "--db", path)
            process = popen_companion(*args)
            try:
                wait_for_writing(path, counts[-1], process)
                wait_or_progress(path, process, rng.uniform(0.5, 2.0), counts[-1] + budget)
                if process.poll() is None:
                    process.send_signal(signal.SIGKILL)
                    kills += 1
                _, err = process.communicate(timeout=60)
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
            if process.returncode != -signal.SIGKILL:     # it ran to the end first
                assert process.returncode == 0, err
                finished_early = True
            else:
                lock = rows(path, "SELECT pid FROM lock")
                assert lock == [{"pid": process.pid}]      # a stale lock is left behind
            counts.append(assert_intact(path))
            assert counts[-1] > counts[-2], "the process appended nothing"
            if finished_early:
                break
        assert kills == KILLS, f"only {kills} run(s) were killed mid-write"

        if not finished_early:
            final = run_companion("simulate", "--resume", "--db", path)
            assert final.returncode == 0, final.stderr
            assert "winner" in final.stdout
        total = assert_intact(path)
        assert total == expected
        assert rows(path, "SELECT status FROM series") == [{"status": "over"}]
        again = run_companion("simulate", "--resume", "--db", path)   # nothing left to do
        assert again.returncode == 2 and "no interrupted" in again.stderr

        out, err = reference.communicate(timeout=120)
        assert reference.returncode == 0, err
    finally:
        if reference.poll() is None:
            reference.kill()
            reference.wait()
    assert rows(reference_path, "SELECT COUNT(*) AS n FROM events") == [{"n": total}]
    for fmt in ("record", "json", "csv"):
        killed = run_companion("export", "1", "--format", fmt, "--db", path)
        whole = run_companion("export", "1", "--format", fmt, "--db", reference_path)
        assert killed.returncode == whole.returncode == 0, killed.stderr + whole.stderr
        assert killed.stdout == whole.stdout, fmt
