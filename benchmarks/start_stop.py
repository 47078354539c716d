"""Starting and stopping ``scorekeeper serve`` the hard ways (issue 18, items 11 and 12).

    .venv/bin/python benchmarks/start_stop.py [--trials 20] [--only kill|start]

``kill``: ``serve --workers 2`` on a fresh database file, with a phone's keep-alive
connection open, then its master process killed with SIGKILL (as the OOM killer or
``kill -9`` would). Counted per trial: a worker still running ``--grace`` seconds later
(an orphan, which keeps the port), and a new ``serve`` on the same port that could not
bind it.

``start``: two ``serve`` processes on one new database file, each on its own port,
started at the same moment (two service units, or a restart script). Counted per trial: a
process that printed a traceback (a crash), one that exited with an error line, and
whether both then answer a request.

Every process runs from this checkout (``python -m scorekeeper.cli``, in its folder), so a
copy of the script in an older checkout measures that version. Nothing is timed: the
figures are counts.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from web import free_port  # noqa: E402

from tests.support.serve_workers import children_of, running  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30  # seconds for a server to start listening or to give up


def start_serve(port: int, database: Path, log, *extra: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
    return subprocess.Popen(
        [*command, "--db", str(database), *extra],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"},
    )


def serving(process: subprocess.Popen, port: int) -> bool:
    """Waits until ``process`` (or a worker it forked) listens on ``port`` (True) or exits
    (False). Its own listening socket is looked for, not an answer on the port: an orphan
    still listening there would answer for a server that never bound it."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        if any(listens(pid, port) for pid in [process.pid, *children_of(process.pid)]):
            return True
        time.sleep(0.05)
    return False


def listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds a socket listening on TCP ``port`` (from /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                # local address (hex ip:port), state (0A: listening), ..., inode
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":
                    inodes.add(f"socket:[{fields[9]}]")
    held = set()
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                held.add(os.readlink(fd))
    return bool(inodes & held)


def answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/api/games")
        # A listing needs a group's key (issue 21): the API's 401 is its answer.
        return connection.getresponse().status == 401
    except OSError:
        return False
    finally:
        connection.close()


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def kill_trial(folder: Path, grace: float) -> dict[str, bool]:
    """One kill-the-master trial: whether a worker outlived it, and whether a new serve
    could take the port."""
    port = free_port()
    with tempfile.TemporaryFile() as log, tempfile.TemporaryFile() as log_again:
        master = start_serve(port, folder / "kill.db", log, "--workers", "2")
        workers: list[int] = []
        again = None
        try:
            if not serving(master, port):
                raise RuntimeError(f"serve --workers 2 did not start:\n{_text(log)}")
            deadline = time.monotonic() + START_TIMEOUT
            while len(workers := children_of(master.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            phone.request("GET", "/api/games")
            phone.getresponse().read()
            os.kill(master.pid, signal.SIGKILL)
            master.wait()
            deadline = time.monotonic() + grace
            while any(running(pid) for pid in workers) and time.monotonic() < deadline:
                time.sleep(0.05)
            orphans = [pid for pid in workers if running(pid)]
            phone.close()
            again = start_serve(port, folder / "again.db", log_again)
            bound = serving(again, port) and answers(port)
        finally:
            # Orphans are this script's own grandchildren: end them so the next trial starts
            # clean.
            for pid in workers:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            stop(master)
            if again is not None:
                stop(again)
    return {"orphaned": bool(orphans), "port_taken": not bound}


def start_trial(folder: Path) -> dict[str, object]:
    """One start-two-at-once trial on a new database file."""
    database = folder / "fresh.db"
    ports = [free_port(), free_port()]
    while ports[1] == ports[0]:
        ports[1] = free_port()
    with tempfile.TemporaryFile() as first_log, tempfile.TemporaryFile() as second_log:
        logs = [first_log, second_log]
        processes = [
            start_serve(port, database, log) for port, log in zip(ports, logs, strict=True)
        ]
        try:
            served = [serving(p, port) for p, port in zip(processes, ports, strict=True)]
            both = all(served) and all(answers(port) for port in ports)
        finally:
            for process in processes:
                stop(process)
        outputs = [_text(log) for log in logs]
    result: dict[str, object] = {
        "crashed": any("Traceback" in text for text in outputs),
        "refused": any(
            not ok and "Traceback" not in text for ok, text in zip(served, outputs, strict=True)
        ),
        "both_serve": both,
    }
    # The last line of a process that did not serve: the error it ended with.
    ended = [
        text.strip().splitlines()[-1:] for ok, text in zip(served, outputs, strict=True) if not ok
    ]
    if ended:
        result["said"] = ended[0][0] if ended[0] else "(nothing)"
    return result


def _text(log) -> str:
    log.seek(0)
    return log.read().decode(errors="replace")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20, help="trials of each kind")
    parser.add_argument("--only", choices=("kill", "start"), help="run one kind of trial")
    parser.add_argument(
        "--grace", type=float, default=5.0, help="seconds the workers get to stop (kill)"
    )
    args = parser.parse_args()
    if not 1 <= args.trials <= 200:
        parser.error("--trials must be 1..200")
    print(f"checkout: {ROOT}")
    kinds = {
        "kill": (
            lambda folder: kill_trial(folder, args.grace),
            "kill the master of serve --workers 2: {trials} trials, workers still running "
            f"after {args.grace:.0f} s in {{orphaned}}, port still taken in {{port_taken}}",
        ),
        "start": (
            start_trial,
            "two serve at once on a new database file: {trials} trials, a traceback in "
            "{crashed}, one exited with an error line in {refused}, both served in {both_serve}",
        ),
    }
    for kind, (trial, summary) in kinds.items():
        if args.only in (None, kind):
            counts: dict[str, int] = {}
            for number in range(args.trials):
                with tempfile.TemporaryDirectory() as folder:
                    result = trial(Path(folder))
                for name, value in result.items():
                    if isinstance(value, bool):
                        counts[name] = counts.get(name, 0) + value
                print(f"{kind:<5} trial {number + 1:>3}: {result}", flush=True)
            print(summary.format(trials=args.trials, **counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
