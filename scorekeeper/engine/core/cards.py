"""Cards and suits of the standard 52-card pack, with text that round-trips.

``Card.from_str(str(card)) == card`` holds for every card. The parser is forgiving about
how people type (``10s``, ``T♠``, ``7c``) and raises :class:`ParseError` quoting the bad
text for anything else. Every game builds its bids and card orders on these.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering

from .errors import ParseError
from .messages import msg

RANK_CHARS = "23456789TJQKA"


class Suit(enum.IntEnum):
    """A suit, valued in bridge order so that it also ranks as a denomination."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Returns the suit named by a letter (any case) or a symbol; raises ParseError."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, suit.symbol_alt):
                return suit
        raise ParseError(
            msg("%(text)s is not a suit; use one of C D H S or ♣ ♦ ♥ ♠", text=repr(text))
        )

    @property
    def symbol_alt(self) -> str:
        # White-suit glyphs that phones sometimes insert instead of the black ones.
        return "♧♢♡♤"[self.value]


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. ``rank`` is 2..14 (ace high)."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise ValueError(f"rank {self.rank} is outside 2..14")

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 2]

    @property
    def index(self) -> int:
        """A dense 0..51 number, suit-major."""
        return self.suit.value * 13 + self.rank - 2

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _DECK[index]

    def __str__(self) -> str:
        return self.rank_char + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return (self.suit, self.rank) < (other.suit, other.rank)

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parses ``TS``, ``10s``, ``T♠``, ``qh``; raises ParseError quoting the text."""
        raw = text.strip()
        if len(raw) < 2:
            raise ParseError(
                msg(
                    "%(text)s is not a card; write rank then suit, as in TS or 10♠", text=repr(text)
                )
            )
        rank_part, suit_part = raw[:-1].upper(), raw[-1]
        if rank_part == "10":
            rank_part = "T"
        if len(rank_part) != 1 or rank_part not in RANK_CHARS:
            raise ParseError(
                msg(
                    "%(text)s is not a card; the rank must be one of %(ranks)s or 10",
                    text=repr(text),
                    ranks=RANK_CHARS,
                )
            )
        try:
            suit = Suit.from_str(suit_part)
        except ParseError:
            raise ParseError(
                msg("%(text)s is not a card; the suit must be C D H S or ♣ ♦ ♥ ♠", text=repr(text))
            ) from None
        return _DECK[suit.value * 13 + RANK_CHARS.index(rank_part)]


_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(2, 15))


def full_deck() -> list[Card]:
    """Returns a new list of the 52 cards, suit-major."""
    return list(_DECK)


def parse_cards(text: str) -> list[Card]:
    """Parses whitespace- or comma-separated cards; raises ParseError on the first bad one."""
    return [Card.from_str(tok) for tok in text.replace(",", " ").split()]


CARD_TEXT: tuple[str, ...] = tuple(map(str, _DECK))
"""The text of each card number (``Card.index``) of the plain pack."""


def legal_cards(hand: Iterable[Card], led: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played: the suit led if held, else any card."""
    cards = list(hand)
    following = [card for card in cards if card.suit == led] if led is not None else ()
    return list(following) or cards
