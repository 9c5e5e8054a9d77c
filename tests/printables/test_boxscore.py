"""The filled box score and its QR code: base45 (RFC 9285), the packed record, and a code read
off the printed page by a real decoder that imports back to the identical game (issue 5)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
import zxingcpp
from PIL import Image
from pypdf import PdfReader

from companion.cli import main
from companion.engine import base45
from companion.engine.errors import RecordError
from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box, load_box_texts
from companion.high_and_tight.boxscore import box_score
from companion.high_and_tight.packed import PREFIX, pack, unpack, unscanned
from companion.high_and_tight.rules import HighAndTight
from companion.high_and_tight.simulate import simulate_game
from companion.store.db import Store
from companion.store.exchange import export, import_record
from companion.store.series_store import StoredSeries, create_series
from printables.boxscore import INNINGS_WIDTH, games_to_print, print_boxscore
from printables.options import PAPERS, PrintOptions
from printables.qr import QUIET_ZONE, qr_matrix
from printables.text import REGULAR, SMALLEST_CELL, stringWidth

from ..store.util import run_companion, series_header, simulated_session
from .placed import placed_text


@pytest.fixture(scope="module")
def long_game(rules):
    """The first simulated game of seed 1 that goes to the 12th inning or beyond (rule 6.0):
    a long record, many deals and rolls, the worst case a code has to hold."""
    for number in range(300):
        session = simulate_game(rules, "philadelphia", "california", "1", number)
        if session.state.inning >= 12:
            return session
    pytest.fail("no game of 12 innings or more among 300 simulated ones")


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "games.db")
    yield store
    store.close()


def decode(image: Image.Image) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(image)
            if result.format == zxingcpp.BarcodeFormat.QRCode]


def matrix_image(matrix, pixels: int = 3) -> Image.Image:
    """The module matrix drawn straight to pixels (dark 0, light 255) with its quiet zone."""
    side = (matrix.modules + 2 * QUIET_ZONE) * pixels
    image = Image.new("L", (side, side), 255)
    for row, cells in enumerate(matrix.rows):
        for column, dark in enumerate(cells):
            if dark:
                left = (column + QUIET_ZONE) * pixels
                top = (row + QUIET_ZONE) * pixels
                image.paste(0, (left, top, left + pixels, top + pixels))
    return image


# -- base45 (RFC 9285) -------------------------------------------------------------------


@pytest.mark.parametrize("data, text", [
    (b"AB", "BB8"), (b"Hello!!", "%69 VD92EX0"), (b"base-45", "UJCLQE7W581"),
    (b"ietf!", "QED8WEX0"), (b"", ""), (b"\x00\x00", "000"), (b"\xff\xff", "FGW"),
])
def test_base45_examples_of_rfc_9285(data, text):
    assert base45.encode(data) == text
    assert base45.decode(text) == data


def test_base45_round_trips_every_byte_value():
    data = bytes(range(256)) * 3 + b"\x07"
    assert base45.decode(base45.encode(data)) == data


@pytest.mark.parametrize("text, words", [
    ("GGW", "too large"), ("ab", "not in the alphabet"), ("BB8A", "lone character"),
    (":::", "too large"), ("::", "too large for a byte"),
])
def test_base45_refuses_bad_text(text, words):
    with pytest.raises(RecordError, match=words):
        base45.decode(text)


# -- the packed record -----------------------------------------------------------------


def test_a_long_extra_inning_game_packs_into_one_level_m_code(box, long_game):
    record = long_game.text()
    payload = pack(box, record)
    assert payload.startswith(PREFIX)
    assert unpack(box, payload) == record
    # The whole payload is in the QR code's alphanumeric mode.
    assert set(payload) <= set(base45.ALPHABET)
    # The measured figures of docs/architecture.md: about 7,400 characters of record pack
    # to under a quarter of that; the code stays at level M, at most version 30.
    assert len(payload) < len(record) / 4
    matrix = qr_matrix(payload)
    assert matrix.level == "M" and matrix.version <= 30
    assert matrix.printed_size() < 80 / 25.4 * 72        # under 80 mm with its quiet zone


def test_a_scanned_payload_with_spaces_and_a_newline_around_it_unpacks(box, long_game):
    payload = pack(box, long_game.text())
    assert unpack(box, f"  {payload}\r\n") == long_game.text()


def test_a_code_pasted_over_several_lines_unpacks(box, long_game):
    """A phone or a mail wraps a long code: the breaks are taken out, or read as the spaces
    they replaced (base45 has a space among its characters)."""
    record = long_game.text()
    payload = pack(box, record)
    wrapped = "\n".join(payload[i:i + 70] for i in range(0, len(payload), 70))
    assert unpack(box, wrapped + "\n") == record
    spaced = [i for i, ch in enumerate(payload) if ch == " "][:3]
    assert spaced, "the packed code holds spaces"
    at_spaces = "".join("\n" if i in spaced else ch for i, ch in enumerate(payload))
    assert unpack(box, at_spaces) == record
    broken = wrapped.replace(wrapped[200:203], "", 1)
    with pytest.raises(RecordError, match="spans .* lines here: put it on one line"):
        unpack(box, broken)


def test_a_code_without_its_prefix_is_refused_saying_so(box, long_game, tmp_path):
    payload = pack(box, long_game.text())
    with pytest.raises(RecordError, match="without its 'HT1:' start: put HT1: before it"):
        unscanned(box, payload[len(PREFIX):])
    bare = payload[len(PREFIX):]
    with pytest.raises(RecordError, match="without its 'HT1:' start"):     # wrapped too
        unscanned(box, "\n".join(bare[i:i + 60] for i in range(0, len(bare), 60)))
    assert unscanned(box, long_game.text()) == long_game.text()
    scan = tmp_path / "scan.txt"
    scan.write_text(payload[len(PREFIX):] + "\n")
    refused = run_companion("replay", str(scan))
    assert refused.returncode == 2 and "put HT1: before it" in refused.stderr


def test_another_box_is_refused_not_misread(box, long_game):
    texts = dict(box.texts)
    texts["cards.toml"] = texts["cards.toml"].replace('name = "Good Wood"',
                                                      'name = "Good Lumber"')
    edited = load_box_texts(texts, origin="edited")
    payload = pack(box, long_game.text())
    with pytest.raises(RecordError, match="another box"):
        unpack(edited, payload)


@pytest.mark.parametrize("cut", [28, 29, 30])
def test_a_code_cut_short_is_refused(box, long_game, cut):
    """Cut anywhere in base45's three-character groups, the code is refused as cut short or
    misread, never with base45's own words alone."""
    payload = pack(box, long_game.text())
    with pytest.raises(RecordError, match="cut short|misread"):
        unpack(box, payload[:-cut])


# -- the printed box score ----------------------------------------------------------------


def test_series_box_score_has_a_page_and_a_code_per_game(store, box, tmp_path):
    header = series_header("divisional", "13")
    session = simulated_session(box, header)
    series_id = create_series(store, box, header, session.entries)
    out = tmp_path / "series.pdf"
    seen = []
    pages = print_boxscore(store, str(series_id), PrintOptions(paper="a4"), out,
                           lambda done, total: seen.append((done, total)))
    games = len(session.games)
    assert seen == [(n, games) for n in range(1, games + 1)]
    reader = PdfReader(out)
    assert len(reader.pages) == pages >= games
    width, height = PAPERS["a4"]
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == \
            pytest.approx((width, height), abs=0.01)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Inn. counts" not in text        # (said of a game in progress only)
    series = session.series
    names = {team: box.teams[key] for team, key in series.teams.items()}
    wins = {"team1": 0, "team2": 0}
    for number, game in enumerate(session.games, start=1):
        assert f"Divisional Series, game {number}" in text
        state = game.state
        assert f"{state.away.total} at " in text
        # Rule 7.0: each game says where the series stands after it, the last its winner
        # (the leader by his name, as the winner is: a sheet has the room).
        wins[series.results[number - 1].winner] += 1
        if number < games:
            leader = max(wins, key=wins.get)
            said = (f"series tied {wins['team1']}-{wins['team2']}"
                    if wins["team1"] == wins["team2"] else
                    f"{names[leader].name} lead the series {wins[leader]}-"
                    f"{min(wins.values())}")
        else:
            said = (f"{names[series.winner].name} win the series {max(wins.values())}-"
                    f"{min(wins.values())}")
        innings = series.results[number - 1].innings
        won = " win" + (f" in {innings} innings" if innings != 9 else "")
        assert f"{won}; {said}" in " ".join(text.split()), said
    assert text.count("1 inch") == pages and text.count("25 mm") == pages
    assert not list(tmp_path.glob(".*.tmp"))
    # Rule 7.0: the series opens on a page of its own: where it stands and a line a game.
    first = " ".join(reader.pages[0].extract_text().split())
    assert first.startswith("Box score: Divisional Series")
    assert (f"{names['team1'].name} v {names['team2'].name}: {names[series.winner].name} win "
            f"the series {max(wins.values())}-{min(wins.values())}") in first
    assert f"{games} games, each on the pages after this one" in first
    for number, game in enumerate(session.games, start=1):
        state, header = game.state, game.header
        assert (f"{number} {state.away.team.name} {state.away.total} {state.home.team.name} "
                f"{state.home.total} {state.inning} {header['AwayStarter']}, "
                f"{header['HomeStarter']}") in first
    assert "game 1" not in first                # the games follow on pages of their own
    one = tmp_path / "one.pdf"
    print_boxscore(store, f"{series_id}:2", PrintOptions(paper="a4"), one)
    alone = " ".join(PdfReader(one).pages[0].extract_text().split())
    assert alone.startswith("Box score: Divisional Series, game 2")    # one game: no summary
    # The box by its name, its fingerprint beside it (a player's own box told apart).
    assert f"Box: {box.name} ({box.fingerprint})" in alone


def test_a_game_of_nine_or_ten_innings_fits_one_letter_page(store, box, tmp_path):
    """The box score of a regulation game, or one extra inning, is one sheet on the smaller
    paper, every optional rule's notes and two optional teams' roster line included: a
    half inning pushed onto a page of its own is a sheet wasted at the table."""
    header = series_header("world", "4", "advanced-fatigue,ballparks,closer-saves,"
                           "good-bad-day,rest,short-rest", "chicago", "florida")
    header.update(Team1Roster="philadelphia", Team2Roster="new-york")
    session = simulated_session(box, header)
    series_id = create_series(store, box, header, session.entries)
    out = tmp_path / "letter.pdf"
    pages = print_boxscore(store, str(series_id), PrintOptions(paper="letter"), out)
    innings = [game.state.inning for game in session.games]
    assert any(n == 9 for n in innings)
    reader = PdfReader(out)
    texts = [page.extract_text() for page in reader.pages]
    for number, played in enumerate(innings, start=1):
        sheets = sum(1 for text in texts if f"World Series, game {number}" in text)
        assert sheets == 1 or played > 10, (number, played, sheets)
    assert pages == len(texts) >= len(session.games) + 1       # the series' own page first
    first = " ".join(texts[1].split())
    assert "Chicago Black Sox: Philadelphia Mustangs roster" in first


def long_named(box_texts: dict[str, str]):
    """The demo box with every New York piece named 'Featherstonehaugh-' and its name (one
    word with a hyphen), every Texas piece its name and 'wolfeschlegelsteinhausen' (one
    word, no hyphen): each at most 40 characters, as the format allows."""
    texts = dict(box_texts)
    for name in ("ballplayers.csv", "pitchers.csv"):
        lines = texts[name].splitlines()
        for index, line in enumerate(lines[1:], start=1):
            team, piece, rest = line.split(",", 2)
            if team == "new-york":
                piece = f"Featherstonehaugh-{piece}"
            elif team == "texas":
                piece = f"{piece}wolfeschlegelsteinhausen"
            lines[index] = ",".join((team, piece, rest))
        texts[name] = "\n".join(lines) + "\n"
    return load_box_texts(texts, origin="long names")


def test_long_names_in_the_half_innings_keep_a_readable_size(store, box, tmp_path):
    """A name of one long word was shrunk to its column, to 3.3 pt among the table's 6.5 pt
    ('Featherstonehaugh-Wimbledon'). No string of the box score is now under 5 pt: a name
    breaks after its hyphen, and one with no hyphen that still does not fit at 5 pt is cut
    short with an ellipsis, inside its column."""
    edited = long_named(box.texts)
    session = simulate_game(HighAndTight(edited), "new-york", "texas", "long names")
    series_id = import_record(store, edited, session.text())
    out = tmp_path / "long.pdf"
    print_boxscore(store, f"{series_id}:1", PrintOptions(), out)
    placed = [p for page in PdfReader(out).pages for p in placed_text(page)]
    assert min(p.size for p in placed) >= SMALLEST_CELL
    said = [p.text for p in placed]
    assert said.count("Featherstonehaugh-") > 20
    texas = [text for text in said if "wolfe" in text]
    assert any(text.endswith("\u2026") for text in texas)
    assert all(text.endswith(("\u2026", "wolfeschlegelsteinhausen")) for text in texas)
    assert not any("Featherstonehaugh-" in text and text != "Featherstonehaugh-"
                   for text in said)
    width, _ = PAPERS["letter"]
    assert all(0 < p.box.x and p.box.right < width for p in placed)


def test_an_unknown_game_is_a_clear_error_and_writes_nothing(store, box, tmp_path):
    header = series_header("spring", "3")
    series_id = create_series(store, box, header, simulated_session(box, header).entries)
    out = tmp_path / "none.pdf"
    with pytest.raises(ValueError, match="no game 4"):
        print_boxscore(store, f"{series_id}:4", PrintOptions(), out)
    assert not out.exists() and not list(tmp_path.glob("*.pdf*"))


def test_a_series_with_no_game_yet_is_refused(store, box, tmp_path):
    """A series whose first game has not begun (its rotation still to set) has no box score:
    a clear error and no empty PDF."""
    series_id = create_series(store, box, series_header("divisional", "6"), [])
    out = tmp_path / "empty.pdf"
    with pytest.raises(ValueError, match="no game yet"):
        print_boxscore(store, str(series_id), PrintOptions(), out)
    assert not out.exists()


def test_a_game_in_progress_says_where_it_stands_and_an_optional_team_its_roster(
        store, box, tmp_path):
    """A box score printed mid-game says which half is under way; an optional team card
    (rule 8.1.1) says whose pieces it plays with, or the pitchers under its name puzzle."""
    header = {**series_header("spring", "5", team1="florida"), "Team1Roster": "new-york"}
    phases = set()
    for stop in (40, 60, 75, 90):   # in a card phase, and between halves (draws, mound...)
        session = simulated_session(box, header, stop_after=stop)
        state = session.games[-1].state
        assert state.phase != "over" and state.inning > 1
        phases.add(state.phase == "cards")
        series_id = create_series(store, box, header, session.entries)
        out = tmp_path / "part.pdf"
        print_boxscore(store, str(series_id), PrintOptions(), out)
        text = " ".join(PdfReader(out).pages[0].extract_text().split())
        ordinal = {2: "2nd", 3: "3rd"}.get(state.inning, f"{state.inning}th")
        assert f"in progress ({state.half} of the {ordinal})" in text, (stop, state.phase)
        # The half in its card phase has no runs or final markers yet (rules 4.5, 4.6.4):
        # its row says so, where it printed 0 runs and 'V>' (the halves before it stand).
        halves = box_score(HighAndTight(box), session.games[-1]).halves
        assert all(half.over for half in halves[:-1])
        if state.phase == "cards":
            last = halves[-1]
            assert not last.over
            assert last.markers(">") == (f"{last.rolls_before}>?", f"{last.box_before}>?")
            assert f"{last.box_before}>?" in text and re.search(r"in play(?!,)", text)
        else:
            assert ">?" not in text and not re.search(r"in play(?!,)", text)
        assert "Florida Sharks: New York Highlanders roster" in text
        assert "Texas Cowboys: " not in text
        # A pitcher's innings count the one he took the mound for (rule 4.2.1), said so.
        assert "Pitchers (Inn. counts the inning under way)" in text
    assert phases == {True, False}


@pytest.mark.parametrize("controls, withheld", [
    ({}, True),                                                     # two people at one screen
    ({"Team2Control": "computer"}, True),                           # one against the computer
    ({"Team1Control": "computer", "Team2Control": "computer"}, False)])    # nobody hidden
def test_a_game_in_play_prints_no_code_of_the_hands_the_table_keeps_secret(
        store, box, tmp_path, controls, withheld):
    """Rule 5.2.1: the packed record of a game in play names every card dealt to each hand
    and each card exchanged, which the table keeps from the other player (its log says
    'deal to home (hidden)'); printed mid-game, its QR code handed them over. No code for
    a game in play while a team is hidden (`export` refuses it too), a line saying when it
    comes; a game over, or a series the computer plays alone, keeps its code."""
    header = {**series_header("divisional", "5"), **controls}
    session = simulated_session(box, header, stop_after=400)
    assert len(session.games) == 2 and session.games[-1].state.phase != "over"
    series_id = create_series(store, box, header, session.entries)
    stored = StoredSeries.load(store, series_id).session
    first, second = games_to_print(stored, None)
    assert first.matrix is not None and not first.withheld
    assert second.withheld is withheld and (second.matrix is None) is withheld
    out = tmp_path / "mid.pdf"
    print_boxscore(store, f"{series_id}:2", PrintOptions(), out)
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert ("The code of this game's record prints once the game is over" in text) is withheld
    assert ("Game record, packed:" in text) is not withheld


def test_the_series_page_says_where_a_game_in_play_stands_on_one_line(store, box, tmp_path):
    """Rule 4.7: a game not over is 'in play' on the series page at its half inning, said
    whole in its Innings cell ('bottom of the 4th' wrapped after 'bottom of')."""
    from companion.high_and_tight.state import half_inning

    header = {**series_header("divisional", "5"), "Team1Control": "computer",
              "Team2Control": "computer"}
    session = simulated_session(box, header, stop_after=400)
    state = session.games[-1].state
    assert len(session.games) == 2 and state.phase != "over"
    series_id = create_series(store, box, header, session.entries)
    out = tmp_path / "in-play.pdf"
    print_boxscore(store, str(series_id), PrintOptions(), out)
    where = half_inning(state.half, state.inning)
    assert where in [placed.text for placed in placed_text(PdfReader(out).pages[0])]
    for inning in (9, 19):          # (the table's cells keep 2 pt each side)
        assert INNINGS_WIDTH - 4 >= stringWidth(half_inning("bottom", inning), REGULAR, 8)


def test_box_score_rows_follow_the_game(store, box, long_game):
    series_id = import_record(store, box, long_game.text())
    session = StoredSeries.load(store, series_id).session
    (game,) = games_to_print(session, 1)
    state = long_game.state
    assert game.score.line["away"] == state.away.runs
    assert len(game.score.halves) == 2 * state.inning - (state.half == "top")
    assert game.record == long_game.text()


def test_a_continued_page_names_the_game_s_teams(store, box, rules, tmp_path):
    """A game of 19 innings (rule 6.0) runs onto a second page; that page, come loose from
    the first, still says whose game it is and how it ended (it said only 'Exhibition game
    (continued)')."""
    game = next(session for number in range(300)
                if (session := simulate_game(rules, "philadelphia", "california", "1", number)
                    ).state.inning >= 19)
    series_id = import_record(store, box, game.text())
    out = tmp_path / "long.pdf"
    pages = print_boxscore(store, str(series_id), PrintOptions(paper="letter"), out)
    assert pages >= 2
    state = game.state
    said = (f"Exhibition game (continued): {state.away.team.name} {state.away.total} at "
            f"{state.home.team.name} {state.home.total}")
    for page in PdfReader(out).pages[1:]:
        assert " ".join(page.extract_text().split()).startswith(said)
    # The same game stopped in the 19th: its continued page says the score so far is no
    # final.
    lines = game.text().splitlines()
    cut = [line for line in lines if not line.startswith("[Result ")]
    # (a batter goes up once an inning, rule 4.2.2: he fields the other half)
    innings = [i for i, line in enumerate(cut) if line.startswith("away bats ")]
    stopped = "\n".join(cut[:innings[18] + 1]) + "\n"     # the top of the 19th begun
    series_id = import_record(store, box, stopped)
    pages = print_boxscore(store, str(series_id), PrintOptions(paper="letter"), out)
    text = " ".join(PdfReader(out).pages[1].extract_text().split())
    assert pages >= 2 and "(continued): " in text
    assert text.split("(continued): ")[1].split(" Inn.")[0].endswith(
        "in progress (top of the 19th)")


def test_box_score_rows_name_the_team_and_strategy_as_the_scoreboard_does(box, rules, long_game):
    """Each half's row says the batting team by its abbreviation and the inning's strategy by
    the name the printed scoreboard uses (rules 5.3, 6.2), not the box's internal keys."""
    from companion.high_and_tight.boxscore import box_score
    from printables.boards import strategy_name
    from printables.boxscore import _half_row

    score = box_score(rules, long_game)
    for half in score.halves:
        row = _half_row(box, half, score, {})
        key = score.away if half.batting == "away" else score.home
        assert row[1] == f"{half.half} ({box.team(key).abbrev})"
        assert row[2] == strategy_name(half.strategy)
    assert {row[2] for row in (_half_row(box, h, score, {}) for h in score.halves)} >= {
        "OBP", "None"}


def test_the_printed_code_scans_and_imports_to_the_identical_game(box, long_game, tmp_path):
    """The key test: the code on the PDF page, read by zxing-cpp, imported by the command
    line, gives the same record and the same final state (rules 6.0-6.3: extra innings)."""
    db = tmp_path / "games.db"
    with Store.open(db) as store:
        series_id = import_record(store, box, long_game.text())
        out = tmp_path / "game.pdf"
        print_boxscore(store, f"{series_id}:1", PrintOptions(), out)
        (game,) = games_to_print(StoredSeries.load(store, series_id).session, 1)

    # The matrix as printed, rendered straight to pixels.
    scanned = decode(matrix_image(game.matrix))
    assert scanned == [game.payload]

    # The PDF page itself, rasterised at 100 dpi (0.5 mm modules are 2 pixels), when poppler
    # is installed.
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", str(out),
                        str(tmp_path / "page")], check=True, timeout=30)
        (png,) = tmp_path.glob("page*.png")
        scanned = decode(Image.open(png))
        assert scanned == [game.payload]

    scan_file = tmp_path / "scan.txt"
    scan_file.write_text(scanned[0] + "\n")
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_BOX_DIR, data)
    assert load_box(data).fingerprint == box.fingerprint
    result = run_companion("--data", data, "import", scan_file, "--db", db)
    assert result.returncode == 0, result.stderr
    with Store.open(db, readonly=True) as again:
        copy_id = max(row["id"] for row in again.db.query("SELECT id FROM series"))
        assert copy_id != series_id
        assert export(again, f"{copy_id}:1", "record") == long_game.text()
        copy = StoredSeries.load(again, copy_id).session.games[0]
    assert copy.state.summary() == long_game.state.summary()
    assert (copy.state.away.runs, copy.state.home.runs) == \
        (long_game.state.away.runs, long_game.state.home.runs)
    assert copy.state.winner == long_game.state.winner


def test_print_boxscore_command(capsys, box, tmp_path):
    """`companion print boxscore SERIES|SERIES:GAME --db PATH --out FILE.pdf`."""
    db = tmp_path / "games.db"
    header = series_header("spring", "5")
    with Store.open(db) as store:
        series_id = create_series(store, box, header, simulated_session(box, header).entries)
    out = tmp_path / "box.pdf"
    assert main(["print", "boxscore", f"{series_id}:1", "--db", str(db), "--out",
                 str(out)]) == 0
    captured = capsys.readouterr()
    assert f"wrote {out}" in captured.out and "boxscore" in captured.err
    # A series of one game is headed by its title alone (no "game 1" of one).
    heading = PdfReader(out).pages[0].extract_text().splitlines()[0]
    assert heading == "Box score: Spring Training"
    assert main(["print", "boxscore", f"{series_id}:2", "--db", str(db), "--out",
                 str(tmp_path / "no.pdf")]) == 2
    assert "no game 2" in capsys.readouterr().err
    assert not (tmp_path / "no.pdf").exists()


def test_the_bottom_half_the_home_team_did_not_need_reads_x(store, box, rules, tmp_path):
    """Rule 4.8: ahead after the top of the 9th (or of an extra inning), the home team does
    not bat; its line score shows an x there, as a box score does, not a blank that reads
    as a half nobody recorded."""
    game = next(session for number in range(200)
                if (session := simulate_game(rules, "new-york", "texas", "x", number))
                and session.state.winner == "home"
                and len(session.state.home.runs) < len(session.state.away.runs))
    series_id = import_record(store, box, game.text())
    out = tmp_path / "x.pdf"
    print_boxscore(store, str(series_id), PrintOptions(), out)
    state = game.state
    lines = PdfReader(out).pages[0].extract_text().splitlines()
    row = lines.index("New York Highlanders (home)")        # then its cells, one a line
    cells = [*map(str, state.home.runs), "x", str(state.home.total)]
    assert lines[row + 1:row + 1 + len(cells)] == cells


def test_what_the_home_ballpark_did_is_on_the_box_score(box, rules, store, tmp_path):
    """Rule 8.1: a run scored on a ballpark's extra number (Longhorn Yards' 11) must read
    right on paper: each half's row names what the home ballpark did before the cards (by
    its number: the legend above the rows says it once in full, with its condition; written
    out in each row it made a game spill onto a second page), and the CSV export has a
    ballpark row for it."""
    from companion.high_and_tight.boxscore import box_score, csv_rows
    from printables.boxscore import _half_row, park_numbers

    session = simulate_game(rules, "texas", "new-york", "park", 0, {"Rules": "ballparks"})
    score = box_score(rules, session)
    touched = [half for half in score.halves if half.park]
    assert touched, "Longhorn Yards did nothing in a whole game"
    notes = [words for rule, words in session.state.log if rule == "8.1"]
    assert len(notes) == sum(len(half.park) for half in score.halves)
    parks = park_numbers(score)
    assert list(parks.values()) == [*range(1, len(parks) + 1)]
    assert all(any(words in note for note in notes) for words in parks)
    out = tmp_path / "park.pdf"
    assert print_boxscore(store, str(import_record(store, box, session.text())),
                          PrintOptions(), out) == 1
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert text.count("Home ballpark (Longhorn Yards), rule 8.1: ") == 1
    for words, number in parks.items():
        assert text.count(f"park {number} = {words}") == 1
        # (said whose halves it came to when one team's only: Longhorn Yards' 11 came to
        # both teams' Power hitters)
        sides = {half.batting for half in score.halves if words in half.park}
        assert (f"park {number} = {words} (" in text) == (len(sides) == 1)
    for half in touched:
        cell = _half_row(box, half, score, parks)[8]
        assert cell.startswith("; ".join(f"park {parks[words]}" for words in half.park))
    assert all(not _half_row(box, half, score, parks)[8].startswith("park")
               for half in score.halves if not half.park)
    # A game of 13 innings runs onto a second page: that page says the legend again, so
    # its rows' numbers read on it alone.
    long = next(game for number in range(300)
                if (game := simulate_game(rules, "texas", "new-york", "park", number,
                                          {"Rules": "ballparks"})).state.inning >= 13)
    out = tmp_path / "long.pdf"
    assert print_boxscore(store, str(import_record(store, box, long.text())),
                          PrintOptions(), out) >= 2
    for page in PdfReader(out).pages:
        assert "Home ballpark (Longhorn Yards), rule 8.1: park 1 = " in " ".join(
            page.extract_text().split())
    # Mustang Park's late rolls are the home team's alone: the legend says whose halves.
    mustangs = simulate_game(rules, "philadelphia", "texas", "park", 0, {"Rules": "ballparks"})
    out = tmp_path / "mustangs.pdf"
    print_boxscore(store, str(import_record(store, box, mustangs.text())), PrintOptions(), out)
    said = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "= Scoring Rolls +1 (inning 7 or later) (PHM's halves)" in said
    rows = [row for row in csv_rows(1, score) if row["kind"] == "ballpark"]
    assert [row["detail"] for row in rows] == [w for half in score.halves for w in half.park]
    assert {row["team"] for row in rows} == {"texas"}


def test_the_series_page_keeps_a_secret_starter_till_he_is_placed(store, box, tmp_path):
    """Rule 3.0: the next game opens (its header names both starters) while its draws are
    made; a secret rotation's starter is placed after them. The series page printed then
    named both ('Starters (away, home)'): it says 'secret' for each hidden team's till he
    is placed; a series the computer plays alone names them. A game opened with nothing of
    it played yet is no box score at all (it printed as 'top of the 1st')."""
    for controls, said in (({}, "secret, secret"),
                           ({"Team1Control": "computer", "Team2Control": "computer"}, None)):
        header = {**series_header("divisional", "5"), **controls}
        stop = next(n for n in range(200, 600)
                    if (s := simulated_session(box, header, stop_after=n)).games
                    and len(s.games) == 2 and s.games[-1].actions
                    and s.games[-1].state.phase in ("deal", "exchange"))
        session = simulated_session(box, header, stop_after=stop)
        series_id = create_series(store, box, header, session.entries)
        stored = StoredSeries.load(store, series_id).session
        second = games_to_print(stored, None)[1]
        names = tuple(session.games[-1].header[f"{p}Starter"] for p in ("Away", "Home"))
        assert second.starters == (tuple(said.split(", ")) if said else names)
        out = tmp_path / f"series-{series_id}.pdf"
        print_boxscore(store, str(series_id), PrintOptions(), out)
        first_page = " ".join(PdfReader(out).pages[0].extract_text().split())
        assert (said or ", ".join(names)) in first_page
        assert ("(a game in play's once it is over)" in first_page) is bool(said)
        opened = simulated_session(box, header, stop_after=next(
            n for n in range(stop, 0, -1)
            if not (s := simulated_session(box, header, stop_after=n)).games[-1].actions))
        assert len(opened.games) == 2 and not opened.games[-1].actions
        second_id = create_series(store, box, header, opened.entries)
        loaded = StoredSeries.load(store, second_id).session
        assert [g.number for g in games_to_print(loaded, None)] == [1]
        with pytest.raises(ValueError, match="game 2 has not begun yet"):
            games_to_print(loaded, 2)


def test_a_series_of_one_game_begun_says_one_game(store, box, tmp_path):
    """Rule 7.0's page of a series with one game begun says '1 game' (it said '1 games')."""
    header = series_header("divisional", "7")
    session = simulated_session(box, header, stop_after=40)
    assert len(session.games) == 1
    series_id = create_series(store, box, header, session.entries)
    out = tmp_path / "one.pdf"
    print_boxscore(store, str(series_id), PrintOptions(), out)
    first = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "1 game, on the pages after this one with its QR code" in first
    assert "1 games" not in first


def test_a_box_score_names_its_maker_as_every_print_does(store, box, rules, tmp_path):
    """A box score's PDF said Author 'anonymous' where every set's says the companion."""
    from printables.render import render

    session = simulate_game(rules, "texas", "new-york", "meta", 0)
    series_id = import_record(store, box, session.text())
    score, cards = tmp_path / "score.pdf", tmp_path / "cards.pdf"
    print_boxscore(store, str(series_id), PrintOptions(), score)
    render("cards", box, PrintOptions(only=("Good Wood",)), cards)
    for out in (score, cards):
        info = PdfReader(out).metadata
        assert (info.author, info.creator) == ("the dugout companion", "the dugout companion")
        assert info.subject == "High & Tight: print at 100% (actual size)"
