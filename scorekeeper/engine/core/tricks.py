"""What every trick-taking game's play shares: the state of the tricks as a hand is
played (whose hands, who leads, who plays next, the trick on the table and the tricks
taken), as python-chess's variants share ``Board``'s squares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

CardChooser = Callable[[Any, list[int]], int]
"""A seat's choice of card: ``(play, legal)`` to one card number of ``legal``."""


class TrickPlay:
    """The tricks of one hand, card numbers throughout: ``hands`` per seat, the
    ``leader`` of the trick on the table, who plays next (``to_play``, None once the hand
    is over), the ``current`` trick's cards from its leader on, the suit ``led``,
    ``tricks`` as (leader, cards, winner), and the seat that is winning the current
    trick. A game's play adds its trumps, its counts and its rules of following."""

    __slots__ = ("hands", "leader", "to_play", "current", "led", "tricks", "_winner")

    def play_out(self, choosers: Sequence[CardChooser]) -> None:
        """Plays the rest of the hand, asking ``choosers[seat](self, legal)`` for each card.

        This is ``apply`` in a tight loop: the state a chooser sees is kept up to date, and
        a chooser returning a card not in ``legal`` raises IllegalAction.
        """
        raise NotImplementedError
