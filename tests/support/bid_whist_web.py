"""Helpers of tests/games/bid_whist/test_web.py, which other tests use too."""

from __future__ import annotations

import html
import re


def text_of(response) -> str:
    return response.get_data(as_text=True)


def plain(response) -> str:
    """The page's text without tags (and what scripts read: JSON, templates), its
    isolates and spaces folded."""
    text = re.sub(r"<(script|template)\b.*?</\1>", " ", text_of(response), flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(re.sub("[\u2066-\u2069]", "", text))
    return re.sub(r"\s+", " ", text)
