"""A group's pages cost what the group holds (issue 35): a name's seats are sought within
its group (``players.group_id`` and ``seat_changes.group_id``, indexed group first by
migration m016), never among every seat the name has on the server.

The plans are asserted, not timed: every statement a group's page of a name runs reads
the name's seats through the group's index, and the figures stay each group's own."""

from __future__ import annotations

import pytest

from scorekeeper import db
from scorekeeper.engine import get_game
from tests.support.app import join_group, trace_statements

IW = get_game("israeli-whist")
PAGAT = IW.preset("pagat-german")
COMMON = "Noa"


@pytest.fixture
def database(tmp_path):
    opened = db.migrate(str(tmp_path / "seats.db"))
    yield opened
    opened.close()


def start(database, group_id: int, players) -> int:
    return db.create_game(database, players, "pagat-german", PAGAT, 0, group_id=group_id)[0]


def seat_groups(database) -> list[tuple[str, int, int | None, int]]:
    """(table, game, the seat's group, the game's group) of every seat and seat change."""
    return [
        (table, game_id, seat_group, game_group)
        for table in ("players", "seat_changes")
        for game_id, seat_group, game_group in database.execute(
            f"SELECT s.game_id, s.group_id, g.group_id FROM {table} s "
            "JOIN games g ON g.id = s.game_id"
        )
    ]


def test_every_seat_carries_its_games_group_as_it_is_written_and_moved(database):
    club = db.create_group(database, "Club")[0].id
    other = db.create_group(database, "Other")[0].id
    first = start(database, club, [COMMON, "Avi", "Dana", "Eli"])
    second = start(database, other, [COMMON, "Maya", "Omer", "Gil"])
    db.change_seat(database, second, 1, "Rina")
    rows = seat_groups(database)
    assert len(rows) == 9
    assert all(seat == game for _, _, seat, game in rows)
    assert {(game, seat) for _, game, seat, _ in rows} >= {(first, club), (second, other)}
    # A script moves a game to another group: its seats go with it.
    database.execute("UPDATE games SET group_id = ? WHERE id = ?", [club, second])
    assert all(seat == game == club for _, _, seat, game in seat_groups(database))


def test_a_common_names_figures_are_each_groups_own(database):
    club = db.create_group(database, "Club")[0].id
    other = db.create_group(database, "Other")[0].id
    ours = start(database, club, [COMMON, "Avi", "Dana", "Eli"])
    for _ in range(3):
        start(database, other, ["Maya", COMMON, "Omer", "Gil"])
    # Noa takes a seat mid-game in the other group, and leaves one in ours.
    substituted = start(database, other, ["Maya", "Omer", "Gil", "Rina"])
    db.change_seat(database, substituted, 3, COMMON)
    db.change_seat(database, ours, 0, "Tamar")
    assert db.player_record(database, COMMON, club).games == 1
    assert db.player_record(database, COMMON, other).games == 4
    assert db.player_record(database, COMMON).games == 5
    assert [g.id for g in db.player_games(database, COMMON, 10, group_id=club)] == [ours]
    assert len(db.player_games(database, COMMON, 10, group_id=other)) == 4
    assert db.latest_games(database, [COMMON], 1, 10_000, group_id=club).ids == [ours]
    assert db.latest_games(database, [COMMON, "Maya"], 2, 10_000, group_id=club).ids == []
    assert db.latest_games(database, [COMMON, "Maya"], 2, 10_000, group_id=other).total == 4
    assert [g.game.id for g in db.history(database, player=COMMON, group_id=club)] == [ours]
    assert db.count_history(database, player=COMMON, group_id=other) == 4
    assert db.count_history(database, player="Tamar", group_id=club) == 1


def plans(database, statements: list[str]) -> list[str]:
    """The query plan's lines of each statement that reads a name's seats."""
    found = []
    for statement in statements:
        if "json_each" not in statement and "name =" not in statement:
            continue
        plan = database.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()
        found.append("\n".join(row[3] for row in plan))
    return found


def assert_seats_by_group(found: list[str]) -> None:
    assert found, "no statement read a name's seats"
    reads = "\n".join(found)
    assert "INDEX idx_players_group_name (group_id=? AND name=?)" in reads, reads
    assert "INDEX idx_seat_changes_group_name (group_id=? AND name=?)" in reads, reads
    # Never every seat of the name, nor every seat.
    assert "idx_players_name_game" not in reads and "idx_seat_changes_name" not in reads, reads
    assert "SCAN players" not in reads and "SCAN seat_changes" not in reads, reads


@pytest.mark.parametrize(
    "read",
    [
        lambda d, g: db.player_records(d, COMMON, g),
        lambda d, g: db.player_games(d, COMMON, 20, group_id=g),
        lambda d, g: db.latest_games(d, [COMMON, "Avi"], 2, 500, "israeli-whist", group_id=g),
        lambda d, g: db.history(d, player=COMMON, group_id=g, limit=20),
        lambda d, g: db.count_history(d, player=COMMON, group_id=g),
    ],
    ids=["records", "games", "latest", "history", "count"],
)
def test_a_groups_reads_of_a_name_seek_the_groups_seats(database, read):
    club = db.create_group(database, "Club")[0].id
    start(database, club, [COMMON, "Avi", "Dana", "Eli"])
    statements: list[str] = []
    database.conn.set_trace_callback(statements.append)
    read(database, club)
    database.conn.set_trace_callback(None)
    assert_seats_by_group(plans(database, statements))


def test_a_players_page_seeks_only_its_groups_seats(client, monkeypatch, app):
    with app.app_context():
        database = db.get_db()
        club = db.create_group(database, "Club")[0].id
        other = db.create_group(database, "Other")[0].id
        start(database, club, [COMMON, "Avi", "Dana", "Eli"])
        start(database, other, [COMMON, "Maya", "Omer", "Gil"])
    join_group(client, group_id=club)
    statements = trace_statements(monkeypatch)
    page = client.get(f"/groups/{club}/players/{COMMON}")
    monkeypatch.undo()
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Avi" in text and "Maya" not in text
    database = db.open_database(app.config["DATABASE"])
    try:
        assert_seats_by_group(plans(database, statements))
    finally:
        database.close()
