"""Starting totals (issue 11): a game carried on from a paper sheet or an earlier evening.
They are hand 0: the totals start there and count toward the target, through the API, the
new-game page, the scoreboard and sheets, export and import, for either game."""

from __future__ import annotations

import json

import pytest

from scorekeeper import db, transfer
from tests.games.israeli_whist.worked import WORKED_EXAMPLE, WORKED_POINTS
from tests.support.app import SEAT_NAMES
from tests.support.israeli_whist_import_iws import upload
from tests.support.stored import game_count, viewed
from tests.support.web.games.shared import plain
from tests.support.web.games.starting_totals import (
    create,
    create_bid_whist,
    new_game_form,
    stats_totals,
)


def test_the_api_starts_a_game_from_carried_totals(client):
    created = create(client, starting_totals=[10, -20, 0, 35]).get_json()
    game = client.get(viewed(client, created["id"])).get_json()
    assert game["starting_totals"] == [10, -20, 0, 35]
    assert game["totals"] == [10, -20, 0, 35] and game["status"] == "in_progress"
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    saved = client.post(f"/api/games/{created['id']}/hands", json=WORKED_EXAMPLE, headers=auth)
    assert saved.status_code == 201
    game = client.get(viewed(client, created["id"])).get_json()
    assert game["totals"] == [t + p for t, p in zip([10, -20, 0, 35], WORKED_POINTS, strict=True)]
    assert game["hands"][0]["points"] == WORKED_POINTS  # the hand itself scores as ever
    plain_game = create(client).get_json()
    assert client.get(viewed(client, plain_game["id"])).get_json()["starting_totals"] == [0] * 4


def test_carried_totals_count_toward_the_target(client):
    created = create(client, starting_totals=[0, 95, 0, 0]).get_json()
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    client.post(f"/api/games/{created['id']}/hands", json=WORKED_EXAMPLE, headers=auth)
    game = client.get(viewed(client, created["id"])).get_json()
    assert game["totals"][1] == 114
    assert game["status"] == "finished" and game["winner"] == 1


@pytest.mark.parametrize(
    ("value", "field", "words"),
    [
        ([0, 100, 0, 0], "starting_totals[1]", "already reaches the target 100"),
        ([0, 0, 0], "starting_totals", "needs 4 numbers, one per side"),
        ([0, "ten", 0, 0], "starting_totals[1]", "whole number"),
        ("12", "starting_totals", "needs 4 numbers"),
    ],
)
def test_the_api_refuses_carried_totals_naming_the_field(client, value, field, words):
    response = create(client, starting_totals=value)
    assert response.status_code == 422
    assert response.get_json()["field"] == field and words in response.get_json()["error"]
    assert game_count(client) == 0


def test_bid_whist_carries_one_total_per_side(client):
    created = client.post(
        "/api/games",
        json={"game": "bid-whist", "players": SEAT_NAMES, "starting_totals": [12, -5]},
    ).get_json()
    game = client.get(viewed(client, created["id"])).get_json()
    assert game["starting_totals"] == [12, -5] and game["totals"] == [12, -5]
    refused = client.post(
        "/api/games",
        json={"game": "bid-whist", "players": SEAT_NAMES, "starting_totals": [1, 2, 3, 4]},
    )
    assert refused.status_code == 422 and "needs 2 numbers" in refused.get_json()["error"]


def test_the_new_game_page_carries_totals_over_and_shows_hand_0(client):
    page = client.get("/games/new?game=israeli-whist").get_data(as_text=True)
    assert 'name="start_0"' in page and 'name="start_3"' in page
    response = client.post("/games/new", data=new_game_form(start_1="-20", start_3="35"))
    assert response.status_code == 302
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert client.get(viewed(client, game_id)).get_json()["starting_totals"] == [0, -20, 0, 35]
    board = plain(client.get(f"/games/{game_id}"))
    assert "0 carried over 0 −20 0 35" in board
    assert "carried over" in plain(client.get(f"/games/{game_id}/print"))


def test_a_bad_carried_total_on_the_page_names_its_box(client):
    response = client.post("/games/new", data=new_game_form(start_2="200"))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert '<a href="#start_2">' in page and "already reaches the target 100" in page
    assert game_count(client) == 0


def test_export_and_import_keep_the_carried_totals(app, client, tmp_path):
    created = create(client, starting_totals=[10, -20, 0, 35]).get_json()
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    client.post(f"/api/games/{created['id']}/hands", json=WORKED_EXAMPLE, headers=auth)
    with app.app_context():
        document = json.loads(transfer.export_json(db.get_db()))
    (entry,) = document["games"]
    assert entry["starting_totals"] == [10, -20, 0, 35]
    other = db.migrate(str(tmp_path / "other.db"))
    transfer.import_file(other, json.dumps(document))
    assert json.loads(transfer.export_json(other))["games"][0]["starting_totals"] == [
        10,
        -20,
        0,
        35,
    ]
    # A file whose carried totals do not add up to its totals is refused, and stores nothing.
    entry["starting_totals"] = [0, 0, 0, 0]
    with pytest.raises(transfer.ImportProblem) as refused:
        transfer.import_file(other, json.dumps(document))
    assert refused.value.field == "totals"
    assert len(json.loads(transfer.export_json(other))["games"]) == 1


# --- a game cannot start already lost (issue 18, item 9) ------------------------------------

LOST = "has already lost the game"


@pytest.mark.parametrize(
    ("start", "target", "field", "floor"),
    [
        ([0, -1000], 1000, "starting_totals[1]", "-1000"),
        ([-21, 0], 21, "starting_totals[0]", "-21"),
        ([5, -30], None, "starting_totals[1]", "-21"),
    ],
)
def test_bid_whist_refuses_a_side_that_starts_at_or_below_minus_the_target(
    client, start, target, field, floor
):
    body = {"starting_totals": start} | ({"target": target} if target else {})
    response = create_bid_whist(client, **body)
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["field"] == field
    assert LOST in answer["error"] and f"{floor} or below" in answer["error"]
    assert game_count(client) == 0


def test_bid_whist_starts_just_above_minus_the_target(client):
    created = create_bid_whist(client, starting_totals=[-20, 20])
    assert created.status_code == 201, created.get_json()
    game = client.get(viewed(client, created.get_json()["id"])).get_json()
    assert game["totals"] == [-20, 20] and game["status"] == "in_progress"


def test_israeli_whist_has_no_losing_floor(client):
    """docs/rules/israeli-whist.md: totals may be negative without end."""
    created = create(client, starting_totals=[-1000, 0, 0, -999_999], target=1000)
    assert created.status_code == 201, created.get_json()
    game = client.get(viewed(client, created.get_json()["id"])).get_json()
    assert game["totals"] == [-1000, 0, 0, -999_999] and game["status"] == "in_progress"


def test_the_new_game_page_names_the_box_of_a_side_already_lost(client):
    response = client.post(
        "/games/new?game=bid-whist",
        data={
            **{f"player_{s}": name for s, name in enumerate(SEAT_NAMES)},
            "first_dealer": "0",
            "rules": "bid-whist",
            "target": "",
            "start_1": "-21",
        },
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert '<a href="#start_1">' in page and LOST in page
    box = page.index('name="start_1"')
    assert LOST in page[box : page.index("</details>", box)]  # beside the box
    assert game_count(client) == 0


def test_import_refuses_a_bid_whist_game_that_started_lost(client, app, tmp_path):
    created = create_bid_whist(client, starting_totals=[0, -20]).get_json()
    with app.app_context():
        document = json.loads(transfer.export_json(db.get_db()))
    (entry,) = document["games"]
    entry["starting_totals"] = [0, -21]
    entry["totals"] = [0, -21]
    other = db.migrate(str(tmp_path / "other.db"))
    try:
        with pytest.raises(transfer.ImportProblem) as refused:
            transfer.import_file(other, json.dumps(document))
        assert refused.value.field == "starting_totals[1]"
        assert refused.value.where == f"game {created['id']}"
        assert LOST in refused.value.message
        assert json.loads(transfer.export_json(other))["games"] == []
    finally:
        other.close()
    # The page says the same, and saves nothing.
    response = upload(client, json.dumps(document).encode(), "games.json")
    assert response.status_code == 422
    text = plain(response)
    assert "starting_totals[1]" in text and LOST in text
    assert game_count(client) == 1


def test_statistics_count_the_carried_totals_as_the_scoreboard_does(client):
    created = create(client, starting_totals=[10, -20, 0, 35]).get_json()
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    client.post(f"/api/games/{created['id']}/hands", json=WORKED_EXAMPLE, headers=auth)
    totals = client.get(viewed(client, created["id"])).get_json()["totals"]
    assert totals != WORKED_POINTS  # the carried totals count
    assert stats_totals(client, created["id"]) == [str(t) for t in totals]


def test_statistics_of_a_hand_only_its_carried_totals_allow(client):
    """A blind nil is allowed only to a side far enough behind: in a Spades game carried
    over at 150 to 300, the first hand's blind nil stands, and its statistics (which once
    replayed it from 0-0 and refused it: a 500) show the scoreboard's totals."""
    created = client.post(
        "/api/games",
        json={
            "game": "spades",
            "players": SEAT_NAMES,
            "first_dealer": 0,
            "starting_totals": [150, 300],
        },
    ).get_json()
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    blind = {"bids": [0, 3, 5, 3], "tricks": [0, 3, 6, 4], "blind_nil": [0]}
    saved = client.post(f"/api/games/{created['id']}/hands", json=blind, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    totals = client.get(viewed(client, created["id"])).get_json()["totals"]
    assert totals != [150, 300]
    # Each player's total is their side's: A is seats 0 and 2, B seats 1 and 3.
    assert stats_totals(client, created["id"]) == [str(totals[seat % 2]) for seat in range(4)]
