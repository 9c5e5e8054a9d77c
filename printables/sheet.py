"""Drawing blocks shared by the boards, the blank sheets and the box score: pages, text that
fits its box, and ruled tables whose rows grow with wrapped text and continue on a new page."""

from __future__ import annotations

from dataclasses import dataclass

from .marks import calibration_bars
from .options import PrintOptions
from .text import BOLD, REGULAR, draw_fitted, fit_lines

FONT = REGULAR
LINE = 0.5          # ruled lines of tables and boxes
GREY = (0.55, 0.55, 0.55)
SHADE = (0.9, 0.9, 0.9)


def start_page(canvas, size: tuple[float, float]) -> None:
    """Every page states its size: sets of one print run may use different ones."""
    canvas.setPageSize(size)


def finish_page(canvas, options: PrintOptions) -> None:
    """The calibration bars (SPEC 6) at the foot, then the next page; with `blank_backs`
    (a one-sided sheet in a run printed two-sided) a blank back before it, so that the
    sheet's back holds nothing to trim through and the next sheet starts on a front."""
    calibration_bars(canvas, options)
    size = canvas._pagesize         # the sheet's own (a scoresheet lies sideways)
    canvas.showPage()
    if options.blank_backs:
        width, _ = size
        canvas.setPageSize(size)
        canvas.setFont(FONT, 7.0)
        canvas.setFillColorRGB(*GREY)
        canvas.drawCentredString(width / 2, 0.5 * 72.0, "the back of a one-sided sheet: "
                                 "left blank for two-sided printing")
        canvas.showPage()


def draw_text(canvas, text: str, x: float, y: float, width: float, font: str = FONT,
              size: float = 9.0, align: str = "left") -> None:
    """One line at baseline y shrunk to fit `width`; x is the left edge of the box."""
    draw_fitted(canvas, text, x, y, width, font, size, align)


def draw_lines(canvas, lines: list[str], x: float, top: float, width: float, font: str = FONT,
               size: float = 7.0, leading: float | None = None, align: str = "left") -> float:
    """Lines from `top` down (first baseline one size below it); returns the bottom (with no
    canvas, only that: a sheet measured before it is drawn)."""
    leading = leading or size * 1.2
    y = top - size
    for line in lines:
        if canvas is not None:
            draw_text(canvas, line, x, y, width, font, size, align)
        y -= leading
    return y + leading - size * 0.3


def box(canvas, x: float, y: float, width: float, height: float, fill=None,
        line: float = LINE) -> None:
    canvas.saveState()
    canvas.setLineWidth(line)
    if fill is not None:
        canvas.setFillColorRGB(*fill)
    canvas.rect(x, y, width, height, stroke=1, fill=1 if fill is not None else 0)
    canvas.restoreState()


@dataclass(frozen=True)
class Column:
    title: str
    width: float                # points
    align: str = "left"


class Table:
    """A ruled table: a shaded header row, then rows whose height follows their wrapped text
    (at least `min_height`, a row to write in on a blank sheet)."""

    def __init__(self, columns: list[Column], size: float = 7.0, min_height: float = 0.0,
                 padding: float = 2.0):
        self.columns = columns
        self.size = size
        self.leading = size * 1.2
        self.min_height = min_height
        self.padding = padding

    @property
    def width(self) -> float:
        return sum(column.width for column in self.columns)

    def _cells(self, row: list[str], font: str) -> list[list[str]]:
        """Each cell's lines: wrapped, a long word broken at a hyphen or cut short rather
        than shrunk below SMALLEST_CELL (a long name in a narrow column)."""
        return [fit_lines(str(text), font, self.size, column.width - 2 * self.padding)
                or [""] for text, column in zip(row, self.columns, strict=True)]

    def _height(self, cells: list[list[str]]) -> float:
        lines = max(len(cell) for cell in cells)
        return max(self.min_height, lines * self.leading + 2 * self.padding)

    def draw(self, canvas, x: float, top: float, rows: list[list[str]], bottom: float,
             header: bool = True) -> tuple[int, float]:
        """Draw the header and as many rows as fit above `bottom` (with no canvas, lay them
        out only: how many would fit).

        Returns (rows drawn, y of the table's bottom edge).
        """
        y = top
        if header:
            y = self._row(canvas, x, y, [c.title for c in self.columns], BOLD, SHADE)
        drawn = 0
        for row in rows:
            cells = self._cells(row, FONT)
            if y - self._height(cells) < bottom:
                break
            y = self._row(canvas, x, y, row, FONT, None, cells)
            drawn += 1
        return drawn, y

    def _row(self, canvas, x: float, top: float, row: list[str], font: str, fill,
             cells: list[list[str]] | None = None) -> float:
        cells = cells or self._cells(row, font)
        height = self._height(cells)
        if canvas is None:
            return top - height
        left = x
        for column, lines in zip(self.columns, cells, strict=True):
            box(canvas, left, top - height, column.width, height, fill)
            canvas.setFillColorRGB(0, 0, 0)
            draw_lines(canvas, lines, left + self.padding, top - self.padding,
                       column.width - 2 * self.padding, font, self.size, self.leading,
                       column.align)
            left += column.width
        return top - height
