"""Helpers of tests/app/test_game_play.py."""

from __future__ import annotations

from scorekeeper import db, game_play
from scorekeeper.engine import Game
from tests.support.app import game_in_new_group
from tests.support.play import long_settings, simulates
from tests.support.play import records as drawn_records


def hands_of(game: Game, count: int, seed: int = 5) -> list:
    """``count`` hands as the game records them, from its own bots' deals, with a deal
    thrown in first when the game has one; played under the long game's rules that
    ``started`` gives."""
    settings = long_settings(game, 100)
    records = drawn_records(game, settings, max(count, 200), seed)
    if not simulates(game):  # random hands at their places: kept in their order
        return records[:count]
    thrown = [r for r in records if r.thrown_in][:1]
    return (thrown + [r for r in records if not r.thrown_in])[:count]


def started(database, game: Game) -> int:
    """A new game of ``game`` with a target its hands here do not reach."""
    settings = long_settings(game, 100)
    names = [f"Player {seat}" for seat in range(game.seats)]
    game_id, _key = game_in_new_group(
        database,
        names,
        game.default_preset,
        settings,
        0,
        game=game.key,
    )
    return game_id


# The columns of ``hands`` and ``hand_seats``: the data layer's own, the same for every
# game (m031 dropped the flat ones a game once filled).
HAND_COLUMNS = {"id", "game_id", "number", "dealer", "thrown_in", "record", "state"}
HAND_COLUMNS |= {"revision", "created_at", "updated_at", "offline_by"}


SEAT_COLUMNS = {"hand_id", "seat", "points", "total"}


def check_rows(database, game_id: int) -> None:
    """Every stored hand's row is its record, as its game writes it, and its seats' rows
    its points and totals, in the columns every game shares."""
    stored = db.load_game(database, game_id)
    progress = game_play.progress_of(stored, db.load_hands(database, game_id))
    for replayed in progress.hands:
        row = db.query(
            database,
            "SELECT * FROM hands WHERE game_id = ? AND number = ?",
            [game_id, replayed.number],
        ).fetchone()
        assert set(row.keys()) == HAND_COLUMNS
        assert row["record"] == db.hands.record_text(replayed.record)
        seats = db.query(
            database, "SELECT * FROM hand_seats WHERE hand_id = ? ORDER BY seat", [row["id"]]
        ).fetchall()
        assert all(set(seat.keys()) == SEAT_COLUMNS for seat in seats)
        assert [seat["total"] for seat in seats] == list(
            db.hands.seat_values(stored.table, replayed.totals)
        )
