"""The command line: the one place that wires data, rules and interfaces together."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .engine.errors import CompanionError, DataError
from .engine.record import split_records
from .engine.session import replay
from .high_and_tight import odds
from .high_and_tight.box import DEFAULT_BOX_DIR, ROMAN, Box, load_box, parse_roman
from .high_and_tight.rules import HighAndTight, managerial_move

EXIT_OK = 0
EXIT_BAD_INPUT = 2

WHAT_IT_DOES = """\
The dugout companion: a tabletop companion for High & Tight.

Commands:
  companion data check [DIR]       validate a box folder (default: the bundled demo box)
  companion odds --rolls N --box B exact run odds of one at-bat (--also K, --hit-and-run,
                                   --advise, --json)
  companion simulate --games N --seed S
                                   computer managers play N games (--json, --record FILE)
  companion replay FILE            replay a game record and print the final state

Run 'companion COMMAND --help' for the options of a command.
"""


class CommandError(Exception):
    """A user-facing failure: printed to stderr, exit code 2."""


def _int_in(low: int, high: int, what: str):
    def convert(text: str) -> int:
        try:
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
    try:
        return parse_roman(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="The dugout companion.")
    parser.add_argument("--data", type=Path, default=None,
                        help="box folder to use (default: the bundled demo box)")
    commands = parser.add_subparsers(dest="command")

    data = commands.add_parser("data", help="box data commands")
    data_commands = data.add_subparsers(dest="data_command", required=True)
    check = data_commands.add_parser("check", help="validate a box folder")
    check.add_argument("directory", nargs="?", type=Path, default=None)

    odds_cmd = commands.add_parser("odds", help="exact run odds of one at-bat")
    odds_cmd.add_argument("--rolls", required=True, type=_int_in(1, 20, "rolls"),
                          help="Scoring Rolls, 1..20")
    odds_cmd.add_argument("--box", required=True, type=_box_label,
                          help="Scoring Number box, I..XII")
    odds_cmd.add_argument("--also", action="append", default=[],
                          type=_int_in(2, 12, "extra scoring number"),
                          help="an extra scoring number (Rally Caps' 10, a ballpark's), 2..12")
    odds_cmd.add_argument("--bonus", action="store_true",
                          help="add the +1 bonus roll of rule 5.5.2")
    odds_cmd.add_argument("--hit-and-run", action="store_true",
                          help="every 9 takes a run away (rule 5.1.1 e)")
    odds_cmd.add_argument("--advise", action="store_true",
                          help="compare every legal Managerial Move (rule 4.5)")
    odds_cmd.add_argument("--json", action="store_true")

    sim = commands.add_parser("simulate", help="computer managers play whole games")
    sim.add_argument("--games", type=_int_in(1, 100000, "games"), default=1)
    sim.add_argument("--seed", default="0")
    sim.add_argument("--home", default=None, help="home team key (default: rotate)")
    sim.add_argument("--away", default=None, help="away team key (default: rotate)")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--record", type=Path, default=None,
                     help="write every game's record to this file")

    rep = commands.add_parser("replay", help="replay a game record file")
    rep.add_argument("file", type=Path)
    rep.add_argument("--json", action="store_true")
    return parser


def _load(directory: Path | None) -> Box:
    return load_box(directory or DEFAULT_BOX_DIR)


# -- commands ------------------------------------------------------------------------------


def cmd_data_check(args) -> int:
    directory = args.directory or args.data or DEFAULT_BOX_DIR
    try:
        box = load_box(directory)
    except DataError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{len(error.problems)} problem(s) in {directory}", file=sys.stderr)
        return EXIT_BAD_INPUT
    pieces = sum(len(r.ballplayers) + len(r.pitchers) for r in box.rosters.values())
    cards = sum(card.copies for card in box.cards.values())
    print(f"ok: {box.name} ({directory}): {len(box.teams)} team cards, {len(box.rosters)} "
          f"rosters with {pieces} pieces, {cards} strategy cards ({len(box.cards)} kinds), "
          f"12 Scoring Number boxes")
    return EXIT_OK


def odds_report(box: Box, rolls: int, number: int, also: list[int], hit_and_run: bool,
                bonus: bool = False, advise: bool = False) -> dict:
    """The odds of one at-bat (rules 4.6, 4.6.3, 5.1.1 e, 5.5.2) as a JSON-ready object."""
    scoring = box.scoring_boxes[number - 1]

    def one(rolls_now: int, number_now: int) -> dict:
        target = box.scoring_boxes[number_now - 1]
        numbers = sorted(set(target.numbers) | set(also))
        dist = odds.run_distribution(rolls_now + bonus, numbers, target.first, target.then,
                                     hit_and_run)
        out = {"rolls": rolls_now, "box": target.label, "scoring_numbers": numbers}
        if target.first is not None:
            out["first"] = target.first
            out["then"] = sorted(target.then)
        out.update(odds.summary(dist))
        return out

    report = one(rolls, number)
    report["bonus_roll"] = bonus
    report["hit_and_run"] = hit_and_run
    report["box_reads"] = scoring.describe()
    if advise:
        options = []
        for shift in (0, 1, 2, -2):
            moved = managerial_move(rolls, number, shift, box.rolls_max)
            if moved is None:
                continue
            option = one(*moved)
            option["move"] = {0: "stand pat", 1: "+1", 2: "+2", -2: "-2"}[shift]
            options.append(option)
        report["options"] = options
    return report


def cmd_odds(args) -> int:
    box = _load(args.data)
    report = odds_report(box, args.rolls, args.box, args.also, args.hit_and_run, args.bonus,
                         args.advise)
    if args.json:
        print(json.dumps(report, sort_keys=True))
        return EXIT_OK
    print(f"{report['rolls']} Scoring Roll(s){' +1 bonus' if args.bonus else ''} in box "
          f"{report['box']} (scores on {report['box_reads']}"
          + (f", also {', '.join(map(str, args.also))}" if args.also else "")
          + (", Hit and Run" if args.hit_and_run else "") + ")")
    print(f"  P(at least one run) {report['p_at_least_one']:.4f}   "
          f"expected runs {report['expected_runs']:.4f}")
    for runs, p in enumerate(report["distribution"]):
        if p >= 0.00005:
            print(f"  {runs:2d} run(s): {p:.4f}")
    for option in report.get("options", []):
        print(f"  {option['move']:>9}: rolls {option['rolls']:2d} box {option['box']:>4}  "
              f"P(>=1) {option['p_at_least_one']:.4f}  E {option['expected_runs']:.4f}")
    return EXIT_OK


def cmd_simulate(args) -> int:
    from .high_and_tight.simulate import simulate

    box = _load(args.data)
    rules = HighAndTight(box)
    for key in (args.home, args.away):
        if key is not None and box.team(key) is None:
            raise CommandError(f"unknown team {key!r}; known: "
                               f"{', '.join(t.key for t in box.teams.values())}")
    records: list[str] = []
    on_game = (lambda session: records.append(session.text())) if args.record else None
    summary = simulate(rules, args.games, args.seed, args.home, args.away, on_game)
    if args.record:
        _write_atomically(args.record, "\n".join(records))
    result = summary.as_dict()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for key, value in result.items():
            print(f"{key.replace('_', ' ')}: {value}")
    return EXIT_OK


def cmd_replay(args) -> int:
    box = _load(args.data)
    rules = HighAndTight(box)
    try:
        text = args.file.read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"{args.file}: cannot be read ({error})") from None
    results = []
    for index, record in enumerate(split_records(text), start=1):
        try:
            session = replay(rules, record)
        except CompanionError as error:
            raise CommandError(f"{args.file}: game {index}: {error}") from None
        state = session.state
        expected = session.header.get("Result")
        final = f"{state.away.total}-{state.home.total}"
        if expected and state.phase == "over" and expected != final:
            raise CommandError(f"{args.file}: game {index}: the record says {expected} but "
                               f"replays to {final}")
        results.append({"game": index, "home": session.header.get("Home"),
                        "away": session.header.get("Away"), "state": state.summary(),
                        "actions": len(session.actions), "winner": state.winner})
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        for result in results:
            print(f"game {result['game']}: {result['away']} at {result['home']}: "
                  f"{result['state']} ({result['actions']} actions)")
    return EXIT_OK


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        print(WHAT_IT_DOES, end="")
        return EXIT_OK
    handler = {
        "data": cmd_data_check,
        "odds": cmd_odds,
        "simulate": cmd_simulate,
        "replay": cmd_replay,
    }[args.command]
    try:
        return handler(args)
    except CommandError as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except DataError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["main", "build_parser", "odds_report", "ROMAN"]
