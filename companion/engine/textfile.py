"""Where a text file a player saved stops being UTF-8 (box files and game records alike)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

BYTE_ORDER_MARK = b"\xef\xbb\xbf"


def undecodable_at(raw: bytes | Path, error: UnicodeDecodeError) -> tuple[int, str]:
    """The line (from 1) of the first byte that decoding `raw` (a file's bytes, or the file)
    as "utf-8-sig" could not read, and that byte in words: its value and where it stands
    ('0xE9, byte 245 of the file'; the decoder counts past a byte-order mark, the player's
    file does not)."""
    if isinstance(raw, Path):
        raw = raw.read_bytes()
    start = error.start + (len(BYTE_ORDER_MARK) if raw.startswith(BYTE_ORDER_MARK) else 0)
    return raw.count(b"\n", 0, start) + 1, f"0x{raw[start]:02X}, byte {start + 1} of the file"


def utf16_said(raw: bytes | Path) -> str:
    """'; it is UTF-16 text, ...' when the bytes open with UTF-16's byte-order mark (an
    editor's "Unicode" saving): the byte named alone, 0xFF, said nothing of it."""
    if isinstance(raw, Path):
        try:
            with open(raw, "rb") as handle:
                raw = handle.read(2)
        except OSError:
            return ""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "; it is UTF-16 text, an editor's \"Unicode\""
    return ""


def special_file(path: Path) -> bool:
    """Whether `path` (a link followed) is a device (/dev/zero, read for ever) or a socket.
    A pipe is read as the text it carries (`replay <(cat game.txt)`, /dev/stdin): its
    writer ends it."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False                # (missing or unreadable: the reading says which)
    return stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISSOCK(mode)
