"""Game records: a header of [Key "value"] tags, then one canonical action a line (like PGN)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import ParseError, RecordError, clip, closest

# The longest line a game writes is a lineup of nine names (about 110 characters; nine
# names of a box's most, 40, make about 420).
LINE_MOST = 4000
_TAG = re.compile(r'^\[(?P<key>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]$')


@dataclass
class Record:
    """A header (ordered tags) and the action lines of one game."""

    header: dict[str, str] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    line_numbers: list[int] = field(default_factory=list)   # file line of each action
    tag_lines: dict[str, int] = field(default_factory=dict)  # file line of each header tag

    def check_tags(self, known: dict[str, str], what: str) -> None:
        """Every tag one `what` (a game record, a series record) reads: a tag not read would
        be dropped without a word (a misspelt Rules plays the game without its rules), so it
        is refused at its line with the closest known tag. `known` maps each tag to what its
        value must match (a regular expression; '' for any text)."""
        for key, value in self.header.items():
            line = self.tag_lines.get(key)
            if key == "Series" and key not in known:
                # Not a slip of SeriesGame: a series record's header, joined after another
                # record (two exports in one file, a series after games).
                raise RecordError("a series record begins here (its Series tag), after "
                                  "another record: a series record is a file of its own",
                                  line=line)
            if key not in known:
                near = closest(key, known)
                hint = f"did you mean {near!r}? " if near else ""
                raise RecordError(f"header tag {key!r} is not one {what} reads; {hint}known: "
                                  f"{', '.join(sorted(known))}", line=line)
            pattern = known[key]
            if pattern and not re.fullmatch(pattern, value):
                raise RecordError(f"header {key}: {value!r} is not {TAG_VALUES[pattern]}",
                                  line=line)

    def text(self) -> str:
        out = [f'[{key} "{_escape(value)}"]' for key, value in self.header.items()]
        out.append("")
        out.extend(self.lines)
        return "\n".join(out) + "\n"


# What a tag's value may be, by its pattern, in a player's words.
TAG_VALUES: dict[str, str] = {}


def tag_value(pattern: str, words: str) -> str:
    """A tag value's pattern, registered with the words that say it."""
    TAG_VALUES[pattern] = words
    return pattern


def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def check_line_length(line: str) -> None:
    """A record line or a typed action of a length no game writes (a pasted page, a file
    that is no record) is refused without being echoed back whole."""
    if len(line) > LINE_MOST:
        raise ParseError(f"a line of {len(line)} characters ({clip(line)!r}): an action or "
                         f"header line is at most {LINE_MOST}")


def parse_record(text: str, first_line: int = 1) -> Record:
    """Read a record; blank lines and lines starting with '#' are ignored. Line numbers
    count from `first_line` (where the record starts in its file)."""
    record = Record()
    in_header = True
    for number, raw in enumerate(text.splitlines(), start=first_line):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            check_line_length(line)
        except ParseError as error:
            raise RecordError(str(error), line=number) from None
        if not in_header and line.startswith("["):     # (no action line opens with '[')
            first = record.line_numbers[0]
            raise RecordError(f"header tag {clip(line)!r} after the record's actions began "
                              f"at line {first} ({clip(text.splitlines()[first - first_line])!r}"
                              "): the header's tags come first, then the actions",
                              line=number)
        if in_header and line.startswith("["):
            match = _TAG.match(line)
            if not match:
                raise RecordError(f'header tag {clip(line)!r} is not of the form [Key "value"]',
                                  line=number)
            if match["key"] in record.header:
                opener = any(line.startswith(tag) for tag in RECORD_OPENERS)
                raise RecordError(
                    f"header tag {match['key']} is given twice (first at line "
                    f"{record.tag_lines[match['key']]})"
                    + ("; a record with no action line ends there, its header running into "
                       "the next one's" if opener else ""), line=number)
            record.header[match["key"]] = _unescape(match["value"])
            record.tag_lines[match["key"]] = number
            continue
        in_header = False
        record.lines.append(line)
        record.line_numbers.append(number)
    return record


# The tags that open a record the companion writes: a game's, a series' (record-format.md).
RECORD_OPENERS = ('[Game "', '[Series "')


def split_records_at(text: str) -> list[tuple[int, str]]:
    """Split a file holding several records: each starts at a header tag after action lines.
    A line between two tags of one header is a stray line of it (a tag overwritten), not
    an action: the record stays whole and its reading names that line, where a split there
    said the next part missed its first tags. A tag that opens a record, or one the header
    holds already, is the next record's (a one-action game with no blank line before it).
    A lone tag among a record's actions (an action line next, and neither a tag that opens
    a record nor one its header holds) is a stray line of that record, not a record of its
    own: its reading names it (a split there blamed the record's end on its Result tag).
    Each record comes with the file line it starts on."""
    records: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 1
    seen_action = False
    tags: set[str] = set()          # the keys of the current record's header so far
    stripped = [raw.strip() for raw in text.splitlines()]
    significant = [number for number, line in enumerate(stripped, start=1)
                   if line and not line.startswith("#")]
    after = dict(zip(significant, significant[1:], strict=False))     # the next one

    def lone(number: int) -> bool:
        line, following = stripped[number - 1], after.get(number)
        return (not line.startswith(RECORD_OPENERS) and _tag_key(line) not in tags
                and following is not None and not stripped[following - 1].startswith("["))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = stripped[number - 1]
        if line.startswith("[") and seen_action and lone(number):
            current.append(raw)         # a stray tag among the actions: parse_record names it
            continue
        if line.startswith("[") and seen_action:
            records.append((start, current))
            current, start, seen_action, tags = [], number, False, set()
        if line.startswith("["):
            tags.add(_tag_key(line))
        following = stripped[number] if number < len(stripped) else ""
        stray = (1 < number and stripped[number - 2].startswith("[")
                 and following.startswith("[") and not following.startswith(RECORD_OPENERS)
                 and _tag_key(following) not in tags)
        if line and not line.startswith("[") and not line.startswith("#") and not stray:
            seen_action = True
        current.append(raw)
    if any(line.strip() and not line.strip().startswith("#") for line in current):
        records.append((start, current))
    return [(start, "\n".join(lines) + "\n") for start, lines in records]


def _tag_key(line: str) -> str | None:
    """The key of a header tag line ('[Away "texas"]' -> 'Away'); None for another line."""
    found = _TAG.match(line)
    return found["key"] if found else None


def split_records(text: str) -> list[str]:
    """The records of a file holding several, as `split_records_at` without line numbers."""
    return [record for _, record in split_records_at(text)]


def check_box(fingerprint: str, headers, name: str = "") -> None:
    """Records name the box they were made with (its fingerprint): another box would read
    their pieces and cards differently, so it is refused, never guessed at. `name`, the
    box in use's own name, is said with its fingerprint; `companion data check` says a
    folder's, so the player can find the box a record wants."""
    in_use = f"{name} ({fingerprint})" if name else fingerprint
    prints = {header.get("Box") for header in headers}
    prints.discard(None)
    if len(prints) > 1:
        raise RecordError(f"the record's Box tags disagree ({', '.join(sorted(prints))}): a "
                          "record is made with one box (was a tag edited?); the box in use "
                          f"is {in_use}")
    if prints and prints != {fingerprint}:
        raise RecordError(f"the record was made with box {', '.join(sorted(prints))}, but the "
                          f"box in use is {in_use}: use --data with that box (`companion "
                          "data check DIR` says a folder's box; any edit of a box folder, "
                          "its name too, makes another box; `companion export ID --box DIR` "
                          "writes a stored series' own copy)")


HEADER_MESSAGE = re.compile(r"^header(?: ([\w, ]+))?: ")


def header_tags(message: str) -> tuple[list[str], str] | None:
    """A message about a record's header, "header Team1, Team2: why": its tags and the
    why; None for any other message."""
    match = HEADER_MESSAGE.match(message)
    if match is None:
        return None
    tags = [tag.strip() for tag in (match.group(1) or "").split(",") if tag.strip()]
    return tags, message[match.end():]


def header_error(error: Exception, tag_lines: dict[str, int] | None = None) -> RecordError:
    """A header the rules refuse, as a record error (the rules' own header errors name the
    tag already: no second "header:" before them), at the line of the first tag it names
    when `tag_lines` (the record's) say where that is, else at the header's first line."""
    said = str(error)
    found = header_tags(said)
    line = next((tag_lines[tag] for tag in found[0] if tag in tag_lines), None) if (
        found and tag_lines) else None
    if line is None and tag_lines:      # (a tag missing: the header it is missing from)
        line = min(tag_lines.values())
    return RecordError(said if found else f"header: {said}", line=line)
