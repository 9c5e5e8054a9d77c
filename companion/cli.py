"""The command line: the one place that wires data, rules and interfaces together."""

from __future__ import annotations

import argparse
import codecs
import json
import os
import re
import secrets
import sys
from pathlib import Path

from . import print_cli
from .engine.dice import seed_problem
from .engine.errors import CompanionError, DataError, closest, did_you_mean
from .engine.record import check_box, header_tags, parse_record, split_records_at
from .engine.session import replay
from .engine.textfile import not_a_file, undecodable_at, utf16_said
from .files import db_words, output_problem, path_argument, write_atomically
from .high_and_tight import odds
from .high_and_tight.box import DEFAULT_BOX_DIR, ROMAN, TEAMS_ALIKE, Box, load_box, parse_roman
from .high_and_tight.boxscore import report_export
from .high_and_tight.packed import unscanned
from .high_and_tight.rules import GAME_TAGS, HighAndTight, managerial_move, result_problem
from .high_and_tight.series import SCENARIOS, SERIES_ID_MAX, TEAMS, Availability, SeriesRules
from .high_and_tight.series_session import CONTROL_TAGS
from .high_and_tight.state import MODES, OPTIONAL_RULES, parse_options

SCENARIOS_PLAYABLE = [key for key, s in SCENARIOS.items() if s.rotation]

EXIT_OK = 0
EXIT_PARTIAL = 1            # done, but short of what was asked (an export up to damage)
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130      # the shell's own code for a stop by Ctrl-C
EXIT_PIPE_CLOSED = 141      # the shell's code for a writer stopped by its reader (SIGPIPE)

WHAT_IT_DOES = """\
The dugout companion: a tabletop companion for High & Tight.

Commands (with no command, the table opens):
  companion play [--series ID]     the table in the terminal: start or continue a series
  companion follow                 a read-only live scoreboard for a second screen
  companion data check [DIR]       validate a box folder (default: the bundled demo box)
  companion odds --rolls N --box B exact run odds of one at-bat (--also K, --hit-and-run,
                                   --advise, --json)
  companion simulate --games N --seed S
                                   computer managers play N games (--json, --record FILE)
  companion replay FILE            check game records reach their results (a line each, --json)
  companion series new|list|show|delete
                                   series in the game file (--db PATH)
  companion simulate --series SCENARIO --seed S
                                   a whole series on the computer, stored as it goes
  companion export ID[:GAME]       a stored series or game (--format record|json|csv)
  companion import FILE            read a text record back into the game file
  companion db check               integrity, schema version and counts of the game file
  companion db unlock              free a game file from a writer no companion is any more
  companion db salvage --out NEW   what a damaged game file still holds, into a new one
  companion print SET --out FILE   printable components and sheets as a PDF (SET: pieces,
                                   cards, ..., all; boxscore GAME|SERIES)

Run 'companion COMMAND --help' for the options of a command.
"""


class CommandError(Exception):
    """A user-facing failure: printed to stderr, exit code 2."""


def _int_in(low: int, high: int, what: str):
    def convert(text: str) -> int:
        try:
            # (the digits 0-9 only, as a box file's numbers: int() reads any script's)
            if not text.strip().lstrip("+-").isascii():
                raise ValueError(text)
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} {text!r} is not a whole number; accepted range {low}..{high}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} {value} is outside the accepted range {low}..{high}")
        return value
    return convert


def _box_label(text: str) -> int:
    """A Scoring Number box as the track labels it (IV) or by its place (4)."""
    if text.strip().isdecimal() and text.isascii() and 1 <= int(text) <= len(ROMAN):
        return int(text)
    try:
        return parse_roman(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{error} (or 1..{len(ROMAN)})") from None


def _seed(text: str) -> str:
    # (an empty one read as a seed, '[Seed ""]', where a player meant none: records made
    # with one still read)
    problem = ("an empty seed: give at least one character, or leave --seed out"
               if not text else seed_problem(text))
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


class Parser(argparse.ArgumentParser):
    """The command line's parser: an option the command does not know ('--bd') is offered
    the nearest it has ('--db'), or said to be none of its own (another command's), under
    the usage of the command given (the parser of the whole line knew only its own); a
    command group given without its command lists them; a bad value is told on its own."""

    def parse_args(self, args=None, namespace=None):
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            self._unrecognized(parsed, extras)
        return parsed

    def _unrecognized(self, parsed, extras: list[str]):
        command, names = command_given(self, parsed)
        own = [option for option in option_strings(command, deep=False) if option != "--help"]
        said = []
        for slip in (word.split("=")[0] for word in extras if word.startswith("--")):
            if command is not self and slip in option_strings(self):
                said.append(f"`{' '.join(names)}` takes no {slip}; its options: "
                            + (", ".join(own) or "none"))
            elif closest(slip, own):
                said.append(f"did you mean {closest(slip, own)} for {slip}?")
        command.error(f"unrecognized arguments: {' '.join(extras)}"
                      + (" (" + "; ".join(said) + ")" if said else ""))

    def _check_value(self, action, value):
        """A choice not among those accepted is said with them, and the nearest ('leter':
        did you mean 'letter'?), as a name of the box is."""
        if action.choices is not None and value not in action.choices:
            raise argparse.ArgumentError(
                action, f"invalid choice: {value!r} (choose from "
                f"{', '.join(map(repr, action.choices))})"
                f"{did_you_mean(value, action.choices)}")

    def error(self, message: str):
        group = re.match(r"the following arguments are required: (\w+)_command$", message)
        if group:
            choices = next(action.choices for action in self._actions
                           if isinstance(action, argparse._SubParsersAction))
            message = f"give one of its commands: {', '.join(choices)}"
        if message.startswith("argument ") and "expected " not in message and \
                not re.match(r"argument \w*command:", message):
            # A value out of its range names the option and the range: the command's usage
            # above it would push that line down the screen (`--help` shows it). A value
            # left out, or a command unknown, keeps it: the usage shows what goes there.
            self.exit(2, f"{self.prog}: error: {message}\n")
        super().error(message)


def command_given(parser: argparse.ArgumentParser, parsed
                  ) -> tuple[argparse.ArgumentParser, list[str]]:
    """The (sub)command the parsed line names, deepest first, and its words ('companion
    series list'): read from what was parsed, not from the words (a box folder named
    'data' is no command)."""
    names = [parser.prog]
    dest = "command"
    while True:
        subs = [action for action in parser._actions
                if isinstance(action, argparse._SubParsersAction)]
        chosen = getattr(parsed, dest, None)
        if not subs or chosen not in subs[0].choices:
            return parser, names
        parser = subs[0].choices[chosen]
        names.append(chosen)
        dest = f"{chosen}_command"


def option_strings(parser: argparse.ArgumentParser, deep: bool = True) -> list[str]:
    """Every '--option' of the parser and (`deep`) of its commands, for a slip's nearest."""
    found = []
    for action in parser._actions:
        found.extend(o for o in action.option_strings if o.startswith("--"))
        if deep and isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found.extend(option_strings(sub))
    return list(dict.fromkeys(found))


ROSTER_HELP = ("the pieces it fields, a standard team's, by its key, name or abbreviation "
               "(rule 8.1.1: an optional team card needs one; default: the team's own)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="companion", description=WHAT_IT_DOES,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=path_argument, default=None,
                        help="box folder to use (default: the bundled demo box)")
    parser.add_argument("--db", type=path_argument, default=None,
                        help="the game file (default: the user-data folder)")
    commands = parser.add_subparsers(dest="command")

    data = commands.add_parser("data", help="box data commands")
    data_commands = data.add_subparsers(dest="data_command", required=True)
    check = data_commands.add_parser("check", help="validate a box folder")
    check.add_argument("directory", nargs="?", type=path_argument, default=None,
                       help="the box folder to check (or --data; default: the bundled "
                       "demo box)")
    box_option(check)

    odds_cmd = commands.add_parser("odds", help="exact run odds of one at-bat")
    odds_cmd.add_argument("--rolls", required=True, type=_int_in(1, 20, "rolls"),
                          help="Scoring Rolls, 1..20")
    odds_cmd.add_argument("--box", required=True, type=_box_label,
                          help="Scoring Number box, I..XII (or 1..12)")
    odds_cmd.add_argument("--also", action="append", default=[],
                          type=_int_in(2, 12, "extra scoring number"),
                          help="an extra scoring number (Rally Caps' 10, a ballpark's), 2..12")
    odds_cmd.add_argument("--bonus", action="store_true",
                          help="add the +1 bonus roll of rule 5.5.2")
    odds_cmd.add_argument("--hit-and-run", action="store_true",
                          help="every 9 takes a run away (rule 5.1.1 e)")
    odds_cmd.add_argument("--advise", action="store_true",
                          help="compare every legal Managerial Move (rule 4.5)")
    odds_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    box_option(odds_cmd)

    sim = commands.add_parser("simulate", help="computer managers play whole games")
    sim.add_argument("--games", type=_int_in(1, 100000, "games"), default=None,
                     help="how many games, 1..100000 (default 1)")
    sim.add_argument("--seed", default=None, type=_seed,
                     help="any text; the same seed plays the same games (default 0)")
    sim.add_argument("--home", default=None,
                     help="home team: key, name or abbreviation (default: rotate)")
    sim.add_argument("--away", default=None,
                     help="away team: key, name or abbreviation (default: rotate)")
    sim.add_argument("--home-roster", default=None,
                     help="the home team's roster: " + ROSTER_HELP)
    sim.add_argument("--away-roster", default=None,
                     help="the away team's roster (as --home-roster)")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON object: wins, extra innings, runs, dice rolled")
    sim.add_argument("--record", type=path_argument, default=None,
                     help="write every game's record to this file (- for standard "
                     "output, the summary then on standard error)")
    sim.add_argument("--series", choices=sorted(SCENARIOS_PLAYABLE), default=None,
                     type=str.lower,
                     help="play a whole series and store every action (--db)")
    sim.add_argument("--team1", default=None, help="series: Team 1, home field advantage "
                     "(default: New York, else the box's first standard team)")
    sim.add_argument("--team2", default=None,
                     help="series: Team 2 (default: Texas, else a standard team whose "
                     "pieces Team 1 does not field)")
    sim.add_argument("--roster1", default=None, help="series: Team 1's roster: " + ROSTER_HELP)
    sim.add_argument("--roster2", default=None, help="series: Team 2's roster")
    sim.add_argument("--rules", default=None, help="optional rules, comma-separated (rest "
                     "and short-rest: a series only): " + ",".join(OPTIONAL_RULES))
    sim.add_argument("--resume", action="store_true",
                     help="finish an interrupted simulated series in --db")
    _db_option(sim)
    box_option(sim)

    play = commands.add_parser("play", help="the table: start or continue a series (TUI)")
    play.add_argument("--series", type=_int_in(1, SERIES_ID_MAX, "series"), default=None,
                      help="open this series at once")
    _db_option(play)
    box_option(play)
    follow = commands.add_parser("follow", help="a read-only live scoreboard (TUI)")
    follow.add_argument("--series", type=_int_in(1, SERIES_ID_MAX, "series"), default=None,
                        help="follow this series (default: the one last played at a table)")
    _db_option(follow)

    rep = commands.add_parser("replay", help="replay a game record file")
    rep.add_argument("file", type=path_argument,
                     help="a file of game records (docs/record-format.md); - reads "
                     "standard input")
    rep.add_argument("--json", action="store_true",
                     help="print each game's teams, actions, winner and final state as a "
                     "JSON list")
    box_option(rep)

    database = commands.add_parser("db", help="the game file")
    db_commands = database.add_subparsers(dest="db_command", required=True)
    _db_option(db_commands.add_parser(
        "check", help="integrity, schema version, counts, and every series replayed"))
    unlock = db_commands.add_parser(
        "unlock", help="free the file from a writer's lock no companion holds any more (a "
        "file copied from another machine, a renamed host); close every companion first")
    unlock.add_argument("--force", action="store_true",
                        help="free it even from a live process of this machine (a process "
                        "number another program reused)")
    _db_option(unlock)
    salvage = db_commands.add_parser(
        "salvage", help="copy what can still be read of a damaged game file (--db) into a "
        "new one (--out); the damaged file is left as it is")
    salvage.add_argument("--out", type=path_argument, required=True, metavar="NEW.db",
                         help="the new game file (must not exist yet)")
    _db_option(salvage)

    series = commands.add_parser("series", help="series in the game file")
    series_commands = series.add_subparsers(dest="series_command", required=True)
    new = series_commands.add_parser("new", help="start a series")
    new.add_argument("--scenario", required=True, choices=sorted(SCENARIOS_PLAYABLE),
                     type=str.lower, help="spring is one game; the others a series (7.0)")
    new.add_argument("--team1", required=True,
                     help="Team 1 (home field advantage): key, name or abbreviation")
    new.add_argument("--team2", required=True, help="Team 2: key, name or abbreviation")
    new.add_argument("--roster1", default=None, help="Team 1's roster: " + ROSTER_HELP)
    new.add_argument("--roster2", default=None, help="Team 2's roster (as --roster1)")
    new.add_argument("--rules", default="", help="optional rules, commas between (rule 8)")
    new.add_argument("--computer", choices=TEAMS, type=str.lower, default=None,
                     help="the team the computer manages (it needs digital cards); "
                     "default: two players")
    # Track mode is the default (SPEC 1): the box's own dice and cards on the table.
    new.add_argument("--dice", choices=MODES, type=str.lower, default="physical",
                     help="digital: the companion rolls; physical: the table's own dice, "
                     "typed in (default: physical)")
    new.add_argument("--cards", choices=MODES, type=str.lower, default=None,
                     help="digital: the companion deals the strategy cards; physical: "
                     "the table's own deck (default: physical; digital with --computer, "
                     "which plays from a hand the companion deals)")
    _db_option(new)
    box_option(new)
    _db_option(series_commands.add_parser("list", help="every series in the game file"))
    show = series_commands.add_parser("show", help="one series: games, wins, rest table")
    show.add_argument("id", type=_int_in(1, SERIES_ID_MAX, "series"),
                      help="the series' number (series list)")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    _db_option(show)
    box_option(show)            # (the box it says differs from the series' copy, or not)
    delete = series_commands.add_parser(
        "delete", help="remove a series and its record from the game file (asks first)")
    delete.add_argument("id", type=_int_in(1, SERIES_ID_MAX, "series"),
                        help="the series' number (series list)")
    delete.add_argument("--yes", action="store_true",
                        help="delete without asking (needed when not at a terminal)")
    _db_option(delete)

    exp = commands.add_parser("export", help="export a series (ID) or a game (ID:N)")
    exp.add_argument("target", help="a series (ID) or one of its games (ID:N)")
    exp.add_argument("--format", default="record", choices=("record", "json", "csv"),
                     help="record: the text that imports again (default); json, csv: a "
                     "report of lines, pitchers and batters")
    exp.add_argument("--reveal", action="store_true",
                     help="a series in play: export what its table keeps secret (rotations, "
                     "cards dealt) anyway")
    exp.add_argument("--box", type=path_argument, default=None, metavar="DIR",
                     help="write the box the series was played with (its own copy) into "
                     "this new folder, for --data when its records are read back")
    _db_option(exp)
    imp = commands.add_parser("import", help="read a text record back into the game file")
    imp.add_argument("file", type=path_argument,
                     help="a record that export or simulate --record wrote: a series "
                     "or games (- reads standard input)")
    _db_option(imp)
    box_option(imp)
    print_cli.add_print_parser(commands)
    return parser


def box_option(parser: argparse.ArgumentParser) -> None:
    """--data after the command too (`companion simulate --data DIR`), as before it."""
    parser.add_argument("--data", type=path_argument, action="append", dest="data_after",
                        metavar="DATA", help="box folder to use (default: the bundled demo box)")


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=path_argument, action="append", dest="db_after", metavar="DB",
                        help="the game file (default: the user-data folder)")


def _options_given_once(parser: argparse.ArgumentParser, args) -> None:
    """--data and --db go before the command or after it, once: given twice with two
    different values, which one was meant is asked rather than guessed."""
    for name in ("data", "db"):
        given = [getattr(args, name, None), *(getattr(args, f"{name}_after", None) or ())]
        values = list(dict.fromkeys(value for value in given if value is not None))
        if len(values) > 1:
            parser.error(f"--{name} is given {len(values)} times with different values "
                         f"({', '.join(map(str, values))}): give it once")
        setattr(args, name, values[0] if values else None)


def _db_folder_exists(args) -> None:
    """A game file a command would make (series new, simulate --series, import, play),
    named with --db, goes in a folder that is there: a slip in its path made the folders
    it named (only the default file's folder, the user's data folder, is made), as --out
    and --record refuse a missing one. Commands that only read say "no game file there"."""
    path = getattr(args, "db", None)
    if path is not None and path.parent != path and not path.parent.exists():
        raise CommandError(f"--db {path}: folder {path.parent} does not exist; make it first "
                           "(or leave out --db: the default game file goes in the user's "
                           "data folder)")


def _db_words(args) -> str:
    """' --db PATH' when a command was given its game file, for a command it suggests."""
    return db_words(args.db)


def input_name(path: Path) -> str:
    """A record's source as its messages name it: `-` is standard input."""
    return "standard input" if str(path) == "-" else str(path)


def read_text_file(path: Path) -> str:
    """A record file's text, or an error saying plainly why it cannot be read; `-` is
    standard input (`simulate --record - | companion import -`)."""
    from .files import SQLITE_MAGIC

    where = input_name(path)
    if str(path) == "-":
        if sys.stdin is None:           # (started with it closed: `<&-`)
            raise CommandError("standard input is closed: no record to read")
        if sys.stdin.isatty():          # (typed or pasted: nothing says when it is done)
            print("reading a record from standard input: paste or type it, then Ctrl-D on "
                  "a line of its own", file=sys.stderr)
        raw = sys.stdin.buffer.read()
    else:
        what = not_a_file(path)
        # (a pipe carries a record, `<(cat f)`; a folder is told below)
        if what in ("a device", "a socket"):
            raise CommandError(f"{path}: is {what}, not a file: not read")
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise CommandError(f"{path}: no such file") from None
        except IsADirectoryError:
            raise CommandError(f"{path}: is a folder, not a record file") from None
        except OSError as error:
            raise CommandError(f"{path}: cannot be read ({error.strerror})") from None
    if raw.startswith(SQLITE_MAGIC):
        raise CommandError(f"{where}: is a game file (an SQLite database), not a record: "
                           "`companion export ID --db FILE` writes a series of it as one")
    try:
        # Byte-order marks are read past, also where two files were joined into one.
        text = raw.decode("utf-8-sig").replace("\ufeff", "")
    except UnicodeDecodeError as error:
        line, byte = undecodable_at(raw, error)
        raise CommandError(f"{where}: line {line}: is not UTF-8 text (the byte {byte}, cannot "
                           f"be read{utf16_said(raw)}): save the file as UTF-8") from None
    utf16 = utf16_said(raw) if "\x00" in text else ""   # (with no mark it reads as UTF-8)
    if utf16:
        raise CommandError(f"{where}: is not UTF-8 text{utf16}: save the file as UTF-8")
    return text


HEADER_OPTIONS = {"Team1Roster": "--roster1", "Team2Roster": "--roster2", "Team1": "--team1",
                  "Team2": "--team2", "Rules": "--rules", "Home": "--home", "Away": "--away",
                  "HomeRoster": "--home-roster", "AwayRoster": "--away-roster",
                  "Cards": "--cards", "Team1Control": "--computer", "Team2Control": "--computer"}


def option_words(message: str) -> str:
    """A rules message about header tags, in the options the player typed: "header Team1,
    Team2: ..." reads "--team1, --team2: ..."."""
    found = header_tags(message)
    if found is None or not found[0]:
        return message
    tags, why = found
    return ", ".join(HEADER_OPTIONS.get(tag, tag) for tag in tags) + ": " + why


def _team_key(box: Box, wanted: str | None, option: str) -> str | None:
    """The key of the team an option names by key, name or abbreviation."""
    if wanted is None:
        return None
    team = box.find_team(wanted)
    if team is None:
        raise CommandError(f"{option}: {box.unknown_team(wanted)}")
    return team.key


def _rosters_by_team(box: Box, args) -> None:
    """The roster options (--roster1, --home-roster, ...) read as their team options are:
    a standard team's roster by its team's key, name or abbreviation ('NYH'); what names no
    roster is left for the rules to refuse with the rosters there are (rule 8.1.1)."""
    for name in ("roster1", "roster2", "home_roster", "away_roster"):
        wanted = getattr(args, name, None)
        # (by the roster its team holds: a team renamed in the box keeps its roster key;
        # the key as the box's rosters hold it)
        roster = box.find_roster(wanted) if wanted else None
        if roster is not None:
            setattr(args, name, roster)


def _load(directory: Path | None, strict: bool = True) -> Box:
    return load_box(directory or DEFAULT_BOX_DIR, strict=strict)


# -- commands ------------------------------------------------------------------------------


def cmd_data_check(args) -> int:
    if args.directory and args.data and args.directory.resolve() != args.data.resolve():
        raise CommandError(f"data check: two folders given ({args.directory} and --data "
                           f"{args.data}): give one")
    directory = args.directory or args.data or DEFAULT_BOX_DIR
    try:
        box = load_box(directory)
    except DataError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        for text in error.warnings:         # one round of fixes, not two
            print(f"warning: {text}", file=sys.stderr)
        print(f"{len(error.problems)} problem{'' if len(error.problems) == 1 else 's'} in "
              f"{directory}", file=sys.stderr)
        return EXIT_BAD_INPUT
    # (measured with the printed fonts)
    from printables.components import printed_text_warnings

    for text in box.warnings:
        print(f"warning: {text}", file=sys.stderr)
    for text in printed_text_warnings(box):
        print(f"warning: {directory}/{text}", file=sys.stderr)
    pieces = sum(len(r.ballplayers) + len(r.pitchers) for r in box.rosters.values())
    cards = sum(card.copies for card in box.cards.values())
    # (the fingerprint is how a record names its box: the refusal of another box's says it)
    print(f"ok: {box.name}, box {box.fingerprint} ({directory}): {len(box.teams)} team "
          f"cards, {len(box.rosters)} rosters with {pieces} pieces, {cards} strategy cards "
          f"({len(box.cards)} kinds), 12 Scoring Number boxes")
    return EXIT_OK


def odds_report(box: Box, rolls: int, number: int, also: list[int], hit_and_run: bool,
                bonus: bool = False, advise: bool = False) -> dict:
    """The odds of one at-bat (rules 4.6, 4.6.3, 5.1.1 e, 5.5.2) as a JSON-ready object."""
    scoring = box.scoring_boxes[number - 1]

    def one(rolls_now: int, number_now: int, bonus_now: bool) -> dict:
        target = box.scoring_boxes[number_now - 1]
        numbers = sorted(set(target.numbers) | set(also))
        dist = odds.run_distribution(rolls_now + bonus_now, numbers, target.first,
                                     target.then, hit_and_run)
        out = {"rolls": rolls_now, "box": target.label, "scoring_numbers": numbers,
               "bonus_roll": bonus_now}
        if target.first is not None:
            out["first"] = target.first
            out["then"] = sorted(target.then)
        out.update(odds.summary(dist))
        return out

    report = one(rolls, number, bonus)
    report["hit_and_run"] = hit_and_run
    report["box_reads"] = scoring.describe()
    if advise:
        options = []
        for shift in (0, 1, 2, -2):
            moved = managerial_move(rolls, number, bonus, shift, box.rolls_max)
            if moved is None:
                continue
            option = one(*moved)
            option["move"] = {0: "stand pat", 1: "+1", 2: "+2", -2: "-2"}[shift]
            options.append(option)
        report["options"] = options
    return report


def cmd_odds(args) -> int:
    box = _load(args.data)
    if args.rolls > box.rolls_max:          # (a box may stop its track short of 20)
        raise CommandError(f"--rolls: rolls {args.rolls} is outside the accepted range "
                           f"1..{box.rolls_max} (the Scoring Rolls of {box.name} go to "
                           f"{box.rolls_max}, box.toml [scoring_rolls] max)")
    args.also = list(dict.fromkeys(args.also))      # a number given twice scores once
    report = odds_report(box, args.rolls, args.box, args.also, args.hit_and_run, args.bonus,
                         args.advise)
    if args.json:
        print(json.dumps(report, sort_keys=True))
        return EXIT_OK
    rolls = f"{report['rolls']} Scoring Roll{'' if report['rolls'] == 1 else 's'}"
    own = next(b for b in box.scoring_boxes if b.label == report["box"]).numbers
    extra = [str(n) for n in args.also if n not in own]
    already = [str(n) for n in args.also if n in own]      # (--also 4 in box IV: no more)
    print(f"{rolls}{' +1 bonus' if args.bonus else ''} in box "
          f"{report['box']} (scores on {report['box_reads']}"
          + (f", also {', '.join(extra)}" if extra else "")
          + (", Hit and Run" if args.hit_and_run else "")
          + (f"; {', '.join(already)} in the box already" if already else "") + ")")
    print(f"  P(at least one run) {report['p_at_least_one']:.4f}   "
          f"expected runs {report['expected_runs']:.4f}")
    for runs, p in enumerate(report["distribution"]):
        if p >= 0.00005:
            print(f"  {runs:2d} run{' ' if runs == 1 else 's'}: {p:.4f}")
    for option in report.get("options", []):
        bonus_roll = "+1" if option["bonus_roll"] else "  "
        print(f"  {option['move']:>9}: rolls {option['rolls']:2d}{bonus_roll} box "
              f"{option['box']:>4}  "
              f"P(>=1) {option['p_at_least_one']:.4f}  E {option['expected_runs']:.4f}")
    return EXIT_OK


def cmd_simulate(args) -> int:
    from .high_and_tight.simulate import simulate

    if args.series or args.resume:
        single = [f"--{name.replace('_', '-')}" for name in
                  ("games", "home", "away", "home_roster", "away_roster", "record")
                  if getattr(args, name) is not None]
        if single:
            raise CommandError(f"{', '.join(single)}: only for single games; a series "
                               "(--series, --resume) takes --team1, --team2, --roster1, "
                               "--roster2 and --rules and is stored in --db")
        return cmd_simulate_series(args)
    box = _load(args.data)
    _rosters_by_team(box, args)
    rules = HighAndTight(box)
    home, away = _team_key(box, args.home, "--home"), _team_key(box, args.away, "--away")
    if home is not None and home == away:
        raise CommandError(f"--home, --away: {TEAMS_ALIKE}")
    series_only = [f"--{name}" for name in ("team1", "team2", "roster1", "roster2")
                   if getattr(args, name)]
    if series_only:
        raise CommandError(f"{', '.join(series_only)}: only with --series SCENARIO (a whole "
                           "series); single games take --home, --away, --home-roster, "
                           "--away-roster and --rules")
    for roster, team, option in ((args.home_roster, home, "--home"),
                                 (args.away_roster, away, "--away")):
        if roster and team is None:
            raise CommandError(f"{option}-roster: give {option} too: a roster goes with one "
                               "team card (rule 8.1.1), not with every team the games rotate "
                               "through")
    rosters = {tag: roster for tag, roster in (("HomeRoster", args.home_roster),
                                                ("AwayRoster", args.away_roster)) if roster}
    if args.rules:
        # The optional rules of one game (ballparks to try a box's parks, say); rest and
        # short rest are the days between a series' games (rules 8.2.2, 8.2.3).
        try:
            SeriesRules.check_new_rules({"Scenario": "exhibition", "Rules": args.rules})
        except CompanionError as error:
            raise CommandError(option_words(str(error))) from None
        named = parse_options(args.rules)
        if named:                                   # (',' names none: no tag)
            rosters["Rules"] = ",".join(sorted(named))
    _check_single_game(rules, home, away, rosters)
    to_stdout = str(args.record) == "-"     # (the records there, the summary on stderr)
    problem = args.record is not None and not to_stdout and output_problem(
        args.record, replaces="record")
    if problem:
        raise CommandError(problem)
    records: list[str] = []

    def write_records() -> None:
        if not to_stdout:           # (on standard output each went as it was played)
            write_atomically(args.record, "\n".join(records).encode("utf-8"))

    written = 0

    def on_game(session) -> None:
        nonlocal written
        if to_stdout:
            # Out as each game ends (none kept): a reader gone (`| head`) stops the games
            # at once.
            write_utf8(("\n" if written else "") + session.text())
            sys.stdout.flush()
            written += 1
        else:
            records.append(session.text())

    on_game = on_game if args.record else None
    try:
        summary = simulate(rules, args.games or 1, _seed_given(args), home, away, on_game,
                           rosters)
    except KeyboardInterrupt:
        # (the records kept, counted: a Ctrl-C between a count and its record said one game
        # more than the file held)
        written = written if to_stdout else len(records)
        if not written:
            raise
        # Ctrl-C: the games finished so far are kept, each a whole record that replays.
        write_records()
        print(f"companion: interrupted; the {written} game(s) finished are in "
              f"{'standard output' if to_stdout else args.record}", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.record:
        try:
            write_records()
        except ValueError as error:
            raise CommandError(str(error)) from None
    result = summary.as_dict()
    out = sys.stderr if to_stdout else sys.stdout
    if args.json:
        print(json.dumps(result, sort_keys=True), file=out)
    else:
        for key, value in result.items():
            print(f"{key.replace('_', ' ')}: {value}", file=out)
    return EXIT_OK


def _check_single_game(rules: HighAndTight, home: str | None, away: str | None,
                       rosters: dict[str, str]) -> None:
    """Every pairing the games would play opens under the rules (an optional team card
    needs a roster, rule 8.1.1), before a game is played or a file written."""
    from .high_and_tight.simulate import pairings

    for pair_home, pair_away in pairings(rules.box, home, away, rosters) or [(home, away)]:
        try:
            rules.new_state({"Home": pair_home, "Away": pair_away, **rosters})
        except CompanionError as error:
            raise CommandError(option_words(str(error))) from None


def _record_box(directory: Path | None, text: str) -> Box:
    """The box a record is read with: checked as `data check` does; a box those checks now
    refuse only when it is the very box the record names (its Box tags), accepted once
    when the record was played (a series' copy written out by `export --box`)."""
    try:
        return _load(directory)
    except DataError as refused:
        lenient = _load(directory, strict=False)
        try:
            named = [parse_record(record, start).header.get("Box")
                     for start, record in split_records_at(text)]
        except CompanionError:
            named = []              # (the replay tells what is wrong with the record)
        if named and all(tag == lenient.fingerprint for tag in named):
            return lenient
        raise refused from None


def _record_text(file: str, text: str, box: Box, verb: str):
    """The record a file holds (a box score's scanned code unpacked), with its records and
    the first one read; or why the file is no record (an export, plain text), said as
    `replay` and `import` alike say it."""
    kind = report_export(text)
    if kind:
        raise CommandError(f"{file}: is {kind} export, a report of the games: only a "
                           f"record (export --format record, the default) {verb}")
    try:                        # the text a scanner read off a box score's QR code
        text = unscanned(box, text)
    except CompanionError as error:
        raise CommandError(f"{file}: {error}") from None
    records = split_records_at(text)

    def no_record(why: str = "") -> CommandError:
        return CommandError(f"{file}: holds no game record ({why}a header of "
                            "[Key \"value\"] tags, then one action a line; "
                            "docs/record-format.md)")
    if not records:
        raise no_record()
    from .store.exchange import parse_first

    try:
        first = parse_first(records)
    except CompanionError as error:
        raise CommandError(f"{file}: {error}") from None
    if not first.header:
        raise no_record("it opens with no tag; ")
    return text, records, first


def replayed_words(games: int, checked: int) -> str:
    """What a replay checked: every action legal, and the Result of each record that
    states one (a game exported in play states none)."""
    said = f"{games} game{'s' * (games != 1)} replayed: every action legal"
    if checked == games:
        return said + ", every Result stated reached"
    if not checked:
        return said + " (no Result stated to check)"
    return (f"{said}; {checked} reach{'es' * (checked == 1)} the Result stated, "
            f"{games - checked} state{'s' * (games - checked == 1)} none")


def cmd_replay(args) -> int:
    from .store.exchange import game_name, in_game, in_words, is_series_record

    text = read_text_file(args.file)
    named = input_name(args.file)
    box = _record_box(args.data, text)
    rules = HighAndTight(box)
    text, records, first = _record_text(named, text, box, "replays")
    results, checked = [], 0
    if is_series_record(first):
        raise CommandError(f"{named}: is a series record (it opens with a Series or Scenario "
                           "tag): `companion import FILE` reads it into the game file")
    for index, (first_line, record) in enumerate(records, start=1):
        game = game_name(index, len(records))       # (as import names it)
        try:
            read = parse_record(record, first_line)
            read.check_tags(GAME_TAGS, "game record")
            check_box(box.fingerprint, [read.header], box.name)
            session = replay(rules, record, first_line)
        except CompanionError as error:
            raise CommandError(f"{named}: {in_game(error, game) if game else error}") from None
        state = session.state
        problem = result_problem(state, session.header.get("Result"), len(session.actions))
        if problem:
            raise CommandError(f"{named}: line {read.tag_lines['Result']}: "
                               f"{in_words(game, problem)}")
        results.append({"game": index, "home": session.header.get("Home"),
                        "away": session.header.get("Away"), "state": state.summary(),
                        "actions": len(session.actions), "winner": state.winner}
                       | ({"series_game": int(session.header["SeriesGame"])}
                          if session.header.get("SeriesGame", "").isdigit() else {}))
        checked += bool(session.header.get("Result"))
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        for result in results:
            # (a game of a series exported alone: its number in the series said too)
            of = (f" (series game {result['series_game']})" if "series_game" in result
                  else "")
            print(f"game {result['game']}{of}: {result['away']} at {result['home']}: "
                  f"{result['state']} ({result['actions']} actions)")
        print(f"ok: {replayed_words(len(results), checked)}")
    return EXIT_OK


# -- the game file -------------------------------------------------------------------------


def _open_store(args, readonly: bool = False):
    from .store.db import Store, found_empty_words

    store = Store.open(getattr(args, "db", None), readonly=readonly)
    if store.found_empty:
        print(f"companion: note: {found_empty_words(store.path)}", file=sys.stderr)
    return store


def _salvage(damaged: Path, out: Path) -> int:
    """`db salvage`: every series that can be read, into a new file; one line each."""
    from .store.db import Store
    from .store.salvage import salvage

    if damaged.is_dir():                    # (said as every command says it)
        raise CommandError(f"{damaged}: is a folder; give the game file's own path (for "
                           "example games.db)")
    if not damaged.is_file():
        raise CommandError(f"{damaged}: no game file there")
    if out.is_dir():
        raise CommandError(f"--out {out}: is a folder; give a new file's name in it (for "
                           "example salvaged.db)")
    if out.exists():
        raise CommandError(f"--out {out}: the file exists; give a new file (nothing is "
                           "written over)")
    if out.resolve() == damaged.resolve():
        raise CommandError("--out: give another file than the damaged one")
    problem = output_problem(out)
    if problem:
        raise CommandError(problem)
    store = Store.open(out)
    try:
        told = salvage(damaged, store)
    except CompanionError:
        store.close()
        for made in (out, out.with_name(out.name + "-wal"), out.with_name(out.name + "-shm")):
            made.unlink(missing_ok=True)        # nothing salvaged: no empty file left
        raise
    store.close()
    for line in told:
        print(line)
    print(f"wrote {out}; {damaged} was not changed")
    return EXIT_OK


def cmd_db_check(args) -> int:
    from .store.db import Store, StoreDamaged, StoreLocked, default_path

    path = getattr(args, "db", None)
    if args.db_command == "salvage":
        return _salvage(Path(path) if path else default_path(), args.out)
    if args.db_command == "unlock":
        try:
            holder = Store.unlock(path, force=args.force)
        except StoreLocked as error:
            print(f"companion: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print("no lock was held" if holder is None else
              f"freed the lock of process {holder['pid']} on {holder['host']} (since "
              f"{holder['since']})")
        return EXIT_OK
    try:
        store = Store.open(path, readonly=True)
    except StoreDamaged as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    with store:
        report = store.check()
        problems = []
        # (a file with no tables yet has nothing to replay; one of an older schema is read
        # as it is, not migrated: the next companion to write migrates it first)
        if "series" in report and report["schema_version"] < report["latest_schema"]:
            report["replayed"] = "after-migration"
        elif "series" in report:
            report["replayed"], problems = _series_replayed(store)
    print(" ".join(f"{key}={value}" for key, value in report.items()))
    for problem in problems:
        print(f"companion: {problem}", file=sys.stderr)
    return EXIT_BAD_INPUT if problems else EXIT_OK


def _series_replayed(store) -> tuple[int, list[str]]:
    """`db check` past SQLite's own check: every series replayed from its events, as the
    table would open it: (how many replayed whole, what did not, each said as opening it
    would say it: a line that reads as no action, one the rules refuse, an event lost)."""
    from .store.db import salvage_hint
    from .store.series_store import StoredSeries

    problems, ids, orphans, apart = [], [], [], []
    store.db.execute("BEGIN")           # one snapshot of the file: a table may write meanwhile
    try:
        ids = [row[0] for row in store.db.execute("SELECT id FROM series ORDER BY id")]
        for series_id in ids:
            try:
                stored = StoredSeries.load(store, series_id)      # (its listing too)
                stale = stored.stale
            except Exception as error:      # whatever the damage: told, the others checked
                said = str(error) or type(error).__name__
                problems.append(said if said.startswith(f"series {series_id}") else
                                f"series {series_id}: does not open: {said}")
                continue
            if stale is not None:
                problems.append(stale.message(series_id))
            elif (said := stored.listing_apart()) is not None:   # (replayed whole all the same)
                apart.append(
                    f"series {series_id}: its listing in the game file does not agree with "
                    f"its record ({said}; was the file edited by hand?); opening it at the "
                    f"table (companion play --series {series_id}{db_words(store.path)}) "
                    "writes the listing again from the record")
        # Steps of a series the file no longer lists (its row deleted by hand: deleting a
        # series takes its steps with it) are never read: told, as damage is.
        way_out = salvage_hint(store.path)
        orphans = [f"{count} stored event{'' if count == 1 else 's'} of series {orphan}, "
                   "which the file does not list (was the file edited by hand?): no command "
                   f"reads them; {way_out}" for orphan, count in store.db.execute(
                       "SELECT series_id, COUNT(*) FROM events WHERE series_id NOT IN "
                       "(SELECT id FROM series) GROUP BY series_id ORDER BY series_id")]
    finally:
        if store.db.conn.in_transaction:
            store.db.execute("ROLLBACK")    # (nothing written: a reader's transaction)
    return len(ids) - len(problems), problems + apart + orphans


def _series_header(box: Box, scenario, team1, team2, roster1, roster2, rules,
                   seed: str | None = None) -> dict[str, str]:
    """A new series' header, checked against the box before any game file is touched."""
    from .high_and_tight.series_session import SeriesSession

    header = {"Series": "High & Tight", "Scenario": scenario,
              "Team1": _team_key(box, team1, "--team1"),
              "Team2": _team_key(box, team2, "--team2")}
    if roster1:
        header["Team1Roster"] = roster1
    if roster2:
        header["Team2Roster"] = roster2
    if rules:
        header["Rules"] = rules
    if seed is not None:
        header["Seed"] = seed
    try:
        SeriesRules.check_new_rules(header)
        SeriesSession(box, {**header, "Box": box.fingerprint})
    except CompanionError as error:
        raise CommandError(option_words(str(error))) from None
    if rules:                   # stored as the table writes them: each once, in one order
        header["Rules"] = ",".join(sorted(parse_options(rules)))
    return header


def cmd_series(args) -> int:
    from .store.series_store import StoredSeries, create_series, list_series

    if args.series_command == "new":
        _db_folder_exists(args)
        box = _load(args.data)
        _rosters_by_team(box, args)
        header = _series_header(box, args.scenario, args.team1, args.team2, args.roster1,
                                args.roster2, args.rules)
        # The digital dice and deals of the table, from a seed of its own kept in the
        # header (as a series begun at the table has; without it every series made here
        # would deal the same cards).
        cards = args.cards or ("digital" if args.computer else "physical")
        header.update(Dice=args.dice, Cards=cards, Seed=secrets.token_hex(8))
        for team, tag in CONTROL_TAGS.items():     # both named: `simulate --resume` never
            header[tag] = "computer" if team == args.computer else "human"   # takes it
        try:
            SeriesRules.check_table_tags(header)
        except CompanionError as error:
            raise CommandError(option_words(str(error))) from None
        with _open_store(args) as store:
            series_id = create_series(store, box, header)
        print(f"series {series_id}: {SCENARIOS[args.scenario].title}, {header['Team1']} v "
              f"{header['Team2']}")
        return EXIT_OK
    if args.series_command == "delete":
        return _delete_series(args)
    with _open_store(args, readonly=True) as store:
        if args.series_command == "list":
            rows = list_series(store)
            if not rows:            # (said on stderr: the listing itself stays empty)
                print(f"companion: no series in {store.path}; start one with 'companion "
                      "series new' or at the table (companion play)", file=sys.stderr)
            for row in rows:
                print(f"{row.id:4d}  {row.created}  {row.scenario:<10} {row.team1} v "
                      f"{row.team2}  {row.progress(live=True)}")
            damaged = [row.damage for row in rows if row.damage]
            for said in damaged:        # (the others listed: each still opens)
                print(f"companion: {said}", file=sys.stderr)
            return EXIT_BAD_INPUT if damaged else EXIT_OK
        stored = StoredSeries.load(store, args.id)
    report = series_report(stored)
    # A series plays on the copy of the box it began with: where the box in use now (--data,
    # else the bundled one) differs, its files are said, as the table says them when the
    # series opens (an edit since, or another box: the copy is not told which).
    try:
        current = _load(args.data)
    except CompanionError:          # (a box folder that does not load: `data check` says)
        current = None
    report["box_differs"] = (stored.session.box.files_unlike(current)
                             if current is not None else [])
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
        return EXIT_OK
    print(f"series {report['id']}: {report['title']} "
          f"({', '.join(report['rules']) or 'basic rules'})")
    if report["box_differs"]:
        print(f"  box: the series plays the copy it began with; the box in use now "
              f"({args.data or 'the bundled demo box'}) differs in "
              f"{', '.join(report['box_differs'])}: a new series would take it")
    print(f"  {report['teams']['team1']} {report['wins']['team1']} - "
          f"{report['wins']['team2']} {report['teams']['team2']}"
          + (f"   winner: {report['winner']}" if report["winner"] else ""))
    for game in report["games"]:
        print(f"  game {game['number']}: {game['away']} {game['away_runs']} at "
              f"{game['home']} {game['home_runs']}"
              + (f" ({game['innings']} innings)" if game["innings"] > 9 else ""))
    if report["next"]:
        print(f"  next: {next_words(report['next'])}")
        # (one column for every name, the longest's width: a 14-letter name shifted its
        # line's columns out of the others')
        width = max([12] + [len(row["pitcher"]) for rows in report["rest"].values()
                            for row in rows])
        for team, rows in report["rest"].items():
            if not rows:        # (an exhibition game, imported alone: no series' staff)
                continue
            print(f"  {report['teams'][team]} pitchers:")
            for row in rows:
                standing = Availability(**row)
                print(f"    {row['pitcher']:<{width}} {row['kind']}  {standing.said()}"
                      f"{standing.why()}")
    if report["stale"]:
        print(f"  note: {report['stale']}")
    return EXIT_OK


def _delete_series(args) -> int:
    from .store.exchange import export_first
    from .store.series_store import delete_series, describe_series

    with _open_store(args, readonly=True) as store:     # asked before the file is taken
        said = describe_series(store, args.id)
        keeping = export_first(store, args.id, _db_words(args))
        store.refuse_if_held()      # (a table open on it: refused before asking, not after)
    if not args.yes:
        if not sys.stdin.isatty():
            raise CommandError(f"{said}: add --yes to delete it (nothing was deleted)")
        try:
            answer = input(f"Delete {said}, with its whole record? "
                           f"(`{keeping}` keeps a copy first) [y/N] ")
        except (EOFError, KeyboardInterrupt):       # Ctrl-D, Ctrl-C: no
            print()
            answer = ""
        if answer.strip().casefold() not in ("y", "yes"):
            print("kept: nothing was deleted")
            return EXIT_OK
    with _open_store(args) as store:
        delete_series(store, args.id)
    print(f"deleted {said}")
    return EXIT_OK


def next_words(coming: dict) -> str:
    """`series show`'s next step: 'game 3, bottom 4, new-york 1 at texas 3: texas (home):
    play a card or pass (rule 5.4)' in a game under way (away at home, as the games'
    lines), else what the series awaits."""
    play = coming.get("in_play")
    if play is None:
        return coming["what"]
    where = "setup" if play["inning"] == 0 else f"{play['half']} {play['inning']}"
    score = " at ".join(f"{team} {runs}" for team, runs in play["runs"].items())
    who = f"{play['team']} ({play['side']}): " if play["side"] else ""
    return f"game {coming['number']}, {where}, {score}: {who}{coming['what']}"


def series_report(stored) -> dict:
    """Everything `series show` prints, as one JSON-ready object."""
    from dataclasses import asdict

    session = stored.session
    series = session.series
    rules = session.series_rules
    games = []
    for result in series.results:
        away = "team2" if result.home == "team1" else "team1"
        games.append({"number": result.number, "home": series.teams[result.home],
                      "away": series.teams[away], "home_runs": result.runs[result.home],
                      "away_runs": result.runs[away], "innings": result.innings,
                      "winner": series.teams[result.winner]})
    next_game = None
    rest = {}
    if not session.is_over():
        scope, awaiting = session.awaiting()
        what = session.shown_awaiting(awaiting).prompt if scope == "game" else awaiting[2]
        home = rules.home_team(series, series.next_game)
        next_game = {"number": series.next_game, "what": what, "home": series.teams[home]}
        if scope == "game":
            # A game under way: where it stands, and who is to act (rule 4.0's phases).
            state = session.current_game.state
            away = "team2" if home == "team1" else "team1"
            # (a Scoring Roll is the batting side's, as the table says it)
            side = (state.batting if awaiting.kind == "chance"
                    and awaiting.phase in ("roll", "free-roll") else awaiting.side)
            next_game["in_play"] = {
                "inning": state.inning, "half": state.half,
                "runs": {series.teams[away]: state.away.total,     # away first
                         series.teams[home]: state.home.total},
                "side": side,
                "team": series.teams[home if side == "home" else away] if side else None}
        if series.rotations.keys() == {"team1", "team2"} or not series.scenario.rotation:
            for team in ("team1", "team2"):
                # Rule 3.0: a secret rotation stays secret here as at the table.
                rest[team] = [asdict(row) for row in session.shared_rest_table(team)]
    return {
        "id": stored.id, "scenario": series.scenario.key, "title": series.scenario.title,
        "rules": sorted(series.options), "teams": series.teams,
        "schedule": {str(n): series.teams[rules.home_team(series, n)]
                     for n in range(1, series.scenario.games + 1)},
        "wins": {team: series.wins(team) for team in ("team1", "team2")},
        "winner": series.teams[series.winner] if series.winner else None,
        "games": games, "next": next_game, "rest": rest,
        "stale": stored.stale.message(stored.id) if stored.stale else None,
    }


def simulated(header: dict) -> bool:
    """A series `simulate --series` began: the computer manages both teams. A series the
    players began at the table (it names its managers) is never finished by `--resume`."""
    return "Seed" in header and all(header.get(tag, "computer") == "computer"
                                    for tag in CONTROL_TAGS.values())


def _default_opponent(box: Box, team1: str, roster1: str | None) -> str:
    """Team 2 when none is given: the box's default opponent (Box.default_matchup), else the
    first standard team the games of team 1 would meet (never one fielding its roster,
    rules 3.0, 8.1.1)."""
    from .high_and_tight.simulate import pairings

    met = [away for _, away in pairings(box, team1, None,
                                        {"HomeRoster": roster1} if roster1 else None)]
    second = box.default_matchup()[1]
    return second if second in met else (met[0] if met else second)


def _unfinished_simulated(store) -> int:
    """The last simulated series of the file not played to its end."""
    from .store.series_store import list_series

    unfinished = [row for row in list_series(store)
                  if row.status == "playing" and simulated(row.header)]
    if not unfinished:
        raise CommandError(f"no interrupted simulated series in {store.path}")
    return unfinished[-1].id


def _resumed_as_begun(args, header: dict, box: Box, series_id: int) -> None:
    """`simulate --resume` finishes the series as it began. The command that began it, run
    again with --resume, is taken; an option that differs from what the series holds (a
    team, a roster, the rules, the seed, the box) was dropped without a word: refused, by
    name, with what the series holds."""
    from .high_and_tight.state import parse_options

    def _options(given: str):
        try:
            return parse_options(given)
        except CompanionError as error:
            raise CommandError(option_words(str(error))) from None

    def roster(team_tag: str) -> str:
        team = box.team(header.get(team_tag, ""))
        return header.get(f"{team_tag}Roster") or (team.roster if team else "") or ""

    differs = []
    for option, given, held, same in (
            ("--series", args.series, header.get("Scenario", ""),
             lambda given, held: given.casefold() == held.casefold()),
            ("--team1", args.team1, header.get("Team1", ""),
             lambda given, held: _team_key(box, given, "--team1") == held),
            ("--team2", args.team2, header.get("Team2", ""),
             lambda given, held: _team_key(box, given, "--team2") == held),
            ("--roster1", args.roster1, roster("Team1"),
             lambda given, held: given.casefold() == held.casefold()),
            ("--roster2", args.roster2, roster("Team2"),
             lambda given, held: given.casefold() == held.casefold()),
            ("--rules", args.rules, header.get("Rules", ""),
             lambda given, held: _options(given) == parse_options(held)),
            ("--seed", args.seed, header.get("Seed", ""), str.__eq__)):
        if given is not None and not same(given, held):
            differs.append(f"{option} {given} (it has {held or 'none'})")
    if args.data is not None and _load(args.data).fingerprint != box.fingerprint:
        differs.append(f"--data {args.data} (it was begun with box {box.fingerprint})")
    if differs:
        raise CommandError(f"--resume finishes series {series_id} as it began: "
                           f"{'; '.join(differs)}; leave them out (only --db says which "
                           "file)")


def _seed_given(args) -> str:
    return "0" if args.seed is None else args.seed


def cmd_simulate_series(args) -> int:
    from .high_and_tight.simulate import play_series
    from .store.db import Store, StoreError, default_path
    from .store.series_store import StoredSeries, create_series

    if args.resume:
        path = Path(args.db) if getattr(args, "db", None) else default_path()
        if not path.exists():
            raise CommandError(f"no interrupted simulated series: no game file at {path}")
        with Store.open(path, readonly=True) as reader:     # (refused: the file untouched)
            series_id = _unfinished_simulated(reader)
            stored = StoredSeries.load(reader, series_id)
            if stored.stale is not None:     # (before the file is opened to write: no lock)
                raise CommandError(stored.stale_refusal() + "; nothing was written")
            held = stored.session
            _resumed_as_begun(args, held.header, held.box, series_id)
    else:
        _db_folder_exists(args)
        box = _load(args.data)
        _rosters_by_team(box, args)
        team1 = _team_key(box, args.team1, "--team1") or box.default_matchup()[0]
        team2 = args.team2 or _default_opponent(box, team1, args.roster1)
        header = _series_header(box, args.series, team1, team2, args.roster1, args.roster2,
                                args.rules or "", seed=_seed_given(args))
        header.update({tag: "computer" for tag in CONTROL_TAGS.values()})
    with _open_store(args) as store:
        if args.resume:
            series_id = _unfinished_simulated(store)
        else:
            series_id = create_series(store, box, header)
        stored = StoredSeries.load(store, series_id)
        try:
            play_series(stored.session, stored.push, stored.session.header["Seed"])
        except StoreError as error:
            raise CommandError(f"{error}; every step before it is stored: `companion "
                               f"simulate --resume{db_words(store.path)}` goes on from there, "
                               "once the file can be written") from None
        report = series_report(stored)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(f"series {series_id}: {report['teams']['team1']} {report['wins']['team1']} - "
              f"{report['wins']['team2']} {report['teams']['team2']}; winner {report['winner']}")
    return EXIT_OK


def _series_in_file(args) -> None:
    """`--series N` names a series of an existing game file: said before a screen opens
    (and before a missing file is created for a series it cannot hold)."""
    from .store.db import Store, default_path
    from .store.series_store import list_series

    path = Path(getattr(args, "db", None) or default_path())
    if not path.exists():
        raise CommandError(f"{path}: no such game file (so no series {args.series} in it)")
    with Store.open(path, readonly=True) as store:
        ids = [row.id for row in list_series(store)]
    if args.series not in ids:
        raise CommandError(f"{path}: no series {args.series}; the file holds "
                           + (f"series {', '.join(map(str, sorted(ids)))}" if ids
                              else "no series yet"))


def _utf8_terminal() -> None:
    """The screens draw with UTF-8 characters (the dice faces, the borders, the win figure's
    bars): a terminal set to another encoding showed every one of them as a 6-character
    escape, each row run past the screen. Refused before a screen opens, with the fix."""
    encoding = getattr(sys.__stdout__, "encoding", None)
    if encoding and not utf8(encoding):
        raise CommandError(f"the terminal's encoding is {sys.__stdout__.encoding}; the table "
                           "draws with UTF-8 characters: set a UTF-8 locale (for example "
                           "LANG=C.UTF-8) or run with PYTHONUTF8=1")


def _a_terminal() -> None:
    """The table draws on standard error and reads its keys from standard input (as every
    Textual screen does), its size read from standard output: with any of them a pipe or
    a file, the screen went into it and the app ran on unseen, busy, holding the game
    file, or drew at 80x24 whatever the window. Refused before a screen opens, with what
    reads a series as text."""
    # (standard output too: a terminal's size is read from it, so a screen with it piped
    # drew at 80x24 in a larger window, over what was there)
    for name, stream in (("standard input", sys.__stdin__), ("standard output",
                                                               sys.__stdout__),
                         ("standard error", sys.__stderr__)):
        if stream is None or not stream.isatty():
            raise CommandError(f"the screens need a terminal, and {name} is not one (a pipe "
                               "or a file): run it in a terminal window; `companion series "
                               "show` and `companion export` read a series as text")


def cmd_play(args) -> int:
    from .tui.app import make_app

    _a_terminal()
    _utf8_terminal()
    _db_folder_exists(args)
    if args.series is not None:
        _series_in_file(args)
    # A box folder of the player's is read first: refused before the screen opens or a game
    # file is made, as `data check` would tell it.
    box = _load(args.data) if args.data is not None else None
    _game_file_opens(args)
    app = make_app(getattr(args, "db", None), args.data, args.series, box=box)
    app.run()
    if app.fatal is not None:       # the game file or the box failed to open
        raise app.fatal
    # (a fault of the app's own ended it: not a success; a SIGTERM, its shell code)
    return app.return_code or EXIT_OK


def _game_file_opens(args, writer: bool = True, wait: float = 0.0) -> Path:
    """A game file that cannot be read (a folder, another program's file, damage, its
    permissions) or, for a table, that another companion holds is said before a screen
    opens, as every command says it (the screen drew, then closed on the error); the
    file's path."""
    from .store.db import Store, default_path

    path = Path(getattr(args, "db", None) or default_path())
    Store.probe(path, writer, wait)
    return path


def cmd_follow(args) -> int:
    from .store.db import StoreBusy
    from .tui.follow import FOLLOW_WAIT_SECONDS, FollowApp

    _a_terminal()
    _utf8_terminal()
    # (not there yet: the follow screen waits for the file; a table on it is what it follows;
    # locked by another program: the screen says so and reads again until it lets go)
    try:
        path = _game_file_opens(args, writer=False, wait=FOLLOW_WAIT_SECONDS)
    except StoreBusy:
        path = None
    if args.series is not None and path is not None and path.exists():
        _series_in_file(args)
    FollowApp(getattr(args, "db", None), args.series).run()
    return EXIT_OK


def cmd_export(args) -> int:
    from .store.exchange import export

    with _open_store(args, readonly=True) as store:
        if args.box is not None:
            if args.format != "record":
                raise CommandError("--box writes the box files into a folder; --format is "
                                   "for a record or a report on standard output: give one")
            return _export_box(store, args.target, args.box)
        warned = []

        def warn(message: str) -> None:
            warned.append(message)
            print(f"{message} (exit {EXIT_PARTIAL})", file=sys.stderr)

        write_utf8(export(store, args.target, args.format, warn=warn, reveal=args.reveal))
    # (written, but short of the stored series: a backup script that reads the exit code
    # must not keep it unawares)
    return EXIT_PARTIAL if warned else EXIT_OK


def _export_box(store, target: str, folder: Path) -> int:
    """The box files a series keeps (as they were when it began) written into a new folder:
    `--data` that folder replays and imports the series' records after the box was edited."""
    from .store.exchange import parse_target
    from .store.series_store import frozen_box, get_series_row

    series_id, game = parse_target(target)
    if game is not None:
        raise CommandError(f"--box writes the box of a whole series: give its ID ({series_id}), "
                           f"not a game ({target})")
    get_series_row(store, series_id)                # (no such series: said)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise CommandError(f"--box {folder}: give a new or empty folder (nothing there is "
                           "overwritten)")
    # The new folder goes in one that is there (a slip in the path made every folder it
    # named, as --db, --out and --record refuse)
    parent = folder.absolute().parent
    if not parent.is_dir():
        blocking = next((part for part in (parent, *parent.parents) if part.is_file()), None)
        raise CommandError(f"--box {folder}: " + (
            f"the folder cannot be made ({blocking} is a file, not a folder)" if blocking
            else f"folder {parent} does not exist; make it first") + "; nothing was written")
    box = frozen_box(store, series_id)
    try:
        folder.mkdir(exist_ok=True)
        for name, text in box.texts.items():
            write_atomically(folder / name, text.encode())
    except OSError as error:        # (its parent read-only, the disk full, ...)
        raise CommandError(f"--box {folder}: the folder cannot be made ({error.strerror}); "
                           "nothing was written") from None
    except ValueError as error:
        raise CommandError(f"--box {folder}: {error}") from None
    print(f"wrote the box of series {series_id} ({box.name}, {box.fingerprint}) to {folder}")
    return EXIT_OK


def cmd_import(args) -> int:
    from .store.exchange import read_imports
    from .store.series_store import create_series, get_series_row, same_game, same_record

    _db_folder_exists(args)
    text = read_text_file(args.file)
    named = input_name(args.file)
    box = _record_box(args.data, text)
    text = _record_text(named, text, box, "is imported")[0]
    try:
        read = read_imports(box, text)          # checked whole before the file
    except CompanionError as error:
        raise CommandError(f"{named}: {error}") from None
    made = []
    with _open_store(args) as store:
        with store.write():                     # (a file of several games: all or none)
            for header, entries in read:
                series_id = create_series(store, box, header, entries)
                made.append((series_id, get_series_row(store, series_id),
                             same_record(store, series_id), same_game(store, series_id)))
    for series_id, row, copies, within in made:
        _told_imported(args, series_id, row, copies, within)
    return EXIT_OK


def _told_imported(args, series_id: int, row, copies: list[int], within: list) -> None:
    # Where it stands: a record cut short (a copy stopped mid-way) reads as a series in play,
    # and this is where a player sees so.
    said = row.progress(live=True)
    if not row.winner:
        # ('in play' itself, or where its game stands, say so already)
        said = ((said if said == "in play" or row.in_game() else f"{said}: in play")
                + f"; `companion play --series {series_id}{_db_words(args)}` goes on with it")
    print(f"imported as series {series_id} ({said})")
    held = [f"series {', '.join(map(str, copies))} already "
            f"hold{'s' if len(copies) == 1 else ''} this same record"] if copies else []
    held += [f"game {number} of series {stored} is this same game"
             for stored, number in within if stored not in copies]
    if held:
        print(f"note: {'; '.join(held)}; series {series_id} is another copy (companion "
              f"series delete {series_id}{_db_words(args)} removes it)", file=sys.stderr)


def cmd_print(args) -> int:
    return print_cli.cmd_print(args, _load, _open_store, CommandError, DEFAULT_BOX_DIR)


def utf8(encoding: str) -> bool:
    """Whether a stream's encoding is UTF-8, by any of its names ('UTF-8', 'utf8')."""
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def write_utf8(text: str) -> None:
    """A record or report on standard output in UTF-8, the records' own encoding
    (docs/record-format.md), whatever the terminal's: `export > file` imports again."""
    out = sys.stdout
    if out is None:             # (started with it closed: `>&-`)
        raise CommandError("standard output is closed: nothing was written (give a file, "
                           "or leave it open)")
    buffer = getattr(out, "buffer", None)
    if buffer is None or utf8(out.encoding or "utf-8"):
        out.write(text)
        return
    out.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def _messages_never_fail() -> None:
    """A name the terminal's encoding lacks (an accented player, a file 'é.pdf') is
    written escaped, `\\xe9`, not a traceback after the work was done."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def _interrupted_words(args) -> str:
    """What a Ctrl-C left, by command: a game file keeps every step stored before it; an
    import stores all or nothing; a print writes its PDF whole or not at all; the rest
    write nothing."""
    if args.command == "simulate" and (getattr(args, "series", None)
                                       or getattr(args, "resume", False)):
        return (f"; what was stored stays stored; `companion simulate --resume"
                f"{_db_words(args)}` finishes the series")
    if args.command == "import":
        return "; nothing was imported (a file imports whole or not at all)"
    if args.command == "print":
        return "; no PDF was written"
    if args.command in ("play", "series", "db"):
        return "; what was stored stays stored"
    return ""


def main(argv: list[str] | None = None) -> int:
    _messages_never_fail()
    parser = build_parser()
    args = parser.parse_args(print_cli.attach_offset(sys.argv[1:] if argv is None else argv))
    _options_given_once(parser, args)
    if args.command is None:
        try:
            _a_terminal()
        except CommandError:        # (piped or scripted: what it can do, as --help says it)
            parser.print_help()
            return EXIT_OK
        args.command = "play"
        args.series = None
    handler = {
        "data": cmd_data_check,
        "odds": cmd_odds,
        "simulate": cmd_simulate,
        "replay": cmd_replay,
        "play": cmd_play,
        "follow": cmd_follow,
        "db": cmd_db_check,
        "series": cmd_series,
        "export": cmd_export,
        "import": cmd_import,
        "print": cmd_print,
    }[args.command]
    try:
        return handler(args)
    except KeyboardInterrupt:
        # Ctrl-C: every action already taken is stored (a simulated series goes on with
        # `simulate --resume`); no traceback for a player's stop.
        print(f"companion: interrupted{_interrupted_words(args)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, but not as a success: what
        # was cut may have been a check's problems (`data check DIR 2>&1 | head` said 0).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE_CLOSED
    except CommandError as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except DataError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        count = len(error.problems)
        # (`play` with a box folder broken since: its stored series need it not)
        stored = (" (the series already stored play on their own copy of their box: "
                  "`companion play` without --data goes on with them)"
                  if args.command == "play" else "")
        way_out = error.way_out or f"'companion data check DIR' checks a box folder{stored}"
        print(f"companion: the box was not read ({count} problem{'' if count == 1 else 's'}"
              f"); {way_out}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        # What the system refused and no command foresaw (a folder this user may not
        # enter, a name too long, a full disk under the output): said by name, no traceback.
        if error.filename is None:          # the output itself (a full disk under stdout)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            print(f"companion: the output could not be written: {error.strerror or error}",
                  file=sys.stderr)
        else:
            print(f"companion: {error.filename}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["main", "build_parser", "odds_report"]
