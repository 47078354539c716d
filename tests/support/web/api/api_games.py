"""Helpers of tests/web/api/test_api_games.py."""

from tests.support.stored import viewed


def preview(client, game_id, body, **kwargs):
    return client.post(viewed(client, game_id, "/preview"), json=body, **kwargs)
