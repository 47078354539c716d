"""Helpers of tests/web/review/test_ratings.py."""

from __future__ import annotations

import html as markup
import re

from tests.support.game_page_matrix import names_for, simulated_hands
from tests.support.play import bot_runs
from tests.support.ratings_play import Table


def finish_one(table: Table, game, players: list[str] | None = None) -> list[str]:
    """A game of ``game`` played through the API to its end (or finished now); returns
    its players."""
    players = players or names_for(game)
    for bots in bot_runs(game):
        game_id = table.start(game.key, players, first_dealer=0)
        for hand in simulated_hands(game, 200, seed=11, bots=bots):
            if table.hand(game_id, hand)["status"] == "finished":
                return players
    assert game.progression.finish_now
    done = table.client.post(f"/api/games/{game_id}/finish", headers=table.edit_keys[game_id])
    assert done.status_code == 200, done.get_json()
    return players


def cells(html: str, table_id: str) -> list[list[str]]:
    body = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    return [
        [
            " ".join(markup.unescape(re.sub(r"<[^>]+>", " ", c)).split()).strip("\u2068\u2069")
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in rows
    ]
