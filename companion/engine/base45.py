"""Base45 (RFC 9285): bytes as text in the 45 characters of a QR code's alphanumeric mode."""

from __future__ import annotations

from .errors import RecordError

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_VALUE = {character: value for value, character in enumerate(ALPHABET)}


def encode(data: bytes) -> str:
    """Each pair of bytes becomes three characters, a last odd byte two (least significant
    digit first, RFC 9285 section 4)."""
    out = []
    for start in range(0, len(data) - 1, 2):
        value = data[start] * 256 + data[start + 1]
        value, first = divmod(value, 45)
        third, second = divmod(value, 45)
        out.append(ALPHABET[first] + ALPHABET[second] + ALPHABET[third])
    if len(data) % 2:
        second, first = divmod(data[-1], 45)
        out.append(ALPHABET[first] + ALPHABET[second])
    return "".join(out)


def decode(text: str) -> bytes:
    """The bytes of a base45 text; a character outside the alphabet, a group too large or a
    lone last character raise RecordError naming the place."""
    out = bytearray()
    for start in range(0, len(text), 3):
        group = text[start:start + 3]
        digits = []
        for offset, character in enumerate(group):
            if character not in _VALUE:
                raise RecordError(f"base45: character {character!r} at position "
                                  f"{start + offset + 1} is not in the alphabet")
            digits.append(_VALUE[character])
        if len(digits) == 1:
            raise RecordError(f"base45: a lone character at the end (position {start + 1})")
        value = sum(digit * 45 ** power for power, digit in enumerate(digits))
        if len(digits) == 3:
            if value > 0xFFFF:
                raise RecordError(f"base45: group {group!r} at position {start + 1} is too "
                                  "large for two bytes")
            out += value.to_bytes(2, "big")
        else:
            if value > 0xFF:
                raise RecordError(f"base45: last group {group!r} is too large for a byte")
            out.append(value)
    return bytes(out)
