"""The play of a hand: legal cards, trick winners, and 13 tricks as a state machine.

Players must follow the suit led when they can. The highest trump wins a trick; without
a trump in it, the highest card of the suit led wins (in no-trump only the suit led can
win). The declarer leads to the first trick and each trick's winner leads to the next.

Inside, cards are their ``Card.index`` numbers (0..51, suit-major, rank ascending) and a
trick is decided by one table look-up per card, because simulation plays millions of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..core.cards import Card, Suit
from ..core.errors import IllegalAction
from ..core.seats import SEATS
from ..core.tricks import TrickPlay
from .bids import TRICKS_PER_HAND, Denomination

NO_TRUMP = 4
"""The trump code of a no-trump hand; suits are 0..3 as in :class:`Suit`."""

SUIT_OF: tuple[int, ...] = tuple(index // 13 for index in range(52))
"""The suit number of each card number."""

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_ALL_NUMBERS = frozenset(range(52))
_FOLLOWERS = tuple(tuple((leader + k) % SEATS for k in range(1, SEATS)) for leader in range(SEATS))


def _trick_keys(trump: int, led: int) -> tuple[int, ...]:
    # A card's strength in a trick: 0 off-suit, 1 the suit led, 2 trump, times 64, plus its
    # number, which orders ranks within a suit. The highest key wins the trick.
    def key(card: int) -> int:
        suit = SUIT_OF[card]
        weight = 2 if suit == trump else 1 if suit == led else 0
        return weight * 64 + card

    return tuple(key(card) for card in range(52))


TRICK_KEYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_trick_keys(trump, led) for led in range(4)) for trump in range(5)
)
"""``TRICK_KEYS[trump][led][card]``: the card's strength in a trick; the highest wins."""

_RUFF: tuple[tuple[int, ...], ...] = tuple(
    tuple(52 + card if SUIT_OF[card] == trump else -1 for card in range(52)) for trump in range(5)
)
"""``_RUFF[trump][card]``: what a card played by a seat void in the suit led counts for in
``random_tricks``, where a card of the suit led counts as its own number: 52 and up for a
trump, which beats the suit led, -1 for any other card, which cannot win."""


def trump_code(trump: Suit | Denomination | int | None) -> int:
    """The trump as 0..3, or :data:`NO_TRUMP` (4) for None or no-trump."""
    if trump is None:
        return NO_TRUMP
    code = int(trump)
    if not 0 <= code <= NO_TRUMP:
        raise ValueError(f"trump {trump!r} is not a suit or no-trump")
    return code


def trick_winner(leader: int, cards: Sequence[Card], trump: Suit | Denomination | None) -> int:
    """The seat that wins a trick of ``cards`` in play order, led by ``leader``.

    Raises ValueError unless there are 4 cards.
    """
    if len(cards) != SEATS:
        raise ValueError(f"a trick has 4 cards, not {len(cards)}")
    numbers = [card.index for card in cards]
    keys = TRICK_KEYS[trump_code(trump)][SUIT_OF[numbers[0]]]
    best = max(range(SEATS), key=lambda position: keys[numbers[position]])
    return (leader + best) % SEATS


def legal_cards(hand: Iterable[Card], led: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played: the suit led if held, else any card."""
    cards = list(hand)
    if led is None:
        return cards
    following = [card for card in cards if card.suit == led]
    return following or cards


Trick = tuple[int, tuple[int, ...], int]
"""A finished trick: (leader, the 4 card numbers in play order, winner)."""

CardChooser = Callable[["IsraeliPlayState", list[int]], int]
"""Picks one card number from the legal ones, given the state of play."""


class IsraeliPlayState(TrickPlay):
    """The 13 tricks of one hand.

    ``legal_actions()`` and ``apply()`` work with :class:`Card`; the ``*_index`` methods
    and the attributes work with card numbers, for speed. ``hands[seat][suit]`` lists the
    numbers each seat still holds in each suit.
    """

    tricks_in_hand = TRICKS_PER_HAND
    __slots__ = tuple(["trump", "declarer", "contracts", "tricks_taken", "_keys", "_best"])

    def __init__(
        self,
        hands: Sequence[Iterable[Card | int]],
        trump: Suit | Denomination | None,
        declarer: int,
        contracts: Sequence[int] | None = None,
    ) -> None:
        """Starts play with the declarer to lead. ``contracts`` are carried for players
        that aim at them. Raises ValueError unless the hands hold the 52 cards, 13 each."""
        if len(hands) != SEATS:
            raise ValueError(f"{len(hands)} hands given; play needs one per seat")
        if not 0 <= declarer < SEATS:
            raise ValueError(f"declarer is seat {declarer}; seats are 0..3")
        numbers = [sorted(c if isinstance(c, int) else c.index for c in hand) for hand in hands]
        for seat, hand in enumerate(numbers):
            if len(hand) != TRICKS_PER_HAND:
                raise ValueError(f"seat {seat} holds {len(hand)} cards; each seat needs 13")
        held = set().union(*numbers)
        if len(held) != SEATS * TRICKS_PER_HAND or not held <= _ALL_NUMBERS:
            raise ValueError("the hands must hold the 52 cards, each once")
        self._start(split_by_suit(numbers), trump_code(trump), declarer, contracts)

    @classmethod
    def _trusted(
        cls, hands: list[list[int]], trump: int, declarer: int, contracts: list[int] | None
    ) -> IsraeliPlayState:
        # Simulation's own deals are known to be whole: skip the checks and the sorting.
        state = cls.__new__(cls)
        state._start(split_by_suit(hands), trump, declarer, contracts)
        return state

    def _start(
        self,
        hands: list[list[list[int]]],
        trump: int,
        declarer: int,
        contracts: Sequence[int] | None,
    ) -> None:
        self.trump = trump
        self.declarer = declarer
        self.contracts = list(contracts) if contracts is not None else None
        self.hands = hands
        self.leader = declarer
        self.to_play: int | None = declarer
        self.current: list[int] = []
        """The card numbers played to the trick in progress, in play order."""
        self.led = -1
        self.tricks: list[Trick] = []
        self.tricks_taken = [0] * SEATS
        self._keys = TRICK_KEYS[trump][0]
        self._best = -1
        self._winner = -1

    def is_terminal(self) -> bool:
        return len(self.tricks) == TRICKS_PER_HAND

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` still holds, by suit then rank."""
        return [Card.from_index(n) for suit in self.hands[seat] for n in sorted(suit)]

    def legal_indices(self) -> list[int]:
        """The card numbers the seat to play may play: the suit led if it holds any, else
        any card; empty once play is over."""
        if self.to_play is None:
            return []
        hand = self.hands[self.to_play]
        if self.current:
            following = hand[self.led]
            if following:
                return list(following)
        return hand[0] + hand[1] + hand[2] + hand[3]

    def legal_actions(self) -> list[Card]:
        """The cards the seat to play may play (see ``legal_indices``)."""
        return [Card.from_index(n) for n in self.legal_indices()]

    def would_win(self, card: int) -> bool:
        """True if card number ``card``, played now, would beat the trick so far."""
        if not self.current:
            return True
        return self._keys[card] > self._best

    @property
    def winning(self) -> int | None:
        """The seat winning the trick in progress, or None before its first card."""
        return self._winner if self.current else None

    def apply(self, card: Card | int) -> None:
        """Plays ``card`` for the seat to play.

        Raises IllegalAction when play is over, the seat does not hold the card, or it
        fails to follow suit while able (a revoke).
        """
        seat = self.to_play
        if seat is None:
            raise IllegalAction("all 13 tricks have been played", "card")
        number = card if isinstance(card, int) else card.index
        if not 0 <= number < 52:
            raise IllegalAction(f"{card!r} is not a card", "card")
        hand = self.hands[seat]
        suit = SUIT_OF[number]
        if number not in hand[suit]:
            raise IllegalAction(f"seat {seat} does not hold {Card.from_index(number)}", "card")
        if self.current and suit != self.led and hand[self.led]:
            raise IllegalAction(
                f"seat {seat} must follow {_SUIT_NAMES[self.led]}: playing "
                f"{Card.from_index(number)} while holding {_SUIT_NAMES[self.led]} is a revoke",
                "card",
            )
        hand[suit].remove(number)
        self._place(seat, number)

    def _place(self, seat: int, number: int) -> None:
        if not self.current:
            self.led = SUIT_OF[number]
            self._keys = TRICK_KEYS[self.trump][self.led]
            self._best = self._keys[number]
            self._winner = seat
        elif self._keys[number] > self._best:
            self._best = self._keys[number]
            self._winner = seat
        self._follow(seat, number, self.tricks_taken)

    def play_out(self, choosers: Sequence[CardChooser]) -> None:  # see TrickPlay.play_out
        self._play_while(choosers, self.legal_indices, _refuse)


def _refuse(seat: int, card: int, legal: list[int]) -> None:
    allowed = " ".join(str(Card.from_index(n)) for n in sorted(legal))
    shown = str(Card.from_index(card)) if isinstance(card, int) and 0 <= card < 52 else repr(card)
    raise IllegalAction(
        f"seat {seat} may not play {shown}: it must follow suit when able; legal: {allowed}",
        "card",
    )


def split_by_suit(hands: Iterable[Iterable[int]]) -> list[list[list[int]]]:
    """Hands of card numbers as ``[seat][suit]`` lists, clubs to spades, each suit's cards
    in the hand's order."""
    suit_of = SUIT_OF
    split = []
    for hand in hands:
        suits: list[list[int]] = [[], [], [], []]
        for card in hand:
            suits[suit_of[card]].append(card)
        split.append(suits)
    return split


def random_tricks(
    hands: list[list[list[int]]],
    trump: int,
    leader: int,
    bits: Callable[[int], int],
    tricks: list[Trick],
    taken: list[int],
    held: int = TRICKS_PER_HAND,
) -> int:
    """Plays the last ``held`` tricks from ``hands`` (``hands[seat][suit]``, each seat
    holding ``held`` cards), ``leader`` to lead, every seat choosing uniformly among its
    legal cards in suit order, one ``bits(32)`` draw per card. Appends the tricks to
    ``tricks``, counts them in ``taken`` and returns the last trick's winner.

    Simulation's hottest loop: a card is ``legal[bits(32) * len(legal) >> 32]``, as
    ``IsraeliRandomBot.choose_card`` picks it. Every seat holds ``held`` cards when a trick starts,
    so a seat choosing among its whole hand (to lead, or void in the suit led) needs no
    count, and a seat following suit takes its card out of its suit with one ``pop``."""
    ruff = _RUFF[trump]
    suit_of = SUIT_OF
    followers = _FOLLOWERS
    for in_hand in range(held, 0, -1):
        # Unrolled over the four seats: the only rule is "follow suit if you can".
        # The leader's card is found by counting through its suits, clubs first, rather
        # than by building the list of its cards and removing the card from its suit.
        clubs, diamonds, hearts, spades = hands[leader]
        index = bits(32) * in_hand >> 32
        count = len(clubs)
        if index < count:
            first = clubs.pop(index)
            led = 0
        else:
            index -= count
            count = len(diamonds)
            if index < count:
                first = diamonds.pop(index)
                led = 1
            else:
                index -= count
                count = len(hearts)
                if index < count:
                    first = hearts.pop(index)
                    led = 2
                else:
                    first = spades.pop(index - count)
                    led = 3
        # The best card so far as a number that orders the trick: a card of the suit led
        # is its own card number (a higher card of a suit has a higher number), a trump
        # played by a seat void in the suit led is ruff[card] (52 and up, above any card of
        # the suit led), another suit cannot win. So a seat following suit compares its
        # card itself, and only a void seat looks its card up.
        best = first
        winner = leader
        second_seat, third_seat, fourth_seat = followers[leader]
        following = hands[second_seat][led]
        if following:
            second = following.pop(bits(32) * len(following) >> 32)
            if second > best:
                best = second
                winner = second_seat
        else:
            hand = hands[second_seat]
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            second = legal[bits(32) * in_hand >> 32]
            hand[suit_of[second]].remove(second)
            if ruff[second] > best:
                best = ruff[second]
                winner = second_seat
        following = hands[third_seat][led]
        if following:
            third = following.pop(bits(32) * len(following) >> 32)
            if third > best:
                best = third
                winner = third_seat
        else:
            hand = hands[third_seat]
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            third = legal[bits(32) * in_hand >> 32]
            hand[suit_of[third]].remove(third)
            if ruff[third] > best:
                best = ruff[third]
                winner = third_seat
        following = hands[fourth_seat][led]
        if following:
            fourth = following.pop(bits(32) * len(following) >> 32)
            if fourth > best:
                winner = fourth_seat
        else:
            hand = hands[fourth_seat]
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            fourth = legal[bits(32) * in_hand >> 32]
            hand[suit_of[fourth]].remove(fourth)
            if ruff[fourth] > best:
                winner = fourth_seat
        tricks.append((leader, (first, second, third, fourth), winner))
        taken[winner] += 1
        leader = winner
    return leader
