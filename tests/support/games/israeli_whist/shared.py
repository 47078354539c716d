"""Helpers 2 test modules had, each the same in every one:
tests/games/israeli_whist/test_house_rules.py and tests/games/israeli_whist/test_stats.py."""

from scorekeeper.engine.israeli_whist import preset

PAGAT = preset("pagat-german")
