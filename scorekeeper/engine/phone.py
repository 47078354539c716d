"""The engine's calls for a phone that runs it in WebAssembly (Pyodide, issue 34).

A page cannot hold a Python object, so each call takes one JSON text and answers one:
the same engine as the server's, reached through the registry only, with no rule in
JavaScript (``static/phone-engine.js`` loads Pyodide and this package and calls these).

Every request names the game as the server stores it: ``game`` (its registry key),
``seats`` (how many play), ``settings`` (the settings' ``to_dict``) and ``state`` (the
state stored after the hand before: ``state_of``/``hand_state``, as ``hands.state``
holds it). Then:

- ``read``: ``hand`` (a body as ``POST /api/games/<id>/hands`` takes it) read at its
  place; answers ``{"hand": the record's to_dict}``.
- ``preview``: the same, scored without saving; answers what ``POST .../preview`` does.
- ``resume``: ``hands`` (bodies of the hands after ``state``, in order), each read at its
  place, and the game after them: ``{"hands": [...], "state": ..., "totals": ...}`` with
  where the game stands in the keys the API's game JSON uses (``standing``).

A hand the rules refuse answers as the API does, ``{"error": message, "field": name}``,
with ``problems`` (every field and message) and, for ``resume``, the refused hand's
``number``. ``batch`` makes many calls in one (a list of requests, each with its
``call``), so that a page pays the crossing into WebAssembly once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from .core.errors import EngineError, InvalidHand
from .core.game import Game, HandPlace, Progress
from .core.messages import msg
from .registry import table_game

Answer = dict[str, Any]


def read(request: str) -> str:
    """``read_hand`` of a JSON request, as JSON."""
    return _answer(read_hand, request)


def preview(request: str) -> str:
    """``preview_hand`` of a JSON request, as JSON."""
    return _answer(preview_hand, request)


def resume(request: str) -> str:
    """``resume_game`` of a JSON request, as JSON."""
    return _answer(resume_game, request)


def batch(requests: str) -> str:
    """A JSON list of requests, each with its ``call`` (read, preview or resume),
    answered as a JSON list in the same order."""
    return json.dumps([_call(request) for request in json.loads(requests)], default=str)


CALLS: dict[str, Callable[[Mapping[str, Any]], Answer]] = {}


def _answer(call: Callable[[Mapping[str, Any]], Answer], request: str) -> str:
    return json.dumps(_refused_or(call, json.loads(request)), default=str)


def _call(request: Mapping[str, Any]) -> Answer:
    call = CALLS.get(request.get("call", ""))
    if call is None:
        return refusal(EngineError(msg("no such call: read, preview or resume"), "call"))
    return _refused_or(call, request)


def _refused_or(call: Callable[[Mapping[str, Any]], Answer], request: Mapping[str, Any]) -> Answer:
    try:
        return call(request)
    except EngineError as refused:
        return refusal(refused)
    except (KeyError, TypeError, ValueError) as wrong:
        # A request the page built wrong (a state the game did not write, a key missing):
        # a refusal naming it, never a Python traceback in the page.
        problem = f"the request cannot be read: {type(wrong).__name__} {wrong}"
        return {"error": problem, "field": "request", "problems": []}


def refusal(refused: EngineError) -> Answer:
    """A refusal as the API answers it (``{"error", "field"}``), with every problem."""
    problems = refused.errors if isinstance(refused, InvalidHand) else [(refused.field, refused)]
    return {
        "error": str(refused.message),
        "field": refused.field,
        "problems": [{"field": field, "error": str(message)} for field, message in problems],
    }


def _game(request: Mapping[str, Any]) -> tuple[Game, Any]:
    """The game at its table and its settings, read once for as long as they recur (a
    page previews hand after hand under the same settings; settings are immutable)."""
    key = json.dumps([request["game"], request["seats"], request["settings"]], sort_keys=True)
    found = _READ.get(key)
    if found is None:
        rules = table_game(request["game"], int(request["seats"]))
        found = rules, rules.settings_from_dict(request["settings"])
        if len(_READ) >= 16:
            _READ.clear()
        _READ[key] = found
    return found


_READ: dict[str, tuple[Game, Any]] = {}


def _place(rules: Game, request: Mapping[str, Any]) -> HandPlace:
    return rules.place_of(request["state"])


def read_hand(request: Mapping[str, Any]) -> Answer:
    """The hand read at its place, as the server reads it before a save."""
    rules, settings = _game(request)
    record = rules.read_at(settings, request["hand"], _place(rules, request))
    return {"hand": record.to_dict()}


def preview_hand(request: Mapping[str, Any]) -> Answer:
    """The hand's points (and what the game shows beside them) at its place, not saved:
    what ``POST /api/games/<id>/preview`` answers."""
    rules, settings = _game(request)
    place = _place(rules, request)
    record = rules.read_at(settings, request["hand"], place)
    return dict(rules.preview_at(settings, record, place))


def resume_game(request: Mapping[str, Any]) -> Answer:
    """The game from ``state`` on, with ``hands`` recorded after it one at a time as the
    server saves them (each read at its place, then scored there). Stops at the first
    hand refused, naming its ``number``."""
    rules, settings = _game(request)
    state = request["state"]
    finish = {"finish_after": request.get("finished_after")} if rules.finish_now else {}
    progress = rules.resume(settings, state, [], **finish)
    hands = []
    for body in request.get("hands", ()):
        number = progress.next_number
        try:
            if progress.status == "finished":
                raise EngineError(msg("the game is over"), "number")
            record = rules.read_at(settings, body, rules.place_of(state))
        except EngineError as refused:
            return {**refusal(refused), "number": number}
        progress = rules.resume(settings, state, [record], **finish)
        state = rules.state_of(progress)
        replayed = progress.hands[-1]
        hands.append(
            {
                "number": number,
                "hand": record.to_dict(),
                "points": list(replayed.points),
                **rules.hand_result(replayed),
                "thrown_in": record.thrown_in,
            }
        )
    return {"hands": hands, "state": state, **standing(rules, progress)}


def standing(rules: Game, progress: Progress) -> Answer:
    """Where the game stands, as the API's game JSON shows it: the shared fields, then
    what the game itself shows of its progress (``progress_result``: the cards the next
    hand deals, say), which may not replace a shared one."""
    return {
        **rules.progress_result(progress),
        "totals": list(progress.totals),
        "dealer": progress.dealer,
        "opener": progress.opener,
        "status": progress.status,
        "winner": progress.winner,
        "winners": winners(progress),
        "tie_at_top": progress.tie_at_top,
        "next_number": progress.next_number,
    }


def winners(progress: Progress) -> list[int]:
    """Every winner: one normally, all the tied leaders when the table shares a win."""
    found = getattr(progress, "winners", None)
    if found is not None:
        return list(found)
    return [] if progress.winner is None else [progress.winner]


CALLS.update(read=read_hand, preview=preview_hand, resume=resume_game)
