"""Memberships end on the server (issue 29, finding 4), and a phone's cookie holds nothing
a third party could use (finding 5's "signed but readable" cookie): over the real server,
a copy of a cookie taken before "leave this group" or a removal loses the group with the
original; the group keeps who joined and left; a removed phone cannot come back by the
invite link it knew. A cookie written before the change keeps every right it had."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import db
from tests.support.groups_privacy import Browser, call
from tests.support.live import SERVED, serving
from tests.support.members import invite_of, joined, text
from tests.support.web.groups.members import copied, post_with_token_of, sees, session_payload

NAMES = ["Ann", "Ben", "Cat", "Dan"]


@pytest.fixture
def table(tmp_path):
    """A served app, a group with one game and three phones in it: Ann, Ben and Cat, who
    also opened the game's edit link."""
    with serving(tmp_path) as base:
        status, group = call(base, "POST", "/api/groups", {"name": "Friday cards"})
        assert status == 201
        status, game = call(
            base,
            "POST",
            "/api/games",
            {"players": NAMES, "first_dealer": 0, "group": str(group["id"])},
            group["key"],
        )
        assert status == 201
        phones = {name: joined(base, group["id"], name) for name in ("Ann", "Ben", "Cat")}
        phones["Cat"].get(f"/games/{game['id']}/edit/{game['edit_key']}")  # Cat keeps score
        yield base, group["id"], game["id"], phones


def test_every_copy_of_a_cookie_loses_the_group_when_its_phone_leaves(table):
    base, group_id, game_id, phones = table
    backup = copied(phones["Ben"])
    assert set(sees(backup, group_id, game_id).values()) == {200}
    status, _ = phones["Ben"].post_form(f"/groups/{group_id}/leave", {})
    assert status == 200
    for phone in (phones["Ben"], backup):
        assert set(sees(phone, group_id, game_id).values()) == {404}
    assert set(sees(phones["Ann"], group_id, game_id).values()) == {200}
    _, page = phones["Ann"].get(f"/groups/{group_id}/members")
    assert "Ben left" in text(page) and "Ben joined" in text(page)


def test_a_member_removes_another_after_asking_and_the_group_keeps_it(table):
    base, group_id, game_id, phones = table
    backup = copied(phones["Cat"])
    assert phones["Cat"].get(f"/games/{game_id}/hands/new")[0] == 200
    old_invite = invite_of(base, group_id)
    _, page = phones["Ann"].get(f"/groups/{group_id}/members")
    listed = re.findall(r'<span class="who">(.*?)</span>', page)
    assert [re.sub("<[^>]+>", "", item) for item in listed] == [
        "Ann (this phone)",
        "Ben",
        "Cat",
    ]
    cat = re.search(r'href="(/groups/\d+/members/(\d+)/remove)"[^>]*>Remove', page.split("Cat")[1])
    asking = phones["Ann"].get(cat.group(1))
    assert asking[0] == 200 and "Remove Cat from the group?" in text(asking[1])
    assert set(sees(backup, group_id, game_id).values()) == {200}  # asking removed no one
    status, page = phones["Ann"].post_form(cat.group(1), {})
    assert status == 200 and "Cat is no longer in the group" in text(page)
    for phone in (phones["Cat"], backup):
        assert set(sees(phone, group_id, game_id).values()) == {404}
        # Nor does the edit key Cat's phone held open the game, or record a hand in it.
        assert phone.get(f"/games/{game_id}/hands/new")[0] == 404
    assert "Cat was removed by Ann" in text(page)
    # The invite link Cat knew is gone; only a new one brings Cat back.
    assert invite_of(base, group_id) != old_invite
    assert phones["Cat"].get(f"/join/{old_invite}")[0] == 404
    assert set(sees(phones["Ben"], group_id, game_id).values()) == {200}
    again = joined(base, group_id, "Cat")
    assert set(sees(again, group_id, game_id).values()) == {200}


def test_only_a_member_removes_and_only_a_member_of_its_own_group(table):
    base, group_id, game_id, phones = table
    status, other = call(base, "POST", "/api/groups", {"name": "Other"})
    outsider = joined(base, other["id"], "Eve")
    _, page = phones["Ann"].get(f"/groups/{group_id}/members")
    ids = [int(i) for i in re.findall(r"/members/(\d+)/remove", page)]
    assert len(ids) == 2
    _, eve_page = outsider.get(f"/groups/{other['id']}/members")
    for member_id in ids:
        path = f"/groups/{group_id}/members/{member_id}/remove"
        assert Browser(base).get(path)[0] == 404
        assert outsider.get(path)[0] == 404
        assert post_with_token_of(outsider, f"/groups/{other['id']}/members", path) == 404
    # Eve's membership, named under the other group, is nobody's to remove from here.
    eve = re.findall(r"/members/(\d+)/remove", eve_page)
    assert eve == []  # Eve is alone in her group: she may only leave
    members_page = f"/groups/{group_id}/members"
    with_db = db.open_database(SERVED[base])
    try:
        eve_id = db.phones.group_members(with_db, other["id"])[0].id
    finally:
        with_db.close()
    assert phones["Ann"].get(f"/groups/{group_id}/members/{eve_id}/remove")[0] == 404
    assert (
        post_with_token_of(
            phones["Ann"], members_page, f"/groups/{group_id}/members/{eve_id}/remove"
        )
        == 404
    )
    assert set(sees(phones["Ben"], group_id, game_id).values()) == {200}
    assert outsider.get(f"/games/{game_id}")[0] == 404
    assert outsider.get(f"/groups/{other['id']}")[0] == 200


def test_a_phone_names_itself_and_a_phone_without_a_name_is_known_by_when_it_joined(table):
    base, group_id, _game, phones = table
    quiet = joined(base, group_id, "")
    _, page = quiet.get(f"/groups/{group_id}/members")
    assert re.search(r"Phone 4, joined \w+ \d+, \d{4} \(this phone\)", text(page))
    status, page = quiet.post_form(f"/groups/{group_id}/members", {"label": "  Dora\u0007 "})
    assert status == 200 and "Dora (this phone)" in text(page) and "Phone 4" not in page


def test_the_cookie_holds_no_key_and_no_membership(table):
    base, group_id, game_id, phones = table
    ann = phones["Ann"]
    status, page = ann.post_form(
        f"/games/new?game=israeli-whist&group={group_id}",
        {f"player_{i}": name for i, name in enumerate(NAMES)} | {"rules": "pagat-german"},
    )
    assert status == 200
    new_id = int(re.search(r"/games/(\d+)/hands/new", page).group(1))
    database = db.open_database(SERVED[base])
    try:
        game = db.load_game(database, new_id)
    finally:
        database.close()
    assert re.search(r"/games/\d+/hands/new", page)  # this phone records hands
    payload = json.loads(session_payload(ann))
    assert set(payload) <= {"phone", "csrf_token", "_permanent", "_flashes", "language"}
    assert not any(isinstance(value, dict | list) for value in payload.values())
    assert game.view_token not in json.dumps(payload)


def test_a_cookie_from_before_keeps_its_keys_memberships_and_view_links(app, client, make_game):
    """A phone's cookie as the version before issue 29 wrote it: edit keys, proofs of
    membership and view grants inside. Its first request moves them to the server."""
    from scorekeeper.web.access import membership_proof

    member_game, _key = make_game("israeli-whist", rules="pagat-german")
    made = [
        app.test_client().post("/api/games", json={"players": NAMES, "first_dealer": 0})
        for _ in range(2)
    ]
    (keyed_game, keyed_key), (viewed_game, _) = [
        (m.get_json()["id"], m.get_json()["edit_key"]) for m in made
    ]
    with app.app_context():
        database = db.get_db()
        group = db.load_group(database, db.load_game(database, member_game).group_id)
        proof = membership_proof(group.id, group.member_epoch)
        forged = membership_proof(group.id, group.member_epoch + 1)
        other, _ = db.create_group(database, "Other")
    old = app.test_client()
    with old.session_transaction() as session:
        session["edit_keys"] = {str(keyed_game): keyed_key, "x": "y", "9" * 20: "k", "٣": "k"}
        session["groups"] = {str(group.id): proof, str(other.id): forged, "9" * 20: proof}
        session["view_grants"] = [viewed_game, "nonsense", 10**20, True, -1]
    stranger = app.test_client()
    assert stranger.get(f"/games/{keyed_game}").status_code == 404
    assert stranger.get(f"/games/{viewed_game}").status_code == 404
    assert old.get(f"/groups/{group.id}").status_code == 200
    with old.session_transaction() as session:
        assert not {"edit_keys", "groups", "view_grants"} & set(session)
        assert session["phone"]
    assert old.get(f"/groups/{other.id}").status_code == 404  # its proof was no proof
    page = old.get(f"/games/{keyed_game}").get_data(as_text=True)
    assert f"/games/{keyed_game}/hands/new" in page  # still records hands
    assert old.get(f"/games/{viewed_game}").status_code == 200
    # and keeps them on later requests, the cookie now holding only its token
    assert old.get(f"/groups/{group.id}/members").status_code == 200
