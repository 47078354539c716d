"""Helpers of tests/games/any_game/test_hearts_rules.py."""

from __future__ import annotations

from scorekeeper.engine.core.display import label_with_sides
from tests.support.shared import SHEET

HEARTS = SHEET.preset("hearts")


def hearts(**changes):
    return HEARTS.with_changes(changes) if changes else HEARTS


def play(settings, start, bodies):
    """The game from totals ``start`` after the rounds ``bodies``, as the API reads them."""
    game = SHEET.seated(len(start))
    records = [game.record_from_dict(settings, body) for body in bodies]
    return game.replay(settings, 0, records, finish_after=None, starting_totals=start)


PAGE_SIDES = ["Ann", "Bob", "Cat", "Dan"]


def row_words(settings, players, rounds):
    """Each round's row as a page says it (the sides named), in English."""
    progress = play(settings, (0,) * players, rounds)
    names = PAGE_SIDES + ["Eve", "Fay"]
    return [
        str(label_with_sides(view.outcome, names[:players]))
        for view in SHEET.seated(players).hand_views(progress)
    ]
