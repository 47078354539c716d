"""Helpers of tests/browser/test_ratings_fit_browser.py."""

from __future__ import annotations

from datetime import datetime, timedelta

from scorekeeper import db
from scorekeeper.engine.registry import table_game


def round_sheet(points_per_round, players, first: datetime):
    """A finished round sheet (any-game) of these rounds' points, a round every 4 minutes."""
    game = table_game("any-game", len(players))
    settings = game.preset("any-game").with_changes(
        {"goal": "rounds", "rounds": len(points_per_round)}
    )
    records = [game.record_from_dict(settings, {"points": list(p)}) for p in points_per_round]
    stamps = [
        (first + timedelta(minutes=4 * i)).isoformat(timespec="seconds")
        for i in range(len(records))
    ]
    hands = tuple(
        db.ImportedHand(i, record, 1, stamps[i - 1], stamps[i - 1])
        for i, record in enumerate(records, 1)
    )
    return db.ImportedGame(
        id=None,
        created_at=stamps[0],
        updated_at=stamps[-1],
        name=None,
        notes=None,
        game=game.key,
        rules=game.default_preset,
        settings=settings,
        first_dealer=0,
        players=tuple(players),
        hands=hands,
        progress=game.replay(settings, 0, records),
        revisions=tuple(
            db.Revision(h.number, 1, "recorded", h.record.to_dict(), h.created_at) for h in hands
        ),
    )
