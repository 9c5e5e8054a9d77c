"""Box scores: a game replayed half by half into the facts a scoresheet records."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from ..engine.session import Session
from .rules import HighAndTight, fatigue_note_side


@dataclass
class HalfInning:
    inning: int
    half: str
    batting: str              # "home" or "away"
    strategy: str
    batter: str
    fielder: str
    pitcher: str
    fatigue: int
    rolls_before: int = 0     # markers before the Strategy Card phase
    box_before: str = ""
    rolls_after: int = 0      # markers after the Managerial Move
    box_after: str = ""
    bonus: bool = False
    cards: list[str] = field(default_factory=list)    # cards played, Rally Caps, the move
    park: list[str] = field(default_factory=list)     # what the home ballpark did (rule 8.1)
    dice: list[tuple[int, int]] = field(default_factory=list)
    runs: int = 0
    over: bool = False        # its last roll made: the runs stand (a half in play has none)

    def markers(self, arrow: str) -> tuple[str, str]:
        """The Scoring Rolls and Scoring Number as set and as rolled ('4>3+1', 'VI>VIII'),
        with '?' for those a half still in its card phase has not come to (rule 4.5)."""
        after = (f"{self.rolls_after}" + ("+1" if self.bonus else ""), self.box_after) \
            if self.box_after else ("?", "?")
        return (f"{self.rolls_before}{arrow}{after[0]}", f"{self.box_before}{arrow}{after[1]}")


@dataclass
class PitcherBox:
    team: str
    name: str
    kind: str
    innings: int
    runs: int
    fatigue: int
    exceeded_fatigue: bool
    # pitched past his Fatigue rating in his groove (rule 8.4.1), tired by no rule
    in_groove: bool = False
    # how he came by his marker, in order: "short rest" (8.2.3: he came in with it),
    # "bombed" (8.4.2), "tired" (kept in past his Fatigue, 8.2.1), "last arm" (6.1)
    marker_why: tuple[str, ...] = ()


# How the box says each note that put a Fatigue marker on a pitcher (fatigue_note_side).
MARKER_NOTES = {"8.4.2": "bombed", "8.2.1": "tired", "6.1": "last arm"}


@dataclass
class BoxScore:
    header: dict[str, str]
    home: str
    away: str
    line: dict[str, list[int]]
    totals: dict[str, int]
    winner: str | None
    halves: list[HalfInning]
    pitchers: list[PitcherBox]

    def as_dict(self) -> dict:
        return asdict(self)


def line_cells(line: dict[str, list[int]], winner: str | None,
               innings: int) -> dict[str, list[str]]:
    """Each side's line score cells for `innings` innings (rule 4.6.4): its runs, blank
    where the game has not got to, and 'x' for the bottom half the home team, ahead after
    the top, did not need (rule 4.8)."""
    cells = {side: [str(runs) for runs in line[side]] + [""] * (innings - len(line[side]))
             for side in ("away", "home")}
    if winner == "home" and len(line["home"]) < len(line["away"]):
        cells["home"][len(line["home"])] = "x"
    return cells


def box_score(rules: HighAndTight, session: Session) -> BoxScore:
    """Replay a game's actions and note each half inning as it is played."""
    replay = Session(rules, session.header)
    state = replay.state
    halves: list[HalfInning] = []
    current: HalfInning | None = None
    fatigue_seen: dict[tuple[str, str], int] = {}
    why: dict[tuple[str, str], list[str]] = {}
    last_play = 0                   # where the half's last play is listed in its cards
    for action in session.actions:
        before = (state.inning, state.half, state.phase)
        noted = len(replay.state.log)
        replay.push(action)
        state = replay.state
        for rule, text in state.log[noted:]:
            named = fatigue_note_side(state, rule, text)
            if named is not None:
                reasons = why.setdefault((named, state.side(named).pitcher), [])
                if MARKER_NOTES[rule] not in reasons:
                    reasons.append(MARKER_NOTES[rule])
        # The marker as each step leaves it: a pitcher bombed at a half's end (8.4.2) and
        # relieved at the next Take the Mound had his +100 between two halves' starts. One
        # who has it when first seen came in with it (short rest, 8.2.3).
        for side in (state.home, state.away):
            if side.pitcher:
                key = (side.name, side.pitcher)
                if key not in fatigue_seen and side.fatigue:
                    why.setdefault(key, []).insert(0, "short rest")
                fatigue_seen[key] = max(fatigue_seen.get(key, 0), side.fatigue)
        # The half in play takes its action first: the roll that ends a half belongs to it,
        # even when the same step already opens the next half's Strategy Card phase.
        if current is not None:
            if action.kind == "play":
                if state.atbat.cancelled[-1:] == (len(state.atbat.played) - 2,):
                    current.cards[last_play] += " (cancelled)"      # rule 5.1.1 d
                last_play = len(current.cards)
                current.cards.append(f"{action.side}: {action.args[0]}")
            if action.kind == "rally":        # rule 5.7.2, listed with the cards
                use = "10s score" if action.args[0] == "tens" else "one more card"
                current.cards.append(f"{action.side}: Rally Caps ({use})")
            if action.kind == "manage":
                if action.args[0]:      # rule 4.5, listed with the cards as Rally Caps are
                    current.cards.append(f"{action.side}: Managerial Move {action.args[0]:+d}")
                current.rolls_after = state.atbat.rolls
                current.box_after = state.scoring_box().label
                current.bonus = state.atbat.bonus
            if action.kind == "roll":
                current.dice.append(action.args)
                if (state.inning, state.half) != before[:2] or state.phase == "over":
                    side = state.side(current.batting)
                    current.runs = side.runs[-1] if side.runs else 0
                    current.over = True
        if state.phase == "cards" and before[2] != "cards" and (
                current is None or (current.inning, current.half) != (state.inning, state.half)):
            batting, fielding = state.side(state.batting), state.side(state.fielding)
            current = HalfInning(
                state.inning, state.half, state.batting, state.strategy,
                batting.roster.ballplayers[batting.player].name,
                fielding.roster.ballplayers[fielding.player].name,
                fielding.current_pitcher().name, fielding.fatigue,
                rolls_before=state.atbat.rolls, box_before=state.scoring_box().label,
                park=list(state.atbat.park))
            halves.append(current)
    for half in halves:
        fielding = "home" if half.batting == "away" else "away"
        key = (fielding, half.pitcher.casefold())
        fatigue_seen[key] = max(fatigue_seen.get(key, 0), half.fatigue)
    pitchers = [
        PitcherBox(side.team.key, side.roster.pitchers[key].name,
                   side.roster.pitchers[key].kind, line.innings, line.runs,
                   fatigue_seen.get((side.name, key), 0), line.exceeded_fatigue,
                   not line.exceeded_fatigue
                   and line.innings > side.roster.pitchers[key].fatigue,
                   tuple(why.get((side.name, key), ())))
        for side in (state.away, state.home) for key, line in side.lines.items()
    ]
    return BoxScore(
        header=dict(session.header), home=state.home.team.key, away=state.away.team.key,
        line={"away": list(state.away.runs), "home": list(state.home.runs)},
        totals={"away": state.away.total, "home": state.home.total}, winner=state.winner,
        halves=halves, pitchers=pitchers)


CSV_COLUMNS = ("game", "team", "kind", "inning", "half", "name", "detail", "innings", "runs",
               "fatigue")


def report_export(text: str) -> str | None:
    """'a JSON' or 'a CSV' when the text is one of export's reports of the games (which do
    not replay: only the record form does), else None."""
    first_line = text.lstrip().partition("\n")[0]
    if first_line.startswith("{"):
        return "a JSON"
    if tuple(first_line.split(",")[:2]) == CSV_COLUMNS[:2]:
        return "a CSV"
    return None


def csv_rows(number: int, box: BoxScore) -> list[dict]:
    """Long-format rows: the line score, pitchers, batters and fielders, cards played (and
    Rally Caps), Managerial Moves made."""
    rows = []
    for place in ("away", "home"):
        team = box.away if place == "away" else box.home
        for inning, runs in enumerate(box.line[place], start=1):
            rows.append({"game": number, "team": team, "kind": "line", "inning": inning,
                         "runs": runs})
        rows.append({"game": number, "team": team, "kind": "total", "runs": box.totals[place]})
    for pitcher in box.pitchers:
        rows.append({"game": number, "team": pitcher.team, "kind": "pitcher",
                     "name": pitcher.name, "detail": pitcher.kind, "innings": pitcher.innings,
                     "runs": pitcher.runs, "fatigue": pitcher.fatigue})
    for half in box.halves:
        batting = box.away if half.batting == "away" else box.home
        fielding = box.home if half.batting == "away" else box.away
        common = {"game": number, "inning": half.inning, "half": half.half}
        rolls, scoring = half.markers("->")
        rows.append({**common, "team": batting, "kind": "batter", "name": half.batter,
                     "detail": f"{half.strategy}; rolls {rolls}; box {scoring}",
                     "runs": half.runs if half.over else ""})
        rows.append({**common, "team": fielding, "kind": "fielder", "name": half.fielder,
                     "detail": f"pitcher {half.pitcher}", "fatigue": half.fatigue})
        for card in half.cards:
            side, _, name = card.partition(": ")
            rows.append({**common, "team": batting if side == half.batting else fielding,
                         "kind": "move" if name.startswith("Managerial Move ") else "card",
                         "name": name})
        for words in half.park:
            rows.append({**common, "team": box.home, "kind": "ballpark", "detail": words})
    return rows
