"""The printable sets by name, and the contract each one keeps.

A set is a function `draw(canvas, box, options, progress) -> None` that draws whole pages on
a reportlab canvas (calling `canvas.showPage()` after each page) from the box data, honouring
`options` (paper, sides, bleed, offset, team, only). `progress(done, total)` may be called as
pages are finished. A set raises ValueError with a clear message for an unknown team or
component name. Sets are named "module:function" and imported only when used, so listing
the sets loads no reportlab.

A set made of named components (pieces, cards, ...) also has `components(box, options)`,
the list of what `--only` may name (each with `answers_to(name)`), so `print all --only X`
prints X from whichever set holds it; a set without it prints under `all --only` only when
its own name is asked. `all` is every registered set except those in NEEDS_TARGET (a box
score needs a stored game or series to print).
"""

from __future__ import annotations

from importlib import import_module

from companion.engine.errors import did_you_mean

SETS: dict[str, str] = {      # `all` prints them in this order: the calibration test first
    "calibration": "printables.components:calibration",
    "pieces": "printables.components:pieces",
    "markers": "printables.components:markers",
    "cards": "printables.components:cards",
    "team-cards": "printables.components:team_cards",
    "rally-caps": "printables.components:rally_caps",
    "scoreboard": "printables.boards:scoreboard",
    "field": "printables.boards:field",
    "scoresheet": "printables.boards:scoresheet",
    "series-sheet": "printables.boards:series_sheet",
}

NEEDS_TARGET = frozenset({"boxscore"})

# What `print` warns of for each set (components.printed_text_warnings): the places whose
# texts the set prints, for a letter with no glyph (a file; "teams.toml" is the teams' names
# and abbreviations, "teams.toml ballpark" their ballparks); and the layouts it draws, for a
# text cut short ("piece", "card", "ballpark": the pieces', the strategy cards', the team
# cards' backs). `all` warns of everything.
SET_WARNINGS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "calibration": ((), ()), "rally-caps": ((), ()),
    "pieces": (("ballplayers.csv", "pitchers.csv"), ("piece",)),
    "markers": (("teams.toml",), ()),
    "cards": (("cards.toml",), ("card",)),
    "team-cards": (("teams.toml", "teams.toml ballpark"), ("ballpark",)),
    "scoreboard": (("box.toml",), ()), "field": (("box.toml",), ()),
    "scoresheet": (("box.toml",), ()),
    "series-sheet": (("teams.toml", "pitchers.csv"), ()),
}


# The sets of one-sided sheets (boards, blank sheets): printed with sets that have backs in a
# two-sided run, each sheet gets a blank back (PrintOptions.blank_backs).
ONE_SIDED = frozenset({"scoreboard", "field", "scoresheet", "series-sheet"})

# The sets --team narrows to one team (or, for the series sheet, fills in with its pitchers);
# the others print the same for every team.
TEAM_SETS = ("pieces", "markers", "team-cards", "series-sheet")


def set_function(name: str):
    """The drawing function of a set by name."""
    if name not in SETS:
        accepted = ", ".join([*SETS, "all", *(f"{each} GAME|SERIES" for each in NEEDS_TARGET)])
        raise ValueError(f"print set {name!r} is unknown; accepted: {accepted}"
                         + did_you_mean(name, [*SETS, "all", *NEEDS_TARGET]))
    module, _, function = SETS[name].partition(":")
    return getattr(import_module(module), function)
