"""The JSON API: its exact shapes and every error status."""

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE, WORKED_POINTS
from tests.support.app import SEAT_NAMES
from tests.support.shared import bearer
from tests.support.stored import game_count, view_token, viewed

# --- games --------------------------------------------------------------------------------


def test_create_a_game(client):
    response = client.post(
        "/api/games",
        json={
            "players": SEAT_NAMES,
            "rules": "pagat-german",
            "settings": {"miss_step": 5},
            "target": 200,
            "first_dealer": 0,
        },
    )
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "edit_key", "edit_url", "view_url", "group"}
    assert body["view_url"] == f"http://localhost/view/{view_token(client, body['id'])}"
    assert body["edit_url"] == f"http://localhost/games/{body['id']}/edit/{body['edit_key']}"
    assert len(body["edit_key"]) >= 22
    assert response.headers["Location"].endswith(f"/api/games/{body['id']}")
    game = client.get(viewed(client, body["id"])).get_json()
    assert game["settings"]["miss_step"] == 5 and game["settings"]["target"] == 200
    assert game["settings"]["declarer_may_raise"] is False


def test_defaults_are_standard_rules_and_a_random_dealer(client):
    body = client.post("/api/games", json={"players": ["a", "b", "c", "d"]}).get_json()
    game = client.get(viewed(client, body["id"])).get_json()
    assert game["rules"] == "standard" and game["settings"]["target"] == 100
    assert game["first_dealer"] in range(4)
    assert game["dealer"] == game["first_dealer"]


def test_each_game_gets_its_own_key(client, make_game):
    keys = {make_game("israeli-whist", rules="pagat-german")[1] for _ in range(5)}
    assert len(keys) == 5


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        (None, 400, "body"),
        ([1, 2], 400, "body"),
        ({"players": ["a", "b", "c"]}, 422, "players"),
        ({"players": "abcd"}, 422, "players"),
        ({"players": ["a", "b", "c", 4]}, 422, "players[3]"),
        ({"players": ["a", "b", " ", "d"]}, 422, "players[2]"),
        ({"players": ["a", "b", "A", "d"]}, 422, "players[2]"),
        ({"players": ["a", "b", "c", "d"], "rules": "bridge"}, 422, "rules"),
        ({"players": ["a", "b", "c", "d"], "rules": 5}, 422, "rules"),
        (
            {"players": ["a", "b", "c", "d"], "settings": {"miss_step": "x"}},
            422,
            "settings.miss_step",
        ),
        ({"players": ["a", "b", "c", "d"], "settings": {"nonsense": 1}}, 422, "settings.nonsense"),
        ({"players": ["a", "b", "c", "d"], "settings": [1]}, 422, "settings"),
        ({"players": ["a", "b", "c", "d"], "target": 0}, 422, "target"),
        ({"players": ["a", "b", "c", "d"], "target": "lots"}, 422, "target"),
        ({"players": ["a", "b", "c", "d"], "first_dealer": 4}, 422, "first_dealer"),
        ({"players": ["a", "b", "c", "d"], "first_dealer": True}, 422, "first_dealer"),
        ({"players": ["a", "b", "c", "d"], "player": "e"}, 422, "player"),
    ],
)
def test_create_game_errors(client, body, status, field):
    if body is None:
        response = client.post("/api/games", data="{not json", content_type="application/json")
    else:
        response = client.post("/api/games", json=body)
    assert response.status_code == status
    error = response.get_json()
    assert set(error) == {"error", "field"}
    assert error["field"] == field and error["error"]
    assert game_count(client) == 0


def test_list_games(client, make_game, post_hand):
    group = client.post("/api/groups", json={"name": "Thursday"}).get_json()
    # Both games start in the group, with its key.
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {group['key']}"
    first, key = make_game("israeli-whist", rules="pagat-german", target=15, group=str(group["id"]))
    second, _ = make_game("israeli-whist", rules="pagat-german", group=group["id"])
    del client.environ_base["HTTP_AUTHORIZATION"]
    post_hand(first, key, WORKED_EXAMPLE)
    listing = f"/api/games?group={group['id']}"
    games = client.get(listing, headers=bearer(group["key"])).get_json()["games"]
    assert [g["id"] for g in games] == [second, first]
    assert games[1]["status"] == "finished" and games[1]["winner"] == 1
    assert games[1]["totals"] == WORKED_POINTS and games[1]["hands"] == 1
    assert games[0]["players"] == SEAT_NAMES
    finished = client.get(f"{listing}&status=finished", headers=bearer(group["key"]))
    assert [g["id"] for g in finished.get_json()["games"]] == [first]
    response = client.get(f"{listing}&status=lost", headers=bearer(group["key"]))
    assert response.status_code == 400 and response.get_json()["field"] == "status"


def test_get_a_game(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    game = client.get(viewed(client, game_id)).get_json()
    assert {"players", "settings", "hands", "totals", "dealer", "opener", "status", "winner"} <= (
        set(game)
    )
    assert game["players"] == SEAT_NAMES
    assert game["totals"] == WORKED_POINTS
    assert (game["dealer"], game["opener"], game["status"], game["winner"]) == (
        1,
        1,
        "in_progress",
        None,
    )
    assert game["hands"] == [
        {
            "number": 1,
            "revision": 1,
            "dealer": 0,
            "thrown_in": False,
            "declarer": 2,
            "bid": "7C",
            "contracts": [2, 3, 7, 0],
            "tricks": [0, 3, 8, 2],
            "points": WORKED_POINTS,
            "over_under": "under",
            "totals": WORKED_POINTS,
            "explain": [
                ["0 tricks under a contract of 2: \u221210 \u00d7 2 = \u221220"],
                ["3 made: 10 + 3\u00b2 = +19"],
                ["8 tricks over a contract of 7: \u221210 \u00d7 1 = \u221210"],
                ["zero failed with 2 tricks: \u221250 + 10 \u00d7 1 = \u221240"],
            ],
        }
    ]
    assert game["winners"] == []


@pytest.mark.parametrize(
    "path", ["/api/games/999", "/api/games/0", "/api/games/99999999999999999999999"]
)
def test_unknown_games_are_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert set(response.get_json()) == {"error", "field"}


# --- hands --------------------------------------------------------------------------------


def test_post_the_worked_example(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    response = post_hand(game_id, key, WORKED_EXAMPLE, number=1)
    assert response.status_code == 201
    body = response.get_json()
    assert body["number"] == 1 and body["points"] == WORKED_POINTS
    assert body["totals"] == WORKED_POINTS and body["over_under"] == "under"
    assert body["status"] == "in_progress" and body["winner"] is None
    assert body["dealer"] == 1 and body["next_number"] == 2


def test_post_the_worked_example_under_elhanani(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="elhanani")
    assert post_hand(game_id, key, WORKED_EXAMPLE).get_json()["points"] == [-10, 9, -5, -20]


def test_post_a_thrown_in_deal(client, make_game):
    game_id, key = make_game("israeli-whist", rules="standard", first_dealer=3)
    response = client.post(
        f"/api/games/{game_id}/hands",
        json={"thrown_in": True, "frisch_rounds": 3},
        headers=bearer(key),
    )
    assert response.status_code == 201
    body = response.get_json()
    assert body["thrown_in"] is True and body["points"] == [0, 0, 0, 0]
    assert body["over_under"] is None and body["dealer"] == 3


def test_post_with_level_and_denomination_and_revokes(client, make_game, post_hand):
    """The bid as its level and denomination apart, as the form asks them (issue 55: in
    ``bid``, the only key of a bid on the plain schema)."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    hand = {**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]}
    hand["bid"] = {"level": 7, "denomination": "C"}
    response = post_hand(game_id, key, hand)
    assert response.get_json()["points"] == [-20, -81, -10, -40]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"contracts": [2, 4, 7, 0]}, "contracts"),
        ({"tricks": [0, 3, 8, 1]}, "tricks"),
        ({"contracts": [2, 3, 9, 0]}, "contracts[2]"),
        ({"contracts": [2, 3, 7]}, "contracts"),
        ({"contracts": "lots"}, "contracts"),
        ({"tricks": [0, 3, 8, "two"]}, "tricks[3]"),
        ({"declarer": 7}, "declarer"),
        ({"declarer": None}, "declarer"),
        ({"bid": "4C"}, "bid"),
        ({"bid": 7}, "bid"),
        ({"bid": "7X"}, "bid"),
        ({"frisch_rounds": 1}, "frisch_rounds"),
        ({"revokes": [0, -1, 0, 0]}, "revokes[1]"),
        ({"thrown_in": "yes"}, "thrown_in"),
        ({"number": "one"}, "number"),
        ({"number": 0}, "number"),
        ({"number": True}, "number"),
        ({"tricks_taken": [0, 3, 8, 2]}, "tricks_taken"),
        # Numbers are ASCII digits with an optional sign, and nothing else.
        ({"declarer": "--0"}, "declarer"),
        ({"declarer": "²"}, "declarer"),
        ({"frisch_rounds": "--1"}, "frisch_rounds"),
        ({"contracts": ["٢", 3, 7, 0]}, "contracts[0]"),
        ({"tricks": [0, 3, 8, 2.0]}, "tricks[3]"),
        ({"number": "--1"}, "number"),
        ({"number": 10**30}, "number"),
        ({"revokes": [0, 0, 0, 14]}, "revokes[3]"),
        ({"revokes": [1_000_000, 0, 0, 0]}, "revokes[0]"),
        ({"revokes": [10**17, 0, 0, 0]}, "revokes[0]"),
        ({"revokes": [10**19, 0, 0, 0]}, "revokes[0]"),
        ({"revokes": [0, int("9" * 4000), 0, 0]}, "revokes[1]"),
    ],
)
def test_post_bad_hands_are_422_naming_the_field(client, make_game, post_hand, changes, field):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    response = post_hand(game_id, key, WORKED_EXAMPLE, **changes)
    assert response.status_code == 422
    assert response.get_json()["field"] == field, response.get_json()
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}, {"Authorization": ""}],
)
def test_writes_need_the_key(client, make_game, post_hand, headers):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    url = f"/api/games/{game_id}/hands"
    for response in (
        client.post(url, json=WORKED_EXAMPLE, headers=headers),
        client.put(f"{url}/1", json=WORKED_EXAMPLE, headers=headers),
        client.delete(f"{url}/1", headers=headers),
    ):
        assert response.status_code == 403
        assert response.get_json()["field"] == "authorization"
    assert len(client.get(viewed(client, game_id)).get_json()["hands"]) == 1


def test_a_key_is_good_for_its_own_game_only(client, make_game, post_hand):
    first, key = make_game("israeli-whist", rules="pagat-german")
    second, _ = make_game("israeli-whist", rules="pagat-german")
    assert post_hand(second, key, WORKED_EXAMPLE).status_code == 403
    assert post_hand(first, key, WORKED_EXAMPLE).status_code == 201


def test_writes_to_unknown_games_are_404(client, post_hand):
    assert post_hand(5, "key", WORKED_EXAMPLE).status_code == 404
    assert client.put("/api/games/5/hands/1", json=WORKED_EXAMPLE).status_code == 404
    assert client.delete("/api/games/5/hands/1").status_code == 404


def test_a_bad_body_is_400(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    for data in ("", "[]", "nonsense", '"text"'):
        response = client.post(
            f"/api/games/{game_id}/hands",
            data=data,
            content_type="application/json",
            headers=bearer(key),
        )
        assert response.status_code == 400, data
        assert response.get_json()["field"] == "body"
        assert response.get_json()["error"].startswith("the body must be a JSON object")


@pytest.mark.parametrize(("number", "message"), [(1, "already recorded"), (3, "next hand is 2")])
def test_a_hand_number_that_is_not_next_is_409(make_game, post_hand, number, message):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE, number=1)
    response = post_hand(game_id, key, WORKED_EXAMPLE, number=number)
    assert response.status_code == 409
    assert message in response.get_json()["error"]
    assert response.get_json()["field"] == "number"


def test_a_tie_at_the_target_plays_on(make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=15)
    tie = {"declarer": 2, "bid": "5C", "contracts": [3, 3, 5, 0], "tricks": [3, 3, 6, 1]}
    body = post_hand(game_id, key, tie).get_json()
    assert body["totals"] == [19, 19, -10, -50]
    assert (body["status"], body["winner"], body["tie_at_top"]) == ("in_progress", None, True)
    south = {"declarer": 0, "bid": "5S", "contracts": [5, 1, 3, 3], "tricks": [5, 0, 4, 4]}
    body = post_hand(game_id, key, south).get_json()
    assert (body["status"], body["winner"], body["tie_at_top"]) == ("finished", 0, False)
    response = post_hand(game_id, key, south)
    assert response.status_code == 409 and "game is over" in response.get_json()["error"]


def test_put_replaces_a_hand_and_recomputes(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, WORKED_EXAMPLE)
    changed = {**WORKED_EXAMPLE, "tricks": [0, 3, 7, 3]}
    response = client.put(f"/api/games/{game_id}/hands/1", json=changed, headers=bearer(key))
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == [-20, 19, 59, -30] and body["revision"] == 2
    assert body["totals"] == [-40, 38, 49, -70]
    response = client.put(
        f"/api/games/{game_id}/hands/1", json={**changed, "revision": 1}, headers=bearer(key)
    )
    assert response.status_code == 409 and response.get_json()["field"] == "revision"


@pytest.mark.parametrize(
    ("path", "body", "status", "field"),
    [
        ("/hands/2", WORKED_EXAMPLE, 404, "number"),
        ("/hands/99999999999999999999", WORKED_EXAMPLE, 404, "number"),
        ("/hands/1", {**WORKED_EXAMPLE, "number": 2}, 422, "number"),
        ("/hands/1", {**WORKED_EXAMPLE, "tricks": [1, 1, 1, 1]}, 422, "tricks"),
        ("/hands/1", {**WORKED_EXAMPLE, "revision": "x"}, 422, "revision"),
        ("/hands/1", {**WORKED_EXAMPLE, "revision": 10**30}, 422, "revision"),
        ("/hands/1", {**WORKED_EXAMPLE, "revokes": [0, 0, 99, 0]}, 422, "revokes[2]"),
    ],
)
def test_put_errors(client, make_game, post_hand, path, body, status, field):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    response = client.put(f"/api/games/{game_id}{path}", json=body, headers=bearer(key))
    assert response.status_code == status
    assert response.get_json()["field"] == field


def test_put_that_would_end_the_game_before_later_hands_is_409(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=15)
    for _ in range(2):
        client.post(f"/api/games/{game_id}/hands", json={"thrown_in": True}, headers=bearer(key))
    response = client.put(f"/api/games/{game_id}/hands/1", json=WORKED_EXAMPLE, headers=bearer(key))
    assert response.status_code == 409


def test_delete_only_the_last_hand(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, WORKED_EXAMPLE)
    response = client.delete(f"/api/games/{game_id}/hands/1", headers=bearer(key))
    assert response.status_code == 409
    response = client.delete(f"/api/games/{game_id}/hands/3", headers=bearer(key))
    assert response.status_code == 404
    response = client.delete(f"/api/games/{game_id}/hands/2", headers=bearer(key))
    assert response.status_code == 200
    body = response.get_json()
    assert body["deleted"] == 2 and body["totals"] == WORKED_POINTS and body["next_number"] == 2


def test_score_preview_uses_the_game_rules_and_saves_nothing(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="elhanani")
    response = client.get(viewed(client, game_id, "/score?contracts=2,3,7,0&tricks=0,3,8,2"))
    assert response.status_code == 200
    assert response.get_json() == {
        "points": [-10, 9, -5, -20],
        "over_under": "under",
        "contracts_total": 12,
        "void": False,
    }
    response = client.get(viewed(client, game_id, "/score?contracts=2,4,7,0&tricks=0,3,8,2"))
    assert response.status_code == 422 and response.get_json()["field"] == "contracts"
    response = client.get(viewed(client, game_id, "/score"))
    assert response.status_code == 422
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("contracts=--1,0,0,0&tricks=13,0,0,0", "contracts[0]"),
        ("contracts=²,0,0,0&tricks=13,0,0,0", "contracts[0]"),
        ("contracts=2,3,٧,0&tricks=0,3,8,2", "contracts[2]"),
        ("contracts=2,3,7,0&tricks=0,3,8,2&revokes=0,0,0,1000000", "revokes[3]"),
        ("contracts=2,3,7,0&tricks=0,3,8," + "2" * 5000, "tricks[3]"),
    ],
)
def test_score_preview_refuses_odd_numbers_naming_the_field(client, make_game, query, field):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    response = client.get(viewed(client, game_id, f"/score?{query}"))
    assert response.status_code == 422
    assert response.get_json()["field"] == field


@pytest.mark.parametrize(
    ("data", "status", "field", "says"),
    [
        ("[" * 5000, 400, "body", "nested more than 32 levels deep"),
        ('{"contracts": ' + "[" * 40 + "]" * 40 + "}", 400, "body", "nested more than 32"),
        ('{"declarer": ' + "9" * 5000 + "}", 422, "declarer", "declarer has more than 18 digits"),
        ('{"tricks": [0, 3, 8, -' + "9" * 19 + "]}", 422, "tricks[3]", "more than 18 digits"),
    ],
)
def test_a_body_too_deep_or_too_long_to_read_is_refused(
    client, make_game, data, status, field, says
):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    for method in ("post", "put"):
        response = getattr(client, method)(
            f"/api/games/{game_id}/hands" + ("/1" if method == "put" else ""),
            data=data,
            content_type="application/json",
            headers=bearer(key),
        )
        assert response.status_code == status
        assert response.get_json()["field"] == field
        assert says in response.get_json()["error"]
    response = client.post("/api/games", data=data, content_type="application/json")
    assert response.status_code in (400, 422)
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("patch", "/api/games", 405),
        ("delete", "/api/games/1", 405),
        ("get", "/api/games/1/hands", 405),
        ("get", "/api/nothing", 404),
        ("get", "/api/games/abc", 404),
        ("post", "/api/games/1/hands/1", 405),
    ],
)
def test_unknown_routes_and_methods_answer_json(client, make_game, method, path, status):
    make_game("israeli-whist", rules="pagat-german")
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert set(response.get_json()) == {"error", "field"}


def test_an_oversized_body_is_413_json(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    response = client.post(
        f"/api/games/{game_id}/hands",
        data='{"x": "' + "y" * 100_000 + '"}',
        content_type="application/json",
        headers=bearer(key),
    )
    assert response.status_code == 413
    assert set(response.get_json()) == {"error", "field"}
