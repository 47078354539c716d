"""The play of a hand: 12 tricks as a state machine, with legal cards and trick winners.

The bidder leads to the first trick and each trick's winner leads to the next. Players
must follow the suit to follow when they can; otherwise they may play any card.

- With a trump suit the jokers are its two highest cards and follow as trumps.
- In no-trump a joker cannot win. When a joker is led, the suit to follow is that of the
  first card after it that is not a joker (if all are jokers the leader wins); a player
  with no suit to follow yet may play any card. ``nt_jokers`` says when a joker may be
  played while a suit is to be followed: ``void_only`` only when void in it, ``any_time``
  also instead of following, ``must_when_void`` as ``void_only`` but a void player
  holding a joker must play one.

Cards are card numbers (see ``cards``); a trick is decided by one table look-up per card
(``cards.trick_keys``), because simulation plays millions of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..core.tricks import TrickPlay, checked_hands, followers, split_hands
from .cards import CARD_TEXT, HAND_SIZE, NO_SUIT, PACK_SIZE, SEATS, TRICKS, suit_table, trick_keys

_NT_RULES = ("void_only", "any_time", "must_when_void")


def legal_from(hand: list[list[int]], led: int | None, trump: int, nt_jokers: str) -> list[int]:
    """The cards of ``hand`` (a list per suit 0..3, and in no-trump a fifth of the jokers)
    that may be played when the suit to follow is ``led`` (None, or :data:`NO_SUIT` while
    only jokers are in the trick: any card)."""
    if led is None or led == NO_SUIT:
        return [card for cards in hand for card in cards]
    following = hand[led]
    if trump != NO_SUIT:
        return list(following) if following else [*hand[0], *hand[1], *hand[2], *hand[3]]
    jokers = hand[NO_SUIT]
    if following:
        return [*following, *jokers] if nt_jokers == "any_time" else list(following)
    if jokers and nt_jokers == "must_when_void":
        return list(jokers)
    return [*hand[0], *hand[1], *hand[2], *hand[3], *jokers]


class BidWhistPlayState(TrickPlay):
    """The 12 tricks of one hand, after the discard (see ``core.tricks``).

    ``hands[seat]`` is a list of card numbers per suit 0..3 (a joker with a trump suit
    sits in it), then a fifth of the no-trump jokers (empty with a trump suit). ``led``
    is :data:`NO_SUIT` while the trick holds only no-trump jokers. ``kitty_shown`` holds
    the kitty when ``sport_kitty`` showed it to everyone, else is empty.
    """

    tricks_in_hand = TRICKS
    card_text = CARD_TEXT
    follow_rule = "the rules forbid it now"
    __slots__ = ("trump", "low", "nt_jokers", "bidder", "kitty_shown")

    def __init__(
        self,
        hands: Sequence[Iterable[int]],
        trump: int,
        low: bool,
        bidder: int,
        *,
        ace_high: bool = True,
        nt_jokers: str = "void_only",
        kitty_shown: Sequence[int] = (),
    ) -> None:
        """Starts play with the bidder to lead. Raises ValueError unless each of the four
        hands holds 12 different cards of the pack."""
        if not 0 <= trump <= NO_SUIT:
            raise ValueError(f"trump {trump} is not a suit 0..3 or no-trump (4)")
        if nt_jokers not in _NT_RULES:
            raise ValueError(f"nt_jokers {nt_jokers!r} is not one of {', '.join(_NT_RULES)}")
        numbers = checked_hands(hands, bidder, HAND_SIZE, PACK_SIZE, "bidder", SEATS)
        self._deal(numbers, trump, low, ace_high, bidder, nt_jokers, tuple(kitty_shown))

    def _deal(
        self,
        hands: list[list[int]],
        trump: int,
        low: bool,
        ace_high: bool,
        bidder: int,
        nt_jokers: str,
        kitty_shown: tuple[int, ...],
    ) -> None:
        suits = suit_table(trump)
        by_suit = split_hands(hands, suits, 5)  # no jokers of their own with a trump suit
        self._start(by_suit, suits, trick_keys(trump, low, ace_high), bidder)
        self.trump = trump
        self.low = low
        self.nt_jokers = nt_jokers
        self.bidder = bidder
        self.kitty_shown = kitty_shown

    def legal_indices(self) -> list[int]:
        """The card numbers the seat to play may play; empty once play is over."""
        if self.to_play is None:
            return []
        return legal_from(self.hands[self.to_play], self.led, self.trump, self.nt_jokers)

    def legal_in(self, hand: list[list[int]], led: int | None) -> list[int]:
        return legal_from(hand, led, self.trump, self.nt_jokers)


def play_out_random(play: BidWhistPlayState, bits: Callable[[int], int]) -> None:
    """Plays a whole hand from its first card with every seat choosing uniformly among its
    legal cards, as ``BidWhistRandomBot``s sharing the generator choose them (the card at
    ``bits(30) % len(legal)``, the legal cards in ``legal_indices``' order): the same
    cards from the same draws, without a call per card. Simulation's hottest loop; it keeps
    only ``tricks`` and ``tricks_taken`` current. Bid Whist's own, for its jokers: with a
    trump suit they follow as trumps, in no-trump they follow no suit (``nt_jokers``)."""
    hands, tricks, won = play.hands, play.tricks, play.tricks_taken
    keys_by_led, suits, rule = play.keys_by_led, play.suit_of, play.nt_jokers
    any_time = play.trump == NO_SUIT and rule == "any_time"
    must = play.trump == NO_SUIT and rule == "must_when_void"
    leader = play.leader
    after = followers(SEATS)
    for in_hand in range(TRICKS, 0, -1):
        hand = hands[leader]
        card = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]][bits(30) % in_hand]
        led = suits[card]
        hand[led].remove(card)
        keys = keys_by_led[led]
        best, winner, trick = keys[card], leader, [card]
        for seat in after[leader]:
            hand = hands[seat]
            following = hand[led]
            if following and led != NO_SUIT and not (any_time and hand[4]):
                card = following.pop(bits(30) % len(following))
            else:  # void in the suit led, a joker led, or jokers playable at any time
                if led == NO_SUIT or not (following or must and hand[4]):
                    legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
                else:
                    legal = [*following, *hand[4]] if following else hand[4]
                card = legal[bits(30) % len(legal)]
                hand[suits[card]].remove(card)
                if led == NO_SUIT and card < 52:  # the first card of a suit after jokers
                    led, best = suits[card], -1
                    keys = keys_by_led[led]
            trick.append(card)
            if keys[card] > best:
                best, winner = keys[card], seat
        tricks.append((leader, tuple(trick), winner))
        won[winner] += 1
        leader = winner
    play.leader = leader
    play.to_play = None
