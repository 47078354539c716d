"""A second, independent reading of a simulated deal, for the conformance suite.

``verify_deal`` checks a deal as ``simulate`` writes it (cards and calls as text) against
docs/rules/bid-whist.md without the play code it checks: the pack and the kitty, the discard,
one round of calls from left of the dealer, following suit (jokers as trumps with a trump
suit, ``nt_jokers`` in no-trump), every trick's winner worked out again from the card
orders, the books with the discard counted to the bidders, and the points. Whether a
call is legal is asked of ``BidWhistAuction`` (the one place that rule is written), and the
points of ``score_hand``; the rest is read here from the text alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import EngineError
from ..core.simulation import wrong_points
from ..core.verify import check_tricks
from .auction import BidWhistAuction, parse_call
from .cards import SEATS
from .scoring import score_hand, side_of
from .settings import BidWhistSettings

_RANKS = "23456789TJQKA"
_JOKERS = ("BJ", "LJ")  # one joker in the pack is the big one
_TRICKS = 12


def _order(card: str, low: bool, ace_high: bool) -> int:
    """How high a plain card stands in its suit: A K … 2 high; A 2 … K low (ace high)."""
    rank = _RANKS.index(card[0]) + 2
    if not low:
        return rank
    if card[0] == "A":
        return 100 if ace_high else 0
    return 20 - rank


def _suit_of(card: str, trump: str | None) -> str | None:
    """The suit a card follows as: a joker is a trump, or of no suit in no-trump."""
    if card in _JOKERS:
        return trump
    return card[1]


def _winner(leader: int, cards: Sequence[str], trump: str | None, low: bool, ace: bool) -> int:
    if trump is not None:
        trumps = [i for i, card in enumerate(cards) if _suit_of(card, trump) == trump]
        if trumps:
            jokers = {"BJ": 1000, "LJ": 999}
            best = max(trumps, key=lambda i: jokers.get(cards[i]) or _order(cards[i], low, ace))
            return (leader + best) % SEATS
    plain = [i for i, card in enumerate(cards) if card not in _JOKERS]
    if not plain:
        return leader
    led = cards[plain[0]][1]
    following = [i for i in plain if cards[i][1] == led]
    return (leader + max(following, key=lambda i: _order(cards[i], low, ace))) % SEATS


def _may_play(
    card: str, hand: Sequence[str], so_far: Sequence[str], trump: str | None, rule: str
) -> bool:
    if trump is not None:
        if not so_far:
            return True
        led = _suit_of(so_far[0], trump)
        return _suit_of(card, trump) == led or all(_suit_of(c, trump) != led for c in hand)
    plain = [c for c in so_far if c not in _JOKERS]
    if not plain:
        return True
    led = plain[0][1]
    if any(c not in _JOKERS and c[1] == led for c in hand):
        return (card not in _JOKERS and card[1] == led) or (rule == "any_time" and card in _JOKERS)
    if rule == "must_when_void" and any(c in _JOKERS for c in hand):
        return card in _JOKERS
    return True


def _check_auction(settings: BidWhistSettings, deal: Mapping[str, Any], problems: list[str]):
    auction = BidWhistAuction(settings, deal["dealer"])
    for call in deal["auction"]:
        if call["seat"] != auction.to_speak:
            problems.append(f"seat {call['seat']} called out of turn")
            return None
        try:
            auction.apply(parse_call(call["call"]))
        except EngineError as exc:
            problems.append(f"seat {call['seat']} made an illegal call: {exc.message}")
            return None
    if not auction.is_terminal():
        problems.append("the auction ended before all four had spoken")
    return auction


def verify_deal(settings: BidWhistSettings, deal: Mapping[str, Any]) -> list[str]:
    """Every rule the simulated ``deal`` breaks, as sentences; [] for a deal by the rules."""
    problems: list[str] = []
    hands = [list(hand) for hand in deal["deal"]]
    every = [card for hand in hands for card in hand] + list(deal["kitty"])
    pack = {rank + suit for rank in _RANKS for suit in "CDHS"} | set(_JOKERS[: settings.jokers])
    if len(hands) != SEATS or any(len(hand) != _TRICKS for hand in hands):
        problems.append("the deal is not four hands of 12 cards")
    if len(every) != len(set(every)) or set(every) != pack:
        problems.append("the deal and the kitty do not hold the pack once each")
    if problems:
        return problems
    auction = _check_auction(settings, deal, problems)
    if auction is None or problems:
        return problems
    if auction.bid is None:
        if not deal["thrown_in"] or deal["tricks"] or any(deal["points"]):
            problems.append("a deal nobody bid on is thrown in, with no play and no points")
        return problems
    if deal["thrown_in"] or (deal["bidder"], deal["bid"]) != (auction.bidder, str(auction.bid)):
        problems.append("the bidder and bid are not the auction's last bid")
        return problems
    bidder, bid, trump = auction.bidder, auction.bid, deal["trump"]
    assert bidder is not None
    low = deal["direction"] == "low"
    kind_ok = (
        (trump is None and deal["direction"] in ("high", "low"))
        if bid.kind.letters == "NT"
        else (trump in tuple("CDHS") and low == (bid.kind.letters == "D"))
    )
    if not kind_ok:
        problems.append("the trump or direction does not fit the bid's kind")
        return problems
    pool = hands[bidder] + list(deal["kitty"])
    discard = list(deal["discard"])
    if len(discard) != len(deal["kitty"]) or not set(discard) <= set(pool):
        problems.append("the discard is not as many of the bidder's cards as the kitty")
        return problems
    hands[bidder] = [card for card in pool if card not in discard]
    if len(deal["tricks"]) != _TRICKS:
        return [*problems, "a played deal has 12 tricks"]
    won = check_tricks(
        [(trick["leader"], trick["cards"]) for trick in deal["tricks"]],
        hands,
        bidder,
        lambda card, hand, so_far, _: (
            None
            if _may_play(card, hand, so_far, trump, settings.nt_jokers)
            else "did not follow suit"
        ),
        lambda leader, cards: _winner(leader, cards, trump, low, settings.downtown_ace_high),
        problems,
        [trick["winner"] for trick in deal["tricks"]],
    )
    books = [won[0] + won[2], won[1] + won[3]]
    books[side_of(bidder)] += 1  # the discard is the bidders' first book
    if list(deal["books"]) != books:
        problems.append(f"the books are {deal['books']}, the tricks give {books}")
    if problems:
        return problems
    score = score_hand(settings, bidder, bid, deal["books"][side_of(bidder)])
    return wrong_points(deal, score.points, "the rules'")
