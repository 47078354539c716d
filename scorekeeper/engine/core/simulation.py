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
