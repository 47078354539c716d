"""`scorekeeper simulate`'s whole output, pinned for every simulating game and bot kind:
the JSON lines of a run and its summary (the speed figures left out), for several seeds
and rules. The digests were taken from the simulator before it moved onto the one
simulation core (issue 41); that move, and any speed work after it, must leave every
byte of the output as it was. Spades' random runs were taken again in issue 55 on
purpose: its random bot now picks among its legal cards in the order a player holds
them (sorted), which lets the quick loop find a card by counting through the suits; the
cards dealt and the bids are those of before, the cards played differ. Every digest was
taken again in issue 55 when a run came to seed its generator once per block of 64 deals
rather than once per deal (seeding cost a tenth of a random deal; ``core.simulation``),
and Spades' and Oh Hell's quick loops came to draw for the last trick's forced cards as
their bots do: the same runs, the deals drawn from other places of the generator. Spades
then came to shuffle by sorting on random keys (``core.simulation.key_shuffled``, as the
whists do: a sixth cheaper than ``rng.shuffle``'s order), which deals other cards. Its
random runs were taken again when its random bot came to follow suit with the last card
of the suit led in the order its hand was dealt, without a draw (as random as a draw:
``core.tricks.dealt_tricks``, a tenth of a random deal's work): the same cards dealt and
bids, other cards played. Bid Whist's random runs were taken again in issue 55 when its
random bot came to draw each choice as ``bits(30) % len(legal)`` (a one-digit int, about
half the cost of 32 bits scaled) and the bidder to hold its cards after the discard in
order: the same deals and bids' places in the generator, other calls, discards and cards.
Israeli Whist's random runs were taken again when a random bot came to draw its card as
``bits(30) % n`` rather than ``bits(32) * n >> 32`` (``core.bots.RandomBot``,
``core.tricks.random_tricks``; cheaper, as uniform), and again when it came to follow suit
with the last card of the suit as its hand holds it, with no draw
(``core.bots.dealt_order_card``, as Spades'): the same cards dealt, other cards played.
All of Israeli Whist's were taken again when its deals came to shuffle the pack as
``rng.shuffle`` does (``core.simulation.shuffled_pack``), not to sort it on random keys
(faster timed, a sort of random keys being mispredicted): other cards dealt. All of Bid
Whist's were taken again when its deals came to do the same (``shuffled_pack`` of its pack
with its jokers; 1.02x its random runs timed): other cards dealt. All of Israeli Whist's
were taken again when a random bot came to draw every choice, calls and contracts too, as
``bits(30) % n``, and its deals to be shuffled with that draw for each place and split by
suit as dealt (``core.simulation.shuffled_hands``; about a tenth of a random deal's time):
other cards dealt, other calls made."""

import pytest

from tests.support.cli.simulate_outputs import digests

# (game, rules preset or "", knob changes, bots, seed, hands) -> (JSON digest, summary digest)
RUNS = [
    ("israeli-whist", "standard", "", "random", 11, 300),
    ("israeli-whist", "standard", "", "heuristic", 12, 200),
    ("israeli-whist", "elhanani", "all_pass=pass_round", "random", 13, 300),
    ("israeli-whist", "pagat-german", "all_pass=pass_round", "heuristic", 14, 200),
    ("bid-whist", "bid-whist", "", "random", 21, 300),
    ("bid-whist", "bid-whist", "", "heuristic", 22, 200),
    ("bid-whist", "bid-whist", "jokers=1,nt_jokers=any_time,sport_kitty=yes", "random", 23, 300),
    ("spades", "", "", "random", 31, 200),
    ("spades", "", "", "heuristic", 32, 200),
    ("spades", "", "blind_nil=any_time", "random", 33, 200),
    ("oh-hell", "", "", "random", 41, 200),
    ("oh-hell", "", "", "counting", 42, 200),
]

PINNED: dict[tuple, tuple[str, str]] = {
    ("israeli-whist", "standard", "", "random", 11, 300): (
        "5f99533b4a789c9187158dc24858e4812d5e6074dc5f9c3d4fbf9a8a64265c30",
        "790012c74101e24c9288adcac7a2a8140bf2ee6b9195044e5d8ced5c813721e3",
    ),
    ("israeli-whist", "standard", "", "heuristic", 12, 200): (
        "4cdf59278422f8a5de6fc1054f4b7ed4364ce5a55f187cd5d32261f4f1b9ea7b",
        "333a6ffe3347b9e2bd6ec74da1da5b2ed16e73232fac6b15d10937a4ef372ca2",
    ),
    ("israeli-whist", "elhanani", "all_pass=pass_round", "random", 13, 300): (
        "3672e9e10febff14bc1959bd4179258888d4aeb5f86fa0fe10b64150b3972237",
        "bfb1a4170a8496d78db69061396f43afa42d0635c534b86c7aab836800213638",
    ),
    ("israeli-whist", "pagat-german", "all_pass=pass_round", "heuristic", 14, 200): (
        "8d62fd2d02ca1ce663bbf7af9078b039f978f2ff6be553c9809200119249c9fe",
        "cdacaa002a2cbeda22fb5144f5ee4447a7e27d78c8d4db886e5b288512661174",
    ),
    ("bid-whist", "bid-whist", "", "random", 21, 300): (
        "bd8c62bd617bcb6b4f5cc199a941a3281e7ab8c440970189bcb2d0be137723c4",
        "41e5599f15f443d52520f7810aef2057a74ee24deaea40743e0696a8564cc52f",
    ),
    ("bid-whist", "bid-whist", "", "heuristic", 22, 200): (
        "2a2c586771e82af6845ca63cda523ca6017c1d94610f314f2ef4974f6c4bbeee",
        "8aced27bce31749f0f50f09b539f68c47576ec896216d54b7c0661408dcf4376",
    ),
    ("bid-whist", "bid-whist", "jokers=1,nt_jokers=any_time,sport_kitty=yes", "random", 23, 300): (
        "cef3ccd80130fbce8e64649177172f2f240536356fd4b54d807278a2166a1fe2",
        "1711e788664360a511a143b2aeff53e8277747e24adca3d04570c020e2415177",
    ),
    ("spades", "", "", "random", 31, 200): (
        "fd562a0f19f70f236d5ba48ebbefc7d943c9ad24c04a7937cf2add4f7582f26e",
        "b079d0c0408e960b8c24adce66c54d3f9df3218782aa2bf19dd3405fb8233f40",
    ),
    ("spades", "", "", "heuristic", 32, 200): (
        "65c3c6c55b83216c40dc053d3f08f9491791aab053d908746275c610bad3bee0",
        "ae10bda43298d5883bd8dddbaf9b166886e4d21c551a9dce5a0d2e5f596e227e",
    ),
    ("spades", "", "blind_nil=any_time", "random", 33, 200): (
        "288c032284dd89691a1da5c847d841dc0354f874e4eadd65fa262f94074e7a81",
        "395627920be8a4211ca87941e5ef105de119511536b9cab7121c4a7443ec254a",
    ),
    ("oh-hell", "", "", "random", 41, 200): (
        "962acf8b883b404fc5876243129deb7e47591b133922b7508758936963ced55c",
        "5aada8eabd407eced60482efbea4c38ff49b38a0b876c53d5e6590918cc007c9",
    ),
    ("oh-hell", "", "", "counting", 42, 200): (
        "22fb5e7d97b3c41e46de8af4fcf57a9d1a8843fffebb45e10c8c7a64a7372165",
        "a26c783da6b58485d3bbf0c9cab5d367955c4f2085a606da87887bae002cc72f",
    ),
}


@pytest.mark.parametrize("run", RUNS, ids=["-".join(map(str, run)) for run in RUNS])
def test_simulate_prints_what_it_printed_before_the_core(capsys, run):
    assert digests(capsys, run) == PINNED[run]
