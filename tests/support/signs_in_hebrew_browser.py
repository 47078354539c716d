"""Helpers of tests/browser/test_signs_in_hebrew_browser.py."""

from __future__ import annotations

from scorekeeper.engine import GAMES
from tests.support.browser import api
from tests.support.game_page_matrix import simulated_hands, start_by_api


def played(base: str, key: str) -> tuple[int, str]:
    """A game of ``key`` with a dozen of its bots' hands (or fewer, if they end it)."""
    game = GAMES[key]
    game_id, edit_key = start_by_api(base, game)
    for hand in simulated_hands(game, 12, seed=11, bots=(game.simulation.bots or (None,))[0]):
        if api(base, "POST", f"/api/games/{game_id}/hands", hand, edit_key)["status"] != "active":
            break
    return game_id, edit_key
