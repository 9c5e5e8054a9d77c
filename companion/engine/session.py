"""A session: one game's header and action list, with push/pop undo and redo."""

from __future__ import annotations

from typing import Any

from .errors import CompanionError, RecordError, line_refused
from .protocol import Rules
from .record import Record, header_error, parse_record


class Session:
    """Holds the actions taken; the state is their fold over the header's initial state."""

    def __init__(self, rules: Rules, header: dict[str, str]):
        self.rules = rules
        self.header = dict(header)
        self.actions: list[Any] = []
        self.redo_stack: list[Any] = []
        self.state = rules.new_state(self.header)

    def push(self, action: Any) -> Any:
        """Apply one action; a rule error leaves the session exactly as it was."""
        self.rules.apply(self.state, action)
        self.actions.append(action)
        self.redo_stack.clear()
        return action

    def push_text(self, text: str) -> Any:
        return self.push(self.rules.parse_action(self.state, text))

    def undo(self) -> Any:
        if not self.actions:
            raise CompanionError("nothing to undo")
        action = self.actions.pop()
        self.redo_stack.append(action)
        self._rebuild()
        return action

    def redo(self) -> Any:
        if not self.redo_stack:
            raise CompanionError("nothing to redo")
        action = self.redo_stack.pop()
        self.rules.apply(self.state, action)
        self.actions.append(action)
        return action

    def _rebuild(self) -> None:
        state = self.rules.new_state(self.header)
        for action in self.actions:
            self.rules.apply(state, action)
        self.state = state

    def lines(self) -> list[str]:
        return [self.rules.format_action(action) for action in self.actions]

    def record(self) -> Record:
        return Record(header=dict(self.header), lines=self.lines())

    def text(self) -> str:
        return self.record().text()


def replay(rules: Rules, text: str, first_line: int = 1) -> Session:
    """Rebuild a session from a record's text; a bad line is named by its line number
    (counted from `first_line`, where the record starts in its file)."""
    record = parse_record(text, first_line)
    try:
        session = Session(rules, record.header)
    except CompanionError as error:
        raise header_error(error, record.tag_lines) from None
    for number, line in zip(record.line_numbers, record.lines, strict=True):
        try:
            session.push_text(line)
        except CompanionError as error:
            # (the rule and why: the line is quoted, and its number given)
            raise RecordError(line_refused(line, error), line=number) from None
    return session
