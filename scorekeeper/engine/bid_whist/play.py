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

Cards are card numbers (see ``cards``); a trick is decided by one table look-up per card,
because simulation plays millions of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..core.errors import IllegalAction
from ..core.seats import SEATS
from ..core.tricks import TrickPlay
from .cards import CARD_TEXT, HAND_SIZE, NO_SUIT, PACK_SIZE, TRICKS, suit_table, trick_keys

Trick = tuple[int, tuple[int, ...], int]
"""A finished trick: (leader, the 4 card numbers in play order, winner)."""

CardChooser = Callable[["BidWhistPlayState", list[int]], int]
"""Picks one card number from the legal ones, given the state of play."""

_FOLLOWERS = tuple(tuple((leader + k) % SEATS for k in range(1, SEATS)) for leader in range(SEATS))
_NT_RULES = ("void_only", "any_time", "must_when_void")


def legal_from(hand: list[list[int]], led: int | None, trump: int, nt_jokers: str) -> list[int]:
    """The cards of ``hand`` (five lists: suits 0..3 and no-trump jokers) that may be played
    when the suit to follow is ``led`` (None, or :data:`NO_SUIT` while only jokers are in
    the trick: any card)."""
    if led is None or led == NO_SUIT:
        return [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
    following = hand[led]
    if trump != NO_SUIT:
        return list(following) if following else [*hand[0], *hand[1], *hand[2], *hand[3]]
    jokers = hand[NO_SUIT]
    if following:
        return [*following, *jokers] if nt_jokers == "any_time" else list(following)
    if jokers and nt_jokers == "must_when_void":
        return list(jokers)
    return [*hand[0], *hand[1], *hand[2], *hand[3], *jokers]


def trick_winner(
    leader: int, cards: Sequence[int], trump: int, low: bool, ace_high: bool = True
) -> int:
    """The seat that wins a trick of 4 card numbers in play order, led by ``leader``.
    ``trump`` is 0..3 or :data:`NO_SUIT`; ``low`` plays downtown or low no-trump."""
    if len(cards) != SEATS:
        raise ValueError(f"a trick has 4 cards, not {len(cards)}")
    suits = suit_table(trump)
    keys_by_led = trick_keys(trump, low, ace_high)
    led = next((suits[c] for c in cards if suits[c] != NO_SUIT), NO_SUIT)
    keys = keys_by_led[led]
    best = max(range(SEATS), key=lambda position: (keys[cards[position]], -position))
    return (leader + best) % SEATS


class BidWhistPlayState(TrickPlay):
    """The 12 tricks of one hand, after the discard.

    ``hands[seat]`` is five lists of card numbers: the suits 0..3 (a joker with a trump
    suit sits in it) and no-trump jokers. ``kitty_shown`` holds the kitty when
    ``sport_kitty`` showed it to everyone, else is empty.
    """

    tricks_in_hand = TRICKS
    __slots__ = tuple(
        [
            "trump",
            "low",
            "nt_jokers",
            "bidder",
            "tricks_won",
            "kitty_shown",
            "_suits",
            "keys_by_led",
            "keys",
            "best",
        ]
    )

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
        if len(hands) != SEATS:
            raise ValueError(f"{len(hands)} hands given; play needs one per seat")
        if not 0 <= bidder < SEATS:
            raise ValueError(f"bidder is seat {bidder}; seats are 0..3")
        if not 0 <= trump <= NO_SUIT:
            raise ValueError(f"trump {trump} is not a suit 0..3 or no-trump (4)")
        if nt_jokers not in _NT_RULES:
            raise ValueError(f"nt_jokers {nt_jokers!r} is not one of {', '.join(_NT_RULES)}")
        numbers = [list(hand) for hand in hands]
        for seat, hand in enumerate(numbers):
            if len(hand) != HAND_SIZE:
                raise ValueError(f"seat {seat} holds {len(hand)} cards; each seat needs 12")
        held = [card for hand in numbers for card in hand]
        if len(set(held)) != len(held) or not all(0 <= c < PACK_SIZE for c in held):
            raise ValueError("the hands must hold different cards of the pack")
        self._start(numbers, trump, low, ace_high, bidder, nt_jokers, tuple(kitty_shown))

    @classmethod
    def _trusted(
        cls,
        hands: list[list[int]],
        trump: int,
        low: bool,
        ace_high: bool,
        bidder: int,
        nt_jokers: str,
        kitty_shown: tuple[int, ...],
    ) -> BidWhistPlayState:
        # Simulation's own deals are known to be whole: skip the checks.
        state = cls.__new__(cls)
        state._start(hands, trump, low, ace_high, bidder, nt_jokers, kitty_shown)
        return state

    def _start(
        self,
        hands: list[list[int]],
        trump: int,
        low: bool,
        ace_high: bool,
        bidder: int,
        nt_jokers: str,
        kitty_shown: tuple[int, ...],
    ) -> None:
        suits = self._suits = suit_table(trump)
        by_suit = []
        for hand in hands:
            lists: list[list[int]] = [[], [], [], [], []]
            for card in hand:
                lists[suits[card]].append(card)
            by_suit.append(lists)
        self.hands = by_suit
        self.trump = trump
        self.low = low
        self.nt_jokers = nt_jokers
        self.bidder = bidder
        self.kitty_shown = kitty_shown
        self.leader = bidder
        self.to_play: int | None = bidder
        self.current: list[int] = []
        """The card numbers played to the trick in progress, in play order."""
        self.led: int | None = None
        """The suit to follow in the trick in progress: None before its first card,
        NO_SUIT while it holds only no-trump jokers."""
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * SEATS
        self.keys_by_led = trick_keys(trump, low, ace_high)
        self.keys = self.keys_by_led[NO_SUIT]
        self.best = -2
        self._winner = -1

    def is_terminal(self) -> bool:
        return len(self.tricks) == TRICKS

    def hand(self, seat: int) -> list[int]:
        """The card numbers ``seat`` still holds, in order."""
        return sorted(card for cards in self.hands[seat] for card in cards)

    def legal_actions(self) -> list[int]:
        """The card numbers the seat to play may play; empty once play is over."""
        if self.to_play is None:
            return []
        return legal_from(self.hands[self.to_play], self.led, self.trump, self.nt_jokers)

    def would_win(self, card: int) -> bool:
        """True if ``card``, played now, would take the lead in the trick so far."""
        if not self.current:
            return True
        if self.led == NO_SUIT:
            return self._suits[card] != NO_SUIT
        return self.keys[card] > self.best

    @property
    def winning(self) -> int | None:
        """The seat winning the trick in progress, or None before its first card."""
        return self._winner if self.current else None

    def apply(self, card: int) -> None:
        """Plays ``card`` for the seat to play.

        Raises IllegalAction when play is over, the seat does not hold the card, or the
        rules forbid it now (not following suit when able is a renege).
        """
        seat = self.to_play
        if seat is None:
            raise IllegalAction("all 12 tricks have been played", "card")
        if not isinstance(card, int) or not 0 <= card < PACK_SIZE:
            raise IllegalAction(f"{card!r} is not a card", "card")
        hand = self.hands[seat]
        if card not in hand[self._suits[card]]:
            raise IllegalAction(f"seat {seat} does not hold {CARD_TEXT[card]}", "card")
        legal = legal_from(hand, self.led, self.trump, self.nt_jokers)
        if card not in legal:
            _refuse(seat, card, legal)
        hand[self._suits[card]].remove(card)
        self._place(seat, card)

    def _place(self, seat: int, card: int) -> None:
        suit = self._suits[card]
        if self.led is None or (self.led == NO_SUIT and suit != NO_SUIT):
            if self.led is None:
                self._winner = seat
                self.best = -1
            self.led = suit
            self.keys = self.keys_by_led[suit]
            if suit != NO_SUIT:
                self.best = self.keys[card]
                self._winner = seat
        elif self.keys[card] > self.best:
            self.best = self.keys[card]
            self._winner = seat
        self._follow(seat, card, self.tricks_won)

    def play_out(self, choosers: Sequence[CardChooser]) -> None:  # see TrickPlay.play_out
        self._finish_trick(choosers, self.legal_actions, _refuse)
        hands = self.hands
        tricks = self.tricks
        won = self.tricks_won
        keys_by_led = self.keys_by_led
        suits = self._suits
        trump = self.trump
        nt = trump == NO_SUIT
        any_time = self.nt_jokers == "any_time"
        must = self.nt_jokers == "must_when_void"
        while len(tricks) < TRICKS:
            seat = leader = self.leader
            self.to_play = seat
            self.current = current = []
            self.led = None
            hand = hands[seat]
            legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
            card = choosers[seat](self, legal)
            if card not in legal:
                _refuse(seat, card, legal)
            led = suits[card]
            hand[led].remove(card)
            current.append(card)
            self.led = led
            self.keys = keys = keys_by_led[led]
            self.best = best = keys[card]
            self._winner = winner = seat
            for seat in _FOLLOWERS[leader]:
                self.to_play = seat
                hand = hands[seat]
                if led == NO_SUIT:
                    legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
                else:
                    legal = hand[led]
                    if nt:
                        if legal:
                            if any_time and hand[4]:
                                legal = [*legal, *hand[4]]
                        elif must and hand[4]:
                            legal = hand[4]
                        else:
                            legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
                    elif not legal:
                        legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
                card = choosers[seat](self, legal)
                suit = suits[card] if 0 <= card < PACK_SIZE else -1
                try:
                    if card not in legal:
                        raise ValueError
                    hand[suit].remove(card)
                except (ValueError, IndexError, TypeError):
                    _refuse(seat, card, legal)
                current.append(card)
                if led == NO_SUIT:
                    if suit != NO_SUIT:
                        self.led = led = suit
                        self.keys = keys = keys_by_led[led]
                        self.best = best = keys[card]
                        self._winner = winner = seat
                    continue
                key = keys[card]
                if key > best:
                    self.best = best = key
                    self._winner = winner = seat
            tricks.append((leader, tuple(current), winner))
            won[winner] += 1
            self.leader = winner
        self.current = []
        self.led = None
        self.to_play = None


def _refuse(seat: int, card: object, legal: list[int]) -> None:
    allowed = " ".join(CARD_TEXT[n] for n in sorted(legal))
    shown = CARD_TEXT[card] if isinstance(card, int) and 0 <= card < PACK_SIZE else repr(card)
    raise IllegalAction(f"seat {seat} may not play {shown} now; legal: {allowed}", "card")


def play_out_random(play: BidWhistPlayState, bits: Callable[[int], int]) -> None:
    """Plays a whole hand from its first card with every seat choosing uniformly among its
    legal cards, one ``bits(32)`` draw per card: the same cards, from the same draws, as
    ``play_out`` with four ``BidWhistRandomBot`` choosers sharing the generator, without a call per
    card. Simulation's hottest loop; it keeps only ``tricks`` and ``tricks_won`` current."""
    if play.trump == NO_SUIT:
        _play_out_random_no_trump(play, bits)
        return
    hands = play.hands
    tricks = play.tricks
    won = play.tricks_won
    keys_by_led = play.keys_by_led
    suits = play._suits
    leader = play.leader
    for _ in range(TRICKS):
        # Unrolled over the four seats: a trump contract's rule is only "follow if you can".
        hand = hands[leader]
        legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
        first = legal[bits(32) * len(legal) >> 32]
        led = suits[first]
        following = hand[led]
        following.remove(first)
        keys = keys_by_led[led]
        best = keys[first]
        winner = leader
        second_seat, third_seat, fourth_seat = _FOLLOWERS[leader]
        hand = hands[second_seat]
        following = hand[led]
        if following:
            second = following[bits(32) * len(following) >> 32]
            following.remove(second)
        else:
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            second = legal[bits(32) * len(legal) >> 32]
            hand[suits[second]].remove(second)
        if keys[second] > best:
            best = keys[second]
            winner = second_seat
        hand = hands[third_seat]
        following = hand[led]
        if following:
            third = following[bits(32) * len(following) >> 32]
            following.remove(third)
        else:
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            third = legal[bits(32) * len(legal) >> 32]
            hand[suits[third]].remove(third)
        if keys[third] > best:
            best = keys[third]
            winner = third_seat
        hand = hands[fourth_seat]
        following = hand[led]
        if following:
            fourth = following[bits(32) * len(following) >> 32]
            following.remove(fourth)
        else:
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            fourth = legal[bits(32) * len(legal) >> 32]
            hand[suits[fourth]].remove(fourth)
        if keys[fourth] > best:
            winner = fourth_seat
        tricks.append((leader, (first, second, third, fourth), winner))
        won[winner] += 1
        leader = winner
    play.leader = leader
    play.to_play = None


def _play_out_random_no_trump(play: BidWhistPlayState, bits: Callable[[int], int]) -> None:
    hands = play.hands
    tricks = play.tricks
    won = play.tricks_won
    keys_by_led = play.keys_by_led
    suits = play._suits
    any_time = play.nt_jokers == "any_time"
    must = play.nt_jokers == "must_when_void"
    leader = play.leader
    for _ in range(TRICKS):
        hand = hands[leader]
        legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
        card = legal[bits(32) * len(legal) >> 32]
        led = suits[card]
        hand[led].remove(card)
        cards = [card]
        keys = keys_by_led[led]
        best = keys[card]
        winner = leader
        for seat in _FOLLOWERS[leader]:
            hand = hands[seat]
            if led == NO_SUIT:
                legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
            else:
                legal = hand[led]
                if legal:
                    if any_time and hand[4]:
                        legal = [*legal, *hand[4]]
                elif must and hand[4]:
                    legal = hand[4]
                else:
                    legal = [*hand[0], *hand[1], *hand[2], *hand[3], *hand[4]]
            card = legal[bits(32) * len(legal) >> 32]
            suit = suits[card]
            hand[suit].remove(card)
            cards.append(card)
            if led == NO_SUIT:
                if suit != NO_SUIT:
                    led = suit
                    keys = keys_by_led[led]
                    best = keys[card]
                    winner = seat
            elif keys[card] > best:
                best = keys[card]
                winner = seat
        tricks.append((leader, tuple(cards), winner))
        won[winner] += 1
        leader = winner
    play.leader = leader
    play.to_play = None
