"""Helpers of tests/web/games/test_revoke_display.py."""

from __future__ import annotations

import re


def cell(html: str, hand: int, seat: int) -> str:
    row = re.search(rf'<tr id="h{hand}">(.*?)</tr>', html, re.S).group(1)
    return re.findall(r"<td[^>]*>.*?</td>(?=<td|$)", row.split("</th>", 1)[1], re.S)[seat]
