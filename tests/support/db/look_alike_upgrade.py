"""Helpers of tests/db/test_look_alike_upgrade.py."""

from __future__ import annotations

import json


def names_of(database, group_id: int) -> list[str]:
    rows = database.execute("SELECT name FROM group_names WHERE group_id = ?", [group_id])
    return sorted(row[0] for row in rows)


# What an upgrade must keep of every hand: the columns every game shares, and each hand's
# record (a deal thrown in gaining its Frisch rounds, m030, alone).
KEPT = {
    "hands": "SELECT id, game_id, number, dealer, thrown_in, revision, created_at, updated_at "
    "FROM hands ORDER BY id",
    "seats": "SELECT hand_id, seat, points, total FROM hand_seats ORDER BY hand_id, seat",
    "revisions": "SELECT id, game_id, number, revision, action, created_at FROM hand_revisions "
    "ORDER BY id",
    "totals": "SELECT game_id, seat, total FROM players ORDER BY game_id, seat",
    "games": "SELECT id, game, status, winner, hand_count, version FROM games ORDER BY id",
}


def without_frisch_of_thrown_in(text: str | None):
    record = json.loads(text) if text else text
    if isinstance(record, dict) and record.get("thrown_in") is True:
        record.pop("frisch_rounds", None)
    return record


def kept(connection) -> dict[str, list]:
    found = {name: connection.execute(sql).fetchall() for name, sql in KEPT.items()}
    found["records"] = [
        without_frisch_of_thrown_in(text)
        for (text,) in connection.execute("SELECT record FROM hands ORDER BY id")
    ]
    found["revised"] = [
        without_frisch_of_thrown_in(text)
        for (text,) in connection.execute("SELECT hand FROM hand_revisions ORDER BY id")
    ]
    return found
