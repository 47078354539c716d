"""Helpers of tests/browser/test_evening_card_browser.py."""

from __future__ import annotations

from tests.support.accessibility import SERIOUS


def serious(axe, page) -> list[str]:
    results = axe.run(page)
    return [v["id"] for v in results.response["violations"] if v["impact"] in SERIOUS]
