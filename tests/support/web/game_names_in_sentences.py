"""Helpers of tests/web/test_game_names_in_sentences.py."""

from __future__ import annotations

import html
import re


def said(response) -> str:
    page = re.sub(r"<[^>]+>", "", response.get_data(as_text=True))
    return " ".join(html.unescape(page).replace("\u2068", "").replace("\u2069", "").split())
