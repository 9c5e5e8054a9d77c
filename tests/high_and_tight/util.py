"""Test helpers: set a game up to a chosen spot by the action text a player would type."""

from __future__ import annotations

from companion.engine.session import Session
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
