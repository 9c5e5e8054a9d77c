"""Sheet geometry: component sizes, margins inside the printable area, the calibration bars,
duplex backs mirrored cell by cell and fold-over backs beside their fronts (issue 5, SPEC 6)."""

from __future__ import annotations

import itertools
import re

import pytest

from printables.geometry import (
    BLEED,
    CALIBRATION_STRIP,
    FOLD_GUTTER,
    MARGIN,
    MARKER,
    PIECE,
    POKER,
    Rect,
    calibration_area,
    content_area,
    crop_mark_room,
    cut_lines,
    face_matrix,
    grid,
    impose,
    layouts,
    page_size,
    printable_area,
)
from printables.marks import calibration_bars
from printables.options import INCH, MM, PrintOptions
from printables.render import new_canvas

PAPERS = ("letter", "a4")
CELLS = {"piece": PIECE, "marker": MARKER, "poker": POKER}
TOLERANCE = 0.1      # points: sizes are checked to a tenth of a point


def overlap(first: Rect, second: Rect) -> bool:
    return (first.x < second.right - 1e-6 and second.x < first.right - 1e-6
            and first.y < second.top - 1e-6 and second.y < first.top - 1e-6)


def test_component_sizes_to_a_tenth_of_a_point():
    # rule 2.1: player pieces 1" x 1/2"; rule 2.2: game pieces 1/2"; cards at poker size
    assert PIECE == pytest.approx((72.0, 36.0), abs=TOLERANCE)
    assert MARKER == pytest.approx((36.0, 36.0), abs=TOLERANCE)
    assert POKER == pytest.approx((178.58, 249.45), abs=TOLERANCE)   # 63 x 88 mm
    assert BLEED == pytest.approx(8.50, abs=TOLERANCE)               # 3 mm


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("sides", ("duplex", "fold"))
def test_every_imposed_cell_has_the_component_size(paper, kind, sides):
    imposition = impose(paper, CELLS[kind], sides)
    width, height = CELLS[kind]
    size = (height, width) if imposition.turned else (width, height)    # (on its side)
    for cell in imposition.fronts + imposition.backs:
        assert (cell.width, cell.height) == pytest.approx(size, abs=TOLERANCE)


@pytest.mark.parametrize("paper", PAPERS)
def test_margins_are_at_least_a_quarter_inch(paper):
    width, height = page_size(paper)
    area = printable_area(paper)
    assert area.x >= MARGIN - 1e-9 and area.y >= MARGIN - 1e-9
    assert width - area.right >= MARGIN - 1e-9 and height - area.top >= MARGIN - 1e-9
    assert MARGIN == pytest.approx(0.25 * INCH)
    # the calibration strip and the content area share the printable area without overlap
    strip, content = calibration_area(paper), content_area(paper)
    assert area.contains(strip) and area.contains(content)
    assert strip.top == pytest.approx(content.y)
    assert strip.height == pytest.approx(CALIBRATION_STRIP)
    # down the side: on a front's left, on a duplex back's right, the one behind the other
    for back in (False, True):
        strip, content = calibration_area(paper, "side", back), content_area(paper, "side", back)
        assert area.contains(strip) and area.contains(content)
        assert (strip.height, content.height) == pytest.approx((area.height, area.height))
        assert strip.width + content.width == pytest.approx(area.width)
        assert (content.x == pytest.approx(strip.right) if not back
                else strip.x == pytest.approx(content.right))
    assert calibration_area(paper, "side", back=True) == pytest.approx(
        calibration_area(paper, "side").mirrored(width / 2))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("sides", ("duplex", "fold"))
@pytest.mark.parametrize("bleed", (0.0, BLEED))
def test_cells_bleed_and_crop_marks_stay_inside_the_content_area(paper, kind, sides, bleed):
    # every layout, not the best alone: an --offset may print on any of them
    for imposition in layouts(paper, CELLS[kind], sides, bleed):
        room = crop_mark_room(bleed, imposition.mark_length)
        for cells, back in ((imposition.fronts, False),
                            (imposition.backs, sides == "duplex")):
            # (a fold's backs lie on the front's page, beside its strip)
            content = content_area(paper, imposition.strip, back)
            block = Rect(min(c.x for c in cells), min(c.y for c in cells), 0, 0)
            block = Rect(block.x, block.y, max(c.right for c in cells) - block.x,
                         max(c.top for c in cells) - block.y)
            assert content.contains(block.inset(-room)), imposition
        # no two components (with their bleed) overlap, on a page or across a fold
        faces = [cell.inset(-bleed) for cell in imposition.fronts]
        if sides == "fold":
            faces += [cell.inset(-bleed) for cell in imposition.backs]
        for first, second in itertools.combinations(faces, 2):
            assert not overlap(first, second)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", CELLS)
def test_duplex_backs_are_mirrored_cell_by_cell(paper, kind):
    imposition = impose(paper, CELLS[kind], "duplex")
    width, _ = page_size(paper)
    assert len(imposition.backs) == len(imposition.fronts)
    for front, back in zip(imposition.fronts, imposition.backs, strict=True):
        # a long-edge flip turns the sheet about its vertical centre line: the back's left
        # edge is as far from the right page edge as the front's right edge from the left
        assert back.x == pytest.approx(width - front.right, abs=1e-6)
        assert back.y == pytest.approx(front.y, abs=1e-6)
        again = back.mirrored(width / 2)
        assert (again.x, again.y, again.width, again.height) == pytest.approx(
            (front.x, front.y, front.width, front.height))
    # the block is centred, so every mirrored cell is itself a cell of the grid: the first
    # cell of a row lies behind the last one (beside a strip down the side, the block is
    # centred right of the front's strip and left of the back's: the width of one apart)
    columns = len({round(cell.x, 3) for cell in imposition.fronts})
    shift = CALIBRATION_STRIP if imposition.strip == "side" else 0.0
    for row_start in range(0, len(imposition.fronts), columns):
        row = imposition.fronts[row_start:row_start + columns]
        backs = imposition.backs[row_start:row_start + columns]
        assert [b.x for b in backs] == pytest.approx([c.x - shift for c in reversed(row)])


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kind", CELLS)
def test_fold_puts_each_back_beside_its_front_across_the_fold_line(paper, kind):
    imposition = impose(paper, CELLS[kind], "fold")
    fold = imposition.fold_x
    assert fold == pytest.approx(page_size(paper)[0] / 2)
    for front, back in zip(imposition.fronts, imposition.backs, strict=True):
        assert front.right <= fold - FOLD_GUTTER and back.x >= fold + FOLD_GUTTER
        assert back.y == pytest.approx(front.y)
        assert fold - front.right == pytest.approx(back.x - fold)   # folding lays one on the other


def test_cells_per_sheet_on_letter_and_a4():
    # what a player gets from one sheet (a regression guard on the layout arithmetic)
    # letter: 3 across, 2 down upright; on their side with the calibration bars down the
    # sheet's side, 2 across and 4 down (7 sheets for 50 cards, not 9)
    assert impose("letter", POKER).per_sheet == 8
    assert (impose("letter", POKER).turned, impose("letter", POKER).strip) == (True, "side")
    six = impose("letter", POKER, count=6)              # one sheet either way: as it was
    assert (six.per_sheet, six.turned, six.strip) == (6, False, "foot")
    assert impose("letter", POKER, count=8).per_sheet == 8     # the team cards: one sheet
    # A4: 3 across with 3 mm crop marks (with 4 mm ones, 2 across: 9 sheets for 50 cards)
    assert impose("a4", POKER).per_sheet == 9
    assert impose("a4", POKER).mark_length == pytest.approx(3 * MM)
    assert impose("letter", POKER).mark_length == pytest.approx(4 * MM)    # no gain there
    assert impose("a4", POKER, count=6).mark_length == pytest.approx(4 * MM)   # one sheet
    # Upright wins a tie of sheets before the marks' length does: the 8 team cards on A4
    # went on their side (8 a sheet, 4 mm) where upright (9 a sheet, 3 mm) is one sheet too.
    eight = impose("a4", POKER, count=8)
    assert (eight.per_sheet, eight.turned, eight.mark_length) == (9, False,
                                                                  pytest.approx(3 * MM))
    for paper in ("letter", "a4"):      # bled cards on their side: 2 x 3, not 2 x 2
        assert impose(paper, POKER, bleed=BLEED).per_sheet == 6
        assert impose(paper, POKER, bleed=BLEED).turned
        assert not impose(paper, POKER, bleed=BLEED, count=4).turned   # one sheet anyway
        roomiest = impose(paper, POKER, bleed=BLEED, mark_length=4 * MM, upright=True)
        assert roomiest.per_sheet == 4 and not roomiest.turned
    assert impose("letter", PIECE, count=80).per_sheet == 7 * 19    # one sheet either way
    assert impose("letter", PIECE, count=80).strip == "foot"
    # 7 x 20 beside a strip down the side (on their side, 9 x 15 at the foot strip)
    assert impose("letter", PIECE).per_sheet == 7 * 20
    assert not impose("letter", PIECE).turned
    assert impose("a4", MARKER).per_sheet == 14 * 21         # a row more with 3 mm marks
    assert impose("a4", MARKER, count=14 * 20).per_sheet == 14 * 20    # no sheet saved
    # folded, a poker card lies on its side on letter: three a sheet, not two
    assert impose("letter", POKER, "fold").per_sheet == 3
    assert impose("letter", POKER, "fold").turned
    assert impose("a4", POKER, "fold").per_sheet == 3           # upright fits more there
    assert not impose("a4", POKER, "fold").turned
    assert not impose("letter", POKER, "duplex", count=5).turned   # one sheet: upright
    # given how many print, on their side only when that saves a sheet
    assert not impose("letter", POKER, "fold", count=1).turned  # one sheet either way
    assert impose("letter", POKER, "fold", count=3).turned      # one sheet, not two
    assert impose("tabloid", PIECE, "fold").turned              # more a sheet on their side,
    assert not impose("tabloid", PIECE, "fold", count=20).turned    # but a team's 20 fit anyway


def test_grid_centres_its_block_and_refuses_what_cannot_fit():
    area = Rect(10, 20, 100, 50)
    cells = grid(area, (30, 20), gap=5)
    assert len(cells) == 3 * 2
    assert cells[0].x - area.x == pytest.approx(area.right - cells[2].right)
    assert area.top - cells[0].top == pytest.approx(cells[-1].y - area.y)
    with pytest.raises(ValueError, match="does not fit"):
        grid(area, (120, 10))


def test_cut_lines_of_butted_cells_are_shared():
    cells = grid(Rect(0, 0, 200, 100), (50, 50))
    xs, ys = cut_lines(cells)
    assert xs == [0, 50, 100, 150, 200] and ys == [0, 50, 100]


@pytest.mark.parametrize("paper", ("letter", "a4", "tabloid"))
@pytest.mark.parametrize("strip, back", [("foot", False), ("side", False), ("side", True)])
def test_calibration_bars_measure_one_inch_and_25_mm(tmp_path, paper, strip, back):
    # SPEC 6: every sheet carries a one-inch and a 25 mm bar, inside the printable area: in
    # the strip at its foot, or down its side (a front's left, a back's right), reading up
    path = tmp_path / "bars.pdf"
    canvas = new_canvas(str(path), page_size(paper))
    canvas.setPageCompression(0)
    calibration_bars(canvas, PrintOptions(paper=paper), strip, back)
    canvas.save()
    text = path.read_bytes().decode("latin-1")
    number = r"(-?[\d.]+)"
    matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for found in re.finditer(" ".join([number] * 6) + " cm", text):
        a, b, c, d, e, f = (float(v) for v in found.groups())
        matrix = (a * matrix[0] + b * matrix[2], a * matrix[1] + b * matrix[3],
                  c * matrix[0] + d * matrix[2], c * matrix[1] + d * matrix[3],
                  e * matrix[0] + f * matrix[2] + matrix[4],
                  e * matrix[1] + f * matrix[3] + matrix[5])
    bars = []
    for found in re.finditer(r"n ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re f", text):
        x, y, width, height = (float(v) for v in found.groups())
        corners = [_placed(matrix, u, v) for u in (x, x + width) for v in (y, y + height)]
        xs, ys = [u for u, _ in corners], [v for _, v in corners]
        bars.append(Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    long = [(bar.width if strip == "foot" else bar.height) for bar in bars]
    assert [round(length, 1) for length in long] == [72.0, round(25 * MM, 1)]
    area = calibration_area(paper, strip, back)
    for bar in bars:
        assert area.contains(bar), (bar, area)
    assert bars[0].y < bars[1].y if strip == "side" else bars[0].x < bars[1].x
    assert "(1 inch)" in text and "(25 mm)" in text


def _placed(matrix, u: float, v: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return (a * u + c * v + e, b * u + d * v + f)


@pytest.mark.parametrize("paper", ("letter", "a4", "tabloid"))
@pytest.mark.parametrize("kind", CELLS)
@pytest.mark.parametrize("sides, bleed", [("fold", 0.0), ("duplex", BLEED)])
def test_folded_each_back_point_lies_behind_its_front_point(paper, kind, sides, bleed):
    """Fold-over, or duplex (bled cards lie on their side there), upright or on its side:
    the sheet folded on its line, or flipped on its long edge, and the card turned over like
    a page, the back shows upright. So the back's point (w - u, v), the card `w` wide, is
    printed where the fold or the flip lays it behind the front's point (u, v): mirrored
    about the fold line or the page's centre line. The face is drawn into its cell whole
    (corners to corners)."""
    imposition = impose(paper, CELLS[kind], sides, bleed)
    if kind == "poker" and bleed and paper != "tabloid":
        assert imposition.turned            # (the case this guards: 6 a sheet, not 4)
    fold = imposition.fold_x if sides == "fold" else imposition.page[0] / 2
    turn = 90 if imposition.turned else 0
    w, h = CELLS[kind]
    for front, back in zip(imposition.fronts, imposition.backs, strict=True):
        front_matrix, back_matrix = face_matrix(front, turn), face_matrix(back, -turn)
        corners = [_placed(front_matrix, u, v) for u in (0, w) for v in (0, h)]
        assert {(round(x, 6), round(y, 6)) for x, y in corners} == {
            (round(x, 6), round(y, 6)) for x in (front.x, front.right)
            for y in (front.y, front.top)}
        for u, v in ((0, 0), (w, 0), (0, h), (w / 3, h / 4), (w, h)):
            fx, fy = _placed(front_matrix, u, v)
            bx, by = _placed(back_matrix, w - u, v)
            assert (bx, by) == pytest.approx((2 * fold - fx, fy))
    # the card's top is at the left of a front on its side (turned anticlockwise)
    if turn:
        first = imposition.fronts[0]
        assert _placed(face_matrix(first, 90), w / 2, h)[0] == pytest.approx(first.x)
