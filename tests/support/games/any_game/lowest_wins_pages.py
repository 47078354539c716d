"""Helpers of tests/games/any_game/test_lowest_wins_pages.py."""

from __future__ import annotations

import re


def start_hearts(client) -> tuple[int, dict[str, str], int]:
    made = client.post(
        "/api/games",
        json={
            "game": "any-game",
            "players": ["Ann", "Bob", "Cat"],
            "settings": {"goal": "low_target", "target": 100, "round_total": 26},
        },
    ).get_json()
    auth = {"Authorization": f"Bearer {made['edit_key']}"}
    saved = client.post(f"/api/games/{made['id']}/hands", json={"points": [20, 6, 0]}, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    return made["id"], auth, made["group"]["id"]


def leading_line(page: str) -> str:
    """The text of the list's "Leading:" line, tags and isolates dropped."""
    found = re.search(r'<span class="lead">(.*?)</span>\s*(?:<|$)', page, re.S)
    assert found, page
    text = re.sub(r"<[^>]+>", " ", found.group(1))
    return " ".join(re.sub("[\u2066-\u2069]", "", text).split())
