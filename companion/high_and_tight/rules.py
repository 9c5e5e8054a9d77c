"""The rules of one High & Tight game: setup, the sequence of play, extra innings (rules 3-6)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass

from ..engine.dice import check_face
from ..engine.errors import IllegalAction, ParseError, clip, did_you_mean
from ..engine.record import tag_value
from . import actions as act
from .actions import DECKS, KINDS, Action
from .box import ARTICLED, STRATEGIES, TEAMS_ALIKE, Box, Card, Pitcher, alike_said, named_plainly
from .effects import (
    Matchup,
    category_words,
    describe_condition,
    move,
    move_number,
    number_moved,
    park_conditions,
    situation,
    zero_move_words,
)
from .state import MODES, AtBat, Deck, PitcherLine, Side, State, parse_options

SETUP_DRAW = 6          # rule 3.0 step 3
SETUP_EXCHANGE = 1
# Rule 5.2.1 and 5.2.2: cards drawn and exchanged by the batting player, by inning.
DRAWS = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 4, 8: 1, 9: 1}
EXCHANGES = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 2, 9: 2}
MANAGE_SHIFTS = (2, 1, -2, 0)
CHANCE_KINDS = {"deal": ("deal",), "roll": ("roll", "free-roll")}   # action -> phases awaiting it
MATCHUPS_KEPT = 1024    # situations whose Matchup is kept (plays of the rest of a game visit many)
# The rule of each step of the sequence of play (rule 4.0's phases A-H).
PHASE_RULES = {
    "draw": "4.1", "deal": "5.2.1", "exchange": "5.2.2", "starter": "3.0", "lineup": "3.0",
    "name": "6.2", "mound": "4.2.1", "bat": "4.2.2", "field": "4.2.3", "cards": "5.4",
    "manage": "4.5", "roll": "4.6", "free-roll": "4.6.2", "over": "4.8",
}
# A log note's words (5.2.1), then "(N to draw from the new pile)": `reshuffled_owed` reads it.
RESHUFFLED = "draw pile ran out: discards reshuffled"

# The step whose action names a piece, for a name that is not on the roster.
NAMED_BY = {"start": "3.0", "lineup": "3.0", "relieve": "4.2.1", "bat": "4.2.2",
            "field": "4.2.3"}
# The phase each naming action is taken in (a name typed at another step that is not on
# the roster is not refused as such: 'bring in Szabo' at Batter Up is told a batter is
# awaited).
NAMED_AT = {"start": "starter", "lineup": "lineup", "relieve": "mound", "bat": "bat",
            "field": "field"}
MARKER_WORDS = {"number": "Scoring Number", "rolls": "Scoring Rolls"}


def reshuffled_owed(notes, deck: str) -> int | None:
    """How many cards of a draw came from `deck`'s new pile, when the steps whose log notes
    these are reshuffled it (rule 5.2.1); None when none did."""
    start = f"the {deck} {RESHUFFLED} ("
    for rule, text in notes:
        if rule == "5.2.1" and text.startswith(start):
            return int(text[len(start):].split()[0])
    return None


def block_said(block: tuple[str, str]) -> str:
    """A card_block (rule, reason) as a player reads it: 'reason (rule 5.3)'."""
    return f"{block[1]} (rule {block[0]})"


def also_scores(numbers) -> str:
    """Extra scoring totals as the notes give them: 'also scores on 10, 11'."""
    return "also scores on " + ", ".join(map(str, numbers))


def markers_said(rolls: int, bonus: bool, label: str) -> str:
    """The markers a move leaves, as the notes give them: ' -> rolls 3+1, box XII'."""
    return f" -> rolls {rolls}{'+1' if bonus else ''}, box {label}"


# Why a card cannot be played: (rule, reason).
CARD_BLOCKS = {
    "phase": ("4.4", "cards are played in the Strategy Card phase"),
    "side": ("5.1", "the {role} player plays {deck} cards"),
    "strategy": ("5.3", "{category} cards are not eligible in {article} {strategy} inning"),
    "limit": ("5.3", "one strategy card per side per phase, unless Rally Caps allow another"),
    "cancel": ("5.1.1 d", "it cancels only an offense card, right after it is played"),
    "conditions": ("5.1.1", "its conditions do not hold now"),
}


# The Strategy Card phase's prompt when a player may do anything it allows; a screen that
# keeps the hand from another player says this one whatever the hand holds (5.2.1).
CARD_PHASE_PROMPT = "play a card, use Rally Caps or pass (rules 5.4, 5.7)"
CARDS_OR_PASS_PROMPT = "play a card or pass (rule 5.4)"     # (no Rally Caps left to use)


@dataclass(frozen=True)
class Awaiting:
    """What the game waits for: a side's decision, a chance event, or nothing (game over)."""

    kind: str          # "decision", "chance" or "over"
    side: str | None
    phase: str
    prompt: str
    only_pass: bool = False     # rule 5.4: the rules leave this decision nothing but a pass
    demanded: str = ""          # the rule that demands the one choice (8.3: the save's CL)


# What a note (8.2.1, 8.4.2) says of the pitcher whose marker goes up ('Flee is bombed:
# Fatigue +100').
BUMPS = {"tired": "pitches past his Fatigue", "bombed": "is bombed",
         "again": "keeps giving up runs"}


def fatigue_note_side(state: State, rule: str, text: str) -> str | None:
    """The side whose pitcher on the mound a Fatigue marker note names ('Flee is bombed:
    Fatigue +100', 8.4.2; 'Flee pitches past his Fatigue: ...', 8.2.1; 'home has no fresh
    pitcher: Flee stays with Fatigue +200', 6.1), read from the note's own form so that a
    name inside another ('Lind' in 'Lindqvist', 'Lind Jr') names no one else; None for
    other notes."""
    if rule == "6.1":
        side = text.partition(" ")[0]
        return side if side in ("home", "away") else None
    if rule not in ("8.2.1", "8.4.2"):
        return None
    for side in ("home", "away"):
        pitcher = state.side(side).current_pitcher()
        if pitcher is not None and any(text.startswith(f"{pitcher.name} {said}:")
                                       for said in BUMPS.values()):
            return side
    return None


LAST_INNING = 9    # rule 4.8: from its end on, a game with a side ahead is over (6.3)
EXTRA_CYCLE = 10   # rules 6.2, 6.3: the 10th to the 19th, then all over again from the 20th
GAME_END_RULES = ("4.8", "6.3")     # the notes of a game's end: in 9 innings, in extras


def game_end_rule(inning: int) -> str:
    """The rule that ended a game in this inning: 4.8, or 6.3 for an extra inning."""
    return GAME_END_RULES[inning > LAST_INNING]


def last_half_deficit(state: State) -> int | None:
    """The runs the home side is behind (0 when tied) in a half that is its last (rules 4.8,
    6.3: the bottom of the 9th or of an extra inning, where a lead ends the game); None in
    any other half."""
    deficit = state.away.total - state.home.total
    # (never ahead there: 4.8 and 6.3 end the game first)
    return (deficit if state.batting == "home" and state.inning >= LAST_INNING
            and deficit >= 0 else None)


def ahead_in_last_half(state: State) -> bool:
    """The home side past the other's total during its last half's rolls: the game is not
    over, its runs counting once the half is rolled out (rules 4.6.4, 4.8, 6.3)."""
    deficit = last_half_deficit(state)
    return (state.phase in CHANCE_KINDS["roll"] and deficit is not None
            and state.atbat.runs > deficit)


def fielding_defense(box: Box, side: Side, key: str) -> int:
    """The Defense a ballplayer fields with: the DH uses the DH marker's (rule 4.3.1)."""
    return box.dh_defense if key == side.dh else side.roster.ballplayers[key].defense


def matchup_shift(box: Box, state: State) -> int:
    """Rule 4.3 (4.3.1 for the DH): what the batter against the fielder does to the Scoring
    Number, the batter's Offense less the fielder's Defense; both pieces placed."""
    batting, fielding = state.side(state.batting), state.side(state.fielding)
    offense = batting.roster.ballplayers[batting.player].offense
    return offense - fielding_defense(box, fielding, fielding.player)


def inning_parameters(box: Box, inning: int) -> tuple[int, int, str]:
    """Draws, exchanges and strategy of an inning (rules 5.2, 5.3; extra innings as rule 6.2)."""
    if inning <= LAST_INNING:
        return DRAWS[inning], EXCHANGES[inning], box.strategies[inning - 1]
    cycle = (inning - LAST_INNING - 1) % EXTRA_CYCLE
    if cycle == 0:
        return 1, 1, box.extra_strategy
    return DRAWS[cycle], EXCHANGES[cycle], box.strategies[cycle - 1]


def strategies_ahead(box: Box, inning: int, count: int = 9) -> tuple[str, ...]:
    """Rules 5.3 and 6.2: the strategies of this inning (the setup's: the 1st) and the
    ones after it, `count` in all."""
    start = max(inning, 1)
    return tuple(inning_parameters(box, n)[2] for n in range(start, start + count))


def starter_fatigue_tag(header: dict[str, str], side: str) -> str:
    """The Fatigue marker a game's header gives a side's starter ('100': on short rest,
    rule 8.2.3 a), as written; '0' when it gives none."""
    return header.get(f"{side.capitalize()}StarterFatigue", "0") or "0"


def managerial_move(rolls: int, number: int, bonus: bool, shift: int, rolls_max: int
                    ) -> tuple[int, int, bool] | None:
    """Rule 4.5: (rolls, number, bonus) after a Managerial Move, or None if the track has
    no room for the marker moved down.

    Up one or two boxes on the Scoring Number costs one Scoring Roll; down two boxes buys
    one. Only the marker moved down needs the boxes to move into (rule 4.5); the marker
    moved up stops at its track's end, and a Scoring Number pushed past XII earns the bonus
    roll as any push does (rule 5.5.2).
    """
    if shift == 0:
        return rolls, number, bonus
    if shift in (1, 2):
        if rolls < 2:
            return None
        return (rolls - 1, *number_moved(number, bonus, shift))
    if shift == -2:
        if number - 2 < 1:
            return None
        return min(rolls_max, rolls + 1), number - 2, bonus
    return None


# The steps of setting up and deploying the pieces (3.0, 4.2): typed once the half has
# gone on to its cards, out of turn too, each is refused by its own rule (its handler
# checks the phase first); before then, whose turn it is says what comes.
DEPLOY_KINDS = frozenset({"bat", "field", "lineup", "relieve", "stay"})
# Steps of the hand taken out of their phase (a third exchange in the 8th, after its two):
# when each is taken, said before whose turn it is (rules 4.1, 5.2.2).
HAND_STEPS = {"draw": ("draw", "4.1", "cards are drawn at the start of an inning"),
              "exchange": ("exchange", "5.2.2", "cards are exchanged right after the "
                           "inning's draw, as many as the inning allows"),
              "keep": ("exchange", "5.2.2", "a hand is kept right after the inning's draw")}


class HighAndTight:
    """The pure rules: new_state, apply, legal_actions, awaiting, parse/format."""

    name = "High & Tight"

    def __init__(self, box: Box):
        self.box = box
        self._lineup_actions: dict[tuple[str, str], list[Action]] = {}
        self._matchups: dict[tuple, Matchup] = {}
        self._handlers = {kind: getattr(self, f"_do_{kind}") for kind in KINDS}

    # -- setup -------------------------------------------------------------------------

    def new_state(self, header: dict[str, str]) -> State:
        box = self.box
        sides = {}
        teams = {name: box.tagged_team(name.capitalize(), header.get(name.capitalize()))
                 for name in ("home", "away")}
        fielded = {name: header.get(f"{name.capitalize()}Roster") or teams[name].roster or ""
                   for name in teams}
        for name in ("home", "away"):
            team, roster_key = teams[name], fielded[name]
            other = fielded["away" if name == "home" else "home"]
            problem = box.roster_problem(team, name, roster_key, other)
            if problem:
                place = name.capitalize()
                raise ParseError(f"header {box.roster_tags(header, place, place + 'Roster')}: "
                                 f"{problem}")
            roster = box.rosters[roster_key.casefold()]
            resting = header.get(f"{name.capitalize()}Resting", "")
            side = Side(name=name, team=team, roster=roster, rally_left=box.rally_caps)
            side.resting = frozenset(
                self._pitcher_key(side, n.strip(), "8.2.2", f"{name.capitalize()}Resting")
                for n in resting.split(",")
                if n.strip())
            short = header.get(f"{name.capitalize()}ShortRest", "")
            side.short_rest = frozenset(
                self._pitcher_key(side, n.strip(), "8.2.3", f"{name.capitalize()}ShortRest")
                for n in short.split(",")
                if n.strip())
            self._check_starter_tags(header, side)
            sides[name] = side
        if sides["home"].team.key == sides["away"].team.key:
            raise ParseError(f"header Home, Away: {TEAMS_ALIKE}")
        clash = box.roster_clash(sides["home"].roster.key, sides["away"].roster.key)
        if clash:
            raise ParseError(f"header HomeRoster, AwayRoster: {clash}")
        cards_mode = header.get("Cards", "digital")
        if cards_mode not in MODES:
            raise ParseError(f"header Cards: {cards_mode!r} is not digital or physical")
        options = parse_options(header.get("Rules", ""))
        self._check_rest_tags(header, options)
        decks = {}
        for deck in ("offense", "defense"):
            unseen = Counter({key: card.copies for key, card in box.cards.items()
                              if card.side == deck})
            decks[deck] = Deck(unseen=unseen, pile=sum(unseen.values()))
        state = State(box=box, header=dict(header), cards_mode=cards_mode, options=options,
                      home=sides["home"], away=sides["away"], decks=decks)
        self._begin_setup_draw(state, "home")
        return state

    @staticmethod
    def _check_rest_tags(header: dict[str, str], options: frozenset[str]) -> None:
        """Rules 8.2.2 and 8.2.3: pitchers rest, and pitch on short rest, only under those
        optional rules; a game whose Rules leave them out takes no such tag."""
        needs = {"Resting": ("rest", "8.2.2 Pitcher's Rest", "rest"),
                 "ShortRest": ("short-rest", "8.2.3 Short Rest", "rest,short-rest"),
                 "StarterFatigue": ("short-rest", "8.2.3 a Short Rest", "rest,short-rest")}
        for place in ("Home", "Away"):
            for tag, (option, rule, add) in needs.items():
                value = header.get(f"{place}{tag}", "").strip()
                named = value.strip(", ") if tag != "StarterFatigue" else value.strip("0")
                if named and option not in options:
                    raise ParseError(f"header {place}{tag}: {value!r} needs the optional rule "
                                     f"{rule}, which this game's Rules do not hold: add "
                                     f"{add!r} to Rules or leave the tag out")

    def _check_starter_tags(self, header: dict[str, str], side: Side) -> None:
        """Rule 3.0 (and 8.2.3 a): a preset starter is an SP of the roster who is not
        resting, with a Fatigue marker of 0, or 100 on short rest; without one, some SP can
        start."""
        tag = side.name.capitalize()
        fatigue = starter_fatigue_tag(header, side.name)
        if fatigue not in ("0", "100"):
            raise ParseError(f"header {tag}StarterFatigue: {fatigue!r} is not 0 or 100 (rule "
                             "8.2.3 a: a starter on short rest begins at +100)")
        preset = header.get(f"{tag}Starter")
        if preset:
            key = self._pitcher_key(side, preset, "3.0", f"{tag}Starter")
            if side.roster.pitchers[key].kind != "SP" or key in side.resting:
                raise ParseError(f"header {tag}Starter: {preset!r} is not an SP free to start "
                                 "(rules 3.0, 8.2.2)")
        elif not any(p.kind == "SP" and k not in side.resting
                     for k, p in side.roster.pitchers.items()):
            raise ParseError(f"header {tag}Resting: every SP rests, nobody can start (rule 3.0)")

    def _begin_setup_draw(self, state: State, side: str) -> None:
        state.phase = "draw"
        state.actor = side
        state.draws_owed = min(SETUP_DRAW, self._capacity(state, "offense")
                               + self._capacity(state, "defense"))
        state.exchanges_left = SETUP_EXCHANGE

    # -- public API --------------------------------------------------------------------

    def awaiting(self, state: State) -> Awaiting:
        phase = state.phase
        if phase == "over":
            return Awaiting("over", None, phase, f"game over: {state.winner} wins")
        if phase in ("deal", "roll", "free-roll"):
            what = {"deal": "deal a card from the deck (rule 5.2.1)",
                    "roll": "two dice for a Scoring Roll",
                    "free-roll": "two dice for box I's free roll (rule 4.6.2)"}[phase]
            return Awaiting("chance", None, phase, what)
        prompts = {
            "draw": f"draw {state.draws_owed} card{'' if state.draws_owed == 1 else 's'}, "
                    "offense or defense (rule 5.2.1)",
            # ('more' once one is made: the 8th's second read as the first again)
            "exchange": f"exchange up to {state.exchanges_left}"
                        f"{' more' if state.exchanges_left < self._exchanges(state) else ''}"
                        f" card{'' if state.exchanges_left == 1 else 's'} or keep "
                        "(rule 5.2.2)",
            "starter": "name the Starting Pitcher (rule 3.0)",
            "lineup": "set the lineup: 1 C, 3 OF, 4 IF, 1 DH (rule 3.0)",
            "name": "name the inning strategy for this half (rule 6.2)",
            "mound": "bring in a relief pitcher (rule 4.2.1.1)",
            # Only the top half's pieces are chosen, each playing the bottom half too: the
            # away batter fields it, the home fielder bats in it (4.2.2 b, 4.2.3 b).
            "bat": "send a batter up; he fields the bottom half (rules 4.2.2, 4.2.3 b)",
            "field": "put a fielder in the field; he bats in the bottom half (rules 4.2.3, "
                     "4.2.2 b)",
            "cards": CARD_PHASE_PROMPT,
            "manage": "make the Managerial Move or stand pat (rule 4.5)",
        }
        side = state.atbat.turn if phase == "cards" else state.actor
        if phase == "cards" and state.atbat.must_play == side:
            return Awaiting("decision", side, phase,
                            "play the extra card Rally Caps gave (rule 5.7.2)")
        if phase == "mound":
            if self._closer_due(state, side) is not None:
                return Awaiting("decision", side, phase,
                                "bring in the Closer to save the game (rule 8.3)",
                                demanded="8.3")
            optional = self._closer_on_short_rest(state, side)
            if optional is not None:
                # Every other choice named, a tired pitcher's cost too (the prompt named
                # one of them: keeping him, while other relievers were there as well).
                actions = self._mound_actions(state, side)
                offered = {a.args[0] for a in actions if a.kind == "relieve"} - {optional.name}
                others = [key for key, p in self._bullpen(state, side) if p.name in offered]
                rested = any(not self.relief_fatigue(state, side, key) for key in others)
                choices = ["bring him in at Fatigue +100"] + (
                    [f"another reliever{'' if rested else ' (at Fatigue +100 too)'}"]
                    if others else [])
                if act.stay(side) in actions:
                    tired = self.stay_fatigue(state, side)
                    choices.append(f"keep {state.side(side).current_pitcher().name}"
                                   + (f" at Fatigue +{tired}" if tired is not None else ""))
                said = " or ".join([", ".join(choices[:-1]), choices[-1]] if choices[1:]
                                   else choices)
                return Awaiting("decision", side, phase,
                                f"the save is {optional.name}'s only on short rest: {said} "
                                "(rules 8.2.3, 8.3)")
            own = state.side(side)
            # Past his Fatigue in his groove, he pitches as he is (the advanced rules' choice
            # any inning said as such: the prompt spoke of a change with no reason to it).
            groove = (f"{own.current_pitcher().name} is past his Fatigue in his groove: keep "
                      "him as he is or relieve him" if self.in_groove(state, own) else None)
            if "advanced-fatigue" in state.options:
                tired = self.stay_fatigue(state, side)
                pitcher = own.current_pitcher().name
                return Awaiting("decision", side, phase,
                                f"{pitcher} tired: keep him at +{tired} (Stuff "
                                f"+{tired // 100} roll{'s' if tired > 100 else ''}) or relieve "
                                "(rule 8.2.1)"
                                if tired is not None else f"{groove} (rules 8.2, 8.4.1)"
                                if groove else f"relieve {pitcher} or keep him (rule 8.2)")
            if groove:
                return Awaiting("decision", side, phase, f"{groove} (rule 8.4.1)")
            if act.stay(side) in self._mound_actions(state, side):
                return Awaiting("decision", side, phase,
                                "only relievers on short rest are left: bring one in at "
                                f"Fatigue +100 or keep {own.current_pitcher().name} at "
                                "Fatigue +200 (rules 8.2.3, 6.1)")
        if phase == "cards":
            kinds = {action.kind for action in self.legal_actions(state)}
            if kinds == {"pass"}:
                return Awaiting("decision", side, phase,
                                "pass: nothing else can be played now (rule 5.4)",
                                only_pass=True)
            if "rally" not in kinds:
                return Awaiting("decision", side, phase, CARDS_OR_PASS_PROMPT)
            if "play" not in kinds:         # (no card in the hand can be played now)
                return Awaiting("decision", side, phase,
                                "use Rally Caps or pass (rules 5.4, 5.7)")
        return Awaiting("decision", side, phase, prompts[phase])

    def hand_neutral_prompt(self, state: State, side: str) -> str:
        """The Strategy Card phase's prompt as anyone may hear it (rule 5.2.1): what the
        hand holds changes the prompt ('pass: nothing else...', 'use Rally Caps or pass'),
        so a hand kept from the table, and a refusal told to whoever typed, say the phase's
        whole prompt; Rally Caps named while the side has a use left (public: the board
        shows them)."""
        return CARD_PHASE_PROMPT if state.side(side).rally_left > 0 else CARDS_OR_PASS_PROMPT

    def told_prompt(self, state: State, awaiting: Awaiting) -> str:
        """The awaited step's prompt as a refusal tells it: in the card phase, the hand
        neutral one (an out-of-turn line told the table the other hand had no card to
        play); Rally Caps' extra card owed is public (5.7.2)."""
        if (awaiting.phase == "cards" and awaiting.side is not None
                and state.atbat.must_play != awaiting.side):
            return self.hand_neutral_prompt(state, awaiting.side)
        return awaiting.prompt

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def format_action(self, action: Action) -> str:
        return act.format_action(action)

    def parse_action(self, state: State, text: str) -> Action:
        """Parse a line and resolve its names against the box (canonical spelling)."""
        action = act.parse_action(text)
        return self.canonical(state, action)

    def canonical(self, state: State, action: Action) -> Action:
        kind, side, args = action
        rule = NAMED_BY.get(kind, "3.0")       # the step that names the piece
        if kind in ("deal", "exchange", "play"):
            card = self.box.card(args[0]) or self._card_meant(state, kind, side, args[0])
            namesakes = self.box.namesakes(args[0]) if card is None else []
            if len(namesakes) > 1:
                raise ParseError(f"{clip(args[0])!r} names {len(namesakes)} cards of this "
                                 "box: type the whole name, " + " or ".join(
                                     repr(c.name) for c in namesakes))
            if card is None:
                raise ParseError(f"{clip(args[0])!r} is not a card in this box"
                                 + did_you_mean(args[0], (c.name for c in
                                                          self.box.cards.values())))
            return Action(kind, side, (card.name,) + args[1:])
        if kind in NAMED_AT and state is not None and state.phase != NAMED_AT[kind]:
            try:
                return self._named(state, action, rule)
            except IllegalAction:
                return action   # out of its step: the rules say which step it is for
        return self._named(state, action, rule)

    def _named(self, state: State, action: Action, rule: str) -> Action:
        """An action naming pieces, its names as the box spells them (refused when the
        side's roster has none so named, under the rule of the step, `rule`)."""
        kind, side, args = action
        if kind in ("start", "relieve"):
            own = state.side(side)
            return Action(kind, side, (self._pitcher_name(own, args[0], rule),))
        if kind in ("bat", "field"):
            own = state.side(side)
            return Action(kind, side, (self._player_name(own, args[0], rule),))
        if kind == "lineup":
            own = state.side(side)
            catcher, outfield, infield, dh = args
            return act.lineup(side, self._player_name(own, catcher, rule),
                              tuple(self._player_name(own, n, rule) for n in outfield),
                              tuple(self._player_name(own, n, rule) for n in infield),
                              self._player_name(own, dh, rule))
        return action

    # -- name resolution ---------------------------------------------------------------

    def _card_meant(self, state: State, kind: str, side: str, name: str) -> Card | None:
        """The one card a name short of its bracketed words can mean at this moment (None
        if not one): the batting side plays Offense cards and the fielding side Defense
        ones (2.3.1, 2.3.2); an exchange gives up a card the hand may hold (5.2.2); a deal
        comes from the pile being drawn (5.2.1). The box's one card of that name is meant
        whatever the moment: the rules then say why it may not be played now."""
        found = self.box.namesakes(name)
        if len(found) == 1:
            return found[0]
        if state is None:               # (a line read with no game: no moment to ask)
            return None
        if kind == "deal" and state.pending_deals:
            found = [card for card in found if card.side == state.pending_deals[0][1]]
        elif kind == "play":
            found = [card for card in found
                     if card.side == ("offense" if side == state.batting else "defense")]
        elif kind == "exchange":
            keys = {card.name: key for key, card in self.box.cards.items()}
            found = [card for card in found if self._in_hand(state, side, keys[card.name])]
        return found[0] if len(found) == 1 else None

    def _piece_name(self, pieces: dict, what: str, side: Side, name: str, rule: str) -> str:
        piece = named_plainly(pieces, name)
        if piece is None:
            raise IllegalAction(f"{clip(name)!r} is not a {what} of "
                                f"{self.box.roster_words(side.team, side.roster.key)}"
                                + (alike_said(pieces, name)
                                   or self.box.whose_piece(name, side.roster.key, what)
                                   or did_you_mean(name, (p.name for p in pieces.values()))),
                                rule=rule)
        return piece.name

    def _player_name(self, side: Side, name: str, rule: str) -> str:
        return self._piece_name(side.roster.ballplayers, "ballplayer", side, name, rule)

    def _pitcher_name(self, side: Side, name: str, rule: str) -> str:
        return self._piece_name(side.roster.pitchers, "pitcher", side, name, rule)

    def _pitcher_key(self, side: Side, name: str, rule: str, tag: str) -> str:
        """A header's pitcher (a bad one is a header error naming its tag, not an illegal
        action)."""
        try:
            return self._pitcher_name(side, name, rule).casefold()
        except IllegalAction as error:
            raise ParseError(f"header {tag}: {error}") from None

    # -- legal actions -------------------------------------------------------------------

    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == "cards":        # the phase asked most often, first
            return self._card_phase_actions(state)
        side = state.actor
        if phase == "over":
            return []
        if phase == "deal":
            deck = state.decks[state.pending_deals[0][1]]
            return [act.deal(self.box.cards[key].name) for key, n in deck.unseen.items() if n > 0]
        if phase in ("roll", "free-roll"):
            return [act.roll(a, b) for a in range(1, 7) for b in range(1, 7)]
        if phase == "draw":
            return [act.draw(side, n, state.draws_owed - n) for n in range(state.draws_owed + 1)
                    if self._draw_fits(state, n, state.draws_owed - n)]
        if phase == "exchange":
            out = [act.keep(side)]
            capacity = {deck: self._capacity(state, deck) for deck in DECKS}
            for key in self.hand_candidates(state, side):
                card = self.box.cards[key]
                for deck in DECKS:
                    if capacity[deck] + (card.side == deck) > 0:
                        out.append(act.exchange(side, card.name, deck))
            return out
        if phase == "starter":
            return [act.start(side, p.name) for p in self._starters(state, side)]
        if phase == "lineup":
            key = (side, state.side(side).roster.key)
            lineups = self._lineup_actions.get(key)
            if lineups is None:
                lineups = [act.lineup(side, *choice) for choice in self._lineups(state.side(side))]
                self._lineup_actions[key] = lineups
            return list(lineups)
        if phase == "name":
            return [act.name_strategy(side, s) for s in STRATEGIES]
        if phase == "mound":
            return self._mound_actions(state, side)
        if phase in ("bat", "field"):
            make = act.bat if phase == "bat" else act.field
            own = state.side(side)
            return [make(side, own.roster.ballplayers[k].name) for k in own.available]
        if phase == "manage":
            return [act.manage(side, s) for s in MANAGE_SHIFTS if self._manage_fits(state, s)]
        raise AssertionError(phase)

    def _card_phase_actions(self, state: State) -> list[Action]:
        atbat = state.atbat
        side = atbat.turn
        matchup = self.matchup(state, side)
        out = []
        for key in self._playable(state, side, matchup=matchup):
            out.append(act.play(side, self.box.cards[key].name))
        if atbat.must_play != side:
            out.append(act.pass_(side))
            own = state.side(side)
            if own.rally_left > 0:
                if (atbat.plays_left[side] == 0
                        and self._rally_card_useful(state, side, matchup)):
                    out.append(act.rally(side, "card"))
                if side == state.batting and not atbat.tens:
                    out.append(act.rally(side, "tens"))
        return out

    # -- card helpers ----------------------------------------------------------------------

    def _capacity(self, state: State, deck: str) -> int:
        d = state.decks[deck]
        return d.pile + len(d.discard)

    def _draw_fits(self, state: State, offense: int, defense: int) -> bool:
        return (offense <= self._capacity(state, "offense")
                and defense <= self._capacity(state, "defense"))

    def hand_candidates(self, state: State, side: str) -> list[str]:
        """Card keys this side's hand holds (digital cards), or may hold (physical cards:
        a copy still unseen, of a deck the hand holds cards of)."""
        own = state.side(side)
        if state.cards_mode == "digital":
            return [key for key, n in own.hand.items() if n > 0]
        return [key for key, card in self.box.cards.items()
                if own.hidden[card.side] > 0 and state.decks[card.side].unseen[key] > 0]

    def _in_hand(self, state: State, side: str, key: str) -> bool:
        own = state.side(side)
        if state.cards_mode == "digital":
            return own.hand[key] > 0
        card = self.box.cards[key]
        return own.hidden[card.side] > 0 and state.decks[card.side].unseen[key] > 0

    def _not_in_hand(self, state: State, side: str, key: str, name: str) -> str:
        """Why a card named as leaving a hand cannot be: with physical cards the companion
        knows only how many cards the hand holds and which copies are still unseen."""
        card = self.box.cards.get(key)
        if card is None or state.cards_mode == "digital":
            return f"{name!r} is not in {side}'s hand"
        if state.side(side).hidden[card.side] == 0:
            return f"{side} holds no {card.side} card"
        return (f"every copy of {card.name} is accounted for (in the discard pile or "
                "played): none can be in a hand")

    def matchup(self, state: State, side: str) -> Matchup:
        """The Matchup `side`'s cards are read by now: one per situation, kept while the
        situation lasts (a half inning's card phase asks for it again and again)."""
        key = situation(state, side)
        found = self._matchups.get(key)
        if found is None:
            if len(self._matchups) >= MATCHUPS_KEPT:
                self._matchups.clear()
            found = self._matchups[key] = Matchup(state, side)
        return found

    def eligible_by_strategy(self, state: State, card: Card) -> bool:
        """Rules 5.3, 5.6, 5.6.1: the inning's strategy, Special cards, Free cards."""
        return card.category in ("special", "free") or card.category == state.strategy

    def _card_block(self, state: State, side: str, key: str, matchup: Matchup | None = None,
                    extra_play: bool = False) -> str | None:
        """Why a card cannot be played now (a key of CARD_BLOCKS), or None if it can."""
        card = self.box.cards[key]
        atbat = state.atbat
        if state.phase != "cards":
            return "phase"
        if card.side != ("offense" if side == state.batting else "defense"):
            return "side"
        if not self.eligible_by_strategy(state, card):
            return "strategy"
        if not card.is_free and atbat.plays_left[side] + extra_play <= 0:
            return "limit"
        if matchup is None:
            matchup = self.matchup(state, side)
        if card.cancels and not (card.effects or card.bonus or card.scoring_numbers):
            target = atbat.cancellable
            if target is None or self.box.cards[target[0]].category not in card.cancels:
                return "cancel"
            return None if matchup.all_hold(card.requires) else "conditions"
        if not matchup.card_has_effect(card):
            return "conditions"
        return None

    def card_block(self, state: State, side: str, key: str, matchup: Matchup | None = None
                   ) -> tuple[str, str] | None:
        """(rule, reason) why a card cannot be played by this side now, or None."""
        block = self._card_block(state, side, key, matchup)
        if block is None:
            return None
        rule, text = CARD_BLOCKS[block]
        card = self.box.cards[key]
        if block == "conditions":
            matchup = matchup or self.matchup(state, side)
            failing = matchup.first_failing(card.requires)
            text = (f"it needs {describe_condition(failing, matchup)}" if failing is not None
                    else "none of its effects applies to this matchup")
        if block == "cancel":
            # Say what it would cancel (5.1.1 d): the card is not at fault, the moment is.
            kinds = " or ".join(category_words(c) for c in card.cancels)
            text = f"it cancels only a {kinds} offense card, right after it is played"
        deck = "offense" if side == state.batting else "defense"
        if block == "strategy" and state.strategy == "none":
            text = "only Special and Free cards in an inning with no strategy"
        strategy = category_words(state.strategy)
        return rule, text.format(role="batting" if deck == "offense" else "fielding",
                                 deck=deck, category=category_words(card.category),
                                 strategy=strategy,
                                 article="an" if strategy[0] in "AEIOU" else "a")

    def card_status(self, state: State, side: str, key: str) -> tuple[bool, str]:
        """Whether a card could be played now by this side, and if not why (with its rule)."""
        block = self.card_block(state, side, key)
        if block is None:
            return True, ""
        return False, block_said(block)

    def _playable(self, state: State, side: str, extra_play: bool = False,
                  matchup: Matchup | None = None) -> list[str]:
        """Cards this side may play now; `extra_play` as if Rally Caps gave one more play."""
        if state.phase != "cards":
            return []
        must = state.atbat.must_play == side or extra_play
        if matchup is None:
            matchup = self.matchup(state, side)
        deck = "offense" if side == state.batting else "defense"     # rule 5.1
        out = []
        for key in self.hand_candidates(state, side):
            card = self.box.cards[key]
            if card.side != deck or (must and card.is_free):
                continue
            if self._card_block(state, side, key, matchup, extra_play) is None:
                out.append(key)
        return out

    def _rally_card_useful(self, state: State, side: str, matchup: Matchup | None = None
                           ) -> bool:
        """Rule 5.7.2: Rally Caps' extra card needs an eligible card to play."""
        return bool(self._playable(state, side, extra_play=True, matchup=matchup))

    # -- pitchers and ballplayers --------------------------------------------------------------

    def _starters(self, state: State, side: str):
        own = state.side(side)
        return [p for key, p in own.roster.pitchers.items()
                if p.kind == "SP" and key not in own.resting]

    def _relievers(self, state: State, side: str):
        """Who may come in now (rules 4.2.1, 8.2, 8.2.2, 8.2.3 b, 8.3).

        An unused RP or CL who is not resting; with Advanced Fatigue a removed RP or CL is
        replaced by an RP only; with Closer Saves the CL comes in before the 9th only when
        there is no other option: no other reliever who needs no short rest (8.2.3 is a
        choice), and the pitcher may not stay.
        """
        own = state.side(side)
        current = own.current_pitcher()
        pool = [(key, p) for key, p in self._bullpen(state, side) if key not in own.resting]
        if "advanced-fatigue" in state.options and current.kind != "SP":
            pool = [(key, p) for key, p in pool if p.kind == "RP"]
        if "closer-saves" in state.options and state.inning < 9:
            others = [(key, p) for key, p in pool if p.kind != "CL"]
            # Short rest is a choice (8.2.3): arms that need it leave the fresh Closer the
            # other option when the pitcher must go.
            fresh = [key for key, _ in others if key not in own.short_rest]
            if fresh or not self._must_leave(state, own):
                pool = others
        return [p for _, p in pool]

    def _must_leave(self, state: State, own: Side) -> bool:
        """Whether the pitcher on the mound may not stay: tired under the basic rule
        (4.2.1.1). Under Advanced Fatigue he may always stay (8.2.1), so before the 9th
        the Closer is never the only option there (8.3)."""
        return "advanced-fatigue" not in state.options and self._is_tired(state, own)

    def relievers_held_back(self, state: State, side: str) -> list[tuple[Pitcher, str, str]]:
        """At Take the Mound, the unused RPs and CLs who may not come in now, each with the
        rule and the reason (rules 4.2.1.1, 8.2, 8.2.2, 8.3): a player choosing a reliever
        sees why one is missing. None while the Closer is due (8.3 names him alone)."""
        if state.phase != "mound" or self._closer_due(state, side) is not None:
            return []
        offered = {action.args[0] for action in self._mound_actions(state, side)
                   if action.kind == "relieve"}
        return [(p, *self._relief_refusal(state, side, key))
                for key, p in self._bullpen(state, side) if p.name not in offered]

    @staticmethod
    def _bullpen(state: State, side: str) -> list[tuple[str, Pitcher]]:
        """The RPs and CLs who have not pitched in this game yet (rule 4.2.1), by key."""
        own = state.side(side)
        return [(key, p) for key, p in own.roster.pitchers.items()
                if p.kind in ("RP", "CL") and key != own.pitcher
                and key not in own.pitchers_removed]

    def _relief_refusal(self, state: State, side: str, key: str) -> tuple[str, str]:
        """(rule, reason) a pitcher cannot come in now."""
        own = state.side(side)
        pitcher = own.roster.pitchers[key]
        if key == own.pitcher:
            return "4.2.1", "is already pitching"
        if key in own.pitchers_removed:
            return "4.2.1", "was removed and never returns"
        if pitcher.kind == "SP":
            return "4.2.1.1", "is an SP: relievers are RPs and CLs"
        if key in own.resting:
            return "8.2.2", "is resting today"
        if "advanced-fatigue" not in state.options and not self._may_change(state, own):
            return "4.2.1.1", "cannot come in: the pitcher changes only when he tires"
        if "advanced-fatigue" in state.options and own.current_pitcher().kind != "SP":
            current = own.current_pitcher()
            return "8.2", (f"cannot come in for {current.name}: with Advanced Fatigue a "
                           f"reliever ({current.kind}) gives way to an RP only")
        others = [p.name for k, p in self._bullpen(state, side)
                  if p.kind == "RP" and k not in own.resting]
        either = (", ".join(others[:-1]) + " or " if len(others) > 1 else "") + \
            (others[-1] if others else "")
        return "8.3", ("is the Closer: before the 9th he comes in only when there is no "
                       "other option (" + (f"{either} may come in" if others else
                                           f"{own.current_pitcher().name} may stay, 8.2.1")
                       + ")")

    def _mound_actions(self, state: State, side: str) -> list[Action]:
        """Take the Mound's choices (rules 4.2.1.1, 8.2, 8.2.3, 8.3): the Closer alone when
        the save is his to make; else the relievers fatigue and 8.2 allow (any time under
        Advanced Fatigue, when the pitcher is tired under the basic rule), the Closer first
        when the save is his only on short rest, and keeping the pitcher where that may be
        (Advanced Fatigue, or a fresh pitcher)."""
        closer = self._closer_due(state, side)
        if closer is not None:
            return [act.relieve(side, closer.name)]
        advanced = "advanced-fatigue" in state.options
        own = state.side(side)
        tired = self._is_tired(state, own)
        relievers = self._relievers(state, side) if advanced or self._may_change(state, own) \
            else []
        out = [act.relieve(side, p.name) for p in relievers]
        optional = self._closer_on_short_rest(state, side)
        if optional is not None:
            save = act.relieve(side, optional.name)
            out = [save] + [action for action in out if action != save]
        if advanced or not tired or self._short_rest_only(own, relievers):
            out.append(act.stay(side))
        return out

    def _may_change(self, state: State, own: Side) -> bool:
        """Under the basic fatigue rule, whether the pitcher may give way at this Take the
        Mound: tired (4.2.1.1), or a starter past his Fatigue inning whom his groove keeps
        fresh (8.4.1 sets the fatigue aside, not his manager's choice to relieve him)."""
        return self._is_tired(state, own) or self._grooving_past_fatigue(state, own)

    @classmethod
    def _grooving_past_fatigue(cls, state: State, own: Side) -> bool:
        """Rule 8.4.1 under the basic fatigue rule (Advanced Fatigue lets any pitcher be
        relieved anyway): see `in_groove`."""
        return "advanced-fatigue" not in state.options and cls.in_groove(state, own)

    @staticmethod
    def in_groove(state: State, own: Side) -> bool:
        """Rule 8.4.1: an SP past his Fatigue inning who has allowed one run or fewer, whom
        his groove keeps free of a Fatigue marker."""
        pitcher = own.current_pitcher()
        return ("good-bad-day" in state.options and pitcher.kind == "SP"
                and state.inning > pitcher.fatigue and own.lines[own.pitcher].runs <= 1)

    @staticmethod
    def _short_rest_only(own: Side, relievers) -> bool:
        """Rule 8.2.3: every reliever who may come in could pitch only on short rest, which
        is his manager's choice, not a duty: declining it leaves no fresh arm, and the
        tired pitcher may stay as 6.1 has it (at +200)."""
        keys = {pitcher.name.casefold(): key for key, pitcher in own.roster.pitchers.items()}
        return bool(relievers) and all(keys[p.name.casefold()] in own.short_rest
                                       for p in relievers)

    def _closer_due(self, state: State, side: str):
        """Rule 8.3: in the 9th or later, ahead by one to three, the unused CL must come in
        (unless he is resting or could only pitch on short rest)."""
        save = self._save(state, side)
        return save[0] if save is not None and not save[1] else None

    def _closer_on_short_rest(self, state: State, side: str):
        """Rules 8.2.3 b and 8.3: a save whose CL may pitch only on short rest is not forced
        (8.3 may be set aside when he needs his day off), but it is his manager's to take:
        the CL is offered at Take the Mound, coming in at Fatigue +100, whatever else
        fatigue and 8.2 would allow there."""
        save = self._save(state, side)
        if save is None or not save[1]:
            return None
        own = state.side(side)
        return save[0] if own.current_pitcher().kind != "CL" else None

    @staticmethod
    def _save(state: State, side: str):
        """Rule 8.3's save: in the 9th or later, ahead by one to three, the unused CL who is
        not resting, with whether he could pitch only on short rest; else None."""
        if "closer-saves" not in state.options or state.inning < 9:
            return None
        own = state.side(side)
        other = state.side("away" if side == "home" else "home")
        if not 1 <= own.total - other.total <= 3:
            return None
        if own.current_pitcher().kind == "CL":
            return None         # a Closer is saving it (a box's second CL is no call)
        closers = [(pitcher, key in own.short_rest)
                   for key, pitcher in own.roster.pitchers.items()
                   if pitcher.kind == "CL" and key not in own.lines and key not in own.resting]
        # a fresh Closer before one who could pitch only on short rest
        return min(closers, key=lambda closer: closer[1], default=None)

    def _is_tired(self, state: State, side: Side) -> bool:
        """Rule 4.2.1.1 (and 8.4.1): has the pitcher reached his Fatigue?"""
        pitcher = side.current_pitcher()
        line = side.lines[side.pitcher]
        if pitcher.kind == "SP":
            if state.inning <= pitcher.fatigue:
                return False
            return not self.in_groove(state, side)      # rule 8.4.1 sets it aside
        return line.innings >= pitcher.fatigue

    def _lineups(self, side: Side):
        players = list(side.roster.ballplayers.values())
        by = {pos: [p.name for p in players if p.position == pos] for pos in ("C", "OF", "IF")}
        for catcher in by["C"]:
            for outfield in itertools.combinations(by["OF"], 3):
                for infield in itertools.combinations(by["IF"], 4):
                    chosen = {catcher, *outfield, *infield}
                    for player in players:
                        if player.name not in chosen:
                            yield catcher, outfield, infield, player.name

    def _manage_fits(self, state: State, shift: int) -> bool:
        atbat = state.atbat
        return managerial_move(atbat.rolls, atbat.number, atbat.bonus, shift,
                               self.box.rolls_max) is not None

    # -- apply ---------------------------------------------------------------------------

    def apply(self, state: State, action: Action) -> None:
        """Apply one action, or raise IllegalAction/ParseError and change nothing."""
        kind = action.kind
        phase = state.phase
        if phase == "over":
            raise IllegalAction("the game is over", rule="4.8", action=str(action))
        wanted = CHANCE_KINDS.get(kind)
        if wanted is not None:
            if phase not in wanted:
                awaiting = self.awaiting(state)
                who = f"{awaiting.side}: " if awaiting.side else ""
                raise IllegalAction(f"no {kind} is awaited now; the game awaits "
                                    f"{who}{self.told_prompt(state, awaiting)}",
                                    rule=self._phase_rule(state),
                                    action=str(action), state=state.summary())
        else:
            expected = state.atbat.turn if phase == "cards" else state.actor
            if phase in ("deal", "roll", "free-roll") or action.side != expected:
                if kind in DEPLOY_KINDS and phase in ("cards", "manage") or (
                        kind == "manage" and phase == "cards"):
                    # A step of another phase (a fielder named in the Strategy Card phase,
                    # the batting side's Managerial Move before the last pass): its own
                    # handler says when it is taken (4.2.3, 4.5), which says more than
                    # whose turn it is now. It refuses before it changes anything.
                    self._handlers[kind](state, action)
                awaiting = self.awaiting(state)
                prompt = self.told_prompt(state, awaiting)
                said = (f"no {kind} now: the game awaits {prompt}"
                        if awaiting.side is None else
                        f"it is {expected}'s turn, not {action.side}'s: the game awaits "
                        f"{expected}: {prompt}")
                rule = self._phase_rule(state)
                step = HAND_STEPS.get(kind)
                if step is not None and phase not in (step[0], "deal"):
                    said = f"{step[2]}; " + said.replace("it is", "now it is", 1)
                    rule = step[1]
                card = self.box.card(action.args[0]) if kind == "play" else None
                if card is not None and phase == "cards":
                    # whose deck the card is of (a fielder typing his own 'play Wheelhouse'
                    # heard only that it was not the batting side's turn)
                    offense = card.side == "offense"
                    said = (f"{card.name} is {'an offense' if offense else 'a defense'} card, "
                            f"the {'batting' if offense else 'fielding'} side's (rule 5.1); "
                            + said)
                raise IllegalAction(said, rule=rule, action=str(action),
                                    state=state.summary())
        handler = self._handlers.get(kind)
        if handler is None:
            raise ParseError(f"unknown action kind {kind!r}")
        handler(state, action)

    def _phase_rule(self, state: State) -> str:
        """The rule of the step the game is waiting on, for out-of-turn actions."""
        if state.inning == 0 and state.phase in ("draw", "exchange", "deal"):
            return "3.0"
        return PHASE_RULES.get(state.phase, "4.0")

    def _illegal(self, state: State, action: Action, message: str, rule: str):
        return IllegalAction(message, rule=rule, action=act.format_action(action),
                             state=state.summary())

    # draws and exchanges ---------------------------------------------------------------

    def _do_draw(self, state: State, action: Action) -> None:
        if state.phase != "draw":
            raise self._illegal(state, action, "cards are drawn in the Draw phase", "5.2.1")
        offense, defense = action.args
        if min(offense, defense) < 0:
            raise self._illegal(state, action, "card counts are whole numbers, 0 or more",
                                "5.2.1")
        if offense + defense != state.draws_owed:
            raise self._illegal(state, action, f"draw exactly {state.draws_owed} card"
                                f"{'' if state.draws_owed == 1 else 's'} now",
                                "3.0" if state.inning == 0 else "5.2.1")
        if not self._draw_fits(state, offense, defense):
            raise self._illegal(state, action, "not that many cards left in that deck, even "
                                "after reshuffling its discards", "5.2.1")
        side = action.side
        state.note("5.2.1", f"{side} draws {offense} offense, {defense} defense")
        for deck, count in (("offense", offense), ("defense", defense)):
            for _ in range(count):
                state.pending_deals.append((side, deck))
        self._next_deal(state)

    def _next_deal(self, state: State) -> None:
        """Deal the queued cards: digital cards wait for a deal action; physical ones are hidden."""
        while state.pending_deals:
            side, deck_name = state.pending_deals[0]
            deck = state.decks[deck_name]
            if deck.pile == 0:
                self._reshuffle(state, deck_name)
            if state.cards_mode == "digital":
                state.phase = "deal"
                return
            state.pending_deals.pop(0)
            deck.pile -= 1
            state.side(side).hidden[deck_name] += 1
        self._to_exchange(state)

    def _reshuffle(self, state: State, deck_name: str) -> None:
        deck = state.decks[deck_name]
        deck.unseen.update(deck.discard)
        deck.pile += len(deck.discard)
        deck.discard.clear()
        # the cards of the draw still to come, from the new pile (the table draws them so)
        owed = sum(1 for _, deck_of in state.pending_deals if deck_of == deck_name)
        state.note("5.2.1", f"the {deck_name} {RESHUFFLED} ({owed} to draw from the new "
                            f"pile)")

    def _do_deal(self, state: State, action: Action) -> None:
        key = action.args[0].casefold()
        side, deck_name = state.pending_deals[0]
        deck = state.decks[deck_name]
        card = self.box.cards.get(key)
        if card is None or card.side != deck_name or deck.unseen[key] <= 0:
            raise self._illegal(state, action, f"{action.args[0]!r} is not in the {deck_name} "
                                "draw pile", "5.2.1")
        state.pending_deals.pop(0)
        deck.unseen[key] -= 1
        deck.pile -= 1
        state.side(side).hand[key] += 1
        self._next_deal(state)

    def _to_exchange(self, state: State) -> None:
        side = state.actor
        if state.exchanges_left > 0 and state.side(side).hand_size() > 0:
            state.phase = "exchange"
            return
        self._after_exchanges(state)

    def _do_exchange(self, state: State, action: Action) -> None:
        if state.phase != "exchange":
            raise self._illegal(state, action, "cards are exchanged after drawing", "5.2.2")
        name, deck_name = action.args
        key = name.casefold()
        side = action.side
        if key not in self.box.cards or not self._in_hand(state, side, key):
            raise self._illegal(state, action, self._not_in_hand(state, side, key, name),
                                "5.2.2")
        card = self.box.cards[key]
        if self._capacity(state, deck_name) + (card.side == deck_name) == 0:
            raise self._illegal(state, action, f"the {deck_name} deck has no card left",
                                "5.2.1")
        self._discard_from_hand(state, side, key)
        state.exchanges_left -= 1
        state.note("5.2.2", f"{side} exchanges {card.name} for "
                            f"{'an' if deck_name == 'offense' else 'a'} {deck_name} card")
        state.pending_deals.append((side, deck_name))
        self._next_deal(state)

    def _discard_from_hand(self, state: State, side: str, key: str) -> None:
        own = state.side(side)
        card = self.box.cards[key]
        deck = state.decks[card.side]
        if state.cards_mode == "digital":
            own.hand[key] -= 1
        else:
            own.hidden[card.side] -= 1
            deck.unseen[key] -= 1
        deck.discard.append(key)

    def _do_keep(self, state: State, action: Action) -> None:
        if state.phase != "exchange":
            raise self._illegal(state, action, "nothing to keep now", "5.2.2")
        state.exchanges_left = 0
        self._after_exchanges(state)

    def _after_exchanges(self, state: State) -> None:
        state.exchanges_left = 0
        if state.inning == 0:
            if state.actor == "home":
                self._begin_setup_draw(state, "away")
            else:
                self._to_starter(state, "home")
            return
        self._to_mound(state)

    # starters and lineups ---------------------------------------------------------------

    def _to_starter(self, state: State, side: str) -> None:
        preset = state.header.get(f"{side.capitalize()}Starter")
        if preset:
            self._set_starter(state, side, preset.casefold())
            return
        state.phase = "starter"
        state.actor = side

    def _set_starter(self, state: State, side: str, key: str) -> None:
        own = state.side(side)
        own.starter = own.pitcher = key
        own.fatigue = int(starter_fatigue_tag(state.header, side))
        own.lines[key] = PitcherLine()
        state.note("3.0", f"{side} starting pitcher: {own.roster.pitchers[key].name}"
                   + (f", on short rest at Fatigue +{own.fatigue} (rule 8.2.3 a)"
                      if own.fatigue else ""))
        if side == "home":
            self._to_starter(state, "away")
        else:
            state.phase = "lineup"
            state.actor = "home"

    def _do_start(self, state: State, action: Action) -> None:
        if state.phase != "starter":
            raise self._illegal(state, action, "starting pitchers are named at setup", "3.0")
        key = action.args[0].casefold()
        if key not in {p.name.casefold() for p in self._starters(state, action.side)}:
            raise self._illegal(state, action, f"{action.args[0]} is not an available SP",
                                "3.0")
        self._set_starter(state, action.side, key)

    def _do_lineup(self, state: State, action: Action) -> None:
        if state.phase != "lineup":
            raise self._illegal(state, action, "lineups are set at setup", "3.0")
        own = state.side(action.side)
        catcher, outfield, infield, dh = action.args
        names = [catcher, *outfield, *infield, dh]
        keys = [n.casefold() for n in names]
        if len(outfield) != 3 or len(infield) != 4:
            raise self._illegal(state, action, "a lineup has 1 C, 3 OF, 4 IF and 1 DH", "3.0")
        if len(set(keys)) != 9:
            twice = next(name for name in names if keys.count(name.casefold()) > 1)
            raise self._illegal(state, action, f"{twice} appears twice in the lineup (nine "
                                "different ballplayers)", "3.0")
        pieces = own.roster.ballplayers
        for name in names:
            if name.casefold() not in pieces:
                raise self._illegal(state, action, f"{name!r} is not a ballplayer of "
                                    f"{self.box.roster_words(own.team, own.roster.key)}",
                                    "3.0")
        for name, wanted in [(catcher, "C"), *[(n, "OF") for n in outfield],
                             *[(n, "IF") for n in infield]]:
            if pieces[name.casefold()].position != wanted:
                raise self._illegal(state, action, f"{name} is not {ARTICLED[wanted]}", "3.0")
        own.lineup = dict(zip(keys, ["C", "OF", "OF", "OF", "IF", "IF", "IF", "IF", "DH"],
                              strict=True))
        own.dh = dh.casefold()
        own.available = list(keys)
        state.note("3.0", f"{action.side} lineup set; DH {dh} fields with Defense "
                          f"{self.box.dh_defense}")
        if action.side == "home":
            state.actor = "away"
        else:
            self._begin_inning(state, 1)

    # innings and halves ----------------------------------------------------------------

    def _begin_inning(self, state: State, inning: int) -> None:
        state.inning = inning
        state.half = "top"
        if inning >= 10:
            for side in (state.home, state.away):
                # 6.1 at the 10th, again at each 10th of the repeated procedure (6.3: the
                # 20th, 30th, ...), and whenever the dugout is empty (the 19th, 29th, ...)
                if inning % 10 == 0 or not side.available:
                    side.available.extend(side.used)
                    side.used.clear()
                    state.note("6.1", f"{side.name}: used ballplayers return to the dugout")
        self._begin_half(state)

    def _begin_half(self, state: State) -> None:
        if state.inning > 1 or state.half == "bottom":
            state.last_atbat = state.atbat              # the half just ended
        state.atbat = AtBat(turn=state.batting)
        for side in (state.home, state.away):
            if state.half == "top":
                side.player = None
        draws, exchanges, strategy = inning_parameters(self.box, state.inning)
        state.actor = state.batting
        if strategy == "any":
            state.strategy = "any"      # until the batting player names one (rule 6.2)
            state.phase = "name"
            return
        state.strategy = strategy
        self._to_draw(state)

    def _do_name(self, state: State, action: Action) -> None:
        if state.phase != "name":
            raise self._illegal(state, action, "a strategy is named only in an 'Any' inning",
                                "6.2")
        strategy = action.args[0]
        if strategy not in STRATEGIES:
            raise self._illegal(state, action, f"{strategy!r} is not one of "
                                f"{', '.join(STRATEGIES)}", "6.2")
        state.strategy = strategy
        state.note("6.2", f"{action.side} names {strategy} as the strategy for this half")
        self._to_draw(state)

    def _exchanges(self, state: State) -> int:
        """The exchanges the draw now made allows (rule 5.2.2; at setup, rule 3.0's)."""
        return inning_parameters(self.box, state.inning)[1] if state.inning else \
            SETUP_EXCHANGE

    def _to_draw(self, state: State) -> None:
        draws, exchanges, _ = inning_parameters(self.box, state.inning)
        capacity = self._capacity(state, "offense") + self._capacity(state, "defense")
        state.draws_owed = min(draws, capacity)
        state.exchanges_left = exchanges if state.draws_owed else 0
        if draws > state.draws_owed:
            state.note("5.2.1", f"only {state.draws_owed} card"
                                f"{'' if state.draws_owed == 1 else 's'} left to draw in "
                                "both decks")
        if state.draws_owed:
            state.phase = "draw"
            return
        self._to_mound(state)

    def _to_mound(self, state: State) -> None:
        """Rule 4.2.1: Take the Mound, with fatigue (4.2.1.1, 8.2), 6.1's last arm and 8.3."""
        side = state.fielding
        own = state.side(side)
        if ((self._closer_due(state, side) is not None and own.current_pitcher().kind != "CL")
                or self._closer_on_short_rest(state, side) is not None):
            state.phase = "mound"
            state.actor = side
            return
        tired = self._is_tired(state, own)
        if ("advanced-fatigue" in state.options or self._may_change(state, own)) \
                and self._relievers(state, side):
            state.phase = "mound"
            state.actor = side
            return
        if tired:
            self._keep_tired(state, side)
        self._take_mound(state)

    def _keep_tired(self, state: State, side: str) -> None:
        """A tired pitcher stays on: under Advanced Fatigue (8.2.1, his manager's choice or
        for want of a reliever) he tires a step an inning; else nobody fresh is left to
        bring in (none, or only arms on short rest, 8.2.3) and he goes on at +200 (6.1)."""
        own = state.side(side)
        if "advanced-fatigue" in state.options and state.inning <= 9:
            self._pitch_tired(state, own)
            return
        pitcher = own.current_pitcher()
        if own.fatigue < 200:
            closers = [p.name for key, p in self._bullpen(state, side)
                       if p.kind == "CL" and key not in own.resting]
            why = (f"no RP left to relieve him ({', '.join(closers)} may not: under Advanced "
                   "Fatigue only an RP relieves an RP or CL, 8.2)"
                   if closers and "advanced-fatigue" in state.options and pitcher.kind != "SP"
                   else "no fresh pitcher")
            state.note("6.1", f"{side} has {why}: {pitcher.name} stays with Fatigue +200")
        own.fatigue = 200
        own.lines[own.pitcher].exceeded_fatigue = True

    def relief_fatigue(self, state: State, side: str, key: str) -> int:
        """The fatigue marker a reliever comes in with: +100 on short rest (rule 8.2.3 b),
        else none."""
        return 100 if key in state.side(side).short_rest else 0

    def stay_fatigue(self, state: State, side: str) -> int | None:
        """The fatigue marker the pitcher on the mound pitches at if his manager keeps him
        (rule 8.2.1): None when he is not tired (he stays as he is)."""
        own = state.side(side)
        if not self._is_tired(state, own):
            return None
        if "advanced-fatigue" not in state.options:
            return 200          # short rest declined: no fresh arm is left (8.2.3, 6.1)
        return min(200, own.fatigue + 100)

    def _pitch_tired(self, state: State, own: Side) -> None:
        """Rule 8.2.1: a tired pitcher kept in gets +100, then +200, never more."""
        own.lines[own.pitcher].exceeded_fatigue = True
        self._bump_fatigue(state, own, "8.2.1", BUMPS["tired"])

    def _bump_fatigue(self, state: State, own: Side, rule: str, why: str) -> None:
        before = own.fatigue
        own.fatigue = min(200, own.fatigue + 100)
        if own.fatigue != before:
            state.note(rule, f"{own.current_pitcher().name} {why}: Fatigue +{own.fatigue}")

    def _do_stay(self, state: State, action: Action) -> None:
        own = state.side(action.side)
        if state.phase == "mound" and self._closer_due(state, action.side) is not None:
            raise self._illegal(state, action, "the Closer must come in to save the game",
                                "8.3")
        if state.phase != "mound":
            raise self._illegal(state, action, *self._not_at_the_mound(state))
        if action not in self._mound_actions(state, action.side):
            raise self._illegal(state, action, "keeping a tired pitcher is the Advanced "
                                "Pitcher Fatigue option, not in use in this game (under the "
                                "basic rule he stays only when no fresh arm is left)", "8.2.1")
        if self._is_tired(state, own) and "advanced-fatigue" in state.options:
            self._pitch_tired(state, own)       # his manager keeps him (8.2.1)
        elif self._is_tired(state, own):
            self._keep_tired(state, action.side)    # short rest declined (8.2.3, 6.1)
        self._take_mound(state)

    @staticmethod
    def _not_at_the_mound(state: State) -> tuple[str, str]:
        """Why a pitcher is neither kept nor changed now, and the rule: under Advanced
        Fatigue at any Take the Mound (8.2), under the basic rule when fatigue forces it."""
        if "advanced-fatigue" in state.options:
            return ("pitchers are kept or changed only at Take the Mound, as each half "
                    "inning starts", "8.2")
        return "pitchers change only at Take the Mound when fatigue forces it", "4.2.1.1"

    def _do_relieve(self, state: State, action: Action) -> None:
        if state.phase != "mound":
            raise self._illegal(state, action, *self._not_at_the_mound(state))
        key = action.args[0].casefold()
        closer = self._closer_due(state, action.side)
        if closer is not None and key != closer.name.casefold():
            raise self._illegal(state, action, f"{closer.name} must come in to save the game",
                                "8.3")
        if closer is None and key not in {a.args[0].casefold() for a in self._mound_actions(
                state, action.side) if a.kind == "relieve"}:
            rule, why = self._relief_refusal(state, action.side, key)
            raise self._illegal(state, action, f"{action.args[0]} {why}", rule)
        optional = self._closer_on_short_rest(state, action.side)
        if optional is not None and key == optional.name.casefold():
            closer = optional       # the save on short rest, his manager's to take
        own = state.side(action.side)
        old = own.current_pitcher()
        # Why he goes: the Closer's save (8.3), fatigue (4.2.1.1), the groove's choice
        # (8.4.1), else the manager's choice that Advanced Pitcher Fatigue allows at any
        # Take the Mound (8.2: a fresh or a bombed pitcher, not a tired one).
        rule = ("8.3" if closer is not None else
                "4.2.1.1" if self._is_tired(state, own) else
                "8.4.1" if self._grooving_past_fatigue(state, own) else "8.2")
        own.pitchers_removed.append(own.pitcher)
        own.pitcher = key
        own.fatigue = 0
        own.lines.setdefault(key, PitcherLine())
        state.note(rule, f"{action.side}: {own.roster.pitchers[key].name} relieves "
                         f"{old.name}")
        if self.relief_fatigue(state, action.side, key):
            self._bump_fatigue(state, own, "8.2.3", "comes in on short rest")
        self._take_mound(state)

    def _take_mound(self, state: State) -> None:
        own = state.side(state.fielding)
        pitcher = own.current_pitcher()
        own.lines[own.pitcher].innings += 1
        atbat = state.atbat
        atbat.rolls = min(self.box.rolls_max, pitcher.stuff_rolls + own.fatigue // 100)
        atbat.number = pitcher.stuff_box
        state.note("4.2.1", f"{pitcher.name} takes the mound: Scoring Rolls {atbat.rolls}, "
                            f"Scoring Number {state.scoring_box().label}"
                            + (f" (Fatigue +{own.fatigue})" if own.fatigue else ""))
        if state.half == "top":
            state.phase = "bat"
            state.actor = "away"
        else:
            self._do_bottom_players(state)

    def _do_bottom_players(self, state: State) -> None:
        """Rules 4.2.2 b and 4.2.3 b: the top half's fielder bats, its batter fields."""
        state.note("4.2.2 b, 4.2.3 b", f"home bats {self._piece(state.home).name}; "
                            f"away fields {self._piece(state.away).name}")
        self._batter_vs_fielder(state)

    def _piece(self, side: Side):
        return side.roster.ballplayers[side.player]

    def _do_bat(self, state: State, action: Action) -> None:
        if state.phase != "bat":
            if state.half == "bottom" and state.inning:
                raise self._illegal(state, action, "in the bottom half the home team bats, "
                                    "its batter the top half's fielder, placed for him",
                                    "4.2.2 b")
            raise self._illegal(state, action, "the batter is chosen at Batter Up", "4.2.2")
        self._choose_player(state, action, "4.2.2")
        state.phase = "field"
        state.actor = "home"

    def _do_field(self, state: State, action: Action) -> None:
        if state.phase != "field":
            if state.half == "bottom" and state.inning:
                raise self._illegal(state, action, "in the bottom half the away team "
                                    "fields, its fielder the top half's batter, placed for "
                                    "him", "4.2.3 b")
            raise self._illegal(state, action, "the fielder is chosen at Take the Field",
                                "4.2.3")
        self._choose_player(state, action, "4.2.3")
        # The top half's pair, noted as the bottom half's is (rules 4.2.2, 4.2.3).
        state.note("4.2.2, 4.2.3", f"away bats {self._piece(state.away).name}; "
                            f"home fields {self._piece(state.home).name}")
        self._batter_vs_fielder(state)

    def _choose_player(self, state: State, action: Action, rule: str) -> None:
        own = state.side(action.side)
        key = action.args[0].casefold()
        if key not in own.available:
            where = "already used this game" if key in own.used else "not in the lineup"
            raise self._illegal(state, action, f"{action.args[0]} is {where}; choose from the "
                                "Available Ballplayers", rule)
        own.available.remove(key)
        own.player = key

    def _batter_vs_fielder(self, state: State) -> None:
        """Rule 4.3 (and 4.3.1 for the DH), then Home Ballpark effects if in use (8.1)."""
        batting, fielding = state.side(state.batting), state.side(state.fielding)
        batter, fielder = self._piece(batting), self._piece(fielding)
        defense = fielding_defense(self.box, fielding, fielding.player)
        diff = matchup_shift(self.box, state)
        move_number(state, diff)
        state.note("4.3", f"{batter.name} (Offense {batter.offense}) vs {fielder.name} "
                          f"(Defense {defense}): Scoring Number {diff:+d} to "
                          f"{state.scoring_box().label}")
        if "ballparks" in state.options:
            self._ballpark(state)
        state.phase = "cards"
        state.atbat.turn = state.batting
        state.actor = state.batting

    def _ballpark(self, state: State) -> None:
        """Rule 8.1: the home ballpark's effects on this half, each noted and kept on the
        at-bat in words (the board says them); one reading a rating the matchup does not
        have does nothing."""
        park = state.home.team.ballpark
        matchup = self.matchup(state, state.batting)
        for effect in park.effects:
            if effect.applies not in ("both", state.batting) or not matchup.all_hold(effect.when):
                continue
            did = []
            if effect.effect is not None:
                delta = matchup.effect_value(effect.effect)     # a number or a rating
                if delta is not None:
                    move(state, effect.effect.marker, delta)
                    did.append(f"{MARKER_WORDS[effect.effect.marker]} {delta:+d}"
                               + ("" if delta else zero_move_words(effect.effect, matchup)))
            state.atbat.extra_numbers.update(effect.scoring_numbers)
            if effect.scoring_numbers:
                did.append(also_scores(effect.scoring_numbers))
            if not did:
                continue                        # a rating it cannot read: nothing happens
            words = "; ".join(did) + (f" ({park_conditions(effect.when)})" if effect.when
                                      else "")  # why: checkable against the team card
            state.atbat.park += (words,)
            state.note("8.1", f"{park.name}: {park.feature}: {words}"
                       + markers_said(state.atbat.rolls, state.atbat.bonus,
                                      state.scoring_box().label))

    # strategy card phase ------------------------------------------------------------------

    def _do_play(self, state: State, action: Action) -> None:
        if state.phase != "cards":
            raise self._illegal(state, action, "cards are played in the Strategy Card phase",
                                "4.4")
        side = action.side
        key = action.args[0].casefold()
        card = self.box.cards.get(key)
        if card is not None and card.side != ("offense" if side == state.batting
                                              else "defense"):
            rule, why = self.card_block(state, side, key)          # the wrong deck (5.1)
            raise self._illegal(state, action, why, rule)
        if card is None or not self._in_hand(state, side, key):
            raise self._illegal(state, action,
                                self._not_in_hand(state, side, key, action.args[0]), "5.4")
        matchup = self.matchup(state, side)
        block = self.card_block(state, side, key, matchup)
        if block is not None:
            raise self._illegal(state, action, block[1], block[0])
        atbat = state.atbat
        if atbat.must_play == side and card.is_free:
            raise self._illegal(state, action, "Rally Caps' extra card must be a strategy "
                                "card that counts", "5.7.2")
        self._discard_from_hand(state, side, key)
        state.side(side).cards_played.append(card.name)
        atbat.played.append((side, card.name))
        atbat.moves.append((side, "play"))
        if not card.is_free:
            atbat.plays_left[side] -= 1
        atbat.must_play = None
        target = self.cancel_target(state, card)
        atbat.cancellable = None
        if target is not None:
            atbat.restore(target[1])
            # the offense card the last play before this one (any other play clears it)
            atbat.cancelled += (len(atbat.played) - 2,)
            state.note("5.1.1 d", f"{card.name} cancels {self.box.cards[target[0]].name}: "
                                  "both discarded, the markers go back"
                       + markers_said(atbat.rolls, atbat.bonus, state.scoring_box().label))
        else:
            snapshot = atbat.snapshot()
            self._apply_card(state, side, card, matchup)
            if side == state.batting and card.category != "special":
                atbat.cancellable = (key, snapshot)
        atbat.passes = 0
        atbat.turn = state.fielding if side == state.batting else state.batting

    def cancel_target(self, state: State, card: Card) -> tuple | None:
        """Rule 5.1.1 d: the offense card `card` would cancel if played now (the one played
        just before it, of a category it cancels), as (its key, the markers from before
        it); None when it would cancel nothing."""
        target = state.atbat.cancellable
        if (card.cancels and target is not None
                and self.box.cards[target[0]].category in card.cancels):
            return target
        return None

    def _apply_card(self, state: State, side: str, card: Card, matchup: Matchup) -> None:
        moves = matchup.card_moves(card)
        for marker, delta in moves:
            move(state, marker, delta)
        atbat = state.atbat
        atbat.extra_numbers.update(card.scoring_numbers)
        if card.nines_remove_runs:
            atbat.hit_and_run = True
        # The bonus section's moves come after the effects' (card_moves), said as a bonus;
        # a rating's move that comes to nothing says why ('Power 1 less 1').
        applied = [(effect, number >= len(card.effects))
                   for number, effect in enumerate(card.effects + card.bonus)
                   if matchup.effect_value(effect) is not None]
        shown = ", ".join(("bonus " if bonus else "") + f"{MARKER_WORDS[m]} {d:+d}"
                          + (zero_move_words(effect, matchup) if not d else "")
                          for (effect, bonus), (m, d) in zip(applied, moves, strict=True))
        extra = []
        if card.scoring_numbers:
            extra.append(also_scores(card.scoring_numbers))
        if card.nines_remove_runs:
            extra.append("every 9 takes a run away")
        state.note("5.5", f"{side} plays {card.name}: " + "; ".join(filter(None, [shown, *extra]))
                   + markers_said(atbat.rolls, atbat.bonus, state.scoring_box().label))

    def _do_pass(self, state: State, action: Action) -> None:
        if state.phase == "manage":     # the Managerial Move's own pass has its own words
            raise self._illegal(state, action, "players pass in the Strategy Card phase; at "
                                f"the Managerial Move type '{action.side} stands pat'", "4.5")
        if state.phase != "cards":
            raise self._illegal(state, action, "players pass in the Strategy Card phase", "5.4")
        atbat = state.atbat
        if atbat.must_play == action.side:
            raise self._illegal(state, action, "after using Rally Caps for an extra card, "
                                "play it", "5.7.2")
        atbat.cancellable = None
        atbat.passes += 1
        atbat.moves.append((action.side, "pass"))
        if atbat.passes >= 2:
            state.note("5.4", "two passes in a row: the Strategy Card phase ends")
            state.phase = "manage"
            state.actor = state.batting
            return
        atbat.turn = state.fielding if action.side == state.batting else state.batting

    def _do_rally(self, state: State, action: Action) -> None:
        if state.phase != "cards":
            raise self._illegal(state, action, "Rally Caps are used in the Strategy Card phase",
                                "5.7.1")
        side = action.side
        own = state.side(side)
        use = action.args[0]
        atbat = state.atbat
        if own.rally_left <= 0:
            raise self._illegal(state, action, "Rally Caps are used twice a game at most",
                                "5.7.1")
        if atbat.must_play == side:
            raise self._illegal(state, action, "after using Rally Caps for an extra card, "
                                "play it", "5.7.2")
        if use == "tens":
            if side != state.batting:
                raise self._illegal(state, action, "only the batting player scores on 10s",
                                    "5.7.2")
            if atbat.tens:
                raise self._illegal(state, action, "10s already score this at-bat", "5.7.2")
            atbat.tens = True
            # An action in the phase, like a card: the opponent may answer it (5.4).
            atbat.passes = 0
            state.note("5.7.2", f"{side} uses Rally Caps: every roll of 10 scores this at-bat")
        else:
            if atbat.plays_left[side] > 0:
                raise self._illegal(state, action, "the extra card is for after a card has "
                                    "been played this phase", "5.7.2")
            if not self._rally_card_useful(state, side):
                raise self._illegal(state, action, "no eligible card to play with it", "5.7.2")
            atbat.plays_left[side] += 1
            atbat.must_play = side
            state.note("5.7.2", f"{side} uses Rally Caps to play an extra card")
        atbat.moves.append((side, use))
        own.rally_left -= 1

    # managerial move and scoring -----------------------------------------------------------

    def _do_manage(self, state: State, action: Action) -> None:
        if state.phase != "manage":
            # (when, and what is awaited: 'stand pat' typed before the last pass puzzled)
            awaiting = self.awaiting(state)
            when = ("comes once the card phase is over, both sides passing in a row (rule "
                    "5.4)" if state.phase == "cards" else
                    "comes after an at-bat's card phase, before its rolls")
            whose = ("the Managerial Move" if action.side == state.batting else
                     f"the Managerial Move is the batting side's ({state.batting}); it")
            raise self._illegal(state, action, f"{whose} {when}; the game awaits "
                                + (f"{awaiting.side}: " if awaiting.side else "")
                                + self.told_prompt(state, awaiting), "4.5")
        shift = action.args[0]
        if not self._manage_fits(state, shift):
            # The marker the move takes down, where it stands, and the boxes it lacks.
            why = (f"the Scoring Number marker is at box {state.scoring_box().label}: -2 "
                   "takes it down two boxes, and the track has no box that low"
                   if shift == -2 else
                   f"the Scoring Rolls marker is at {state.atbat.rolls}: a move up costs a "
                   "roll, and the track has no box below it")
            raise self._illegal(state, action, why, "4.5")
        atbat = state.atbat
        if shift:
            rolls, number, bonus = managerial_move(atbat.rolls, atbat.number, atbat.bonus,
                                                   shift, self.box.rolls_max)
            moved = rolls - atbat.rolls             # none at the top of the track
            atbat.rolls = rolls
            state.note("4.5", f"{action.side} Managerial Move: Scoring Number {shift:+d}"
                              + (f", Scoring Rolls {moved:+d}" if moved else "")
                              + markers_said(rolls, bonus,
                                             self.box.scoring_boxes[number - 1].label))
            move_number(state, shift)               # stops at XII, with its bonus (5.5.2)
        atbat.rolls_left = atbat.rolls + (1 if atbat.bonus else 0)
        state.phase = "roll"

    def _do_roll(self, state: State, action: Action) -> None:
        """Rules 4.6.2-4.6.3, 5.1.1 e and 5.7.2: score one roll (or box I's free roll)."""
        first, second = action.args
        total = check_face(first) + check_face(second)
        atbat = state.atbat
        state.dice_rolled += 1
        atbat.dice.append((first, second))
        box = state.scoring_box()
        # Rule 4.6.3: additional scoring numbers score on every roll, box I's free one too.
        scored = total in box.numbers or total in atbat.extra_numbers or (
            atbat.tens and total == 10)
        marks = ()
        if state.phase == "free-roll":
            state.phase = "roll"
            scored = scored or total in box.then
            marks = ("free",)
        else:
            atbat.rolls_left -= 1
            if not scored and box.first is not None and total == box.first:
                state.phase = "free-roll"
                marks = ("earns",)
        if scored:
            atbat.runs += 1
            marks += ("run",)
        if atbat.hit_and_run and total == 9 and atbat.runs > 0:
            atbat.runs -= 1
            marks += ("nine",)
            state.note("5.1.1 e", "Hit and Run: a 9 takes a run away")
        atbat.marks.append(marks)
        if state.phase == "roll" and atbat.rolls_left == 0:
            self._end_half(state)

    def _end_half(self, state: State) -> None:
        """Rules 4.6.4, 4.7, 4.8 and 6.3."""
        batting = state.side(state.batting)
        fielding = state.side(state.fielding)
        runs = state.atbat.runs
        batting.runs.append(runs)
        line = fielding.lines[fielding.pitcher]
        line.runs += runs
        scoring = state.scoring_box()           # what the half's dice were read against
        extra = state.extra_scoring_numbers()
        state.note("4.6.4", f"{state.batting} scores {runs} run{'' if runs == 1 else 's'} in the "
                            f"{state.half} of inning {state.inning} on box {scoring.label} "
                            f"({scoring.describe()}"
                            + (f"; {also_scores(extra)}" if extra else "")
                            + (nines_said(state.atbat) if state.atbat.hit_and_run else "")
                            + ")")
        if "good-bad-day" in state.options:     # the runs told first, then what they did
            self._bombed(state, fielding, line, runs)
        home, away = state.home.total, state.away.total
        if state.half == "top":
            if state.inning >= LAST_INNING and home > away:
                self._game_over(state, "home")
                return
            state.half = "bottom"
            self._begin_half(state)
            return
        for side in (state.home, state.away):
            side.used.append(side.player)
        if state.inning >= LAST_INNING and home != away:
            self._game_over(state, "home" if home > away else "away")
            return
        self._begin_inning(state, state.inning + 1)

    def _bombed(self, state: State, fielding: Side, line: PitcherLine, runs: int) -> None:
        """Rule 8.4.2: three runs in an inning or five in all earn +100; two more, +200."""
        if line.bombed_at is None:
            if runs >= 3 or line.runs >= 5:
                line.bombed_at = line.runs
                self._bump_fatigue(state, fielding, "8.4.2", BUMPS["bombed"])
        elif line.runs - line.bombed_at >= 2 and fielding.fatigue < 200:
            line.bombed_at = line.runs
            self._bump_fatigue(state, fielding, "8.4.2", BUMPS["again"])

    def _game_over(self, state: State, winner: str) -> None:
        state.winner = winner
        state.phase = "over"
        high, low = sorted((state.home.total, state.away.total), reverse=True)
        state.note(game_end_rule(state.inning), f"{winner} wins {high}-{low}")

    # -- chance ------------------------------------------------------------------------

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """Draw the awaited chance event from a generator (digital dice and cards)."""
        if state.phase in ("roll", "free-roll"):
            return act.roll(rng.randint(1, 6), rng.randint(1, 6))
        if state.phase == "deal":
            deck = state.decks[state.pending_deals[0][1]]
            pick = rng.randrange(deck.pile)
            for key, count in deck.unseen.items():
                if pick < count:
                    return act.deal(self.box.cards[key].name)
                pick -= count
        raise IllegalAction("no chance event is awaited", rule="4.0", state=state.summary())


NAME_TAG = tag_value(r"High & Tight", "'High & Tight' (this companion's game)")
# Every tag a game record's header may hold, with what its value must match (rules.py,
# new_state, reads the teams, rosters, pitchers and rules themselves).
GAME_TAGS = {
    "Game": NAME_TAG, "Box": "", "Home": "", "Away": "", "Cards": "",
    "Dice": tag_value("|".join(MODES), " or ".join(MODES) + " (the table's dice)"),
    "Rules": "", "Seed": "",
    "Result": tag_value(r"\d+-\d+", "the final as away runs-home runs, like 4-3"),
    "SeriesGame": tag_value(r"[1-7]", "a game number of a series, 1 to 7 (rule 3.0)"),
    # Who managed each side, in one game's record exported from a series (its import as an
    # exhibition plays on with the computer where it played).
    **{f"{place}Control": tag_value("human|computer", "human or computer")
       for place in ("Home", "Away")},
    **{f"{place}{tag}": "" for place in ("Home", "Away")
       for tag in ("Roster", "Resting", "ShortRest", "Starter", "StarterFatigue")},
}


def nines_said(atbat) -> str:
    """What Hit and Run's 9s did to a half (rule 5.1.1 e), for its note: 'each 9 took a run
    away' read as though one had where a 9 came before any run."""
    taken = sum("nine" in marks for marks in atbat.marks)
    if not taken:
        return "; Hit and Run: no 9 took a run away"
    return f"; Hit and Run: 9s took {taken} run{'' if taken == 1 else 's'} away"


def result_problem(state: State, said: str | None, actions: int) -> str | None:
    """Why a game does not match the Result its record states (away-home runs), or None:
    a record that says the game ended must replay to that end and that score (rule 4.8)."""
    if not said:
        return None
    if state.phase != "over":
        return (f"the record says it ended {said}, but its actions stop before the end of "
                f"the game, at {state.stands()} (after {actions} actions)")
    final = f"{state.away.total}-{state.home.total}"
    if final != said:
        return f"the record says {said} but replays to {final}"
    return None
