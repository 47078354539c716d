"""The edit key stays out of every cache, and an editor can revoke it with a new edit link."""

import pytest

from scorekeeper.web import create_app
from tests.support.app import app_config, join_group
from tests.support.pages import hand_form, text_of
from tests.support.web.games.edit_key import (
    copy_cookies,
    created,
    editor_pages,
    new_key_shown_to,
    renew,
    worker_patterns,
)
from tests.support.web.shared import csrf_of


def test_the_editors_scoreboard_never_prints_the_key(client):
    _response, game_id, key = created(client)
    client.get(f"/games/{game_id}/edit/{key}")
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    for path in (f"/games/{game_id}", f"/games/{game_id}", f"/games/{game_id}/live"):
        page = text_of(client.get(path))
        assert key not in page, path
        assert f'href="/games/{game_id}/share/edit"' in page or path.endswith("/live")


def test_every_answer_carrying_the_key_is_no_store(client):
    """Whatever the page, when the key is in its address or its body, no cache keeps it."""
    response, game_id, key = created(client)
    answers = [("POST /api/games", response)]
    client.get(f"/games/{game_id}/edit/{key}")
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    answers += [
        (f"{method.upper()} {path}", getattr(client, method)(path))
        for method, path in editor_pages(game_id, key)
    ]
    # The edit QR code holds the key as an image; the warning page before it holds none,
    # but asks for no cache anyway.
    image = {f"GET /games/{game_id}/qr/edit.svg", f"GET /games/{game_id}/share/edit"}
    carrying = []
    for name, answer in answers:
        if key in name or key in answer.get_data(as_text=True) or name in image:
            carrying.append(name)
            assert answer.headers.get("Cache-Control") == "private, no-store", name
        answer.close()
    assert sorted(carrying) == sorted(
        [
            "POST /api/games",
            f"GET /games/{game_id}/edit/{key}",
            f"GET /games/{game_id}/share/edit?show=1",
            *image,
        ]
    )


def test_a_wrong_key_in_the_address_is_not_stored_either(client):
    _response, game_id, key = created(client)
    response = client.get(f"/games/{game_id}/edit/{key}x")
    assert response.status_code == 404  # as for a game that does not exist (issue 29)
    assert response.headers["Cache-Control"] == "private, no-store"


# --- the service worker -------------------------------------------------------------------


def test_the_worker_knows_every_address_that_carries_the_key(client):
    _response, game_id, key = created(client)
    keyed, link = worker_patterns(client)
    for path in (
        f"/games/{game_id}/edit/{key}",
        f"/games/{game_id}/share/edit",
        f"/games/{game_id}/qr/edit.svg",
        f"/games/{game_id}/share/new-link",
    ):
        assert keyed.search(path), path
    for path in (f"/games/{game_id}", f"/games/{game_id}/hands/1/edit", "/", "/history"):
        assert not keyed.search(path), path
    assert link.search(f'<a href="http://localhost/games/{game_id}/edit/{key}">')
    assert not link.search(f'<a href="/games/{game_id}/hands/1/edit">')


# --- a new edit link ----------------------------------------------------------------------


@pytest.fixture
def table(tmp_path):
    """A game and two phones holding its key: (app, game id, old key, maker, other)."""
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    maker, other = app.test_client(), app.test_client()
    _response, game_id, key = created(maker)
    for phone in (maker, other):
        assert phone.get(f"/games/{game_id}/edit/{key}").status_code == 302
    return app, game_id, key, maker, other


def test_a_new_edit_link_revokes_the_old_one(table):
    app, game_id, old, maker, other = table
    response = renew(maker, game_id)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/games/{game_id}/share/edit"
    assert "has a new edit link" in text_of(maker.get(response.headers["Location"]))
    new = new_key_shown_to(maker, game_id)
    assert new != old

    # The phone that made it keeps recording hands.
    page = text_of(maker.get(f"/games/{game_id}/hands/new"))
    data = hand_form(csrf_token=csrf_of(page))
    assert maker.post(f"/games/{game_id}/hands/new", data=data).status_code == 302

    # The old link, the old key by API and the other phone's remembered key: all refused.
    stranger = app.test_client()
    assert stranger.get(f"/games/{game_id}/edit/{old}").status_code == 404
    response = stranger.post(
        f"/api/games/{game_id}/hands",
        json={"thrown_in": True, "frisch_rounds": 0},
        headers={"Authorization": f"Bearer {old}"},
    )
    assert response.status_code == 404  # a revoked key opens nothing, not even a 403
    assert stranger.get(f"/games/{game_id}/edit/{new}").status_code == 302


def test_a_member_phone_with_the_old_key_is_told_why_and_views(table):
    _app, game_id, _old, maker, other = table
    join_group(other, game_id)
    renew(maker, game_id)
    form = other.get(f"/games/{game_id}/hands/new")
    assert form.status_code == 403
    assert "edit link this phone used was replaced" in text_of(form)
    response = other.post(f"/games/{game_id}/hands/new", data=hand_form())
    assert response.status_code in (400, 403)  # the form's token or the key: never a 500
    board = other.get(f"/games/{game_id}")
    assert board.status_code == 200
    assert "edit link this phone used was replaced" in text_of(board)
    assert 'id="record"' not in text_of(board)
    # Said once: the phone is a viewer now.
    again = text_of(other.get(f"/games/{game_id}"))
    assert "was replaced" not in again and 'id="record"' not in again
    assert other.get(f"/games/{game_id}/hands/new").status_code == 403


def test_a_phone_outside_the_group_with_the_old_key_is_told_why_and_sees_nothing(table):
    """Issue 42, finding 8: whoever the old edit link leaked to no longer reads the game
    (the old view link shows it to no one either); told once why, then a 404."""
    _app, game_id, _old, maker, other = table
    renew(maker, game_id)
    board = other.get(f"/games/{game_id}")
    assert board.status_code == 403
    assert "edit link this phone used was replaced" in text_of(board)
    assert "South" not in text_of(board)  # no player, no score
    for path in (f"/games/{game_id}", f"/games/{game_id}/hands/new", f"/api/games/{game_id}"):
        assert other.get(path).status_code == 404, path


def test_a_new_edit_link_needs_the_key_the_token_and_a_post(table):
    app, game_id, old, maker, _other = table
    viewer = app.test_client()
    join_group(viewer, game_id)  # a member of the game's group, without the key
    assert viewer.get(f"/games/{game_id}/share/new-link").status_code == 403
    assert viewer.post(f"/games/{game_id}/share/new-link").status_code in (400, 403)
    assert maker.post(f"/games/{game_id}/share/new-link").status_code == 400  # no token
    for _ in range(2):
        maker.get(f"/games/{game_id}/share/new-link")  # asking changes nothing
    assert app.test_client().get(f"/games/{game_id}/edit/{old}").status_code == 302


def test_the_new_edit_link_page_is_translated(table):
    _app, game_id, _old, maker, _other = table
    maker.post("/language", data={"language": "he", "next": "/"})
    response = maker.get(f"/games/{game_id}/share/new-link")
    page = text_of(response)
    assert response.status_code == 200 and 'dir="rtl"' in page
    assert "ליצור קישור עריכה חדש?" in page and "Make a new edit link" not in page


@pytest.mark.parametrize("from_before", [False, True])
def test_two_pages_drawn_at_once_on_one_phone_take_the_same_form_secret(tmp_path, from_before):
    """The phone opens the hand form while Keep fetches the game's snapshot behind it: two
    answers drawn at once from the same cookie. Each used to make a CSRF secret of its own
    (the session had none until a form was drawn), the cookie kept the snapshot's, and Save
    on the form was refused: "The form expired". The secret now comes with the session's
    phone; a session from before without one gets it on its next request (the scoreboard)."""
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    phone, behind = app.test_client(), app.test_client()
    _response, game_id, key = created(phone)
    assert phone.get(f"/games/{game_id}/edit/{key}").status_code == 302
    if from_before:
        with phone.session_transaction() as session:
            session.pop("csrf_token")
        assert phone.get(f"/games/{game_id}").status_code == 200
    copy_cookies(phone, behind)
    form = phone.get(f"/games/{game_id}/hands/new")
    assert behind.get(f"/games/{game_id}/offline").status_code == 200
    copy_cookies(behind, phone)  # the cookie of the answer that came last
    saved = phone.post(
        f"/games/{game_id}/hands/new",
        data={**hand_form(), "csrf_token": csrf_of(text_of(form))},
    )
    assert saved.status_code == 302, text_of(saved)
    assert phone.get(f"/api/games/{game_id}").get_json()["hands"][0]["number"] == 1
