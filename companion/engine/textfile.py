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


UTF16_SAMPLE = 400      # bytes read to tell UTF-16 saved without its byte-order mark


def utf16_said(raw: bytes | Path) -> str:
    """'; it is UTF-16 text, ...' when the bytes open with UTF-16's byte-order mark (an
    editor's "Unicode" saving): the byte named alone, 0xFF, said nothing of it. Saved
    without the mark, Latin text has a NUL byte beside each letter: that reads as UTF-8
    (NUL is a character) and was told as a TOML syntax error or a header naming no column."""
    if isinstance(raw, Path):
        try:
            with open(raw, "rb") as handle:
                raw = handle.read(UTF16_SAMPLE)
        except OSError:
            return ""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "; it is UTF-16 text, an editor's \"Unicode\""
    sample = raw[:UTF16_SAMPLE]
    if len(sample) >= 4 and any(half.count(0) >= 0.9 * len(half) and other.count(0) == 0
                                for half, other in ((sample[0::2], sample[1::2]),
                                                    (sample[1::2], sample[0::2]))):
        return "; it is UTF-16 text saved without its byte-order mark"
    return ""


def not_a_file(path: Path) -> str:
    """What stands at `path` (a link followed) in a folder's place of a file: 'a folder',
    'a named pipe' (read, it waits for a writer for ever), 'a device' or 'a socket'; ''
    for a file, or nothing there (the reading says which)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return ""
    return ("a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "")
