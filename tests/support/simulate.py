"""Helpers 2 test modules had, each the same in every one: tests/engine/test_simulate.py and
tests/games/bid_whist/test_simulate.py."""

RANKS = "23456789TJQKA"
