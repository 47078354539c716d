"""The calls of the phone's worker (``static/phone-engine-worker.js``): the engine's
(``engine/phone.py``), and the pages it draws with the server's templates. Issue 46."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from markupsafe import Markup

from ..engine import phone as engine
from ..engine.pages import kept
from ..engine.phone import preview, read, resume
from . import render

__all__ = ["batch", "preview", "read", "resume"]


def sheet(request: Mapping[str, Any]) -> dict[str, Any]:
    """``engine.phone.scoreboard``, its totals, banner, turn, table head, hands and their
    legend drawn as the server draws them (``tiles_html``, ``banner_html``, ``turn_html``,
    ``head_html``, ``hands_html`` and ``legend_html``: ``templates/_sheet.html``), its
    hands counted (``count``); the hands after ``pending`` (the last the server has)
    marked with ``pending_mark``; and the whole kept board (``html``: ``templates/_kept.html``)
    around them, saying the hands before ``earlier`` + 1 are on the server only, a
    ``refused`` queued hand (``{"number", "said", "hand"}``, ``hand`` as the engine read
    it) asked to be removed on top, shown in one line, and with ``copy`` (``{"queued",
    "removed"}``, how many hands the phone holds that the server has not got) the way
    to save this phone's copy (``copy`` below)."""
    answer = engine.scoreboard(request)
    pending = request.get("pending")
    mark = str(request.get("pending_mark", ""))
    language = str(request.get("language", "en"))
    drawn = render.sheet(language, answer, None if pending is None else int(pending), mark)
    count = answer.pop("hand_rows").count
    for model in ("standing", "page_words", "seats", "shows_dealer", "legend"):
        del answer[model]
    refused = request.get("refused")
    drop = None
    if refused is not None:
        hand = engine.described(request, refused["hand"]) if refused.get("hand") else ""
        drop = kept.dropper(refused["number"], refused.get("said"), hand)
    earlier = int(request.get("earlier") or 0)
    held = request.get("copy") or {}
    removed = int(held.get("removed") or 0)
    offered = removed > 0 or int(held.get("queued") or 0) > 0
    paired = bool(answer.get("paired"))
    board = kept.Board(answer.get("record"), earlier, drop, count, paired, offered, removed)
    parts = {part: Markup(html) for part, html in drawn.items()}  # drawn by the template
    whole = render.kept(language, "board", board, parts)
    parts_html = {f"{part}_html": html for part, html in drawn.items()}
    return answer | parts_html | {"count": count, "html": whole}


def form(request: Mapping[str, Any]) -> dict[str, Any]:
    """``engine.phone.hand_form``, drawn as the server draws it (``templates/_hand_form.html``):
    the whole form (``html``), its hand's ``number``, and its parts as the server's page has
    them (``savebar_html``, ``head_html``, ``steps_html``, ``scripts_html``); on the kept
    page the way back to its board after it (``back_html``) and, for a queued hand the
    server refused (its number ``drop``), the question to remove it (``drop_html``). With
    ``hands`` (the queued hands before it) the form follows them from ``state``; the
    answer's ``state`` is the one it follows (refused, as ``resume`` is, if one is)."""
    if request.get("hands"):
        resumed = engine.resume_game(request)
        if "error" in resumed:
            return resumed
        request = {**request, "state": resumed["state"]}
    answer = engine.hand_form(request) | {"state": request["state"]}
    language = str(request.get("language", "en"))
    drawn = render.hand_form(language, answer.pop("form"))
    drop = request.get("drop")
    views = {"back": render.kept(language, "back")}
    if drop is not None:
        hand = engine.described(request, request["hand"]) if request.get("hand") else ""
        views["drop"] = render.kept(language, "dropper", kept.dropper(drop, hand=hand))
    return (
        answer
        | {"html": drawn.pop("html")}
        | {f"{part}_html": html for part, html in (drawn | views).items()}
    )


def clash(request: Mapping[str, Any]) -> dict[str, str]:
    """Both versions of a hand side by side, as the server's ``answer`` (its 409 to a
    queued hand recorded on another phone too) has them (``html``)."""
    language = str(request.get("language", "en"))
    return {"html": render.kept(language, "clash", kept.clash(request["answer"]))}


COPY_FORMAT = "scorekeeper-phone-copy"


def copy(request: Mapping[str, Any]) -> dict[str, str]:
    """This phone's copy of kept game ``id``, a file for the table to save (issue 44):
    the hands the phone holds that the server has not got, the ``queued`` ones still to
    be sent and the ``removed`` ones (taken off the queue because the game no longer took
    them, with what the server ``said`` and when), each as entered (``hand``: what the
    server's API takes, so it can still be recorded by hand or through the API) and in
    one line as the page says it, in the request's language (``record``: the hand as
    the engine read it). Answers ``{"filename", "text"}``."""

    def held(item: Mapping[str, Any], removed: bool) -> dict[str, Any]:
        record = item.get("record")
        kept_hand = {
            "number": int(item["number"]),
            "hand": dict(item["hand"]),
            "described": engine.described(request, record) if record else "",
        }
        if removed:
            kept_hand["said"] = [str(line) for line in item.get("said") or ()]
            kept_hand["removed_at"] = str(item.get("removed_at") or "")
        return kept_hand

    game_id = int(request["id"])
    document = {
        "format": COPY_FORMAT,
        "version": 1,
        "game": {"id": game_id, "game": str(request["game"]), "players": list(request["players"])},
        "phone": str(request.get("by") or ""),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "queued": [held(item, False) for item in request.get("queued") or ()],
        "removed": [held(item, True) for item in request.get("removed") or ()],
    }
    text = json.dumps(document, ensure_ascii=False, indent=1)
    return {"filename": f"scorekeeper-game-{game_id}-phone-copy.json", "text": text}


CALLS = {**engine.CALLS, "sheet": sheet, "form": form, "clash": clash, "copy": copy}


def batch(requests: str) -> str:
    """``engine.phone.batch`` with the calls that draw pages too."""
    return engine.batch(requests, CALLS)
