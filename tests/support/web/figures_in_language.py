"""Helpers of tests/web/test_figures_in_language.py."""

from __future__ import annotations

import html
import re


def visible(page: str) -> str:
    """What a reader sees: the body's text, without tags, scripts or attributes."""
    body = page[page.index("<body") :]
    body = re.sub(r"<(script|style|template)\b.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))
