"""Helpers of tests/db/test_seed_bid_whist_oh_hell_upgrade.py."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from scorekeeper import db
from scorekeeper.db import migrations
from scorekeeper.db.plain_hands import REWRITE

KEYS = ("bid-whist", "oh-hell")


def rewrite_rows(path: str) -> None:
    """Every stored hand and revision of the two games rewritten by ``REWRITE[game]`` with
    the game's stored settings, as m027 does (the lead switches this test to the real
    migration at merge)."""
    connection = sqlite3.connect(path)
    with connection:
        for key in KEYS:
            settings = dict(
                connection.execute("SELECT id, settings FROM games WHERE game = ?", [key])
            )
            for table, column in (("hands", "record"), ("hand_revisions", "hand")):
                rows = connection.execute(
                    f"SELECT id, game_id, {column} FROM {table} WHERE game_id IN "
                    "(SELECT id FROM games WHERE game = ?)",
                    [key],
                ).fetchall()
                for row_id, game_id, text in rows:
                    new = REWRITE[key](json.loads(text), json.loads(settings[game_id]))
                    connection.execute(
                        f"UPDATE {table} SET {column} = ? WHERE id = ?",
                        [json.dumps(new, sort_keys=True), row_id],
                    )
    connection.close()


def rows(path: Path, sql: str, params=()) -> list[tuple]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def rules_side(rules, game, seat: int) -> int:
    """The side a seat's points are kept under (its own, at a table without partners)."""
    table = rules.seated(len(game.players)) if rules.seat_range else rules
    return next(i for i, side in enumerate(table.sides) if seat in side)


def _sides(hand: dict, game: dict) -> list[int]:
    """A hand's points as an export lists them: per side (partners once), else per seat."""
    return hand["points"][:2] if game["game"] == "bid-whist" else hand["points"]


M027 = any(name.startswith("m027") for name in vars(migrations))


def opened(path: Path) -> None:
    """The file opened by today's code (its migrations), the rewrite run over it."""
    db.migrate(str(path)).close()
    if not M027:
        rewrite_rows(str(path))
