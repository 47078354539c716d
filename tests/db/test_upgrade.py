"""A database written by an earlier version opens with nothing lost.

``tests/fixtures/scorekeeper-v1.db`` was written by the code of commit 188e5d6, and the
JSON and CSV beside it are that code's exports of it (see ``make_v1_fixture.py``). Today's
code must migrate a copy of the file in place and export every value the old code did:
new keys and new columns may appear, nothing may change or go missing.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import db as storage
from scorekeeper import transfer
from scorekeeper.db import sealing
from scorekeeper.engine.registry import get_game
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group
from tests.support.db.upgrade import FIXTURES, V4_JSON, assert_same_csv, full_dump, v4_csv_now
from tests.support.groups_db import kept_names, recounted
from tests.support.plain_form import in_plain_form
from tests.support.shared import plain_csv
from tests.support.stored import viewed
from tests.support.upgrade import FIXTURES, V4_DB, V4_KEYS, contains, migrated_copy

OLD_DB = FIXTURES / "scorekeeper-v1.db"
OLD_JSON = FIXTURES / "scorekeeper-v1-export.json"
OLD_CSV = FIXTURES / "scorekeeper-v1-export.csv"


@pytest.fixture
def upgraded(tmp_path) -> Path:
    """A copy of the old file, opened (and so migrated) by today's code."""
    return migrated_copy(OLD_DB, tmp_path / "old.db")


def test_the_comparison_notices_a_lost_or_changed_value():
    old = {"games": [{"totals": [1, 2], "name": "x"}]}
    assert contains(old, {"games": [{"totals": [1, 2], "name": "x", "game": "new"}]}) == []
    assert contains(old, {"games": [{"totals": [1, 3], "name": "x"}]})
    assert contains(old, {"games": [{"totals": [1, 2]}]})
    assert contains(old, {"games": [{"totals": [1.0, 2], "name": "x"}]})


def test_an_old_database_exports_every_value_it_held(upgraded):
    database = storage.connect(str(upgraded))
    try:
        new = json.loads(transfer.export_json(database))
    finally:
        database.close()
    old = json.loads(OLD_JSON.read_text(encoding="utf-8"))
    assert new["format"] == old["format"]
    assert len(old["games"]) == 4
    assert contains(in_plain_form(old["games"]), new["games"]) == []


def test_an_old_database_exports_the_same_csv_columns(upgraded):
    assert_same_csv(upgraded, OLD_CSV)


def test_an_old_database_serves_its_pages(tmp_path):
    path = tmp_path / "old.db"
    shutil.copyfile(OLD_DB, path)
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    client = app.test_client()
    join_group(client, game_id=1)  # every game is in "Our table" now
    for url in ("/", "/history", "/games/1", "/games/2", "/games/3", "/games/4", "/players"):
        response = client.get(url, headers={"Accept-Language": "en"}, follow_redirects=True)
        assert response.status_code == 200, url
    assert "נועה" in client.get("/games/1").get_data(as_text=True)
    game = client.get(viewed(client, 2)).get_json()
    assert game["status"] == "finished" and game["winner"] == 0


# --- v2: written by the code before games had a key and hands a stored record ----------

V2_DB = FIXTURES / "scorekeeper-v2.db"
V2_JSON = FIXTURES / "scorekeeper-v2-export.json"
V2_CSV = FIXTURES / "scorekeeper-v2-export.csv"


@pytest.fixture
def upgraded_v2(tmp_path) -> Path:
    return migrated_copy(V2_DB, tmp_path / "v2.db")


def test_the_v2_fixture_predates_the_game_key_and_the_stored_record():
    columns = {
        table: [row[1] for row in sqlite3.connect(V2_DB).execute(f"PRAGMA table_info({table})")]
        for table in ("games", "hands")
    }
    assert "game" not in columns["games"] and "record" not in columns["hands"]


def test_a_v2_database_exports_every_value_it_held(upgraded_v2):
    database = storage.connect(str(upgraded_v2))
    try:
        new = json.loads(transfer.export_json(database))
    finally:
        database.close()
    old = json.loads(V2_JSON.read_text(encoding="utf-8"))
    assert len(old["games"]) == 8
    assert contains(in_plain_form(old["games"]), new["games"]) == []
    assert {game["game"] for game in new["games"]} == {"israeli-whist"}


def test_a_v2_database_exports_the_same_csv(upgraded_v2):
    assert_same_csv(upgraded_v2, V2_CSV)


def test_a_v2_database_keeps_every_hand_in_its_record(upgraded_v2):
    """The columns every game shares hold what they held; what Israeli Whist's own flat
    columns held (m031 drops them) is every hand's record: its declarer and bid, each
    seat's contract, tricks and revokes, and its Frisch rounds (a deal thrown in's too)."""
    before = sqlite3.connect(V2_DB)
    after = sqlite3.connect(upgraded_v2)
    kept = "h.game_id, h.number, h.dealer, h.thrown_in, h.revision, h.created_at, "
    kept += "s.seat, s.points, s.total"
    sql = f"SELECT {kept} FROM hands h JOIN hand_seats s ON s.hand_id = h.id ORDER BY 1, 2, 7"
    assert after.execute(sql).fetchall() == before.execute(sql).fetchall()
    gone = {row[1] for row in after.execute("PRAGMA table_info(hands)")}
    gone |= {row[1] for row in after.execute("PRAGMA table_info(hand_seats)")}
    assert not gone & {"frisch_rounds", "declarer", "bid", "contract", "tricks", "revokes"}
    rounds = "SELECT game_id, number, frisch_rounds FROM hands ORDER BY 1, 2"
    recorded = "SELECT game_id, number, coalesce(json_extract(record, '$.frisch_rounds'), 0) "
    recorded += "FROM hands ORDER BY 1, 2"
    assert after.execute(recorded).fetchall() == before.execute(rounds).fetchall()
    old = "SELECT h.game_id, h.number, h.declarer, h.bid, s.seat, s.contract, s.tricks, "
    old += "s.revokes FROM hands h JOIN hand_seats s ON s.hand_id = h.id WHERE h.thrown_in = 0 "
    old += "ORDER BY 1, 2, 5"
    record = "SELECT h.game_id, h.number, json_extract(h.record, '$.declarer'), "
    record += "json_extract(h.record, '$.bid'), s.seat, "
    record += "json_extract(h.record, '$.contracts[' || s.seat || ']'), "
    record += "json_extract(h.record, '$.tricks[' || s.seat || ']'), "
    record += "coalesce(json_extract(h.record, '$.revokes[' || s.seat || ']'), 0) "
    record += "FROM hands h JOIN hand_seats s ON s.hand_id = h.id WHERE h.thrown_in = 0 "
    record += "ORDER BY 1, 2, 5"
    assert after.execute(record).fetchall() == before.execute(old).fetchall()
    records = after.execute("SELECT record FROM hands WHERE record IS NULL").fetchall()
    assert records == []
    mismatched = after.execute(
        "SELECT h.game_id, h.number FROM hands h WHERE json(h.record) != json(("
        "SELECT r.hand FROM hand_revisions r WHERE r.game_id = h.game_id "
        "AND r.number = h.number AND r.revision = h.revision))"
    ).fetchall()
    assert mismatched == []


def test_a_v2_database_serves_its_pages_and_takes_a_new_hand(tmp_path):
    path = tmp_path / "v2.db"
    shutil.copyfile(V2_DB, path)
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    client = app.test_client()
    join_group(client, game_id=1)  # every game is in "Our table" now
    for game_id in range(1, 9):
        response = client.get(f"/games/{game_id}", headers={"Accept-Language": "en"})
        assert response.status_code == 200, game_id
    assert "נועה" in client.get("/games/1").get_data(as_text=True)
    assert client.get(viewed(client, 6)).get_json()["winner"] == 0
    with app.app_context():
        key = storage.replace_edit_key(storage.get_db(), 3)
    before = client.get(viewed(client, 3)).get_json()
    response = client.post(
        "/api/games/3/hands",
        json={
            "declarer": 0,
            "bid": "5D",
            "contracts": [5, 3, 3, 3],
            "tricks": [5, 3, 3, 2],
            "revokes": [0, 0, 0, 0],
        },
        headers={"Authorization": f"Bearer {key}"},
    )
    assert response.status_code == 201, response.get_json()
    after = client.get(viewed(client, 3)).get_json()
    assert len(after["hands"]) == len(before["hands"]) + 1 == 3
    stored = (
        sqlite3.connect(path)
        .execute(
            "SELECT g.game, h.record FROM games g JOIN hands h ON h.game_id = g.id "
            "WHERE g.id = 3 AND h.number = 3"
        )
        .fetchone()
    )
    assert stored[0] == "israeli-whist"
    assert json.loads(stored[1]) == {  # the plain schema's form (issue 55)
        "thrown_in": False,
        "declarer": 0,
        "bid": "5D",
        "contracts": [5, 3, 3, 3],
        "tricks": [5, 3, 3, 2],
    }


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "v2.db"
    shutil.copyfile(V2_DB, path)
    before = full_dump(path)
    original = path.read_bytes()

    def m999_fails(db):
        db["games"].add_column("half_done", str)
        raise RuntimeError("disk on fire")

    schema = storage.migrations
    failing = schema._Migration("m999_fails", m999_fails)
    monkeypatch.setattr(schema, "_migrations", [*schema._migrations, failing])
    with pytest.raises(RuntimeError, match="disk on fire"):
        storage.migrate(str(path))
    assert full_dump(path) == before
    assert path.read_bytes() == original
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


# --- v3: written by the code before starting totals (Bid Whist, "finish now", issue 11) ----

V3_DB = FIXTURES / "scorekeeper-v3.db"
V3_JSON = FIXTURES / "scorekeeper-v3-export.json"
V3_CSV = FIXTURES / "scorekeeper-v3-export.csv"


@pytest.fixture
def upgraded_v3(tmp_path) -> Path:
    return migrated_copy(V3_DB, tmp_path / "v3.db")


def test_the_v3_fixture_predates_starting_totals():
    columns = [row[1] for row in sqlite3.connect(V3_DB).execute("PRAGMA table_info(games)")]
    assert "finished_after" in columns and "starting_totals" not in columns


def test_a_v3_database_exports_every_value_it_held(upgraded_v3):
    database = storage.connect(str(upgraded_v3))
    try:
        new = json.loads(transfer.export_json(database))
    finally:
        database.close()
    old = json.loads(V3_JSON.read_text(encoding="utf-8"))
    assert [g["game"] for g in old["games"]] == ["israeli-whist"] * 2 + ["bid-whist"] * 2
    assert contains(in_plain_form(old["games"]), new["games"]) == []
    assert all("starting_totals" not in game for game in new["games"])


def test_a_v3_database_exports_the_same_csv(upgraded_v3):
    """Israeli Whist's rows are as they were. Bid Whist's rows were written under Israeli
    Whist's columns (issue 18, item 3): they keep every shared value and the bid, the
    bidder moves from ``declarer`` to ``bidder``, and Israeli Whist's columns are empty."""
    database = storage.connect(str(upgraded_v3))
    try:
        new_rows = list(csv.DictReader(io.StringIO(transfer.export_csv(database))))
    finally:
        database.close()
    old_rows = list(csv.DictReader(io.StringIO(plain_csv(V3_CSV.read_text(encoding="utf-8")))))
    assert len(new_rows) == len(old_rows) == 32
    israeli_only = ("declarer", "frisch_rounds", "over_under", "contract", "tricks", "revokes")
    israeli_only += ("contract_points", "revoke_penalty")
    for old_row, new_row in zip(old_rows, new_rows, strict=True):
        if old_row["game"] in ("1", "2"):
            assert {k: new_row[k] for k in old_row} == old_row
            continue
        assert {k: new_row[k] for k in old_row if k not in israeli_only} == {
            k: v for k, v in old_row.items() if k not in israeli_only
        }
        assert new_row["bidder"] == old_row["declarer"]
        assert [new_row[k] for k in israeli_only] == [""] * len(israeli_only)


def test_a_v3_database_serves_both_games_and_takes_new_hands(tmp_path, upgraded_v3):
    app = create_app(app_config(tmp_path, DATABASE=str(upgraded_v3)))
    client = app.test_client()
    join_group(client, game_id=1)  # every game is in "Our table" now
    for url in ("/", "/history", "/players", "/games/3/stats", "/games/3/print"):
        assert client.get(url, follow_redirects=True).status_code == 200, url
    for game_id in (1, 2, 3, 4):
        assert client.get(f"/games/{game_id}").status_code == 200
    finished = client.get(viewed(client, 3)).get_json()
    assert (finished["status"], finished["winner"], finished["finished_after"]) == (
        "finished",
        0,
        3,
    )
    assert finished["starting_totals"] == [0, 0]
    # The edit keys were not kept in the export: a new one is set through the database.
    database = storage.connect(str(upgraded_v3))
    try:
        key = storage.replace_edit_key(database, 4)
    finally:
        database.close()
    auth = {"Authorization": f"Bearer {key}"}
    body = {"bidder": 1, "bid": "4NT", "direction": "high", "books": 10}
    saved = client.post("/api/games/4/hands", json=body, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    assert client.get(viewed(client, 4)).get_json()["totals"] == [7, 8]


# --- v4: written by the code before private groups (issue 21) ------------------------------

V4_CSV = FIXTURES / "scorekeeper-v4-export.csv"


@pytest.fixture
def upgraded_v4(tmp_path) -> Path:
    return migrated_copy(V4_DB, tmp_path / "v4.db")


def test_the_v4_fixture_predates_groups_and_holds_every_game():
    old = sqlite3.connect(V4_DB)
    try:
        columns = [row[1] for row in old.execute("PRAGMA table_info(games)")]
        tables = {row[0] for row in old.execute("SELECT name FROM sqlite_master")}
    finally:
        old.close()
    assert "starting_totals" in columns and "group_id" not in columns
    assert "groups" not in tables
    games = json.loads(V4_JSON.read_text(encoding="utf-8"))["games"]
    assert {g["game"] for g in games} == {
        "israeli-whist",
        "bid-whist",
        "spades",
        "oh-hell",
        "any-game",
    }


def test_a_v4_database_exports_exactly_what_it_did(upgraded_v4):
    """Groups change no export: the CSV is the old code's, byte for byte, and so is the
    JSON but for what a game gained since (Hearts' ``moon``): a knob at its default, and a
    hand's result that is null."""
    database = storage.connect(str(upgraded_v4))
    try:
        new_json = transfer.export_json(database)
        new_csv = transfer.export_csv(database)
    finally:
        database.close()
    assert new_csv == plain_csv(v4_csv_now(V4_CSV.read_bytes().decode("utf-8")))
    old, new = json.loads(V4_JSON.read_text(encoding="utf-8")), json.loads(new_json)
    in_plain_form(old["games"])
    for old_game, new_game in zip(old["games"], new["games"], strict=True):
        gained = set(new_game["settings"]) - set(old_game["settings"])
        defaults = get_game(new_game["game"]).presets[new_game["rules"]].to_dict()
        assert {k: new_game["settings"][k] for k in gained} == {k: defaults[k] for k in gained}
        for knob in gained:
            del new_game["settings"][knob]
        # A result a game gained since (a round's moon) is null on every old hand; a Bid
        # Whist hand played says so since the plain schema (issue 55).
        for old_hand, new_hand in zip(old_game["hands"], new_game["hands"], strict=True):
            for key in set(new_hand) - set(old_hand):
                gained = new_game["game"] == "bid-whist" and key == "thrown_in"
                assert new_hand.pop(key) is (False if gained else None), key
    assert new == old


def test_a_v4_database_moves_every_game_into_one_group_our_table(upgraded_v4):
    database = storage.connect(str(upgraded_v4))
    try:
        groups = storage.list_groups(database)
        games = storage.list_games(database, limit=100)
        tokens = [game.view_token for game in games]
        assert len(groups) == 1
        group = groups[0]
        assert group.name is None  # shown as "Our table", translated, until renamed
        assert group.member_epoch == 1 and group.created_at
        assert len(group.invite) >= 22 and storage.group_by_invite(database, group.invite)
        assert len(games) == 6 and {game.group_id for game in games} == {group.id}
        assert storage.list_games(database, group_id=group.id, limit=100) == games
        assert len(set(tokens)) == len(tokens)
        for game in games:
            raw = base64.urlsafe_b64decode(game.view_token + "=" * (-len(game.view_token) % 4))
            assert len(raw) * 8 >= 128
            assert storage.game_by_view_token(database, game.view_token) == game
        # Nobody knows the group's key until the server's owner makes one.
        assert not any(
            storage.group_key_matches(group, secret)
            for secret in (group.invite, *tokens, "", group.key_hash)
        )
        key = storage.replace_group_key(database, group.id)
        assert storage.group_key_matches(storage.load_group(database, group.id), key)
    finally:
        database.close()


def test_a_v4_database_keeps_its_old_edit_keys(upgraded_v4, tmp_path):
    keys = json.loads(V4_KEYS.read_text(encoding="utf-8"))
    database = storage.connect(str(upgraded_v4))
    try:
        for game_id, key in keys.items():
            game = storage.load_game(database, int(game_id))
            assert storage.key_matches(game, key), game_id
            assert not storage.key_matches(game, keys[str(int(game_id) % 6 + 1)])
    finally:
        database.close()
    # and the old edit link still records a hand
    app = create_app(app_config(tmp_path, DATABASE=str(upgraded_v4)))
    client = app.test_client()
    before = client.get(viewed(client, 1)).get_json()
    auth = {"Authorization": f"Bearer {keys['1']}"}
    body = {
        "declarer": 0,
        "bid": "5D",
        "frisch_rounds": 0,
        "contracts": [5, 3, 3, 3],
        "tricks": [5, 3, 3, 2],
        "revokes": [0, 0, 0, 0],
    }
    saved = client.post("/api/games/1/hands", json=body, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    assert len(client.get(viewed(client, 1)).get_json()["hands"]) == len(before["hands"]) + 1
    refused = client.post("/api/games/1/hands", json=body, headers={"Authorization": "Bearer x"})
    assert refused.status_code == 404  # this request may not read the game (issue 29)


def test_a_v4_database_serves_its_games_and_a_new_one_goes_into_a_new_group(tmp_path, upgraded_v4):
    app = create_app(app_config(tmp_path, DATABASE=str(upgraded_v4)))
    client = app.test_client()
    join_group(client, game_id=1)  # every game is in "Our table" now
    for url in ("/", "/history", "/players", "/games/4/stats", "/games/4/print"):
        assert client.get(url, follow_redirects=True).status_code == 200, url
    for game_id in range(1, 7):
        assert client.get(f"/games/{game_id}").status_code == 200, game_id
    created = client.post(
        "/api/games", json={"players": ["Ann", "Bob", "Cat", "Dan"], "rules": "standard"}
    )
    assert created.status_code == 201
    database = storage.connect(str(upgraded_v4))
    try:
        groups = storage.list_groups(database)
        new = storage.load_game(database, created.get_json()["id"])
        assert len(groups) == 2 and new.group_id == groups[1].id != groups[0].id
    finally:
        database.close()


def test_the_groups_migration_is_one_transaction(tmp_path, monkeypatch):
    """m011 fails after it made the group and moved the games: the file is as it was."""
    path = tmp_path / "v4.db"
    shutil.copyfile(V4_DB, path)
    before = full_dump(path)
    schema = storage.migrations
    groups_migration = next(m for m in schema._migrations if m.name == "m011_groups")

    def m011_fails(db):
        groups_migration.fn(db)
        assert db.execute("SELECT count(*) FROM groups").fetchone()[0] == 1
        raise RuntimeError("power cut")

    monkeypatch.setattr(
        schema,
        "_migrations",
        [
            m if m.name != "m011_groups" else schema._Migration("m011_groups", m011_fails)
            for m in schema._migrations
        ],
    )
    with pytest.raises(RuntimeError, match="power cut"):
        storage.migrate(str(path))
    assert full_dump(path) == before
    monkeypatch.undo()
    storage.migrate(str(path)).close()
    assert len(full_dump(path)) > len(before)


def test_a_new_database_gets_no_group_until_a_game_is_started(tmp_path):
    database = storage.migrate(str(tmp_path / "new.db"))
    try:
        assert storage.list_groups(database) == []
        columns = {row[1]: row for row in database.execute("PRAGMA table_info(games)")}
        assert columns["group_id"][3] == 1 and columns["view_hash"][3] == 1  # NOT NULL
    finally:
        database.close()


def test_a_v4_database_keeps_its_names_per_group(upgraded_v4):
    """m012 fills ``group_names`` from every seat the file held, first seats and seat
    changes, so the name suggestions and the players' index have them all."""
    database = storage.connect(str(upgraded_v4))
    try:
        kept = kept_names(database)
        assert kept and kept == recounted(database)
        (group,) = storage.list_groups(database)
        old = sqlite3.connect(V4_DB)
        try:
            seated = {row[0] for row in old.execute("SELECT name FROM players")}
            seated |= {row[0] for row in old.execute("SELECT name FROM seat_changes")}
        finally:
            old.close()
        assert set(storage.player_names(database, group.id)) == seated
    finally:
        database.close()


def test_a_v4_database_finds_every_seat_by_its_group(upgraded_v4):
    """m016 gives every seat and seat change the group of its game, and indexes them group
    first, so a player's page in the group finds every game the name sat in."""
    database = storage.connect(str(upgraded_v4))
    try:
        (group,) = storage.list_groups(database)
        old = sqlite3.connect(V4_DB)
        try:
            seats = {
                (table, *row)
                for table in ("players", "seat_changes")
                for row in old.execute(f"SELECT game_id, seat, name FROM {table}")
            }
            seated = {name for *_, name in seats}
            changes = old.execute("SELECT count(*) FROM seat_changes").fetchone()[0]
        finally:
            old.close()
        kept = {
            (table, *row)
            for table in ("players", "seat_changes")
            for row in database.execute(f"SELECT game_id, seat, name, group_id FROM {table}")
        }
        assert changes and {row[:-1] for row in kept} == seats
        assert {row[-1] for row in kept} == {group.id}
        indexes = {row[1] for row in database.execute("SELECT * FROM sqlite_master")}
        assert {"idx_players_group_name", "idx_seat_changes_group_name"} <= indexes
        for name in seated:
            everywhere = storage.player_record(database, name)
            assert (
                everywhere.games and storage.player_record(database, name, group.id) == everywhere
            )
    finally:
        database.close()


def test_a_v4_database_lists_its_groups_games_of_a_status_by_index(upgraded_v4):
    """m018 indexes games by group, status and id: a group's page lists its games in
    progress and its finished ones (the same games as the old file holds) by seeking
    them, never by walking the group's games; and the presets its ratings cover are kept
    as it is rated."""
    old = sqlite3.connect(V4_DB)
    try:
        by_status = {
            status: [
                row[0]
                for row in old.execute(
                    "SELECT id FROM games WHERE status = ? ORDER BY id DESC", [status]
                )
            ]
            for status in ("in_progress", "finished")
        }
    finally:
        old.close()
    assert all(by_status.values())
    database = storage.connect(str(upgraded_v4))
    try:
        (group,) = storage.list_groups(database)
        statements: list[str] = []
        database.conn.set_trace_callback(statements.append)
        for status, ids in by_status.items():
            listed = storage.list_games(database, status, limit=len(ids) + 1, group_id=group.id)
            assert [game.id for game in listed] == ids
        database.conn.set_trace_callback(None)
        plans = [
            " ".join(row[3] for row in database.execute(f"EXPLAIN QUERY PLAN {sql}"))
            for sql in statements
            if sql.startswith("SELECT")
        ]
        assert len(plans) == 2
        for plan in plans:
            assert "idx_games_group_status (group_id=? AND status=? AND id<?)" in plan, plan
        # The presets each kind's ratings cover, kept by m018, are every rating's.
        for kind in storage.rated_kinds(database, group.id):
            by_rating = [
                row[0]
                for row in database.execute(
                    "SELECT g.rules, MIN(h.position) AS first FROM rating_history h "
                    "JOIN games g ON g.id = h.game_id WHERE h.group_id = ? AND h.game = ? "
                    "GROUP BY g.rules ORDER BY first",
                    [group.id, kind],
                )
            ]
            assert by_rating and storage.rated_presets(database, group.id, kind) == by_rating
    finally:
        database.close()


def test_a_v4_database_keeps_every_edit_view_and_invite_link_over_the_real_server(
    tmp_path, upgraded_v4
):
    """After the upgrade to phones and memberships kept on the server (m015, issue 29),
    every old edit link still records, every view link still shows its game, and the
    group's invite link still makes a phone a member."""
    from tests.support.groups_privacy import Browser
    from tests.support.live import serving

    keys = json.loads(V4_KEYS.read_text(encoding="utf-8"))
    shutil.copyfile(upgraded_v4, tmp_path / "scorekeeper.db")
    # The database moves with its secret, or its links open nothing (issue 42).
    shutil.copytree(
        sealing.secret_file(upgraded_v4).parent,
        sealing.secret_file(tmp_path / "scorekeeper.db").parent,
    )
    database = storage.connect(str(tmp_path / "scorekeeper.db"))
    try:
        tokens = {int(g): storage.load_game(database, int(g)).view_token for g in keys}
        (group,) = storage.list_groups(database)
    finally:
        database.close()
    with serving(tmp_path) as base:
        for game_id, key in keys.items():
            editor = Browser(base)
            assert editor.get(f"/games/{game_id}/edit/{key}")[0] == 200, game_id
            # The phone now holds the key: the edit link's own page opens for it alone.
            assert editor.get(f"/games/{game_id}/share/edit")[0] == 200, game_id
            viewer = Browser(base)
            assert viewer.get(f"/view/{tokens[int(game_id)]}")[0] == 200, game_id
            assert viewer.get(f"/games/{game_id}")[0] == 200
            assert viewer.get(f"/games/{int(game_id) % 6 + 1}")[0] == 404
        phone = Browser(base)
        status, page = phone.post_form(f"/join/{group.invite}", {"label": "Noa"})
        assert status == 200 and f"/groups/{group.id}" in page
        for game_id in keys:
            assert phone.get(f"/games/{game_id}")[0] == 200
        assert "Noa" in phone.get(f"/groups/{group.id}/members")[1]
