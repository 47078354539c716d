"""Helpers of tests/browser/test_members_browser.py."""

from __future__ import annotations

from scorekeeper import db
from tests.support.accessibility import SERIOUS
from tests.support.live import SERVED
from tests.support.rtl_browser import ARTIFACTS, FLIPPED, OVERFLOWING


def shot(page, language: str, name: str, axe) -> None:
    """Asserts the page is in ``language``, fits 360 px, reads in order and has no serious
    or critical accessibility violation (axe-core); keeps a screenshot."""
    assert page.locator("html").get_attribute("lang") == language
    assert page.locator("html").get_attribute("dir") == ("rtl" if language == "he" else "ltr")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{language}-{name}.png"), full_page=True)
    scroll, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll <= client, (name, scroll, client)
    assert page.evaluate(OVERFLOWING) == [], name
    if language == "he":
        assert page.evaluate(FLIPPED) == [], name
    violations = axe.run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in SERIOUS] == [], name


def invite_of(base: str, group_id: int) -> str:
    database = db.open_database(SERVED[base])
    try:
        return db.load_group(database, group_id).invite
    finally:
        database.close()
