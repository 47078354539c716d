"""Helpers of tests/games/pinochle/test_browser.py."""

from __future__ import annotations

from tests.support.browser import Taps


def more(taps: Taps, box: str, times: int = 1) -> None:
    """Taps the + beside a folded count ``times``."""
    for _ in range(times):
        taps(taps.page.locator(f'.stepper:has(input[name="{box}"]) button').last)
