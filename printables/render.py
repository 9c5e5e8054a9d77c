"""One print run: the chosen sets drawn into one byte-stable PDF, written atomically."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from companion.files import write_atomically
from companion.high_and_tight.box import Box

from .components import (
    OffsetProbed,
    offset_refused,
    only_refused,
    print_notes,
    probing_offsets,
    ranges_taken,
    resolve_team,
)
from .options import PrintOptions
from .sets import NEEDS_TARGET, ONE_SIDED, SETS, TEAM_SETS, set_function
from .text import REGULAR

RunProgress = Callable[[str, int, int], None]   # (set name, pages done, pages of the set)
CALIBRATION_NOT_FOLDED = ("it checks a duplex print (the back page's scales behind the "
                          "front's crosses) and has no fold-over layout")


def expand(sets: str | Iterable[str]) -> list[str]:
    """Set names in print order, `all` standing for every set that needs no target."""
    names = [sets] if isinstance(sets, str) else list(sets)
    expanded: list[str] = []
    for name in names:
        if name == "all":
            expanded += [each for each in SETS if each not in NEEDS_TARGET]
        else:
            set_function(name)        # ValueError naming the accepted sets
            expanded.append(name)
    return list(dict.fromkeys(expanded))


def plan(names: list[str], box: Box, options: PrintOptions) -> list[tuple[str, PrintOptions]]:
    """Which sets print, each with the --only names it holds.

    One set prints what --only asks of it (the set names what it does not hold). Several sets
    (`all`) share the names out: each prints the ones it holds; a set without named
    components prints only when its own name is asked; a name no set holds is an error.
    """
    if len(names) == 1 or not options.only:
        return [(name, options) for name in names]
    steps, claimed, accepted = [], set(), []
    for name in names:
        function = set_function(name)
        if hasattr(function, "components"):
            components = function.components(box, options)
            accepted += [c.name for c in components]
            mine = tuple(w for w in options.only
                         if any(c.answers_to(w) for c in components))
        else:
            accepted.append(name)
            mine = tuple(w for w in options.only if w.strip().casefold() == name)
            if mine:
                steps.append((name, replace(options, only=())))
                claimed.update(mine)
                continue
        if mine:
            steps.append((name, replace(options, only=mine)))
            claimed.update(mine)
    unknown = [w for w in options.only if w not in claimed]
    if unknown:
        raise only_refused("component", unknown, accepted)
    return steps


def sets_to_print(sets: str | Iterable[str], box: Box, options: PrintOptions
                  ) -> tuple[list[str], dict[str, str]]:
    """The sets a run prints, in order, and those of a run of several (`all`) it leaves out,
    each with why: one holding nothing of --team's (an optional team has no pieces), one
    the box has nothing for (no Rally Caps card where the box gives them no use), the
    calibration test in a fold-over run. Alone, a set says why instead of printing nothing."""
    names = expand(sets)
    if len(names) == 1:
        return names, {}
    team = resolve_team(box, options.team)
    options = replace(options, team=team)
    out = {}
    for name in names:
        function = set_function(name)
        if name == "calibration" and options.sides == "fold":
            out[name] = CALIBRATION_NOT_FOLDED
        elif hasattr(function, "components"):
            try:
                if not function.components(box, replace(options, only=())) and team:
                    out[name] = f"nothing in it is {box.teams[team].name}'s"
            except ValueError as error:
                out[name] = str(error)
    return [name for name in names if name not in out], out


def render(sets: str | Iterable[str], box: Box, options: PrintOptions, out_path: str | Path,
           progress: RunProgress | None = None,
           note: Callable[[str], None] | None = None) -> int:
    """Draw the sets into one PDF at out_path; returns the number of pages. `note` hears of
    each set a run of several leaves out, and why, and of a layout --offset chose over the
    best one.

    Nothing is written until every page is drawn; the file then appears whole or not at all
    (an earlier file of the same name stays as it was on any failure).
    """
    options = replace(options, team=resolve_team(box, options.team))
    names, skipped = sets_to_print(sets, box, options)
    for name, why in skipped.items() if note is not None else ():
        note(f"{name} left out: {why}")
    if options.team is not None and not any(name in TEAM_SETS for name in names):
        raise ValueError(f"--team applies to {', '.join(TEAM_SETS)}; {', '.join(names)}: "
                         "the same for every team")
    steps = plan(names, box, options)
    if options.bleed and not any(getattr(set_function(name), "poker", False)
                                 for name, _ in steps):
        poker = [name for name in SETS if getattr(set_function(name), "poker", False)]
        printed = [name for name, _ in steps]
        raise ValueError(f"--bleed applies to the poker-size cards ({', '.join(poker)}); "
                         f"{', '.join(printed)} {'prints' if len(printed) == 1 else 'print'} "
                         "without it: leave --bleed out")
    if options.bleed and note is not None:
        # A run of several sets: the sets with no bleed print as they always do, said.
        plain = [name for name, _ in steps if not getattr(set_function(name), "poker", False)]
        if plain:
            note(f"{', '.join(plain)} {'prints' if len(plain) == 1 else 'print'} without "
                 "--bleed: only the poker-size cards take it")
    with_backs = [name for name, _ in steps if name not in ONE_SIDED]
    if not with_backs and (any(options.offset) or options.sides == "fold"):
        given = " and ".join(flag for flag, used in (("--offset", any(options.offset)),
                                                    ("--sides fold", options.sides == "fold"))
                             if used)
        raise ValueError(f"{', '.join(name for name, _ in steps)} "
                         f"{'prints' if len(steps) == 1 else 'print'} one-sided, with no backs "
                         f"for {given} to place: leave it out")
    if with_backs == ["calibration"] and options.sides == "fold":
        raise ValueError(f"the calibration test: {CALIBRATION_NOT_FOLDED}; leave --sides "
                         "fold out")
    if len(with_backs) > 1 and any(options.offset) and options.sides == "duplex":
        check_offset_together(steps, box, options)
    if options.sides == "duplex" and any(name not in ONE_SIDED for name, _ in steps):
        # Sheets with backs print two-sided: a one-sided sheet among them gets a blank back,
        # or it would land on the back of the sheet before it.
        steps = [(name, replace(step, blank_backs=name in ONE_SIDED)) for name, step in steps]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.size)
    canvas.setTitle("High & Tight printables: " + ", ".join(name for name, _ in steps))
    with print_notes(note):
        for name, step_options in steps:
            report = None
            if progress is not None:
                def report(done: int, total: int, name: str = name) -> None:
                    progress(name, done, total)
            set_function(name)(canvas, box, step_options, report)
    pages = canvas.getPageNumber() - 1
    canvas.save()
    write_atomically(out_path, buffer.getvalue())
    return pages


def check_offset_together(steps: list[tuple[str, PrintOptions]], box: Box,
                          options: PrintOptions) -> None:
    """--offset for a run of several sets with backs: refused, before a page is drawn,
    unless every set has a layout that takes it, with the ranges they all take (each set
    alone told only its own, and the next set refused an offset inside it; the layouts
    the offset asked would have chosen told a range narrower than what prints)."""
    per_set = []
    for name, step in steps:
        if name in ONE_SIDED:
            continue
        with probing_offsets() as told:
            try:        # (each set works out its ranges before it draws a page)
                set_function(name)(new_canvas(io.BytesIO(), options.size), box,
                                   replace(step, offset=(0.0, 0.0)), None)
            except OffsetProbed:
                pass
        if told:
            per_set.append(told)
    refused = next((ranges[0] for ranges in per_set
                    if not any(one.holds(*options.offset) for one in ranges)), None)
    if refused is not None:
        raise offset_refused(options.offset, ranges_taken(per_set), refused, together=True)


def new_canvas(target, size: tuple[float, float]) -> Canvas:
    """A canvas as every print run makes it: byte-stable (`invariant=1`), compressed pages,
    its first font one of the printed fonts (its default, Helvetica, was named in every
    page's resources, not embedded)."""
    canvas = Canvas(target, pagesize=size, invariant=1, pageCompression=1,
                    initialFontName=REGULAR)
    canvas.setAuthor("the dugout companion")    # (a box score said 'anonymous')
    canvas.setCreator("the dugout companion")
    canvas.setSubject("High & Tight: print at 100% (actual size)")
    return canvas
