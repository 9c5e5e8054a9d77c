"""The High & Tight box: pieces, cards, tracks and teams, loaded and validated from data files."""

from __future__ import annotations

import csv
import datetime
import difflib
import hashlib
import io
import json
import math
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from ..engine.dice import WHOLE
from ..engine.errors import DataError, ParseError, clip, closest
from ..engine.textfile import not_a_file, undecodable_at, utf16_said

DEFAULT_BOX_DIR = Path(__file__).resolve().parents[2] / "data" / "high_and_tight"
BOX_FILES = ("box.toml", "teams.toml", "ballplayers.csv", "pitchers.csv", "cards.toml")

BOX_TABLES = ("box", "scoring_rolls", "scoring_number", "innings")     # box.toml's tables
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
STRATEGIES = ("power", "speed", "obp", "clutch", "none")
CATEGORIES = ("power", "speed", "obp", "clutch", "special", "free")
BALLPLAYER_RATINGS = ("offense", "defense", "power", "obp", "speed", "clutch")
PITCHER_RATINGS = ("gopher", "control", "k", "clutch", "whip")
MATCHUPS = ("opposite", "same", "left-vs-left", "right-vs-right")
SCORES = ("behind", "tied", "ahead", "not-ahead", "not-behind")


def score_holds(kind: str, score: int) -> bool:
    """Whether a condition's `score` (one of SCORES) holds for a side `score` runs ahead
    (negative: behind)."""
    return {"behind": score < 0, "tied": score == 0, "ahead": score > 0,
            "not-ahead": score <= 0, "not-behind": score >= 0}[kind]
# The accepted range of each rating a card's condition may read (docs/data-format.md).
RATING_RANGES = {"batter": {r: (0, 9 if r in ("offense", "defense") else 5)
                            for r in BALLPLAYER_RATINGS},
                 "pitcher": {r: (0, 5) for r in PITCHER_RATINGS}}
RATING_RANGES["fielder"] = RATING_RANGES["batter"]
LAST_CARD_INNING = 20       # inning_at_least accepts 1..this
FULL_ROTATION = 4           # rule 3.0: the longest rotation a scenario sets (series.SCENARIOS)
LINEUPS_MOST = 200_000      # rule 3.0: the lineups of a roster the companion lists and weighs


NAME_MOST = 40       # characters in a piece's or a card's name
TEAM_KEY = re.compile(r"[^\W_]+(-[^\W_]+)*")   # a team's key: letters, digits, -: new-york


def renamed(name: str, present: list[str]) -> str | None:
    """The file of those `present` that is likely box file `name` under a slip of a name:
    the same ending and a name before it close to the right one ('card.toml'), or the
    right name with an ending added by an editor ('teams.toml.txt')."""
    added = [n for n in present if n.casefold().startswith(name + ".")]
    if added:
        return added[0]
    stem, _, ending = name.partition(".")
    stems = {n.partition(".")[0].casefold(): n for n in present
             if n.casefold().endswith("." + ending)}
    found = difflib.get_close_matches(stem, list(stems), n=1, cutoff=0.75)
    return stems[found[0]] if found else None


def roman(index: int) -> str:
    """Box label for a 1-based Scoring Number index."""
    return ROMAN[index - 1]


def parse_roman(text: str) -> int:
    """1-based index of a Scoring Number box label (I..XII)."""
    label = text.strip().upper()
    if label not in ROMAN:
        raise ValueError(f"box {text!r} is not a Scoring Number box; accepted I..XII")
    return ROMAN.index(label) + 1


# A pitcher's type or a ballplayer's position, said with its article ('an OF').
ARTICLED = {"SP": "an SP", "RP": "an RP", "CL": "a CL", "C": "a C", "OF": "an OF",
            "IF": "an IF", "DH": "a DH"}


@dataclass(frozen=True)
class Ballplayer:
    team: str
    name: str
    position: str
    bats: str
    offense: int
    defense: int
    power: int
    obp: int
    speed: int
    clutch: int
    info: str = ""
    # Its line in the CSV file (0: made elsewhere), to point a warning at it.
    line: int = field(default=0, compare=False, repr=False)

    is_pitcher = False

    @property
    def rated(self) -> str:
        """Position, bats and ratings as the table lists a ballplayer to choose:
        'IF (R) O6 D4 P2 OBP3 Sp2 Cl3'."""
        return (f"{self.position} ({self.bats}) O{self.offense} D{self.defense} "
                f"P{self.power} OBP{self.obp} Sp{self.speed} Cl{self.clutch}")


@dataclass(frozen=True)
class Pitcher:
    team: str
    name: str
    kind: str
    throws: str
    stuff_rolls: int
    stuff_box: int
    gopher: int
    control: int
    k: int
    clutch: int
    whip: int
    fatigue: int
    info: str = ""
    # Its line in the CSV file (0: made elsewhere), to point a warning at it.
    line: int = field(default=0, compare=False, repr=False)

    is_pitcher = True


def name_mark(name: str) -> str | None:
    """What a name (read without the spaces at its ends) holds that a record's line cannot
    (a comma, a semicolon, a quote, doubled spaces), said so that it can be found; None
    when nothing."""
    for mark, said in ((",", "a comma"), (";", "a semicolon"), ('"', "a quote")):
        if mark in name:
            return said
    if "  " in name:
        return f"two spaces after {name[:name.index('  ')].split(' ')[-1]!r}"
    return None


def piece_file(piece) -> str:
    """The box file a piece is a line of."""
    return "pitchers.csv" if piece.is_pitcher else "ballplayers.csv"


@dataclass(frozen=True)
class Condition:
    """One test a card, effect or ballpark effect needs (all set fields must hold)."""

    matchup: str | None = None
    rating: str | None = None
    at_least: int | None = None
    at_most: int | None = None
    batting: str | None = None
    score: str | None = None
    inning_at_least: int | None = None
    bats: str | None = None
    throws: str | None = None


@dataclass(frozen=True)
class Effect:
    """A marker move: `marker` is 'number' or 'rolls'; amount fixed or read from a rating."""

    marker: str
    sign: int
    amount: int = 0
    rating: str | None = None
    when: tuple[Condition, ...] = ()
    less: int = 0


@dataclass(frozen=True)
class Card:
    name: str
    side: str
    category: str
    copies: int
    text: str
    requires: tuple[Condition, ...] = ()
    effects: tuple[Effect, ...] = ()
    bonus: tuple[Effect, ...] = ()
    cancels: tuple[str, ...] = ()
    scoring_numbers: tuple[int, ...] = ()
    nines_remove_runs: bool = False
    line: int = field(default=0, compare=False, repr=False)   # of its [[card]] in cards.toml

    @property
    def is_free(self) -> bool:
        return self.category == "free"


@dataclass(frozen=True)
class BallparkEffect:
    applies: str
    when: tuple[Condition, ...] = ()
    effect: Effect | None = None
    scoring_numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class Ballpark:
    name: str
    feature: str
    text: str
    effects: tuple[BallparkEffect, ...] = ()


@dataclass(frozen=True)
class Team:
    key: str
    name: str
    abbrev: str
    standard: bool
    colours: tuple[str, str]
    roster: str | None
    ballpark: Ballpark


@dataclass(frozen=True)
class ScoringBox:
    index: int
    numbers: frozenset[int]
    first: int | None
    then: frozenset[int]
    flavour: str

    @property
    def label(self) -> str:
        return roman(self.index)

    def describe(self) -> str:
        numbers = " or ".join(str(n) for n in sorted(self.numbers, key=lambda n: (n != 7, n)))
        if self.first is not None:
            then = " or ".join(str(n) for n in sorted(self.then))
            free = f"{self.first}, then {then}"
            return f"{numbers}, or {free}" if numbers else free
        return numbers


@dataclass
class Roster:
    key: str
    ballplayers: dict[str, Ballplayer] = field(default_factory=dict)
    pitchers: dict[str, Pitcher] = field(default_factory=dict)

    def piece(self, name: str) -> Ballplayer | Pitcher | None:
        key = name.casefold()
        return self.ballplayers.get(key) or self.pitchers.get(key)


def misplaced_said(key: str, value: str, home: str) -> str:
    """A piece's line in the other file, told by its third column (`key`, 'position' in
    ballplayers.csv, 'type' in pitchers.csv): where it goes."""
    said = ("a pitcher's type, not a ballplayer's position: pitchers" if key == "position"
            else "a ballplayer's position, not a pitcher's type: ballplayers")
    return f"{value!r} is {said} go in {home}, with its columns"


QUALIFIER = re.compile(r"\s*\([^()]*\)\s*$")     # '(Offense)' ending a card's name


def plain(text: str) -> str:
    """A name as its letters alone: any case, accents dropped ('Núñez' reads 'nunez')."""
    return "".join(char for char in unicodedata.normalize("NFKD", text.casefold())
                   if not unicodedata.combining(char))


def named_plainly(entries: dict, name: str):
    """The entry (a piece, a card) `name` names by case-folded key, else the one whose name
    reads as it without accents ('Nunez', typed on a keyboard without them, for 'Núñez');
    None when none does, or several do."""
    entry = entries.get(name.casefold())
    if entry is not None:
        return entry
    found = read_alike(entries, name)
    return found[0] if len(found) == 1 else None


def read_alike(entries: dict, name: str) -> list:
    """The entries whose names read as `name` without accents."""
    wanted = plain(name)
    return [entry for entry in entries.values() if plain(entry.name) == wanted]


def alike_said(entries: dict, name: str) -> str:
    """'; it reads as both 'Hámpton' and 'Hamptón': type its accents' where `name`, typed
    without them, reads as several names; else nothing."""
    found = read_alike(entries, name)
    if len(found) < 2:
        return ""
    names = " and ".join(repr(entry.name) for entry in found)
    return f"; without its accents it reads as {names}: type them"


@dataclass
class Box:
    name: str
    dh_defense: int
    rally_caps: int
    rolls_boxes: int
    rolls_max: int
    scoring_boxes: tuple[ScoringBox, ...]
    strategies: tuple[str, ...]
    extra_strategy: str
    teams: dict[str, Team]
    rosters: dict[str, Roster]
    cards: dict[str, Card]
    fingerprint: str = ""
    texts: dict[str, str] = field(default_factory=dict, repr=False)
    # Likely slips `data check` warns of (a card's move against its side, a move of nothing).
    warnings: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def card(self, name: str) -> Card | None:
        return named_plainly(self.cards, name)

    def namesakes(self, name: str) -> list[Card]:
        """The cards `name` names but for the words in brackets at their end that tell
        namesakes apart ('Pitcher/Batter Matchup' for its '(Offense)' and '(Defense)'
        cards, as the rulebook names them both, 5.1.1 c)."""
        wanted = plain(name).strip()
        return [card for card in self.cards.values()
                if plain(QUALIFIER.sub("", card.name)) == wanted]

    def files_unlike(self, other: Box) -> list[str]:
        """The box files whose texts differ from `other`'s (what was edited between two
        copies of a box)."""
        return [name for name in BOX_FILES if self.texts.get(name) != other.texts.get(name)]

    def deck(self, side: str) -> list[Card]:
        return [card for card in self.cards.values() if card.side == side]

    def piece_names(self) -> list[str]:
        """Every ballplayer's and pitcher's name, roster by roster."""
        return [piece.name for roster in self.rosters.values()
                for piece in [*roster.ballplayers.values(), *roster.pitchers.values()]]

    def team(self, key: str) -> Team | None:
        return self.teams.get(key.casefold())

    def default_matchup(self) -> tuple[str, str]:
        """The teams a new series or a simulation starts with when none are named: New York
        v Texas (the rulebook's examples) when the box has both as standard teams, else
        its first two standard teams (a box holds two at least)."""
        standard = [t.key for t in self.teams.values() if t.standard and t.roster]
        if all(key in standard for key in DEMO_MATCHUP):
            return DEMO_MATCHUP
        return standard[0], standard[1]

    def find_team(self, wanted: str) -> Team | None:
        """The team a player names by its key, its name or its abbreviation, in any case;
        failing that, read without accents ('Montreal' for 'Montréal', typed on a keyboard
        without them) where one team alone reads so."""
        text = wanted.strip().casefold()
        for team in self.teams.values():
            if text in (team.key.casefold(), team.name.casefold(), team.abbrev.casefold()):
                return team
        bare = plain(text)
        found = [team for team in self.teams.values()
                 if bare in (plain(team.key), plain(team.name), plain(team.abbrev))]
        if len(found) == 1:
            return found[0]
        # A standard team by its roster's key, the key the CSV files' team column gives
        # its pieces ('new-york' for a team renamed Boston in the box).
        return self.roster_team(text)

    def find_roster(self, wanted: str) -> str | None:
        """The roster key a player names by itself, or by the standard team whose pieces
        it holds (its key, name or abbreviation, find_team), the team renamed in the box
        or not; None when it names neither."""
        key = wanted.strip().casefold()
        if key in self.rosters:
            return key
        team = self.find_team(wanted)
        if team is not None and team.roster and team.roster.casefold() in self.rosters:
            return team.roster.casefold()
        return None

    def unknown_team(self, wanted: str) -> str:
        """Why `find_team` found nothing, with every way of naming each team."""
        known = "; ".join(f"{t.key} ({t.name}, {t.abbrev})" for t in self.teams.values())
        near = closest(wanted, [t.key for t in self.teams.values()]) or closest(
            wanted, [t.name for t in self.teams.values()])
        return (f"unknown team {wanted!r}" + (f" (did you mean {near!r}?)" if near else "")
                + f"; accepted, by key, name or abbreviation: {known}")

    def tagged_team(self, tag: str, key: str | None) -> Team:
        """The team a record's header tag (Home, Team1, ...) names by its key."""
        team = self.team(key) if key else None
        if team is None:
            known = ", ".join(t.key for t in self.teams.values())
            said = f"unknown team {clip(key)!r}" if key else "is missing: name a team by its key"
            raise ParseError(f"header {tag}: {said}; known: {known}")
        return team

    def roster_of(self, team: Team) -> Roster | None:
        """A team card's own pieces (its roster key in any case, as the CSV files' team
        column is read); None for an optional team card, which brings none (8.1.1)."""
        return self.rosters.get(team.roster.casefold()) if team.roster else None

    def roster_team(self, roster: str) -> Team | None:
        """The standard team whose pieces a roster (its key, any case) is, if any."""
        return next((t for t in self.teams.values() if t.standard and t.roster
                     and t.roster.casefold() == roster.strip().casefold()), None)

    def roster_owner(self, roster: str) -> str | None:
        """The name of the standard team whose pieces a roster (key) is, if any."""
        team = self.roster_team(roster)
        return team.name if team is not None else None

    def roster_words(self, team: Team | None, roster: str) -> str:
        """The roster (key) a team card fields, named for a message: 'the Texas Cowboys
        roster'; another team's, 'the Texas Cowboys roster (fielded by the Seattle
        Volcanoes)' (rule 8.1.1; a message naming the card alone contradicted `whose_piece`,
        which names a roster by its own team)."""
        owner = self.roster_owner(roster) or roster
        if team is None or team.name == owner:
            return f"the {owner} roster"
        return f"the {owner} roster (fielded by the {team.name})"

    def whose_piece(self, name: str, roster: str, wanted: str) -> str:
        """What a name that is no `wanted` ('ballplayer', 'pitcher' or 'SP') of `roster` is,
        when it is a piece all the same: one of the roster's other pieces (': Flee is a
        pitcher', ': Achterberg is a CL') or another roster's (': Kanno is on the New York
        Highlanders roster'), so a name of the other team typed in is not offered a
        look-alike of this one (he may be in the lineup already); '' when no piece is."""
        found = self.rosters[roster].piece(name)
        if found is not None:
            if isinstance(found, Ballplayer):
                return f": {found.name} is a ballplayer"
            kind = "a pitcher" if wanted == "ballplayer" else ARTICLED.get(found.kind,
                                                                             found.kind)
            return f": {found.name} is {kind}"
        for key, other in self.rosters.items():
            found = other.piece(name)
            if key != roster and found is not None:
                return f": {found.name} is on the {self.roster_owner(key) or key} roster"
        return ""

    def roster_problem(self, card: Team, side: str, roster: str | None,
                       taken: str | None = None) -> str | None:
        """Why a team card cannot take the field with this roster key (None: its own), or
        None when it can: an optional team card brings no players (rule 8.1.1). The rosters
        it may choose leave out `taken`, the one the other team fields (one set of pieces
        a roster, rule 3.0)."""
        roster = roster or card.roster
        if roster and roster.casefold() in self.rosters:
            return None
        choices = ", ".join(f"{k} ({self.roster_owner(k)})" if self.roster_owner(k) else k
                            for k in self.rosters_open(taken))
        said = re.sub(r"^team(\d)$", r"team \1", side)          # team1 -> team 1
        what = (f"{roster!r} is not a roster" if roster else
                f"{card.name} ({said}) is an optional team card with no players of its own")
        return f"{what}; choose a roster: {choices} (rule 8.1.1)"

    @staticmethod
    def roster_tags(header: dict[str, str], team_tag: str, roster_tag: str) -> str:
        """The header tags a roster refusal names: its roster tag, or, with none in the
        header, the team's tag first (the line the roster tag goes under)."""
        return roster_tag if roster_tag in header else f"{team_tag}, {roster_tag}"

    def rosters_open(self, taken: str | None) -> list[str]:
        """The roster keys a team may field while the other team fields `taken` (rule 3.0:
        the box holds one set of each roster's pieces)."""
        return [key for key in self.rosters if key.casefold() != (taken or "").casefold()]

    def roster_clash(self, first: str, second: str) -> str | None:
        """Why two sides cannot take these rosters (keys), or None: the box holds one set of
        each roster's pieces, so an optional team card (8.1.1) takes a roster the other
        team does not (rule 3.0)."""
        if first.casefold() != second.casefold():
            return None
        owner = self.roster_owner(first)
        named = f"{first}" + (f" ({owner})" if owner else "")
        return (f"both teams would field the roster {named}, and the box holds one set of "
                "its pieces: give one of them another roster (rules 3.0, 8.1.1)")


# --------------------------------------------------------------------------- loading


# A problem with a field of a TOML table the loader found at a line: "<origin>/<file>,
# <entry> (line N), field 'key'" (and maybe more after it, e.g. an effect's place).
TOML_FIELD = re.compile(r"/(?P<file>[^/,]+\.toml), .*\(line (?P<line>\d+)\), "
                        r"field '(?P<key>[^']+)'")
TOML_ENTRY = re.compile(r"/(?P<file>[^/,]+\.toml), [^:]*\(line (?P<line>\d+)\)$")


TEAMS_ALIKE = "the two teams must be different team cards"   # rule 3.0: one card each
ABBREV_MAX = 6          # the line score's team column (the board, the box scores)
DEMO_MATCHUP = ("new-york", "texas")     # the rulebook's examples' teams (Box.default_matchup)


# What an empty file (or one of comments alone) is told, once, in place of each of its
# fields missing.
EMPTY_SAID = {
    "box.toml": "the file is empty (or holds only comments): docs/data-format.md says what "
                "it holds; the demo box's own is a start",
    "cards.toml": "holds no card: each card is a [[card]] entry (docs/data-format.md), and a "
                  "box needs offense and defense cards",
}


class _Problems:
    def __init__(self, texts: dict[str, str] | None = None) -> None:
        self.items: list[str] = []
        self.texts = texts or {}

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{self.field_line(where)}: {message}")

    def field_line(self, where: str) -> str:
        """`where` with the line of a TOML field its entry gives (the entry's table names
        its own line; the field is looked for from there to the next table)."""
        found = TOML_FIELD.search(where)
        number = self.key_line(found.group("file"), int(found.group("line")),
                               found.group("key")) if found else None
        if number is None:
            return where
        return f"{where[:found.end()]} (line {number}){where[found.end():]}"

    def key_line(self, file: str, entry_line: int, key: str) -> int | None:
        """The line of `key` in the TOML table that begins on `entry_line` of `file`,
        looked for from the line after it to the next table; None when not found there."""
        text = self.texts.get(file)
        if text is None:
            return None
        written = re.compile(r"^\s*(?:" + re.escape(key) + r'|"' + re.escape(key) + r'")\s*=')
        lines = text.splitlines()
        for number in range(entry_line, len(lines)):       # after the header
            if lines[number].lstrip().startswith("["):
                break
            if written.match(lines[number]):
                return number + 1
        return None

    def key_at(self, where: str, key: str) -> str:
        """' (line N)' for `key` of the TOML entry `where` names with its line, else ''."""
        found = TOML_ENTRY.search(where)
        number = self.key_line(found.group("file"), int(found.group("line")), key) \
            if found else None
        return f" (line {number})" if number is not None else ""


NOWHERE = "(to itself, or to something moved or removed)"     # a link that leads nowhere


def save_as_utf8(name: str) -> str:
    """How a box file that is no UTF-8 text is saved again."""
    return ("save the file as UTF-8 (" + ("a spreadsheet's \"CSV UTF-8\"; "
                                          if name.endswith(".csv") else "")
            + "a text editor's UTF-8 encoding) and check again")


def load_box(directory: str | Path = DEFAULT_BOX_DIR, strict: bool = True) -> Box:
    """Load and validate a box folder; raise DataError listing every problem found.
    `strict=False` (see load_box_texts) reads a box records were played with, such as a
    series' copy written out by `export --box`."""
    directory = Path(directory)
    texts: dict[str, str] = {}
    problems = _Problems()
    if not directory.is_dir():
        raise DataError([f"{directory}: " + ("is a file, not a box folder (give the folder "
                                             "holding box.toml)" if directory.exists() else
                                             f"is a link that leads to no folder {NOWHERE}"
                                             if directory.is_symlink() else
                                             "no such folder")])
    for name in BOX_FILES:
        path = directory / name
        what = not_a_file(path)
        if what:            # (a pipe in a box folder waited for a writer for ever)
            problems.add(str(path), f"is {what}, not a file: not read")
            continue
        try:
            # utf-8-sig: a spreadsheet's "CSV UTF-8" starts with a byte-order mark.
            text = path.read_text(encoding="utf-8-sig")
            utf16 = utf16_said(path) if "\x00" in text else ""
            if utf16:
                problems.add(str(path), f"is not UTF-8 text{utf16}: " + save_as_utf8(name))
                continue
            texts[name] = text
        except FileNotFoundError:
            if path.is_symlink():
                problems.add(str(path), f"is a link that leads to no file {NOWHERE}")
                continue
            present = [p.name for p in directory.iterdir()
                       if p.is_file() and p.name not in BOX_FILES]
            other = next((n for n in present if n.casefold() == name), None)
            # A box file renamed by a slip ('card.toml', 'pitcher.csv'): named, to rename.
            near = None if other else renamed(name, present)
            problems.add(str(path), "file is missing" + (
                f" (there is {other!r}: the name is written {name!r}, in lower case)"
                if other else f" (there is {near!r}: rename it {name!r})" if near else ""))
        except UnicodeDecodeError as error:
            line, byte = undecodable_at(path, error)
            problems.add(f"{path}, line {line}", f"is not UTF-8 text (the byte {byte}, "
                         f"cannot be read{utf16_said(path)}): " + save_as_utf8(name))
        except OSError as error:
            problems.add(str(path), f"cannot be read ({error.strerror or error})")
    if problems.items:
        raise DataError(problems.items)
    return load_box_texts(texts, origin=str(directory), strict=strict)


def load_box_texts(texts: dict[str, str], origin: str = "box", strict: bool = True) -> Box:
    """Build a box from the text of its files (also how a series' frozen copy is reloaded).

    `strict=False` is for a box already accepted once (a series' frozen copy): the checks
    of what a box may say (a bonus's marker, a key the format does not know, two teams of
    one name) are the companion's reading of the rules and may have grown stricter since
    the series began; the box still loads, so the series opens as it was played. What
    the engine needs to run (ratings in range, rosters that can field a series) is
    checked either way."""
    problems = _Problems(texts)
    loader = _Loader(texts, origin, problems, strict)
    box = loader.load()
    if problems.items or box is None:
        raise DataError(problems.items or [f"{origin}: box could not be loaded"],
                        loader.warnings)
    digest = hashlib.sha256()
    for name in BOX_FILES:
        digest.update(name.encode())
        digest.update(texts[name].encode())
    box.fingerprint = digest.hexdigest()[:16]
    box.texts = dict(texts)
    box.warnings = tuple(loader.warnings)
    return box


SHOWN_MOST = 60        # characters of a value a message repeats


def shown(value, inner: bool = False) -> str:
    """A value read from a box file, written as the file writes it (true, not True; a
    table as { key = value }), for a message to the player who typed it."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        text = "[" + ", ".join(shown(v, inner=True) for v in value) + "]"
    elif isinstance(value, dict):
        text = "{ " + ", ".join(f"{k} = {shown(v, inner=True)}"
                                for k, v in value.items()) + " }"
    elif isinstance(value, (datetime.date, datetime.time)):
        text = value.isoformat()                # (a date or datetime as TOML writes one)
    elif inner and isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)       # as TOML writes a text
    elif isinstance(value, float) and math.isinf(value):
        return "a number too large to read"     # (1e400 reads as infinity)
    else:
        text = repr(value)
    if len(text) > SHOWN_MOST and not inner:    # a key held down: its start, and how long
        return f"{text[:SHOWN_MOST - 20]}... ({len(text)} characters)"
    return text


def rating_owners(rating) -> str:
    """'batter.speed' or 'fielder.speed' for a rating named without whose it is ('' when
    no piece has it), as a player is offered the ways to write it."""
    if not isinstance(rating, str):
        return ""
    owners = [f"{role}.{rating.strip().casefold()}" for role, names in RATING_RANGES.items()
              if rating.strip().casefold() in names]
    return " or ".join(map(repr, owners))


def quoted_number(value) -> bool:
    """A whole number typed in quotes in a TOML file ('2' for 2): read as text, refused."""
    return isinstance(value, str) and WHOLE.fullmatch(value.strip()) is not None


WITHOUT = "write it without them"
QUOTED = f"a number in quotes is read as text: {WITHOUT}"


def first_table(value) -> dict:
    """A list of tables written where one table is meant ([[box]]): its first, read on so
    that its fields are not told missing as well; {} for anything else."""
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return value[0]
    return {}


# Keys a card effect's table does not take, which belong to its card (or a ballpark's).
EFFECT_ELSEWHERE = {
    "scoring_numbers": "extra scoring numbers are the card's own field, not an effect's: "
                       "write scoring_numbers = [11] beside 'effects'",
    "cancels": "what a card cancels is the card's own field: write it beside 'effects'",
    "nines_remove_runs": "nines_remove_runs is the card's own field: write it beside "
                         "'effects'",
    "requires": "a condition on the whole card is the card's 'requires'; an effect's own "
                "condition is 'when'",
    "applies": "'applies' is a ballpark effect's field (teams.toml), not a card's",
}
# A condition as the format writes it (a test, say 'batter.power >= 3', is not read).
CONDITION_FORM = '{ rating = "batter.power", at_least = 3 } (docs/data-format.md)'
# Keys a card's table does not take, which belong to one of its tables.
CARD_ELSEWHERE = {
    "when": "a condition on the whole card is 'requires'; 'when' goes in one effect or bonus",
    "marker": "a marker move goes in 'effects' (or 'bonus'): effects = [ { marker = "
              "\"number\", up = 1 } ]",
    "up": "a marker move goes in 'effects' (or 'bonus'): effects = [ { marker = \"number\", "
          "up = 1 } ]",
    "down": "a marker move goes in 'effects' (or 'bonus'): effects = [ { marker = "
            "\"number\", down = 1 } ]",
    "rating": "a rating the card asks for goes in 'requires': requires = { rating = "
              "\"batter.power\", at_least = 3 }",
}


def out_of_range(value, whole: bool, low: int, high: int) -> str:
    """Why a rating is refused: a whole number outside its range, or not a whole number
    (a TOML number in quotes told so: '2' beside 'accepted: 1..50' puzzled)."""
    if whole:
        return f"{shown(value)} is outside the accepted range {low}..{high}"
    if isinstance(value, str) and not value.strip():
        return f"is empty: give a whole number (accepted: {low}..{high})"   # (a CSV cell)
    if quoted_number(value):
        return f"{shown(value)}: {QUOTED} (accepted: {low}..{high})"
    return f"{shown(value)} is not a whole number (accepted: {low}..{high})"


CURLY_QUOTES = "\u201c\u201d\u2018\u2019"
MISSING_TEXT = "is missing: write it as text in double quotes"
MARKERS = ("number", "rolls")             # the two markers a move moves (rule 4.6)
SIDES = ("offense", "defense")            # a strategy card's side (rule 2.3)
# What the parser's message most often means in a box file typed by hand, and the fix.
BACKSLASH_HINT = ("a backslash in a double-quoted text starts an escape: write it twice "
                  "(\\\\) for one, or put the text in single quotes")
TOML_HINTS = (
    ("Invalid value", "a text needs double quotes around it (name = \"Good Wood\"); a "
                      "number is written in digits (copies = 3), true and false bare"),
    ("Unclosed array", "a list [ ... ] is not closed: a comma is missing between two of its "
                       "items, or its ] is missing"),
    ("Unclosed inline table", "an inline table { ... } is not closed: a comma is missing "
                              "between two of its values ({ marker = \"number\", up = 1 }), "
                              "or its } is missing"),
    ("Cannot declare", "a [table] is written once; a list of entries (each card, each team) "
                       "starts each entry with a double-bracket header, [[card]]"),
    ("Cannot overwrite a value", "a key is given twice in one table or entry"),
    ("Illegal character '\\n'", "a text is not closed: its closing double quote is missing"),
    ("Expected '=' after a key", "a key and its value need an = between them"),
    ("Expected ']", "a table header is not closed: [team.ballpark] ends with ], a list "
                    "entry's [[card]] with ]]"),
    ("Unescaped '\\'", BACKSLASH_HINT),
    # ('\U' or '\u' begins a character by its code: 'C:\Users' is read as one)
    ("Invalid hex value", BACKSLASH_HINT),
    ("Expected newline or end of document", "something follows the value on its line (one "
                                            "key = value a line; a double quote inside a "
                                            "text is written \\\", or the text goes in "
                                            "single quotes)"),
)


def toml_words(message: str) -> str:
    """The parser's message with a table's name as the file writes it: "Cannot declare
    ('card',) twice" reads "Cannot declare [card] twice"."""
    return re.sub(r"\(((?:'[^']*',?\s*)+)\)",
                  lambda found: "[" + ".".join(re.findall(r"'([^']*)'", found.group(1))) + "]",
                  message)


def as_typed(line: str) -> str:
    """A line of a file in quotes, as the file has it: a repr doubled each backslash, so a
    line told to double one read as if it did already."""
    return f'"{line}"' if "'" in line and '"' not in line else f"'{line}'"


def toml_hint(text: str, message: str) -> str:
    """The line the parser stopped on and what to fix there ('' when nothing fits)."""
    found = re.search(r"at line (\d+), column \d+", message)
    lines = text.splitlines()
    if not found or not 0 < int(found.group(1)) <= len(lines):
        return ""
    at = int(found.group(1))
    line = lines[at - 1]
    typed = line.strip()
    entry = re.fullmatch(r"\[\[\s*([\w.]+)\s*\]\]", typed)
    if entry and message.startswith(("Cannot overwrite", "Cannot declare", "Cannot mutate")):
        # The entry before was written [card]: the parser stops at the next [[card]].
        single = re.compile(r"\[\s*" + re.escape(entry.group(1)) + r"\s*\]")
        before = next((number for number in range(at - 1, 0, -1)
                       if single.fullmatch(lines[number - 1].strip())), None)
        if before is not None:
            return (f"; line {before} reads {as_typed(lines[before - 1].strip())}: each "
                    "entry of "
                    f"the list starts with a double-bracket header, [[{entry.group(1)}]] "
                    f"(the parser stopped at the next entry, line {at})")
    quoted = f"; the line reads {as_typed(typed[:60] + ('...' if len(typed) > 60 else ''))}"
    if any(mark in line for mark in CURLY_QUOTES):
        return (f"{quoted}: curly quotes; type straight double quotes (\") as a plain text "
                "editor does (a word processor or a phone curls them)")
    if "key part" in message:
        if re.search(r",\s*}", line):
            return (f"{quoted}: a comma after the last value of an inline table {{ ... }}: "
                    "TOML allows none before its }")
        if line.count("{") > line.count("}"):
            return (f"{quoted}: an inline table {{ ... }} is closed on the line it opens on "
                    "(the list [ ... ] around such tables may span lines)")
        return f"{quoted}: each line is key = value, or a [table] header"
    if "end of document" in message and line.count("'") >= 3:
        return (f"{quoted}: a text in single quotes cannot hold an apostrophe; use double "
                "quotes (\"Pitcher's Duel\")")
    if message.startswith("Unclosed") and line.count("}") > line.count("{"):
        # (the parser reads a } too many as the list's end missing)
        return f"{quoted}: a }} too many: each {{ is closed by one }}"
    hint = next((fix for start, fix in TOML_HINTS if message.startswith(start)), "")
    return f"{quoted}: {hint}" if hint else quoted


class _Loader:
    def __init__(self, texts: dict[str, str], origin: str, problems: _Problems,
                 strict: bool = True):
        self.texts = texts
        self.origin = origin
        self.problems = problems
        self.strict = strict
        self.unknown_rosters: dict[tuple[str, str], list] = {}
        self.refused: set[str] = set()          # CSV files with a line refused whole
        self.rolls_boxes = 20                   # the printed Scoring Rolls boxes (box.toml)
        self.team_wheres: dict[str, str] = {}   # each team's place in teams.toml, by key
        self.roster_wheres: dict[str, str] = {}     # ... of the team naming each roster
        # The keys and rosters of team entries refused (a key twice, a roster taken): the
        # pieces' lines naming them are not told again as naming no roster.
        self.refused_teams: set[str] = set()
        # (file, roster key) of the pieces refused or miscounted (a name taken or empty, a
        # position or type refused, read as the first; a team column that is a slip for
        # the roster): their roster's counts are not told, short for a reason told already.
        self.uncounted: set[tuple[str, str]] = set()
        self.warnings: list[str] = []           # likely slips that still load (warn_moves)
        # id of a table read -> (the table, the keys its misspelt keys were taken for): the
        # table kept with its keys, so a table freed and its id reused reads none of them
        self.meant: dict[int, tuple[dict, set[str]]] = {}
        self.unread_tables: set[int] = set()    # tables under a misspelt name (table_of)
        self.unread_lists: set[str] = set()     # lists of tables so (tables_of)

    def where(self, filename: str, entry: str = "", fieldname: str = "") -> str:
        text = f"{self.origin}/{filename}"
        if entry:
            text += f", {entry}"
        if fieldname:
            text += f", field {fieldname!r}"
        return text

    def toml(self, filename: str) -> dict | None:
        if filename in EMPTY_SAID and not re.sub(r"(?m)^[ \t]*#.*$", "",
                                                self.texts[filename]).strip():
            # (told once: an empty box.toml's fields 'missing' said it seven times; an
            # empty teams.toml says it holds no team where teams are read)
            self.problems.add(self.where(filename), EMPTY_SAID[filename])
            return None
        try:
            return tomllib.loads(self.texts[filename])
        except tomllib.TOMLDecodeError as error:
            hint = toml_hint(self.texts[filename], str(error))
            self.problems.add(self.where(filename),
                              f"TOML syntax error: {toml_words(str(error))}{hint}")
        except RecursionError:
            self.problems.add(self.where(filename), "lists or tables nested too deep to read "
                                                    "(a box needs three levels at most)")
        except ValueError:      # a number of more digits than Python converts (4,300)
            text = self.texts[filename]
            found = re.search(r"\d{4000,}", text)
            line = f" (line {text.count(chr(10), 0, found.start()) + 1})" if found else ""
            self.problems.add(self.where(filename), f"a number of thousands of digits{line} "
                              "is too long to read: no number of a box has more than a few")
        return None

    def table_at(self, filename: str, name: str) -> str:
        """'[name] (line N)': a single table named with the line it starts on."""
        line = self.line_of(filename, name, 1, array=False)
        return f"[{name}]" + (f" ({line})" if line else "")

    def line_of(self, filename: str, header: str, index: int, array: bool = True) -> str:
        """'line N' of the `index`-th (from 1) `[[header]]` table (`[header]` when not an
        `array`), to point a player at it."""
        brackets = (r"\[\[", r"\]\]") if array else (r"\[", r"\]")
        pattern = re.compile(r"^\s*" + brackets[0] + r"\s*" + re.escape(header) + r"\s*"
                             + brackets[1])
        seen = 0
        for number, line in enumerate(self.texts[filename].splitlines(), start=1):
            if pattern.match(line):
                seen += 1
                if seen == index:
                    return f"line {number}"
        return ""

    def park_effect_line(self, team: int, index: int) -> str:
        """'line N' where the `index`-th (from 1) effect of the `team`-th team's ballpark
        starts: in its `effects = [...]` list (an inline table opened at the list's own
        depth) or as its index-th [[team.ballpark.effects]]; '' when not found."""
        lines = self.texts["teams.toml"].splitlines()
        start = self.line_of("teams.toml", "team", team)
        if not start:
            return ""
        in_park = in_list = False
        depth = seen = 0
        for number in range(int(start.split()[1]), len(lines)):
            text = lines[number].split("#", 1)[0].strip()
            if not in_list:
                if re.match(r"\[\[\s*team\s*\]\]", text):
                    break                               # the next team
                if re.match(r"\[\s*team\.ballpark\s*\]", text):
                    in_park = True
                elif re.match(r"\[\[\s*team\.ballpark\.effects\s*\]\]", text):
                    seen += 1
                elif in_park and re.match(r"effects\s*=\s*\[", text):
                    in_list, text = True, text.split("[", 1)[1]
                if seen == index:
                    return f"line {number + 1}"
                if not in_list:
                    continue
            for char in text:
                if char == "{":
                    seen += depth == 0
                    depth += 1
                    if seen == index:
                        return f"line {number + 1}"
                elif char == "}":
                    depth -= 1
                elif char == "]" and depth == 0:
                    return ""                           # the list ends
        return ""

    # -- small typed getters ---------------------------------------------------------

    def get_int(self, table: dict, key: str, where: str, low: int, high: int) -> int:
        value = table.get(key)
        if value is None:
            if not self.misspelt(table, key):
                self.problems.add(where + f", field {key!r}",
                                  f"is missing (accepted: {low}..{high})")
            return low
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.problems.add(where + f", field {key!r}", out_of_range(
                value, isinstance(value, int) and not isinstance(value, bool), low, high))
            return low
        return value

    @staticmethod
    def is_choice(value, choices: tuple[str, ...]) -> bool:
        """Whether `value` is one of `choices`, whatever its case (as `choice` reads it)."""
        return isinstance(value, str) and value.strip().casefold() in (
            choice.casefold() for choice in choices)

    def choice(self, value, choices: tuple[str, ...], where: str) -> str:
        """One of `choices`, whatever its case, or the first after a problem is told."""
        if self.is_choice(value, choices):
            return next(c for c in choices if value.strip().casefold() == c.casefold())
        accepted = f"one of {', '.join(choices)}"
        near = closest(value, choices) if isinstance(value, str) else None
        self.problems.add(where, f"is missing (accepted: {accepted})" if value is None
                          else f"is empty: give {accepted}" if isinstance(value, str)
                          and not value.strip()
                          else f"{shown(value)} is not {accepted}"
                          + (f"; did you mean {near!r}?" if near else ""))
        return choices[0]

    def get_str(self, table: dict, key: str, where: str, choices: tuple[str, ...] | None = None,
                required: bool = True, accepted: str = "text") -> str:
        value = table.get(key)
        if value is None and (not required or self.misspelt(table, key)):
            return choices[0] if choices and required else ""
        if choices is not None:
            return self.choice(value, choices, where + f", field {key!r}")
        if not isinstance(value, str):
            self.problems.add(where + f", field {key!r}", (MISSING_TEXT if accepted == "text"
                                                          else f"is missing (accepted: "
                                                          f"{accepted})")
                              if value is None else f"{shown(value)} is not text")
            return ""
        return value

    def misspelt(self, table: dict, key: str) -> bool:
        """Whether a key missing from `table` is one a misspelt key there was taken for (the
        misspelling told by `unknown_fields` with the key meant, not a second line), or
        `table` stands for one written under a misspelt name (every key of it)."""
        return key in self.misspelt_keys(table) or (
            id(table) in self.unread_tables and self.meant[id(table)][0] is table)

    def misspelt_away(self, data: dict, key: str) -> bool:
        """Whether `data` lacks `key` because it was written under a misspelt name
        ('[inning]', '[[cards]]'): told as such, not again as what it leaves out."""
        return key not in data and self.misspelt(data, key)

    def misspelt_keys(self, table: dict) -> set[str]:
        """The keys misspelt keys of `table` were taken for (`unknown_fields`)."""
        kept, keys = self.meant.get(id(table), (None, set()))
        return keys if kept is table else set()

    def text(self, table: dict, key: str, where: str) -> str:
        """An optional text field ('' when left out); any other value is told (a strict
        load) and read as its text, as a series' box frozen before the check was."""
        value = table.get(key)
        if value is None:
            return ""
        if not isinstance(value, str):
            self.policy(where + f", field {key!r}", f"{shown(value)} is not text (write it "
                        "in quotes)")
            return str(value)
        self.check_printed(value, where + f", field {key!r}")
        return value

    def check_printed(self, text: str, where: str, lines: bool = True) -> str:
        """A text printed on a component (a card's, a piece's information): no control
        character (a NUL, an escape) but line breaks where the text may hold `lines`: it
        prints as a box, or nothing, and shows on no screen. Returns the text."""
        hidden = next((c for c in text if unicodedata.category(c) == "Cc"
                       and not (lines and c == "\n")), None)
        if hidden is not None:
            self.policy(where, f"{clip(text)!r} holds a control character (U+"
                               f"{ord(hidden):04X}), which prints as a box and shows on no "
                               "screen" + ("" if lines else ": it is one line of text"))
        return text

    def table_of(self, data: dict, key: str, where: str) -> dict:
        """`data[key]` as one table ({} when left out); a value of another shape is told."""
        value = data.get(key, {})
        if self.misspelt_away(data, key):
            # ('[inning]' for [innings]: told as a misspelling, its fields not as missing)
            value = {}
            self.meant[id(value)] = (value, set())      # (kept: its id stays its own)
            self.unread_tables.add(id(value))
        if isinstance(value, dict):
            return value
        self.problems.add(where, f"written as a list of tables ([[{key}]]) where one is "
                                 f"meant: [{key}] in single brackets"
                                 if isinstance(value, list) else
                                 f"{shown(value)} is not a table: write [{key}] on a line of "
                                 "its own with its fields under it")
        # ([[box]]: its first table read on, its fields not told missing as well)
        return first_table(value)

    def tables_of(self, data: dict, key: str, where: str) -> list[dict]:
        """`data[key]` as a list of tables ([[key]] headers; [] when left out): a value of
        another shape, or an entry that is no table, is told and left out."""
        value = data.get(key, [])
        if self.misspelt_away(data, key):
            self.unread_lists.add(key)      # ('[[cards]]': its entries not told missing)
        if not isinstance(value, list):
            self.problems.add(where, f"{shown(value)} is not a list of tables: begin each "
                                     f"entry with [[{key}]] on a line of its own")
            return []
        for number, entry in enumerate(value, start=1):
            if not isinstance(entry, dict):
                self.problems.add(where + f", entry {number}", f"{shown(entry)} is not a "
                                  f"table: begin each entry with [[{key}]] on a line of its own")
        return [entry for entry in value if isinstance(entry, dict)]

    def policy(self, where: str, message: str) -> None:
        """A problem with what the box says, not with what the engine can run: told by a
        strict load only (see load_box_texts)."""
        if self.strict:
            self.problems.add(where, message)

    def unknown_fields(self, table, known, where: str, what: str = "field",
                       elsewhere: dict[str, str] | None = None) -> set[str]:
        """Every key of `table` that is not one of `known`, named with the closest accepted
        key (a misspelt key would otherwise be read as missing, or silently ignored); the
        keys it was taken for."""
        meant: set[str] = set()
        if not isinstance(table, dict):
            return meant
        for key in table:
            if key not in known:
                if elsewhere and key in elsewhere:      # a key of another table, put here
                    hint = f"{elsewhere[key]}; "
                else:
                    near = closest(str(key), known)
                    meant.update([near] if near else [])
                    hint = f"did you mean {near!r}? " if near else ""
                # (a value where a table belongs is a key, not a table)
                value = table[key]
                tables = isinstance(value, dict) or (isinstance(value, list) and value and all(
                    isinstance(entry, dict) for entry in value))        # ([[cards]] too)
                said = "key" if what == "table" and not tables else what
                self.policy(where, f"unknown {said} {key!r}{self.problems.key_at(where, key)}"
                                   f"; {hint}accepted: {', '.join(sorted(known))}")
        if self.strict and meant:       # (a loose load tells no misspelling: nor left out)
            self.meant.setdefault(id(table), (table, set()))[1].update(meant)
        return meant

    # -- files ---------------------------------------------------------------------------

    def load(self) -> Box | None:
        """The box, or None with its problems told. A TOML file that does not parse is told
        and the files that do not hang on it are still checked (its one line hid every
        other file's problems until it was mended): box.toml's track, teams.toml with the
        pieces' files, cards.toml."""
        box_data = self.toml("box.toml")
        teams_data = self.toml("teams.toml")
        cards_data = self.toml("cards.toml")
        head = self.track(box_data) if box_data is not None else None
        teams = rosters = cards = None
        if teams_data is not None:
            self.unknown_fields(teams_data, ("team",), self.where("teams.toml"), "table")
            teams = self.teams(self.tables_of(teams_data, "team", self.where("teams.toml",
                                                                             "[[team]]")))
            rosters = self.rosters(teams)
        if cards_data is not None:
            self.unknown_fields(cards_data, ("card",), self.where("cards.toml"), "table")
            cards = self.cards(self.tables_of(cards_data, "card", self.where("cards.toml",
                                                                             "[[card]]")))
        if head is None or teams is None or rosters is None or cards is None:
            return None
        self.warn_unplayed(head["strategies"], head["extra_strategy"], cards)
        return Box(**head, teams=teams, rosters=rosters, cards=cards)

    def warn_unplayed(self, strategies: tuple[str, ...], extra: str,
                      cards: dict[str, Card]) -> None:
        """A category of cards no inning strategy names (rule 5.3; extra innings 'any' name
        each, 6.2): its cards can never be played. A box of nine 'none' innings passed the
        check whole, though no Power, Speed, OBP or Clutch card could ever come out."""
        played = set(strategies) | (set(STRATEGIES) if extra == "any" else {extra})
        where = self.where("box.toml", self.table_at("box.toml", "innings"))
        for category in STRATEGIES:
            unplayed = [card.name for card in cards.values() if card.category == category]
            if category in played or not unplayed:
                continue
            more = f" and {len(unplayed) - 3} more" if len(unplayed) > 3 else ""
            self.warnings.append(
                f"{where}, field 'strategies': no inning plays {category} (nor extra innings, "
                f"'extra' = {extra!r}), so the {category} cards of cards.toml "
                f"({', '.join(unplayed[:3])}{more}) can never be played (rule 5.3)")

    def track(self, box_data: dict) -> dict:
        """box.toml read: the box's name, the DH's Defense, the Rally Caps, both tracks and
        the inning strategies, as Box's fields."""
        self.unknown_fields(box_data, BOX_TABLES, self.where("box.toml"), "table")
        where = self.where("box.toml", self.table_at("box.toml", "box"))
        head = self.table_of(box_data, "box", where)
        self.unknown_fields(head, ("name", "dh_defense", "rally_caps"), where)
        name = self.get_str(head, "name", where)
        if isinstance(head.get("name"), str):           # (one missing is told already)
            self.check_line(name, where + ", field 'name'")
        dh_defense = self.get_int(head, "dh_defense", where, 0, 9)
        rally_caps = self.get_int(head, "rally_caps", where, 0, 9)
        where = self.where("box.toml", self.table_at("box.toml", "scoring_rolls"))
        rolls = self.table_of(box_data, "scoring_rolls", where)
        self.unknown_fields(rolls, ("boxes", "max"), where)
        rolls_boxes = self.get_int(rolls, "boxes", where, 1, 20)
        # Read as written, or refused: then no stuff_rolls is told out of it (true and 1.0
        # are refused, though Python takes either for 1).
        given = rolls.get("boxes")
        boxes_read = type(given) is int and rolls_boxes == given
        if boxes_read:
            self.rolls_boxes = rolls_boxes
        # The track's last box is its boxes' count at least: the range said is the one
        # accepted with these boxes (max 24 was told 1..20, max 11 another way).
        low = rolls_boxes if boxes_read else 1
        given = rolls.get("max")
        if boxes_read and type(given) is int and given < low:
            self.problems.add(where + ", field 'max'", f"{given} is below boxes {low} "
                                                       f"(accepted: {low}..20)")
            rolls_max = low
        else:
            rolls_max = self.get_int(rolls, "max", where, low, 20)
        scoring = (() if self.misspelt_away(box_data, "scoring_number")
                   else self.scoring_boxes(box_data.get("scoring_number", [])))
        strategies, extra = self.innings(self.table_of(
            box_data, "innings", self.where("box.toml", self.table_at("box.toml", "innings"))))
        return dict(name=name, dh_defense=dh_defense, rally_caps=rally_caps,
                    rolls_boxes=rolls_boxes, rolls_max=rolls_max, scoring_boxes=scoring,
                    strategies=strategies, extra_strategy=extra)

    def scoring_boxes(self, tables: list) -> tuple[ScoringBox, ...]:
        boxes = []
        if isinstance(tables, list) and not all(isinstance(t, dict) for t in tables):
            for index, table in enumerate(tables, start=1):
                if not isinstance(table, dict):
                    self.problems.add(self.where("box.toml", f"scoring_number entry {index}"),
                                      f"{shown(table)} is not a table: begin each box with "
                                      "[[scoring_number]] on a line of its own")
            return ()
        if not isinstance(tables, list) or len(tables) != 12:
            count = len(tables) if isinstance(tables, list) else 0
            # which ones, by the labels given ('box = "XII"'), where they say it
            labels = ([str(t.get("box", "")).strip().upper() for t in tables
                       if isinstance(t, dict)] if isinstance(tables, list) else [])
            missing = [roman(n) for n in range(1, 13) if roman(n) not in labels]
            twice = list(dict.fromkeys(label for label in labels
                                       if label and labels.count(label) > 1))
            said = "; ".join(part for part in (
                f"missing: {', '.join(missing)}" if missing and count < 12 else "",
                f"given twice: {', '.join(twice)}" if twice else "") if part)
            self.problems.add(self.where("box.toml", "[[scoring_number]]"),
                              f"the track needs exactly 12 boxes (I..XII), found {count}"
                              + (f" ({said})" if said else ""))
            return ()
        for index, table in enumerate(tables, start=1):
            line = self.line_of("box.toml", "scoring_number", index)
            where = self.where("box.toml", f"scoring_number box {roman(index)}"
                               + (f" ({line})" if line else ""))
            self.unknown_fields(table, ("box", "numbers", "first", "then", "flavour"), where)
            label = table.get("box")
            if isinstance(label, str) and label.strip().upper() == roman(index):
                label = roman(index)
            if label != roman(index):
                said = ("is missing (accepted:" if label is None else
                        f"{shown(label)} is not the box's label (accepted:")
                self.problems.add(where + ", field 'box'", f"{said} {roman(index)!r}: the "
                                  f"track's boxes are listed in order, I..XII: entry "
                                  f"{index} is box {roman(index)})")
            numbers = self.totals(table.get("numbers", []), where, "numbers")
            first = table.get("first")
            then = self.totals(table.get("then", []), where, "then")
            if first is not None:
                first = self.get_int(table, "first", where, 2, 12)
                if table.get("then") in (None, []):     # (bad totals are told by totals)
                    self.problems.add(where + ", field 'then'",
                                      "a box with 'first' needs the totals of its free roll")
            elif "then" in table:
                self.policy(where + ", field 'then'", "'then' is the free roll of a box with "
                            "'first' (rule 4.6.2): give 'first' too")
            elif not table.get("numbers"):     # (a bad total is told by totals itself)
                self.problems.add(where + ", field 'numbers'", "no scoring totals given: the "
                                  "dice totals that score in this box, like [7, 2]")
            boxes.append(ScoringBox(index, frozenset(numbers), first, frozenset(then),
                                    self.text(table, "flavour", where)))
        return tuple(boxes)

    def totals(self, values, where: str, key: str) -> list[int]:
        if not isinstance(values, list):
            self.problems.add(where + f", field {key!r}",
                              f"{shown(values)} is not a list of dice totals in 2..12, like [7, 2]")
            return []
        bad = [v for v in values if not (isinstance(v, int) and not isinstance(v, bool)
                                         and 2 <= v <= 12)]
        if bad:
            self.problems.add(where + f", field {key!r}",
                              f"{', '.join(shown(v, inner=True) for v in bad)} "
                              f"{'is not a dice total' if len(bad) == 1 else 'are not dice totals'}"
                              " (accepted: whole numbers 2..12"
                              + (f"; {QUOTED})" if any(map(quoted_number, bad)) else ")"))
            return []
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            # A total scores once however often it is listed (one run a roll, 4.6.2): a
            # second one is a slip, most likely for another total.
            self.problems.add(where + f", field {key!r}",
                              f"{', '.join(map(str, twice))} given twice (each total once: "
                              "a roll scores one run at most, rule 4.6.2)")
            return []
        return list(values)

    def innings(self, table: dict) -> tuple[tuple[str, ...], str]:
        where = self.where("box.toml", self.table_at("box.toml", "innings"))
        self.unknown_fields(table, ("strategies", "extra"), where)
        strategies = table.get("strategies")
        if self.misspelt_away(table, "strategies"):
            strategies = ["none"] * 9
        elif not isinstance(strategies, list) or len(strategies) != 9:
            self.problems.add(where + ", field 'strategies'",
                              ("is missing: give" if strategies is None else
                               f"{shown(strategies)} lists {len(strategies)}, not nine: give"
                               if isinstance(strategies, list) else
                               f"{shown(strategies)} is not")
                              + " a list of nine, one an inning, each "
                              f"one of {', '.join(STRATEGIES)}")
            if isinstance(strategies, list):        # its entries too, in the same check
                for number, value in enumerate(strategies, start=1):
                    self.choice(value, STRATEGIES, where + f", inning {number}")
            strategies = ["none"] * 9
        else:
            strategies = [self.choice(value, STRATEGIES, where + f", inning {number}")
                          for number, value in enumerate(strategies, start=1)]
        extra = self.choice(table.get("extra", "any"), ("any",) + STRATEGIES,
                            where + ", field 'extra'")
        return tuple(strategies), extra

    # -- conditions and effects ----------------------------------------------------------

    def conditions(self, value, where: str) -> tuple[Condition, ...]:
        if value is None:
            return ()
        tables = value if isinstance(value, list) else [value]
        out = []
        refused: set[str] = set()   # (a choice refused is read as its first: no clash told)
        whole = where
        for number, table in enumerate(tables, start=1):
            # (a condition of several named by its place: 'condition 2')
            where = whole + (f", condition {number}" if len(tables) > 1 else "")
            if not isinstance(table, dict):     # ('condition 2: 5 is not a table')
                named = "" if len(tables) > 1 else "condition "
                self.problems.add(where, f"{named}{shown(table)} is not a table: a "
                                         f"condition is written {CONDITION_FORM}")
                continue
            known = {"matchup", "rating", "at_least", "at_most", "batting", "score",
                     "inning_at_least", "bats", "throws"}
            if not table:       # ('requires = { }': a condition left unwritten, or cut)
                self.policy(where, "a condition is empty ({ }): it asks nothing; write what "
                                   f"it asks ({', '.join(sorted(known))}) or leave it out")
                continue
            self.unknown_fields(table, known, where, "condition")
            read = {k: v for k, v in table.items() if k in known}   # in the format's case
            if "matchup" in table:
                read["matchup"] = self.get_str(table, "matchup", where, MATCHUPS)
            bounds = [key for key in ("at_least", "at_most") if key in table]
            if "rating" in table:
                ref = read["rating"] = self.rating_ref(table["rating"],
                                                       where + ", field 'rating'")
                if not bounds:
                    self.problems.add(where, "a rating condition needs at_least or at_most")
                if ref is not None:         # a bound the rating can reach (5.1.1 c)
                    role, rating = ref.split(".", 1)
                    low, high = RATING_RANGES[role][rating]
                    values = [self.get_int(table, key, where, low, high) for key in bounds]
                    if len(values) == 2 and values == [table["at_least"], table["at_most"]] \
                            and values[0] > values[1]:
                        self.problems.add(where, f"at_least {values[0]} is above at_most "
                                                 f"{values[1]}: no {ref} can hold both")
            elif bounds:
                self.problems.add(where, f"{' and '.join(bounds)} need"
                                         f"{'s' if len(bounds) == 1 else ''} a 'rating' to "
                                         "compare")
            if "inning_at_least" in table:
                self.get_int(table, "inning_at_least", where, 1, LAST_CARD_INNING)
            if "batting" in table:
                read["batting"] = self.get_str(table, "batting", where, ("home", "away"))
            if "score" in table:
                read["score"] = self.get_str(table, "score", where, SCORES)
            if "bats" in table:
                read["bats"] = self.get_str(table, "bats", where, ("R", "L", "S"))
            if "throws" in table:
                read["throws"] = self.get_str(table, "throws", where, ("R", "L"))
            refused |= {key for key, choices in (
                ("matchup", MATCHUPS), ("bats", ("R", "L", "S")), ("throws", ("R", "L")),
                ("batting", ("home", "away")), ("score", SCORES))
                if key in table and not self.is_choice(table[key], choices)}
            out.append(Condition(**read))
        where = whole
        if isinstance(value, list) and not value:     # ('requires = []', as '{ }' above)
            self.policy(where, "the list of conditions is empty ([ ]): it asks nothing; "
                               "write what it asks or leave it out")
        self.check_together(out, where, frozenset(refused))
        return tuple(out)

    def check_together(self, conditions: list[Condition], where: str,
                       refused: frozenset[str] = frozenset(), after: str = "") -> None:
        """Conditions that all must hold (rule 5.1.1 c) but no situation can meet together,
        each sound alone: a rating's bounds in two of them that cross, two sides batting,
        two scores that exclude each other ('tied' and 'ahead'), or handedness no batter
        and pitcher have (a switch hitter bats opposite the pitcher: 'same' never holds for
        him). Such a card could never be played. `refused`: the fields (side, score, hand)
        refused among them, each read as its first choice: no clash is told of them;
        `after` ends each message (what never applies, for an effect's 'when' read with
        its card's 'requires')."""
        # (policy: a series' box frozen before this check still loads; a bound refused
        # already is told alone, not again as a clash)
        if not self.strict:
            return
        for clash in self.clashes(conditions, refused):
            self.policy(where, clash + after)

    @staticmethod
    def clashes(conditions: list[Condition], refused: frozenset[str] = frozenset()
                ) -> list[str]:
        """What keeps conditions that must all hold from ever holding together (see
        check_together), a message each."""
        def whole(value) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        out = []
        if len(conditions) > 1:
            for ref in dict.fromkeys(c.rating for c in conditions if c.rating):
                lows = [c.at_least for c in conditions if c.rating == ref and whole(c.at_least)]
                highs = [c.at_most for c in conditions if c.rating == ref and whole(c.at_most)]
                crossed = any(c.rating == ref and whole(c.at_least) and whole(c.at_most)
                              and c.at_least > c.at_most
                              for c in conditions)            # (told as one condition's)
                if lows and highs and max(lows) > min(highs) and not crossed:
                    out.append(f"at_least {max(lows)} and at_most {min(highs)} in two of its "
                               f"conditions: no {ref} can hold both")
            sides = list(dict.fromkeys(c.batting for c in conditions
                                       if c.batting in ("home", "away")))
            if len(sides) > 1 and "batting" not in refused:
                out.append("batting = 'home' and batting = 'away' in two of its conditions: "
                           "one side bats at a time")
            scores = [c.score for c in conditions if c.score in SCORES]
            if "score" not in refused and scores and not any(
                    all(score_holds(kind, sign) for kind in scores) for sign in (-1, 0, 1)):
                said = " and ".join(repr(s) for s in dict.fromkeys(scores))
                out.append(f"score = {said} in two of its conditions: no score is both")
        hands = [Condition(matchup=c.matchup, bats=c.bats, throws=c.throws)
                 for c in conditions if c.matchup or c.bats or c.throws]
        if not hands or refused & {"matchup", "bats", "throws"}:
            return out
        # (effects reads the box: imported here)
        from .effects import Matchup

        if not any(Matchup.facing(SimpleNamespace(bats=bats), SimpleNamespace(throws=throws))
                   .all_hold(hands) for bats in "RLS" for throws in "RL"):
            # (the switch hitter's side said only where it is what clashes)
            switch = any(c.bats == "S" for c in hands) or (
                any(c.matchup in ("same", "opposite") for c in hands)
                and any(c.bats or c.throws for c in hands))
            out.append("no batter and pitcher can meet these conditions together" + (
                " (a switch hitter bats on the side opposite the pitcher, rule 5.1.1 c)"
                if switch else " (rule 5.1.1 c)"))
        return out

    def rating_ref(self, ref, where: str, amount: bool = False) -> str | None:
        """A rating named as 'batter.power'; with `amount`, where a whole number may stand
        instead (a move's up or down), a number refused is told as an amount."""
        if not isinstance(ref, str) or "." not in ref:
            if amount and isinstance(ref, float):
                said = ("is neither a whole number (an amount, 0..20) nor a rating such as "
                        "'batter.power'")
            elif amount and quoted_number(ref):
                said = f"is a number in quotes, read as text: {WITHOUT} (an amount, 0..20)"
            else:
                said = "is not a rating such as 'batter.power'" + (
                    " or a whole number (an amount, 0..20)" if amount else "")
                whose = rating_owners(ref)
                if whose:               # a rating without its piece: 'speed'
                    said += f"; a rating is named with whose it is: {whose}"
            self.problems.add(where, f"{shown(ref)} {said}")
            return None
        # (spaces at its ends read past, as a marker's or a matchup's are)
        role, rating = ref.strip().casefold().split(".", 1)
        ref = f"{role}.{rating}"
        allowed = RATING_RANGES.get(role)
        if allowed is None or rating not in allowed:
            known = [f"{r}.{name}" for r, names in RATING_RANGES.items() for name in names]
            # A rating of another piece ('batter.k': the pitcher's) before the nearest text.
            whose = rating_owners(rating) if allowed is not None else ""
            nearest = closest(ref, known)
            near = whose or (repr(nearest) if nearest else "")
            self.problems.add(where, f"{shown(ref)} is not a known rating; accepted: batter.* or "
                                     f"fielder.* with {', '.join(BALLPLAYER_RATINGS)}, "
                                     f"pitcher.* with {', '.join(PITCHER_RATINGS)}"
                                     + (f"; did you mean {near}?" if near else ""))
            return None
        return ref

    def effect(self, table, where: str) -> Effect | None:
        if not isinstance(table, dict):
            self.problems.add(where, f"{shown(table)} is not a table")
            return None
        # A misspelt key is named as such before what it leaves out is told.
        known = ("marker", "up", "down", "when", "less")
        meant = self.unknown_fields(table, known, where, "field of an effect:",
                                    EFFECT_ELSEWHERE) | self.misspelt_keys(table)
        if table.keys() & EFFECT_ELSEWHERE.keys() and not table.keys() & set(known):
            return None     # (a card's field put in an effect: told, no move missing as well)
        marker = self.get_str(table, "marker", where, MARKERS)
        effect = self.move(table, marker, meant, where)
        # A marker not known is told; the effect is left out of the checks that read it (a
        # bonus's or a side's), which would blame the marker it was taken for.
        return effect if self.is_choice(table.get("marker"), MARKERS) else None

    def move(self, table: dict, marker: str, meant: set[str], where: str) -> Effect | None:
        """An effect's move of `marker`: its amount or rating, and when it applies."""
        # (read first, so that a move given both ways is not the only problem told of the
        # effect: its 'less' out of range waited for a second check)
        when = self.conditions(table.get("when"), where + ", field 'when'")
        less = self.get_int(table, "less", where, 0, 9) if "less" in table else 0
        if ("up" in table) == ("down" in table):
            if not meant & {"up", "down"}:      # (a misspelt one is named as such above)
                self.problems.add(where, "give exactly one of 'up' or 'down'")
            return None
        key = "up" if "up" in table else "down"
        value = table[key]
        sign = 1 if key == "up" else -1
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= 20:
                other = "down" if key == "up" else "up"
                self.problems.add(where + f", field {key!r}", f"{value} is outside 0..20"
                                  + (f"; a move the other way is written {other} = {-value}"
                                     if -20 <= value < 0 else ""))
            if less:
                self.problems.add(where + ", field 'less'", "only a rating move takes 'less'")
            return Effect(marker, sign, amount=value, when=when)
        ref = self.rating_ref(value, where + f", field {key!r}", amount=True)
        return Effect(marker, sign, rating=ref, when=when, less=less) if ref else None

    def effects(self, values, where: str, check=None) -> tuple[Effect, ...]:
        """The effects of a list; `check(effect, entry)` runs on each read without a
        problem (one already told, an unknown condition, is not told again as what it
        leaves out)."""
        if values is None:
            return ()
        if isinstance(values, dict):        # one effect, written without its list
            self.problems.add(where, f"{shown(values)} is one effect: write it in a list, "
                                     "[ { ... } ], even when it is the only one")
            return ()
        if not isinstance(values, list):
            self.problems.add(where, f"{shown(values)} is not a list of effects")
            return ()
        out = []
        for number, table in enumerate(values):
            told = len(self.problems.items)
            effect = self.effect(table, f"{where}, entry {number + 1}")
            if effect:
                out.append(effect)
                if check is not None and len(self.problems.items) == told:
                    check(effect, f"{where}, entry {number + 1}")
        return tuple(out)

    def bonus(self, values, where: str) -> tuple[Effect, ...]:
        """Rule 5.1.1 b: a bonus section reads a batter's, fielder's or pitcher's rating
        (its amount, a rating test, or the Bats/Throws matchup of 5.1.1 c) and moves the
        Scoring Rolls marker."""
        def check(effect: Effect, entry: str) -> None:
            if effect.marker != "rolls":
                self.policy(entry, "a bonus moves the Scoring Rolls marker only (rule "
                                  "5.1.1 b); put a Scoring Number move under 'effects' with "
                                  "a 'when'")
            if effect.rating is None and not any(
                    c.rating or c.matchup or c.bats or c.throws for c in effect.when):
                self.policy(entry, "a bonus reads a batter's, fielder's or pitcher's "
                                  "rating (rule 5.1.1 b): give its amount as a rating, or a "
                                  "'when' with rating, matchup, bats or throws")

        return self.effects(values, where, check)

    def warn_moves(self, card: Card, where: str) -> None:
        """What a card says that is most likely a slip, told as a warning (the box still
        loads): a move against its side (offense cards help the batter, pushing the
        markers up and adding scoring numbers; defense cards push them down, rule 5.1), a
        move of nothing (0, or a rating less more than the rating ever is)."""
        helps = "up" if card.side == "offense" else "down"
        for field_name, effects in (("effects", card.effects), ("bonus", card.bonus)):
            for number, effect in enumerate(effects, start=1):
                place = f"{where}, field {field_name!r}, entry {number}"
                moves = "up" if effect.sign > 0 else "down"
                if moves != helps:
                    self.warnings.append(
                        f"{place}: {'an' if card.side == 'offense' else 'a'} {card.side} "
                        f"card moving the {effect.marker} marker "
                        f"{moves}: {card.side} cards move markers {helps} (rule 5.1); "
                        f"write '{helps}' unless the card means it")
                self.warn_nothing(effect, place)
        if card.side == "defense" and card.scoring_numbers:
            self.warnings.append(f"{where}, field 'scoring_numbers': a defense card adding "
                                 "scoring numbers helps the batter; extra scoring numbers "
                                 "belong to offense cards")

    def warn_nothing(self, effect: Effect, place: str) -> None:
        """A move of nothing (0, or a rating less more than the rating ever is), told as a
        warning: a card's or a ballpark's, most likely a slip."""
        if effect.rating is None and effect.amount == 0:
            self.warnings.append(f"{place}: moves the marker by 0, which does nothing")
        elif effect.rating is not None:
            role, rating = effect.rating.split(".", 1)
            most = RATING_RANGES[role][rating][1]
            if effect.less >= most:
                self.warnings.append(
                    f"{place}: {effect.rating} less {effect.less} is never more than "
                    f"0 ({effect.rating} is at most {most}), so it moves nothing")

    # -- teams and rosters --------------------------------------------------------------

    def teams(self, tables: list) -> dict[str, Team]:
        teams: dict[str, Team] = {}
        for number, table in enumerate(tables, start=1):
            raw_key = table.get("key")
            key = str(raw_key) if raw_key is not None else f"#{number}"
            line = self.line_of("teams.toml", "team", number)
            # (a key that is no text named as the file writes it: ["new-york"], not a repr)
            said = shown(key if isinstance(raw_key, str) or raw_key is None else raw_key)
            where = self.where("teams.toml", f"team {said}" + (f" ({line})" if line else ""))
            if not (isinstance(raw_key, str) and TEAM_KEY.fullmatch(raw_key)):
                # The key names the team in commands and in every game record's header.
                spaced = (isinstance(raw_key, str) and raw_key != raw_key.strip()
                          and TEAM_KEY.fullmatch(raw_key.strip()))
                self.policy(where + ", field 'key'", ("is missing" if raw_key is None else
                                                      f"{shown(raw_key)} is not a key")
                            + (": a space at its start or end" if spaced else "")
                            + " (accepted: letters, digits and '-', like \"new-york\")")
            elif len(raw_key) > NAME_MOST:
                self.policy(where + ", field 'key'",
                            f"{clip(raw_key)!r} is {len(raw_key)} characters; a key is at most "
                            f"{NAME_MOST} (it goes into every game record's header line, "
                            "typed in commands)")
            self.unknown_fields(table, ("key", "name", "abbrev", "standard", "colours",
                                        "roster", "ballpark"), where)
            name = self.get_str(table, "name", where)
            if isinstance(table.get("name"), str):      # (one missing is told already)
                self.check_line(name, where + ", field 'name'")
            abbrev = self.get_str(table, "abbrev", where,
                                  accepted=f"1..{ABBREV_MAX} letters or digits, like \"NYH\"")
            if "abbrev" in table and not (1 <= len(abbrev) <= ABBREV_MAX
                                          and abbrev.isalnum()):
                self.policy(where + ", field 'abbrev'",
                            f"{shown(abbrev)} is not 1..{ABBREV_MAX} letters or digits: the "
                            "abbreviation heads the line score's row and the team's logo "
                            "counter")
            standard = table.get("standard")
            roster = table.get("roster")
            if not isinstance(standard, bool):
                said = ("is missing (accepted: true or false)" if standard is None
                        else f"{shown(standard)} is not true or false")
                self.problems.add(where + ", field 'standard'", said)
                # Read as its 'roster' says (a team naming one is standard), so that this one
                # slip is one problem, not advice to drop the roster its pieces name.
                standard = isinstance(roster, str)
            colours = table.get("colours")
            if self.misspelt_away(table, "colours"):
                colours = ["#000000", "#ffffff"]    # ('colors': told as a misspelling)
            if not (isinstance(colours, list) and len(colours) == 2 and all(
                isinstance(c, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", c) for c in colours
            )):
                said = "is missing (accepted:" if colours is None else f"{shown(colours)} is not"
                # (which entry, when it is a list of two: 'navy' among them)
                wrong = [c for c in colours if not (isinstance(c, str) and re.fullmatch(
                    r"#[0-9A-Fa-f]{6}", c))] if isinstance(colours, list) else []
                self.problems.add(where + ", field 'colours'",
                                  f"{said} two colours like [\"#1c2a4a\", \"#9ea3a8\"]"
                                  + (")" if colours is None else "")
                                  + (f": {' and '.join(map(shown, wrong))} "
                                     f"{'is' if len(wrong) == 1 else 'are'} not # and six "
                                     "hex digits (#rrggbb)" if wrong else ""))
                colours = ["#000000", "#ffffff"]
            if standard and not isinstance(roster, str):
                self.problems.add(where + ", field 'roster'", "a standard team names its roster")
            if isinstance(roster, str) and len(roster) > NAME_MOST:
                self.policy(where + ", field 'roster'",
                            f"{clip(roster)!r} is {len(roster)} characters; a roster key is at "
                            f"most {NAME_MOST} (it goes into every game record's header line)")
            if not standard and roster is not None:
                self.policy(where + ", field 'roster'", "an optional team has no roster of its "
                            "own (rule 8.1.1: it borrows a standard team's when the series is "
                            "set up): leave 'roster' out")
            park = table.get("ballpark")
            if self.misspelt_away(table, "ballpark"):
                park = {}           # ('[team.balpark]': told as a misspelling)
            elif not isinstance(park, dict):
                self.problems.add(where + ", field 'ballpark'",
                                  "written as a list of tables ([[team.ballpark]]) where one "
                                  "is meant: [team.ballpark] in single brackets (rule 8.1)"
                                  if isinstance(park, list) else
                                  "missing Home Ballpark table ([team.ballpark], rule 8.1)")
                park = first_table(park)
            pwhere = where + ", ballpark"
            self.unknown_fields(park, ("name", "feature", "text", "effects"), pwhere)
            park_effects = []
            listed = park.get("effects", [])
            if not isinstance(listed, list):
                self.problems.add(pwhere + ", field 'effects'", f"{shown(listed)} is not a "
                                  "list of effects, like [ { applies = \"both\", ... } ]")
                listed = []
            for index, entry in enumerate(listed):
                place = self.park_effect_line(number, index + 1)
                ewhere = f"{pwhere}, effect {index + 1}" + (f" ({place})" if place else "")
                if not isinstance(entry, dict):
                    self.problems.add(ewhere, f"{shown(entry)} is not a table")
                    continue
                self.unknown_fields(entry, ("applies", "when", "scoring_numbers", "marker",
                                            "up", "down", "less"), ewhere)
                told = len(self.problems.items)     # (a refused 'applies' or 'when': no clash)
                applies = self.get_str(entry, "applies", ewhere, ("home", "away", "both"))
                when = self.conditions(entry.get("when"), ewhere + ", field 'when'")
                numbers = tuple(self.totals(entry.get("scoring_numbers", []), ewhere,
                                            "scoring_numbers"))
                effect = None
                if "marker" in entry and numbers:
                    self.policy(ewhere, "an effect is a marker move or scoring_numbers, not "
                                        "both: write them as two effects")
                if "marker" in entry:
                    core = {k: v for k, v in entry.items() if k in ("marker", "up", "down", "less")}
                    if self.misspelt_keys(entry):
                        # (a misspelling of the entry's is told: not again as the move's)
                        self.meant[id(core)] = (core, set(self.misspelt_keys(entry)))
                    effect = self.effect(core, ewhere)
                    if effect is not None:
                        self.warn_nothing(effect, ewhere)
                elif not entry.get("scoring_numbers") and not self.misspelt(entry, "marker") \
                        and not self.misspelt(entry, "scoring_numbers"):
                    # (numbers refused, a key misspelt: said already)
                    self.problems.add(ewhere, "needs a marker move or scoring_numbers")
                asked = {c.batting for c in when} - {None, applies}
                if applies in ("home", "away") and asked and len(self.problems.items) == told:
                    # (applies names the side batting: a 'when' of the other never holds)
                    self.policy(ewhere, f"applies = '{applies}' (when {applies} bats) but its "
                                        f"'when' asks batting = '{asked.pop()}': the effect "
                                        "never applies")
                park_effects.append(BallparkEffect(applies, when, effect, numbers))
            if isinstance(table.get("ballpark"), dict) and not str(park.get("name") or
                                                                  "").strip():
                # (the card's back prints it as its title: a park of no name printed none)
                self.policy(pwhere + ", field 'name'", "the ballpark's name is missing: "
                            "give it in quotes, as the card's back prints it (rule 8.1)")
            ballpark = Ballpark(self.text(park, "name", pwhere),
                                self.text(park, "feature", pwhere),
                                self.text(park, "text", pwhere), tuple(park_effects))
            if key.casefold() in teams:
                # The first team of the key stands (its roster and games are read by it).
                first = re.search(r"\((line \d+)\)$", self.team_wheres[key.casefold()])
                self.problems.add(where + ", field 'key'", f"{key!r} is already the key of "
                                  f"the team at {first.group(1) if first else 'an earlier line'}")
                if isinstance(roster, str):
                    self.refused_teams.add(roster.casefold())
                continue
            self.team_wheres[key.casefold()] = where
            teams[key.casefold()] = Team(key, name, abbrev, standard, tuple(colours),
                                         roster if isinstance(roster, str) else None, ballpark)
        # A team is named by its key, its name or its abbreviation (find_team): none of them
        # may be another team's key, name or abbreviation ('txc' for one team's key and
        # another's abbreviation named two teams at once on the command line and in records).
        seen: dict[str, tuple[str, str]] = {}
        for team in teams.values():
            for field_name in ("key", "name", "abbrev"):
                value = getattr(team, field_name).casefold()
                other, other_field = seen.get(value, (team.key, ""))
                if value and other != team.key and (field_name, other_field) != ("key", "key"):
                    # (the team's own where, with its line, as every other team message)
                    self.policy(self.team_wheres.get(team.key.casefold(),
                                                     self.where("teams.toml",
                                                                f"team {team.key!r}"))
                                + f", field {field_name!r}",
                                f"{getattr(team, field_name)!r} is also the {other_field} of "
                                f"team {other!r}: a team is named by its key, its name or "
                                "its abbreviation, so no two teams may share one")
                seen.setdefault(value, (team.key, field_name))
        if not tables and "team" in self.unread_lists:
            pass                # ('[[teams]]': told as a misspelling)
        elif not tables:        # (the rosters' lines name none of them: told here once)
            self.problems.add(self.where("teams.toml"), "holds no team: each team is a "
                              "[[team]] entry (docs/data-format.md), and a box needs two")
        elif len(teams) < 2:
            self.problems.add(self.where("teams.toml"), "a box needs at least two teams")
        return teams

    def csv_rows(self, filename: str, columns: tuple[str, ...],
                 other: tuple[str, tuple[str, ...]] | None = None):
        """The rows of a CSV file under its header, each line's problems told; `other`, the
        other pieces' file and the kinds its third column holds: a line of it pasted here
        (its fields counted wrong) is told as belonging there."""
        reader = csv.DictReader(io.StringIO(self.texts[filename]))
        if reader.fieldnames:           # "Team" as a spreadsheet capitalises it is team
            reader.fieldnames = [name.strip().lower() for name in reader.fieldnames]
        header = tuple(reader.fieldnames or ())
        if len(header) > 1 and not any(name in columns for name in header):
            # No column named at all: the header line is missing (rows pasted from a
            # spreadsheet), where 'column(s) '2' named twice' read the first entry as one.
            self.problems.add(self.where(filename, "line 1"),
                              "names none of the columns: it reads like an entry's line; "
                              f"the first line of {filename} names the columns, "
                              f"{','.join(columns)}")
            self.refused.add(filename)
            return
        twice = list(dict.fromkeys(c for c in header if c and header.count(c) > 1))
        if twice and self.strict:
            # (the reader keeps the last of two, and the column left out reads as missing;
            # a series' box frozen before this check still loads, as it was read)
            self.problems.add(self.where(filename, "line 1"),
                              f"column(s) {', '.join(map(repr, twice))} named twice; expected "
                              f"{','.join(columns)}")
            self.refused.add(filename)
            return
        missing = [c for c in columns if c not in header]
        if missing:
            unknown = [c for c in header if c not in columns]
            said = f"missing column(s) {', '.join(missing)}"
            separator = next((name for mark, name in ((";", "';'"), ("\t", "tabs"))
                              if len(header) == 1 and mark in header[0]), None)
            if separator:
                said += (f"; the fields are separated by {separator}: save the file as CSV, "
                         "with commas")
            elif not header:
                said = "the file is empty: its first line names the columns"
            elif unknown:
                said += f"; not known: {', '.join(repr(c) for c in unknown)}"
                # a column misspelt ('defence'): the one it stands for, as a TOML key's
                meant = [f"{near!r} (for {c!r})" for c in unknown
                         if (near := closest(c, missing)) is not None]
                if meant:
                    said += f" (did you mean {', '.join(meant)}?)"
            self.problems.add(self.where(filename, "line 1"),
                              f"{said}; expected {','.join(columns)}")
            self.refused.add(filename)
            return
        extra = [c for c in header if c and c not in columns]
        if extra:           # (a series' box from before this check still loads)
            self.policy(self.where(filename, "line 1"),
                        f"column(s) {', '.join(map(repr, extra))} not known: the companion "
                        "would not read them; leave them out (a piece's notes go in "
                        f"'info'); accepted: {','.join(columns)} (the lines are checked "
                        "once the first names only these)")
            if self.strict:     # (each line's count against a header to be mended buried it)
                self.refused.add(filename)
                return
        text = self.texts[filename]
        lines = text.split("\n")       # as the reader counts them (not at U+2028 and kin)
        end = reader.line_num
        rows = iter(reader)
        read = False
        while True:
            try:
                row = next(rows)
            except StopIteration:
                if not read:        # (not a roster's count missing, each roster's kind)
                    kind = "pitcher" if "stuff_box" in columns else "ballplayer"
                    self.problems.add(self.where(filename),
                                      f"holds no {kind}: only its line of column names; "
                                      "each piece is a line under it (docs/data-format.md)")
                    self.refused.add(filename)
                return
            except csv.Error as error:      # (a field over the reader's limit, say)
                self.problems.add(self.where(filename, f"line {end + 1}"),
                                  f"cannot be read as CSV ({error}): no field of a box is "
                                  "that long; a double quote left open takes in the lines "
                                  "after it")
                self.refused.add(filename)
                return
            # Where the entry starts (past the blank lines the reader skips) and ends.
            line = next((n for n in range(end + 1, reader.line_num + 1)
                         if lines[n - 1].strip()), reader.line_num)
            end = reader.line_num
            cells = [v for k, v in row.items() if k is not None] + list(row.get(None) or ())
            if not any((cell or "").strip() for cell in cells):
                continue                # a spreadsheet's row of empty cells: no entry
            read = True
            entry = f"line {line}" + (f" ({clip(row['name'])!r})" if row.get("name")
                                      else "")
            opened = next((k for k, v in row.items() if isinstance(v, str)
                           and ("\n" in v or "\r" in v)), None)
            if opened is None and end == len(lines) and lines[-1].count('"') % 2:
                # The last line, with no line break after it, opens a quote it never closes
                # (the reader ends the field at the end of the text without a word).
                opened = next((k for k, v in reversed(row.items()) if isinstance(k, str)
                               and v), None) or ""
            if opened is not None:
                # No field of a box holds a line break: a double quote left open read the
                # lines after it into one field, and those entries would go missing.
                place = f", field {opened!r}" if opened else ""
                self.problems.add(self.where(filename, entry) + place, (
                    "a double quote opened here is not closed on its line" + (
                        f", so line{'s' if end > line + 1 else ''} {line + 1}"
                        + (f"..{end}" if end > line + 1 else "") + " went into this field"
                        if end > line else "") + "; close it (\"like, this\") or remove it"))
                self.refused.add(filename)
                continue
            # A piece's line of the other file (a pitcher's SP as a ballplayer's position),
            # its fields counted alike or not: told once, where each rating read wrong.
            kind = (row.get(columns[2]) or "").strip().upper()
            if other is not None and kind in other[1]:
                self.problems.add(self.where(filename, entry) + f", field {columns[2]!r}",
                                  misplaced_said(columns[2], kind, other[0]))
                self.refused.add(filename)
                continue
            # A spreadsheet's trailing comma (on the header, on the rows, or both) is no
            # column: an empty trailing header cell names none, empty cells past the last
            # column hold nothing.
            trailing = row.pop("", None)
            extra = row.pop(None, None)         # DictReader's place for surplus fields
            if extra is not None and not any((cell or "").strip() for cell in extra):
                extra = None
            if extra is not None or None in row.values():
                # The fields would be read under the wrong columns: the line is refused
                # whole (and the roster checks hold back, see check_roster).
                named = [c for c in header if c]
                count = (len(named) + len(extra or ()) - list(row.values()).count(None)
                         + bool(trailing and trailing.strip()))
                comment = lines[line - 1].lstrip().startswith("#")
                curly = any(mark in lines[line - 1] for mark in CURLY_QUOTES)
                self.problems.add(self.where(filename, entry),
                                  f"has {count} field{'' if count == 1 else 's'}, expected "
                                  f"{len(named)} "
                                  f"({','.join(named)}); " + (
                                      "a CSV file has no comment lines: remove it" if comment
                                      else "a text holding a comma goes in straight double "
                                      "quotes (\"); these are curly ones, as a word "
                                      "processor or a phone types them"
                                      if count > len(named) and curly else
                                      "a text holding a comma goes in double quotes"
                                      if count > len(named) else
                                      "each line gives every column, in the header's order "
                                      "(an empty 'info' as a comma with nothing after it)"))
                self.refused.add(filename)
                continue
            yield line, row

    def csv_int(self, row: dict, key: str, where: str, low: int, high: int,
                why: str = "") -> int:
        """A whole number of the row in low..high; `why` says where the range comes from
        when it is not the rating's own (a pitcher's type, the box's track)."""
        text = (row.get(key) or "").strip()
        # digits 0-9 only: int() would read '4_0' as 40 and other scripts' digits too (as a
        # series' box frozen before this check was read, it still is)
        if WHOLE.fullmatch(text) or not self.strict:
            try:
                value = int(text) if len(text) <= 9 else 10**9
            except ValueError:
                value = None
        else:
            value = None
        if value is None or not low <= value <= high:
            self.problems.add(where + f", field {key!r}",
                              out_of_range(text, value is not None, low, high)
                              + (f" ({why})" if why else ""))
            return low
        return value

    @staticmethod
    def cell(row: dict, key: str) -> str:
        """A CSV cell as a choice is read: its spaces gone, in capitals."""
        return (row.get(key) or "").strip().upper()

    def counted(self, filename: str, roster: Roster | None, row: dict, name: str,
                kind: str, key: str) -> None:
        """Note a row whose piece is missing from its roster's counts or counted as another
        kind (`kind`, read from the column `key`) for a problem told already."""
        if roster is None:
            # A team column nobody knows: most likely a slip for the nearest roster, whose
            # piece it is; with none near, the piece is of no roster counted.
            near = closest((row.get("team") or "").strip(), list(self.roster_wheres))
            if near is not None:
                self.uncounted.add((filename, near.casefold()))
        elif not name or self.cell(row, key) != kind:
            self.uncounted.add((filename, roster.key.casefold()))

    def csv_choice(self, row: dict, key: str, where: str, choices: tuple[str, ...]) -> str:
        value = self.cell(row, key)
        if value not in choices:
            self.problems.add(where + f", field {key!r}",
                              f"is empty: give one of {', '.join(choices)}" if not value else
                              f"{shown(row.get(key))} is not one of {', '.join(choices)}")
            return choices[0]
        return value

    def rosters(self, teams: dict[str, Team]) -> dict[str, Roster]:
        rosters: dict[str, Roster] = {}
        owners: dict[str, Team] = {}
        for team in teams.values():
            if team.standard and team.roster:
                key = team.roster.casefold()
                if key in owners:       # (a series' box from before this check still loads)
                    self.policy(
                        self.team_wheres.get(team.key.casefold(), self.where("teams.toml"))
                        + ", field 'roster'",
                        f"{team.roster!r} is the roster of {owners[key].name} already: each "
                        "standard team brings pieces of its own (rule 3.0)")
                    self.refused_teams.add(team.key.casefold())
                    continue
                owners[key] = team
                rosters[key] = Roster(team.roster)
                self.roster_wheres[key] = self.team_wheres.get(team.key.casefold(), "")
        if len(owners) < 2 and teams:
            self.policy(self.where("teams.toml"),
                        f"{len(owners)} standard team{'' if len(owners) == 1 else 's'} with a "
                        "roster; a game needs two (rule 3.0), so a box holds at least two "
                        "standard teams")
        columns = ("team", "name", "position", "bats") + BALLPLAYER_RATINGS + ("info",)
        for line, row in self.csv_rows("ballplayers.csv", columns,
                                       ("pitchers.csv", ("SP", "RP", "CL"))):
            where = self.where("ballplayers.csv", f"line {line} ({shown(row.get('name'))})")
            roster = self.roster_for(rosters, row, "ballplayers.csv", where)
            name = (row.get("name") or "").strip()
            if not name:
                self.problems.add(where + ", field 'name'", "is empty")
            ratings = {r: self.csv_int(row, r, where, *RATING_RANGES["batter"][r])
                       for r in BALLPLAYER_RATINGS}
            position = self.csv_choice(row, "position", where, ("C", "IF", "OF"))
            self.counted("ballplayers.csv", roster, row, name, position, "position")
            piece = Ballplayer(roster.key if roster else "", name, position,
                               self.csv_choice(row, "bats", where, ("R", "L", "S")),
                               info=self.check_printed((row.get("info") or "").strip(),
                                                       where + ", field 'info'", False),
                               line=line, **ratings)
            self.add_piece(roster, piece, where)
        columns = ("team", "name", "type", "throws", "stuff_rolls", "stuff_box") + \
            PITCHER_RATINGS + ("fatigue", "info")
        for line, row in self.csv_rows("pitchers.csv", columns,
                                       ("ballplayers.csv", ("C", "IF", "OF"))):
            where = self.where("pitchers.csv", f"line {line} ({shown(row.get('name'))})")
            roster = self.roster_for(rosters, row, "pitchers.csv", where)
            name = (row.get("name") or "").strip()
            if not name:
                self.problems.add(where + ", field 'name'", "is empty")
            kind = self.csv_choice(row, "type", where, ("SP", "RP", "CL"))
            self.counted("pitchers.csv", roster, row, name, kind, "type")
            box_label = (row.get("stuff_box") or "").strip().upper()
            if box_label not in ROMAN:
                given = (row.get("stuff_box") or "").strip()
                # (a box by its number, '12', is the roman numeral the track prints: XII)
                hint = (f"; write {ROMAN[int(given) - 1]}" if given.isdecimal()
                        and 1 <= int(given) <= len(ROMAN) else "")
                self.problems.add(where + ", field 'stuff_box'",
                                  f"{shown(row.get('stuff_box'))} is not a box in I..XII{hint}")
                box_label = "I"
            ratings = {r: self.csv_int(row, r, where, *RATING_RANGES["pitcher"][r])
                       for r in PITCHER_RATINGS}
            piece = Pitcher(roster.key if roster else "", name, kind,
                            self.csv_choice(row, "throws", where, ("R", "L")),
                            # a printed box of the Scoring Rolls track (rule 4.6.1); a
                            # series' frozen box, checked before, by the old bound of 10
                            self.csv_int(row, "stuff_rolls", where, 1,
                                         self.rolls_boxes if self.strict
                                         else max(self.rolls_boxes, 10),
                                         why="the Scoring Rolls track's boxes, box.toml"),
                            parse_roman(box_label),
                            fatigue=self.csv_int(row, "fatigue", where, 1,
                                                 9 if kind == "SP" else 5,
                                                 why=f"for {ARTICLED.get(kind, kind)}"),
                            info=self.check_printed((row.get("info") or "").strip(),
                                                    where + ", field 'info'", False),
                            line=line, **ratings)
            self.add_piece(roster, piece, where)
        for key, roster in rosters.items():
            if roster.ballplayers or roster.pitchers or self.refused:
                continue            # (a file refused whole: its pieces are missing for that)
            # A roster teams.toml names that no piece names: the mistake is most likely in
            # teams.toml (a typo of the key the CSV files use), so it is told there, once,
            # instead of as a short roster and a CSV team column nobody knows.
            unknown = [name for _, name in self.unknown_rosters]
            near = closest(roster.key, unknown)
            hint = (f"; did you mean {near!r}? (the name the CSV files use)" if near
                    else f"; the CSV files name {', '.join(map(repr, sorted(set(unknown))))}"
                    if unknown else "")
            self.problems.add(self.roster_wheres.get(key, self.where("teams.toml"))
                              + ", field 'roster'",
                              f"no line of ballplayers.csv or pitchers.csv names the roster "
                              f"{roster.key!r}{hint}")
            for told in [near] if near else []:
                for found in [k for k in self.unknown_rosters if k[1] == told]:
                    del self.unknown_rosters[found]
        self.tell_unknown_rosters()
        for roster in rosters.values():
            if roster.ballplayers or roster.pitchers:
                self.check_roster(roster)
        return rosters

    def roster_for(self, rosters: dict[str, Roster], row: dict, filename: str,
                   where: str) -> Roster | None:
        """The row's roster; an unknown one is told once per file, at its first line, with
        how many lines name it (`unknown_rosters`), not once a piece."""
        key = (row.get("team") or "").strip()
        roster = rosters.get(key.casefold())
        if roster is None:
            first = self.unknown_rosters.setdefault((filename, key),
                                                    [where, 0, sorted(rosters)])
            first[1] += 1
        return roster

    def tell_unknown_rosters(self) -> None:
        if not self.team_wheres:        # no team read: told once, in teams.toml
            return
        for (_, key), (where, count, known) in self.unknown_rosters.items():
            if key.casefold() in self.refused_teams:
                continue                # its team's entry was refused: told there
            more = f" (and {count - 1} more line(s) naming it)" if count > 1 else ""
            near = closest(key, known)
            self.problems.add(where + ", field 'team'",
                              f"{shown(key)} is not a roster of a standard team in teams.toml "
                              + (f"(known: {', '.join(map(shown, known))})" if known else
                                 "(no standard team in teams.toml names a roster)")
                              + more + (f"; did you mean {near!r}?" if near else ""))

    def check_line(self, text: str, where: str) -> None:
        """A name shown as one line (the box's, a team's): not empty, no line break or
        tab, at most NAME_MOST characters (a strict load)."""
        if not text.strip():
            self.policy(where, "is empty (accepted: a name of one line)")
        elif not text.isprintable():
            hidden = next(c for c in text if not c.isprintable())
            self.policy(where, f"{clip(text)!r} holds a character that is not seen (U+"
                               f"{ord(hidden):04X}: a line break, a tab, a zero-width mark): "
                               "a name is one line of visible text")
        elif len(text) > NAME_MOST:
            self.policy(where, f"{clip(text)!r} is {len(text)} characters; a name is at "
                               f"most {NAME_MOST} (printed in the titles of the sheets and "
                               "cards, a longer one shrinks past reading)")

    def check_name(self, name: str, where: str, card: bool = False) -> None:
        """Names go into one-line records, typed at the table: no commas, semicolons or
        doubled spaces, no character that is not seen (a line break, a tab, a zero-width
        space), each accented letter one character (as keyboards type it)."""
        if len(name) > NAME_MOST:
            self.policy(where + ", field 'name'",
                        f"{clip(name)!r} is {len(name)} characters; a name is at most "
                        f"{NAME_MOST} " + ("(it is printed in a card's title and written "
                                           "into the record's lines that play it)" if card
                                           else "(it is printed on a piece, and nine of them "
                                           "make a lineup's line of the record)"))
        elif (held := name_mark(name)) is not None:
            self.problems.add(where + ", field 'name'",
                              f"{name!r} holds {held}: a name may not hold a comma, a "
                              "semicolon, a quote or doubled spaces (names are written into "
                              "game records)")
        elif self.strict and not name.isprintable():
            hidden = next(c for c in name if not c.isprintable())
            self.problems.add(where + ", field 'name'",
                              f"{name!r} holds a character that is not seen or not a "
                              f"plain space (U+{ord(hidden):04X}: a line break, a tab, a "
                              "zero-width mark, a no-break space): names are one line of "
                              "visible text and plain spaces, typed at the table")
        elif self.strict and unicodedata.normalize("NFC", name) != name:
            self.problems.add(where + ", field 'name'",
                              f"{name!r} writes an accented letter as two characters (a "
                              "letter, then its accent): retype it as one, as a keyboard "
                              "does, so that the name typed at the table matches")
        if name and not any(c.isalpha() for c in name):
            # (a warning: the box loads, the name chosen from the list works)
            self.warnings.append(f"{where}, field 'name': {name!r} has no letter: typed at "
                                 "the table it reads as dice faces or an option's number; "
                                 "give it a letter to type it by name")

    def warn_alike(self, entries: dict, name: str, where: str) -> None:
        """Warn of a name that reads as one of `entries` without its accents: typed
        without them at the table, neither is meant (a piece's, a card's)."""
        alike = read_alike(entries, name)
        if alike:
            self.warnings.append(f"{where}, field 'name': {name!r} reads as "
                                 f"{alike[0].name!r} without its accents: at the table each "
                                 "is typed with them")

    def add_piece(self, roster: Roster | None, piece, where: str) -> None:
        if roster is None or not piece.name:
            return
        self.check_name(piece.name, where)
        key = piece.name.casefold()
        other = roster.piece(piece.name)
        if other is not None:
            there = piece_file(other) + \
                (f" line {other.line}" if other.line else "")
            written = "" if other.name == piece.name else f" as {other.name!r}"
            self.problems.add(where + ", field 'name'",
                              f"{piece.name!r} is already on the {roster.key} roster"
                              f"{written} ({there}): each piece of a roster has a name of "
                              "its own" + (", whatever its case" if written else ""))
            self.uncounted.add((piece_file(piece), roster.key.casefold()))
            return
        self.warn_alike({**roster.ballplayers, **roster.pitchers}, piece.name, where)
        if piece.is_pitcher:
            roster.pitchers[key] = piece
        else:
            roster.ballplayers[key] = piece

    def counts(self, filename: str, roster: Roster) -> bool:
        """Whether the roster's pieces of a file are counted: not when a line of it was
        refused whole, nor a piece of the roster (or of a team nobody knows) refused or
        read as another kind, each told already."""
        return (filename not in self.refused
                and (filename, roster.key.casefold()) not in self.uncounted)

    def check_roster(self, roster: Roster) -> None:
        """Rules 2.1.2, 3.0, 8.3: what a roster needs, when its pieces are counted."""
        where = self.where("ballplayers.csv", f"roster {roster.key!r}")
        count = {"C": 0, "IF": 0, "OF": 0}
        for player in roster.ballplayers.values():
            count[player.position] += 1
        # What is missing, said: the fielders by position, and the DH a ninth ballplayer
        # of any position.
        needs = {"C": 1, "OF": 3, "IF": 4}
        missing = [f"{needs[p] - count[p]} {p}" for p in needs if count[p] < needs[p]]
        short_of = sum(max(0, needs[p] - count[p]) for p in needs)
        if sum(needs.values()) + 1 - sum(count.values()) > short_of:    # still no DH
            missing.append("a ninth ballplayer for the DH (of any position)")
        if missing and self.counts("ballplayers.csv", roster):
            self.problems.add(where, f"cannot field a lineup (rule 3.0 needs 1 C, 3 OF, 4 IF "
                                     f"and a DH): has {count['C']} C, {count['OF']} OF, "
                                     f"{count['IF']} IF; missing {', '.join(missing)}")
        lineups = (count["C"] * math.comb(count["OF"], 3) * math.comb(count["IF"], 4)
                   * max(0, sum(count.values()) - 8))
        if lineups > LINEUPS_MOST:
            # Every lineup is a choice the rules list and the computer weighs (3.0): past
            # this a game crawls (2.3 million took minutes a game).
            self.policy(where, f"has {sum(count.values())} ballplayers ({count['C']} C, "
                               f"{count['OF']} OF, {count['IF']} IF), who make {lineups:,} "
                               f"lineups; the companion weighs at most {LINEUPS_MOST:,} (rule "
                               "2.0's 20-piece teams make a few hundred)")
        kinds = [p.kind for p in roster.pitchers.values()]
        where = self.where("pitchers.csv", f"roster {roster.key!r}")
        if not self.counts("pitchers.csv", roster):
            return
        if kinds.count("SP") < FULL_ROTATION:
            self.problems.add(where, f"has {kinds.count('SP')} SP, needs at least "
                                     f"{FULL_ROTATION}: the longest series' rotation "
                                     f"(rule 3.0)")
        if kinds.count("CL") < 1:
            self.problems.add(where, "has no CL: each team's bullpen holds a closer "
                                     "(rules 2.1.2, 8.3)")

    # -- cards -------------------------------------------------------------------------

    def cards(self, tables: list) -> dict[str, Card]:
        cards: dict[str, Card] = {}
        first_entries: dict[str, str] = {}      # name -> the entry that used it first
        for number, table in enumerate(tables, start=1):
            raw_name = table.get("name")
            if raw_name is not None and not isinstance(raw_name, str) and not self.strict:
                raw_name = str(raw_name)        # as a series' frozen box was read before
            name = raw_name.strip() if isinstance(raw_name, str) else ""
            line = self.line_of("cards.toml", "card", number)
            said = shown(name if isinstance(raw_name, str) or raw_name is None else raw_name)
            entry = f"card {number} {said}" + (f" ({line})" if line else "")
            where = self.where("cards.toml", entry)
            known = {"name", "side", "category", "copies", "text", "requires", "effects",
                     "bonus", "cancels", "scoring_numbers", "nines_remove_runs"}
            self.unknown_fields(table, known, where, elsewhere=CARD_ELSEWHERE)
            if not name and not (raw_name is None and self.misspelt(table, "name")):
                self.problems.add(where + ", field 'name'", MISSING_TEXT
                                  if raw_name is None else f"{shown(raw_name)} is not text"
                                  if not isinstance(raw_name, str) else "is empty")
            else:
                self.check_name(name, where, card=True)
            side = self.get_str(table, "side", where, SIDES)
            category = self.get_str(table, "category", where, CATEGORIES)
            copies = self.get_int(table, "copies", where, 1, 50)
            text = self.check_printed(self.get_str(table, "text", where), where + ", field 'text'")
            if isinstance(table.get("text"), str) and not text.strip():
                self.policy(where + ", field 'text'", "is empty (accepted: the card's words as "
                            "printed, what a player reads on the card)")
            cancels = table.get("cancels", [])
            allowed_cancel = ("power", "speed", "obp", "clutch", "free")
            if isinstance(cancels, list):
                cancels = [c.strip().casefold() if isinstance(c, str) else c for c in cancels]
            if not isinstance(cancels, list) or not all(c in allowed_cancel for c in cancels):
                odd = next((c for c in cancels if isinstance(c, str)
                            and c not in allowed_cancel), None) if isinstance(
                                cancels, list) else None
                near = closest(odd, allowed_cancel) if odd else None
                self.problems.add(where + ", field 'cancels'",
                                  f"{shown(cancels)} is not a list of {', '.join(allowed_cancel)} "
                                  "(special cards cannot be cancelled, rule 5.1.1 d)"
                                  + (f"; did you mean {near!r}?" if near else ""))
                cancels = []
            twice = sorted({c for c in cancels if cancels.count(c) > 1})
            if twice:   # (a slip, most likely for another category: 5.1.1 d)
                self.problems.add(where + ", field 'cancels'",
                                  f"{', '.join(map(repr, twice))} given twice (each category "
                                  "once: a card cancels a category or not, rule 5.1.1 d)")
                cancels = []
            sided = self.is_choice(table.get("side"), SIDES)    # (else told, and no more)
            if cancels and sided and side != "defense":
                self.problems.add(where + ", field 'cancels'", "only defense cards cancel")
            numbers = self.totals(table.get("scoring_numbers", []), where, "scoring_numbers")
            nines = table.get("nines_remove_runs", False)
            if not isinstance(nines, bool):
                self.problems.add(where + ", field 'nines_remove_runs'", "must be true or false")
                nines = False
            before = len(self.problems.items)
            card = Card(name, side, category, copies, text,
                        requires=self.conditions(table.get("requires"),
                                                 where + ", field 'requires'"),
                        effects=self.effects(table.get("effects"), where + ", field 'effects'"),
                        bonus=self.bonus(table.get("bonus"), where + ", field 'bonus'"),
                        cancels=tuple(cancels), scoring_numbers=tuple(numbers),
                        nines_remove_runs=nines, line=int(line[5:]) if line else 0)
            if len(self.problems.items) == before and card.requires:
                # An entry's 'when' read with the card's 'requires' (each sound alone): a
                # clash leaves the entry nothing to do (a Power test above 3 on a card
                # that asks Power 1 at most).
                for field, entries in (("effects", card.effects), ("bonus", card.bonus)):
                    for number, effect in enumerate(entries, start=1):
                        if effect.when:
                            self.check_together(
                                [*card.requires, *effect.when],
                                f"{where}, field '{field}', entry {number}", after=" (this "
                                "entry's 'when' with the card's 'requires': the entry never "
                                "applies)")
            if sided:
                self.warn_moves(card, where)
            doing = ("effects", "bonus", "cancels", "scoring_numbers", "nines_remove_runs")
            if not any(table.get(key) or self.misspelt(table, key) for key in doing):
                # (a bad one, or one misspelt, is told already)
                self.problems.add(where, "the card does nothing: give effects, bonus, cancels, "
                                         "scoring_numbers or nines_remove_runs")
            if name.casefold() in cards:
                self.problems.add(where + ", field 'name'",
                                  "the same name is used twice, first by "
                                  f"{first_entries[name.casefold()]} (use 'copies' instead)")
            else:
                first_entries[name.casefold()] = entry
                if name:
                    self.warn_alike(cards, name, where)
            cards[name.casefold()] = card
        for side in ("offense", "defense"):
            if not any(c.side == side for c in cards.values()) and \
                    "card" not in self.unread_lists:
                self.problems.add(self.where("cards.toml"),
                                  f"no {side} cards: the batting player plays offense cards "
                                  "and the fielding player defense cards (rules 2.3, 5.1): "
                                  f"give some [[card]] entries side = {side!r}")
        return cards
