"""Helpers of tests/web/games/test_kept_by_version.py."""

from __future__ import annotations

import re

from scorekeeper.lru import Lru
from scorekeeper.web.games import printed, routes


def drawn_afresh(client, url: str, **headers) -> bytes:
    """The page at ``url`` drawn from nothing: the kept sheets and rows forgotten first."""
    printed.PAPERS.clear()
    routes.SHOWN_ROWS.clear()
    return client.get(url, headers=headers).get_data()


def rows_of(page: bytes) -> list[str]:
    body = re.findall(r"<tbody>(.*?)</tbody>", page.decode(), re.S)[0]
    return re.findall(r"<tr>.*?</tr>", body, re.S)


def incremental_spy(monkeypatch, routes_module) -> list:
    """Records what each call of the scoreboard's ``rows_with_new_hand`` gave (None: the
    rows were drawn whole)."""
    given: list = []
    original = routes_module.rows_with_new_hand

    def spy(*args, **kwargs):
        found = original(*args, **kwargs)
        given.append(found)
        return found

    monkeypatch.setattr(routes_module, "rows_with_new_hand", spy)
    return given


def drawn_aside(client, url: str) -> bytes:
    """The page at ``url`` drawn from nothing, the rows kept meanwhile left as they were."""
    kept = routes.SHOWN_ROWS
    routes.SHOWN_ROWS = Lru(16)
    try:
        return client.get(url).get_data()
    finally:
        routes.SHOWN_ROWS = kept
