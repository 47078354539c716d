"""The data layer: migrations, one transaction per hand, revisions, derived totals."""

import json
import sqlite3

import pytest

from scorekeeper import db, game_play
from scorekeeper.engine.israeli_whist import PRESETS, RuleSettings
from tests.games.israeli_whist.worked import WORKED_EXAMPLE, WORKED_POINTS
from tests.support.app import game_in_new_group
from tests.support.db.db import worked
from tests.support.shared import PAGAT


@pytest.fixture
def database(tmp_path):
    database = db.migrate(str(tmp_path / "t.db"))
    yield database
    database.close()


@pytest.fixture
def game_id(database):
    game_id, _ = game_in_new_group(
        database,
        ["S", "W", "N", "E"],
        "pagat-german",
        PAGAT,
        0,
    )
    return game_id


def test_migrations_create_the_documented_tables_once(tmp_path):
    path = str(tmp_path / "t.db")
    first = db.migrate(path)
    assert {"games", "players", "hands", "hand_seats", "hand_revisions"} <= set(first.table_names())
    applied = [m.name for m in db.migrations.applied(first)]
    first.close()
    again = db.migrate(path)
    assert [m.name for m in db.migrations.applied(again)] == applied
    assert again.journal_mode == "wal"
    again.close()


def test_connections_enforce_foreign_keys(database):
    assert database.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    with pytest.raises(sqlite3.IntegrityError):
        database.execute("INSERT INTO players (game_id, seat, name, total) VALUES (999, 0, 'x', 0)")


def test_hands_are_unique_per_game_and_number(database):
    indexes = {tuple(i.columns): i.unique for i in database["hands"].indexes}
    assert indexes[("game_id", "number")]


def test_a_game_stores_full_settings_and_only_a_hash_of_its_key(database):
    settings = PAGAT.with_changes({"miss_step": 5, "target": 300})
    game_id, key = game_in_new_group(
        database,
        ["a", "b", "c", "d"],
        "pagat-german",
        settings,
        2,
    )
    row = database["games"].get(game_id)
    assert RuleSettings.from_json(row["settings"]) == settings
    assert key not in json.dumps(row)
    assert len(key) >= 22  # >= 128 random bits, URL-safe
    game = db.load_game(database, game_id)
    assert db.key_matches(game, key)
    assert not db.key_matches(game, key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert not db.key_matches(game, None)
    assert game.players == ("a", "b", "c", "d")


def test_a_hand_is_stored_with_points_totals_and_status(database, game_id):
    number, progress, _revision = game_play.add_hand(database, game_id, worked())
    assert number == 1
    assert list(progress.totals) == WORKED_POINTS
    seats = list(database.query("SELECT * FROM hand_seats ORDER BY seat"))
    assert [s["points"] for s in seats] == WORKED_POINTS
    assert [s["total"] for s in seats] == WORKED_POINTS
    hand = next(database.query("SELECT * FROM hands"))
    record = json.loads(hand["record"])
    assert (record["bid"], record["declarer"], hand["dealer"]) == ("7C", 2, 0)
    game = db.load_game(database, game_id)
    assert game.totals == tuple(WORKED_POINTS)
    assert (game.hand_count, game.status, game.winner) == (1, "in_progress", None)
    assert [r.action for r in db.load_revisions(database, game_id)] == ["recorded"]


def test_a_failure_midway_leaves_no_half_hand(database, game_id, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(db, "add_revision", boom)  # the last write of a save
    with pytest.raises(RuntimeError):
        game_play.add_hand(database, game_id, worked())
    assert database["hands"].count == 0
    assert database["hand_seats"].count == 0
    game = db.load_game(database, game_id)
    assert (game.hand_count, game.totals, game.version) == (0, (0, 0, 0, 0), 1)


@pytest.mark.parametrize(("number", "message"), [(1, "already recorded"), (3, "next hand is 2")])
def test_only_the_next_number_can_be_added(database, game_id, number, message):
    game_play.add_hand(database, game_id, worked())
    with pytest.raises(db.Conflict, match=message):
        game_play.add_hand(database, game_id, worked(), number=number)


def test_an_enormous_hand_number_is_a_conflict_not_a_crash(database, game_id):
    with pytest.raises(db.Conflict):
        game_play.add_hand(database, game_id, worked(), number=10**30)
    assert db.load_game(database, 10**30) is None
    with pytest.raises(db.NotFound):
        game_play.add_hand(database, 10**30, worked())


def test_no_hand_after_the_game_is_won(database):
    game_id, _ = game_in_new_group(
        database,
        list("SWNE"),
        "pagat-german",
        PAGAT.with_changes({"target": 15}),
        0,
    )
    game_play.add_hand(database, game_id, worked())  # West +19 alone on top
    assert db.load_game(database, game_id).winner == 1
    with pytest.raises(db.Conflict, match="game is over"):
        game_play.add_hand(database, game_id, worked())


def test_an_edit_keeps_the_old_version_and_moves_later_totals_and_dealers(database, game_id):
    game_play.add_hand(database, game_id, worked())
    game_play.add_hand(database, game_id, worked())
    progress, revision = game_play.replace_hand(
        database, game_id, 1, {"thrown_in": True}, expected_revision=1
    )
    assert revision == 2
    # A thrown-in deal scores nothing and South deals again.
    assert list(progress.totals) == WORKED_POINTS
    dealers = [row["dealer"] for row in database.query("SELECT dealer FROM hands ORDER BY number")]
    assert dealers == [0, 0]
    totals = [
        row["total"]
        for row in database.query(
            "SELECT total FROM hand_seats s JOIN hands h ON h.id = s.hand_id "
            "WHERE h.number = 2 ORDER BY seat"
        )
    ]
    assert totals == WORKED_POINTS
    history = db.load_revisions(database, game_id)
    assert [(r.number, r.revision, r.action) for r in history] == [
        (1, 1, "recorded"),
        (1, 2, "edited"),
        (2, 1, "recorded"),
    ]
    assert history[0].hand["contracts"] == WORKED_EXAMPLE["contracts"]
    assert history[1].hand == {"thrown_in": True}


def test_an_unchanged_edit_adds_no_revision(database, game_id):
    game_play.add_hand(database, game_id, worked())
    game_play.replace_hand(database, game_id, 1, worked())
    assert len(db.load_revisions(database, game_id)) == 1


def test_an_edit_from_a_stale_revision_is_a_conflict(database, game_id):
    game_play.add_hand(database, game_id, worked())
    game_play.replace_hand(database, game_id, 1, {"thrown_in": True}, expected_revision=1)
    with pytest.raises(db.Conflict, match="another phone"):
        game_play.replace_hand(database, game_id, 1, worked(), expected_revision=1)


def test_an_edit_that_would_end_the_game_before_later_hands_is_refused(database):
    game_id, _ = game_in_new_group(
        database,
        list("SWNE"),
        "pagat-german",
        PAGAT.with_changes({"target": 15}),
        0,
    )
    game_play.add_hand(database, game_id, {"thrown_in": True})
    game_play.add_hand(database, game_id, {"thrown_in": True})
    with pytest.raises(db.Conflict, match="delete the later hands"):
        game_play.replace_hand(database, game_id, 1, worked())
    assert db.load_hands(database, game_id)[0].record.thrown_in


def test_only_the_last_hand_can_be_deleted_and_it_stays_a_revision(database, game_id):
    game_play.add_hand(database, game_id, worked())
    game_play.add_hand(database, game_id, worked())
    with pytest.raises(db.Conflict, match="only the last hand"):
        game_play.delete_last_hand(database, game_id, 1)
    with pytest.raises(db.NotFound):
        game_play.delete_last_hand(database, game_id, 3)
    progress = game_play.delete_last_hand(database, game_id, 2)
    assert list(progress.totals) == WORKED_POINTS
    assert db.load_game(database, game_id).hand_count == 1
    assert database["hand_seats"].count == 4
    assert db.load_revisions(database, game_id)[-1].action == "deleted"


def test_known_names_come_most_recent_first(database):
    game_in_new_group(
        database,
        ["Ann", "Bob", "Cy", "Dee"],
        "standard",
        PRESETS["standard"],
        0,
    )
    game_in_new_group(
        database,
        ["Eve", "Bob", "Cy", "Dee"],
        "standard",
        PRESETS["standard"],
        0,
    )
    names = db.known_player_names(database)
    assert names[0] in ("Eve", "Bob", "Cy", "Dee")
    assert set(names) == {"Ann", "Bob", "Cy", "Dee", "Eve"}


def test_the_names_list_follows_new_games_and_replaced_seat_changes(tmp_path):
    """player_names keeps the seated names between new games; a seat change replaced
    before its hand (a delete, then an insert) is read afresh."""
    database = db.migrate(str(tmp_path / "names.db"))
    try:
        settings = PRESETS["standard"]
        game_id, _ = game_in_new_group(
            database,
            ["Ann", "Bob", "Cat", "Dan"],
            "standard",
            settings,
            0,
        )
        assert db.player_names(database) == ["Ann", "Bob", "Cat", "Dan"]
        game_in_new_group(
            database,
            ["Ann", "Bob", "Cat", "Zoe"],
            "standard",
            settings,
            0,
        )
        assert db.player_names(database) == ["Ann", "Bob", "Cat", "Dan", "Zoe"]
        db.change_seat(database, game_id, 1, "Eve")
        assert "Eve" in db.player_names(database)
        db.change_seat(database, game_id, 1, "Fay")  # replaces Eve's, before any hand
        names = db.player_names(database)
        assert "Fay" in names and "Eve" not in names
    finally:
        database.close()


# --- a request's connection, kept for the next one -----------------------------------------


def test_a_connection_left_in_a_transaction_is_rolled_back_before_the_next_request(app):
    with app.app_context():
        first = db.get_db()
        first.conn.execute("BEGIN IMMEDIATE")
        first.conn.execute("UPDATE games SET name = 'lost' WHERE 0")
        first.conn.execute(
            "INSERT INTO groups (id, key_hash, invite_hash, created_at) VALUES (1, 'h', 'i', 't')"
        )
        first.conn.execute(
            "INSERT INTO games (created_at, updated_at, game, rules, settings, first_dealer, "
            "status, hand_count, version, edit_key_hash, group_id, view_hash) VALUES "
            "('t', 't', 'israeli-whist', 'standard', '{}', 0, 'in_progress', 0, 1, 'h', 1, 'v')"
        )
        assert first.conn.in_transaction
    # The request failed before it committed: nothing it wrote is kept, and it holds no
    # lock that would keep another process's writer waiting.
    other = db.connect(app.config["DATABASE"])
    try:
        with other.conn:
            other.conn.execute("UPDATE games SET name = 'x' WHERE 0")
        assert other.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    finally:
        other.close()
    with app.app_context():
        again = db.get_db()
        assert again is first  # the same connection serves the next request
        assert not again.conn.in_transaction
        assert again.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_requests_at_once_each_get_their_own_connection_and_few_are_kept(app, monkeypatch):
    monkeypatch.setattr(db.connection, "IDLE_CONNECTIONS", 2)
    contexts = [app.app_context() for _ in range(4)]
    held = []
    for context in contexts:
        context.push()
        held.append(db.get_db())
    assert len({id(connection) for connection in held}) == 4
    for context in reversed(contexts):
        context.pop()
    idle = db.connection._idle(app)
    assert len(idle) == 2 and all(connection in held for connection in idle)
    closed = [c for c in held if c not in idle]
    for connection in closed:
        with pytest.raises(sqlite3.ProgrammingError):
            connection.execute("SELECT 1")
