"""Where the lowest total wins (a round sheet played as Hearts), the pages that say who
leads name the lowest: home's and the group's list of games in progress, and "finish
now"."""

from __future__ import annotations

import re

from tests.support.games.any_game.lowest_wins_pages import leading_line, start_hearts
from tests.support.stored import join


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
