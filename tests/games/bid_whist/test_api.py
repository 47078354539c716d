"""The JSON API for Bid Whist, end to end through HTTP and a real SQLite file: issue 10's
exact shapes, docs/rules/bid-whist.md's worked examples, errors naming the field, "finish
now", edits and deletes, the per-seat rows of the data layer, and export and import.

Bid Whist is one of the registered games (``registry.GAMES``), offered by the app.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import db, game_play, transfer
from scorekeeper.engine import GAMES
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES, game_in_new_group
from tests.support.games.bid_whist.api import down, no_trump, up
from tests.support.shared import bearer
from tests.support.stored import group_listing, viewed

BID_WHIST = GAMES["bid-whist"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # sides: A = Ann & Cat, B = Bob & Dan
FIXTURES = Path(__file__).parents[2] / "fixtures"


@pytest.fixture
def bid_whist():
    return BID_WHIST


@pytest.fixture
def new_game(client):
    """Creates a Bid Whist game through the API, as issue 10 writes the body."""

    def make(settings=None, first_dealer=0, target=21, **body):
        response = client.post(
            "/api/games",
            json={
                "game": "bid-whist",
                "players": PLAYERS,
                "rules": "bid-whist",
                "settings": settings or {},
                "target": target,
                "first_dealer": first_dealer,
                **body,
            },
        )
        assert response.status_code == 201, response.get_json()
        return response.get_json()["id"], response.get_json()["edit_key"]

    return make


@pytest.fixture
def play(client):
    """Posts hands in order; returns the last response's body (each must be 201)."""

    def post(game_id, key, *hands):
        body = None
        for hand in hands:
            response = client.post(f"/api/games/{game_id}/hands", json=hand, headers=bearer(key))
            assert response.status_code == 201, response.get_json()
            body = response.get_json()
        return body

    return post


# --- a game, as issue 10 shapes it ---------------------------------------------------------


def test_a_bid_whist_game_reads_per_side(client, new_game):
    game_id, _ = new_game(first_dealer=3)
    game = client.get(viewed(client, game_id)).get_json()
    assert game["game"] == "bid-whist" and game["rules"] == "bid-whist"
    assert game["players"] == PLAYERS
    assert game["sides"] == [[0, 2], [1, 3]]
    assert game["totals"] == [0, 0] and game["winner"] is None
    assert (game["dealer"], game["opener"], game["next_number"]) == (3, 0, 1)
    assert game["settings"]["target"] == 21 and game["finished_after"] is None
    assert game["hands"] == []


def test_an_israeli_whist_game_has_one_seat_per_side(client, make_game):
    """The same key for every game, so a client reads totals per side without knowing the
    game; an Israeli Whist game keeps everything else it had, and no "finished_after"."""
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    game = client.get(viewed(client, game_id)).get_json()
    assert game["sides"] == [[0], [1], [2], [3]]
    assert game["totals"] == [0, 0, 0, 0] and "finished_after" not in game


# --- docs/rules/bid-whist.md's worked examples, through HTTP ------------------------------------

WORKED = [
    pytest.param({}, [up(0, 4, "H", 11)], [5, 0], True, 10, id="A 4 uptown hearts, 11 books"),
    pytest.param(
        {}, [no_trump(1, 5, "low", 10)], [0, -10], False, 11, id="B 5 no-trump low, 10 books"
    ),
    pytest.param(
        {"set_goes_to": "defenders_gain"},
        [no_trump(1, 5, "low", 10)],
        [10, 0],
        False,
        11,
        id="the same, defenders gain",
    ),
    pytest.param(
        {}, [down(0, 3, "S", 9, reneges=[1, 0])], [-3, 0], False, 9, id="A 3 downtown, renege"
    ),
    pytest.param({}, [no_trump(0, 7, "high", 13)], [14, 0], True, 13, id="A 7 no-trump, Boston"),
    pytest.param(
        {"boston": "double"},
        [no_trump(0, 7, "high", 13)],
        [28, 0],
        True,
        13,
        id="the same, Boston doubled",
    ),
]


@pytest.mark.parametrize(("settings", "hands", "points", "made", "needed"), WORKED)
def test_the_worked_examples(client, new_game, play, settings, hands, points, made, needed):
    game_id, key = new_game(settings)
    body = play(game_id, key, *hands)
    assert body["number"] == 1
    assert body["points"] == points and body["totals"] == points
    assert (body["made"], body["needed"]) == (made, needed)
    # +28 alone reaches the target of 21.
    ended = ("finished", 0) if points[0] >= 21 else ("in_progress", None)
    assert (body["status"], body["winner"]) == ended
    explained = body["hand"].pop("explain")
    # Partners share every term; the side that scores has its points explained.
    assert explained[0] == explained[2] and explained[1] == explained[3]
    assert any(explained[side] for side in (0, 1))
    assert body["hand"] == {
        "number": 1,
        "revision": 1,
        "dealer": 0,
        **hands[0],
        "thrown_in": False,  # as the plain schema writes a hand played (issue 55)
        "points": points,
        "made": made,
        "needed": needed,
        "totals": points,
    }
    previewed = client.post(viewed(client, game_id, "/preview"), json=hands[0]).get_json()
    assert previewed == {"points": points, "made": made, "needed": needed}


def test_side_a_reaches_plus_21_and_wins(client, new_game, play):
    game_id, key = new_game()
    body = play(game_id, key, no_trump(0, 7, "high", 13), up(2, 4, "C", 10))
    assert body["totals"] == [18, 0] and body["status"] == "in_progress"
    body = play(game_id, key, up(0, 4, "H", 10))
    assert body["points"] == [4, 0] and body["totals"] == [22, 0]
    assert (body["status"], body["winner"]) == ("finished", 0)
    response = client.post(
        f"/api/games/{game_id}/hands", json=up(1, 4, "H", 10), headers=bearer(key)
    )
    assert response.status_code == 409
    assert response.get_json()["error"] == "the game is over: Ann & Cat won"


def test_side_b_falls_to_minus_21_and_side_a_wins(client, new_game, play):
    game_id, key = new_game()
    body = play(game_id, key, up(1, 7, "S", 6), down(3, 7, "D", 6), up(1, 3, "H", 8))
    assert body["totals"] == [0, -17] and body["status"] == "in_progress"
    body = play(game_id, key, down(3, 5, "C", 9))
    assert body["points"] == [0, -5] and body["totals"] == [0, -22]
    assert (body["status"], body["winner"]) == ("finished", 0)
    listed = group_listing(client, game_id)["games"][0]
    assert (listed["totals"], listed["winner"], listed["status"]) == ([0, -22], 0, "finished")


def test_a_thrown_in_hand_scores_nothing_and_the_deal_passes(client, new_game, play):
    game_id, key = new_game(first_dealer=2)
    body = play(game_id, key, {"thrown_in": True})
    assert body["points"] == [0, 0] and body["thrown_in"] is True
    assert (body["made"], body["needed"]) == (None, None)
    assert (body["dealer"], body["opener"]) == (3, 0)
    assert body["hand"]["thrown_in"] is True and body["hand"]["dealer"] == 2


def test_every_seat_row_holds_its_sides_points_and_total(app, client, new_game, play):
    game_id, key = new_game()
    play(game_id, key, up(0, 4, "H", 11), no_trump(1, 5, "low", 10), {"thrown_in": True})
    connection = sqlite3.connect(app.config["DATABASE"])
    rows = connection.execute(
        "SELECT h.number, s.seat, s.points, s.total FROM hand_seats s "
        "JOIN hands h ON h.id = s.hand_id WHERE h.game_id = ? ORDER BY 1, 2",
        [game_id],
    ).fetchall()
    assert rows == [
        *((1, seat, p, t) for seat, (p, t) in enumerate([(5, 5), (0, 0)] * 2)),
        *((2, seat, p, t) for seat, (p, t) in enumerate([(0, 5), (-10, -10)] * 2)),
        *((3, seat, p, t) for seat, (p, t) in enumerate([(0, 5), (0, -10)] * 2)),
    ]
    totals = connection.execute(
        "SELECT total FROM players WHERE game_id = ? ORDER BY seat", [game_id]
    ).fetchall()
    assert [t for (t,) in totals] == [5, -10, 5, -10]
    # On the plain schema (issue 55) the record holds every value, as every other game's.
    bids = connection.execute(
        "SELECT json_extract(record, '$.bid') FROM hands WHERE game_id = ? ORDER BY number",
        [game_id],
    ).fetchall()
    assert all(bid is not None for (bid,) in bids[:1])


# --- errors name the field -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "field", "words"),
    [
        (up(4, 4, "H", 11), "bidder", "bidder must be a whole number from 0 to 3, not 4"),
        (up(0, 2, "H", 11), "bid", "3..7"),
        ({"bidder": 0, "bid": "4X", "trump": "H", "books": 11}, "bid", "4X"),
        ({"bidder": 0, "bid": "4U", "books": 11}, "trump", "trump is missing"),
        (up(0, 4, "Z", 11), "trump", "Z"),
        ({"bidder": 0, "bid": "4NT", "books": 11}, "direction", "direction is missing"),
        (no_trump(0, 4, "sideways", 11), "direction", "one of high, low"),
        ({**no_trump(0, 4, "low", 11), "trump": "H"}, "trump", "not part of this hand"),
        (up(0, 4, "H", 14), "books", "from 1 to 13"),
        (up(0, 4, "H", 0), "books", "from 1 to 13"),
        (up(0, 4, "H", 11, reneges=[9, 0]), "reneges[0]", "from 0 to 4"),
        (up(0, 4, "H", 11, reneges=[0]), "reneges", "2 whole numbers, one per side"),
        ({**WORKED_EXAMPLE}, "contracts", "unknown field 'contracts'"),
        ({"thrown_in": "maybe"}, "thrown_in", "true or false"),
    ],
)
def test_a_bad_hand_is_refused_naming_its_field(client, new_game, hand, field, words):
    game_id, key = new_game()
    for path in ("hands", "preview"):
        response = client.post(f"/api/games/{game_id}/{path}", json=hand, headers=bearer(key))
        assert response.status_code == 422, response.get_json()
        body = response.get_json()
        assert body["field"] == field and words in body["error"]
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


def test_no_hand_is_thrown_in_when_the_dealer_must_bid(client, new_game):
    game_id, key = new_game({"all_pass": "dealer_must_bid"})
    response = client.post(
        f"/api/games/{game_id}/hands", json={"thrown_in": True}, headers=bearer(key)
    )
    assert response.status_code == 422 and response.get_json()["field"] == "thrown_in"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": PLAYERS[:3]}, "players"),
        ({"rules": "standard"}, "rules"),
        ({"settings": {"jokers": 3}}, "settings.jokers"),
        ({"settings": {"deal_limit": 6}}, "settings.deal_limit"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"target": 0}, "target"),
    ],
)
def test_a_bad_new_game_is_refused_naming_its_field(client, body, field):
    game = {"game": "bid-whist", "players": PLAYERS, "rules": "bid-whist", **body}
    response = client.post("/api/games", json=game)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["field"] == field


def test_writes_need_the_key_and_a_game_that_exists(client, new_game):
    game_id, key = new_game()
    hand = up(0, 4, "H", 11)
    # This client may not read the game: a write without its key is told, as for a game
    # that does not exist, that there is no such game (issue 29).
    assert client.post(f"/api/games/{game_id}/hands", json=hand).status_code == 404
    wrong = bearer("nope")
    for method, path in [("post", "hands"), ("post", "finish"), ("put", "hands/1")]:
        response = getattr(client, method)(f"/api/games/{game_id}/{path}", json=hand, headers=wrong)
        assert response.status_code == 404 and response.get_json()["field"] == "id"
    response = client.post("/api/games/999/hands", json=hand, headers=bearer(key))
    assert response.status_code == 404 and response.get_json()["field"] == "id"
    # One that may read it (by its view token) is told the key is what is missing.
    view = client.get(f"/api/games/{game_id}", headers=bearer(key)).get_json()["view_url"]
    token = view.rsplit("/", 1)[1]
    response = client.post(f"/api/games/{game_id}/hands?view={token}", json=hand, headers=wrong)
    assert response.status_code == 403 and response.get_json()["field"] == "authorization"
    response = client.post(f"/api/games/{game_id}/hands", data="[1]", headers=bearer(key))
    assert response.status_code == 400 and response.get_json()["field"] == "body"


def test_the_contracts_score_stays_israeli_whist_and_points_to_preview(client, new_game):
    game_id, _ = new_game()
    response = client.get(viewed(client, game_id, "/score?contracts=1,2,3,4&tricks=1,2,3,7"))
    assert response.status_code == 404
    assert "/preview" in response.get_json()["error"]


# --- edit, delete ---------------------------------------------------------------------------


def test_edit_a_hand_and_delete_the_last(app, client, new_game, play):
    game_id, key = new_game()
    play(game_id, key, up(0, 4, "H", 11), no_trump(1, 5, "low", 10))
    response = client.put(
        f"/api/games/{game_id}/hands/1",
        json={**up(0, 4, "H", 12), "revision": 1},
        headers=bearer(key),
    )
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["points"] == [6, 0] and body["made"] is True and body["revision"] == 2
    assert body["totals"] == [6, -10]
    stale = client.put(
        f"/api/games/{game_id}/hands/1",
        json={**up(0, 4, "H", 10), "revision": 1},
        headers=bearer(key),
    )
    assert stale.status_code == 409 and stale.get_json()["hand"]["books"] == 12
    assert client.delete(f"/api/games/{game_id}/hands/1", headers=bearer(key)).status_code == 409
    response = client.delete(f"/api/games/{game_id}/hands/2", headers=bearer(key))
    assert response.status_code == 200
    assert response.get_json()["totals"] == [6, 0] and response.get_json()["next_number"] == 2
    with app.app_context():
        revisions = db.load_revisions(db.get_db(), game_id)
    assert [(r.number, r.action) for r in revisions] == [
        (1, "recorded"),
        (1, "edited"),
        (2, "recorded"),
        (2, "deleted"),
    ]


# --- finish now ----------------------------------------------------------------------------


def test_finish_now_ends_the_game_with_the_side_ahead(client, new_game, play):
    game_id, key = new_game()
    play(game_id, key, no_trump(1, 5, "low", 10), up(0, 4, "H", 11))
    response = client.post(f"/api/games/{game_id}/finish", headers=bearer(key))
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["finished_after"] == 2
    assert (body["status"], body["winner"], body["tie_at_top"]) == ("finished", 0, False)
    game = client.get(viewed(client, game_id)).get_json()
    assert (game["status"], game["winner"], game["finished_after"]) == ("finished", 0, 2)
    again = client.post(f"/api/games/{game_id}/finish", headers=bearer(key))
    assert again.status_code == 409 and "Ann & Cat won" in again.get_json()["error"]
    late = client.post(f"/api/games/{game_id}/hands", json=up(0, 4, "H", 11), headers=bearer(key))
    assert late.status_code == 409
    # Deleting the last hand reopens the game; the next hand ends it again.
    deleted = client.delete(f"/api/games/{game_id}/hands/2", headers=bearer(key)).get_json()
    assert (deleted["status"], deleted["winner"]) == ("in_progress", None)
    body = play(game_id, key, up(2, 3, "D", 10))
    assert (body["status"], body["winner"], body["totals"]) == ("finished", 0, [4, -10])


def test_finish_now_on_a_tie_plays_on_until_a_side_is_ahead(client, new_game, play):
    game_id, key = new_game()
    play(game_id, key, up(0, 4, "H", 11), up(1, 4, "S", 11))
    body = client.post(f"/api/games/{game_id}/finish", headers=bearer(key)).get_json()
    assert (body["status"], body["winner"], body["tie_at_top"]) == ("in_progress", None, True)
    assert body["finished_after"] == 2
    # Asking again keeps the first request, and the game still plays on.
    body = client.post(f"/api/games/{game_id}/finish", headers=bearer(key), json={}).get_json()
    assert (body["finished_after"], body["status"]) == (2, "in_progress")
    body = play(game_id, key, {"thrown_in": True})
    assert (body["status"], body["tie_at_top"]) == ("in_progress", True)
    body = play(game_id, key, down(3, 3, "C", 10))
    assert (body["status"], body["winner"], body["totals"]) == ("finished", 1, [5, 9])


def test_finish_takes_no_fields_and_an_israeli_whist_game_has_no_finish(
    client, new_game, make_game
):
    game_id, key = new_game()
    response = client.post(f"/api/games/{game_id}/finish", json={"now": 1}, headers=bearer(key))
    assert response.status_code == 422 and response.get_json()["field"] == "now"
    assert client.post("/api/games/999/finish", headers=bearer(key)).status_code == 404
    iw_id, iw_key = make_game("israeli-whist", rules="pagat-german")
    response = client.post(f"/api/games/{iw_id}/finish", headers=bearer(iw_key))
    assert response.status_code == 409
    assert response.get_json() == {
        "error": "Israeli Whist has no \u201cfinish now\u201d: the game ends at its target",
        "field": "id",
    }


def test_a_players_wins_count_their_partners_win(app, client, new_game, play):
    game_id, key = new_game()
    play(game_id, key, up(0, 4, "H", 11))
    client.post(f"/api/games/{game_id}/finish", headers=bearer(key))
    with app.app_context():
        records = {name: db.player_record(db.get_db(), name) for name in PLAYERS}
    assert {name: r.wins for name, r in records.items()} == {"Ann": 1, "Bob": 0, "Cat": 1, "Dan": 0}
    assert all((r.games, r.finished) == (1, 1) for r in records.values())


# --- export and import -------------------------------------------------------------------------


@pytest.fixture
def played(client, new_game, play):
    """Two Bid Whist games with edits, a deletion, a thrown-in hand, reneges, a finish now
    and a named game; and an Israeli Whist game beside them."""
    first, key = new_game(first_dealer=1)
    client.patch(f"/api/games/{first}", json={"name": "Friday"}, headers=bearer(key))
    play(first, key, up(0, 4, "H", 11), {"thrown_in": True}, no_trump(1, 5, "low", 10))
    play(first, key, down(2, 3, "S", 9, reneges=[1, 2]), up(3, 6, "D", 13))
    client.put(f"/api/games/{first}/hands/1", json=up(0, 4, "H", 12), headers=bearer(key))
    client.delete(f"/api/games/{first}/hands/5", headers=bearer(key))
    second, key = new_game({"boston": "double", "set_goes_to": "defenders_gain"}, target=50)
    play(second, key, no_trump(0, 7, "high", 13), no_trump(1, 4, "high", 7))
    client.post(f"/api/games/{second}/finish", headers=bearer(key))
    client.post("/api/games", json={"players": SEAT_NAMES, "rules": "elhanani"})
    return first, second


def test_export_and_import_give_the_same_file(app, played, tmp_path):
    with app.app_context():
        text = transfer.export_json(db.get_db())
    document = json.loads(text)
    assert document["version"] == 2
    first, second = document["games"][:2]
    assert first["game"] == second["game"] == "bid-whist"
    assert first["name"] == "Friday" and len(first["hands"]) == 4
    assert first["hands"][3]["reneges"] == [1, 2] and first["hands"][1]["points"] == [0, 0]
    assert first["finished_after"] is None
    assert (second["finished_after"], second["status"], second["winner"]) == (2, "finished", 0)
    assert second["totals"] == [36, 0] and second["hands"][1]["points"] == [8, 0]
    assert "finished_after" not in document["games"][2]
    path = tmp_path / "copy.db"
    copy = db.migrate(str(path))
    try:
        imported = transfer.import_file(copy, text)
        assert [(file_id, stored) for file_id, stored, _key in imported] == [(1, 1), (2, 2), (3, 3)]
        assert transfer.export_json(copy) == text
        stored = copy.execute(
            "SELECT seat, total FROM players WHERE game_id = 2 ORDER BY seat"
        ).fetchall()
        assert stored == [(0, 36), (1, 0), (2, 36), (3, 0)]
        status = copy.execute("SELECT status, winner, finished_after FROM games WHERE id = 2")
        assert status.fetchone() == ("finished", 0, 2)
    finally:
        copy.close()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda g: g["hands"][0].update(made=False), "made"),
        (lambda g: g["hands"][0].update(needed=9), "needed"),
        (lambda g: g["hands"][0].update(points=[5, 5]), "points"),
        (lambda g: g.update(totals=[1, 2]), "totals"),
        (lambda g: g.update(finished_after=-1), "finished_after"),
        (lambda g: g.update(finished_after=None), "status"),
        (lambda g: g["hands"][0].update(books=14), "books"),
    ],
)
def test_import_refuses_a_changed_bid_whist_game(app, played, tmp_path, change, field):
    with app.app_context():
        document = json.loads(transfer.export_json(db.get_db(), played[1]))
    change(document["games"][0])
    with pytest.raises(transfer.ImportProblem) as refused:
        transfer.read_file(json.dumps(document))
    assert refused.value.field == field


def test_import_refuses_finished_after_for_a_game_without_finish_now(app, played):
    with app.app_context():
        document = json.loads(transfer.export_json(db.get_db(), 3))
    document["games"][0]["finished_after"] = 0
    with pytest.raises(transfer.ImportProblem) as refused:
        transfer.read_file(json.dumps(document))
    assert refused.value.field == "finished_after"


def test_the_csv_export_has_a_row_per_seat_with_the_sides_values(app, played):
    with app.app_context():
        rows = list(csv.DictReader(io.StringIO(transfer.export_csv(db.get_db(), played[1]))))
    assert len(rows) == 8
    assert [(r["seat"], r["player"], r["points"], r["total"]) for r in rows[:4]] == [
        ("0", "Ann", "28", "28"),
        ("1", "Bob", "0", "0"),
        ("2", "Cat", "28", "28"),
        ("3", "Dan", "0", "0"),
    ]
    assert {(r["bidder"], r["bid"]) for r in rows[4:]} == {("Bob", "4NT")}
    assert "declarer" not in rows[0]


# --- the committed fixture file ----------------------------------------------------------------


def test_an_upgraded_v2_file_takes_a_finished_bid_whist_game(tmp_path):
    path = tmp_path / "v2.db"
    shutil.copyfile(FIXTURES / "scorekeeper-v2.db", path)
    database = db.migrate(str(path))
    try:
        finished = database.execute("SELECT count(*), count(finished_after) FROM games")
        assert finished.fetchone() == (8, 0)
        game_id, _ = game_in_new_group(
            database,
            PLAYERS,
            "bid-whist",
            BID_WHIST.preset("bid-whist"),
            0,
            game="bid-whist",
        )
        record = BID_WHIST.record_from_dict(BID_WHIST.preset("bid-whist"), up(1, 4, "S", 12))
        game_play.add_hand(database, game_id, record)
        asked, progress = game_play.finish_game(database, game_id)
        assert (asked, progress.winner, progress.totals) == (1, 1, (0, 6))
        stored = db.load_game(database, game_id)
        assert stored is not None
        assert (stored.finished_after, stored.winner, stored.totals) == (1, 1, (0, 6, 0, 6))
    finally:
        database.close()
