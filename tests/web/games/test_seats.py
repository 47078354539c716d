"""Any number of seats: a three-player copy of the toy game (tests/support/toy_game.py with
``SEATS = 3``) goes through every page of the app, the API, export and import, as a game
of four does. The next games need 3 to 7 seats (Oh Hell) and 2 to 8 (a round sheet)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper.engine import GAMES, Game
from tests.support.seats import THREE
from tests.support.stored import group_listing, one_group, viewed
from tests.support.toy_game_pages import csrf, record, text_of
from tests.support.web.games.seats import NAMES, start


@pytest.fixture
def three(monkeypatch):
    monkeypatch.setitem(GAMES, THREE.key, THREE)
    assert isinstance(THREE, Game) and THREE.seats == 3 and len(THREE.sides) == 3
    return THREE


def test_the_new_game_form_asks_for_three_players(client, three):
    page = text_of(client.get(f"/games/new?game={three.key}"))
    assert [f'name="player_{s}"' in page for s in range(4)] == [True, True, True, False]
    dealers = re.findall(r'name="first_dealer" type="radio" value="(\w+)"', page)
    assert dealers == ["random", "0", "1", "2"]


def test_three_names_are_needed_and_enough(client, three):
    page = text_of(client.get(f"/games/new?game={three.key}"))
    short = client.post(
        f"/games/new?game={three.key}",
        data={"csrf_token": csrf(page), "player_0": "Ann", "player_1": "Bob", "rules": "toy"},
    )
    assert short.status_code == 422 and "3rd player" in text_of(short)
    created = client.post("/api/games", json={"game": three.key, "players": NAMES, "rules": "toy"})
    assert created.status_code == 201, created.get_json()
    four = client.post(
        "/api/games", json={"game": three.key, "players": [*NAMES, "Dan"], "rules": "toy"}
    )
    assert four.status_code == 422
    assert four.get_json()["field"] == "players" and "needs 3" in four.get_json()["error"]


def test_a_three_player_game_is_played_through_every_page(client, three):
    game_id = start(client)
    form = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert form.count('name="winner"') == 3
    for winner in (0, 2, 2):
        assert record(client, game_id, winner).status_code == 302
    api = client.get(viewed(client, game_id)).get_json()
    assert api["totals"] == [2, 0, 4] and api["players"] == NAMES
    board = text_of(client.get(f"/games/{game_id}"))
    assert all(name in board for name in NAMES)
    assert board.count('<td class="') >= 9  # three hands, a cell for each of three seats
    live = client.get(f"/games/{game_id}/live")
    assert live.status_code == 200
    sheet = text_of(client.get(f"/games/{game_id}/print"))
    assert sheet.count('class="name"') == 3
    assert client.get(f"/games/{game_id}/print?explain=1").status_code == 200
    blank = text_of(client.get(f"/sheets/blank?game={three.key}"))
    assert blank.count('class="name"') == 3
    stats = client.get(f"/games/{game_id}/stats")
    assert stats.status_code == 200 and all(name in text_of(stats) for name in NAMES)
    assert client.get(f"/games/{game_id}/revisions").status_code == 200
    assert client.get(f"/games/{game_id}/hands/2/why").status_code == 200
    history = text_of(client.get("/history", follow_redirects=True))
    assert all(name in history for name in NAMES)
    edit = text_of(client.get(f"/games/{game_id}/hands/1/edit"))
    assert edit.count('name="winner"') == 3


def test_a_player_takes_a_seat_in_a_three_player_game(client, three):
    game_id = start(client)
    assert record(client, game_id, 1).status_code == 302
    page = text_of(client.get(f"/games/{game_id}/seats"))
    assert re.findall(r'name="seat" type="radio" value="(\d+)"', page) == ["0", "1", "2"]
    changed = client.post(
        f"/games/{game_id}/seats", data={"csrf_token": csrf(page), "seat": "2", "name": "Dan"}
    )
    assert changed.status_code == 302, text_of(changed)
    assert record(client, game_id, 2).status_code == 302
    api = client.get(viewed(client, game_id)).get_json()
    assert api["totals"] == [0, 2, 2]
    stats = text_of(client.get(f"/games/{game_id}/stats"))
    assert "Dan" in stats and "Cat" in stats


def test_a_chart_of_eight_players_draws_every_line_apart():
    from scorekeeper.web.chart import running_totals_svg

    names = [f"P{s}" for s in range(8)]
    svg = running_totals_svg(names, [tuple(range(8)), tuple(range(8, 0, -1))])
    looks = re.findall(r'<g class="l (s\d)" stroke-dasharray="([^"]+)"', svg)
    assert len(looks) == 8 and len(set(looks)) == 8


def test_a_three_player_game_exports_and_imports(client, three):
    game_id = start(client)
    for winner in (1, 0):
        assert record(client, game_id, winner).status_code == 302
    exported = client.get(f"/games/{game_id}/export.json")
    document = json.loads(exported.data)
    (entry,) = document["games"]
    assert entry["game"] == three.key and entry["players"] == NAMES
    rows = list(csv.DictReader(io.StringIO(text_of(client.get(f"/games/{game_id}/export.csv")))))
    assert [row["player"] for row in rows] == NAMES * 2
    assert [row["total"] for row in rows] == ["0", "2", "0", "2", "2", "0"]
    group_path = f"/groups/{one_group(client, game_id)}/import"
    page = text_of(client.get(group_path))
    imported = client.post(
        group_path,
        data={"csrf_token": csrf(page), "file": (io.BytesIO(exported.data), "three.json")},
        content_type="multipart/form-data",
    )
    assert imported.status_code in (200, 302), text_of(imported)
    games = group_listing(client, game_id)["games"]
    copies = [g for g in games if g["game"] == three.key]
    assert len(copies) == 2
    again = json.loads(client.get(f"/games/{copies[-1]['id']}/export.json").data)["games"][0]
    assert again["players"] == NAMES and again["hands"] == entry["hands"]
