"""Export a stored series or game (text record, JSON, CSV) and import a text record back."""

from __future__ import annotations

import csv
import io
import json
import re

from ..engine.errors import CompanionError, RecordError, clip, line_refused
from ..engine.record import check_box, header_error, parse_record, split_records_at
from ..high_and_tight.box import Box
from ..high_and_tight.boxscore import CSV_COLUMNS, box_score, csv_rows, report_export
from ..high_and_tight.packed import unscanned
from ..high_and_tight.rules import GAME_TAGS, result_problem
from ..high_and_tight.series import (
    CONTROL_TAGS,
    EXHIBITION_TAGS,
    SCENARIOS,
    SERIES_ID_MAX,
    TEAMS,
    SeriesRules,
    is_series_line,
)
from ..high_and_tight.series_session import (
    SERIES,
    SERIES_TAGS,
    SeriesSession,
    secret_told,
)
from .db import Store, StoreError
from .series_store import DICE_NOTE, StoredSeries, create_series, dice_in_use, series_record

FORMATS = ("record", "json", "csv")
REST_TAGS = ("Resting", "ShortRest", "StarterFatigue")   # game tags the rest rules work out
GAMES_MAX = max(scenario.games for scenario in SCENARIOS.values())


def parse_target(text: str) -> tuple[int, int | None]:
    """'7' is series 7; '7:2' is game 2 of series 7."""
    series, colon, game = text.partition(":")
    try:
        series_id, number = int(series), (int(game) if colon else None)
    except ValueError:
        raise CompanionError(f"{clip(text)!r} is not SERIES or SERIES:GAME (numbers, e.g. "
                             "3 or 3:2)") from None
    if not 1 <= series_id <= SERIES_ID_MAX:
        raise CompanionError(f"series {clip(series)} is outside the accepted range "
                             f"1..{SERIES_ID_MAX}")
    if number is not None and not 1 <= number <= GAMES_MAX:
        raise CompanionError(f"game {clip(game)} is outside the accepted range "
                             f"1..{GAMES_MAX} (a series has at most {GAMES_MAX} games)")
    return series_id, number


def export(store: Store, target: str, fmt: str, warn=None, reveal: bool = False) -> str:
    """A stored series or game as text; `warn` hears of a series that stops before an event
    the rules now refuse (the export holds what replays). A record or JSON of a series in
    play names what its table keeps from a player (a secret rotation, the cards dealt):
    refused unless `reveal`, as the table's own views keep them (the CSV box scores hold
    only what was played in the open)."""
    if fmt not in FORMATS:
        raise CompanionError(f"format {fmt!r} is not one of {', '.join(FORMATS)}")
    series_id, number = parse_target(target)
    stored = StoredSeries.load(store, series_id)
    if stored.stale is not None and warn is not None:
        warn(stored.stale.message(series_id) + " The export stops before it.")
    session = exported_session(stored)
    games = session.games
    in_play = number is None or (number == len(games) and session.current_game is not None)
    held, holders = (secrets_held(session, number, fmt == "json") if fmt != "csv" and in_play
                     and not reveal else ([], set()))
    if held:
        teams = " and ".join(session.box.teams[session.series.teams[team]].name
                             for team in sorted(holders))
        raise CompanionError(
            f"series {series_id} is {'in play' if session.entries else 'not begun'}, and "
            f"its {fmt} names what the table keeps secret from a player (kept for "
            f"{teams}): {'; '.join(held)}. `--reveal` exports it "
            "anyway (a backup, not for the other player's eyes); `--format csv` gives the "
            "box scores")
    if number is not None:
        if not 1 <= number <= len(games):
            raise CompanionError(f"series {series_id} has no game {number}: "
                                 + (f"its games are 1..{len(games)}" if games
                                    else "no game of it has begun yet"))
        games = [games[number - 1]]
    numbers = [number] if number is not None else list(range(1, len(games) + 1))
    if fmt == "record":
        if number is not None:
            return session.game_record(number)
        return series_record(session)
    if number is None:          # the reports hold the games begun, as print does
        numbers = session.begun_games()
        games = [session.games[n - 1] for n in numbers]
    scores = [box_score(session.rules, game) for game in games]
    if fmt == "json":
        series = session.series
        document = {
            "series": series_id, "header": session.header,
            "scenario": series.scenario.key, "rules": sorted(series.options),
            "teams": series.teams,
            "wins": {team: series.wins(team) for team in ("team1", "team2")},
            "winner": series.teams[series.winner] if series.winner else None,
            "games": [{"number": n, **score.as_dict(), "record": game.lines()}
                      for n, score, game in zip(numbers, scores, games, strict=True)],
        }
        return json.dumps(document, indent=2, sort_keys=True) + "\n"
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for n, score in zip(numbers, scores, strict=True):
        writer.writerows(csv_rows(n, score))
    return out.getvalue()


def export_first(store: Store, series_id: int, db_option: str = "") -> str:
    """The command that keeps a copy of a series before it is deleted: with `--reveal` only
    when its record names what the table keeps from a player (`secrets_held`: a series in
    play with hidden hands, a secret rotation or the companion's seed); a finished series,
    or one played in the open with the table's own dice and cards, exports plainly."""
    try:
        stored = StoredSeries.load(store, series_id)
    except StoreError:      # (a series whose listing is damaged: what salvage still reads)
        return f"companion db salvage{db_option} --out NEW.db"
    held = secrets_held(exported_session(stored))[0]
    return f"companion export {series_id}{' --reveal' if held else ''}{db_option}"


def exported_session(stored: StoredSeries) -> SeriesSession:
    """A stored series' session as an export writes it: with the dice its table switched to
    since it began (the palette's Switch dice), so that, read back in, the series goes on
    with the dice it was last played with."""
    session = stored.session
    dice = dice_in_use(stored.note(DICE_NOTE), session.header)
    if dice != session.header.get("Dice", "digital"):
        session.header["Dice"] = dice
    return session


# A file of game records imports as one exhibition each, every one a series in the home
# list: a simulation's thousands are for `replay` and `simulate --json`, not the table.
IMPORT_GAMES_MOST = 100


def secrets_held(session: SeriesSession, number: int | None = None,
                 json_export: bool = False) -> tuple[list[str], set[str]]:
    """What the record (or JSON) of a series in play, or of its game `number`, would tell
    that the table keeps from a player, and the teams it is kept for (of those
    `hidden_teams` names): a secret rotation set (rule 3.0; only the series' own lines
    hold it) and the game in play's starter not yet placed, the cards in a hand of the game
    in play (its deals, rule 5.2.1; the card an exchange with the table's cards lets go,
    5.2.2), and the Seed the companion's dice and
    cards are drawn with (the hands and rolls to come follow from it). A series of the
    table's own dice and cards, not begun, holds none of them."""
    hidden = session.hidden_teams()
    held, teams = [], set()
    if not hidden:
        return held, teams
    series = session.series
    game = session.current_game
    in_play = str(len(session.games)) if game is not None else None
    owner: dict[str, str] = {}
    told = [(entry.scope, secret_told(entry, owner)) for entry in session.entries]
    if number is None and series.scenario.rotation > 1:
        setting = {found[1] for scope, found in told if scope == SERIES and found} & hidden
        if setting:
            held.append("the rotation (rule 3.0)")
            teams |= setting
    if game is not None and number in (None, len(session.games)):
        home = session.series_rules.home_team(series, len(session.games))
        team_of = {"home": home, "away": next(t for t in TEAMS if t != home)}
        # A secret rotation's starter, named in the game's header, until he is placed
        # after the draws (rule 3.0).
        placed = {team for place, team in team_of.items()
                  if team in hidden and game.header.get(f"{place.capitalize()}Starter", "")
                  .casefold() in session.secret_starters(team)}
        if placed:
            held.append("the starter not yet placed (rule 3.0)")
            teams |= placed
        holding = {team_of[found[1]] for scope, found in told
                   if scope == in_play and found}
        if holding & hidden:
            held.append("the cards in hand (rules 5.2.1, 5.2.2)")
            teams |= holding & hidden
    digital = "digital" in (session.header.get("Dice", "digital"),
                            session.header.get("Cards", "digital"))
    # (a JSON export holds the series' header whatever its target)
    seeded = ("Seed" in session.header if number is None or json_export
              else "Seed" in session.games[number - 1].header)
    if digital and seeded:
        held.append("the Seed the companion's dice and cards are drawn with")
        teams |= hidden
    return held, teams


def import_record(store: Store, box: Box, text: str) -> int:
    """Read a series record or a single game record into a new stored series (checked
    whole first, see `read_imports`)."""
    (read,) = read_imports(box, text, most=1)
    return create_series(store, box, *read)


def read_imports(box: Box, text: str, most: int | None = None) -> list[tuple[dict, list]]:
    """Every series `iter_imports` reads from the text, all checked before any is stored;
    refused when more than `most` would be made."""
    read = []
    for number, series in enumerate(iter_imports(box, text), start=1):
        if most is not None and number > most:
            raise RecordError(f"the file holds more than {most} record{'s' * (most > 1)}: "
                              f"{most} {'was' if most == 1 else 'were'} asked for")
        read.append(series)
    return read


def iter_imports(box: Box, text: str):
    """A series record, or one or more game records (`simulate --record` writes several
    to a file, at most IMPORT_GAMES_MOST here), each replayed and checked in turn: a header
    and its entries for each series to be made (a game record alone becomes an
    exhibition), one at a time. The text a scanner reads off a box score's QR code (`HT1:...`)
    is unpacked first. As replay does: the box must be the record's, each game that states
    a Result must end so, and a line that fails is named by its file line (and its game,
    of several)."""
    text = unscanned(box, text)
    kind = report_export(text)
    if kind:
        raise RecordError(f"this is {kind} export, a report of the games: only a record "
                          "(export --format record, the default) imports")
    starts = split_records_at(text)
    if not starts:
        raise RecordError("the file holds no record")
    first = parse_first(starts)
    if is_series_record(first) or len(starts) == 1:
        yield _read_series(box, [first] + [parse_record(record, start)
                                           for start, record in starts[1:]])
        return
    if len(starts) > IMPORT_GAMES_MOST:
        raise RecordError(f"the file holds {len(starts)} game records: at most "
                          f"{IMPORT_GAMES_MOST} import, each an exhibition of its own in the "
                          "home list (`companion replay FILE` checks any number; split the "
                          "file to import more)")
    for number, (start, record) in enumerate(starts, start=1):
        name = game_name(number, len(starts))
        try:
            record = parse_record(record, start) if number > 1 else first
        except RecordError as error:
            raise in_game(error, name) from None
        if is_series_record(record):
            raise RecordError(f"{name} is a series record's header (its Series or Scenario "
                              "tag): a series record is a file of its own", line=start)
        yield _read_series(box, [record], name)


SERIES_TAG_LINE = re.compile(r"^\s*\[(?:Series|Scenario)\s", re.MULTILINE)


def game_name(number: int, count: int) -> str | None:
    """A game of a file of game records as every message names it: 'game 2 of 3' among
    several, none in a file of one."""
    return f"game {number} of {count}" if count > 1 else None


def parse_first(starts: list[tuple[int, str]]):
    """A file's first record read, or its error told with its game when the file holds
    several game records (a series record's header is no game: told by its line alone)."""
    start, text = starts[0]
    try:
        return parse_record(text, start)
    except RecordError as error:
        name = None if SERIES_TAG_LINE.search(text) else game_name(1, len(starts))
        raise (in_game(error, name) if name else error) from None


def is_series_record(record) -> bool:
    """Whether a parsed record is a series record's header: its Series tag or its Scenario
    tag (one of them misspelt is told by the tag check, not read as a game's)."""
    return "Scenario" in record.header or "Series" in record.header


def _read_series(box: Box, records: list, name: str | None = None) -> tuple[dict, list]:
    """One series to be made from parsed records: a series header and its games' records,
    or one game record alone (an exhibition), `name` its game when one of a file's
    several ('game 2 of 3', in every message about it; a file of one game names none)."""
    series = is_series_record(records[0])
    try:
        return _replayed(box, records, (lambda n: f"game {n}") if series else (lambda n: name))
    except CompanionError as error:
        if name and name not in str(error):
            raise in_game(error, name) from None
        raise


def in_game(error: CompanionError, name: str) -> RecordError:
    """An error about one game of a file's several, told the way every record message is:
    the file line first when there is one, then the game ('line 300: game 2 of 3: ...')."""
    line = getattr(error, "line", None)
    return RecordError(f"{name}: {error.said if line else error}", line=line)


def in_words(name: str | None, message: str) -> str:
    """A message about a game, led by its name when it has one ('game 2: ...')."""
    return f"{name}: {message}" if name else message


def _replayed(box: Box, records: list, game_name) -> tuple[dict, list]:
    first = records[0]
    first.check_tags(SERIES_TAGS if is_series_record(first) else GAME_TAGS,
                     "series record" if is_series_record(first) else "game record")
    for record in records[1:]:
        record.check_tags(GAME_TAGS, "game record")
    if is_series_record(first):
        header = dict(first.header)
        series_lines = list(zip(first.line_numbers, first.lines, strict=True))
        game_records = records[1:]
    else:
        header = {"Scenario": "exhibition", **first.header}
        for tag in CONTROL_TAGS.values():
            if EXHIBITION_TAGS[tag] in header:
                header[tag] = header[EXHIBITION_TAGS[tag]]
        series_lines = []
        game_records = [first]
    check_box(box.fingerprint, [header] + [g.header for g in game_records], box.name)
    try:
        SeriesRules.check_table_tags(header)        # (as create_series will, before replay)
        session = SeriesSession(box, {**header, "Box": header.get("Box", box.fingerprint)})
    except CompanionError as error:
        raise header_error(error, first.tag_lines) from None
    for number, record in enumerate(game_records, start=1):
        # A series record's games in their order, before any is replayed: two swapped
        # were told as a lineup of the other team's pieces, deep in the game.
        given = record.header.get("SeriesGame")
        if is_series_record(first) and given is not None and given != str(number):
            raise RecordError(in_words(game_name(number), f"header SeriesGame: the record "
                                       f"says {clip(given)!r} where game {number} is due: a "
                                       "series record holds its games in order, from 1 "
                                       "(were two moved, or one left out?)"),
                              line=record.tag_lines.get("SeriesGame"))
    # A line of the series' own part that is no series action: said at once (left for
    # its turn, it was told as a line 'left over after the series ended').
    for number, line in series_lines:
        if not is_series_line(line):
            raise RecordError(f"series: {clip(line)!r} is not a series action: a series "
                              "line is 'team1 rotation A, B, C, D' or 'team2 starts NAME' "
                              "(rule 3.0)", line=number)
    pending = list(series_lines)
    games = [list(zip(r.line_numbers, r.lines, strict=True)) for r in game_records]
    while not session.is_over():
        scope, _ = session.awaiting()
        if scope == SERIES:
            if not pending:
                rest = [line for lines in games for line in lines]
                if rest:
                    # A game's lines wait on a series line the series part lacks (one cut,
                    # or a Rules tag not the one it was played with): said as that.
                    rules = session.series_rules
                    raise RecordError(
                        f"the series awaits {rules.awaited_words(session.series)} before "
                        f"game {session.series.next_game}, and the record's series lines give "
                        f"none ({rules.line_form(session.series)}, rule 3.0): was one left "
                        "out?", line=rest[0][0])
                break
            _push(session, *pending.pop(0), "series")
            continue
        number = len(session.games)
        lines = games[number - 1] if number <= len(games) else []
        if not lines:
            break
        _push(session, *lines.pop(0), game_name(number) or "")
    leftovers = pending + [line for lines in games for line in lines]
    if leftovers:
        ended = ("after the game ended (rule 4.8)" if not is_series_record(first) else
                 "after the series ended (rule 7.0)" if session.is_over() else
                 f"that the series never asked for: its games' records end in game "
                 f"{len(session.games)}, with this line unread")
        raise RecordError(f"{len(leftovers)} line{' was' if len(leftovers) == 1 else 's were'}"
                          f" left over {ended}, starting with {leftovers[0][1]!r}",
                          line=leftovers[0][0])
    for number, record in enumerate(game_records, start=1):
        said = record.header.get("Result")
        if number > len(session.games):     # (one with lines would be a leftover above)
            if said:
                raise RecordError(in_words(game_name(number), f"the record says it ended "
                                           f"{said}, but the series was over before it"))
            continue
        game = session.games[number - 1]
        _check_game_header(game_name(number) or "", record, game.header)
        problem = result_problem(game.state, said, len(game.actions))
        if problem:
            raise RecordError(in_words(game_name(number), problem),
                              line=record.tag_lines.get("Result"))
    return header, session.entries


def _check_game_header(name: str, record, made: dict[str, str]) -> None:
    """A series' game header is made by the series (home team, starters, rest, rules,
    rules 3.0 and 8.2): a tag the record gives otherwise was edited, and would be
    dropped in silence on import. A tag the record leaves out is the series' to fill."""
    for tag, value in record.header.items():
        if tag == "Result":                 # (told against the replay, result_problem)
            continue
        if made.get(tag) == value:
            continue
        given = repr(made[tag]) if tag in made else "none"
        if tag.endswith(REST_TAGS):
            # Worked out by the rest rules, not set by a line: a record exported under an
            # earlier reading of them may differ, and leaving the tag out imports it.
            why = (f"the rest rules (8.2.2, 8.2.3) give {given} now; leave the tag out to "
                   "import the series as they read it")
        else:
            why = (f"the series gives {given} (a game's header follows its series' lines: "
                   "edit those instead)")
        raise RecordError(in_words(name, f"header {tag}: the record says {clip(value)!r}, "
                                           f"but {why}"), line=record.tag_lines.get(tag))


def _push(session: SeriesSession, number: int, line: str, where: str) -> None:
    try:
        session.push(line)
    except CompanionError as error:
        raise RecordError(in_words(where, line_refused(line, error)), line=number) from None


