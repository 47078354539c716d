"""Helpers of tests/engine/test_club_engine.py."""

from __future__ import annotations

from scorekeeper.engine.registry import get_game


def _skat_list(size: int, rules) -> tuple[int, ...]:
    """A table's list of two deals, scored by the Skat engine: seat 1 wins ♠ with 1 on
    22 with 70 card points, then seat 2 loses ♥ with 1 on 20 with 55 (docs/rules/skat.md ex. 10)."""
    table = get_game("skat").seated(size)
    settings = rules.table_settings(size)
    hands = [
        {"declarer": 1, "game": "spades", "matadors": 1, "bid": 22, "declarer_points": 70},
        {"declarer": 2, "game": "hearts", "matadors": 1, "bid": 20, "declarer_points": 55},
    ]
    records = [table.record_from_dict(settings, hand) for hand in hands]
    return table.replay(settings, 0, records).totals
