"""Helpers 2 test modules had, each the same in every one: tests/games/doppelkopf/test_rules.py
and tests/games/wizard/test_rules.py."""

from __future__ import annotations


def post(client, game_id, auth, hand):
    return client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)
