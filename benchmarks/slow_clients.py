"""Slow clients against ``scorekeeper serve --workers N`` on its real port: is ``/healthz``
still answered, and how soon?

    .venv/bin/python benchmarks/slow_clients.py [--workers 2] [--seconds 10]
        [--attacks idle,headers,body] [--idle 24] [--headers 40] [--body 16] [--timeout 5]

It starts the real command in a child process on a free port (all interfaces, as a club's
host would: ``--host 0.0.0.0``, no ``--proxy``) and a fresh database, then, for each
attack in turn, from 127.0.0.1 as one stranger:

- ``idle``: ``--idle`` connections opened, nothing sent;
- ``headers``: ``--headers`` connections each sending a request's header lines one a
  second, never the blank line that ends them;
- ``body``: ``--body`` connections each sending a POST's headers whole, then its declared
  body one byte a second.

Meanwhile a probe asks for ``/healthz`` on a new connection every 0.25 s for ``--seconds``
seconds; it prints, per attack, the probes answered within ``--timeout`` seconds and their
p50, p99 and slowest times. Issue 66: gunicorn's gthread workers read requests on their
threads, so a few such clients held every thread (every probe timed out).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from web import _wait_for, free_port  # noqa: E402

from tests.support.slow_clients import attack, probe  # noqa: E402

PROBE_EVERY = 0.25
KINDS = ("idle", "headers", "body")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0, help="probing per attack")
    parser.add_argument("--attacks", default="idle,headers,body")
    parser.add_argument("--idle", type=int, default=24, help="connections sending nothing")
    parser.add_argument("--headers", type=int, default=40, help="header lines, one a second")
    parser.add_argument("--body", type=int, default=16, help="bodies, one byte a second")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds a probe waits")
    parser.add_argument("--option", action="append", default=[], help="another serve option")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.attacks.split(",") if name.strip()]
    if not set(chosen) <= set(KINDS):
        parser.error(f"--attacks takes {', '.join(KINDS)}")
    if not 1 <= args.workers <= 16 or not 1 <= args.seconds <= 120:
        parser.error("--workers must be 1..16 and --seconds 1..120")
    if any(not 0 <= n <= 500 for n in (args.idle, args.headers, args.body)):
        parser.error("each count of connections must be 0..500")
    port = free_port()
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", "0.0.0.0"]
    command += ["--port", str(port), "--workers", str(args.workers), *args.option]
    results = {}
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        command += ["--db", str(Path(folder) / "slow.db")]
        env = {**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"}
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            _wait_for(port, process, log)
            time.sleep(1.0)  # the workers forked
            results["none"] = [probe(port, args.timeout) for _ in range(8)]
            for name in chosen:
                with attack(port, name, getattr(args, name)):
                    time.sleep(1.0)
                    timings = []
                    deadline = time.monotonic() + args.seconds
                    while time.monotonic() < deadline:
                        timings.append(probe(port, args.timeout))
                        time.sleep(PROBE_EVERY)
                results[name] = timings
                time.sleep(1.0)
        finally:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(40)
            if process.poll() is None:
                process.kill()
            log.seek(0)
            said = log.read().decode(errors="replace")
    print(f"serve --workers {args.workers} --host 0.0.0.0 {' '.join(args.option)}".rstrip())
    print(f"{'attack':<9} {'answered':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, timings in results.items():
        answered = sorted(t for t in timings if t is not None)
        if answered:
            p99 = answered[min(len(answered) - 1, round(0.99 * (len(answered) - 1)))]
            figures = (statistics.median(answered), p99, answered[-1])
            shown = " ".join(f"{1000 * f:>8.1f}" for f in figures)
        else:
            shown = " ".join(f"{'-':>8}" for _ in range(3))
        print(f"{name:<9} {len(answered):>4}/{len(timings):<4} {shown}")
    if "Traceback" in said:
        print("The server's log holds a traceback:\n" + said)
    return 0


if __name__ == "__main__":
    sys.exit(main())
