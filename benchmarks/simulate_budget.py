"""Where the time of one Israeli Whist deal by random bots goes, stage by stage.

    .venv/bin/python benchmarks/simulate_budget.py [--deals 5000] [--rules standard]

Each stage of ``IsraeliTable.random_deals`` is timed alone over the same deals (the best of
several runs, in microseconds per deal), then the whole loop; what the stages leave of the
whole is the loop's own work (calls, the generator, branches). For the speed target of
``benchmarks/simulate.py``: the stages that decide it, and how far each is from its floor.
"""

from __future__ import annotations

import argparse
import random
import time
from _random import Random as _CRandom
from collections.abc import Callable

from scorekeeper.engine import find_game
from scorekeeper.engine.core.simulation import deal_seed
from scorekeeper.engine.israeli_whist import simulate
from scorekeeper.engine.israeli_whist.auction import ALL_BIDS
from scorekeeper.engine.israeli_whist.bots import make_bots
from scorekeeper.engine.israeli_whist.play import random_tricks, split_by_suit

_seed_c = _CRandom.seed  # as the simulator seeds each deal


def budget(rules: str, deals: int, runs: int = 9) -> list[tuple[str, float]]:
    """(stage, microseconds per deal) for ``deals`` deals of a seeded run."""
    settings = find_game("israeli-whist", include_unlisted=True).preset(rules)
    rng = random.Random()
    bits = rng.getrandbits
    table = simulate.IsraeliTable(settings, make_bots("random", rng))
    seeds = [deal_seed(0, index) for index in range(deals)]
    dealt = []
    won = []
    for index, seed in enumerate(seeds):
        _seed_c(rng, seed)
        dealt.append(simulate.deal_hands(rng))
        result = table._random_bidding(bits, index % 4)
        if result is not None:
            won.append(result)
    played = []
    for index, hands in enumerate(dealt):
        taken = [0, 0, 0, 0]
        random_tricks(split_by_suit(hands), index % 5, index % 4, bits, [], taken)
        order, contracts = table._random_contracts(bits, index % 4, 6)
        played.append((contracts, taken, index % 4, order))

    def best(stage: Callable[[], float]) -> float:
        return min(stage() for _ in range(runs)) / deals * 1e6

    def reseed() -> float:
        start = time.perf_counter()
        for seed in seeds:
            _seed_c(rng, seed)
            rng.gauss_next = None  # type: ignore[attr-defined]
        return time.perf_counter() - start

    def shuffle() -> float:
        start = time.perf_counter()
        for _ in seeds:
            simulate.deal_hands(rng)
        return time.perf_counter() - start

    def auction() -> float:
        start = time.perf_counter()
        for index in range(deals):
            table._random_bidding(bits, index % 4)
        return time.perf_counter() - start

    def contracts() -> float:
        start = time.perf_counter()
        for _, declarer, number in won:
            table._random_contracts(bits, declarer, ALL_BIDS[number].level)
        return (time.perf_counter() - start) * deals / len(won)

    def split() -> float:
        start = time.perf_counter()
        for hands in dealt:
            split_by_suit(hands)
        return time.perf_counter() - start

    def play() -> float:
        by_suit = [split_by_suit(hands) for hands in dealt]
        start = time.perf_counter()
        for index, hands in enumerate(by_suit):
            random_tricks(hands, index % 5, index % 4, bits, [], [0, 0, 0, 0])
        return time.perf_counter() - start

    def score() -> float:
        scorer = table._score
        start = time.perf_counter()
        for contracts, taken, declarer, _ in played:
            scorer(contracts, taken, declarer)
        return time.perf_counter() - start

    def result() -> float:
        scored = table._score(*played[0][:3])
        start = time.perf_counter()
        for index, (contracts, taken, declarer, order) in enumerate(played):
            simulate.IsraeliDeal(
                0, dealt[index], [[]], [], declarer, None, contracts, order, [], taken, scored
            )
        return time.perf_counter() - start

    def whole() -> float:
        run = simulate.simulate_deals(settings, deals, seed=0)
        start = time.perf_counter()
        for _ in run:
            pass
        return time.perf_counter() - start

    stages = [
        ("reseed (C init_by_array)", best(reseed)),
        ("shuffle (52 keys, sort)", best(shuffle)),
        ("first auction round", best(auction)),
        ("contracts", best(contracts)),
        ("hands split by suit", best(split)),
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
