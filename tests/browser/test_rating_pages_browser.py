"""The ratings' pages in real Chromium at 360 px, in English, Hebrew, German and French
(issue 22; French's longer headings once pushed the player's table past the phone, 69):
the ratings page and a player's page with their rating chart render, fit the phone's
width with names of 16 characters, and have no serious or critical axe violation; on New
game, tapping "Seat them so" seats the fairest partnerships."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote

import pytest

from scorekeeper import db
from tests.support.evenings import START, finished, sheet, stored
from tests.support.evenings_browser import LANGUAGES, LONG_NAMES, fits, serious
from tests.support.live import PHONE, SERVED, join_in_browser, watched_page

pytestmark = pytest.mark.browser

TITLES = {"en": "Ratings", "he": "דירוגים", "de": "Wertungen", "fr": "Classements"}
PAGE_LANGUAGES = {**LANGUAGES, "fr": "fr-FR,fr;q=0.9"}


@pytest.fixture
def rated(live_server):
    """A group with round sheets of eight long names and two Bid Whist games of four:
    (a game of the group, the group)."""
    database = db.open_database(SERVED[live_server])
    try:
        group = db.create_group(database, None)[0].id
        ids = stored(
            database,
            *(
                sheet(
                    [tuple((seat * (k + 3)) % 8 for seat in range(8))],
                    LONG_NAMES,
                    START + timedelta(hours=k),
                )
                for k in range(6)
            ),
            finished("bid-whist", 4, START + timedelta(hours=7), players=LONG_NAMES[:4]),
            finished("bid-whist", 4, START + timedelta(hours=8), players=LONG_NAMES[:4], seed=9),
            group_id=group,
        )
    finally:
        database.close()
    return ids[0], group


@pytest.mark.parametrize("language", PAGE_LANGUAGES)
def test_the_ratings_page_and_a_players_chart_on_a_phone(
    browser, live_server, axe, rated, language
):
    first, group = rated
    # The narrowest phone: at 360 px the trend kept for screen readers once sat beyond the
    # screen's right edge, and the page was 388 px wide (issue 43).
    width = 360
    context = browser.new_context(
        viewport={**PHONE, "width": width},
        base_url=live_server,
        extra_http_headers={"Accept-Language": PAGE_LANGUAGES[language]},
    )
    try:
        page = context.new_page()
        join_in_browser(page, live_server, first)
        page.locator("#ratings-link").click()
        page.wait_for_url(f"**/groups/{group}/ratings")
        assert TITLES[language] in page.locator("h1").inner_text()
        # The first kind in the registry's order that the group has ratings in.
        assert page.locator("#ratings tbody tr").count() == 4
        assert page.locator("#ratings svg.spark").count() == 4
        assert page.locator("#ratings-note").is_visible()
        assert fits(page, width), "the ratings page is wider than the phone"
        assert serious(axe, page) == []
        page.locator("#choose-kind select").select_option("any-game")
        with page.expect_navigation():
            page.locator("#choose-kind button").click()
        assert page.locator("#ratings tbody tr").count() == 8
        assert page.locator("#ratings svg.spark").count() == 8
        assert fits(page, width)
        assert serious(axe, page) == []

        with page.expect_navigation():
            page.locator("#ratings tbody a", has_text=LONG_NAMES[0]).click()
        assert page.url.endswith(f"/players/{quote(LONG_NAMES[0])}")
        chart = page.locator("#rating-chart svg")
        assert chart.is_visible()
        assert chart.locator("g.l").count() == 2  # Bid Whist and the round sheet
        assert page.locator("#rating-summary tbody tr").count() == 2
        assert fits(page, width), "the player's page is wider than the phone"
        # Its table of ratings whole on the phone, not in a strip to scroll sideways.
        scrolled, shown = page.locator("#rating-summary").evaluate(
            "(t) => [t.parentElement.scrollWidth, t.parentElement.clientWidth]"
        )
        assert scrolled <= shown, f"the ratings table is {scrolled} px wide in {shown} px"
        assert serious(axe, page) == []
    finally:
        context.close()


def test_seat_them_so_seats_the_fairest_partnerships(browser, live_server, axe, rated):
    first, group = rated
    names = LONG_NAMES[:4]
    database = db.open_database(SERVED[live_server])
    try:
        fairest = db.fairest_partnerships(database, group, "bid-whist", names)
    finally:
        database.close()
    with watched_page(browser, live_server) as page:
        join_in_browser(page, live_server, first)
        page.goto(f"/games/new?game=bid-whist&group={group}")
        assert page.locator("#see-chances").is_hidden()
        for seat, name in enumerate(names):
            page.locator(f"#player_{seat}").fill(name)
        page.locator("#seat-fairest").wait_for(state="visible")
        assert page.locator("#chances-list li").count() == 2
        page.locator("#seat-fairest").click()
        seated = [page.locator(f"#player_{seat}").input_value() for seat in range(4)]
        assert seated == list(fairest.seating)
        # The chances shown are now the fairest seating's.
        page.wait_for_function(
            "(want) => document.getElementById('chances-list').textContent.includes(want)",
            arg=f"{round(fairest.chances[0] * 100)}%",
        )
        assert fits(page, PHONE["width"])
        assert serious(axe, page) == []
