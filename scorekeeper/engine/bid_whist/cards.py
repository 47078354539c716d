"""Bid Whist's pack: the 52 cards of the core plus up to two jokers, and its card orders.

Inside, a card is a number: 0..51 as ``Card.index`` (suit-major, two up to ace), then
:data:`LITTLE_JOKER` (52) and :data:`BIG_JOKER` (53), written ``LJ`` and ``BJ``
(:data:`CARD_TEXT`). A pack with one joker holds the big one.

A contract fixes the card order (see :func:`trick_keys`):

- uptown and high no-trump: A K Q … 2;
- downtown and low no-trump: A 2 3 … K, the ace staying high (``downtown_ace_high``), or
  2 3 … K A with it off;
- with a trump suit the jokers are the two highest trumps, big above little, and belong to
  the trump suit for following; in no-trump they belong to no suit and cannot win.
"""

from __future__ import annotations

from functools import cache

from ..core.cards import CARD_TEXT as PLAIN_TEXT
from ..core.tricks import PLAIN_SUIT_OF

LITTLE_JOKER = 52
BIG_JOKER = 53
PACK_SIZE = 54
NO_SUIT = 4
"""The suit number of a joker in no-trump, and of the trump in a no-trump contract."""

HAND_SIZE = 12
SEATS = 4
"""Bid Whist is played by four, partners facing: seats 0..3 clockwise."""
TRICKS = 12
BOOKS = 13
"""Books at stake in a hand: the discard, which counts as the bidding side's first, and
12 tricks."""

CARD_TEXT: tuple[str, ...] = (*PLAIN_TEXT, "LJ", "BJ")
"""The text of each card number."""

RANK_OF: tuple[int, ...] = (*(n % 13 + 2 for n in range(52)), 0, 0)
"""Each card number's rank, 2..14 (ace 14); 0 for a joker."""


def pack(jokers: int) -> list[int]:
    """The card numbers of a pack with 0, 1 or 2 jokers (one joker is the big one)."""
    if jokers not in (0, 1, 2):
        raise ValueError(f"jokers is {jokers}; a pack has 0, 1 or 2")
    return [*range(52), *(LITTLE_JOKER, BIG_JOKER)[2 - jokers :]]


def strength(rank: int, low: bool, ace_high: bool) -> int:
    """A rank's place in a suit, higher winning: 2..14 uptown; downtown A (15 or 1), 2 (14),
    3 (13) … K (3)."""
    if not low:
        return rank
    if rank == 14:
        return 15 if ace_high else 1
    return 16 - rank


@cache
def suit_table(trump: int) -> tuple[int, ...]:
    """``suit_table(trump)[card]``: the suit a card belongs to for following, 0..3, or
    :data:`NO_SUIT` for a joker in no-trump (``trump == NO_SUIT``). A joker with a trump
    suit belongs to it."""
    return (*PLAIN_SUIT_OF, trump, trump)


@cache
def trick_keys(trump: int, low: bool, ace_high: bool) -> tuple[list[int], ...]:
    """``trick_keys(...)[led][card]``: the card's strength in a trick whose suit to follow
    is ``led`` (0..3; :data:`NO_SUIT` while only jokers have been played). The highest key
    wins. Trumps outrank the suit led, which outranks the other suits; jokers are the top
    trumps with a trump suit, and below every card in no-trump, so they never win there.
    Each table a list, read only: the bots order cards by its bound ``__getitem__``, a
    plain C function for a list where a tuple's is a slot wrapper that builds an argument
    tuple for each call."""
    suits = suit_table(trump)
    tables = []
    for led in range(5):
        keys = []
        for card in range(PACK_SIZE):
            if card >= 52:
                keys.append(-1 if trump == NO_SUIT else 3 * 64 + card - 52)
                continue
            suit = suits[card]
            weight = 2 if suit == trump else 1 if suit == led else 0
            keys.append(weight * 64 + strength(RANK_OF[card], low, ace_high))
        tables.append(keys)
    return tuple(tables)
