"""What a print run was asked for: paper, sides, bleed, back offset and the components chosen.

Lengths are in PostScript points (1/72 inch), reportlab's unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

INCH = 72.0
MM = 72.0 / 25.4

PAPERS: dict[str, tuple[float, float]] = {
    "letter": (8.5 * INCH, 11 * INCH),
    "a4": (210 * MM, 297 * MM),
    "tabloid": (11 * INCH, 17 * INCH),
}
SIDES = ("duplex", "fold")
UNITS = {"mm": MM, "in": INCH, "pt": 1.0}
OFFSET_LIMIT_MM = 25.0        # --offset on each axis: a misregistration, not a layout change


class OptionError(ValueError):
    """A print option that names nothing the box has (an unknown team, a component of no
    such name): `option` is the print option at fault ('team', 'only'), for the command
    line to name ('--team: ...'); the dialog shows the message under its fields."""

    def __init__(self, option: str, message: str):
        super().__init__(message)
        self.option = option


def parse_offset(text: str) -> tuple[float, float]:
    """'X,Y' in millimetres (or with a unit: 1.5mm, 0.05in, 3pt) -> points."""
    parts = text.split(",")
    values = []
    for part in parts:
        match = re.fullmatch(r"\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|in|pt)?\s*", part)
        if len(parts) != 2 or match is None:
            raise ValueError(
                f"offset {text!r} is not X,Y (millimetres, or with a unit mm, in or pt, "
                "e.g. 1.5,-0.5)")
        points = float(match.group(1)) * UNITS[match.group(2) or "mm"]
        if abs(points) > OFFSET_LIMIT_MM * UNITS["mm"]:
            raise ValueError(
                f"offset {text!r} is more than {OFFSET_LIMIT_MM:g} mm; accepted range "
                f"-{OFFSET_LIMIT_MM:g}..{OFFSET_LIMIT_MM:g} mm on each axis")
        values.append(points)
    return values[0], values[1]


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "letter"
    sides: str = "duplex"            # duplex: backs on the next page, mirrored for a long-edge flip
    bleed: bool = False              # 3 mm of colour beyond the cut line of cards
    offset: tuple[float, float] = (0.0, 0.0)   # points added to every back page (misregistration)
    team: str | None = None          # only this team's components, where a set is per team
    opponent: str | None = None      # the series sheet's Team 2 (a second --team)
    only: tuple[str, ...] = ()       # only the components with these names
    blank_backs: bool = False        # a one-sided page gets a blank back (run with backs)

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise ValueError(f"paper {self.paper!r} is unknown; accepted: {', '.join(PAPERS)}")
        if self.sides not in SIDES:
            raise ValueError(f"sides {self.sides!r} is unknown; accepted: {', '.join(SIDES)}")
        if self.sides == "fold" and any(self.offset):
            raise ValueError("--offset moves the back pages of a duplex print; folded, the "
                             "backs are on the fronts' own page (leave the offset at 0,0)")

    @property
    def size(self) -> tuple[float, float]:
        return PAPERS[self.paper]
