"""The engine's conformance suite (tests/test_conformance.py, unchanged) run on Oh Hell at
every table size it seats, before the registry lists it.

The suite collects its games when it is imported, so this module loads a fresh copy of
it with Oh Hell (the four-player game and the game for 3, 5, 6 and 7) as the games built
but not yet offered, and takes its tests. One is left to the suite itself once the
registry lists Oh Hell: that every registered game is checked there.
"""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

from scorekeeper.engine import registry
from scorekeeper.engine.core.game import (
    Career,
    HeadToHeadView,
    OneGameStats,
    Progress,
    Recorded,
    Replayed,
    RivalryView,
    SeatStats,
)
from scorekeeper.engine.oh_hell import GAME

SUITE = pathlib.Path(__file__).with_name("test_conformance.py")
LEFT_TO_THE_SUITE = {
    "test_every_registered_game_is_checked_here",
}
# The suite plays 40 hands with the ``target`` knob at its highest; Oh Hell has no target
# (its sequence ends it), so its own check below plays a fixed sequence of 100 hands.
RUN_HERE = {"test_every_result_has_what_the_interface_declares"}
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
        if name.startswith("test_") and name not in LEFT_TO_THE_SUITE | RUN_HERE
    }
)
catalogues = _SUITE.catalogues  # the translation check's fixture


@pytest.mark.parametrize("game", TABLES, ids=lambda g: f"{g.seats}-players")
def test_every_result_has_what_the_interface_declares(game):
    """The suite's check of replay, resume, recorded_game, game_stats, careers and
    head_to_head, over 40 hands of a fixed sequence instead of a far target."""
    has_all = _SUITE.has_all
    settings = game.preset(game.default_preset).with_changes(
        {"sequence": "fixed", "fixed_cards": "5", "hands": "100"}
    )
    deals = game.simulate(settings, 40, seed=5, bots=game.bot_kinds[0])
    records = [game.record_of_deal(deal) for deal in deals]
    progress = game.replay(settings, 0, records, finish_after=None, starting_totals=None)
    assert has_all(progress, Progress) == []
    assert all(has_all(hand, Replayed) == [] for hand in progress.hands)
    resumed = game.resume(settings, game.hand_state(progress.hands[9]), records[10:])
    assert has_all(resumed, Progress) == [] and resumed.totals == progress.totals
    assert resumed.next_number == progress.next_number == len(records) + 1
    names = list(_SUITE.PLAYERS[: game.seats])
    recorded = game.recorded_game(settings, 0, names, records, key=1, finish_after=None)
    assert has_all(recorded, Recorded) == []
    stats = game.game_stats(recorded)
    assert has_all(stats, OneGameStats) == []
    assert all(has_all(seat, SeatStats) == [] for seat in (*stats.players, *stats.sides))
    career = game.careers([recorded])[names[0]]
    assert has_all(career, Career) == [] and career.games == 1
    table = game.head_to_head([recorded], names[:2])
    assert has_all(table, HeadToHeadView) == []
    assert has_all(table.rivalry(names[0], names[1]), RivalryView) == []
