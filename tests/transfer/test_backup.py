"""`scorekeeper backup`, `check` and `restore` (issue 31), the copy taken before every
upgrade, and `GET /healthz`.

Real files throughout: each broken database is made here from a whole one, by the kind of
damage `check` must find. The backup under load runs the real `scorekeeper serve` and the
real `scorekeeper backup` in processes of their own while threads save hands over HTTP.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from scorekeeper import database_check, db
from scorekeeper.db import backup as backups
from scorekeeper.db import upgrade
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.backup import ENV, V4, hands_of, saving_tables, scorekeeper, write
from tests.support.serve_workers import free_port, wait_for
from tests.support.transfer.backup import dump


@pytest.fixture
def whole(tmp_path) -> Path:
    """A database of today's version holding games: the v4 fixture upgraded."""
    path = tmp_path / "whole.db"
    shutil.copyfile(V4, path)
    db.open_database(str(path)).close()
    return path


def test_check_passes_a_whole_database_and_counts_what_it_holds(whole):
    done = scorekeeper("check", "--db", str(whole))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{whole}: 1 group, 6 games, 32 hands" in done.stdout
    assert "ok: integrity, foreign keys, migrations; 6 games replayed" in done.stdout


def test_check_finds_a_truncated_file(whole, tmp_path):
    truncated = tmp_path / "truncated.db"
    data = whole.read_bytes()
    truncated.write_bytes(data[: len(data) // 2])
    done = scorekeeper("check", "--db", str(truncated))
    assert done.returncode == 1
    assert "problem: " in done.stdout
    assert "ok:" not in done.stdout
    assert "Traceback" not in done.stderr


def test_check_finds_a_hand_whose_stored_points_the_rules_do_not_give(whole):
    hand = "SELECT id FROM hands WHERE game_id = (SELECT min(id) FROM games) AND number = 2"
    write(whole, f"UPDATE hand_seats SET points = points + 5 WHERE seat = 1 AND hand_id = ({hand})")
    report = database_check.check_database(whole)
    game = sqlite3.connect(whole).execute("SELECT min(id) FROM games").fetchone()[0]
    assert not report.ok
    assert [p for p in report.problems if p.startswith(f"game {game}, hand 2, seat 1: stored")]
    done = scorekeeper("check", "--db", str(whole))
    assert done.returncode == 1
    assert f"problem: game {game}, hand 2, seat 1: stored points" in done.stdout


def test_check_finds_a_players_total_the_rules_do_not_give(whole):
    write(whole, "UPDATE players SET total = total + 1 WHERE game_id = (SELECT max(id) FROM games)")
    report = database_check.check_database(whole)
    assert any("players' totals stored" in problem for problem in report.problems)


def test_check_finds_a_missing_migration(whole):
    write(whole, "DELETE FROM _sqlite_migrations WHERE name = 'm014_game_hand_times'")
    done = scorekeeper("check", "--db", str(whole))
    assert done.returncode == 1
    assert "migrations not applied: m014_game_hand_times" in done.stdout


def test_check_finds_a_broken_foreign_key(whole):
    write(
        whole,
        "INSERT INTO hand_seats (hand_id, seat, points, total) VALUES (999999, 0, 1, 1)",
    )
    done = scorekeeper("check", "--db", str(whole))
    assert done.returncode == 1
    assert "problem: foreign key: row" in done.stdout
    assert "of hand_seats refers to a row of hands that is missing" in done.stdout


def test_check_of_a_missing_file_names_the_option(tmp_path):
    done = scorekeeper("check", "--db", str(tmp_path / "none.db"))
    assert done.returncode == 2
    assert "--db" in done.stderr
    assert not (tmp_path / "none.db").exists()


# --- backup and restore -------------------------------------------------------------------


def test_backup_copies_and_checks_and_never_overwrites(whole, tmp_path):
    copy = tmp_path / "copy.db"
    done = scorekeeper("backup", str(copy), "--db", str(whole))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Copied {whole} to {copy}." in done.stdout
    assert "ok: integrity" in done.stdout
    assert database_check.check_database(copy).ok
    # A folder gets a dated copy; an existing file is never overwritten.
    folder = tmp_path / "backups"
    folder.mkdir()
    assert scorekeeper("backup", str(folder), "--db", str(whole)).returncode == 0
    [dated] = folder.iterdir()
    assert dated.name.startswith("whole-backup-") and dated.suffix == ".db"
    before = copy.read_bytes()
    again = scorekeeper("backup", str(copy), "--db", str(whole))
    assert again.returncode == 2
    assert "already exists" in again.stderr
    assert copy.read_bytes() == before


def test_backup_of_a_broken_database_says_the_copy_fails_its_check(whole, tmp_path):
    write(whole, "UPDATE players SET total = total + 1")
    done = scorekeeper("backup", str(tmp_path / "copy.db"), "--db", str(whole))
    assert done.returncode == 1
    assert "does NOT pass the check" in done.stdout


def test_restore_refuses_a_live_database_without_force_and_keeps_the_one_it_replaces(
    whole, tmp_path
):
    copy = tmp_path / "copy.db"
    backups.copy_database(whole, copy)
    live = tmp_path / "live.db"
    db.open_database(str(live)).close()  # a database of its own, with no games
    refused = scorekeeper("restore", str(copy), "--db", str(live))
    assert refused.returncode == 2
    assert "--force" in refused.stderr
    assert hands_of(live) == set()

    done = scorekeeper("restore", str(copy), "--force", "--db", str(live))
    assert done.returncode == 0, done.stdout + done.stderr
    assert hands_of(live) == hands_of(whole)
    [kept] = tmp_path.glob("live-replaced-*.db")
    assert f"kept at {kept}" in done.stdout
    assert database_check.check_database(kept).ok and hands_of(kept) == set()
    assert database_check.check_database(live).ok


def test_restore_refuses_a_broken_copy_and_changes_nothing(whole, tmp_path):
    copy = tmp_path / "copy.db"
    backups.copy_database(whole, copy)
    write(copy, "UPDATE hand_seats SET total = total + 1")
    target = tmp_path / "target.db"
    backups.copy_database(whole, target)
    before = target.read_bytes()
    done = scorekeeper("restore", str(copy), "--force", "--db", str(target))
    assert done.returncode == 1
    assert "Not restored" in done.stdout
    assert target.read_bytes() == before
    assert not list(tmp_path.glob("target-replaced-*"))


def test_restore_sets_aside_the_log_of_a_database_that_is_gone(whole, tmp_path):
    """The file deleted and its WAL left behind: the old log must not be applied to the
    restored file."""
    lost = tmp_path / "lost.db"
    writer = sqlite3.connect(lost)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("CREATE TABLE other (x)")
    writer.executemany("INSERT INTO other VALUES (?)", [(n,) for n in range(2000)])
    writer.commit()
    stale = Path(f"{lost}-wal").read_bytes()
    writer.close()
    lost.unlink(missing_ok=True)
    Path(f"{lost}-wal").write_bytes(stale)
    done = scorekeeper("restore", str(whole), "--db", str(lost))
    assert done.returncode == 0, done.stdout + done.stderr
    assert database_check.check_database(lost).ok
    assert hands_of(lost) == hands_of(whole)
    assert list(tmp_path.glob("lost.db-wal.stale-*"))


def test_restore_refuses_the_database_itself(whole):
    done = scorekeeper("restore", str(whole), "--force", "--db", str(whole))
    assert done.returncode == 2
    assert "is the database itself" in done.stderr


def test_restore_into_a_new_place(whole, tmp_path):
    target = tmp_path / "new" / "scorekeeper.db"
    done = scorekeeper("restore", str(whole), "--db", str(target))
    assert done.returncode == 0, done.stderr
    assert hands_of(target) == hands_of(whole)


# --- a backup while phones save -----------------------------------------------------------


def test_a_backup_while_phones_save_holds_every_save_acknowledged_before_it(tmp_path):
    port = free_port()
    database = tmp_path / "live.db"
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
    )
    stop = threading.Event()
    try:
        wait_for(port, server)
        threads, acked, failures = saving_tables(port, 4, stop)
        deadline = time.monotonic() + 30  # a busy machine answers later
        while len(acked) < 20 and time.monotonic() < deadline and not failures:
            time.sleep(0.05)
        began = time.monotonic()
        copy = tmp_path / "copy.db"
        done = scorekeeper("backup", str(copy), "--db", str(database))
        time.sleep(0.3)  # the phones save on after the copy
        stop.set()
        for thread in threads:
            thread.join(30)
    finally:
        stop.set()
        server.terminate()
        server.communicate(timeout=30)
    assert not failures, failures
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok: integrity, foreign keys, migrations" in done.stdout
    before = {(game, number) for game, number, at in acked if at < began}
    after = {(game, number) for game, number, at in acked if at >= began}
    assert len(before) > 10 and after, (len(before), len(after))
    assert before <= hands_of(copy)
    # The server kept every save, those after the copy too.
    assert before | after <= hands_of(database)


# --- the copy before an upgrade -----------------------------------------------------------


def test_an_old_database_is_copied_before_it_is_upgraded_and_loses_nothing(tmp_path):
    old = tmp_path / "scorekeeper.db"
    shutil.copyfile(V4, old)
    before = dump(old)
    upgraded = db.open_database(str(old))
    upgraded.close()
    [copy] = tmp_path.glob("scorekeeper-before-upgrade-*.db")
    assert dump(copy) == before  # the old version, exactly
    assert "m014_game_hand_times" not in str(before)
    report = database_check.check_database(old)
    assert report.ok, report.lines()
    assert (report.games, report.hands) == (6, 32)
    assert hands_of(old) == hands_of(copy)
    # Opening it again upgrades nothing, so copies nothing.
    db.open_database(str(old)).close()
    assert len(list(tmp_path.glob("scorekeeper-before-upgrade-*.db"))) == 1


def test_a_new_database_is_not_copied(tmp_path):
    db.open_database(str(tmp_path / "new.db")).close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".db") == ["new.db"]


def test_no_migration_runs_when_the_copy_before_it_fails(tmp_path, monkeypatch):
    old = tmp_path / "scorekeeper.db"
    shutil.copyfile(V4, old)
    before = old.read_bytes()

    def failing(source, target):
        raise backups.BackupFailed(f"cannot copy {source} to {target}: disk full")

    monkeypatch.setattr(upgrade, "copy_database", failing)
    with pytest.raises(backups.BackupFailed, match="was not upgraded: a copy of it is taken"):
        db.open_database(str(old))
    assert old.read_bytes() == before
    assert database_check.check_database(old).pending


def test_serve_says_why_it_did_not_upgrade(tmp_path, monkeypatch):
    from scorekeeper.cli.server import ServeError, serve

    old = tmp_path / "scorekeeper.db"
    shutil.copyfile(V4, old)

    def failing(source, target):
        raise backups.BackupFailed(f"cannot copy {source} to {target}: disk full")

    monkeypatch.setattr(upgrade, "copy_database", failing)
    with pytest.raises(ServeError, match="was not upgraded: a copy of it is taken") as refused:
        serve("127.0.0.1", free_port(), str(old), threads=1, echo=print)
    assert refused.value.field == "--db"
    assert "disk full" in str(refused.value)
    assert database_check.check_database(old).pending


# --- /healthz -----------------------------------------------------------------------------


def test_healthz_answers_without_data_or_caching(tmp_path):
    app = create_app(app_config(tmp_path))
    client = app.test_client()
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    assert response.get_data(as_text=True) == "ok\n"
    assert "Set-Cookie" not in response.headers
    write(Path(app.config["DATABASE"]), "DELETE FROM _sqlite_migrations WHERE name LIKE 'm014%'")
    behind = client.get("/healthz")
    assert behind.status_code == 503
    assert behind.headers["Cache-Control"] == "private, no-store"


def test_healthz_is_503_when_the_database_does_not_answer(tmp_path):
    app = create_app(app_config(tmp_path))
    Path(app.config["DATABASE"]).unlink()
    Path(app.config["DATABASE"]).mkdir()  # no file, and none can be made
    with app.app_context():
        app.extensions["scorekeeper.idle_connections"][1].clear()
    assert app.test_client().get("/healthz").status_code == 503
