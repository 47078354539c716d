"""Helpers of tests/engine/test_auction_core.py."""

from __future__ import annotations

from scorekeeper.engine.core.auction import RisingAuction


def called(auction: RisingAuction, calls: str) -> RisingAuction:
    for call in calls.split():
        auction.apply(call)
    return auction
