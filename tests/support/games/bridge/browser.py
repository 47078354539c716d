"""Helpers of tests/games/bridge/test_browser.py."""

from __future__ import annotations

from tests.support.browser import Taps
from tests.support.rtl_browser import fits_the_phone


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"bridge-{language}-{name}", language)


def contract(taps: Taps, declarer: int, level: int, strain: str) -> None:
    taps.key("declarer", declarer)
    taps.key("level", level)
    taps.key("strain", strain)
