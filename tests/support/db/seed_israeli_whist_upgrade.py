"""Helpers of tests/db/test_seed_israeli_whist_upgrade.py."""

from __future__ import annotations

import json


def _stored_records(database, game_id):
    return [
        json.loads(row["record"])
        for row in database.query(
            "SELECT record FROM hands WHERE game_id = ? ORDER BY number", [game_id]
        )
    ]
