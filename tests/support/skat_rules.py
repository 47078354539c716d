"""Helpers of the Skat tests (tests/games/skat), which other tests use too."""

from __future__ import annotations

ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def grand(declarer: int, points: int = 70) -> dict:
    """A Skat hand's body: a grand with 1, worth 48, by ``declarer``: won with 70 card
    points, lost (-96) with 50."""
    return {
        "declarer": declarer,
        "game": "grand",
        "bid": 18,
        "matadors": 1,
        "hand": False,
        "declarer_points": points,
    }
