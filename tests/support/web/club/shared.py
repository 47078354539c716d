"""Helpers 3 test modules had, each the same in every one: tests/web/club/test_lists.py,
tests/web/club/test_numbers_from_outside.py and tests/web/club/test_routes.py."""

from __future__ import annotations

from scorekeeper import db
from tests.support.club_pages import night_of, play_series, start_night


def _count(app, table: str) -> int:
    with app.app_context():
        return db.get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def _query(app, sql: str) -> list[tuple]:
    with app.app_context():
        return [tuple(row) for row in db.get_db().execute(sql).fetchall()]


def disputed_after_series_1(app, client, group_id, headers=None):
    """A night whose series 1 is played, table 1's hand 2 disputed by its second player
    ("Kreuz, nicht Pik"), in the language of ``headers``: the night, that table and its
    players; the dispute's flashed words wait for the table's page."""
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables_of(1)[0]
    players = games[table.game_id].players
    body = {"action": "dispute", "name": players[1], "hand": "2", "note": "Kreuz, nicht Pik"}
    answer = client.post(f"/games/{table.game_id}/club", data=body, headers=headers)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/games/{table.game_id}/club")
    return night, table, players
