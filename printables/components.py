"""The box's components face by face, and the sets that print them two-sided.

Sets: pieces (player pieces, rule 2.1), markers (game pieces, rule 2.2), cards (strategy
cards, rule 2.3), team-cards (rule 2.4, ballpark on the back, rule 8.1), rally-caps (rule 2.5)
and calibration (a front/back registration test). Everything printed is read from the box,
so an edited box prints as edited.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import partial

from reportlab.pdfbase import pdfmetrics

from companion.engine.errors import did_you_mean
from companion.high_and_tight.box import Ballplayer, Box, Card, Pitcher, Team, roman
from companion.high_and_tight.effects import describe_ballpark_effect
from companion.high_and_tight.rules import EXTRA_CYCLE, LAST_INNING, inning_parameters
from companion.high_and_tight.state import ordinal

from .geometry import (
    BLEED,
    MARKER,
    PIECE,
    POKER,
    Imposition,
    Rect,
    calibration_area,
    content_area,
    crop_mark_room,
    face_matrix,
    impose,
    layouts,
    page_size,
)
from .marks import calibration_bars, crop_marks, cut_outlines, fold_line, stamp
from .options import MM, OFFSET_LIMIT_MM, OptionError, PrintOptions
from .text import (
    BLACK,
    BOLD,
    CAP_HEIGHT,
    DESCENT,
    ELLIPSIS,
    ITALIC,
    LEADING,
    NO_BREAK,
    REGULAR,
    SMALLEST_NAME,
    SMALLEST_TEXT,
    WHITE,
    balanced,
    colour,
    contrast,
    draw_fitted,
    draw_paragraph,
    fit_name,
    fit_paragraph,
    fits,
    ink_on,
    joined_name,
    set_font,
    shade,
    shorten,
    stringWidth,
    wrap,
)

Face = Callable[[object, Rect, float], None]   # (canvas, cut rectangle, bleed)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Component:
    """One two-sided component: the names it answers to (for --only) and its two faces."""

    name: str
    front: Face
    back: Face
    team: str | None = None
    aliases: tuple[str, ...] = ()
    front_key: str = ""      # faces with the same key draw the same: drawn once, placed often
    back_key: str = ""

    def answers_to(self, wanted: str) -> bool:
        key = wanted.strip().casefold()
        return key == self.name.casefold() or key in (alias.casefold() for alias in self.aliases)


# --------------------------------------------------------------------------- choosing


def resolve_team(box: Box, wanted: str | None) -> str | None:
    """The key of the team asked for by key, name or abbreviation; ValueError if unknown."""
    if wanted is None:
        return None
    team = box.find_team(wanted)
    if team is not None:
        return team.key
    raise OptionError("team", box.unknown_team(wanted))


def choose(components: list[Component], options: PrintOptions, what: str) -> list[Component]:
    """The components `options.only` names, one copy of each per name asked; all of them
    otherwise. Copies of one component (a card's, the players' DH markers) print once; two
    teams' pieces of one name are two components, and both print (--team picks one)."""
    if not options.only:
        return components
    chosen, unknown = [], []
    for wanted in options.only:
        matches = [c for c in components if c.answers_to(wanted)]
        if not matches:
            unknown.append(wanted)
        distinct: dict[tuple[str, str | None], Component] = {}
        for match in matches:
            distinct.setdefault((match.name.casefold(), match.team), match)
        chosen += distinct.values()
    if unknown:
        raise only_refused(what, unknown, [component.name for component in components])
    return chosen


ONLY_LISTED = 40        # the accepted names a refused --only lists; the rest counted


def only_refused(what: str, unknown: list[str], accepted: list[str]) -> OptionError:
    """--only names nothing printed: each name's nearest (a slip of a letter) first, then
    the names accepted, at most ONLY_LISTED of them (`all` has some 180)."""
    names = list(dict.fromkeys(accepted))
    hints = {name: did_you_mean(name, names).removeprefix("; ") for name in unknown}
    asked = ", ".join(f"{name!r} ({hints[name]})" if hints[name] else repr(name)
                      for name in unknown)
    listed = ", ".join(names[:ONLY_LISTED])
    more = len(names) - ONLY_LISTED
    if more > 0:
        listed += f" and {more} more (each set asked alone lists its own)"
    return OptionError("only", f"no {what} is named {asked}; accepted: {listed}")


def _team_of(box: Box, team: str | None) -> Team | None:
    return box.teams[team] if team is not None else None


# --------------------------------------------------------------------------- faces: shared


def _fill(canvas, rect: Rect, fill, bleed: float = 0.0) -> None:
    area = rect.inset(-bleed)
    canvas.setFillColor(fill)
    canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)


def _labelled_values(canvas, items: list[tuple[float, float, str, str]], size: float) -> None:
    """'Label value' at each (x, y), the value in bold, all in one text object."""
    text = canvas.beginText()
    for x, y, label, value in items:
        text.setTextOrigin(x, y)
        text.setFont(REGULAR, size)
        text.textOut(f"{label} ")
        text.setFont(BOLD, size + 1)
        text.textOut(value)
    canvas.drawText(text)


# --------------------------------------------------------------------------- player pieces

PIECE_PAD = 3.5       # text clear of the side cuts (1.2 mm: a little duplex drift, a hand cut)
INFO_FOOT = 2.5       # the front's flavour text may come this close to the foot (3 lines fit)
BAND = 3.0            # the accent band at the left of a piece's front
BACK_HEADER = 9.0     # the name band at the top of a piece's back, one line of name
BACK_LEADING = 6.3    # each further line of name
NAME_SIZE = 8.0       # a piece's name on its front (no smaller than SMALLEST_NAME)
DETAIL_SIZE = 6.0     # bats, or throws and Stuff
INFO_SIZE = 5.0       # the information text, shrunk to SMALLEST_TEXT to take a third line
INFO_LEADING = 1.1
RATING_SIZE = 5.5     # the back's rating names (their values 1 pt larger)
NAME_LINES = 2        # a long name wraps to at most this many lines, front and back
TAG_GAP = 4.0
TEAM_TAG_SIZE = 5.0   # the team's abbreviation on a piece's back band (regular)
TEAM_TAG_GAP = 2.0


@dataclass(frozen=True)
class Line:
    """One line of a piece, `drop` below its top: text on the left, a bold tag on the right."""

    text: str
    font: str
    size: float
    drop: float
    right: str = ""
    right_size: float = 0.0


@dataclass(frozen=True)
class PieceFront:
    """What a piece's front says (rules 2.1.1, 2.1.2): name and tag (position-Defense, or
    type), the detail line (bats, or throws and Stuff) and the information text."""

    name: str
    tag: str
    detail: str
    detail_right: str
    info: str

    def name_lines(self, width: float) -> tuple[float, list[str], bool]:
        """The name's size and lines, its first beside the tag, and whether it is whole
        (`fit_name`)."""
        beside_tag = width - stringWidth(self.tag, BOLD, NAME_SIZE) - TAG_GAP
        return fit_name(self.name, BOLD, NAME_SIZE, beside_tag, width, NAME_LINES)

    def lay_out(self, width: float, height: float) -> tuple[list[Line], list[str]]:
        """The lines top down, within `width` and above the foot of a piece `height` high,
        and the fields that do not fit at the smallest sizes (printed cut short)."""
        cut = []
        size, names, whole = self.name_lines(width)
        if not whole:
            cut.append("name")
        drop = 1.5 + NAME_SIZE + 1.0
        lines = [Line(names[0], BOLD, size, drop, self.tag, NAME_SIZE)]
        for more in names[1:]:
            drop += size + 1.0
            lines.append(Line(more, BOLD, size, drop))
        drop += DETAIL_SIZE + 1.0
        lines.append(Line(self.detail, REGULAR, DETAIL_SIZE, drop, self.detail_right,
                          DETAIL_SIZE))
        if not self.info:
            return lines, cut
        size = INFO_SIZE
        while True:           # wrapped, shrunk by quarter points to take one more line
            pitch = size * INFO_LEADING
            deepest = height - INFO_FOOT - size * DESCENT    # descenders clear of the cut
            room = int((deepest - drop) // pitch)
            info = wrap(self.info, REGULAR, size, width)
            if len(info) <= room and fits(info, REGULAR, size, width):
                break
            if size <= SMALLEST_TEXT:
                cut.append("info")
                kept = info[:room]
                if kept:
                    kept[-1] = " ".join([kept[-1], *info[room:]])
                info = [shorten(line, REGULAR, size, width) for line in kept]
                break
            size -= 0.25
        for text in info:
            drop += pitch
            lines.append(Line(text, REGULAR, size, drop))
        return lines, cut


BAND_ON_PAPER = 1.3    # contrast an accent band needs against the paper at the cut
BAND_SHADE = 0.6       # ... else the band is the field darkened so


def _piece_colours(team: Team):
    """The front's field, its accent band and the ink on it. An accent as pale as the paper
    (Philadelphia's white) is a darker shade of the field instead: a white band at the
    piece's edge read as a piece cut off its line."""
    field, accent = colour(team.colours[0]), colour(team.colours[1])
    band = accent if contrast(accent, WHITE) >= BAND_ON_PAPER else shade(field, BAND_SHADE)
    return field, band, ink_on(field, accent)


def _piece_text_width(rect: Rect) -> float:
    return rect.width - BAND - 2 * PIECE_PAD


def _piece_front(canvas, rect: Rect, bleed: float, team: Team, face: PieceFront) -> None:
    """Team-coloured front, an accent band at its left; the name and tag bold."""
    field, accent, ink = _piece_colours(team)
    _fill(canvas, rect, field)
    canvas.setFillColor(accent)
    canvas.rect(rect.x, rect.y, BAND, rect.height, stroke=0, fill=1)
    left = rect.x + BAND + PIECE_PAD
    width = _piece_text_width(rect)
    canvas.setFillColor(ink)
    lines, _ = face.lay_out(width, rect.height)
    for line in lines:
        baseline = rect.top - line.drop
        room = width
        if line.right:
            draw_fitted(canvas, line.right, left, baseline, width, BOLD, line.right_size,
                        align="right")
            room = width - stringWidth(line.right, BOLD, line.right_size) - TAG_GAP
        draw_fitted(canvas, line.text, left, baseline, room, line.font, line.size)


def team_tag_room(abbrev: str) -> float:
    """The width the team's abbreviation takes at the left of a piece's back band."""
    return stringWidth(abbrev, REGULAR, TEAM_TAG_SIZE) + TEAM_TAG_GAP


def back_name(name: str, width: float, abbrev: str) -> tuple[list[str], bool]:
    """A piece's name on its back band, its first line beside the team's abbreviation:
    SMALLEST_NAME, wrapped to NAME_LINES lines; whether it fits whole."""
    _, lines, whole = fit_name(name, BOLD, SMALLEST_NAME, width - team_tag_room(abbrev),
                               width, NAME_LINES)
    return lines, whole


def _piece_back(canvas, rect: Rect, bleed: float, team: Team, name: str,
                ratings: list[tuple[str, int]]) -> None:
    """White back (the paper's) with the name on a team-coloured band, the team's
    abbreviation at the left of its first line (the one mark of the team a greyscale print
    keeps: a red and a blue field print alike), ratings in two columns."""
    field, accent, ink = _piece_colours(team)
    width = rect.width - 2 * PIECE_PAD
    names, _ = back_name(name, width, team.abbrev)
    header = BACK_HEADER + (len(names) - 1) * BACK_LEADING
    canvas.setFillColor(field)
    canvas.rect(rect.x, rect.top - header, rect.width, header, stroke=0, fill=1)
    canvas.setFillColor(ink)
    foot = rect.top - header + 2.5          # the last line's baseline
    top = foot + (len(names) - 1) * BACK_LEADING
    draw_fitted(canvas, team.abbrev, rect.x + PIECE_PAD, top, width, REGULAR, TEAM_TAG_SIZE)
    tag = team_tag_room(team.abbrev)
    for index, line in enumerate(names):
        left, room = rect.x + PIECE_PAD, width
        if index == 0 and stringWidth(line, BOLD, SMALLEST_NAME) > width - 2 * tag:
            left, room = left + tag, width - tag    # off the centre, clear of the tag
        draw_fitted(canvas, line, left, top - index * BACK_LEADING, room, BOLD, SMALLEST_NAME,
                    align="centre")
    canvas.setFillColor(BLACK)
    rows = (len(ratings) + 1) // 2
    row_height = (rect.height - header) / rows
    # rows from the foot up, the top one's figures 1 pt under the band
    lowest = rect.y + 3.0       # the ratings' baselines (figures have no descenders) 1 mm up
    highest = rect.top - header - 1.0 - (RATING_SIZE + 1) * CAP_HEIGHT
    spacing = min(row_height, (highest - lowest) / max(rows - 1, 1))
    column_width = (rect.width - 2 * PIECE_PAD) / 2
    items = []
    for index, (label, value) in enumerate(ratings):
        row, column = divmod(index, 2)
        items.append((rect.x + PIECE_PAD + column * column_width,
                      lowest + (rows - 1 - row) * spacing, label, str(value)))
    _labelled_values(canvas, items, RATING_SIZE)


def piece_front(piece: Ballplayer | Pitcher) -> PieceFront:
    """Ballplayer: name, position-Defense, bats, information (rule 2.1.1); pitcher: name,
    type, throws, Stuff (rolls and box), information (rule 2.1.2)."""
    if piece.is_pitcher:
        return PieceFront(piece.name, piece.kind, f"Throws {piece.throws}",
                          f"Stuff {piece.stuff_rolls} / {roman(piece.stuff_box)}", piece.info)
    return PieceFront(piece.name, f"{piece.position}-{piece.defense}", f"Bats {piece.bats}",
                      "", piece.info)


def ballplayer_piece(team: Team, player: Ballplayer) -> Component:
    """Front: name, position-Defense, bats, information; back: the six ratings (rule 2.1.1)."""
    ratings = [("Offense", player.offense), ("Defense", player.defense),
               ("Power", player.power), ("OBP", player.obp),
               ("Speed", player.speed), ("Clutch", player.clutch)]
    return Component(player.name, partial(_piece_front, team=team, face=piece_front(player)),
                     partial(_piece_back, team=team, name=player.name, ratings=ratings),
                     team=team.key)


def pitcher_piece(team: Team, pitcher: Pitcher) -> Component:
    """Front: name, type, throws, Stuff (rolls and box); back: the pitching ratings (2.1.2)."""
    ratings = [("Gopher", pitcher.gopher), ("Control", pitcher.control), ("K", pitcher.k),
               ("Clutch", pitcher.clutch), ("WHIP", pitcher.whip),
               ("Fatigue", pitcher.fatigue)]
    return Component(pitcher.name, partial(_piece_front, team=team, face=piece_front(pitcher)),
                     partial(_piece_back, team=team, name=pitcher.name, ratings=ratings),
                     team=team.key)


def piece_where(piece: Ballplayer | Pitcher, roster: str) -> str:
    """Where a piece is typed in: 'ballplayers.csv, line 3 ('Pruitt', new-york)'."""
    return (f"{'pitchers' if piece.is_pitcher else 'ballplayers'}.csv, "
            + (f"line {piece.line} " if piece.line else "") + f"({piece.name!r}, {roster})")


def card_where(card) -> str:
    """Where a strategy card is typed in: its file, name and the line of its [[card]]."""
    return f"cards.toml, card {card.name!r}" + (f" (line {card.line})" if card.line else "")


def texts_cut_short(box: Box) -> list[str]:
    """The pieces' texts too long to print whole (`pieces_cut_short`), then the cards'
    (`card_texts_cut_short`)."""
    return pieces_cut_short(box) + card_texts_cut_short(box)


def pieces_cut_short(box: Box) -> list[str]:
    """The pieces' texts too long to print whole at the smallest sizes (SMALLEST_NAME,
    SMALLEST_TEXT), one line each naming the file, the piece and the field: they print cut
    short, ending in an ellipsis."""
    front = Rect(0, 0, *PIECE)
    out = []
    for roster in box.rosters.values():
        team = box.roster_team(roster.key)
        abbrev = team.abbrev if team is not None else ""
        for piece in [*roster.ballplayers.values(), *roster.pitchers.values()]:
            face = piece_front(piece)
            _, cut = face.lay_out(_piece_text_width(front), front.height)
            _, front_lines, front_whole = face.name_lines(_piece_text_width(front))
            back_lines, back_whole = back_name(piece.name, front.width - 2 * PIECE_PAD, abbrev)
            if not back_whole and "name" not in cut:
                cut.insert(0, "name")
            # The name as each face prints it where it is not whole (the back's band is
            # wider than the front's line beside the tag): its initials, or cut short.
            printed = [f"on its {side} " + ("cut short" if ELLIPSIS in name else
                                            "with its first names as initials")
                       + f" ({name!r})"
                       for side, lines, whole in (("front", front_lines, front_whole),
                                                  ("back", back_lines, back_whole))
                       if not whole for name in [joined_name(lines)]]
            where = piece_where(piece, roster.key)
            for field in cut:
                if field == "name":
                    room = f"{NAME_LINES} lines at {SMALLEST_NAME:g} pt" + (
                        "; a name breaks between words or after a hyphen only: one word "
                        "fits in a line" if " " not in piece.name.strip() else "")
                    out.append(f"{where}, field 'name': too long to print whole on the piece "
                               f"({room}): it prints {' and '.join(printed)}")
                    continue
                out.append(f"{where}, field {field!r}: too long for the piece: it does not "
                           f"fit the lines under the name at {SMALLEST_TEXT:g} pt and prints "
                           f"cut short with '{ELLIPSIS}'")
    return out


def card_texts_cut_short(box: Box) -> list[str]:
    """The strategy cards' and ballparks' texts too long to print whole on a card at the
    smallest sizes, one line each naming the file, the entry and the part."""
    panel = card_panel(Rect(0, 0, *POKER))
    out = []

    def told(where: str, on: str, fit: CardFit) -> None:
        for part in fit.cut:
            out.append(f"{where}: its {part} is too long for {on}: it prints cut short with "
                       f"'{ELLIPSIS}'")
        if not fit.cut and fit.text_size < READABLE_TEXT:
            out.append(f"{where}: its text prints at {fit.text_size:.1f} pt on {on}, under "
                       f"the {READABLE_TEXT:g} pt that reads across a table: shorten it")

    for card in box.cards.values():
        told(card_where(card), "the card",
             _card_body(None, panel, card.name, card.text, inning_strategy(box, card)))
    front = Rect(0, 0, *POKER).inset(CARD_SAFE)
    for team in box.teams.values():
        told(f"teams.toml, team {team.key!r}, ballpark {team.ballpark.name!r}",
             "the team card's back", _card_body(None, panel, *_ballpark_texts(team)))
        if not team_name_fit(team.name, front.width)[2]:
            out.append(f"teams.toml, team {team.key!r}, field 'name': too long for the team "
                       f"card's front: it does not fit there at {TEAM_NAME_SMALLEST:g} pt "
                       f"and prints cut short with '{ELLIPSIS}'")
    return out


def printed_text_warnings(box: Box, set_name: str = "all", team: str | None = None
                          ) -> list[str]:
    """What prints cut short (`texts_cut_short`) or with a letter as a box
    (`texts_without_glyphs`) in the set `set_name` (sets.SET_WARNINGS: the layouts it
    draws, the places whose texts it prints), each line starting with its file; `all`, of
    every set. With `team` (a key), only that team's and its roster's texts of the teams
    and pieces (the run prints no other)."""
    from .sets import SET_WARNINGS

    if set_name == "all":
        found = texts_cut_short(box) + texts_without_glyphs(box)
    else:
        places, layouts = SET_WARNINGS[set_name]
        found = ((pieces_cut_short(box) if "piece" in layouts else [])
                 + [text for text in card_texts_cut_short(box)
                    if ("card" in layouts and text.startswith("cards.toml"))
                    or ("ballpark" in layouts and text.startswith("teams.toml"))]
                 + [text for text in texts_without_glyphs(box)
                    if text.split(",", 1)[0] + (" ballpark" if ", ballpark" in text else "")
                    in places])
    chosen = box.find_team(team) if team else None
    if chosen is None:
        return found
    roster = chosen.roster or ""
    return [text for text in found
            if not text.startswith(("teams.toml", "ballplayers.csv", "pitchers.csv"))
            or f"team {chosen.key!r}" in text or text.endswith(f", {roster})")
            or f", {roster}), field" in text]


def texts_without_glyphs(box: Box) -> list[str]:
    """The printed texts holding a character the printed fonts have no glyph for (Nimbus
    Sans, Helvetica's clone, with its Symbol and Dingbats fallbacks: Western European
    letters, Greek, arrows, dingbats), one line each naming the file, the entry and the
    field: it prints as a box."""
    def missing(text: str) -> str:
        return "".join(dict.fromkeys(c for c in text if not _has_glyph(c)))

    found = []

    def check(where: str, texts: dict[str, str]) -> None:
        for field_name, text in texts.items():
            if absent := missing(text):
                said = ", ".join(map(repr, absent[:-1])) + " and " if len(absent) > 1 else ""
                found.append(f"{where}, field {field_name!r}: {said}{absent[-1]!r} "
                             f"{'have' if said else 'has'} no glyph in the printed fonts "
                             "(Western European letters, Greek, arrows and dingbats) and "
                             f"print{' as boxes' if said else 's as a box'}")

    check("box.toml, [box]", {"name": box.name})
    for scoring in box.scoring_boxes:
        check(f"box.toml, box {scoring.label}", {"flavour": scoring.flavour})
    for team in box.teams.values():
        check(f"teams.toml, team {team.key!r}", {"name": team.name, "abbrev": team.abbrev})
        park = team.ballpark
        check(f"teams.toml, team {team.key!r}, ballpark",
              {"name": park.name, "feature": park.feature, "text": park.text})
    for roster in box.rosters.values():
        for piece in [*roster.ballplayers.values(), *roster.pitchers.values()]:
            check(piece_where(piece, roster.key), {"name": piece.name, "info": piece.info})
    for card in box.cards.values():
        check(card_where(card), {"name": card.name, "text": card.text})
    return found


def _has_glyph(character: str) -> bool:
    """Whether the printed fonts draw the character: the regular font's encoding, else the
    Symbol and Dingbats fonts reportlab falls back to (what none holds is a box)."""
    font = pdfmetrics.getFont(REGULAR)
    for each in (font, *font.substitutionFonts):
        try:
            character.encode(each.encName)
        except UnicodeEncodeError:
            continue
        return True
    return False


def piece_components(box: Box, team: str | None = None) -> list[Component]:
    """Every player piece of the teams that have a roster, team by team, batters first."""
    teams = [t for t in box.teams.values() if t.roster and (team is None or t.key == team)]
    if team is not None and not teams:
        with_rosters = ", ".join(t.key for t in box.teams.values() if t.roster)
        raise ValueError(f"team {team!r} has no player pieces in this box; "
                         f"teams with pieces: {with_rosters}")
    components = []
    for each in teams:
        roster = box.roster_of(each)
        components += [ballplayer_piece(each, p) for p in roster.ballplayers.values()]
        components += [pitcher_piece(each, p) for p in roster.pitchers.values()]
    return components


# --------------------------------------------------------------------------- game pieces

# Runs Scored markers (rule 4.6.4), by the runs each shows; a half inning of 10 or more
# stacks two. Most scoring halves score one run, so the 1s are many: 3,000 games of the
# computer managers needed at most 12 ones, 7 twos, 4 threes, 3 fours and 2 of each of 5
# to 9 on the scoreboard at once (both teams, 6.2's tie score in each Final box counted).
# The set has some to spare; its test plays games and checks each one fits.
RUNS_COPIES = {1: 16, 2: 9, 3: 6, 4: 4, 5: 3, 6: 3, 7: 3, 8: 3, 9: 3}
WINS_MARKERS = ((1, 2), (3, 4))  # two-sided games-won markers, one pair per player
PLAYERS = 2


def _marker_face(canvas, rect: Rect, bleed: float, big: str, small: tuple[str, ...],
                 fill: str, ink: str | None = None, big_size: float = 11.0,
                 small_size: float = 5.5) -> None:
    """A 1/2" face: one big word or number and up to three small lines, these kept
    MARKER_SMALL_MARGIN from the cut (a longer one shrinks to fit, as 'Scoring Roll' does)."""
    background = colour(fill)
    _fill(canvas, rect, background)
    canvas.setFillColor(ink_on(background, colour(ink) if ink else None))
    width = rect.width - 2 * 2.0
    narrow = rect.width - 2 * MARKER_SMALL_MARGIN
    lines = len(small)
    step = small_size + 1.0
    block = big_size + lines * step
    baseline = rect.y + (rect.height - block) / 2 + lines * step + 1.0
    draw_fitted(canvas, big, rect.x + 2.0, baseline, width, BOLD, big_size, align="centre")
    for index, line in enumerate(small):
        draw_fitted(canvas, line, rect.x + MARKER_SMALL_MARGIN, baseline - step * (index + 1),
                    narrow, REGULAR, small_size, align="centre")


MARKER_SMALL_MARGIN = 5.0   # pt: a marker's small lines from its cut (a hand's cut may stray)


def marker(name: str, front: dict, back: dict, team: str | None = None,
           aliases: tuple[str, ...] = ()) -> Component:
    # --only also takes the words either face prints ('SR', '1 Run', '1 Game won',
    # '+100 Fatigue'): a bare number is left out, as several markers print it.
    printed = [" ".join((face["big"], *face.get("small", ()))) for face in (front, back)]
    printed += [face["big"] for face in (front, back) if any(c.isalpha() for c in face["big"])]
    aliases = tuple(dict.fromkeys((*aliases, *printed)))
    return Component(name, partial(_marker_face, **front), partial(_marker_face, **back),
                     team=team, aliases=aliases, front_key=f"marker {sorted(front.items())}",
                     back_key=f"marker {sorted(back.items())}")


def rolls_flip(box: Box) -> bool:
    """Whether the Scoring Rolls marker is ever flipped to its +N side (rule 5.5.1): only
    on a track whose `max` lies past its printed boxes."""
    return box.rolls_max > box.rolls_boxes


def marker_components(box: Box, team: str | None = None) -> list[Component]:
    """The game pieces (rule 2.2); with a team, the shared ones and that team's logo only."""
    rolls = {"small": ("Scoring", "Rolls"), "fill": "#f2c200", "ink": "#000000", "big": "SR"}
    number = {"fill": "#1f7a3a", "ink": "#ffffff"}
    components = [
        # rule 5.5.1: past the top box the marker flips to its +N side (a track that stops
        # at its last box has no such side: the marker reads the same both sides)
        marker("Scoring Rolls", rolls,
               dict(rolls, big=f"+{box.rolls_boxes}") if rolls_flip(box) else rolls),
        # rule 5.5.2: past XII, one bonus Scoring Roll, shown on the flip side
        marker("Scoring Number", dict(number, big="SN", small=("Scoring", "Number")),
               dict(number, big="+1", small=("Bonus", "Scoring Roll"))),
        # rule 4.7: the At Bat marker, Away and Home sides
        marker("At Bat", {"big": "Away", "small": ("At Bat",), "fill": "#ffffff",
                          "big_size": 9.0},
               {"big": "Home", "small": ("At Bat",), "fill": "#ffffff", "big_size": 9.0}),
    ]
    # Rule 4.3.1: the DH fields at this Defense; the one number the marker is read for.
    dh = {"big": "DH", "small": (f"Defense {box.dh_defense}",), "fill": "#7a7a7a"}
    fatigue = {"small": ("Fatigue",), "fill": "#d9531e", "big_size": 9.0}
    for _ in range(PLAYERS):
        components.append(marker("DH", dh, dh))                      # rule 4.3.1
        components.append(marker("Fatigue", dict(fatigue, big="+100"),
                                 dict(fatigue, big="+200")))         # rule 8.2.1
    for runs, copies in RUNS_COPIES.items():                         # rule 4.6.4
        face = {"big": str(runs), "small": (noun(runs, "Run"),),
                "fill": "#000000", "big_size": 13.0}
        components += [marker(f"Runs {runs}", face, face)] * copies
    for each in box.teams.values():                                  # rule 3.0, setup step 2
        if team is None or each.key == team:
            face = {"big": each.abbrev, "small": ("Team",), "fill": each.colours[0],
                    "ink": each.colours[1], "big_size": 9.0}
            components.append(marker(f"{each.abbrev} logo", face, face, team=each.key,
                                     aliases=(each.key, each.abbrev, each.name)))
    def wins(count: int) -> dict:
        return {"big": str(count), "small": (noun(count, "Game"), "won"), "fill": "#283c78",
                "big_size": 13.0}

    for _ in range(PLAYERS):                                         # rule 4.8
        for first, second in WINS_MARKERS:
            components.append(marker(f"Wins {first}-{second}", wins(first), wins(second)))
    return components


def noun(count: int, word: str) -> str:
    """A marker's word for its number: 'Run' on a 1, 'Runs' on more."""
    return word if count == 1 else f"{word}s"


# --------------------------------------------------------------------------- poker cards

CARD_SAFE = 4 * MM          # text stays this far inside the cut line
CARD_FRAME = 3 * MM         # the coloured frame inside the cut line
CARD_HEADER = 18.0          # the header band above a framed face's white panel
CARD_INSET = CARD_SAFE - CARD_FRAME + 2.0   # a framed face's words inside its white panel
BAND_RULE = 1.0             # the white rule under a strategy card's deck band
CATEGORY_COLOURS = {"power": "#b22222", "speed": "#2e7d46", "obp": "#1f5fa8",
                    "clutch": "#6a3d9a", "special": "#a8780a", "free": "#4d4d4d"}
SIDE_COLOURS = {"offense": "#8b1a1a", "defense": "#1a3a6b"}
CATEGORY_NAMES = {"power": "Power", "speed": "Speed", "obp": "OBP", "clutch": "Clutch",
                  "special": "Special Strategy", "free": "Free Strategy"}


def _card_frame(canvas, rect: Rect, bleed: float, fill: str, header: str,
                band: str | None = None, header_size: float = 8.0) -> Rect:
    """Coloured frame (to the bleed edge) with a white panel and a header band, the band
    across the card's top in its own colour when given; the panel."""
    _fill(canvas, rect, colour(fill), bleed)
    panel = card_panel(rect)
    if band is not None:
        top = rect.top + bleed
        canvas.setFillColor(colour(band))
        canvas.rect(rect.x - bleed, panel.top, rect.width + 2 * bleed, top - panel.top,
                    stroke=0, fill=1)
        # a white rule under the band: a deck's colour and its strategy's may be of one
        # hue (offense red over Power red, defense navy over OBP blue)
        canvas.setFillColor(WHITE)
        canvas.rect(rect.x - bleed, panel.top, rect.width + 2 * bleed, BAND_RULE, stroke=0,
                    fill=1)
    canvas.setFillColor(WHITE)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 4.0, stroke=0, fill=1)
    canvas.setFillColor(ink_on(colour(band or fill), WHITE))
    draw_fitted(canvas, header, panel.x + 2.0, panel.top + CARD_HEADER - 12.0,
                panel.width - 4.0, BOLD, header_size, align="centre")
    return panel


def card_panel(rect: Rect) -> Rect:
    """The white panel of a card's framed face, under its header band."""
    frame = rect.inset(CARD_FRAME)
    return Rect(frame.x, frame.y, frame.width, frame.height - CARD_HEADER)


@dataclass(frozen=True)
class CardFit:
    """How a card's face came out: the parts cut short (with an ellipsis) and the size its
    body text was fitted at."""

    cut: list[str]
    text_size: float


READABLE_TEXT = 6.0     # pt: a card's text any smaller is warned of (it still prints)


def _card_body(canvas, panel: Rect, title: str, body: str, footer: str,
               subtitle: str = "") -> CardFit:
    """Title (bold, wrapped), optional subtitle, body text fitted, footer at the foot; the
    parts too long to print whole (cut short with an ellipsis) and the body's size. With
    no canvas, only laid out (`texts_cut_short`)."""
    inner = panel.inset(CARD_INSET)
    cut = []

    def fitted(part: str, text: str, font: str, size: float, height: float,
               smallest: float = SMALLEST_TEXT) -> tuple[float, list[str]]:
        size, lines, whole = fit_paragraph(text, font, size, inner.width, height, smallest)
        if not whole:
            cut.append(part)
        return size, lines

    def draw(lines, top, font, size, grey=False, align="centre") -> float:
        if canvas is None:
            return top - size - (len(lines) - 1) * size * LEADING
        if grey:
            canvas.setFillColorRGB(0.3, 0.3, 0.3)
        else:
            canvas.setFillColor(BLACK)
        return draw_paragraph(canvas, lines, inner.x, top, font, size, align, inner.width)

    size, lines = fitted("name", title, BOLD, 14.0, 40.0, smallest=SMALLEST_NAME)
    top = draw(lines, inner.top, BOLD, size)
    if subtitle:
        size_sub, sub_lines = fitted("subtitle", subtitle, ITALIC, 8.0, 22.0)
        top = draw(sub_lines, top - 4.0, ITALIC, size_sub, grey=True)
    footer_height = 0.0
    if footer:
        foot_size, foot_lines = fitted("footer", footer, ITALIC, 6.5, 24.0)
        footer_height = len(foot_lines) * foot_size * LEADING + 2.0
        draw(foot_lines, inner.y + footer_height, ITALIC, foot_size, grey=True)
    room = top - 8.0 - (inner.y + footer_height + 4.0)
    size, lines = fitted("text", body, REGULAR, 12.0, room)
    draw(lines, top - 8.0, REGULAR, size, align="left")
    return CardFit(cut, size)


def _card_back(canvas, rect: Rect, bleed: float, fill: str, big: str, small: str) -> None:
    _fill(canvas, rect, colour(fill), bleed)
    panel = rect.inset(CARD_SAFE)
    canvas.setStrokeColor(WHITE)
    canvas.setLineWidth(1.0)
    canvas.roundRect(panel.x, panel.y, panel.width, panel.height, 6.0, stroke=1, fill=0)
    canvas.setFillColor(WHITE)
    middle = rect.y + rect.height / 2
    draw_fitted(canvas, "HIGH & TIGHT", panel.x + 4, middle + 30, panel.width - 8, BOLD, 16.0,
                align="centre")
    draw_fitted(canvas, big, panel.x + 4, middle - 8, panel.width - 8, BOLD, 24.0,
                align="centre")
    draw_fitted(canvas, small, panel.x + 4, middle - 30, panel.width - 8, REGULAR, 9.0,
                align="centre")


def inning_strategy(box: Box, card: Card) -> str:
    """When the card may be played, from the box's inning strategies (rules 5.3, 5.6, 5.6.1,
    and 6.2 for extra innings: the 10th to the 19th, then over again from the 20th, rule
    6.3, shown by the next cycle's first two and '...'). A Special or Free card's own text
    may still limit it (7th inning or later...): the footer says only that no inning
    strategy does."""
    if card.category == "special":
        return f"Special Strategy: whatever the inning's strategy (rule{NO_BREAK}5.6)"
    if card.category == "free":
        return ("Free Strategy: whatever the inning's strategy, outside the one-card limit "
                f"(rule{NO_BREAK}5.6.1)")
    name = CATEGORY_NAMES[card.category]
    innings, chosen = [], []
    again_from = LAST_INNING + 1 + EXTRA_CYCLE          # the 20th, played as the 10th
    for inning in range(1, again_from + EXTRA_CYCLE):
        strategy = inning_parameters(box, inning)[2]
        if strategy == card.category:
            innings.append(inning)
        elif strategy == "any":
            chosen.append(inning)

    def listed(numbers: list[int], say) -> str:
        """The innings to the 19th, then the next cycle's first two and '...'."""
        first = [say(n) for n in numbers if n < again_from]
        again = [say(n) for n in numbers if n >= again_from][:2]
        return ", ".join(first + again) + ("..." if again else "")

    where = listed(innings, str) if innings else "none"
    extra = f"; the {listed(chosen, ordinal)} if chosen" if chosen else ""
    return f"{name} innings: {where}{extra} {NO_BREAK.join(('(rules', '5.3,', '6.2,', '6.3)'))}"


def card_component(box: Box, card: Card) -> Component:
    """Front: type, name, instructions, inning strategy (rule 2.3); back: its deck."""
    side = card.side.capitalize()
    header = f"{side.upper()} · {CATEGORY_NAMES[card.category].upper()}"
    fill = CATEGORY_COLOURS[card.category]

    def front(canvas, rect: Rect, bleed: float) -> None:
        # The top band in the deck's colour, as its back: a hand holds both decks, and
        # a Power card of each reads apart at a glance (the category colour was all).
        panel = _card_frame(canvas, rect, bleed, fill, header, band=SIDE_COLOURS[card.side],
                            header_size=10.0)
        _card_body(canvas, panel, card.name, card.text, inning_strategy(box, card))

    back = partial(_card_back, fill=SIDE_COLOURS[card.side], big=side.upper(),
                   small="Strategy Card")
    return Component(card.name, front, back, back_key=f"deck {card.side}",
                     front_key=f"card {card.name}" if card.copies > 1 else "")


def card_components(box: Box) -> list[Component]:
    """Every strategy card of the box, each as many times as its copies."""
    return [card_component(box, card) for card in box.cards.values()
            for _ in range(card.copies)]


def team_card_component(team: Team) -> Component:
    """Front: the team; back: its Home Ballpark (rule 2.4, optional rule 8.1)."""
    kind = "Standard team (rule 3.0)" if team.standard else "Optional team (rule 8.1.1)"

    def front(canvas, rect: Rect, bleed: float) -> None:
        field = colour(team.colours[0])
        _fill(canvas, rect, field, bleed)
        panel = rect.inset(CARD_SAFE)
        canvas.setFillColor(ink_on(field, colour(team.colours[1])))
        middle = rect.y + rect.height / 2
        size, lines, whole = team_name_fit(team.name, panel.width)
        lines = balanced(lines, BOLD, size) if whole else lines     # ('Chicago / Black Sox')
        draw_paragraph(canvas, lines, panel.x, panel.top - 10.0, BOLD, size, "centre",
                       panel.width)
        draw_fitted(canvas, team.abbrev, panel.x, middle - 16.0, panel.width, BOLD, 44.0,
                    align="centre")
        draw_fitted(canvas, kind, panel.x, panel.y + 8.0, panel.width, REGULAR, 8.0,
                    align="centre")

    def back(canvas, rect: Rect, bleed: float) -> None:
        panel = _card_frame(canvas, rect, bleed, team.colours[0], "HOME BALLPARK · RULE 8.1")
        _card_body(canvas, panel, *_ballpark_texts(team))

    return Component(team.name, front, back, team=team.key, aliases=(team.key, team.abbrev))


TEAM_NAME_SIZE, TEAM_NAME_SMALLEST = 18.0, 10.0     # pt: a team card front's name
TEAM_NAME_HEIGHT = 48.0                             # pt: the room its lines take


def team_name_fit(name: str, width: float) -> tuple[float, list[str], bool]:
    """A team's name on its card's front: (size, lines, whole), `fit_paragraph`'s."""
    return fit_paragraph(name, BOLD, TEAM_NAME_SIZE, width, TEAM_NAME_HEIGHT,
                         smallest=TEAM_NAME_SMALLEST)


def _ballpark_texts(team: Team) -> tuple[str, str, str, str]:
    """A team card's back: the ballpark's name, its text with each effect in the words the
    companion applies it by (rule 8.1: the card lists the feature's effects on play), the
    team, the feature."""
    park = team.ballpark
    effects = [describe_ballpark_effect(effect) for effect in park.effects]
    body = park.text + "".join(f"\n- {effect[0].upper()}{effect[1:]}." for effect in effects)
    return park.name, body, f"{team.name} ({team.abbrev})", park.feature


def team_card_components(box: Box, team: str | None = None) -> list[Component]:
    return [team_card_component(t) for t in box.teams.values() if team in (None, t.key)]


RALLY_USES = ("Play one more eligible Strategy Card this phase, on top of the one already "
              "played.", "Batting: each roll of 10 also scores a run, this at-bat only.")
RALLY_FLIPPED = 2       # uses a card can count by its two sides (the box's own card)
TICK_SIZE = 14.0        # pt: the most a box of the row of uses is a side
TICK_GAP = 4.0          # between two boxes of the row, and above it


@dataclass(frozen=True)
class RallyFace:
    """One side of the Rally Caps card: the number heading it, the words under it, how the
    uses are counted, and how many boxes to tick (none on a card counted by flipping)."""

    number: int
    words: str
    footer: str
    ticks: int = 0


def rally_caps_faces(uses: int) -> tuple[RallyFace, RallyFace]:
    """The two sides for the box's uses a game (rule 5.7.1). Two, as in the box: the front
    shows both, the back the one left after a flip. One: the same both sides, put away once
    used. More than a flip can count: a box to tick for each use, the same both sides."""
    if uses > RALLY_FLIPPED:
        ticks = RallyFace(uses, "uses a game", "Tick a box at each use (in pencil, rubbed out "
                          "for the next game); every box ticked, none is left (rule 5.7.1)",
                          uses)
        return ticks, ticks
    if uses == 1:
        once = RallyFace(1, "use left", "Remove the card after its use (rule 5.7.1)")
        return once, once
    flip = "Flip after each use; remove the card when none is left (rule 5.7.1)"
    return RallyFace(uses, "uses left", flip), RallyFace(uses - 1, "use left", flip)


def _tick_row(canvas, panel: Rect, ticks: int) -> Rect:
    """A row of numbered boxes at the foot of a card's panel, one for each use; returns the
    panel above it, for the card's words."""
    inner = panel.inset(CARD_INSET)
    side = min(TICK_SIZE, (inner.width - (ticks - 1) * TICK_GAP) / ticks)
    row = ticks * side + (ticks - 1) * TICK_GAP
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(0.8)
    canvas.setFillColorRGB(0.6, 0.6, 0.6)     # the numbers pale, for a tick over them
    size = side / 2
    set_font(canvas, REGULAR, size)
    for index in range(ticks):
        x = inner.x + (inner.width - row) / 2 + index * (side + TICK_GAP)
        canvas.rect(x, inner.y, side, side, stroke=1, fill=0)
        canvas.drawCentredString(x + side / 2, inner.y + (side - size * CAP_HEIGHT) / 2,
                                 str(index + 1))
    lifted = side + TICK_GAP
    return Rect(panel.x, panel.y + lifted, panel.width, panel.height - lifted)


def _rally_caps_face(canvas, rect: Rect, bleed: float, face: RallyFace) -> None:
    panel = _card_frame(canvas, rect, bleed, "#c0392b", "RALLY CAPS")
    if face.ticks:
        panel = _tick_row(canvas, panel, face.ticks)
    body = "Each use, choose one (rule 5.7.2):\n" + "\n".join(
        f"- {text}" for text in RALLY_USES)
    _card_body(canvas, panel, str(face.number), body, face.footer, subtitle=face.words)


def rally_caps_components(box: Box) -> list[Component]:
    """One Rally Caps card for each player (rule 5.7); none for a box that gives them no use,
    refused with why (left out of a run of several sets, said in its notes)."""
    if not box.rally_caps:
        raise ValueError("the box gives Rally Caps no use (rally_caps = 0 in box.toml, rule "
                         "5.7.1): there is no Rally Caps card to print")
    front, back = rally_caps_faces(box.rally_caps)
    card = Component("Rally Caps", partial(_rally_caps_face, face=front),
                     partial(_rally_caps_face, face=back),
                     aliases=("rally-caps", "rally cap"), front_key=f"rally caps {front}",
                     back_key=f"rally caps {back}")
    return [card] * PLAYERS


# --------------------------------------------------------------------------- imposition


def print_two_sided(canvas, options: PrintOptions, components: list[Component],
                    cell: tuple[float, float], progress: Progress | None,
                    bleed: float = 0.0, what: str = "component") -> int:
    """Lay out fronts and backs sheet by sheet (duplex pairs or fold-over); returns pages."""
    candidates = layouts(options.paper, cell, options.sides, bleed, len(components))
    if not candidates:          # (not one fits: said as `impose` says it)
        impose(options.paper, cell, options.sides, bleed)
    imposition = candidates[0]
    if options.sides == "duplex":
        # Never onto the calibration bars, which stay put (a back moved down over them hid
        # the bars and crossed the inch bar with its crop marks).
        def offset_room(layout: Imposition) -> OffsetRange:
            # (the cells a sheet of these fills: a grid's empty rows hold no back to move)
            return offset_range(options, layout.backs[:len(components)],
                                crop_mark_room(bleed, layout.mark_length), f"{what}s",
                                layout.strip)

        # A sheet that holds more (short crop marks, the cards on their side) leaves the
        # backs less room: the best layout that takes the offset prints, said when it is
        # not the best of all; when none does, what each accepts is told (the upright 4 mm
        # layout, told always, gave -0.3 mm down on A4, where another takes 7.3). A run of
        # several sets learns what every layout of each accepts.
        rooms = [offset_room(layout) for layout in candidates]
        probe = _PROBE.get()
        if probe is not None:
            probe.extend(rooms)
            raise OffsetProbed
        taking = [layout for layout, room in zip(candidates, rooms, strict=True)
                  if room.holds(*options.offset)]
        if not taking:
            raise offset_refused(options.offset, rooms, rooms[0])
        imposition = taking[0]
        if imposition is not candidates[0]:
            print_note(f"the {what}s print {layout_change(imposition, candidates[0])}: the "
                 f"layout that leaves their backs room for --offset "
                 f"{offset_said(options.offset)}")
    per_sheet = imposition.per_sheet
    sheets = [components[i:i + per_sheet] for i in range(0, len(components), per_sheet)]
    total = len(sheets) * (2 if options.sides == "duplex" else 1)
    done = 0
    for sheet in sheets:
        canvas.setPageSize(page_size(options.paper))
        fronts = imposition.fronts[:len(sheet)]
        backs = imposition.backs[:len(sheet)]
        turned = imposition.turned
        marks = imposition.mark_length
        _faces(canvas, [(c.front, c.front_key) for c in sheet], fronts, bleed, marks,
               90 * turned)
        if options.sides == "fold":
            _faces(canvas, [(c.back, c.back_key) for c in sheet], backs, bleed, marks,
                   -90 * turned)
            area = content_area(options.paper, imposition.strip)
            fold_line(canvas, imposition.fold_x, area.y, area.top)
        calibration_bars(canvas, options, imposition.strip)
        canvas.showPage()
        done += 1
        if progress:
            progress(done, total)
        if options.sides == "duplex":
            canvas.setPageSize(page_size(options.paper))
            canvas.saveState()
            canvas.translate(*options.offset)   # the back page's correction (--offset)
            _faces(canvas, [(c.back, c.back_key) for c in sheet], backs, bleed, marks,
                   -90 * turned)
            canvas.restoreState()
            calibration_bars(canvas, options, imposition.strip, back=True)
            canvas.showPage()
            done += 1
            if progress:
                progress(done, total)
    return total


@dataclass(frozen=True)
class OffsetRange:
    """The --offset a layout's backs accept, in points: -left..right across, -bottom..top
    up; `what` prints them, `where` is what they would run onto."""
    what: str
    where: str
    left: float
    right: float
    bottom: float
    top: float

    def holds(self, across: float, up: float) -> bool:
        return self.beyond(across, up) == 0

    def beyond(self, across: float, up: float) -> float:
        """How far the offset lies outside the range, across and up added (0: it holds,
        within a float's error of a bound: the bound as told, in tenths of a mm)."""
        slack = 1e-6 * MM
        over = (max(0.0, -self.left - across, across - self.right)
                + max(0.0, -self.bottom - up, up - self.top))
        return 0.0 if over <= slack else over


    def meet(self, other: OffsetRange) -> OffsetRange | None:
        """The offsets both take (None: none), told as this one's."""
        met = replace(self, left=min(self.left, other.left), right=min(self.right, other.right),
                      bottom=min(self.bottom, other.bottom), top=min(self.top, other.top))
        return met if met.left + met.right >= 0 and met.bottom + met.top >= 0 else None

    def within(self, other: OffsetRange) -> bool:
        return (self.left <= other.left and self.right <= other.right
                and self.bottom <= other.bottom and self.top <= other.top)

    @property
    def said(self) -> str:
        return (f"-{offset_mm(self.left)}..{offset_mm(self.right)} mm across and "
                f"-{offset_mm(self.bottom)}..{offset_mm(self.top)} mm up")


def ranges_taken(per_set: list[list[OffsetRange]]) -> list[OffsetRange]:
    """The offsets a run of sets takes, each set on any layout of its own (each its list of
    ranges): the ranges every set meets, none of them inside another."""
    taken = _outermost(per_set[0]) if per_set else []
    for ranges in per_set[1:]:
        taken = _outermost([met for one in taken for other in ranges
                            if (met := one.meet(other)) is not None])
    return taken


def _outermost(ranges: list[OffsetRange]) -> list[OffsetRange]:
    """The ranges none of the others holds (of equal ones, the first), none empty."""
    ranges = [one for one in ranges if one.left + one.right >= 0 and one.bottom + one.top >= 0]
    return [one for at, one in enumerate(ranges)
            if not any(one.within(other) and (not other.within(one) or before < at)
                       for before, other in enumerate(ranges) if before != at)]


def offset_said(offset: tuple[float, float]) -> str:
    return f"{offset[0] / MM:g},{offset[1] / MM:g} mm"


def offset_refused(offset: tuple[float, float], ranges: list[OffsetRange],
                   refused: OffsetRange, together: bool = False) -> ValueError:
    """An --offset no layout takes: what every layout accepts (`ranges_taken` of them), so
    an offset within any of the ranges told prints."""
    taken = ranges_taken([ranges]) if not together else ranges
    whose = ("the layouts these sets may print on accept" if together else
             "their layouts accept" if len(taken) > 1 else "their layout accepts")
    return ValueError(f"an offset of {offset_said(offset)} would move the backs of the "
                      f"{refused.what} {refused.where}; {whose} "
                      + (" or ".join(one.said for one in taken) if taken else "no offset")
                      + (" together" if together else ""))


def layout_change(chosen: Imposition, best: Imposition) -> str:
    """How a layout differs from the best one: '4 a sheet (not 6), upright', 'with 2 mm
    crop marks (not 4)'."""
    parts = []
    if chosen.per_sheet != best.per_sheet:
        parts.append(f"{chosen.per_sheet} a sheet (not {best.per_sheet})")
    if chosen.turned != best.turned:
        parts.append("on their side" if chosen.turned else "upright")
    if chosen.mark_length != best.mark_length:
        parts.append(f"with {chosen.mark_length / MM:g} mm crop marks (not "
                     f"{best.mark_length / MM:g})")
    if chosen.strip != best.strip:
        parts.append(f"the calibration bars at the {chosen.strip} (not the {best.strip})")
    return ", ".join(parts)


class OffsetProbed(Exception):
    """Raised by check_offset under `probing_offsets` once it has told its range: a run of
    several sets learns what each accepts without drawing them."""


_PROBE: ContextVar[list[OffsetRange] | None] = ContextVar("offset_probe", default=None)
# Told what a print did other than asked (a layout --offset chose over the best, rows left
# blank): the run's `note`, which render sets (`print_notes`).
_NOTE: ContextVar[Callable[[str], None] | None] = ContextVar("print_note", default=None)


def print_note(words: str) -> None:
    """Tell the run's `note` (if any) what this print did other than asked."""
    note = _NOTE.get()
    if note is not None:
        note(words)


@contextmanager
def probing_offsets():
    """The ranges check_offset works out in this block, each set stopped at its check; a
    set of components tells the range of every layout it may print on."""
    ranges: list[OffsetRange] = []
    token = _PROBE.set(ranges)
    try:
        yield ranges
    finally:
        _PROBE.reset(token)


@contextmanager
def print_notes(note: Callable[[str], None] | None):
    """In this block, `print_note` tells `note`."""
    token = _NOTE.set(note)
    try:
        yield
    finally:
        _NOTE.reset(token)


def offset_mm(points: float) -> str:
    """A bound of the accepted range in mm, rounded towards zero (it fits), once the
    float's own error is rounded off."""
    return f"{int(round(points / MM * 10, 6)) / 10:g}"


def offset_range(options: PrintOptions, backs: list[Rect], reach: float, what: str,
                 strip: str | None = None) -> OffsetRange:
    """The --offset a layout's backs accept: none moves a back (and what it draws `reach`
    beyond its edges: bleed, crop marks, a scale's numbers) off the sheet, where the
    printer could not put it, or onto the back page's calibration strip (`strip`, where
    it lies: at its foot, or down its right side; None, not asked); within the option's
    own limit."""
    width, height = page_size(options.paper)
    limit = OFFSET_LIMIT_MM * MM
    where = f"off the {options.paper} sheet" + (" or onto its calibration bars" if strip
                                               else "")
    bars = calibration_area(options.paper, strip, back=True) if strip else None
    floor = bars.top if strip == "foot" else 0.0
    wall = bars.x if strip == "side" else width
    return OffsetRange(
        what, where,
        left=min(min(cell.x for cell in backs) - reach, limit),
        right=min(wall - max(cell.right for cell in backs) - reach, limit),
        bottom=min(min(cell.y for cell in backs) - reach - floor, limit),
        top=min(height - max(cell.top for cell in backs) - reach, limit))


def check_offset(options: PrintOptions, backs: list[Rect], reach: float, what: str,
                 strip: str | None = None) -> None:
    """--offset moves the back pages; refused when the layout cannot take it
    (`offset_range`): the accepted range for this layout and paper is told."""
    accepted = offset_range(options, backs, reach, what, strip)
    probe = _PROBE.get()
    if probe is not None:
        probe.append(accepted)
        raise OffsetProbed
    if not accepted.holds(*options.offset):
        raise offset_refused(options.offset, [accepted], accepted)


def _faces(canvas, faces: list[tuple[Face, str]], cells: Iterable[Rect], bleed: float,
           mark_length: float, turn: int = 0) -> None:
    """Each face in its cell (a keyed face drawn once as a form, then placed), turned as
    `face_matrix` says, then the marks (crop marks `mark_length` long)."""
    cells = list(cells)
    for (face, key), cell in zip(faces, cells, strict=True):
        canvas.saveState()
        width, height = (cell.width, cell.height) if turn == 0 else (cell.height, cell.width)
        local = Rect(0, 0, width, height)
        canvas.transform(*face_matrix(cell, turn))
        if key:
            digest = hashlib.sha1(f"{key} {local} {bleed}".encode()).hexdigest()[:12]
            reach = bleed + 1.0
            stamp(canvas, f"Face{digest}", partial(face, rect=local, bleed=bleed),
                  (-reach, -reach, width + reach, height + reach))
        else:
            face(canvas, local, bleed)
        canvas.restoreState()
    if not bleed:
        cut_outlines(canvas, cells)
    crop_marks(canvas, cells, bleed, mark_length)


@dataclass(frozen=True)
class ComponentSet:
    """A printable set of two-sided components of one size: what they are and how they cut."""

    what: str                                         # "player piece", named in errors
    make: Callable[[Box, str | None], list[Component]]   # (box, team key) -> components
    cell: tuple[float, float]
    poker: bool = False                               # cards: --bleed applies

    def components(self, box: Box, options: PrintOptions) -> list[Component]:
        return self.make(box, resolve_team(box, options.team))

    def __call__(self, canvas, box: Box, options: PrintOptions,
                 progress: Progress | None = None) -> int:
        chosen = choose(self.components(box, options), options, self.what)
        bleed = BLEED if (self.poker and options.bleed) else 0.0
        return print_two_sided(canvas, options, chosen, self.cell, progress, bleed, self.what)


pieces = ComponentSet("player piece", piece_components, PIECE)
markers = ComponentSet("game piece", marker_components, MARKER)
cards = ComponentSet("strategy card", lambda box, team: card_components(box), POKER, True)
team_cards = ComponentSet("team card", team_card_components, POKER, True)
rally_caps = ComponentSet("Rally Caps card", lambda box, team: rally_caps_components(box),
                          POKER, True)


# --------------------------------------------------------------------------- calibration

TARGET_ARM = 6 * MM
SCALE_HALF = 8            # the back's scales run from -8 to +8 mm
SCALE_LABEL = 5.0         # pt, the scales' numbers


def registration_targets(paper: str) -> list[tuple[float, float]]:
    """Where the front's crosses stand: the centre and an inch in from each content corner."""
    area = content_area(paper)
    inch = 72.0
    x_centre, y_centre = area.centre
    return [(x_centre, y_centre), (area.x + inch, area.top - inch),
            (area.right - inch, area.top - inch), (area.x + inch, area.y + inch),
            (area.right - inch, area.y + inch)]


def _instructions(canvas, paper: str, title: str, body: str) -> None:
    area = content_area(paper)
    canvas.setFillColor(BLACK)
    width = area.width - 2 * 72.0 - 2 * 12 * MM
    x = area.x + 72.0 + 12 * MM
    draw_fitted(canvas, title, x, area.top - 20.0, width, BOLD, 14.0)
    size, lines, _ = fit_paragraph(body, REGULAR, 9.0, width, 80.0)
    draw_paragraph(canvas, lines, x, area.top - 30.0, REGULAR, size)


def _cross(canvas, x: float, y: float) -> None:
    canvas.setLineWidth(0.3)
    canvas.line(x - TARGET_ARM, y, x + TARGET_ARM, y)
    canvas.line(x, y - TARGET_ARM, x, y + TARGET_ARM)
    canvas.circle(x, y, 2 * MM, stroke=1, fill=0)


def _scales(canvas, x: float, y: float) -> None:
    """Millimetre scales across (x) and up (y) through the point, 0 at the point.

    Each half of a scale carries its ticks and numbers on its own side, turning about the
    point (across: the minus half above, the plus half below; up: the plus half right, the
    minus half left), so each quarter round the point holds one scale's numbers and the
    numbers next to 0, the readings that matter most, never meet.
    """
    canvas.setLineWidth(0.3)
    canvas.setFont(REGULAR, SCALE_LABEL)
    canvas.line(x - SCALE_HALF * MM, y, x + SCALE_HALF * MM, y)
    canvas.line(x, y - SCALE_HALF * MM, x, y + SCALE_HALF * MM)
    cap = SCALE_LABEL * 0.72
    for step in range(-SCALE_HALF, SCALE_HALF + 1):
        if not step:
            continue
        tick = 2.5 if step % 5 else 4.0
        side = 1 if step > 0 else -1           # across: down for plus; up: right for plus
        canvas.line(x + step * MM, y, x + step * MM, y - side * tick)
        canvas.line(x, y + step * MM, x + side * tick, y + step * MM)
        if step % 2 == 0:
            across = y - 5.0 - cap if step > 0 else y + 5.0
            canvas.drawCentredString(x + step * MM, across, str(step))
            if step > 0:
                canvas.drawString(x + 5.0, y + step * MM - cap / 2, str(step))
            else:
                canvas.drawRightString(x - 5.0, y + step * MM - cap / 2, str(step))


def calibration(canvas, box: Box, options: PrintOptions, progress: Progress | None = None) -> int:
    """A duplex registration test: crosses on the front, millimetre scales behind them."""
    if options.only:
        raise ValueError("the calibration set has no components to choose with --only; "
                         "print it whole")
    width, _ = page_size(options.paper)
    # The back's scales with their numbers stay on the sheet and off the calibration
    # strip whatever offset moves them.
    arm = (SCALE_HALF + 1) * MM
    scales = [Rect(width - x - arm, y - arm, 2 * arm, 2 * arm)
              for x, y in registration_targets(options.paper)]
    check_offset(options, scales, 4 * SCALE_LABEL, "calibration scales",
                 strip="foot")
    canvas.setPageSize(page_size(options.paper))
    _instructions(canvas, options.paper, "Registration test: front",
                  "Print this page and the next on one sheet, two-sided, flipped on the long "
                  "edge, at 100%. Hold the sheet against a light: every cross on this side "
                  "should sit on the 0 of the scales printed behind it. If it sits elsewhere, "
                  "read the scales on the back (across, then up, in mm) and print with "
                  "--offset ACROSS,UP to move every back page by that much.")
    canvas.setStrokeColor(BLACK)
    for x, y in registration_targets(options.paper):
        _cross(canvas, x, y)
    calibration_bars(canvas, options)
    canvas.showPage()
    if progress:
        progress(1, 2)
    canvas.setPageSize(page_size(options.paper))
    offset_mm = ", ".join(f"{value / MM:g}" for value in options.offset)
    _instructions(canvas, options.paper, "Registration test: back",
                  "Read where each cross of the front falls on these scales: across on the "
                  "horizontal scale, up on the vertical one (mm, as read on this side). "
                  f"Backs of this print are moved by {offset_mm} mm (--offset).")
    canvas.saveState()
    canvas.translate(*options.offset)
    canvas.setStrokeColor(BLACK)
    canvas.setFillColor(BLACK)
    for x, y in registration_targets(options.paper):
        _scales(canvas, width - x, y)   # behind the front's cross after a long-edge flip
    canvas.restoreState()
    calibration_bars(canvas, options)
    canvas.showPage()
    if progress:
        progress(2, 2)
    return 2
