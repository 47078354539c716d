"""A club night's file imported into a group (issue 45): the night exported by its
``export.json`` imports into a fresh group, from the club page and the API, with the same
standings, the same hands, who signed and what is disputed, its games counted in the
group's evenings and ratings; a file refused for any reason changes nothing, naming the
field and the rule; and the import is the group's members' (a stranger, a removed member,
another group's key get nothing)."""

from __future__ import annotations

import json

import pytest

from scorekeeper import db
from scorekeeper.db import club as stored
from tests.support.club_import import (
    _counts,
    _fresh_group,
    _tampered,
    _upload,
    played,  # noqa: F401  (fixtures)
)
from tests.support.club_pages import (
    night_of,
    removed_member,
    standings_shown,
)
from tests.support.transfer.club_import import _hands, _look_alike, _rename_twice, _two_tables


def test_a_night_exported_and_imported_into_a_fresh_group_stands_and_plays_the_same(played):
    (app, client, group_id, _key), night, text = played
    exported = json.loads(text)
    assert exported["format"] == "scorekeeper-club-night" and len(exported["games"]) == 8
    fresh, fresh_id, auth = _fresh_group(app)
    answer = _upload(fresh, fresh_id, text)
    assert answer.status_code == 302, answer.get_data(as_text=True)[-800:]
    imported_night, games = night_of(app, fresh_id)
    assert imported_night.group_id == fresh_id and imported_night.series == 2
    assert standings_shown(fresh, fresh_id, imported_night.id) == standings_shown(
        client, group_id, night.id
    )
    again = json.loads(
        fresh.get(f"/groups/{fresh_id}/club/{imported_night.id}/export.json").get_data(as_text=True)
    )
    assert _hands(again) == _hands(exported)
    assert again["standings"] == exported["standings"]
    assert again["sitting_out"] == exported["sitting_out"]
    assert [t["signed_by"] for t in again["tables"]] == [t["signed_by"] for t in exported["tables"]]
    assert [(d["hand"], d["name"], d["note"]) for d in again["disputes"]] == [
        (d["hand"], d["name"], d["note"]) for d in exported["disputes"]
    ]
    # The phone that imported it organises it, and holds every table's edit key (its
    # tables are finished: none shows a code any more).
    draw = fresh.get(f"/groups/{fresh_id}/club/{imported_night.id}").get_data(as_text=True)
    assert "Settle this dispute" in draw and "disputed by" in draw
    assert 'class="club-qr"' not in draw
    edits = [fresh.get(f"/games/{t.game_id}/hands/1/edit") for t in imported_night.tables]
    assert all(answer.status_code == 200 for answer in edits)
    # Its games are the group's: in its evenings and its ratings.
    with app.app_context():
        database = db.get_db()
        ids = [t.game_id for t in imported_night.tables]
        assert all(games[i].group_id == fresh_id for i in ids)
        evenings = db.evenings_of(database, fresh_id, ids)
        assert set(evenings) == set(ids)
        rated = {row.player: row.games for row in db.ratings_table(database, fresh_id, "skat")}
        assert rated["Spieler 1"] == 2 and rated["Gast"] == 1 and rated["Spieler 5"] == 1


def test_a_night_imports_through_the_api_with_each_tables_new_key(played):
    (app, client, _group_id, _key), _night, text = played
    fresh, fresh_id, auth = _fresh_group(app)
    answer = fresh.post(
        f"/api/groups/{fresh_id}/club/import",
        data=text,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert answer.status_code == 201, answer.get_json()
    night = answer.get_json()
    assert len(night["keys"]) == len(night["tables"]) == 8
    game_id, key = night["keys"][0]["game_id"], night["keys"][0]["edit_key"]
    recorded = fresh.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {key}"})
    assert recorded.status_code == 200
    standings = fresh.get(
        f"/api/groups/{fresh_id}/club/{night['id']}/standings", headers=auth
    ).get_json()
    assert standings["standings"] == json.loads(text)["standings"]


BAD = [
    ("totals", lambda d: d["tables"][0]["totals"].__setitem__(0, 999), "totals"),
    ("game totals", lambda d: d["games"][0].__setitem__("totals", [1, 2, 3, 4]), "totals"),
    (
        "a hand's points",
        lambda d: d["games"][2]["hands"][0].__setitem__("points", [9, 9, 9]),
        "points",
    ),
    ("standings", lambda d: d["standings"][0].__setitem__("points", 10_000), "standings"),
    ("a name twice", _rename_twice, "players"),
    ("a look-alike of another player", _look_alike, "players"),
    ("a player at two tables", _two_tables, "players"),
    (
        "another game",
        lambda d: d["rules"].update(game="doppelkopf", preset="ddv", knobs={}),
        "game",
    ),
    ("another version", lambda d: d.__setitem__("version", 99), "version"),
    ("another format", lambda d: d.__setitem__("format", "scorekeeper"), "format"),
    ("a huge number", lambda d: d.__setitem__("series_drawn", 10**30), "series_drawn"),
    ("a signature of a stranger", lambda d: d["tables"][4]["signed_by"].append("Zoe"), "signed_by"),
    ("a dispute of no hand", lambda d: d["disputes"][0].__setitem__("hand", 99), "hand"),
    ("a game of no table", lambda d: d["tables"].pop(), "games"),
]


@pytest.mark.parametrize(("label", "change", "field"), BAD, ids=[b[0] for b in BAD])
def test_a_tampered_file_is_refused_naming_the_field_and_changes_nothing(
    played, label, change, field
):
    (app, _client, _group_id, _key), _night, text = played
    fresh, fresh_id, auth = _fresh_group(app)
    before = _counts(app)
    bad = _tampered(text, change)
    answer = _upload(fresh, fresh_id, bad)
    assert answer.status_code == 422, label
    page = answer.get_data(as_text=True)
    assert "Nothing was imported." in page and f"field {field}:" in page, page[-1200:]
    api = fresh.post(
        f"/api/groups/{fresh_id}/club/import",
        data=bad,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert api.status_code == 422 and api.get_json()["field"] == field, api.get_json()
    assert _counts(app) == before


def test_hostile_json_is_refused_not_a_500(club):
    app, client, group_id, key = club
    auth = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    deep = "[" * 100_000 + "]" * 100_000
    huge = '{"format": "scorekeeper-club-night", "version": 1' + ", " + '"x": ' + "9" * 5000 + "}"
    for text, field in [(deep, "json"), (huge, "x"), ("{", "json"), (b'{"a": "\x80"}', "encoding")]:
        page = _upload(client, group_id, text)
        assert page.status_code == 422 and f"field {field}:" in page.get_data(as_text=True)
        api = client.post(f"/api/groups/{group_id}/club/import", data=text, headers=auth)
        assert api.status_code == 422 and api.get_json()["field"] == field
    assert _counts(app)["club_nights"] == 0


def test_a_file_too_large_or_missing_is_refused(club):
    app, client, group_id, key = club
    big = b'{"format": "scorekeeper-club-night", "x": "' + b"a" * (5 * 1024 * 1024) + b'"}'
    answer = _upload(client, group_id, big)
    assert answer.status_code == 413 and "larger than 5 MB" in answer.get_data(as_text=True)
    api = client.post(
        f"/api/groups/{group_id}/club/import",
        data=big,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    assert api.status_code == 413 and api.get_json()["field"] == "body"
    empty = client.post(
        f"/groups/{group_id}/club/import", data={}, content_type="multipart/form-data"
    )
    assert empty.status_code == 422 and "Choose a club night" in empty.get_data(as_text=True)
    assert _counts(app)["club_nights"] == 0


def test_only_the_groups_members_import_into_it(played):
    (app, client, group_id, _key), _night, text = played
    before = _counts(app)
    stranger = app.test_client()
    assert _upload(stranger, group_id, text).status_code == 404
    removed = removed_member(app, group_id)
    assert _upload(removed, group_id, text).status_code == 404
    other, other_id, other_auth = _fresh_group(app)
    # Another group's key under this group's address, and no key at all.
    headers = {**other_auth, "Content-Type": "application/json"}
    assert (
        other.post(f"/api/groups/{group_id}/club/import", data=text, headers=headers).status_code
        == 404
    )
    assert other.post(f"/api/groups/{group_id}/club/import", data=text).status_code == 401
    assert _counts(app) == before
    with app.app_context():
        assert stored.group_nights(db.get_db(), other_id) == []
