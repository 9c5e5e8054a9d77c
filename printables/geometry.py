"""Sheet geometry: margins, the calibration strip, grids of equal cells, duplex and fold imposition.

Pure arithmetic in PostScript points (no reportlab), so every size and position is unit-tested
without drawing. The origin is the bottom-left corner of the page, y grows upwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .options import INCH, MM, PAPERS

MARGIN = 0.25 * INCH              # kept clear on every edge: most printers cannot reach closer
CALIBRATION_STRIP = 0.375 * INCH  # above the bottom margin: the calibration bars, on every page

PIECE = (1.0 * INCH, 0.5 * INCH)  # player pieces, 1" x 1/2" (rule 2.1)
MARKER = (0.5 * INCH, 0.5 * INCH)  # game pieces, 1/2" (rule 2.2)
POKER = (63 * MM, 88 * MM)        # strategy, team and Rally Caps cards (rules 2.3-2.5)
BLEED = 3 * MM                    # colour printed beyond the cut line of a card with --bleed

CROP_MARK_GAP = 1 * MM            # from the cut line (or the bleed edge) to a crop mark
CROP_MARK_LENGTH = 4 * MM
# Shorter crop marks when they let a sheet hold more (poker cards on A4: 3 x 3, not 2 x 3).
CROP_MARK_SHORT = 3 * MM
FOLD_GUTTER = 3 * MM              # kept clear on each side of a fold line, besides crop marks
#                                   (3 mm, not 4: a poker card on its side fits half a letter sheet)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: bottom-left corner, width and height, in points."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)

    def mirrored(self, axis_x: float) -> Rect:
        """This rectangle reflected left-right about the vertical line x = axis_x."""
        return Rect(2 * axis_x - self.right, self.y, self.width, self.height)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance
                and other.top <= self.top + tolerance)


def page_size(paper: str) -> tuple[float, float]:
    if paper not in PAPERS:
        raise ValueError(f"paper {paper!r} is unknown; accepted: {', '.join(PAPERS)}")
    return PAPERS[paper]


def printable_area(paper: str) -> Rect:
    """The page less MARGIN on every edge: nothing is drawn outside it."""
    width, height = page_size(paper)
    return Rect(0, 0, width, height).inset(MARGIN)


def calibration_area(paper: str) -> Rect:
    """The strip at the foot of the printable area that holds the calibration bars."""
    area = printable_area(paper)
    return Rect(area.x, area.y, area.width, CALIBRATION_STRIP)


def content_area(paper: str) -> Rect:
    """The printable area above the calibration strip: where a set draws its components."""
    area = printable_area(paper)
    return Rect(area.x, area.y + CALIBRATION_STRIP, area.width, area.height - CALIBRATION_STRIP)


def grid(area: Rect, cell: tuple[float, float], gap: float = 0.0) -> list[Rect]:
    """As many cells of one size as fit in `area`, `gap` apart, the block centred in the area.

    Cells run left to right, then top to bottom (reading order). Raises ValueError when not
    even one cell fits.
    """
    width, height = cell
    columns = math.floor((area.width + gap) / (width + gap) + 1e-9)
    rows = math.floor((area.height + gap) / (height + gap) + 1e-9)
    if columns < 1 or rows < 1:
        raise ValueError(f"a {width / MM:.1f} x {height / MM:.1f} mm cell does not fit in "
                         f"{area.width / MM:.1f} x {area.height / MM:.1f} mm")
    block_width = columns * width + (columns - 1) * gap
    block_height = rows * height + (rows - 1) * gap
    left = area.x + (area.width - block_width) / 2
    top = area.top - (area.height - block_height) / 2
    return [Rect(left + column * (width + gap), top - (row + 1) * height - row * gap, width, height)
            for row in range(rows) for column in range(columns)]


@dataclass(frozen=True)
class Imposition:
    """Where the fronts and backs of equal components lie on a sheet.

    `fronts[i]` and `backs[i]` are the cut rectangles of the two faces of the i-th component of
    a sheet. Duplex: backs are on the next page, each front cell mirrored about the page's
    centre line so that a long-edge flip lays it behind its front. Fold: backs are on the same
    page, mirrored about the fold line, so folding the sheet lays each behind its front.
    """

    paper: str
    sides: str                  # "duplex" or "fold"
    cell: tuple[float, float]
    bleed: float
    fronts: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    fold_x: float | None = None
    # The faces lie a quarter turn round, their cells landscape (fronts turned
    # anticlockwise, backs clockwise: see `face_matrix`), when more fit so.
    turned: bool = False
    mark_length: float = CROP_MARK_LENGTH       # CROP_MARK_SHORT when that fits more

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)

    @property
    def page(self) -> tuple[float, float]:
        return page_size(self.paper)


def crop_mark_room(bleed: float, length: float = CROP_MARK_LENGTH) -> float:
    """Space from a cut line outwards taken by the bleed and a crop mark."""
    return bleed + CROP_MARK_GAP + length


def impose(paper: str, cell: tuple[float, float], sides: str = "duplex",
           bleed: float = 0.0, count: int | None = None,
           mark_length: float | None = None, upright: bool = False) -> Imposition:
    """Lay out two-sided components of size `cell` on a sheet of `paper`.

    Cells butt against each other (one cut serves two edges) unless there is bleed, in which
    case each cell keeps its own bleed on every side. Crop marks stand outside the block,
    CROP_MARK_SHORT long when that lets the sheet hold more components (fewer sheets for
    `count` of them, when given), unless `mark_length` is given. The components lie
    on their side when more fit a sheet so, or, given their `count`, when that takes fewer
    sheets (duplex and fold alike: both flip the sheet about a vertical line), unless
    `upright` keeps them so. `mark_length` 4 mm and `upright` give the roomiest layout, the
    one whose backs take the widest --offset across.
    """
    if mark_length is not None:
        return _impose(paper, cell, sides, bleed, count, mark_length, upright)
    marked = _impose(paper, cell, sides, bleed, count, CROP_MARK_LENGTH, upright)
    short = _impose(paper, cell, sides, bleed, count, CROP_MARK_SHORT, upright)
    more = (short.per_sheet > marked.per_sheet if count is None else
            sheets_needed(count, short.per_sheet) < sheets_needed(count, marked.per_sheet))
    return short if more else marked


def _impose(paper: str, cell: tuple[float, float], sides: str, bleed: float,
            count: int | None, mark_length: float, upright: bool) -> Imposition:
    area = content_area(paper)
    room = crop_mark_room(bleed, mark_length)
    gap = 2 * bleed
    page_width, _ = page_size(paper)
    if sides == "duplex":
        axis = page_width / 2
        chosen, turned = _upright_or_turned(area.inset(room), cell, gap, count, upright)
        return Imposition(paper, sides, cell, bleed, tuple(chosen),
                          tuple(front.mirrored(axis) for front in chosen),
                          turned=turned, mark_length=mark_length)
    if sides == "fold":
        fold_x = page_width / 2
        half = Rect(area.x, area.y, fold_x - FOLD_GUTTER - area.x, area.height)
        chosen, turned = _upright_or_turned(half.inset(room), cell, gap, count, upright)
        return Imposition(paper, sides, cell, bleed, tuple(chosen),
                          tuple(front.mirrored(fold_x) for front in chosen), fold_x,
                          turned, mark_length)
    raise ValueError(f"sides {sides!r} is unknown; accepted: duplex, fold")


def _upright_or_turned(area: Rect, cell: tuple[float, float], gap: float,
                       count: int | None, upright: bool) -> tuple[list[Rect], bool]:
    """The cells of `area`, upright, or on their side when more fit so (for `count`
    components, when given: when that takes fewer sheets; never when `upright`), and
    whether they are turned. Three poker cards a folded letter sheet, not two; six bled
    cards a sheet, not four. Upright reads and cuts more easily, so it wins a tie."""
    cells = grid(area, cell, gap)
    if upright:
        return cells, False
    try:
        turned = grid(area, (cell[1], cell[0]), gap)
    except ValueError:
        return cells, False
    fewer = (len(turned) > len(cells) if count is None else
             sheets_needed(count, len(turned)) < sheets_needed(count, len(cells)))
    return (turned, True) if fewer else (cells, False)


def face_matrix(cell: Rect, turn: int) -> tuple[float, float, float, float, float, float]:
    """The affine matrix (a, b, c, d, e, f, as PDF's `cm`) that draws a face made for
    Rect(0, 0, its width, its height) into `cell`: upright (turn 0), a quarter turn
    anticlockwise (90: the cell is the face on its side, its top to the left) or clockwise
    (-90). A fold's backs turn the other way from their fronts, so that folded, and the
    card turned over like a page, each back stands upright behind its front."""
    if turn == 0:
        return (1.0, 0.0, 0.0, 1.0, cell.x, cell.y)
    if turn == 90:
        return (0.0, 1.0, -1.0, 0.0, cell.right, cell.y)
    if turn == -90:
        return (0.0, -1.0, 1.0, 0.0, cell.x, cell.top)
    raise ValueError(f"turn {turn} is not 0, 90 or -90")


def cut_lines(cells: tuple[Rect, ...] | list[Rect]) -> tuple[list[float], list[float]]:
    """The distinct x and y positions of the cut lines of a block of cells, sorted."""
    xs = sorted({round(value, 3) for cell in cells for value in (cell.x, cell.right)})
    ys = sorted({round(value, 3) for cell in cells for value in (cell.y, cell.top)})
    return xs, ys


def sheets_needed(count: int, per_sheet: int) -> int:
    """Sheets (front and back pairs, or folded pages) needed for `count` components."""
    return max(1, math.ceil(count / per_sheet)) if count else 0
