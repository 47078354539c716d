"""Euchre played through its pages on a small phone (360 px) in real Chromium, in English
and Hebrew: the new-game form offers it, every tap of a hand is counted (Record, the
keys, Save) and a plain hand held to the issue's budget of 6 (it takes 5), the scoreboard
shows the hands, and each page fits the phone. Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.browser.test_browser import SCOREBOARD_URL, Taps, api
from tests.browser.test_rtl_browser import fits_the_phone, game_on_a_small_phone, new_game_page_fits
from tests.conftest import view_path

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
TAP_BUDGET = 6


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"euchre-{language}-{name}", language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_euchre_through_its_pages(browser, live_server, language):
    body = {"game": "euchre", "players": NAMES[language], "rules": "euchre", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        names = NAMES[language]
        new_game_page_fits(page, "euchre", f"euchre-{language}-new-game", language)
        # Hand 1 as a table enters it: Record, makers, trump, tricks, Save.
        taps = Taps(page)
        taps(page.locator("#record"))
        fits(page, "hand-form", language)
        taps.key("makers", "A")
        # Who named trump is optional ("—" stays tapped), and only a maker may be tapped.
        named = 'input[name="named_by"][value="{}"]'
        assert page.locator(named.format("none")).is_checked()
        assert page.locator(named.format(1)).is_disabled()
        assert page.locator(named.format(2)).is_enabled()
        taps.key("trump", "H")
        taps.key("tricks", "5")
        taps.save()
        assert taps.count == 5 <= TAP_BUDGET
        # Hand 2: B's maker goes alone and is euchred (one tap more for "alone"); the table
        # also taps who named trump, Dan, which a plain hand need not.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("makers", "B")
        taps.key("named_by", 3)
        taps.key("trump", "S")
        taps.key("alone", "yes")
        taps.key("tricks", "2")
        taps.save()
        assert taps.count == 7
        # Hand 3: everyone passed twice: Record, Thrown in.
        page.locator("#record").click()
        page.locator("#thrown-in").click()
        page.wait_for_url(SCOREBOARD_URL)
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert [hand["points"] for hand in game["hands"]] == [[2, 0], [2, 0], [0, 0]]
        assert game["totals"] == [4, 0]
        scoreboard = page.locator("main").inner_text()
        assert names[0] in scoreboard and "♥" in scoreboard
        assert game["hands"][1]["named_by"] == 3 and "named_by" not in game["hands"][0]
        fits(page, "scoreboard", language)
