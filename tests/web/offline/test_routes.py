"""The server's half of issue 34, "The game goes on without the network": a phone that may
edit a game takes a snapshot of it (``GET /games/<id>/offline``), records hands alone, and
sends them back (``POST /games/<id>/offline/hands``). Each hand sent is saved as any
hand is, with the phone named (``offline_by``, migration m019), in order; a hand another
phone recorded meanwhile comes back with both versions until the phone sends it again
with ``replace``; a hand the rules refuse is refused in the API's words and the table's.
The scoreboard marks such hands, the revisions say it, export and import carry it.

Every test that is about hands runs for every registered game, with legal hands drawn as
the other suites draw them (``tests/support/play.py``), on a real SQLite file through the real
Flask test client.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import db, transfer
from scorekeeper.db.migrations import migrations
from scorekeeper.engine.registry import GAMES
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group
from tests.support.offline_sync import every_row, legal_hands, start
from tests.support.web.offline.routes import (
    PHONE,
    another_first_hand,
    api_game,
    plain,
    queued,
    refused_hand,
    row_of,
    send,
    snapshot,
    stored_rows,
)

GAME_KEYS = sorted(GAMES)
HEBREW = re.compile("[\u0590-\u05ff]")
FIXTURES = Path(__file__).parents[2] / "fixtures"


# --- a game at a phone that may edit it ----------------------------------------------------


# --- the snapshot ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_snapshot_holds_what_the_phone_needs_to_go_on_alone(client, key):
    game_id, edit_key, players = start(client, key)
    bodies = legal_hands(client, key, game_id, 2)
    for body in bodies:
        response = client.post(
            f"/api/games/{game_id}/hands",
            json=body,
            headers={"Authorization": f"Bearer {edit_key}"},
        )
        assert response.status_code == 201
    shot = snapshot(client, game_id)
    api = api_game(client, game_id, edit_key)
    assert shot["game"] == key and shot["players"] == players
    assert shot["settings"] == api["settings"]
    assert [(h["number"], h["hand"]) for h in shot["hands"]] == [(1, bodies[0]), (2, bodies[1])]
    for field in ("totals", "status", "winner", "next_number", "dealer", "sides"):
        assert shot[field] == api[field], field
    with client.application.app_context():
        game = db.load_game(db.get_db(), game_id)
        from scorekeeper import game_play

        assert shot["version"] == game.version
        assert shot["state"] == game_play.state_after(db.get_db(), game, 2)
    assert shot["csrf_token"]


# --- hands sent back in order ---------------------------------------------------------------


@pytest.mark.parametrize("key", GAME_KEYS)
def test_hands_sent_back_are_saved_in_order_with_the_phone_named(client, key):
    game_id, edit_key, _players = start(client, key)
    after = snapshot(client, game_id)["version"]
    bodies = legal_hands(client, key, game_id, 3)
    response = send(client, game_id, queued(bodies, after))
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert [(h["number"], h["outcome"]) for h in answer["saved"]] == [
        (1, "saved"),
        (2, "saved"),
        (3, "saved"),
    ]
    api = api_game(client, game_id, edit_key)
    assert [h["points"] for h in answer["saved"]] == [h["points"] for h in api["hands"]]
    assert answer["totals"] == api["totals"] and answer["next_number"] == api["next_number"] == 4
    assert answer["version"] > after
    # The hands as the engine read them, each with the phone it was recorded on.
    shot = snapshot(client, game_id)
    assert [h["hand"] for h in shot["hands"]] == bodies
    assert {h["offline_by"] for h in shot["hands"]} == {PHONE}
    assert stored_rows(client, "SELECT DISTINCT offline_by FROM hands") == [(PHONE,)]
    assert stored_rows(client, "SELECT DISTINCT offline_by FROM hand_revisions") == [(PHONE,)]

    # Sent again (the answer was lost on the way): nothing changes.
    again = send(client, game_id, queued(bodies, after))
    assert again.status_code == 200
    assert [h["outcome"] for h in again.get_json()["saved"]] == ["unchanged"] * 3
    assert again.get_json()["version"] == answer["version"]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_hand_another_phone_recorded_comes_back_with_both_versions(client, key):
    game_id, edit_key, players = start(client, key)
    after = snapshot(client, game_id)["version"]
    online = legal_hands(client, key, game_id, 1)[0]
    offline = another_first_hand(client, key, game_id, online)
    response = client.post(
        f"/api/games/{game_id}/hands", json=online, headers={"Authorization": f"Bearer {edit_key}"}
    )
    assert response.status_code == 201
    server_points = response.get_json()["points"]

    refused = send(client, game_id, queued([offline], after))
    assert refused.status_code == 409
    answer = refused.get_json()
    assert answer["field"] == "hands[0].number" and answer["saved"] == []
    assert (
        answer["next_number"] == 2
        and answer["totals"] == api_game(client, game_id, edit_key)["totals"]
    )
    conflict = answer["conflict"]
    assert conflict["number"] == 1 and conflict["players"] == players
    assert conflict["server"]["hand"] == online and conflict["server"]["points"] == server_points
    assert conflict["phone"]["hand"] == offline
    assert len(conflict["phone"]["points"]) == len(GAMES[key].sides)
    assert "another phone" in answer["message"]
    # Nothing was saved: hand 1 is the other phone's.
    assert api_game(client, game_id, edit_key)["hands"][0]["revision"] == 1
    assert stored_rows(client, "SELECT offline_by FROM hands") == [(None,)]

    # The table keeps this phone's version over the one it was shown: the other goes into
    # the revisions.
    item = {"number": 1, "after": after, "hand": offline, "replace": True}
    kept = send(client, game_id, [{**item, "revision": conflict["server"]["revision"]}])
    assert kept.status_code == 200, kept.get_json()
    assert kept.get_json()["saved"][0]["outcome"] == "replaced"
    assert snapshot(client, game_id)["hands"][0] == {
        "number": 1,
        "revision": 2,
        "hand": offline,
        "offline_by": PHONE,
    }
    with client.application.app_context():
        history = db.load_revisions(db.get_db(), game_id)
    assert [(r.action, r.hand, r.offline_by) for r in history] == [
        ("recorded", online, None),
        ("edited", offline, PHONE),
    ]


def test_a_replace_of_a_version_since_changed_again_is_a_conflict_again(client):
    game_id, edit_key, _players = start(client, "israeli-whist")
    after = snapshot(client, game_id)["version"]
    online = legal_hands(client, "israeli-whist", game_id, 1)[0]
    offline = another_first_hand(client, "israeli-whist", game_id, online)
    auth = {"Authorization": f"Bearer {edit_key}"}
    client.post(f"/api/games/{game_id}/hands", json=online, headers=auth)
    shown = send(client, game_id, queued([offline], after)).get_json()["conflict"]["server"]
    third = another_first_hand(client, "israeli-whist", game_id, offline)
    assert client.put(f"/api/games/{game_id}/hands/1", json=third, headers=auth).status_code == 200
    item = {"number": 1, "after": after, "hand": offline, "replace": True}
    stale = send(client, game_id, [{**item, "revision": shown["revision"]}])
    assert stale.status_code == 409
    assert stale.get_json()["field"] == "hands[0].revision"
    assert "changed on another phone" in stale.get_json()["message"]
    assert stale.get_json()["conflict"]["server"]["hand"] == third
    assert snapshot(client, game_id)["hands"][0]["hand"] == third


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_hand_the_rules_refuse_stops_the_batch_in_both_words(client, key, language):
    game_id, edit_key, players = start(client, key)
    after = snapshot(client, game_id)["version"]
    first, second = legal_hands(client, key, game_id, 2)
    bad, seat = refused_hand(key, second)
    response = send(
        client, game_id, queued([first, bad, second], after), **{"Accept-Language": language}
    )
    assert response.status_code == 422
    answer = response.get_json()
    # The hand before it was saved, the refused one and those after it were not.
    assert [h["number"] for h in answer["saved"]] == [1]
    assert answer["next_number"] == 2 == api_game(client, game_id, edit_key)["next_number"]
    assert answer["index"] == 1 and answer["number"] == 2
    # The API's words: English, the field named as the API names it.
    assert answer["field"].startswith("hands[1].hand.")
    assert all(p["field"].startswith("hands[1].hand.") for p in answer["problems"])
    assert not HEBREW.search(answer["error"])
    # The table's words, in the page's language: the player by name.
    table = plain(" ".join(answer["table"]))
    assert table and plain(answer["message"]) == table
    assert bool(HEBREW.search(table)) is (language == "he")
    if seat is not None:
        assert players[seat] in table and "[" not in table, table


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ("not json", "body"),
        ([], "body"),
        ({"hands": []}, "hands"),  # no name: the hands are saved unmarked (issue 56)
        ({"by": "  ", "hands": []}, "by"),
        ({"by": 7, "hands": []}, "by"),
        ({"by": "x" * 31, "hands": []}, "by"),
        ({"by": "Noa", "hands": {}}, "hands"),
        ({"by": "Noa", "hands": []}, "hands"),
        ({"by": "Noa", "hands": [], "extra": 1}, "extra"),
        ({"by": "Noa", "hands": [7]}, "hands[0]"),
        ({"by": "Noa", "hands": [{"after": 0, "hand": {}}]}, "hands[0].number"),
        ({"by": "Noa", "hands": [{"number": 1, "hand": {}}]}, "hands[0].after"),
        ({"by": "Noa", "hands": [{"number": 1, "after": 0}]}, "hands[0].hand"),
        ({"by": "Noa", "hands": [{"number": 0, "after": 0, "hand": {}}]}, "hands[0].number"),
        ({"by": "Noa", "hands": [{"number": 1.0, "after": 0, "hand": {}}]}, "hands[0].number"),
        ({"by": "Noa", "hands": [{"number": "١", "after": 0, "hand": {}}]}, "hands[0].number"),
        ({"by": "Noa", "hands": [{"number": True, "after": 0, "hand": {}}]}, "hands[0].number"),
        ({"by": "Noa", "hands": [{"number": 1, "after": -1, "hand": {}}]}, "hands[0].after"),
        ({"by": "Noa", "hands": [{"number": 1, "after": 99, "hand": {}}]}, "hands[0].after"),
        ({"by": "Noa", "hands": [{"number": 1, "after": 0, "hand": []}]}, "hands[0].hand"),
        (
            {"by": "Noa", "hands": [{"number": 1, "after": 0, "hand": {}, "replace": "yes"}]},
            "hands[0].replace",
        ),
        (
            {"by": "Noa", "hands": [{"number": 1, "after": 0, "hand": {}, "when": 1}]},
            "hands[0].when",
        ),
        (
            {"by": "Noa", "hands": [{"number": 1, "after": 0, "hand": {"colour": "red"}}]},
            "hands[0].hand.colour",
        ),
    ],
)
def test_a_malformed_body_is_refused_naming_the_field(client, body, field):
    game_id, edit_key, _players = start(client, "israeli-whist")
    if isinstance(body, str):
        response = client.post(
            f"/games/{game_id}/offline/hands", data=body, content_type="application/json"
        )
    else:
        response = client.post(f"/games/{game_id}/offline/hands", json=body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["field"] == field
    assert response.get_json()["error"]
    assert api_game(client, game_id, edit_key)["next_number"] == 1


def test_a_hand_past_the_next_one_is_refused_with_the_reason(client):
    game_id, edit_key, _players = start(client, "israeli-whist")
    second = legal_hands(client, "israeli-whist", game_id, 2)[1]
    response = send(client, game_id, [{"number": 2, "after": 0, "hand": second}])
    assert response.status_code == 409
    answer = response.get_json()
    assert answer["field"] == "hands[0].number" and "next hand is 1" in answer["error"]
    assert "conflict" not in answer and answer["saved"] == [] and answer["next_number"] == 1
    assert api_game(client, game_id, edit_key)["next_number"] == 1


def test_numbers_are_read_as_the_api_reads_them(client):
    game_id, edit_key, _players = start(client, "israeli-whist")
    body = legal_hands(client, "israeli-whist", game_id, 1)[0]
    after = str(snapshot(client, game_id)["version"])
    response = send(client, game_id, [{"number": "1", "after": after, "hand": body}])
    assert response.status_code == 200, response.get_json()
    assert api_game(client, game_id, edit_key)["next_number"] == 2


def test_too_many_hands_or_too_large_a_body_is_413(client):
    game_id, edit_key, _players = start(client, "israeli-whist")
    hand = {"number": 1, "after": 0, "hand": {}}
    many = send(client, game_id, [hand] * 101)
    assert many.status_code == 413
    assert many.get_json()["field"] == "hands" and "at most 100 hands" in many.get_json()["error"]
    large = client.post(
        f"/games/{game_id}/offline/hands",
        data=json.dumps({"by": "Noa", "hands": [hand], "pad": "x" * 70_000}),
        content_type="application/json",
    )
    assert large.status_code == 413
    assert large.get_json()["field"] == "body" and "64 KB" in large.get_json()["error"]
    assert api_game(client, game_id, edit_key)["next_number"] == 1


def test_a_stranger_gets_the_404_of_a_game_that_is_not_there_and_a_viewer_403(app, client):
    game_id, _edit_key, _players = start(client, "israeli-whist")
    stranger = app.test_client()
    missing = game_id + 1000
    for path in ("/games/{}/offline", "/games/{}/offline/hands"):
        method = stranger.get if path.endswith("offline") else stranger.post
        seen = method(path.format(game_id), json={"by": "Noa", "hands": []})
        none = method(path.format(missing), json={"by": "Noa", "hands": []})
        assert seen.status_code == none.status_code == 404
        assert seen.get_json()["error"].replace(str(game_id), "#") == none.get_json()[
            "error"
        ].replace(str(missing), "#")
        assert seen.get_json()["field"] == "id"
    # A member of the game's group sees the game but may not record hands in it.
    viewer = app.test_client()
    join_group(viewer, game_id)
    assert viewer.get(f"/games/{game_id}").status_code == 200
    assert viewer.get(f"/games/{game_id}/offline").status_code == 403
    assert send(viewer, game_id, queued([{}], 0)).status_code == 403


def test_the_post_needs_the_sessions_csrf_token_which_the_snapshot_gives(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    client = app.test_client()
    game_id, edit_key, _players = start(client, "israeli-whist")
    shot = snapshot(client, game_id)
    body = legal_hands(client, "israeli-whist", game_id, 1)
    without = send(client, game_id, queued(body, shot["version"]))
    assert without.status_code == 400 and without.get_json()["field"] == "csrf_token"
    wrong = send(client, game_id, queued(body, shot["version"]), **{"X-CSRFToken": "forged"})
    assert wrong.status_code == 400
    assert api_game(client, game_id, edit_key)["next_number"] == 1
    sent = send(
        client, game_id, queued(body, shot["version"]), **{"X-CSRFToken": shot["csrf_token"]}
    )
    assert sent.status_code == 200


# --- the scoreboard and the revisions say it ---------------------------------------------------


LEGEND = {
    "en": "recorded offline on {}'s phone",
    "he": "נרשמה בלי רשת בטלפון של {}",
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_scoreboard_marks_a_hand_recorded_offline_and_says_whose(client, key, language):
    game_id, edit_key, _players = start(client, key)
    first, second = legal_hands(client, key, game_id, 2)
    auth = {"Authorization": f"Bearer {edit_key}"}
    assert client.post(f"/api/games/{game_id}/hands", json=first, headers=auth).status_code == 201
    after = snapshot(client, game_id)["version"]
    assert send(client, game_id, queued([second], after, first=2)).status_code == 200
    headers = {"Accept-Language": language}

    page = client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True)
    said = LEGEND[language].format(f"<bdi>{PHONE}</bdi>")
    assert "\u2708" in row_of(page, 2) and said in row_of(page, 2)
    assert "\u2708" not in row_of(page, 1)
    legend = re.search(r'<p class="legend">.*?</p>', page, re.S).group(0)
    assert legend.count(said) == 1 and "\u2708" in legend
    assert ('dir="rtl"' in page) is (language == "he")

    revisions = client.get(f"/games/{game_id}/revisions", headers=headers).get_data(as_text=True)
    lines = re.findall(r"<li class=\"recorded\">.*?</li>", revisions, re.S)
    assert len(lines) == 2
    assert said not in lines[0] and said in lines[1]


# --- export and import -------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAME_KEYS)
def test_export_and_import_carry_offline_by_only_where_there_is_one(client, key, tmp_path):
    game_id, edit_key, _players = start(client, key)
    after = snapshot(client, game_id)["version"]
    online = legal_hands(client, key, game_id, 1)[0]
    offline = another_first_hand(client, key, game_id, online)
    auth = {"Authorization": f"Bearer {edit_key}"}
    assert client.post(f"/api/games/{game_id}/hands", json=online, headers=auth).status_code == 201
    replace = {"number": 1, "after": after, "hand": offline, "replace": True, "revision": 1}
    assert send(client, game_id, [replace]).status_code == 200

    with client.application.app_context():
        exported = transfer.export_json(db.get_db(), game_id)
    document = json.loads(exported)
    game = document["games"][0]
    assert game["hands"][0]["offline_by"] == PHONE
    assert [r.get("offline_by") for r in game["revisions"]] == [None, PHONE]
    assert "offline_by" not in game["revisions"][0]

    other = db.open_database(str(tmp_path / "other.db"))
    try:
        [(_old, new_id, _key)] = transfer.import_file(other, exported)
        again = json.loads(transfer.export_json(other, new_id))["games"][0]
        assert [h.get("offline_by") for h in again["hands"]] == [PHONE]
        assert [r.get("offline_by") for r in again["revisions"]] == [None, PHONE]
        for field in ("hands", "revisions", "totals", "status"):
            assert again[field] == game[field], field
    finally:
        other.close()


def test_a_game_recorded_online_exports_no_offline_by(client):
    game_id, edit_key, _players = start(client, "israeli-whist")
    body = legal_hands(client, "israeli-whist", game_id, 1)[0]
    client.post(
        f"/api/games/{game_id}/hands", json=body, headers={"Authorization": f"Bearer {edit_key}"}
    )
    with client.application.app_context():
        assert "offline_by" not in transfer.export_json(db.get_db(), game_id)


@pytest.mark.parametrize("value", [7, "", "x" * 31], ids=["not text", "blank", "too long"])
def test_an_import_refuses_an_offline_by_that_is_no_phones_name(client, tmp_path, value):
    game_id, edit_key, _players = start(client, "israeli-whist")
    body = legal_hands(client, "israeli-whist", game_id, 1)[0]
    client.post(
        f"/api/games/{game_id}/hands", json=body, headers={"Authorization": f"Bearer {edit_key}"}
    )
    with client.application.app_context():
        document = json.loads(transfer.export_json(db.get_db(), game_id))
    document["games"][0]["hands"][0]["offline_by"] = value
    other = db.open_database(str(tmp_path / "other.db"))
    try:
        with pytest.raises(transfer.ImportProblem) as refused:
            transfer.import_file(other, json.dumps(document))
    finally:
        other.close()
    assert refused.value.field == "offline_by" and "hand 1" in str(refused.value)


# --- migration m019 on the files of older versions ---------------------------------------------


@pytest.mark.parametrize("version", ["v1", "v2", "v3", "v4"])
def test_m019_upgrades_every_older_file_with_nothing_lost_and_no_hand_offline(tmp_path, version):
    path = tmp_path / f"{version}.db"
    shutil.copyfile(FIXTURES / f"scorekeeper-{version}.db", path)
    database = db.connect(str(path))
    try:
        migrations.apply(database, stop_before="m019_offline_hands")
        before = every_row(database)
        assert before["hands"] and before["hand_revisions"]
        # m019 alone: the migrations after it (m020 seals the tokens) change other rows.
        migrations.apply(database, stop_before="m020_tokens_sealed")
        after = every_row(database)
    finally:
        database.close()
    for table in ("hands", "hand_revisions"):
        assert {row.pop("offline_by") for row in after[table]} == {None}, table
    assert after == before
    # And the file, opened as the app opens it, serves its games with no mark.
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    with app.app_context():
        games = db.list_games(db.get_db(), None, limit=100)
        assert games
        for game in games:
            assert db.offline_hands(db.get_db(), game.id) == {}


# --- the phone's name, never asked before keeping (issue 56) ---------------------------------


def test_a_members_phone_marks_its_hands_with_its_member_name_while_it_is_one(client):
    """A phone that is a member of the game's group is named by the server (the snapshot's
    ``phone``), and the hands it sends are marked with that name whatever it says; once it
    is no member (removed, still holding the edit link), never with that name again: with
    the name its player gave, or with none."""
    key = "israeli-whist"
    game_id, _edit_key, _players = start(client, key)
    assert snapshot(client, game_id)["phone"] is None  # no member: no name the server knows
    group = join_group(client, game_id)
    with sqlite3.connect(client.application.config["DATABASE"]) as database:
        database.execute(
            "UPDATE members SET label = ? WHERE group_id = ?", ["Dana's phone", group.id]
        )
    shot = snapshot(client, game_id)
    assert shot["phone"] == "Dana's phone"
    bodies = legal_hands(client, key, game_id, 3)
    sent = client.post(
        f"/games/{game_id}/offline/hands",
        json={"by": None, "hands": queued(bodies[:1], shot["version"])},
    )
    assert sent.status_code == 200, sent.get_json()
    assert (
        send(
            client, game_id, queued(bodies[1:2], sent.get_json()["version"], 2), by="Ben"
        ).status_code
        == 200
    )
    marks = stored_rows(client, "SELECT number, offline_by FROM hands ORDER BY number")
    assert marks == [(1, "Dana's phone"), (2, "Dana's phone")]

    # Removed from the group (its edit link still held): the member's name is not its own.
    with sqlite3.connect(client.application.config["DATABASE"]) as database:
        database.execute(
            "UPDATE members SET left_at = '2026-11-27 12:00:00' WHERE group_id = ?", [group.id]
        )
    shot = snapshot(client, game_id)
    assert shot["phone"] is None
    third = client.post(
        f"/games/{game_id}/offline/hands", json={"hands": queued(bodies[2:3], shot["version"], 3)}
    )
    assert third.status_code == 200, third.get_json()
    marks = stored_rows(client, "SELECT number, offline_by FROM hands ORDER BY number")
    assert marks[2] == (3, None)
    assert "Dana's phone" not in [by for _number, by in marks[2:]]
