"""The engine's conformance suite (tests/test_conformance.py, unchanged) run on Spades
before the registry lists it: the suite's module is loaded afresh with Spades as its only
game (``registry.UNLISTED``), and its tests are collected here.

Left out: the check that the suite covers exactly the registered games (it covers only
Spades here). Once the registry lists Spades the suite itself checks it, and this
module skips.
"""

from __future__ import annotations

import importlib.util
import pathlib
from dataclasses import replace

import pytest

from scorekeeper.engine import GAMES, registry
from scorekeeper.engine.spades import GAME

if GAME.key in GAMES:
    pytest.skip("the registry lists Spades: test_conformance.py checks it", allow_module_level=True)

LEFT_OUT = {
    "test_every_registered_game_is_checked_here",
}


def _suite_for_spades():
    path = pathlib.Path(__file__).with_name("test_conformance.py")
    spec = importlib.util.spec_from_file_location("tests._conformance_for_spades", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    registered, unlisted = dict(GAMES), registry.UNLISTED
    GAMES.clear()
    registry.UNLISTED = (GAME,)
    try:
        spec.loader.exec_module(module)
    finally:
        GAMES.update(registered)
        registry.UNLISTED = unlisted
    return module


_SUITE = _suite_for_spades()
assert [game.key for game in _SUITE.ALL_GAMES] == [GAME.key]
globals().update(
    {
        name: value
        for name, value in vars(_SUITE).items()
        if name.startswith("test_") and name not in LEFT_OUT
    }
)
catalogues = _SUITE.catalogues  # the translation check's fixture


class _RaceToTheTarget(type(GAME)):
    """Spades whose presets have no losing total (``lose_at`` 0), so that only the target
    ends a game."""

    presets = {name: replace(p, lose_at=0) for name, p in GAME.presets.items()}


_every_result = test_every_result_has_what_the_interface_declares  # noqa: F821


def test_every_result_has_what_the_interface_declares():
    """The suite's check plays 40 random hands with the target at its highest; random bots
    fall to ``lose_at`` (-200) well before, which the target does not lift, so it runs here
    on Spades with no losing total."""
    _every_result(_RaceToTheTarget())
