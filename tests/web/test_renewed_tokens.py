"""A token renewed a moment ago is remembered in the database, for every process (issue 54,
finding 6).

When a phone gains a right its session token is renewed; a second tap of the same button
arriving with the old cookie is answered 409 with no cookie, so the phone keeps the new
one. ``serve --workers N`` runs separate processes on one database file: the second tap
may reach another one than the first. Kept per process, the record of renewed tokens was
not there, and the old cookie (which names no phone any more) was given a new, empty
phone: the player's phone lost every group it was in. Kept in the database
(``renewed_tokens``, migration m026), every process sees it; rows older than a few
minutes go on the next renewal, so the table stays small.
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper import db
from scorekeeper.db.keys import hash_key
from scorekeeper.db.migrations import migrations
from tests.support.app import SEAT_NAMES, new_app
from tests.support.offline_sync import every_row
from tests.support.pages import text_of
from tests.support.serve_workers import free_port
from tests.support.session_renewal import csrf_of, join, session_cookie
from tests.support.web.renewed_tokens import ask, phones_count, renewed_rows, start_serve

FIXTURES = Path(__file__).parents[1] / "fixtures"


def test_a_second_tap_reaching_another_process_gets_409_and_no_new_phone(tmp_path):
    """Two real ``serve`` processes on one file (as ``serve --workers 2``'s workers are):
    a phone joins a group on the first; the second tap of Join, with the cookie the
    phone had before, reaches the second. It is answered 409 with no cookie, no phone is
    made, and the phone keeps the group."""
    path = tmp_path / "shared.db"
    first_port, second_port = free_port(), free_port()
    first = start_serve(path, first_port)  # migrates the file and writes its secrets
    second = None
    try:
        second = start_serve(path, second_port)
        status, _, group = ask(first_port, "POST", "/api/groups", body={"name": "Friday cards"})
        assert status == 201, group
        group = json.loads(group)
        game = {"players": SEAT_NAMES, "first_dealer": 0}
        status, _, made = ask(first_port, "POST", "/api/games", body=game)
        assert status == 201, made
        made = json.loads(made)
        status, cookie, _ = ask(first_port, "GET", f"/games/{made['id']}/edit/{made['edit_key']}")
        assert status == 302 and cookie
        database = db.open_database(str(path))
        try:
            invite = db.load_group(database, group["id"]).invite
        finally:
            database.close()
        status, set_now, page = ask(first_port, "GET", f"/join/{invite}", cookie)
        assert status == 200, page
        cookie = set_now or cookie  # the form's secret, given with the page
        fields = {"label": "Twice", "csrf_token": csrf_of(page)}

        status, renewed, page = ask(first_port, "POST", f"/join/{invite}", cookie, fields)
        assert status == 302, page
        assert renewed and renewed != cookie
        phones = phones_count(path)
        status, written, page = ask(second_port, "POST", f"/join/{invite}", cookie, fields)
        assert status == 409, page
        assert "given a new session by another tap" in page
        assert written is None
        assert phones_count(path) == phones

        # The phone, on either process, is still in the group and keeps its game.
        for port in (first_port, second_port):
            assert ask(port, "GET", f"/groups/{group['id']}", renewed)[0] == 200
            assert ask(port, "GET", f"/games/{made['id']}/hands/new", renewed)[0] == 200
    finally:
        for process in (first, second):
            if process is not None:
                process.terminate()
                process.communicate(timeout=30)


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path, WTF_CSRF_ENABLED=True)


def test_a_renewal_is_written_with_the_old_tokens_hash_and_old_rows_go(app):
    """The renewal writes the old token's hash (not the token) with its phone; a row older
    than the few minutes a second tap can take is deleted by the next renewal."""
    phone = app.test_client()
    own = phone.post("/api/games", json={"players": SEAT_NAMES, "first_dealer": 0}).get_json()
    assert phone.get(f"/games/{own['id']}/edit/{own['edit_key']}").status_code == 302
    before = session_cookie(phone)
    with phone.session_transaction() as session:
        old_token = session["phone"]
    group = app.test_client().post("/api/groups", json={"name": "Friday cards"}).get_json()
    with app.app_context():
        invite = db.load_group(db.get_db(), group["id"]).invite
    assert join(phone, invite).status_code == 302
    assert session_cookie(phone) != before
    ((old_hash, phone_id),) = renewed_rows(app)
    assert old_hash == hash_key(old_token)
    with app.app_context():
        assert db.phones.phone_by_token(db.get_db(), old_token) is None
        long_ago = (datetime.now(UTC) - timedelta(minutes=10)).isoformat(timespec="seconds")
        db.get_db().execute("UPDATE renewed_tokens SET renewed_at = ?", [long_ago])
        db.get_db().conn.commit()
    # The next renewal (an edit link opened) deletes it and writes its own.
    game = app.test_client().post(
        "/api/games",
        json={"players": SEAT_NAMES, "first_dealer": 0, "group": str(group["id"])},
        headers={"Authorization": f"Bearer {group['key']}"},
    )
    assert game.status_code == 201, text_of(game)
    with phone.session_transaction() as session:
        joined_token = session["phone"]
    opened = phone.get(f"/games/{game.get_json()['id']}/edit/{game.get_json()['edit_key']}")
    assert opened.status_code == 302
    assert renewed_rows(app) == [(hash_key(joined_token), phone_id)]


@pytest.mark.parametrize("version", ["v1", "v4"])
def test_a_file_from_before_m026_opens_with_nothing_lost_and_renews(tmp_path, version):
    """An older file, brought up to the migration before m026 and given a phone in a
    group: m026 adds the table, empty, and changes no other row; the phone's token is
    then renewed as on a new file, its membership kept."""
    path = tmp_path / f"{version}.db"
    shutil.copyfile(FIXTURES / f"scorekeeper-{version}.db", path)
    database = db.connect(str(path))
    try:
        migrations.apply(database, stop_before="m026_renewed_tokens")
        assert "renewed_tokens" not in database.table_names()
        phone_id, token = db.phones.new_phone(database)
        group, _ = db.create_group(database, "Friday cards")
        db.phones.join_group(database, phone_id, group.id, "Dana")
        before = every_row(database)
        migrations.apply(database, stop_before="m027_seed_games_plain_hands")
        after = every_row(database)
        assert after.pop("renewed_tokens") == []
        assert after == before
        renewed = db.phones.renew_token(database, phone_id, token)
        assert renewed is not None
        assert db.phones.phone_by_token(database, renewed) == phone_id
        assert db.phones.renewed_lately(database, token)
        assert not db.phones.renewed_lately(database, renewed)
        assert db.phones.phone_groups(database, phone_id) == [group.id]
    finally:
        database.close()
