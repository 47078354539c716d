"""A whole evening in one group on two phones, in real Chromium at 360 px, in English and
Hebrew (issue 30, "Done when"): phone A starts a group and phone B joins it by the invite
link; A starts Israeli Whist, Spades, Hearts (by its one choice), Oh Hell and Bid Whist
through New game and records hands of each by tapping the hand forms: a Spades nil and an
empty Save, a Hearts round typed and one where a player shoots the moon, an Oh Hell hand
whose dealer's bid the hook refuses and that is then corrected, Bid Whist and Israeli
Whist hands. After every save both phones are read as a person reads them: A's saved
message, B's scoreboard of the game it follows. What they read must be the table's words
(no API field, notation, seat number or preset key), names whole and never clipped, and
no page wider than the phone. Home and the group's page name every game and every player
of a side. The taps to record each hand are counted, Record and Save included, printed,
and written to ``evening-taps.json`` in the run's base temporary directory; with
``SCOREKEEPER_SCREENSHOTS=1``, screenshots of the evening's pages go to
``evening-<language>/`` beside it."""

from __future__ import annotations

import json

import pytest

from tests.support.evening_at_the_table_browser import (
    LANGUAGES,
    Evening,
    bid_whist,
    hearts,
    israeli_whist,
    lists_name_every_game_and_player,
    oh_hell,
    spades,
)
from tests.support.live import opens

pytestmark = pytest.mark.browser


TAPS: dict[str, dict[str, list[int]]] = {}


@pytest.fixture(scope="module", autouse=True)
def taps_measured(tmp_path_factory):
    yield TAPS
    if TAPS:
        path = tmp_path_factory.getbasetemp() / "evening-taps.json"
        path.write_text(json.dumps(TAPS, indent=1, ensure_ascii=False) + "\n")
        print(f"\ntaps per hand: {TAPS} ({path})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_evening_on_two_phones(browser, live_server, language, tmp_path_factory):
    shots = tmp_path_factory.getbasetemp() / f"evening-{language}"
    evening = Evening(browser, live_server, language, shots)
    try:
        a, b = evening.a, evening.b
        a.goto("/")
        with a.expect_navigation():
            a.locator("#start-group-button").click()
        group_url = a.url
        opens(a.locator("#invite"))
        opens(a.locator("#show-invite"))
        invite = a.locator(".qr-box figcaption a").get_attribute("href")
        b.goto(invite)
        with b.expect_navigation():
            b.locator("#join").click()
        assert b.url == group_url

        israeli_whist(evening)
        spades(evening)
        hearts(evening)
        oh_hell(evening)
        bid_whist(evening)

        for phone, mark in ((a, "a"), (b, "b")):
            lists_name_every_game_and_player(evening, phone, "/", f"home-{mark}")
            lists_name_every_game_and_player(evening, phone, group_url, f"group-{mark}")
    finally:
        evening.close()
    TAPS[language] = evening.taps
    assert evening.errors == [], evening.errors
