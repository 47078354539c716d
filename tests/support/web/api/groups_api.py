"""Helpers of tests/web/api/test_groups_api.py."""

from __future__ import annotations

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.shared import bearer


def new_group(client, name="Thursday"):
    response = client.post("/api/groups", json={"name": name})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def game_in(client, group, players=SEAT_NAMES, **body):
    response = client.post(
        "/api/games",
        json={"players": players, "group": str(group["id"]), **body},
        headers=bearer(group["key"]),
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def post_hand(client, game):
    response = client.post(
        f"/api/games/{game['id']}/hands", json=WORKED_EXAMPLE, headers=bearer(game["edit_key"])
    )
    assert response.status_code == 201, response.get_json()


def read(client, method, path, game_id, headers=None, query=""):
    url = path.format(id=game_id)
    url += ("&" if "?" in url else "?") + query if query else ""
    if method == "post":
        return client.post(url, json=WORKED_EXAMPLE, headers=headers or {})
    return client.get(url, headers=headers or {})
