"""The bridge board on a 360 px phone (issue 56), in English and Hebrew: before the next
deal it says who is vulnerable; Chicago's pad is the scorer's grid of four columns (the
deal, who was vulnerable, We, They), each column's cell of each row inside the screen;
the page is no wider than the phone and axe finds nothing serious."""

from __future__ import annotations

import pytest

from tests.support.games.bridge.bridge_board_browser import deal
from tests.support.live import SHOTS, keep_screenshot
from tests.support.shared import call

pytestmark = pytest.mark.browser

LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9"}
PLAYERS = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
VULNERABLE = {"en": "Vulnerable: ", "he": "פגיעים: "}
SERIOUS = {"serious", "critical"}


# Each cell of the grid whose box reaches past the screen's edges.
OUTSIDE = """() => {
  const width = document.documentElement.clientWidth;
  return Array.from(document.querySelectorAll(".chicago-grid th, .chicago-grid td"))
    .filter((c) => { const b = c.getBoundingClientRect(); return b.left < 0 || b.right > width; })
    .map((c) => c.textContent.trim());
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chicago_board_on_a_phone(browser, live_server, axe, language):
    body = {"game": "bridge", "players": PLAYERS[language], "rules": "chicago", "first_dealer": 0}
    made = call(live_server, "/api/games", body)
    for hand in (deal(0, "2S", 8), {"passed_out": True}, deal(1, "1NT", 7)):
        call(live_server, f"/api/games/{made['id']}/hands", hand, made["edit_key"])
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    try:
        page = context.new_page()
        page.goto(f"/games/{made['id']}/edit/{made['edit_key']}")
        page.goto(f"/games/{made['id']}")
        keep_screenshot(page, SHOTS / f"bridge-chicago-board-{language}.png")
        turn = page.locator("section.board p.turn").inner_text()
        assert VULNERABLE[language] in turn and "3" in turn  # deal 3 of 4, Ann & Cat's
        grid = page.locator(".chicago-grid")
        assert grid.locator("thead th").count() == 4
        assert grid.locator("tbody tr").count() == 2  # two deals played, one passed out
        assert page.evaluate(OUTSIDE) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        violations = axe.run(page).response["violations"]
        assert [v["id"] for v in violations if v["impact"] in SERIOUS] == []
    finally:
        context.close()
