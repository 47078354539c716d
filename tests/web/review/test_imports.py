"""Importing a file into a group (``web/review/imports.py``) through the Flask test client: a
member imports into the group, only members may, and the old import page sends a member of one
group to theirs (404 otherwise)."""

from __future__ import annotations

from scorekeeper import db
from tests.support.israeli_whist_import_iws import FIXTURE
from tests.support.stored import join
from tests.support.web.review.imports import upload
from tests.support.web.review.shared import group_of, played_game


def test_a_member_imports_into_the_group(client, app):
    made = played_game(client)
    group_id = group_of(app, made["id"])
    member = app.test_client()
    join(member, group_id)
    page = member.get(f"/groups/{group_id}/import")
    assert page.status_code == 200 and 'type="file"' in page.get_data(as_text=True)
    response = upload(member, f"/groups/{group_id}/import", FIXTURE.read_bytes())
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "Imported 1 game." in response.get_data(as_text=True)
    with app.app_context():
        games = db.list_games(db.get_db(), group_id=group_id)
    assert len(games) == 2 and {g.group_id for g in games} == {group_id}


def test_only_members_import_into_a_group(client, app):
    made = played_game(client)
    group_id = group_of(app, made["id"])
    stranger = app.test_client()
    assert stranger.get(f"/groups/{group_id}/import").status_code == 404
    assert upload(stranger, f"/groups/{group_id}/import", FIXTURE.read_bytes()).status_code == 404
    with app.app_context():
        assert db.count_games(db.get_db())[0] == 1


def test_the_old_import_redirects_a_member_of_one_group_and_is_404_otherwise(client, app):
    made = played_game(client)
    group_id = group_of(app, made["id"])
    stranger = app.test_client()
    assert stranger.get("/import").status_code == 404
    assert upload(stranger, "/import", FIXTURE.read_bytes()).status_code == 404
    member = app.test_client()
    join(member, group_id)
    response = member.get("/import")
    assert response.status_code == 307
    assert response.headers["Location"] == f"/groups/{group_id}/import"
    posted = upload(member, "/import", FIXTURE.read_bytes())
    assert posted.status_code == 307 and posted.headers["Location"].endswith("/import")
