"""Helpers of tests/web/club/test_club_hands_played.py."""

from __future__ import annotations

import re

from tests.support.club_pages import edit_key


def _ranking_hands(client, group_id: int, night_id: int) -> dict[str, tuple[int, int]]:
    """Each player's Tables and Hands, as the printed ranking shows them."""
    page = client.get(f"/groups/{group_id}/club/{night_id}/ranking").get_data(as_text=True)
    rows = re.findall(
        r'<bdi class="nm" dir="auto">([^<]+)</bdi></th>.*?<td>(\d+)</td><td>(\d+)</td></tr>',
        page,
    )
    return {name: (int(tables), int(hands)) for name, tables, hands in rows}


def _csv_hands(client, group_id: int, night_id: int) -> dict[str, int]:
    sheet = client.get(f"/groups/{group_id}/club/{night_id}/export.csv").get_data(as_text=True)
    return {row.split(",")[1]: int(row.split(",")[-1]) for row in sheet.splitlines()[1:]}


def _play_doppelkopf(client, night, games, series: int, deals_per_player: int = 1) -> None:
    """Every table plays its deals (``deals_per_player`` for each player at it) through the
    API, Re the two players left of the dealer (who sits the deal out at a table of five),
    Re winning with 130."""
    for table in night.tables_of(series):
        game = games[table.game_id]
        key = edit_key(client, table.game_id)
        size = len(game.players)
        for number in range(1, deals_per_player * size + 1):
            dealer = (game.first_dealer + number - 1) % size
            hand = {
                "re": [(dealer + 1) % size, (dealer + 2) % size],
                "re_points": 130,
                "re_announcement": "none",
                "kontra_announcement": "none",
            }
            answer = client.post(
                f"/api/games/{table.game_id}/hands",
                json=hand,
                headers={"Authorization": f"Bearer {key}"},
            )
            assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["status"] == "finished"
