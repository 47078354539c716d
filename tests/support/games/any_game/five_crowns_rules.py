"""Helpers of tests/games/any_game/test_five_crowns_rules.py."""

from __future__ import annotations

import html
import re

from tests.support.shared import ISOLATES

NAMES = ["Ann", "Bob", "Cat"]


def new_game(client, rules="five-crowns", players=NAMES):
    body = {"game": "any-game", "players": players, "rules": rules, "first_dealer": 0}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def post(client, game_id, key, hand):
    return client.post(
        f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
    )


def page_text(client, path: str) -> str:
    text = re.sub(r"<[^>]+>", " ", client.get(path).get_data(as_text=True))
    return re.sub(r"\s+", " ", html.unescape(text).translate(ISOLATES))
