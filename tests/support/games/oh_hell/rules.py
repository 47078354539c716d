"""Helpers of tests/games/oh_hell/test_rules.py."""

from __future__ import annotations

from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.oh_hell import GAME, hand_of

S = GAME.preset("oh-hell")


def settings(**changes):
    return S.with_changes(changes)


def record_from_dict(rules, body):
    """A hand read alone, its place unknown."""
    return GAME.record_from_dict(rules, body)


def read_hand(rules, body, number, dealer, game=GAME):
    """A hand read at its place: hand ``number`` dealt by ``dealer``."""
    return game.record_from_dict(rules, body, HandPlace(number, dealer))


def hand(trump, bids, tricks):
    return hand_of(GAME, trump, bids, tricks)
