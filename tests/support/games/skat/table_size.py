"""Helpers of tests/games/skat/test_table_size.py."""

from __future__ import annotations

import html
import re

from scorekeeper.engine import get_game
from scorekeeper.engine.core.game import HandPlace
from tests.support.skat_rules import ISOLATES, grand

SKAT = get_game("skat")


FOUR = SKAT.seated(4)


NAMES = ["Ann", "Bob", "Cat"]


# --- the engine ------------------------------------------------------------------------------
def seated_so():
    """Three from deal 1 (seat 3 empty), four from deal 4, seat 0 empty from deal 8."""
    values = {"empty_seats": [[1, [3]], [4, []], [8, [0]]], "seeger_fabian": "on"}
    return FOUR.preset("isko").with_changes(values)


def play(settings, declarers_and_points):
    """Each deal in turn, read at its place: the replayed game."""
    records = []
    progress = FOUR.replay(settings, 0, [])
    for declarer, points in declarers_and_points:
        place = HandPlace.after(FOUR.state_from_dict(progress.state.to_dict()))
        records.append(FOUR.record_from_dict(settings, grand(declarer, points), place))
        progress = FOUR.replay(settings, 0, records)
    return progress


def new_game(client, settings=None) -> tuple[int, str]:
    created = client.post(
        "/api/games",
        json={
            "game": "skat",
            "players": NAMES,
            "rules": "isko",
            "first_dealer": 0,
            "settings": settings or {"seeger_fabian": "on"},
        },
    ).get_json()
    assert client.get(created["edit_url"]).status_code == 302
    return created["id"], created["edit_key"]


def post(client, game_id: int, key: str, body: dict):
    return client.post(
        f"/api/games/{game_id}/hands", json=body, headers={"Authorization": f"Bearer {key}"}
    )


def seats(client, game_id: int, key: str | None, body: dict):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return client.post(f"/api/games/{game_id}/seats", json=body, headers=headers)


def said(response) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))
    return " ".join(text.translate(ISOLATES).split())
