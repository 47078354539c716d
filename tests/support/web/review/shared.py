"""Helpers 2 test modules had, each the same in every one: tests/web/review/test_downloads.py and
tests/web/review/test_imports.py."""

from __future__ import annotations

from scorekeeper import db
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.shared import bearer


def played_game(client, players=SEAT_NAMES, hands=2, group=None):
    """A game of ``hands`` worked-example hands (in ``group``, a POST /api/groups answer,
    or a group of its own); its creation answer."""
    body = {"players": players, "rules": "pagat-german", "target": 100_000, "first_dealer": 0}
    headers = {}
    if group is not None:
        body["group"] = group["id"]
        headers = bearer(group["key"])
    made = client.post("/api/games", json=body, headers=headers).get_json()
    for _ in range(hands):
        response = client.post(
            f"/api/games/{made['id']}/hands", json=WORKED_EXAMPLE, headers=bearer(made["edit_key"])
        )
        assert response.status_code == 201, response.get_json()
    return made


def group_of(app, game_id):
    with app.app_context():
        return db.load_game(db.get_db(), game_id).group_id
