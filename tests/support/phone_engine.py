"""Helpers of tests/web/offline/test_phone_engine.py, which other tests use too."""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.play import random_game
from scorekeeper.web.offline import phone_engine
from tests.support.app import app_config
from tests.support.live import serving
from tests.support.play import long_settings, records, simulates

ROOT = Path(__file__).resolve().parents[2]


FETCH = ROOT / "scripts" / "fetch_pyodide.py"


def fetch_module():
    spec = importlib.util.spec_from_file_location("fetch_pyodide", FETCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RESUMED = 100  # hands per resume call


BROKEN_EVERY = 500  # hands between the refused ones


def proof_requests(rules, count: int, seed: int) -> list[dict[str, Any]]:
    """For ``count`` hands of ``rules`` (simulated, else the schema's random hands), each
    read and previewed at its place, every ``RESUMED`` hands resumed from the state before
    them, and now and then a hand the rules refuse; a game that ends starts again."""
    settings = long_settings(rules, count)
    if simulates(rules):
        deals = rules.simulation.deals(settings, count, seed=seed, bots=rules.simulation.bots[0])
        records = [rules.simulation.record_of(deal) for deal in deals]
    else:
        records = [placed.record for placed in random_game(rules, settings, count, seed)]
    base = {"game": rules.key, "seats": rules.seats, "settings": settings.to_dict()}
    fresh = rules.replay(settings, 0, []).state.to_dict()
    state, calls, run, run_state = fresh, [], [], fresh
    for number, record in enumerate(records):
        progress = rules.resume(settings, state, [])
        if progress.status == "finished" or len(run) == RESUMED:
            calls.append({"call": "resume", **base, "state": run_state, "hands": run})
            if progress.status == "finished":
                state = fresh
            run, run_state = [], state
        body = record.to_dict()
        calls.append({"call": "read", **base, "state": state, "hand": body})
        calls.append({"call": "preview", **base, "state": state, "hand": body})
        if number % BROKEN_EVERY == 0:  # a hand missing a field, and one with nothing in it
            first = sorted(rules.hand.hand_fields)[0]
            broken = {k: v for k, v in body.items() if k != first}
            calls.append({"call": "read", **base, "state": state, "hand": broken})
            calls.append({"call": "preview", **base, "state": state, "hand": {}})
        run.append(body)
        placed = rules.record_from_dict(
            settings, body, HandPlace.after(rules.state_from_dict(state))
        )
        state = rules.resume(settings, state, [placed]).state.to_dict()
    calls.append({"call": "resume", **base, "state": run_state, "hands": run})
    return calls


def page_requests(rules, language: str, seed: int) -> list[dict[str, Any]]:
    """The calls a phone draws its pages with, for one game in one language: the form for
    the fourth hand and to edit the third, the fourth entered, previewed and refused
    (nothing entered), and the scoreboard after the hands."""
    settings = long_settings(rules, 12)
    bodies = [r.to_dict() for r in records(rules, settings, 4, seed)]
    base = {
        "game": rules.key,
        "seats": rules.seats,
        "settings": settings.to_dict(),
        "players": [f"Player {n}" for n in range(1, rules.seats + 1)],
        "language": language,
    }
    states = [rules.replay(settings, 0, []).state.to_dict()]
    for body in bodies:
        placed = rules.record_from_dict(
            settings, body, HandPlace.after(rules.state_from_dict(states[-1]))
        )
        states.append(rules.resume(settings, states[-1], [placed]).state.to_dict())
    last = len(bodies) - 1
    at = {**base, "state": states[last]}
    place = HandPlace.after(rules.state_from_dict(states[last]))
    entry: dict[str, Any] = {"values": rules.hand.form_values(bodies[last])}
    if rules.record_from_dict(settings, bodies[last], place).thrown_in:  # entered by its button
        spec = rules.hand_form(settings, base["players"], place)
        entry = {"values": {}, "action": spec.actions[0].name}
    return [
        {**at, "call": "form"},
        {**base, "state": states[last - 1], "call": "form", "hand": bodies[last - 1]},
        {**at, "call": "entered", **entry},
        {**at, "call": "entered", "values": {}},
        {**at, "call": "preview_entered", **entry},
        {**base, "state": states[0], "call": "sheet", "hands": bodies},
    ]


@contextlib.contextmanager
def engine_site(folder: Path) -> Iterator[tuple[str, dict[str, Any], str]]:
    """A live server on ``folder``, the engine's addresses and the script that loads it
    (the pinned Pyodide fetched first)."""
    from scorekeeper.web import create_app

    fetch_module().fetch()  # (not main: its copies are make pyodide's, written once)
    app = create_app(app_config(folder / "urls"))
    with app.test_request_context():
        urls = phone_engine.urls()
        script = app.jinja_env.globals["static_url"]("phone-engine.js")
    with serving(folder) as base:
        yield base, urls, script
