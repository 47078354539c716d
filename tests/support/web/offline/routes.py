"""Helpers of tests/web/offline/test_routes.py."""

from __future__ import annotations

import re
import sqlite3

from scorekeeper.engine.registry import GAMES
from tests.support.offline_sync import legal_hands
from tests.support.shared import ISOLATES

PHONE = "Noa Levi"


def plain(text: str) -> str:
    """Text as a reader sees it: without the marks that keep names whole in a sentence."""
    return text.translate(ISOLATES)


def another_first_hand(client, key: str, game_id: int, than: dict) -> dict:
    """A legal first hand of the game other than ``than``: what a second phone records."""
    for seed in range(35, 80):
        found = legal_hands(client, key, game_id, 1, seed)[0]
        if found != than:
            return found
    raise AssertionError(f"{key}: no other first hand drawn")


def snapshot(client, game_id: int) -> dict:
    response = client.get(f"/games/{game_id}/offline")
    assert response.status_code == 200, response.get_json()
    assert response.headers["Cache-Control"] == "private, no-store"
    return response.get_json()


def send(client, game_id: int, hands: list[dict], by: str = PHONE, **headers):
    return client.post(
        f"/games/{game_id}/offline/hands", json={"by": by, "hands": hands}, headers=headers
    )


def queued(hands: list[dict], after: int, first: int = 1) -> list[dict]:
    return [
        {"number": number, "after": after, "hand": hand}
        for number, hand in enumerate(hands, start=first)
    ]


def api_game(client, game_id: int, edit_key: str) -> dict:
    response = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {edit_key}"})
    assert response.status_code == 200
    return response.get_json()


def stored_rows(client, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(client.application.config["DATABASE"]) as database:
        return database.execute(sql, params).fetchall()


def refused_hand(key: str, body: dict) -> tuple[dict, int | None]:
    """``body`` with a value no rule takes, and the seat it belongs to: a seat's figure far
    past its range where the hand has figures per seat, else nothing filled in (None)."""
    seats = GAMES[key].seats
    for field, value in body.items():
        figures = isinstance(value, list) and len(value) == seats
        if figures and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            changed = list(value)
            changed[2] = 10**6
            return {**body, field: changed}, 2
    return {}, None


def row_of(page: str, number: int) -> str:
    """The scoreboard's row (or a partnership game's rows) of hand ``number``."""
    found = re.search(rf'id="h{number}".*?(?=id="h{number + 1}"|</table>)', page, re.S)
    assert found, f"no row of hand {number}"
    return found.group(0)
