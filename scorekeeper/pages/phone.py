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


def form(request: Mapping[str, Any]) -> dict[str, Any]:
    """``engine.phone.hand_form``, drawn as the server draws it (``templates/_hand_form.html``):
    the whole form (``html``), its hand's ``number``, and its parts as the server's page has
    them (``savebar_html``, ``head_html``, ``steps_html``, ``scripts_html``)."""
    answer = engine.hand_form(request)
    drawn = render.hand_form(str(request.get("language", "en")), answer.pop("form"))
    return (
        answer
        | {"html": drawn.pop("html")}
        | {f"{part}_html": html for part, html in drawn.items()}
    )


CALLS = {**engine.CALLS, "sheet": sheet, "form": form}


def batch(requests: str) -> str:
    """``engine.phone.batch`` with the calls that draw pages too."""
    return engine.batch(requests, CALLS)
