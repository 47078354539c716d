"""Helpers of tests/web/games/test_starting_totals.py."""

from __future__ import annotations

import re

from tests.support.app import SEAT_NAMES, join_group


def create(client, **body):
    return client.post(
        "/api/games",
        json={"players": SEAT_NAMES, "rules": "pagat-german", "first_dealer": 0, **body},
    )


def new_game_form(**fields):
    return {
        **{f"player_{s}": name for s, name in enumerate(SEAT_NAMES)},
        "first_dealer": "0",
        "rules": "pagat-german",
        "target": "",
        **fields,
    }


def create_bid_whist(client, **body):
    return client.post(
        "/api/games", json={"game": "bid-whist", "players": SEAT_NAMES, "first_dealer": 0, **body}
    )


def stats_totals(client, game_id: int) -> list[str]:
    """The statistics page's row of totals (the players'), as a member of the group reads it."""
    join_group(client, game_id)
    page = client.get(f"/games/{game_id}/stats")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    rows = re.findall(r'<th scope="row">Total</th>((?:<td>[^<]*</td>)+)</tr>', html)
    assert rows, "the statistics page shows no totals"
    cells = re.findall(r"<td>([^<]*)</td>", rows[-1])
    return [re.sub("[\u2066-\u2069]", "", cell).replace("\u2212", "-") for cell in cells]
