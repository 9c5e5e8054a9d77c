"""QR codes of packed game records: the module matrix, and drawing it at a size a phone scans.

A packed record (`companion.high_and_tight.packed`, `HT1:` + base45) is all in the QR code's
alphanumeric mode. Error correction M (15% of the code may be lost) is used while the record
fits a version 40 code at M, else L; each module is 0.5 mm, with the standard four-module
quiet zone (see docs/architecture.md for the measured sizes).
"""

from __future__ import annotations

from dataclasses import dataclass

import qrcode
from qrcode import util
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
from qrcode.exceptions import DataOverflowError

from .options import MM

MODULE = 0.5 * MM           # printed size of one module
QUIET_ZONE = 4              # light modules around the code (ISO/IEC 18004)
LEVELS = (("M", ERROR_CORRECT_M), ("L", ERROR_CORRECT_L))


@dataclass(frozen=True)
class QRMatrix:
    """The dark (True) and light modules of a code, without its quiet zone."""

    rows: tuple[tuple[bool, ...], ...]
    version: int
    level: str

    @property
    def modules(self) -> int:
        return len(self.rows)

    def printed_size(self, module: float = MODULE) -> float:
        """Side of the printed code with its quiet zone, in points."""
        return (self.modules + 2 * QUIET_ZONE) * module


class RecordTooLong(ValueError):
    """The packed record does not fit one QR code at the lowest error correction."""


def qr_matrix(payload: str) -> QRMatrix:
    """The smallest code holding `payload` at level M, or at L when M cannot hold it."""
    mode = util.MODE_ALPHA_NUM if all(c in util.ALPHA_NUM.decode() for c in payload) \
        else util.MODE_8BIT_BYTE
    for level, constant in LEVELS:
        code = qrcode.QRCode(error_correction=constant, border=0)
        code.add_data(util.QRData(payload.encode("utf-8"), mode=mode))
        try:
            code.make(fit=True)
        except DataOverflowError:
            continue
        rows = tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())
        return QRMatrix(rows, code.version, level)
    raise RecordTooLong(f"{len(payload)} characters do not fit one QR code (at most 4,296 "
                        "at level L, version 40)")


def draw_qr(canvas, matrix: QRMatrix, x: float, y: float, module: float = MODULE) -> float:
    """Draw the code with its quiet zone, bottom-left corner at (x, y); returns its side.

    Dark modules of a row are drawn as one rectangle per run, so a large code stays a few
    thousand shapes.
    """
    side = matrix.printed_size(module)
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, y, side, side, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    path = canvas.beginPath()
    left = x + QUIET_ZONE * module
    top = y + side - QUIET_ZONE * module
    for index, row in enumerate(matrix.rows):
        row_y = top - (index + 1) * module
        start = None
        for column, dark in enumerate((*row, False)):
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                path.rect(left + start * module, row_y, (column - start) * module, module)
                start = None
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
    return side
