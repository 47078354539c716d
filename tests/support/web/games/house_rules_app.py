"""Helpers of tests/web/games/test_house_rules_app.py."""

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.stored import viewed


def finished_game(client, make_game, post_hand, **body):
    """A pagat game to 30 that the worked example's West (+19) and a second hand finish."""
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=30, **body)
    assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    # West (seat 1) declares 7 and makes it: 59, past the target alone.
    west = {"declarer": 1, "bid": "7C", "contracts": [1, 7, 1, 1], "tricks": [2, 7, 2, 2]}
    assert post_hand(game_id, key, west).status_code == 201
    assert client.get(viewed(client, game_id)).get_json()["status"] == "finished"
    return game_id, key
