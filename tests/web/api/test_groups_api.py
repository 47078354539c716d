"""The JSON API of groups (issue 21): starting a group, reading it with its key, games
started in a group or in one of their own, listing a group's games, and reading a game
only with its edit key, its group's key, its view token or its group's membership."""

from __future__ import annotations

import hmac

import pytest

from scorekeeper import db
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.shared import bearer
from tests.support.stored import join, view_token
from tests.support.web.api.groups_api import game_in, new_group, post_hand, read

# --- POST /api/groups ---------------------------------------------------------------------


def test_a_group_is_started_without_a_key_and_answers_its_key_once(client, app):
    response = client.post("/api/groups", json={"name": "  Thursday\n night  "})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "key", "join_url"}
    assert len(body["key"]) >= 22
    assert response.headers["Cache-Control"] == "private, no-store"
    assert response.headers["Location"].endswith(f"/api/groups/{body['id']}")
    with app.app_context():
        group = db.load_group(db.get_db(), body["id"])
    assert group.name == "Thursday night"
    assert body["join_url"] == f"http://localhost/join/{group.invite}"
    assert body["key"] not in (group.key_hash, group.invite)
    assert db.group_key_matches(group, body["key"])


def test_a_group_without_a_name_has_the_default_name(client):
    for body in ({}, {"name": None}, {"name": "   "}):
        made = client.post("/api/groups", json=body).get_json()
        read = client.get(f"/api/groups/{made['id']}", headers=bearer(made["key"]))
        assert read.get_json()["name"] is None


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"name": 5}, 422, "name"),
        ({"name": ["x"]}, 422, "name"),
        ({"title": "x"}, 422, "title"),
        ([1], 400, "body"),
    ],
)
def test_a_bad_group_is_refused_naming_the_field(client, app, body, status, field):
    response = client.post("/api/groups", json=body)
    assert response.status_code == status
    assert response.get_json()["field"] == field and response.get_json()["error"]
    with app.app_context():
        assert db.list_groups(db.get_db()) == []


# --- GET /api/groups/<id> -----------------------------------------------------------------


def test_a_group_reads_its_name_players_and_games_newest_first(client):
    group = new_group(client)
    first = game_in(client, group)
    post_hand(client, first)
    second = game_in(client, group, players=["Noa", "Avi", "Dana", "Gil"])
    response = client.get(f"/api/groups/{group['id']}", headers=bearer(group["key"]))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    body = response.get_json()
    assert body["id"] == group["id"] and body["name"] == "Thursday"
    assert sorted(body["players"]) == sorted([*SEAT_NAMES, "Noa", "Avi", "Dana", "Gil"])
    assert [g["id"] for g in body["games"]] == [second["id"], first["id"]]
    assert body["games"][1]["hands"] == 1 and body["next"] is None
    assert body["games"][0]["view_url"] == second["view_url"]


def test_a_group_s_games_come_in_pages(client):
    group = new_group(client)
    ids = [game_in(client, group)["id"] for _ in range(5)]
    path = f"/api/groups/{group['id']}?limit=2"
    seen = []
    while path:
        body = client.get(path, headers=bearer(group["key"])).get_json()
        seen += [g["id"] for g in body["games"]]
        path = body["next"] and body["next"].removeprefix("http://localhost")
    assert seen == ids[::-1]


def test_a_group_without_a_key_is_401_and_with_a_wrong_one_404(client):
    group = new_group(client)
    other = new_group(client, "Other")
    missing = client.get(f"/api/groups/{group['id']}")
    assert missing.status_code == 401
    assert missing.get_json()["field"] == "Authorization"
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = client.get(f"/api/groups/{group['id']}", headers=bearer(other["key"]))
    unknown = client.get("/api/groups/999", headers=bearer(group["key"]))
    assert wrong.status_code == unknown.status_code == 404
    # The same answer for a group that is not there and for one whose key is wrong.
    assert wrong.get_json().keys() == unknown.get_json().keys() == {"error", "field"}
    assert wrong.get_json()["field"] == unknown.get_json()["field"] == "id"
    assert "Thursday" not in wrong.get_data(as_text=True)


def test_a_group_key_is_compared_in_constant_time_as_an_edit_key_is(client, monkeypatch):
    """Every check of a group key, and of a member's proof, goes through
    ``hmac.compare_digest`` of fixed-length digests: a wrong key's answer takes the same
    time however many of its characters are right. Read from the calls, not timed."""
    group = new_group(client)
    compared = []
    real = hmac.compare_digest

    def spy(a, b):
        compared.append((len(a), len(b)))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    key = group["key"]
    near = key[:-1] + ("A" if key[-1] != "A" else "B")  # all but the last character right
    for given, status in ((key, 200), (near, 404), ("x", 404), (key * 3, 404)):
        compared.clear()
        response = client.get(f"/api/groups/{group['id']}", headers=bearer(given))
        assert response.status_code == status, given
        # One comparison of two SHA-256 digests, whatever the key's length.
        assert compared == [(64, 64)], given
    # A member's browser: its proof is compared the same way.
    join(client, group["id"])
    compared.clear()
    assert client.get("/").status_code == 200  # lists this browser's groups
    # (the session cookie's own signature is the other comparison)
    assert (64, 64) in compared and all(a == b for a, b in compared)


def test_a_game_s_edit_key_is_not_its_group_s_key(client):
    made = client.post("/api/games", json={"players": SEAT_NAMES}).get_json()
    response = client.get(f"/api/groups/{made['group']['id']}", headers=bearer(made["edit_key"]))
    assert response.status_code == 404


# --- POST /api/games ----------------------------------------------------------------------


def test_a_game_without_a_group_starts_in_a_new_group_of_its_own(client, app):
    response = client.post("/api/games", json={"players": SEAT_NAMES})
    assert response.status_code == 201
    assert response.headers["Cache-Control"] == "private, no-store"
    body = response.get_json()
    assert set(body) == {"id", "edit_key", "edit_url", "view_url", "group"}
    assert set(body["group"]) == {"id", "key", "join_url"}
    with app.app_context():
        game = db.load_game(db.get_db(), body["id"])
        group = db.load_group(db.get_db(), body["group"]["id"])
    assert game.group_id == group.id and group.name is None
    assert body["group"]["join_url"] == f"http://localhost/join/{group.invite}"
    assert body["view_url"] == f"http://localhost/view/{game.view_token}"
    listed = client.get(
        f"/api/games?group={group.id}", headers=bearer(body["group"]["key"])
    ).get_json()
    assert [g["id"] for g in listed["games"]] == [body["id"]]
    # A second game without a group is in another group of its own.
    again = client.post("/api/games", json={"players": SEAT_NAMES}).get_json()
    assert again["group"]["id"] != group.id


def test_a_refused_game_makes_no_group(client, app):
    response = client.post("/api/games", json={"players": ["a", "b", "c"]})
    assert response.status_code == 422
    with app.app_context():
        assert db.list_groups(db.get_db()) == []


def test_a_game_starts_in_a_group_with_its_key(client, app):
    group = new_group(client)
    made = game_in(client, group)
    assert "group" not in made
    with app.app_context():
        assert db.load_game(db.get_db(), made["id"]).group_id == group["id"]
    numbered = client.post(
        "/api/games",
        json={"players": SEAT_NAMES, "group": group["id"]},
        headers=bearer(group["key"]),
    )
    assert numbered.status_code == 201


def test_a_game_in_a_group_needs_that_group_s_key(client, app):
    group = new_group(client)
    other = new_group(client, "Other")
    loose = client.post("/api/games", json={"players": SEAT_NAMES}).get_json()
    body = {"players": SEAT_NAMES, "group": str(group["id"])}
    assert client.post("/api/games", json=body).status_code == 401
    for key in (other["key"], loose["edit_key"], "nope"):
        response = client.post("/api/games", json=body, headers=bearer(key))
        assert response.status_code == 404 and response.get_json()["field"] == "id"
    unknown = client.post("/api/games", json={**body, "group": "999"}, headers=bearer(group["key"]))
    assert unknown.status_code == 404
    for bad in ("abc", -1, 0, True, 1.5, ["1"]):
        response = client.post(
            "/api/games", json={**body, "group": bad}, headers=bearer(group["key"])
        )
        assert response.status_code == 422 and response.get_json()["field"] == "group"
    with app.app_context():
        assert db.list_games(db.get_db(), group_id=group["id"]) == []


# --- GET /api/games -----------------------------------------------------------------------


def test_listing_games_without_a_key_is_401(client):
    game_in(client, new_group(client))
    response = client.get("/api/games?limit=500")
    assert response.status_code == 401
    assert response.get_json()["field"] == "Authorization"
    assert "South" not in response.get_data(as_text=True)


def test_a_group_s_key_lists_its_games_only(client):
    a, b = new_group(client, "A"), new_group(client, "B")
    mine = [game_in(client, a)["id"] for _ in range(3)]
    game_in(client, b, players=["Zed", "Yael", "Xena", "Walt"])
    response = client.get(f"/api/games?group={a['id']}&limit=500", headers=bearer(a["key"]))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    assert [g["id"] for g in response.get_json()["games"]] == mine[::-1]
    assert "Zed" not in response.get_data(as_text=True)
    # B's key never reads A, and A's key never lists B.
    assert client.get(f"/api/games?group={a['id']}", headers=bearer(b["key"])).status_code == 404
    assert client.get(f"/api/games?group={b['id']}", headers=bearer(a["key"])).status_code == 404
    paged = client.get(f"/api/games?group={a['id']}&limit=2", headers=bearer(a["key"]))
    assert paged.get_json()["next"] == (
        f"http://localhost/api/games?group={a['id']}&limit=2&before={mine[1]}"
    )


def test_a_listing_names_its_group(client):
    group = new_group(client)
    assert client.get("/api/games", headers=bearer(group["key"])).status_code == 400
    for bad in ("x", "0", "-1", "9" * 30):
        response = client.get(f"/api/games?group={bad}", headers=bearer(group["key"]))
        assert response.status_code == 400 and response.get_json()["field"] == "group"


# --- reading a game -----------------------------------------------------------------------


READS = [
    ("get", "/api/games/{id}"),
    ("get", "/api/games/{id}/score?contracts=2,3,7,0&tricks=0,3,8,2"),
    ("post", "/api/games/{id}/preview"),
]


@pytest.mark.parametrize(("method", "path"), READS)
def test_a_game_is_read_with_its_edit_key_group_key_or_view_token(client, method, path):
    group = new_group(client)
    game = game_in(client, group)
    token = view_token(client, game["id"])
    assert read(client, method, path, game["id"], bearer(game["edit_key"])).status_code == 200
    assert read(client, method, path, game["id"], bearer(group["key"])).status_code == 200
    assert read(client, method, path, game["id"], query=f"view={token}").status_code == 200


@pytest.mark.parametrize(("method", "path"), READS)
def test_a_stranger_reads_no_game(client, app, method, path):
    a, b = new_group(client, "A"), new_group(client, "B")
    game = game_in(client, a)
    other = game_in(client, b)
    other_token = view_token(client, other["id"])
    refusals = [
        read(client, method, path, game["id"]),
        read(client, method, path, game["id"], bearer(b["key"])),
        read(client, method, path, game["id"], bearer(other["edit_key"])),
        read(client, method, path, game["id"], query=f"view={other_token}"),
        read(client, method, path, game["id"], query="view=" + "x" * 5000),
        read(client, method, path, game["id"], query="view=%C3%A9"),
        read(client, method, path, 999, bearer(a["key"])),
    ]
    for response in refusals:
        assert response.status_code == 404, response.get_json()
        assert response.get_json()["field"] == "id"
        assert "South" not in response.get_data(as_text=True)


def test_every_id_from_1_to_the_highest_is_404_to_a_stranger(client):
    group = new_group(client)
    ids = [game_in(client, group)["id"] for _ in range(3)]
    stranger = client.application.test_client()
    for game_id in range(1, max(ids) + 2):
        assert stranger.get(f"/api/games/{game_id}").status_code == 404


def test_a_member_s_browser_reads_its_group_s_games_and_no_other(client):
    a, b = new_group(client, "A"), new_group(client, "B")
    game, other = game_in(client, a), game_in(client, b)
    member = client.application.test_client()
    join(member, a["id"])
    assert member.get(f"/api/games/{game['id']}").status_code == 200
    assert member.get(f"/api/games/{other['id']}").status_code == 404


def test_a_group_key_still_does_not_write(client):
    group = new_group(client)
    game = game_in(client, group)
    response = client.post(
        f"/api/games/{game['id']}/hands", json=WORKED_EXAMPLE, headers=bearer(group["key"])
    )
    assert response.status_code == 403
    assert response.get_json()["field"] == "authorization"


def test_a_replaced_group_key_stops_reading(client, app):
    group = new_group(client)
    game = game_in(client, group)
    with app.app_context():
        new_key = db.replace_group_key(db.get_db(), group["id"])
    assert client.get(f"/api/games/{game['id']}", headers=bearer(group["key"])).status_code == 404
    assert client.get(f"/api/games/{game['id']}", headers=bearer(new_key)).status_code == 200
