"""Helpers of tests/web/offline/test_kept_drawn.py."""

from __future__ import annotations


def drawn(client, game_id: int, query: str = "", language: str = "en") -> dict:
    response = client.get(f"/games/{game_id}/offline{query}", headers={"Accept-Language": language})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["drawn"]
