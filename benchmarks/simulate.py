"""Hands per second of the simulator, against OpenSpiel's oh_hell when it is installed.

    .venv/bin/python benchmarks/simulate.py [--seconds 5] [--rules standard]

Israeli Whist (under ``--rules``) and Bid Whist (its ``bid-whist`` preset; the issue's
targets are 15,000 deals/s with random bots and 3,000 with heuristic bots), each with
random and heuristic bots, played through the Game interface's ``simulate_results``, as
``scorekeeper simulate`` plays them.

Every contender gets the same wall time on one core (the process pins itself to one CPU
where the OS allows), in interleaved turns so that all see the same machine load. A "full
hand" is a deal that was bid, played and scored; thrown-in deals cost time but are not
counted, so the simulator's figures are conservative.

OpenSpiel (``pip install open-spiel``, the ``bench`` extra) plays ``oh_hell`` with 4 players
and ``num_tricks_fixed=12`` (its pack cannot give 13 each), every decision and chance
outcome drawn at random from Python. Two loops are timed, and the ratio given for each:

- idiomatic: chance outcomes sampled by their probabilities from ``chance_outcomes()`` and
  decisions by ``random.choice``, as a general random rollout is written;
- tuned: one uniform draw per step from ``legal_actions()`` at every node, the fastest loop
  we found; valid here only because every chance node of oh_hell is uniform.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import time
from collections.abc import Callable

from scorekeeper.engine import find_game


def _pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


Runner = Callable[[float], int]
"""Plays for about the given seconds and returns how many full hands it finished."""


def simulator(game_key: str, rules: str, bots: str) -> Runner:
    """A runner over one endless seeded run of the game's simulated deals."""
    game = find_game(game_key, include_unlisted=True)
    deals = game.simulate_results(game.preset(rules), 10**12, seed=0, bots=bots)

    def run(seconds: float) -> int:
        played = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(50):
                played += not next(deals).thrown_in
        return played

    return run


def open_spiel(tuned: bool) -> Runner | None:
    """A runner over OpenSpiel's oh_hell, or None when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
    rng = random.Random(0)
    draw = rng.random

    def idiomatic(seconds: float) -> int:
        hands = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, probabilities)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            state.returns()
            hands += 1
        return hands

    def fastest(seconds: float) -> int:
        hands = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[int(draw() * len(actions))])
            state.returns()
            hands += 1
        return hands

    return fastest if tuned else idiomatic


def measure(runners: dict[str, Runner], seconds: float, slice_seconds: float = 0.25) -> dict:
    """Hands per second of each runner, run in turns of ``slice_seconds`` for ``seconds``
    each, so that every runner sees the same machine load."""
    hands = dict.fromkeys(runners, 0)
    spent = dict.fromkeys(runners, 0.0)
    while min(spent.values()) < seconds:
        for name, run in runners.items():
            start = time.perf_counter()
            hands[name] += run(slice_seconds)
            spent[name] += time.perf_counter() - start
    return {name: hands[name] / spent[name] for name in runners}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time per contender")
    parser.add_argument("--rules", default="standard", help="rules preset for the simulator")
    args = parser.parse_args()
    _pin_to_one_core()

    runners: dict[str, Runner] = {
        "scorekeeper, random bots": simulator("israeli-whist", args.rules, "random"),
        "scorekeeper, heuristic bots": simulator("israeli-whist", args.rules, "heuristic"),
        "Bid Whist, random bots": simulator("bid-whist", "bid-whist", "random"),
        "Bid Whist, heuristic bots": simulator("bid-whist", "bid-whist", "heuristic"),
    }
    for tuned, name in ((False, "idiomatic"), (True, "tuned")):
        runner = open_spiel(tuned)
        if runner is not None:
            runners[f"OpenSpiel oh_hell, {name} loop"] = runner
    rates = measure(runners, args.seconds)
    for name, rate in rates.items():
        unit = "deals/s (played)" if name.startswith("Bid Whist") else "hands/s"
        print(f"{name + ':':<34} {rate:8.0f} {unit}")
    if not any(name.startswith("OpenSpiel") for name in rates):
        print("OpenSpiel is not installed (pip install open-spiel): no comparison")
        return
    ours = rates["scorekeeper, random bots"]
    for name, rate in rates.items():
        if name.startswith("OpenSpiel"):
            print(f"random bots / {name}: {ours / rate:.2f}x")


if __name__ == "__main__":
    main()
