"""Dice: seeded, injected generators and checked manual faces."""

from __future__ import annotations

import random
import re

from .errors import ParseError, clip

WHOLE = re.compile(r"-?[0-9]+")        # a whole number as a player or a record writes it
BETWEEN_DIGITS = re.compile(r"(?<=[0-9])-(?=[0-9])")    # "4-4" as a roll is written, "4 4"


def check_face(face: int, sides: int = 6) -> int:
    """Return a die face after checking it lies on the die (1..sides)."""
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= sides:
        raise ParseError(f"die face {clip(repr(face))} is outside the accepted range "
                         f"1..{sides}")
    return face


def parse_face(text: str, sides: int = 6) -> int:
    """Parse one die face typed by a player: digits 0-9 only (Python's int() also reads
    '+4', '4_0' and other scripts' digits, which no record writes)."""
    if not WHOLE.fullmatch(text):
        raise ParseError(f"die face {clip(text)!r} is not a number; accepted range 1..{sides}")
    if len(text) > 4:           # (no face; int() refuses thousands of digits)
        raise ParseError(f"die face {clip(text)} is outside the accepted range 1..{sides}")
    return check_face(int(text), sides)


def parse_pair(text: str, sides: int = 6) -> tuple[int, int]:
    """Two die faces as players type them: "3 4", "3,4", "3-4" or "34"."""
    parts = BETWEEN_DIGITS.sub(" ", text).replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) == 2 and parts[0].isdigit():
        parts = list(parts[0])
    if len(parts) != 2:
        odd = (f"{len(parts)} faces typed, an odd count: " if len(parts) > 2
               and len(parts) % 2 and all(len(part) == 1 for part in parts) else "")
        raise ParseError(f"{odd}type two faces 1 to {sides} (3 4, 3-4 or 34; several rolls: "
                         "34 61)")
    first, second = (parse_face(part, sides) for part in parts)
    return first, second


def parse_rolls(text: str, sides: int = 6) -> list[tuple[int, int]]:
    """One roll or several, as a player types the rolls of an at-bat: "34 61 25" (a pair
    of digits a roll) or "3 4 6 1" (faces in twos); anything else is one pair."""
    parts = BETWEEN_DIGITS.sub(" ", text).replace(",", " ").split()
    if len(parts) > 1 and all(len(part) == 2 and part.isdigit() for part in parts):
        return [parse_pair(part, sides) for part in parts]
    faces = [str(face) for face in range(1, min(sides, 9) + 1)]
    if len(parts) > 1 and any(len(part) == 1 for part in parts) and any(
            len(part) == 2 and part[0] in faces and part[1] in faces for part in parts):
        raise ParseError(f"{clip(text)!r} mixes a roll typed as two digits with single "
                         f"faces: type each roll as two digits (34 61) or every face on its "
                         f"own, in twos (3 4 6 1); faces 1 to {sides}")
    if len(parts) > 2 and len(parts) % 2 == 0 and all(len(part) == 1 for part in parts):
        return [parse_pair(" ".join(parts[i:i + 2]), sides) for i in range(0, len(parts), 2)]
    return [parse_pair(text, sides)]


SEED_MOST = 200         # a seed's characters at most (it goes into record headers)


def seed_problem(text: str, most: int = SEED_MOST) -> str | None:
    """What keeps `text` from being a seed, if anything: a seed goes into record headers, so
    one line of printable text (no control character, nothing a UTF-8 file cannot hold) of
    at most `most` characters."""
    if text.isprintable() and len(text) <= most:
        return None
    return ((f"a seed of {len(text)} characters" if len(text) > most else
             f"{ascii(text)} is not a seed") + ": one line of printable text, at most "
            f"{most} characters")


class Dice:
    """A seeded source of die faces; every face it gives is meant to be logged as an action."""

    def __init__(self, seed: int | str | None = None, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random(seed)

    def face(self, sides: int = 6) -> int:
        return self.rng.randint(1, sides)

    def pair(self) -> tuple[int, int]:
        randint = self.rng.randint
        return randint(1, 6), randint(1, 6)
