"""Helpers of tests/web/club/test_club_doppelkopf_line.py."""

from __future__ import annotations

import html
import re

FOUR = ["Adelheid Brunnmüller", "Walburga Eisenhuth", "אלכסנדרה בן-שושן", "Friedhelm Krause"]


RE_WINS = {"re_points": 130, "re_announcement": "none", "kontra_announcement": "none"}


def _four_with_one_hand(client, re: list[int]) -> int:
    """A DDV game of the four, one hand won by ``re``, and this client holding its edit key."""
    made = client.post(
        "/api/games",
        json={"game": "doppelkopf", "players": FOUR, "rules": "ddv", "first_dealer": 0},
    ).get_json()
    game_id, key = made["id"], made["edit_key"]
    answer = client.post(
        f"/api/games/{game_id}/hands",
        json={"re": re, **RE_WINS},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert answer.status_code == 201, answer.get_json()
    client.get(f"/games/{game_id}/edit/{key}")
    return game_id


def _delete_line(client, game_id: int, headers: dict) -> str:
    page = client.get(f"/games/{game_id}/hands/1/delete", headers=headers).get_data(as_text=True)
    return html.unescape(re.search(r"</h1>\s*<p>(.*?)</p>", page, re.S)[1])
