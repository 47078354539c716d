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
cards dealt. All Israeli Whist's were written again when a random bot came to draw every
choice, its calls and contracts too, as ``bits(30) % n`` (``core.bots.RandomBot``), and its
deals to be shuffled with that draw for each place and split by suit as they are dealt
(``core.simulation.shuffled_hands``: ``rng.shuffle``'s exact draws redraw one time in four,
mispredicted, and splitting the hands after the deal was a second pass over the pack; about
a tenth of a random deal's time in all): other cards dealt, other calls made. Israeli
Whist's standard run with its heuristic bots was written again when a deal thrown in came
to keep the Frisch rounds played before it (issue 66): the same deals and points, the
records of its deals thrown in with their rounds."""

import json

import pytest

from scorekeeper.engine import find_game
from scorekeeper.engine.core.simulation import deal_indices, deal_seed
from tests.support.engine.simulate_pinned import run_digest

# (game, rules preset, knob changes, bots) -> sha256 of the run's deals.
PINNED = {
    (
        "israeli-whist",
        "standard",
        "",
        "random",
    ): "72199f345a9a540ee825918b68dd6cd35c1880da07679afe11a69d5f64cb5bbd",
    (
        "israeli-whist",
        "standard",
        "",
        "heuristic",
    ): "d6563e2fc733a06e838b13ee614f7b6d7da7d82d9f74693c38feb36591d7ac2e",
    (
        "israeli-whist",
        "elhanani",
        "",
        "random",
    ): "14a1438dcb93fc7ea1512a742acef1ec866acd811d8caf56519b63f6ae5c68bf",
    (
        "israeli-whist",
        "pagat-german",
        "",
        "heuristic",
    ): "b301853e6bc3a1ea641a3aa05198ffff594f946395fecd5d6184b1c5d24abd0d",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "random",
    ): "56282887a29371ff0deb86dbfbf3257e659c57198ddf810299323212a72a8d6b",
    (
        "israeli-whist",
        "standard",
        "all_pass=pass_round,declarer_miss_factor=2",
        "heuristic",
    ): "0e202cc22e41cd7f3a922e517c64b2cada79e705aa20f81089b46d485153b3ed",
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
    whole = [r.to_dict() for r in game.simulation.results(settings, 40, seed=7, bots=bots)]
    shares = [
        [r.to_dict() for r in game.simulation.results(settings, part, seed=7, bots=bots)]
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
