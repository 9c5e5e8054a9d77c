"""The computer manager: picks among the legal actions by ratings, strategies and exact odds."""

from __future__ import annotations

import math
from weakref import WeakKeyDictionary

from . import odds
from .actions import Action
from .box import CATEGORIES, Box, Card, Pitcher, Roster, ScoringBox
from .effects import Matchup, markers_moved
from .rules import (
    MANAGE_SHIFTS,
    HighAndTight,
    fielding_defense,
    inning_parameters,
    last_half_deficit,
    managerial_move,
    strategies_ahead,
)
from .state import State

STRATEGY_RATING = {"power": "power", "speed": "speed", "obp": "obp", "clutch": "clutch"}
# The phases where the manager weighs its options (elsewhere it takes the first legal one).
CHOOSERS = ("draw", "exchange", "starter", "mound", "lineup", "bat", "field", "name",
            "cards", "manage")


# Rule 5.2.2: a card is exchanged when a fresh draw is worth this many innings of use more
# (measured against keeping only useless cards: 0.5 won 52.4% of 6,000 paired games).
EXCHANGE_MARGIN = 0.5
# Rule 5.7.2: the 10s are worth a Rally Caps use early in a game when they add this many
# expected runs (about five Scoring Rolls' worth); late and not ahead, any gain is. So
# both caps are mostly gone by the 4th: holding the last one for the 7th on won 49.0% of
# 6,000 paired games against this, never using one early 48.4%, any gain at all 49.1%
# (0.35 tied): a run now is worth more than a chance at a close game later.
TENS_EARLY_GAIN = 0.4
_ODDS: dict[tuple, tuple[float, float]] = {}


def _box_odds(rolls: int, box: ScoringBox, extra: frozenset[int], hit_and_run: bool,
              ) -> tuple[float, float]:
    """(expected runs, P(at least one run)), memoised on small hashable keys."""
    key = (rolls, box.index, box.numbers, extra, hit_and_run)
    found = _ODDS.get(key)
    if found is None:
        dist = _box_distribution(rolls, box, extra, hit_and_run)
        found = _ODDS[key] = (odds.expected_runs(dist), odds.p_at_least_one(dist))
    return found


def _box_distribution(rolls: int, box: ScoringBox, extra: frozenset[int], hit_and_run: bool
                      ) -> tuple[float, ...]:
    return odds.run_distribution(rolls, box.numbers | extra, box.first, box.then, hit_and_run)


_NO_EXTRA: frozenset[int] = frozenset()
_TENS = frozenset({10})


def _markers(box: Box, rolls: int, number: int, bonus: bool, extra, tens: bool
             ) -> tuple[int, ScoringBox, frozenset[int]]:
    """Markers as the odds read them: Scoring Rolls with the bonus roll, the scoring box,
    the extra scoring numbers with Rally Caps' 10 (rules 4.6, 5.5.2, 5.7.2)."""
    extra = frozenset(extra) if extra else _NO_EXTRA
    if tens:
        extra = extra | _TENS
    return rolls + bonus, box.scoring_boxes[number - 1], extra


def markers_odds(box: Box, rolls: int, number: int, bonus: bool, extra, tens: bool,
                 hit_and_run: bool) -> tuple[float, float]:
    """(expected runs, P(at least one run)) for markers placed so (rules 4.6, 5.5.2, 5.7.2)."""
    return _box_odds(*_markers(box, rolls, number, bonus, extra, tens), hit_and_run)


def markers_distribution(box: Box, rolls: int, number: int, bonus: bool, extra, tens: bool,
                         hit_and_run: bool) -> tuple[float, ...]:
    """P(exactly k runs) for markers placed so, as `markers_odds` reads them."""
    return _box_distribution(*_markers(box, rolls, number, bonus, extra, tens), hit_and_run)


# A card is played for a change of at least this many expected runs to its side; one worth
# less is kept for an inning it may do more in.
CARD_GAIN_FLOOR = 0.05


def at_bat_odds(state: State, tens: bool = False) -> tuple[float, float]:
    """(expected runs, P(at least one run)) for the markers as they stand; with `tens`, as
    they would stand with Rally Caps used for the 10s (rule 5.7.2)."""
    a = state.atbat
    return markers_odds(state.box, a.rolls, a.number, a.bonus, a.extra_numbers,
                        a.tens or tens, a.hit_and_run)


def markers_after_card(rules: HighAndTight, state: State, card: Card, matchup: Matchup
                       ) -> tuple:
    """(rolls, number, bonus, extra scoring numbers, Hit and Run) once `card` is played now:
    a cancel puts back the markers from before the card it answers (rule 5.1.1 d), any
    other card moves them as it reads the matchup (5.5) and adds its numbers and 9s."""
    atbat = state.atbat
    target = rules.cancel_target(state, card)
    if target is not None:
        return target[1]
    rolls, number, bonus = markers_moved(atbat.rolls, atbat.number, atbat.bonus,
                                         matchup.card_moves(card), state.box.rolls_max)
    return (rolls, number, bonus, atbat.extra_numbers.union(card.scoring_numbers),
            atbat.hit_and_run or card.nines_remove_runs)


def markers_now(state: State) -> tuple:
    """The at-bat's markers in `markers_after_card`'s form."""
    atbat = state.atbat
    return atbat.rolls, atbat.number, atbat.bonus, atbat.extra_numbers, atbat.hit_and_run


def card_odds(rules: HighAndTight, state: State, card: Card, matchup: Matchup
              ) -> tuple[float, float]:
    """(expected runs, P(at least one run)) once `card` is played now."""
    rolls, number, bonus, extra, hit_and_run = markers_after_card(rules, state, card, matchup)
    return markers_odds(state.box, rolls, number, bonus, extra, state.atbat.tens,
                        hit_and_run)


# Rules 4.8, 6.3: a tie after the home side's last half goes to extra innings, taken as an
# even game (the home side won 194 of 393 extra-inning games in 3,000 of self-play).
EXTRA_INNINGS_HOME_WINS = 0.5


def last_half_outcomes(dist, deficit: int) -> tuple[float, float]:
    """From the home side's last half's run distribution, `deficit` runs behind: (the
    chance it ends ahead, winning the game; the chance it ends tied, extra innings)."""
    tie = dist[deficit] if deficit < len(dist) else 0.0
    return math.fsum(dist[deficit + 1:]), tie


def last_half_win_chance(ahead: float, tie: float) -> float:
    """The home side's chance to win from its last half's outcomes (`last_half_outcomes`):
    ahead it wins, tied it goes to extra innings (EXTRA_INNINGS_HOME_WINS)."""
    return ahead + EXTRA_INNINGS_HOME_WINS * tie


def managerial_moves(box: Box, atbat) -> list[tuple[int, int, int, bool, float, float]]:
    """Rule 4.5: each Managerial Move the track allows now, with its markers and odds:
    (shift, rolls, number, bonus, expected runs, P(at least one run))."""
    out = []
    for shift in MANAGE_SHIFTS:
        moved = managerial_move(atbat.rolls, atbat.number, atbat.bonus, shift, box.rolls_max)
        if moved is not None:
            rolls, number, bonus = moved
            out.append((shift, rolls, number, bonus, *markers_odds(
                box, rolls, number, bonus, atbat.extra_numbers, atbat.tens,
                atbat.hit_and_run)))
    return out


def manage_outcomes(state: State, moves: list | None = None
                    ) -> dict[int, tuple[float, float]]:
    """In the home side's last half (`last_half_deficit`), each legal Managerial Move's
    (chance to end it ahead, chance to end it tied) (rule 4.5 with 4.8, 6.3); in any other
    half, none. `moves`, `managerial_moves` when the caller has them."""
    deficit = last_half_deficit(state)
    if deficit is None:
        return {}
    atbat = state.atbat
    return {shift: last_half_outcomes(markers_distribution(
                state.box, rolls, number, bonus, atbat.extra_numbers, atbat.tens,
                atbat.hit_and_run), deficit)
            for shift, rolls, number, bonus, _, _
            in moves or managerial_moves(state.box, atbat)}


def manage_win_chances(state: State, moves: list | None = None) -> dict[int, float]:
    """Each legal Managerial Move's chance to win in the home side's last half, a tie
    counted as EXTRA_INNINGS_HOME_WINS of one (`manage_outcomes`); none elsewhere."""
    return {shift: last_half_win_chance(*outcomes)
            for shift, outcomes in manage_outcomes(state, moves).items()}


def one_run_matters(state: State, side: str) -> bool:
    """Whether the manager weighs a Managerial Move (rule 4.5) by the chance of one run
    rather than by the runs expected: from the 7th, its side tied or one run behind."""
    other = "away" if side == "home" else "home"
    return state.inning >= 7 and state.side(other).total - state.side(side).total in (0, 1)


def _late_and_close(state: State, side: str) -> bool:
    """From the 7th, `side` not ahead: when the manager spends its Rally Caps freely."""
    other = "away" if side == "home" else "home"
    return state.inning >= 7 and state.side(side).total <= state.side(other).total


def tens_gain(state: State) -> float:
    """Expected runs the 10s add to this at-bat (rule 5.7.2): none in a box that scores on
    10 already, about one in twelve a Scoring Roll otherwise."""
    return at_bat_odds(state, tens=True)[0] - at_bat_odds(state)[0]


def tens_worth_a_cap(state: State, side: str, gain: float) -> bool:
    """Whether the manager spends a Rally Caps use on the 10s (rule 5.7.2) for `gain`
    expected runs, once no card is worth playing: late and not ahead, any gain; else
    TENS_EARLY_GAIN or more."""
    return gain > 0 and (_late_and_close(state, side) or gain >= TENS_EARLY_GAIN)


def pitcher_cost(box: Box, pitcher: Pitcher, fatigue: int = 0) -> float:
    """Expected runs a pitcher's Stuff allows before any ballplayer or card moves."""
    rolls = min(box.rolls_max, pitcher.stuff_rolls + fatigue // 100)
    return _box_odds(rolls, box.scoring_boxes[pitcher.stuff_box - 1], _NO_EXTRA, False)[0]


class _BoxTables:
    """What the manager works out from the box alone, shared by every manager of the same
    rules object: the box is frozen per rules object, so these never go stale, and a new
    game starts with them."""

    __slots__ = ("ahead", "lineups", "card_values", "ratings_ahead",
                 "requirements", "draw_values")

    def __init__(self) -> None:
        self.ahead: dict[int, tuple[str, ...]] = {}        # inning -> strategies ahead
        self.lineups: dict[tuple, Action] = {}              # (side, roster, count) -> best
        self.card_values: dict[int, dict[str, float]] = {}  # inning -> category -> value
        self.ratings_ahead: dict[int, tuple] = {}           # inning -> ratings still wanted
        self.requirements: dict[tuple, tuple] = {}          # (card, roster) -> _requirements
        self.draw_values: dict[tuple, float] = {}           # (side, deck, inning, named)


_BOX_TABLES: WeakKeyDictionary[HighAndTight, _BoxTables] = WeakKeyDictionary()


class ComputerManager:
    """Plays either side; every choice is one of `legal_actions`."""

    def __init__(self, rules: HighAndTight):
        self.rules = rules
        self.box = rules.box
        tables = _BOX_TABLES.get(rules)
        if tables is None:
            tables = _BOX_TABLES[rules] = _BoxTables()
        self._tables = tables
        self._choosers = {phase: getattr(self, f"_choose_{phase}") for phase in CHOOSERS}

    def choose(self, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        method = self._choosers.get(state.phase)
        choice = method(state, legal) if method else None
        return choice if choice is not None else legal[0]

    # -- cards in hand ------------------------------------------------------------------

    def _hand_cards(self, state: State, side: str):
        cards = self.box.cards
        return [cards[key] for key, n in state.side(side).hand.items() if n for _ in range(n)]

    def _strategies_ahead(self, inning: int) -> tuple[str, ...]:
        """The strategies of this inning and the eight after it."""
        ahead = self._tables.ahead.get(inning)
        if ahead is None:
            ahead = self._tables.ahead[inning] = strategies_ahead(self.box, inning)
        return ahead

    def _innings_ahead(self, inning: int) -> list[tuple[int, str]]:
        """The innings a card kept now could still serve, each with its strategy (5.3): the
        rest of the nine, or this inning and the next from the 9th on."""
        start = max(inning, 1)
        count = 2 if inning >= 9 else 10 - start
        return list(enumerate(self._strategies_ahead(start)[:count], start=start))

    def _card_values(self, inning: int) -> dict[str, float]:
        """By card category: how many innings still to come could use such a card (5.3)."""
        values = self._tables.card_values.get(inning)
        if values is None:
            ahead = [strategy for _, strategy in self._innings_ahead(inning)]
            values = {category: 3.0 if category in ("special", "free")
                      else float(ahead.count(category)) for category in CATEGORIES}
            self._tables.card_values[inning] = values
        return values

    def _choose_draw(self, state: State, legal: list[Action]) -> Action:
        """Rule 5.2.1: the split that evens the hand out; it counts the cards of each deck
        in hand (known ones, and physical ones by deck), never reads which they are."""
        cards = self.box.cards
        own = state.side(state.actor)
        offense = own.hidden["offense"] + sum(n for key, n in own.hand.items()
                                              if n and cards[key].side == "offense")
        defense = own.hand_size() - offense
        best, best_gap = legal[0], None
        for action in legal:
            o, d = action.args
            gap = abs((offense + o) - (defense + d))
            if best_gap is None or gap < best_gap:
                best, best_gap = action, gap
        return best

    def _choose_exchange(self, state: State, legal: list[Action]) -> Action:
        side = state.actor
        hand = self._hand_cards(state, side)
        if not hand:
            return legal[0]
        values = self._card_values(state.inning)
        if state.strategy in values and state.strategy != inning_parameters(
                self.box, state.inning)[2]:
            # An 'Any' inning (rule 6.2): the strategy named for this half is one more
            # inning for its cards, never a reason to throw them away.
            values = {**values, state.strategy: values[state.strategy] + 1}
        keep = {card.name: self._keep_value(state, side, card, values) for card in hand}
        worst = min(hand, key=lambda c: keep[c.name])
        offense = sum(1 for c in hand if c.side == "offense")
        deck = "offense" if offense <= len(hand) - offense else "defense"
        if keep[worst.name] > self._draw_value(state, side, deck, values) - EXCHANGE_MARGIN:
            return next(a for a in legal if a.kind == "keep")
        for action in legal:
            if action.kind == "exchange" and action.args == (worst.name, deck):
                return action
        return next(a for a in legal if a.kind == "keep")

    def _keep_value(self, state: State, side: str, card: Card,
                    values: dict[str, float]) -> float:
        """What keeping `card` is worth to `side` (rule 5.2.2): `_card_worth`, or -1 when
        none of its own pieces still to play has a rating the card needs (5.1.1 c)."""
        if card.requires:
            for role, rating, holders in self._requirements(card, state.side(side).roster)[1]:
                if not self._own_piece_holds(state, side, role, rating, holders):
                    return -1.0
        return self._card_worth(card, side, state.inning, values)

    def _card_worth(self, card: Card, side: str, inning: int, values: dict[str, float]
                    ) -> float:
        """The innings still to come that could use a card's category (5.3), counted from
        the inning it needs; -1 when it needs the other side batting, so this side can
        never play it (5.1.1 c). Special and Free cards count as three innings."""
        if not card.requires:
            return values[card.category]
        never_for, _, from_inning = self._requirements(card, None)
        if side == never_for:
            return -1.0
        if from_inning <= inning or card.category in ("special", "free"):
            return values[card.category]
        return float(sum(1 for number, strategy in self._innings_ahead(inning)
                         if strategy == card.category and number >= from_inning))

    def _draw_value(self, state: State, side: str, deck: str, values: dict[str, float]
                    ) -> float:
        """The mean worth of a card drawn from `deck` (rule 5.2.2), reckoned on the whole
        deck as the box makes it (what is left of it would ask a count each time for no
        measurable gain)."""
        key = (side, deck, state.inning, state.strategy)
        mean = self._tables.draw_values.get(key)
        if mean is None:
            deck_cards = [card for card in self.box.cards.values() if card.side == deck]
            total = sum(card.copies * self._card_worth(card, side, state.inning, values)
                        for card in deck_cards)
            mean = total / max(1, sum(card.copies for card in deck_cards))
            self._tables.draw_values[key] = mean
        return mean

    def _requirements(self, card: Card, roster: Roster | None) -> tuple[str | None, tuple, int]:
        """What of a card's requirements (5.1.1 c) never changes in a game: the side that
        can never play it (it needs the other side batting), each rating its player's own
        pieces must meet with the keys of the roster's pieces that meet it (none without
        a roster), the inning it needs."""
        key = (card.name, roster.key if roster is not None else None)
        found = self._tables.requirements.get(key)
        if found is None:
            own_role = ("batter",) if card.side == "offense" else ("fielder", "pitcher")
            never_for, own, from_inning = None, [], 0
            for condition in card.requires:
                if condition.batting is not None:
                    # An offense card needs its player batting; a defense card, fielding.
                    plays = condition.batting if card.side == "offense" else (
                        "away" if condition.batting == "home" else "home")
                    never_for = "away" if plays == "home" else "home"
                role, _, rating = (condition.rating or "").partition(".")
                if role in own_role and roster is not None:
                    pieces = roster.pitchers if role == "pitcher" else roster.ballplayers
                    own.append((role, rating, self._holders(pieces, rating, condition)))
                if condition.inning_at_least is not None:
                    from_inning = max(from_inning, condition.inning_at_least)
            found = self._tables.requirements[key] = (never_for, tuple(own), from_inning)
        return found

    def _own_piece_holds(self, state: State, side: str, role: str, rating: str,
                         holders: frozenset[str]) -> bool:
        """Whether one of `side`'s pieces still to play in that role is among `holders`
        (5.1.1 c). Ballplayers: the dugout (4.2.2, 4.2.3; the whole roster before lineups),
        and this inning's ballplayer for the half he has still to play (home exchanges in
        the bottom, after he fielded: he only bats now); the DH fields on no rating
        (4.3.1). A card whose holders are all used waits for the dugout to refill (the
        10th, 6.1), too far to keep it for. Pitchers: the one pitching and the RPs and CLs
        still to come in."""
        own = state.side(side)
        if role == "pitcher":
            return any(key == own.pitcher or (
                own.roster.pitchers[key].kind in ("RP", "CL")
                and key not in own.pitchers_removed and key not in own.resting)
                for key in holders)
        if not own.lineup:
            return bool(holders)
        done = ("fielder" if side == "home" else "batter") if state.half == "bottom" else None
        keys = own.available
        if own.player and role != done:
            keys = [*keys, own.player]
        if role == "fielder" and rating == "defense":
            return any(key in holders and key != own.dh for key in keys)
        return not holders.isdisjoint(keys)

    @staticmethod
    def _holders(pieces: dict, rating: str, condition) -> frozenset[str]:
        """The keys of the pieces whose rating meets `condition`."""
        return frozenset(
            key for key, piece in pieces.items()
            if (condition.at_least is None or getattr(piece, rating) >= condition.at_least)
            and (condition.at_most is None or getattr(piece, rating) <= condition.at_most))

    # -- pieces ---------------------------------------------------------------------------

    def _choose_starter(self, state: State, legal: list[Action]) -> Action:
        pitchers = state.side(state.actor).roster.pitchers
        return min(legal, key=lambda a: (pitcher_cost(self.box, pitchers[a.args[0].casefold()]),
                                         -pitchers[a.args[0].casefold()].fatigue))

    def _choose_mound(self, state: State, legal: list[Action]) -> Action:
        """Rules 4.2.1, 8.2.1: the arm that allows the fewest runs, saving the bullpen."""
        own = state.side(state.actor)
        pitchers = own.roster.pitchers
        tired = self.rules._is_tired(state, own)

        stay = next((a for a in legal if a.kind == "stay"), None)
        line = own.lines.get(own.pitcher)
        bombed = line is not None and line.bombed_at is not None
        if stay is not None and not tired and not bombed:
            return stay         # his day goes on (a short-rest start's +100 was chosen)

        # A reliever on short rest only when no rested arm is left to bring in (8.2.3 b:
        # he comes in at +100, and his game counts to the days in a row that rest him
        # next); the pitcher on the mound is no rested arm, so without one they are
        # weighed against him by their cost alone.
        # The Closer is kept for the 9th, and with the rest rule (8.2.2: two games in a row
        # rest him) for a 9th not already lost: spent behind in the score, he was missing
        # from the next game's lead.
        other = state.side("home" if state.actor == "away" else "away")
        closer_kept = state.inning < 9 or ("rest" in state.options
                                           and own.total < other.total)
        rested = any(a.kind == "relieve" and a.args[0].casefold() not in own.short_rest
                     and not (pitchers[a.args[0].casefold()].kind == "CL" and closer_kept)
                     for a in legal)

        def cost(action: Action) -> tuple:
            if action.kind == "stay":
                # Tired now (8.2.1; short rest declined, 6.1), or bombed (8.4.2): weighed
                # with the marker he wears and the one he would earn.
                fatigue = self.rules.stay_fatigue(state, state.actor) or own.fatigue
                # (a tie keeps him: no bullpen arm spent for nothing)
                return (False, False, pitcher_cost(self.box, own.current_pitcher(), fatigue),
                        float("-inf"))
            key = action.args[0].casefold()
            pitcher = pitchers[key]
            short = key in own.short_rest
            closer_early = pitcher.kind == "CL" and closer_kept
            return (closer_early, short and rested,
                    pitcher_cost(self.box, pitcher, 100 if short else 0), -pitcher.fatigue)

        return min(legal, key=cost)

    def _choose_lineup(self, state: State, legal: list[Action]) -> Action:
        roster = state.side(state.actor).roster
        key = (state.actor, roster.key, len(legal))
        choice = self._tables.lineups.get(key)
        if choice is None or choice not in legal:
            choice = self._tables.lineups[key] = self._best_lineup(state, legal)
        return choice

    def _best_lineup(self, state: State, legal: list[Action]) -> Action:
        players = state.side(state.actor).roster.ballplayers.values()
        both = {p.name: p.offense + p.defense for p in players}
        bat = {p.name: p.offense for p in players}

        def value(action: Action) -> int:
            catcher, outfield, infield, dh = action.args
            return (both[catcher] + sum(both[n] for n in outfield)
                    + sum(both[n] for n in infield) + bat[dh])

        return max(legal, key=value)

    def _ratings_ahead(self, inning: int) -> tuple[str | None, ...]:
        """The ratings the strategies of the regulation innings after this one favour
        (None for a strategy that favours none)."""
        ratings = self._tables.ratings_ahead.get(inning)
        if ratings is None:
            future = set(self._strategies_ahead(inning + 1)[: max(0, 9 - inning)])
            ratings = tuple({STRATEGY_RATING.get(s) for s in future})
            self._tables.ratings_ahead[inning] = ratings
        return ratings

    def _choose_players(self, state: State, legal: list[Action]) -> Action:
        """A piece strong now (Offense + Defense + the strategy's rating), kept back when
        he would be worth more in an inning to come."""
        own = state.side(state.actor)
        pieces = own.roster.ballplayers
        now_rating = STRATEGY_RATING.get(state.strategy)
        later_ratings = self._ratings_ahead(state.inning)

        def score(action: Action) -> float:
            key = action.args[0].casefold()
            player = pieces[key]
            base = player.offense + fielding_defense(self.box, own, key)
            now = base + (getattr(player, now_rating) if now_rating else 0)
            later = base + max(getattr(player, r) if r else 0
                               for r in later_ratings) if later_ratings else 0.0
            return now - 0.5 * later

        return max(legal, key=score)

    _choose_bat = _choose_players
    _choose_field = _choose_players

    def _choose_name(self, state: State, legal: list[Action]) -> Action:
        side = state.actor
        own = state.side(side)
        hand = self._hand_cards(state, side)

        # Rule 4.2.2 b: in the bottom half the batter is already known.
        batters = [own.player] if side == "home" and own.player else own.available

        def score(action: Action) -> float:
            strategy = action.args[0]
            cards = sum(1 for c in hand if c.side == "offense" and c.category == strategy)
            rating = STRATEGY_RATING.get(strategy)
            best = max((getattr(own.roster.ballplayers[k], rating) for k in batters),
                       default=0) if rating else 0
            return cards * (1 + best)

        best = max(legal, key=score)
        if score(best) == 0:
            # No offense card for any strategy (rules 5.3, 6.2): name none, so the other
            # side's strategy defense cards cannot be played either (Special cards can).
            return next((a for a in legal if a.args[0] == "none"), best)
        return best

    # -- strategy cards ----------------------------------------------------------------------

    def _card_gain(self, state: State, side: str, name: str, matchup: Matchup) -> float:
        """Change in the batting side's expected runs if `side` played this card now."""
        gain = (card_odds(self.rules, state, self.box.card(name), matchup)[0]
                - at_bat_odds(state)[0])
        return gain if side == state.batting else -gain

    def _choose_cards(self, state: State, legal: list[Action]) -> Action:
        side = state.atbat.turn
        plays = [a for a in legal if a.kind == "play"]
        matchup = self.rules.matchup(state, side)
        best, best_gain = None, CARD_GAIN_FLOOR
        for action in plays:
            gain = self._card_gain(state, side, action.args[0], matchup)
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        must = state.atbat.must_play == side
        if must and plays:
            return plays[0]
        late_and_close = _late_and_close(state, side)
        for action in legal:
            if action.kind == "rally" and action.args[0] == "tens":
                if tens_worth_a_cap(state, side, tens_gain(state)):
                    return action
            if action.kind == "rally" and action.args[0] == "card" and late_and_close:
                if self._best_extra_gain(state, side, matchup) > 0.3:
                    return action
        return next(a for a in legal if a.kind == "pass")

    def _best_extra_gain(self, state: State, side: str, matchup: Matchup) -> float:
        names = [self.box.cards[k].name
                 for k in self.rules._playable(state, side, extra_play=True, matchup=matchup)]
        return max((self._card_gain(state, side, n, matchup) for n in names), default=0.0)

    def _choose_manage(self, state: State, legal: list[Action]) -> Action:
        """Rule 4.5 on the exact odds: in the home side's last half the best chance to win
        (`manage_win_chances`), else one run when one run matters, else the most runs; a
        tie (6 rolls in box VIII and 5 in X both expect 5/3 runs) goes to the next figure,
        then to standing pat. Figures equal but for float rounding are a tie."""
        need_one = one_run_matters(state, state.actor)
        moves = managerial_moves(self.box, state.atbat)
        wins = manage_win_chances(state, moves)
        value = {shift: ((wins[shift],) if wins else ())
                 + ((one, expected) if need_one else (expected, one))
                 for shift, _, _, _, expected, one in moves}

        def better(shift: int, than: int) -> bool:
            for mine, theirs in zip(value[shift], value[than], strict=True):
                if abs(mine - theirs) > 1e-9:
                    return mine > theirs
            return shift == 0                   # a tie of both figures: stand pat

        best = legal[0]
        for action in legal[1:]:
            if better(action.args[0], best.args[0]):
                best = action
        return best
