"""A 13-player Skat night in German run end to end in Chromium by one organiser's phone and
the players' own phones (issue 56, "Done when"): the draw, the lists played, every player
signing on their own phone, a dispute settled after the question, the next series drawn
after the question, the final standings on a phone and on a 1280 × 720 screen, and the
printed ranking."""

from __future__ import annotations

import pytest

from tests.support.club_night_browser import LONG_NAMES, TV, run_night
from tests.support.live import call_json

THIRTEEN = LONG_NAMES


@pytest.mark.browser
def test_a_thirteen_player_skat_night_in_german_runs_on_the_organisers_and_players_phones(
    browser, live_server
):
    night = run_night(browser, live_server, "skat", "isko", THIRTEEN, "de")
    assert night.seen["errors"] == []
    assert night.seen["asked 2"] == 1  # the next series asked first
    group = night.group
    path = f"/api/groups/{group['id']}/club/{night.night_id}"
    status, found = call_json(live_server, "GET", path, None, group["key"])
    assert status == 200
    assert found["series_drawn"] == 2
    for table in found["tables"]:  # every list signed on its players' own phones
        assert table["status"] == "finished"
        assert table["signed_by"] == sorted(table["players"]), table
    [dispute] = found["disputes"]
    assert dispute["resolved"] and dispute["outcome"] == "kept" and dispute["hand"] == 2
    assert night.seen["standings"] == 13 and night.seen["ranking"] == 13
    assert night.seen["ranking title"].startswith("Endstand")  # final, the night is over
    # A page of the standings, players level on points among them, fits the TV.
    assert night.seen["projector bottom"] <= TV["height"]
