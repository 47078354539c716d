"""Helpers of tests/web/games/test_hand_place.py."""

from __future__ import annotations

import re

from scorekeeper.engine.spades import GAME as SPADES
from tests.support.shared import NAMES
from tests.support.stored import viewed


def start(client, game: str, **extra) -> tuple[int, dict[str, str], str]:
    body = {"game": game, "players": NAMES, "first_dealer": 3, **extra}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.get_json()
    answer = created.get_json()
    return answer["id"], {"Authorization": f"Bearer {answer['edit_key']}"}, answer["edit_key"]


def post(client, game_id: int, hand: dict, auth: dict[str, str]):
    return client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)


def hands_of(client, game_id: int) -> list[dict]:
    return client.get(viewed(client, game_id)).get_json()["hands"]


def _oh_hell_form(bids, tricks) -> dict[str, str]:
    data = {"number": "1", "cards": "5", "trump": "H", "save": "1"}
    data |= {f"bid_{s}": str(b) for s, b in enumerate(bids)}
    data |= {f"tricks_{s}": str(t) for s, t in enumerate(tricks)}
    return data


def _checked(page: str, name: str) -> str | None:
    """The value of the checked key of a field on the page."""
    for tag in re.findall(r"<input[^>]*>", page):
        if f'name="{name}"' in tag and "checked" in tag:
            return re.search(r'value="([^"]*)"', tag).group(1)
    return None


def _eight_bags(client) -> tuple[int, dict[str, str], str]:
    """A game whose side A comes to hand 5 with 8 bags: four hands of 2 overtricks each."""
    game_id, auth, key = start(client, SPADES.key)
    for _ in range(4):
        hand = {"bids": [3, 2, 3, 2], "tricks": [4, 2, 4, 3]}
        assert post(client, game_id, hand, auth).status_code == 201
    return game_id, auth, key
