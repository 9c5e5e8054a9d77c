"""`companion print SET ...`: arguments, a progress bar on stderr, and the call into printables.

printables (and so reportlab) is imported only when a print is asked for, so the other
commands and the table start without it.
"""

from __future__ import annotations

import argparse
import sys

from printables.options import PAPERS as PAPER_SIZES
from printables.options import SIDES, parse_offset

from .files import output_problem, path_argument

PAPERS = tuple(PAPER_SIZES)
SETS_HELP = ("calibration, pieces, markers, cards, team-cards, rally-caps, scoreboard, field, "
             "scoresheet, series-sheet, all; or boxscore GAME|SERIES")


def offset_argument(text: str) -> tuple[float, float]:
    """`--offset X,Y` (printables.options.parse_offset), its refusal said by argparse."""
    try:
        return parse_offset(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def attach_offset(argv: list[str]) -> list[str]:
    """`--offset -1,0` as `--offset=-1,0`: a value starting with '-' that is not a plain
    number would otherwise be taken for an option (the calibration page's readings are
    negative about half the time)."""
    out = list(argv)
    for index, token in enumerate(out[:-1]):
        if token == "--offset" and out[index + 1].startswith("-"):
            out[index:index + 2] = [f"--offset={out[index + 1]}"]
            break
    return out


def add_print_parser(commands) -> None:
    printer = commands.add_parser("print", help="printable components and sheets as a PDF",
                                  description="Print a set of the box as one PDF, every page "
                                  "meant to be printed at 100%. SET is one of " + SETS_HELP)
    printer.add_argument("set", metavar="SET", help=SETS_HELP, type=str.lower)
    printer.add_argument("target", nargs="?", default=None,
                         help="boxscore only: the series (ID) or game (ID:N) to print")
    printer.add_argument("--team", action="append", default=[], help="only this team's "
                         "components (pieces, markers, team-cards, series-sheet): key, name "
                         "or abbreviation; a series-sheet takes a second, Team 2")
    printer.add_argument("--only", action="append", default=[], metavar="NAME",
                         help="only the named component, one copy each time it is given")
    printer.add_argument("--paper", choices=PAPERS, default="letter",
                         type=str.lower,          # "A4" as the paper is named
                         help="the paper size (default: letter)")
    printer.add_argument("--sides", choices=SIDES, default=None,
                         help="duplex (the default): backs on the next page for a long-edge flip; "
                         "fold: backs beside the fronts, fold on the line")
    printer.add_argument("--bleed", action="store_true", help="3 mm of bleed around cards")
    printer.add_argument("--offset", type=offset_argument, default=(0.0, 0.0), metavar="X,Y",
                         help="move every back page by X,Y mm (or with a unit: 0.05in, "
                         "3pt) to correct a printer's "
                         "misregistration (read it from the calibration set)")
    printer.add_argument("--out", type=path_argument, required=True, metavar="FILE.pdf",
                         help="the PDF to write (a file there is replaced only if a PDF, or empty)")
    printer.add_argument("--db", type=path_argument, action="append", dest="db_after", metavar="DB",
                         help="boxscore: the game file (default: the user-data folder)")
    printer.add_argument("--data", type=path_argument, action="append", dest="data_after",
                         metavar="DATA",
                         help="box folder to print from (default: the bundled demo box)")


def counted(count: int, unit: str) -> str:
    """'1 page', '3 pages': a count with its unit (given in the plural)."""
    return f"{count} {unit[:-1] if count == 1 else unit}"


class ProgressBar:
    """Pages (or games, for a box score) done per set: a bar redrawn in place on a terminal,
    one line a set otherwise."""

    WIDTH = 30

    def __init__(self, stream=None, unit: str = "pages"):
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.unit = unit

    def __call__(self, name: str, done: int, total: int) -> None:
        if self.live:
            filled = round(self.WIDTH * done / total) if total else self.WIDTH
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            end = "\n" if done >= total else ""
            unit = counted(total, self.unit).split(" ", 1)[1]
            self.stream.write(f"\r{name:<13} [{bar}] {done}/{total} {unit}{end}")
            self.stream.flush()
        elif done >= total:
            self.stream.write(f"{name}: {counted(total, self.unit)}\n")


def cmd_print(args, box_loader, store_opener, command_error, box_folder) -> int:
    """Render the chosen set; bad input raises `command_error` (exit 2)."""
    from printables.options import OptionError, PrintOptions
    from printables.sets import NEEDS_TARGET, SETS, set_function

    from .cli import EXIT_PARTIAL

    if args.set == "series-sheet" and len(args.team) > 2:
        raise command_error(f"--team is given {len(args.team)} times: a series-sheet takes "
                            "at most two, Team 1 then Team 2")
    if args.set != "series-sheet" and len(args.team) > 1:
        raise command_error(f"--team is given {len(args.team)} times: a print holds one "
                            "team's components, or every team's without --team (a "
                            "series-sheet takes two: Team 1, then Team 2)")
    team = args.team[0] if args.team else None
    opponent = args.team[1] if len(args.team) > 1 else None
    if args.set not in (*SETS, "all", *NEEDS_TARGET):
        try:
            set_function(args.set)      # (its refusal: the sets, and the one meant)
        except ValueError as error:
            raise command_error(str(error)) from None
    if args.set not in NEEDS_TARGET and args.db_after:
        # (given before the command, as for every command, it is left alone)
        raise command_error(f"print {args.set} takes no --db: only a boxscore prints from a "
                            "game file; the other sets print from the box (--data)")
    if args.set in NEEDS_TARGET:
        # A box score prints the games as they were: no team, component, bleed or back to
        # choose (its pages are one-sided).
        given = [flag for flag, value in (("--team", team), ("--only", args.only),
                                          ("--sides", args.sides), ("--bleed", args.bleed),
                                          ("--offset", any(args.offset)))
                 if value]
        if given:
            raise command_error(f"print {args.set} takes no {' or '.join(given)}: it prints "
                                "each game whole on one-sided pages (only --paper applies)")
        if args.data is not None:
            # (told, not refused: `--data` set once for every command, an alias, reaches it)
            print(f"note: print {args.set} does not read --data: a series prints with the "
                  "box it was played with, kept in the game file", file=sys.stderr)
    try:
        options = PrintOptions(paper=args.paper, sides=args.sides or "duplex", bleed=args.bleed,
                               offset=args.offset, team=team, opponent=opponent,
                               only=tuple(args.only))
    except ValueError as error:
        raise command_error(str(error)) from None
    problem = output_problem(args.out, ".pdf", replaces="pdf")
    if problem:
        raise command_error(problem)
    progress = ProgressBar(unit="games" if args.set in NEEDS_TARGET else "pages")
    warned: list[str] = []      # a damaged series: what replays printed, the damage told
    if args.set in NEEDS_TARGET:
        if args.target is None:
            raise command_error(f"print {args.set} needs a series (ID) or a game (ID:N)")
        from printables.boxscore import print_boxscore

        with store_opener(args, readonly=True) as store:
            try:
                pages = print_boxscore(store, args.target, options, args.out,
                                       lambda done, total: progress(args.set, done, total),
                                       warned.append)
            except ValueError as error:
                for message in warned:      # (why the game asked for is not there)
                    print(message, file=sys.stderr)
                raise command_error(str(error)) from None
    else:
        if args.target is not None:
            raise command_error(f"print {args.set} takes no target ({args.target!r}); only "
                                "boxscore does")
        from printables.render import render

        box = box_loader(args.data)
        try:
            pages = render(args.set, box, options, args.out, progress,
                           lambda words: print(f"note: {words}", file=sys.stderr))
        except OptionError as error:
            raise command_error(f"--{error.option}: {error}") from None
        except ValueError as error:
            raise command_error(str(error)) from None
        # What printed cut short or with a letter as a box, as `data check` warns of it
        # (a print said only 'wrote', and the player found it on paper).
        from printables.components import printed_text_warnings

        for text in printed_text_warnings(box, args.set, team):
            print(f"warning: {args.data or box_folder}/{text}", file=sys.stderr)
    print(f"wrote {args.out} ({counted(pages, 'pages')})")
    for message in warned:      # (after 'wrote': the last word the player reads)
        print(f"{message} (exit {EXIT_PARTIAL})", file=sys.stderr)
    return EXIT_PARTIAL if warned else 0
