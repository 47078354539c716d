"""Evenings in real Chromium at 360 and 390 px, in English, Hebrew and German (issue 22): the
evening's page and History's evenings render, fit the phone's width with names of 16
characters, and have no serious or critical axe violation."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper import db
from tests.support.evenings import START, finished, sheet, simulated, stored, thrown_in_first
from tests.support.evenings_browser import LANGUAGES, LONG_NAMES, fits, serious
from tests.support.live import PHONE, SERVED, join_in_browser

pytestmark = pytest.mark.browser

HEADINGS = {
    "en": "Evening of",
    "he": "ערב",
    "de": "Abend vom",
}


@pytest.fixture
def evening(live_server):
    """An evening of a partnership game, Israeli Whist with a thrown-in deal, and the
    round sheet at 8 players, all with long names, and an earlier evening: (first game
    of the evening, its group)."""
    database = db.open_database(SERVED[live_server])
    try:
        group = db.create_group(database, None)[0].id
        ids = stored(
            database,
            sheet([(1, 2, 3, 4)], LONG_NAMES[:4], START - timedelta(days=7)),
            finished("bid-whist", 4, START, players=LONG_NAMES[:4]),
            thrown_in_first(
                simulated("israeli-whist", 4, 6, START + timedelta(hours=2), players=LONG_NAMES[4:])
            ),
            sheet([tuple(range(8))], LONG_NAMES, START + timedelta(hours=3)),
            group_id=group,
        )
    finally:
        database.close()
    return ids[1], group


@pytest.mark.parametrize("width", (360, PHONE["width"]))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_evening_and_historys_evenings_on_a_phone(
    browser, live_server, axe, evening, language, width
):
    first, group = evening
    context = browser.new_context(
        viewport={**PHONE, "width": width},
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    try:
        page = context.new_page()
        join_in_browser(page, live_server, first)
        assert page.goto(f"/groups/{group}/evenings/{first}").status == 200
        assert HEADINGS[language] in page.locator("h1").inner_text()
        assert page.locator("html").get_attribute("dir") == ("rtl" if language == "he" else "ltr")
        assert page.locator("#evening-games > li").count() == 3
        assert page.locator("#standings tbody tr").count() > 0
        assert page.locator("#best-hands li").count() == 3
        assert fits(page, width), "the evening's page is wider than the phone"
        assert serious(axe, page) == []
        # Its games lead to their scoreboards.
        page.locator("#evening-games a").first.click()
        page.wait_for_url(f"**/games/{first}")

        assert page.goto(f"/groups/{group}/history").status == 200
        evenings = page.locator("details.evening")
        assert evenings.count() == 2
        evenings.first.locator("summary").click()
        assert evenings.first.locator("ul.games li").first.is_visible()
        assert fits(page, width), "History is wider than the phone"
        assert serious(axe, page) == []
        with page.expect_navigation():
            evenings.first.locator(".evening-link a").click()
        assert page.url.endswith(f"/groups/{group}/evenings/{first}")
    finally:
        context.close()
