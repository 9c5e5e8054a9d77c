"""Cut a raw Type 1 font program (URW's .t1: clear text, the binary eexec part, the zeros
and cleartomark) into the three PFB segments reportlab embeds (printables/fonts).

    python tools/pfb.py /usr/share/fonts/type1/urw-base35/NimbusSans-Regular.t1 \
        printables/fonts/NimbusSans-Regular.pfb
"""

from __future__ import annotations

import re
import struct
import sys
from pathlib import Path

ASCII, BINARY, END = 1, 2, 3


def segment(kind: int, data: bytes) -> bytes:
    return b"\x80" + bytes([kind]) + struct.pack("<I", len(data)) + data


def pfb(raw: bytes) -> bytes:
    start = re.search(rb"currentfile eexec(\r\n|\r|\n)", raw)
    trailer = start and re.search(rb"(0{64}[\r\n]+)+0*[\r\n]*cleartomark", raw[start.end():])
    if trailer is None:
        raise SystemExit("not a raw Type 1 font program (no eexec part, or no trailer)")
    clear, rest = raw[:start.end()], raw[start.end():]
    return (segment(ASCII, clear) + segment(BINARY, rest[:trailer.start()])
            + segment(ASCII, rest[trailer.start():]) + b"\x80" + bytes([END]))


if __name__ == "__main__":
    source, target = map(Path, sys.argv[1:3])
    target.write_bytes(pfb(source.read_bytes()))
