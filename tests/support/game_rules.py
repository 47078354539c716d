"""What a game's rules tests (``tests/games/<key>/test_rules.py``) do through the app: post a
hand through the API with the game's edit key, read the hands as stored, read a page's text
as a reader sees it, and the form's error summary."""

from __future__ import annotations

import html
import json
import re
import sqlite3

ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def post(client, game_id, key, hand):
    """A hand through the API, with the game's edit key."""
    return client.post(
        f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
    )


def stored_hands(app) -> list[dict]:
    """Every hand's record as the database holds it, in the order saved."""
    with sqlite3.connect(app.config["DATABASE"]) as database:
        rows = database.execute("SELECT record FROM hands ORDER BY id").fetchall()
    return [json.loads(row[0]) for row in rows]


def text_of(response) -> str:
    """A page's text as a reader sees it: tags, isolates and runs of blanks aside."""
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    text = html.unescape(text).translate(ISOLATES)
    return re.sub(r"\s+", " ", text)


def summary(response) -> list[tuple[str, str]]:
    """The form's error summary: (the field it links to, the message)."""
    box = re.search(r'<div class="error-summary".*?</ul>', response.get_data(as_text=True), re.S)
    assert box, "no error summary on the page"
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), re.S)
    return [(anchor, html.unescape(said).translate(ISOLATES)) for anchor, said in found]
