"""Helpers 3 test modules had, each the same in every one: tests/games/bid_whist/test_game.py,
tests/games/bid_whist/test_records.py and tests/games/bid_whist/test_rules.py."""

from scorekeeper.engine.bid_whist import preset

S = preset("bid-whist")
