"""Which lines of the engine the phone's proof runs, by its number of hands (issue 46).

    .venv/bin/python benchmarks/phone_proof_lines.py [--hands 2000] [--against 10000]

For every game: the calls of ``tests/web/offline/test_phone_engine.py``'s proof (``proof_requests``)
at ``--hands`` hands and at ``--against`` hands, each answered by ``phone.batch`` under a
line tracer over ``scorekeeper/engine``, in one process warmed first (so that a cache
filled by the first run does not hide lines from the second). Prints the lines each runs
and those only the longer one reaches: none means the shorter proof runs the same code.
Slow (the tracer): about a minute a game.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.engine import phone  # noqa: E402
from scorekeeper.engine.registry import GAMES  # noqa: E402
from tests.support.phone_engine import proof_requests  # noqa: E402

ENGINE = str(ROOT / "scorekeeper" / "engine")


def lines_run(text: str) -> set[tuple[str, int]]:
    """The engine's lines ``phone.batch(text)`` runs."""
    lines: set[tuple[str, int]] = set()

    def local(frame, event, arg):
        if event == "line":
            lines.add((frame.f_code.co_filename, frame.f_lineno))
        return local

    def entered(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(ENGINE) else None

    sys.settrace(entered)
    try:
        phone.batch(text)
    finally:
        sys.settrace(None)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--against", type=int, default=10_000)
    options = parser.parse_args(argv)
    missing = 0
    for key in sorted(GAMES):
        rules = GAMES[key]
        phone.batch(json.dumps(proof_requests(rules, 100, seed=7)))  # warm
        short = lines_run(json.dumps(proof_requests(rules, options.hands, seed=34)))
        long = lines_run(json.dumps(proof_requests(rules, options.against, seed=34)))
        only = sorted(long - short)
        missing += len(only)
        where = ", ".join(f"{Path(name).relative_to(ROOT)}:{line}" for name, line in only[:5])
        print(
            f"{key}: {len(short)} lines at {options.hands} hands, {len(long)} at "
            f"{options.against}; only at {options.against}: {len(only)} {where}",
            flush=True,
        )
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
