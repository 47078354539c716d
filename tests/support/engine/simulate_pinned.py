"""Helpers of tests/engine/test_simulate_pinned.py."""

import hashlib
import json

from scorekeeper.engine import find_game

DEALS = 400


def settings_of(game, rules: str, changes: str):
    settings = game.preset(rules)
    if changes:
        settings = settings.with_changes(
            dict(item.split("=") for item in changes.split(","))  # type: ignore[arg-type]
        )
    return settings


def run_digest(game_key: str, rules: str, changes: str, bots: str, seed: int = 2026) -> str:
    """The sha256 of ``DEALS`` deals: each deal's JSON, its record and its points."""
    game = find_game(game_key, include_unlisted=True)
    settings = settings_of(game, rules, changes)
    digest = hashlib.sha256()
    for result in game.simulation.results(settings, DEALS, seed=seed, bots=bots):
        deal = result.to_dict()
        record = game.simulation.record_of(deal)
        points = game.points(settings, record)
        line = json.dumps([deal, record.to_dict(), list(points)], sort_keys=True)
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()
