"""Text pictures of the table (line score, board, hands, series): plain Rich markup, no widgets."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.markup import escape
from rich.text import Text

from ..high_and_tight.boxscore import line_cells
from ..high_and_tight.rules import GAME_END_RULES, game_end_rule
from ..high_and_tight.series_session import SERIES, secret_told

if TYPE_CHECKING:
    from .table import Table, Waiting

SPARK = "▁▂▃▄▅▆▇█"
BOARD_DICE = 6      # an at-bat's latest rolls the board has room for (the half's notice: all)
DIE = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


NOTICE_TEXT = 36     # columns of text in the narrowest notice (tcss Toast: 40, its edges)


def dice_line(rolls, most: int | None = None, width: int | None = None,
              marks=None) -> str:
    """'Dice ⚂⚃ 7  ⚅⚅ 12': each roll's faces and total (rule 4.6), with what it did when
    `marks` (the at-bat's, one for each roll) are given: `ROLL_SIGNS`; given room for
    `most`, past it the latest of them after how many earlier ones are not shown ('Dice (3
    earlier) … ⚂⚃ 7'; the words take two rolls' room). Given a `width`, broken into lines
    between rolls, never inside one (a notice wrapped a total away from its faces)."""
    earlier = len(rolls) - (most - 2) if most is not None and len(rolls) > most else 0
    line = "Dice " + (f"({earlier} earlier) … " if earlier else "")
    lines = []
    for number, (a, b) in enumerate(rolls[earlier:]):
        roll = f"{DIE[a]}{DIE[b]} {a + b}"
        if marks is not None:
            did = marks[earlier + number]
            roll = ("free " if "free" in did else "") + roll + "".join(
                sign for mark, sign in ROLL_SIGNS.items() if mark in did and sign)
        if width is not None and number and len(line) + 2 + len(roll) > width:
            lines.append(line)
            line = "     " + roll           # under the first roll
        else:
            line += ("  " if number else "") + roll
    return "\n".join([*lines, line])


# A roll's marks as the dice lines show them: box I's free roll says 'free' before it, the
# roll that earned it ends in an arrow, a run in a tick, a run a 9 took away in a cross.
ROLL_SIGNS = {"free": "", "earns": "→", "run": "✓", "nine": "✗"}
BATTER_LINE = "Bat "        # how the board's batter line begins (the table scrolls to it)


def managerial_options(state) -> list[str]:
    """Rule 4.5: every legal Managerial Move with its odds, side by side, in the options'
    order, and what the suggestion weighs: in the home side's last half the chances it
    ends ahead (the game won) and tied (extra innings), in the place of the runs expected;
    a move of fewer runs but a better chance of one late in a close game; the most runs
    else (a near tie showing alike to two places). The last half's figures are the half's
    own: a single 'win' figure (a tie counted as half a win) read 65% beside the board's
    55% for the game, which weighs the extra innings as the sides stand."""
    from ..high_and_tight.manager import manage_outcomes, managerial_moves, one_run_matters
    from ..high_and_tight.rules import last_half_deficit

    names = {0: "pat", 1: "+1", 2: "+2", -2: "-2"}
    moves = managerial_moves(state.box, state.atbat)
    outcomes = manage_outcomes(state, moves)
    # runs: expected runs (36 columns, the 80-column board's: a wider line wrapped)
    out = ["  move  rolls  box   P(run)" + (" lead tie" if outcomes else "  runs")]
    for shift, rolls, number, bonus, expected, one in moves:
        label = state.box.scoring_boxes[number - 1].label
        shown = f"{rolls:2d}{'+1' if bonus else '  '}"
        if outcomes:
            ahead, tie = outcomes[shift]
            figures = f"{percent(ahead):>6}{percent(tie):>4}"
        else:
            figures = f"  {expected:.2f}"
        out.append(f"  {names[shift]:>4}  {shown:<5}  {label:<4}  {one:>5.0%}{figures}")
    if outcomes:
        deficit = last_half_deficit(state)
        weighs = ("the best lead + tie/2 (last at-bat, "
                  + (f"{deficit} run{'s' if deficit > 1 else ''} behind)" if deficit
                     else "tied)"))
    elif one_run_matters(state, state.actor):
        weighs = "the best P(run), one run matters"
    else:
        weighs = "the most runs"
    out.append(f"  [dim]suggested: {weighs}[/dim]")
    return out


def percent(p: float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not."""
    if 0.0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1.0:
        return ">99%"
    return f"{p:.0%}"


SPARK_MOST = 12      # the win line's sparkline: its last steps, one a column


def sparkline(values: list[float], width: int = 24) -> str:
    values = values[-width:] if width else []
    return "".join(SPARK[min(7, int(v * 8))] for v in values)


def line_score(table: Table, columns: int | None = None) -> str:
    game = table.game
    if game is None:
        return "No game yet: the series is being set up."
    # Which game of the series is on the table, in the corner over the team names.
    label = f"Game {table.game_number()}" if table.series.scenario.games > 1 else ""
    return _line_score_of(game.state, label, columns)


def _line_score_of(state, label: str = "", columns: int | None = None) -> str:
    """The line score (rule 4.6.4). Wider than `columns` (a long extra-inning game), its
    first innings fold into one column ('1-12', their runs summed) so that the latest
    innings and the total stay on one line each, as a ballpark's scoreboard keeps them."""
    innings = max(9, state.inning)
    cells = line_cells({"away": state.away.runs, "home": state.home.runs}, state.winner,
                       innings)
    shown = {side: [f"{cell:>3}" for cell in cells[side]] for side in ("away", "home")}
    batting = state.batting if state.phase in ("roll", "free-roll") else None
    runs = {"away": state.away.runs, "home": state.home.runs}
    if batting is not None and state.atbat.runs and len(runs[batting]) < innings:
        # Runs of the at-bat still rolling, dimmed in their inning's cell: the marker goes
        # on the scoreboard when the half ends (4.6.4), and the 0 the R column kept
        # meanwhile read as a run not counted.
        shown[batting][len(runs[batting])] = f"[dim]{state.atbat.runs:>3}[/dim]"
    head = [f"{i:>3}" for i in range(1, innings + 1)]
    if columns is not None and LINE_SCORE_EDGES + 3 * innings > columns:
        folded = max(1, innings - max(1, (columns - LINE_SCORE_EDGES - 5) // 3))
        head = [f"{f'1-{folded}':>5}", *head[folded:]]
        for side in shown:
            shown[side] = [f"{sum(runs[side][:folded]):>5}", *shown[side][folded:]]
    rows = [f"{label:<6}" + "".join(head) + "    R"]
    for side in (state.away, state.home):
        rows.append(f"{side.team.abbrev:<6}{''.join(shown[side.name])}  {side.total:>3}")
    return "\n".join(rows)


LINE_SCORE_EDGES = 11       # the line score's columns beside its innings: names and R


PHASE_LETTER = {"draw": "A", "deal": "A", "exchange": "A", "name": "A", "mound": "B",
                "bat": "B", "field": "B", "cards": "D", "manage": "E", "roll": "F",
                "free-roll": "F", "over": "H"}


def status(table: Table, follower: bool = False, columns: int | None = None) -> str:
    """The status line: the half inning, its strategy, the phase and who acts; a held
    final and how to go on (on a follower's screen, that the table goes on). Longer than
    `columns`, it gives way a step at a time (STATUS_CUTS) till it fits: at 80 columns a
    line that wrapped made the board under it jump a row from one phase to the next."""
    line = _status(table, follower, 0)
    for cut in range(1, len(STATUS_CUTS) + 1):
        if columns is None or Text.from_markup(line).cell_len <= columns:
            break
        line = _status(table, follower, cut)
    return line


# What a status line too long for its columns gives up, in this order: the team's name
# for its abbreviation, then its side (the line score and the half say it), then the
# rule cited (the log keeps it), then the prompt's asides in brackets ('Sturgis tired:
# keep him at +100 (Stuff +1 roll) or relieve': the options say it). Still too long, it
# wraps.
STATUS_CUTS = ("abbreviation", "side", "rule", "aside")
RULE_CITED = re.compile(r" \(rules? [^()]*\)$")
ASIDE = re.compile(r" \([^()]*\)")


def _status(table: Table, follower: bool, cut: int) -> str:
    waiting = table.waiting()
    if waiting.scope == "over":         # (a scenario of one game is no series to a player)
        return f"[b]{table.series.scenario.unit.capitalize()} over:[/b] {escape(waiting.prompt)}"
    if table.held is not None:
        return (f"[b]Game {table.held} over[/b] ({table.standing()}): "
                + (f"game {table.held + 1} begins at the table" if follower else
                   f"Enter goes on to game {table.held + 1}"))
    cuts = STATUS_CUTS[:cut]
    who = ""
    if waiting.team:
        who = (table.team_abbrev(waiting.team) if "abbreviation" in cuts
               else table.team_name(waiting.team))
        if waiting.side and "side" not in cuts:
            who += f" ({waiting.side})"
        who += " [dim](computer)[/dim]" if waiting.computer else ""
        who += ": "
    prompt = RULE_CITED.sub("", waiting.prompt) if "rule" in cuts else waiting.prompt
    prompt = ASIDE.sub("", prompt) if "aside" in cuts else prompt
    if waiting.scope == "series":
        return f"[b]Series[/b] game {table.series.next_game} - {who}{escape(prompt)}"
    state = table.game.state
    if state.inning == 0:
        where = "Setup"
    else:
        where = f"{'Top' if state.half == 'top' else 'Bottom'} {state.inning}"
    letter = PHASE_LETTER.get(state.phase, "") if state.inning else ""   # setup: rule 3.0
    strategy = state.strategy.upper() if state.inning else ""
    # The letter is the rulebook's phase of the inning, A to H (rule 4.0).
    return (f"[b]{where}[/b] {strategy}  [b]{letter}[/b] {who}{escape(prompt)}")


# A terminal shorter than this: a half's end says its runs, not its dice and cards (they
# stood over the line score and the status line); the log has them.
HALF_NOTICE_BRIEF_ROWS = 24


# After a win figure that is still being worked out for this step (the last one stays): one
# character, so the line keeps to 80 columns.
STALE_MARK = "…"


def mound_line(state, side, width: int | None = None) -> str:
    """A side's pitcher on the mound in one line: 'NYH SP Okafor R 5/V inn 2/F5 +1 R1'. The
    inning he is pitching now counts (as fatigue counts it, 4.2.1.1): "inn 4/F7" is his
    fourth of seven; the box score counts innings completed. Within `width` columns when
    given (a wrapped line pushed the board's foot off at 80x24): the word 'inn' goes first,
    then his type, then the hand he throws with (a card may ask for it), and last his name
    is cut ('Merriweat…'); the markers' figures (Stuff, innings, Fatigue, its marker, runs)
    always stay."""
    from ..high_and_tight.rules import HighAndTight

    pitcher = side.current_pitcher()
    mark = f" +{side.fatigue}" if side.fatigue else ""
    if HighAndTight.in_groove(state, side):
        mark += " groove"           # past his Fatigue with no marker: why, where read (8.4.1)
    line = side.lines.get(side.pitcher)
    stuff = f"{pitcher.stuff_rolls}/{state.box.scoring_boxes[pitcher.stuff_box - 1].label}"
    innings, runs = (line.innings, line.runs) if line else (0, 0)
    innings = f"{innings}/F{pitcher.fatigue}{mark} R{runs}"
    parts = {"kind": f"{pitcher.kind} ", "throws": f" {pitcher.throws}", "inn": "inn ",
             "name": pitcher.name}

    def said() -> str:
        return (f"{side.team.abbrev} {parts['kind']}{parts['name']}{parts['throws']} "
                f"{stuff} {parts['inn']}{innings}")

    for drop in ("inn", "kind", "throws"):
        if width is None or cell_len(said()) <= width:
            return escape(said())
        parts[drop] = ""
    name = pitcher.name
    while cell_len(said()) > width and len(name) > 1:     # (a wide letter takes two cells)
        name = name[:-1]
        parts["name"] = name + "…"
    return escape(said())


def _pieces(state, show_hand: str | None, width: int | None = None) -> list[str]:
    """The pitchers on the mound, the batter and fielder, each side's Rally Caps and hand."""
    from ..high_and_tight.rules import fielding_defense, matchup_shift

    box = state.box
    lines: list[str] = []
    for side in (state.away, state.home):
        if side.current_pitcher() is not None:
            lines.append(mound_line(state, side, width))
    batting, fielding = state.side(state.batting), state.side(state.fielding)
    if state.inning and batting.player:       # placed face up first, then the fielder (4.2)
        batter = batting.roster.ballplayers[batting.player]
        lines.append(f"{BATTER_LINE}{escape(batter.name)} ({batter.bats}) O{batter.offense} "
                     f"P{batter.power} OBP{batter.obp} Sp{batter.speed} Cl{batter.clutch}")
    if state.inning and fielding.player:
        fielder = fielding.roster.ballplayers[fielding.player]
        dh = fielding.player == fielding.dh
        defense = fielding_defense(box, fielding, fielding.player)
        # What the matchup did to the Scoring Number (4.3), beside it: the marker moved
        # as the fielder came, and only the log said why.
        shift = (f"  number {matchup_shift(box, state):+d} (4.3)" if batting.player
                 else "")
        lines.append(f"Fld {escape(fielder.name)} D{defense}" + (" (DH)" if dh else "")
                     + shift)
    lines.append("")
    for side in (state.away, state.home):
        # (by deck for both sides: the draws are made in the open, rule 5.2.1; the hand
        # shown lists its cards below)
        if state.cards_mode == "physical":
            hand = f"{side.hidden['offense']} off, {side.hidden['defense']} def (table)"
        else:
            offense = sum(n for k, n in side.hand.items() if box.cards[k].side == "offense")
            hand = f"{offense} off, {side.hand_size() - offense} def"
        lines.append(f"{side.team.abbrev} caps {side.rally_left}  hand {hand}")
    # (a pile about to run out is seen before a player reaches for it: rule 5.2.1)
    piles = state.decks
    lines.append(f"Draw piles: off {piles['offense'].pile}, def {piles['defense'].pile}")
    return lines


def strategies_ahead(state, most: int = 9) -> str:
    """The inning strategies to come (rule 5.3), for a draw or an exchange (5.2): which
    cards a hand will be able to play, from this inning on (setup: the 1st), `most` of
    them; in the regulation innings up to the 9th, the 10th's told apart as the extra
    innings' first (rule 6.2), which a tied game alone reaches."""
    from ..high_and_tight.rules import strategies_ahead as ahead

    start = max(state.inning, 1)
    count = min(most, 9 - start + 1) if start <= 9 else most
    strategies = list(ahead(state.box, state.inning, count))
    if state.inning >= 1:
        strategies[0] = state.strategy      # this inning's as the half has it (6.2: named)
    said = [f"{n} {strategy.upper()}" for n, strategy in enumerate(strategies, start=start)]
    if state.inning >= 1 and state.half == "top" and ahead(state.box, state.inning, 1)[0] == "any":
        # Rule 6.2: an ANY inning's strategy is named by each half's batting side; the top's
        # is not the bottom's ('10 SPEED' read as the whole inning's).
        said[0] += " (the top's)"
    extra = ""
    if start <= 9:
        extra = f"; if tied after 9: 10 {ahead(state.box, 10, 1)[0].upper()} (rule 6.2)"
    return "Strategies ahead: " + ", ".join(said) + extra


def between_games(table: Table) -> bool:
    """Between two games, the next one's setup the series' step (rule 3.0): the board shows
    the last final and the series, not the last game's pieces."""
    game = table.game
    return (game is not None and game.state.phase == "over"
            and game is not table.session.current_game and table.held is None
            and not table.session.is_over())


SERIES_MORE = "  [dim]{} more lines: the series window (s)[/dim]"


def cut_to_rows(markup: str, fits) -> str:
    """A between-games board cut to the rows it has (`fits(markup)` says whether a text
    fits): its last lines give way to a line saying how many more the series window has
    (the rest lines of the pitchers ran off the board's foot, with no sign of them)."""

    lines = markup.split("\n")
    for kept in range(len(lines) - 1, 0, -1):
        last = Text.from_markup(lines[kept - 1]).plain.rstrip()
        if not last or last.endswith(":"):
            continue            # no heading (or blank) left with nothing under it
        cut = "\n".join([*lines[:kept], SERIES_MORE.format(len(lines) - kept)])
        if fits(cut):
            return cut
    return markup


def walk_off_line(state) -> str:
    """The home side's last half (rules 4.8, 6.3) with the runs to lead scored and rolls
    left: the game is not over yet, the half is played out and its runs count at its end
    (4.6.4; a Hit and Run 9 may still take one back). '' otherwise: a player at the table
    saw the win figure at >99% and was asked for more rolls, with no word why."""
    from ..high_and_tight.rules import ahead_in_last_half

    if not ahead_in_last_half(state):
        return ""
    return (f"{state.home.team.abbrev} ahead; roll the half out (4.6.4)"
            + ("; a 9 takes a run back" if state.atbat.hit_and_run else ""))


def board(table: Table, show_hand: str | None = None, hand_most: int | None = None,
          compact: bool = False, win_high: bool = False, width: int | None = None) -> str:
    """Markers, odds, mound, batter and fielder, Rally Caps, hands and win probability;
    `width`, the board's columns (the dice break between rolls, never inside one);
    with `hand_most`, at most that many of the hand's card lines (see hand_lines);
    `compact`, without the blank lines between the blocks (a board short of rows);
    `win_high`, the win figure above the pieces (a board short of rows even so: a
    Managerial Move's odds at 80x24 pushed it off the foot)."""
    from ..high_and_tight.manager import at_bat_odds

    game = table.game
    if game is None:
        return series_summary(table, columns=width or HALF_LINE_MOST)
    state = game.state
    box = state.box
    atbat = state.atbat
    lines = []
    if state.phase == "over":           # no at-bat is on the table any more (rule 4.8)
        winner = state.side(state.winner)
        loser = state.side("away" if state.winner == "home" else "home")
        # "(4.8)", not "(rule 4.8)": the line keeps to a 40-column board; an extra-inning
        # game ends by 6.3
        lines.extend([f"[b]Final:[/b] {winner.team.abbrev} win {winner.total}-"
                      f"{loser.total} in {state.inning} innings "
                      f"({game_end_rule(state.inning)})", ""])
    elif state.markers_set():
        scoring = state.scoring_box()
        rolls = atbat.rolls
        flipped = f" (+{box.rolls_boxes} side)" if rolls > box.rolls_boxes else ""
        extra = state.extra_scoring_numbers()
        lines.append(f"Scoring Rolls [b]{rolls}[/b]{flipped}"
                     + (" [b]+1 bonus[/b]" if atbat.bonus else ""))
        lines.append(f"Scoring Number [b]{scoring.label}[/b] ({scoring.describe()})"
                     + (f" also {', '.join(map(str, extra))}" if extra else ""))
        if atbat.hit_and_run:
            lines.append("Hit and Run: every 9 takes a run away")
        for words in atbat.park:
            # What the home ballpark did to this half's markers (rule 8.1), else only in
            # the log: the markers above already hold it.
            lines.append(f"Ballpark: {escape(words)} (8.1)")
        if state.phase in ("roll", "free-roll"):
            lines.append(f"Rolls left {atbat.rolls_left}   runs so far {atbat.runs}"
                         + ("   [b]free roll![/b]" if state.phase == "free-roll" else ""))
            walk_off = walk_off_line(state)
            if walk_off:
                lines.append(walk_off)
            if atbat.dice:
                lines.append(dice_line(atbat.dice, BOARD_DICE, width, atbat.marks))
        elif state.phase in ("cards", "manage"):
            if state.phase == "manage":         # standing pat gives the odds as they are
                lines.extend(managerial_options(state))
            else:
                expected, one = at_bat_odds(state)
                lines.append(f"Odds: P(run) {one:.0%}   expected runs {expected:.2f}")
        phase_line = card_phase_line(state)
        if phase_line:      # face up on the discard piles (5.4): the half's cards stay told
            lines.append(phase_line)
        lines.append("")
    elif state.phase in ("draw", "deal", "exchange"):
        lines.extend([*setup_lines(state, game), strategies_ahead(state), ""])
    elif state.inning:
        # (no at-bat yet: its markers come at Take the Mound; one line in 40 columns)
        lines.append("Markers: set at Take the Mound (4.2.1)")
        # Why a reliever of the bullpen is not among the options (resting, the Closer kept
        # for the 9th, an RP only after a reliever): said here, not only in the rulings.
        resting = table.resting_why(state.actor)
        for pitcher, rule, reason in table.session.rules.relievers_held_back(state,
                                                                             state.actor):
            why = resting.get(pitcher.name.casefold(), "") if rule == "8.2.2" else ""
            lines.append(f"{state.side(state.actor).team.abbrev} {pitcher.kind} "
                         f"{escape(pitcher.name)} {reason} ({rule})"
                         + (f": {escape(why)}" if why else ""))
        lines.append("")
    win = win_line(table, width)
    between = between_games(table)
    high = win is not None and win_high and not between
    if between:
        # Between two games, the next one's setup being the series' step (rule 3.0): the
        # last game's pieces are off the table and its hand is spent; the series (under
        # the win figure, without the box scores the series view has) is on it.
        show_hand = None
    else:
        if high:
            lines.append(win)
        lines.extend(_pieces(state, show_hand, width))
    if win is not None and not high:
        # Under the pieces, not under the hand, so that it shows without scrolling at
        # 80x24 (`win_high`: above them, when even that is too low).
        lines.append(win)
    if show_hand:
        lines.append("")
        lines.extend(hand_lines(table, show_hand, most=hand_most))
    if between:
        lines.extend(["", *series_summary(table, box_scores=False,
                                          columns=width or HALF_LINE_MOST).split("\n")])
    if compact:
        lines = [line for line in lines if line]
    return "\n".join(lines)


def setup_lines(state, game) -> list[str]:
    """Before a game's first draw with the table's own cards (rule 3.0, Game Setup 1): the
    cards go back in their decks and are shuffled (a hand kept from the last game spoils
    every draw after). One short line (at 80x24 the board's column is 39 wide and the
    hand needs its rows); the companion's own deal needs none."""
    if state.inning or game.actions or state.cards_mode != "physical":
        return []
    return ["New game: reshuffle all cards (3.0)"]


def rolls_to_come(state) -> str:
    """The at-bat's dice still to roll, in words (rule 4.6): '3 rolls left, runs so far 1';
    box I's free roll first when a 2 earned it (4.6.2: it is no Scoring Roll of the count)."""
    atbat = state.atbat
    left = f"{atbat.rolls_left} roll{'' if atbat.rolls_left == 1 else 's'} left"
    if state.phase == "free-roll":
        left = "the free roll (rule 4.6.2)" + (f", then {left}" if atbat.rolls_left else "")
    return f"{left}, runs so far {atbat.runs}"


def win_line(table: Table, width: int | None = None) -> str | None:
    """The win figure's line of the board: the figure team's chance in this game with its
    sparkline, then in the series; dimmed and marked while a step behind. None while no
    figure of this game is in and the game is not over. Within `width` columns when given:
    the sparkline gives up its oldest steps (the mark wrapped to a line of its own at 80
    columns once the sparkline was full, the board jumping a line with each step)."""
    game = table.game
    state = game.state
    over = state.phase == "over"
    ours = table.win_history and table.win_game == table.game_number()
    if ours or over:
        # Both figures are one team's (the player's against the computer, else team 1's):
        # its chance in this game, then in the series.
        team = table.figure_team()
        abbrev = table.session.box.teams[table.series.teams[team]].abbrev
        flip = (lambda p: p) if team == "team1" else (lambda p: 1.0 - p)
        history = [flip(p) for p in table.win_history] if ours else []
        p_series = table.win_series
        # The series' figure is worked out after the game's: it may be a step behind it.
        steps = [table.win_steps[-1]] if ours else []
        if ours and p_series is not None:
            steps.append(table.win_series_step)
        behind = any(step != len(game.actions) for step in steps)
        if over:
            # A finished game's figure is its result, known without a worker (rule 4.8);
            # the series' is its result once decided, else the worker's for this final
            # (the games still to play), marked STALE_MARK until it is in.
            if not (ours and table.win_steps[-1] == len(game.actions)):
                # (the worker's figure for the final step is the result already)
                history.append(flip(float(table.team_of(state.winner) == "team1")))
            winner = table.series.winner
            if winner is not None:
                p_series, behind = float(winner == "team1"), False
            else:
                fresh = bool(ours) and table.win_series_step == len(game.actions)
                p_series, behind = (table.win_series if fresh else None), not fresh
        # a one-game series' figure is the game's: said once
        series = (f"  series {percent(flip(p_series))}"
                  if p_series is not None and table.series.scenario.games > 1 else "")
        # A figure of an earlier step stays until the new one is worked out, dimmed and
        # marked so (a bright figure a step behind was read as the step's own).
        head = f"Win {abbrev} {percent(history[-1])} "
        room = SPARK_MOST if width is None else max(0, min(SPARK_MOST, width - len(head)
                                                          - len(series) - 2 * behind))
        said = f"{head}{sparkline(history, room)}{series}" if room else f"{head}{series[2:]}"
        return f"[dim]{said} {STALE_MARK}[/dim]" if behind else said
    return None


# Why a card cannot be played, in a few words by its rule (the board's hand; the hand
# window, `h`, gives the whole reason).
SHORT_BLOCKS = {"4.4": "not in this phase", "5.1": "the other side's", "5.3": "not this inning",
                "5.1.1 d": "nothing to cancel", "5.1.1": "conditions fail"}


def short_block(block: tuple[str, str]) -> str:
    """The board's few words for why a card cannot be played: rule 5.3 says both the
    inning's strategy and the one card a side plays a phase; each is told apart."""
    from ..high_and_tight.rules import CARD_BLOCKS

    if block[1] == CARD_BLOCKS["limit"][1]:
        return "one card a phase, played"
    return SHORT_BLOCKS.get(block[0], "not now")


def hand_lines(table: Table, side: str, texts: bool = False,
               most: int | None = None) -> list[str]:
    """A side's own cards with whether each can be played now and why not (rules 5.3-5.7);
    with `texts`, each card's own text under it (the hand window). With physical cards the
    companion cannot see the hand: the cards it may hold (each copy still unseen of a deck
    it holds cards of), to check the hand against. With `most`, the first `most` cards
    (the playable ones come first) and a line saying how many more the window shows."""
    from ..high_and_tight.rules import block_said

    state = table.game.state
    rules = table.session.rules
    own = state.side(side)
    in_phase = state.phase == "cards"
    playable = "  ([green]*[/green] playable now)" if in_phase else ""
    if state.cards_mode == "physical":
        out = [f"[b]{own.team.abbrev} hand[/b] ({own.hidden['offense']} off, "
               f"{own.hidden['defense']} def at the table): every card it may hold{playable}"]
        held = {key: 1 for key in rules.hand_candidates(state, side)}
    else:
        out = [f"[b]{own.team.abbrev} hand[/b]{playable}"]
        held = own.hand
    cards = []
    for key, count in held.items():
        if count:
            block = rules.card_block(state, side, key) if in_phase else None
            ok, why = in_phase and block is None, ""
            other = block is not None and block[0] == "5.1"
            if block is not None:
                rule = block[0]
                # The board: a few words (the other deck's cards, rule 5.1, go last with
                # their deck all the reason); the window says it all.
                why = (block_said(block) if texts else
                       "" if other else f"{short_block(block)} ({rule})")
            cards.append((not ok, other, state.box.cards[key].name, key, count, ok, why))
    # The playable ones first, then by name whatever its case (as the exchange options
    # and the exchange dialog list them: 'de Grom' among the d's).
    cards.sort(key=lambda card: (card[0], card[1], card[2].casefold()))
    if not cards:       # (before the first draw, rule 3.0: a heading with nothing under it)
        return [f"[b]{own.team.abbrev} hand[/b]: no cards"]
    if not any(card[5] for card in cards):
        out[0] = out[0].replace(playable, "")       # no card starred: no key to the star
    rest = len(cards) - most if most is not None and len(cards) > most else 0
    copies = sum(card[4] for card in cards[len(cards) - rest:])
    if rest and rest == len(cards):
        # No room for a card: the header says it all, in a line of the 80-column board
        # (the star's key went with no card starred, and "the hand window" wrapped).
        ready = sum(card[4] for card in cards if card[5])
        # Its card played, Rally Caps may let one more go (5.7.2): "0 playable now" alone
        # read as nothing to do beside the option that does it.
        rally = in_phase and f"{side} rallies card" in table.waiting().options
        said = (f"{ready} playable now" + (", one more with Rally Caps" if rally else "")
                if in_phase else "h shows them")
        return [f"{out[0].replace(playable, '')}: {copies} card{'s' if copies > 1 else ''}, "
                f"{said}" + (" (h)" if in_phase else "")]
    for _, _, name, key, count, ok, why in cards[:len(cards) - rest]:
        card = state.box.cards[key]
        mark = "[green]*[/green]" if ok else " "
        times = f" x{count}" if count > 1 else ""
        reason = f" [dim]- {escape(why)}[/dim]" if why else ""
        out.append(f"{mark} {escape(name)}{times} [dim]{card.side[:3]} "
                   f"{card.category}[/dim]{reason}")
        if texts:
            out.append(f"    [dim]{escape(card.text)}[/dim]")
    if rest:
        out.append(f"  [dim]{copies} more: the hand window (h)[/dim]")
    return out


HANGING_LEAD = re.compile(r"^( *(?:\* +)?)")


def rows_taken(console, markup: str, width: int) -> int:
    """The rows a board's markup takes at `width` columns (`hanging`), wrapped lines
    counted."""
    if width <= 0:
        return 0
    return len(console.render_lines(hanging(markup), console.options.update_width(width),
                                    pad=False))


def hanging(text: str):
    """Markup lines as a renderable where a line that wraps keeps its indent: the wrapped
    part lines up under the line's first word (after its spaces and a playable mark), not
    at the left edge. The markup is read whole first, so a style may span lines."""
    from rich.console import Group
    from rich.table import Table as Grid

    parts = []
    for line in Text.from_markup(text).split("\n", allow_blank=True):
        width = len(HANGING_LEAD.match(line.plain).group(1))
        if not width:
            parts.append(line)
            continue
        grid = Grid.grid(padding=0)
        grid.add_column(width=width, no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(line[:width], line[width:])
        parts.append(grid)
    return Group(*parts)


def dugouts(table: Table) -> str:
    """Dugouts (available / used / not in the lineup) and bullpens (available / used /
    resting)."""
    game = table.game
    if game is None:
        return ("No game has begun yet: the dugouts and bullpens fill once game 1 is set up "
                "(its starters and lineups, rule 3.0).")
    state = game.state
    out = []
    for side in (state.away, state.home):
        roster = side.roster
        out.append(f"[b]{side.team.name}[/b]")
        available = ", ".join(roster.ballplayers[k].name + (" (DH)" if k == side.dh else "")
                              for k in side.available)
        used = ", ".join(roster.ballplayers[k].name for k in side.used)
        if not side.lineup:
            # Before the lineup (rule 3.0): the roster it is chosen from, rated (the dugout
            # read '-' while the player chose)
            out.append("  Lineup not set yet (rule 3.0); the roster, rated:")
            out.extend(f"    {escape(p.name)} {p.rated}" for p in roster.ballplayers.values())
        else:
            out.append(f"  Dugout: {available or '-'}")
        if side.player and side.player not in side.used:
            # Out of the dugout, not yet among the used: the inning's ballplayer (4.2).
            when = "last inning" if state.phase == "over" else "this inning"
            out.append(f"  In play {when}: {roster.ballplayers[side.player].name}")
        if side.lineup:
            out.append(f"  Used: {used or '-'}")
            bench = ", ".join(p.name for k, p in roster.ballplayers.items()
                              if k not in side.lineup)
            out.append(f"  Not in the lineup (rule 3.0): {bench or '-'}")
        if side.available:
            # Who is left for the innings ahead (each bats or fields once, 4.2), with what
            # the inning strategies and the cards read (5.1, 5.3).
            out.append("  In the dugout, rated:")
            for key in side.available:
                p = roster.ballplayers[key]
                out.append(f"    {escape(p.name)} {p.rated}" + (" DH" if key == side.dh else ""))
        pen = []
        # Why a reliever rests, and how near a free one comes to a rest (8.2.2): said in the
        # series view only, where a player choosing a reliever in a game does not look.
        # At a final the series' table is the next game's: each pitcher's standing there
        # follows his line, to plan the next game by (none once the series is over).
        live = state.phase != "over"
        rows = table.rest_rows(side.name) if not table.session.is_over() else {}
        for key, pitcher in roster.pitchers.items():
            if pitcher.kind == "SP" and key != side.pitcher and key not in side.lines:
                continue
            row = rows.get(pitcher.name.casefold())
            # (this game's reason, by the standing: 'unavailable' rests, 'available' nears)
            said = {row.status: escape(row.reason)} if live and row and row.reason else {}
            line = side.lines.get(key)
            if key == side.pitcher:
                # His innings against his Fatigue, the fatigue marker (4.2.1.1, 8.2.1) or his
                # groove (8.4.1), the runs he allowed; while his team bats he is its
                # pitcher, not on the mound.
                role = ("finished the game" if state.phase == "over" else
                        "on the mound" if side.name == state.fielding or not state.inning
                        else "pitching (his team bats)")
                groove = (state.phase != "over"
                          and table.session.rules.in_groove(state, side))
                where = (f"{role}, inn {line.innings if line else 0} of F"
                         f"{pitcher.fatigue}" + (f", fatigue +{side.fatigue}"
                                                 if side.fatigue else "")
                         + (", in his groove: tiring no further (8.4.1)" if groove else "")
                         + f", R{line.runs if line else 0}")
            elif key in side.pitchers_removed:
                # What he did before he left: his innings and runs, and whether he went
                # past his Fatigue (as the box score has it).
                where = ("used" + (f", {line.innings} inn, R{line.runs}" if line else "")
                         + (", past his Fatigue" if line and line.exceeded_fatigue else ""))
            elif key in side.resting:
                resting = said.get("unavailable")
                where = "resting (8.2.2)" + (f": {resting}" if resting else "")
            elif key in side.short_rest:
                where = "short rest +100 (8.2.3)"
            else:
                nearing = said.get("available")
                where = "available" + (f" ({nearing}, 8.2.2)" if nearing else "")
            if not live and row is not None and row.reason and pitcher.kind != "SP":
                # (as the series view says it: 'available - has pitched ... (rule 8.2.2)')
                where += f"; next game: {escape(row.said() + row.why())}"
            pen.append(f"{pitcher.name} {pitcher.kind} {where}")
        out.append("  Bullpen: " + "; ".join(pen))
    return "\n".join(out)


# A starter's standing beside his ratings where a starter is named (the rest table's
# statuses, rules 3.0, 8.2.2, 8.2.3); one free to start says nothing.
STARTER_STANDING = {"starts": "his turn", "short-rest": "short rest",
                    "unavailable": "resting", "waits": "waits his turn",
                    "done": "no turn left"}


def page_columns(screen_columns: int) -> int:
    """The columns of text on a page over the table (#dialog: 90% of the screen, less a
    thick border, two columns of padding a side and the scroll bar)."""
    return int(screen_columns * 0.9) - 8


HALF_LINE_MOST = page_columns(80)   # a box score's half inning on one line at 80 columns


def series_summary(table: Table, box_scores: bool = True, columns: int = HALF_LINE_MOST,
                   ) -> str:
    """The series page: the standing, the schedule, the rotations and the pitchers' rest,
    then (`box_scores`) each finished game's box score, its half innings kept to one line
    where `columns` hold them."""
    series = table.series
    rules = table.session.series_rules
    standing = (f"{table.team_name('team1')} {series.wins('team1')} - "
                f"{series.wins('team2')} {table.team_name('team2')}")
    if len(standing) > columns:         # (a team's name broke across two lines at 80x24)
        standing = (f"{table.team_abbrev('team1')} {series.wins('team1')} - "
                    f"{series.wins('team2')} {table.team_abbrev('team2')}")
    out = [f"[b]{series.scenario.title}[/b]  "
           f"({', '.join(sorted(series.options)) or 'basic rules'})", standing]
    schedule = []
    abbrev = {team: table.session.box.teams[key].abbrev for team, key in series.teams.items()}
    for n in range(1, series.scenario.games + 1):
        home = rules.home_team(series, n)
        away = "team2" if home == "team1" else "team1"
        result = next((r for r in series.results if r.number == n), None)
        if result:
            where = (f"{abbrev[away]} {result.runs[away]} at {abbrev[home]} "
                     f"{result.runs[home]}")
        else:
            where = f"{abbrev[away]} at {abbrev[home]}" + ("  (not needed)" if series.winner
                                                           else "")
        line = f"  game {n}: {where}"
        starters = game_starters(table, n)
        if starters and len(line) + 2 + len(starters) <= columns:
            line += f"  {starters}"
        elif starters:                          # (under it, where the line has no room)
            line += f"\n           {starters}"
        schedule.append(line)
    out.append("Schedule (away at home):")
    out.extend(schedule)
    for team in ("team1", "team2"):
        if not series.rotations.get(team):
            continue
        # (a hidden team's places still secret show as '?'; a starter drawn is in the open)
        shown = rotation_shown(table, team)
        if series.scenario.rotation == 1:       # drawn (rule 3.0): by the table or by us
            out.append(f"Starter of {table.team_name(team)} (rule 3.0): {shown}")
        else:
            out.append(f"Rotation of {table.team_name(team)}: {shown}")
    waiting = table.waiting()
    if waiting.scope == "series" and waiting.kind == "decision" and not waiting.computer \
            and waiting.team:
        # Setting a rotation or naming a starter (rule 3.0): the arms to choose from.
        # Each with where he stands (rules 8.2.2, 8.2.3), in a word or two: who rests was
        # only in the rest table further down, off the board at 30 rows.
        # A secret rotation's starters say nothing (rule 3.0: whose turn it is tells the
        # rotation), as in the rest table below: both players see this board.
        box = table.session.box
        secret = table.session.secret_starters(waiting.team)
        # (free to start with a rotation set: the turn of a resting SP is his to take,
        # 8.2.3 a; he said nothing, the one suggested among 'resting' and 'short rest')
        said = STARTER_STANDING | ({"available": "may take the turn"}
                                   if waiting.team in series.rotations else {})
        standing = {row.pitcher: said.get(row.status, "")
                    for row in rules.rest_table(series, waiting.team)
                    if row.pitcher.casefold() not in secret}
        choosing = [f"Starting pitchers of {table.team_name(waiting.team)}"
                    " (Stuff, Fatigue, K, Control, Gopher):"]
        for pitcher in rules.starting_pitchers(series, waiting.team):
            stuff = box.scoring_boxes[pitcher.stuff_box - 1].label
            choosing.append(f"  {pitcher.name:<11} {pitcher.throws} {pitcher.stuff_rolls}/"
                            f"{stuff:<4} F{pitcher.fatigue} K{pitcher.k} "
                            f"Ctl{pitcher.control} G{pitcher.gopher}"
                            + (f"  {standing[pitcher.name]}"
                               if standing.get(pitcher.name) else ""))
        # Right under the standing: the choice at hand, not below the schedule and the
        # rotations (at 24 rows it was off the board, 'N more lines' in its place).
        out[2:2] = choosing
    if not series.winner and series.rotations.keys() == {"team1", "team2"}:
        for team in ("team1", "team2"):
            out.append(f"Pitchers of {table.team_name(team)} for game {series.next_game}:")
            for row in table.session.shared_rest_table(team):
                # the status in words ('not in the rotation'), the reason after it
                out.append(f"  {row.pitcher:<11} {row.kind} {row.said()}{escape(row.why())}")
    # The box scores last: long, they pushed the next game's pitchers and rest off the
    # first screen.
    for number, game in enumerate(table.session.games if box_scores else [], start=1):
        if game.state.phase == "over":
            out.extend(box_score_lines(table, number, game, columns))
    return "\n".join(out)


def game_starters(table: Table, number: int) -> str | None:
    """'Sabaria v Flee (short rest)': the starters of a game begun, away first (rule 3.0;
    8.2.3 a's short rest said), once both are on the mound: who started is public then,
    and the rotation above says only who was due (a starter moved up on short rest, or
    drawn, is told nowhere else on the page)."""
    from ..high_and_tight.rules import starter_fatigue_tag

    games = table.session.games
    if number > len(games):
        return None
    state = games[number - 1].state
    if state.inning == 0 or not (state.away.starter and state.home.starter):
        return None
    names = []
    for side in (state.away, state.home):
        short = starter_fatigue_tag(state.header, side.name) != "0"
        names.append(side.roster.pitchers[side.starter].name
                     + (" (short rest)" if short else ""))
    return " v ".join(names)


def rotation_shown(table: Table, team: str) -> str:
    """A rotation as the screen may show it (rule 3.0): whole when the team is not hidden
    (or its starter is drawn in the open); else the starters who have taken a game in their
    places, '?' for the places still secret. Once a starter has started, his place is
    public (game n's starter is the n-th of the stack, counted from the top again past the
    rotation's length)."""
    series = table.series
    secret = table.session.secret_starters(team)
    places = [table.session.series_rules._pitcher(series, team, key).name
              if key not in secret else "?" for key in series.rotations[team]]
    if "?" not in places:
        return ", ".join(places)
    if set(places) == {"?"}:
        return f"{len(places)} starters, set (secret until they start)"
    return ", ".join(places) + " (each ? secret until he starts)"


def action_help(table: Table, line: str) -> str:
    """One line on what a legal action does, for the command palette: a card's text, the
    ratings of the ballplayer or pitcher it names."""
    from ..high_and_tight.rules import fielding_defense

    game = table.game
    if game is None:
        return table.waiting().prompt
    state = game.state
    box = state.box
    side_name, _, rest = line.partition(" ")
    if rest in RALLY_HELP:
        return RALLY_HELP[rest]
    for verb in ("plays ", "bats ", "fields ", "brings in ", "exchanges "):
        if not rest.startswith(verb):
            continue
        name = rest[len(verb):].split(" for ")[0]
        card = next((c for c in box.cards.values() if c.name == name), None)
        if card is not None:
            return f"{card.side} {card.category}: {card.text}"
        if side_name in ("home", "away"):
            roster = state.side(side_name).roster
            side = state.side(side_name)
            key = next((k for k, p in roster.ballplayers.items() if p.name == name), None)
            if key is not None:
                player = roster.ballplayers[key]
                where = "DH" if key == side.dh else player.position
                defense = f"{where} D{fielding_defense(box, side, key)}"
                return (f"{defense} O{player.offense} P{player.power} OBP{player.obp} "
                        f"Sp{player.speed} Cl{player.clutch} bats {player.bats}")
            pitcher = next((p for p in roster.pitchers.values() if p.name == name), None)
            if pitcher is not None:
                stuff = box.scoring_boxes[pitcher.stuff_box - 1].label
                return (f"{pitcher.kind} throws {pitcher.throws}, Stuff "
                        f"{pitcher.stuff_rolls}/{stuff}, Fatigue {pitcher.fatigue}, "
                        f"Gopher {pitcher.gopher} Control {pitcher.control} K {pitcher.k} "
                        f"Clutch {pitcher.clutch} WHIP {pitcher.whip}")
    return table.waiting().prompt


RALLY_HELP = {
    "rallies tens": "Rally Caps (rule 5.7.2): every roll of 10 also scores, this at-bat",
    "rallies card": "Rally Caps (rule 5.7.2): play one more strategy card this phase",
}


def drawn_starter(table: Table, line: str) -> str:
    """A physical draw's option (rule 3.0): 'team1 rotation Sabaria' -> 'New York
    Highlanders: Sabaria drawn to start'."""
    team, _, rest = line.partition(" ")
    if team not in ("team1", "team2") or not rest.startswith("rotation "):
        return team_named(table, line)
    return f"{table.team_name(team)}: {rest.removeprefix('rotation ')} drawn to start"


def team_named(table: Table, line: str) -> str:
    """A series line as players say it: 'team1 rotation A, B' -> 'New York Highlanders
    rotation A, B'."""
    team, _, rest = line.partition(" ")
    if team not in ("team1", "team2"):
        return line
    return f"{table.team_name(team)} {rest}"


def option_text(table: Table, line: str) -> str:
    """An option as the list shows it: the action, and for a ballplayer or pitcher to choose,
    his ratings beside it (for Rally Caps what they do), so no one needs to look it up."""
    if line.startswith(("team1 ", "team2 ")):        # a series decision: the team's name
        shown = team_named(table, line)
        if table.short_rest_start(line):
            shown += "  [dim]short rest: starts at +100 (rule 8.2.3 a)[/dim]"
        return shown
    side, _, verb = line.partition(" ")
    if verb in RALLY_HELP:
        said = RALLY_HELP[verb].split(": ", 1)[1]
        if verb == "rallies tens" and table.game is not None:
            said += f"; {tens_worth(table.game.state)}"
        return f"{line}  [dim]{said}[/dim]"
    if verb == "stays with the pitcher" and table.game is not None:
        state = table.game.state
        tired = table.session.rules.stay_fatigue(state, side)
        marker = state.side(side).fatigue
        # kept tired: his manager's choice (8.2.1), or short rest declined (6.1)
        rule = "8.2.1" if "advanced-fatigue" in state.options else "6.1"
        groove = table.session.rules.in_groove(state, state.side(side))
        return f"{line}  [dim]" + (f"tired: at +{tired} ({rule})" if tired else
                                   f"stays at +{marker}" if marker else
                                   "in his groove: past his Fatigue, no marker (8.4.1)"
                                   if groove else "fresh") + "[/dim]"
    if verb.startswith("plays ") and table.game is not None:
        said = card_worth(table, side, verb.removeprefix("plays "))
        return f"{line}  [dim]{said}[/dim]" if said else line
    if not verb.startswith(("bats ", "fields ", "brings in ")):
        return line
    ratings = action_help(table, line).split()
    # A fielder is shown whole: the top half's fielder bats in the bottom (rule 4.2.2 b).
    if verb.startswith("bats "):
        ratings = ratings[2:]               # what he bats with
    elif verb.startswith("brings in ") and table.game is not None:
        enters = table.session.rules.relief_fatigue(table.game.state, side,
                                                    verb.removeprefix("brings in ").casefold())
        if enters:
            ratings.append(f"- short rest: enters at +{enters} (rule 8.2.3 b)")
    return f"{line}  [dim]{' '.join(ratings)}[/dim]"


def card_worth(table: Table, side: str, name: str) -> str | None:
    """What a card offered in the Strategy Card phase would do now, beside it: the chance of
    a run it leaves (rule 4.6), or that it moves nothing (a rating bonus of 0, nothing to
    cancel: legal, and spent for nothing, rulings.md)."""
    from ..high_and_tight.manager import (
        at_bat_odds,
        card_odds,
        markers_after_card,
        markers_now,
    )

    state = table.game.state
    card = state.box.cards.get(name.casefold())
    if card is None or state.phase != "cards":
        return None
    rules = table.session.rules
    matchup = rules.matchup(state, side)
    if markers_after_card(rules, state, card, matchup) == markers_now(state):
        return "moves nothing now"
    return chance_moved(at_bat_odds(state)[1], card_odds(rules, state, card, matchup)[1])


def suggestion_why(table: Table, waiting: Waiting, suggested: str | None) -> str | None:
    """Why the suggestion in the Strategy Card phase is not the option with the best P(run)
    shown beside it (the manager weighs expected runs, keeps a card worth less than
    CARD_GAIN_FLOOR of them, and Rally Caps for the 10s worth less than TENS_EARLY_GAIN
    before the late innings): said only then, short enough for the options' border ('keep:
    no card saves 0.05 runs'; 'more runs: 0.81 v 0.74', the best P(run)'s second; 'caps
    kept: the 10s add 0.33 runs'; 'a card first: the caps may follow', when the manager
    would spend them once the card is down)."""
    from ..high_and_tight.actions import parse_action
    from ..high_and_tight.manager import (
        CARD_GAIN_FLOOR,
        at_bat_odds,
        card_odds,
        tens_gain,
        tens_worth_a_cap,
    )

    game = table.game
    if suggested is None or game is None or game.state.phase != "cards":
        return None
    state = game.state
    rules = table.session.rules
    side = state.atbat.turn
    sign = 1 if side == state.batting else -1          # the fielding side wants fewer runs
    matchup = rules.matchup(state, side)
    odds = {}
    for line in waiting.options:
        action = parse_action(line)
        if action.kind == "pass":
            odds[line] = at_bat_odds(state)
        elif action.kind == "play" and action.args[0].casefold() in state.box.cards:
            odds[line] = card_odds(rules, state, state.box.card(action.args[0]), matchup)
        elif action.kind == "rally" and action.args[0] == "tens":       # (rule 5.7.2)
            odds[line] = at_bat_odds(state, tens=True)
    if suggested not in odds:
        return None
    best = max(odds, key=lambda line: sign * odds[line][1])
    if sign * (odds[best][1] - odds[suggested][1]) <= 0.005:
        return None
    # (on the options' foot border: some 34 columns at 80x24)
    if parse_action(best).kind == "rally":
        gain = tens_gain(state)
        if parse_action(suggested).kind == "play" and tens_worth_a_cap(state, side, gain):
            return "a card first: the caps may follow"      # (the same phase, rule 5.7.2)
        # the manager keeps its caps for the late innings unless they add TENS_EARLY_GAIN
        return f"caps kept: the 10s add {gain:.2f} runs"
    if parse_action(suggested).kind == "pass":
        return f"keep: no card {'adds' if sign > 0 else 'saves'} {CARD_GAIN_FLOOR} runs"
    return (f"{'more' if sign > 0 else 'fewer'} runs: {odds[suggested][0]:.2f} v "
            f"{odds[best][0]:.2f}")


def tens_worth(state) -> str:
    """Rally Caps for the 10s (rule 5.7.2) weighed as a card is: the chance of a run after."""
    from ..high_and_tight.manager import at_bat_odds

    return chance_moved(at_bat_odds(state)[1], at_bat_odds(state, tens=True)[1])


def chance_moved(before: float, after: float) -> str:
    """'P(run) 45%→56%': the two figures one word, so an option that wraps never parts them
    (a wrap breaks at any space, a no-break one too). Figures a whole percent hides apart
    take a decimal ('2.5%→3.4%', where '3%→3%' read as a card that moves nothing)."""
    places = 1 if f"{before:.0%}" == f"{after:.0%}" and before != after else 0
    return f"P(run) {before:.{places}%}\u2192{after:.{places}%}"


def box_score_lines(table: Table, number: int, game, most: int = HALF_LINE_MOST) -> list[str]:
    """A finished game's box score: the line score, each pitcher's line (innings, runs, the
    fatigue marker he reached) and each half inning: batter, fielder and pitcher, the markers
    before the cards and after the Managerial Move (rules 4.4-4.6), the cards played, runs;
    a half inning on one line where it fits in `most` columns."""
    from ..high_and_tight.boxscore import box_score

    score = box_score(table.session.rules, game)
    teams = table.session.box.teams
    abbrev = {side: teams[getattr(score, side)].abbrev for side in ("home", "away")}
    by_key = {team.key: team.abbrev for team in teams.values()}
    winner = f", {abbrev[score.winner]} win" if score.winner else ""
    out = [f"[b]Game {number}[/b]: {abbrev['away']} {score.totals['away']} at "
           f"{abbrev['home']} {score.totals['home']}{winner}"]
    out.extend("  " + line for line in _line_score_of(game.state, columns=most - 2)
               .splitlines())
    width = max([9, *(len(pitcher.name) for pitcher in score.pitchers)])
    # (the fatigue column named only over a marker or a pitcher past his Fatigue)
    marked = any(p.fatigue or p.exceeded_fatigue or p.in_groove for p in score.pitchers)
    out.append(f"  {'Pitchers':<{width + 7}}IP   R{'  fatigue' if marked else ''}")
    for pitcher in score.pitchers:
        tired = (f" +{pitcher.fatigue}" + (f" {', '.join(pitcher.marker_why)}"
                                           if pitcher.marker_why else "")
                 if pitcher.fatigue else "")
        over = (" [dim](past his Fatigue)[/dim]" if pitcher.exceeded_fatigue else
                " [dim](past his Fatigue in his groove, 8.4.1)[/dim]" if pitcher.in_groove
                else "")
        out.append(f"  {by_key.get(pitcher.team, pitcher.team):<4}{pitcher.kind} "
                   f"{escape(pitcher.name) + ' ' * (width - len(pitcher.name))}"
                   f"{pitcher.innings:>3} {pitcher.runs:>3}{tired}{over}")
    out.append("  Half innings: batter v fielder (pitcher), rolls and box, runs")
    for half in score.halves:
        where = f"{'T' if half.half == 'top' else 'B'}{half.inning}"
        after = (f" -> {half.rolls_after}{'+1' if half.bonus else ''} {half.box_after}"
                 if half.box_after else "")
        runs = f"{half.runs} run{'s' if half.runs != 1 else ''}"
        tired = f" +{half.fatigue}" if half.fatigue else ""      # as the printed box score
        who = (f"  {where:<4}{half.strategy.upper():<7}{half.batter} v {half.fielder} "
               f"({half.pitcher}{tired})")
        what = f"{half.rolls_before} {half.box_before}{after}  {runs}"
        if len(who) + 2 + len(what) <= most:
            out.append(f"{escape(who)}  {what}")
        else:       # the markers and runs under the names, as the cards are: never cut
            out.extend([escape(who), f"{' ' * 13}{what}"])
        if half.cards:
            played = "; ".join(f"{abbrev.get(side, side)} {escape(name)}" for side, _, name
                               in (card.partition(": ") for card in half.cards))
            out.append(f"        cards: {played}")
    return out


def log_lines(table: Table) -> list[str]:
    """Every accepted line of the series, the hidden teams' cards and rotations not named
    (a World Series' 1,300 lines take some 30 ms)."""
    entries = table.session.entries
    out = []
    for entry, line in zip(entries, shown_lines(table, entries), strict=True):
        where = "series" if entry.scope == "series" else f"game {entry.scope}"
        out.append(f"[dim]{where}[/dim] {escape(line)}")
    return out


def shown_lines(table: Table, entries, before=()) -> list[str]:
    """Stored lines as this screen may show them (`entries` in the order they were taken,
    after the `before` ones): the cards dealt to or exchanged by a hidden team and its
    rotation are not named (Table.hidden_teams); series lines name the team. A deal
    belongs to the side that drew or exchanged just before it in the same game."""
    hidden = table.hidden_teams()
    owner: dict[str, str] = {}            # game -> the side last drawing or exchanging
    masked = {"rotation": "{} sets the rotation", "starter": "{} names its starter",
              "exchange": "{} exchanges a card", "deal": "deal to {} (hidden)"}
    out = []
    for number, entry in enumerate([*before, *entries]):
        line = entry.line
        told = secret_told(entry, owner)
        if entry.scope == SERIES and table.series.scenario.rotation == 1:
            line = drawn_starter(table, line)           # drawn in the open (rule 3.0)
        elif told is not None:
            kind, whose = told
            team = whose if entry.scope == SERIES else table.team_of_game(entry.scope, whose)
            if team in hidden:
                line = masked[kind].format(whose)
        if number >= len(before):
            out.append(team_named(table, line))
    return out


# The computer's decisions a player at the table should hear of as they happen, and the
# rules of the engine's notes that tell what each did (the notes after them belong to the
# steps that follow: Take the Mound, Batter vs Fielder...).
MOVE_NOTES = {"plays": ("5.5", "5.1.1 d", "5.5.2"), "rallies": ("5.7.2",),
              "manages": ("4.5", "5.5.2"), "brings": ("4.2.1.1", "8.2", "8.4.1", "8.3", "8.2.3"),
              "stays": ("8.2.1", "6.1"),
              # an extra inning's strategy (6.2): it sets which cards may be played, and the
              # status line alone showed it (as 'Top 10 OBP')
              "names": ("6.2",)}


def computer_move(entry, notes, state=None) -> str | None:
    """What the computer's decision did, in the engine's words (rules 4.2.1.1, 4.5, 5.5,
    5.7, 6.2, 8.2.1): its card, Rally Caps, Managerial Move, pitching change, a tired
    pitcher kept in, or an extra inning's strategy; None for the rest (passing, standing
    pat, drawing, choosing pieces, keeping a pitcher who is not tired), which the board
    shows. Given the game's `state`, each note
    names its team as the board does ('NYH plays Blown Call'), not its side."""
    side, _, rest = entry.line.partition(" ")
    rules = MOVE_NOTES.get(rest.partition(" ")[0])
    if entry.scope == "series" or side not in ("home", "away") or rules is None:
        return None
    said = [side_by_team(state, text) if state is not None else text
            for rule, text in notes if rule in rules]
    return "; ".join(said) or None


def sides_by_team(state, text: str) -> str:
    """A refusal's sides as the board names them, the side kept beside: "it is home's turn,
    not away's: the game awaits home: ..." reads "it is TXC's (home) turn, not NYH's: the
    game awaits TXC (home): ..." (two players at one screen think in teams)."""
    def team(side: str) -> str:
        return state.side(side).team.abbrev

    text = re.sub(r"\b(home|away)'s turn, not (home|away)'s\b",
                  lambda m: f"{team(m[1])}'s ({m[1]}) turn, not {team(m[2])}'s", text)
    text = re.sub(r"\bin (home|away)'s hand\b", lambda m: f"in {team(m[1])}'s hand", text)
    # ('away holds no defense card', 5.2.2 with the table's own cards)
    text = re.sub(r"\b(home|away) holds\b", lambda m: f"{team(m[1])} ({m[1]}) holds", text)
    return re.sub(r"\bawaits (home|away):", lambda m: f"awaits {team(m[1])} ({m[1]}):", text)


def side_by_team(state, text: str) -> str:
    """A note that starts with its side ('home scores 2 runs ...', 6.1's 'away has no
    fresh pitcher ...') as the board says it, by the team's abbreviation."""
    found = re.match(r"(home|away)\b", text)        # ('home: Wexley relieves Sabaria' too)
    return f"{state.side(found[1]).team.abbrev}{text[found.end():]}" if found else text


def kept_tired(game, lines, notes) -> tuple[str, str] | None:
    """(side, notice) when the steps taken (`lines`) kept a tired pitcher in by themselves,
    no one choosing it: under Advanced Fatigue with no reliever free to come in he pitches
    past his Fatigue (8.2.1), else he stays at +200 (6.1); the table moves his marker for
    it. A `stays` decision among them (a manager's own, told with it) tells nothing."""
    from ..high_and_tight.rules import fatigue_note_side

    if game is None or any(line.partition(" ")[2].startswith("stays") for line in lines):
        return None
    for rule, text in notes:
        side = fatigue_note_side(game.state, rule, text) if rule in ("8.2.1", "6.1") else None
        if side is None:
            continue
        why = "no reliever may come in, so he stays; " if rule == "8.2.1" else ""
        return side, (f"{side_by_team(game.state, text)} ({why}rule {rule}): move his "
                      "Pitching Tired marker")
    return None


MOVES_SHOWN = 3          # the latest moves a computer's notice shows, a line each


def moves_notice(told: list[str], most: int = MOVES_SHOWN) -> str:
    """The computer's moves its notice holds, one a line: the latest `most` of them, after
    how many earlier ones the log holds."""
    earlier = len(told) - most
    head = ([f"{earlier} earlier move{'s' if earlier > 1 else ''} in the log (l)"]
            if earlier > 0 else [])
    return "\n".join(head + told[-most:])


def steps_verb(table: Table, verb: str, entries) -> str:
    """'undone', or 'undone in game 2 (TXC at home)' when the steps are of a game other
    than the one the screen shows after them (an undo from the start of game 2 back to game
    1's final: its 'home' was the other team)."""
    shown = str(table.game_number())          # (a final held: the game that ended)
    others = list(dict.fromkeys(e.scope for e in entries
                                if e.scope not in ("series", shown)))
    if not others:
        return verb
    if len(others) > 1:
        return f"{verb} in games {', '.join(sorted(others, key=int))}"
    home = table.team_of_game(others[0], "home")
    abbrev = table.session.box.teams[table.series.teams[home]].abbrev
    return f"{verb} in game {others[0]} ({abbrev} at home)"


def steps_notice(verb: str, shown: list[str], most: int = 3) -> str:
    """The undo (or redo) notice: the steps taken back (or again) in the order they were
    taken (the player's own decision first), the first few of them and how many more
    were taken after them (one more is named: 'and 1 more step after' read as something
    else undone). Rolls in a row read as one ('rolls 2 3, 6 2, 5 6, 1 1'): a line of
    them typed or rolled at once (R) is one step, its last roll read as one of the steps
    after it."""
    items: list[str] = []
    for rolls, run in itertools.groupby(shown, lambda line: line.startswith("roll ")):
        run = list(run)
        if rolls and len(run) > 1:
            items.append("rolls " + ", ".join(line.removeprefix("roll ") for line in run))
        else:
            items.extend(run)
    if len(items) <= most + 1:
        return f"{verb}: " + "; ".join(items)
    return f"{verb}: " + "; ".join(items[:most]) + f"; then {len(items) - most} more steps"


HALF_END_RULES = ("4.6.4", *GAME_END_RULES, "8.4.2")     # the notes a half's end notice tells


def ends_half(notes) -> bool:
    """Whether a step's notes end a half (or the game): its notice has something to say,
    and only then is the game replayed for the half's moves."""
    return any(rule in HALF_END_RULES for rule, _ in notes)


def half_over(game, notes, played: str | None = None) -> str | None:
    """The end of a half inning (rule 4.6.4), with the Scoring Rolls' dice that made it and
    what each did: the screen moves on to the next half at once, so the last dice would
    otherwise go unseen. The half is the last one ended (`ended_half`); then the half's
    moves (`half_moves`, unless `played` gives them)."""
    said = []
    for rule, text in notes:
        if rule == "8.4.2":         # the table moves the Pitching Tired marker for it
            said.append(f"{text} on his Pitching Tired marker (each 100 gives the batters "
                        "one more Scoring Roll, rule 8.4.2)")
        elif rule in HALF_END_RULES:    # the half's runs (4.6.4), the game's end (4.8, 6.3)
            said.append(side_by_team(game.state, text))
    if not said:
        return None
    atbat = ended_half(game.state)
    rolls = atbat.dice if atbat is not None else []
    played = half_moves(game) if played is None else played
    return "; ".join(said) + (
        f"\n{dice_line(rolls, width=NOTICE_TEXT, marks=atbat.marks)}" if rolls else "") + (
        f"\n{played}" if played else "")


def ended_half(state):
    """The at-bat of the last half inning that ended: the game's last once it is over, else
    the one before the half in play (None before the first has ended)."""
    return state.atbat if state.phase == "over" else state.last_atbat


RALLY_WORDS = {"tens": "Rally Caps for the 10s", "card": "Rally Caps for an extra card"}


def card_phase_line(state) -> str:
    """The half's Strategy Card phase in the order made (rules 5.4, 5.7.2): 'Played TXC Hit
    and Run; NYH passed; TXC Rally Caps for the 10s'. The passes while the phase runs (who
    passed last, one more ending it); once it is over its cards and Rally Caps."""
    atbat = state.atbat
    cards = iter(enumerate(atbat.played))     # each "play" move is the next of them
    told = []
    kinds = []              # what each told is: a card after another move says 'played'
    for side, move in atbat.moves:
        team = state.side(side).team.abbrev
        if move == "play":
            number, (_, name) = next(cards)
            after_other = bool(kinds) and kinds[-1] != "play"     # a pass, Rally Caps
            told.append(f"{team}{' played' if after_other else ''} {escape(name)}"
                        + (" (cancelled)" if number in atbat.cancelled else ""))
        elif move == "pass":
            if state.phase != "cards":
                continue
            told.append(f"{team} passed")
        else:
            told.append(f"{team} {RALLY_WORDS[move]}")
        kinds.append(move)
    # 'Played TXC Hit and Run; NYH passed', but 'TXC passed; NYH played Web Gem'
    return ("Played " if kinds[:1] == ["play"] else "") + "; ".join(told)


def half_moves(game) -> str | None:
    """The cards, Rally Caps and Managerial Move of the game's last half inning to end, in
    the order made (rules 4.5, 5.1.1 d, 5.5, 5.7.2), each by its team: 'Played TXC Leadoff
    Walk; TXC Rally Caps for the 10s; NYH Web Gem cancels Leadoff Walk; TXC Managerial Move
    +2'. A half the computer played out after the player's last key went by unseen (its
    notice goes with the half), and the box its end names came from them. Read from the
    game's own actions, replayed; None for a half of none."""
    rules = game.rules
    state = rules.new_state(game.header)
    moves: list[str] = []
    told: list[str] = []
    carded = played = False     # the half's moves hold a card or Rally Caps ('Played')
    for action in game.actions:
        half, phase = (state.inning, state.half), state.phase
        cancelled = len(state.atbat.cancelled)
        rules.apply(state, action)
        team = state.side(action.side).team.abbrev if action.side else ""
        if phase == "cards" and action.kind == "play":
            card = rules.box.cards[action.args[0].casefold()].name
            if len(state.atbat.cancelled) > cancelled:      # the card it answered (5.1.1 d)
                card += f" cancels {state.atbat.played[state.atbat.cancelled[-1]][1]}"
            moves.append(f"{team} {card}")
            carded = True
        elif phase == "cards" and action.kind == "rally":
            moves.append(f"{team} {RALLY_WORDS[action.args[0]]}")
            carded = True
        elif phase == "manage" and action.kind == "manage" and action.args[0]:
            moves.append(f"{team} Managerial Move {action.args[0]:+d}")
        if (state.inning, state.half) != half or state.phase == "over":
            told, moves, played, carded = moves, [], carded, False
    if not told:
        return None
    # 'Played' for cards and Rally Caps; a half of only a Managerial Move is just that (it
    # read 'Played NYH Managerial Move +2': no card was played).
    return ("Played " if played else "") + "; ".join(told)


def last_half(game) -> str | None:
    """The last half inning played, as its end's notice told it (its runs and dice, a
    pitcher bombed by them, rule 8.4.2, noted just after the runs), for a table
    opened again (the notice did not outlive the app); on a finished game its last half,
    told with the final. None before any half has ended. While an at-bat is rolling (its
    own dice are on the board) it is the half before it."""
    log = game.state.log
    ended = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == "4.6.4"), None)
    if ended is None:
        return None
    end = ended + 1
    while end < len(log) and log[end][0] == "8.4.2":
        end += 1
    return half_over(game, log[ended:end])


def game_notes(table: Table) -> list[list[str]]:
    """The engine's notes of each game of the series so far, in order (the log screen gives
    each its tab), with their rules; a card a hidden team exchanges is not named."""
    hidden = table.hidden_teams()
    return [_notes(game.state.log, lambda side, scope=str(number):
                   table.team_of_game(scope, side) in hidden)
            for number, game in enumerate(table.session.games, start=1)]


def _notes(log, hidden_side) -> list[str]:
    out = []
    for rule, text in log:
        side = text.partition(" ")[0]
        if rule == "5.2.2" and side in ("home", "away") and hidden_side(side):
            text = re.sub(r" exchanges .+ for (an?) ", r" exchanges a card for \1 ", text)
        out.append(f"[dim]rule{'s' if ',' in rule else ''} {rule}[/dim] {escape(text)}")
    return out
