"""Salvage: what can still be read of a damaged game file, into a new one.

A file that fails its integrity check is never written to (StoreDamaged). Salvage reads it
as it stands, series by series: the series row (header and frozen box), then its events,
as many as can be read in order (by its index or along the table, whichever reads
further; a damaged page stops each reading there), replayed as the table replays them
(`fold_events`) up to the first that does not replay. What replays is
stored in the new file as a series of its own (the undo history is not kept: the steps
in force are). Where a reading stopped at the damage, a loss is said only when the file
shows one (`_end_shown`). When the series table itself cannot be listed, the series the
other tables still name are said too, and how many of them were saved. The damaged file
is left exactly as it was."""

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
    WHERE_NOTE,
    EventDamage,
    StoredSeries,
    box_copy_missing,
    create_series,
    fold_events,
    status_row,
    stored_table,
)

EVENT_COLUMNS = "seq, kind, scope, line"
FIRST_ROWID = -(1 << 63)        # below any row's id: a reading along a table from its start
EVENTS_INDEX = "idx_events_series_id_seq"       # (series_id, seq): the first migration's
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
        pieced = False          # whether the list of series had to be pieced together
        try:
            ids = [row["id"] for row in conn.execute("SELECT id FROM series ORDER BY id")]
        except sqlite3.DatabaseError as error:
            # The list of series is damaged (a file cut short loses its last pages, the
            # series table's among them): the series named along the tables, one row at
            # a time, each then read by its own number (README: the series its pages hold).
            pieced = True
            ids = _series_named(conn, table_rows)
            listing_error = error
        told = {series_id: _salvage_series(conn, series_id, out, table_rows)
                for series_id in ids}
        # The other tables may name more series, whose rows are lost (or were left out of
        # a damaged page read as a whole): they are said too, and saved if the row reads
        # when looked up by its number.
        traces = _series_traces(conn, [row["series_id"] for row in rows[0]]
                                if rows is not None else
                                _column_along(conn, "events", "series_id"))
        if pieced and not ids and not traces:
            raise StoreError("\n".join(first + [
                f"{damaged}: no series can be read from it ({listing_error}); nothing was "
                "salvaged"]))
        for series_id in sorted(set(traces) - set(ids)):
            told[series_id] = (_salvage_series(conn, series_id, out, table_rows)
                               if _has_row(conn, series_id) else     # (said a range at a
                               (False, (series_id, frozenset(traces[series_id]))))  # time)
    finally:
        conn.close()
    told = [told[series_id] for series_id in sorted(told)]
    lines = _unread_lines(told)
    saved = sum(1 for done, _ in told if done)
    if not saved:
        raise StoreError("\n".join(first + lines + [f"{damaged}: nothing was salvaged"]))
    if pieced or any(not isinstance(line, str) for _, line in told):
        where = "past the cut" if cut is not None else "in its damaged pages"
        lines.append(f"saved {saved} of the {len(told)} series the file still names; a "
                     f"series whose rows all lay {where} cannot be seen: there may have been "
                     "more")
    return first + lines


def _has_row(conn: sqlite3.Connection, series_id: int) -> bool:
    """Whether the series table still holds the row of a series only another table named
    (looked up by its number, past a damaged page the reading along the table stopped at)."""
    try:
        return conn.execute("SELECT 1 FROM series WHERE id = ?", [series_id]).fetchone() \
            is not None
    except sqlite3.DatabaseError:
        return False


TRACES = ("steps", "finished games", "notes", "win figures")    # (in the order said)


def _series_traces(conn: sqlite3.Connection, event_series: list) -> dict[int, set[str]]:
    """The series the file's tables other than the series table still name, and by what
    (TRACES): their events (`event_series`, the series its events read along the table
    name, and the index), their finished games, their notes and their win figures, each
    table read up to its first page lost. A deleted series leaves none of these (only the
    highest number deleted)."""
    named: dict[int, set[str]] = {}

    def add(series_id, what):
        if isinstance(series_id, int) and series_id > 0:
            named.setdefault(series_id, set()).add(what)

    for series_id in event_series:
        add(series_id, "steps")
    for series_id in _by_the_index(conn):
        add(series_id, "steps")
    for table, what in (("games", "finished games"), ("figures", "win figures")):
        for series_id in _column_along(conn, table, "series_id"):
            add(series_id, what)
    for key in _column_along(conn, "meta", "key"):
        parts = key.split("/") if isinstance(key, str) else []
        if len(parts) == 3 and f"{parts[0]}/" == NOTE_PREFIX and parts[1].isdigit():
            add(int(parts[1]), "notes")
    return named


def _column_along(conn: sqlite3.Connection, table: str, column: str) -> list:
    """A column of a table in row order, every row at once, else one row a query up to the
    first page that cannot be read (a missing table: nothing)."""
    try:
        return [row[0] for row in conn.execute(f"SELECT {column} FROM {table} NOT INDEXED")]
    except sqlite3.DatabaseError:
        pass
    rows, _ = _one_at_a_time(conn, f"SELECT rowid, {column} FROM {table} NOT INDEXED "
                             "WHERE rowid > ? ORDER BY rowid LIMIT 1", FIRST_ROWID)
    return [row[1] for row in rows]


def _one_at_a_time(conn: sqlite3.Connection, query: str, last: int = 0
                   ) -> tuple[list, str | None]:
    """The rows of `query` (one row past the key given, its first column the key, rising),
    one a query up to the first page that cannot be read, and why it stopped there (None
    at the end). One row a query: a cursor left open steps to the next row before it hands
    over the one read, and a damaged page there would lose that row too. A page of zeros,
    where a cut file was filled out, reads as rows of nothing: the reading stops there."""
    rows: list = []
    while True:
        try:
            row = conn.execute(query, [last]).fetchone()
        except sqlite3.DatabaseError as error:
            return rows, f"cannot be read: {error}"
        if row is None:
            return rows, None
        if not isinstance(row[0], int) or row[0] <= last:
            return rows, "cannot be read: its page is lost"
        last = row[0]
        rows.append(row)


def _by_the_index(conn: sqlite3.Connection) -> list[int]:
    """The series the index on the events (series, seq) names, one a query up to its first
    page lost: its pages may outlast the table's rows."""
    rows, _ = _one_at_a_time(conn, f"SELECT series_id FROM events INDEXED BY {EVENTS_INDEX} "
                             "WHERE series_id > ? ORDER BY series_id LIMIT 1")
    return [row[0] for row in rows]


def _unread_lines(told: list) -> list[str]:
    """The lines of what salvage told, the series whose row cannot be read said a range at
    a time (consecutive numbers named by the same tables): 'series 4-12: their rows cannot
    be read, only their finished games and notes: not saved'."""
    lines: list[str] = []
    group: list[tuple[int, frozenset]] = []

    def close():
        if not group:
            return
        first, what = group[0]
        one = len(group) == 1
        its = "its" if one else "their"
        named = [trace for trace in TRACES if trace in what]
        said = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
        lines.append(f"series {first}{'' if one else f'-{group[-1][0]}'}: {its} "
                     f"row{'' if one else 's'} cannot be read, only {its} {said}: not saved")
        group.clear()

    for _, line in told:
        if isinstance(line, str):
            close()
            lines.append(line)
        elif group and (line[0] != group[-1][0] + 1 or line[1] != group[-1][1]):
            close()
            group.append(line)
        else:
            group.append(line)
    close()
    return lines


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
    row = None
    try:
        row = conn.execute("SELECT header, created FROM series WHERE id = ?",
                           [series_id]).fetchone()
        header = stored_table(row["header"])
        created = row["created"] if isinstance(row["created"], str) else None
    except (sqlite3.DatabaseError, TypeError) as error:     # (TypeError: no row at all)
        return False, (f"series {series_id}: its row cannot be read: not saved" if row is None
                       else f"series {series_id}: its header cannot be read ({error}): not "
                       "saved")
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
    last_read = events[-1]["seq"] if events else 0
    if first_lost is not None:          # (a stored event that does not replay: one there)
        lost = f"; the events from {first_lost} on are lost" + (f" ({stopped})" if stopped
                                                                  else "")
    elif stopped is None:
        lost = ""
    else:               # the reading stopped at the damage: was there an event past it?
        lost = _stop_words(_end_shown(conn, series_id, session, last_read, table_rows),
                           session, last_read, stopped)
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
    games = len(session.series.results)
    return True, (f"series {series_id} -> series {new_id}: {len(session.entries)} steps, "
                  f"{games} game{'' if games == 1 else 's'} finished{lost}{dice_lost}")


def _end_shown(conn: sqlite3.Connection, series_id: int, session: SeriesSession,
               last_read: int, table_rows) -> bool | None:
    """Whether the file shows an event of the series past `last_read`, the last one read
    before a reading stopped at the damage: True when it does (a later event's row, its
    index's entries, its game-in-play note or its listing, written with every event, left
    by a later one), False when it shows `last_read` was the last (the index or the note
    ends there), None when nothing can tell."""
    shown = None
    try:
        (highest,) = conn.execute(f"SELECT max(seq) FROM events INDEXED BY {EVENTS_INDEX} "
                                  "WHERE series_id = ?", [series_id]).fetchone()
        if isinstance(highest, int) or highest is None:
            if (highest or 0) > last_read:
                return True
            shown = False if (highest or 0) == last_read else None
    except sqlite3.DatabaseError:
        pass
    if any(row["series_id"] == series_id and isinstance(row["seq"], int)
           and row["seq"] > last_read for row in table_rows()[0]):
        return True
    try:
        note = conn.execute("SELECT value FROM meta WHERE key = ?",
                            [f"{NOTE_PREFIX}{series_id}/{WHERE_NOTE}"]).fetchone()
        where = json.loads(note[0]) if note else None
        seq = where.get("seq") if isinstance(where, dict) else None
        if isinstance(seq, int):
            if seq > last_read:
                return True
            if seq == last_read:
                shown = False
    except (sqlite3.DatabaseError, TypeError, ValueError):
        pass
    try:                # the listing: the series over, its winner and its games as they
        row = conn.execute("SELECT status, winner FROM series WHERE id = ?",  # were last
                           [series_id]).fetchone()
        if row is not None and dict(row) != status_row(session.series):
            return True
    except (sqlite3.DatabaseError, IndexError, KeyError):
        pass
    try:                # (fewer listed is no sign: a file older than the list has none)
        (games,) = conn.execute("SELECT count(*) FROM games WHERE series_id = ?",
                                [series_id]).fetchone()
        if games > len(session.series.results):
            return True
    except sqlite3.DatabaseError:
        pass
    return shown


def _stop_words(shown: bool | None, session: SeriesSession, last_read: int,
                stopped: str) -> str:
    """What a series' line says of a reading stopped at the damage after event
    `last_read`: a loss only when the file shows one (`_end_shown`). A series over can have
    no event after its end but an undo of it, and its listing would say that."""
    if shown:
        return f"; the events from {last_read + 1} on are lost ({stopped})"
    if shown is False:
        return "; saved whole"
    if session.is_over():
        return "; saved whole (the series is over)"
    why = stopped.partition(": ")[2] or stopped     # (not 'event 253 cannot be read': there
    if not last_read:                               # may be no event 253)
        return f"; no event of it can be read ({why})"
    return (f"; it stops at event {last_read}: any events after it are past what can be read "
            f"({why})")


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
    ids = {series_id for series_id in _column_along(conn, "series", "id")
           if isinstance(series_id, int)}
    ids.update(row["series_id"] for row in table_rows()[0]
               if isinstance(row["series_id"], int))
    return sorted(ids)


def _rows_in_order(conn: sqlite3.Connection) -> tuple[list, str | None]:
    """The events table along itself in row order, every series' rows, up to the first page
    that cannot be read (read once for all the series), and why it stopped there."""
    rows, stopped = _one_at_a_time(conn, f"SELECT id, series_id, {EVENT_COLUMNS} FROM events "
                                   "NOT INDEXED WHERE id > ? ORDER BY id LIMIT 1")
    return [dict(row) for row in rows], stopped


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
