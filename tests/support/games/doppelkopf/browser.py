"""Helpers of tests/games/doppelkopf/test_browser.py."""

from __future__ import annotations

from tests.support.browser import Taps
from tests.support.rtl_browser import fits_the_phone


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"doppelkopf-{language}-{name}", language)


def points(taps: Taps, value: int) -> None:
    """Taps the card points' box and types them (one tap; the digits are typed)."""
    taps(taps.page.locator('input[name="re_points"]'))
    taps.page.locator('input[name="re_points"]').fill(str(value))
