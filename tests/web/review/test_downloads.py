"""Downloads (``web/review/downloads.py``; issue 21): a group's export as one streamed file,
JSON or CSV, with exactly its own games and no hand cap; the old export of everything closed
to a stranger; a game's own export and unknown games and formats. Imports into a group are
test_imports.py's."""

from __future__ import annotations

import csv
import dataclasses
import io
import json

import pytest

from scorekeeper import db, transfer
from scorekeeper.transfer.formats import json_chunks
from tests.support.app import SEAT_NAMES
from tests.support.review import (
    played,  # noqa: F401  (fixtures)
    text_of,
)
from tests.support.stored import join, one_group
from tests.support.web.review.shared import group_of, played_game

HANDS = 50
COPIES = 110  # 111 games of 50 hands: 5,550 hands, more than the 5,000 an export once held


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


def test_export_downloads(client, played):
    one = client.get(f"/games/{played[0]}/export.csv")
    assert one.status_code == 200 and one.mimetype == "text/csv"
    assert "attachment" in one.headers["Content-Disposition"]
    assert len(one.get_data(as_text=True).splitlines()) == 1 + 6 * 4
    group_id = one_group(client, played[0], played[2])
    every = client.get(f"/groups/{group_id}/export.json")
    assert every.mimetype == "application/json"
    assert [g["id"] for g in json.loads(every.data)["games"]] == [played[0], played[2]]
    every_csv = client.get(f"/groups/{group_id}/export.csv").get_data(as_text=True)
    assert len(every_csv.splitlines()) == 1 + 7 * 4


@pytest.mark.parametrize(
    "path",
    [
        "/games/999/export.json",
        "/games/1/export.xml",
        "/games/99999999999999999999999/export.csv",
        "/games/999/stats",
        "/games/999/print",
        "/games/999/details",
        "/export.xml",
    ],
)
def test_unknown_games_and_formats_are_not_found(client, played, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Traceback" not in text_of(response)
