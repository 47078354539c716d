"""Revisions as preconditions: a phone that read a hand at revision n can change or delete
it only while it is still that version, even after the hand was deleted and recorded again."""

import html
import re

import pytest

from scorekeeper import db, game_play
from scorekeeper.engine.israeli_whist import PRESETS, record_from_dict
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import game_in_new_group
from tests.support.pages import hand_form, text_of
from tests.support.shared import bearer
from tests.support.stored import viewed
from tests.support.web.games.revisions import delete_with, revision_in, stored_hand

PAGAT = PRESETS["pagat-german"]
OTHER_HAND = {**WORKED_EXAMPLE, "tricks": [0, 3, 7, 3]}


@pytest.fixture
def three_hands(client, make_game, post_hand):
    """A game with three hands: (game id, key, hand 3 as phone X read it)."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    for _ in range(3):
        assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    return game_id, key, stored_hand(client, game_id, 3)


@pytest.fixture
def readded(client, three_hands, post_hand):
    """Hand 3 deleted and recorded again (as another hand) after phone X read it."""
    game_id, key, seen = three_hands
    assert client.delete(f"/api/games/{game_id}/hands/3", headers=bearer(key)).status_code == 200
    response = post_hand(game_id, key, WORKED_EXAMPLE, thrown_in=True, frisch_rounds=0)
    assert response.status_code == 201
    return game_id, key, seen, response.get_json()


# --- the case: delete and record again --------------------------------------------


def test_a_hand_recorded_again_gets_a_new_revision(readded):
    _game_id, _key, seen, again = readded
    assert again["number"] == 3
    assert again["revision"] > seen["revision"]
    assert again["hand"]["revision"] == again["revision"]


def test_a_stale_put_does_not_overwrite_a_hand_recorded_again(client, readded):
    game_id, key, seen, again = readded
    response = client.put(
        f"/api/games/{game_id}/hands/3",
        json={**OTHER_HAND, "revision": seen["revision"]},
        headers=bearer(key),
    )
    assert response.status_code == 409
    body = response.get_json()
    assert body["field"] == "revision" and "changed on another phone" in body["error"]
    # The answer carries the hand as stored now, to check before saving again.
    assert body["hand"]["thrown_in"] is True and body["hand"]["revision"] == again["revision"]
    assert stored_hand(client, game_id, 3)["thrown_in"] is True


def test_a_stale_html_edit_does_not_overwrite_a_hand_recorded_again(client, readded):
    game_id, key, seen, _again = readded
    client.get(f"/games/{game_id}/edit/{key}")
    response = client.post(
        f"/games/{game_id}/hands/3/edit", data=hand_form(revision=str(seen["revision"]))
    )
    assert response.status_code == 409
    assert stored_hand(client, game_id, 3)["thrown_in"] is True


def test_revisions_never_repeat_for_a_hand(client, readded):
    game_id, key, _seen, _again = readded
    client.put(f"/api/games/{game_id}/hands/3", json=OTHER_HAND, headers=bearer(key))
    client.delete(f"/api/games/{game_id}/hands/3", headers=bearer(key))
    client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=bearer(key))
    with client.application.app_context():
        history = [(r.number, r.revision) for r in db.load_revisions(db.get_db(), game_id)]
    assert len(history) == len(set(history)), history
    third = [revision for number, revision in history if number == 3]
    assert third == sorted(third) and len(third) == 6  # recorded, deleted, again, edited, ...


# --- DELETE takes the same precondition ---------------------------------------------------


@pytest.mark.parametrize("how", ["query", "body", "if-match"])
def test_a_stale_delete_is_refused_with_the_stored_hand(client, readded, how):
    game_id, key, seen, again = readded
    response = delete_with(client, game_id, key, seen["revision"], how)
    assert response.status_code == 409
    body = response.get_json()
    assert body["field"] == "revision" and body["hand"]["revision"] == again["revision"]
    assert client.get(viewed(client, game_id)).get_json()["next_number"] == 4


@pytest.mark.parametrize("how", ["query", "body", "if-match"])
def test_a_delete_of_the_revision_read_goes_through(client, three_hands, how):
    game_id, key, seen = three_hands
    response = delete_with(client, game_id, key, seen["revision"], how)
    assert response.status_code == 200 and response.get_json()["deleted"] == 3


def test_put_takes_if_match_too(client, readded):
    game_id, key, seen, again = readded
    path = f"/api/games/{game_id}/hands/3"
    stale = {**bearer(key), "If-Match": f'"{seen["revision"]}"'}
    assert client.put(path, json=OTHER_HAND, headers=stale).status_code == 409
    fresh = {**bearer(key), "If-Match": f'"{again["revision"]}"'}
    response = client.put(path, json=OTHER_HAND, headers=fresh)
    assert response.status_code == 200 and response.get_json()["revision"] > again["revision"]


@pytest.mark.parametrize(
    ("method", "query", "body", "headers", "field"),
    [
        ("delete", "?revision=x", None, {}, "revision"),
        ("delete", "?revision=0", None, {}, "revision"),
        ("delete", "?revision=-1", None, {}, "revision"),
        ("delete", "?revision=" + "9" * 40, None, {}, "revision"),
        ("delete", "", {"revision": "2nd"}, {}, "revision"),
        ("delete", "", {"revision": True}, {}, "revision"),
        ("delete", "", {"revision": 1, "extra": 1}, {}, "extra"),
        ("delete", "?revision=2", {"revision": 1}, {}, "revision"),
        ("delete", "", None, {"If-Match": '"x"'}, "If-Match"),
        ("delete", "", None, {"If-Match": 'W/"1"'}, "If-Match"),
        ("delete", "", None, {"If-Match": '"1", "2"'}, "If-Match"),
        ("delete", "?revision=1", None, {"If-Match": '"2"'}, "revision"),
        ("put", "", OTHER_HAND, {"If-Match": '"x"'}, "If-Match"),
        ("put", "", {**OTHER_HAND, "revision": 1}, {"If-Match": '"2"'}, "revision"),
    ],
)
def test_bad_preconditions_are_named(
    client, make_game, post_hand, method, query, body, headers, field
):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    response = getattr(client, method)(
        f"/api/games/{game_id}/hands/1{query}", json=body, headers=bearer(key) | headers
    )
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["field"] == field
    assert client.get(viewed(client, game_id)).get_json()["next_number"] == 2


def test_if_match_star_expects_no_revision_in_particular(client, three_hands):
    game_id, key, _seen = three_hands
    headers = bearer(key) | {"If-Match": "*"}
    assert client.delete(f"/api/games/{game_id}/hands/3", headers=headers).status_code == 200


# --- the HTML delete form -----------------------------------------------------------------


def test_the_delete_form_carries_the_revision_it_shows(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    page = text_of(client.get(f"/games/{game_id}/hands/1/delete"))
    assert revision_in(page) == str(stored_hand(client, game_id, 1)["revision"])


def test_a_stale_delete_form_keeps_the_hand_recorded_again(editor):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    seen = revision_in(text_of(client.get(f"/games/{game_id}/hands/1/delete")))
    # Meanwhile another phone deletes hand 1 and records a thrown-in deal as hand 1.
    client.post(f"/games/{game_id}/hands/1/delete", data={"revision": seen})
    client.post(f"/games/{game_id}/hands/new", data={"thrown_in": "1"})
    assert stored_hand(client, game_id, 1)["thrown_in"] is True

    response = client.post(f"/games/{game_id}/hands/1/delete", data={"revision": seen})
    assert response.status_code == 409
    page = text_of(response)
    assert "changed on another phone" in page and "thrown in" in page
    assert stored_hand(client, game_id, 1)["thrown_in"] is True
    # The page asks again about the hand as stored now; that delete goes through.
    again = revision_in(page)
    assert int(again) > int(seen)
    response = client.post(f"/games/{game_id}/hands/1/delete", data={"revision": again})
    assert response.status_code == 302
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


@pytest.mark.parametrize(
    ("revision", "status", "message"),
    [
        ("x", 422, "revision in this form is not a whole number"),
        ("1.5", 422, "revision in this form is not a whole number"),
        ("9" * 40, 409, "changed on another phone"),
        ("-1", 409, "changed on another phone"),
    ],
)
def test_a_damaged_delete_form_is_a_message(editor, revision, status, message):
    client, game_id = editor
    client.post(f"/games/{game_id}/hands/new", data=hand_form())
    response = client.post(f"/games/{game_id}/hands/1/delete", data={"revision": revision})
    assert response.status_code == status
    assert message in text_of(response)
    assert len(client.get(viewed(client, game_id)).get_json()["hands"]) == 1


# --- the data layer -----------------------------------------------------------------------


@pytest.fixture
def database(tmp_path):
    database = db.migrate(str(tmp_path / "t.db"))
    yield database
    database.close()


def test_a_stale_delete_is_a_conflict_in_the_data_layer(database):
    game_id, _ = game_in_new_group(
        database,
        ["S", "W", "N", "E"],
        "pagat-german",
        PAGAT,
        0,
    )
    game_play.add_hand(database, game_id, record_from_dict(PAGAT, WORKED_EXAMPLE))
    _number, _progress, first = game_play.add_hand(database, game_id, {"thrown_in": True})
    _progress, edited = game_play.replace_hand(
        database, game_id, 2, record_from_dict(PAGAT, OTHER_HAND)
    )
    assert edited == first + 1
    with pytest.raises(db.Conflict) as caught:
        game_play.delete_last_hand(database, game_id, 2, expected_revision=first)
    assert caught.value.field == "revision" and caught.value.current.revision == edited
    game_play.delete_last_hand(database, game_id, 2, expected_revision=edited)
    number, _progress, again = game_play.add_hand(database, game_id, {"thrown_in": True})
    assert (number, again) == (2, edited + 2)  # after the edit and the deletion


def test_an_imported_history_is_continued_not_repeated(database):
    """A database written before this fix may hold a hand recorded again at revision 1
    after a deleted revision 2; the next change must still get a new number."""
    game_id, _ = game_in_new_group(
        database,
        ["S", "W", "N", "E"],
        "pagat-german",
        PAGAT,
        0,
    )
    game_play.add_hand(database, game_id, {"thrown_in": True})
    database.execute(
        "INSERT INTO hand_revisions (game_id, number, revision, action, hand, created_at) "
        "VALUES (?, 1, 2, 'deleted', '{}', '2024-01-01T00:00:00+00:00')",
        [game_id],
    )
    _progress, revision = game_play.replace_hand(
        database, game_id, 1, record_from_dict(PAGAT, WORKED_EXAMPLE)
    )
    assert revision == 3


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Noa bid 3, took 3 · Avi bid 4, took 4 · Dana bid 3, took 3"),
        ("he", "Noa הכריז/ה 3, לקח/ה 3 · Avi הכריז/ה 4, לקח/ה 4 · Dana הכריז/ה 3, לקח/ה 3"),
        ("de", "Noa bot 3, machte 3 · Avi bot 4, machte 4 · Dana bot 3, machte 3"),
    ],
)
def test_a_partnership_hands_revision_names_its_sides_by_their_players(
    client, make_game, post_hand, language, line
):
    """Spades' Revisions line is the hand in one line, each player by name with the bid
    and the tricks in words (issue 69), never a side by the API's letter ("A 6")."""
    game_id, key = make_game(
        game="spades", rules="spades", players=["Noa", "Avi", "Dana", "Gil"], target=500
    )
    assert (
        post_hand(game_id, key, {"bids": [3, 4, 3, 3], "tricks": [3, 4, 3, 3]}).status_code == 201
    )
    page = client.get(f"/games/{game_id}/revisions", headers={"Accept-Language": language})
    text = html.unescape(re.sub(r"<[^>]+>", " ", text_of(page)))
    words = " ".join(re.sub("[\u2066-\u2069]", "", text).replace("\xa0", " ").split())
    assert line in words
    assert "A 6" not in words
