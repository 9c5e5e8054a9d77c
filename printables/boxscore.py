"""The filled box score of a stored game or series; each game carries one QR code holding its
whole text record, packed (`HT1:`), so a scanned sheet imports back to the same game."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from companion.engine.session import Session
from companion.files import write_atomically
from companion.high_and_tight.box import Box
from companion.high_and_tight.boxscore import BoxScore, HalfInning, box_score, line_cells
from companion.high_and_tight.packed import pack
from companion.high_and_tight.series_session import SeriesSession
from companion.high_and_tight.state import half_inning
from companion.store.exchange import parse_target
from companion.store.series_store import StoredSeries

from .boards import strategy_name
from .geometry import content_area
from .options import INCH, PrintOptions
from .qr import QRMatrix, RecordTooLong, draw_qr, qr_matrix
from .render import new_canvas
from .sheet import BOLD, FONT, Column, Table, draw_lines, draw_text, finish_page, start_page
from .text import stringWidth, wrap

GAP = 0.18 * INCH


@dataclass
class GamePrint:
    """One game as the box score prints it: its number, facts, record and packed code."""

    number: int
    score: BoxScore
    record: str
    payload: str
    matrix: QRMatrix | None
    standing: str | None = None     # the series after this game (rule 7.0), when it has more
    under_way: tuple[int, str] | None = None    # (inning, half) of a game not over
    withheld: bool = False      # a game in play whose record tells what a player keeps secret
    starters: tuple[str, str] = ("?", "?")     # (away, home) as a player may know them


def games_to_print(session: SeriesSession, number: int | None) -> list[GamePrint]:
    """The games of a series (or its game `number`), each with its packed record. A game
    opened but not begun (the series on to its next game, nothing of it played: its
    starters may be a secret yet) is no box score: left out of the series', refused as
    one asked for by number."""
    games = session.games
    begun = session.begun_games()
    if not begun:
        raise ValueError("the series has no game yet: nothing to print in a box score")
    if number is not None and 1 <= number <= len(games) and number not in begun:
        raise ValueError(f"game {number} has not begun yet: nothing of it to print (the "
                         f"series has games 1..{begun[-1]})")
    numbers = [number] if number is not None else begun
    series = session.series
    out = []
    for n in numbers:
        if not 1 <= n <= len(games):
            raise ValueError(f"the series has games 1..{len(games)}; no game {n}")
        game: Session = games[n - 1]
        record = session.game_record(n)     # (with how the table played it)
        payload = pack(session.box, record)
        # The record of a game in play names the cards dealt and exchanged, which the table
        # keeps from a player (rule 5.2.1): no code for it until it is over, as `export`
        # refuses it (the sheet's tables hold only what was played in the open).
        hidden = session.hidden_teams()
        withheld = bool(hidden) and game.state.phase != "over"
        home_team = session.series_rules.home_team(series, n)
        teams = {"home": home_team, "away": "team2" if home_team == "team1" else "team1"}
        # A secret rotation's starter is placed after the draws (rule 3.0): till then his
        # name, in the game's header, is not a player's to read.
        starters = tuple(
            "secret" if (teams[side] in hidden and series.scenario.rotation > 1
                         and game.state.side(side).starter is None)
            else game.header.get(f"{side.capitalize()}Starter", "?")
            for side in ("away", "home"))
        try:
            matrix = None if withheld else qr_matrix(payload)
        except RecordTooLong:
            matrix = None
        standing = (series.standing(session.box, n, names=True)
                    if series.scenario.games > 1 and n <= len(series.results) else None)
        state = game.state
        under_way = None if state.phase == "over" else (max(state.inning, 1), state.half)
        out.append(GamePrint(n, box_score(session.rules, game), record, payload, matrix,
                             standing, under_way, withheld, starters))
    return out


def print_boxscore(store, target: str, options: PrintOptions, out_path: str | Path,
                   progress=None, warn=None) -> int:
    """Write the box score of SERIES or SERIES:GAME to `out_path` (atomically); returns the
    number of pages. `warn` hears of a series that stops before a stored event that does
    not replay: the box score holds what replays, as an export does."""
    series_id, number = parse_target(target)
    stored = StoredSeries.load(store, series_id)
    if stored.stale is not None and warn is not None:
        warn(stored.stale.message(series_id) + " The box score stops before it.")
    games = games_to_print(stored.session, number)
    title = stored.session.series.scenario.title
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.size)
    canvas.setTitle(f"Box score: {title}")
    canvas.setCreator("the dugout companion")
    pages = 0
    if number is None and stored.session.series.scenario.games > 1:    # its standing
        pages += _draw_summary(canvas, stored.session, title, games, options)
    numbered = stored.session.series.scenario.games > 1      # one game: no 'game 1'
    pages += draw_boxscores(canvas, stored.session.box, title, games, options, progress,
                            numbered)
    canvas.save()
    write_atomically(out_path, buffer.getvalue())
    return pages


def draw_boxscores(canvas, box: Box, title: str, games: list[GamePrint],
                   options: PrintOptions, progress=None, numbered: bool = True) -> int:
    """Each game's pages; `numbered` heads them 'TITLE, game N' (a series of one game, an
    exhibition or Spring Training, by its title alone)."""
    pages = 0
    for done, game in enumerate(games, start=1):
        heading = f"{title}, game {game.number}" if numbered else title
        pages += _draw_game(canvas, box, heading, game, options)
        if progress:
            progress(done, len(games))
    return pages


def _draw_summary(canvas, session: SeriesSession, title: str, games: list[GamePrint],
                  options: PrintOptions) -> int:
    """A series of several games opens on a page of its own (rule 7.0): the teams, where
    the series stands, and a line a game (score, innings, starters) before each game's
    pages. Returns the pages drawn (one)."""
    box, series = session.box, session.series
    area = content_area(options.paper)
    start_page(canvas, options.size)
    canvas.setFillColorRGB(0, 0, 0)
    y = area.top - 14
    draw_text(canvas, f"Box score: {title}", area.x, y, area.width, BOLD, 14)
    y -= 16
    names = [team_name(box, series.teams[team]) for team in ("team1", "team2")]
    draw_text(canvas, f"{names[0]} v {names[1]}: {series.standing(box, names=True)}",
              area.x, y, area.width, FONT, 11)
    draw_text(canvas, "   ".join(_table_facts(games[0].score.header)) + "   "
              + ("1 game, on the pages after this one with its QR code" if len(games) == 1
                 else f"{len(games)} games, each on the pages after this one with its QR "
                      "code")
              + (" (a game in play's once it is over)" if any(g.withheld for g in games)
                 else ""), area.x, y - 12, area.width, FONT, 8)
    columns = [Column("Game", 0.45 * INCH, "centre"), Column("Away", 1.9 * INCH),
               Column("R", 0.35 * INCH, "centre"), Column("Home", 1.9 * INCH),
               Column("R", 0.35 * INCH, "centre"), Column("Innings", INNINGS_WIDTH, "centre")]
    columns.append(Column("Starters (away, home)", area.width - sum(c.width for c in columns)))
    rows = []
    for game in games:
        score = game.score
        played = str(len(score.line["away"])) if score.winner else _under_way(game)
        rows.append([str(game.number), team_name(box, score.away), str(score.totals["away"]),
                     team_name(box, score.home), str(score.totals["home"]), played,
                     ", ".join(game.starters)])
    Table(columns, size=8).draw(canvas, area.x, y - 12 - GAP, rows, area.y)
    finish_page(canvas, options)
    return 1


INNINGS_WIDTH = 1.0 * INCH     # the series page's Innings: 'bottom of the 19th' on a line


def _under_way(game: GamePrint) -> str:
    """Where a game not over stands: 'top of the 3rd'."""
    inning, half = game.under_way or (1, "top")
    return half_inning(half, inning)


def _table_facts(header: dict) -> list[str]:
    """The optional rules and the cards a game was played with, as its sheet says them."""
    return [f"Rules: {', '.join(header.get('Rules', '').split(',')) or 'basic'}",
            f"Cards: {header.get('Cards', 'digital')}"]


def team_name(box: Box, key: str) -> str:
    team = box.team(key)
    return team.name if team else key


def _draw_game(canvas, box: Box, title: str, game: GamePrint, options: PrintOptions) -> int:
    """One game: heading, line score, pitchers beside the QR code, then every half inning
    (continued on further pages when it is long). Returns the pages drawn."""
    area = content_area(options.paper)
    score = game.score
    start_page(canvas, options.size)
    top = _heading(canvas, box, title, game, area)
    top = _line_score(canvas, box, score, area, top) - GAP
    qr_bottom = _qr_block(canvas, game, area, top)
    pitchers_width = area.width - (_qr_width(game) + GAP)
    pitchers_bottom = _pitchers(canvas, box, score, area.x, top, pitchers_width, area.y)
    top = min(qr_bottom, pitchers_bottom) - GAP
    parks = park_numbers(score)
    if parks:
        top = _park_legend(canvas, box, score, parks, area, top)
    rows = [_half_row(box, half, score, parks) for half in score.halves]
    table = _halves_table(area.width)
    pages = 1
    while rows:
        drawn, _ = table.draw(canvas, area.x, top, rows, area.y)
        if drawn == 0 and pages > 1:
            raise ValueError("a half inning's row is taller than a page")
        rows = rows[drawn:]
        if rows:
            finish_page(canvas, options)
            pages += 1
            start_page(canvas, options.size)
            canvas.setFillColorRGB(0, 0, 0)
            # (the teams again: a page that comes loose still says whose game it is)
            going = "" if score.winner else f" in progress ({_under_way(game)})"
            draw_text(canvas, f"{title} (continued): {_score_line(box, score)}{going}", area.x,
                      area.top - 11, area.width, BOLD, 11)
            top = area.top - 11 - GAP
            if parks:           # (its rows' 'park 2' said on the page that holds them)
                top = _park_legend(canvas, box, score, parks, area, top)
    finish_page(canvas, options)
    return pages


def _score_line(box: Box, score: BoxScore) -> str:
    """The teams with their runs, away first: 'Texas Cowboys 4 at New York Highlanders 3'
    (a final, or the score so far)."""
    return (f"{team_name(box, score.away)} {score.totals['away']} at "
            f"{team_name(box, score.home)} {score.totals['home']}")


def _heading(canvas, box: Box, title: str, game: GamePrint, area) -> float:
    score = game.score
    away, home = team_name(box, score.away), team_name(box, score.home)
    canvas.setFillColorRGB(0, 0, 0)
    y = area.top - 14
    draw_text(canvas, f"Box score: {title}", area.x, y, area.width, BOLD, 14)
    y -= 16
    innings = len(score.line["away"])
    if score.winner:
        winner = home if score.winner == "home" else away
        result = f"{winner} win" + (f" in {innings} innings" if innings != 9 else "")
    else:
        result = f"in progress ({_under_way(game)})"
    draw_text(canvas, f"{_score_line(box, score)}: "
                      f"{result}" + (f"; {game.standing}" if game.standing else ""),
              area.x, y, area.width, FONT, 11)
    y -= 12
    header = score.header
    # The box by its name (a player's own box is told from the demo's), its fingerprint
    # beside it (the record replays only with that box).
    facts = [*_table_facts(header), f"Box: {box.name} ({header.get('Box', box.fingerprint)})"]
    for side in ("away", "home"):
        # An optional team card plays with a standard team's pieces (rule 8.1.1).
        roster = header.get(f"{side.capitalize()}Roster")
        team = box.team(getattr(score, side))
        if roster and team is not None and roster.casefold() != (team.roster or "").casefold():
            facts.append(f"{team.name}: {box.roster_owner(roster) or roster} roster")
    lines = [""]
    for fact in facts:      # whole facts a line, so none is split across two
        joined = f"{lines[-1]}   {fact}" if lines[-1] else fact
        if lines[-1] and stringWidth(joined, FONT, 8) > area.width:
            lines.append(fact)
        else:
            lines[-1] = joined
    bottom = draw_lines(canvas, lines, area.x, y + 8, area.width, FONT, 8)
    return bottom - 6 + 8 * 0.3


def _line_score(canvas, box: Box, score: BoxScore, area, top: float) -> float:
    innings = max(len(score.line["away"]), len(score.line["home"]), 9)
    name_width = 1.8 * INCH
    cell = min(0.32 * INCH, (area.width - name_width - 0.4 * INCH) / innings)
    columns = [Column("Team", name_width)]
    columns += [Column(str(n), cell, "centre") for n in range(1, innings + 1)]
    columns.append(Column("R", 0.4 * INCH, "centre"))
    rows = []
    cells = line_cells(score.line, score.winner, innings)
    for place, key in (("away", score.away), ("home", score.home)):
        rows.append([f"{team_name(box, key)} ({place})", *cells[place],
                     str(score.totals[place])])
    _, bottom = Table(columns, size=8).draw(canvas, area.x, top, rows, area.y)
    return bottom


def _qr_width(game: GamePrint) -> float:
    return game.matrix.printed_size() if game.matrix else 2.5 * INCH


def _qr_block(canvas, game: GamePrint, area, top: float) -> float:
    """The code at the top right, with what it holds and how to read it back beneath."""
    width = _qr_width(game)
    x = area.right - width
    canvas.setFillColorRGB(0, 0, 0)
    if game.withheld:
        lines = wrap("The code of this game's record prints once the game is over: in play, "
                     "it would tell the cards each hand was dealt, which the table keeps "
                     "secret (rule 5.2.1).", FONT, 7, width)
        return draw_lines(canvas, lines, x, top, width, FONT, 7)
    if game.matrix is None:
        lines = wrap(f"This game's record ({len(game.payload)} characters packed) is too long "
                     "for one QR code: use 'companion export' to copy it.", FONT, 7, width)
        return draw_lines(canvas, lines, x, top, width, FONT, 7)
    draw_qr(canvas, game.matrix, x, top - width)
    text = (f"Game record, packed: {len(game.payload)} characters, QR version "
            f"{game.matrix.version}, level {game.matrix.level}. Scan it, save the text to a "
            "file, then 'companion import FILE' restores this game.")
    return draw_lines(canvas, wrap(text, FONT, 6.5, width), x, top - width - 2, width, FONT,
                      6.5)


def _pitchers(canvas, box: Box, score: BoxScore, x: float, top: float, width: float,
              bottom: float) -> float:
    fixed = [Column("Type", 0.4 * INCH, "centre"), Column("Inn.", 0.4 * INCH, "centre"),
             Column("Runs", 0.45 * INCH, "centre"),
             Column("Fatigue marker", 0.8 * INCH, "centre"),
             Column("Past his Fatigue", 0.75 * INCH, "centre")]
    rest = width - sum(c.width for c in fixed)
    columns = [Column("Team", rest * 0.55), Column("Pitcher", rest * 0.45), *fixed]
    rows = [[team_name(box, p.team), p.name, p.kind, str(p.innings), str(p.runs),
             f"+{p.fatigue} {', '.join(p.marker_why)}".strip() if p.fatigue else "-",
             "yes" if p.exceeded_fatigue else "in groove" if p.in_groove else "-"]
            for p in score.pitchers]
    canvas.setFillColorRGB(0, 0, 0)
    # In play, a pitcher's innings count the one he is pitching (he took the mound for it,
    # rule 4.2.1), as his fatigue does: said, so a 5 in the 5th is not read as five done.
    draw_text(canvas, "Pitchers" + ("" if score.winner else " (Inn. counts the inning under "
                                    "way)"), x, top - 10, width, BOLD, 10)
    _, end = Table(columns, size=7).draw(canvas, x, top - 14, rows, bottom)
    return end


def _halves_table(width: float) -> Table:
    fixed = [Column("Inn.", 0.3 * INCH, "centre"), Column("Half", 0.7 * INCH),
             Column("Strategy", 0.5 * INCH),
             Column("Rolls: set > rolled", 0.6 * INCH, "centre"),
             Column("Box: set > rolled", 0.65 * INCH, "centre"),
             Column("Runs", 0.35 * INCH, "centre")]
    rest = width - sum(c.width for c in fixed)
    names = rest * 0.42 / 3
    columns = [*fixed[:3], Column("Batter", names), Column("Fielder", names),
               Column("Pitcher", names), *fixed[3:5], Column("Ballpark; cards played", rest * 0.4),
               Column("Dice (totals)", rest * 0.18), fixed[5]]
    return Table(columns, size=6.5)


def park_numbers(score: BoxScore) -> dict[str, int]:
    """Each thing the home ballpark did in the game (rule 8.1), numbered in order of first
    use: a row says 'park 1' and the legend above the rows says it once in full (written
    out in each row, a park's condition made most rows three lines tall)."""
    said = dict.fromkeys(words for half in score.halves for words in half.park)
    return {words: number for number, words in enumerate(said, start=1)}


def _park_legend(canvas, box: Box, score: BoxScore, parks: dict[str, int], area,
                 top: float) -> float:
    home = box.team(score.home)
    park = f" ({home.ballpark.name})" if home and home.ballpark.name else ""

    def batting(words: str) -> str:
        """' (TXC's halves)' when it came to one team's halves only in this game: the
        legend read alone said it of both (Mustang Park's 7th-inning rolls are the home
        team's alone)."""
        sides = {half.batting for half in score.halves if words in half.park}
        if len(sides) != 1:
            return ""
        team = box.team(score.home if sides == {"home"} else score.away)
        return f" ({team.abbrev if team else sides.pop()}'s halves)"

    text = f"Home ballpark{park}, rule 8.1: " + "; ".join(
        f"park {number} = {words}{batting(words)}" for words, number in parks.items())
    canvas.setFillColorRGB(0, 0, 0)
    bottom = draw_lines(canvas, wrap(text, FONT, 7, area.width), area.x, top, area.width,
                        FONT, 7)
    return bottom - GAP / 2


def _half_row(box: Box, half: HalfInning, score: BoxScore,
              parks: dict[str, int]) -> list[str]:
    """Markers before the Strategy Card phase and after the Managerial Move (rule 4.0); what
    the ballpark did by its number in `parks` (park_numbers)."""
    batting = score.away if half.batting == "away" else score.home
    rolls, scoring = half.markers(">")
    fatigue = f" +{half.fatigue}" if half.fatigue else ""
    team = box.team(batting)
    return [str(half.inning), f"{half.half} ({team.abbrev if team else batting})",
            strategy_name(half.strategy), half.batter, half.fielder, half.pitcher + fatigue, rolls,
            scoring, "; ".join([f"park {parks[words]}" for words in half.park] + half.cards),
            " ".join(str(a + b) for a, b in half.dice), str(half.runs) if half.over else "in play"]
