"""The boards and blank sheets: scoreboard, playing field, game scoresheet, series tracker.

Everything printed comes from the box data (`data/high_and_tight/`) and the rules' own
tables, so an edited box prints as edited. Rules are cited by number, in our own words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.high_and_tight.box import Box, Team
from companion.high_and_tight.rules import inning_parameters
from companion.high_and_tight.series import SCENARIOS, SP_REST, STREAK_LIMIT

from .components import print_note, resolve_team, rolls_flip
from .geometry import CALIBRATION_STRIP, MARGIN, MARKER, Rect, content_area
from .options import INCH, MM, PAPERS, OptionError, PrintOptions
from .sheet import (
    BOLD,
    FONT,
    GREY,
    SHADE,
    Column,
    Table,
    box,
    draw_lines,
    draw_text,
    finish_page,
    start_page,
)
from .text import CAP_HEIGHT, ITALIC, fit_name, stringWidth, wrap

GAP = 0.15 * INCH
STRATEGY_NAMES = {"obp": "OBP"}      # the one inning strategy not printed in title case


def _no_parts(name: str, options: PrintOptions) -> None:
    if options.only:
        raise ValueError(f"the {name} set has no components to choose with --only; print it "
                         "whole")


def landscape(paper: str) -> tuple[tuple[float, float], Rect]:
    """A paper turned sideways, and its content area (margins and calibration strip kept)."""
    height, width = PAPERS[paper]
    return (width, height), Rect(MARGIN, MARGIN + CALIBRATION_STRIP, width - 2 * MARGIN,
                                 height - 2 * MARGIN - CALIBRATION_STRIP)


def _page_done(canvas, options: PrintOptions, progress, done: int, total: int) -> None:
    finish_page(canvas, options)
    if progress:
        progress(done, total)


# The title, headings and notes return where the next part starts; with no canvas they
# draw nothing (a sheet measured before it is drawn, to know its pages).


def _title(canvas, text: str, area: Rect, size: float = 15) -> float:
    if canvas is not None:
        canvas.setFillColorRGB(0, 0, 0)
        draw_text(canvas, text, area.x, area.top - size, area.width, BOLD, size)
    return area.top - size - GAP


def _heading(canvas, text: str, x: float, top: float, width: float, size: float = 10) -> float:
    if canvas is not None:
        canvas.setFillColorRGB(0, 0, 0)
        draw_text(canvas, text, x, top - size, width, BOLD, size)
    return top - size - 4


def _note(canvas, text: str, x: float, top: float, width: float, size: float = 7) -> float:
    if canvas is not None:
        canvas.setFillColorRGB(0, 0, 0)
    return draw_lines(canvas, wrap(text, FONT, size, width), x, top, width, FONT, size) - 4


def strategy_name(strategy: str) -> str:
    """An inning strategy as the sheets print it (rule 5.3): 'Power', 'None', 'Any', 'OBP'."""
    return STRATEGY_NAMES.get(strategy, strategy.title())


# --------------------------------------------------------------------------- scoreboard


def scoreboard(canvas, box_data: Box, options: PrintOptions, progress=None) -> int:
    """Rule 2.6: the line score under the inning boxes and their strategies (rules 4.6.4,
    5.3, 6.2), the Home / Away boxes for the team logos (3.0), both tracks (4.6.1, 4.6.2,
    5.5) and the sequence of play (4.0)."""
    _no_parts("scoreboard", options)
    area = content_area(options.paper)
    start_page(canvas, options.size)
    top = _title(canvas, f"High & Tight scoreboard ({box_data.name})", area)
    top = _line_score(canvas, box_data, area, top) - GAP
    top = _rolls_track(canvas, box_data, area, top) - GAP
    top = _number_track(canvas, box_data, area, top) - GAP
    _sequence(canvas, area, top)
    _page_done(canvas, options, progress, 1, 1)
    return 1


def _line_score(canvas, box_data: Box, area: Rect, top: float) -> float:
    """Columns 1-10 and Final; each inning box names its strategy, draws and exchanges."""
    top = _heading(canvas, "Innings and line score", area.x, top, area.width)
    cell = min(0.7 * INCH, area.width / 12)
    head = 0.8 * INCH
    x = area.x      # (at the margin, as the tracks under it: centred, it stood in on tabloid)
    box(canvas, x, top - head, cell, head, SHADE)
    draw_text(canvas, "Inning", x + 2, top - 12, cell - 4, BOLD, 8, "centre")
    for inning in range(1, 11):
        left = x + inning * cell
        draws, exchanges, strategy = inning_parameters(box_data, inning)
        box(canvas, left, top - head, cell, head, SHADE)
        canvas.setFillColorRGB(0, 0, 0)
        draw_text(canvas, str(inning), left + 2, top - 16, cell - 4, BOLD, 15, "centre")
        again = f"and {inning + 10}"
        draw_text(canvas, again, left + 2, top - 24, cell - 4, FONT, 5.5, "centre")
        draw_text(canvas, strategy_name(strategy), left + 2, top - 36, cell - 4, BOLD, 9,
                  "centre")
        draw_text(canvas, f"draw {draws}", left + 2, top - 46, cell - 4, FONT, 6, "centre")
        draw_text(canvas, f"exchange {exchanges}", left + 2, top - 53, cell - 4, FONT, 6,
                  "centre")
    final = x + 11 * cell
    box(canvas, final, top - head, cell, head, SHADE)
    draw_text(canvas, "Final", final + 2, top - 16, cell - 4, BOLD, 11, "centre")
    y = top - head
    for place in ("Away", "Home"):
        box(canvas, x, y - cell, cell, cell, SHADE, line=1.0)
        draw_text(canvas, place, x + 2, y - 9, cell - 4, BOLD, 8, "centre")
        draw_text(canvas, "team logo", x + 2, y - cell + 3, cell - 4, FONT, 5, "centre")
        for column in range(1, 12):
            left = x + column * cell
            box(canvas, left, y - cell, cell, cell)
            if column < 11:       # rule 4.6.4: an empty box reads 0
                canvas.setFillColorRGB(*GREY)
                draw_text(canvas, "0", left + 3, y - 9, 8, FONT, 7)
                canvas.setFillColorRGB(0, 0, 0)
        y -= cell
    return _note(canvas, "Record runs with the numbered Runs Scored markers; an empty box reads "
                 "0 (rule 4.6.4). Extra innings (rule 6.2): clear the boxes, put the tied "
                 "score in Final, and play the 10th with any strategy the batting player "
                 "names; the 11th to 19th play like the 1st to 9th, then the cycle starts "
                 "again at the 10th (rule 6.3).", x, y - 3, 12 * cell)


def rolls_rows(count: int, width: float) -> int:
    """The rows the Scoring Rolls track takes across `width`: one while every box is at
    least as wide as the marker (1/2", rule 2.2) that stands in it, else as few as keep them
    so."""
    across = max(1, int(width // MARKER[0]))
    return -(-count // across)


def _rolls_track(canvas, box_data: Box, area: Rect, top: float) -> float:
    """Rule 4.6.1: the Scoring Rolls boxes, in rows so each holds the marker; rule 5.5.1:
    the counts on its +N side, where the track's `max` lies past its boxes."""
    top = _heading(canvas, "Scoring Rolls track", area.x, top, area.width)
    count = box_data.rolls_boxes
    rows = rolls_rows(count, area.width)
    across = -(-count // rows)
    cell = area.width / across
    height = min(0.65 * INCH, cell)
    for index in range(count):
        row, column = divmod(index, across)
        left, bottom = area.x + column * cell, top - (row + 1) * height
        box(canvas, left, bottom, cell, height, line=1.0)
        canvas.setFillColorRGB(0, 0, 0)
        draw_text(canvas, str(index + 1), left + 2, bottom + height / 2 - 7, cell - 4, BOLD,
                  20, "centre")
        if index + 1 + count <= box_data.rolls_max:     # a count the marker can reach
            draw_text(canvas, f"+{count} side: {index + 1 + count}", left + 2, bottom + 3,
                      cell - 4, FONT, 5.5, "centre")
    ends = (f"Past {count}, flip the marker to its +{count} side and count on from 1, up to "
            f"{box_data.rolls_max}; the marker never goes below 1" if rolls_flip(box_data)
            else f"The marker goes no higher than {count} and never below 1")
    return _note(canvas, f"The box is the number of Scoring Rolls (rule 4.6.1). {ends} "
                 "(rule 5.5.1).", area.x, top - rows * height - 3, area.width)


def _number_track(canvas, box_data: Box, area: Rect, top: float) -> float:
    """Rule 4.6.2: each box's scoring numbers and flavour text; rule 5.5.2 at the end."""
    top = _heading(canvas, "Scoring Number track", area.x, top, area.width)
    per_row = 6
    cell = area.width / per_row
    height = 1.1 * INCH
    boxes = box_data.scoring_boxes
    for index, scoring in enumerate(boxes):
        row, column = divmod(index, per_row)
        left = area.x + column * cell
        bottom = top - (row + 1) * height
        box(canvas, left, bottom, cell, height, line=1.0)
        canvas.setFillColorRGB(0, 0, 0)
        draw_text(canvas, scoring.label, left + 4, bottom + height - 14, cell / 2, BOLD, 13)
        draw_text(canvas, scoring.describe(), left + 4, bottom + height - 33, cell - 8, BOLD,
                  12, "centre")
        flavour = wrap(scoring.flavour, ITALIC, 6.5, cell - 8)
        draw_lines(canvas, flavour, left + 4, bottom + 4 + len(flavour) * 7.8, cell - 8,
                   ITALIC, 6.5, align="centre")
    rows = -(-len(boxes) // per_row)
    return _note(canvas, "A roll whose total is one of the box's numbers scores one run; in a "
                 "box reading 'A, then B or C' an A earns a free roll that scores on B or C "
                 "(rule 4.6.2). The marker never leaves the track: a push past "
                 f"{boxes[-1].label} flips it to its +1 side for one bonus Scoring Roll this "
                 "at-bat (rule 5.5.2). The flavour text has no effect on play.",
                 area.x, top - rows * height - 3, area.width)


SEQUENCE = (
    ("A", "Draw Strategy Cards", "4.1, 5.2"),
    ("B", "Deploy the players: Take the Mound, Batter Up, Take the Field", "4.2"),
    ("C", "Batter vs. Fielder", "4.3"),
    ("D", "Strategy Cards (Rally Caps at any time)", "4.4, 5.4, 5.7"),
    ("E", "Managerial Move: Number up 1 or 2 for a roll, or down 2 for a roll", "4.5"),
    ("F", "Score runs", "4.6"),
    ("G", "Switch sides", "4.7"),
    ("H", "End of the game", "4.8"),
)


def _sequence(canvas, area: Rect, top: float) -> float:
    top = _heading(canvas, "Sequence of play, each half inning (rule 4.0)", area.x, top,
                   area.width)
    columns = [Column("Phase", 0.5 * INCH, "centre"), Column("What happens", area.width
                                                              - 1.5 * INCH),
               Column("Rules", 1.0 * INCH, "centre")]
    _, bottom = Table(columns, size=7.5).draw(canvas, area.x, top, [list(s) for s in SEQUENCE],
                                              area.y)
    return bottom


# --------------------------------------------------------------------------- playing field

FIELD = (15.0 * INCH, 9.75 * INCH)      # the drawn field; the sheet is 11" x 17" (rule 2.7)
OVERLAP = 0.5 * INCH                    # shared by the two tiles of a Letter or A4 field
TARGET_YS = (0.35 * INCH, 5.45 * INCH, 9.4 * INCH)   # clear of the boxes
TARGET_RADIUS = 0.12 * INCH
TARGET_ARM = 1.6 * TARGET_RADIUS
TARGET_FONT = (BOLD, 7.0)
TARGET_CLEAR = 2.0                      # from a target's letter to the nearest line
JOIN_LINE = 1.0                         # sheet 2's solid line, where sheet 1's trim lies
# Where each target's letter stands. Sheet 1 is trimmed through the targets' centres (the
# field's middle line), so each of its half targets completes the half left uncovered on
# sheet 2: every letter stands left of that line, on the part of sheet 1 that is kept. A and
# C stand in the lane between a side's dugout and bullpen, above and below their cross, B
# left of its cross in the open middle.
TARGET_LABELS = (("A", "above"), ("B", "left"), ("C", "below"))
CARD_SLOT = (66 * MM, 91 * MM)          # a poker card (63 x 88 mm) with room to pick it up


@dataclass(frozen=True)
class Tile:
    """One sheet of the field: the part of the field it carries (`window`, field
    coordinates) and where that part's bottom-left corner lands on the page."""

    page: tuple[float, float]
    window: Rect
    origin: tuple[float, float]
    number: int
    of: int


def field_tiles(paper: str) -> list[Tile]:
    """Tabloid: the whole field on one sheet turned sideways. Letter or A4: two upright
    sheets, each with half the field and OVERLAP more, centred in the content area."""
    width, height = FIELD
    if paper == "tabloid":
        page, area = landscape(paper)
        origin = (area.x + (area.width - width) / 2, area.y + (area.height - height) / 2)
        return [Tile(page, Rect(0, 0, width, height), origin, 1, 1)]
    page = PAPERS[paper]
    area = content_area(paper)
    half = width / 2 + OVERLAP / 2
    if half > area.width or height > area.height:
        raise ValueError(f"the field does not fit two {paper} sheets")
    origin = (area.x + (area.width - half) / 2, area.y + (area.height - height) / 2)
    return [Tile(page, Rect(0, 0, half, height), origin, 1, 2),
            Tile(page, Rect(width - half, 0, half, height), origin, 2, 2)]


@dataclass(frozen=True)
class Region:
    name: str
    rect: Rect
    note: str = ""
    split: bool = False     # on the join: its name left of it, its note right of it


BAND = 2.85 * INCH          # each player's side: his dugout and bullpen
BAND_GAP = 0.15 * INCH
LANE = 0.3 * INCH           # between a side's dugout and bullpen: targets A and C stand in it


def player_regions() -> list[Region]:
    """The near player's dugout and bullpen (rules 3.0, 4.2.1), in field coordinates; the
    far player's are the same turned half a turn about the field's centre."""
    width, _ = FIELD
    half = (width - LANE) / 2
    inner_w, inner_h = half / 2 - 0.15 * INCH, BAND - 0.45 * INCH
    out = []
    for name, note, x, parts in (
            ("Dugout", "ballplayers of the lineup (rule 3.0)", 0.0,
             ("Available ballplayers", "Used ballplayers")),
            ("Bullpen", "pitchers (rules 3.0, 4.2.1)", half + LANE,
             ("Available pitchers", "Used pitchers"))):
        out.append(Region(name, Rect(x, 0, half, BAND), note))
        out.append(Region(parts[0], Rect(x + 0.1 * INCH, 0.1 * INCH, inner_w, inner_h)))
        out.append(Region(parts[1], Rect(x + half / 2 + 0.05 * INCH, 0.1 * INCH, inner_w,
                                         inner_h)))
    return out


JOIN_CLEAR = 0.45 * INCH    # a tiled field's In the Field box from the join (its tape)
TITLE_WIDTH = 1.85 * INCH   # a tiled field's title, between the offense discards and the join
TITLE_CLEAR = 0.2 * INCH


def table_regions(tiled: bool = False) -> list[Region]:
    """What both players share in the middle: the decks (rule 5.2) and the mound, the
    batter's boxes and the In the Field box (rule 4.2). On a field tiled over two sheets
    the In the Field box, where a piece goes every half inning, stands right of the join
    (the tape) instead of on it; the mound's halves (throws R, throws L) meet on it, its
    name on the left one and its note on the right, so no word lies across the tape."""
    width, height = FIELD
    middle = Rect(0, BAND + BAND_GAP, width, height - 2 * (BAND + BAND_GAP))
    slot_w, slot_h = CARD_SLOT
    slot_y = middle.y + (middle.height - slot_h) / 2
    piles = [("Offense draw pile", 0.1 * INCH), ("Offense discards", 0.2 * INCH + slot_w),
             ("Defense discards", width - 0.2 * INCH - 2 * slot_w),
             ("Defense draw pile", width - 0.1 * INCH - slot_w)]
    regions = [Region(name, Rect(x, slot_y, slot_w, slot_h), "strategy cards (rule 5.2)")
               for name, x in piles]
    centre_x = width / 2
    regions += [
        Region("In the field", Rect(centre_x + JOIN_CLEAR if tiled else centre_x - 0.75 * INCH,
                                    middle.top - 1.15 * INCH, 1.5 * INCH, 0.75 * INCH),
               "the fielder (rule 4.2.3)"),
        Region("Pitcher's mound", Rect(centre_x - 1.1 * INCH, middle.y + 1.2 * INCH,
                                       2.2 * INCH, 1.0 * INCH), "the pitcher (rule 4.2.1)",
               split=tiled),
        # As seen from behind the plate (the near player's seat): a right-handed batter
        # stands on the third-base side, left of the plate, a left-handed one right of it.
        Region("Batter's box", Rect(centre_x - 1.6 * INCH, middle.y + 0.1 * INCH, 1.3 * INCH,
                                    0.8 * INCH), "bats R; S facing a lefty (2.1.1)"),
        Region("Batter's box", Rect(centre_x + 0.3 * INCH, middle.y + 0.1 * INCH, 1.3 * INCH,
                                    0.8 * INCH), "bats L; S facing a righty (2.1.1)"),
    ]
    return regions


def field(canvas, box_data: Box, options: PrintOptions, progress=None) -> int:
    """Rule 2.7: the 11" x 17" playing field, whole on tabloid or tiled over two sheets."""
    _no_parts("field", options)
    tiles = field_tiles(options.paper)
    for tile in tiles:
        start_page(canvas, tile.page)
        ox, oy = tile.origin
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(ox, oy, tile.window.width, tile.window.height)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.translate(ox - tile.window.x, oy - tile.window.y)
        _draw_field(canvas, box_data, tiled=tile.of > 1)
        canvas.restoreState()
        if tile.of > 1:
            _tile_marks(canvas, tile)
        _page_done(canvas, options, progress, tile.number, tile.of)
    return len(tiles)


def _draw_field(canvas, box_data: Box, tiled: bool) -> None:
    width, height = FIELD
    canvas.setFillColorRGB(0.93, 0.97, 0.92)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(1.5)
    canvas.rect(0, 0, width, height, stroke=1, fill=1)
    for region in table_regions(tiled):
        _region(canvas, region)
    for turned in (False, True):
        canvas.saveState()
        if turned:                      # the far player's side, facing him
            canvas.translate(width, height)
            canvas.rotate(180)
        for region in player_regions():
            _region(canvas, region)
        canvas.restoreState()
    _diamond(canvas)
    canvas.setFillColorRGB(0, 0, 0)
    top = height - BAND - BAND_GAP - 0.25 * INCH
    if tiled:       # left of the join, clear of the tape: lines ending short of it
        left = width / 2 - TITLE_WIDTH - TITLE_CLEAR
        draw_text(canvas, "High & Tight playing field", left, top, TITLE_WIDTH, BOLD, 9,
                  "right")
        # the box's name under it in up to two lines (a long one shrank past reading)
        size, names, _ = fit_name(f"({box_data.name})", BOLD, 9, TITLE_WIDTH, TITLE_WIDTH,
                                  initials=False)
        draw_lines(canvas, names, left, top - 9 * 1.2 + size, TITLE_WIDTH, BOLD, size,
                   leading=9 * 1.2, align="right")
    else:
        draw_text(canvas, f"High & Tight playing field ({box_data.name})",
                  width / 2 - 2 * INCH, top, 4 * INCH, BOLD, 9, "centre")
    if tiled:
        for (label, side), y in zip(TARGET_LABELS, TARGET_YS, strict=True):
            _target(canvas, width / 2, y, label, side)


def _region(canvas, region: Region) -> None:
    r = region.rect
    canvas.saveState()
    canvas.setLineWidth(0.8)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
    canvas.roundRect(r.x, r.y, r.width, r.height, 6, stroke=1, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    big = region.name in ("Dugout", "Bullpen")
    size = 11 if big else 9
    if region.split:
        half = r.width / 2 - 12
        draw_text(canvas, region.name, r.x + 4, r.top - size - 4, half, BOLD, size, "centre")
        head, _, rule = region.note.partition(" (")         # its rule on a line of its own
        lines = [head, f"({rule}"] if rule else wrap(head, FONT, 6.5, half - 6)
        draw_lines(canvas, lines, r.centre[0] + 12, r.y + 5 + 6.5 + 7.8 * (len(lines) - 1),
                   half - 6, FONT, 6.5, align="centre")
        canvas.restoreState()
        return
    draw_text(canvas, region.name, r.x + 6, r.top - size - 4, r.width - 12, BOLD, size,
              "left" if big else "centre")
    if region.note:
        y = r.top - size - 4 if big else r.y + 5
        draw_text(canvas, region.note, r.x + 6, y, r.width - 12, FONT, 6.5,
                  "right" if big else "centre")
    canvas.restoreState()


MOUND_DIVIDER_FROM = 5 + 6.5 + 2.5     # above the mound's note (its baseline 5, size 6.5)


def _diamond(canvas) -> None:
    """Home plate between the batter's boxes, the two sides of the mound (rule 4.2.1)."""
    mound = next(r.rect for r in table_regions() if r.name == "Pitcher's mound")
    cx, cy = mound.centre
    canvas.saveState()
    canvas.setStrokeColorRGB(0.3, 0.3, 0.3)
    canvas.setLineWidth(0.6)
    canvas.setDash(3, 3)
    canvas.line(cx, mound.y + MOUND_DIVIDER_FROM, cx, mound.top - 16)
    canvas.setDash()
    canvas.setFillColorRGB(0, 0, 0)
    # (the pitcher faces the plate: his left arm is on the right as seen from behind it)
    draw_text(canvas, "throws R", mound.x + 6, cy - 10, mound.width / 2 - 12, FONT, 7, "centre")
    draw_text(canvas, "throws L", cx + 6, cy - 10, mound.width / 2 - 12, FONT, 7, "centre")
    plate_y = mound.y - 0.85 * INCH
    s = 0.22 * INCH
    path = canvas.beginPath()
    path.moveTo(cx - s, plate_y + s)
    path.lineTo(cx + s, plate_y + s)
    path.lineTo(cx + s, plate_y + s / 2)
    path.lineTo(cx, plate_y)
    path.lineTo(cx - s, plate_y + s / 2)
    path.close()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.restoreState()


def target_label_at(x: float, y: float, label: str, side: str) -> tuple[float, float]:
    """The baseline start of a target's letter, left of the line through the cross (where
    sheet 1 is trimmed) and TARGET_CLEAR from it: above or below the cross's arm, or left of
    the circle level with its top."""
    font, size = TARGET_FONT
    beside = x - JOIN_LINE / 2 - TARGET_CLEAR - stringWidth(label, font, size)
    if side == "above":
        return beside, y + TARGET_ARM + TARGET_CLEAR
    if side == "below":
        return beside, y - TARGET_ARM - TARGET_CLEAR - size * CAP_HEIGHT
    return x - TARGET_RADIUS - TARGET_CLEAR - stringWidth(label, font, size), y + TARGET_RADIUS


def _target(canvas, x: float, y: float, label: str, side: str) -> None:
    """An alignment target: a circle and cross at the same field point on both tiles."""
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.4)
    canvas.circle(x, y, TARGET_RADIUS, stroke=1, fill=0)
    canvas.line(x - TARGET_ARM, y, x + TARGET_ARM, y)
    canvas.line(x, y - TARGET_ARM, x, y + TARGET_ARM)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(*TARGET_FONT)
    canvas.drawString(*target_label_at(x, y, label, side), label)
    canvas.restoreState()


def _tile_marks(canvas, tile: Tile) -> None:
    """What joins the two sheets: which sheet this is, the trim line of sheet 1 through the
    targets' centres and where it lies on sheet 2 (the same line), ticks in the margins in
    line with the targets."""
    ox, oy = tile.origin
    width, height = FIELD
    to_page = ox - tile.window.x
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.4)
    target_x = width / 2 + to_page
    for y in (oy - 10, oy + height + 4):              # ticks above and below the field
        canvas.line(target_x, y, target_x, y + 6)
    canvas.setFillColorRGB(0, 0, 0)
    top_text = oy + height + 4
    if tile.number == 1:
        canvas.setDash(4, 3)
        canvas.line(target_x, oy - 12, target_x, oy + height + 12)
        canvas.setDash()
        text = ("Field, sheet 1 of 2 (left). Trim along the dashed line through targets A, B "
                "and C, lay this sheet over sheet 2 so each half target completes its own, "
                "and tape.")
    else:
        canvas.setLineWidth(JOIN_LINE)
        canvas.line(target_x, oy, target_x, oy + height)
        text = ("Field, sheet 2 of 2 (right). The trimmed edge of sheet 1 lies on the solid "
                "line through targets A, B and C, its half targets completing these.")
    # the sheet's note takes the wider side of the tick above the field, clear of it
    if target_x - ox > ox + tile.window.width - target_x:
        left, right = ox, target_x - 6
    else:
        left, right = target_x + 6, ox + tile.window.width
    draw_text(canvas, text, left, top_text + 1, right - left, FONT, 6.5)
    canvas.restoreState()


# --------------------------------------------------------------------------- scoresheet

SCORESHEET_COLUMNS = (
    # (the strategy at the cell's left: the 10th's "Any:" leaves the rest for the name
    # the batting player gives, rule 6.2)
    ("Inn.", 0.35, "centre"), ("Half", 0.75, "centre"), ("Strategy", 0.7, "left"),
    ("Batter", 0.85, "left"), ("Fielder", 0.85, "left"), ("Pitcher (fatigue)", 1.0, "left"),
    ("Rolls before cards", 0.5, "centre"), ("Box before cards", 0.5, "centre"),
    ("Cards played (offense / defense, Rally Caps)", 1.8, "left"),
    ("Rolls after move", 0.5, "centre"), ("Box after move", 0.5, "centre"),
    # (up to 20 totals of an at-bat, written by hand, rule 4.6: room for them all)
    ("Dice rolled (totals)", 1.8, "left"), ("Runs", 0.4, "centre"),
)
# Page 1 the regulation innings; page 2 one whole cycle of extra innings (rule 6.2 as the
# project reads it: the 10th, then the 11th to 19th as the 1st to 9th, then again from the
# 10th), so a second copy of page 2 serves the 20th to 29th as printed.
SCORESHEET_PAGES = (range(1, 10), range(10, 20))


def scoresheet(canvas, box_data: Box, options: PrintOptions, progress=None) -> int:
    """A blank game scoresheet, sideways: one row per half inning (rule 4.0's phases), the
    strategy of each inning printed from the box (rules 5.3, 6.2); page 1 the 1st to 9th,
    page 2 the 10th to 19th, a whole cycle of extra innings."""
    _no_parts("scoresheet", options)
    page, area = landscape(options.paper)
    scale = area.width / (sum(w for _, w, _ in SCORESHEET_COLUMNS) * INCH)
    columns = [Column(title, width * INCH * scale, align)
               for title, width, align in SCORESHEET_COLUMNS]
    pages = len(SCORESHEET_PAGES)
    for number, innings in enumerate(SCORESHEET_PAGES):
        start_page(canvas, page)
        top = _title(canvas, "High & Tight game scoresheet" + (" (extra innings)" if number
                                                                else ""), area, 13)
        top = _game_fields(canvas, area, top, number) - 4
        rows = []
        for inning in innings:
            strategy = strategy_name(inning_parameters(box_data, inning)[2])
            if strategy == "Any":
                strategy = "Any:"     # the rest of the cell for the name given
            for half in ("top (away)", "bottom (home)"):
                rows.append([str(inning), half, strategy] + [""] * (len(columns) - 3))
        header = 0.42 * INCH
        row_height = (top - area.y - header - 0.35 * INCH) / len(rows)
        table = Table(columns, size=7, min_height=row_height)
        _, bottom = table.draw(canvas, area.x, top, rows, area.y)
        _note(canvas, "Markers before cards: after Take the Mound and Batter vs. Fielder "
              "(rules 4.2.1, 4.3); after move: after the Managerial Move (4.5), write +1 for "
              "the bonus roll (5.5.2). Runs: what the half scored (4.6.4). "
              + ("Extra innings (rule 6.2): page 2." if not number else
                 "Extra innings (rule 6.2) run in cycles of ten from the 10th, whose batting "
                 "players each name a strategy: past the 19th, a second copy of this page "
                 "serves the 20th to 29th (add 10 to each inning)."),
              area.x, bottom - 2, area.width, 6.5)
        _page_done(canvas, options, progress, number + 1, pages)
    return pages


def _game_fields(canvas, area: Rect, top: float, page: int) -> float:
    # The final score on either page: a game over in the 9th ends on page 1 (rule 4.8), a
    # longer one on page 2 (6.3).
    fields = ["Series / game", "Date", "Away", "Away starter", "Home", "Home starter",
              "Rules in use", "Final (away - home)"]
    if page:
        fields = ["Series / game", "Away", "Home", "Score after 9", "Final (away - home)"]
    width = area.width / len(fields)
    canvas.setFillColorRGB(0, 0, 0)
    for index, name in enumerate(fields):
        x = area.x + index * width
        canvas.setFont(FONT, 7)
        canvas.drawString(x, top - 8, name)
        canvas.setLineWidth(0.4)
        canvas.line(x, top - 20, x + width - 8, top - 20)
    return top - 22


# --------------------------------------------------------------------------- series tracker


TRACKER = "High & Tight series tracker"


@dataclass(frozen=True)
class Section:
    """A part of the series tracker: a heading and what it heads, a table's rows or a note.
    A table longer than a page runs on over the next under `continued`."""

    heading: str
    size: float
    table: Table | None = None
    rows: tuple[tuple[str, ...], ...] = ()
    note: str = ""
    continued: str = ""

    def draw(self, canvas, area: Rect, top: float) -> float:
        """The section from `top` down, the table's rows as far as the page's foot; returns
        its bottom (with no canvas, only that)."""
        top = _heading(canvas, self.heading, area.x, top, area.width, self.size)
        if self.table is None:
            return _note(canvas, self.note, area.x, top, area.width, 7.5)
        return self.table.draw(canvas, area.x, top, list(self.rows), area.y)[1]

    def fitting(self, area: Rect, top: float) -> int:
        """How many of the table's rows fit from `top` to the page's foot."""
        below = _heading(None, self.heading, area.x, top, area.width, self.size)
        return self.table.draw(None, area.x, below, list(self.rows), area.y)[0]

    def fits(self, area: Rect, top: float) -> bool:
        """Whether the whole section fits from `top` to the page's foot."""
        if self.table is None:
            return self.draw(None, area, top) >= area.y
        return self.fitting(area, top) == len(self.rows)

    def split(self, count: int) -> tuple[Section, Section]:
        """The first `count` rows, and the rest under the heading for a continuation."""
        return (replace(self, rows=self.rows[:count]),
                replace(self, heading=self.continued, rows=self.rows[count:]))


def series_sheet(canvas, box_data: Box, options: PrintOptions, progress=None) -> int:
    """A series tracker: the schedule of each scenario (rule 3.0), the results (7.0), and
    for each team its rotation and every pitcher's use game by game with rest and short rest
    (rules 8.2.2, 8.2.3), a row for each pitcher of the largest staff of the box's rosters.
    With --team, Team 1's pitchers are printed in, and with a second --team (`opponent`)
    Team 2's. Continued on a second page when the staffs are too many for one."""
    _no_parts("series-sheet", options)
    area = content_area(options.paper)
    games = max(s.games for s in SCENARIOS.values())
    keys = [resolve_team(box_data, wanted) for wanted in (options.team, options.opponent)]
    if keys[0] is not None and keys[0] == keys[1]:
        raise OptionError("team", f"the second --team names {box_data.teams[keys[0]].name} "
                          "again: a series is played by two teams (Team 1, then Team 2)")
    sections = [_schedule(area, games)]
    for index, key in enumerate(keys, start=1):
        team = box_data.teams[key] if key is not None else None
        if team is not None and box_data.roster_of(team) is None:
            print_note(f"{team.name} brings no pieces of its own (rule 8.1.1: it plays with "
                       f"a standard team's roster): Team {index}'s pitcher rows are left to "
                       "write in")
        sections.append(_pitcher_use(area, games, index, team.name if team else None,
                                     _staff_rows(box_data, team, games)))
    sections.append(_rest_rules())
    pages = _pages(sections, area, _title(None, TRACKER, area))
    for number, page in enumerate(pages, start=1):
        start_page(canvas, options.size)
        top = _title(canvas, TRACKER + (" (continued)" if number > 1 else ""), area)
        for section in page:
            top = section.draw(canvas, area, top) - GAP
        _page_done(canvas, options, progress, number, len(pages))
    return len(pages)


def _pages(sections: list[Section], area: Rect, top: float) -> list[list[Section]]:
    """The sections page by page, each page's starting at `top` (under its title): a
    section goes on the page it starts on if it fits there whole, else on the next; a table
    longer than a whole page fills it and runs on over the next."""
    pages: list[list[Section]] = [[]]
    at = top
    for section in sections:
        if pages[-1] and not section.fits(area, at):
            pages.append([])
            at = top
        while section.table is not None and not section.fits(area, at):
            first, section = section.split(max(1, section.fitting(area, at)))
            pages[-1].append(first)
            pages.append([])
            at = top
        pages[-1].append(section)
        at = section.draw(None, area, at) - GAP
    return pages


def _schedule(area: Rect, games: int) -> Section:
    name = 1.7 * INCH
    cell = (area.width - name) / games
    columns = [Column("Scenario (wins needed)", name)]
    columns += [Column(f"Game {n}", cell, "centre") for n in range(1, games + 1)]
    rows = []
    for scenario in SCENARIOS.values():
        if not scenario.rotation:
            continue
        rows.append((f"{scenario.title} ({scenario.wins})", *(
            ("Team 1 home" if n in scenario.team1_home else "Team 2 home")
            if n <= scenario.games else "-" for n in range(1, games + 1))))
    for label in ("Starters (T1 / T2)", "Score (T1 - T2)", "Winner"):
        rows.append((label, *[""] * games))
    heading = "Schedule and results (rules 3.0, 7.0): Team 1 has the home field advantage"
    return Section(heading, 10, Table(columns, size=7, min_height=0.24 * INCH), tuple(rows),
                   continued=f"{heading} (continued)")


def _staff_rows(box_data: Box, team: Team | None, games: int) -> tuple[tuple[str, ...], ...]:
    """A team's rows: its pitchers printed in (name, type, Fatigue); blank, as many as the
    largest staff of the box's rosters, each type printed in where every roster's staff has
    the same types in the same order (the demo's 4 SP, 4 RP and a CL), else left to write."""
    blank = [""] * (games + 1)
    roster = box_data.roster_of(team) if team is not None else None
    if roster is not None:
        return tuple((p.name, p.kind, str(p.fatigue), *blank) for p in roster.pitchers.values())
    staffs = [[p.kind for p in r.pitchers.values()] for r in box_data.rosters.values()]
    largest = max(staffs, key=len, default=[])
    kinds = largest if all(staff == largest for staff in staffs) else [""] * len(largest)
    return tuple(("", kind, "", *blank) for kind in kinds)


def _pitcher_use(area: Rect, games: int, index: int, team_name: str | None,
                 rows: tuple[tuple[str, ...], ...]) -> Section:
    name = f"Team {index}: {team_name or '_' * 28}"
    fixed = [Column("Type", 0.4 * INCH, "centre"), Column("Fatigue", 0.5 * INCH, "centre")]
    width = 1.3 * INCH
    rest = 1.2 * INCH
    cell = (area.width - width - rest - sum(c.width for c in fixed)) / games
    columns = [Column("Pitcher", width), *fixed]
    columns += [Column(f"G{n}", cell, "centre") for n in range(1, games + 1)]
    columns.append(Column("Rest next game", rest))
    return Section(f"{name}    Rotation: 1 ______  2 ______  3 ______  4 ______", 9,
                   Table(columns, size=7, min_height=0.25 * INCH), rows,
                   continued=f"{name} (continued)")


def _rest_rules() -> Section:
    text = (f"Pitcher's Rest (rule 8.2.2): an SP starts at most once every {SP_REST} games. "
            f"An RP pitches at most {STREAK_LIMIT['RP']} games in a row, then sits one out; one "
            "game fewer in a row once he has gone past his Fatigue. A CL pitches at most "
            f"{STREAK_LIMIT['CL']} games in a row, then sits one out, and never the game after "
            "one in which he went past his Fatigue. Short Rest (rule 8.2.3): an SP may start "
            "one game early, and an RP or CL may pitch one game more in a row, each entering "
            "with a Fatigue +100 marker (+200 at the next Fatigue step).")
    return Section("In each game's box: innings pitched; circle it for a start; X: past his "
                   "Fatigue; SR: on short rest (+100)", 8, note=text)
