"""Helpers of tests/browser/test_stats_names_browser.py."""

from __future__ import annotations

from urllib.parse import quote

from tests.support.browser_shared import LANGUAGES, PHONE
from tests.support.live import watched_page


def compared(group: int, game: str, names: list[str]) -> str:
    return f"/groups/{group}/players?game={game}&" + "&".join(
        f"player={quote(name)}" for name in names
    )


def _phone(browser, base: str, language: str):
    """A page 360 px wide on the live server, asking for ``language``."""
    viewport = {"width": PHONE, "height": 800}
    headers = {"Accept-Language": LANGUAGES[language]}
    return watched_page(browser, base, viewport=viewport, extra_http_headers=headers)
