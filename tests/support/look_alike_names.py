"""Helpers of tests/app/test_look_alike_names.py."""

from __future__ import annotations

import json

from scorekeeper import db


def shown(page: str) -> str:
    """A page's text without the marks that isolate a name (FSI, PDI)."""
    return page.replace("\u2068", "").replace("\u2069", "")


def new_game(client, group_id, auth, players):
    body = {"game": "israeli-whist", "players": players, "group": group_id}
    return client.post("/api/games", json=body, headers=auth)


def group_players(app, group_id) -> list[str]:
    with app.app_context():
        return db.group_player_names(db.get_db(), group_id)


def export_of(players_per_game) -> str:
    hands: list = []
    games = [
        {"id": number, "game": "israeli-whist", "players": players, "rules": "standard"}
        | {"settings": {}, "first_dealer": 0, "hands": hands}
        for number, players in enumerate(players_per_game, start=1)
    ]
    return json.dumps({"format": "scorekeeper", "version": 2, "games": games})


def join_as(client, invite, label, **more):
    return client.post(f"/join/{invite}", data={"label": label, **more})
