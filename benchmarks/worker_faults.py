"""How soon ``scorekeeper serve --workers N`` answers again after its workers are killed
(issue 54, finding 8).

    .venv/bin/python benchmarks/worker_faults.py [--trials 10] [--workers 2] [--give-up 30]

Per trial, on a server already answering: every worker killed at once with SIGKILL (as
the OOM killer would), then the seconds until a request is answered again, asked every
10 ms on a new connection each time; then the same with one worker killed, while the
others answer. A trial that gets no answer within ``--give-up`` seconds, or whose server
exited, counts as never (today's code before gunicorn: its master never replaced a
worker, and exited 0 once all were gone).

Every process runs from this checkout (``python -m scorekeeper.cli``, in its folder), so a
copy of the script in an older checkout measures that version.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import free_port  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid`` (zombies left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
    try:
        connection.request("GET", "/api/games")
        response = connection.getresponse()
        response.read()
        return response.status == 401  # a listing needs a group's key: the API's answer
    except OSError:
        return False
    finally:
        connection.close()


def until_answered(process: subprocess.Popen, port: int, give_up: float) -> float | None:
    """Seconds until ``port`` answers, or None when it does not within ``give_up`` or the
    server exits first."""
    start = time.monotonic()
    while time.monotonic() - start < give_up:
        if process.poll() is not None:
            return None
        if answers(port):
            return time.monotonic() - start
        time.sleep(0.01)
    return None


def until_workers(process: subprocess.Popen, count: int, excluded: set[int]) -> list[int]:
    """The server's ``count`` workers, none of them in ``excluded``, once they are there."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline and process.poll() is None:
        workers = [pid for pid in children_of(process.pid) if pid not in excluded]
        if len(workers) >= count:
            return workers
        time.sleep(0.02)
    return []


def trial(args: argparse.Namespace, folder: Path, number: int, kill_all: bool) -> float | None:
    port = free_port()
    with (folder / f"serve-{number}.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
            + ["--workers", str(args.workers), "--db", str(folder / f"faults-{number}.db")],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"},
        )
    workers: list[int] = []
    try:
        if until_answered(process, port, START_TIMEOUT) is None:
            raise RuntimeError(f"serve did not start: {(folder / f'serve-{number}.log')}")
        workers = until_workers(process, args.workers, set())
        if not workers:
            raise RuntimeError("serve did not fork its workers")
        victims = workers if kill_all else workers[:1]
        for pid in victims:
            os.kill(pid, signal.SIGKILL)
        if kill_all:
            return until_answered(process, port, args.give_up)
        # One killed: the others answer at once; measured is a replacement's arrival.
        start = time.monotonic()
        if not until_workers(process, args.workers, set(victims)):
            return None
        return time.monotonic() - start
    finally:
        if process.poll() is None:
            process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=60)
        for pid in workers:  # this trial's own workers, should one outlive its server
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def report(name: str, seconds: list[float | None], give_up: float, what: str) -> None:
    done = [s for s in seconds if s is not None]
    never = len(seconds) - len(done)
    line = f"{name}: {len(seconds)} trials, never within {give_up:.0f} s: {never}"
    if done:
        line += f"; {what} after median {statistics.median(done):.3f} s, max {max(done):.3f} s"
    print(line, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--give-up", type=float, default=30.0, help="seconds (30)")
    args = parser.parse_args()
    print(f"serve --workers {args.workers}, {args.trials} trials each; checkout {ROOT}")
    with tempfile.TemporaryDirectory() as folder:
        every = [trial(args, Path(folder), n, True) for n in range(args.trials)]
        report("every worker killed", every, args.give_up, "the server answered")
        one = [trial(args, Path(folder), args.trials + n, False) for n in range(args.trials)]
        report("one worker killed", one, args.give_up, "a replacement ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
