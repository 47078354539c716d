"""Helpers of tests/browser/test_keep_by_itself_browser.py, which other tests use too."""

from __future__ import annotations

from scorekeeper.engine import GAMES
from tests.support.browser import api

GAME = GAMES["israeli-whist"]


NAMES = ["Noa", "Ben", "Dana", "Carl"]


HAND = {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]}


def started(base: str, hands: int = 1) -> dict:
    """A new game (the API's answer) with ``hands`` hands recorded."""
    body = {"game": GAME.key, "players": NAMES, "rules": GAME.default_preset, "first_dealer": 0}
    created = api(base, "POST", "/api/games", body)
    for _ in range(hands):
        api(base, "POST", f"/api/games/{created['id']}/hands", HAND, created["edit_key"])
    return created
