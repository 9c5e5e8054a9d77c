"""The project's error types: every one is a ValueError the interfaces know how to show."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class CompanionError(ValueError):
    """Base of every error the companion raises on purpose."""


class TooLittleSaid(CompanionError):
    """A line that says too little to be taken, answered with what to add ('who comes in?
    type his name: ...', 'could be ...: type more'): nothing wrong, only more wanted."""


class DataError(CompanionError):
    """A box data file is wrong: names the file, the line or entry, and the field."""

    def __init__(self, problems: list[str], warnings: list[str] = ()):
        self.problems = list(problems)
        self.warnings = list(warnings)      # likely slips found too, told with the problems
        self.way_out: str | None = None     # what to do, when it is not `data check DIR`
        super().__init__("\n".join(self.problems))


class IllegalAction(CompanionError):
    """An action the rules do not allow now: names the rule, the action and the state."""

    def __init__(self, message: str, *, rule: str, action: str = "", state: str = ""):
        self.rule = rule
        self.action = action
        self.state = state
        text = f"rule {rule}: {message}"
        self.brief = text                  # what a player at the table needs to read
        if action:
            text += f" (action: {action!r})"
        if state:
            text += f" [state: {state}]"
        super().__init__(text)


class ParseError(CompanionError):
    """A line of text that is not a known action, or a value outside its accepted range."""


class RecordError(CompanionError):
    """A game record that cannot be read or replayed: names the line."""

    def __init__(self, message: str, *, line: int | None = None):
        self.line, self.said = line, message
        prefix = f"line {line}: " if line is not None else ""
        super().__init__(prefix + message)


def clip(text: str, most: int = 40) -> str:
    """A text quoted back in a message, cut short: a field that took in the lines after an
    open quote, or a pasted page, would fill the screen."""
    return text if len(text) <= most else text[:most - 3] + "..."


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name nearest a mistyped one ('Sabarria' -> 'Sabaria', a card's name
    without its '(Defense)'), in its own spelling; None when none is near. Case is not
    a difference."""
    spelled = {str(name).casefold(): str(name) for name in known}
    found = difflib.get_close_matches(str(word).casefold(), list(spelled), n=1, cutoff=0.6)
    return spelled[found[0]] if found else None


def line_refused(line: str, error: Exception) -> str:
    """A record's line refused, quoted, then why (the rule and why, or the parse's own
    words, which quote it already: "'roll 5': 'roll 5': dice are..." said it twice)."""
    said = str(getattr(error, "brief", error))
    quoted = repr(clip(line))
    return said if said.startswith(quoted) else f"{quoted}: {said}"


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """'; did you mean 'Sabaria'?' for a refusal's end, or nothing. Names the typed words
    begin ('sab', a card's name without its side) are offered first, three at most."""
    known = [str(name) for name in known]
    start = str(word).casefold()
    begun = [name for name in known if name.casefold().startswith(start)] if start else []
    if len(begun) > 3:
        return (f"; did you mean {', '.join(map(repr, begun[:3]))} or {len(begun) - 3} "
                "more?")
    if begun:
        return "; did you mean " + " or ".join(map(repr, begun)) + "?"
    near = closest(word, known)
    return f"; did you mean {near!r}?" if near else ""
