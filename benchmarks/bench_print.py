"""`print all` for the whole demo box against a bare reportlab script drawing the same work.

The companion's run is `render("all", ...)` end to end: the box's components laid out, every
face drawn with its text fitted, the calibration bars, one PDF written atomically (fsync and
rename). The bare script, in the same process, draws into a reportlab canvas the same number
of pages, rectangles, line segments, curves and strings (counted from the companion's own
PDF), with nothing around them, and saves to a file. Best of RUNS each, interleaved.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from companion.high_and_tight.box import load_box
from printables import text
from printables.options import PAPERS, PrintOptions
from printables.render import render

RUNS = 7
TARGET_RATIO = 2.0
OPERATORS = {"rects": rb"\bre\b", "lines": rb"\bl\b", "curves": rb"\bc\b", "strings": rb"\bTj\b"}


def count_work(path: Path) -> dict:
    """Pages and, per page, the drawing operators of a PDF (from its content streams)."""
    pages = []
    for page in PdfReader(str(path)).pages:
        data = page.get_contents().get_data()
        data = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", data)   # strings' text is not operators
        pages.append({name: len(re.findall(pattern, data)) for name, pattern in OPERATORS.items()})
    return {"pages": len(pages), "per_page": pages}


def bare_script(path: Path, work: dict, size: tuple[float, float]) -> float:
    """The same pages, rectangles, lines, curves and strings, drawn as plainly as reportlab can."""
    start = time.perf_counter()
    canvas = Canvas(str(path), pagesize=size, invariant=1, pageCompression=1)
    for page in work["per_page"]:
        canvas.setFont("Helvetica", 7)
        for index in range(page["rects"]):
            canvas.rect(20 + index % 50, 20 + index % 70, 36, 18, stroke=1, fill=1)
        for index in range(page["lines"]):
            canvas.line(20, 20 + index % 700, 60, 20 + index % 700)
        for index in range(page["curves"]):
            canvas.bezier(20, 20, 30, 30 + index % 50, 40, 30, 50, 20)
        for index in range(page["strings"]):
            canvas.drawString(30, 30 + index % 700, "Offense 4")
        canvas.showPage()
    canvas.save()
    return time.perf_counter() - start


def companion_print(path: Path, box, options: PrintOptions) -> float:
    text.stringWidth.cache_clear()      # each run measures its own text, as a fresh command does
    start = time.perf_counter()
    render("all", box, options, path)
    return time.perf_counter() - start


def main() -> dict:
    box = load_box()
    options = PrintOptions()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        companion_print(folder / "warm.pdf", box, options)          # imports, font metrics
        work = count_work(folder / "warm.pdf")
        bare_script(folder / "warm-bare.pdf", work, PAPERS[options.paper])
        ours, bare = [], []
        for run in range(RUNS):
            ours.append(companion_print(folder / f"all{run}.pdf", box, options))
            bare.append(bare_script(folder / f"bare{run}.pdf", work, PAPERS[options.paper]))
    totals = {name: sum(page[name] for page in work["per_page"]) for name in OPERATORS}
    return {"pages": work["pages"], **totals,
            "companion_s": round(min(ours), 3), "bare_s": round(min(bare), 3),
            "ratio": round(min(ours) / min(bare), 2), "target_ratio": TARGET_RATIO}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
