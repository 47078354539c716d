"""Helpers of tests/games/israeli_whist/test_explain.py."""

import re

from scorekeeper.engine import bid_whist, get_game

WHIST = get_game("israeli-whist")


MINUS = "\u2212"


def english(terms):
    return [[str(term) for term in seat] for seat in terms]


def points_of(term: str) -> int:
    return int(re.search(r"([+\u2212]?\d+)$", term).group(1).replace(MINUS, "-"))


def stakes(settings, declarer=False):
    """The stake lines the hand form shows under each contract 0..13."""
    [stake] = WHIST.hand_form(settings, ["A", "B", "C", "D"]).rules["stake"]
    return stake["own_rows" if declarer else "rows"]


BW = bid_whist.preset("bid-whist")


def bw(bidder, bid, books, settings=BW, **more):
    return bid_whist.record_from_dict(
        settings, {"bidder": bidder, "bid": bid, "books": books, **more}
    )
