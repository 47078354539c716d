"""What a data-layer call raises when there is no such thing stored, or when a write
clashes with what is stored (``Conflict``, which may carry the stored hand)."""

from __future__ import annotations

from typing import Any

from ..problems import Problem


class NotFound(Problem, LookupError):
    """No such game (``field`` ``id``), or no such hand in it (``number``)."""

    def __init__(self, message: str, field: str | None = "id") -> None:
        super().__init__(message, field)


class Conflict(Problem):
    """A write that clashes with what is stored: a hand already saved, a game over, a hand
    changed since the revision the writer read (then ``current`` is the stored hand, a
    ``hands.StoredHand``)."""

    def __init__(self, message: str, field: str | None = None, current: Any = None) -> None:
        super().__init__(message, field)
        self.current = current
