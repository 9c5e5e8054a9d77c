"""Marks printed around components: calibration bars (every page), crop marks, fold lines.

Each function draws in page coordinates: call it with no translation or scale in force on the
canvas (it saves and restores the graphics state itself).
"""

from __future__ import annotations

from .geometry import (
    CROP_MARK_GAP,
    CROP_MARK_LENGTH,
    calibration_area,
    cut_lines,
)
from .options import INCH, MM, PrintOptions
from .text import REGULAR

BAR_HEIGHT = 5.0
LABEL_FONT = (REGULAR, 6.0)
HAIRLINE = 0.25


def stamp(canvas, name: str, draw, bbox: tuple[float, float, float, float] | None = None
          ) -> None:
    """Place the drawing `draw(canvas)` here, drawing it only once per document.

    The first use records it as a named form XObject; every use places that form under the
    current transformation. Identical drawings (the calibration bars of every page, all the
    backs of one deck) are so written to the PDF, and formatted by reportlab, once.
    """
    if not canvas.hasForm(name):
        canvas.beginForm(name, *bbox) if bbox else canvas.beginForm(name)
        draw(canvas)
        canvas.endForm()
    canvas.doForm(name)


def calibration_bars(canvas, options: PrintOptions, strip: str = "foot",
                     back: bool = False) -> None:
    """A 1-inch and a 25 mm bar with their ticks in the page's calibration strip: at its
    foot, or reading upwards down its side (`geometry.calibration_area`; `back`, a duplex
    back page's).

    Measured with a ruler they tell whether the sheet was printed at 100%. Every page of every
    set carries them (SPEC 6).
    """
    stamp(canvas, f"CalibrationBars{options.paper}{strip}{'Back' if back else ''}",
          lambda canvas: _draw_calibration_bars(canvas, options.paper, strip, back))


def _draw_calibration_bars(canvas, paper: str, strip: str, back: bool) -> None:
    area = calibration_area(paper, strip, back)
    canvas.saveState()
    x, y = area.x, area.y
    if strip == "side":         # the strip's foot along its right edge, read bottom to top
        canvas.translate(area.right, area.y)
        canvas.rotate(90)
        x = y = 0.0
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(HAIRLINE)
    baseline = y + 4.0
    bar_y = baseline + LABEL_FONT[1] + 3.0
    canvas.setFont(*LABEL_FONT)
    for length, ticks, label in ((1.0 * INCH, 4, "1 inch"), (25 * MM, 5, "25 mm")):
        canvas.rect(x, bar_y, length, BAR_HEIGHT, stroke=0, fill=1)
        for tick in range(ticks + 1):
            tick_x = x + length * tick / ticks
            canvas.line(tick_x, bar_y - 2.0, tick_x, bar_y + BAR_HEIGHT + 2.0)
        canvas.drawCentredString(x + length / 2, baseline, label)
        x += length + 0.25 * INCH
    canvas.drawString(x, baseline, "Print at 100% (actual size): each bar must measure exactly "
                                   "its length.")
    canvas.restoreState()


def crop_marks(canvas, cells, bleed: float, length: float = CROP_MARK_LENGTH) -> None:
    """Short lines outside a block of cells, in line with every cut, beyond any bleed."""
    if not cells:
        return
    xs, ys = cut_lines(cells)
    left, right = min(cell.x for cell in cells), max(cell.right for cell in cells)
    bottom, top = min(cell.y for cell in cells), max(cell.top for cell in cells)
    near = bleed + CROP_MARK_GAP
    far = near + length
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(HAIRLINE)
    for x in xs:
        canvas.line(x, top + near, x, top + far)
        canvas.line(x, bottom - near, x, bottom - far)
    for y in ys:
        canvas.line(left - near, y, left - far, y)
        canvas.line(right + near, y, right + far, y)
    canvas.restoreState()


def cut_outlines(canvas, cells) -> None:
    """Hairline grey outlines on the cut lines, for components cut without bleed."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
    canvas.setLineWidth(HAIRLINE)
    for cell in cells:
        canvas.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)
    canvas.restoreState()


def fold_line(canvas, x: float, bottom: float, top: float) -> None:
    """A dashed vertical fold line with its label."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
    canvas.setLineWidth(HAIRLINE)
    canvas.setDash(3, 3)
    canvas.line(x, bottom, x, top - LABEL_FONT[1] - 3.0)
    canvas.setDash()
    canvas.setFillColorRGB(0.4, 0.4, 0.4)
    canvas.setFont(*LABEL_FONT)
    canvas.drawCentredString(x, top - LABEL_FONT[1], "fold")
    canvas.restoreState()
