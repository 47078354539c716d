"""Helpers of tests/browser/test_evening_browser.py."""

from __future__ import annotations

import re

from tests.support.app import SEAT_NAMES
from tests.support.display_browser import new_game


def clean(text: str) -> str:
    return re.sub("[\u2066-\u2069]", "", text)


def game_on_phone(page, live_server, hands=(), **body):
    """A pagat-german game with ``hands`` recorded, open on this phone's edit link."""
    created = new_game(live_server, SEAT_NAMES, hands, **body)
    page.goto(created["edit_url"])
    return created
