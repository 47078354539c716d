"""Helpers of tests/db/test_groups_db.py."""

from __future__ import annotations

import base64

from scorekeeper import db
from tests.support.app import SEAT_NAMES
from tests.support.shared import IW


def bits(token: str) -> int:
    """The random bits a URL-safe base64 token of ours carries."""
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def start(database, group_id: int, players=SEAT_NAMES, rules="pagat-german") -> int:
    game_id, _key = db.create_game(database, players, rules, IW.preset(rules), 0, group_id=group_id)
    return game_id
