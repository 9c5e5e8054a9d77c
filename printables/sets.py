"""The printable sets by name, and the contract each one keeps.

A set is a function `draw(canvas, box, options, progress) -> None` that draws whole pages on
a reportlab canvas (calling `canvas.showPage()` after each page) from the box data, honouring
`options` (paper, sides, bleed, offset, team, only). `progress(done, total)` may be called as
pages are finished. A set raises ValueError with a clear message for an unknown team or
component name. Sets are named "module:function" and imported only when used, so listing
the sets loads no reportlab.
"""

from __future__ import annotations

from importlib import import_module

SETS: dict[str, str] = {
    # pieces, markers, cards, team-cards, rally-caps, calibration: printables.components
    # scoreboard, field, scoresheet, series-sheet: printables.boards
}


def set_function(name: str):
    """The drawing function of a set by name."""
    if name not in SETS:
        accepted = ", ".join([*SETS, "all"])
        raise ValueError(f"print set {name!r} is unknown; accepted: {accepted}")
    module, _, function = SETS[name].partition(":")
    return getattr(import_module(module), function)
