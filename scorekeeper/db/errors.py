"""What a data-layer call raises when the stored game says no."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..problems import Problem

if TYPE_CHECKING:
    from .hands import StoredHand


class Conflict(Problem):
    """A write that clashes with what is stored: a hand already saved, a game over, a hand
    changed since the revision the writer read (then ``current`` is the stored hand)."""

    def __init__(
        self, message: str, field: str | None = None, current: StoredHand | None = None
    ) -> None:
        super().__init__(message, field)
        self.current = current


class NotFound(Problem, LookupError):
    """No such game (``field`` ``id``), or no such hand in it (``number``)."""

    def __init__(self, message: str, field: str | None = "id") -> None:
        super().__init__(message, field)
