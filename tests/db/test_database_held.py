"""A write waits at most the database's wait from its own arrival, then 503 with
Retry-After; reads never wait behind writes (issue 77). On a real ``scorekeeper serve``
process, the database held by another process (BEGIN IMMEDIATE): four renamings of a game
asked 0.4 s apart each answer 503 with Retry-After within the wait of their own sending (not
one queued behind the others' waits), and a game read meanwhile is answered before the
first of them is. Before: 503 after 10.6 s, then 20 s for each of the others, and the
read no answer in 8 s, every server thread held by a waiting write."""

from __future__ import annotations

import time

from scorekeeper.db import connection
from tests.support.db.database_held import Sent, held_by_another_process
from tests.support.serve_start import answering_or_ended, start, stopped
from tests.support.serve_workers import call, free_port

GAME = {"game": "israeli-whist", "players": ["Ann", "Bob", "Cat", "Dov"], "first_dealer": 0}
# What a loaded machine adds to a write's wait: its answer made and sent.
MARGIN = 2.5


def test_held_database_each_write_waits_from_its_arrival_and_a_read_is_answered(tmp_path):
    port, database = free_port(), tmp_path / "held.db"
    server = start(port, database)
    try:
        assert answering_or_ended(server, port)
        status, made = call(port, "POST", "/api/games", GAME)
        assert status == 201
        order: list[Sent] = []
        game, key = f"/api/games/{made['id']}", made["edit_key"]
        writes = [Sent("PATCH", game, {"name": f"Evening {n}"}, key) for n in range(4)]
        read = Sent("GET", game, key=key)
        with held_by_another_process(database):
            threads = []
            for write in writes:
                threads.append(write.send(port, order))
                time.sleep(0.4)
            threads.append(read.send(port, order))
            for thread in threads:
                thread.join(timeout=connection.BUSY_SECONDS * 3)
        assert [w.status for w in writes] == [503] * 4, [(w.status, w.seconds) for w in writes]
        assert all(w.retry_after for w in writes)
        slowest = max(w.seconds for w in writes)
        assert slowest < connection.BUSY_SECONDS + MARGIN, [w.seconds for w in writes]
        assert read.status == 200
        assert order.index(read) < order.index(writes[0])  # answered while the writes waited
        assert call(port, "PATCH", game, {"name": "Evening"}, key)[0] == 200  # once let go
    finally:
        output, errors = stopped(server)
    assert "Traceback" not in output + errors
