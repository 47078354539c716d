"""Helpers of tests/games/israeli_whist/test_settings.py."""

from scorekeeper.engine.israeli_whist import GAME


def preset_name_of(settings):
    return settings.preset_of(GAME.presets)
