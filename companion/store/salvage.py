"""Salvage: what can still be read of a damaged game file, into a new one.

A file that fails its integrity check is never written to (StoreDamaged). Salvage reads it
as it stands, series by series: the series row (header and frozen box), then its events,
as many as can be read in order (by its index or along the table, whichever reads
further; a damaged page stops each reading there), replayed as the table replays them
(`fold_events`) up to the first that does not replay. What replays is
stored in the new file as a series of its own (the undo history is not kept: the steps
in force are). The damaged file is left exactly as it was."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from ..engine.errors import CompanionError
from ..high_and_tight.box import DEFAULT_BOX_DIR, Box, load_box, load_box_texts
from ..high_and_tight.series_session import SeriesSession
from ..high_and_tight.state import MODES
from .db import (
    PAGE_SIZE,
    Store,
    StoreError,
    cut_short,
    cut_words,
    header_lost,
    read_copy,
    rebuilt_header,
)
from .series_store import (
    DICE_NOTE,
    NOTE_PREFIX,
    EventDamage,
    StoredSeries,
    box_copy_missing,
    create_series,
    fold_events,
    stored_table,
)

EVENT_COLUMNS = "seq, kind, scope, line"
MOST_PAGES = 1 << 20      # a header counting more (4 GiB of 4 KiB pages) is damage itself:
                          # the copy is not filled out to it, its count is cleared instead


def salvage(damaged: Path, out: Store) -> list[str]:
    """Copy every series of `damaged` that can be read into `out`; one line a series
    saying what was recovered (or why nothing was), after a line on a file cut short."""
    cut = cut_short(damaged)
    first = [] if cut is None else [
        f"{damaged} {cut_words(cut)}; the lines below say what was read"]
    conn = _open(damaged)
    conn.row_factory = sqlite3.Row
    try:
        try:            # a newer version's file is no damage: that version opens it
            Store.check_not_newer(damaged, conn)
        except sqlite3.DatabaseError:
            pass                            # (a header past reading: salvaged below)
        rows: list | None = None        # the table read in row order, once, if needed

        def table_rows():
            nonlocal rows
            if rows is None:
                rows = _rows_in_order(conn)
            return rows
        try:
            ids = [row["id"] for row in conn.execute("SELECT id FROM series ORDER BY id")]
        except sqlite3.DatabaseError as error:
            # The list of series is damaged (a file cut short loses its last pages, the
            # series table's among them): the series named along the tables, one row at
            # a time, each then read by its own number (README: the series its pages hold).
            ids = _series_named(conn, table_rows)
            if not ids:
                raise StoreError("\n".join(first + [
                    f"{damaged}: no series can be read from it ({error}); nothing was "
                    "salvaged"])) from None
        told = [_salvage_series(conn, series_id, out, table_rows) for series_id in ids]
    finally:
        conn.close()
    if not any(saved for saved, _ in told):
        raise StoreError("\n".join(first + [line for _, line in told]
                                   + [f"{damaged}: nothing was salvaged"]))
    return first + [line for _, line in told]


def _whole_pages(copy: Path) -> None:
    """A copy of a file cut short, made readable: SQLite would read past its end and call
    every table malformed. Filled out with empty pages to the length its header counts,
    the tables read up to the first page lost (an empty page is damage SQLite reports when
    it is reached; what the lost pages held stays lost)."""
    cut = cut_short(copy)
    if cut is None:
        return
    held, counted, page_size = cut
    try:
        with open(copy, "r+b") as handle:
            if counted <= MOST_PAGES:
                handle.truncate(counted * page_size)    # (the new bytes read as zeros)
            else:       # a count past belief is damage itself: SQLite counts the pages
                handle.truncate(held * page_size)
                handle.seek(28)
                handle.write(bytes(4))
    except OSError as error:
        raise StoreError(f"its copy could not be filled out to the {counted} pages its "
                         f"header counts ({error.strerror})") from None


def _mended(copy: Path) -> None:
    """A copy made readable: its SQLite header written afresh when only that was lost (the
    tables' definitions still on the first page: `header_lost`), then filled out to the
    pages its header counts (`_whole_pages`)."""
    if header_lost(copy):
        try:
            with open(copy, "r+b") as handle:
                handle.write(rebuilt_header(os.fstat(handle.fileno()).st_size // PAGE_SIZE))
        except OSError as error:
            raise StoreError(f"its copy's header could not be written afresh "
                             f"({error.strerror})") from None
    _whole_pages(copy)


def _open(damaged: Path) -> sqlite3.Connection:
    """The damaged file read with its -wal, the newest steps of a table that stopped
    without closing, from a copy of the two (`read_copy`, a file cut short filled out in
    the copy); a copy SQLite cannot open so is read as the file stands alone."""
    conn = read_copy(damaged, mend=_mended)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.DatabaseError:
        conn.close()
    return sqlite3.connect(f"file:{quote(str(damaged.absolute()))}?mode=ro&immutable=1",
                           uri=True)


def _salvage_series(conn: sqlite3.Connection, series_id: int, out: Store, table_rows
                    ) -> tuple[bool, str]:
    """(whether the series was saved, what the line says of it)."""
    try:
        row = conn.execute("SELECT header, created FROM series WHERE id = ?",
                           [series_id]).fetchone()
        header = stored_table(row["header"])
        created = row["created"] if isinstance(row["created"], str) else None
    except (sqlite3.DatabaseError, TypeError) as error:     # (TypeError: no row at all)
        return False, f"series {series_id}: its header cannot be read ({error}): not saved"
    if header is None:
        return False, (f"series {series_id}: its header cannot be read (not the table of "
                       "tags the companion writes): not saved")
    events, stopped = _readable_events(conn, series_id, table_rows)
    try:
        box = _series_box(conn, series_id, header)
        session = SeriesSession(box, header)
    except CompanionError as error:
        return False, f"series {series_id}: its setup does not load ({error}): not saved"
    try:                # the session keeps every event before one that does not replay
        stale = fold_events(session, events, series_id)
        first_lost = stale.seq if stale else None
    except EventDamage as damage:
        first_lost = damage.seq
    if first_lost is None and stopped is not None:
        first_lost = events[-1]["seq"] + 1 if events else 1
    try:
        new_id = create_series(out, box, header, session.entries, created)
    except CompanionError as error:
        return False, f"series {series_id}: not saved ({error})"
    # The dice the table switched to (README: kept with the series) go with it; the table's
    # other notes name steps of the damaged file and stay behind.
    try:
        dice = conn.execute("SELECT value FROM meta WHERE key = ?",
                            [f"{NOTE_PREFIX}{series_id}/{DICE_NOTE}"]).fetchone()
        switched = json.loads(dice[0]) if dice else None
    except (sqlite3.DatabaseError, TypeError, ValueError):
        switched = None                     # (unreadable: the series' own dice)
    dice_lost = ""
    if switched in MODES:
        try:
            StoredSeries.load(out, new_id).keep_note(DICE_NOTE, switched)
        except CompanionError as error:     # (a full disk: the series is saved without it)
            dice_lost = f"; the dice switched to ({switched}) were not kept ({error})"
    lost = "" if first_lost is None else (f"; the events from {first_lost} on are lost"
                                          + (f" ({stopped})" if stopped else ""))
    games = len(session.series.results)
    return True, (f"series {series_id} -> series {new_id}: {len(session.entries)} steps, "
                  f"{games} game{'' if games == 1 else 's'} finished{lost}{dice_lost}")


def _series_box(conn: sqlite3.Connection, series_id: int, header: dict) -> Box:
    """The series' frozen box; when its copy cannot be read, the bundled box if it is the
    one the header names (its Box fingerprint), so the steps are not lost with the copy."""
    try:
        row = conn.execute("SELECT box_files FROM series WHERE id = ?", [series_id]).fetchone()
        texts = stored_table(row["box_files"])
        why = ("not the files' texts the companion writes" if texts is None else
               f"it lacks {', '.join(box_copy_missing(texts))}" if box_copy_missing(texts)
               else None)
    except (sqlite3.DatabaseError, TypeError) as error:     # (TypeError: no row at all)
        why = str(error)
    if why is not None:
        bundled = load_box(DEFAULT_BOX_DIR)
        if header.get("Box") == bundled.fingerprint:
            return bundled
        raise CompanionError(f"its box copy cannot be read ({why}) and the bundled box "
                             "is not the one it was played with")
    return load_box_texts(texts, origin=f"series {series_id} box", strict=False)


def _readable_events(conn: sqlite3.Connection, series_id: int, table_rows
                     ) -> tuple[list, str | None]:
    """The series' events in order as far as they can be read, and why the reading stopped
    short (None when it did not). With damage, two readings and the longer kept: one by
    the index on (series, seq), one along the table itself in row order (a file cut short
    loses the index's newer pages as well as the table's, and either may be the first to
    go)."""
    try:
        return [dict(row) for row in conn.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE series_id = ? ORDER BY seq",
            [series_id])], None
    except sqlite3.DatabaseError:
        pass
    return max(_events_by_index(conn, series_id), _events_by_row(table_rows(), series_id),
               key=lambda read: len(read[0]))


def _events_by_index(conn: sqlite3.Connection, series_id: int
                     ) -> tuple[list, str | None]:
    events: list[dict] = []         # one at a time, by the index: up to the damaged one
    seq = 1
    while True:
        try:
            row = conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE series_id = ? "
                               "AND seq = ?", [series_id, seq]).fetchone()
        except sqlite3.DatabaseError as error:
            return events, f"event {seq} cannot be read: {error}"
        if row is None:
            return events, None
        events.append(dict(row))
        seq += 1


def _series_named(conn: sqlite3.Connection, table_rows) -> list[int]:
    """The series a damaged file still names, its series table's list being past reading:
    its rows read one at a time in row order up to the first page lost, and the series its
    events' rows name (`_rows_in_order`)."""
    ids: set[int] = set()
    last_id = 0
    while True:
        try:
            row = conn.execute("SELECT id FROM series NOT INDEXED WHERE id > ? ORDER BY id "
                               "LIMIT 1", [last_id]).fetchone()
        except sqlite3.DatabaseError:
            break
        if row is None or not isinstance(row[0], int) or row[0] <= last_id:
            break
        last_id = row[0]
        ids.add(last_id)
    ids.update(row["series_id"] for row in table_rows()[0]
               if isinstance(row["series_id"], int))
    return sorted(ids)


def _rows_in_order(conn: sqlite3.Connection) -> tuple[list, str | None]:
    """The events table along itself in row order, every series' rows, up to the first page
    that cannot be read (read once for all the series), and why it stopped there. A page of
    zeros, where a cut file was filled out, reads as rows of nothing: the reading stops
    there too."""
    rows: list[dict] = []
    last_id = 0
    while True:
        # One row a query: a cursor left open steps to the next row before it hands over
        # the one read, and a damaged page there would lose that row too.
        try:
            row = conn.execute(f"SELECT id, series_id, {EVENT_COLUMNS} FROM events "
                               "NOT INDEXED WHERE id > ? ORDER BY id LIMIT 1",
                               [last_id]).fetchone()
        except sqlite3.DatabaseError as error:
            return rows, f"cannot be read: {error}"
        if row is None:
            return rows, None
        if not isinstance(row["id"], int) or row["id"] <= last_id:
            return rows, "cannot be read: its page is lost"
        last_id = row["id"]
        rows.append(dict(row))


def _events_by_row(table: tuple[list, str | None], series_id: int
                   ) -> tuple[list, str | None]:
    """The series' events from the table read in row order (events are written in order,
    so a series' rows come in its order), up to where that reading stopped or its events
    break off."""
    rows, stopped = table
    events: list[dict] = []
    for row in rows:
        if row["series_id"] != series_id:
            continue
        if row["seq"] != len(events) + 1:
            return events, f"event {len(events) + 1} cannot be found"
        events.append({key: row[key] for key in EVENT_COLUMNS.split(", ")})
    return events, None if stopped is None else f"event {len(events) + 1} {stopped}"
