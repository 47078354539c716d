"""The phone's session is renewed whenever it gains a right, and no answer a shared cache
may keep carries the session cookie (issue 54, finding 6).

A cookie planted in a browser beforehand (plain http on a LAN is enough to set one) names
the planter's phone; once the browser joins a group, opens an edit or a view link, or
takes over a club night, that cookie names a phone holding nothing of it. An engine or a
static file, kept a year by every cache, never carries a cookie, whatever the request did
to the session. Pages and JSON are gzipped only when ``Accept-Encoding`` takes gzip by its
q-values."""

from __future__ import annotations

import copy
import gzip
import urllib.request

import pytest

from scorekeeper import db
from scorekeeper.web.offline import phone_engine
from tests.support.app import SEAT_NAMES, new_app
from tests.support.club_pages import THIRTEEN
from tests.support.groups_privacy import Browser, call
from tests.support.live import SERVED
from tests.support.pages import hand_form, text_of
from tests.support.session_renewal import csrf_of, join, session_cookie
from tests.support.stranger import served
from tests.support.web.session_renewal import (
    copy_cookies,
    no_cookie_on_public_answers,
    planter,
    public_paths,
    shared_cacheable,
)


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path, WTF_CSRF_ENABLED=True)


@pytest.fixture
def table(app):
    """A group (its API key) with a game in it (its edit key), and its invite link."""
    api = app.test_client()
    group = api.post("/api/groups", json={"name": "Friday cards"}).get_json()
    made = api.post(
        "/api/games",
        json={"players": SEAT_NAMES, "first_dealer": 0, "group": str(group["id"])},
        headers={"Authorization": f"Bearer {group['key']}"},
    )
    assert made.status_code == 201, text_of(made)
    game = made.get_json()
    with app.app_context():
        found = db.load_group(db.get_db(), group["id"])
        stored = db.load_game(db.get_db(), game["id"])
        invite, view_token = found.invite, stored.view_token
    return {
        "api_key": group["key"],
        "group": group["id"],
        "game": game["id"],
        "key": game["edit_key"],
        "invite": invite,
        "view": view_token,
    }


def test_a_cookie_planted_before_the_victim_joins_gives_the_planter_nothing(app, table):
    attacker = planter(app)
    victim = app.test_client()
    copy_cookies(attacker, victim)
    planted = session_cookie(victim)
    joined = join(victim, table["invite"])
    assert joined.status_code == 302, text_of(joined)
    assert session_cookie(victim) != planted
    group, game = table["group"], table["game"]
    assert victim.get(f"/groups/{group}").status_code == 200
    # The planter's cookie is the one it planted: the victim's joining gave it nothing.
    assert attacker.get(f"/groups/{group}").status_code == 404
    assert attacker.get(f"/games/{game}").status_code == 404
    assert attacker.get(f"/games/{game}/hands/new").status_code == 404
    # The planted cookie's phone, opened again from the victim's answer's old cookie too.
    replay = app.test_client()
    replay.set_cookie("session", planted)
    assert replay.get(f"/groups/{group}").status_code == 404


def test_a_cookie_planted_before_the_victim_opens_an_edit_link_gets_no_hand_form(app, table):
    attacker = planter(app)
    victim = app.test_client()
    copy_cookies(attacker, victim)
    game = table["game"]
    opened = victim.get(f"/games/{game}/edit/{table['key']}")
    assert opened.status_code == 302
    form = victim.get(f"/games/{game}/hands/new")
    assert form.status_code == 200
    saved = victim.post(
        f"/games/{game}/hands/new", data={**hand_form(), "csrf_token": csrf_of(text_of(form))}
    )
    assert saved.status_code == 302, text_of(saved)
    assert attacker.get(f"/games/{game}/hands/new").status_code == 404
    assert attacker.get(f"/games/{game}").status_code == 404
    assert attacker.get(f"/api/games/{game}").status_code == 404


def test_a_cookie_planted_before_the_victim_opens_a_view_link_sees_nothing(app, table):
    attacker = planter(app)
    victim = app.test_client()
    copy_cookies(attacker, victim)
    game = table["game"]
    assert victim.get(f"/view/{table['view']}").status_code == 302
    assert victim.get(f"/games/{game}").status_code == 200
    assert attacker.get(f"/games/{game}").status_code == 404


def test_the_renewed_phone_keeps_its_keys_and_groups_and_gets_a_new_form_secret(app, table):
    """The phone's token is renewed in place: its memberships, view links and the edit
    keys it kept (sealed again with the new token) stay; its CSRF secret is new, so a
    form token the planter could make from the old one is refused."""
    phone = app.test_client()
    own = phone.post("/api/games", json={"players": SEAT_NAMES, "first_dealer": 0}).get_json()
    assert phone.get(f"/games/{own['id']}/edit/{own['edit_key']}").status_code == 302
    with phone.session_transaction() as session:
        old_secret = session["csrf_token"]
    old_form = csrf_of(text_of(phone.get(f"/games/{own['id']}/hands/new")))
    assert join(phone, table["invite"]).status_code == 302
    with phone.session_transaction() as session:
        assert session["csrf_token"] != old_secret
    form = phone.get(f"/games/{own['id']}/hands/new")
    assert form.status_code == 200  # the key kept before the renewal still opens the form
    refused = phone.post(
        f"/games/{own['id']}/hands/new", data={**hand_form(), "csrf_token": old_form}
    )
    assert refused.status_code == 400
    saved = phone.post(
        f"/games/{own['id']}/hands/new", data={**hand_form(), "csrf_token": csrf_of(text_of(form))}
    )
    assert saved.status_code == 302, text_of(saved)
    assert phone.get(f"/groups/{table['group']}").status_code == 200
    # A second right (the game's edit link) renews again; both rights stay.
    assert phone.get(f"/games/{table['game']}/edit/{table['key']}").status_code == 302
    assert phone.get(f"/games/{table['game']}/hands/new").status_code == 200
    assert phone.get(f"/games/{own['id']}/hands/new").status_code == 200
    assert phone.get(f"/groups/{table['group']}").status_code == 200


def test_a_second_tap_with_the_renewed_cookie_writes_no_cookie_over_the_new_one(app, table):
    """Join tapped twice: both requests leave with the same cookie; the first renews it.
    The second must not answer with a cookie (its token names no phone now, or a new
    empty phone): the phone would lose every group it was in."""
    phone = app.test_client()
    own = phone.post("/api/games", json={"players": SEAT_NAMES, "first_dealer": 0}).get_json()
    assert phone.get(f"/games/{own['id']}/edit/{own['edit_key']}").status_code == 302
    page = text_of(phone.get(f"/join/{table['invite']}"))
    second_tap = app.test_client()
    copy_cookies(phone, second_tap)
    fields = {"label": "Twice", "csrf_token": csrf_of(page)}
    assert phone.post(f"/join/{table['invite']}", data=fields).status_code == 302
    late = second_tap.post(f"/join/{table['invite']}", data=fields)
    assert late.status_code == 409, text_of(late)
    assert "Set-Cookie" not in late.headers
    assert phone.get(f"/groups/{table['group']}").status_code == 200
    assert phone.get(f"/games/{own['id']}/hands/new").status_code == 200


def test_taking_over_a_club_night_renews_the_session(app, table):
    """A member's phone takes over a night started through the API by its link: a copy of
    its cookie from before (planted, or read off the wire) organises nothing."""
    api = app.test_client()
    auth = {"Authorization": f"Bearer {table['api_key']}"}
    body = {"game": "skat", "players": THIRTEEN, "deals_per_player": 1, "series": 2}
    night = api.post(f"/api/groups/{table['group']}/club", json=body, headers=auth)
    assert night.status_code == 201, text_of(night)
    link = night.get_json()["organiser_url"]
    path = link[link.index("/groups/") :]
    member = app.test_client()
    assert join(member, table["invite"]).status_code == 302
    before = app.test_client()
    copy_cookies(member, before)
    page = member.get(path)
    assert page.status_code == 200, text_of(page)
    taken = member.post(path, data={"csrf_token": csrf_of(text_of(page))})
    assert taken.status_code == 302, text_of(taken)
    assert session_cookie(member) != session_cookie(before)
    draw = f"/groups/{table['group']}/club/{night.get_json()['id']}"
    assert 'id="next-series"' in text_of(member.get(draw))
    assert before.get(draw).status_code == 404
    assert before.get(f"/groups/{table['group']}").status_code == 404


# --- no session cookie on an answer a shared cache may keep --------------------------------


def test_a_cookie_without_its_form_secret_is_not_set_on_a_public_answer(app):
    """A cookie written before the CSRF secret came with the session: every request
    gives it one, and so changed the cookie on year-long cached files too."""
    phone = app.test_client()
    own = phone.post("/api/games", json={"players": SEAT_NAMES, "first_dealer": 0}).get_json()
    assert phone.get(f"/games/{own['id']}/edit/{own['edit_key']}").status_code == 302

    wrong, shared = [], 0
    for path in public_paths(app):
        with phone.session_transaction() as session:
            session.pop("csrf_token", None)  # as a cookie from before wrote it, each time
        response = phone.get(path)
        response.close()
        if shared_cacheable(response):
            shared += 1
            if "Set-Cookie" in response.headers:
                wrong.append(path)
    assert shared > 20 and wrong == [], wrong
    # Its next private answer gives it the secret.
    with phone.session_transaction() as session:
        session.pop("csrf_token", None)
    assert "Set-Cookie" in phone.get(f"/games/{own['id']}").headers
    with phone.session_transaction() as session:
        assert session.get("csrf_token")


def test_a_removed_phones_first_request_for_a_public_file_sets_no_cookie(app, table):
    """A phone another member removed is told so on its first page; a browser that says
    nothing of Sec-Fetch-Mode asking for an engine file first got the message in a
    cookie on that year-long public file. It now comes on the next page."""
    ann, ben = app.test_client(), app.test_client()
    assert join(ann, table["invite"], "Ann").status_code == 302
    assert join(ben, table["invite"], "Ben").status_code == 302
    with app.app_context():
        database = db.get_db()
        members = {m.label: m for m in db.phones.group_members(database, table["group"])}
        db.phones.end_membership(database, members["Ben"], removed_by=members["Ann"].id)
    with app.test_request_context():
        engine = phone_engine.urls()["engine"]
    answer = ben.get(engine)
    answer.close()
    assert answer.status_code == 200 and "public" in answer.headers["Cache-Control"]
    assert "Set-Cookie" not in answer.headers
    page = ben.get("/")
    assert "removed this phone from the group" in text_of(page)
    assert "Set-Cookie" in page.headers
    assert "removed this phone" not in text_of(ben.get("/"))
    with app.app_context():
        db.phones.end_membership(db.get_db(), members["Ann"], removed_by=members["Ben"].id)
    assert no_cookie_on_public_answers(app, ann) == []


# --- content negotiation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "gzipped"),
    [
        ("gzip;q=0", False),
        ("gzip;q=0, deflate", False),
        ("*;q=0", False),
        ("*, gzip;q=0", False),
        ("identity", False),
        ("gzip", True),
        ("*", True),
        ("br, gzip;q=0.5", True),
    ],
)
def test_pages_json_and_static_files_are_gzipped_only_as_accept_encoding_says(
    app, table, accept, gzipped
):
    phone = app.test_client()
    assert phone.get(f"/games/{table['game']}/edit/{table['key']}").status_code == 302
    asked = {
        "page": f"/games/{table['game']}",
        "json": f"/api/games/{table['game']}",
        "static": "/static/app.js",
        "rules": "/rules/skat",
    }
    for what, path in asked.items():
        response = phone.get(path, headers={"Accept-Encoding": accept})
        body = response.get_data()
        response.close()
        assert response.status_code == 200, (what, response.status_code)
        assert (response.headers.get("Content-Encoding") == "gzip") is gzipped, (what, accept)
        if gzipped:
            assert gzip.decompress(body)
        else:
            assert body[:2] != b"\x1f\x8b", (what, accept)


# --- over the real server ---------------------------------------------------------------------


def test_over_the_served_app_a_planted_cookie_gets_nothing_and_public_files_no_cookie(tmp_path):
    """The same, over waitress as ``serve`` runs it, with real cookies: a stranger's
    cookie planted in a phone that then joins a group and opens an edit link gives the
    stranger neither; the phone, removed later, fetches an engine file (saying nothing
    of Sec-Fetch-Mode) and gets no cookie with it; ``gzip;q=0`` gets a page unpacked."""
    with served(tmp_path) as (base, app):
        status, group = call(base, "POST", "/api/groups", {"name": "Friday cards"})
        assert status == 201
        body = {"players": SEAT_NAMES, "first_dealer": 0, "group": str(group["id"])}
        status, game = call(base, "POST", "/api/games", body, group["key"])
        assert status == 201
        status, own = call(base, "POST", "/api/games", {"players": SEAT_NAMES, "first_dealer": 0})
        assert status == 201
        stranger = Browser(base)
        assert stranger.get(f"/games/{own['id']}/edit/{own['edit_key']}")[0] == 200
        phone = Browser(base)
        for cookie in stranger.jar:
            phone.jar.set_cookie(copy.copy(cookie))
        database = db.open_database(SERVED[base])
        try:
            invite = db.load_group(database, group["id"]).invite
        finally:
            database.close()
        status, page = phone.post_form(f"/join/{invite}", {"label": "Dana"})
        assert status == 200 and f"/groups/{group['id']}" in page
        assert phone.get(f"/games/{game['id']}/edit/{game['edit_key']}")[0] == 200
        assert phone.get(f"/games/{game['id']}/hands/new")[0] == 200
        for path in (f"/groups/{group['id']}", f"/games/{game['id']}/hands/new"):
            assert stranger.get(path)[0] == 404, path
        database = db.open_database(SERVED[base])
        try:
            (member,) = db.phones.group_members(database, group["id"])
            db.phones.end_membership(database, member, removed_by=None)
            database.execute("UPDATE members SET told = 0 WHERE id = ?", [member.id])
        finally:
            database.close()
        with app.test_request_context():
            engine = phone_engine.urls()["engine"]
        asked = urllib.request.Request(base + engine)
        with phone.opener.open(asked, timeout=30) as answer:
            assert answer.status == 200 and "public" in answer.headers["Cache-Control"]
            assert answer.headers.get("Set-Cookie") is None
            answer.read()
        plain = urllib.request.Request(base + "/", headers={"Accept-Encoding": "gzip;q=0"})
        with phone.opener.open(plain, timeout=30) as answer:
            assert answer.headers.get("Content-Encoding") is None
            assert "removed this phone from the group" in answer.read().decode()
