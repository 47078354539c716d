"""Helpers of tests/web/review/test_player_page_kept.py."""

from __future__ import annotations

import re


def page_text(client, url: str) -> str:
    """The page's words, each cell apart: "Games|6|Finished games won|6/6 (100%)"."""
    page = client.get(url).get_data(as_text=True)
    return re.sub(r"(\|\s*)+", "|", re.sub(r"<[^>]+>", "|", page))
