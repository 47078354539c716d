"""Helpers of tests/web/review/test_ratings_openskill.py."""

from __future__ import annotations

import math
from types import SimpleNamespace

from scorekeeper import db
from scorekeeper.engine import get_game, ratings
from tests.support.ratings_play import LIBRARY


def database_of(client):
    return db.open_database(str(client.application.config["DATABASE"]))


def spades_near_the_end(table, players, starting=(430, 300)):
    """A Spades game a hand or two from its end (the sides start at ``starting``)."""
    return table.start("spades", players, starting_totals=list(starting))


APART = [
    (["Gil", "Tal", "Noa", "Avi", "Dana"], [50, 10, 30, 30, 20]),
    (["Gil", "Tal"], [9, 1]),
]


def play_apart(table) -> list:
    for players, points in APART:
        table.sheet(players, points)
    return [([[n] for n in players], points) for players, points in APART]


def library_of(row) -> object:
    return LIBRARY.rating(mu=row["mu"], sigma=row["sigma"])


def blend_of(sitters) -> object:
    """The seat as one library player: (rating, share) per sitter, in the order they sat."""
    mu = sum(share * rating.mu for rating, share in sitters)
    variance = sum(share * rating.sigma**2 for rating, share in sitters)
    return LIBRARY.rating(mu=mu, sigma=math.sqrt(variance))


def sheet_of(players, changes, totals, hands=4):
    sheet = get_game("any-game").seated(len(players))
    return SimpleNamespace(
        id=1,
        game="any-game",
        players=tuple(players),
        changes=tuple(changes),
        hand_count=hands,
        totals=tuple(totals),
        settings=sheet.settings_from_dict({"goal": "rounds", "rounds": hands}),
    )


def kept_trends(client) -> tuple[dict, dict]:
    """Each rated player's trend as kept with their rating (``ratings.recent``, m016), and
    as their rating history gives it now."""
    database = database_of(client)
    try:
        kept = {
            (row[0], row[1], row[2]): row[3]
            for row in database.execute("SELECT group_id, game, player, recent FROM ratings")
        }
        worked_out = {
            key: database.execute(
                "SELECT json_group_array(json_array(mu_before, sigma_before, mu, sigma)) "
                "FROM (SELECT * FROM rating_history WHERE group_id = ? AND game = ? "
                "AND player = ? ORDER BY position DESC LIMIT ?)",
                [*key, ratings.TREND_GAMES],
            ).fetchone()[0]
            for key in kept
        }
    finally:
        database.close()
    return kept, worked_out
