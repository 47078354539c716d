"""The progress of a game of Oh Hell: a race (``core/progress.py``) without a target, whose
hand limit is the sequence's length, every player tied at the top then sharing the win;
the progress knows the sequence too: the cards of the next hand and the hands left."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.progress import RaceProgress


@dataclass(frozen=True, slots=True)
class OhHellProgress(RaceProgress):
    """A race whose end is the sequence's (``sequence``: the cards of every hand)."""

    sequence: tuple[int, ...] = ()

    @property
    def hands_left(self) -> int:
        played = self.state.number if self.state else len(self.hands)
        return max(0, len(self.sequence) - played)

    @property
    def cards(self) -> int | None:
        """The cards dealt in the next hand; None once the game is over."""
        return self.sequence[-self.hands_left] if self.hands_left and not self.winners else None
