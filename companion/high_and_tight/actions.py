"""High & Tight actions and their one-line canonical text (parse_action / format_action)."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import NamedTuple

from ..engine.dice import parse_face
from ..engine.errors import ParseError, clip, closest

SIDES = ("home", "away")
DECKS = ("offense", "defense")
KINDS = ("draw", "deal", "exchange", "keep", "start", "lineup", "name", "relieve", "stay", "bat",
         "field", "play", "pass", "rally", "manage", "roll")


class Action(NamedTuple):
    """One decision or chance event. `side` is None for chance events (deal, roll)."""

    kind: str
    side: str | None = None
    args: tuple = ()

    def __str__(self) -> str:
        return format_action(self)


# Constructors, so callers never build raw tuples. An action is an immutable value, so each
# constructor hands out one shared tuple per distinct action (legal_actions builds the same
# few actions over and over). --------------------------------------------------------------

shared = lru_cache(maxsize=4096)


@shared
def draw(side: str, offense: int, defense: int) -> Action:
    return Action("draw", side, (offense, defense))


@shared
def deal(card: str) -> Action:
    return Action("deal", None, (card,))


@shared
def exchange(side: str, card: str, deck: str) -> Action:
    return Action("exchange", side, (card, deck))


@shared
def keep(side: str) -> Action:
    return Action("keep", side)


@shared
def start(side: str, pitcher: str) -> Action:
    return Action("start", side, (pitcher,))


def lineup(side: str, catcher: str, outfield: tuple[str, ...], infield: tuple[str, ...],
           dh: str) -> Action:
    return Action("lineup", side, (catcher, tuple(outfield), tuple(infield), dh))


@shared
def name_strategy(side: str, strategy: str) -> Action:
    return Action("name", side, (strategy,))


@shared
def relieve(side: str, pitcher: str) -> Action:
    return Action("relieve", side, (pitcher,))


@shared
def stay(side: str) -> Action:
    return Action("stay", side)


@shared
def bat(side: str, player: str) -> Action:
    return Action("bat", side, (player,))


@shared
def field(side: str, player: str) -> Action:
    return Action("field", side, (player,))


@shared
def play(side: str, card: str) -> Action:
    return Action("play", side, (card,))


@shared
def pass_(side: str) -> Action:
    return Action("pass", side)


@shared
def rally(side: str, use: str) -> Action:
    return Action("rally", side, (use,))


@shared
def manage(side: str, number_shift: int) -> Action:
    return Action("manage", side, (number_shift,))


@shared
def roll(first: int, second: int) -> Action:
    return Action("roll", None, (first, second))


# Text ----------------------------------------------------------------------------------

MANAGE_TEXT = {2: "manages +2", 1: "manages +1", -2: "manages -2", 0: "stands pat"}


def format_action(action: Action) -> str:
    kind, side, args = action
    if kind == "deal":
        return f"deal {args[0]}"
    if kind == "roll":
        return f"roll {args[0]} {args[1]}"
    if kind == "draw":
        parts = [f"{n} {deck}" for n, deck in zip(args, DECKS, strict=True) if n]
        return f"{side} draws {' '.join(parts) if parts else 'nothing'}"
    if kind == "exchange":
        return f"{side} exchanges {args[0]} for {args[1]}"
    if kind == "keep":
        return f"{side} keeps"
    if kind == "start":
        return f"{side} starts {args[0]}"
    if kind == "lineup":
        catcher, outfield, infield, dh = args
        return (f"{side} lineup C {catcher}; OF {', '.join(outfield)}; "
                f"IF {', '.join(infield)}; DH {dh}")
    if kind == "name":
        return f"{side} names {args[0]}"
    if kind == "relieve":
        return f"{side} brings in {args[0]}"
    if kind == "stay":
        return f"{side} stays with the pitcher"
    if kind == "bat":
        return f"{side} bats {args[0]}"
    if kind == "field":
        return f"{side} fields {args[0]}"
    if kind == "play":
        return f"{side} plays {args[0]}"
    if kind == "pass":
        return f"{side} passes"
    if kind == "rally":
        return f"{side} rallies {args[0]}"
    if kind == "manage":
        return f"{side} {MANAGE_TEXT[args[0]]}"
    raise ParseError(f"unknown action kind {kind!r}")


LINE_STARTS = ("home", "away", "deal", "roll")     # a record line's first word
_SIDE_LINE = re.compile(r"^(?P<side>home|away)\s+(?P<rest>.+)$", re.IGNORECASE)
_ROLL = re.compile(r"^roll\s+(?P<a>\S+)\s+(?P<b>\S+)$", re.IGNORECASE)
# '4 offense 2 defense', or as the board shortens it, '4 off, 2 def'
_DRAW_PART = re.compile(r"(\d+)\s*(off(?:ense)?|def(?:ense)?)\b,?", re.IGNORECASE)
# The last ' for ': the deck as a player says it too ('for def', 'for a defense card').
_EXCHANGE = re.compile(r"^(?P<card>.+) for (?:an? )?(?P<deck>off(?:ense)?|def(?:ense)?)"
                       r"(?: card)?$", re.IGNORECASE)
_ANOTHER_EXCHANGE = re.compile(r" for (?:an? )?(?:off(?:ense)?|def(?:ense)?)(?: card)?"
                               r"(?:\s*[,;]| and )", re.IGNORECASE)


def parse_action(text: str) -> Action:
    """Parse a canonical line; names are returned as typed (the rules resolve them)."""
    line = " ".join(text.strip().split())
    lower = line.lower()
    match = _ROLL.match(line)
    if match:
        return roll(parse_face(match["a"]), parse_face(match["b"]))
    if lower.startswith("deal "):
        return deal(line[5:].strip())
    match = _SIDE_LINE.match(line)
    if not match:
        if line[:1].isdigit() or lower == "roll" or lower.startswith("roll "):
            raise ParseError(f"{text!r}: dice are two faces, each 1 to 6, like '3 4' "
                             "(or 'roll 3 4')")
        first, _, rest = line.partition(" ")
        near = closest(first, LINE_STARTS) if rest else None
        if near in ("home", "away"):       # its verb mended too ('hmoe pass')
            verb, _, tail = rest.partition(" ")
            rest = " ".join([meant_verb(verb), tail]).strip()
        meant = f"; did you mean {clip(f'{near} {rest}')!r}?" if near else ""
        raise ParseError(f"{clip(text)!r} is not an action: a line starts with 'home', "
                         f"'away', 'deal' or 'roll'{meant}")
    side = match["side"].lower()
    rest = match["rest"]
    verb, _, tail = rest.partition(" ")
    verb = verb.lower()
    tail = tail.strip()
    if verb == "draws":
        parts = _DRAW_PART.findall(tail)
        if tail.lower() == "nothing":
            return draw(side, 0, 0)
        if not parts or _DRAW_PART.sub("", tail).strip():
            raise ParseError(f"{text!r}: write '{side} {VERB_FORMS[verb]}'")
        counts = {"offense": 0, "defense": 0}
        for number, deck in parts:
            counts["offense" if deck.lower().startswith("off") else "defense"] += int(number)
        return draw(side, counts["offense"], counts["defense"])
    if verb == "exchanges":
        found = _EXCHANGE.match(tail)
        if found and _ANOTHER_EXCHANGE.search(found["card"]):
            raise ParseError(f"{clip(text)!r}: one exchange a line (rule 5.2.2): write "
                             f"'{side} {VERB_FORMS[verb]}' for each")
        if not found:
            raise ParseError(f"{text!r}: write '{side} {VERB_FORMS[verb]}'")
        deck = "offense" if found["deck"].lower().startswith("off") else "defense"
        return exchange(side, found["card"].strip(), deck)
    if verb == "keeps" and not tail:
        return keep(side)
    if verb == "starts" and tail:
        return start(side, tail)
    if verb == "lineup":
        return _parse_lineup(side, tail, text)
    if verb == "names" and tail:
        return name_strategy(side, tail.lower())
    if verb == "brings" and tail.lower().startswith("in "):
        return relieve(side, tail[3:].strip())
    if lower.endswith("stays with the pitcher") and verb == "stays":
        return stay(side)
    if verb == "bats" and tail:
        return bat(side, tail)
    if verb == "fields" and tail:
        return field(side, tail)
    if verb == "plays" and tail:
        return play(side, tail)
    if verb == "passes" and not tail:
        return pass_(side)
    if verb == "rallies" and tail.lower() in ("card", "tens"):
        return rally(side, tail.lower())
    if verb == "manages" and tail in ("+1", "+2", "-2"):
        return manage(side, int(tail))
    if verb == "stands" and tail.lower() == "pat":
        return manage(side, 0)
    if verb in VERB_FORMS:
        note = FORM_NOTES.get(verb, "").replace("SIDE", side)
        raise ParseError(f"{text!r}: write '{side} {VERB_FORMS[verb]}'{note}")
    # A slip of a verb ('keep', 'pass', 'play'): the line meant, with what followed it.
    near = meant_verb(verb)
    meant = " ".join([side, near, tail]).strip()
    raise ParseError(f"{text!r} is not an action: after the side comes one of "
                     f"{', '.join(sorted(VERB_FORMS))}"
                     + (f"; did you mean {clip(meant)!r}?" if near != verb else ""))


def meant_verb(verb: str) -> str:
    """The verb of a line a slip stands for ('keep' for 'keeps'), or the verb as typed."""
    if verb.lower() in VERB_FORMS:
        return verb.lower()
    near = difflib.get_close_matches(verb.lower(), list(VERB_FORMS), n=1, cutoff=0.75)
    return near[0] if near else verb


# How each line is written, for the message when one is mistyped (docs/record-format.md).
VERB_FORMS = {
    "draws": "draws N offense M defense", "exchanges": "exchanges CARD for offense|defense",
    "keeps": "keeps", "starts": "starts PITCHER",
    "lineup": "lineup C name; OF a, b, c; IF a, b, c, d; DH x",
    "names": "names power|speed|obp|clutch|none", "brings": "brings in PITCHER",
    "stays": "stays with the pitcher", "bats": "bats BALLPLAYER",
    "fields": "fields BALLPLAYER", "plays": "plays CARD", "passes": "passes",
    "rallies": "rallies card|tens",
    "manages": "manages +1|+2|-2", "stands": "stands pat",
}
# What a form leaves unsaid: the Managerial Move's only moves (a +3 was told its form alone).
FORM_NOTES = {"manages": " or 'SIDE stands pat' (rule 4.5: +1, +2 or -2, no other move)"}


def _parse_lineup(side: str, tail: str, text: str) -> Action:
    groups: dict[str, list[str]] = {}
    for chunk in tail.split(";"):
        chunk = chunk.strip()
        role, _, names = chunk.partition(" ")
        role = role.upper()
        if role not in ("C", "OF", "IF", "DH") or role in groups:
            raise ParseError(f"{text!r}: a lineup is 'C name; OF a, b, c; IF a, b, c, d; DH x'")
        groups[role] = [n.strip() for n in names.split(",") if n.strip()]
    if set(groups) != {"C", "OF", "IF", "DH"} or len(groups["C"]) != 1 or len(groups["DH"]) != 1:
        raise ParseError(f"{text!r}: a lineup is 'C name; OF a, b, c; IF a, b, c, d; DH x'")
    return lineup(side, groups["C"][0], tuple(groups["OF"]), tuple(groups["IF"]), groups["DH"][0])
