"""Helpers of tests/web/groups/test_group_seats.py."""

from __future__ import annotations

from scorekeeper import db
from tests.support.shared import IW

PAGAT = IW.preset("pagat-german")


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
