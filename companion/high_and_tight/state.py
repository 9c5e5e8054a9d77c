"""The state of one High & Tight game: teams on the table, decks, markers and the phase."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field

from ..engine.errors import ParseError
from .box import Box, Pitcher, Roster, ScoringBox, Team

# How the table plays dice and cards: the companion's (digital) or the box's own (physical).
MODES = ("digital", "physical")
# Phases of a half inning before Take the Mound sets the scoring markers (rule 4.2.1).
MARKERS_NOT_SET = ("name", "draw", "deal", "exchange", "mound")
# Optional rules (rule 8): switches chosen per series; the basic rules are the default.
OPTIONAL_RULES = ("ballparks", "advanced-fatigue", "rest", "short-rest", "closer-saves",
                  "good-bad-day")
# Rules about what happens between the games of a series: nothing in a single game.
BETWEEN_GAMES_RULES = ("rest", "short-rest")
# What each switch does, in a line, with its rule (for a player choosing them).
OPTIONAL_RULE_LINES = {
    "ballparks": "8.1 the home ballpark moves the markers",
    "advanced-fatigue": "8.2 change pitchers any time; tired may stay",
    "rest": "8.2.2 pitchers rest between the games",
    "short-rest": "8.2.3 pitch on short rest, starting tired",
    "closer-saves": "8.3 the closer saves leads of 3 or fewer",
    "good-bad-day": "8.4 grooves ignore fatigue; bombed ones tire",
}


def parse_options(text: str) -> frozenset[str]:
    """The optional rules switched on for a series (rule 8.0), checked."""
    given = [o.strip() for o in text.split(",") if o.strip()]
    options = frozenset(o.casefold() for o in given)            # named in any case
    unknown = list(dict.fromkeys(o for o in given if o.casefold() not in OPTIONAL_RULES))
    if unknown:
        raise ParseError(f"header Rules: unknown optional rule(s) {', '.join(unknown)}"
                         f"; accepted: {', '.join(OPTIONAL_RULES)}")
    if "short-rest" in options and "rest" not in options:
        raise ParseError("header Rules: short-rest relaxes Pitcher's Rest: use it with 'rest' "
                         "(rule 8.2.3)")
    return options


@dataclass
class PitcherLine:
    """One pitcher's work in this game (innings, runs), for fatigue and the box score."""

    innings: int = 0
    runs: int = 0
    exceeded_fatigue: bool = False
    bombed_at: int | None = None       # runs allowed when rule 8.4.2 first hit him


@dataclass
class Side:
    """One manager's half of the table."""

    name: str                      # "home" or "away"
    team: Team
    roster: Roster
    hand: Counter = field(default_factory=Counter)    # known cards (digital mode)
    hidden: dict = field(default_factory=lambda: {"offense": 0, "defense": 0})
    lineup: dict[str, str] = field(default_factory=dict)   # player key -> C/OF/IF/DH
    dh: str | None = None
    available: list[str] = field(default_factory=list)     # dugout, available
    used: list[str] = field(default_factory=list)          # dugout, used
    starter: str | None = None
    pitcher: str | None = None
    pitchers_removed: list[str] = field(default_factory=list)
    resting: frozenset[str] = frozenset()                  # unavailable (rule 8.2.2)
    short_rest: frozenset[str] = frozenset()               # only on short rest (8.2.3)
    fatigue: int = 0                                       # 0, 100 or 200 (rule 8.2.1)
    lines: dict[str, PitcherLine] = field(default_factory=dict)
    rally_left: int = 2
    runs: list[int] = field(default_factory=list)          # runs by inning
    player: str | None = None                              # this inning's ballplayer
    cards_played: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.runs)

    def hand_size(self) -> int:
        return sum(self.hand.values()) + self.hidden["offense"] + self.hidden["defense"]

    def current_pitcher(self) -> Pitcher | None:
        return self.roster.pitchers.get(self.pitcher) if self.pitcher else None

    def clone(self) -> Side:
        """A copy to play on: the team and roster (frozen box data) are shared."""
        new = copy.copy(self)
        new.hand = Counter(self.hand)
        new.hidden = dict(self.hidden)
        new.lineup = dict(self.lineup)
        new.available = list(self.available)
        new.used = list(self.used)
        new.pitchers_removed = list(self.pitchers_removed)
        new.lines = {key: copy.copy(line) for key, line in self.lines.items()}
        new.runs = list(self.runs)
        new.cards_played = list(self.cards_played)
        return new


@dataclass
class Deck:
    """A strategy deck (offense or defense): cards not yet seen, pile size, discard pile."""

    unseen: Counter          # cards in the draw pile or in hidden hands
    pile: int
    discard: list[str] = field(default_factory=list)

    def clone(self) -> Deck:
        return Deck(Counter(self.unseen), self.pile, list(self.discard))


# What a roll of an at-bat did: it was box I's free roll, it earned that free roll (both
# rule 4.6.2), it scored a run (4.6.2-4.6.3), its 9 took a run away (Hit and Run, 5.1.1 e).
ROLL_MARKS = ("free", "earns", "run", "nine")


@dataclass
class AtBat:
    """The markers and modifiers of the half inning being played."""

    rolls: int = 1
    number: int = 1
    bonus: bool = False
    extra_numbers: set[int] = field(default_factory=set)
    tens: bool = False
    hit_and_run: bool = False
    plays_left: dict = field(default_factory=lambda: {"home": 1, "away": 1})
    turn: str = ""
    passes: int = 0
    must_play: str | None = None
    cancellable: tuple | None = None   # (card key, snapshot) of the last offense card
    played: list[tuple[str, str]] = field(default_factory=list)
    cancelled: tuple[int, ...] = ()    # indexes in `played` of the cards cancelled (5.1.1 d)
    # The Strategy Card phase in the order made, for the board (5.4): (side, "play"), one
    # for each of `played` in turn, (side, "pass"), (side, "tens") or (side, "card").
    moves: list[tuple[str, str]] = field(default_factory=list)
    rolls_left: int = 0
    runs: int = 0
    dice: list[tuple[int, int]] = field(default_factory=list)
    # What each of `dice` did, in its order: some of ROLL_MARKS' words.
    marks: list[tuple[str, ...]] = field(default_factory=list)
    park: tuple[str, ...] = ()         # what the home ballpark did to this half (rule 8.1)

    def snapshot(self) -> tuple:
        return (self.rolls, self.number, self.bonus, set(self.extra_numbers), self.hit_and_run)

    def restore(self, snap: tuple) -> None:
        self.rolls, self.number, self.bonus, extra, self.hit_and_run = snap
        self.extra_numbers = set(extra)

    def clone(self) -> AtBat:
        new = copy.copy(self)       # `cancellable` holds a snapshot nobody changes in place
        new.extra_numbers = set(self.extra_numbers)
        new.plays_left = dict(self.plays_left)
        new.played = list(self.played)
        new.moves = list(self.moves)
        new.dice = list(self.dice)
        new.marks = list(self.marks)
        return new


@dataclass
class State:
    box: Box
    header: dict[str, str]
    cards_mode: str
    options: frozenset[str]
    home: Side
    away: Side
    decks: dict[str, Deck]
    inning: int = 0
    half: str = "top"
    phase: str = "setup-draw"
    actor: str = "home"
    strategy: str = "none"
    pending_deals: list[tuple[str, str]] = field(default_factory=list)  # (side, deck)
    draws_owed: int = 0
    exchanges_left: int = 0
    atbat: AtBat = field(default_factory=AtBat)
    # The half inning before the one in `atbat`, as it ended (never changed again): its
    # dice told when it is over (rule 4.6.4).
    last_atbat: AtBat | None = None
    winner: str | None = None
    log: list[tuple[str, str]] = field(default_factory=list)   # (rule, what happened)
    dice_rolled: int = 0

    def side(self, name: str) -> Side:
        return self.home if name == "home" else self.away

    def clone(self, log: bool = True) -> State:
        """A copy to play on, far cheaper than deepcopy: the box, teams and rosters are
        shared (frozen); `log=False` starts the copy's log empty."""
        new = copy.copy(self)
        new.header = dict(self.header)
        new.home = self.home.clone()
        new.away = self.away.clone()
        new.decks = {name: deck.clone() for name, deck in self.decks.items()}
        new.pending_deals = list(self.pending_deals)
        new.atbat = self.atbat.clone()
        if self.last_atbat is not None:
            new.last_atbat = self.last_atbat.clone()
        new.log = list(self.log) if log else []
        return new

    @property
    def batting(self) -> str:
        return "away" if self.half == "top" else "home"

    @property
    def fielding(self) -> str:
        return "home" if self.half == "top" else "away"

    def scoring_box(self) -> ScoringBox:
        return self.box.scoring_boxes[self.atbat.number - 1]

    def scoring_numbers(self) -> frozenset[int]:
        """Every total that scores a run this at-bat (rule 4.6.2, 4.6.3)."""
        numbers = set(self.scoring_box().numbers) | self.atbat.extra_numbers
        if self.atbat.tens:
            numbers.add(10)
        return frozenset(numbers)

    def extra_scoring_numbers(self) -> list[int]:
        """Totals that score this at-bat beyond the box's own: Rally Caps' 10s, a card's,
        a ballpark's (rules 4.6.3, 5.7.2, 8.1)."""
        return sorted(self.scoring_numbers() - self.scoring_box().numbers)

    def note(self, rule: str, text: str) -> None:
        self.log.append((rule, text))

    def markers_set(self) -> bool:
        """Whether the half inning's scoring markers are on the board: Take the Mound sets
        them (rule 4.2.1); before it (the setup, a half's draw and exchange) they are not."""
        return bool(self.inning) and self.phase not in MARKERS_NOT_SET

    def stands(self) -> str:
        """Where a game not over stands, in words: 'the top of the 3rd, 2-1' (away first),
        'its setup' before the first inning."""
        if not self.inning:
            return "its setup"
        return f"the {half_inning(self.half, self.inning)}, {self.away.total}-{self.home.total}"

    def summary(self) -> str:
        """A compact one-line picture of the game (like FEN for chess)."""
        a = self.atbat
        markers = (f"rolls {a.rolls}{'+1' if a.bonus else ''} box {self.scoring_box().label}"
                   if self.markers_set() else "markers unset")
        return (f"{self.phase} {self.half} {self.inning} "
                f"away {self.away.total} home {self.home.total} {markers} "
                f"strategy {self.strategy}")


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def half_inning(half: str, inning: int) -> str:
    """'top of the 3rd'."""
    return f"{half} of the {ordinal(inning)}"
