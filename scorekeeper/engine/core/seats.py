"""Seats around the table, numbered 0..n-1 clockwise: a game declares how many it has
(its ``seats``), and nothing here assumes a number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def left_of(seat: int, steps: int = 1, *, seats: int) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat`` at a table of
    ``seats``."""
    return (seat + steps) % seats


def leaders_of(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats (or sides) that share the highest total."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


def placings_of(
    totals: Sequence[int], winners: Sequence[int] = (), lowest_wins: bool = False
) -> tuple[int, ...]:
    """Each seat's (or side's) place, 1 first: ``winners`` first, then the others by
    total, the highest first (the lowest with ``lowest_wins``); those level share the
    better place, and the next place counts them all (1, 1, 3)."""
    sign = 1 if lowest_wins else -1

    def order(index: int) -> tuple[bool, int]:
        return (index not in winners, sign * totals[index])

    keys = [order(index) for index in range(len(totals))]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def placings(progress: Any) -> tuple[int, ...]:
    """Each side's place in a game's ``progress`` (``replay``'s or ``resume``'s), 1 the
    best: the winners first, then the others by total (the lowest first where its
    settings say the lowest total wins); sides level share a place and the next place
    is skipped (1, 2, 2, 4)."""
    winners = tuple(progress.winners) or (() if progress.winner is None else (progress.winner,))
    return placings_of(progress.totals, winners, progress.settings.lowest_wins)
