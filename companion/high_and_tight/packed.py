"""A game record packed to fit one QR code: zlib against a dictionary of the box, then base45.

`HT1:` opens the text, so an import knows it. Everything after it is in the QR code's
alphanumeric mode (RFC 9285 base45), which a code stores at 5.5 bits a character. The zlib
stream is primed with a preset dictionary: the record's own words (tags, verbs) and the names
of the box's teams, pieces and cards, so that a line such as `away plays Good Wood` costs a
few bits. The dictionary is part of the format: the same box packs and unpacks (the zlib
header names the dictionary, so another box is refused, not misread).
"""

from __future__ import annotations

import zlib

from ..engine import base45
from ..engine.errors import RecordError
from .box import Box

PREFIX = "HT1:"
MOST_UNPACKED = 8_000_000    # bytes of record a code may unpack to (a World Series: ~150 kB)

# The words of every record (docs/record-format.md), most frequent last: zlib reaches the
# end of the dictionary with the shortest distances.
_VOCABULARY = (
    '[Game "High & Tight"]\n[Box ""]\n[Home ""]\n[Away ""]\n[HomeRoster ""]\n[AwayRoster ""]\n'
    '[Cards "digital"]\n[Cards "physical"]\n[Rules ""]\n[SeriesGame ""]\n[HomeStarter ""]\n'
    '[AwayStarter ""]\n[HomeStarterFatigue "100"]\n[AwayStarterFatigue "100"]\n'
    '[HomeResting ""]\n[AwayResting ""]\n[HomeShortRest ""]\n[AwayShortRest ""]\n'
    '[Seed ""]\n[Result ""]\n'
    "ballparks,advanced-fatigue,rest,short-rest,closer-saves,good-bad-day\n"
    "home draws 3 offense 3 defense\naway draws 1 offense 0 defense\n"
    "home exchanges  for offense\naway exchanges  for defense\nhome keeps\naway keeps\n"
    "home starts \naway starts \nhome lineup C ; OF , , ; IF , , , ; DH \naway lineup C \n"
    "away names power\nhome names speed\nobp\nclutch\nnone\n"
    "home brings in \naway brings in \nhome stays with the pitcher\naway stays with the pitcher\n"
    "away rallies card\nhome rallies tens\n"
    "away manages +1\nhome manages +2\naway manages -2\nhome stands pat\naway stands pat\n"
    "away bats \nhome fields \nhome bats \naway fields \n"
    "away plays \nhome plays \naway passes\nhome passes\n"
    "roll 1 1\nroll 6 6\nroll 2 5\nroll 4 3\n"
)


def dictionary(box: Box) -> bytes:
    """The preset dictionary of a box: its teams, pieces and cards, then the vocabulary."""
    names = sorted({team.key for team in box.teams.values()} | set(box.rosters))
    for roster in box.rosters.values():
        names += sorted(piece.name for piece in
                        [*roster.ballplayers.values(), *roster.pitchers.values()])
    names += sorted(card.name for card in box.cards.values())
    return ("\n".join(names) + "\n" + _VOCABULARY).encode("utf-8")


def pack(box: Box, record: str) -> str:
    """`HT1:` and the record compressed against the box's dictionary, in base45."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY,
                                  zdict=dictionary(box))
    return PREFIX + base45.encode(compressor.compress(record.encode("utf-8"))
                                  + compressor.flush())


def is_packed(text: str) -> bool:
    return text.lstrip().startswith(PREFIX)


def unscanned(box: Box, text: str) -> str:
    """A record as typed, or the one a scanned box score code (`HT1:...`) holds; a code whose
    `HT1:` was left off is refused saying so (it would read as a record with no header)."""
    if is_packed(text):
        return unpack(box, text)
    code = "".join(line.strip() for line in text.splitlines())
    if len(code) >= MIN_BARE_CODE and set(code) <= set(base45.ALPHABET):
        raise RecordError(f"this looks like a box score's code without its {PREFIX!r} start: "
                          f"put {PREFIX} before it, as the code holds it")
    return text


MIN_BARE_CODE = 40      # shorter text of the code's characters is not taken for a code


def unpack(box: Box, text: str) -> str:
    """The record a packed text holds (what a scanner reads off a box score's QR code). A code
    pasted over several lines (a phone's or a mail's wrapping) is read with the breaks taken
    out, or else each break as the space it replaced."""
    payload = text.strip()
    if not payload.startswith(PREFIX):
        raise RecordError(f"a packed record starts with {PREFIX!r}")
    lines = payload.splitlines()
    if len(lines) == 1:
        return _unpack(box, payload)
    errors = []
    for joined in ("".join(lines), " ".join(line.strip() for line in lines)):
        try:
            return _unpack(box, joined)
        except RecordError as error:
            errors.append(error)
    # The way of joining that read further says more (a misread past the breaks rather than
    # at the first one).
    said = min(errors, key=lambda error: "base45" in str(error))
    raise RecordError(f"{said} (the code spans {len(lines)} lines here: put it on one line "
                      "as it was scanned)")


def _unpack(box: Box, payload: str) -> str:
    try:
        data = base45.decode(payload[len(PREFIX):])
    except RecordError as error:    # a group broken where the scan stopped or misread
        raise RecordError(f"the {PREFIX} code is cut short or misread ({error}): scan it "
                          "again") from None
    decompressor = zlib.decompressobj(15, zdict=dictionary(box))
    try:
        # At most MOST_UNPACKED bytes: a code made to unpack to gigabytes (a few megabytes
        # of text) stops there instead of filling the memory.
        record = decompressor.decompress(data, MOST_UNPACKED + 1)
        if len(record) > MOST_UNPACKED or decompressor.unconsumed_tail:
            raise RecordError(f"the {PREFIX} code unpacks to more than "
                              f"{MOST_UNPACKED // 1_000_000} MB: no box score holds that much; "
                              "it was not read")
        record += decompressor.flush()
    except zlib.error as error:
        raise RecordError(
            f"the {PREFIX} code does not unpack with the box in use ({box.fingerprint}): it "
            f"was made with another box (use --data with that box) or misread ({error})"
        ) from None
    if not decompressor.eof or decompressor.unused_data:
        raise RecordError(f"the {PREFIX} code is cut short or has text after its end: "
                          "scan it again")
    try:
        return record.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"the {PREFIX} code does not hold a text record") from None
