"""Every game goes from hand to hand as it did before its progression became one loop
(issue 67): generated games of every registered game at every table size it seats, and
every game of the fixture databases, replay to the totals, winners and states pinned
before the change (``tests.support.pinned_progress``: what a pin holds, how it was taken).
"""

from __future__ import annotations

import json

import pytest

from tests.support.pinned_progress import (
    EVERY,
    FIXTURES,
    PINNED,
    generated,
    moved,
    name_of,
    stored,
)

PINS = json.loads(PINNED.read_text())
TABLES = [game for game in EVERY if f"{name_of(game)}/long" in PINS["generated"]]
"""The tables pinned: each that was there when the pins were taken."""
DATABASES = sorted({FIXTURES / key.split("/")[0] for key in PINS["stored"]})
"""The fixture databases pinned: each that was there when the pins were taken."""


@pytest.mark.parametrize("game", TABLES, ids=name_of)
def test_every_generated_game_replays_as_pinned(game):
    found = generated(game)
    name = name_of(game)
    assert sorted(found) == sorted(k for k in PINS["generated"] if k.split("/")[0] == name)
    assert moved(found, PINS["generated"]) == {}


@pytest.mark.parametrize("source", DATABASES, ids=lambda path: path.name)
def test_every_game_of_the_fixture_databases_replays_as_pinned(source, tmp_path):
    found = stored(source, tmp_path)
    assert sorted(found) == sorted(k for k in PINS["stored"] if k.startswith(f"{source.name}/"))
    assert moved(found, PINS["stored"]) == {}


def test_no_pinned_game_or_database_went_unchecked():
    """Every table and database pinned is still there to check (one renamed or gone would
    otherwise drop its runs unseen)."""
    assert len(TABLES) == len({key.split("/")[0] for key in PINS["generated"]}) >= 36
    assert all(path.exists() for path in DATABASES) and len(DATABASES) >= 12
