"""The one loop of the random tricks of Spades and Oh Hell (``core.tricks.choice_tricks``,
issue 55): at every table size, with a trump or none, and with Spades' rule that spades
are not led until one has been played, it plays the cards that bots drawing
``random.choice`` among the legal cards play, from the same draws."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.core.tricks import choice_tricks


def by_choice(held, leader, trump, generator, unbroken):
    """The slow loop: each seat's legal cards listed in its hand's order, one
    ``generator.choice`` per card, the last trick's forced ones too (a run's deals share
    a generator, block by block, so the next deal draws on from where this one left it),
    written from the rules alone."""
    seats = len(held)
    taken = [0] * seats
    leaders, tricks = [], []
    while held[leader]:
        trick, seat = [], leader
        for _ in range(seats):
            hand = held[seat]
            if trick:
                led = trick[0] // 13
                legal = [card for card in hand if card // 13 == led] or hand
            else:
                legal = [card for card in hand if card // 13 != unbroken] or hand
            card = generator.choice(legal)
            hand.remove(card)
            trick.append(card)
            seat = (seat + 1) % seats
        led = trick[0] // 13

        def strength(card, led=led):
            suit = card // 13
            return (2 if suit == trump else 1 if suit == led else 0, card)

        best = max(range(seats), key=lambda i, trick=trick: strength(trick[i]))
        winner = (leader + best) % seats
        if any(card // 13 == unbroken for card in trick):
            unbroken = -1
        leaders.append(leader)
        tricks.append(tuple(trick))
        taken[winner] += 1
        leader = winner
    return [*leaders, leader], tricks, taken


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


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
@pytest.mark.parametrize(
    ("trump", "unbroken"), [(-1, -1), (0, -1), (3, -1), (3, 3), (0, 0), (2, 2)]
)
def test_hands_in_order_are_played_as_random_choice_plays_them(seats, trump, unbroken):
    # in_order: sorted hands, at a table of four kept only as lists by suit, the card
    # drawn found by counting through them; the same cards from the same draws.
    size = 52 // seats if seats != 4 else 13
    for seed in range(20):
        pack = list(range(52))
        random.Random(seed).shuffle(pack)
        held = [sorted(pack[s * size : (s + 1) * size]) for s in range(seats)]
        leader = seed % seats
        quick = random.Random(seed)
        given = [list(hand) for hand in held]
        fast = choice_tricks(given, leader, trump, quick.getrandbits, unbroken, in_order=True)
        slow_generator = random.Random(seed)
        slow = by_choice([list(hand) for hand in held], leader, trump, slow_generator, unbroken)
        assert fast == slow, seed
        assert quick.getstate() == slow_generator.getstate(), seed
        assert given == held or seats != 4, seed  # four hands are kept by suit alone
