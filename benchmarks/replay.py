"""Hands replayed per CPU second by the progression loop, for every registered game (issue 67:
the five loops that replayed a game made one).

    .venv/bin/python benchmarks/replay.py [--hands 300] [--seconds 1] [--only WORD ...]

For each game at its default table, one long game of ``--hands`` hands is drawn once (the
game's own simulation where it has one, else random legal hands at their places, under
the game's long-game settings, ``Game.lasting``), then ``replay`` is run over it again and
again for ``--seconds`` of this process's CPU time (a figure the other work of a shared
machine hardly moves). Printed: hands replayed per CPU second for each game, and their
geometric mean. Run it in two trees (``git worktree``, or ``git archive`` of a commit and
``PYTHONPATH``) to compare two versions of the loop.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.play import random_game


def drawn(game: Any, settings: Any, hands: int) -> list[Any]:
    """``hands`` hands of one game under ``settings`` (fewer where the game ends first)."""
    simulation = game.simulation
    if simulation.bots:
        deals = simulation.deals(settings, hands, seed=67, bots=simulation.bots[0])
        records = [simulation.record_of(deal) for deal in deals]
    else:
        records = []
        for placed in random_game(game, settings, hands, 67, 0):
            if placed.game:
                break
            records.append(placed.record)
    kept: list[Any] = []
    progress = game.replay(settings, 0, [])
    for record in records:  # cut where the game ends
        if progress.status == "finished":
            break
        progress = game.resume(settings, progress.state.to_dict(), [record])
        kept.append(record)
    return kept


def rate(game: Any, settings: Any, records: list[Any], seconds: float) -> float:
    """Hands replayed per CPU second."""
    done, start = 0, time.process_time()
    while (spent := time.process_time() - start) < seconds:
        game.replay(settings, 0, records)
        done += len(records)
    return done / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--only", nargs="*", default=())
    args = parser.parse_args()
    rates = []
    for key, game in GAMES.items():
        if args.only and not any(word in key for word in args.only):
            continue
        lasting = game.lasting(args.hands)
        settings = game.preset(game.default_preset)
        settings = settings if lasting is None else settings.with_changes(lasting)
        records = drawn(game, settings, args.hands)
        found = rate(game, settings, records, args.seconds)
        rates.append(found)
        print(f"{key:15} {len(records):4d} hands  {found:10,.0f} hands replayed / CPU s")
    if rates:
        mean = math.exp(sum(map(math.log, rates)) / len(rates))
        print(f"{'geometric mean':15} {'':11}{mean:10,.0f} hands replayed / CPU s")


if __name__ == "__main__":
    main()
