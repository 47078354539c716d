"""Bids and tricks per seat, as Oh Hell and Wizard keep them (docs/rules/oh-hell.md and wizard.md):
each player bids the tricks they will take, the dealer last; a bid taken exactly scores a
bonus and so much a trick, a miss so much a trick off; and the hook forbids the dealer the
bid that makes the bids total the cards dealt.

Here once for both: the two fields of the hand's schema (:func:`bid_fields`), the score
and its explanation (:class:`BidScore`), the bid the hook forbids (:func:`forbidden_bid`),
its refusal in the API's and the table's words (:func:`hook_problems`), and the hand
form's rules that show the bids' total and disable and name the bid the hook forbids
(:func:`bidding_rules`, :data:`BIDDING_TEXTS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .display import Label, SignedPoints
from .messages import Message, Seat, msg, nmsg
from .schema import Bound, HandSummary, PerSeat


def bid_fields(cards: Bound) -> tuple[PerSeat, PerSeat]:
    """The hand's two fields of the schema (``core/schema.py``): each player's bid, asked
    from the dealer's left, the dealer last, and the tricks each took, totalling the
    ``cards`` dealt (the last filled in), 0 to ``cards`` each; their steps'
    titles are :data:`BID_STEPS`."""
    return (
        PerSeat("bids", msg("Bid"), 0, cards, from_dealers_left=True, said=bid_said),
        PerSeat("tricks", msg("Tricks"), 0, cards, total=cards, said=took_said),
    )


def bid_said(bid: int) -> Message:
    """A player's bid as a sentence says it: "bid 2"."""
    return msg("bid %(n)d", n=bid)


def took_said(tricks: int) -> Message:
    """The tricks a player took as a sentence says them: "took 0"."""
    return msg("took %(n)d", n=tricks)


BID_STEPS = {"deal": msg("The deal"), "bids": msg("Bids"), "tricks": msg("Tricks taken")}


@dataclass(frozen=True, slots=True)
class BidScore:
    """One player's points for a bid and the tricks taken: exactly the bid scores
    ``exact_bonus + per_trick × bid``; any other number ``missed_per_trick × tricks −
    miss_step × |tricks − bid|``."""

    exact_bonus: int
    per_trick: int
    missed_per_trick: int
    miss_step: int

    def points(self, bid: int, tricks: int) -> int:
        if tricks == bid:
            return self.exact_bonus + self.per_trick * bid
        return self.missed_per_trick * tricks - self.miss_step * abs(tricks - bid)

    def explain(self, bid: int, tricks: int) -> Message:
        """The points in words: "bid 2, took 2: 20 + 20 = +40", "bid 0, took 1: missed,
        0 − 10 = −10", or "bid 3, took 1: missed, 0" where a miss costs nothing."""
        points = SignedPoints(self.points(bid, tricks))
        if bid == tricks:
            return msg(
                "bid %(bid)d, took %(tricks)d: %(bonus)d + %(per_trick)d = %(points)s",
                bid=bid,
                tricks=tricks,
                bonus=self.exact_bonus,
                per_trick=self.per_trick * bid,
                points=points,
            )
        if not (self.missed_per_trick or self.miss_step):
            return msg("bid %(bid)d, took %(tricks)d: missed, 0", bid=bid, tricks=tricks)
        return msg(
            "bid %(bid)d, took %(tricks)d: missed, %(taken)d − %(off)d = %(points)s",
            bid=bid,
            tricks=tricks,
            taken=self.missed_per_trick * tricks,
            off=self.miss_step * abs(tricks - bid),
            points=points,
        )


def forbidden_bid(cards: int, others: int, zero_allowed: bool = False) -> int | None:
    """The dealer's bid the hook forbids once the others bid ``others`` in all: the one
    that makes the bids total the ``cards`` dealt; None when that is below zero, or zero
    where a bid of zero is always allowed (Wizard's Canadian rule)."""
    left = cards - others
    return left if left > (0 if zero_allowed else -1) else None


def hook_problems(
    bids: Sequence[int], cards: int, dealer: int | None, zero_allowed: bool = False
) -> list[tuple[str, Message]]:
    """The hook's refusal of ``bids`` when they total the ``cards`` dealt: the dealer's
    bid by seat for the API and by name at the table, or, with no dealer known (a hand
    read on its own), the bids as a whole."""
    if sum(bids) != cards:
        return []
    if dealer is None:
        return [
            (
                "bids",
                msg(
                    "bids total the %(cards)d cards dealt; with the hook the dealer may not "
                    "make them total exactly that",
                    cards=cards,
                ),
            )
        ]
    bid = bids[dealer]
    if forbidden_bid(cards, cards - bid, zero_allowed) is None:
        return []
    problem = nmsg(
        "Seat %(seat)d (the dealer) may not bid %(bid)d: the bids would total the "
        "%(num)d card dealt",
        "Seat %(seat)d (the dealer) may not bid %(bid)d: the bids would total the "
        "%(num)d cards dealt",
        cards,
        seat=dealer + 1,
        bid=bid,
    ).said_at_table(
        nmsg(
            "%(name)s may not bid %(bid)d: the bids would total the %(num)d card dealt.",
            "%(name)s may not bid %(bid)d: the bids would total the %(num)d cards dealt.",
            cards,
            name=Seat(dealer),
            bid=bid,
        )
    )
    return [(f"bids[{dealer}]", problem)]


BIDDING_TEXTS = {
    "why-hook": msg("{name} may not bid {n}: the bids would total the {total} cards dealt."),
    "why-hook-one": msg("{name} may not bid {n}: the bids would total the one card dealt."),
    "bids-total": msg("bids {total}"),
    "sum-why": msg("The others already took {sum} tricks; there are only {total}."),
}
"""The form's sentences of :func:`bidding_rules`: the bid the hook disables, the bids'
total in the step's head; and of the schema's ``sum`` rule of the tricks, in tricks."""


def bidding_rules(
    seats: int,
    cards: int,
    dealer: int,
    hook: bool,
    zero_allowed: bool = False,
    prefix: str = "bids",
) -> dict[str, list[dict[str, Any]]]:
    """The hand form's rules of the bids (see ``core/form.py``), keyed by the ``dealer``
    field: their total shown in the step's head as it is typed and, with the ``hook``,
    the dealer's key that makes the bids total the ``cards`` disabled and named once the
    others have bid (every value of ``dealer`` keys the dealer, as the form's readers
    count the seats by the keys). ``prefix``: the seats' bid fields are ``prefix_0``…"""
    found: dict[str, list[dict[str, Any]]] = {
        "total": [
            {
                "prefix": prefix,
                "step": "bids",
                "words": [None] * (seats * cards + 1),
                "text": "bids-total",
                "text_word": "bids-total",
            }
        ]
    }
    if hook:
        forbidden = [forbidden_bid(cards, t, zero_allowed) for t in range((seats - 1) * cards + 1)]
        found["forbid"] = [
            {
                "prefix": prefix,
                "by": "dealer",
                "last": {str(s): dealer for s in range(seats)},
                "forbidden": forbidden,
                "why": "why-hook-one" if cards == 1 else "why-hook",
                "total": cards,
            }
        ]
    return found


# Each a literal, so that the catalogues hold it.
OUTCOME_WORDS = {"even": msg("even"), "over": msg("over"), "under": msg("under")}


def bid_summary(found: HandSummary, hand: Any, suit: Any) -> HandSummary:
    """A hand of bids as the pages show it (the schema's ``view`` of ``found`` with its
    bid and outcome): the cards and the hand's ``suit`` ("5 ♥", "3 NT" for None), the
    bids over or under the cards ("over 6/5"), and each seat made when it took exactly
    its bid."""
    cards, bids = sum(hand.tricks), sum(hand.bids)
    shown = msg("NT") if suit is None else suit.symbol
    deal = Label((f"{cards} ", shown), "r" if suit and suit.is_red else "")
    word = "even" if bids == cards else "over" if bids > cards else "under"
    outcome = Label((OUTCOME_WORDS[word], f" {bids}/{cards}"), "" if word == "even" else word)
    made = tuple(b == t for b, t in zip(hand.bids, hand.tricks, strict=True))
    return HandSummary(found.about, deal, outcome, found.entries, made, said=found.said)
