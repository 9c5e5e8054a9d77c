"""Series in the game file: a frozen box, an append-only event stream, results for listings."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from dataclasses import dataclass

from ..engine.errors import CompanionError, DataError, IllegalAction, ParseError
from ..engine.record import Record
from ..files import db_words
from ..high_and_tight.box import BOX_FILES, Box, load_box_texts
from ..high_and_tight.series import EXHIBITION_TAGS, SCENARIOS, TEAMS, SeriesRules, series_lead
from ..high_and_tight.series_session import SERIES, Entry, SeriesSession, with_result
from ..high_and_tight.state import MODES
from .db import Store, StoreDamaged, StoreError, _now, salvage_hint

ACTION, UNDO, REDO = "action", "undo", "redo"
# A rewind voids the events from the seq in its line up to itself: written before the first
# new event of a series whose stored events stopped replaying at that seq (see `load`).
REWIND = "rewind"


@dataclass(frozen=True)
class StaleEvent:
    """The first stored event the rules of this version refuse, and why."""

    seq: int
    line: str
    reason: str
    unread: bool = False        # not an action at all (ParseError), not one the rules refuse

    def message(self, series_id: int) -> str:
        # A line that does not read as an action ('roll 1 9') is damage as likely as a
        # record of another version: both are said.
        why = (f"does not read as an action ({self.reason}): the file may be damaged "
               "(`companion db salvage` copies what can be read into a new file), or "
               "another version of the companion wrote it" if self.unread else
               f"is refused by the rules as this version reads them ({self.reason})")
        return (f"series {series_id}: stored event {self.seq} ({self.line!r}) {why}. It can "
                "resume just before it, the later events kept in the file, set aside.")


@dataclass
class SeriesRow:
    id: int
    created: str
    scenario: str
    team1: str
    team2: str
    status: str
    winner: str | None
    header: dict
    wins: tuple[int, int] = (0, 0)      # games won so far by team 1 and team 2
    begun: bool = True                  # any step taken (setting it up included)
    dice_now: str | None = None         # the dice switched to since it began (DICE_NOTE)
    damage: str | None = None           # why its listing cannot be read (hand-edited file)
    where: dict | None = None           # the game in play as its last step left it (WHERE_NOTE)

    @property
    def title(self) -> str:
        """The scenario's title ('Divisional Series'); a damaged row's as stored."""
        scenario = SCENARIOS.get(self.scenario)
        return scenario.title if scenario else str(self.scenario)

    @property
    def dice(self) -> str:
        """The dice the table rolls now: the companion's ("digital") or its own."""
        return dice_in_use(self.dice_now, self.header)

    def one_game(self) -> bool:
        """A scenario of one game (Spring Training): no series to speak of."""
        return SCENARIOS[self.scenario].one_game

    def progress(self, name=str, live: bool = False) -> str:
        """How far the series has come, in words, its teams named by `name`: 'NYH won 2-1',
        'game 3, tied 1-1', 'game 2, NYH lead 1-0', 'game 1' (rule 7.0); a one-game
        scenario's is where its game stands ('top 5, NYH 3-2', or 'in play' when the file
        does not say); any is 'not begun' before its first step (a series made on the
        command line read 'game 1' beside a Spring Training's 'not begun'); 'damaged' when
        its listing cannot be read (opening it, or `db check`, says why). `live` adds where
        the game in play stands to a longer series': 'game 2: top 5, TXC 3-2; NYH lead the
        series 1-0'."""
        if self.damage:
            return "damaged"
        if self.winner:
            if self.one_game():
                return f"{name(self.winner)} won"
            _, ahead, behind = series_lead(dict(zip(TEAMS, self.wins, strict=True)))
            return f"{name(self.winner)} won {ahead}-{behind}"
        if not self.begun:
            return "not begun"
        if self.one_game():
            return self.in_game(name) or "in play"
        leader, ahead, behind = series_lead(dict(zip(TEAMS, self.wins, strict=True)))
        game = f"game {ahead + behind + 1}"
        now = self.in_game(name) if live else None
        if now is not None:
            if leader is None:
                return f"{game}: {now}; series tied {ahead}-{behind}" if ahead else \
                    f"{game}: {now}"
            return f"{game}: {now}; {name(getattr(self, leader))} lead the series " \
                f"{ahead}-{behind}"
        if leader is None:
            return f"{game}, tied {ahead}-{behind}" if ahead else game
        return f"{game}, {name(getattr(self, leader))} lead {ahead}-{behind}"

    def in_game(self, name=str) -> str | None:
        """Where the game in play stands, its leader named by `name`: 'top 5, NYH 3-2',
        'bottom 9, tied 4-4', 'setting up' (rule 3.0), 'NYH to name the starter' (between
        two games, 8.2.3); None when no game is in play or the
        file keeps no word of it (a step stored by an older companion)."""
        where = self.where
        if where is None or self.winner or self.damage:
            return None
        if where["inning"] == 0:
            names = where.get("names")
            return (f"{name(names)} to name the starter"
                    if isinstance(names, str) and names in where["runs"] else "setting up")
        (first, ahead), (_, behind) = sorted(where["runs"].items(), key=lambda kv: -kv[1])
        score = f"tied {ahead}-{behind}" if ahead == behind else f"{name(first)} {ahead}-{behind}"
        return f"{where['half']} {where['inning']}, {score}"


def game_where(session: SeriesSession) -> dict | None:
    """The game in play for the listings (WHERE_NOTE): its number, inning, half and each
    team's runs by team key; between two games (their starters to name, rule 3.0) the next
    one setting up (inning 0); None before the first game and once the series is over."""
    game = session.current_game
    if game is None:
        series = session.series
        if series.winner or not session.games:
            return None
        where = {"game": len(session.games) + 1, "inning": 0, "half": "top",
                 "runs": {key: 0 for key in series.teams.values()}}
        kind, team, what = session.series_rules.awaiting(series)
        if kind == "decision" and what.startswith("name the starter"):
            where["names"] = series.teams[team]     # (who the table waits on)
        return where
    state = game.state
    return {"game": len(session.games), "inning": state.inning, "half": state.half,
            "runs": {state.home.team.key: state.home.total,
                     state.away.team.key: state.away.total}}


def _keep_where(store: Store, series_id: int, session: SeriesSession, seq: int) -> None:
    """Write the game in play beside the event `seq` that left it so (in that event's
    write): the listing believes it only while `seq` is the series' last event, so a step
    stored without it (by an older companion) is never listed with a stale score."""
    where = game_where(session)
    store.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                     [f"{NOTE_PREFIX}{series_id}/{WHERE_NOTE}",
                      json.dumps(None if where is None else {**where, "seq": seq})])


def _listed_where(text, last_seq, teams: tuple[str, str]) -> dict | None:
    """A WHERE_NOTE as the listing reads it: None unless it is well formed and written
    with the series' last event (it is a cache beside the record, never damage)."""
    try:
        where = json.loads(text) if text else None
    except ValueError:
        return None
    if not (isinstance(where, dict) and where.get("seq") == last_seq
            and isinstance(where.get("inning"), int) and where.get("half") in ("top", "bottom")
            and isinstance(where.get("game"), int) and isinstance(where.get("runs"), dict)
            and sorted(where["runs"]) == sorted(teams)
            and all(type(runs) is int for runs in where["runs"].values())):
        return None
    return where


def stored_header(box: Box, header: dict[str, str]) -> dict[str, str]:
    """A series header as the file keeps it: with the Box it is played with."""
    return {**header, "Box": header.get("Box", box.fingerprint)}


def create_series(store: Store, box: Box, header: dict[str, str],
                  entries: list[Entry] = (), created: str | None = None) -> int:
    """Store a new series with a frozen copy of the box it starts with (and, for an import,
    its actions), all in one transaction; `created` keeps a salvaged series' own date."""
    store.require_writable()
    header = stored_header(box, header)
    SeriesRules.check_table_tags(header)
    session = SeriesSession(box, header)          # validates the header against the box
    for entry in entries:
        session.replay_entry(entry)
    teams = session.series.teams
    with store.write():
        row = store.db["series"].insert({
            "id": _next_series_id(store),
            "created": created or _now(), "scenario": session.series.scenario.key,
            "team1": teams["team1"], "team2": teams["team2"],
            "header": json.dumps(header),
            "box_fingerprint": box.fingerprint,
            "box_files": json.dumps(box.texts, sort_keys=True), "status": "playing",
            "winner": None,
        })
        series_id = row.last_pk
        store.db["events"].insert_all(
            {"series_id": series_id, "seq": seq, "kind": ACTION, "scope": entry.scope,
             "line": entry.line, "created": _now()}
            for seq, entry in enumerate(entries, start=1))
        if entries:
            StoredSeries(store, series_id, session, len(entries))._record_results()
            _keep_where(store, series_id, session, len(entries))
    return series_id


def same_record(store: Store, series_id: int) -> list[int]:
    """The other stored series that hold exactly the header and actions of `series_id` (an
    import made twice): only those of the same scenario, teams, box and seed are read, and
    of them those whose header matches are replayed and compared."""
    row = get_series_row(store, series_id)
    candidates = [found for (found,) in store.db.execute(
        "SELECT id FROM series WHERE id != ? AND scenario = ? AND team1 = ? AND team2 = ? "
        "AND box_fingerprint = ? AND json_extract(header, '$.Seed') IS "
        "json_extract(?, '$.Seed') ORDER BY id",
        [series_id, row.scenario, row.team1, row.team2,
         store.db["series"].get(series_id)["box_fingerprint"], json.dumps(row.header)])
        if not damaged(store, found)]        # (another's damage is not this import's)
    if not candidates:
        return []
    entries = StoredSeries.load(store, series_id).session.entries
    return [found for found in candidates if get_series_row(store, found).header == row.header
            and StoredSeries.load(store, found).session.entries == entries]


def same_game(store: Store, series_id: int) -> list[tuple[int, int]]:
    """(series, game number) of the finished games of other stored series that hold exactly
    the actions of the exhibition `series_id` (a game exported from a series and imported
    back): only the games of the same teams, score and innings are replayed and compared."""
    row = get_series_row(store, series_id)
    result = store.db.execute("SELECT home, away, home_runs, away_runs, innings FROM games "
                              "WHERE series_id = ? AND number = 1", [series_id]).fetchone()
    if row.scenario != "exhibition" or result is None:     # (one not over matches none)
        return []
    session = StoredSeries.load(store, series_id).session
    lines = session.games[0].lines()
    found, games = [], {}
    for other, number in store.db.execute(
            "SELECT series_id, number FROM games WHERE series_id != ? AND home = ? AND "
            "away = ? AND home_runs = ? AND away_runs = ? AND innings = ? "
            "ORDER BY series_id, number", [series_id, *result]):
        if other not in games:              # (each series replayed once)
            games[other] = ([] if damaged(store, other)
                            else StoredSeries.load(store, other).session.games)
        played = games[other]
        if number <= len(played) and played[number - 1].lines() == lines:
            found.append((other, number))
    return found


def list_series(store: Store) -> list[SeriesRow]:
    return _rows(store, "")


def damaged(store: Store, series_id: int) -> bool:
    """Whether a stored series' listing cannot be read (`SeriesRow.damage`)."""
    return bool(stored_row(store, series_id).damage)


def stored_row(store: Store, series_id: int) -> SeriesRow:
    """One series' row as stored, a damaged one too (`SeriesRow.damage`: it can still be
    described and deleted)."""
    rows = _rows(store, "WHERE id = ?", [series_id])
    if not rows:
        raise StoreError(f"no series {series_id} in {store.path}")
    return rows[0]


def get_series_row(store: Store, series_id: int) -> SeriesRow:
    """One series' row; a damaged one (`SeriesRow.damage`) is refused, saying why."""
    row = stored_row(store, series_id)
    if row.damage:
        raise StoreError(row.damage)
    return row


def status_row(series) -> dict:
    """The listing's status and winner of a series as its record plays it (the series
    table's `status` and `winner` columns)."""
    winner = series.winner
    return {"status": "over" if winner else "playing",
            "winner": series.teams[winner] if winner else None}


def latest_series(store: Store) -> int | None:
    """The series with the newest step (at a table, simulated or imported): the one whose
    newest event (or, with none yet, its creation) is the latest; the higher id between two
    of the same second."""
    row = store.db.execute(
        "SELECT id FROM series ORDER BY max(created, coalesce((SELECT created FROM events "
        "WHERE events.series_id = series.id ORDER BY seq DESC LIMIT 1), '')) DESC, id DESC "
        "LIMIT 1").fetchone()
    return row[0] if row else None


def finished_games(store: Store, series_id: int) -> int:
    """How many games of a stored series are over (the game file's listing of results)."""
    return store.db.execute("SELECT COUNT(*) FROM games WHERE series_id = ?",
                            [series_id]).fetchone()[0]


def change_mark(store: Store, series_id: int) -> tuple[int, int | None]:
    """What changes whenever a table stores something of the series: its events counted
    and its newest win figure (None in a file from before figures were kept)."""
    events = store.db.execute("SELECT COUNT(*) FROM events WHERE series_id = ?",
                              [series_id]).fetchone()[0]
    figure = None
    if "figures" in store.db.table_names():
        figure = store.db.execute("SELECT MAX(id) FROM figures WHERE series_id = ?",
                                  [series_id]).fetchone()[0]
    return events, figure


def _rows(store: Store, where: str, params: list = ()) -> list[SeriesRow]:
    """Series rows with the games each team has won (from the results kept for listings)."""
    return [_row(r, store.path) for r in store.db.query(
        "SELECT series.*, "
        "(SELECT max(seq) FROM events WHERE events.series_id = series.id) AS last_seq, "
        "(SELECT count(*) FROM games WHERE games.series_id = series.id "
        " AND games.winner = series.team1) AS won1, "
        "(SELECT count(*) FROM games WHERE games.series_id = series.id "
        " AND games.winner = series.team2) AS won2, "
        f"(SELECT value FROM meta WHERE key = '{NOTE_PREFIX}' || series.id || '/{DICE_NOTE}') "
        "AS dice_now, "
        f"(SELECT value FROM meta WHERE key = '{NOTE_PREFIX}' || series.id || '/{WHERE_NOTE}') "
        "AS where_now "
        f"FROM series {where} ORDER BY id", list(params))]


def describe_series(store: Store, series_id: int) -> str:
    """A series in a line, its teams named as its own box names them: 'series 3: Divisional
    Series, New York Highlanders v Texas Cowboys (game 2, New York Highlanders lead 1-0)'."""
    row = stored_row(store, series_id)
    if row.damage:          # (it can still be deleted: said as stored)
        return f"series {row.id}: {row.title}, {row.team1} v {row.team2} (damaged)"
    box = frozen_box(store, series_id)

    def name(key: str) -> str:
        team = box.team(key)
        return team.name if team else key

    return (f"series {row.id}: {row.title}, {name(row.team1)} v "
            f"{name(row.team2)} ({row.progress(name, live=True)})")


def delete_series(store: Store, series_id: int) -> SeriesRow:
    """Remove a series and everything stored of it (its events, results and win figures),
    in one transaction: the one write that is not an append, asked for by a player."""
    store.require_writable()
    with store.write():
        row = stored_row(store, series_id)      # (a damaged one too)
        for table in ("events", "games", "figures"):
            store.db.execute(f"DELETE FROM {table} WHERE series_id = ?", [series_id])
        store.db.execute("DELETE FROM series WHERE id = ?", [series_id])
        store.db.execute("DELETE FROM meta WHERE key LIKE ?", [f"{NOTE_PREFIX}{series_id}/%"])
        store.db["meta"].upsert({"key": DELETED_UP_TO,
                                 "value": str(max(series_id, _deleted_up_to(store)))}, pk="key")
    return row


NOTE_PREFIX = "series/"        # the meta keys of a series' notes: series/ID/KEY
DICE_NOTE = "dice"     # the dice a table switched to since the series began (its header's)
WHERE_NOTE = "where"   # the game in play as the last event left it, for the listings


def dice_in_use(switched, header: dict) -> str:
    """The dice a series rolls now: those its table switched to (the DICE_NOTE, when it
    holds one of MODES), else those it began with (its header's)."""
    return switched if switched in MODES else header.get("Dice", "digital")


# A deleted series' number is never given again: files named after it (a printed box score,
# an export) would otherwise pass for those of the next series made.
DELETED_UP_TO = "highest_deleted_series"


def _deleted_up_to(store: Store) -> int:
    row = store.db.execute("SELECT value FROM meta WHERE key = ?", [DELETED_UP_TO]).fetchone()
    try:
        return int(row[0]) if row else 0
    except (TypeError, ValueError):     # not a number (damage): the series' own numbers hold
        return 0


SERIES_ID_MOST = 2 ** 63 - 1    # SQLite's largest integer


def _next_series_id(store: Store) -> int:
    # Past any number whose steps, results or figures are still stored too: a series row
    # deleted by hand leaves them, and a new series of its number took them as its own.
    # (the tables an older schema has: a file is migrated before it is written, but a
    # test writes one as the older companion did)
    tables = set(store.db.table_names())
    highest = max([_deleted_up_to(store)] + [
        store.db.execute(f"SELECT COALESCE(MAX({column}), 0) FROM {table}").fetchone()[0]
        for table, column in (("series", "id"), ("events", "series_id"),
                              ("games", "series_id"), ("figures", "series_id"))
        if table in tables])
    if highest >= SERIES_ID_MOST:
        # (only a file edited by hand numbers a series so: a new one has no number left)
        raise StoreDamaged(f"{store.path}: a series is numbered {highest}, SQLite's largest "
                           f"number, and a new one has none left; nothing was changed; "
                           f"{salvage_hint(store.path)}")
    return highest + 1


def _note_value(text):
    """A table's note read back: None for none, or for one that is not JSON (a note only
    helps the table: a damaged one is as if none were kept)."""
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


def stored_table(text) -> dict | None:
    """A series' header or box copy as the companion wrote it (a JSON object of texts: tags
    and their values, files and their texts); None for anything else (the file edited by
    hand: 'null', a list, no JSON at all, a value that is a number or null)."""
    try:
        read = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(read, dict) or not all(isinstance(value, str)
                                             for value in read.values()):
        return None
    return read


def box_copy_missing(texts: dict) -> list[str]:
    """The box files a stored box copy lacks (each kept as its text)."""
    return [name for name in BOX_FILES if not isinstance(texts.get(name), str)]


def _stored_json(text, series_id: int, what: str, path):
    """`stored_table`, or its absence said with the way out, never a traceback."""
    read = stored_table(text)
    if read is None:
        raise StoreError(f"series {series_id}: its {what} in the game file cannot be read "
                         f"(was the file edited by hand?); {salvage_hint(path)}")
    return read


def _row(row: dict, path) -> SeriesRow:
    """A series' row as listed; one that cannot be read is listed with its `damage` said
    (the other series stay listed, and opening it tells why), never a traceback."""
    damage = None
    try:
        header = _stored_json(row["header"], row["id"], "header", path)
    except StoreError as error:
        header, damage = {}, str(error)
    # The listing's columns are the header's tags kept apart for the home list: a column
    # that disagrees with them (or a scenario no companion knows) is damage, not a listing
    # of the wrong teams.
    listed = {"Scenario": row["scenario"], "Team1": row["team1"], "Team2": row["team2"]}
    # (an exhibition's header names its teams Home and Away)
    given = {tag: header.get(tag, header.get(EXHIBITION_TAGS.get(tag, ""))) for tag in listed}
    wrong = [tag for tag, value in listed.items() if given[tag] is not None
             and str(given[tag]).casefold() != str(value).casefold()]
    if row["scenario"] not in SCENARIOS:
        wrong.append("Scenario")
    if row["winner"] not in (None, row["team1"], row["team2"]):
        wrong.append("winner")
    if wrong and damage is None:
        damage = (f"series {row['id']}: its listing in the game file does not agree with "
                  f"its record ({', '.join(dict.fromkeys(wrong))}; was the file edited by "
                  f"hand?); {salvage_hint(path)}")
    return SeriesRow(row["id"], row["created"], row["scenario"], row["team1"], row["team2"],
                     row["status"], row["winner"], header,
                     (row["won1"], row["won2"]), row["last_seq"] is not None,
                     _note_value(row["dice_now"]), damage,
                     _listed_where(row["where_now"], row["last_seq"],
                                   (row["team1"], row["team2"])))


class EventDamage(StoreError):
    """A stored event that does not replay for a reason other than the rules: damage. The
    session holds every event before it (`seq`)."""

    def __init__(self, message: str, seq: int):
        super().__init__(message)
        self.seq = seq


def fold_events(session: SeriesSession, events: list[dict], series_id: int
                ) -> StaleEvent | None:
    """Replay a series' stored events (actions, undo and redo markers; events a rewind set
    aside are skipped) into `session`. An event the rules refuse (a record made under an
    earlier reading of a rule) ends the replay there and is returned; an event that does
    not replay for another reason is damage, an EventDamage. Either way the session holds
    the events before it."""
    void = set()
    for event in events:
        if event["kind"] == REWIND:
            try:
                void.update(range(int(event["line"]), event["seq"]))
            except (TypeError, ValueError):
                raise EventDamage(f"series {series_id}, event {event['seq']}: a rewind to "
                                  f"{event['line']!r}, not an event's number", event["seq"]
                                  ) from None
    for expected, event in enumerate(events, start=1):
        seq = event["seq"]
        if seq != expected:
            # Events are numbered 1, 2, 3... as they are appended: a gap is damage (a row
            # the file lost), not a step the rules refuse.
            raise EventDamage(f"series {series_id}: event {expected} is missing from the "
                              f"file (the next one stored is {seq})", expected)
        if seq in void or event["kind"] == REWIND:
            continue
        if not isinstance(event["line"], str):
            raise EventDamage(f"series {series_id}, event {seq}: its line is "
                              f"{event['line']!r}, not text", seq)
        kind = event["kind"]
        if kind not in (ACTION, UNDO, REDO):
            raise EventDamage(f"series {series_id}, event {seq}: unknown kind {kind!r} "
                              "(written by a newer version of the companion?)", seq)
        try:
            if kind == ACTION:
                session.replay_entry(Entry(event["scope"], event["line"]))
            elif kind == UNDO:
                session.undo()
            else:
                session.redo()
        except (IllegalAction, ParseError) as error:      # refused by the rules now
            return StaleEvent(seq, event["line"], getattr(error, "brief", str(error)),
                              unread=isinstance(error, ParseError))
        except CompanionError as error:                   # not a rules matter: damage
            raise EventDamage(f"series {series_id}, event {seq} ({event['line']!r}) does "
                              f"not replay: {error}", seq) from None
    return None


def listed_boxes(store: Store, rows: list[SeriesRow], box: Box) -> dict[int, Box]:
    """The box each listed series names its teams by: its own frozen copy (read once a
    process for each box, by its fingerprint: the same files), `box` itself for the series
    begun with it."""
    out = {}
    for row in rows:
        fingerprint = row.header.get("Box", "")
        if fingerprint == box.fingerprint or row.damage:     # (a damaged one: no copy read)
            out[row.id] = box
            continue
        if fingerprint not in _LISTED_BOXES:
            try:
                _LISTED_BOXES[fingerprint] = frozen_box(store, row.id)
            except CompanionError:      # a copy this version cannot read (once): named by
                _LISTED_BOXES[fingerprint] = None   # `box` (opening it says what is wrong)
        out[row.id] = _LISTED_BOXES[fingerprint] or box
    return out


_LISTED_BOXES: dict[str, Box | None] = {}   # frozen boxes by fingerprint (listed_boxes)


def frozen_box(store: Store, series_id: int) -> Box:
    row = next(store.db.query("SELECT box_files FROM series WHERE id = ?", [series_id]))
    texts = box_copy_texts(row["box_files"], series_id, store.path)
    try:
        return load_box_texts(texts, origin=f"series {series_id} box",
                              strict=False)     # as it was accepted when the series began
    except DataError as error:
        # (no box folder to check: the copy is in the game file, damaged since)
        # (salvage replays with the same copy: it cannot help, so it is not offered)
        error.way_out = (f"series {series_id}'s copy of its box, kept in the game file, no "
                         "longer reads (was the file edited by hand?): that series cannot be "
                         "opened; the file's other series are untouched")
        raise


def box_copy_texts(text, series_id: int, path) -> dict[str, str]:
    """A series' copy of its box files as stored (JSON of each file's text), every file
    there, or why not."""
    texts = _stored_json(text, series_id, "box copy", path)
    missing = box_copy_missing(texts)
    if missing:
        raise StoreError(f"series {series_id}: its box copy in the game file lacks "
                         f"{', '.join(missing)} (was the file edited by hand?); "
                         f"{salvage_hint(path)}")
    return texts


GAME_COLUMNS = ("number", "home", "away", "home_runs", "away_runs", "innings", "winner")


class StoredSeries:
    """A series whose every accepted action is committed before it is shown."""

    def __init__(self, store: Store, series_id: int, session: SeriesSession, seq: int,
                 stale: StaleEvent | None = None):
        self.store = store
        self.id = series_id
        self.session = session
        self.seq = seq                   # the last seq in the file
        self.stale = stale               # set when the stored events stopped replaying
        self._recorded = self._standing()

    def _standing(self) -> tuple:
        series = self.session.series
        return len(series.results), series.winner

    @classmethod
    def load(cls, store: Store, series_id: int) -> StoredSeries:
        """Rebuild the series by replaying its events (actions, undo and redo markers).

        Events a rewind set aside are skipped. An event the rules refuse (a record made
        under an earlier reading of a rule) ends the replay there: the series resumes just
        before it, `stale` says which event and why, and the next event appended first
        writes a rewind, so nothing is ever deleted from the file.
        """
        row = get_series_row(store, series_id)
        session = SeriesSession(frozen_box(store, series_id), row.header)
        events = list(store.db.query(
            "SELECT seq, kind, scope, line FROM events WHERE series_id = ? ORDER BY seq",
            [series_id]))
        stale = fold_events(session, events, series_id)
        return cls(store, series_id, session, events[-1]["seq"] if events else 0, stale)

    def set_aside_stale(self) -> None:
        """Resume the series before its refused event for good: write the rewind now, as
        the player agreed (the events set aside stay in the file)."""
        if self.stale is None:
            return
        self.store.require_writable()
        with self.store.write():
            self._insert_event(REWIND, "", str(self.stale.seq))
            self._record_results()
            _keep_where(self.store, self.id, self.session, self.seq + 1)
        self.seq += 1
        self.stale = None
        self._recorded = self._standing()

    def stale_refusal(self) -> str:
        """Why no step can be added while an event stands refused, and the way on."""
        return (self.stale.message(self.id) + f" Open it at the table (companion play "
                f"--series {self.id}{db_words(self.store.path)}) to resume it so, or leave it "
                "as it is")

    def set_aside_count(self) -> int:
        """How many stored events a rewind would set aside (the refused one and later)."""
        if self.stale is None:
            return 0
        return self.seq - self.stale.seq + 1

    # -- appending ---------------------------------------------------------------------

    def _append(self, kind: str, scope: str, line: str) -> None:
        self.store.require_writable()
        if self.stale is not None:
            raise StoreError(self.stale_refusal() + ".")
        with self.store.write():
            self._insert_event(kind, scope, line)
            if self._standing() != self._recorded:
                self._record_results()
            _keep_where(self.store, self.id, self.session, self.seq + 1)
        self.seq += 1
        self._recorded = self._standing()

    def _insert_event(self, kind: str, scope: str, line: str) -> None:
        """The next event, inside the caller's write. One statement of its own: sqlite-utils'
        insert builds its query anew each time, a quarter of an append's cost against the
        disk's."""
        self.store.db.execute(
            "INSERT INTO events (series_id, seq, kind, scope, line, created) "
            "VALUES (?, ?, ?, ?, ?, ?)", [self.id, self.seq + 1, kind, scope, line, _now()])

    def _record_results(self) -> None:
        """Keep the games table and the series status in step with the session."""
        db = self.store.db
        db.execute("DELETE FROM games WHERE series_id = ?", [self.id])
        for game in self._game_rows():
            db["games"].insert({"series_id": self.id, **game})
        db["series"].update(self.id, self._status_row())

    def _game_rows(self) -> list[dict]:
        """The games table's rows of the series as its record plays: its finished games."""
        series = self.session.series
        rows = []
        for result in series.results:
            away = "team2" if result.home == "team1" else "team1"
            rows.append({"number": result.number, "home": series.teams[result.home],
                         "away": series.teams[away], "home_runs": result.runs[result.home],
                         "away_runs": result.runs[away], "innings": result.innings,
                         "winner": series.teams[result.winner]})
        return rows

    def _status_row(self) -> dict:
        return status_row(self.session.series)

    def listing_apart(self) -> str | None:
        """How the game file's listing of the series (its finished games, its status and
        winner: what the lists read, kept beside the record) differs from what the record
        plays, in words; None when they agree. Only a hand's edit parts them: every step
        writes both at once."""
        if self.stale is not None:      # (the record stops early: told as such instead)
            return None
        db = self.store.db
        listed = list(db.query(f"SELECT {', '.join(GAME_COLUMNS)} FROM games "
                               "WHERE series_id = ? ORDER BY number", [self.id]))
        played = self._game_rows()
        said = []
        if listed != played:
            said.append(f"{len(listed)} finished game{'' if len(listed) == 1 else 's'} "
                        f"listed, {len(played)} played" if len(listed) != len(played)
                        else "a finished game's number, teams, score, innings or winner")
        status = {key: db["series"].get(self.id)[key] for key in ("status", "winner")}
        if status != self._status_row():
            def told(row: dict) -> str:
                return f"won by {row['winner']}" if row["winner"] else str(row["status"])
            said.append(f"listed {told(status)}, the record {told(self._status_row())}")
        return "; ".join(said) or None

    def mend_listing(self) -> bool:
        """Write the listing again from the record when a hand's edit parted them (the table
        opening the series); whether it did. A write that fails (a busy or full disk) is
        let go: the series opens all the same, and the next opening mends it."""
        if self.store.readonly or self.listing_apart() is None:
            return False
        try:
            with self.store.write():
                self._record_results()
        except StoreError:
            return False
        return True

    # -- the win figures (a cache beside the record) ---------------------------------------

    def save_figure(self, game: int, step: int, course: str, p_team1: float,
                    p_series: float | None) -> None:
        """Keep a figure shown at the table; a read-only file keeps none."""
        if self.store.readonly:
            return
        try:
            with self.store.write():
                self.store.db["figures"].insert({
                    "series_id": self.id, "game": game, "step": step, "course": course,
                    "p_team1": p_team1, "p_series": p_series, "created": _now()})
        except sqlite3.Error as error:      # a full disk, a file gone read-only
            raise StoreError(f"{self.store.path}: the win figure was not kept ({error})") \
                from None

    def figures(self, game: int) -> list[dict]:
        """The figures kept for a game, oldest first (none in a file from before m004,
        opened read-only by `follow` while an older companion writes it)."""
        if "figures" not in self.store.db.table_names():
            return []
        return list(self.store.db.query(
            "SELECT step, course, p_team1, p_series FROM figures WHERE series_id = ? AND "
            "game = ? ORDER BY id", [self.id, game]))

    def keep_note(self, key: str, value) -> None:
        """A note of the table's own kept with the series (JSON; None removes it): written in
        the same write as the steps it is about when called inside `together`. Never part
        of the record: an export leaves it out, a salvage keeps only the dice switched to
        (the others name steps of the damaged file) and writes the where note anew, as an
        import does (`_keep_where`)."""
        self.store.require_writable()
        name = f"{NOTE_PREFIX}{self.id}/{key}"
        with self.store.write():
            if value is None:
                self.store.db.execute("DELETE FROM meta WHERE key = ?", [name])
            else:
                self.store.db["meta"].upsert({"key": name, "value": json.dumps(value)},
                                             pk="key")

    def note(self, key: str):
        row = self.store.db.execute("SELECT value FROM meta WHERE key = ?",
                                    [f"{NOTE_PREFIX}{self.id}/{key}"]).fetchone()
        return _note_value(row[0] if row else None)

    @contextlib.contextmanager
    def together(self):
        """Several steps stored as one write, all or none: an undo back to the player's last
        decision, or its redo, is never left half written by a crash or a failed write
        (the redo it made would be lost, the computer retaking its moves). On a failure the
        session goes back, in memory, to where it was before the first of them: what the
        file holds (nothing is read again from a file that may be failing)."""
        session = self.session
        kept = (list(session.entries), list(session.redo_stack), self.seq, self._recorded)
        try:
            with self.store.write():
                yield
        except BaseException:
            entries, redo, self.seq, self._recorded = kept
            session.entries = entries
            session._rebuild()
            session.redo_stack[:] = redo
            raise

    def push(self, line: str) -> Entry:
        """Apply a line, then commit it; if the commit fails the session is rolled back,
        the redo history the line cleared with it."""
        redo = list(self.session.redo_stack)
        entry = self.session.push(line)
        try:
            self._append(ACTION, entry.scope, entry.line)
        except BaseException:
            self.session.entries.pop()
            self.session._rebuild()
            self.session.redo_stack[:] = redo
            raise
        return entry

    def undo(self) -> Entry:
        entry = self.session.undo()
        try:
            self._append(UNDO, entry.scope, entry.line)
        except BaseException:
            self.session.redo()
            raise
        return entry

    def redo(self) -> Entry:
        entry = self.session.redo()
        try:
            self._append(REDO, entry.scope, entry.line)
        except BaseException:
            self.session.undo()
            raise
        return entry


def series_record(session: SeriesSession) -> str:
    """The whole series as text: the series header and lines, then every game's record."""
    lines = session.series_lines()
    if session.series.scenario.key == "exhibition" and not lines and session.games:
        # One game read in as an exhibition: its own record is the whole of it (a series
        # header with no lines would run into the game's header, which import refuses).
        return session.game_record(1)      # (its dice, cards and controls by place)
    text = Record(header=dict(session.header), lines=lines).text()
    for game in session.games:
        text += "\n" + Record(header=with_result(game), lines=game.lines()).text()
    return text


__all__ = ["SERIES", "StaleEvent", "StoredSeries", "create_series", "list_series", "series_record"]
