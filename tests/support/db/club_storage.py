"""Helpers of tests/db/test_club_storage.py."""

from __future__ import annotations

from scorekeeper import db
from scorekeeper.db import club as stored
from scorekeeper.engine.club import night_rules

THIRTEEN = [f"Spieler {n}" for n in range(1, 14)]


def _night(database, present=THIRTEEN):
    group, _key = db.create_group(database, "Skatclub")
    rules = night_rules("skat", deals_per_player=1)
    night_id = stored.create_night(database, group.id, rules, present, "seed", None)
    return group, stored.load_night(database, night_id, group.id)
