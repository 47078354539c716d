"""``GET /api/groups/<id>/ratings?game=<key>``: the group's ratings in one game kind, with
the group's key, best first, ``private, no-store``; a missing key, a wrong one, another
group's, and a missing or unknown game are refused, naming the field."""

from __future__ import annotations

import pytest

from tests.support.ratings_play import Table

FOUR = ["Noa", "Avi", "Dana", "Gil"]


@pytest.fixture
def table(client):
    table = Table(client)
    table.sheet(FOUR, [130, 95, 95, 60])
    table.sheet(["Noa", "Avi"], [1, 7])
    return table


def test_the_ratings_best_first_with_mu_and_sigma_unrounded(table):
    answer = table.client.get(f"/api/groups/{table.id}/ratings?game=any-game", headers=table.auth)
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "private, no-store"
    body = answer.get_json()
    assert set(body) == {"game", "ratings"} and body["game"] == "any-game"
    rows = body["ratings"]
    assert {row["player"] for row in rows} == set(FOUR)
    for row in rows:
        assert set(row) == {"player", "mu", "sigma", "rating", "games", "provisional"}
        assert row["rating"] == round(row["mu"] - 3 * row["sigma"], 1)
        assert row["mu"] != round(row["mu"], 1)  # unrounded
    ordinals = [row["mu"] - 3 * row["sigma"] for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    assert {row["player"]: row["games"] for row in rows} == {
        "Noa": 2,
        "Avi": 2,
        "Dana": 1,
        "Gil": 1,
    }
    assert all(row["provisional"] for row in rows)


def test_the_game_key_is_read_as_the_registry_reads_it(table):
    answer = table.client.get(f"/api/groups/{table.id}/ratings?game=ANY-GAME", headers=table.auth)
    assert answer.status_code == 200 and answer.get_json()["game"] == "any-game"


def test_a_kind_not_played_yet_has_no_ratings(table):
    answer = table.client.get(f"/api/groups/{table.id}/ratings?game=spades", headers=table.auth)
    assert answer.get_json() == {"game": "spades", "ratings": []}


@pytest.mark.parametrize("query", ["", "?game=", "?game=%20", "?other=spades"])
def test_a_missing_game_is_refused_naming_it(table, query):
    answer = table.client.get(f"/api/groups/{table.id}/ratings{query}", headers=table.auth)
    assert answer.status_code == 400
    assert answer.get_json()["field"] == "game"
    assert "israeli-whist" in answer.get_json()["error"]
    assert answer.headers["Cache-Control"] == "private, no-store"


@pytest.mark.parametrize("game", ["poker", "israeli_whist", "x" * 500])
def test_an_unknown_game_is_refused_naming_it(table, game):
    answer = table.client.get(f"/api/groups/{table.id}/ratings?game={game}", headers=table.auth)
    assert answer.status_code == 400
    assert answer.get_json()["field"] == "game"
    assert "choose one of" in answer.get_json()["error"]


def test_without_the_group_key_it_is_401(table):
    answer = table.client.get(f"/api/groups/{table.id}/ratings?game=any-game")
    assert answer.status_code == 401
    assert answer.get_json()["field"] == "Authorization"
    assert answer.headers["Cache-Control"] == "private, no-store"


def test_a_wrong_key_another_groups_key_or_an_unknown_group_are_404_alike(client, table):
    other = Table(client)
    for group_id, auth in (
        (table.id, {"Authorization": "Bearer not-the-key"}),
        (table.id, other.auth),
        (table.id, table.edit_keys[next(iter(table.edit_keys))]),
        (999, table.auth),
    ):
        answer = client.get(f"/api/groups/{group_id}/ratings?game=any-game", headers=auth)
        assert answer.status_code == 404, auth
        assert "ratings" not in answer.get_json()
    # The key is checked before the game is: a stranger learns nothing from the query.
    answer = client.get(f"/api/groups/{table.id}/ratings?game=poker", headers=other.auth)
    assert answer.status_code == 404


def test_a_group_sees_only_its_own_games_ratings(client, table):
    other = Table(client)
    other.sheet(["Zed", "Yael"], [3, 1])
    assert {r["player"] for r in other.ratings("any-game")} == {"Zed", "Yael"}
    assert {r["player"] for r in table.ratings("any-game")} == set(FOUR)
