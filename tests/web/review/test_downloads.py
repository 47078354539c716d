"""A group's export and import (issue 21): the whole group as one streamed file, JSON or
CSV, with exactly its own games and no hand cap; the old export of everything closed to a
stranger; imports into a group, by its members only."""

from __future__ import annotations

import csv
import dataclasses
import io
import json

import pytest

from scorekeeper import db, transfer
from scorekeeper.transfer.formats import json_chunks
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.israeli_whist_import_iws import FIXTURE
from tests.support.stored import join

HANDS = 50
COPIES = 110  # 111 games of 50 hands: 5,550 hands, more than the 5,000 an export once held


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


def played_game(client, players=SEAT_NAMES, hands=2, group=None):
    """A game of ``hands`` worked-example hands (in ``group``, a POST /api/groups answer,
    or a group of its own); its creation answer."""
    body = {"players": players, "rules": "pagat-german", "target": 100_000, "first_dealer": 0}
    headers = {}
    if group is not None:
        body["group"] = group["id"]
        headers = bearer(group["key"])
    made = client.post("/api/games", json=body, headers=headers).get_json()
    for _ in range(hands):
        response = client.post(
            f"/api/games/{made['id']}/hands", json=WORKED_EXAMPLE, headers=bearer(made["edit_key"])
        )
        assert response.status_code == 201, response.get_json()
    return made


def group_of(app, game_id):
    with app.app_context():
        return db.load_game(db.get_db(), game_id).group_id


@pytest.fixture
def big_group(app, client):
    """A group of 111 games of 50 hands (copies imported through the data layer), the
    client its member, beside another group's game. Returns (group id, its game ids, the
    other game's id)."""
    first = played_game(client, hands=HANDS)
    group_id = group_of(app, first["id"])
    with app.app_context():
        database = db.get_db()
        (game,) = transfer.read_file(transfer.export_json(database, first["id"]))
        copies = [dataclasses.replace(game, id=None) for _ in range(COPIES)]
        stored = db.import_games(database, copies, group_id)
    other = played_game(client, players=["Zed", "Yael", "Xena", "Walt"])
    join(client, group_id)
    return group_id, [first["id"], *(game_id for game_id, _key in stored)], other["id"]


def test_a_group_s_json_export_is_one_file_of_its_games_without_a_cap(client, big_group):
    group_id, ids, other = big_group
    response = client.get(f"/groups/{group_id}/export.json")
    assert response.status_code == 200 and response.is_streamed
    assert response.mimetype == "application/json"
    assert response.headers["Cache-Control"] == "private, no-store"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="scorekeeper-group-{group_id}.json"'
    )
    chunks = list(response.response)
    assert len(chunks) > len(ids)  # streamed a game at a time
    document = json.loads(b"".join(chunks))
    assert [game["id"] for game in document["games"]] == ids
    assert sum(len(game["hands"]) for game in document["games"]) == HANDS * len(ids) > 5_000
    assert other not in {game["id"] for game in document["games"]}
    assert "Zed" not in b"".join(chunks).decode()


def test_a_group_s_csv_export_is_one_file_of_its_games(client, big_group):
    group_id, ids, _other = big_group
    response = client.get(f"/groups/{group_id}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == 4 * HANDS * len(ids)
    assert {int(row["game"]) for row in rows} == set(ids)
    assert {row["player"] for row in rows} == set(SEAT_NAMES)


def test_a_group_s_export_is_the_same_read_in_batches(app, big_group):
    group_id, ids, _other = big_group
    with app.app_context():
        database = db.get_db()
        whole = list(db.iter_games(database, group_id=group_id))
        batched = list(transfer.group_games(database, group_id, batch_hands=120))
        assert [g.game.id for g in batched] == ids
        assert batched == whole
        text = "".join(transfer.group_export_chunks(database, "json", group_id))
        assert text == "".join(json_chunks(whole))


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_a_group_s_export_is_404_to_anyone_but_its_members(client, app, file_format):
    a = played_game(client)
    b = played_game(client, players=["Zed", "Yael", "Xena", "Walt"])
    group_a, group_b = group_of(app, a["id"]), group_of(app, b["id"])
    stranger = app.test_client()
    assert stranger.get(f"/groups/{group_a}/export.{file_format}").status_code == 404
    assert stranger.get(f"/groups/999/export.{file_format}").status_code == 404
    member_of_b = app.test_client()
    join(member_of_b, group_b)
    assert member_of_b.get(f"/groups/{group_a}/export.{file_format}").status_code == 404
    assert member_of_b.get(f"/groups/{group_b}/export.{file_format}").status_code == 200


def test_a_proof_for_another_group_or_a_forged_one_is_no_membership(client, app):
    a = played_game(client)
    b = played_game(client)
    group_a, group_b = group_of(app, a["id"]), group_of(app, b["id"])
    forger = app.test_client()
    join(forger, group_b)
    with forger.session_transaction() as session:
        proofs = session["groups"]
        session["groups"] = {str(group_a): proofs[str(group_b)], "x": "y", "1" * 40: "z"}
    assert forger.get(f"/groups/{group_a}/export.json").status_code == 404
    with forger.session_transaction() as session:
        session["groups"] = "not a mapping"
    assert forger.get(f"/groups/{group_a}/export.json").status_code == 404


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_the_old_whole_export_is_404_to_a_stranger(client, app, file_format):
    played_game(client)
    stranger = app.test_client()
    for query in ("", "?first=1&last=9"):
        response = stranger.get(f"/export.{file_format}{query}")
        assert response.status_code == 404
        assert "South" not in response.get_data(as_text=True)


def test_the_old_whole_export_sends_a_member_of_one_group_to_its_export(client, app):
    a, b = played_game(client), played_game(client)
    member = app.test_client()
    join(member, group_of(app, a["id"]))
    response = member.get("/export.json")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/groups/{group_of(app, a['id'])}/export.json"
    join(member, group_of(app, b["id"]))  # a member of two groups: which one is not said
    assert member.get("/export.csv").status_code == 404


# --- import -------------------------------------------------------------------------------


def upload(client, path, data: bytes):
    return client.post(
        path,
        data={"file": (io.BytesIO(data), "games.json"), "submit": "1"},
        content_type="multipart/form-data",
    )


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
