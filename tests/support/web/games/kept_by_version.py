"""Helpers of tests/web/games/test_kept_by_version.py."""

from __future__ import annotations

import re

from scorekeeper.web.games import printed, routes


def drawn_afresh(client, url: str, **headers) -> bytes:
    """The page at ``url`` drawn from nothing: the kept sheets and rows forgotten first."""
    printed.PAPERS.clear()
    routes.SHOWN_ROWS.clear()
    return client.get(url, headers=headers).get_data()


def rows_of(page: bytes) -> list[str]:
    body = re.findall(r"<tbody>(.*?)</tbody>", page.decode(), re.S)[0]
    return re.findall(r"<tr>.*?</tr>", body, re.S)
