"""Helpers of tests/cli/test_cli_groups.py."""

from __future__ import annotations

from scorekeeper import db, game_play
from scorekeeper.engine.israeli_whist import record_from_dict
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.shared import PAGAT


def add_game(database, group_id, players):
    game_id, _key = db.create_game(database, players, "pagat-german", PAGAT, 0, group_id=group_id)
    game_play.add_hand(database, game_id, record_from_dict(PAGAT, WORKED_EXAMPLE))
    return game_id
