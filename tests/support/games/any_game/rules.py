"""Helpers of tests/games/any_game/test_rules.py."""

from __future__ import annotations

from scorekeeper.engine.any_game import GAME


def written(points: tuple[int, ...]):
    """A round as the table wrote it, unchecked (a stored round, as ``load`` types it)."""
    return GAME.hand.load(GAME, {"points": list(points)})


def rounds(*points: tuple[int, ...]) -> list:
    return [written(p) for p in points]
