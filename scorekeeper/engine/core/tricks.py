"""What every trick-taking game's play shares: the state of the tricks as a hand is
played (whose hands, who leads, who plays next, the trick on the table and the tricks
taken), as python-chess's variants share ``Board``'s squares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .seats import SEATS

CardChooser = Callable[[Any, list[int]], int]
"""A seat's choice of card: ``(play, legal)`` to one card number of ``legal``."""


class TrickPlay:
    """The tricks of one hand, card numbers throughout: ``hands`` per seat, the
    ``leader`` of the trick on the table, who plays next (``to_play``, None once the hand
    is over), the ``current`` trick's cards from its leader on, the suit ``led``,
    ``tricks`` as (leader, cards, winner), and the seat that is winning the current
    trick. A game's play adds its card order, its counts and its rules of following."""

    __slots__ = ("hands", "leader", "to_play", "current", "led", "tricks", "_winner")
    tricks_in_hand: ClassVar[int]
    """How many tricks a hand has (each seat's cards)."""

    def _follow(self, seat: int, card: int, taken: list[int]) -> None:
        """Lays ``card`` (already taken from ``seat``'s hand, the trick's winner so far
        worked out) on the trick; after the last seat, closes the trick and counts it in
        ``taken`` (tricks per seat); no suit is led until the next card."""
        self.current.append(card)
        if len(self.current) < SEATS:
            self.to_play = (seat + 1) % SEATS
            return
        winner = self._winner
        self.tricks.append((self.leader, tuple(self.current), winner))
        taken[winner] += 1
        self.leader = winner
        self.current = []
        self.led = None
        self.to_play = None if len(self.tricks) == self.tricks_in_hand else winner

    def _finish_trick(
        self,
        choosers: Sequence[CardChooser],
        legal_cards: Callable[[], list[int]],
        refuse: Callable[[int, int, list[int]], None],
    ) -> None:
        """Plays the trick on the table to its end through ``apply``, asking each seat's
        chooser; a card not in ``legal_cards()`` is ``refuse``d (it raises)."""
        self._play_while(choosers, legal_cards, refuse, whole_hand=False)

    def _play_while(
        self,
        choosers: Sequence[CardChooser],
        legal_cards: Callable[[], list[int]],
        refuse: Callable[[int, int, list[int]], None],
        whole_hand: bool = True,
    ) -> None:
        """Plays through ``apply``, asking each seat's chooser, to the end of the hand (or,
        not ``whole_hand``, of the trick on the table); a card not in ``legal_cards()`` is
        ``refuse``d (it raises), the state left as it was before that card: a game's plain
        ``play_out``."""
        while (seat := self.to_play) is not None and (whole_hand or self.current):
            legal = legal_cards()
            card = choosers[seat](self, legal)
            if card not in legal:
                refuse(seat, card, legal)
            self.apply(card)  # type: ignore[attr-defined]

    def play_out(self, choosers: Sequence[CardChooser]) -> None:
        """Plays the rest of the hand, asking ``choosers[seat](self, legal)`` for each card.

        This is ``apply`` in a tight loop: the state a chooser sees is kept up to date, and
        a chooser returning a card not in ``legal`` raises IllegalAction.
        """
        raise NotImplementedError
