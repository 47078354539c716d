"""Where the time of one Israeli Whist deal by random bots goes, stage by stage.

    .venv/bin/python benchmarks/simulate_budget.py [--deals 5000] [--rules standard]

Each stage of ``IsraeliDealState.play_bots`` (random bots) is timed alone over the same
deals (the best of several runs, in microseconds per deal), then the whole loop; what the
stages leave of the whole is the loop's own work (calls, the generator, branches). For the
speed target of ``benchmarks/simulate.py``: the stages that decide it, and how far each is
from its floor.
"""

from __future__ import annotations

import argparse
import random
import time
from _random import Random as _CRandom
from collections.abc import Callable

from scorekeeper.engine import find_game
from scorekeeper.engine.core.simulation import BLOCK, deal_seed, shuffled_hands
from scorekeeper.engine.core.tricks import random_tricks
from scorekeeper.engine.israeli_whist import simulate
from scorekeeper.engine.israeli_whist.auction import IsraeliAuction
from scorekeeper.engine.israeli_whist.contracts import ContractPhase
from scorekeeper.engine.israeli_whist.play import SUIT_OF, IsraeliPlayState
from scorekeeper.engine.israeli_whist.scoring import hand_scorer

_seed_c = _CRandom.seed  # as the simulator seeds each block of deals


def budget(rules: str, deals: int, runs: int = 9) -> list[tuple[str, float]]:
    """(stage, microseconds per deal) for ``deals`` deals of a seeded run, each stage as
    the simulator's random bots play it (``IsraeliDealState.play_random``)."""
    settings = find_game("israeli-whist", include_unlisted=True).preset(rules)
    rng = random.Random()
    bits = rng.getrandbits
    blocks = [deal_seed(0, index) for index in range(0, deals, BLOCK)]
    _seed_c(rng, blocks[0])
    dealt = [shuffled_hands(rng, SUIT_OF) for _ in range(deals)]

    def first_round(dealer: int, hands: list[list[int]]) -> IsraeliAuction:
        auction = IsraeliAuction(settings, dealer, hands)
        auction.play_random(bits)
        return auction

    won = [(a.winner, a.bid) for i, (h, _) in enumerate(dealt) if (a := first_round(i % 4, h)).bid]

    def named(declarer: int, level: int) -> ContractPhase:
        phase = ContractPhase(settings, declarer, level)
        phase.play_random(bits)
        return phase

    def fresh_plays() -> list[IsraeliPlayState]:
        split = [[[list(cards) for cards in hand] for hand in by_suit] for _, by_suit in dealt]
        return [IsraeliPlayState._trusted(h, i % 5, i % 4, None) for i, h in enumerate(split)]

    played = []
    for index, play in enumerate(fresh_plays()):
        random_tricks(play, bits, as_dealt=True)
        phase = named(index % 4, 6)
        played.append((phase.contracts, play.tricks_taken, index % 4, phase.order))

    def best(stage: Callable[[], float]) -> float:
        return min(stage() for _ in range(runs)) / deals * 1e6

    def reseed() -> float:  # once per block of BLOCK deals
        start = time.perf_counter()
        for seed in blocks:
            _seed_c(rng, seed)
            rng.gauss_next = None  # type: ignore[attr-defined]
        return time.perf_counter() - start

    def shuffle() -> float:
        start = time.perf_counter()
        for _ in range(deals):
            shuffled_hands(rng, SUIT_OF)
        return time.perf_counter() - start

    def auction() -> float:
        start = time.perf_counter()
        for index, (hands, _) in enumerate(dealt):
            first_round(index % 4, hands)
        return time.perf_counter() - start

    def contracts() -> float:
        start = time.perf_counter()
        for declarer, bid in won:
            named(declarer, bid.level)  # type: ignore[union-attr]
        return (time.perf_counter() - start) * deals / len(won)

    def play() -> float:
        states = fresh_plays()
        start = time.perf_counter()
        for state in states:
            random_tricks(state, bits, as_dealt=True)
        return time.perf_counter() - start

    def score() -> float:
        scorer = hand_scorer(settings)
        start = time.perf_counter()
        for contracts, taken, declarer, _ in played:
            scorer(contracts, taken, declarer)
        return time.perf_counter() - start

    def result() -> float:
        scored = hand_scorer(settings)(*played[0][:3])
        start = time.perf_counter()
        for index, (contracts, taken, declarer, order) in enumerate(played):
            simulate.IsraeliDeal(
                0, dealt[index][0], [[]], [], declarer, None, contracts, order, [], taken, scored
            )
        return time.perf_counter() - start

    def whole() -> float:
        run = simulate.simulate_deals(settings, deals, seed=0)
        start = time.perf_counter()
        for _ in run:
            pass
        return time.perf_counter() - start

    stages = [
        ("reseed (once per block)", best(reseed)),
        ("shuffle, split by suit", best(shuffle)),
        ("first auction round", best(auction)),
        ("contracts", best(contracts)),
        ("13 tricks", best(play)),
        ("score", best(score)),
        ("result object", best(result)),
    ]
    total = best(whole)
    stages.append(("loop (calls, generator)", total - sum(us for _, us in stages)))
    stages.append(("whole deal", total))
    return stages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000, help="deals per timed run")
    parser.add_argument("--rules", default="standard", help="rules preset")
    args = parser.parse_args()
    stages = budget(args.rules, args.deals)
    total = stages[-1][1]
    for name, us in stages:
        print(f"{name:26} {us:6.2f} us  {100 * us / total:5.1f}%")
    print(f"{'deals per second':26} {1e6 / total:,.0f}")


if __name__ == "__main__":
    main()
