"""A player leaves or joins mid-game (issue 11): from hand N on another player takes the
seat and the seat's total carries on. The scoreboard shows the change; statistics, careers
and head-to-head credit each hand to whoever sat there; the API, export and import keep it."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper import db, transfer
from scorekeeper.engine import get_game
from scorekeeper.engine.core.errors import InvalidSettings
from scorekeeper.engine.core.seating import SeatChange, check_changes, names_at, stints
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.web.games.shared import plain
from tests.support.web.games.substitutions import two_hands

IW = get_game("israeli-whist")
BW = get_game("bid-whist")
EVE = SeatChange(2, 1, "Eve")  # from hand 2, Eve sits in West's seat


# --- who sat where --------------------------------------------------------------------------


def test_names_and_stints_follow_the_changes():
    changes = [EVE, SeatChange(4, 1, "West")]  # West comes back for hand 4
    assert names_at(SEAT_NAMES, changes, 1) == ("South", "West", "North", "East")
    assert names_at(SEAT_NAMES, changes, 3)[1] == "Eve"
    assert names_at(SEAT_NAMES, changes, 4)[1] == "West"
    west = [s for s in stints(SEAT_NAMES, changes) if s.seat == 1]
    assert [(s.name, s.first, s.last) for s in west] == [
        ("West", 1, 1),
        ("Eve", 2, 3),
        ("West", 4, None),
    ]


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ([SeatChange(2, 4, "Eve")], "seat 4 is not at this table"),
        ([SeatChange(0, 1, "Eve")], "from hand 0"),
        ([SeatChange(5, 1, "Eve")], "not from hand 5"),
        ([SeatChange(2, 1, "North")], "North would sit in two seats at once from hand 2"),
        ([SeatChange(2, 1, "Eve"), SeatChange(2, 1, "Fay")], "changes twice at hand 2"),
    ],
)
def test_impossible_changes_are_refused_naming_the_rule(changes, says):
    with pytest.raises(InvalidSettings) as refused:
        check_changes(SEAT_NAMES, changes, hands=3)
    assert says in str(refused.value) and refused.value.field == "substitutions"


# --- statistics credit each hand to whoever sat there ----------------------------------------


def test_israeli_whist_figures_go_to_whoever_sat():
    settings = IW.preset("pagat-german")
    records = two_hands(IW, settings, WORKED_EXAMPLE)  # West makes 3 each time: +19
    recorded = IW.figures.recorded(settings, 0, SEAT_NAMES, records, 1, changes=[EVE])
    stats = IW.figures.game_stats(recorded)
    by_name = {p.name: p for p in stats.players}
    assert [p.name for p in stats.players] == ["South", "West", "Eve", "North", "East"]
    assert by_name["West"].figures.hands == 1 and by_name["West"].total == 19
    assert by_name["Eve"].figures.hands == 1 and by_name["Eve"].total == 38
    assert by_name["Eve"].figures.points_sum == 19
    careers = IW.figures.careers([recorded])
    assert (careers["Eve"].games, careers["Eve"].figures.hands) == (1, 1)
    assert (careers["West"].games, careers["West"].figures.hands) == (1, 1)
    rivals = IW.figures.head_to_head([recorded], ["Eve", "West", "South"])
    assert rivals.rivalry("Eve", "West").games == 0  # never at the table together
    assert rivals.rivalry("Eve", "South").hands == 1
    assert rivals.rivalry("West", "South").hands == 1


def test_bid_whist_figures_go_to_whoever_sat():
    settings = BW.preset("bid-whist")
    body = {"bidder": 1, "bid": "4U", "trump": "H", "books": 11}
    records = two_hands(BW, settings, body)
    recorded = BW.figures.recorded(settings, 0, SEAT_NAMES, records, 1, changes=[EVE])
    stats = BW.figures.game_stats(recorded)
    by_name = {p.name: p for p in stats.players}
    assert by_name["West"].figures.bids.attempted == 1
    assert by_name["Eve"].figures.bids.attempted == 1
    assert stats.sides[1].name == "Eve & East"
    rivals = BW.figures.head_to_head([recorded], ["Eve", "South", "East"])
    assert rivals.rivalry("Eve", "South").hands == 1
    assert rivals.rivalry("Eve", "East").partnered == 1


# --- the table: page, scoreboard, API, export -------------------------------------------------


@pytest.fixture
def table(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{game_id}/edit/{key}")
    auth = {"Authorization": f"Bearer {key}"}
    client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)
    return client, game_id, auth


def test_a_player_takes_a_seat_through_the_page(table):
    client, game_id, auth = table
    page = plain(client.get(f"/games/{game_id}/seats"))
    assert "From hand 2 on, another player takes a seat." in page
    saved = client.post(f"/games/{game_id}/seats", data={"seat": "1", "name": " Eve "})
    assert saved.status_code == 302
    board = plain(client.get(f"/games/{game_id}"))
    assert "From hand 2: Eve for West" in board and "Eve 19" in board
    client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)
    board = plain(client.get(f"/games/{game_id}"))
    assert "From hand 2: Eve for West" in board  # now as a row above hand 2
    assert "# South Eve North East" in board and "Eve 38" in board
    stats = plain(client.get(f"/games/{game_id}/stats"))
    assert "Figure South West Eve North East" in stats
    assert "Hands played 2 1 1 2 2" in stats
    assert client.get("/players/Eve", follow_redirects=True).status_code == 200
    assert "Game 1" in plain(client.get("/history?player=Eve", follow_redirects=True))
    revisions = plain(client.get(f"/games/{game_id}/revisions"))
    assert "Eve" in revisions and "West" in revisions


def test_a_name_already_at_the_table_is_refused_and_nothing_changes(table):
    client, game_id, _ = table
    refused = client.post(f"/games/{game_id}/seats", data={"seat": "1", "name": "north"})
    assert refused.status_code == 422
    assert "north already sits at this table" in plain(refused)
    blank = client.post(f"/games/{game_id}/seats", data={"seat": "1", "name": "  "})
    assert blank.status_code == 422 and "the new player needs a name" in plain(blank)
    assert client.get(f"/api/games/{game_id}").get_json()["substitutions"] == []


def test_the_api_changes_a_seat_and_export_and_import_keep_it(app, table, tmp_path):
    client, game_id, auth = table
    no_key = client.post(f"/api/games/{game_id}/seats", json={"seat": 1, "name": "Eve"})
    assert no_key.status_code == 403
    bad = client.post(f"/api/games/{game_id}/seats", json={"seat": 9, "name": "Eve"}, headers=auth)
    assert bad.status_code == 422 and bad.get_json()["field"] == "seat"
    done = client.post(f"/api/games/{game_id}/seats", json={"seat": 1, "name": "Eve"}, headers=auth)
    assert done.status_code == 201
    assert done.get_json() == {
        "from_hand": 2,
        "seat": 1,
        "name": "Eve",
        "seated": ["South", "Eve", "North", "East"],
    }
    client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["players"] == SEAT_NAMES and game["seated"][1] == "Eve"
    assert game["substitutions"] == [{"from_hand": 2, "seat": 1, "name": "Eve"}]
    with app.app_context():
        document = json.loads(transfer.export_json(db.get_db()))
        rows = list(csv.DictReader(io.StringIO(transfer.export_csv(db.get_db()))))
    assert [r["player"] for r in rows if r["seat"] == "1"] == ["West", "Eve"]
    other = db.migrate(str(tmp_path / "other.db"))
    transfer.import_file(other, json.dumps(document))
    again = json.loads(transfer.export_json(other))["games"][0]
    assert again["substitutions"] == [{"from_hand": 2, "seat": 1, "name": "Eve"}]
    document["games"][0]["substitutions"] = [{"from_hand": 2, "seat": 1, "name": "North"}]
    with pytest.raises(transfer.ImportProblem) as refused:
        transfer.import_file(other, json.dumps(document))
    assert refused.value.field == "substitutions"
    assert len(json.loads(transfer.export_json(other))["games"]) == 1


def test_deleting_the_last_hand_keeps_the_table_as_it_sits(table):
    client, game_id, auth = table
    client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)
    client.post(f"/api/games/{game_id}/seats", json={"seat": 1, "name": "Eve"}, headers=auth)
    assert client.get(f"/api/games/{game_id}").get_json()["substitutions"][0]["from_hand"] == 3
    deleted = client.delete(f"/api/games/{game_id}/hands/2", headers=auth)
    assert deleted.status_code in (200, 204), deleted.get_data(as_text=True)
    game = client.get(f"/api/games/{game_id}").get_json()
    # Hand 2 is next again, and Eve, who sits now, sits for it.
    assert game["substitutions"] == [{"from_hand": 2, "seat": 1, "name": "Eve"}]
    assert game["seated"] == ["South", "Eve", "North", "East"]


def test_a_finished_game_names_who_sat_in_the_winning_seat(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", starting_totals=[0, 95, 0, 0])
    auth = {"Authorization": f"Bearer {key}"}
    client.post(f"/api/games/{game_id}/seats", json={"seat": 1, "name": "Eve"}, headers=auth)
    client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)  # +19: 114
    late = client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)
    assert late.status_code == 409
    assert "the game is over: Eve won" in late.get_json()["error"]
