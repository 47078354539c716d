"""Helpers of tests/games/skat/test_browser.py."""

from __future__ import annotations

from tests.support.browser import Taps
from tests.support.rtl_browser import fits_the_phone


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"skat-{language}-{name}", language)


def typed(taps: Taps, name: str, digits: str) -> None:
    """A tap on the declarer's number box, and a tap for each digit typed."""
    taps(taps.page.locator(f'input[name="{name}"]'))
    taps.page.keyboard.type(digits)
    taps.count += len(digits)
