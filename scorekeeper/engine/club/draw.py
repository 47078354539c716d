"""The draw of a series: tables sized as the game seats, random with a seed, avoiding
the same table-mates twice where possible, and who sits out when the players present do
not fill tables of the sizes the game allows.

The stated rules (the draw page says them):

- **Table sizes.** As many tables as put the tables nearest the preferred size (the
  tournament's, else the game's own count: Skat 4, Doppelkopf 4), every table within the
  game's seats, the sizes as even as possible, the larger tables first (13 at Skat: 4, 3,
  3, 3; 13 at Doppelkopf: 5, 4, 4).
- **Sitting out.** Only when no such tables seat everyone (a game of exactly four with 13
  present): the fewest possible sit out, chosen among those who have sat out the fewest
  series so far, then by lot.
- **Table-mates.** Of many random draws from the seed, the one with the fewest pairs of
  players who already sat at a table together (each earlier meeting counted).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..core.errors import InvalidSettings
from ..core.game import Game
from ..core.messages import msg
from ..core.names_in_sentences import OF_ONE, name_in
from .rules import preferred_size, seat_counts

ATTEMPTS = 400
"""Random draws tried for a series; the one with the fewest repeated table-mates is kept
(the first found among equals, so a seed always gives the same draw)."""


@dataclass(frozen=True, slots=True)
class Draw:
    """A series' tables (each its players in seat order, clockwise from seat 0) and who
    sits it out."""

    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...] = ()
    repeats: int = 0
    """Pairs of table-mates who had already met (each earlier meeting counted)."""


def table_sizes(game: Game, present: int) -> tuple[tuple[int, ...], int]:
    """The tables' sizes for ``present`` players, the larger first, and how many sit out
    (see the module's rules). Raises InvalidSettings (field ``players``) when too few are
    present for one table."""
    counts = seat_counts(game)
    low, high = counts[0], counts[-1]
    preferred = preferred_size(game)
    for seated in range(present, low - 1, -1):
        options = [t for t in range(1, seated // low + 1) if seated <= t * high]
        if not options:
            continue
        tables = min(options, key=lambda t: (abs(seated / t - preferred), -t))
        small, extra = divmod(seated, tables)
        sizes = (small + 1,) * extra + (small,) * (tables - extra)
        return sizes, present - seated
    problem = msg(
        "A table of %(game)s needs at least %(low)d players, and %(present)d are here",
        game=name_in(game.name, OF_ONE),
        low=low,
        present=present,
    )
    raise InvalidSettings(problem, "players")


def pairs_met(tables: Iterable[Sequence[str]]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table, over ``tables``."""
    met: Counter[frozenset[str]] = Counter()
    for table in tables:
        met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def draw_series(
    game: Game,
    present: Sequence[str],
    seed: int | str,
    series: int,
    met: Mapping[frozenset[str], int] | None = None,
    sat_out: Mapping[str, int] | None = None,
) -> Draw:
    """The draw of series ``series`` for the players ``present`` (names, each once),
    random from ``seed`` and the series' number (the same arguments give the same draw),
    avoiding the pairs in ``met`` (from earlier series, ``pairs_met``), with those who sat
    out fewer series (``sat_out``) sitting out first. Raises InvalidSettings naming
    ``players`` for a name given twice or too few players."""
    names = [str(name) for name in present]
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            problem = msg("%(name)s is named twice: a player sits at one table only", name=name)
            raise InvalidSettings(problem, "players")
        seen.add(name.casefold())
    sizes, out = table_sizes(game, len(names))
    rng = random.Random(f"{seed}/{series}")
    met = met or {}
    sat_out = sat_out or {}
    order = sorted(names)
    rng.shuffle(order)
    # By lot among those who sat out the fewest series: a stable sort keeps the lot.
    order.sort(key=lambda name: sat_out.get(name, 0))
    sitting_out = tuple(sorted(order[:out]))
    playing = [name for name in sorted(names) if name not in sitting_out]
    best: tuple[tuple[str, ...], ...] | None = None
    best_repeats = -1
    for _attempt in range(ATTEMPTS):
        rng.shuffle(playing)
        tables, start = [], 0
        for size in sizes:
            tables.append(tuple(playing[start : start + size]))
            start += size
        repeats = sum(
            met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2)
        )
        if best is None or repeats < best_repeats:
            best, best_repeats = tuple(tables), repeats
            if repeats == 0:
                break
    assert best is not None
    return Draw(tables=best, sitting_out=sitting_out, repeats=best_repeats)
