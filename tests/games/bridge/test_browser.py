"""Bridge played through its pages on a small phone (360 px) in real Chromium, in German,
English and Hebrew: every tap of a deal is counted (Record, the keys, Save), the form says
who is vulnerable, the scoreboard shows the pad's figures (below and above the line), and
each page fits the phone. Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.support.browser import SCOREBOARD_URL, Taps, api
from tests.support.games.bridge.browser import contract, fits
from tests.support.live import view_path
from tests.support.rtl_browser import game_on_a_small_phone

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "de": ["Annegret", "Bernhard", "Cäcilie", "Dietrich"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
VULNERABLE = {"en": "Vulnerable", "de": "In Gefahr", "he": "פגיעים"}
TAP_BUDGET = 6
PAD_HEADS = {"en": ["We", "They"], "de": ["Wir", "Sie"], "he": ["אנחנו", "הם"]}


@pytest.mark.parametrize("language", ["de", "en", "he"])
def test_a_rubber_through_its_pages(browser, live_server, language):
    body = {"game": "bridge", "players": NAMES[language], "rules": "rubber", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        names = NAMES[language]
        # Deal 1: Record, declarer, level, strain, the result "made", Save: A's game.
        taps = Taps(page)
        taps(page.locator("#record"))
        contract(taps, 0, 4, "S")
        taps.key("tricks", "0")  # the result as the table says it: made
        taps.save()
        assert taps.count == 6 <= TAP_BUDGET
        # Deal 2: B's 3NT doubled, three down: one tap more for the double.
        taps = Taps(page)
        taps(page.locator("#record"))
        assert VULNERABLE[language] in page.locator("h1 .deal").inner_text()
        contract(taps, 1, 3, "NT")
        taps.key("doubled", 1)
        taps.key("tricks", "-3")  # three down
        fits(page, "hand-form", language)
        taps.save()
        assert taps.count == 7
        # Deal 3: passed out: Record, Passed out.
        page.locator("#record").click()
        page.locator("#thrown-in").click()
        page.wait_for_url(SCOREBOARD_URL)
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert [hand["points"] for hand in game["hands"]] == [[120, 0], [500, 0], [0, 0]]
        assert (game["games"], game["vulnerable"]) == ([1, 0], [True, False])
        scoreboard = page.locator("main").inner_text()
        assert names[1] in scoreboard and "♠" in scoreboard and "120" in scoreboard
        heads = [text.split("\n") for text in page.locator("#pad .we td").all_inner_texts()]
        assert [head[0] for head in heads] == PAD_HEADS[language]
        assert names[0] in heads[0][-1] and names[1] in heads[1][-1]
        fits(page, "scoreboard", language)
