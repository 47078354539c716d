"""Helpers of tests/web/games/test_seats.py."""

from __future__ import annotations

from tests.support.seats import THREE
from tests.support.toy_game_pages import start as toy_start

NAMES = ["Ann", "Bob", "Cat"]


def start(client) -> int:
    return toy_start(client, THREE, NAMES, first_dealer="2")
