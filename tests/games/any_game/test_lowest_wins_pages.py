"""Where the lowest total wins (a round sheet played as Hearts), the pages that say who
leads name the lowest: home's and the group's list of games in progress, and "finish
now"."""

from __future__ import annotations

import re

from tests.support.stored import join


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


def test_home_and_the_group_name_the_lowest_total_as_leading(client):
    _game_id, _auth, group_id = start_hearts(client)
    join(client, group_id)
    for path in ("/", f"/groups/{group_id}"):
        line = leading_line(client.get(path).get_data(as_text=True))
        assert line.startswith("Leading: Cat 0"), (path, line)
        assert "Ann" not in line


def test_finish_now_names_the_lowest_total_as_ahead(client):
    game_id, auth, _group_id = start_hearts(client)
    key = auth["Authorization"].removeprefix("Bearer ")
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302  # holds the key
    page = client.get(f"/games/{game_id}/finish")
    assert page.status_code == 200, page.status_code
    text = re.sub("[\u2066-\u2069]", "", re.sub(r"<[^>]+>", "", page.get_data(as_text=True)))
    assert "Cat is ahead and wins the game." in text, text
    assert "Ann are ahead" not in text
