"""The looking-back pages in real Chromium: axe-core finds no serious or critical problem
in English and Hebrew, light and dark, and every control is big enough for a thumb."""

import pytest

from tests.support.accessibility import (  # noqa: F401  (fixtures)
    MIN_TARGET,
    SERIOUS,
    TARGETS,
    phones,
    table,  # noqa: F401  (fixtures)
    table_server,
)

pytestmark = pytest.mark.browser

PAGES = {
    "history": "/history?player=Noa",
    "statistics": "/games/{id}/stats",
    "players": "/players?player=Noa&player=Eitan",
    "player": "/players/Noa",
    "name and notes": "/games/{id}/details",
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_accessibility_violation(axe, table, name, language, scheme):  # noqa: F811
    page, game_id = table("israeli-whist", language, scheme)
    page.goto(PAGES[name].format(id=game_id))
    assert page.locator("html").get_attribute("lang") == language
    results = axe.run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    assert serious == [], results.generate_report()


@pytest.mark.parametrize("name", list(PAGES))
def test_every_control_is_big_enough_for_a_thumb(table, name):  # noqa: F811
    page, game_id = table("israeli-whist", "en")
    page.goto(PAGES[name].format(id=game_id))
    small = page.evaluate(
        """([selector, least]) => Array.from(document.querySelectorAll(selector))
            .filter((el) => el.getClientRects().length)
            .filter((el) => !(el.tagName === "A" && el.closest("p, figcaption")))
            .map((el) => {
                const box = el.getBoundingClientRect();
                return [el.outerHTML.slice(0, 80), Math.round(box.width), Math.round(box.height)];
            })
            .filter(([, w, h]) => w < least || h < least)""",
        [TARGETS, MIN_TARGET],
    )
    assert small == []
