"""Several server processes on one database file (issue 12, "How far one server goes").

Two separate OS processes, each with its own connection to the same real SQLite file in
WAL mode, race to record hand N of one game, round after round: exactly one save is
stored each time, and the other process is told, with a Conflict, that the hand is
already recorded. Nothing in this process's memory (such as its writers' lock) can help:
only locks on the file (SQLite's, and the writer lock file the processes queue on) and
the game's version column stand between them.
"""

from __future__ import annotations

import multiprocessing
import sqlite3

from scorekeeper import db
from scorekeeper.engine.israeli_whist import record_from_dict
from tests.support.app import game_in_new_group
from tests.support.cli.processes import HANDS, PAGAT, ROUNDS, holder, migrator, racer

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_two_processes_racing_for_hand_n_store_exactly_one(tmp_path):
    path = str(tmp_path / "shared.db")
    database = db.migrate(path)
    try:
        assert database.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        game_id, _key = game_in_new_group(
            database,
            NAMES,
            "pagat-german",
            PAGAT,
            0,
        )
    finally:
        database.close()

    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(2), context.Queue()
    processes = [
        context.Process(target=racer, args=(path, game_id, which, barrier, results))
        for which in (0, 1)
    ]
    for process in processes:
        process.start()
    told = dict(results.get(timeout=120) for _ in processes)
    for process in processes:
        process.join(30)
        assert process.exitcode == 0
    results.close()
    results.join_thread()

    winners = []
    for number in range(1, ROUNDS + 1):
        answers = [told[which][number - 1] for which in (0, 1)]
        assert sorted(a[1] for a in answers) == ["conflict", "stored"], answers
        stored = next(a for a in answers if a[1] == "stored")
        lost = next(a for a in answers if a[1] == "conflict")
        assert stored[2] == number
        assert lost[2:] == (f"hand {number} is already recorded", "number")
        winners.append(next(w for w in (0, 1) if told[w][number - 1][1] == "stored"))

    conn = sqlite3.connect(path)
    try:
        hands = conn.execute(
            "SELECT number, record FROM hands WHERE game_id = ? ORDER BY number", [game_id]
        ).fetchall()
        revisions = conn.execute(
            "SELECT count(*) FROM hand_revisions WHERE game_id = ?", [game_id]
        ).fetchone()[0]
        hand_count = conn.execute(
            "SELECT hand_count FROM games WHERE id = ?", [game_id]
        ).fetchone()[0]
    finally:
        conn.close()
    assert [n for n, _ in hands] == list(range(1, ROUNDS + 1))
    assert hand_count == ROUNDS and revisions == ROUNDS
    # Each hand stored is the one its winner sent.
    database = db.connect(path)
    try:
        stored_hands = db.load_hands(database, game_id)
        assert [h.record for h in stored_hands] == [
            record_from_dict(PAGAT, HANDS[w]) for w in winners
        ]
        # And the totals stored as hands went on equal a replay of them.
        from tests.support.incremental_save import check_against_replay

        check_against_replay(database, game_id)
    finally:
        database.close()


def test_a_write_holds_the_writer_lock_that_other_processes_queue_on(tmp_path):
    """Writers of other processes queue on ``<file>-writer`` (a flock that wakes them the
    moment the write ends) rather than sleep in SQLite's busy handler: while one process
    writes, the lock is taken; once it is done, it is free."""
    import fcntl

    path = str(tmp_path / "shared.db")
    db.migrate(path).close()
    context = multiprocessing.get_context("spawn")
    inside, release = context.Event(), context.Event()
    writer = context.Process(target=holder, args=(path, inside, release))
    writer.start()
    lock = open(f"{path}-writer", "a+b")  # noqa: SIM115 - held across the steps below
    try:
        assert inside.wait(timeout=60)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pass
        else:
            raise AssertionError("the writing process does not hold the writer lock")
        release.set()
        writer.join(timeout=60)
        assert writer.exitcode == 0
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free once the write is done
    finally:
        release.set()
        lock.close()
        writer.join(timeout=60)


def test_processes_that_migrate_a_new_file_at_once_take_turns(tmp_path):
    """Two processes starting at once on a new file (issue 18, item 12): both used to
    read it, see every migration pending, and one then failed with "database is locked".
    Each must wait for the other's migrations instead, and find the file migrated once."""
    context = multiprocessing.get_context("spawn")
    every = sorted(m.name for m in db.migrations._migrations)
    for trial in range(4):
        path = str(tmp_path / f"new-{trial}.db")
        barrier, results = context.Barrier(2), context.Queue()
        processes = [
            context.Process(target=migrator, args=(path, barrier, results)) for _ in range(2)
        ]
        for process in processes:
            process.start()
        told = [results.get(timeout=120) for _ in processes]
        for process in processes:
            process.join(30)
        results.close()
        results.join_thread()
        assert told == [every, every], told
        conn = sqlite3.connect(path)
        try:
            applied = conn.execute("SELECT name FROM _sqlite_migrations").fetchall()
            journal = conn.execute("PRAGMA journal_mode").fetchone()[0]
        finally:
            conn.close()
        assert sorted(name for (name,) in applied) == every  # each applied exactly once
        assert journal == "wal"
