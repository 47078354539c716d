"""Helpers of tests/games/spades/test_rules.py."""

from __future__ import annotations

from scorekeeper.engine.spades import GAME

DEFAULT = GAME.preset("spades")


def rules(**changes):
    return DEFAULT.with_changes(changes)


def hand(bids, tricks, blind=()):
    body = {"bids": bids, "tricks": tricks, "blind_nil": list(blind)}
    return GAME.record_from_dict(rules(blind_nil="any_time"), body)
