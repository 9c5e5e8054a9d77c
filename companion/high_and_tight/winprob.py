"""Win probability: the rest of the game played out, its dice taken out of the noise.

- The game is played on to its end by the computer managers from copies of the state
  (the hands as they are with digital cards; with physical cards, and for a hand the
  table's screen keeps hidden (`conceal_hands`), each play deals the hidden hands from the
  cards not seen yet). The share of home wins is the figure, unbiased
  for these managers.
- Most of a game's luck is its dice, and the dice of a half inning are exactly known once
  its markers are set (rule 4.6). Each play subtracts, half inning by half inning, how much
  its dice moved a model's win probability against what that model expected from the
  markers: a control variate whose mean is exactly zero, so the figure stays unbiased while
  its spread shrinks three to five times.
- The model is an exact walk of the innings to come (rules 4.8 and 6.3) with run odds per
  batting side and inning learned from games the computer managers play with the same
  setup (teams, rosters, optional rules, presets).
- Plays go on in batches until the figure's 95% half-width is within HALF_WIDTH.
"""

from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass, field
from functools import cache, cached_property

from . import odds
from .state import State

MAX_RUNS = 12          # runs in one half inning beyond this are counted as this many
LEARN_GAMES = 240      # games played to learn one setup's table
HALF_WIDTH = 0.02      # plays go on until the figure is this close at 95% confidence
BATCH = 16             # plays between two looks at the half-width
MIN_PLAYS = 48         # never fewer (a spread measured on fewer plays is not trusted)
MAX_PLAYS = 2000       # never more
UNDECIDED = 0.001      # how close to 0 or 1 the figure of an unfinished game may come
MAX_STEPS = 50_000     # a play longer than this is a broken state, not a long game
LAST_INNING = 10       # innings from here on share one distribution (extra innings)
SMOOTHING = 1          # innings each side of an inning pooled into its distribution

# A learning header's starter that the viewer cannot know (the secret rotation of a team the
# screen hides, a starter drawn at random): each learned game draws one of the side's SPs.
RANDOM_STARTER = "*"
# Header tags that shape a game's setup; everything else (seed, result, who controls a
# side, physical or digital cards) leaves the run odds alone.
SETUP_TAGS = ("Home", "Away", "Rules", "HomeRoster", "AwayRoster", "HomeResting",
              "AwayResting", "HomeShortRest", "AwayShortRest", "HomeStarter", "AwayStarter",
              "HomeStarterFatigue", "AwayStarterFatigue")
ROLL_PHASES = ("roll", "free-roll")


@dataclass(frozen=True)
class RunTable:
    """P(k runs) in one half inning, by batting side and inning (1..LAST_INNING)."""

    runs: dict[tuple[str, int], tuple[float, ...]]
    games: int

    def half(self, batting: str, inning: int) -> tuple[float, ...]:
        return self.runs[(batting, min(inning, LAST_INNING))]

    @cached_property
    def model(self) -> Model:
        return Model(self)


def setup_key(header: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((tag, header[tag]) for tag in SETUP_TAGS if header.get(tag))


@dataclass
class Learning:
    """How far the learning of one setup has come: games played and their runs counted."""

    games: int = 0
    counts: dict = field(default_factory=dict)     # (side, inning) -> runs histogram


def learn(rules, header: dict[str, str], games: int = LEARN_GAMES,
          seed: str = "winprob", cancelled=None, progress: Learning | None = None
          ) -> RunTable:
    """Play `games` games of this setup on the computer managers and count the runs of every
    half inning by side and inning (a bottom of the 9th or later counts only when played);
    each inning's odds pool its neighbours' (SMOOTHING) to steady them. Given `progress`,
    a learning that `cancelled()` stopped goes on where it stopped (each game is seeded by
    its number, so the table is the same however often it was stopped)."""
    from .simulate import simulate_game  # simulate imports the manager; keep it lazy

    setup = dict(setup_key(header))
    progress = progress if progress is not None else Learning()
    counts = progress.counts
    for game in range(progress.games, games):
        if cancelled is not None and cancelled():
            raise Cancelled
        drawn = {f"{place}Starter": _random_starter(rules.box, setup, place,
                                                    random.Random(f"{seed}:{game}:{place}"))
                 for place in ("Home", "Away")
                 if setup.get(f"{place}Starter") == RANDOM_STARTER}
        state = simulate_game(rules, setup["Home"], setup["Away"], seed, game,
                              {**setup, **drawn}).state
        for side in (state.away, state.home):
            for index, runs in enumerate(side.runs):
                row = counts.setdefault((side.name, min(index + 1, LAST_INNING)),
                                        [0] * (MAX_RUNS + 1))
                row[min(runs, MAX_RUNS)] += 1
        progress.games = game + 1
    table: dict[tuple[str, int], tuple[float, ...]] = {}
    for batting in ("away", "home"):
        for inning in range(1, LAST_INNING + 1):
            pooled = [0] * (MAX_RUNS + 1)
            for near in range(inning - SMOOTHING, inning + SMOOTHING + 1):
                for k, n in enumerate(counts.get((batting, near), ())):
                    pooled[k] += n
            total = sum(pooled)
            table[(batting, inning)] = (tuple(n / total for n in pooled) if total
                                        else (1.0,) + (0.0,) * MAX_RUNS)
    return RunTable(table, games)


def _random_starter(box, setup: dict[str, str], place: str, rng: random.Random) -> str:
    """A starter of the side at `place` drawn among its SPs (a game whose starter the viewer
    cannot know: RANDOM_STARTER), for one learned game or one play."""
    roster = box.rosters[(setup.get(f"{place}Roster")
                          or box.team(setup[place]).roster).casefold()]
    return rng.choice(sorted(p.name for p in roster.pitchers.values() if p.kind == "SP"))


_tables: dict[tuple, RunTable] = {}
_learning: dict[tuple, Learning] = {}       # setups whose learning was stopped part way
_rules: dict[str, object] = {}
_lock = threading.Lock()


def _rules_for(box):
    rules = _rules.get(box.fingerprint)
    if rules is None:
        from .rules import HighAndTight
        rules = _rules[box.fingerprint] = HighAndTight(box)
    return rules


def table_for(state: State, cancelled=None) -> RunTable:
    """The learned table of this game's setup, learned once per process and box. A learning
    `cancelled()` stops keeps the games played so far (but no table): the next figure goes
    on from there, so a table changing every second still gets its figure in the end."""
    return table_for_header(state.box, state.header, cancelled)


def table_for_header(box, header: dict[str, str], cancelled=None) -> RunTable:
    """The learned table of a setup given by its header tags (see `table_for`)."""
    key = (box.fingerprint, setup_key(header))
    with _lock:
        table = _tables.get(key)
        if table is None:
            progress = _learning.setdefault(key, Learning())
            table = _tables[key] = learn(_rules_for(box), header, cancelled=cancelled,
                                         progress=progress)
            del _learning[key]
    return table


def venue_odds(box, home: str, away: str, home_roster: str, away_roster: str,
               options=(), cancelled=None, starters: tuple[str, str] | None = None) -> float:
    """P(the home team wins a game of this pairing from its first pitch), rest not known
    yet: the learned model of the pairing, walked from the top of the 1st. `starters`
    (home, away) names each side's starter (RANDOM_STARTER: one of its SPs, unknown);
    without them the managers pick. The series figure weighs the games to come with it."""
    header = {"Home": home, "Away": away, "HomeRoster": home_roster,
              "AwayRoster": away_roster, "Rules": ",".join(sorted(options))}
    for place, starter in zip(("Home", "Away"), starters or (), strict=False):
        if starter:
            header[f"{place}Starter"] = starter
    return opening_odds(box, header, cancelled)


def opening_odds(box, header: dict[str, str], cancelled=None) -> float:
    """P(the home team wins the game this header sets up, from its first pitch): the
    learned model of that setup (starters and rest included when the header names them),
    walked from the top of the 1st."""
    return table_for_header(box, header, cancelled).model.start(1, "top", 0)


class Model:
    """The learned table walked exactly: P(home wins) at the start or the end of any half
    inning for any home lead (rules 4.8 and 6.3), each value worked out once."""

    def __init__(self, table: RunTable):
        self.table = table
        away, home = table.half("away", LAST_INNING), table.half("home", LAST_INNING)
        win = sum(pa * ph for a, pa in enumerate(away) for h, ph in enumerate(home) if h > a)
        tie = sum(pa * ph for pa, ph in zip(away, home, strict=False))
        # Rule 6.3: extra innings from a tie go on until an inning ends with one side ahead.
        self.extra = win / (1.0 - tie) if tie < 1.0 else 0.5
        self._start: dict[tuple[int, str, int], float] = {}

    def start(self, inning: int, half: str, lead: int) -> float:
        """P(home wins) as this half inning begins with the home side `lead` runs ahead."""
        inning = min(inning, LAST_INNING)        # extra innings share one distribution
        if inning >= 10 and half == "top":
            return self.extra if lead == 0 else float(lead > 0)
        key = (inning, half, lead)
        found = self._start.get(key)
        if found is None:
            batting, sign = ("away", -1) if half == "top" else ("home", 1)
            found = self._start[key] = sum(
                p * self.after(inning, half, lead + sign * runs)
                for runs, p in enumerate(self.table.half(batting, inning)) if p)
        return found

    def after(self, inning: int, half: str, lead: int) -> float:
        """P(home wins) right as this half inning ends with the home side `lead` ahead."""
        if half == "top":
            if inning >= 9 and lead > 0:
                return 1.0                       # rule 4.8: no bottom of the 9th is played
            return self.start(inning, "bottom", lead)
        if inning >= 9 and lead:
            return 1.0 if lead > 0 else 0.0      # rules 4.8 and 6.3
        return self.start(inning + 1, "top", lead)

    def of(self, state: State) -> float:
        """P(home wins) from this state for the model alone: the half inning whose dice are
        rolling by its markers exactly (rule 4.6), every half inning to come by the table."""
        if state.phase == "over":
            return 1.0 if state.winner == "home" else 0.0
        lead = state.home.total - state.away.total
        if not state.inning:
            return self.start(1, "top", 0)
        if state.phase not in ROLL_PHASES:
            return self.start(state.inning, state.half, lead)
        sign = -1 if state.half == "top" else 1
        return sum(p * self.after(state.inning, state.half, lead + sign * runs)
                   for runs, p in enumerate(rolling_runs(state)) if p)


def rolling_runs(state: State) -> tuple[float, ...]:
    """P(the half inning being rolled ends with k runs): its runs so far, box I's free roll if
    one is owed (rule 4.6.2), the rolls left on its markers and Hit and Run (5.1.1 e)."""
    atbat = state.atbat
    scoring = state.scoring_box()
    return odds.runs_from(atbat.rolls_left, state.scoring_numbers(), scoring.first,
                          scoring.then, atbat.hit_and_run, atbat.runs,
                          state.phase == "free-roll")


class Cancelled(Exception):
    """The caller no longer wants the figure (the game moved on)."""


@dataclass(frozen=True)
class Estimate:
    """P(home wins), the half-width of its 95% confidence interval, and the plays behind it."""

    p: float
    half_width: float
    plays: int


def home_win_probability(state: State, table: RunTable | None = None, cancelled=None,
                         half_width: float = HALF_WIDTH) -> float:
    """P(home wins) from this state (see `estimate`)."""
    return estimate(state, table, cancelled, half_width).p


def estimate(state: State, table: RunTable | None = None, cancelled=None,
             half_width: float = HALF_WIDTH, max_plays: int = MAX_PLAYS) -> Estimate:
    """Play the game on from copies of `state` until the share of home wins, with its dice
    taken out (see the module), is within `half_width` at 95% confidence. The plays are
    seeded by the half inning (and the header's Seed and SeriesGame), so the same state
    always gives the same figure and a step the managers would have taken, with the hands
    known, leaves it as it was. `cancelled()`,
    when given, is asked between plays; Cancelled is raised once it is true."""
    if state.phase == "over":
        return Estimate(1.0 if state.winner == "home" else 0.0, 0.0, 0)
    if walked_off(state):
        return Estimate(1.0, 0.0, 0)
    from .manager import ComputerManager  # the manager imports the rules; keep it lazy

    model = (table or table_for(state, cancelled)).model
    rules = _rules_for(state.box)
    manager = ComputerManager(rules)
    # Common random numbers: every step of one half inning plays on from the same seeds, so
    # two steps' figures differ by what the step changed, not by their plays' luck (seeded
    # by the state, a card the managers would have played anyway moved the figure by up to
    # three points, either way; a step that changed nothing, a batter named, moved it too).
    game = f"{state.header.get('Seed', '')}:{state.header.get('SeriesGame', '')}"
    seed = f"winprob:{game}:{state.inning}:{state.half}"
    total = squares = 0.0
    plays, width = 0, 1.0
    while plays < max_plays:
        for _ in range(BATCH):
            if cancelled is not None and cancelled():
                raise Cancelled
            value = play_on(rules, manager, state, model, random.Random(f"{seed}:{plays}"))
            total += value
            squares += value * value
            plays += 1
        if plays >= MIN_PLAYS:
            # The spread counts two plays more, one won and one lost (the figure does not):
            # near 0 or 1 a spread measured on few wins (or losses) read too small, and
            # the plays stopped with the figure further off than its half-width said.
            n, won, won_sq = plays + 2, total + 1.0, squares + 1.0
            variance = max(0.0, (won_sq - won * won / n) / (n - 1))
            width = 1.96 * math.sqrt(variance / plays)
            if width <= half_width:
                break
    # Until the game is over nothing is certain: a figure that reached 0 or 1 (every play
    # won, say) is held just inside, so no screen shows a decided game that is not.
    return Estimate(min(1.0 - UNDECIDED, max(UNDECIDED, total / plays)), width, plays)


def walked_off(state: State) -> bool:
    """The home side ahead during its last half's rolls, with no Hit and Run to take a run
    back: the game is won, though it ends only with the half (rules 4.6.4, 4.8, 6.3; the
    figure read '>99%' while the board said the rolls go on)."""
    from .rules import ahead_in_last_half

    return ahead_in_last_half(state) and not state.atbat.hit_and_run


def play_on(rules, manager, state: State, model: Model, rng: random.Random) -> float:
    """One play of the game to its end from a copy of `state`: 1 for a home win, 0 for a
    loss, less what the dice of each half inning moved the model's figure beyond what the
    model expected from the markers they were rolled on (zero on average: the dice are
    fair and the expectation is exact, rule 4.6)."""
    from .simulate import CHANCE_PHASES

    trial = state.clone(log=False)
    # What the viewer cannot know is drawn from a stream of its own: the dice that follow
    # stay the same from step to step of a half (common random numbers, `estimate`) when a
    # hidden hand plays a card and its deal changes with it.
    unknown = random.Random(rng.getrandbits(64))
    for place in ("Home", "Away"):
        if trial.header.get(f"{place}Starter") == RANDOM_STARTER:    # (conceal_starters)
            trial.header[f"{place}Starter"] = _random_starter(state.box, trial.header, place,
                                                              unknown)
    if trial.cards_mode == "physical":
        trial = dealt_for_play(rules, trial, unknown)
    correction = 0.0
    rolling = (trial.inning, trial.half, model.of(trial)) if trial.phase in ROLL_PHASES \
        else None
    phase = trial.phase
    for _ in range(MAX_STEPS):
        if phase == "over":
            break
        if phase in CHANCE_PHASES:
            action = rules.sample_chance(trial, rng)
        else:
            action = manager.choose(trial, rules.legal_actions(trial))
        rules.apply(trial, action)
        before, phase = phase, trial.phase
        if rolling is not None:
            if phase not in ROLL_PHASES:          # the half inning's dice are done
                inning, half, expected = rolling
                lead = trial.home.total - trial.away.total
                correction += model.after(inning, half, lead) - expected
                rolling = None
        elif before == "manage":                  # its markers are set: the dice start
            rolling = (trial.inning, trial.half, model.of(trial))
    else:
        raise RuntimeError(f"a play from {state.summary()!r} did not end in {MAX_STEPS} steps")
    return (1.0 if trial.winner == "home" else 0.0) - correction


def conceal_starters(header: dict[str, str], sides) -> dict[str, str]:
    """A game header whose starters of these sides a viewer may not know yet (rule 3.0: a
    secret rotation's man is placed after the draws): each becomes `RANDOM_STARTER`, drawn
    among the side's SPs in each learned game and each play (`play_on`), as the series
    figure weighs a game to come."""
    out = dict(header)
    for side in sides:
        place = side.capitalize()
        out.pop(f"{place}StarterFatigue", None)
        out[f"{place}Starter"] = RANDOM_STARTER
    return out


def conceal_hands(state: State, sides) -> None:
    """Digital cards, a figure shown at the table: these sides' hands become hidden counts,
    as physical cards are, so the figure reads only what the table may know (rule 5.2.1);
    each play deals them again from the cards not seen (`deal_hidden_hands`)."""
    for name in sides:
        side = state.side(name)
        for key, count in side.hand.items():
            if count:
                deck = state.box.cards[key].side
                state.decks[deck].unseen[key] += count
                side.hidden[deck] += count
        side.hand.clear()
    if sides:
        state.cards_mode = "physical"


def deal_hidden_hands(state: State, rng: random.Random) -> None:
    """Physical cards: give each hidden hand cards drawn from those not seen yet (the draw
    pile and both hidden hands), so the managers can play it on as digital cards."""
    for side in (state.home, state.away):
        for name, count in side.hidden.items():
            if not count:
                continue
            deck = state.decks[name]
            pool = [key for key, n in deck.unseen.items() for _ in range(n)]
            for key in rng.sample(pool, count):
                deck.unseen[key] -= 1
                side.hand[key] += 1
            side.hidden[name] = 0
    state.cards_mode = "digital"


EXTRA_CARD_DEALS = 200     # deals tried for a hand holding the extra card it owes


def dealt_for_play(rules, state: State, rng: random.Random) -> State:
    """`state` with its hidden hands dealt (`deal_hidden_hands`) so the game can be played
    on. Rule 5.7.2: a side that used Rally Caps for an extra card holds one it may play
    (the rules asked when it was used), but a hand dealt from the cards not seen may hold
    none, and the play could not go on (the figure failed on the manager's missing pass):
    such a deal is drawn again, so the hands are dealt as the table's could be. (A copy it
    may play is always among the cards not seen, so a deal holding one comes; the last of
    EXTRA_CARD_DEALS is kept, and the figure's worker would say it failed.)"""
    owed = state.phase == "cards" and state.atbat.must_play is not None
    for _ in range(EXTRA_CARD_DEALS if owed else 1):
        trial = state.clone(log=False) if owed else state
        deal_hidden_hands(trial, rng)
        if not owed or rules.legal_actions(trial):
            break
    return trial


def series_win_probability(p_game_team1, wins: dict[str, int], needed: int) -> float:
    """P(team 1 wins the series, rule 7.0). `p_game_team1` is team 1's chance in each game to
    come: one figure for all, or a function of the game's number (the venue matters)."""
    odds_of = p_game_team1 if callable(p_game_team1) else (lambda number: p_game_team1)

    @cache
    def walk(a: int, b: int) -> float:
        if a >= needed:
            return 1.0
        if b >= needed:
            return 0.0
        p = odds_of(a + b + 1)
        return p * walk(a + 1, b) + (1 - p) * walk(a, b + 1)

    return walk(wins["team1"], wins["team2"])


