"""Helpers of tests/web/games/test_new_games_refusals.py."""

from __future__ import annotations

import sqlite3

from scorekeeper.cli import entry


def form_values(body: dict) -> dict[str, str]:
    """A hand body as the hand form posts it (``bid_0``, ``tricks_0``, …, ``trump``)."""
    values = {"save": "1"}
    blind = set(body.get("blind_nil", ()))
    for kind, prefix in (("bids", "bid"), ("tricks", "tricks"), ("points", "points")):
        for seat, value in enumerate(body.get(kind, ())):
            blind_bid = kind == "bids" and seat in blind
            values[f"{prefix}_{seat}"] = "blind" if blind_bid else str(value)
    if "trump" in body:
        values["trump"] = body["trump"] or "none"
    if "cards" in body:
        values["cards"] = str(body["cards"])
    return values


def stored_games(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as database:
        return database.execute("SELECT count(*) FROM games").fetchone()[0]


def game_json(client, game_id) -> dict:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200
    return response.get_json()


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = entry(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err
