"""Error types of the engine.

``ParseError`` is for text that cannot be read at all; ``IllegalAction`` for a well-formed
action the rules forbid at this point; ``InvalidHand`` for a hand recorded at the table
that breaks a rule. Every message names the field and the rule.

Every error type of scorekeeper, here and in the app (``json_input.JsonProblem``,
``forms.FieldProblem``), takes ``(message, field)`` in that order and keeps them as
``.message`` and ``.field``; ``InvalidHand`` takes its list of (field, message) problems
and shows the first.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""

    field: str | None = None

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if field is not None:
            self.field = field

    def __str__(self) -> str:
        return self.message

    def problems(self) -> list[tuple[str, str]]:
        """Every (field, message) this refuses, as a hand form says them: its own, at
        "hand" (the hand as a whole) when it names no field."""
        return [(self.field or "hand", self.message)]


class ParseError(EngineError):
    """Text that is not a card, bid, denomination or setting value."""


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid in the current state."""


class InvalidSettings(EngineError):
    """A rule setting with a value outside its allowed range."""


class InvalidHand(EngineError):
    """A recorded hand that breaks a rule. ``errors`` holds every (field, message) found."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        self.errors = errors
        field, message = errors[0]
        super().__init__(message, field)

    def problems(self) -> list[tuple[str, str]]:
        return list(self.errors)
