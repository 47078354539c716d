"""Export and import: CSV rows, the JSON round trip, and files refused whole."""

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import db, game_play, transfer
from scorekeeper.engine.israeli_whist import PRESETS, preset
from tests.games.israeli_whist.worked import WORKED_EXAMPLE, WORKED_POINTS
from tests.support.app import game_in_new_group
from tests.support.plain_form import in_plain_form
from tests.support.shared import PAGAT, dump, run
from tests.support.transfer.transfer import changed, record

FIXTURES = Path(__file__).parents[1] / "fixtures"

THROWN_IN = {"thrown_in": True, "frisch_rounds": 0}
# Hand 3 of tests/games/israeli_whist/test_stats.py: S declares 5S; points S +35, W +26,
# N +50, E -10.
HAND_3 = {"declarer": 0, "bid": "5S", "contracts": [5, 4, 0, 3], "tricks": [5, 4, 0, 4]}


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "games.db")


@pytest.fixture
def database(path):
    database = db.migrate(path)
    yield database
    database.close()


@pytest.fixture
def games(database):
    """Game 1: the worked example, a thrown-in deal, an edit and a deletion, named and
    noted. Game 2: finished on its first hand (target 15)."""
    first, _ = game_in_new_group(
        database,
        ["South", "West", "North", "East"],
        "pagat-german",
        PAGAT,
        0,
    )
    game_play.add_hand(database, first, record(WORKED_EXAMPLE))
    game_play.add_hand(database, first, record(THROWN_IN))
    game_play.add_hand(database, first, record(HAND_3))
    game_play.replace_hand(database, first, 3, record({**HAND_3, "tricks": [5, 4, 1, 3]}))
    game_play.add_hand(database, first, record(WORKED_EXAMPLE))
    game_play.delete_last_hand(database, first, 4)
    db.set_game_details(database, first, "Friday = cards", "At Noa's.\nShe brought the cards.")
    second, _ = game_in_new_group(
        database,
        ["Ann", "Bob", "Cy", "Dee"],
        "pagat-german",
        PAGAT.with_changes({"target": 15}),
        1,
    )
    game_play.add_hand(database, second, record(WORKED_EXAMPLE))
    return first, second


# Israeli Whist's CSV columns as spreadsheets have been built on them: never to change.
ISRAELI_WHIST_CSV = (
    "game,game_name,started,hand,dealer,declarer,bid,frisch_rounds,thrown_in,over_under,"
    "seat,player,contract,tricks,revokes,points,total,contract_points,revoke_penalty"
)


def test_csv_has_one_row_per_player_per_hand(database, games):
    rows = list(csv.DictReader(io.StringIO(transfer.export_csv(database))))
    assert ",".join(rows[0]) == ISRAELI_WHIST_CSV
    assert len(rows) == 4 * 3 + 4 * 1
    first = [r for r in rows if r["game"] == str(games[0]) and r["hand"] == "1"]
    assert [int(r["points"]) for r in first] == WORKED_POINTS
    assert {r["declarer"] for r in first} == {"North"} and first[0]["bid"] == "7C"
    assert [r["player"] for r in first] == ["South", "West", "North", "East"]
    thrown = [r for r in rows if r["game"] == str(games[0]) and r["hand"] == "2"]
    assert {r["thrown_in"] for r in thrown} == {"1"} and {r["contract"] for r in thrown} == {""}
    assert [int(r["total"]) for r in thrown] == WORKED_POINTS
    # A name that a spreadsheet would take for a formula is quoted.
    assert first[0]["game_name"] == "Friday = cards"


def test_csv_quotes_cells_a_spreadsheet_would_run(database):
    game_id, _ = game_in_new_group(
        database,
        ["=1+1", "@x", "+y", "-z"],
        "pagat-german",
        PAGAT,
        0,
    )
    game_play.add_hand(database, game_id, record(WORKED_EXAMPLE))
    rows = list(csv.DictReader(io.StringIO(transfer.export_csv(database, game_id))))
    assert [r["player"] for r in rows] == ["'=1+1", "'@x", "'+y", "'-z"]


def test_json_holds_settings_hands_and_revisions(database, games):
    document = json.loads(transfer.export_json(database, games[0]))
    assert document["format"] == "scorekeeper" and document["version"] == 2
    assert document["games"][0]["game"] == "israeli-whist"
    (game,) = document["games"]
    assert game["name"] == "Friday = cards" and game["notes"].endswith("the cards.")
    assert game["settings"] == PAGAT.to_dict()
    assert [h["number"] for h in game["hands"]] == [1, 2, 3]
    assert game["hands"][0]["points"] == WORKED_POINTS
    assert game["hands"][2]["revision"] == 2
    assert [(r["number"], r["action"]) for r in game["revisions"]] == [
        (1, "recorded"),
        (2, "recorded"),
        (3, "recorded"),
        (3, "edited"),
        (4, "recorded"),
        (4, "deleted"),
    ]


def test_round_trip_into_an_empty_database_gives_the_same_file(database, games, tmp_path):
    exported = transfer.export_json(database)
    other = db.migrate(str(tmp_path / "other.db"))
    imported = transfer.import_file(other, exported)
    assert [(file_id, stored) for file_id, stored, _ in imported] == [(1, 1), (2, 2)]
    assert transfer.export_json(other) == exported
    assert transfer.export_csv(other) == transfer.export_csv(database)
    # The imported games work as any other: a new key edits them, and they score on.
    game = db.load_game(other, 1)
    assert db.key_matches(game, imported[0][2]) and game.status == "in_progress"
    number, _, _ = game_play.add_hand(other, 1, record(WORKED_EXAMPLE))
    assert number == 4
    other.close()


def test_importing_over_a_taken_id_renumbers_that_game(database, games):
    exported = transfer.export_json(database, games[1])
    imported = transfer.import_file(database, exported)
    assert imported[0][:2] == (games[1], 3)
    assert db.load_game(database, 3).players == ("Ann", "Bob", "Cy", "Dee")


@pytest.mark.parametrize(
    ("path_and_value", "where", "field"),
    [
        (("games", 1, "hands", 0, "tricks", [0, 3, 8, 1]), "game 2, hand 1", "tricks"),
        (("games", 1, "hands", 0, "contracts", [2, 4, 7, 0]), "game 2, hand 1", "contracts"),
        (("games", 1, "hands", 0, "bid", "4C"), "game 2, hand 1", "bid"),
        (("games", 1, "hands", 0, "declarer", 7), "game 2, hand 1", "declarer"),
        (("games", 1, "hands", 0, "points", [0, 0, 0, 0]), "game 2, hand 1", "points"),
        (("games", 1, "hands", 0, "number", 5), "game 2, hand 1", "number"),
        (("games", 1, "hands", 0, "created_at", "yesterday"), "game 2, hand 1", "created_at"),
        (("games", 1, "hands", 0, "created_at", "2024-05-01T20:00:00"), "game 2, hand 1",
         "created_at"),
        (("games", 1, "hands", 0, "updated_at", "2024-05-01"), "game 2, hand 1", "updated_at"),
        (("games", 1, "hands", 0, "created_at", "0001-01-01T00:00:00+01:00"), "game 2, hand 1",
         "created_at"),
        (("games", 1, "created_at", 20240501), "game 2", "created_at"),
        (("games", 1, "revisions", 0, "created_at", ["2024"]), "game 2, revision 1",
         "created_at"),
        (("games", 1, "hands", 0, "declarer", "--0"), "game 2, hand 1", "declarer"),
        (("games", 1, "hands", 0, "frisch_rounds", "--1"), "game 2, hand 1", "frisch_rounds"),
        (("games", 1, "hands", 0, "contracts", ["²", 3, 7, 0]), "game 2, hand 1", "contracts[0]"),
        (("games", 1, "hands", 0, "revokes", [1_000_000, 0, 0, 0]), "game 2, hand 1",
         "revokes[0]"),
        (("games", 1, "hands", 0, "revision", "٢"), "game 2, hand 1", "revision"),
        (("games", 1, "hands", 0, "number", "--1"), "game 2, hand 1", "number"),
        (("games", 1, "first_dealer", 1.0), "game 2", "first_dealer"),
        (("games", 1, "hands", 1, {**WORKED_EXAMPLE}), "game 2", "hands"),
        (("games", 1, "winner", 0), "game 2", "winner"),
        (("games", 1, "players", ["Ann", "ann", "Cy", "Dee"]), "game 2", "players[1]"),
        (("games", 1, "settings", "miss_step", 5000), "game 2", "settings.miss_step"),
        (("games", 1, "rules", "bridge"), "game 2", "rules"),
        (("games", 1, "first_dealer", 4), "game 2", "first_dealer"),
        (("games", 1, "name", "x" * 81), "game 2", "name"),
        (("games", 1, "id", 1), "game 1", "id"),
        (("games", 1, "revisions", 0, "action", "burnt"), "game 2, revision 1", "action"),
        (("games", 1, "revisions", 0, "hand", "tricks", [13, 0, 0, 1]), "game 2, revision 1",
         "tricks"),
        (("format", "something"), "file", "format"),
        (("version", 3), "file", "version"),
        (("version", "2"), "file", "version"),
        (("version", True), "file", "version"),
        (("games", 1, "game", "no-such-game"), "game 2", "game"),
        (("games", 1, "game", None), "game 2", "game"),
        (("games", {}), "file", "games"),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_whole_naming_game_hand_and_field(
    database, games, tmp_path, path_and_value, where, field
):
    document = json.loads(transfer.export_json(database))
    target = db.migrate(str(tmp_path / "target.db"))
    game_in_new_group(
        target,
        ["A", "B", "C", "D"],
        "standard",
        PRESETS["standard"],
        0,
    )
    before = dump(target)
    with pytest.raises(transfer.ImportProblem) as caught:
        transfer.import_file(target, json.dumps(changed(document, *path_and_value)))
    assert (caught.value.where, caught.value.field) == (where, field)
    assert str(caught.value).startswith(f"{where}: {field}: ")
    assert dump(target) == before
    target.close()


@pytest.mark.parametrize(
    ("text", "field", "says"),
    [
        ("[" * 5000, "json", "nested more than 32 levels deep"),
        ('{"format": "scorekeeper", "games": ' + "[" * 100 + "]" * 100 + "}", "json", "nested"),
        ('{"format": "scorekeeper", "version": ' + "1" * 5000 + "}", "json",
         "version has more than 18 digits"),
        ('{"games": [{"hands": [{"revokes": [0, 0, 0, -' + "1" * 5000 + "]}]}]}", "json",
         "games[0].hands[0].revokes[3] has more than 18 digits"),
    ],
)  # fmt: skip
def test_a_file_too_deep_or_with_a_number_too_long_is_refused(database, text, field, says):
    with pytest.raises(transfer.ImportProblem) as caught:
        transfer.import_file(database, text)
    assert (caught.value.where, caught.value.field) == ("file", field)
    assert says in caught.value.message
    assert database["games"].count == 0


def test_times_with_an_offset_are_stored_as_utc(database, games, tmp_path):
    document = json.loads(transfer.export_json(database, games[1]))
    (game,) = document["games"]
    game["created_at"] = "2024-05-01T23:30:00+02:00"
    game["hands"][0]["created_at"] = "2024-05-02T01:15:00.5+02:00"
    game["hands"][0]["updated_at"] = "2024-05-01T23:16:00Z"
    target = db.migrate(str(tmp_path / "target.db"))
    transfer.import_file(target, json.dumps(document))
    (again,) = json.loads(transfer.export_json(target))["games"]
    assert again["created_at"] == "2024-05-01T21:30:00+00:00"
    assert again["hands"][0]["created_at"] == "2024-05-01T23:15:00.500000+00:00"
    assert again["hands"][0]["updated_at"] == "2024-05-01T23:16:00+00:00"
    target.close()


@pytest.mark.parametrize("text", [b"", b"{", b"\xff\xfe", b"[]", b'{"format": "scorekeeper"}'])
def test_a_file_that_is_not_an_export_is_refused(database, text):
    with pytest.raises(transfer.ImportProblem) as caught:
        transfer.import_file(database, text)
    assert caught.value.where == "file"


def test_a_failure_while_storing_stores_nothing(database, games, tmp_path, monkeypatch):
    exported = transfer.export_json(database)
    target = db.migrate(str(tmp_path / "target.db"))
    real = db.bulk._insert_game
    calls = []

    def fail_on_second(*args):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("disk full")
        return real(*args)

    monkeypatch.setattr(db.bulk, "_insert_game", fail_on_second)
    with pytest.raises(RuntimeError):
        transfer.import_file(target, exported)
    assert target["games"].count == 0 and target["hands"].count == 0
    target.close()


# --- command line -------------------------------------------------------------------------


def test_cli_round_trip(capsys, database, games, path, tmp_path):
    out_file = tmp_path / "all.json"
    code, out, err = run(capsys, "export", "--db", path, "-o", str(out_file))
    assert (code, out, err) == (0, "", "")
    target = str(tmp_path / "new.db")
    code, out, err = run(capsys, "import", str(out_file), "--db", target)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "Imported 2 games."
    assert out.splitlines()[1].startswith("game 1: edit key ")
    code, again, _ = run(capsys, "export", "--db", target)
    assert code == 0 and again == out_file.read_text(encoding="utf-8")


def test_cli_exports_one_game_as_csv(capsys, database, games, path):
    code, out, _ = run(capsys, "export", "--db", path, "--game", str(games[1]), "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 4 and {r["game"] for r in rows} == {str(games[1])}


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["export", "--game", "99"], "--game"),
        (["export", "--game", "0"], "--game"),
        (["export", "--format", "xml"], "--format"),
        (["export", "--db", "/nonexistent/x.db"], "--db"),
        (["import", "/nonexistent/file.json"], "FILE"),
    ],
)
def test_cli_errors_are_one_line_naming_the_field(capsys, database, games, path, args, field):
    extra = [] if "--db" in args else ["--db", path]
    code, out, err = run(capsys, *args, *extra)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and field in err
    assert "Traceback" not in err


def test_cli_refuses_a_bad_file_and_imports_nothing(capsys, database, games, path, tmp_path):
    document = json.loads(transfer.export_json(database))
    document["games"][0]["hands"][2]["tricks"] = [5, 4, 1, 4]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    target = str(tmp_path / "target.db")
    code, out, err = run(capsys, "import", str(bad), "--db", target)
    assert code == 2 and out == ""
    assert err.startswith("scorekeeper: error: ") and len(err.strip().splitlines()) == 1
    assert "game 1, hand 3: tricks: tricks must add up to 13, not 14" in err
    assert "nothing was imported" in err
    check = db.connect(target)
    assert check["games"].count == 0
    check.close()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[" * 5000, "file: json: lists and objects nested more than 32 levels deep"),
        ('{"format": "scorekeeper", "version": 1, "games": [{"id": ' + "7" * 5000 + "}]}",
         "file: json: games[0].id has more than 18 digits"),
        (None, "game 1, hand 1: declarer: declarer must be a seat from 0 to 3, not '--0'"),
    ],
)  # fmt: skip
def test_cli_refuses_a_file_too_deep_or_odd_in_one_line(
    capsys, database, games, path, tmp_path, text, says
):
    if text is None:
        document = json.loads(transfer.export_json(database))
        document["games"][0]["hands"][0]["declarer"] = "--0"
        text = json.dumps(document)
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "import", str(bad), "--db", str(tmp_path / "target.db"))
    assert code == 2 and out == ""
    assert err == f"scorekeeper: error: {bad}: {says}; nothing was imported\n"


# --- what an import leaves behind must never break a page -------------------------------


def test_a_hand_time_without_offset_is_refused_and_history_stays_up(app, client, make_game):
    """The issue's poisoned import: one hand's time without an offset beside one with."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    for _ in range(2):
        client.post(
            f"/api/games/{game_id}/hands",
            json=WORKED_EXAMPLE,
            headers={"Authorization": f"Bearer {key}"},
        )
    database = db.connect(app.config["DATABASE"])
    document = json.loads(transfer.export_json(database))
    document["games"][0]["hands"][0]["created_at"] = "2024-05-01T20:00:00"
    document["games"][0]["hands"][1]["created_at"] = "2024-05-01T21:00:00+00:00"
    with pytest.raises(transfer.ImportProblem) as caught:
        transfer.import_file(database, json.dumps(document))
    assert (caught.value.where, caught.value.field) == (f"game {game_id}, hand 1", "created_at")
    assert "no UTC offset" in caught.value.message
    database.close()
    assert client.get("/history", follow_redirects=True).status_code == 200


@pytest.mark.parametrize("stored", ["2024-05-01T20:00:00", "not a time", ""])
def test_odd_times_already_stored_do_not_break_history(app, client, make_game, post_hand, stored):
    """Written by another tool, or by an import before times were checked."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, WORKED_EXAMPLE)
    database = db.connect(app.config["DATABASE"])
    with database.conn:
        database.execute(
            "UPDATE hands SET created_at = ? WHERE number = 1 AND game_id = ?", [stored, game_id]
        )
    database.close()
    response = client.get("/history", follow_redirects=True)
    assert response.status_code == 200
    assert f"/games/{game_id}" in response.get_data(as_text=True)


NEW_KNOB_DEFAULTS = {
    knob: value
    for knob, value in preset("standard").to_dict().items()
    if knob
    not in json.loads((FIXTURES / "scorekeeper-v1-export.json").read_text())["games"][0]["settings"]
}


def test_a_version_1_file_imports_as_israeli_whist(tmp_path):
    """A file exported before games had a key: every game in it is Israeli Whist, and
    exporting it again gives the same values with ``game`` added."""
    old = json.loads((FIXTURES / "scorekeeper-v1-export.json").read_text(encoding="utf-8"))
    assert old["version"] == 1 and "game" not in old["games"][0]
    target = db.migrate(str(tmp_path / "target.db"))
    try:
        transfer.import_file(target, json.dumps(old))
        new = json.loads(transfer.export_json(target))
    finally:
        target.close()
    assert new["version"] == 2
    assert [g["game"] for g in new["games"]] == ["israeli-whist"] * len(old["games"])
    for game, before in zip(new["games"], old["games"], strict=True):
        del game["game"]
        # Knobs added since (issue 11) are written too, each at the value that scores as
        # the file did; every knob the file had keeps its value.
        added = {k: v for k, v in game["settings"].items() if k not in before["settings"]}
        assert all(game["settings"][k] == v for k, v in before["settings"].items())
        assert added == {k: NEW_KNOB_DEFAULTS[k] for k in added}
        game["settings"] = before["settings"]
    assert new["games"] == in_plain_form(old["games"])


def test_a_version_2_file_with_an_unknown_game_is_refused_naming_the_game(database, games):
    document = json.loads(transfer.export_json(database))
    document["games"][0]["game"] = "chess"
    with pytest.raises(transfer.ImportProblem) as caught:
        transfer.read_file(json.dumps(document))
    assert (caught.value.where, caught.value.field) == ("game 1", "game")
    assert "'chess' is not a game here" in caught.value.message


# The command line's import and export, in a fresh interpreter: what they load and write.
CLI_PROBE = """
import json, sys
import scorekeeper.web
from scorekeeper.cli import entry
from scorekeeper.engine.israeli_whist import preset

def no_secret(instance):
    raise AssertionError(f"a secret key was made in {instance}")

scorekeeper.web._instance_secret = no_secret
codes = [entry(args) for args in json.loads(sys.argv[1])]
loaded = sorted(m for m in ("flask_wtf", "wtforms", "scorekeeper.web.games") if m in sys.modules)
print(json.dumps({"codes": codes, "loaded": loaded}))
"""


def test_cli_import_and_export_build_no_web_app(tmp_path):
    source = tmp_path / "v1.json"
    source.write_text(
        (FIXTURES / "scorekeeper-v1-export.json").read_text(encoding="utf-8"), encoding="utf-8"
    )
    target = tmp_path / "fresh" / "games.db"
    target.parent.mkdir()
    runs = [
        ["import", str(source), "--db", str(target)],
        ["export", "--db", str(target), "-o", str(tmp_path / "out.json")],
        ["export", "--db", str(target), "--format", "csv", "-o", str(tmp_path / "out.csv")],
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    done = subprocess.run(
        [sys.executable, "-c", CLI_PROBE, json.dumps(runs)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report == {"codes": [0, 0, 0], "loaded": []}
    exported = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert len(exported["games"]) == 4 and exported["version"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fresh", "out.csv", "out.json", "v1.json"]
