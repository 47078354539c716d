"""Wizard played through its pages on a small phone (360 px) in real Chromium, in English
and Hebrew: the new-game form offers it, every tap of a round is counted (Record, the
trump, a bid each, the tricks but the last, Save: 2 × players + 2), the hook disables the
dealer's one forbidden bid with the reason in the table's words, the scoreboard shows the
rounds and the cards of the next, and each page fits the phone. Screenshots are kept in
``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.browser.test_browser import Taps, api, radio
from tests.browser.test_rtl_browser import fits_the_phone, game_on_a_small_phone, new_game_page_fits
from tests.conftest import view_path

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
# The dealer's forbidden bid, as the form says it beside the dealer's bids (in Hebrew the
# sentence is the catalogue's; it names the dealer all the same).
FORBIDDEN = "{name} may not bid 1: the bids would total the 2 cards dealt."


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"wizard-{language}-{name}", language)


@pytest.mark.parametrize("language", ["en", "he"])
def test_wizard_through_its_pages(browser, live_server, language):
    players = 4
    body = {
        "game": "wizard",
        "players": NAMES[language],
        "rules": "wizard",
        "settings": {"hook": "on"},
        "first_dealer": 0,
    }
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        names = NAMES[language]
        new_game_page_fits(page, "wizard", f"wizard-{language}-new-game", language)
        # Round 1, one card each, Ann deals: the bids run from Bob, Ann bids last. Record,
        # the trump, four bids, three tricks (Ann's fills itself in), Save.
        taps = Taps(page)
        taps(page.locator("#record"))
        fits(page, "hand-form", language)
        taps.key("trump", "H")
        for seat, bid in ((1, 1), (2, 0), (3, 1)):
            taps.key(f"bids_{seat}", bid)
        # The hook forbids none here: the bids total 2 already, more than the one card.
        assert not page.locator("#bids_0 input:disabled").count()
        taps.key("bids_0", 0)
        for seat, took in ((1, 1), (2, 0), (3, 0)):
            taps.key(f"tricks_{seat}", took)
        assert radio(page, "tricks_0", 0).is_checked()
        taps.save()
        assert taps.count == 2 * players + 2
        # Round 2, two cards, Bob deals: Cat, Dan and Ann bid 0, 1, 0, so Bob may not bid 1
        # (the bids would total the 2 cards); he bids 2 and misses by one.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("trump", "S")
        for seat, bid in ((2, 0), (3, 1), (0, 0)):
            taps.key(f"bids_{seat}", bid)
        assert radio(page, "bids_1", 1).is_disabled()
        why = page.locator("#bids_1 .why")
        assert why.is_visible()
        assert names[1] in why.inner_text()
        if language == "en":
            assert why.inner_text() == FORBIDDEN.format(name=names[1])
        fits(page, "hand-form-hook", language)
        taps.key("bids_1", 2)
        for seat, took in ((2, 0), (3, 1), (0, 0)):
            taps.key(f"tricks_{seat}", took)
        assert radio(page, "tricks_1", 1).is_checked()
        taps.save()
        assert taps.count == 2 * players + 2
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert [hand["points"] for hand in game["hands"]] == [
            [20, 30, 20, -10],
            [20, -10, 20, 30],
        ]
        assert game["totals"] == [40, 20, 40, 20]
        assert game["cards"] == 3 and game["hands_left"] == 13
        scoreboard = page.locator("main").inner_text()
        assert all(name in scoreboard for name in names) and "♠" in scoreboard
        fits(page, "scoreboard", language)
