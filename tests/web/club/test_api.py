"""A club night in the JSON API (issue 45): with the group's key, a 13-player Skat night
started, played through its tables' edit keys, its standings the Seeger-Fabian sums,
the next series; refusals as the API's others are."""

from __future__ import annotations

import pytest

from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.club_pages import THIRTEEN
from tests.support.web.club.api import _play


@pytest.fixture
def api(tmp_path):
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    made = client.post("/api/groups", json={"name": "Skatclub"}).get_json()
    return client, made["id"], {"Authorization": f"Bearer {made['key']}"}


def test_a_night_through_the_api_adds_up_as_its_tables_lists(api):
    client, group_id, auth = api
    body = {"game": "skat", "players": THIRTEEN, "deals_per_player": 1, "series": 2}
    answer = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth)
    assert answer.status_code == 201, answer.get_json()
    night = answer.get_json()
    assert [len(t["players"]) for t in night["tables"]] == [4, 3, 3, 3]
    assert night["rules"]["knobs"] == {"seeger_fabian": "on"}
    keys = {made["game_id"]: made["edit_key"] for made in night["keys"]}
    path = f"/api/groups/{group_id}/club/{night['id']}"
    early = client.post(f"{path}/series", json={"players": THIRTEEN}, headers=auth)
    assert early.status_code == 409 and early.get_json()["field"] == "series"
    expected = _play(client, night, keys, 1)
    standings = client.get(f"{path}/standings", headers=auth).get_json()
    assert {line["name"]: line["points"] for line in standings["standings"]} == expected
    assert "best single series" in standings["ties"]
    present = [*THIRTEEN[1:], "Gast"]
    answer = client.post(f"{path}/series", json={"players": present}, headers=auth)
    assert answer.status_code == 201, answer.get_json()
    night = answer.get_json()
    assert night["series_drawn"] == 2
    keys |= {made["game_id"]: made["edit_key"] for made in night["keys"]}
    for name, gained in _play(client, night, keys, 2).items():
        expected[name] = expected.get(name, 0) + gained
    standings = client.get(f"{path}/standings", headers=auth).get_json()
    assert {line["name"]: line["points"] for line in standings["standings"]} == expected
    assert "edit_key" not in str(client.get(path, headers=auth).get_json())
    listed = client.get(f"/api/groups/{group_id}/club", headers=auth).get_json()
    assert [n["id"] for n in listed["nights"]] == [night["id"]]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "skat", "players": "Ann, Ben"}, "players"),
        ({"game": "skat", "players": ["Ann", "Ben", "Cat", "ann"]}, "players"),
        ({"game": "skat", "players": ["Ann", "Ben"]}, "players"),
        ({"game": "poker", "players": THIRTEEN}, "game"),
        ({"game": "skat", "players": THIRTEEN, "series": 99}, "series"),
        ({"game": "skat", "players": THIRTEEN, "table": 1}, "table"),
    ],
)
def test_bad_bodies_are_refused_naming_the_field_and_nothing_is_stored(api, body, field):
    client, group_id, auth = api
    answer = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth)
    assert answer.status_code == 422
    assert answer.get_json()["field"] == field
    assert client.get(f"/api/groups/{group_id}/club", headers=auth).get_json()["nights"] == []


def test_without_the_groups_key_nothing_is_there(api):
    client, group_id, auth = api
    body = {"game": "skat", "players": THIRTEEN}
    night = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth).get_json()
    other = client.post("/api/groups", json={"name": "Doko"}).get_json()
    other_auth = {"Authorization": f"Bearer {other['key']}"}
    path = f"/api/groups/{group_id}/club/{night['id']}"
    assert client.get(path).status_code == 401
    assert client.get(path, headers={"Authorization": "Bearer wrong"}).status_code == 404
    assert client.get(path, headers=other_auth).status_code == 404
    assert (
        client.get(f"/api/groups/{other['id']}/club/{night['id']}", headers=other_auth).status_code
        == 404
    )
    tampered = client.post(f"{path}/series", json={"players": THIRTEEN}, headers=other_auth)
    assert tampered.status_code == 404
    assert client.post(f"/api/groups/{group_id}/club", data="x", headers=auth).status_code == 400


def test_the_standings_follow_a_corrected_hand_and_a_deleted_one(api):
    """The standings are kept for each state of the tables (their games' versions): a
    hand corrected or deleted at one table shows at once, never a kept sum."""
    client, group_id, auth = api
    body = {"game": "skat", "players": THIRTEEN, "deals_per_player": 1, "series": 1}
    night = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth).get_json()
    keys = {made["game_id"]: made["edit_key"] for made in night["keys"]}
    expected = _play(client, night, keys, 1)
    path = f"/api/groups/{group_id}/club/{night['id']}/standings"

    def shown():
        return {
            line["name"]: line["points"]
            for line in client.get(path, headers=auth).get_json()["standings"]
        }

    assert shown() == expected
    table = night["tables"][1]
    key = {"Authorization": f"Bearer {keys[table['game_id']]}"}
    declarer = table["players"][1]
    # Hand 1 (won: 22 + 50 to seat 1) corrected to a lost one: −40 − 50, the others 40.
    lost = {"declarer": 1, "game": "hearts", "matadors": 1, "bid": 20, "declarer_points": 55}
    answer = client.put(f"/api/games/{table['game_id']}/hands/1", json=lost, headers=key)
    assert answer.status_code == 200, answer.get_json()
    now = shown()
    assert now[declarer] == expected[declarer] - 72 - 90
    for name in table["players"]:
        if name != declarer:
            assert now[name] == expected[name] + 40
    answer = client.delete(f"/api/games/{table['game_id']}/hands/3", headers=key)
    assert answer.status_code == 200, answer.get_json()
    assert shown() != now


def test_a_night_has_a_name_through_the_api_and_a_bad_one_is_refused_naming_it(api):
    client, group_id, auth = api
    body = {"game": "skat", "players": THIRTEEN, "name": "  Preisskat  im März "}
    answer = client.post(f"/api/groups/{group_id}/club", json=body, headers=auth)
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["name"] == "Preisskat im März"
    listed = client.get(f"/api/groups/{group_id}/club", headers=auth).get_json()["nights"]
    assert [night["name"] for night in listed] == ["Preisskat im März"]
    for name in (12, "x" * 61):
        refused = client.post(
            f"/api/groups/{group_id}/club", json={**body, "name": name}, headers=auth
        )
        assert refused.status_code == 422 and refused.get_json()["field"] == "name"
    assert len(client.get(f"/api/groups/{group_id}/club", headers=auth).get_json()["nights"]) == 1
