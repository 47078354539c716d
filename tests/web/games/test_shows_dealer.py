"""Who deals is shown only where the game says so (``Game.shows_dealer``): every card game
shows it; the round sheet shows it while its ``dealer`` knob is on. The scoreboard, its
live part and the hand form follow."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.any_game import GAME as SHEET
from tests.support.app import SEAT_NAMES
from tests.support.web.games.shows_dealer import pages

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_card_game_shows_its_dealer(key):
    game = GAMES[key]
    assert game.preset(game.default_preset).shows_dealer is True


@pytest.fixture
def sheet(client, monkeypatch):
    """A round sheet of four, under ``settings``, opened for editing: its id."""
    monkeypatch.setitem(GAMES, SHEET.key, SHEET)

    def make(**settings) -> int:
        answer = client.post(
            "/api/games",
            json={
                "game": SHEET.key,
                "players": PLAYERS,
                "rules": "any-game",
                "first_dealer": 1,
                "settings": settings,
            },
        )
        assert answer.status_code == 201, answer.get_json()
        created = answer.get_json()
        client.get(created["edit_url"])
        return created["id"]

    return make


ROUND = {"points_0": "3", "points_1": "-1", "points_2": "0", "points_3": "2"}


def test_the_sheet_shows_who_deals_by_default(client, sheet):
    game_id = sheet()
    assert client.post(f"/games/{game_id}/hands/new", data=ROUND).status_code == 302
    scoreboard, live, form = pages(client, game_id)
    for page in (scoreboard, live):
        assert '<p class="turn">Round 2: <b><bdi>Cat</bdi></b> deals</p>' in page
        assert '<span class="k">' in page
        assert '<td class="k">' in page
    assert "deals</small>" in form


def test_the_sheet_without_its_dealer_says_nothing_of_who_deals(client, sheet):
    game_id = sheet(dealer=False)
    assert client.post(f"/games/{game_id}/hands/new", data=ROUND).status_code == 302
    scoreboard, live, form = pages(client, game_id)
    for page in (scoreboard, live):
        assert 'class="turn"' not in page
        assert '<td class="k' not in page  # no cell marked as the dealer's
        assert '<span class="k">' not in page  # nor in the legend
    assert "deals" not in form


def test_a_card_game_still_shows_its_dealer(editor):
    client, game_id = editor
    scoreboard, live, form = pages(client, game_id)
    for page in (scoreboard, live):
        assert f"<b><bdi>{SEAT_NAMES[0]}</bdi></b>" in page
        assert 'class="turn"' in page
    assert "deals</small>" in form
