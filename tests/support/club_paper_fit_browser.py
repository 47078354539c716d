"""Helpers of tests/browser/test_club_paper_fit_browser.py."""

from __future__ import annotations

from tests.support.club_live import live_night, play_series, skat_hand
from tests.support.club_night_browser import LONG_NAMES
from tests.support.live import call_json

PLAYERS = LONG_NAMES


def _night(live_server):
    """A Skat night of the thirteen in two series, series 1 played out at every table."""
    group, night = live_night(live_server, "skat", PLAYERS, name="Skatclub")
    play_series(live_server, night, skat_hand)
    status, _ = call_json(
        live_server,
        "POST",
        f"/api/groups/{group['id']}/club/{night['id']}/series",
        {"players": PLAYERS},
        group["key"],
    )
    assert status == 201
    return group, night
