"""The loops of the random tricks of Oh Hell and Spades (issue 55): ``core.tricks.
choice_tricks`` at every table size, with a trump or none, and with Spades' rule that
spades are not led until one has been played, plays the cards that bots drawing
``random.choice`` among the legal cards play, from the same draws; ``dealt_tricks``, at a
table of four from hands kept by suit in the order dealt, plays the cards of bots that
follow suit with the last card of the suit led in that order and draw ``random.choice``
otherwise, and that is as random a card as a draw."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.core.tricks import PLAIN_SUIT_OF, choice_tricks, dealt_tricks, split_hands
from tests.support.engine.choice_tricks import by_choice, by_dealt_order, dealt


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
@pytest.mark.parametrize(("trump", "unbroken"), [(-1, -1), (0, -1), (3, -1), (3, 3)])
def test_choice_tricks_plays_the_cards_random_choice_plays(seats, trump, unbroken):
    size = 52 // seats if seats != 4 else 13
    for seed in range(20):
        pack = list(range(52))
        random.Random(seed).shuffle(pack)
        held = [pack[s * size : (s + 1) * size] for s in range(seats)]
        if seed % 2:
            held = [sorted(hand) for hand in held]  # Oh Hell's hands are in order
        leader = seed % seats
        quick = random.Random(seed)
        fast = choice_tricks(
            [list(hand) for hand in held], leader, trump, quick.getrandbits, unbroken
        )
        slow_generator = random.Random(seed)
        slow = by_choice([list(hand) for hand in held], leader, trump, slow_generator, unbroken)
        assert fast == slow, seed
        assert quick.getstate() == slow_generator.getstate(), seed


def test_a_suit_kept_from_the_lead_must_be_the_trump():
    with pytest.raises(
        ValueError, match="the suit not led until played is 3; -1 or the ruling suit"
    ):
        choice_tricks([[0], [1]], 0, -1, random.Random(1).getrandbits, 3)


@pytest.mark.parametrize(
    ("trump", "unbroken"), [(-1, -1), (0, -1), (3, -1), (3, 3), (0, 0), (2, 2)]
)
def test_dealt_tricks_plays_the_cards_of_bots_that_follow_with_the_last_dealt(trump, unbroken):
    for seed in range(40):
        held = dealt(seed)
        quick = random.Random(seed)
        by_suit = split_hands(held, PLAIN_SUIT_OF)
        fast = dealt_tricks(by_suit, seed % 4, trump, quick.getrandbits, unbroken)
        slow_generator = random.Random(seed)
        slow = by_dealt_order([list(h) for h in held], seed % 4, trump, slow_generator, unbroken)
        assert fast == slow, seed
        assert quick.getstate() == slow_generator.getstate(), seed
        assert by_suit == [[[], [], [], []]] * 4, seed  # every card taken as played


def test_following_with_the_last_card_dealt_is_a_random_card_of_the_suit():
    # Over many shuffled deals, the second seat's card to the first trick, when it
    # follows suit, is its highest of the suit as often as a draw among them makes it
    # (the mean of 1/cards held): hands kept sorted would always play the highest.
    highest, expected, seen = 0, 0.0, 0
    for seed in range(3000):
        held = dealt(seed)
        generator = random.Random(seed)
        by_suit = split_hands(held, PLAIN_SUIT_OF)
        _, tricks, _ = dealt_tricks(by_suit, 0, -1, generator.getrandbits)
        first, second = tricks[0][:2]
        suit = [card for card in held[1] if card // 13 == first // 13]
        if suit:
            seen += 1
            highest += second == max(suit)
            expected += 1 / len(suit)
    spread = (expected * (1 - expected / seen)) ** 0.5
    assert seen > 2000
    assert abs(highest - expected) < 4 * spread, (highest, expected)


def test_dealt_tricks_refuses_a_kept_suit_other_than_the_trump():
    with pytest.raises(ValueError, match="the suit not led until played is 2"):
        dealt_tricks([[[0], [], [], []]] * 4, 0, 3, random.Random(1).getrandbits, 2)
