"""The engine's calls for a phone that runs it in WebAssembly (Pyodide, issue 34).

A page cannot hold a Python object, so each call takes one JSON text and answers one:
the same engine as the server's, reached through the registry only, with no rule in
JavaScript (``static/phone-engine.js`` loads Pyodide and this package and calls these).

Every request names the game as the server stores it: ``game`` (its registry key),
``seats`` (how many play), ``settings`` (the settings' ``to_dict``) and ``state`` (the
state stored after the hand before: its ``to_dict()``, as ``hands.state``
holds it). Then:

- ``read``: ``hand`` (a body as ``POST /api/games/<id>/hands`` takes it) read at its
  place; answers ``{"hand": the record's to_dict}``.
- ``preview``: the same, scored without saving; answers what ``POST .../preview`` does.
- ``resume``: ``hands`` (bodies of the hands after ``state``, in order), each read at its
  place, and the game after them: ``{"hands": [...], "state": ..., "totals": ...}`` with
  where the game stands in the keys the API's game JSON uses (``standing``).

For a phone that draws its pages itself (no network), the pages' words, each in the
request's ``language`` (``en``, ``he`` or ``de``) as the server's pages say them, for the
players ``players`` (names in seat order, as they sit for the hand); the kept page
(``static/keep.js``) makes these calls through ``batch``:

- ``form`` (``scorekeeper.pages.phone``'s, which draws it with the server's template):
  the hand form for the hand at ``state``'s place (``pages.form.hand_form``), refused at
  ``"hand"`` when the game is over; with ``hand`` (a stored hand's body, ``state`` the
  one before it), the form to edit it; with the ``values`` entered and their
  ``problems``, the form refused.
- ``entered``: ``values`` (field name to text, as the browser posts the form; a field
  left out keeps its default) and ``action`` (the action button tapped, or none for
  Save) read into a hand body and read at its place: ``{"body": ..., "hand": the
  record's to_dict}``; refused with the server form's own sentences, each ``field``
  the form field (or step id, or ``"hand"``) it stands beside, in the page's order.
- ``sheet`` (``scorekeeper.pages.phone``'s, which draws its hands with the server's
  template): the scoreboard after ``hands`` (bodies after ``state``, as for ``resume``)
  as the server's page shows it (``phone_pages.sheet_page``): hands, totals, banner and
  the next hand's line; with ``seating`` (``players`` as they sat for the first hand and
  the seat ``changes`` since, as the snapshot has them), each hand names who sat for it
  and says who took whose seat from it.
- ``preview_entered``: the same values scored as the form's preview shows them
  (``{"points", "names", "result"}``, ``names`` of ``seated``, who sits now, by
  default ``players``), or ``{"problem"}``.

A hand the rules refuse answers as the API does, ``{"error": message, "field": name}``,
with ``problems`` (every field and message) and, for ``resume``, the refused hand's
``number``. ``batch`` makes many calls in one (a list of requests, each with its
``call``), so that a page pays the crossing into WebAssembly once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from . import phone_pages
from .core.errors import EngineError, InvalidHand
from .core.game import Game, HandPlace, Progress
from .core.language import LANGUAGES, UnknownLanguage, words_in
from .core.messages import msg
from .core.schema import stored_record
from .core.seating import SeatChange
from .pages.form import Refused, Table, entered_record, game_over
from .pages.form import hand_form as form_model
from .pages.form import preview_entered as form_preview
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


def batch(
    requests: str, calls: Mapping[str, Callable[[Mapping[str, Any]], Answer]] | None = None
) -> str:
    """A JSON list of requests, each with its ``call`` (any of ``calls``, by default the
    engine's ``CALLS``), answered as a JSON list in the same order."""
    found = CALLS if calls is None else calls
    return json.dumps([_call(request, found) for request in json.loads(requests)], default=str)


CALLS: dict[str, Callable[[Mapping[str, Any]], Answer]] = {}


def _answer(call: Callable[[Mapping[str, Any]], Answer], request: str) -> str:
    return json.dumps(_refused_or(call, json.loads(request)), default=str)


def _call(
    request: Mapping[str, Any], found: Mapping[str, Callable[[Mapping[str, Any]], Answer]]
) -> Answer:
    call = found.get(request.get("call", ""))
    if call is None:
        calls = ", ".join(sorted(found))
        return refused_answer(
            EngineError(msg("no such call; the calls: %(calls)s", calls=calls), "call")
        )
    return _refused_or(call, request)


def _refused_or(call: Callable[[Mapping[str, Any]], Answer], request: Mapping[str, Any]) -> Answer:
    try:
        return call(request)
    except EngineError as refused:
        return refused_answer(refused)
    except Refused as said:
        return said_refusal(said)
    except UnknownLanguage as unknown:
        problem = msg(
            "no such language: %(language)s; the languages: %(languages)s",
            language=str(unknown),
            languages=", ".join(LANGUAGES),
        )
        return refused_answer(EngineError(problem, "language"))
    except (KeyError, TypeError, ValueError) as wrong:
        # A request the page built wrong (a state the game did not write, a key missing):
        # a refusal naming it, never a Python traceback in the page.
        problem = f"the request cannot be read: {type(wrong).__name__} {wrong}"
        return {"error": problem, "field": "request", "problems": []}


def refused_answer(refused: EngineError) -> Answer:
    """A refusal as the API answers it (``{"error", "field"}``), with every problem."""
    problems = refused.errors if isinstance(refused, InvalidHand) else [(refused.field, refused)]
    return {
        "error": str(refused.message),
        "field": refused.field,
        "problems": [{"field": field, "error": str(message)} for field, message in problems],
    }


def said_refusal(said: Refused) -> Answer:
    """A refusal of the form's entries in the form's words, as the API shapes one."""
    field, error = said.problems[0]
    return {
        "error": error,
        "field": field,
        "problems": [{"field": field, "error": error} for field, error in said.problems],
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
    return HandPlace.after(rules.state_from_dict(request["state"]))


def read_hand(request: Mapping[str, Any]) -> Answer:
    """The hand read at its place, as the server reads it before a save."""
    rules, settings = _game(request)
    record = rules.record_from_dict(settings, request["hand"], _place(rules, request))
    return {"hand": record.to_dict()}


def preview_hand(request: Mapping[str, Any]) -> Answer:
    """The hand's points (and what the game shows beside them) at its place, not saved:
    what ``POST /api/games/<id>/preview`` answers."""
    rules, settings = _game(request)
    place = _place(rules, request)
    record = rules.record_from_dict(settings, request["hand"], place)
    return dict(rules.preview(settings, record, place))


def resume_game(request: Mapping[str, Any]) -> Answer:
    """The game from ``state`` on, with ``hands`` recorded after it one at a time as the
    server saves them (each read at its place, then scored there). Stops at the first
    hand refused, naming its ``number``."""
    rules, settings = _game(request)
    state = request["state"]
    finish = _finish(rules, request)
    progress = rules.resume(settings, state, [], **finish)
    hands = []
    for body in request.get("hands", ()):
        number = progress.next_number
        try:
            if progress.status == "finished":
                raise EngineError(msg("the game is over"), "number")
            place = HandPlace.after(rules.state_from_dict(state))
            record = rules.record_from_dict(settings, body, place)
        except EngineError as refused:
            return {**refused_answer(refused), "number": number}
        progress = rules.resume(settings, state, [record], **finish)
        state = progress.state.to_dict()
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


def _finish(rules: Game, request: Mapping[str, Any]) -> dict[str, Any]:
    """``resume``'s ``finish_after``, for a game the table may finish after any hand."""
    return {"finish_after": request.get("finished_after")} if rules.progression.finish_now else {}


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
    return list(progress.winners)


def _table(request: Mapping[str, Any]) -> Table:
    """The hand's form at its place, for its players, in the request's language."""
    rules, settings = _game(request)
    players = [str(name) for name in request["players"]]
    if len(players) != rules.seats:
        problem = msg("players must name %(seats)d players", seats=rules.seats)
        raise EngineError(problem, "players")
    words = words_in(str(request.get("language", "en")))
    return Table.at(rules, settings, players, _place(rules, request), words)


def hand_form(request: Mapping[str, Any]) -> Answer:
    """The hand form as the server's page shows it: the engine's model (``pages.form``,
    under ``form``) with ``values`` entered and their ``problems`` (``{field, error}``
    each, as ``entered`` answers them) and the server's sentences ``said``; refused for
    the next hand of a game that is over."""
    table = _table(request)
    rules, settings = table.rules, table.settings
    stored = request.get("hand")
    finish = _finish(rules, request)
    if stored is None and rules.resume(settings, request["state"], [], **finish).status == (
        "finished"
    ):
        raise game_over(table.words)
    problems = [(str(p["field"]), str(p["error"])) for p in request.get("problems") or ()]
    values = _posted({"values": request.get("values") or {}})
    said = [str(text) for text in request.get("said") or ()]
    model = form_model(table, values or None, problems, stored, said)
    return {"form": model, "number": model.number}


def entered_hand(request: Mapping[str, Any]) -> Answer:
    """The hand the form's ``values`` enter, read at its place, or the form's refusals."""
    body, record = entered_record(_table(request), _posted(request), request.get("action"))
    return {"body": body, "hand": record.to_dict()}


def entered_preview(request: Mapping[str, Any]) -> Answer:
    """The form's preview of the hand its ``values`` enter."""
    table = _table(request)
    seated = [str(name) for name in request.get("seated", table.players)]
    return form_preview(table, _posted(request), request.get("action"), seated)


def scoreboard(request: Mapping[str, Any]) -> Answer:
    """The scoreboard of the game from ``state`` on, after ``hands`` (each read at its
    place, as the server saves it), for ``players`` in the request's ``language``: its
    hands as the engine's model (``hand_rows``), for ``scorekeeper.pages.phone`` to draw
    with the server's template (the ``sheet`` call)."""
    table = _table(request)
    rules, settings = table.rules, table.settings
    state = request["state"]
    finish = _finish(rules, request)
    records, now = [], state
    for body in request.get("hands", ()):
        place = HandPlace.after(rules.state_from_dict(now))
        records.append(stored_record(rules, settings, body, place))
        now = rules.resume(settings, now, records[-1:], **finish).state.to_dict()
    progress = rules.resume(settings, state, records, **finish)
    seating = _seating(request, rules)
    return phone_pages.sheet_page(rules, settings, progress, table.players, table.words, seating)


def described(request: Mapping[str, Any], hand: Mapping[str, Any]) -> str:
    """``hand`` (its record's ``to_dict``, as the engine read it) in one line, for the
    table's ``players`` in the request's language, as the server's pages describe a hand
    (``web/games/scoreboard.py``'s ``describe``). Raises what reading the request raises."""
    rules, settings = _game(request)
    words = words_in(str(request.get("language", "en")))
    players = [str(name) for name in request["players"]]
    parts = rules.describe_hand(dict(hand), players, settings)
    return " · ".join(words.shown(part) for part in parts)


def _seating(request: Mapping[str, Any], rules: Game) -> phone_pages.Seating | None:
    """``seating``, who sat where hand by hand: ``players`` (as they sat for the first
    hand) and ``changes`` (each ``{"from_hand", "seat", "name"}``, as the snapshot's
    ``substitutions``); None without it (everyone sat as ``players`` do now). A seating
    the page built wrong raises ValueError (the request cannot be read)."""
    given = request.get("seating")
    if given is None:
        return None
    players = [str(name) for name in given.get("players", ())]
    if len(players) != rules.seats:
        raise ValueError(f"seating must name {rules.seats} players")
    changes = []
    for change in given.get("changes", ()):
        seat = int(change["seat"])
        if not 0 <= seat < rules.seats:
            raise ValueError(f"a seat change names seat {seat}, not a seat of this table")
        changes.append(SeatChange(int(change["from_hand"]), seat, str(change["name"])))
    return phone_pages.Seating(tuple(players), tuple(sorted(changes)))


def _posted(request: Mapping[str, Any]) -> dict[str, str]:
    return {str(name): str(value) for name, value in dict(request["values"]).items()}


CALLS.update(
    read=read_hand,
    preview=preview_hand,
    resume=resume_game,
    form=hand_form,
    entered=entered_hand,
    preview_entered=entered_preview,
)
