"""The simulator's output, pinned deal by deal: a digest of every simulated deal's JSON,
the hand a table would record for it and that hand's points, for fixed seeds, each game
and each bot kind. Speed work on the simulator must leave these digests as they are; a
change of the simulation's design changes them on purpose, in its own commit."""

import hashlib
import json

import pytest

from scorekeeper.engine import find_game

DEALS = 400

# (game, rules preset, knob changes, bots) -> sha256 of the run's deals.
PINNED = {
    (
        "israeli-whist",
        "standard",
        "",
        "random",
    ): "656359913c5015200b48243826cc1749e1caa4a80428dc871bde34bd7aaa7981",
    (
        "israeli-whist",
        "standard",
        "",
        "heuristic",
    ): "470c5c2943e8db94e5fbf5c577d9037db430f3f2e07b55a7e6b96b9728c09f33",
    (
        "israeli-whist",
        "elhanani",
        "",
        "random",
    ): "7a1cf05a91cfc8bfecadcb5e6f927da67e9319cfb798e7c0b437871196cd8588",
    (
        "israeli-whist",
        "pagat-german",
        "",
        "heuristic",
    ): "15081c4e35fae20513389c816da9ae847caa679ebb67de1d0a13f1e6390d3755",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "random",
    ): "4224ce920378865f19ad0da2edf7c2e28790d3ba6da748979aaa0780ec4bac90",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "heuristic",
    ): "ad754efe328c0ae417abb0124e932138b09c3c25473b968d5ba770c40cd5ecdf",
    (
        "bid-whist",
        "bid-whist",
        "",
        "random",
    ): "031c7d94114f7c20072da1d819946b53da3118e8d63baf7629def050f6254fa6",
    (
        "bid-whist",
        "bid-whist",
        "",
        "heuristic",
    ): "050d8c803dfdcb404ac3a620eafc465057fe1a362ec93aeaf2a30407fda2ee2a",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "random",
    ): "536872308d54fab5f138f2a8157330a3d56b0780852eeb0229e28353f4575421",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "heuristic",
    ): "62bc6ade91c05443c1f3b160cdd18b2252d6076b31edb75651fc2470f5c24aff",
}


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
    for result in game.simulate_results(settings, DEALS, seed=seed, bots=bots):
        deal = result.to_dict()
        record = game.record_of_deal(deal)
        points = game.points(settings, record)
        line = json.dumps([deal, record.to_dict(), list(points)], sort_keys=True)
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()


@pytest.mark.parametrize(("game_key", "rules", "changes", "bots"), sorted(PINNED))
def test_simulated_deals_are_pinned(game_key, rules, changes, bots):
    assert run_digest(game_key, rules, changes, bots) == PINNED[game_key, rules, changes, bots]
