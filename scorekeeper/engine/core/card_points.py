"""The points that cards left in a hand can add up to, for the games scored by what each
player still holds (Phase 10, Five Crowns): a pack counted by what each card is worth, and
which totals a number of its cards can make. A game refuses points left that no hand it
allows can hold, naming the player."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True, slots=True)
class Pack:
    """A pack by the worth of its cards: ``worths`` pairs what a card counts with how many
    cards of the pack count that (Phase 10: 72 cards count 5, 24 count 10, 4 Skips 15 and 8
    Wilds 25)."""

    worths: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, worths: Mapping[int, int]) -> Pack:
        """The pack whose ``worths[points]`` cards each count ``points``."""
        return cls(tuple(sorted(worths.items())))

    @property
    def size(self) -> int:
        return sum(count for _, count in self.worths)

    def totals(self, cards: int) -> int:
        """Which totals exactly ``cards`` cards of the pack can make, as the bits of a number
        (bit n set: n points can be made); 0 for more cards than the pack holds."""
        reached = _reach(self, min(cards, self.size))
        return reached[cards] if cards < len(reached) else 0

    def makes(self, points: int, cards: Iterable[int]) -> bool:
        """Whether some hand of the pack with one of the numbers of ``cards`` adds up to
        ``points``."""
        return points >= 0 and any(self.totals(n) >> points & 1 for n in cards)

    def most(self, cards: int) -> int:
        """The most ``cards`` cards of the pack can count (0 for none)."""
        return self.totals(cards).bit_length() - 1 if cards else 0

    def least(self, cards: int) -> int:
        """The least ``cards`` cards of the pack can count (0 for none)."""
        found = self.totals(cards)
        return (found & -found).bit_length() - 1 if found else 0


@cache
def _reach(pack: Pack, most: int) -> tuple[int, ...]:
    """For each number of cards from 0 to ``most``, the totals it can make (as bits):
    worth by worth, each adding 0 to as many of its cards as the pack holds."""
    reach = [1] + [0] * most
    for worth, count in pack.worths:
        grown = list(reach)
        for cards in range(1, most + 1):
            for taken in range(1, min(count, cards) + 1):
                grown[cards] |= reach[cards - taken] << (worth * taken)
        reach = grown
    return tuple(reach)
