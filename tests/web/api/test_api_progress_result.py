"""The game's JSON carries what the game shows of where it stands beyond the shared fields
(``Game.progress_result``): Spades' bags after the last hand (docs/rules/spades.md, worked
example 1), and nothing more for a game that shows nothing of its own."""

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.spades import GAME as SPADES
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.stored import viewed
from tests.support.web.api.api_progress_result import start

SHARED = {"totals", "dealer", "opener", "status", "winner", "winners", "tie_at_top", "next_number"}


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.setitem(GAMES, SPADES.key, SPADES)
    return create_app(app_config(tmp_path)).test_client()


def test_spades_game_json_carries_the_sides_bags(client):
    game_id, auth = start(client, SPADES.key)
    hand = {"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3]}
    saved = client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["points"] == [71, 50] and saved.get_json()["bags"] == [1, 0]
    game = client.get(viewed(client, game_id)).get_json()
    assert game["bags"] == [1, 0] and game["totals"] == [71, 50]


def test_a_game_without_its_own_progress_shows_only_the_shared_fields(client):
    game_id, _ = start(client, "israeli-whist")
    game = client.get(viewed(client, game_id)).get_json()
    assert set(game) >= SHARED
    assert "bags" not in game and "cards" not in game
