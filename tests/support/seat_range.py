"""Helpers of tests/web/games/test_seat_range.py, which other tests use too."""

from __future__ import annotations

from tests.support.toy_game import HighCard


class AnyTable(HighCard):
    """The toy for two to eight players; registered, it is the game for three."""

    key = "toy-any-table"
    seat_range = (2, 8)


ANY = AnyTable()
