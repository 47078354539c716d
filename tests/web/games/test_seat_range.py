"""A game whose number of players is chosen when the game starts (``GameBase.seat_range``),
as Oh Hell (3–7) and the round sheet (2–8) are: the toy game for tables of 2 to 8, driven
through the app with 2, 5 and 8 players. Every stored game becomes its game object at its
table's count (``table_game``), so each page, the API, export and import, statistics,
careers and head-to-head serve tables of any size of the one game."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import GAMES, Game, InvalidSettings, get_game, table_game
from scorekeeper.engine.core.game import seat_counts
from tests.support.israeli_whist_import_iws import upload
from tests.support.seat_range import ANY
from tests.support.stored import game_count, one_group, viewed
from tests.support.web.games.seat_range import api_game, record, start
from tests.support.web.shared import text_of

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hod", "Ira"]
SIZES = (2, 5, 8)


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(GAMES, ANY.key, ANY)
    return ANY


# --- the engine ---------------------------------------------------------------------------


def test_seated_gives_the_game_for_each_count_in_its_range():
    assert isinstance(ANY, Game) and ANY.seats == 3 and ANY.seat_range == (2, 8)
    assert list(seat_counts(ANY)) == list(range(2, 9))
    assert ANY.seated(3) is ANY
    five = ANY.seated(5)
    assert five is ANY.seated(5) and five.seats == 5 and five.key == ANY.key
    assert five.sides == tuple((s,) for s in range(5))
    assert five.seated(3) is ANY and five.seated(8) is ANY.seated(8)
    assert ANY.seats == 3 and len(ANY.sides) == 3  # the registered game is left alone
    rules = five.preset("toy")
    assert five.points(rules, five.record_from_dict(rules, {"winner": 4})) == (0, 0, 0, 0, 1)
    for wrong in (1, 9):
        with pytest.raises(InvalidSettings) as refused:
            ANY.seated(wrong)
        assert refused.value.field == "players"
        assert str(refused.value) == f"High card is played by 2 to 8 players, not {wrong}"


def test_a_game_of_fixed_seats_is_itself_at_its_count_and_refuses_another():
    whist = get_game("israeli-whist")
    assert whist.seat_range is None and list(seat_counts(whist)) == [4]
    assert whist.seated(4) is whist and table_game(None, NAMES[:4]) is whist
    with pytest.raises(InvalidSettings) as refused:
        whist.seated(5)
    assert refused.value.field == "players"
    assert str(refused.value) == "Israeli Whist is played by 4 players, not 5"


# --- the pages ----------------------------------------------------------------------------


def test_the_new_game_form_offers_eight_names_and_needs_two(client, toy):
    page = text_of(client.get(f"/games/new?game={toy.key}"))
    assert page.count('name="player_') == 8
    assert len(re.findall(r'name="player_\d"[^>]*required', page)) == 2
    assert page.count('name="first_dealer"') == 9  # random and a key per seat
    assert "2 to 8 players: leave the last names blank for fewer." in page
    assert 'data-fewest="2"' in page
    # One name: the second is missing, named at its field, and nothing is stored.
    status, answer = start(client, ["Ann"])
    assert status == 422 and "the 2nd player needs a name" in answer
    # A gap before the last name typed is a missing name, not a shorter table.
    status, answer = start(client, ["Ann", "Bob", "", "Dan"])
    assert status == 422 and "the 3rd player needs a name" in answer
    # A first dealer past the names typed is refused, naming the seats there are.
    status, answer = start(client, ["Ann", "Bob"], first_dealer="4")
    assert status == 422 and "first_dealer must be a seat 0..1" in answer
    assert game_count(client) == 0


def test_a_fixed_game_s_form_is_unchanged(client, toy):
    page = text_of(client.get("/games/new?game=israeli-whist"))
    assert page.count('name="player_') == 4 and "leave the last names blank" not in page
    assert len(re.findall(r'name="player_\d"[^>]*required', page)) == 4


@pytest.mark.parametrize("size", SIZES)
def test_a_table_of_any_size_plays_through_the_pages(client, toy, size):
    names = NAMES[:size]
    status, game_id = start(client, names, first_dealer=str(size - 1), points="2")
    assert status == 302, game_id
    api = client.get(viewed(client, game_id)).get_json()
    assert api["players"] == names and api["sides"] == [[s] for s in range(size)]
    assert api["first_dealer"] == size - 1 and api["totals"] == [0] * size
    form = text_of(client.get(f"/games/{game_id}/hands/new"))
    assert form.count('name="winner"') == size
    # The last seat wins twice; the first hand is then edited to the first seat's.
    last = size - 1
    for _ in range(2):
        assert record(client, game_id, last).status_code == 302
    assert record(client, game_id, size).status_code == 422  # no such seat
    assert record(client, game_id, 0, number=1).status_code == 302
    api = client.get(viewed(client, game_id)).get_json()
    assert api["totals"] == [2] + [0] * (size - 2) + [2]
    assert [h["winner"] for h in api["hands"]] == [0, last]
    assert api["hands"][1]["explain"][last] == ["won the deal: +2"]
    assert api["hands"][1]["points"] == [0] * last + [2]
    # Three more for the last seat: 8 points, past the target of 5.
    for _ in range(2):
        assert record(client, game_id, last).status_code == 302
    api = client.get(viewed(client, game_id)).get_json()
    assert api["status"] == "finished" and api["winner"] == last
    for page in ("", "/live", "/print", "/stats", "/revisions", "/details"):
        response = client.get(f"/games/{game_id}{page}")
        assert response.status_code == 200, page
        assert names[last] in text_of(response), page
    board = text_of(client.get(f"/games/{game_id}"))
    assert f"<bdi>{names[last]}</bdi> wins with 6!" in board
    blank = client.get(f"/sheets/blank?game={toy.key}&players={size}")
    assert blank.status_code == 200


def test_the_blank_sheet_takes_a_count_the_game_seats(client, toy):
    three = text_of(client.get(f"/sheets/blank?game={toy.key}"))
    eight = text_of(client.get(f"/sheets/blank?game={toy.key}&players=8"))
    assert eight.count("<th") > three.count("<th")
    for wrong in ("1", "9", "many"):
        refused = client.get(f"/sheets/blank?game={toy.key}&players={wrong}")
        assert refused.status_code == 400
        assert "High card is played by 2 to 8 players" in text_of(refused)
    assert client.get("/sheets/blank?game=israeli-whist&players=4").status_code == 200
    refused = client.get("/sheets/blank?game=israeli-whist&players=5")
    assert refused.status_code == 400
    assert "Israeli Whist is played by 4 players." in text_of(refused)


# --- the API ------------------------------------------------------------------------------


def test_the_api_starts_a_game_of_any_count_in_the_range(client, toy):
    for size in SIZES:
        game_id, key = api_game(client, NAMES[:size])
        auth = {"Authorization": f"Bearer {key}"}
        saved = client.post(f"/api/games/{game_id}/hands", json={"winner": size - 1}, headers=auth)
        assert saved.status_code == 201, saved.get_json()
        assert saved.get_json()["totals"] == [0] * (size - 1) + [1]
        refused = client.post(f"/api/games/{game_id}/hands", json={"winner": size}, headers=auth)
        assert refused.status_code == 422 and refused.get_json()["field"] == "winner"
        preview = client.post(viewed(client, game_id, "/preview"), json={"winner": 0})
        assert preview.get_json()["points"] == [1] + [0] * (size - 1)
    for names in (NAMES[:1], NAMES[:9]):
        body = {"game": toy.key, "players": names, "rules": "toy"}
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 422
        assert refused.get_json()["field"] == "players"
        rule = f"High card is played by 2 to 8 players, not {len(names)}"
        assert refused.get_json()["error"] == rule
    refused = client.post("/api/games", json={"players": NAMES[:5], "rules": "standard"})
    assert refused.status_code == 422 and refused.get_json()["field"] == "players"
    assert game_count(client) == len(SIZES)


# --- statistics, careers, head-to-head -----------------------------------------------------


def test_careers_and_head_to_head_add_up_tables_of_different_sizes(client, toy):
    for size in SIZES:
        game_id, key = api_game(client, NAMES[:size])
        auth = {"Authorization": f"Bearer {key}"}
        for winner in (1,) * 5:  # Bob wins every game, in five deals
            client.post(f"/api/games/{game_id}/hands", json={"winner": winner}, headers=auth)
        assert client.get(viewed(client, game_id)).get_json()["winner"] == 1
    bob = client.get(f"/players/Bob?game={toy.key}", follow_redirects=True)
    assert bob.status_code == 200
    text = text_of(bob)
    assert "Bob" in text and "3" in text
    # Ann and Bob sat at all three tables; Eve at two (5 and 8); Hod at one.
    table = client.get(
        f"/players?game={toy.key}&player=Ann&player=Bob&player=Eve&player=Hod",
        follow_redirects=True,
    )
    assert table.status_code == 200, text_of(table)
    page = text_of(table)
    assert "3–0 in 3 finished" in page and "2–0 in 2 finished" in page
    assert "1–0 in 1 finished" in page
    everyone = text_of(client.get("/players", follow_redirects=True))
    assert all(name in everyone for name in NAMES[:8])
    assert client.get(f"/players/Hod?game={toy.key}", follow_redirects=True).status_code == 200
    assert client.get(f"/history?game={toy.key}", follow_redirects=True).status_code == 200


# --- export and import --------------------------------------------------------------------


def test_export_and_import_keep_each_table_s_size(client, toy):
    ids = []
    for size in SIZES:
        game_id, key = api_game(client, NAMES[:size])
        auth = {"Authorization": f"Bearer {key}"}
        for winner in (size - 1, 0):
            client.post(f"/api/games/{game_id}/hands", json={"winner": winner}, headers=auth)
        ids.append(game_id)
    group_id = one_group(client, *ids)
    exported = client.get(f"/groups/{group_id}/export.json")
    assert exported.status_code == 200
    document = json.loads(exported.data)
    assert [len(g["players"]) for g in document["games"]] == list(SIZES)
    csv = text_of(client.get(f"/groups/{group_id}/export.csv")).splitlines()
    assert len(csv) == 1 + 2 * sum(SIZES)
    assert upload(client, exported.data).status_code in (200, 302)
    assert game_count(client) == 2 * len(SIZES)
    again = json.loads(client.get(f"/groups/{group_id}/export.json").data)["games"]
    for before, after in zip(document["games"], again[len(SIZES) :], strict=True):
        assert {**before, "id": None} == {**after, "id": None}
    # A file whose table the game does not seat is refused, naming the players.
    entry = dict(document["games"][0], players=NAMES[:9], id=None)
    refused = upload(client, json.dumps({**document, "games": [entry]}).encode())
    assert refused.status_code == 422
    assert "High card is played by 2 to 8 players, not 9" in text_of(refused)
    assert game_count(client) == 2 * len(SIZES)


# --- the command line ---------------------------------------------------------------------


def test_the_command_line_lists_a_game_s_range_of_players(capsys, toy):
    assert entry(["games"]) == 0
    (row,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith(toy.key)]
    assert row.split()[:4] == [toy.key, "High", "card", "2–8"]
    assert entry(["games", "--json"]) == 0
    listed = {g["key"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    assert listed[toy.key]["seat_range"] == [2, 8] and listed[toy.key]["seats"] == 3
    assert "seat_range" not in listed["israeli-whist"]


def test_the_engine_s_statistics_take_each_table_at_its_own_size():
    """Recorded by the registered game, each game is played by the game at its count."""
    rules = ANY.preset("toy")
    played = []
    for key, size in enumerate(SIZES, start=1):
        table = ANY.seated(size)
        wins = [table.record_from_dict(rules, {"winner": 1}) for _ in range(5)]
        played.append(ANY.figures.recorded(rules, 0, NAMES[:size], wins, key=key))
    assert [one.game.seats for one in played] == list(SIZES)
    stats = ANY.figures.game_stats(played[2])
    assert stats.winner == "Bob" and len(stats.players) == len(stats.sides) == 8
    careers = ANY.figures.careers(played)
    assert (careers["Bob"].games, careers["Bob"].wins) == (3, 3)
    assert (careers["Eve"].games, careers["Hod"].games) == (2, 1)
    rivalry = ANY.figures.head_to_head(played, ["Bob", "Eve"]).rivalry("Bob", "Eve")
    assert (rivalry.games, rivalry.finished, rivalry.ahead) == (2, 2, 2)
    with pytest.raises(ValueError):
        ANY.figures.recorded(rules, 0, NAMES[:9], [], key=4)
