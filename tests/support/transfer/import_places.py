"""Helpers of tests/transfer/test_import_places.py."""

from __future__ import annotations

import io
import json

from tests.support.app import into_group
from tests.support.stored import game_count, import_path


def exported(client, game: str, players: list[str], hands: list[dict], **settings) -> dict:
    created = client.post(
        "/api/games",
        json={"game": game, "players": players, "first_dealer": 0, "settings": settings},
    ).get_json()
    key = {"Authorization": f"Bearer {created['edit_key']}"}
    for hand in hands:
        answer = client.post(f"/api/games/{created['id']}/hands", json=hand, headers=key)
        assert answer.status_code == 201, answer.get_json()
    into_group(client, created["id"])
    return json.loads(client.get(f"/games/{created['id']}/export.json").get_data(as_text=True))


def imported(client, document: dict) -> tuple[int, str]:
    answer = client.post(
        import_path(client),
        data={"file": (io.BytesIO(json.dumps(document).encode()), "games.json")},
        content_type="multipart/form-data",
    )
    return answer.status_code, answer.get_data(as_text=True)


def games_stored(client) -> int:
    return game_count(client)
