"""Helpers of tests/web/club/test_table_changes_rows.py."""

from __future__ import annotations

import html
import re


def rows_said(client, game_id: int, language: str = "en") -> list[str]:
    """The scoreboard's rows that say a change at the table, as read."""
    page = client.get(f"/games/{game_id}?all=1", headers={"Accept-Language": language})
    rows = re.findall(
        r'<tr class="seat-change"><td[^>]*>(.*?)</td></tr>', page.get_data(as_text=True)
    )
    return [html.unescape(re.sub(r"[\u2066-\u2069]", "", row)) for row in rows]
