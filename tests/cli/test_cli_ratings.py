"""``scorekeeper ratings``: a group's ratings in one game kind, as a table or as the API's
JSON, and ``--rebuild``, which rates the finished games again from scratch; a bad
argument is refused in one line naming it, with status 2."""

from __future__ import annotations

import json

import pytest

from scorekeeper import db
from tests.support.cli.cli_ratings import api_rows, finished_sheet
from tests.support.shared import run


@pytest.fixture
def path(tmp_path):
    path = str(tmp_path / "games.db")
    database = db.migrate(path)
    group = db.create_group(database, "Thursday")[0]
    other = db.create_group(database, None)[0]
    finished_sheet(database, group.id, ["Noa", "Avi", "Dana", "Gil"], [130, 95, 95, 60])
    for _ in range(4):
        finished_sheet(database, group.id, ["Noa", "Avi"], [10, 3])
    finished_sheet(database, other.id, ["Zed", "Yael"], [1, 2])
    database.close()
    assert (group.id, other.id) == (1, 2)
    return path


def test_the_table_best_first(capsys, path):
    code, out, err = run(capsys, "ratings", "--group", "1", "--game", "any-game", "--db", path)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["#", "player", "rating", "mu", "sigma", "games"]
    names = [line.split()[1] for line in lines[2:]]
    assert names == [row["player"] for row in api_rows(path, 1, "any-game")]
    assert names[0] == "Noa" and len(names) == 4
    noa = lines[2].split()
    assert noa[5] == "5" and "provisional" not in lines[2]
    marked = {line.split()[1] for line in lines[2:] if line.endswith("provisional")}
    assert marked == {"Dana", "Gil"}


def test_json_is_the_apis_answer(capsys, path):
    code, out, _err = run(
        capsys, "ratings", "--group", "1", "--game", "any-game", "--json", "--db", path
    )
    assert code == 0
    assert json.loads(out) == {"game": "any-game", "ratings": api_rows(path, 1, "any-game")}


def test_a_kind_without_finished_games_says_so(capsys, path):
    code, out, _err = run(capsys, "ratings", "--group", "1", "--game", "spades", "--db", path)
    assert code == 0 and "No finished spades games in group 1" in out
    code, out, _err = run(
        capsys, "ratings", "--group", "1", "--game", "spades", "--json", "--db", path
    )
    assert json.loads(out) == {"game": "spades", "ratings": []}


def test_rebuild_rates_again_to_the_same_ratings(capsys, path):
    before = api_rows(path, 1, "any-game")
    code, out, err = run(capsys, "ratings", "--rebuild", "--db", path)
    assert code == 0 and err == "" and out.startswith("Rated 6 games again in ")
    code, out, _err = run(capsys, "ratings", "--rebuild", "--group", "2", "--db", path)
    assert code == 0 and out.startswith("Rated 1 game again in ")
    assert api_rows(path, 1, "any-game") == before


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--game", "any-game"], "--group"),
        (["--group", "1"], "--game"),
        (["--group", "1", "--game", "poker"], "--game"),
        (["--group", "9", "--game", "any-game"], "--group"),
        (["--group", "0", "--game", "any-game"], "--group"),
        (["--group", "x", "--game", "any-game"], "--group"),
        (["--rebuild", "--game", "any-game"], "--game"),
        (["--rebuild", "--json"], "--json"),
        (["--rebuild", "--group", "9"], "--group"),
    ],
)
def test_bad_arguments_are_refused_naming_them(capsys, path, args, field):
    code, out, err = run(capsys, "ratings", *args, "--db", path)
    assert code == 2 and out == ""
    assert err.startswith("scorekeeper: error:") and field in err
    assert len(err.strip().splitlines()) == 1


def test_a_missing_database_file_is_refused(capsys, tmp_path):
    code, _out, err = run(
        capsys, "ratings", "--group", "1", "--game", "any-game", "--db", str(tmp_path / "no.db")
    )
    assert code == 2 and "--db" in err
