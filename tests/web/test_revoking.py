"""Leaked links and keys can be revoked, and a stranger's writes learn nothing (issue 29,
findings 6 and 8), over the real server: "new edit link" makes a new view link too, the
old one stopping at once; a group's members make it a new API key (asked first, shown
once), as a script may by the API; a write to a game that does not exist and to one the
request may not read answer alike."""

from __future__ import annotations

import re

import pytest

from tests.support.groups_privacy import Browser, call
from tests.support.live import serving, view_path
from tests.support.members import joined, text
from tests.support.revoking import group_with_a_game
from tests.support.web.revoking import raw


@pytest.fixture
def club(tmp_path):
    with serving(tmp_path) as base:
        group, game = group_with_a_game(base)
        yield base, group, game


def test_a_new_edit_link_ends_the_old_view_link_at_once(club):
    base, group, game = club
    game_id = game["id"]
    old_view = view_path(base, game_id)
    follower = Browser(base)  # opened the view link before it leaked
    assert follower.get(old_view)[0] == 200
    assert follower.get(f"/games/{game_id}")[0] == 200
    maker = Browser(base)
    assert maker.get(f"/games/{game_id}/edit/{game['edit_key']}")[0] == 200
    asking = maker.get(f"/games/{game_id}/share/new-link")[1]
    assert "view link is replaced too" in text(asking)
    status, page = maker.post_form(f"/games/{game_id}/share/new-link", {})
    assert status == 200 and "a new view link" in text(page)
    new_view = view_path(base, game_id)
    assert new_view != old_view
    for phone in (Browser(base), follower):
        assert phone.get(old_view)[0] == 404
    assert follower.get(f"/games/{game_id}")[0] == 404
    assert Browser(base).get(new_view)[0] == 200
    member = joined(base, group["id"], "Ann")
    assert member.get(f"/games/{game_id}")[0] == 200  # the group's members still see it
    status, body = call(base, "GET", f"/api/games/{game_id}?view={old_view.rsplit('/', 1)[1]}")
    assert status == 404


def test_a_member_makes_the_group_a_new_api_key_after_asking(club):
    base, group, _game = club
    old = group["key"]
    assert call(base, "GET", f"/api/groups/{group['id']}", key=old)[0] == 200
    member = joined(base, group["id"], "Ann")
    _, home = member.get(f"/groups/{group['id']}")
    assert f'href="/groups/{group["id"]}/key"' in home
    asking = member.get(f"/groups/{group['id']}/key")
    assert asking[0] == 200 and "Make a new API key?" in asking[1]
    assert call(base, "GET", f"/api/groups/{group['id']}", key=old)[0] == 200  # asking: nothing
    status, page = member.post_form(f"/groups/{group['id']}/key", {})
    assert status == 200
    new = re.search(r'<code id="group-key" dir="ltr">([^<]+)</code>', page).group(1)
    assert call(base, "GET", f"/api/groups/{group['id']}", key=old)[0] == 404
    assert call(base, "GET", f"/api/groups/{group['id']}", key=new)[0] == 200
    # Never shown again: the page asks anew.
    assert new not in member.get(f"/groups/{group['id']}/key")[1]
    assert Browser(base).get(f"/groups/{group['id']}/key")[0] == 404


def test_a_script_replaces_the_key_it_holds_by_the_api(club):
    base, group, _game = club
    path = f"/api/groups/{group['id']}/key"
    assert call(base, "POST", path)[0] == 401
    assert call(base, "POST", path, key="wrong")[0] == 404
    status, body = call(base, "POST", path, key=group["key"])
    assert status == 200 and body["id"] == group["id"] and body["key"] != group["key"]
    assert call(base, "POST", path, key=group["key"])[0] == 404
    assert call(base, "GET", f"/api/groups/{group['id']}", key=body["key"])[0] == 200


def test_a_stranger_s_write_answers_alike_whether_the_game_exists_or_not(club):
    base, _group, game = club
    real, missing = game["id"], game["id"] + 1000
    writes = [
        ("PATCH", "/api/games/{id}"),
        ("POST", "/api/games/{id}/hands"),
        ("PUT", "/api/games/{id}/hands/1"),
        ("DELETE", "/api/games/{id}/hands/1"),
        ("POST", "/api/games/{id}/seats"),
        ("POST", "/api/games/{id}/finish"),
    ]
    for method, path in writes:
        for key in (None, "not-the-key"):
            answers = [raw(base, method, path.format(id=i), key) for i in (real, missing)]
            (status_a, body_a), (status_b, body_b) = answers
            assert status_a == status_b == 404, (method, path, answers)
            assert body_a.replace(str(real), "N") == body_b.replace(str(missing), "N")
    stranger = Browser(base)
    pages = [stranger.get(f"/games/{i}/edit/not-the-key") for i in (real, missing)]
    assert pages[0][0] == pages[1][0] == 404
    assert text(pages[0][1]).replace(str(real), "N") == text(pages[1][1]).replace(str(missing), "N")
    # The holder of the key still writes (the same requests are no stranger's).
    assert raw(base, "DELETE", f"/api/games/{real}/hands/1", game["edit_key"])[0] == 200
