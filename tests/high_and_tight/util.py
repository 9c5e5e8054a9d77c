"""Test helpers: set a game up to a chosen spot by the action text a player would type."""

from __future__ import annotations

import shutil

from companion.engine.session import Session
from companion.high_and_tight.box import DEFAULT_BOX_DIR, load_box
from companion.high_and_tight.rules import HighAndTight

NEW_YORK_LINEUP = ("home lineup C Delacorte; OF Kanno, Haverty, Quillen; "
                   "IF Vantassel, Orlick, Brannigan, Mendevil; DH Stroud")
TEXAS_LINEUP = ("away lineup C Boudreaux; OF Marty, Rusk, Villafane; "
                "IF Blanto, Hampton, Carrizales, Oyelaran; DH Wendt")


def play(session: Session, script: str) -> Session:
    """Push every non-blank line of `script` as an action."""
    for line in script.strip().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            session.push_text(line)
    return session


def draw_lines(side: str, cards: list[str], box) -> list[str]:
    """The draw and deal lines that give `side` exactly these cards (offense dealt first)."""
    offense = [c for c in cards if box.card(c).side == "offense"]
    defense = [c for c in cards if box.card(c).side == "defense"]
    parts = []
    if offense:
        parts.append(f"{len(offense)} offense")
    if defense:
        parts.append(f"{len(defense)} defense")
    return [f"{side} draws {' '.join(parts)}"] + [f"deal {c}" for c in offense + defense]


def new_game(rules: HighAndTight, home: str = "new-york", away: str = "texas",
             home_cards=("Good Wood", "Good Jump", "Work the Count", "Keep It in the Yard",
                         "Around the Horn", "On the Black"),
             away_cards=("Wallbanger", "Hit and Run", "Leadoff Walk", "Web Gem",
                         "Pitchout", "Blown Call"),
             home_starter: str = "Sabaria", away_starter: str = "Flee",
             home_lineup: str = NEW_YORK_LINEUP, away_lineup: str = TEXAS_LINEUP,
             header: dict | None = None) -> Session:
    """A digital-card game set up (rule 3.0) and waiting for the first Batter Up."""
    full = {"Game": "High & Tight", "Home": home, "Away": away, "Cards": "digital"}
    full.update(header or {})
    session = Session(rules, full)
    lines = draw_lines("home", list(home_cards), rules.box) + ["home keeps"]
    lines += draw_lines("away", list(away_cards), rules.box) + ["away keeps"]
    if "HomeStarter" not in full:
        lines.append(f"home starts {home_starter}")
    if "AwayStarter" not in full:
        lines.append(f"away starts {away_starter}")
    lines += [home_lineup, away_lineup]
    return play(session, "\n".join(lines))


def hand(session: Session, side: str) -> dict[str, int]:
    box = session.rules.box
    return {box.cards[k].name: n for k, n in session.state.side(side).hand.items() if n}


# -- quiet play: reach a spot of the game without cards played or runs scored -------------

QUIET = "roll 4 4"   # a total of 8 scores in no box of the demo track


def first_legal(session) -> str:
    rules = session.rules
    return rules.format_action(rules.legal_actions(session.state)[0])


def balanced_draw(state, side: str) -> str:
    """Draw each card from the fuller pile, so neither deck runs dry on a long quiet game."""
    piles = {deck: state.decks[deck].pile + len(state.decks[deck].discard)
             for deck in ("offense", "defense")}
    counts = {"offense": 0, "defense": 0}
    for _ in range(state.draws_owed):
        deck = max(piles, key=piles.get)
        piles[deck] -= 1
        counts[deck] += 1
    return f"{side} draws {counts['offense']} offense {counts['defense']} defense"


def quiet_step(session, reserve=frozenset()) -> None:
    """One quiet action: no card, no run, the first ballplayer not in `reserve` (keys)."""
    state = session.state
    phase = state.phase
    side = session.rules.awaiting(state).side
    if phase == "cards":
        session.push_text(f"{state.atbat.turn} passes")
    elif phase == "manage":
        session.push_text(f"{side} stands pat")
    elif phase in ("roll", "free-roll"):
        session.push_text(QUIET)
    elif phase == "exchange":
        session.push_text(f"{side} keeps")
    elif phase == "name":
        session.push_text(f"{side} names none")
    elif phase == "draw":
        session.push_text(balanced_draw(state, side))
    elif phase in ("bat", "field"):
        own = state.side(side)
        key = next(k for k in own.available if k not in reserve)
        verb = "bats" if phase == "bat" else "fields"
        session.push_text(f"{side} {verb} {own.roster.ballplayers[key].name}")
    else:  # deal, mound: the first legal choice
        session.push_text(first_legal(session))


def quiet_half(session, reserve=()) -> None:
    """Finish the current half inning without a card played or a run scored."""
    state = session.state
    start = (state.inning, state.half)
    keys = {name.casefold() for name in reserve}
    while (state.inning, state.half) == start and state.phase != "over":
        quiet_step(session, keys)


def to_half(session, inning: int, half: str = "top", reserve=()) -> None:
    """Play quietly until that half inning begins (its draw not yet made)."""
    state = session.state
    while (state.inning, state.half) != (inning, half):
        quiet_half(session, reserve)


def reach(session, inning: int, half: str = "top", reserve=()) -> None:
    """Play quietly to that half inning and through its draw, to the next real choice.

    Ballplayers named in `reserve` stay in the dugout. Stops at Take the Mound (when
    fatigue forces a change), Batter Up (top half) or the Strategy Card phase (bottom).
    """
    to_half(session, inning, half, reserve)
    keys = {name.casefold() for name in reserve}
    while session.state.phase in ("name", "draw", "deal", "exchange"):
        quiet_step(session, keys)


TOTALS = frozenset(range(2, 13))


def pair(total: int) -> tuple[int, int]:
    """Two die faces adding up to `total`."""
    first = min(6, total - 1)
    return first, total - first


def dice_for(state, want_run: bool) -> tuple[int, int]:
    """Faces that score (or do not score) a run with the markers as they stand (rule 4.6.2);
    with Hit and Run on, a 9 is kept out where another total will do (rule 5.1.1 e)."""
    box = state.scoring_box()
    if state.phase == "free-roll":
        hits = set(box.then)
    else:
        hits = set(state.scoring_numbers())
        if want_run and not hits:
            hits = {box.first}           # box I: a 2 first, the free roll scores next
    pool = hits if want_run else set(TOTALS) - hits - {box.first}
    if state.atbat.hit_and_run and pool - {9}:
        pool -= {9}
    return pair(min(pool))


def at(inning: int, half: str = "top", phase: str | None = None):
    """A stop condition for the `drive` helpers: this half inning reached (and this phase,
    if given)."""
    def reached(state) -> bool:
        return ((state.inning, state.half) == (inning, half)
                and (phase is None or state.phase == phase))
    return reached


# -- drive: play a game on through the canonical action text --------------------------------

STAY = "stays with the pitcher"


def game_state(target):
    """The game state of a Session, or of a SeriesSession's game in play."""
    return target.games[-1].state if hasattr(target, "series") else target.state


def default_choice(state, legal):
    """Pass every card phase, stand pat, keep every hand; at Take the Mound keep the pitcher
    when the rules allow it (8.2), else the first pitcher offered; otherwise the first
    legal action."""
    if state.phase == "cards":
        return next(a for a in legal if a.kind == "pass")
    if state.phase == "manage":
        return next(a for a in legal if a.args == (0,))
    if state.phase == "exchange":
        return next(a for a in legal if a.kind == "keep")
    if state.phase == "mound":
        return next((a for a in legal if a.kind == "stay"), legal[0])
    return legal[0]


def drive(target, until=None, runs=None, choose=None, mound=None, trace=None, limit=50_000):
    """Play on until `until(state)` holds or the game is over; returns the game state.

    `target` is a game Session or a SeriesSession (its current game is played through the
    series, so the series records the result). `runs` maps (inning, half) to the runs the
    batting side scores in that half (none elsewhere). `choose(state, legal)` may return an
    action or a line for any decision, `mound(state, legal_lines)` a line for Take the
    Mound (None for the default); `trace` collects (inning, half, phase) before every
    action. Every action goes in as the canonical line a player would type.
    """
    rules = target.rules
    push = target.push if hasattr(target, "series") else target.push_text
    runs = runs or {}
    state = game_state(target)      # changed in place; a series' next game is not played
    for _ in range(limit):
        if state.phase == "over" or (until is not None and until(state)):
            return state
        if trace is not None:
            trace.append((state.inning, state.half, state.phase))
        if state.phase in ("roll", "free-roll"):
            wanted = runs.get((state.inning, state.half), 0)
            push("roll {} {}".format(*dice_for(state, state.atbat.runs < wanted)))
            continue
        legal = rules.legal_actions(state)
        action = choose(state, legal) if choose is not None else None
        if action is None and mound is not None and state.phase == "mound":
            action = mound(state, [rules.format_action(a) for a in legal])
        if action is None:
            action = default_choice(state, legal)
        push(action if isinstance(action, str) else rules.format_action(action))
    raise AssertionError("drive: the game did not reach the wanted spot")


def edited_box_rules(tmp_path, file: str, old: str, new: str) -> HighAndTight:
    """The rules of a copy of the demo box with `old` replaced by `new` in one of its files."""
    folder = tmp_path / "box"
    shutil.copytree(DEFAULT_BOX_DIR, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return HighAndTight(load_box(folder))
