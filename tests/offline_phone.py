"""A phone keeping a game and recording it without the network (issue 34), as the browser
tests drive it: tests/test_offline_client.py and the app conformance suite."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

ENGINE_TIMEOUT = 60_000  # ms: Pyodide compiles its core on a loaded machine


def keep_game(page, game_id: int, name: str) -> None:
    """Taps "Keep this game on this phone", says whose phone it is, and waits until the
    phone says it is kept (with what it took)."""
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    page.locator("#keep").click()
    page.locator("#keep-whose button", has_text=name).click()
    page.wait_for_function(
        f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'", timeout=ENGINE_TIMEOUT
    )
    said = page.locator("#keep-status").inner_text()
    assert re.search(r"\d", said), said


def kept_board(page) -> None:
    """Waits for the kept page's scoreboard, drawn by the engine in the phone."""
    page.locator("#kept-board .board").wait_for(timeout=ENGINE_TIMEOUT)


def number_of(text: str) -> str:
    """A number as a page shows it (isolated, a true minus) as the API writes it."""
    text = unicodedata.normalize("NFKC", re.sub("[\u2066-\u2069\u200e\u200f]", "", text))
    return text.replace("\u2212", "-").strip()


def totals_shown(page) -> list[str]:
    return [number_of(t) for t in page.locator("#kept-board ol.totals b").all_inner_texts()]


def row_totals(page, number: int, where: str) -> list[str]:
    return [number_of(t) for t in page.locator(f"{where} tr#h{number} td b").all_inner_texts()]


def record_offline(page, entry: Any, enter: Callable[[Any, Any], None]) -> None:
    """Record, the hand's keys (``enter``), its preview, Save (or the entry's action):
    the kept scoreboard shows it, queued."""
    page.locator("#kept-board #record").click()
    page.locator("#kept-entry form#hand").wait_for()
    enter(page, entry)
    if entry.action is None:
        page.locator("#preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
    queued = page.locator("#kept-board tr.pending").count()
    page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save").click()
    page.locator("#kept-board tr.pending").nth(queued).wait_for(timeout=ENGINE_TIMEOUT)
