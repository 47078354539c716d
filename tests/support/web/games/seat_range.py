"""Helpers of tests/web/games/test_seat_range.py."""

from __future__ import annotations

import re

from tests.support.app import into_group
from tests.support.seat_range import ANY
from tests.support.web.shared import text_of


def csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    return found.group(1) if found else ""


def start(client, names, first_dealer="0", **extra) -> tuple[int, str]:
    """A new game through the page, ``names`` in the first fields and the rest blank."""
    page = text_of(client.get(f"/games/new?game={ANY.key}"))
    fields = {f"player_{s}": (names[s] if s < len(names) else "") for s in range(8)}
    data = {"csrf_token": csrf(page), **fields, "first_dealer": first_dealer, "rules": "toy"}
    response = client.post(f"/games/new?game={ANY.key}", data={**data, "target": "", **extra})
    return response.status_code, (
        response.headers.get("Location", "").rstrip("/").split("/")[-1]
        if response.status_code == 302
        else text_of(response)
    )


def record(client, game_id: int, winner: int, number: int | None = None):
    address = f"/games/{game_id}/hands/{number}/edit" if number else f"/games/{game_id}/hands/new"
    page = text_of(client.get(address))
    shown = re.search(r'name="number" type="hidden" value="(\d+)"', page).group(1)
    data = {"csrf_token": csrf(page), "number": shown, "winner": str(winner), "save": "1"}
    return client.post(address, data=data)


def api_game(client, names, **body) -> tuple[int, str]:
    body = {"game": ANY.key, "players": names, "rules": "toy", "first_dealer": 0, **body}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.get_json()
    into_group(client, created.get_json()["id"])
    return created.get_json()["id"], created.get_json()["edit_key"]
