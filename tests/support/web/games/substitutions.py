"""Helpers of tests/web/games/test_substitutions.py."""

from __future__ import annotations


def two_hands(game, settings, body):
    return [game.record_from_dict(settings, body)] * 2
