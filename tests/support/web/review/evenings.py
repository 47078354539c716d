"""Helpers of tests/web/review/test_evenings.py."""

from __future__ import annotations

from scorekeeper import db


def group_id_of(database, game_id: int) -> int:
    return db.load_game(database, game_id).group_id
