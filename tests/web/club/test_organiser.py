"""A club night started through the API has no organiser's phone (issue 45): the API
answers a link that a member's phone opens to take the night over (then it draws the next
series and settles disputes). Attacked: a stranger, a removed member, a tampered or
another night's link, a replayed link, a night that has an organiser."""

from __future__ import annotations

import re

import pytest

from scorekeeper import db
from scorekeeper.db import phones
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group
from tests.support.club_pages import THIRTEEN, night_of, play_series, start_night
from tests.support.web.club.organiser import _member, _path, play_series_with_api_keys


@pytest.fixture
def api_night(tmp_path):
    """A group, a night of 13 started through the API, and the API's answer."""
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    made = client.post("/api/groups", json={"name": "Skatclub"}).get_json()
    auth = {"Authorization": f"Bearer {made['key']}"}
    body = {"game": "skat", "players": THIRTEEN, "deals_per_player": 1, "series": 2}
    night = client.post(f"/api/groups/{made['id']}/club", json=body, headers=auth).get_json()
    return app, made["id"], auth, night


def test_a_member_takes_over_a_night_started_through_the_api_with_its_link(api_night):
    app, group_id, auth, night = api_night
    link = _path(night["organiser_url"])
    assert link.startswith(f"/groups/{group_id}/club/{night['id']}/organise/")
    organiser = _member(app, group_id)
    draw = f"/groups/{group_id}/club/{night['id']}"
    assert 'id="next-series"' not in organiser.get(draw).get_data(as_text=True)
    asked = organiser.get(link)
    assert asked.status_code == 200 and 'id="organise"' in asked.get_data(as_text=True)
    assert night_of(app, group_id, night["id"])[0].organiser_id is None  # GET changes nothing
    assert organiser.post(link).status_code == 302
    stored_night, games = night_of(app, group_id, night["id"])
    assert stored_night.organiser_id is not None
    # The organiser's phone draws the next series, and keeps the new tables' edit keys.
    play_series_with_api_keys(organiser, night, 1)
    answer = organiser.post(f"{draw}/next", data={"present": "\n".join(THIRTEEN), "confirmed": "1"})
    assert answer.status_code == 302
    page = organiser.get(draw).get_data(as_text=True)
    assert 'class="club-qr"' in page and "Series 2" in page
    # The link again (replayed), by the organiser: the draw; by another member: refused.
    assert organiser.get(link).status_code == 302
    other = _member(app, group_id)
    for method in (other.get, other.post):
        replayed = method(link)
        assert replayed.status_code == 409
        assert "its link was used" in replayed.get_data(as_text=True)
    assert night_of(app, group_id, night["id"])[0].organiser_id == stored_night.organiser_id
    # The API gives no new link once a phone organises the night.
    again = app.test_client().post(
        f"/api/groups/{group_id}/club/{night['id']}/organiser", headers=auth
    )
    assert again.status_code == 409 and again.get_json()["field"] == "organiser"


def test_strangers_removed_members_and_tampered_links_take_nothing(api_night):
    app, group_id, auth, night = api_night
    link = _path(night["organiser_url"])
    stranger = app.test_client()
    removed = _member(app, group_id)
    _member(app, group_id)
    with app.app_context():
        database = db.get_db()
        members = phones.group_members(database, group_id)
        phones.end_membership(database, members[0], removed_by=members[1].id)
    member = _member(app, group_id)
    other = app.test_client().post("/api/groups", json={"name": "Doko"}).get_json()
    outsider = _member(app, other["id"])
    token = link.rsplit("/", 1)[1]
    second = (
        app.test_client()
        .post(
            f"/api/groups/{group_id}/club",
            json={"game": "skat", "players": THIRTEEN},
            headers=auth,
        )
        .get_json()
    )
    attempts = [
        (stranger, link),
        (removed, link),
        (outsider, link),
        (outsider, f"/groups/{other['id']}/club/{night['id']}/organise/{token}"),
        (member, link[:-3] + ("abc" if not link.endswith("abc") else "xyz")),
        (member, f"/groups/{group_id}/club/{second['id']}/organise/{token}"),
        (member, f"/groups/{group_id}/club/{night['id']}/organise/x"),
    ]
    for phone, path in attempts:
        assert phone.get(path).status_code == 404, path
        assert phone.post(path).status_code == 404, path
    assert night_of(app, group_id, night["id"])[0].organiser_id is None
    assert night_of(app, group_id, second["id"])[0].organiser_id is None
    # Without the group's key, or with another group's, the API gives no link.
    path = f"/api/groups/{group_id}/club/{night['id']}/organiser"
    assert app.test_client().post(path).status_code == 401
    other_auth = {"Authorization": f"Bearer {other['key']}"}
    assert app.test_client().post(path, headers=other_auth).status_code == 404
    fresh = app.test_client().post(path, headers=auth).get_json()["organiser_url"]
    assert member.post(_path(fresh)).status_code == 302


def test_a_night_started_on_a_phone_has_its_organiser_and_no_link(tmp_path):
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    made = client.post("/api/groups", json={"name": "Skatclub"}).get_json()
    join_group(client, group_id=made["id"])
    start_night(client, made["id"])
    night, games = night_of(app, made["id"])
    play_series(client, night, games, 1)
    auth = {"Authorization": f"Bearer {made['key']}"}
    answer = client.get(f"/api/groups/{made['id']}/club/{night.id}", headers=auth).get_json()
    assert "organiser_url" not in answer
    asked = client.post(f"/api/groups/{made['id']}/club/{night.id}/organiser", headers=auth)
    assert asked.status_code == 409
    assert re.search("organiser", asked.get_json()["error"])
