"""Helpers of tests/web/club/test_files.py."""

from __future__ import annotations

import re

from tests.support.club_pages import night_of, play_table, start_night


def _row(page: str, label: str) -> list[int]:
    """A line of the foot's table, as numbers."""
    found = re.search(rf'<th scope="row">{re.escape(label)}</th>(.*?)</tr>', page)
    assert found, label
    cells = re.findall(r"<td>([^<]*)</td>", found[1])
    return [int(c.replace("\u2212", "-").strip("\u2066\u2069")) for c in cells]


def _played_table(client, app, group_id):
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    table = night.tables[0]
    players = games[table.game_id].players
    points: dict[str, int] = {}
    key = re.search(
        rf"/games/{table.game_id}/edit/([A-Za-z0-9_-]+)",
        client.get(f"/games/{table.game_id}/share/edit?show=1").get_data(as_text=True),
    )[1]
    play_table(client, table.game_id, key, players, points)
    return night, table, players, points
