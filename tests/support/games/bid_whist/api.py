"""Helpers of tests/games/bid_whist/test_api.py."""

from __future__ import annotations


def up(bidder, level, suit, books, **more):
    return {"bidder": bidder, "bid": f"{level}U", "trump": suit, "books": books, **more}


def down(bidder, level, suit, books, **more):
    return {"bidder": bidder, "bid": f"{level}D", "trump": suit, "books": books, **more}


def no_trump(bidder, level, direction, books, **more):
    return {"bidder": bidder, "bid": f"{level}NT", "direction": direction, "books": books, **more}
