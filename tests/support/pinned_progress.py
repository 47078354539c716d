"""Helpers of tests/games/test_progression_pinned.py: generated games of every table and the
games of the fixture databases, each replayed and pinned by a digest of every hand.

The pins (``tests/fixtures/progression-pinned.json``) were taken from the five loops the
one progression loop replaced (issue 67: ``resume_race`` and the loops of Spades, Bridge,
Phase 10 and the round sheet, with the per-record wrappers of Belote, Schafkopf, Skat and
Doppelkopf), by :func:`observed` at the commit that added them. They are a regression check
of that change, not a snapshot a new game edits: a game added later has no pin.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorekeeper import db as storage
from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import seat_counts
from scorekeeper.engine.registry import UNLISTED
from scorekeeper.game_play import progress_of
from tests.support.play import iter_records, long_settings
from tests.support.upgrade import FIXTURES, migrated_copy

PINNED = FIXTURES / "progression-pinned.json"
HANDS = 120
"""The hands of a generated game: long enough for Bridge's rubbers, Skat's Bock rounds,
Belote's litiges and Phase 10's phases to come round many times."""
EVERY = [g.seated(n) for g in [*GAMES.values(), *UNLISTED] for n in seat_counts(g)]
"""Every registered game (and every one built but not offered) at every size it seats."""


def name_of(game: Any) -> str:
    """The table's name in the pins: the game's key, with its players where it seats a range."""
    return game.key if len(seat_counts(game)) == 1 else f"{game.key}-{game.seats}"


def played(game: Any, settings: Any, first_dealer: int, seed: int, starting: Any) -> list[Any]:
    """Up to ``HANDS`` drawn hands of one game, cut where the game ends: each resumed from
    the state after the hand before, as the app saves a hand."""
    kept: list[Any] = []
    progress = game.replay(settings, first_dealer, [], starting_totals=starting)
    for record in iter_records(game, settings, HANDS, seed, first_dealer=first_dealer):
        if progress.status == "finished":
            break
        progress = game.resume(settings, progress.state.to_dict(), [record])
        kept.append(record)
    return kept


def runs(game: Any) -> Iterator[tuple[str, Any, int, list[Any], dict[str, Any]]]:
    """(id, settings, first dealer, hands, options) of every generated game of one table: a
    long one from starting totals; each preset played to its end; and for a game the table
    may finish, the long one finished halfway."""
    name, dealer = name_of(game), 1 % game.seats
    starting = tuple(10 * (side + 1) * (-1) ** side for side in range(len(game.sides)))
    settings = long_settings(game, HANDS)
    hands = played(game, settings, dealer, 67, starting)
    yield f"{name}/long", settings, dealer, hands, {"starting_totals": starting}
    if game.progression.finish_now:
        finish = {"starting_totals": starting, "finish_after": len(hands) // 2}
        yield f"{name}/finished", settings, dealer, hands[: len(hands) // 2], finish
    for number, (preset, settings) in enumerate(game.presets.items()):
        hands = played(game, settings, number % game.seats, number, None)
        yield f"{name}/{preset}", settings, number % game.seats, hands, {}


def pin(game: Any, progress: Any) -> dict[str, Any]:
    """What a replayed game is pinned by: its end in plain, and a digest of every hand's
    dealer, opener, points, totals and stored state and of the end (totals, winners,
    status, the next hand, its dealer and opener, the state)."""
    every = [
        [h.number, h.dealer, h.opener, list(h.points), list(h.totals), h.state.to_dict()]
        for h in progress.hands
    ]
    end = [
        list(progress.totals),
        list(progress.winners),
        progress.winner,
        progress.status,
        progress.next_number,
        progress.dealer,
        progress.opener,
        progress.state.to_dict() if progress.state is not None else None,
    ]
    text = json.dumps([every, end], sort_keys=True, default=repr)
    return {
        "hands": len(progress.hands),
        "totals": list(progress.totals),
        "winners": list(progress.winners),
        "status": progress.status,
        "digest": hashlib.sha256(text.encode()).hexdigest(),
    }


def generated(game: Any) -> dict[str, dict[str, Any]]:
    """Every generated game of one table, pinned as today's code replays it."""
    return {
        key: pin(game, game.replay(settings, dealer, hands, **options))
        for key, settings, dealer, hands, options in runs(game)
    }


def stored(source: Path, folder: Path) -> dict[str, dict[str, Any]]:
    """Every game of a fixture database, opened (so migrated) by today's code in a copy
    under ``folder`` and replayed as its scoreboard replays it."""
    found = {}
    database = storage.connect(str(migrated_copy(source, folder / source.name)))
    ids = [row[0] for row in database.execute("SELECT id FROM games ORDER BY id")]
    for game, hands in storage.load_games_with_hands(database, ids):
        found[f"{source.name}/{game.id}"] = pin(game.table, progress_of(game, hands))
    database.close()
    return found


def observed(folder: Path) -> dict[str, dict[str, Any]]:
    """Every run's pin as today's code replays it: what the pins were taken by."""
    databases = sorted(FIXTURES.glob("*.db"))
    return {
        "generated": {k: v for game in EVERY for k, v in generated(game).items()},
        "stored": {k: v for source in databases for k, v in stored(source, folder).items()},
    }


def moved(found: dict[str, Any], pinned: dict[str, Any]) -> dict[str, Any]:
    """Each run whose pin differs: (pinned, found)."""
    return {key: (pinned.get(key), pin) for key, pin in found.items() if pinned.get(key) != pin}
