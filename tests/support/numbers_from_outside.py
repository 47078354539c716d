"""Helpers of tests/web/club/test_numbers_from_outside.py, which other tests use too."""

from __future__ import annotations

from tests.support.club_pages import night_of, play_series, start_night


def a_table_played(club) -> tuple[str, str]:
    """A one-series night started and played to its end: its first table's club page
    (where its players sign or dispute) and the name of a player seated there."""
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables[0]
    return f"/games/{table.game_id}/club", games[table.game_id].players[2]
