"""`scorekeeper serve --workers 2` straight on the network, without a proxy, against one
stranger's slow clients (issue 66): the real command on its real port and a real SQLite
file.

gunicorn's gthread workers read each request on the thread that answers it: 24 idle
connections, 40 sending a header line a second or 16 sending a body a byte a second held
every thread of both workers, and a phone's next request waited until it timed out. The
workers now serve on waitress, which reads a request whole before a thread takes it.

How soon the probes are answered is measured by ``benchmarks/slow_clients.py``; here a
generous bound (``PATIENCE``, a thousand times the answers' usual few milliseconds) only
tells an answer from none.
"""

from __future__ import annotations

import pytest

from tests.support.serve_workers import free_port, start_workers
from tests.support.slow_clients import attack, probe

PATIENCE = 5.0  # seconds a probe waits for /healthz
PROBES = 4


@pytest.fixture(scope="module")
def workers(tmp_path_factory):
    """``serve --workers 2`` without --proxy: its port."""
    port = free_port()
    process, _pids = start_workers(tmp_path_factory.mktemp("slow"), port)
    try:
        assert probe(port, PATIENCE) is not None
        yield port
    finally:
        process.terminate()
        output = process.communicate(timeout=60)[0]
        assert "Traceback" not in output, output


@pytest.mark.parametrize(("kind", "count"), [("idle", 24), ("headers", 40), ("body", 16)])
def test_a_stranger_sending_slowly_leaves_every_phone_answered(workers, kind, count):
    with attack(workers, kind, count) as stranger:
        assert len(stranger.sockets) == count  # every one was accepted
        answers = [probe(workers, PATIENCE) for _ in range(PROBES)]
    assert None not in answers, f"{answers.count(None)} of {PROBES} probes unanswered"
