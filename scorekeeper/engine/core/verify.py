"""What every game's checker of simulated deals shares: the tricks played, read again from
the deal as ``simulate`` writes it (each card held by the seat that played it, the rule of
following kept, each trick's winner worked out again, and the next trick led by it).

A game gives the rules the checker cannot know, written apart from its play code: which
card a seat may play (``rule_broken``) and who wins a trick (``winner``); the checker
never asks the play code, so that a mistake there shows as a broken rule here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

C = TypeVar("C")

RuleBroken = Callable[[Any, Sequence[Any], Sequence[Any], Sequence[Any]], str | None]
"""``(card, hand, trick so far, cards of the tricks before)`` to None when the seat may
play ``card`` from ``hand``, else what it broke ("did not follow suit")."""


def check_tricks(
    tricks: Sequence[tuple[int | None, Sequence[C]]],
    hands: list[list[C]],
    leader: int,
    rule_broken: RuleBroken,
    winner: Callable[[int, Sequence[C]], int],
    problems: list[str],
    winners: Sequence[int | None] | None = None,
    seats: int | None = None,
) -> list[int]:
    """Plays ``tricks`` (each its leader as written, None if the deal does not say, and
    its cards in play order) again from ``hands`` (each seat's cards, taken out as they
    are played), ``leader`` leading the first, and returns the tricks each seat won.
    Every broken rule is added to ``problems``; a trick led by the wrong seat, or a card
    the seat does not hold, ends the check there. ``winners``, when given, are the
    winners as written, each checked against the one worked out."""
    seats = len(hands) if seats is None else seats
    won = [0] * seats
    played: list[C] = []
    for number, (said, cards) in enumerate(tricks, start=1):
        if said is not None and said != leader:
            problems.append(f"trick {number} is led by seat {said}, not seat {leader}")
            return won
        if len(cards) != seats:
            problems.append(f"trick {number} has {len(cards)} cards, not {seats}")
            return won
        for step, card in enumerate(cards):
            seat = (leader + step) % seats
            hand = hands[seat]
            if card not in hand:
                problems.append(f"trick {number}: seat {seat} played {card}, not in its hand")
                return won
            broken = rule_broken(card, hand, cards[:step], played)
            if broken is not None:
                problems.append(f"trick {number}: seat {seat} played {card}: {broken}")
            hand.remove(card)
        played.extend(cards)
        taker = winner(leader, cards)
        written = winners[number - 1] if winners is not None else None
        if written is not None and written != taker:
            problems.append(f"trick {number} was won by seat {taker}, not seat {written}")
        won[taker] += 1
        leader = taker
    if any(hands):
        problems.append("cards were left unplayed")
    return won


def follows_suit(card_suit: Any, hand_suits: Sequence[Any], led: Any) -> str | None:
    """None when a card of ``card_suit`` keeps the rule "follow the suit ``led`` when
    able" for a hand of cards of ``hand_suits``; else the rule it broke."""
    if card_suit == led or led not in hand_suits:
        return None
    return f"did not follow {led}"


def plain_trick_rules(
    ruling: Any,
) -> tuple[RuleBroken, Callable[[int, Sequence[Any]], int]]:
    """``check_tricks``' rules for tricks of :class:`~.cards.Card`: follow the suit led
    when able; the highest card of the ruling suit ``ruling`` (None: no suit rules) wins,
    else the highest of the suit led."""

    def rule_broken(card: Any, hand: Any, so_far: Any, played: Any) -> str | None:
        return follows_suit(card.suit, [c.suit for c in hand], so_far[0].suit) if so_far else None

    def winner(leader: int, cards: Sequence[Any]) -> int:
        led = cards[0].suit
        ruled = [c for c in cards if ruling is not None and c.suit == ruling]
        best = max(ruled or [c for c in cards if c.suit == led], key=lambda c: c.rank)
        return (leader + list(cards).index(best)) % len(cards)

    return rule_broken, winner
