"""`scorekeeper serve --workers N` when its workers die, hang or are replaced (issue 54,
finding 8), over the real command in a child process and real HTTP on 127.0.0.1.

The hand-written master never replaced a worker: one killed (the OOM killer during an
export) was gone for good, and when the last went ``serve`` exited 0, which the unit's
``Restart=on-failure`` did not restart. gunicorn's arbiter replaces them. How soon the
server answers again is measured, not asserted, by ``benchmarks/worker_faults.py``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from scorekeeper.database_check import check_database
from scorekeeper.web import throttle
from tests.games.israeli_whist.worked import WORKED_EXAMPLE as HAND
from tests.support.backup import hands_of, scorekeeper
from tests.support.cli.worker_faults import answered, live_workers, new_group, stopped, until
from tests.support.replication import serving
from tests.support.serve_workers import call, children_of, free_port, running, start_workers


def test_every_worker_killed_the_server_answers_again(tmp_path):
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    try:
        assert answered(port)
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        assert until(lambda: process.poll() is not None or answered(port))
        # serve never ends because its workers did: it used to exit 0 here.
        assert process.poll() is None, f"serve exited {process.returncode}"
        assert until(lambda: len(live_workers(process)) == 2)
        assert not set(live_workers(process)) & set(workers)
    finally:
        stopped(process, workers)


def test_one_worker_killed_the_other_answers_and_a_new_one_comes(tmp_path):
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    try:
        os.kill(workers[0], signal.SIGKILL)
        assert all(answered(port) for _ in range(5))

        # The killed worker may still be exiting (not yet a zombie) when first looked at:
        # wait for what the test means, the other still there and one new beside it.
        def replaced() -> bool:
            now = live_workers(process)
            return workers[1] in now and workers[0] not in now and len(now) == 2

        assert until(replaced), live_workers(process)
    finally:
        stopped(process, workers)


def test_a_hung_worker_is_killed_and_replaced(tmp_path):
    """A worker that stops checking in (here stopped outright, as a process wedged in a
    call that never returns) is killed once ``--worker-timeout`` has passed, and replaced;
    the other answers meanwhile."""
    port = free_port()
    process, workers = start_workers(tmp_path, port, "--worker-timeout", "3")
    try:
        os.kill(workers[0], signal.SIGSTOP)
        assert answered(port)
        assert until(lambda: not running(workers[0]) and len(live_workers(process)) == 2)
        assert workers[1] in live_workers(process)
        assert process.poll() is None
    finally:
        stopped(process, workers)


def test_sighup_replaces_every_worker_and_no_request_fails_meanwhile(tmp_path):
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    try:
        os.kill(process.pid, signal.SIGHUP)
        answers = []

        def reloaded() -> bool:
            answers.append(answered(port))
            now = live_workers(process)
            return len(now) == 2 and not set(now) & set(workers)

        assert until(reloaded)
        assert process.poll() is None
        assert answers and all(answers), answers
    finally:
        stopped(process, workers)


def test_sigterm_stops_the_workers_and_frees_the_port(tmp_path):
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    try:
        assert answered(port)
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=60)[0]
    finally:
        stopped(process, workers)
    # A stop asked for is a clean one; the unit restarts on any exit but systemctl stop's.
    assert process.returncode == 0, output
    assert "Traceback" not in output and "Stopped." in output
    assert not [pid for pid in workers if running(pid)]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))


def test_stopped_as_the_unit_stops_it_the_last_saves_reach_the_replica(tmp_path):
    """deploy/scorekeeper.service's way: ``--workers 2`` with Litestream beside, stopped by
    SIGTERM. The workers finish, then the arbiter stops Litestream, whose last sync sends
    the saves: with an interval far longer than the test, only that sync can."""
    database = tmp_path / "live.db"
    replica = f"file://{tmp_path / 'replica'}"
    options = ["--workers", "2", "--replicate", replica, "--replicate-interval", "10m"]
    with serving(database, *options) as (port, process):
        status, made = call(port, "POST", "/api/games", {"players": list("ABCD")})
        assert status == 201, made
        for _ in range(3):
            status, body = call(
                port, "POST", f"/api/games/{made['id']}/hands", HAND, made["edit_key"]
            )
            assert status == 201, body
        time.sleep(3.0)  # Litestream reads the log every second (a busy machine: later)
        [litestream] = [
            pid
            for pid in children_of(process.pid)
            if b"litestream" in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]
        process.send_signal(signal.SIGTERM)
        process.wait(60)
        assert process.returncode == 0
        assert until(lambda: not Path(f"/proc/{litestream}").exists())
    for suffix in ("", "-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    restored = scorekeeper("restore", "--from-replica", replica, "--db", str(database))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert hands_of(database) == {(made["id"], number) for number in (1, 2, 3)}
    assert check_database(database).ok


def test_gunicorn_takes_every_setting_given():
    """Each of serve's settings is one the installed gunicorn has (a renamed one would
    raise here rather than be dropped), and the app is made before the workers fork."""
    from gunicorn.config import Config

    from scorekeeper.cli.server import worker_settings

    config = Config()
    for name, value in worker_settings([7], threads=4, workers=2, timeout=9).items():
        config.set(name, value)
    assert config.address == [7]
    from scorekeeper.cli.worker import WaitressWorker

    assert config.preload_app and config.worker_class is WaitressWorker
    assert (config.workers, config.threads, config.timeout) == (2, 4, 9)
    assert config.control_socket_disable and config.forwarded_allow_ips == []


def test_behind_a_proxy_the_workers_count_each_phone_by_its_forwarded_address(tmp_path):
    """``--proxy 1`` under gunicorn as under waitress: ProxyFix gives the app each phone's
    address, so the proxy's own is not one client spending everyone's budget."""
    port = free_port()
    process, workers = start_workers(tmp_path, port, "--proxy", "1")
    try:
        burst = throttle.RATES["group"].burst
        phones = [new_group(port, f"203.0.113.{n}") for n in range(1, burst + 3)]
        one = [new_group(port, "198.51.100.7") for _ in range(burst + 2)]
    finally:
        stopped(process, workers)
    assert phones == [201] * (burst + 2)
    assert one == [201] * burst + [429] * 2


def test_a_reload_leaves_litestream_and_serves_last_words_to_the_server(tmp_path):
    """Workers replaced on SIGHUP end inside the code of the arbiter they were forked
    from, Litestream's owner: the server replicates on through the reload, with the same
    Litestream, and only the server itself says it stopped, once, when it does."""
    replica = f"file://{tmp_path / 'replica'}"
    log = tmp_path / "serve.log"
    port = free_port()
    with log.open("w") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
            + ["--workers", "2", "--db", str(tmp_path / "live.db"), "--replicate", replica],
            stdout=output,
            stderr=subprocess.STDOUT,
            env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
        )
    workers: list[int] = []
    try:
        assert until(lambda: answered(port) or process.poll() is not None)

        def litestream() -> list[int]:
            return [
                pid
                for pid in live_workers(process)
                if b"litestream" in Path(f"/proc/{pid}/cmdline").read_bytes()
            ]

        assert until(lambda: len(live_workers(process)) == 3)
        [replicating] = litestream()
        workers = [pid for pid in live_workers(process) if pid != replicating]
        os.kill(process.pid, signal.SIGHUP)
        assert until(lambda: not any(running(pid) for pid in workers))
        assert until(lambda: len(live_workers(process)) == 3)
        assert litestream() == [replicating]
        status, made = call(port, "POST", "/api/games", {"players": list("ABCD")})
        assert status == 201, made
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0
    finally:
        stopped(process, workers)
    said = log.read_text()
    # Said once, by the server as it stopped; never by a worker replaced.
    assert said.count("Stopped.") == 1, said
    assert said.count("Replicating every save") == 1
