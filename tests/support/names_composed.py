"""Helpers of tests/app/test_names_composed.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

# What holds a player's name, and what must come through the upgrade with every row.
KEPT = {
    "games": "SELECT id, status, winner, hand_count, version FROM games ORDER BY id",
    "hands": "SELECT game_id, number, record, revision FROM hands ORDER BY game_id, number",
    "hand_seats": "SELECT hand_id, seat, points, total FROM hand_seats ORDER BY 1, 2",
    "revisions": "SELECT game_id, number, revision, hand FROM hand_revisions ORDER BY id",
    "totals": "SELECT game_id, seat, total FROM players ORDER BY game_id, seat",
    "tables": "SELECT id, night_id, series, number, game_id FROM club_tables ORDER BY id",
    "disputes": "SELECT id, table_id, hand_number, note FROM club_disputes ORDER BY id",
}


NAMED = [
    "SELECT name FROM players",
    "SELECT name FROM seat_changes",
    "SELECT name FROM group_names",
    "SELECT name FROM club_players",
    "SELECT name FROM club_confirmations",
    "SELECT name FROM club_disputes",
    "SELECT player FROM ratings",
    "SELECT player FROM rating_history",
]


def rows(path: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(path) as connection:
        return {name: connection.execute(sql).fetchall() for name, sql in KEPT.items()}


def decomposed(path: Path) -> list[str]:
    """Every stored name still spelt another way than composed."""
    import unicodedata

    with sqlite3.connect(path) as connection:
        return [
            name
            for sql in NAMED
            for (name,) in connection.execute(sql)
            if unicodedata.normalize("NFC", name) != name
        ]


def _game(client, group, auth, players):
    body = {"game": "any-game", "players": players, "first_dealer": 0, "group": str(group["id"])}
    return client.post("/api/games", json=body, headers=auth)
