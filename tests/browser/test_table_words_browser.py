"""The table's words in real Chromium, with the page script (issue 30, items 3, 8, 13):
an empty Save heard once and in speaking order, and a folded bid read back with its Frisch
count apart, in English and Hebrew."""

from __future__ import annotations

import re

import pytest

from tests.support.live import watched_page
from tests.support.table_words_browser import key, started

pytestmark = pytest.mark.browser

ISOLATES = re.compile("[\u2066-\u2069]")
HEBREW = {"locale": "he-IL", "extra_http_headers": {"Accept-Language": "he"}}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({}, "Still missing: Bid for Christopher, and 7 more entries."),
        (HEBREW, "עדיין חסר: הכרזה של Christopher, ועוד 7 רישומים."),
    ],
    ids=["en", "he"],
)
def test_an_empty_save_names_the_first_bidder_once(browser, live_server, options, words):
    """Spades, seat 0 dealing: the form opens on Christopher's bid (the dealer's left), and
    an empty Save says once, naming him, what is missing first."""
    with watched_page(browser, live_server, {"width": 360, "height": 800}, **options) as page:
        game_id = started(page, live_server, "spades")
        page.goto(f"/games/{game_id}/hands/new")
        seats = page.locator("#bidding fieldset.seat")
        order = sorted(
            range(seats.count()),
            key=lambda i: int(seats.nth(i).evaluate("f => getComputedStyle(f).order")),
        )
        shown = [seats.nth(i).get_attribute("data-seat") for i in order]
        assert shown == ["1", "2", "3", "0"]
        with page.expect_navigation():
            page.locator("#save").click()
        summary = page.locator(".error-summary li").all_inner_texts()
        assert [ISOLATES.sub("", text) for text in summary] == [words]


@pytest.mark.parametrize(
    ("options", "words"),
    [({}, "נועה 6♥ · 1 Frisch"), (HEBREW, "נועה 6♥ · 1 פריש")],
    ids=["en", "he"],
)
def test_the_frisch_count_is_read_back_apart_from_the_bid(browser, live_server, options, words):
    """The phase-one head read "16♥" (Frisch 1, level 6) as one number; the count now
    stands apart, and is not read back at its default 0."""
    with watched_page(browser, live_server, {"width": 360, "height": 800}, **options) as page:
        game_id = started(page, live_server, "israeli-whist")
        page.goto(f"/games/{game_id}/hands/new")
        for name, value in (("declarer", "2"), ("level", "6"), ("denomination", "H")):
            key(page, name, value).click()
        head = page.locator("#bid .head output")
        assert ISOLATES.sub("", head.inner_text()) == words.split(" · ")[0]
        head.click()  # open the folded step again
        key(page, "frisch_rounds", "1").click()
        assert ISOLATES.sub("", head.inner_text()) == words
