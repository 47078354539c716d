"""Helpers of tests/web/games/test_new_games_refusals.py, which other tests use too."""

from __future__ import annotations

import html
import re

NAMES = ["Ann", "Bob", "Cat", "Dan"]


ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def summary(response) -> list[tuple[str, str]]:
    """The page's error summary: (the id it links to, the message), as a reader sees it."""
    text = response.get_data(as_text=True)
    box = re.search(r'<div class="error-summary".*?</ul>', text, re.S)
    assert box, "no error summary on the page"
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), re.S)
    return [(anchor, html.unescape(message).translate(ISOLATES)) for anchor, message in found]


def new_game(client, key, players=NAMES, first_dealer=0, **body):
    response = client.post(
        "/api/games",
        json={"game": key, "players": players, "rules": key, "first_dealer": first_dealer, **body},
    )
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    # This browser session may edit it, as the edit link's visit allows.
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]
