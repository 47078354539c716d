"""A folded count's stepper (− number +) keeps to one row at 360 px, beside the longest
names, in both directions: it is a span in a ``.field.inline``, whose spans were blocks,
so its − and + stacked under each other (issue 46; the kept phone's form draws the same
markup with the same stylesheet)."""

from __future__ import annotations

import pytest

from tests.support.browser import api
from tests.support.game_page_matrix import NAMES
from tests.support.offline_phone import new_phone

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_stepper_keeps_its_minus_number_and_plus_on_one_row(browser, live_server, language):
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"game": "israeli-whist", "players": list(NAMES[:4]), "first_dealer": 0},
    )
    context = new_phone(browser, live_server, language)
    try:
        page = context.new_page()
        page.goto(created["edit_url"])
        page.goto(f"/games/{created['id']}/hands/new")
        page.locator("#hand details.folded summary").click()
        rows = page.locator("details.folded .stepper").evaluate_all(
            """(steppers) => steppers.map((stepper) => [...stepper.children].map((part) => {
                const box = part.getBoundingClientRect();
                return [box.top, box.bottom, box.left, box.right];
            }))"""
        )
        assert len(rows) == 4
        for parts in rows:
            tops = {round(top) for top, _, _, _ in parts}
            assert len(tops) == 1, parts  # − number + side by side, not stacked
            assert all(left >= 0 and right <= 360.5 for _, _, left, right in parts), parts
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
