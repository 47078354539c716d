"""The calls of the phone's worker (``static/phone-engine-worker.js``): the engine's
(``engine/phone.py``), and the pages it draws with the server's templates. Issue 46."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import phone as engine
from ..engine.phone import preview, read, resume
from . import render

__all__ = ["batch", "preview", "read", "resume"]


def sheet(request: Mapping[str, Any]) -> dict[str, Any]:
    """``engine.phone.scoreboard``, its totals, banner, turn, table head, hands and their
    legend drawn as the server draws them (``tiles_html``, ``banner_html``, ``turn_html``,
    ``head_html``, ``hands_html`` and ``legend_html``: ``templates/_sheet.html``), its
    hands counted (``count``); the hands after ``pending`` (the last the server has)
    marked with ``pending_mark``."""
    answer = engine.scoreboard(request)
    pending = request.get("pending")
    mark = str(request.get("pending_mark", ""))
    language = str(request.get("language", "en"))
    drawn = render.sheet(language, answer, None if pending is None else int(pending), mark)
    count = answer.pop("hand_rows").count
    for model in ("standing", "page_words", "seats", "shows_dealer", "legend"):
        del answer[model]
    return answer | {f"{part}_html": html for part, html in drawn.items()} | {"count": count}


CALLS = {**engine.CALLS, "sheet": sheet}


def batch(requests: str) -> str:
    """``engine.phone.batch`` with the calls that draw pages too."""
    return engine.batch(requests, CALLS)
