"""The kept board and the next hand's form drawn by the server with each snapshot (issue 69):
a phone that loses the network shows them the moment its kept page loads, before its
engine has started (``static/kept-store.js`` keeps them with the game, ``keep.js`` shows
them; the browser side is tests/browser/test_offline_walk_browser.py's reload). For every
registered game, in the page's language, through the real Flask test client."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine.registry import GAMES
from tests.support.offline_sync import legal_hands, start
from tests.support.web.offline.kept_drawn import drawn

GAME_KEYS = sorted(GAMES)
HEBREW = re.compile("[\u0590-\u05ff]")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_snapshot_carries_the_kept_board_and_form_drawn_in_the_pages_language(client, key):
    """A started game's snapshot holds its kept board (the totals, every hand, the button
    to record) and the form for the next hand (its number, its keys, Save and the way
    back to the board), in the page's language; no copy to save while none is removed."""
    game_id, edit_key, players = start(client, key)
    for body in legal_hands(client, key, game_id, 2):
        headers = {"Authorization": f"Bearer {edit_key}"}
        assert client.post(f"/api/games/{game_id}/hands", json=body, headers=headers).status_code
    for language in ("he", "en"):
        views = drawn(client, game_id, language=language)
        assert views["language"] == language and views["removed"] == 0
        board, form = views["board"]["html"], views["form"]["html"]
        assert 'id="record"' in board and "ol" in board and 'id="h2"' in board
        assert all(name in board for name in players)
        assert 'id="kept-copy"' not in board
        assert "<form" in form and 'id="hand"' in form
        assert 'name="number" value="3"' in form and 'id="save"' in form
        assert 'id="kept-to-board"' in form and views["form"]["state"]
        assert bool(HEBREW.search(board + form)) is (language == "he")


def test_a_copy_holding_removed_hands_is_drawn_with_the_way_to_save_it(client):
    """``?removed=2``: the board says the phone's copy keeps the two hands removed from it,
    with its button to save them."""
    game_id, _, _ = start(client, "israeli-whist")
    views = drawn(client, game_id, "?removed=2")
    assert views["removed"] == 2
    assert 'id="kept-copy"' in views["board"]["html"] and "2 hands" in views["board"]["html"]


@pytest.mark.parametrize("removed", ["x", "-1", "1.5", "", "9" * 40])
def test_a_removed_count_that_is_no_count_is_refused_naming_it(client, removed):
    """A count the one parser refuses: 400, JSON naming ``removed``, nothing drawn."""
    game_id, _, _ = start(client, "israeli-whist")
    response = client.get(f"/games/{game_id}/offline?removed={removed}")
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == "removed" and "removed" in body["error"]


def test_a_stranger_gets_no_drawn_board(app, client):
    """The drawn views are the snapshot's: a phone without the game's edit key gets none."""
    game_id, _, _ = start(client, "israeli-whist")
    stranger = app.test_client()
    response = stranger.get(f"/games/{game_id}/offline?removed=1")
    assert response.status_code in (403, 404) and "drawn" not in (response.get_json() or {})


def test_a_game_over_has_a_board_and_no_form(client):
    """No hand to enter in a finished game ("Finish now" on Bid Whist, a side ahead): its
    board is drawn, without the button to record, and no form."""
    game_id, edit_key, _ = start(client, "bid-whist")
    headers = {"Authorization": f"Bearer {edit_key}"}
    for body in legal_hands(client, "bid-whist", game_id, 3):
        client.post(f"/api/games/{game_id}/hands", json=body, headers=headers)
        client.post(f"/games/{game_id}/finish", data={})
        shot = client.get(f"/games/{game_id}/offline").get_json()
        if shot["status"] == "finished":
            break
    assert shot["status"] == "finished"
    assert "form" not in shot["drawn"] and 'id="record"' not in shot["drawn"]["board"]["html"]
