"""Helpers of tests/games/bid_whist/test_browser.py."""

from __future__ import annotations

from tests.support.browser import api
from tests.support.shared import PLAYERS


def bid_whist_game(page, live_server, **body):
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"game": "bid-whist", "players": PLAYERS, "first_dealer": 0, **body},
    )
    page.goto(created["edit_url"])
    return created["id"]
