"""Helpers of tests/db/test_club_upgrade.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

KEPT = {
    "nights": "SELECT id, group_id, name, rules, seed, organiser_id, series, created_at "
    "FROM club_nights ORDER BY id",
    "players": "SELECT night_id, name, from_series, left_after FROM club_players ORDER BY 1, 2",
    "tables": "SELECT id, night_id, series, number, game_id FROM club_tables ORDER BY id",
    "out": "SELECT * FROM club_sitting_out ORDER BY 1, 2, 3",
    "signed": "SELECT table_id, name, version, last_revision FROM club_confirmations ORDER BY 1, 2",
    "disputes": "SELECT * FROM club_disputes ORDER BY id",
    "games": "SELECT id, status, hand_count, version, edit_key_hash FROM games ORDER BY id",
    "hands": "SELECT game_id, number, record, revision FROM hands ORDER BY game_id, number",
    "seats": "SELECT hand_id, seat, points, total FROM hand_seats ORDER BY 1, 2",
    "totals": "SELECT game_id, seat, name, total FROM players ORDER BY game_id, seat",
    "members": "SELECT id, group_id, label, left_at FROM members ORDER BY id",
}


def _rows(path: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(path) as connection:
        return {name: connection.execute(sql).fetchall() for name, sql in KEPT.items()}
