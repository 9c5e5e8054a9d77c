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


# Where a page's calibration strip lies: at the foot of the printable area, or down its side
# when that lets a sheet of components hold more (poker cards on letter: 8 on their side, not
# 6), on the left of a front and the right of a duplex back (mirrored behind the front's).
STRIPS = ("foot", "side")


def calibration_area(paper: str, strip: str = "foot", back: bool = False) -> Rect:
    """The strip of the printable area that holds the calibration bars (STRIPS); `back`, a
    duplex back page's (its side strip on the right)."""
    area = printable_area(paper)
    if strip == "foot":
        return Rect(area.x, area.y, area.width, CALIBRATION_STRIP)
    if strip != "side":
        raise ValueError(f"strip {strip!r} is unknown; accepted: {', '.join(STRIPS)}")
    return Rect(area.right - CALIBRATION_STRIP if back else area.x, area.y,
                CALIBRATION_STRIP, area.height)


def content_area(paper: str, strip: str = "foot", back: bool = False) -> Rect:
    """The printable area beside the calibration strip: where a set draws its components
    (`back`, on a duplex back page)."""
    area = printable_area(paper)
    bars = calibration_area(paper, strip, back)
    if strip == "side":
        return Rect(area.x if back else bars.right, area.y, area.width - CALIBRATION_STRIP,
                    area.height)
    return Rect(area.x, bars.top, area.width, area.height - CALIBRATION_STRIP)


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
    strip: str = "foot"         # the calibration strip's place (STRIPS): "side" fits more

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
    """Lay out two-sided components of size `cell` on a sheet of `paper`: the first of
    `layouts`, of those with `mark_length` crop marks and upright when asked.

    Cells butt against each other (one cut serves two edges) unless there is bleed, in which
    case each cell keeps its own bleed on every side.
    """
    if mark_length not in (None, CROP_MARK_LENGTH, CROP_MARK_SHORT):
        raise ValueError(f"crop marks are {CROP_MARK_LENGTH / MM:g} or "
                         f"{CROP_MARK_SHORT / MM:g} mm long, not {mark_length / MM:g}")
    chosen = [layout for layout in layouts(paper, cell, sides, bleed, count)
              if (mark_length is None or layout.mark_length == mark_length)
              and not (upright and layout.turned)]
    if not chosen:          # (not one cell fits: said as the upright grid says it)
        _impose(paper, cell, sides, bleed, mark_length or CROP_MARK_LENGTH, False)
    return chosen[0]


def layouts(paper: str, cell: tuple[float, float], sides: str = "duplex",
            bleed: float = 0.0, count: int | None = None) -> list[Imposition]:
    """Every layout of the components that fits, best first: the fewest sheets for `count`
    of them (the most a sheet, without it); then upright before on their side (it reads
    and cuts more easily); then crop marks 4 mm long before CROP_MARK_SHORT. So a sheet
    takes short marks, or the components on their side, only when that saves sheets: poker
    cards on A4, 9 a sheet with 3 mm marks; folded on letter, 3 on their side, not 2; bled
    cards 6 a sheet on their side, not 4 (duplex and fold alike: both flip the sheet about
    a vertical line). Then the calibration strip at the foot before down the side, which
    only a sheet holding more takes, duplex or folded (poker cards on letter: 8 on their
    side, not 6 upright); last, 4 mm crop marks before 3. An --offset the first cannot take
    may print on a later one."""
    found = []
    for strip in STRIPS:
        for length in (CROP_MARK_LENGTH, CROP_MARK_SHORT):
            for turned in (False, True):
                try:
                    found.append(_impose(paper, cell, sides, bleed, length, turned, strip))
                except ValueError:
                    continue

    def worse(layout: Imposition) -> tuple:
        many = (-layout.per_sheet if count is None else sheets_needed(count, layout.per_sheet))
        return (many, layout.turned, layout.strip != "foot",
                layout.mark_length != CROP_MARK_LENGTH)

    return sorted(found, key=worse)


def _impose(paper: str, cell: tuple[float, float], sides: str, bleed: float,
            mark_length: float, turned: bool, strip: str = "foot") -> Imposition:
    """One layout: cells of `cell`, or on their side when `turned`, beside the calibration
    strip `strip`; ValueError when not one fits."""
    area = content_area(paper, strip)
    room = crop_mark_room(bleed, mark_length)
    gap = 2 * bleed
    page_width, _ = page_size(paper)
    size = (cell[1], cell[0]) if turned else cell
    if sides == "duplex":
        axis = page_width / 2
        cells = grid(area.inset(room), size, gap)
        return Imposition(paper, sides, cell, bleed, tuple(cells),
                          tuple(front.mirrored(axis) for front in cells),
                          turned=turned, mark_length=mark_length, strip=strip)
    if sides == "fold":
        fold_x = page_width / 2
        half = Rect(area.x, area.y, fold_x - FOLD_GUTTER - area.x, area.height)
        cells = grid(half.inset(room), size, gap)
        return Imposition(paper, sides, cell, bleed, tuple(cells),
                          tuple(front.mirrored(fold_x) for front in cells), fold_x,
                          turned, mark_length, strip)
    raise ValueError(f"sides {sides!r} is unknown; accepted: duplex, fold")


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
