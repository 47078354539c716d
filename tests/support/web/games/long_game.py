"""Helpers of tests/web/games/test_long_game.py."""

from __future__ import annotations

import re

from scorekeeper.web.games.routes import RECENT_HANDS
from tests.games.israeli_whist.worked import WORKED_EXAMPLE

HANDS = RECENT_HANDS + 5


def long_game(client, make_game, post_hand, hands=HANDS):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=100_000)
    for _ in range(hands):
        assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    return game_id


def row_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="h(\d+)"', html)]
