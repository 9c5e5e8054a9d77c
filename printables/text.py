"""Text that fits: shrink a line to a width, wrap a paragraph into a box, colours that read."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth as _string_width

REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
ITALIC = "Helvetica-Oblique"
LEADING = 1.18
CAP_HEIGHT = 0.718     # Helvetica's capitals and figures stand this high per point of size


@lru_cache(maxsize=4096)
def stringWidth(text: str, font: str, size: float) -> float:  # noqa: N802 (reportlab's name)
    """reportlab's width of a string, remembered: labels and words recur across a box."""
    return _string_width(text, font, size)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Words of `text` in lines no wider than `width` (a single long word keeps its line).

    Widths add up word by word (the standard fonts have no kerning), so each word is
    measured once.
    """
    space = stringWidth(" ", font, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, line_width = [], 0.0
        for word in paragraph.split():
            word_width = stringWidth(word, font, size)
            if line and line_width + space + word_width > width:
                lines.append(" ".join(line))
                line, line_width = [word], word_width
            else:
                line_width += (space if line else 0.0) + word_width
                line.append(word)
        lines.append(" ".join(line))
    return lines


def fit_paragraph(text: str, font: str, size: float, width: float, height: float,
                  smallest: float = 4.0) -> tuple[float, list[str]]:
    """The largest size (in steps of 0.25 pt) at which the wrapped text fits the box."""
    while True:
        lines = wrap(text, font, size, width)
        widest = max((stringWidth(line, font, size) for line in lines), default=0.0)
        if (len(lines) * size * LEADING <= height and widest <= width) or size <= smallest:
            return size, lines
        size -= 0.25


def set_font(canvas, font: str, size: float) -> None:
    """Select the font unless it is already in force (each change is written to the page)."""
    if canvas._fontname != font or canvas._fontsize != size:
        canvas.setFont(font, size)


def draw_fitted(canvas, text: str, x: float, y: float, width: float, font: str, size: float,
                align: str = "left") -> None:
    """One line at baseline y, shrunk to the width; align is left, centre or right of [x, x+w]."""
    natural = stringWidth(text, font, size)
    if natural > width and natural:
        size = max(3.0, size * width / natural)
        natural = stringWidth(text, font, size)
    set_font(canvas, font, size)
    if align == "centre":
        x += (width - natural) / 2
    elif align == "right":
        x += width - natural
    canvas.drawString(x, y, text)


def draw_paragraph(canvas, lines: list[str], x: float, top: float, font: str, size: float,
                   align: str = "left", width: float = 0.0) -> float:
    """Lines from the top down (first baseline one size below `top`); returns the last baseline."""
    set_font(canvas, font, size)
    y = top
    for index, line in enumerate(lines):
        y = top - size - index * size * LEADING
        if align == "centre":
            canvas.drawCentredString(x + width / 2, y, line)
        else:
            canvas.drawString(x, y, line)
    return y


def colour(hex_text: str) -> Color:
    return HexColor(hex_text)


def _luminance(value: Color) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(value.red) + 0.7152 * channel(value.green) + \
        0.0722 * channel(value.blue)


def contrast(first: Color, second: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


BLACK = HexColor("#000000")
WHITE = HexColor("#ffffff")


def ink_on(background: Color, preferred: Color | None = None) -> Color:
    """The preferred ink if it reads on the background (contrast 4.5), else black or white."""
    if preferred is not None and contrast(background, preferred) >= 4.5:
        return preferred
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE
