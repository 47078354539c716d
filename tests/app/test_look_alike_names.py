"""Names that show nothing or pass for another player (issue 66): what shows nothing
(default ignorables, Hangul fillers, the empty braille pattern, variation selectors, the
combining grapheme joiner) is taken out of a name, and a name of nothing else is blank;
a name whose confusable skeleton (Unicode's UTS #39) is another player's is refused in
the group, naming the player, through the new-game form, the API, a change of seat,
import and a club night, and asked about where a phone joins ("I am Ann")."""

from __future__ import annotations

import io
import re

import pytest

from scorekeeper import db, transfer
from scorekeeper.names import clean_name, look_alike, skeleton
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group
from tests.support.look_alike_names import export_of, group_players, join_as, new_game, shown

ANN = "Ann"
# The seven Anns one group listed: Cyrillic А, fullwidth Ａ, and Ann followed by a
# combining grapheme joiner, a Hangul filler, a variation selector or the empty braille
# pattern.
LOOK_ALIKES = ["\u0410nn", "\uff21nn"]
INVISIBLE_AFTER = ["\u034f", "\u3164", "\ufe0f", "\u2800"]
# Names that are nothing but what shows nothing.
BLANKS = ["\u3164", "\u2800", "\u034f", "\u115f\u1160", "\ufe0f", "\uffa0", "\u200b\u3164"]
OTHERS = ["Bob", "Cat", "Dov"]


@pytest.mark.parametrize("after", INVISIBLE_AFTER)
def test_what_shows_nothing_is_taken_out_of_a_name(after):
    assert clean_name(ANN + after) == ANN
    assert clean_name(f"Ann{after}Lee") in ("AnnLee", "Ann Lee")  # a blank letter: a space
    assert clean_name("Ann\u3164Lee") == "Ann Lee"


def test_look_alikes_share_a_skeleton_and_others_do_not():
    for name in LOOK_ALIKES:
        assert skeleton(name) == skeleton(ANN) and look_alike(name, ANN)
    # UTS #39's own kind of example: Cyrillic р and а in "paypal"; "rn" and "m".
    assert look_alike("\u0440\u0430ypal", "paypal") and look_alike("Sarn", "Sam")
    # Capitals that look alike only as capitals, and a case apart.
    assert look_alike("\u0412ob", "Bob") and look_alike("ann", ANN)
    for name, other in (("Noa", "Noah"), ("Ian", "Lan"), ("Dana", "Dina"), ("נועה", "נעה")):
        assert not look_alike(name, other)


@pytest.fixture
def group(tmp_path):
    """A group (its id and the API's headers) whose first game seats Ann, Bob, Cat, Dov,
    and a client that is a member."""
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    made = client.post("/api/groups", json={"name": "Thursday"}).get_json()
    auth = {"Authorization": f"Bearer {made['key']}"}
    body = {"game": "israeli-whist", "players": [ANN, *OTHERS], "group": made["id"]}
    assert client.post("/api/games", json=body, headers=auth).status_code == 201
    join_group(client, group_id=made["id"])
    return app, client, made["id"], auth


@pytest.mark.parametrize("blank", BLANKS)
def test_a_name_of_only_what_shows_nothing_is_blank(group, blank):
    app, client, group_id, auth = group
    answer = new_game(client, group_id, auth, ["Eve", blank, "Fay", "Gil"])
    assert answer.status_code == 422
    assert answer.get_json() == {
        "error": "the name is blank: it holds only characters that show nothing",
        "field": "players[1]",
    }


def test_the_seven_anns_are_one_player_or_refused_naming_her(group):
    app, client, group_id, auth = group
    for name in LOOK_ALIKES:
        answer = new_game(client, group_id, auth, [name, *OTHERS])
        assert answer.status_code == 422
        error = answer.get_json()
        assert error["field"] == "players[0]"
        assert error["error"].startswith("Ann is already a player of this group")
        # At one table, as the group's first game would be.
        answer = client.post("/api/games", json={"players": [ANN, name, "Eve", "Fay"]})
        assert answer.status_code == 422 and answer.get_json()["field"] == "players[1]"
        assert "Ann already sits at this table" in answer.get_json()["error"]
    for after in INVISIBLE_AFTER:
        assert new_game(client, group_id, auth, [ANN + after, *OTHERS]).status_code == 201
    assert sorted(group_players(app, group_id)) == sorted([ANN, *OTHERS])


def test_the_new_game_form_names_the_player(group):
    app, client, group_id, _auth = group
    form = {"game": "israeli-whist", "rules": "standard", "first_dealer": "0"}
    names = {f"player_{seat}": name for seat, name in enumerate(["Eve", "\uff21nn", "Fay", "Gil"])}
    answer = client.post(f"/games/new?game=israeli-whist&group={group_id}", data=form | names)
    page = shown(answer.get_data(as_text=True))
    assert answer.status_code == 422
    assert "Ann is already a player of this group" in page
    assert group_players(app, group_id).count("\uff21nn") == 0


def test_a_seat_change_names_the_player(group):
    app, client, group_id, auth = group
    made = new_game(client, group_id, auth, ["Eve", "Fay", "Gil", "Hal"]).get_json()
    game_id, key = made["id"], made["edit_key"]
    answer = client.post(
        f"/api/games/{game_id}/seats",
        json={"seat": 2, "name": "\u0410nn"},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert answer.status_code == 422 and answer.get_json()["field"] == "name"
    assert answer.get_json()["error"].startswith("Ann is already a player of this group")


def test_an_import_is_refused_naming_the_game_and_nothing_is_stored(group):
    app, client, group_id, _auth = group
    with app.app_context():
        database = db.get_db()
        before = database.execute("SELECT count(*) FROM games").fetchone()[0]
        # Against the group's players, and within the file itself.
        for games, where in (
            ([["Eve", "Fay", "Gil", "Hal"], ["Eve", "\uff21nn", "Fay", "Gil"]], "game 2"),
            ([["Ivy", "Jon", "Kim", "Lou"], ["\u0406vy", "Jon", "Kim", "Lou"]], "game 2"),
        ):
            with pytest.raises(transfer.ImportProblem) as refused:
                transfer.import_file(database, export_of(games), group_id)
            assert refused.value.field == "players" and str(refused.value.where) == where
        assert database.execute("SELECT count(*) FROM games").fetchone()[0] == before
    # Through the group's import page: the refusal said, naming the game.
    text = export_of([["\u0410nn", "Eve", "Fay", "Gil"]]).encode()
    upload = {"file": (io.BytesIO(text), "x.json")}
    answer = client.post(f"/groups/{group_id}/import", data=upload)
    assert answer.status_code == 422
    assert "Ann is already a player of this group" in shown(answer.get_data(as_text=True))


def test_a_club_night_refuses_a_guest_who_looks_like_a_player(group):
    app, client, group_id, auth = group
    body = {"game": "skat", "players": ["\u0410nn", "Bob", "Cat"], "deals_per_player": 1}
    answer = client.post(f"/api/groups/{group_id}/club", json=body | {"series": 1}, headers=auth)
    assert answer.status_code == 422 and answer.get_json()["field"] == "players"
    assert shown(answer.get_json()["error"]).startswith("Ann is already a player of this group")
    # Two guests who look alike, on the organiser's page.
    form = {"game": "skat", "series": "1", "deals_per_player": "1", "draw": "1"}
    form |= {"guests": "Eve\nFay\nGil\n\uff25ve"}
    page = shown(client.post(f"/groups/{group_id}/club", data=form).get_data(as_text=True))
    assert "Eve is named already, and this name looks the same" in page
    assert client.get(f"/api/groups/{group_id}/club", headers=auth).get_json()["nights"] == []


def test_a_phone_that_joins_as_a_look_alike_is_asked_whether_it_is_ann(group, tmp_path):
    app, member, group_id, _auth = group
    with app.app_context():
        found = db.load_group(db.get_db(), group_id)
    phone = app.test_client()
    answer = join_as(phone, found.invite, "\u0410nn")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200, "asked, not joined"
    assert re.search(r'name="i_am" value="Ann"', page) and "I am <bdi>Ann</bdi>" in page
    assert "Ann is already in this group, and this name looks the same" in page
    with app.app_context():
        assert [m.label for m in db.phones.group_members(db.get_db(), group_id)] == [None]
    # "I am Ann": the phone joins as Ann, written as the group writes her.
    answer = join_as(phone, found.invite, "\u0410nn", i_am=ANN)
    assert answer.status_code == 302
    with app.app_context():
        labels = [m.label for m in db.phones.group_members(db.get_db(), group_id)]
    assert labels == [None, ANN]


def test_a_removed_member_rejoining_under_a_look_alike_of_a_member_is_asked(group):
    app, member, group_id, _auth = group
    with app.app_context():
        found = db.load_group(db.get_db(), group_id)
    dana, intruder = app.test_client(), app.test_client()
    assert join_as(dana, found.invite, "Dana").status_code == 302
    assert join_as(intruder, found.invite, "Eli").status_code == 302
    with app.app_context():
        members = db.phones.group_members(db.get_db(), group_id)
        removed = next(m for m in members if m.label == "Eli")
        db.phones.end_membership(db.get_db(), removed, removed_by=members[0].id)
        invite = db.load_group(db.get_db(), group_id).invite  # the new invite link
    # Back by the new link as "Dаna" (a Cyrillic а): asked, not let in as a second Dana.
    answer = join_as(intruder, invite, "D\u0430na")
    assert answer.status_code == 200 and 'value="Dana"' in answer.get_data(as_text=True)
    # Another name is the other answer.
    assert join_as(intruder, invite, "Eli").status_code == 302
    # And a member cannot rename their phone as a look-alike either.
    page = dana.post(f"/groups/{group_id}/members", data={"label": "\u0410nn"})
    assert page.status_code == 200 and 'name="i_am" value="Ann"' in page.get_data(as_text=True)
    with app.app_context():
        labels = [m.label for m in db.phones.group_members(db.get_db(), group_id)]
    assert "D\u0430na" not in labels and "\u0410nn" not in labels
