"""Helpers of tests/games/israeli_whist/test_play.py."""

import random

from scorekeeper.engine.core import tricks
from scorekeeper.engine.core.cards import Card, parse_cards
from scorekeeper.engine.israeli_whist import deal_hands
from scorekeeper.engine.israeli_whist.play import SUIT_OF, TRICK_KEYS, trump_code


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def trick_winner(leader, played, trump):
    """The seat that wins the trick, by the game's tables of suits and card strengths."""
    numbers = [card.index for card in played]
    return tricks.trick_winner(leader, numbers, SUIT_OF, TRICK_KEYS[trump_code(trump)], seats=4)


def mixed_deal() -> list[list[Card]]:
    return [[Card.from_index(n) for n in hand] for hand in deal_hands(random.Random(7))]
