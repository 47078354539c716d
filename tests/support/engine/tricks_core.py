"""Helpers of tests/engine/test_tricks_core.py."""

import random

from scorekeeper.engine.bid_whist import BidWhistPlayState
from scorekeeper.engine.bid_whist.cards import pack
from scorekeeper.engine.israeli_whist import IsraeliPlayState


def israeli(trump, seed):
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    hands = [cards[13 * s : 13 * s + 13] for s in range(4)]
    return IsraeliPlayState(hands, None if trump == 4 else trump, seed % 4)


def bid_whist(trump, low, rule, seed):
    cards = pack(2)
    random.Random(seed).shuffle(cards)
    hands = [cards[12 * s : 12 * s + 12] for s in range(4)]
    return BidWhistPlayState(hands, trump, low, seed % 4, nt_jokers=rule)


def _snapshot(play):
    return (
        [[list(cards) for cards in hand] for hand in play.hands],
        play.to_play,
        list(play.current),
        play.led,
        play.best,
        play.winning,
        list(play.tricks),
        list(play.tricks_taken),
    )


def _refusable(play):
    """Plays on until the seat to play holds a card it may not play; returns that card."""
    rng = random.Random(1)
    while not play.is_terminal():
        held = play.held(play.to_play)
        refused = [card for card in held if card not in play.legal_indices()]
        if refused:
            return refused[0]
        play.apply(rng.choice(play.legal_indices()))
    return None
