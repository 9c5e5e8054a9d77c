"""The boards and blank sheets (issue 5): page sizes and counts, every track box and inning
strategy read back from the PDF, the field's tiles overlapping with alignment marks."""

from __future__ import annotations

import itertools
import re

import pytest
from pypdf import PdfReader

from companion.high_and_tight.box import load_box_texts
from companion.high_and_tight.rules import inning_parameters
from companion.high_and_tight.series import SCENARIOS, STREAK_LIMIT
from printables.boards import (
    CARD_SLOT,
    FIELD,
    MOUND_DIVIDER_FROM,
    OVERLAP,
    TARGET_ARM,
    TARGET_CLEAR,
    TARGET_FONT,
    TARGET_RADIUS,
    TARGET_YS,
    field_tiles,
    landscape,
    player_regions,
    strategy_name,
    table_regions,
)
from printables.geometry import MARKER, POKER, Rect, content_area
from printables.options import INCH, PAPERS, PrintOptions
from printables.render import expand, render

from .placed import Placed, placed_text

BOARDS = ("scoreboard", "field", "scoresheet", "series-sheet")


def pages_of(box, name: str | list[str], tmp_path,
             **options) -> list[tuple[tuple[float, float], str]]:
    """(page size, text with white space folded) of every page a set prints."""
    out = tmp_path / f"{'-'.join([name] if isinstance(name, str) else name)}.pdf"
    count = render(name, box, PrintOptions(**options), out)
    reader = PdfReader(out)
    assert len(reader.pages) == count
    return [((round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)),
             " ".join(p.extract_text().split())) for p in reader.pages]


def folded(text: str) -> str:
    return " ".join(text.split())


def size(paper: str, sideways: bool = False) -> tuple[float, float]:
    width, height = PAPERS[paper]
    return (round(height, 2), round(width, 2)) if sideways else (round(width, 2),
                                                                 round(height, 2))


# -- registration, sizes and counts --------------------------------------------------------


def test_the_boards_are_registered_and_part_of_all():
    assert set(BOARDS) <= set(expand("all"))


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name, count, sideways", [
    ("scoreboard", 1, False), ("field", 2, False), ("scoresheet", 2, True),
    ("series-sheet", 1, False),
])
def test_page_size_and_count(box, tmp_path, name, count, sideways, paper):
    pages = pages_of(box, name, tmp_path, paper=paper)
    assert [page_size for page_size, _ in pages] == [size(paper, sideways)] * count
    for _, text in pages:          # SPEC 6: the calibration bars on every sheet
        assert "1 inch" in text and "25 mm" in text


def test_one_sided_sheets_get_blank_backs_among_sets_printed_two_sided(box, tmp_path):
    """`print all` on duplex: after the sets with backs, each board or blank sheet is
    followed by a blank back of its own size, so that no sheet lands on the back of
    another (the field's trim would cut through it) and the page count stays even. Printed
    alone, or folded, the sheets have no blank backs."""
    blank = "the back of a one-sided sheet: left blank for two-sided printing"
    pages = pages_of(box, ["calibration", *BOARDS], tmp_path)
    sheets = pages_of(box, list(BOARDS), tmp_path)
    assert len(pages) == 2 + 2 * len(sheets)
    assert blank not in " ".join(text for _, text in sheets)
    assert [text for _, text in pages[3::2]] == [blank] * len(sheets)
    assert [page_size for page_size, _ in pages[2::2]] == [s for s, _ in sheets]
    assert [page_size for page_size, _ in pages[3::2]] == [s for s, _ in sheets]
    assert blank not in " ".join(text for _, text in pages_of(
        box, ["rally-caps", *BOARDS], tmp_path, sides="fold"))


def test_field_on_tabloid_is_one_sheet_turned_sideways(box, tmp_path):
    """Rule 2.7: the whole 11" x 17" field on one tabloid sheet."""
    pages = pages_of(box, "field", tmp_path, paper="tabloid")
    assert [page_size for page_size, _ in pages] == [size("tabloid", sideways=True)]


def test_boards_refuse_only_and_the_series_sheet_an_unknown_team(box, tmp_path):
    for name in BOARDS:
        with pytest.raises(ValueError, match="no components"):
            render(name, box, PrintOptions(only=("Good Wood",)), tmp_path / "x.pdf")
    with pytest.raises(ValueError, match="unknown team 'boston'; accepted"):
        render("series-sheet", box, PrintOptions(team="boston"), tmp_path / "x.pdf")
    assert not list(tmp_path.iterdir())


def test_output_is_byte_stable(box, tmp_path):
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    render(list(BOARDS), box, PrintOptions(), first)
    render(list(BOARDS), box, PrintOptions(), second)
    assert first.read_bytes() == second.read_bytes()


# -- the scoreboard (rule 2.6) --------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_the_scoreboard_s_line_score_starts_at_the_margin_as_its_tracks_do(box, tmp_path,
                                                                           paper):
    """Rules 2.6, 4.6.4: the inning boxes stand at the left margin under their heading, as
    the tracks under them do (on tabloid they stood an inch in, centred, beside the tracks
    at the margin)."""
    out = tmp_path / f"scoreboard-{paper}.pdf"
    render("scoreboard", box, PrintOptions(paper=paper), out)
    placed = placed_text(PdfReader(out).pages[0])
    area = content_area(paper)
    cell = min(0.7 * INCH, area.width / 12)

    def one(text: str) -> Placed:
        (found,) = [p for p in placed if p.text == text]
        return found

    inning = one("Inning").box
    assert abs(inning.x + inning.width / 2 - (area.x + cell / 2)) < 0.5
    for heading in ("Innings and line score", "Scoring Rolls track"):
        assert abs(one(heading).box.x - area.x) < 0.5


def test_scoreboard_prints_every_track_box_and_inning_strategy(box, tmp_path):
    ((_, text),) = pages_of(box, "scoreboard", tmp_path)
    # Rule 4.6.2: each Scoring Number box with its numbers and flavour text.
    for scoring in box.scoring_boxes:
        assert f"{scoring.label} {scoring.describe()}" in text
        assert folded(scoring.flavour) in text
    assert "2, then 6 or 7" in text and "7 or 6" in text
    # Rules 4.6.1, 5.5.1: Scoring Rolls boxes 1-10, the +10 side up to 20.
    track = " ".join(f"{n} +{box.rolls_boxes} side: {n + box.rolls_boxes}"
                     for n in range(1, box.rolls_boxes + 1))
    assert f"Scoring Rolls track {track}" in text
    # Rules 5.2, 5.3, 6.2: the inning boxes with strategy, draws and exchanges; 10 is Any.
    for inning in range(1, 11):
        draws, exchanges, strategy = inning_parameters(box, inning)
        assert f"{inning} and {inning + 10} {strategy_name(strategy)} draw {draws} " \
               f"exchange {exchanges}" in text
    assert "10 and 20 Any" in text
    # Rule 3.0 step 2: Home and Away boxes for the team logos; rule 6.2: the Final box.
    assert "Away team logo" in text and "Home team logo" in text and "Final" in text


def test_an_edited_box_prints_as_edited(box, tmp_path):
    texts = dict(box.texts)
    texts["box.toml"] = texts["box.toml"].replace(
        "One out, bases empty", "One away and the bags are empty").replace(
        '"power", "none", "speed"', '"power", "obp", "speed"')
    edited = load_box_texts(texts, origin="edited")
    assert edited.strategies[5] == "obp"
    ((_, text),) = pages_of(edited, "scoreboard", tmp_path)
    assert "One away and the bags are empty" in text and "One out, bases empty" not in text
    assert "6 and 16 OBP" in text


# -- the playing field (rule 2.7) ----------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_field_tiles_overlap_and_cover_the_field(paper):
    first, second = field_tiles(paper)
    width, height = FIELD
    assert first.window.x == 0 and second.window.right == pytest.approx(width)
    assert first.window.right - second.window.x == pytest.approx(OVERLAP, abs=0.1)
    assert first.window.height == second.window.height == height
    area = content_area(paper)
    for tile in (first, second):
        placed = Rect(*tile.origin, tile.window.width, tile.window.height)
        assert area.contains(placed)
        assert tile.page == PAPERS[paper]
        # Every alignment target stands in the overlap, so both sheets carry it.
        assert tile.window.x < width / 2 < tile.window.right
    assert all(0 < y < height for y in TARGET_YS)


def test_field_on_tabloid_is_whole_inside_the_printable_area():
    (tile,) = field_tiles("tabloid")
    page, area = landscape("tabloid")
    assert tile.window == Rect(0, 0, *FIELD)
    assert area.contains(Rect(*tile.origin, *FIELD))
    assert page == (17 * INCH, 11 * INCH)


@pytest.mark.parametrize("tiled", [False, True])
def test_field_regions_fit_and_hold_what_they_are_for(tiled):
    """Card piles hold a poker card (rule 2.3); nothing overlaps; the far player's side is
    the near one turned, so the two sides' boxes stay inside the field."""
    width, height = FIELD
    whole = Rect(0, 0, width, height)
    regions = table_regions(tiled) + [r for r in player_regions()
                                      if r.name in ("Dugout", "Bullpen")]
    for region in table_regions(tiled) + player_regions():
        assert whole.contains(region.rect), region.name
        turned = Rect(width - region.rect.right, height - region.rect.top,
                      region.rect.width, region.rect.height)
        assert whole.contains(turned)
    for one in regions:
        for other in regions:
            if one is not other:
                a, b = one.rect, other.rect
                apart = a.right <= b.x or b.right <= a.x or a.top <= b.y or b.top <= a.y
                assert apart, (one.name, other.name)
    piles = [r for r in table_regions(tiled) if "pile" in r.name or "discards" in r.name]
    assert len(piles) == 4
    for pile in piles:
        assert pile.rect.width >= POKER[0] and pile.rect.height >= POKER[1]
        assert (pile.rect.width, pile.rect.height) == pytest.approx(CARD_SLOT)


def test_a_tiled_field_keeps_the_in_the_field_box_off_the_join():
    """Rule 4.2.3: a piece goes In the Field every half inning; on a field of two sheets the
    box stands clear of the join and its tape (the batter's boxes are already either side
    of it); on tabloid, one sheet, it stays in the middle above the mound."""
    x = FIELD[0] / 2

    def box(tiled: bool) -> Rect:
        return next(r.rect for r in table_regions(tiled) if r.name == "In the field")

    assert box(True).x >= x + 0.4 * 72
    assert box(False).centre[0] == pytest.approx(x)
    for batter in (r.rect for r in table_regions(True) if r.name == "Batter's box"):
        assert batter.right <= x - 0.25 * 72 or batter.x >= x + 0.25 * 72


@pytest.mark.parametrize("paper", ["letter", "a4", "tabloid"])
def test_field_prints_every_area(box, tmp_path, paper):
    pages = pages_of(box, "field", tmp_path, paper=paper)
    text = " ".join(page_text for _, page_text in pages)
    for name in ("Dugout", "Bullpen", "Available ballplayers", "Used ballplayers",
                 "Available pitchers", "Used pitchers", "Pitcher's mound", "Batter's box",
                 "In the field", "Offense draw pile", "Offense discards", "Defense draw pile",
                 "Defense discards", "throws L", "throws R"):
        assert name in text, name
    if paper == "tabloid":
        assert "sheet 1 of 2" not in text
    else:
        assert "sheet 1 of 2" in pages[0][1] and "sheet 2 of 2" in pages[1][1]
        for _, page_text in pages:        # the three alignment targets on each sheet
            assert all(f" {label} " in f" {page_text} " for label in "ABC")


def outline(rect: Rect, line: float) -> list[Rect]:
    """The four sides of a rectangle drawn with a line `line` wide, as thin rectangles."""
    half = line / 2
    return [Rect(rect.x - half, rect.y - half, line, rect.height + line),
            Rect(rect.right - half, rect.y - half, line, rect.height + line),
            Rect(rect.x - half, rect.y - half, rect.width + line, line),
            Rect(rect.x - half, rect.top - half, rect.width + line, line)]


def field_lines(tile) -> list[Rect]:
    """Every line of the field near the targets, in field coordinates: the regions' outlines
    (the far player's turned), the targets' circles and arms, and the line that joins the
    sheets through the targets' centres (sheet 1's trim line, sheet 2's solid line)."""
    width, height = FIELD
    lines = []
    for region in table_regions(tiled=True) + player_regions():
        lines += outline(region.rect, 0.8)
    for region in player_regions():
        r = region.rect
        lines += outline(Rect(width - r.right, height - r.top, r.width, r.height), 0.8)
    x = width / 2
    for y in TARGET_YS:
        lines += [Rect(x - TARGET_RADIUS, y - TARGET_RADIUS, 2 * TARGET_RADIUS,
                       2 * TARGET_RADIUS),
                  Rect(x - TARGET_ARM, y - 0.2, 2 * TARGET_ARM, 0.4),
                  Rect(x - 0.2, y - TARGET_ARM, 0.4, 2 * TARGET_ARM)]
    lines.append(Rect(x - 0.5, 0, 1.0, height))     # the join: trim line, solid line
    return lines


def test_field_sides_are_a_real_diamond_seen_from_behind_the_plate(box, tmp_path):
    """Rules 4.2.1 and 4.2.2 (the mound's area and the batter's box by the piece's hand), as
    rulings.md lays them out: seen from behind the plate, the right-handed batter's box is
    left of it (the third-base side) and the left-handed one right; a left-handed
    pitcher's half is on the right, his throwing arm's side as he faces the plate."""
    out = tmp_path / "field.pdf"
    render("field", box, PrintOptions(paper="tabloid"), out)
    placed = placed_text(PdfReader(out).pages[0])

    def centre_x(start: str) -> float:
        (found,) = [p for p in placed if p.text.startswith(start)]
        return found.box.x + found.box.width / 2

    (tile,) = field_tiles("tabloid")
    plate = FIELD[0] / 2 + tile.origin[0] - tile.window.x       # the field's middle
    assert centre_x("bats R") < plate < centre_x("bats L")
    assert centre_x("throws R") < plate < centre_x("throws L")
    assert "S facing a lefty" in next(p.text for p in placed if p.text.startswith("bats R"))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_field_targets_letters_and_sheet_notes_stand_clear_of_every_line(box, tmp_path,
                                                                         paper):
    out = tmp_path / "field.pdf"
    render("field", box, PrintOptions(paper=paper), out)
    width, height = FIELD
    for tile, page in zip(field_tiles(paper), PdfReader(out).pages, strict=True):
        placed = placed_text(page)
        ox, oy = tile.origin
        dx, dy = ox - tile.window.x, oy - tile.window.y      # field to page
        letters = [p for p in placed if p.text in "ABC" and p.font == TARGET_FONT[0]]
        assert sorted(p.text for p in letters) == ["A", "B", "C"]
        lines = field_lines(tile)
        for letter in letters:
            box_ = letter.box
            in_field = Rect(box_.x - dx, box_.y - dy, box_.width, box_.height)
            assert Rect(0, 0, width, height).contains(in_field)
            for line in lines:
                assert not Placed(letter.text, letter.font, letter.size, in_field).overlaps(
                    line, gap=TARGET_CLEAR - 0.1), (tile.number, letter.text, line)
        (note,) = [p for p in placed if p.text.startswith(f"Field, sheet {tile.number}")]
        tick_x = width / 2 + dx
        for y in (oy - 10, oy + height + 4):          # the ticks above and below the field
            assert not note.overlaps(Rect(tick_x - 0.2, y, 0.4, 6), gap=2.0), tile.number
        assert ox <= note.box.x and note.box.right <= ox + tile.window.width


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_field_sheets_join_on_a_line_through_the_targets(box, tmp_path, paper):
    """Sheet 1 is trimmed through the targets' centres and sheet 2's solid line runs through
    the same points, so after the overlay each half target of sheet 1 meets its other half
    on sheet 2, none of it covered; every letter stands on the part of sheet 1 kept."""
    out = tmp_path / "field.pdf"
    render("field", box, PrintOptions(paper=paper), out)
    width, height = FIELD
    for tile, page in zip(field_tiles(paper), PdfReader(out).pages, strict=True):
        ox, _ = tile.origin
        join = width / 2 + ox - tile.window.x
        drawn = page.get_contents().get_data().decode("latin-1")
        # the lines drawn across the whole field: x where each one runs
        across = {round(float(x1), 2) for x1, y1, x2, y2 in re.findall(
            r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l", drawn)
            if float(x1) == float(x2) and abs(float(y2) - float(y1)) >= height}
        assert across == {round(join, 2)}, tile.number
        letters = [p for p in placed_text(page) if p.text in "ABC"
                   and p.font == TARGET_FONT[0]]
        assert len(letters) == 3 and all(p.box.right < join for p in letters)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_word_of_a_tiled_field_lies_across_the_join(box, tmp_path, paper):
    """A field of two sheets is trimmed and taped on the line through its targets: every
    word printed on the field (the title, the mound's name and note, each box's) stands
    clear of that line and of its tape on one sheet or the other."""
    out = tmp_path / "field.pdf"
    render("field", box, PrintOptions(paper=paper), out)
    width, height = FIELD
    seen = set()
    for tile, page in zip(field_tiles(paper), PdfReader(out).pages, strict=True):
        ox, oy = tile.origin
        join = width / 2 + ox - tile.window.x
        tape = Rect(join - 6, oy, 12, height)
        for placed in placed_text(page):
            if placed.text.startswith("Field, sheet") or placed.text in ("A", "B", "C"):
                continue
            assert not placed.overlaps(tape), (tile.number, placed.text)
            seen.add(placed.text)
    assert {"High & Tight playing field", "Pitcher's mound", "the pitcher",
            "(rule 4.2.1)"} <= seen


def test_the_field_s_title_stands_clear_of_the_boxes_under_it(box, tmp_path):
    out = tmp_path / "field.pdf"
    render("field", box, PrintOptions(paper="tabloid"), out)
    (tile,) = field_tiles("tabloid")
    ox, oy = tile.origin
    placed = placed_text(PdfReader(out).pages[0])
    (title,) = [p for p in placed if p.text.startswith("High & Tight playing field")]
    for region in table_regions():
        r = region.rect
        assert not title.overlaps(Rect(ox + r.x, oy + r.y, r.width, r.height), gap=4.0)


def test_the_mound_divider_stops_short_of_its_note(box, tmp_path):
    """The mound's dashed line between its L and R sides (rule 4.2.1) does not run through
    the note under it."""
    out = tmp_path / "field.pdf"
    render("field", box, PrintOptions(paper="tabloid"), out)
    (tile,) = field_tiles("tabloid")
    ox, oy = tile.origin
    mound = next(r.rect for r in table_regions() if r.name == "Pitcher's mound")
    divider = Rect(ox + mound.centre[0] - 0.3, oy + mound.y + MOUND_DIVIDER_FROM, 0.6,
                   mound.height - MOUND_DIVIDER_FROM - 16)
    (note,) = [p for p in placed_text(PdfReader(out).pages[0])
               if p.text == "the pitcher (rule 4.2.1)"]
    assert not note.overlaps(divider, gap=1.0)


# -- blank sheets ---------------------------------------------------------------------------


def test_scoresheet_rows_carry_each_innings_strategy(box, tmp_path):
    """Rules 5.3 and 6.2: the strategy of innings 1-19 printed in; the 10th is named. Page 2
    holds a whole cycle of extra innings, so a second copy serves the 20th to 29th as its
    note says."""
    first, second = (text for _, text in pages_of(box, "scoresheet", tmp_path))
    for text, innings in ((first, range(1, 10)), (second, range(10, 20))):
        for inning in innings:
            strategy = strategy_name(inning_parameters(box, inning)[2])
            strategy = "Any:" if strategy == "Any" else strategy
            assert f"{inning} top (away) {strategy}" in text
            assert f"{inning} bottom (home) {strategy}" in text
        for column in ("Batter", "Fielder", "Pitcher (fatigue)", "Rolls before cards",
                       "Box before cards", "Cards played", "Rolls after move",
                       "Box after move", "Dice rolled", "Runs"):
            assert column in text
    # rules 4.8, 6.3: a line for the final score on each page, wherever the game ends
    assert "Final (away - home)" in first and "Final (away - home)" in second
    assert "extra innings" in second
    assert "a second copy of this page serves the 20th to 29th" in " ".join(second.split())
    for inning in range(10, 20):
        assert inning_parameters(box, inning + 10) == inning_parameters(box, inning)


def test_the_none_strategy_is_printed_like_the_others(box, tmp_path):
    """Rule 5.3: the demo's 6th inning has no strategy; the scoreboard and scoresheet printed
    it 'NONE' among 'Power', 'Speed' and 'Clutch'. It reads 'None' on both (and in a box
    score's rows, which name strategies the same way); OBP keeps its capitals."""
    assert box.strategies[5] == "none"
    ((_, board),) = pages_of(box, "scoreboard", tmp_path)
    sheet, _ = (text for _, text in pages_of(box, "scoresheet", tmp_path))
    assert "6 and 16 None draw" in board and "6 top (away) None" in sheet
    assert "1 and 11 OBP draw" in board and "1 top (away) OBP" in sheet
    assert "NONE" not in board + sheet


def test_series_sheet_has_schedule_rotation_use_and_rest(box, tmp_path):
    """Rules 3.0 (home games, rotation), 8.2.2 and 8.2.3 (rest and short rest), 8.1.1 (an
    optional team's rows)."""
    ((_, blank),) = pages_of(box, "series-sheet", tmp_path)
    world = SCENARIOS["world"]
    homes = " ".join("Team 1 home" if n in world.team1_home else "Team 2 home"
                     for n in range(1, world.games + 1))
    assert f"World Series ({world.wins}) {homes}" in blank
    assert blank.count("Rotation: 1") == 2
    assert "G1 G2 G3 G4 G5 G6 G7 Rest next game" in blank
    assert f"at most {STREAK_LIMIT['RP']} games in a row" in blank
    assert f"at most {STREAK_LIMIT['CL']} games in a row" in blank
    assert "rule 8.2.3" in blank and "+100" in blank
    ((_, filled),) = pages_of(box, "series-sheet", tmp_path, team="new-york")
    team = box.teams["new-york"]
    assert f"Team 1: {team.name}" in filled
    for pitcher in box.rosters[team.roster].pitchers.values():
        assert f"{pitcher.name} {pitcher.kind} {pitcher.fatigue}" in filled
    # A second --team fills Team 2 (only Team 1 could be filled in): each team's pitchers
    # under its own heading.
    ((_, both),) = pages_of(box, "series-sheet", tmp_path, team="new-york", opponent="TXC")
    other = box.teams["texas"]
    first, second = both.split(f"Team 2: {other.name}")
    assert f"Team 1: {team.name}" in first
    for owner, part in ((team, first), (other, second)):
        for pitcher in box.rosters[owner.roster].pitchers.values():
            assert f"{pitcher.name} {pitcher.kind} {pitcher.fatigue}" in part
    with pytest.raises(ValueError, match="the second --team names Texas Cowboys again"):
        render("series-sheet", box, PrintOptions(team="texas", opponent="texas"),
               tmp_path / "x.pdf")
    # An optional team brings no pieces (8.1.1): its rows are left blank, said so (they
    # were, with no word of why).
    notes: list[str] = []
    render("series-sheet", box, PrintOptions(team="seattle", opponent="texas"),
           tmp_path / "x.pdf", note=notes.append)
    assert notes == [f"{box.teams['seattle'].name} brings no pieces of its own (rule 8.1.1: "
                     "it plays with a standard team's roster): Team 1's pitcher rows are "
                     "left to write in"]
    notes.clear()
    render("series-sheet", box, PrintOptions(team="texas"), tmp_path / "x.pdf",
           note=notes.append)
    assert notes == []


PITCHER_CELL = re.compile(r"n 18 ([\d.]+) 93\.6 ([\d.]+) re")    # the Pitcher column's


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_series_sheet_has_a_row_for_each_pitcher_of_the_largest_staff(box, tmp_path,
                                                                          paper):
    """Rules 8.2.2 and 8.2.3 are kept pitcher by pitcher, game by game: each team had 9
    rows, the first roster's staff, so a roster of 13 pitchers left four with no row (and
    with --team the other team's blank table too). Each team has a row for each pitcher of
    the largest staff; what does not fit the first page goes on a second one, headed as
    continued, no row on the calibration strip."""
    texts = dict(box.texts)
    texts["pitchers.csv"] += "".join(f"texas,{name},RP,R,3,V,2,2,2,2,2,3,Long man\n"
                                     for name in ("Abbott", "Bixby", "Corwin", "Dunmore"))
    edited = load_box_texts(texts, origin="edited")
    staff = edited.rosters[edited.teams["texas"].roster].pitchers.values()
    assert len(staff) == 13
    for team in (None, "texas"):
        out = tmp_path / "sheet.pdf"
        assert render("series-sheet", edited, PrintOptions(paper=paper, team=team), out) == 2
        reader = PdfReader(out)
        cells = [(float(y), float(height)) for page in reader.pages
                 for y, height in PITCHER_CELL.findall(page.get_contents().get_data()
                                                       .decode("latin-1"))]
        assert len(cells) == 2 * (1 + 13)          # each team's header row and its 13 rows
        assert all(y >= content_area(paper).y for y, _ in cells)
        second = folded(reader.pages[1].extract_text())
        assert second.startswith("High & Tight series tracker (continued)")
        if team:
            first = folded(reader.pages[0].extract_text())
            assert all(f"{p.name} {p.kind} {p.fatigue}" in first for p in staff)


def test_a_longer_rolls_track_prints_only_the_counts_its_marker_reaches(box, tmp_path):
    """Rules 4.6.1, 5.5.1: on a box of 12 printed boxes the marker flips to its +12 side and
    counts on up to `max`; a count past `max` (21 to 24 with max 20) is not printed, and a
    pitcher may start in any printed box (his stuff_rolls up to 12)."""
    texts = dict(box.texts)
    texts["box.toml"] = texts["box.toml"].replace("boxes = 10", "boxes = 12", 1)
    lines = texts["pitchers.csv"].splitlines()
    fields = lines[1].split(",")
    fields[4] = "11"                                        # stuff_rolls
    lines[1] = ",".join(fields)
    texts["pitchers.csv"] = "\n".join(lines) + "\n"
    edited = load_box_texts(texts, origin="edited")
    assert edited.rolls_boxes == 12 and edited.rolls_max == 20
    assert any(p.stuff_rolls == 11 for r in edited.rosters.values()
               for p in r.pitchers.values())
    ((_, text),) = pages_of(edited, "scoreboard", tmp_path)
    reached = " ".join(f"{n} +12 side: {n + 12}" for n in range(1, 9))
    assert f"Scoring Rolls track {reached} 9 10 11 12 " in text, text[:400]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_track_of_twenty_boxes_wraps_so_each_box_holds_the_marker(box, tmp_path, paper):
    """Rules 2.2, 4.6.1: the Scoring Rolls marker (1/2") stands in a box of the track; 20
    boxes in one row were 0.4" wide, the marker wider than its box and the numbers against
    the lines. They take two rows of ten, each box at least the marker's width, and the
    sheet still holds every phase of the sequence of play under them."""
    texts = dict(box.texts)
    texts["box.toml"] = texts["box.toml"].replace("boxes = 10", "boxes = 20", 1)
    edited = load_box_texts(texts, origin="edited")
    out = tmp_path / "board.pdf"
    render("scoreboard", edited, PrintOptions(paper=paper), out)
    page = PdfReader(out).pages[0]
    numbers = [p for p in placed_text(page) if p.size == 20 and p.text.isdigit()]
    assert [p.text for p in numbers] == [str(n) for n in range(1, 21)]
    rows = [numbers[:10], numbers[10:]]
    assert all(p.box.y > q.box.top for p in rows[0] for q in rows[1])

    def centre(placed: Placed) -> float:
        return placed.box.x + placed.box.width / 2

    for row in rows:
        assert len({round(p.box.y, 2) for p in row}) == 1
        assert all(centre(b) - centre(a) >= MARKER[0] for a, b in itertools.pairwise(row))
    assert "H End of the game 4.8" in folded(page.extract_text())


def test_a_track_that_stops_at_its_last_box_never_flips_its_marker(box, tmp_path):
    """Rule 5.5.1: the marker flips to its +N side past the last box only while `max` lies
    beyond it; with 20 boxes and max 20 the scoreboard told to flip it past 20 and the
    marker's back read '+20', a side no count reaches. Both are left out; the marker reads
    the same both sides."""
    texts = dict(box.texts)
    texts["box.toml"] = texts["box.toml"].replace("boxes = 10", "boxes = 20", 1)
    edited = load_box_texts(texts, origin="edited")
    ((_, board),) = pages_of(edited, "scoreboard", tmp_path)
    assert "flip the marker to its +" not in board and "+20" not in board
    assert "The marker goes no higher than 20 and never below 1 (rule 5.5.1)." in board
    front, back = (text for _, text in pages_of(edited, "markers", tmp_path))
    assert "+20 Scoring Rolls" not in back and back.count("SR Scoring Rolls") == 1
    assert front.count("SR Scoring Rolls") == 1
    ((_, board),) = pages_of(box, "scoreboard", tmp_path)
    assert "Past 10, flip the marker to its +10 side" in board


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_scoresheets_half_column_holds_each_half_on_one_line(box, tmp_path, paper):
    """Rule 4.0's halves: 'top (away)' and 'bottom (home)' each on one line of their cell
    ('bottom' and '(home)' were wrapped onto two lines beside a one-line 'top (away)')."""
    out = tmp_path / f"sheet-{paper}.pdf"
    render("scoresheet", box, PrintOptions(paper=paper), out)
    for page, innings in zip(PdfReader(out).pages, (9, 10), strict=True):
        lines = page.extract_text().splitlines()
        assert sum("bottom (home)" in line for line in lines) == innings, lines
        assert not any(line.strip() == "bottom" for line in lines)


def test_the_scoresheet_has_room_for_an_at_bats_twenty_dice(box):
    """Rule 4.6 (up to 20 Scoring Rolls an at-bat): the dice column, where the totals are
    written by hand, is the widest after the cards played, twice a name's at least (some
    60 figures against a name's dozen letters; it was cramped for a long at-bat)."""
    from printables.boards import SCORESHEET_COLUMNS

    widths = {title: width for title, width, _ in SCORESHEET_COLUMNS}
    dice = widths.pop("Dice rolled (totals)")
    cards = widths.pop("Cards played (offense / defense, Rally Caps)")
    assert cards >= dice > max(widths.values())
    assert dice >= 2 * widths["Batter"]


def test_a_roster_key_in_another_case_prints_its_pieces(box, tmp_path):
    """A team card's roster typed 'Texas' names the pieces whose team column says 'texas'
    (the rules read it so, and `data check` takes it): the pieces and the series sheet's
    pitchers print from it, where printing broke off ('Texas') or left the staff blank."""
    texts = dict(box.texts)
    assert texts["teams.toml"].count('roster = "texas"') == 1
    texts["teams.toml"] = texts["teams.toml"].replace('roster = "texas"', 'roster = "Texas"')
    edited = load_box_texts(texts, origin="edited")
    assert edited.roster_of(edited.teams["texas"]) is edited.rosters["texas"]
    ((_, sheet),) = pages_of(edited, "series-sheet", tmp_path, team="texas")
    pieces = " ".join(text for _, text in pages_of(edited, "pieces", tmp_path, team="texas"))
    for pitcher in edited.rosters["texas"].pitchers.values():
        assert f"{pitcher.name} {pitcher.kind} {pitcher.fatigue}" in sheet
        assert pitcher.name in pieces


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_tenths_any_leaves_most_of_its_cell_for_the_strategy_named(box, tmp_path, paper):
    """Rule 6.2: the batting player names the 10th's strategy; its cell on the extra
    innings' page prints 'Any:' at its left, leaving some 0.45" of the cell to
    write the name in (centred in a narrow column it left some 0.3")."""
    from printables.boards import SCORESHEET_COLUMNS

    out = tmp_path / f"sheet-{paper}.pdf"
    render("scoresheet", box, PrintOptions(paper=paper), out)
    page = PdfReader(out).pages[1]
    placed = placed_text(page)
    heading = next(p for p in placed if p.text == "Strategy")
    anys = [p for p in placed if p.text == "Any:"]
    assert len(anys) == 2
    batter = next(p for p in placed if p.text == "Batter")      # the next column's left
    cell_right = batter.box.x - 2
    for any_ in anys:
        assert abs(any_.box.x - heading.box.x) < 0.5      # at the left, under its heading
        assert cell_right - any_.box.right >= 0.45 * 72
    assert [title for title, _, align in SCORESHEET_COLUMNS if title == "Strategy"
            and align == "left"] == ["Strategy"]
