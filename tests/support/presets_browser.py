"""Helpers of tests/browser/test_presets_browser.py."""

from __future__ import annotations

import html
import re
import urllib.request

from scorekeeper import db
from tests.support.live import SERVED


def drawn_values(base: str, key: str, name: str) -> dict[str, str]:
    """Each house rule's "preset:" value as the server draws the page opened on ``name``."""
    with urllib.request.urlopen(f"{base}/games/new?game={key}&rules={name}") as answer:
        drawn = answer.read().decode()
    found = re.findall(r'data-knob="([^"]+)".*?<output dir="auto">([^<]*)</output>', drawn, re.S)
    return {knob: html.unescape(value) for knob, value in found}


def stored_settings(base: str, page) -> dict:
    game_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    database = db.open_database(SERVED[base])
    try:
        return db.load_game(database, game_id).settings.to_dict()
    finally:
        database.close()
