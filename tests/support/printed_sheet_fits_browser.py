"""Helpers of tests/browser/test_printed_sheet_fits_browser.py."""

from __future__ import annotations

from scorekeeper.engine import get_game
from tests.support.browser import api
from tests.support.evenings_browser import LONG_NAMES
from tests.support.game_page_matrix import long_rules, simulated_hands


def played(base: str, key: str, hands: int) -> tuple[int, str]:
    """A game of ``key`` with long names (German words in its outcomes), ``hands`` hands
    of its simulation recorded, then finished where the game can be finished now."""
    game = get_game(key)
    body = {"game": key, "players": list(LONG_NAMES[: game.seats]), "first_dealer": 0}
    created = api(base, "POST", "/api/games", {**body, "settings": long_rules(game)})
    game_id, edit_key = created["id"], created["edit_key"]
    for hand in simulated_hands(game, hands, long=True):
        api(base, "POST", f"/api/games/{game_id}/hands", hand, edit_key)
    if game.progression.finish_now:
        api(base, "POST", f"/api/games/{game_id}/finish", {}, edit_key)
    return game_id, edit_key
