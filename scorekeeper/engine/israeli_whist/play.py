"""The play of a hand (``core.tricks``): follow suit when able; the highest trump wins a
trick, else the highest card of the suit led; the declarer leads first. Cards are their
``Card.index`` numbers, a trick decided by one table look-up per card."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import CARD_TEXT, Card, Suit
from ..core.cards import legal_cards as legal_cards  # the game's public name
from ..core.errors import IllegalAction
from ..core.tricks import PLAIN_KEYS, PLAIN_SUIT_OF, TrickPlay, checked_hands, split_hands
from .bids import SEATS, TRICKS_PER_HAND, Denomination

NO_TRUMP = 4
"""The trump code of a no-trump hand; suits are 0..3 as in :class:`Suit`."""

SUIT_OF, TRICK_KEYS = PLAIN_SUIT_OF, PLAIN_KEYS
"""Each card number's suit, and ``TRICK_KEYS[trump][led][card]`` its strength in a trick."""
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def trump_code(trump: Suit | Denomination | int | None) -> int:
    """The trump as 0..3, or :data:`NO_TRUMP` (4) for None or no-trump."""
    if trump is None:
        return NO_TRUMP
    code = int(trump)
    if not 0 <= code <= NO_TRUMP:
        raise ValueError(f"trump {trump!r} is not a suit or no-trump")
    return code


class IsraeliPlayState(TrickPlay):
    """The 13 tricks of one hand (``core.tricks``): ``legal_actions()`` and ``hand()`` in
    :class:`Card`, ``apply()`` a card or its number, the rest in card numbers."""

    tricks_in_hand = TRICKS_PER_HAND
    card_text = CARD_TEXT
    __slots__ = ("trump", "declarer", "contracts")

    def __init__(
        self,
        hands: Sequence[Iterable[Card | int]],
        trump: Suit | Denomination | None,
        declarer: int,
        contracts: Sequence[int] | None = None,
    ) -> None:
        """Starts play with the declarer to lead. ``contracts`` are carried for players
        that aim at them. Raises ValueError unless the hands hold the 52 cards, 13 each."""
        numbers = [sorted(c if isinstance(c, int) else c.index for c in hand) for hand in hands]
        checked_hands(numbers, declarer, TRICKS_PER_HAND, 52, "declarer", SEATS)
        owned = list(contracts) if contracts is not None else None
        self._deal(split_hands(numbers, SUIT_OF), trump_code(trump), declarer, owned)

    def _deal(
        self, by_suit: list[list[list[int]]], trump: int, declarer: int, contracts: list[int] | None
    ) -> None:
        self.trump, self.declarer, self.contracts = trump, declarer, contracts
        self._start(by_suit, SUIT_OF, TRICK_KEYS[trump], declarer)

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` still holds, by suit then rank."""
        return [Card.from_index(n) for n in self.held(seat)]

    def legal_actions(self) -> list[Card]:
        """The cards the seat to play may play (see ``legal_indices``)."""
        return [Card.from_index(n) for n in self.legal_indices()]

    def _refuse_apply(self, seat: int, card: int, legal: list[int]) -> None:
        led = _SUIT_NAMES[self.led]  # type: ignore[index]
        raise IllegalAction(
            f"seat {seat} must follow {led}: playing {CARD_TEXT[card]} while holding {led} "
            "is a revoke",
            "card",
        )
