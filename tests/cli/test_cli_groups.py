"""The command line and groups (issue 21): ``scorekeeper groups`` lists each group's
invite link; ``export`` and ``import`` take ``--group``; ``serve`` prints the invite link
and QR code of a database's only group."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from scorekeeper import db
from scorekeeper.cli import main, server
from tests.support.cli.cli_groups import add_game
from tests.support.serve import served  # noqa: F401  (fixtures)
from tests.support.shared import run

V4_FIXTURE = Path(__file__).parents[1] / "fixtures" / "scorekeeper-v4.db"


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "games.db")


@pytest.fixture
def two_groups(path):
    """Group 1, "Our table" (no name of its own), with two games; group 2, "Thursday",
    with one game of other players."""
    database = db.migrate(path)
    table = db.create_group(database, None)[0]
    thursday = db.create_group(database, "Thursday")[0]
    games = {
        table.id: [
            add_game(database, table.id, ["Noa", "Avi", "Dana", "Gil"]),
            add_game(database, table.id, ["Noa", "Avi", "Dana", "Tal"]),
        ],
        thursday.id: [add_game(database, thursday.id, ["Zed", "Yael", "Xena", "Walt"])],
    }
    database.close()
    return table, thursday, games


def test_groups_lists_each_group_with_its_invite_link(capsys, path, two_groups):
    table, thursday, _games = two_groups
    code, out, err = run(capsys, "groups", "--db", path, "--url", "http://192.168.1.20:5000/")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["id", "name", "invite", "link"]
    assert lines[2].split("  ")[0] == "1" and "Our table" in lines[2]
    assert lines[2].endswith(f"http://192.168.1.20:5000/join/{table.invite}")
    assert "Thursday" in lines[3]
    assert lines[3].endswith(f"http://192.168.1.20:5000/join/{thursday.invite}")


def test_groups_links_default_to_this_machine(capsys, path, two_groups):
    table, _thursday, _games = two_groups
    code, out, _ = run(capsys, "groups", "--db", path)
    assert code == 0 and f"http://127.0.0.1:5000/join/{table.invite}" in out


def test_groups_of_an_empty_database_says_there_are_none(capsys, path):
    db.migrate(path).close()
    code, out, _ = run(capsys, "groups", "--db", path)
    assert code == 0 and out.startswith("No groups yet")


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_export_of_a_group_holds_its_games_only(capsys, path, two_groups, file_format):
    table, thursday, games = two_groups
    code, out, err = run(capsys, "export", "--db", path, "--group", "1", "--format", file_format)
    assert (code, err) == (0, "")
    if file_format == "json":
        assert [g["id"] for g in json.loads(out)["games"]] == games[table.id]
    else:
        rows = list(csv.DictReader(io.StringIO(out)))
        assert {int(row["game"]) for row in rows} == set(games[table.id])
    assert "Zed" not in out
    code, out, _ = run(capsys, "export", "--db", path, "--group", str(thursday.id))
    assert [g["id"] for g in json.loads(out)["games"]] == games[thursday.id]


@pytest.mark.parametrize(
    "args", [["--group", "9"], ["--group", "0"], ["--group", "1", "--game", "1"]]
)
def test_export_refuses_a_bad_group_naming_it(capsys, path, two_groups, args):
    code, out, err = run(capsys, "export", "--db", path, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "--group" in err


def test_import_into_a_group(capsys, path, two_groups, tmp_path):
    table, thursday, games = two_groups
    exported = tmp_path / "table.json"
    assert run(capsys, "export", "--db", path, "--group", "1", "-o", str(exported))[0] == 0
    code, out, err = run(capsys, "import", str(exported), "--db", path, "--group", "2")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Imported 2 games."
    assert "New group" not in out and "invite" not in out
    database = db.connect(path)
    try:
        stored = db.list_games(database, group_id=thursday.id)
        assert len(stored) == 3
        assert len(db.list_games(database, group_id=table.id)) == 2
        assert db.list_groups(database)[-1].id == thursday.id  # no new group
    finally:
        database.close()


def test_import_without_a_group_makes_a_new_one_and_prints_its_link(
    capsys, path, two_groups, tmp_path
):
    exported = tmp_path / "table.json"
    assert run(capsys, "export", "--db", path, "--group", "1", "-o", str(exported))[0] == 0
    code, out, err = run(
        capsys, "import", str(exported), "--db", path, "--url", "http://table.local:8000"
    )
    assert (code, err) == (0, "")
    database = db.connect(path)
    try:
        group = db.list_groups(database)[-1]
        assert group.id == 3 and group.name is None
        assert len(db.list_games(database, group_id=group.id)) == 2
    finally:
        database.close()
    assert out.splitlines()[-1] == (
        f"New group 3: invite link http://table.local:8000/join/{group.invite}"
    )


def test_import_into_an_unknown_group_imports_nothing(capsys, path, two_groups, tmp_path):
    exported = tmp_path / "table.json"
    assert run(capsys, "export", "--db", path, "--group", "1", "-o", str(exported))[0] == 0
    code, out, err = run(capsys, "import", str(exported), "--db", path, "--group", "7")
    assert code == 2 and out == "" and "--group" in err
    database = db.connect(path)
    try:
        assert db.count_games(database)[0] == 3
    finally:
        database.close()


# --- serve --------------------------------------------------------------------------------


def test_serve_prints_the_only_group_s_invite_link_and_qr_code_on_its_upgrade_only(
    runner,
    served,  # noqa: F811
    monkeypatch,
    tmp_path,
):
    """The start that upgrades a database from before groups (its games now in one
    group) shows the phones at home how to join; later starts do not print the invite,
    so that no service journal holds a working one (issue 29, finding 9)."""
    path = str(tmp_path / "one.db")
    shutil.copy(V4_FIXTURE, path)
    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--db", path])
    assert result.exit_code == 0, result.output
    database = db.connect(path)
    try:
        (group,) = db.list_groups(database)
    finally:
        database.close()
    link = f"http://192.168.1.20:5000/join/{group.invite}"
    assert f"Phones join your group with this link: {link}" in result.output
    assert server.terminal_qr(link) in result.output
    # Next to the LAN address and its own code.
    assert result.output.index("Other phones on this network") < result.output.index(link)
    for _ in range(2):
        again = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--db", path])
        assert again.exit_code == 0, again.output
        assert group.invite not in again.output and "/join/" not in again.output
        assert "The group's invite link: scorekeeper groups" in again.output
    listed = runner.invoke(main, ["groups", "--db", path, "--url", "http://192.168.1.20:5000"])
    assert link in listed.output


def test_serve_of_a_group_made_before_this_start_prints_no_invite(
    runner,
    served,  # noqa: F811
    tmp_path,
):
    path = str(tmp_path / "one.db")
    database = db.migrate(path)
    group = db.create_group(database, None)[0]
    database.close()
    result = runner.invoke(main, ["serve", "--db", path])
    assert result.exit_code == 0, result.output
    assert group.invite not in result.output


def test_groups_new_key_replaces_the_group_s_key_at_once(runner, tmp_path):
    path = str(tmp_path / "k.db")
    database = db.migrate(path)
    group, old = db.create_group(database, None)
    database.close()
    result = runner.invoke(main, ["groups", "--db", path, "--new-key", str(group.id)])
    assert result.exit_code == 0, result.output
    new = result.output.rsplit(": ", 1)[1].strip()
    database = db.connect(path)
    try:
        stored = db.load_group(database, group.id)
    finally:
        database.close()
    assert db.group_key_matches(stored, new) and not db.group_key_matches(stored, old)
    missing = runner.invoke(main, ["groups", "--db", path, "--new-key", "99"])
    assert (
        missing.exit_code != 0 and "--new-key" in missing.output and "no group 99" in missing.output
    )


@pytest.mark.parametrize("groups", [0, 2])
def test_serve_prints_no_invite_unless_there_is_exactly_one_group(
    runner,
    served,  # noqa: F811
    tmp_path,
    groups,
):
    path = str(tmp_path / "g.db")
    database = db.migrate(path)
    for _ in range(groups):
        db.create_group(database, None)
    database.close()
    result = runner.invoke(main, ["serve", "--db", path])
    assert result.exit_code == 0, result.output
    assert "join" not in result.output


def test_a_real_server_prints_the_invite_on_its_upgrade_start_only(tmp_path):
    """Finding 9 over real processes: `scorekeeper serve` on a database from before groups
    prints its one group's invite link as it upgrades it; restarted, it prints none, and
    the invite link still works (shown by `scorekeeper groups`)."""
    import http.client

    from tests.support.serve_start import answering_or_ended, start, stopped
    from tests.support.serve_workers import free_port

    path = tmp_path / "old.db"
    shutil.copy(V4_FIXTURE, path)
    outputs = []
    for _ in range(2):
        port = free_port()
        process = start(port, path)
        try:
            assert answering_or_ended(process, port)
            database = db.connect(str(path))
            try:
                (group,) = db.list_groups(database)
            finally:
                database.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                connection.request("GET", f"/join/{group.invite}")
                assert connection.getresponse().status == 200
            finally:
                connection.close()
        finally:
            outputs.append(stopped(process)[0])
    assert f"/join/{group.invite}" in outputs[0]
    assert group.invite not in outputs[1] and "/join/" not in outputs[1]
    assert "scorekeeper groups" in outputs[1]
