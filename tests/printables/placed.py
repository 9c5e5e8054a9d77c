"""Where a PDF page puts its text: each string's box in page coordinates, read with pypdf.

A box runs from the baseline (less the font's descent if a character reaches below it) to
the baseline plus the height of capitals, as wide as reportlab measures the string; strings
turned by the page (the far player's side of the field) get the box of their turned corners.
"""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PageObject

from printables.geometry import Rect
from printables.text import CAP_HEIGHT, stringWidth

ASCENT, DESCENT = CAP_HEIGHT, 0.21     # Helvetica's, per point of size
DESCENDERS = set("gjpqyQ,;()[]{}/|_@$")


@dataclass(frozen=True)
class Placed:
    """One string as printed: its text, font, size on the page and box."""

    text: str
    font: str
    size: float
    box: Rect

    def overlaps(self, other: Rect, gap: float = 0.0) -> bool:
        """Whether the boxes come closer than `gap` (touching counts when gap > 0)."""
        a, b = self.box, other
        return not (a.right + gap <= b.x or b.right + gap <= a.x
                    or a.top + gap <= b.y or b.top + gap <= a.y)


def _times(m: list[float], n: list[float]) -> list[float]:
    """The PDF matrix product m x n (six numbers each)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u]


def placed_text(page: PageObject) -> list[Placed]:
    """Every non-blank string the page draws directly (not inside forms), in drawing order."""
    found: list[Placed] = []

    def visit(text, cm, tm, font, size) -> None:
        text = text.strip()
        if not text or font is None:
            return
        name = str(font.get("/BaseFont", "")).lstrip("/")
        a, b, c, d, e, f = _times(tm, cm)
        width = stringWidth(text, name, size)
        below = DESCENT * size if DESCENDERS & set(text) else 0.0
        corners = [(x * a + y * c + e, x * b + y * d + f)
                   for x in (0.0, width) for y in (-below, ASCENT * size)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        scale = (a * a + b * b) ** 0.5
        found.append(Placed(text, name, size * scale,
                            Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))

    page.extract_text(visitor_text=visit)
    return found
