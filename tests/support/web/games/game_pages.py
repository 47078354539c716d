"""Helpers of tests/web/games/test_game_pages.py."""

from __future__ import annotations

from scorekeeper.engine import get_game

GAME = get_game()


def replayed(*hands, rules="pagat-german", first_dealer=0):
    settings = GAME.preset(rules)
    records = [GAME.record_from_dict(settings, hand) for hand in hands]
    return settings, GAME.replay(settings, first_dealer, records)
