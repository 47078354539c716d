"""The call every auction has besides its bids: the pass, one instance (:data:`PASS`),
written ``"pass"``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

B = TypeVar("B")


class Pass:
    """The pass call. Use the one instance, :data:`PASS`."""

    __slots__ = ()
    _instance: Pass | None = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> str:
        return "PASS"


PASS: Final = Pass()


def check_level(level: int, low: int, high: int) -> None:
    """Raises ValueError unless a bid's ``level`` is one the game's bids have."""
    if not low <= level <= high:
        raise ValueError(f"level {level} is outside {low}..{high}")


def parse_call(text: str, bid: Callable[[str], B]) -> B | Pass:
    """``pass`` (any case, or ``p``), else the bid ``bid(text)`` reads (raising its
    ParseError, which quotes the text)."""
    if isinstance(text, str) and text.strip().lower() in ("pass", "p"):
        return PASS
    return bid(text)
