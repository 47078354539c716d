"""What a data-layer call raises when there is no such thing stored. (A write that
clashes with what is stored raises ``hands.Conflict``, which carries the stored hand.)"""

from __future__ import annotations

from ..problems import Problem


class NotFound(Problem, LookupError):
    """No such game (``field`` ``id``), or no such hand in it (``number``)."""

    def __init__(self, message: str, field: str | None = "id") -> None:
        super().__init__(message, field)
