"""A club night's standings on a screen across the room (issue 56, item 9): on a 1280 × 720
TV a page of the standings fits the screen, and the pages turn by themselves; on a phone
the projector's headings stay readable."""

from __future__ import annotations

import re

import pytest

from tests.support.club_live import joined_page, live_night

PLAYERS = [f"Spielerin {n:02d} Lüdenscheidt" for n in range(1, 14)]


@pytest.mark.browser
def test_a_tv_shows_a_page_of_the_standings_that_fits_and_turns_to_the_next(browser, live_server):
    group, night = live_night(live_server, "skat", PLAYERS, name="Skatclub")
    viewport = {"width": 1280, "height": 720}
    with joined_page(browser, live_server, group, viewport=viewport) as page:
        base = f"/groups/{group['id']}/club/{night['id']}/standings?projector=1"
        answer = page.goto(base)
        rows = page.locator("#club-standings tbody tr")
        assert rows.count() == 8
        bottom = page.evaluate(
            "document.querySelector('#club-standings').getBoundingClientRect().bottom"
        )
        assert bottom <= 720, bottom  # the whole page of lines on the screen
        # and nothing under it to scroll to: a TV shows the page, no one scrolls it.
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 720, height
        refresh = answer.headers["refresh"]
        assert re.fullmatch(r"10; url=\S+page=2\S*", refresh), refresh
        assert "Page 1 of 2" in page.locator("#projector-page").inner_text()
        page.goto(base + "&page=2")
        assert page.locator("#club-standings tbody tr").count() == 5
        last = page.goto(base + "&page=2")
        assert "page=1" in last.headers["refresh"]  # and round again
        shown = set(page.locator("#club-standings tbody th").all_inner_texts())
        page.goto(base)
        shown |= set(page.locator("#club-standings tbody th").all_inner_texts())
        assert shown == set(PLAYERS)


@pytest.mark.browser
def test_the_projectors_headings_stay_readable_on_a_phone(browser, live_server):
    group, night = live_night(live_server, "skat", PLAYERS, name="Skatclub")
    viewport = {"width": 360, "height": 800}
    with joined_page(browser, live_server, group, viewport=viewport) as page:
        page.goto(f"/groups/{group['id']}/club/{night['id']}/standings?projector=1")
        sizes = page.evaluate(
            "[...document.querySelectorAll('#club-standings thead th')]"
            ".map(th => parseFloat(getComputedStyle(th).fontSize))"
        )
        assert sizes and min(sizes) >= 12, sizes
