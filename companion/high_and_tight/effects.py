"""Card and ballpark effects: conditions, rating look-ups and marker moves (rules 5.1.1, 5.5)."""

from __future__ import annotations

from .box import BallparkEffect, Ballplayer, Card, Condition, Effect, Pitcher, score_holds
from .state import State


class Matchup:
    """The pieces facing each other this half inning, as one side's cards read them.

    It holds values only (the pieces, the inning, who bats, how the score stands for its
    side), so one Matchup serves every state of the same situation (`situation`), and it
    remembers what it has worked out for each card.
    """

    __slots__ = ("owner", "batting", "inning", "score", "batter", "fielder", "fielder_is_dh",
                 "pitcher", "_moves", "_has_effect")

    def __init__(self, state: State, owner: str):
        self.owner = owner
        self.batting = state.batting
        self.inning = state.inning
        own = state.side(owner).total
        other = state.side("away" if owner == "home" else "home").total
        self.score = (own > other) - (own < other)      # -1 behind, 0 tied, 1 ahead
        batting = state.side(self.batting)
        fielding = state.side(state.fielding)
        self.batter: Ballplayer | None = (
            batting.roster.ballplayers.get(batting.player) if batting.player else None)
        self.fielder: Ballplayer | None = (
            fielding.roster.ballplayers.get(fielding.player) if fielding.player else None)
        self.fielder_is_dh = fielding.player is not None and fielding.player == fielding.dh
        self.pitcher: Pitcher | None = fielding.current_pitcher()
        self._moves: dict[str, tuple[tuple[str, int], ...]] = {}
        self._has_effect: dict[str, bool] = {}

    @classmethod
    def facing(cls, batter, pitcher) -> Matchup:
        """A batter and a pitcher alone (no inning, score or fielder), to ask what the
        handedness conditions make of them (the box check: can any pair meet them?)."""
        matchup = cls.__new__(cls)
        matchup.owner = matchup.batting = None
        matchup.inning = matchup.score = 0
        matchup.batter, matchup.pitcher = batter, pitcher
        matchup.fielder, matchup.fielder_is_dh = None, False
        matchup._moves, matchup._has_effect = {}, {}
        return matchup

    def rating(self, ref: str) -> int | None:
        """A rating's value, or None where it cannot be used (the DH's Defense, rule 4.3.1)."""
        role, name = ref.split(".", 1)
        if role == "batter":
            piece = self.batter
        elif role == "fielder":
            if name == "defense" and self.fielder_is_dh:
                return None
            piece = self.fielder
        else:
            piece = self.pitcher
        return getattr(piece, name) if piece is not None else None

    def holds(self, condition: Condition) -> bool:
        c = condition
        if c.matchup is not None and not self.matchup_is(c.matchup):
            return False
        if c.rating is not None:
            value = self.rating(c.rating)
            if value is None:
                return False
            if c.at_least is not None and value < c.at_least:
                return False
            if c.at_most is not None and value > c.at_most:
                return False
        if c.batting is not None and c.batting != self.batting:
            return False
        if c.inning_at_least is not None and self.inning < c.inning_at_least:
            return False
        if c.bats is not None and not self.bats_is(c.bats):
            return False
        if c.throws is not None and (self.pitcher is None or self.pitcher.throws != c.throws):
            return False
        if c.score is not None and not self.score_is(c.score):
            return False
        return True

    def first_failing(self, conditions) -> Condition | None:
        """The first of `conditions` that does not hold now, or None."""
        for condition in conditions:
            if not self.holds(condition):
                return condition
        return None

    def all_hold(self, conditions) -> bool:
        for condition in conditions:
            if not self.holds(condition):
                return False
        return True

    def batting_side(self) -> str | None:
        """The side the batter swings from: a switch hitter faces the pitcher (5.1.1 c)."""
        if self.batter is None:
            return None
        if self.batter.bats != "S":
            return self.batter.bats
        if self.pitcher is None:
            return "S"
        return "L" if self.pitcher.throws == "R" else "R"

    def bats_is(self, bats: str) -> bool:
        """A `bats` condition: "S" asks for a switch hitter; "L" or "R" for the side he
        swings from now (rule 5.1.1 c: a switch hitter's side follows the pitcher)."""
        if bats == "S":
            return self.batter is not None and self.batter.bats == "S"
        return self.batting_side() == bats

    def matchup_is(self, kind: str) -> bool:
        """Rule 5.1.1 c: a switch hitter always bats from the side opposite the pitcher."""
        if self.batter is None or self.pitcher is None:
            return False
        bats, throws = self.batter.bats, self.pitcher.throws
        opposite = bats == "S" or bats != throws
        if kind == "opposite":
            return opposite
        if opposite:
            return False
        if kind == "same":
            return True
        return (kind == "left-vs-left") == (throws == "L")

    def score_is(self, kind: str) -> bool:
        return score_holds(kind, self.score)

    def effect_value(self, effect: Effect) -> int | None:
        """Signed marker move of an effect, or None when it does not apply."""
        if not self.all_hold(effect.when):
            return None
        if effect.rating is None:
            return effect.sign * effect.amount
        value = self.rating(effect.rating)
        return None if value is None else effect.sign * max(0, value - effect.less)

    def card_moves(self, card: Card) -> tuple[tuple[str, int], ...]:
        """The marker moves a card would make now, in order (effects, then bonus)."""
        moves = self._moves.get(card.name)
        if moves is None:
            found = []
            for effect in card.effects + card.bonus:
                value = self.effect_value(effect)
                if value is not None:
                    found.append((effect.marker, value))
            moves = self._moves[card.name] = tuple(found)
        return moves

    def card_has_effect(self, card: Card) -> bool:
        """Rule 5.1.1 c: a card whose conditions do not match cannot be played at all."""
        found = self._has_effect.get(card.name)
        if found is None:
            found = self._has_effect[card.name] = self.all_hold(card.requires) and bool(
                card.scoring_numbers or card.nines_remove_runs or self.card_moves(card))
        return found


MATCHUP_WORDS = {"opposite": "batter and pitcher on opposite sides",
                 "same": "batter and pitcher on the same side",
                 "left-vs-left": "a left-handed batter facing a left-handed pitcher",
                 "right-vs-right": "a right-handed batter facing a right-handed pitcher"}
SCORE_WORDS = {"behind": "behind", "tied": "tied", "ahead": "ahead",
               "not-ahead": "not ahead", "not-behind": "not behind"}
SCORE_NOW = {-1: "behind", 0: "tied", 1: "ahead"}
RATING_WORDS = {"obp": "OBP", "whip": "WHIP", "k": "K"}


def rating_words(ref: str) -> str:
    """'batter.power' as a player reads it: "the batter's Power"."""
    role, name = ref.split(".", 1)
    return f"the {role}'s " + RATING_WORDS.get(name, name.replace("_", " ").title())


def describe_condition(condition: Condition, matchup: Matchup | None = None,
                       owner: str = "your team") -> str:
    """A condition in words, with the rating it reads as it stands now (rule 5.1.1 c);
    `owner` is whose score it reads (a card's player; a ballpark reads the team at bat's)."""
    c = condition
    parts = []
    if c.matchup is not None:
        parts.append(MATCHUP_WORDS.get(c.matchup, c.matchup))
    if c.rating is not None:
        words = rating_words(c.rating)
        if c.at_least is not None and c.at_most is not None:
            words += f" {c.at_least} to {c.at_most}"
        elif c.at_least is not None:
            words += f" {c.at_least} or more"
        elif c.at_most is not None:
            words += f" {c.at_most} or less"
        value = matchup.rating(c.rating) if matchup is not None else None
        if matchup is not None:
            words += f" (now {value})" if value is not None else " (not usable now)"
        parts.append(words)
    if c.batting is not None:
        parts.append(f"the {c.batting} team at bat")
    if c.score is not None:
        parts.append(f"{owner} {SCORE_WORDS.get(c.score, c.score)}" + (
            f" (now {SCORE_NOW[matchup.score]})" if matchup is not None else ""))
    if c.inning_at_least is not None:
        parts.append(f"inning {c.inning_at_least} or later"
                     + (f" (now {matchup.inning})" if matchup is not None else ""))
    if c.bats is not None:
        parts.append("a switch hitter" if c.bats == "S" else
                     f"the batter swinging {'left' if c.bats == 'L' else 'right'}-handed")
    if c.throws is not None:
        parts.append(f"a {'left' if c.throws == 'L' else 'right'}-handed pitcher")
    return " and ".join(parts)


def describe_effect(effect: Effect) -> str:
    """A marker move as its data reads (rules 5.1.1 a, b): "Scoring Number + the batter's
    Power", "Scoring Rolls -1 if the pitcher's Control 2 or more"."""
    marker = "Scoring Number" if effect.marker == "number" else "Scoring Rolls"
    sign = "+" if effect.sign > 0 else "-"
    if effect.rating is not None:
        amount = f" {rating_words(effect.rating)}" + (f" less {effect.less}"
                                                      if effect.less else "")
    else:
        amount = str(effect.amount)
    when = " and ".join(describe_condition(c) for c in effect.when)
    return f"{marker} {sign}{amount}" + (f" if {when}" if when else "")


def zero_move_words(effect: Effect, matchup: Matchup) -> str:
    """Why a rating's move comes to nothing now, for the log: " (the batter's Power 1 less
    1)" (rule 5.1.1 b: 'less one' stops at zero)."""
    if effect.rating is None:
        return ""
    value = matchup.rating(effect.rating)
    return (f" ({rating_words(effect.rating)} {value}"
            + (f" less {effect.less}" if effect.less else "") + ")")


def category_words(category: str) -> str:
    """A card category or inning strategy as the cards print it: 'obp' -> 'OBP'."""
    return "OBP" if category == "obp" else category.title()


def describe_card(card: Card) -> str:
    """What the companion does with a card, from its data (to check a box typed in
    against the printed card): conditions, effects, bonus, cancels, extra numbers."""
    parts = []
    if card.requires:
        parts.append("needs " + " and ".join(describe_condition(c) for c in card.requires))
    parts.extend(describe_effect(e) for e in card.effects)
    parts.extend(f"bonus: {describe_effect(e)}" for e in card.bonus)
    if card.cancels:
        kinds = " or ".join(category_words(c) for c in card.cancels)
        parts.append(f"cancels {'an' if kinds[0] in 'AEIOU' else 'a'} {kinds} offense card")
    if card.scoring_numbers:
        parts.append("also scores on " + " or ".join(map(str, card.scoring_numbers)))
    if card.nines_remove_runs:
        parts.append("every 9 takes a run away")
    return "; ".join(parts)


def park_conditions(when) -> str:
    """A Home Ballpark effect's conditions in words (rule 8.1): a score it reads is the
    team at bat's."""
    return " and ".join(describe_condition(c, owner="the team at bat") for c in when)


def describe_ballpark_effect(park: BallparkEffect) -> str:
    """A Home Ballpark effect as the companion applies it (rule 8.1)."""
    who = {"home": "the home team at bat", "away": "the visitors at bat",
           "both": "either team at bat"}.get(park.applies, park.applies)
    parts = []
    if park.effect is not None:
        parts.append(describe_effect(park.effect))
    if park.scoring_numbers:
        parts.append("also scores on " + " or ".join(map(str, park.scoring_numbers)))
    when = park_conditions(park.when)
    joint = " in " if when.startswith("inning ") else " with "     # 'in inning 8 or later'
    return f"{', '.join(parts)} for {who}" + (joint + when if when else "")


def situation(state: State, owner: str) -> tuple:
    """Everything a Matchup reads from the state: two states with the same situation read
    every card alike, so they share one Matchup."""
    batting, fielding = state.side(state.batting), state.side(state.fielding)
    lead = sum(batting.runs) - sum(fielding.runs)
    if owner != batting.name:
        lead = -lead
    return (owner, batting.name, state.inning, (lead > 0) - (lead < 0),
            batting.roster.key, batting.player, fielding.roster.key, fielding.player,
            fielding.dh, fielding.pitcher)


BONUS_NOTE = "Scoring Number pushed past XII: +1 bonus Scoring Roll"


def number_moved(number: int, bonus: bool, delta: int) -> tuple[int, bool]:
    """Rule 5.5.2: the Scoring Number stays on I..XII; a push past XII earns one bonus roll.
    Returns the new (number, bonus)."""
    value = number + delta
    if value > 12:
        return 12, True
    return max(1, value), bonus


def rolls_moved(rolls: int, delta: int, rolls_max: int) -> int:
    """Rule 5.5.1: the Scoring Rolls marker never goes below 1 (and stops at the top of
    its flipped side)."""
    return min(rolls_max, max(1, rolls + delta))


def markers_moved(rolls: int, number: int, bonus: bool, moves, rolls_max: int
                  ) -> tuple[int, int, bool]:
    """(rolls, number, bonus) after a card's marker moves, in order (rules 5.5.1, 5.5.2)."""
    for marker, delta in moves:
        if marker == "number":
            number, bonus = number_moved(number, bonus, delta)
        else:
            rolls = rolls_moved(rolls, delta, rolls_max)
    return rolls, number, bonus


def move_number(state: State, delta: int) -> None:
    atbat = state.atbat
    number, bonus = number_moved(atbat.number, atbat.bonus, delta)
    if bonus and not atbat.bonus:
        state.note("5.5.2", BONUS_NOTE)
    atbat.number, atbat.bonus = number, bonus


def move(state: State, marker: str, delta: int) -> None:
    """Move one marker on the table (rules 5.5.1, 5.5.2)."""
    if marker == "number":
        move_number(state, delta)
    else:
        state.atbat.rolls = rolls_moved(state.atbat.rolls, delta, state.box.rolls_max)
