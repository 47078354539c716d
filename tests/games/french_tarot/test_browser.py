"""A French Tarot deal at five entered on a small phone (360 px) in real Chromium, in French:
the half point typed with a comma as a French table writes it (Chromium's number box sent
405 for 40,5), the called king and a poignée tapped, the deal saved and shown as typed."""

from __future__ import annotations

import pytest

from tests.support.browser import SCOREBOARD_URL, Taps
from tests.support.game_rules import ISOLATES
from tests.support.rtl_browser import fits_the_phone, game_on_a_small_phone

pytestmark = pytest.mark.browser

NAMES = ["Anne-Sophie", "Bruno", "Céline", "Jean-Baptiste", "Élodie"]


def test_a_half_point_typed_with_a_comma_is_saved_as_typed(browser, live_server):
    body = {"game": "french-tarot", "players": NAMES, "rules": "fft", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, "fr", body) as (page, created):
        taps = Taps(page)
        taps(page.locator("#record"))
        for name, value in [("taker", 0), ("partner", 2), ("king", "H"), ("contract", "garde")]:
            taps.key(name, value)
        taps.key("bouts", 2)
        box = page.locator("#card_points")
        taps(box)
        page.keyboard.type("40,5")
        assert box.input_value() == "40,5"
        assert "Un demi-point s'écrit 40,5" in page.locator(".line.count").inner_text()
        taps.key("poignee", "simple")
        fits_the_phone(page, "french-tarot-fr-half-point", "fr")
        taps.save()
        assert SCOREBOARD_URL.search(page.url)
        row = page.locator('.hands [id="h1"]').inner_text().translate(ISOLATES)
        assert "Garde ♥" in row and "40,5" in row and "chuté de 1" in row
