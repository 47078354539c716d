"""What every trick-taking game's play shares: the state of the tricks as a hand is
played (whose hands, who leads, who plays next, the trick on the table and the tricks
taken), as python-chess's variants share ``Board``'s squares, with the plain rule of
following suit and the trick won by one table look-up per card.

Cards are numbers throughout. A game gives two tables: ``suit_of[card]``, the suit a card
follows as (0..3; a game may add a fifth, for cards that follow no suit), and
``keys_by_led[led][card]``, a card's strength in a trick whose suit to follow is ``led``:
the highest key wins. A game whose rules of following or winning differ overrides
``legal_indices``, ``would_win`` and ``_place``, and keeps the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, ClassVar

from .errors import IllegalAction

CardChooser = Callable[[Any, list[int]], int]
"""A seat's choice of card: ``(play, legal)`` to one card number of ``legal``."""

Trick = tuple[int, tuple[int, ...], int]
"""A finished trick: (leader, the card numbers in play order, one per seat, winner)."""


@cache
def followers(seats: int) -> tuple[tuple[int, ...], ...]:
    """``followers(seats)[leader]``: the seats after ``leader`` in a trick at a table of
    ``seats``, in play order."""
    return tuple(tuple((leader + k) % seats for k in range(1, seats)) for leader in range(seats))


NO_SUIT = 4
"""The suit of a game's cards that follow no suit (a hand's fifth list): led, such a card
leaves the suit to follow to the first card of a suit after it. A module's constant, not
a class's: ``TrickPlay._place`` reads it for every card, and a global is read for a
fraction of the instructions of an attribute of the instance's class."""

PLAIN_SUIT_OF: tuple[int, ...] = tuple(card // 13 for card in range(52))
"""The suit (0..3, clubs first) of each card number of a plain 52-card pack (``Card.index``)."""


def _plain_keys(ruling: int, led: int) -> tuple[int, ...]:
    # A card's strength: 0 off-suit, 1 the suit led, 2 the ruling suit, times 64, plus its
    # number, which orders ranks within a suit.
    weight = [2 if suit == ruling else 1 if suit == led else 0 for suit in range(4)]
    return tuple(weight[PLAIN_SUIT_OF[card]] * 64 + card for card in range(52))


PLAIN_KEYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_plain_keys(ruling, led) for led in range(4)) for ruling in range(5)
)
"""``PLAIN_KEYS[ruling][led][card]``: a plain pack's card strength in a trick whose ruling
suit is ``ruling`` (4: none) and whose suit to follow is ``led``; the highest wins."""


def split_hands(
    hands: Iterable[Iterable[int]], suit_of: Sequence[int], suits: int = 4
) -> list[list[list[int]]]:
    """Hands of card numbers as ``[seat][suit]`` lists (4 or 5 of them, by ``suit_of``),
    each suit's cards in the hand's order."""
    split = []
    for hand in hands:
        lists: list[list[int]] = [[], [], [], []] if suits == 4 else [[], [], [], [], []]
        for card in hand:
            lists[suit_of[card]].append(card)
        split.append(lists)
    return split


def checked_hands(
    hands: Sequence[Iterable[int]], leader: int, size: int, pack: int, who: str, seats: int
) -> list[list[int]]:
    """The hands as lists of card numbers, for play led by seat ``leader`` (``who``, as
    the game names it). Raises ValueError unless there are ``seats`` hands of ``size``
    different cards of a pack numbered 0 to ``pack`` - 1."""
    if len(hands) != seats:
        raise ValueError(f"{len(hands)} hands given; play needs one per seat")
    if not 0 <= leader < seats:
        raise ValueError(f"{who} is seat {leader}; seats are 0..{seats - 1}")
    numbers = [list(hand) for hand in hands]
    for seat, hand in enumerate(numbers):
        if len(hand) != size:
            raise ValueError(f"seat {seat} holds {len(hand)} cards; each seat needs {size}")
    held = {card for hand in numbers for card in hand}
    if len(held) != seats * size or not all(0 <= card < pack for card in held):
        whole = f"the {pack} cards" if pack == seats * size else "different cards of the pack"
        raise ValueError(f"the hands must hold {whole}, each once")
    return numbers


def trick_winner(
    leader: int,
    cards: Sequence[int],
    suit_of: Sequence[int],
    keys_by_led: Sequence[Sequence[int]],
    no_suit: int = 4,
    seats: int | None = None,
) -> int:
    """The seat that wins a trick of card numbers in play order, one per seat of
    ``seats`` (default: as many as there are cards), led by ``leader``: the highest key
    for the suit to follow, that of the first card that belongs to a suit (``no_suit`` is
    none: a card that follows no suit), the earlier card on a tie. Raises ValueError
    unless there is a card per seat."""
    if seats is not None and len(cards) != seats:
        raise ValueError(f"a trick has {seats} cards, not {len(cards)}")
    led = next((suit_of[c] for c in cards if suit_of[c] != no_suit), no_suit)
    keys = keys_by_led[led]
    best = max(range(len(cards)), key=lambda position: (keys[cards[position]], -position))
    return (leader + best) % len(cards)


def tricks_text(tricks: Iterable[Trick], card_text: Sequence[str]) -> list[dict[str, Any]]:
    """The tricks as a simulated deal writes them: each its leader, its cards' text in
    play order and its winner."""
    return [
        {"leader": leader, "cards": [card_text[n] for n in cards], "winner": winner}
        for leader, cards, winner in tricks
    ]


class TrickPlay:
    """The tricks of one hand, card numbers throughout: ``hands[seat][suit]``, the
    ``leader`` of the trick on the table, who plays next (``to_play``, None once the hand
    is over), the ``current`` trick's cards from its leader on, the suit ``led`` (None
    before a trick's first card), ``tricks`` as (leader, cards, winner), the
    ``tricks_taken`` per seat, and the trick's card strengths (``keys``) with the ``best``
    so far. A game's play gives its tables, its count of tricks and its words."""

    __slots__ = (
        "hands",
        "leader",
        "to_play",
        "current",
        "led",
        "tricks",
        "tricks_taken",
        "suit_of",
        "keys_by_led",
        "keys",
        "best",
        "_winner",
        "seats",
    )
    tricks_in_hand: ClassVar[int]
    """How many tricks a hand has (each seat's cards)."""
    card_text: ClassVar[Sequence[str]]
    """The text of each card number, for refusals."""
    follow_rule: ClassVar[str] = "it must follow suit when able"
    """Why a card not among the legal ones is refused, in a refusal's words."""

    def _start(
        self,
        hands: list[list[list[int]]],
        suit_of: Sequence[int],
        keys_by_led: Sequence[Sequence[int]],
        leader: int,
    ) -> None:
        """Starts play from ``hands`` (split by suit, one per seat), ``leader`` to lead."""
        self.seats = len(hands)
        self.hands = hands
        self.suit_of = suit_of
        self.keys_by_led = keys_by_led
        self.keys = keys_by_led[0]
        self.leader = leader
        self.to_play: int | None = leader
        self.current: list[int] = []
        self.led: int | None = None
        self.tricks: list[Trick] = []
        self.tricks_taken = [0] * self.seats
        self.best = -1
        self._winner = -1

    def _deal(self, *dealt: Any) -> None:
        raise NotImplementedError

    @classmethod
    def _trusted(cls, *dealt: Any) -> Any:
        """Play of simulation's own deals, known to be whole: ``_deal``'s arguments (the
        game's), unchecked and unsorted, its lists the caller's."""
        state = cls.__new__(cls)
        state._deal(*dealt)
        return state

    def is_terminal(self) -> bool:
        return self.to_play is None

    def held(self, seat: int) -> list[int]:
        """The card numbers ``seat`` still holds, in order."""
        return sorted(card for cards in self.hands[seat] for card in cards)

    def legal_indices(self) -> list[int]:
        """The card numbers the seat to play may play: the suit led if it holds any, else
        any card; empty once play is over."""
        if self.to_play is None:
            return []
        hand = self.hands[self.to_play]
        if self.current:
            following = hand[self.led]  # type: ignore[index]
            if following:
                return list(following)
        return [*hand[0], *hand[1], *hand[2], *hand[3]]

    def legal_in(self, hand: list[list[int]], led: int | None) -> list[int]:
        """The cards of ``hand`` (a list per suit) that may be played to a trick whose
        suit to follow is ``led`` (None: any card), in the order a random bot lists them."""
        if led is not None:
            following = hand[led]
            if following:
                return list(following)
        return [card for cards in hand for card in cards]

    def would_win(self, card: int) -> bool:
        """True if card number ``card``, played now, would beat the trick so far."""
        return not self.current or self.keys[card] > self.best

    @property
    def winning(self) -> int | None:
        """The seat winning the trick in progress, or None before its first card."""
        return self._winner if self.current else None

    def apply(self, card: Any) -> None:
        """Plays ``card`` (a card number, or a card with its ``index``) for the seat to
        play. Raises IllegalAction, changing nothing, when play is over, the seat does not
        hold the card, or the rules forbid it now."""
        seat = self.to_play
        if seat is None:
            raise IllegalAction(f"all {self.tricks_in_hand} tricks have been played", "card")
        number = card if type(card) is int else getattr(card, "index", None)
        if type(number) is not int or not 0 <= number < len(self.suit_of):
            raise IllegalAction(f"{card!r} is not a card", "card")
        cards = self.hands[seat][self.suit_of[number]]
        if number not in cards:
            raise IllegalAction(f"seat {seat} does not hold {self.card_text[number]}", "card")
        legal = self.legal_indices()
        if number not in legal:
            self._refuse_apply(seat, number, legal)
        cards.remove(number)
        self._place(seat, number)

    def _refuse_apply(self, seat: int, card: int, legal: list[int]) -> None:
        """Raises IllegalAction for a held ``card`` that ``apply`` may not play."""
        self._refuse(seat, card, legal)

    def _refuse(self, seat: int, card: object, legal: list[int]) -> None:
        text = self.card_text
        allowed = " ".join(text[n] for n in sorted(legal))
        known = type(card) is int and 0 <= card < len(text)  # type: ignore[operator]
        shown = text[card] if known else repr(card)  # type: ignore[index]
        raise IllegalAction(
            f"seat {seat} may not play {shown}: {self.follow_rule}; legal: {allowed}", "card"
        )

    def _place(self, seat: int, card: int) -> None:
        """Lays ``card``, already taken from ``seat``'s hand, on the trick; after the
        last seat's, closes the trick, counts it and gives its winner the lead."""
        current = self.current
        if current and (self.led != NO_SUIT or self.suit_of[card] == NO_SUIT):
            if (key := self.keys[card]) > self.best:
                self.best = key
                self._winner = seat
        else:
            # The trick's first card, or the first card of a suit after cards of none,
            # names the suit to follow.
            self.led = led = self.suit_of[card]
            self.keys = keys = self.keys_by_led[led]
            self.best = keys[card]
            self._winner = seat
        current.append(card)
        seats = self.seats
        if len(current) < seats:
            self.to_play = (seat + 1) % seats
            return
        winner = self._winner
        self.tricks.append((self.leader, tuple(current), winner))
        self.tricks_taken[winner] += 1
        self.leader = winner
        self.current = []
        self.led = None
        self.to_play = None if len(self.tricks) == self.tricks_in_hand else winner

    def play_out(self, choosers: Sequence[CardChooser], whole_hand: bool = True) -> None:
        """Plays the rest of the hand (or, not ``whole_hand``, of the trick on the
        table), asking ``choosers[seat](self, legal)`` for each card: ``apply`` in a tight
        loop, the state a chooser sees kept up to date. A chooser returning a card not in
        ``legal`` raises IllegalAction, the state left as it was before that card."""
        legal_now, place = self.legal_indices, self._place
        hands, suit_of = self.hands, self.suit_of
        # The plain rule of following (``legal_indices``, not a game's own) is read here,
        # without a call for every card.
        plain = type(self).legal_indices is TrickPlay.legal_indices
        while (seat := self.to_play) is not None and (whole_hand or self.current):
            if not plain:
                legal = legal_now()
            elif self.current and (following := hands[seat][self.led]):
                legal = following[:]
            else:
                hand = hands[seat]
                legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            card = choosers[seat](self, legal)
            if card not in legal:
                self._refuse(seat, card, legal)
            hands[seat][suit_of[card]].remove(card)
            place(seat, card)


def random_tricks(play: TrickPlay, bits: Callable[[int], int], as_dealt: bool = False) -> None:
    """Plays a whole hand of plain follow-suit from its first card with every seat
    choosing uniformly among its legal cards (``legal_indices``' order), one ``bits(30)``
    draw per card: the same cards, from the same draws, as ``play_out`` with random
    bots' ``legal[bits(30) % len(legal)]`` at every seat, without a call per card (a
    30-bit draw fits a machine word, so the remainder is cheaper than scaling a 32-bit
    one; for at most 13 cards it is uniform to within 13 / 2^30).
    Simulation's hottest loop; it keeps ``tricks``, ``tricks_taken`` and ``leader``
    current and ends with nobody to play. ``as_dealt`` (a table of four): a seat that
    follows suit plays the last card of the suit in its hand's order, with no draw, as
    ``core.bots.dealt_order_card`` does (hands whose every suit is in an order as random
    as its cards, as dealt from a shuffled pack; see ``dealt_tricks``)."""
    if play.seats != 4 or len(play.hands[0]) != 4:
        _random_tricks_any(play, bits)
        return
    hands, suit_of, keys_by_led = play.hands, play.suit_of, play.keys_by_led
    tricks, taken = play.tricks, play.tricks_taken
    seated = followers(4)
    leader = play.leader
    for in_hand in range(play.tricks_in_hand - len(tricks), 0, -1):
        # Unrolled over four seats (a table of another size takes the loop below): the
        # only rule is "follow suit if you can". Every seat holds in_hand cards in four
        # suits (a game's fifth list, of cards that follow no suit, is not made for a
        # hand with a ruling suit); the leader's card is found by counting through its
        # suits, clubs first, rather than by listing its cards and removing one.
        clubs, diamonds, hearts, spades = hands[leader]
        index = bits(30) % in_hand
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
        keys = keys_by_led[led]
        best = keys[first]
        winner = leader
        second_seat, third_seat, fourth_seat = seated[leader]
        hand = hands[second_seat]
        following = hand[led]
        if following:
            second = following.pop() if as_dealt else following.pop(bits(30) % len(following))
        else:
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            second = legal[bits(30) % in_hand]
            hand[suit_of[second]].remove(second)
        key = keys[second]
        if key > best:
            best = key
            winner = second_seat
        hand = hands[third_seat]
        following = hand[led]
        if following:
            third = following.pop() if as_dealt else following.pop(bits(30) % len(following))
        else:
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            third = legal[bits(30) % in_hand]
            hand[suit_of[third]].remove(third)
        key = keys[third]
        if key > best:
            best = key
            winner = third_seat
        hand = hands[fourth_seat]
        following = hand[led]
        if following:
            fourth = following.pop() if as_dealt else following.pop(bits(30) % len(following))
        else:
            legal = [*hand[0], *hand[1], *hand[2], *hand[3]]
            fourth = legal[bits(30) % in_hand]
            hand[suit_of[fourth]].remove(fourth)
        if keys[fourth] > best:
            winner = fourth_seat
        tricks.append((leader, (first, second, third, fourth), winner))
        taken[winner] += 1
        leader = winner
    play.leader = leader
    play.to_play = None


def _random_tricks_any(play: TrickPlay, bits: Callable[[int], int]) -> None:
    """``random_tricks`` at a table of any number of seats, or with a game's own rule of
    following (its ``legal_in``) and cards that follow no suit: the same draws, one per
    card, in a loop over the seats after the leader."""
    hands, suit_of, keys_by_led, legal_in = (
        play.hands,
        play.suit_of,
        play.keys_by_led,
        play.legal_in,
    )
    tricks, taken, no_suit = play.tricks, play.tricks_taken, NO_SUIT
    after = followers(play.seats)
    leader = play.leader
    for _ in range(play.tricks_in_hand - len(tricks)):
        hand = hands[leader]
        legal = legal_in(hand, None)
        first = legal[bits(30) % len(legal)]
        led = suit_of[first]
        hand[led].remove(first)
        keys = keys_by_led[led]
        best = keys[first]
        winner = leader
        cards = [first]
        for seat in after[leader]:
            hand = hands[seat]
            legal = legal_in(hand, led)
            card = legal[bits(30) % len(legal)]
            suit = suit_of[card]
            hand[suit].remove(card)
            cards.append(card)
            if led == no_suit:
                if suit != no_suit:  # the first card of a suit names the suit to follow
                    led, keys, winner = suit, keys_by_led[suit], seat
                    best = keys[card]
            elif keys[card] > best:
                best = keys[card]
                winner = seat
        tricks.append((leader, tuple(cards), winner))
        taken[winner] += 1
        leader = winner
    play.leader = leader
    play.to_play = None


_WIDTHS = tuple(n.bit_length() for n in range(64))
"""``random``'s ``_randbelow(n)`` draws ``getrandbits(_WIDTHS[n])`` until one is below n."""


def choice_tricks(
    held: list[list[int]],
    leader: int,
    ruling: int,
    bits: Callable[[int], int],
    unbroken: int = -1,
) -> tuple[list[int], list[tuple[int, ...]], list[int]]:
    """Plays a whole hand of plain follow-suit (a plain pack, ``PLAIN_SUIT_OF``; the
    highest card of the suit led wins, or the highest of ``ruling``, 0..3 or -1) as bots
    drawing ``random.choice(legal)`` at every card play it: ``legal`` the seat's cards of
    the suit led if it holds any, else all it holds, in the order of ``held`` (each seat's
    cards, taken as they are played), and the same draws ``choice`` makes
    (``getrandbits`` until below, written out), the forced cards of the last trick too
    (so the generator is left as the bots leave it, for the next deal of a block). A
    leader may not lead ``unbroken`` (-1, or the ruling suit: Spades' spades) until a card
    of it has been played, unless it holds nothing else. Returns each trick's leader and
    last the last trick's winner, each trick's cards in play order, and the tricks each
    seat took: the loop of the games whose random bots choose so (Oh Hell).
    Raises ValueError for another ``unbroken``."""
    _check_unbroken(unbroken, ruling)
    seats = len(held)
    by_suit = split_hands(held, PLAIN_SUIT_OF)
    after, widths, suit_of = followers(seats), _WIDTHS, PLAIN_SUIT_OF
    taken = [0] * seats
    leaders: list[int] = []
    tricks: list[tuple[int, ...]] = []
    for left in range(len(held[leader]), 1, -1):  # the cards each seat holds
        hand = held[leader]
        legal = hand
        if unbroken >= 0:
            legal = [card for card in hand if suit_of[card] != unbroken] or hand
        n = len(legal)
        k = widths[n]
        drawn = bits(k)
        while drawn >= n:
            drawn = bits(k)
        won = legal[drawn]
        if legal is hand:
            del hand[drawn]
        else:
            hand.remove(won)
        led = best_suit = suit_of[won]
        by_suit[leader][led].remove(won)
        trick = [won]
        winner = leader
        for seat in after[leader]:
            suits = by_suit[seat]
            following = suits[led]
            if following:
                n = len(following)
                k = widths[n]
                drawn = bits(k)
                while drawn >= n:
                    drawn = bits(k)
                card = following.pop(drawn)
                held[seat].remove(card)
                suit = led
            else:
                k = widths[left]
                drawn = bits(k)
                while drawn >= left:
                    drawn = bits(k)
                card = held[seat].pop(drawn)
                suit = suit_of[card]
                suits[suit].remove(card)
            trick.append(card)
            # Card numbers within a suit rank as the cards do; the ruling suit beats the rest.
            if suit == best_suit:
                if card > won:
                    won, winner = card, seat
            elif suit == ruling:
                won, best_suit, winner = card, suit, seat
        if best_suit == unbroken:  # a card of it led or won (on another suit) the trick
            unbroken = -1
        leaders.append(leader)
        tricks.append(tuple(trick))
        taken[winner] += 1
        leader = winner
    won = held[leader][0]
    trick = [won]
    best_suit, winner = suit_of[won], leader
    for seat in after[leader]:
        card = held[seat][0]
        trick.append(card)
        suit = suit_of[card]
        if suit == best_suit:
            if card > won:
                won, winner = card, seat
        elif suit == ruling:
            won, best_suit, winner = card, suit, seat
    leaders += (leader, winner)
    tricks.append(tuple(trick))
    taken[winner] += 1
    _forced_draws(bits, len(trick))
    return leaders, tricks, taken


def _forced_draws(bits: Callable[[int], int], cards: int) -> None:
    """The draws of ``random.choice`` for ``cards`` plays of the only card held: each
    ``getrandbits(1)`` until it is below 1."""
    for _ in range(cards):
        while bits(1):
            pass


def _check_unbroken(unbroken: int, ruling: int) -> None:
    if unbroken not in (-1, ruling):
        raise ValueError(f"the suit not led until played is {unbroken}; -1 or the ruling suit")


def _by_count(suits: list[list[int]], drawn: int) -> int:
    """Takes the ``drawn``th card (from 0) of ``suits``' lists one after another."""
    cards = suits[0]
    if drawn >= len(cards):
        drawn -= len(cards)
        cards = suits[1]
        if drawn >= len(cards):
            drawn -= len(cards)
            cards = suits[2]
            if drawn >= len(cards):
                drawn -= len(cards)
                cards = suits[3]
    return cards.pop(drawn)


def dealt_tricks(
    by_suit: list[list[list[int]]],
    leader: int,
    ruling: int,
    bits: Callable[[int], int],
    unbroken: int = -1,
) -> tuple[list[int], list[tuple[int, ...]], list[int]]:
    """Plays a whole hand of plain follow-suit at a table of four, as ``choice_tricks``
    does, from hands kept as lists by suit (``by_suit[seat][suit]``, taken as played), each
    list in the order the hand was dealt from a shuffled pack: a seat that follows suit
    plays the last card of the suit led in that order, and draws nothing; a seat that
    leads or cannot follow draws ``random.choice``'s draw among its legal cards listed by
    suit, each suit in its list's order (``getrandbits`` until below, written out). A hand
    dealt from a shuffled pack holds each suit in an order as random as the cards
    themselves, and taking a card from a list leaves the rest so: every card played is
    drawn uniformly among the legal ones, as by a random bot, for one draw fewer per card
    followed (a quarter of a random deal's work). Spades' ``unbroken`` as in
    ``choice_tricks``. Returns what ``choice_tricks`` returns. Raises ValueError for
    another ``unbroken``."""
    _check_unbroken(unbroken, ruling)
    widths, after, count = _WIDTHS, followers(4), _by_count
    keys_by_led = PLAIN_KEYS[ruling if ruling >= 0 else 4]
    taken = [0, 0, 0, 0]
    leaders: list[int] = []
    tricks: list[tuple[int, ...]] = []
    for left in range(sum(map(len, by_suit[leader])), 0, -1):  # the cards each seat holds
        suits = by_suit[leader]
        n, skip = left, -1
        if unbroken >= 0 and left > len(suits[unbroken]):
            n, skip = left - len(suits[unbroken]), unbroken
        k = widths[n]
        drawn = bits(k)
        while drawn >= n:
            drawn = bits(k)
        if skip < 0:  # counted through the suits, written out
            cards, led = suits[0], 0
            if drawn >= len(cards):
                drawn -= len(cards)
                cards, led = suits[1], 1
                if drawn >= len(cards):
                    drawn -= len(cards)
                    cards, led = suits[2], 2
                    if drawn >= len(cards):
                        drawn -= len(cards)
                        cards, led = suits[3], 3
        else:  # through the suits but the one not led yet
            for led in range(4):  # noqa: B007 (led: the suit it stopped at)
                cards = suits[led]
                if led != skip:
                    if drawn < len(cards):
                        break
                    drawn -= len(cards)
        first = cards.pop(drawn)
        keys = keys_by_led[led]
        best, winner = keys[first], leader
        # The three seats after the leader written out: a loop over them costs more.
        s1, s2, s3 = after[leader]
        cards = by_suit[s1][led]
        if cards:
            c1 = cards.pop()
        else:
            k = widths[left]
            drawn = bits(k)
            while drawn >= left:
                drawn = bits(k)
            c1 = count(by_suit[s1], drawn)
        if keys[c1] > best:
            best, winner = keys[c1], s1
        cards = by_suit[s2][led]
        if cards:
            c2 = cards.pop()
        else:
            k = widths[left]
            drawn = bits(k)
            while drawn >= left:
                drawn = bits(k)
            c2 = count(by_suit[s2], drawn)
        if keys[c2] > best:
            best, winner = keys[c2], s2
        cards = by_suit[s3][led]
        if cards:
            c3 = cards.pop()
        else:
            k = widths[left]
            drawn = bits(k)
            while drawn >= left:
                drawn = bits(k)
            c3 = count(by_suit[s3], drawn)
        if keys[c3] > best:
            best, winner = keys[c3], s3
        if best >= 128:  # a card of the ruling suit won: Spades' spades are broken
            unbroken = -1
        leaders.append(leader)
        tricks.append((first, c1, c2, c3))
        taken[winner] += 1
        leader = winner
    leaders.append(leader)
    return leaders, tricks, taken
