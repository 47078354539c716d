"""Helpers of tests/app/test_incremental_save.py, which other tests use too."""

from __future__ import annotations

import json

from scorekeeper import db, game_play
from scorekeeper.engine.core.game import seat_values
from scorekeeper.engine.registry import get_game


def check_against_replay(database, game_id: int) -> None:
    """Everything stored that a replay derives equals a replay of the whole game from
    scratch: each hand's dealer, state, points and running totals; the players' totals; the
    game's status, winner and hand count; and where a save would resume from."""
    game, hands = db.load_game_with_hands(database, game_id)
    rules = get_game(game.game)
    progress = game_play.progress_of(game, hands)
    rows = database.execute(
        "SELECT id, number, dealer, state FROM hands WHERE game_id = ? ORDER BY number",
        [game_id],
    ).fetchall()
    assert [r[1] for r in rows] == [h.number for h in progress.hands]
    for (hand_id, number, dealer, state), replayed in zip(rows, progress.hands, strict=True):
        assert dealer == replayed.dealer, number
        assert json.loads(state) == replayed.state.to_dict(), number
        seats = database.execute(
            "SELECT points, total FROM hand_seats WHERE hand_id = ? ORDER BY seat", [hand_id]
        ).fetchall()
        assert [tuple(s) for s in seats] == list(
            zip(
                seat_values(rules, replayed.points),
                seat_values(rules, replayed.totals),
                strict=True,
            )
        ), number
    row = database.execute(
        "SELECT status, winner, hand_count FROM games WHERE id = ?", [game_id]
    ).fetchone()
    assert tuple(row) == (progress.status, progress.winner, len(progress.hands))
    totals = database.execute(
        "SELECT total FROM players WHERE game_id = ? ORDER BY seat", [game_id]
    ).fetchall()
    assert tuple(t[0] for t in totals) == seat_values(rules, progress.totals)
    now = game_play.current_progress(database, game)
    assert now.state.to_dict() == progress.state.to_dict()
    assert (now.totals, now.dealer, now.opener, now.status, now.winner) == (
        progress.totals,
        progress.dealer,
        progress.opener,
        progress.status,
        progress.winner,
    )
    assert (now.next_number, now.tie_at_top) == (progress.next_number, progress.tie_at_top)
