"""Helpers of tests/games/wizard/test_rules.py."""

from __future__ import annotations

import html

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidHand
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.progress import RaceState
from scorekeeper.engine.wizard.game import GAME
from tests.support.rtl_browser import fits_the_phone
from tests.support.shared import NAMES

S = GAME.preset("wizard")


def settings(**changes):
    return S.with_changes(changes)


def place(number, dealer, totals=None):
    state = None if totals is None else RaceState(number - 1, tuple(totals), dealer)
    return HandPlace(number, dealer, state)


def read(body, at, **changes):
    return GAME.record_from_dict(settings(**changes), body, at)


def refusals(body, at, **changes):
    with pytest.raises(InvalidHand) as refused:
        read(body, at, **changes)
    return refused.value.errors


def start(client, first_dealer, rounds_before=(), **body):
    """A game of four dealt first by ``first_dealer``, the rounds before the one in
    question played: (its id, the edit key's header)."""
    created = client.post(
        "/api/games",
        json={"game": "wizard", "players": NAMES, "first_dealer": first_dealer, **body},
    )
    assert created.status_code == 201, created.get_json()
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    auth = {"Authorization": f"Bearer {key}"}
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302  # this phone edits
    for hand in rounds_before:
        saved = client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)
        assert saved.status_code == 201, saved.get_json()
    return game_id, auth


def quiet(number):
    """A round in which Ann takes every trick, bid by nobody (the hook off)."""
    return {"trump": None, "bids": [0, 0, 0, 0], "tricks": [number, 0, 0, 0]}


def said(answer) -> str:
    """A page as it reads: its text unescaped, the players' names without their bidi
    isolates."""
    return html.unescape(answer.get_data(as_text=True)).replace("\u2068", "").replace("\u2069", "")


def form(hand, number=None):
    data = {"trump": hand["trump"] or "none", "save": "1"}
    data |= {f"bids_{s}": str(b) for s, b in enumerate(hand["bids"])}
    data |= {f"tricks_{s}": str(t) for s, t in enumerate(hand["tricks"])}
    return data if number is None else data | {"number": str(number)}


def cli(capsys, *args):
    code = entry(["score", "--game", "wizard", *args])
    out, err = capsys.readouterr()
    return code, out, err


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"wizard-{language}-{name}", language)
