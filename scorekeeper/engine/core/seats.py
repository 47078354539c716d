"""Seats around the table: four, numbered 0..3 clockwise, for every game here."""

from __future__ import annotations

from collections.abc import Sequence

SEATS = 4


def left_of(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % SEATS


def leaders_of(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats (or sides) that share the highest total."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)
