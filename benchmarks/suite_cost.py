"""What the test suite costs, read from a pytest run's ``--durations=0`` output (issue 46).

    .venv/bin/python -m pytest -n 2 --durations=0 -q tests/... > run.txt
    .venv/bin/python benchmarks/suite_cost.py run.txt [--workers 2] [--top 30]
    .venv/bin/python benchmarks/suite_cost.py run.txt --weights tests/durations.json

Prints each file's total (set-up, call and tear-down of its tests), the share of the tests
that are one game's (a test whose parameters name a registered game: what one more game
adds to the suite), and the wall time the measured tests would take on ``--workers``
workers: the total over the workers plus the longest test (a worker may start it last),
and the time of handing the tests out longest first (what ``tests/support/scheduling.py`` does).
Set-up of the run itself (starting the workers, collecting) is not in the figures.

A run with ``-v`` (``-n 3 --dist loadgroup --durations=0 -v``) also says which worker ran
each test: the report then gives each worker's seconds, in the order it ran them, and the
groups it ended on, so that a worker that is the long pole at the end shows.

``--scale 2.5`` divides every figure by 2.5: a run measured on a busy machine, reckoned as
a quiet machine's (the factor from tests measured on both).

``--weights`` writes the tests of a second or more to the file ``tests/support/scheduling.py``
orders a parallel run by (``longest_first``): run it again after a measured run of the whole
suite.
With ``--merge``, a run of some files only: their tests' weights are the run's, every other
file's stay as the weights file had them.
"""

from __future__ import annotations

import argparse
import heapq
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S.*?)\s*$")
# A test's outcome as ``-v`` prints it on a pytest-xdist run: "[gw1] [ 40%] PASSED tests/…".
RAN = re.compile(r"^\[(gw\d+)\] \[\s*\d+%\] [A-Z]+ (\S.*?)\s*$")
SUMMARY = re.compile(r"in (\d+(?:\.\d+)?)s")
WEIGHT_FLOOR = 1.0  # seconds: the tests ``--weights`` keeps


def without_group(nodeid: str) -> str:
    """A test's node id without the ``@group`` pytest-xdist's ``--dist loadgroup`` adds."""
    at = nodeid.rfind("@")
    return nodeid[:at] if at > nodeid.rfind("]") and at > nodeid.rfind("::") else nodeid


def read_durations(lines) -> tuple[dict[str, float], float | None]:
    """Each test's seconds (its set-up, call and tear-down together), by node id, and the
    run's own wall time when its summary line is there."""
    seconds: dict[str, float] = defaultdict(float)
    wall = None
    for line in lines:
        found = LINE.match(line)
        if found:
            seconds[without_group(found[3])] += float(found[1])
        elif line.startswith("=") and (" passed" in line or " failed" in line):
            summary = SUMMARY.search(line)
            wall = float(summary[1]) if summary else wall
    return dict(seconds), wall


def read_workers(lines) -> dict[str, list[str]]:
    """The tests each worker ran, in the order it ran them (node ids without their
    group), read from a ``-v`` run's outcome lines; empty for a run without them."""
    ran: dict[str, list[str]] = defaultdict(list)
    for line in lines:
        found = RAN.match(line)
        if found:
            ran[found[1]].append(without_group(found[2]))
    return dict(ran)


def report_workers(seconds: dict[str, float], ran: dict[str, list[str]], last: int = 3) -> None:
    """Each worker's seconds (its tests' set-up, call and tear-down), and the files it
    ended on: the worker with the most is the run's long pole."""
    print("\nby worker (its tests' seconds; the files it ran last):")
    for worker, nodes in sorted(ran.items(), key=lambda item: -sum_of(seconds, item[1])):
        ending: list[str] = []
        for node in reversed(nodes):
            name = node.split("::", 1)[0]
            if name not in ending:
                ending.append(name)
            if len(ending) == last:
                break
        print(f"{sum_of(seconds, nodes):9.0f} s  {worker}: {len(nodes)} tests, last {ending}")


def sum_of(seconds: dict[str, float], nodes: list[str]) -> float:
    return sum(seconds.get(node, 0.0) for node in nodes)


def game_keys() -> list[str]:
    """The registered games' keys, the longest first (``oh-hell`` after ``oh-hell-7``'s
    own key would be, were there one)."""
    from scorekeeper.engine.registry import GAMES

    return sorted(GAMES, key=len, reverse=True)


def game_of(node: str, keys: list[str]) -> str | None:
    """The registered game a test is one game's test of, from its parameters, or None."""
    if "[" not in node:
        return None
    params = node[node.index("[") + 1 : node.rindex("]")]
    for key in keys:
        if re.search(rf"(^|[-_/]){re.escape(key)}($|[-_/])", params):
            return key
    return None


def longest_first(seconds: list[float], workers: int) -> float:
    """The wall time of handing the tests out longest first to ``workers`` workers."""
    ends = [0.0] * workers
    for taken in sorted(seconds, reverse=True):
        heapq.heappush(ends, heapq.heappop(ends) + taken)
    return max(ends)


def report(seconds: dict[str, float], wall: float | None, workers: int, top: int) -> None:
    files: dict[str, list[float]] = defaultdict(list)
    for node, taken in seconds.items():
        files[node.split("::", 1)[0]].append(taken)
    total = sum(seconds.values())
    print(f"{len(seconds)} tests, {total:.0f} s in all")
    print(f"\n{'seconds':>9} {'tests':>6}  file")
    for name, taken in sorted(files.items(), key=lambda item: -sum(item[1])):
        print(f"{sum(taken):9.1f} {len(taken):6}  {name}")

    keys = game_keys()
    per_game: dict[str, float] = defaultdict(float)
    for node, taken in seconds.items():
        game = game_of(node, keys)
        if game is not None:
            per_game[game] += taken
    print(f"\none game's tests ({len(keys)} games registered):")
    for key in sorted(keys):
        print(f"{per_game.get(key, 0.0):9.1f} s  {key}")
    shared = sum(per_game.values())
    print(f"{shared / len(keys):9.1f} s  a game's share: its tests, one worker's time")
    print(f"{shared / len(keys) / workers:9.1f} s  of wall time on {workers} workers")

    longest = max(seconds.items(), key=lambda item: item[1], default=("", 0.0))
    print(f"\non {workers} workers (set-up of the run not counted):")
    print(f"{total / workers + longest[1]:9.0f} s  total / {workers} + the longest test")
    print(f"{longest_first(list(seconds.values()), workers):9.0f} s  handed out longest first")
    if wall is not None:
        print(f"{wall:9.0f} s  the measured run's own wall time")
    print(f"\nthe {top} longest:")
    for node, taken in sorted(seconds.items(), key=lambda item: -item[1])[:top]:
        print(f"{taken:9.2f} s  {node}")


def merged(seconds: dict[str, float], path: Path) -> dict[str, float]:
    """The run's ``seconds``, with the weights ``path`` holds for the files the run did
    not measure (a test of a measured file that the run lacks is gone, or under 1 s)."""
    files = {node.split("::", 1)[0] for node in seconds}
    kept = json.loads(path.read_text())["seconds"] if path.exists() else {}
    return {
        **{node: taken for node, taken in kept.items() if node.split("::", 1)[0] not in files},
        **seconds,
    }


def write_weights(seconds: dict[str, float], path: Path) -> None:
    measured = sorted(seconds.items())
    kept = {node: round(taken, 1) for node, taken in measured if taken >= WEIGHT_FLOOR}
    note = (
        "Each test's seconds in a measured run (benchmarks/suite_cost.py --weights), the "
        f"tests of {WEIGHT_FLOOR:g} s or more: tests/support/scheduling.py hands the longest "
        "out first."
    )
    path.write_text(json.dumps({"note": note, "seconds": kept}, indent=0) + "\n")
    print(f"{len(kept)} tests written to {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", type=Path, help="a pytest run's --durations=0 output")
    parser.add_argument("--workers", type=int, default=2, help="workers of the run (2)")
    parser.add_argument("--top", type=int, default=30, help="the longest tests shown (30)")
    parser.add_argument("--weights", type=Path, help="write the weights file here")
    parser.add_argument(
        "--merge",
        action="store_true",
        help="with --weights: keep the file's weights of the files this run did not measure",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="divide every figure by this: a run on a busy machine, reckoned as a quiet one's",
    )
    options = parser.parse_args(argv)
    with options.output.open(encoding="utf-8", errors="replace") as lines:
        seconds, wall = read_durations(lines)
    with options.output.open(encoding="utf-8", errors="replace") as lines:
        ran = read_workers(lines)
    seconds = {node: taken / options.scale for node, taken in seconds.items()}
    wall = wall / options.scale if wall is not None else None
    if not seconds:
        print(f"no durations in {options.output}: run pytest with --durations=0")
        return 1
    if options.weights:
        write_weights(
            merged(seconds, options.weights) if options.merge else seconds, options.weights
        )
    else:
        report(seconds, wall, options.workers, options.top)
        if ran:
            report_workers(seconds, ran)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
