"""Helpers of tests/games/bid_whist/test_rules.py."""

from scorekeeper.engine.bid_whist import GAME, record_from_dict
from scorekeeper.engine.bid_whist.cards import CARD_TEXT
from tests.support.games.bid_whist.shared import S


def settings(**changes):
    return S.with_changes(changes)


def parse_cards(text):
    """Card numbers of space-separated card text, as ``CARD_TEXT`` writes them."""
    return [CARD_TEXT.index(card) for card in text.split()]


def _hand(text):
    """A hand as five lists (suits, then no-trump jokers), for ``legal_from``."""
    lists = [[], [], [], [], []]
    for card in parse_cards(text):
        lists[4 if card >= 52 else card // 13].append(card)
    return lists


def _trump_hand(text, trump):
    lists = _hand(text)
    lists[trump] += lists[4]
    lists[4] = []
    return lists


def _calls(auction):
    return [str(c) for c in auction.legal_actions()]


def _points(record, rules=S):
    return tuple(GAME.preview(rules, record_from_dict(rules, record))["points"])


def _hand_of(bidder, bid, books, reneges=None):
    body = {"bidder": bidder, "bid": bid, "books": books}
    if bid.endswith("NT"):
        body["direction"] = "high"
    else:
        body["trump"] = "S"
    if reneges is not None:
        body["reneges"] = reneges
    return body


def _records(rules, *bodies):
    return [record_from_dict(rules, body) for body in bodies]
