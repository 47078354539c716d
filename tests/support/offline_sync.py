"""Helpers of tests/web/offline/test_routes.py, which other tests use too
(test_kept_drawn.py)."""

from __future__ import annotations

from scorekeeper import db
from scorekeeper.engine.registry import GAMES
from tests.support.play import records

NAMES = ["Noa", "Dan", "Tal", "Ori", "Eli", "Avi", "Gil", "Yael"]


def every_row(database) -> dict[str, list[dict]]:
    """Every table's rows (their columns by name), in rowid order."""
    tables = [
        row[0]
        for row in database.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name != '_sqlite_migrations'"
        )
    ]
    found = {}
    for table in tables:
        cursor = database.execute(f"SELECT * FROM [{table}]")
        names = [column[0] for column in cursor.description]
        found[table] = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    return found


def start(client, key: str) -> tuple[int, str, list[str]]:
    """A game of ``key`` started through the API, whose edit link this client opened (as the
    phone at the table does); returns (id, edit key, players)."""
    rules = GAMES[key]
    players = NAMES[: rules.seats]
    response = client.post(
        "/api/games",
        json={
            "game": key,
            "players": players,
            "rules": rules.default_preset,
            "first_dealer": 0,
            "settings": rules.lasting(10) or {},
        },
    )
    assert response.status_code == 201, response.get_json()
    game_id, edit_key = response.get_json()["id"], response.get_json()["edit_key"]
    assert client.get(f"/games/{game_id}/edit/{edit_key}").status_code == 302
    return game_id, edit_key, players


def settings_of(client, game_id: int):
    with client.application.app_context():
        return db.load_game(db.get_db(), game_id).settings


def legal_hands(client, key: str, game_id: int, count: int, seed: int = 34) -> list[dict]:
    """``count`` legal hands of the game in a row, as bodies the API takes."""
    found = [r.to_dict() for r in records(GAMES[key], settings_of(client, game_id), count, seed)]
    assert len(found) >= count, key
    return found[:count]
