"""What every game's simulator shares: which deals a run plays, and each deal's own seed.

A simulated run is a numbered sequence of deals. Deal ``index`` of a run seeded ``seed``
is shuffled and played from a generator seeded by ``deal_seed(seed, index)`` alone, and
dealt by the seat ``(first_dealer + index) % 4``, so no deal depends on another: any part
of a run can be played by itself, in any process, and gives the very deals the whole run
gives there. That is what lets ``scorekeeper simulate --jobs N`` split a run over worker
processes and print the same deals for every N.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .seats import SEATS

_INDEX_BITS = 64


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` (0 or more) of a run seeded ``seed``: a different whole
    number for every pair, so no two deals of any runs share a generator's stream."""
    if not 0 <= index < 1 << _INDEX_BITS:
        raise ValueError(f"deal index {index} is outside 0..2^64-1")
    # random.Random seeds by the absolute value, so fold the sign into the low bit first.
    folded = 2 * seed if seed >= 0 else -2 * seed - 1
    return folded << _INDEX_BITS | index


def deal_indices(deals: int | range, name: str = "deals") -> range:
    """The indices of the deals a run plays: ``deals`` deals from the first, or the given
    range of them (step 1), for one worker's share of a longer run. Raises ValueError for
    a negative count or another kind of range."""
    if isinstance(deals, range):
        if deals.step != 1 or deals.start < 0:
            raise ValueError(f"{name} is {deals!r}; a range of deals starts at 0 or more, step 1")
        return deals
    if deals < 0:
        raise ValueError(f"{name} is {deals}; it must be 0 or more")
    return range(deals)


def run_seed(seed: int | None) -> int:
    """``seed``, or a fresh one drawn from the system when it is None (a run that cannot
    be repeated)."""
    return random.SystemRandom().randrange(2**63) if seed is None else seed


def check_first_dealer(first_dealer: int, seats: int = SEATS) -> None:
    """Raises ValueError unless ``first_dealer`` is a seat of the table."""
    if not 0 <= first_dealer < seats:
        raise ValueError(f"first dealer is seat {first_dealer}; seats are 0..{seats - 1}")


def table_bots(
    bots: str | Sequence[Any] | Callable[..., Any],
    rng: random.Random,
    make_bots: Callable[..., list[Any]],
    *options: Any,
) -> list[Any]:
    """The bots at the table: ``make_bots(kind, rng, *options)`` for a kind by name, a
    factory ``(seat, rng, *options)`` called for each seat, or the bots given."""
    if isinstance(bots, str):
        return make_bots(bots, rng, *options)
    if callable(bots):
        return [bots(seat, rng, *options) for seat in range(SEATS)]
    return list(bots)


def shared_random_bits(bots: Sequence[Any], random_bot: type) -> Callable[[int], int] | None:
    """The generator's ``getrandbits`` when every bot is a plain ``random_bot`` drawing
    from one generator (the simulator then plays their cards in one loop, from the very
    draws their ``choose_card`` would make), else None."""
    generators = {id(getattr(bot, "_rng", None)) for bot in bots}
    if len(generators) == 1 and all(type(bot) is random_bot for bot in bots):
        return bots[0]._rng.getrandbits
    return None


@dataclass
class DealTally:
    """Counts over many simulated deals, for the command line's summary: a game's own
    tally adds its counts to these."""

    deals: int = 0
    thrown_in: int = 0

    @property
    def played(self) -> int:
        return self.deals - self.thrown_in


def wrong_points(deal: Mapping[str, Any], expected: Sequence[int], whose: str) -> list[str]:
    """[] when a simulated deal's ``points`` are ``expected`` (``whose``: what gives them,
    "the score"), else the sentence a checker reports."""
    if list(deal["points"]) == list(expected):
        return []
    return [f"points {deal['points']} differ from {whose} {list(expected)}"]
