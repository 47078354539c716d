"""`scorekeeper simulate`: its exact interface, JSON lines, summary, and one-line errors."""

import functools
import hashlib
import json
import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.israeli_whist import preset, simulate_deals
from tests.support.cli.cli_simulate import run

PINNED_JSON = "2a80e497f360434a4d40a4185102a664e0a6a1e8d80a950cebe183af34a8777d"
"""The sha256 of ``--hands 40 --seed 12 --json`` (Israeli Whist, random bots); taken
again in issue 55 when a run came to seed its generator once per block of 64 deals, and
when the random bots came to draw a card as ``bits(30) % n`` and to follow suit with the
last card of the suit as held (``core.bots.dealt_order_card``): the same deals, other
cards played; and when Israeli Whist came to shuffle as ``rng.shuffle`` does
(``core.simulation.shuffled_pack``, not a sort on random keys): other deals; and when a
random bot came to draw its calls and contracts as ``bits(30) % n`` too, and Israeli Whist
to shuffle with that draw for each place, splitting the hands by suit as dealt
(``core.simulation.shuffled_hands``): other deals."""


def test_json_prints_one_object_per_deal(capsys):
    code, out, err = run(capsys, "--hands", "7", "--seed", "3", "--json")
    assert code == 0 and err == ""
    records = [json.loads(line) for line in out.splitlines()]
    # Exactly the engine's records (whose keys tests/engine/test_simulate.py pins), as JSON.
    assert records == [r.to_dict() for r in simulate_deals(preset("standard"), 7, seed=3)]
    assert [r["dealer"] for r in records] == [0, 1, 2, 3, 0, 1, 2]
    first = records[0]
    assert len(first["tricks"]) == 13 and sum(first["tricks_taken"]) == 13
    assert all(len(hand) == 13 for hand in first["deal"])


def test_a_seed_repeats_the_run_exactly(capsys):
    args = ("--hands", "20", "--seed", "99", "--bots", "heuristic", "--json")
    assert run(capsys, *args)[1] == run(capsys, *args)[1]
    assert run(capsys, *args)[1] != run(capsys, "--hands", "20", "--seed", "98", "--json")[1]


def test_rules_and_knobs_reach_the_deals(capsys):
    code, out, _ = run(
        capsys,
        "--hands", "30",
        "--seed", "1",
        "--rules", "pagat-german",
        "--set", "opener=left",
        "--set", "declarer_may_raise=yes",
        "--json",
    )  # fmt: skip
    assert code == 0
    for record in map(json.loads, out.splitlines()):
        assert record["auctions"][0][0]["seat"] == (record["dealer"] + 1) % 4
        if not record["thrown_in"]:
            assert record["contract_order"][0] == record["declarer"]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_summary(capsys, bots):
    code, out, err = run(capsys, "--hands", "400", "--seed", "5", "--bots", bots, "--jobs", "1")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("400 hands in ")
    assert "hands per second (rules standard, bots " + bots + ", 1 job, seed 5)" in lines[0]
    assert lines[1].startswith("deals: 400  played: ")
    assert lines[2].startswith("over: ") and "under: " in lines[2]
    assert "contracts made by speaking position:" in lines
    assert "contracts made by size:" in lines
    assert any(line.strip().startswith("last bidder") for line in lines)
    assert lines[-1].startswith("zero bids made: ")


def test_summary_without_a_seed_names_the_seed_it_drew(capsys):
    code, out, _ = run(capsys, "--hands", "5")
    assert code == 0
    seed = out.splitlines()[0].rsplit("seed ", 1)[1].rstrip(")")
    assert seed.isdigit()


SIMULATED = [(key, bots) for key, game in GAMES.items() for bots in game.simulation.bots]


@pytest.mark.parametrize(("game", "bots"), SIMULATED)
def test_the_same_seed_prints_the_same_deals_whatever_the_jobs(capsys, game, bots):
    args = ("--game", game, "--hands", "61", "--seed", "8", "--bots", bots)
    one = run(capsys, *args, "--json", "--jobs", "1")
    two = run(capsys, *args, "--json", "--jobs", "2")
    three = run(capsys, *args, "--json", "--jobs", "3")
    assert one[0] == two[0] == three[0] == 0
    assert len(one[1].splitlines()) == 61
    assert one[1] == two[1] == three[1]
    # The summary of the run, counted in one process or merged from the workers' shares.
    # Bid Whist's summary gives its own rate of deals per second: that may differ.
    untimed = functools.partial(re.sub, r"\([\d,]+ deals/s\)", "")
    summary_one = untimed(run(capsys, *args, "--jobs", "1")[1]).splitlines()
    summary_two = untimed(run(capsys, *args, "--jobs", "2")[1]).splitlines()
    assert "1 job, seed 8)" in summary_one[0] and "2 jobs, seed 8)" in summary_two[0]
    assert summary_one[1:] == summary_two[1:]
    assert summary_one[1].startswith("deals: 61")


def test_pinned_json_of_a_run_over_two_jobs(capsys):
    code, out, _ = run(capsys, "--hands", "40", "--seed", "12", "--json", "--jobs", "2")
    assert code == 0
    digest = hashlib.sha256(out.encode()).hexdigest()
    assert digest == PINNED_JSON


def test_jobs_default_to_every_core(capsys, monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    code, out, _ = run(capsys, "--hands", "30", "--seed", "1")
    assert code == 0
    assert "3 jobs, seed 1)" in out.splitlines()[0]
    code, out, _ = run(capsys, "--hands", "2", "--seed", "1")
    assert "2 jobs, seed 1)" in out.splitlines()[0]  # never more jobs than deals


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--hands", "0"], "--hands"),
        (["--hands", "many"], "--hands"),
        ([], "--hands"),
        (["--hands", "5", "--seed", "x"], "--seed"),
        (["--hands", "5", "--bots", "clever"], "--bots"),
        (["--hands", "5", "--rules", "bridge"], "--rules"),
        (["--hands", "5", "--set", "frisch_rounds=4"], "--set"),
        (["--hands", "5", "--set", "colour=red"], "--set"),
        (["--hands", "5", "--set", "opener"], "--set"),
        (["--hands", "5", "--jobs", "0"], "--jobs"),
        (["--hands", "5", "--jobs", "all"], "--jobs"),
    ],
)
def test_bad_input_is_one_line_naming_the_field(capsys, args, field):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert field in err
    assert "Traceback" not in err
