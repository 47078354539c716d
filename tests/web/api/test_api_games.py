"""The API's game key and its preview: a game names what it plays, and a hand can be
scored under a game's rules without being saved."""

import sqlite3

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.web.service import game_of
from tests.games.israeli_whist.worked import WORKED_EXAMPLE, WORKED_POINTS
from tests.support.app import SEAT_NAMES
from tests.support.game_page_matrix import names_for, simulated_hands
from tests.support.stored import group_listing, viewed
from tests.support.web.api.api_games import preview


def test_a_game_plays_israeli_whist_by_default_and_says_so(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    assert client.get(viewed(client, game_id)).get_json()["game"] == "israeli-whist"
    listed = group_listing(client, game_id)["games"]
    assert [g["game"] for g in listed] == ["israeli-whist"]


@pytest.mark.parametrize("named", ["israeli-whist", "Israeli-Whist", None])
def test_the_game_may_be_named(client, named):
    response = client.post("/api/games", json={"players": SEAT_NAMES, "game": named})
    assert response.status_code == 201
    assert set(response.get_json()) == {"id", "edit_key", "edit_url", "view_url", "group"}
    game = client.get(viewed(client, response.get_json()["id"])).get_json()
    assert game["game"] == "israeli-whist" and game["rules"] == "standard"


@pytest.mark.parametrize("named", ["no-such-game", "", 5, ["israeli-whist"]])
def test_an_unknown_game_is_422_naming_the_field(client, app, named):
    response = client.post("/api/games", json={"players": SEAT_NAMES, "game": named})
    assert response.status_code == 422
    body = response.get_json()
    assert body["field"] == "game" and "israeli-whist" in body["error"]
    with sqlite3.connect(app.config["DATABASE"]) as connection:
        assert connection.execute("SELECT count(*) FROM games").fetchone() == (0,)


@pytest.mark.parametrize(
    ("row", "key"),
    [
        ({"id": 1}, "israeli-whist"),
        ({"id": 1, "game": None}, "israeli-whist"),
        ({"id": 1, "game": "bid-whist"}, "bid-whist"),
        (type("Row", (), {})(), "israeli-whist"),
        (type("Row", (), {"game": "bid-whist"})(), "bid-whist"),
    ],
)
def test_a_stored_game_key_is_read_before_and_after_the_column_exists(row, key):
    assert game_of(row).key == key


# --- preview ------------------------------------------------------------------------------


def test_preview_of_an_unknown_game_is_404(client):
    response = client.post("/api/games/999/preview", json=WORKED_EXAMPLE)
    assert response.status_code == 404 and response.get_json()["field"] == "id"


@pytest.mark.parametrize(
    ("rules", "points"),
    [("pagat-german", WORKED_POINTS), ("elhanani", [-10, 9, -5, -20])],
)
def test_preview_scores_the_worked_example_without_saving(client, make_game, rules, points):
    game_id, _ = make_game("israeli-whist", rules=rules)
    response = preview(client, game_id, WORKED_EXAMPLE)
    assert response.status_code == 200
    assert response.get_json() == {
        "points": points,
        "over_under": "under",
        "contracts_total": 12,
        "void": False,
    }
    game = client.get(viewed(client, game_id)).get_json()
    assert game["hands"] == [] and game["totals"] == [0, 0, 0, 0]


def test_preview_agrees_with_the_hand_once_posted(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    hand = {**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0], "number": 1}
    previewed = preview(client, game_id, hand).get_json()
    posted = post_hand(game_id, key, hand).get_json()
    assert previewed["points"] == posted["points"]
    assert previewed["over_under"] == posted["over_under"]


def test_preview_of_a_void_and_a_thrown_in_hand(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="elhanani")
    void = {**WORKED_EXAMPLE, "tricks": [1, 4, 6, 2]}
    assert preview(client, game_id, void).get_json() == {
        "points": [0, 0, 0, 0],
        "over_under": "under",
        "contracts_total": 12,
        "void": True,
    }
    thrown = {"thrown_in": True}
    assert preview(client, game_id, thrown).get_json() == {
        "points": [0, 0, 0, 0],
        "over_under": None,
        "contracts_total": None,
        "void": False,
    }


def test_preview_needs_no_key_and_a_wrong_key_changes_nothing(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    wrong = {"Authorization": "Bearer nope"}
    assert preview(client, game_id, WORKED_EXAMPLE, headers=wrong).status_code == 200


@pytest.mark.parametrize(
    ("changes", "status", "field"),
    [
        ({"contracts": [2, 4, 7, 0]}, 422, "contracts"),
        ({"tricks": [0, 3, 8, 1]}, 422, "tricks"),
        ({"declarer": 4}, 422, "declarer"),
        ({"bid": "4C"}, 422, "bid"),
        ({"number": 0}, 422, "number"),
        ({"tricks": [0, 3, 8, "٢"]}, 422, "tricks[3]"),
        ({"player": 1}, 422, "player"),
    ],
)
def test_preview_refuses_a_bad_hand_naming_the_field(client, make_game, changes, status, field):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = preview(client, game_id, {**WORKED_EXAMPLE, **changes})
    assert response.status_code == status
    assert response.get_json()["field"] == field


@pytest.mark.parametrize("data", ["{not json", "[1, 2]", "[" * 5000])
def test_preview_of_a_body_that_is_no_object_is_400(client, make_game, data):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = client.post(
        viewed(client, game_id, "/preview"), data=data, content_type="application/json"
    )
    assert response.status_code == 400 and response.get_json()["field"] == "body"


# --- the score shortcut -------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.key)
def test_the_score_shortcut_answers_the_preview_of_the_fields_its_schema_names(
    client, make_game, game
):
    """``GET .../score`` (docs/api.md) reads the fields the game's hand names for it
    (``HandSchema.query``), each a list separated by commas, and answers that hand's
    preview; a game whose hand names none answers 404, pointing to ``/preview``."""
    game_id, _ = make_game(game.key, game.default_preset, players=names_for(game))
    named = game.hand.query
    if not named:
        response = client.get(viewed(client, game_id, "/score"))
        assert response.status_code == 404 and "/preview" in response.get_json()["error"]
        return
    settings = game.preset(game.default_preset)
    bodies = simulated_hands(game, 40)
    body = next(b for b in bodies if b.get(named[0]) is not None)  # a hand played
    given = [name for name in named if body.get(name) is not None]  # revokes: none caught
    query = "&".join(f"{name}={','.join(map(str, body[name]))}" for name in given)
    response = client.get(viewed(client, game_id, f"/score?{query}"))
    assert response.status_code == 200, response.get_json()
    record = game.record_from_dict(settings, body)
    assert response.get_json() == game.preview(settings, record)
