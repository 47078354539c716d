"""A game the app has never heard of, registered by a test: the app serves its new-game
page, hand form, scoreboard, sheets, export, import and API with no change outside the
game's own module (tests/support/toy_game.py). This proves the interface before each new game."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.engine import GAMES
from tests.support.app import into_group
from tests.support.stored import one_group, viewed
from tests.support.toy_game import GAME
from tests.support.toy_game_pages import (
    NAMES,
    csrf,
    record,
    start,
    text_of,
    toy,  # noqa: F401  (fixtures)
)


def test_new_game_asks_which_game_once_two_are_offered(client, toy):
    page = text_of(client.get("/games/new"))
    assert "Which game is the table playing?" in page
    assert f'href="/games/new?game={toy.key}"' in page
    assert 'href="/games/new?game=israeli-whist"' in page
    assert 'href="/games/new?game=bid-whist"' in page
    form = text_of(client.get(f"/games/new?game={toy.key}"))
    assert 'name="points"' in form and "a toy for the test suite" in form
    assert 'name="rules" type="radio" value="toy"' in form
    assert "frisch" not in form.lower()


def test_one_game_registered_skips_the_question(client, monkeypatch):
    # Last first: monkeypatch puts them back in the reverse order, so the registry's
    # order (which orders a CSV export's columns) is as it was for the tests after this.
    for key in reversed(list(GAMES)[1:]):
        monkeypatch.delitem(GAMES, key)
    assert len(GAMES) == 1
    page = text_of(client.get("/games/new"))
    assert "Which game" not in page and 'name="player_0"' in page


def test_a_tampered_game_in_the_address_is_a_clear_404(client, toy):
    response = client.get("/games/new?game=chess")
    assert response.status_code == 404
    assert "There is no game called chess" in text_of(response)


def test_the_toy_is_played_to_its_end_through_the_pages(client, toy):
    game_id = start(client)
    form = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert "Highest card" in form and form.count('name="winner"') == GAME.seats
    rules = json.loads(re.search(r'id="rules">(.*?)</script>', form).group(1))
    assert rules == {}
    # A key the form does not offer is refused by the form, naming nothing saved.
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    refused = client.post(
        f"/games/{game_id}/hands/new",
        data={"csrf_token": csrf(page), "number": "1", "winner": "7", "save": "1"},
    )
    assert refused.status_code == 422 and "There is a problem" in text_of(refused)
    for winner in (1, 1):
        assert record(client, game_id, winner).status_code == 302
    board = text_of(client.get(f"/games/{game_id}"))
    assert "Bob" in board and "won" in board
    # Points 2 a deal (the knob set on the form), target 5: Bob needs a third deal.
    assert record(client, game_id, 1).status_code == 302
    api = client.get(viewed(client, game_id)).get_json()
    assert api["game"] == toy.key
    assert api["totals"] == [0, 6] + [0] * (GAME.seats - 2)
    assert api["status"] == "finished" and api["winner"] == 1
    assert [h["explain"][1] for h in api["hands"]] == [["won the deal: +2"]] * 3
    # Sheets and the Revisions page read the game's own views.
    assert client.get(f"/games/{game_id}/print").status_code == 200
    assert "The highest card wins the deal." in text_of(client.get(f"/games/{game_id}/print"))
    assert client.get(f"/sheets/blank?game={toy.key}").status_code == 200


def test_an_edit_refills_the_form_from_the_stored_hand(client, toy):
    game_id = start(client)
    assert record(client, game_id, 2).status_code == 302
    page = text_of(client.get(f"/games/{game_id}/hands/1/edit"))
    assert re.search(r'name="winner" type="radio" value="2" checked', page) or re.search(
        r'checked[^>]*name="winner"[^>]*value="2"', page
    )


def test_the_form_previews_the_toys_points(client, toy):
    game_id = start(client)
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    answer = client.post(
        f"/games/{game_id}/hands/preview",
        data={"csrf_token": csrf(page), "winner": str(GAME.seats - 1)},
        headers={"Accept": "application/json"},
    )
    points = [0] * (GAME.seats - 1) + [2]
    assert answer.get_json() == {"points": points, "names": NAMES, "result": ""}


def test_the_toy_goes_through_the_api_export_and_import(client, toy):
    created = client.post(
        "/api/games", json={"game": toy.key, "players": NAMES, "rules": "toy", "first_dealer": 0}
    )
    assert created.status_code == 201, created.get_json()
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    into_group(client, game_id)
    auth = {"Authorization": f"Bearer {key}"}
    bad = client.post(f"/api/games/{game_id}/hands", json={"winner": 9}, headers=auth)
    assert bad.status_code == 422 and bad.get_json()["field"] == "winner"
    saved = client.post(f"/api/games/{game_id}/hands", json={"winner": 0}, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    preview = client.post(viewed(client, game_id, "/preview"), json={"winner": 2})
    assert preview.get_json()["points"] == [0, 0, 1] + [0] * (GAME.seats - 3)
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.status_code == 200
    document = json.loads(exported.data)
    (entry,) = document["games"]
    assert entry["game"] == toy.key and entry["hands"][0]["winner"] == 0
    csv = client.get(f"/games/{game_id}/export.csv")
    assert csv.status_code == 200
    header, *rows = text_of(csv).splitlines()
    # Its own column, after the dealer, and none of another game's.
    assert header == "game,game_name,started,hand,dealer,winner,thrown_in,seat,player,points,total"
    assert rows[0].split(",")[3:7] == ["1", "Ann", "Ann", "0"]
    # Beside an Israeli Whist game, one header holds both games' columns.
    other = client.post(
        "/api/games", json={"players": ["Ann", "Bob", "Cat", "Dan"], "rules": "standard"}
    )
    assert other.status_code == 201
    group_id = one_group(client, game_id, other.get_json()["id"])
    header = text_of(client.get(f"/groups/{group_id}/export.csv")).splitlines()[0].split(",")
    assert header.index("winner") == header.index("frisch_rounds") + 1
    assert "contract" in header


def test_the_toys_statistics_come_from_the_base():
    """Careers and head-to-head, as every game has them, with nothing written by the toy."""
    rules = GAME.preset("toy")
    wins = [GAME.record_from_dict(rules, {"winner": w}) for w in (1, 1, 0, 1, 1, 1)]
    first = GAME.figures.recorded(rules, 0, NAMES, wins, key=1)
    second = GAME.figures.recorded(rules, 1, NAMES, wins[:2], key=2)
    stats = GAME.figures.game_stats(first)
    assert stats.winner == "Bob" and stats.status == "finished"
    assert [p.figures.hands for p in stats.players] == [6] * GAME.seats
    careers = GAME.figures.careers([first, second])
    assert (careers["Bob"].games, careers["Bob"].finished, careers["Bob"].wins) == (2, 1, 1)
    assert careers["Ann"].figures.points_sum == 1
    table = GAME.figures.head_to_head([first, second], ["Ann", "Bob"])
    rivalry = table.rivalry("Bob", "Ann")
    assert (rivalry.games, rivalry.finished, rivalry.ahead) == (2, 1, 1)
    assert (rivalry.hands, rivalry.hands_ahead, rivalry.hands_behind) == (8, 7, 1)
    assert GAME.figures.career_lines("Bob", 2, 1, 1, careers["Bob"].figures)
    with pytest.raises(ValueError):
        GAME.figures.recorded(rules, 0, ["Ann"] * GAME.seats, wins)
