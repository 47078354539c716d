"""Helpers of tests/games/test_why_terms.py."""

from __future__ import annotations

from scorekeeper.engine.core.display import Notation
from scorekeeper.engine.core.play import random_game
from tests.support.shared import SIGNED

HANDS = 16  # a few games' worth of random legal hands per preset


def workings(game, preset):
    """Each random hand's terms per seat and points per seat, at its place."""
    settings = game.preset(preset)
    for placed in random_game(game, settings, HANDS, 65, 0):
        if placed.record.thrown_in:
            continue
        terms = game.explain(settings, placed.record, placed.place)
        yield placed, terms, game.points(settings, placed.record, placed.place)


def said(words, term) -> str:
    """A term as the pages draw it (``web.i18n.shown_ltr``): a Message in the language, its
    numbers kept left to right; notation alone ("+270") kept left to right whole."""
    text = words.shown(term)
    return words.ltr(text) if isinstance(term, Notation) else text


LRI, PDI = "\u2066", "\u2069"


def outside_ltr(text: str) -> list[int]:
    """Where ``text`` has a signed number that is not inside a left-to-right isolate."""
    found, depth = [], []
    for index, char in enumerate(text):
        if char in "\u2066\u2067\u2068":
            depth.append(char)
        elif char == PDI and depth:
            depth.pop()
        elif SIGNED.match(text, index) and LRI not in depth:
            found.append(index)
    return found
