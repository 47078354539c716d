"""A club night's standings on a screen across the room (issues 56 and 68): on a 1280 × 720
TV a usual night's every player (up to 24) fits one screen, the rows sized by their
count (a night of ten in larger type than one of 24), paging only beyond, the pages
turning by themselves; on a phone the projector's headings stay readable."""

from __future__ import annotations

import re

import pytest

from tests.support.club_live import joined_page, live_night
from tests.support.club_projector_browser import TV, _fits, _players


@pytest.mark.browser
def test_a_tv_shows_every_player_of_a_usual_night_and_pages_only_beyond(browser, live_server):
    sizes = {}
    for count in (24, 10, 26):
        group, night = live_night(live_server, "skat", _players(count), name=f"Club {count}")
        with joined_page(browser, live_server, group, viewport=TV) as page:
            base = f"/groups/{group['id']}/club/{night['id']}/standings?projector=1"
            answer = page.goto(base)
            shown = page.locator("#club-standings tbody tr").count()
            assert shown == min(count, 24), (count, shown)
            sizes[count] = _fits(page)[1]
            refresh = answer.headers["refresh"]
            if count <= 24:
                assert page.locator("#projector-page").count() == 0
                assert re.fullmatch(r"10; url=\S+page=1\S*", refresh), refresh  # itself again
                continue
            assert "Page 1 of 2" in page.locator("#projector-page").inner_text()
            assert re.fullmatch(r"10; url=\S+page=2\S*", refresh), refresh
            page.goto(base + "&page=2")
            assert page.locator("#club-standings tbody tr").count() == 2
            names = set(page.locator("#club-standings tbody th .nm").all_inner_texts())
            page.goto(base)
            names |= set(page.locator("#club-standings tbody th .nm").all_inner_texts())
            assert names == set(_players(count))
    # Read from across the room: a night of ten in larger type than one of 24, and 24
    # still in type a TV shows plainly (about 17 px of a 720 px screen).
    assert sizes[10] >= 1.4 * sizes[24], sizes
    assert sizes[24] >= 16, sizes


@pytest.mark.browser
def test_the_projectors_headings_stay_readable_on_a_phone(browser, live_server):
    group, night = live_night(live_server, "skat", _players(13), name="Skatclub")
    viewport = {"width": 360, "height": 800}
    with joined_page(browser, live_server, group, viewport=viewport) as page:
        page.goto(f"/groups/{group['id']}/club/{night['id']}/standings?projector=1")
        sizes = page.evaluate(
            "[...document.querySelectorAll('#club-standings thead th')]"
            ".map(th => parseFloat(getComputedStyle(th).fontSize))"
        )
        assert sizes and min(sizes) >= 12, sizes
