"""The simulator's output, pinned deal by deal: a digest of every simulated deal's JSON,
the hand a table would record for it and that hand's points, for fixed seeds, each game
and each bot kind. Speed work on the simulator must leave these digests as they are; a
change of the simulation's design changes them on purpose, in its own commit."""

import hashlib
import json

import pytest

from scorekeeper.engine import find_game
from scorekeeper.engine.core.simulation import deal_indices, deal_seed

DEALS = 400

# (game, rules preset, knob changes, bots) -> sha256 of the run's deals.
PINNED = {
    (
        "israeli-whist",
        "standard",
        "",
        "random",
    ): "99982a71fb165e4a27383c9a4e3499124e4f6b925bf8d042fd68d50bc3ea0bad",
    (
        "israeli-whist",
        "standard",
        "",
        "heuristic",
    ): "533429752e11e7114066b631cbaf026298ddc6469760536147ac008f499c7e71",
    (
        "israeli-whist",
        "elhanani",
        "",
        "random",
    ): "ef0b81be1a1ee34d82e6c9e3fbeca584157df81b92a29cc9a52e7a69bacdb69e",
    (
        "israeli-whist",
        "pagat-german",
        "",
        "heuristic",
    ): "6a643b002732a1f82e9e2ded23498f5b743bcbb192fbe4643c1b84b5f10525e2",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "random",
    ): "69d2ef63dcbc47ab5c74e472f1a6465e298987aadd5f3a3e5c6e5e2f9249d456",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "heuristic",
    ): "928596bfa2ac78eb26e8ffc4c12eb9f4c33dc7241a59cccfff1f91ca92d6b930",
    (
        "bid-whist",
        "bid-whist",
        "",
        "random",
    ): "54fe0e74dd2a22292e364c3cad6f127778fbbb15c211d11cb8aad388b9e0aaf0",
    (
        "bid-whist",
        "bid-whist",
        "",
        "heuristic",
    ): "f151db89e345e10529fe74fa400300aba16529c37d401afa16142c0996a2c0d6",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "random",
    ): "da8825d0972612c18a2ce78c74b697558f59aef24b73db5fa848148ceab7885e",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "heuristic",
    ): "6c124176966a7c2f0506bb8784f2467b4d10e5d5aedda6003477b973beebd8ae",
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


@pytest.mark.parametrize(
    ("game_key", "rules"), [("israeli-whist", "standard"), ("bid-whist", "bid-whist")]
)
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_a_share_of_a_run_is_those_deals_of_the_whole_run(game_key, rules, bots):
    game = find_game(game_key, include_unlisted=True)
    settings = game.preset(rules)
    whole = [r.to_dict() for r in game.simulate_results(settings, 40, seed=7, bots=bots)]
    shares = [
        [r.to_dict() for r in game.simulate_results(settings, part, seed=7, bots=bots)]
        for part in (range(0, 13), range(13, 14), range(14, 40))
    ]
    assert shares[0] + shares[1] + shares[2] == whole
    assert [deal["dealer"] for deal in whole] == [index % 4 for index in range(40)]
    # Every deal has its own shuffle: no two deals of the run are dealt alike.
    assert len({json.dumps(deal["deal"]) for deal in whole}) == 40


def test_deal_seeds_differ_for_every_seed_and_index():
    seeds = {deal_seed(seed, index) for seed in range(-50, 50) for index in range(50)}
    assert len(seeds) == 100 * 50
    with pytest.raises(ValueError, match="deal index -1"):
        deal_seed(1, -1)
    assert deal_indices(5) == range(5) and deal_indices(range(3, 9)) == range(3, 9)
    with pytest.raises(ValueError, match="deals is -2"):
        deal_indices(-2)
    with pytest.raises(ValueError, match="step 1"):
        deal_indices(range(0, 10, 2))
