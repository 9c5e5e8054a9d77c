"""`print all` for the whole demo box against a bare reportlab script drawing the same work.

The companion's run is `render("all", ...)` end to end: the box's components laid out, every
face drawn with its text fitted, the calibration bars, one PDF written atomically (fsync and
rename). The bare script, in the same process, draws into a reportlab canvas the same number
of pages, rectangles, line segments, curves and strings as the companion's PDF shows
(counted from it, a drawing the companion stores once as a form and places N times counting
N times), one by one with nothing around them, and saves to a file. Best of RUNS each,
interleaved.

Both are timed in CPU time of this process (the ratio is what the figure is about, and the
machine is shared: wall time swings with other work) and in wall time, which for the
companion includes the fsync of the atomic write.
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


def page_content(page) -> bytes:
    """A page's content stream with every form XObject it places (`/Name Do`) written out in
    its place, recursively: what the page draws, however it was stored."""
    return _inline_forms(page.get_contents().get_data(), page.get("/Resources"))


def _inline_forms(data: bytes, resources) -> bytes:
    resources = resources.get_object() if resources is not None else {}
    xobjects = resources.get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else {}

    def inline(match: re.Match) -> bytes:
        form = xobjects[match.group(1).decode("latin-1")].get_object()
        return b"q\n" + _inline_forms(form.get_data(), form.get("/Resources")) + b"\nQ"

    return re.sub(rb"(/[^\s/\[\]()<>]+) Do", inline, data)


def count_work(path: Path) -> dict:
    """Pages and, per page, the drawing operators of a PDF (forms counted at each use)."""
    pages = []
    for page in PdfReader(str(path)).pages:
        data = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", page_content(page))  # text is no operator
        pages.append({name: len(re.findall(pattern, data)) for name, pattern in OPERATORS.items()})
    return {"pages": len(pages), "per_page": pages}


def timed(function, *args) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call."""
    cpu, wall = time.process_time(), time.perf_counter()
    function(*args)
    return time.process_time() - cpu, time.perf_counter() - wall


def bare_script(path: Path, work: dict, size: tuple[float, float]) -> None:
    """The same pages, rectangles, lines, curves and strings, drawn as plainly as reportlab can."""
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


def companion_print(path: Path, box, options: PrintOptions) -> None:
    text.stringWidth.cache_clear()      # each run measures its own text, as a fresh command does
    render("all", box, options, path)


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
            ours.append(timed(companion_print, folder / f"all{run}.pdf", box, options))
            bare.append(timed(bare_script, folder / f"bare{run}.pdf", work,
                              PAPERS[options.paper]))
    totals = {name: sum(page[name] for page in work["per_page"]) for name in OPERATORS}
    cpu_ours, cpu_bare = min(c for c, _ in ours), min(c for c, _ in bare)
    wall_ours, wall_bare = min(w for _, w in ours), min(w for _, w in bare)
    return {"pages": work["pages"], **totals,
            "companion_cpu_s": round(cpu_ours, 3), "bare_cpu_s": round(cpu_bare, 3),
            "ratio": round(cpu_ours / cpu_bare, 2), "target_ratio": TARGET_RATIO,
            "companion_wall_s": round(wall_ours, 3), "bare_wall_s": round(wall_bare, 3),
            "wall_ratio": round(wall_ours / wall_bare, 2)}


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))
