"""`db salvage`: what can still be read of a damaged game file goes into a new one."""

from __future__ import annotations

import random
import sqlite3

import pytest

from companion.store.db import Store, StoreDamaged
from companion.store.series_store import StoredSeries, list_series

from .test_db import stored_game_file
from .util import run_companion, sha256


def event_pages(path) -> list[int]:
    """The pages holding the events table's rows, in file order (SQLite's dbstat)."""
    conn = sqlite3.connect(path)
    try:
        return [row[0] for row in conn.execute(
            "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' "
            "ORDER BY pageno")]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find the events' pages with")
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
    series_id = stored_game_file(path, box)
    with Store.open(path, readonly=True) as store:
        whole = [e.line for e in StoredSeries.load(store, series_id).session.entries]
    damage_page(path, event_pages(path)[-2])
    with pytest.raises(StoreDamaged, match="db salvage"):
        Store.open(path, readonly=True)
    before = sha256(path)
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 0, result.stderr
    said = result.stdout.splitlines()
    assert said[0].startswith(f"series {series_id} -> series 1: ")
    assert "the events from " in said[0] and "cannot be read" in said[0]
    assert said[-1] == f"wrote {out}; {path} was not changed"
    assert sha256(path) == before
    with Store.open(out, readonly=True) as store:
        assert [row.id for row in list_series(store)] == [1]
        kept = [e.line for e in StoredSeries.load(store, 1).session.entries]
    assert 0 < len(kept) < len(whole) and kept == whole[:len(kept)]
    assert f"{len(kept)} steps" in said[0]


def test_salvage_of_a_file_with_nothing_readable_writes_nothing(tmp_path):
    path = tmp_path / "noise.db"
    path.write_bytes(random.Random(2024).randbytes(64 * 1024))
    out = tmp_path / "saved.db"
    result = run_companion("db", "salvage", "--db", path, "--out", out)
    assert result.returncode == 2 and "no series can be read from it" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists() and not list(tmp_path.glob("saved.db*"))


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
