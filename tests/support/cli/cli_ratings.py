"""Helpers of tests/cli/test_cli_ratings.py."""

from __future__ import annotations

from scorekeeper import db, game_play
from tests.support.shared import SHEET


def finished_sheet(database, group_id, players, points):
    settings = SHEET.seated(len(players)).settings_from_dict({"goal": "rounds", "rounds": 1})
    game_id, _key = db.create_game(
        database, players, "any-game", settings, 0, game="any-game", group_id=group_id
    )
    game_play.add_hand(database, game_id, {"points": list(points)})
    assert db.load_game(database, game_id).status == "finished"
    return game_id


def api_rows(path, group_id, kind):
    database = db.open_database(path)
    try:
        return [row.to_dict() for row in db.ratings_table(database, group_id, kind)]
    finally:
        database.close()
