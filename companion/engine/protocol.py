"""What a game module offers the engine: the contract every game's rules fulfil."""

from __future__ import annotations

from typing import Any, Protocol


class Rules(Protocol):
    """A game's pure rules. State is derived by folding actions over the initial state."""

    name: str

    def new_state(self, header: dict[str, str]) -> Any: ...

    def apply(self, state: Any, action: Any) -> None:
        """Apply a legal action to the state in place, or raise IllegalAction."""

    def parse_action(self, state: Any, text: str) -> Any: ...

    def format_action(self, action: Any) -> str: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def awaiting(self, state: Any) -> Any: ...

    def is_over(self, state: Any) -> bool: ...


class Manager(Protocol):
    """A computer manager: picks one of the legal actions for the side it plays."""

    def choose(self, state: Any, legal: list[Any]) -> Any: ...
