"""Helpers of tests/web/club/test_api.py."""

from __future__ import annotations

from tests.support.club_pages import play_table


def _play(client, night, keys, series):
    points: dict[str, int] = {}
    for table in [t for t in night["tables"] if t["series"] == series]:
        game_id = table["game_id"]
        play_table(client, game_id, keys[game_id], table["players"], points)
    return points
