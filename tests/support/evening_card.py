"""Helpers of tests/web/review/test_evening_card.py, which other tests use too."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.engine.registry import table_game
from tests.support.evenings import imported
from tests.support.play import iter_records


def played_to_the_end(key: str, seats: int, first, players):
    """A game of ``key`` at ``seats`` from its own simulation under its default preset,
    played until it ends (by the first of its bots that ends one)."""
    game = table_game(key, seats)
    settings = game.preset(game.default_preset)
    for bots in game.simulation.bots or (None,):  # None: random hands, a game without bots
        records = []
        for record in iter_records(game, settings, 300, 11, bots):
            records.append(record)
            if game.replay(settings, 0, records).status == "finished":
                return imported(game, settings, records, players, first)
            # A game whose preset plays an open list (Skat's) ends when the table says so.
            finished_now = game.progression.finish_now and len(records) >= 6
            if finished_now and game.replay(settings, 0, records, len(records)).winner is not None:
                progress = game.replay(settings, 0, records, len(records))
                game_now = imported(game, settings, records, players, first)
                return replace(game_now, progress=progress, finished_after=len(records))
    raise AssertionError(f"{key}: no bot of the game finished it")
