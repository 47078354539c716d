"""The engine's conformance suite (tests/test_conformance.py, unchanged) run on Oh Hell at
every table size it seats, before the registry lists it.

The suite collects its games when it is imported, so this module loads a fresh copy of
it with Oh Hell (the four-player game and the game for 3, 5, 6 and 7) as the games built
but not yet offered, and takes its tests. Two are left to the suite itself once the
registry lists Oh Hell: that every registered game is checked there, and that every text
is translated (the lead merges the translations into the catalogues with the game).
"""

from __future__ import annotations

import importlib.util
import pathlib

from scorekeeper.engine import registry
from scorekeeper.engine.oh_hell import GAME

SUITE = pathlib.Path(__file__).with_name("test_conformance.py")
LEFT_TO_THE_SUITE = {
    "test_every_registered_game_is_checked_here",
    "test_every_text_a_game_shows_is_translated",
}
TABLES = (GAME, *(GAME.seated(n) for n in (3, 5, 6, 7)))


def _suite_over(games):
    """A fresh copy of the suite whose games are ``games`` alone."""
    listed, unlisted = dict(registry.GAMES), registry.UNLISTED
    registry.GAMES.clear()
    registry.UNLISTED = tuple(games)
    try:
        spec = importlib.util.spec_from_file_location("tests._oh_hell_suite", SUITE)
        assert spec is not None and spec.loader is not None
        suite = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(suite)
    finally:
        registry.GAMES.update(listed)
        registry.UNLISTED = unlisted
    suite.PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")  # up to seven here
    return suite


_SUITE = _suite_over(TABLES)
globals().update(
    {
        name: test
        for name, test in vars(_SUITE).items()
        if name.startswith("test_") and name not in LEFT_TO_THE_SUITE
    }
)
