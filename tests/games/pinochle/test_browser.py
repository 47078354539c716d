"""Double-deck Pinochle entered as the table counts it, on a small phone (360 px) in real
Chromium, in Hebrew: the meld tapped by combination (the side's box shows what they make,
the weights the engine's), one side's counters typed and the other's filled in, the hand
saved and its meld that did not count in brackets on the board. The page fits the phone;
screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.support.browser import Taps
from tests.support.games.pinochle.browser import more
from tests.support.rtl_browser import fits_the_phone, game_on_a_small_phone

pytestmark = pytest.mark.browser

NAMES = ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"]


def test_a_double_deck_hand_by_combination_on_the_phone(browser, live_server):
    body = {"game": "pinochle", "players": NAMES, "rules": "double-deck", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, "he", body) as (page, created):
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("bidder", 1)
        page.locator('input[name="bid"]').fill("55")
        taps(page.locator("#melding details.folded summary"))
        more(taps, "melds_0_marriage", 2)
        more(taps, "melds_0_jacks")
        for combination in ("run", "kings", "pinochle"):
            more(taps, f"melds_1_{combination}")
        assert page.locator('input[name="meld_0"]').input_value() == "8"
        assert page.locator('input[name="meld_1"]').input_value() == "27"
        page.locator('input[name="counters_0"]').fill("22")
        assert page.locator('input[name="counters_1"]').input_value() == "28"
        page.locator('input[name="counters_0"]').fill("")
        assert page.locator('input[name="counters_1"]').input_value() == ""
        page.locator('input[name="counters_0"]').fill("22")
        fits_the_phone(page, "pinochle-he-hand-form-by-combination", "he")
        taps.save()
        board = page.locator("main").inner_text()
        assert "(8)/22" in board and "27/28" in board
        fits_the_phone(page, "pinochle-he-scoreboard-meld-not-counted", "he")
