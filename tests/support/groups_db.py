"""Helpers of tests/db/test_groups_db.py, which other tests use too."""

from __future__ import annotations

import pytest

from scorekeeper import db


@pytest.fixture
def database(tmp_path):
    opened = db.migrate(str(tmp_path / "groups.db"))
    yield opened
    opened.close()


RECOUNTED = (
    "SELECT g.group_id, s.name, count(*) AS seats, max(s.game_id) AS last_game FROM "
    "(SELECT game_id, name FROM players UNION ALL SELECT game_id, name FROM seat_changes) s "
    "JOIN games g ON g.id = s.game_id GROUP BY g.group_id, s.name ORDER BY 1, 2"
)


def kept_names(database) -> list[tuple]:
    return [
        tuple(row)
        for row in database.execute(
            "SELECT group_id, name, seats, last_game FROM group_names ORDER BY 1, 2"
        )
    ]


def recounted(database) -> list[tuple]:
    return [tuple(row) for row in database.execute(RECOUNTED)]
