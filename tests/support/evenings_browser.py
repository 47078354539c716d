"""Helpers of tests/browser/test_evenings_browser.py, which other tests use too."""

from __future__ import annotations

from tests.support.accessibility import SERIOUS

LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9"}


LONG_NAMES = (
    "אלכסנדרה בן-דויד",
    "Christopher Mont",
    "שלומית אבן-חיימי",
    "Montgomery-White",
    "נחמיה בן-אליעזר",
    "Bartholomew Kidd",
    "Maximilian Ernst",
    "Alexandra Wilder",
)


def fits(page, width: int) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= width


def serious(axe, page) -> list[str]:
    results = axe.run(page)
    return [v["id"] for v in results.response["violations"] if v["impact"] in SERIOUS]
