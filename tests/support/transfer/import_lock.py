"""Helpers of tests/transfer/test_import_lock.py."""

from __future__ import annotations

import json

from scorekeeper import db

STAMP = "2026-01-01T20:00:00+00:00"


COUNTED = ("games", "hands", "hand_seats", "hand_revisions", "club_nights", "club_tables")


def _hands(count: int) -> list[dict]:
    # Points that never reach the round sheet's target: every hand is played.
    return [
        {"number": n, "points": [1, -1, 0, 0] if n % 2 else [-1, 1, 0, 0], "created_at": STAMP}
        for n in range(1, count + 1)
    ]


def _write_transactions(app, store) -> list[list[str]]:
    """The statements of each write transaction ``store(database)`` runs on the app's own
    SQLite file, as SQLite reports them (a statement's trigger steps report it again, and
    are counted once)."""
    seen: list[str] = []
    with app.test_request_context():
        database = db.get_db()
        database.conn.set_trace_callback(seen.append)
        try:
            store(database)
        finally:
            database.conn.set_trace_callback(None)
    transactions: list[list[str]] = []
    current: list[str] | None = None
    for statement in seen:
        word = statement.strip().split(maxsplit=1)[0].upper()
        if word == "BEGIN":
            current = []
        elif word in ("COMMIT", "ROLLBACK") and current is not None:
            transactions.append(current)
            current = None
        elif current is not None and (not current or current[-1] != statement):
            current.append(statement)
    return transactions


def _import_statements(app, store, table: str) -> int:
    """How many statements the import's write transaction (the one inserting into
    ``table``) runs."""
    found = [
        t
        for t in _write_transactions(app, store)
        if any(s.startswith(f"INSERT INTO {table} ") for s in t)
    ]
    assert len(found) == 1, found
    return len(found[0])


def _counts(app) -> dict[str, int]:
    with app.app_context():
        database = db.get_db()
        return {t: database.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in COUNTED}


PLAYERS = [f"Spieler {n}" for n in range(1, 9)]


def _night_file(client, group: dict, hands: int) -> bytes:
    """A night of two round-sheet tables drawn by the app and exported, each table's game
    given ``hands`` hands (its totals and standings left for the import to work out)."""
    body = {"game": "any-game", "players": PLAYERS, "series": 1, "deals_per_player": 0}
    auth = {"Authorization": f"Bearer {group['key']}"}
    made = client.post(f"/api/groups/{group['id']}/club", json=body, headers=auth)
    assert made.status_code == 201, made.get_data(as_text=True)
    night_id = made.get_json()["id"]
    document = client.get(f"/groups/{group['id']}/club/{night_id}/export.json").get_json()
    for table in document["tables"]:
        for key in ("totals", "hands", "status", "signed_by"):
            table.pop(key, None)
    document.pop("standings", None)
    for game in document["games"]:
        for key in ("totals", "status", "winner"):
            game.pop(key, None)
        game["hands"] = _hands(hands)
    return json.dumps(document).encode()


def _game_file(hands: int) -> bytes:
    game = {
        "id": 1,
        "game": "any-game",
        "rules": "any-game",
        "settings": {"goal": "open"},
        "first_dealer": 0,
        "players": PLAYERS[:4],
        "created_at": STAMP,
        "updated_at": STAMP,
        "hands": _hands(hands),
    }
    return json.dumps({"format": "scorekeeper", "version": 2, "games": [game]}).encode()
