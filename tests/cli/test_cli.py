"""The command line: its exact interface, errors as one line with status 2."""

import json

import pytest

from scorekeeper.cli import main
from tests.support.shared import run


@pytest.mark.parametrize(
    ("rules", "points"),
    [("pagat-german", [-20, 19, -10, -40]), ("elhanani", [-10, 9, -5, -20])],
)
def test_score_json_worked_example(capsys, rules, points):
    code, out, err = run(
        capsys, "score", "--rules", rules, "--contracts", "2,3,7,0", "--tricks", "0,3,8,2", "--json"
    )
    assert code == 0 and err == ""
    assert json.loads(out) == {"points": points, "over_under": "under", "contracts_total": 12}


def test_score_with_knobs_and_revokes(capsys):
    code, out, _ = run(
        capsys,
        "score",
        "--rules", "pagat-german",
        "--set", "miss_step=5",
        "--set", "revoke_penalty=50",
        "--contracts", "2,3,7,0",
        "--tricks", "0,3,8,2",
        "--revokes", "0,0,1,0",
        "--json",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["points"] == [-10, 19, -55, -40]


def test_score_table_output(capsys):
    code, out, _ = run(
        capsys, "score", "--rules", "pagat-german", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"
    )
    assert code == 0
    assert "+19" in out and "-40" in out
    assert "contracts total 12: under" in out


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--contracts", "2,3,7,0", "--tricks", "0,3,8,1"], "--tricks"),
        (["--contracts", "2,4,7,0", "--tricks", "0,3,8,2"], "--contracts"),
        (["--contracts", "2,3,7", "--tricks", "0,3,8,2"], "--contracts"),
        (["--contracts", "x,3,7,0", "--tricks", "0,3,8,2"], "--contracts"),
        (["--contracts", "2,3,7,0", "--tricks", "0,3,8,2", "--revokes", "0,-1,0,0"], "--revokes"),
        (["--rules", "bridge", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"], "--rules"),
        (["--set", "miss_step", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"], "--set"),
        (["--set", "frisch_rounds=9", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"], "--set"),
        (["--set", "nonsense=1", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"], "--set"),
        (["--tricks", "0,3,8,2"], "--contracts"),
        (["--contracts=--1,3,7,0", "--tricks", "0,3,8,2"], "--contracts"),
        (["--contracts", "²,3,7,0", "--tricks", "0,3,8,2"], "--contracts"),
        (["--contracts", "2,3,7,0", "--tricks", "0,3,٨,2"], "--tricks"),
        (["--contracts", "2,3,7,0", "--tricks", "0,3,8," + "2" * 5000], "--tricks"),
        (["--contracts", "2,3,7,0", "--tricks", "0,3,8,2", "--revokes", "0,0,0,14"], "--revokes"),
        (["--set", "miss_step=٣", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"], "--set"),
        (["--set", "target=" + "1" * 5000, "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"],
         "--set"),
    ],
)  # fmt: skip
def test_score_bad_input_exits_2_with_one_line(capsys, args, field):
    code, out, err = run(capsys, "score", *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert field in err
    assert "Traceback" not in err


def test_rules_shows_all_presets_side_by_side(capsys):
    code, out, _ = run(capsys, "rules")
    assert code == 0
    header = out.splitlines()[0].split()
    assert header == ["setting", "standard", "pagat-german", "elhanani"]
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}
    assert rows["opener"] == ["left", "dealer", "dealer"]
    assert rows["exact_bonus"] == ["10", "10", "0"]
    assert rows["all_fail_void"] == ["no", "no", "yes"]


def test_rules_of_one_preset(capsys):
    code, out, _ = run(capsys, "rules", "elhanani")
    assert code == 0
    assert any(line.split()[:2] == ["miss_step", "5"] for line in out.splitlines())
    code, _, err = run(capsys, "rules", "whist")
    assert code == 2 and "PRESET" in err


def test_every_command_has_help_text():
    for name, command in main.commands.items():
        assert command.help and command.help.strip(), name
        for param in command.params:
            if param.param_type_name == "option":
                assert param.help, f"{name} {param.name}"


def test_unknown_command_is_one_line(capsys):
    code, _, err = run(capsys, "deal")
    assert code == 2 and err.count("\n") == 1
