"""``scorekeeper simulate``'s run, on one core or split over worker processes.

Every block of simulated deals stands alone (``engine.core.simulation``): deal ``index``
of a run depends on the seed and the index only (a share that starts inside a block plays
its earlier deals first, unseen). So a run is cut into shares of consecutive deals,
each share played in a worker by the game's own ``simulation.results`` over its range of
indices, and the shares are put back in order: the same seed prints the same deals and
the same summary whatever the number of processes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..engine import Game, find_game
from ..engine.core.game import SimulationTally

SHARES_PER_JOB = 4
"""Shares per worker process: a few, so a worker that finishes early takes another."""

MAX_SHARE = 5_000
"""Most deals in one share, so that JSON output and progress come in steady steps."""


def default_jobs() -> int:
    """All the cores: ``os.cpu_count()`` (1 when it is unknown)."""
    return os.cpu_count() or 1


def shares(deals: int, jobs: int) -> list[range]:
    """``range(deals)`` cut into consecutive shares for ``jobs`` processes."""
    count = max(jobs * SHARES_PER_JOB, -(-deals // MAX_SHARE))
    size = max(1, -(-deals // count))
    return [range(start, min(start + size, deals)) for start in range(0, deals, size)]


def run(
    game: Game,
    settings: Any,
    deals: int,
    seed: int,
    bots: str,
    jobs: int,
    write: Callable[[str], Any] | None = None,
    advance: Callable[[int], None] = lambda deals: None,
) -> SimulationTally | None:
    """Plays ``deals`` deals of a run seeded ``seed`` over ``jobs`` processes (one: in this
    process). With ``write``, each deal's JSON line goes to it, in deal order, and nothing
    is counted (returns None); otherwise returns the game's summary of the run.
    ``advance(n)`` is told as every n more deals are done."""
    jobs = max(1, min(jobs, deals))
    summary = None if write else game.simulation.tally()
    if jobs == 1 or (summary is not None and not hasattr(summary, "merge")):
        for done in _play(game, settings, range(deals), seed, bots, summary, write):
            advance(done)
        return summary
    parts = shares(deals, jobs)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(
            _play_share,
            [game.key] * len(parts),
            [settings] * len(parts),
            parts,
            [seed] * len(parts),
            [bots] * len(parts),
            [write is not None] * len(parts),
        )
        for part, result in zip(parts, results, strict=True):
            if write is not None:
                write(result)
            else:
                summary.merge(result)  # type: ignore[union-attr]
            advance(len(part))
    return summary


_STEP = 500


def _play(
    game: Game,
    settings: Any,
    indices: range,
    seed: int,
    bots: str,
    summary: SimulationTally | None,
    write: Callable[[str], Any] | None,
) -> Iterator[int]:
    """Plays the deals of ``indices`` into ``summary`` or ``write``, yielding the count done
    every few hundred deals and at the end."""
    # The game's own results: only what is printed as JSON is converted to a dict.
    results = game.simulation.results(settings, indices, seed, bots)
    pending = 0
    if write is not None:
        dumps = json.dumps
        for result in results:
            write(dumps(result.to_dict()) + "\n")
            pending += 1
            if pending == _STEP:
                yield pending
                pending = 0
    else:
        assert summary is not None
        add = summary.add_result
        for result in results:
            add(result)
            pending += 1
            if pending == _STEP:
                yield pending
                pending = 0
    if pending:
        yield pending


def _play_share(
    game_key: str, settings: Any, indices: range, seed: int, bots: str, as_json: bool
) -> str | SimulationTally:
    """One worker's share: its deals' JSON lines as one text, or its summary."""
    game = find_game(game_key, include_unlisted=True)
    if as_json:
        lines: list[str] = []
        for _ in _play(game, settings, indices, seed, bots, None, lines.append):
            pass
        return "".join(lines)
    summary = game.simulation.tally()
    for _ in _play(game, settings, indices, seed, bots, summary, None):
        pass
    return summary
