"""Helpers of tests/web/games/test_shows_dealer.py."""

from __future__ import annotations


def pages(client, game_id: int) -> tuple[str, str, str]:
    return tuple(
        client.get(path).get_data(as_text=True)
        for path in (
            f"/games/{game_id}",
            f"/games/{game_id}/live",
            f"/games/{game_id}/hands/new",
        )
    )
