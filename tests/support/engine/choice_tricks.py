"""Helpers of tests/engine/test_choice_tricks.py."""

from __future__ import annotations

import random


def by_rules(held, leader, trump, unbroken, pick):
    """The slow loop, written from the rules alone: each seat's legal cards listed in its
    hand's order, ``pick(legal, following)`` playing one (``following``: they are of the
    suit led), the highest trump or else the highest of the suit led winning."""
    seats = len(held)
    taken = [0] * seats
    leaders, tricks = [], []
    while held[leader]:
        trick, seat = [], leader
        for _ in range(seats):
            hand = held[seat]
            led = trick[0] // 13 if trick else unbroken
            legal = [card for card in hand if (card // 13 == led) == bool(trick)] or hand
            card = pick(legal, bool(trick) and legal[0] // 13 == led)
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


def by_choice(held, leader, trump, generator, unbroken):
    """Bots drawing ``generator.choice`` per card, the last trick's forced ones too (a
    run's deals share a generator, block by block, so the next deal draws on from where
    this one left it)."""
    return by_rules(held, leader, trump, unbroken, lambda legal, _: generator.choice(legal))


def by_dealt_order(held, leader, trump, generator, unbroken):
    """The bots ``dealt_tricks`` plays as, each seat's cards in the order dealt: following
    suit, the last card of the suit led held; else ``generator.choice`` among its legal
    cards listed by suit, each in that order."""

    def pick(legal, following):
        return legal[-1] if following else generator.choice(sorted(legal, key=lambda c: c // 13))

    return by_rules(held, leader, trump, unbroken, pick)


def dealt(seed):
    pack = list(range(52))
    random.Random(seed).shuffle(pack)
    return [pack[seat::4] for seat in range(4)]
