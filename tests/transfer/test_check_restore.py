"""`scorekeeper check` compares everything the pages read from what is stored with the
engine's replay, and `restore` takes only a scorekeeper database with its tables (issue
42, findings 11 and 4).

Databases written by the app's own write path for every registered game (hands added,
an early hand replaced so that every later one is rewritten, the last deleted, figures
and statistics kept), then altered behind its back as a tampered or damaged copy would
be, and the real command line run on them.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import database_check, db
from scorekeeper.db import backup as backups
from scorekeeper.engine.registry import GAMES
from tests.support.backup import V4, scorekeeper, write
from tests.support.transfer.check_restore import (
    altered_state,
    another_apps,
    empty_sqlite,
    newer,
    old_without,
    played,
    without,
    without_column,
)


@pytest.fixture(scope="module")
def every_game(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("every") / "every.db"
    return path, played(path)


@pytest.fixture
def copy(every_game, tmp_path) -> tuple[Path, dict[str, int]]:
    path, ids = every_game
    copied = tmp_path / "copy.db"
    backups.copy_database(path, copied)
    return copied, ids


def test_every_game_written_by_the_app_passes_check(copy):
    path, ids = copy
    report = database_check.check_database(path)
    assert report.problems == [] and report.ok
    assert report.replayed == len(ids) == len(GAMES)
    with sqlite3.connect(path) as reading:
        kept = reading.execute("SELECT count(*) FROM game_figures").fetchone()[0]
        stats = reading.execute("SELECT count(*) FROM game_stats").fetchone()[0]
    assert kept == stats == len(GAMES)  # what the pages read is there to be checked


@pytest.mark.parametrize(
    ("alter", "said"),
    [
        (
            lambda path, game: write(
                path,
                f"UPDATE hands SET dealer = (dealer + 1) % 4 WHERE game_id = {game} AND number = 2",
            ),
            "hand 2: stored dealer",
        ),
        (lambda path, game: altered_state(path, game, 2, "totals"), "hand 2: stored state totals"),
        (lambda path, game: altered_state(path, game, 3, "dealer"), "hand 3: stored state dealer"),
        # No flat column of a hand is checked since issue 55: Israeli Whist's own columns
        # (contracts_total, each seat's tricks...) are no longer written, the old hands
        # keeping what they held beside a record that holds every value.
        (
            lambda path, game: write(path, f"UPDATE games SET winner = 2 WHERE id = {game}"),
            "stored winner 2",
        ),
        (
            lambda path, game: write(
                path,
                "UPDATE game_figures SET figures = replace(figures, '\"Ann\"', '\"Ben\"') "
                f"WHERE game_id = {game}",
            ),
            "the figures kept for its players (game_figures)",
        ),
    ],
    ids=["dealer", "state-totals", "state-dealer", "winner", "figures"],
)
def test_check_names_the_first_stored_figure_that_differs_from_the_replay(copy, alter, said):
    """Over the real command line: the copy altered fails, with the game, the hand and
    what differs; the same copy before the change passed."""
    path, ids = copy
    game = ids["israeli-whist"]
    alter(path, game)
    done = scorekeeper("check", "--db", str(path))
    assert done.returncode == 1, done.stdout
    problems = [line for line in done.stdout.splitlines() if line.startswith("problem: ")]
    assert problems[0].startswith(f"problem: game {game}"), done.stdout
    assert said in problems[0], done.stdout
    assert "ok:" not in done.stdout


# --- restore refuses what is not a scorekeeper database ------------------------------------


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda path: path.write_bytes(b""), "it has no tables (an empty file)"),
        (empty_sqlite, "it has no tables (an empty file)"),
        (another_apps, "it records none of scorekeeper's migrations"),
        (without("hand_seats"), "its hand_seats table is missing"),
        (without("groups"), "its groups table is missing"),
        (without_column, "its hands table has no state column"),
        (old_without("hands"), "its hands table is missing"),
        (newer, "migrations this version does not know (m999_from_the_future)"),
    ],
    ids=[
        "zero-bytes",
        "empty-sqlite",
        "another-app",
        "no-hand-seats",
        "no-groups",
        "no-column",
        "old-no-hands",
        "newer",
    ],
)
def test_restore_refuses_a_copy_that_is_not_a_scorekeeper_database(tmp_path, make, said):
    live = tmp_path / "live.db"
    shutil.copyfile(V4, live)
    db.open_database(str(live)).close()
    before = live.read_bytes()
    copy = tmp_path / "copy.db"
    make(copy)
    done = scorekeeper("restore", str(copy), "--force", "--db", str(live))
    assert done.returncode == 1, done.stdout + done.stderr
    [why] = [line for line in done.stdout.splitlines() if line.startswith("Not restored")]
    assert said in why and str(live) in why and "unchanged" in why
    assert live.read_bytes() == before
    assert not list(tmp_path.glob("live-replaced-*"))
    # Into a place that holds nothing yet, nothing is made either.
    fresh = tmp_path / "fresh" / "new.db"
    done = scorekeeper("restore", str(copy), "--db", str(fresh))
    assert done.returncode == 1 and not fresh.exists()


def test_restore_still_takes_an_earlier_versions_copy(tmp_path):
    live = tmp_path / "restored.db"
    done = scorekeeper("restore", str(V4), "--db", str(live))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The copy is from an older version" in done.stdout
