"""The app conformance suite (tests/test_app_conformance.py, unchanged) run on Spades
before the registry lists it: the suite's module is loaded afresh with Spades as its only
registered game (beside the suite's toy), and its tests are collected
here, Spades registered for the live server. Once the registry lists Spades the suite
itself checks it, and this module skips."""

from __future__ import annotations

import functools
import importlib.util
import pathlib
import sys
from collections.abc import Iterator

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.spades import GAME

if GAME.key in GAMES:
    pytest.skip("the registry lists Spades: the suite checks it", allow_module_level=True)

pytestmark = pytest.mark.browser


def _suite_for_spades():
    path = pathlib.Path(__file__).with_name("test_app_conformance.py")
    spec = importlib.util.spec_from_file_location("tests._app_conformance_for_spades", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    registered = dict(GAMES)
    GAMES.clear()
    GAMES[GAME.key] = GAME
    try:
        spec.loader.exec_module(module)
    finally:
        GAMES.clear()
        GAMES.update(registered)
    return module


_SUITE = _suite_for_spades()


@pytest.fixture(scope="module")
def toy_registered() -> Iterator[None]:
    """Spades registered for the module's live server, beside the suite's toy."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, GAME.key, GAME)
        patch.setitem(GAMES, _SUITE.TOY.key, _SUITE.TOY)
        yield


def _spades_only(test):
    """The suite's test, skipped for its toy, which the suite itself checks."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        if kwargs.get("game", GAME) is not GAME:
            pytest.skip("the suite checks its toy itself")
        return test(*args, **kwargs)

    return run


globals().update(
    {
        name: _spades_only(value) if name.startswith("test_") else value
        for name, value in vars(_SUITE).items()
        if name.startswith("test_") or name in ("server", "phones", "setups")
    }
)
