"""The simulator's output, pinned deal by deal: a digest of every simulated deal's JSON,
the hand a table would record for it and that hand's points, for fixed seeds, each game
and each bot kind. Speed work on the simulator must leave these digests as they are; a
change of the simulation's design changes them on purpose, in its own commit. Israeli
Whist's were written again when its hands moved onto the plain schema (issue 55): the old
code's deals and points with its records rewritten (``db/plain_hands``) give them. All
were written again when a run came to seed its generator once per block of 64 deals
(``core.simulation.BLOCK``) rather than once per deal, for speed: each deal of a block
draws on from where the one before left the generator. Bid Whist's random runs were
written again when its random bot came to draw each choice as ``bits(30) % len(legal)``
(about half the cost of 32 bits scaled) and its bidder to hold its kept cards in order.
Israeli Whist's random runs were written again when a random bot came to draw its card as
``bits(30) % n`` rather than ``bits(32) * n >> 32`` (``core.bots.RandomBot``,
``core.tricks.random_tricks``: a tenth of a random deal's instructions), and again when its
random bot came to follow suit with the last card of the suit as its hand holds it, with
no draw (as random as a draw: a card received in a Frisch exchange takes the place of one
passed; ``core.bots.dealt_order_card``): the same cards dealt, other cards played. All
Israeli Whist's runs were written again when its deals came to shuffle the pack as
``rng.shuffle`` does (``core.simulation.shuffled_pack``) rather than sort it on random
keys: a sort's comparisons of random keys are mispredicted, costing more time than their
instructions (about 1.2 of 25 microseconds a random deal): other cards dealt. All Bid
Whist's were written again when its deals came to do the same (``shuffled_pack``): other
cards dealt."""

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
    ): "0f0531cdcabc568138eac2f973bd4e09d9cc03d985f0c46e81e2c16dda7fd1e7",
    (
        "israeli-whist",
        "standard",
        "",
        "heuristic",
    ): "90e47d3fd7bbe19a64e433b19b9127c0c91600b54e7f3306226538be8f1b33f9",
    (
        "israeli-whist",
        "elhanani",
        "",
        "random",
    ): "a2f47719bbe3d6ff76a903b30fe17e393bca942a213061703ce631611271c0a7",
    (
        "israeli-whist",
        "pagat-german",
        "",
        "heuristic",
    ): "05e7c6f636f0e6e82472875c2416d867487edef4515da25452ecd16dbae4c1fc",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "random",
    ): "0ac51e03595fbc4f97aa23fa3665653ec56550c9a12082d29f3d994b53e2c6b7",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "heuristic",
    ): "845a176b7c77c04d79973684cc5a29580eb2d77eb3d1cdca5fcfa227491033b3",
    (
        "bid-whist",
        "bid-whist",
        "",
        "random",
    ): "b000c656bb7d058320c12911ef61475c269d2e2b97057d418f7dda251b085442",
    (
        "bid-whist",
        "bid-whist",
        "",
        "heuristic",
    ): "47786676a1b9c044db1cb8f560d63f44c23465b09609747320599472d0ddf599",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "random",
    ): "5aac5e2600acd86569311d3570e3690661cab79b3f1f7ae0208723f3efb6d958",
    (
        "bid-whist",
        "bid-whist",
        "jokers=1,nt_jokers=any_time,sport_kitty=yes",
        "heuristic",
    ): "7ebf0d4d3408938dd970a79e8586255e4737f7641b8e0279374c2c6d8006ed9d",
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
