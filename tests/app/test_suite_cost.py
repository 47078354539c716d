"""benchmarks/suite_cost.py reads a --durations=0 run as the issue's budget needs it
(issue 46), and its weights order a parallel run (tests/support/scheduling.py's longest_first)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from tests.support.suite_cost import ROOT, workers_of

RUN = """\
============================= slowest durations ==============================
40.20s call     tests/games/test_app_conformance.py::test_every_page[doppelkopf-5]
2.50s setup    tests/games/test_app_conformance.py::test_every_page[doppelkopf-5]
19.87s call     tests/games/test_app_conformance.py::test_a_kept_game[he-oh-hell]
10.00s call     tests/web/offline/test_phone_engine.py::test_proof[spades]
4.00s call     tests/web/api/test_api.py::test_create_a_game@test_api
0.30s teardown tests/web/api/test_api.py::test_create_a_game

(605 durations < 0.005s hidden.  Use -vv to show these durations.)
================= 640 passed, 3 skipped in 2340.69s (0:39:00) =================
"""


@pytest.fixture(scope="module")
def cost():
    spec = importlib.util.spec_from_file_location(
        "suite_cost", ROOT / "benchmarks" / "suite_cost.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tests_phases_are_added_and_the_runs_wall_time_read(cost):
    seconds, wall = cost.read_durations(RUN.splitlines())
    assert seconds["tests/games/test_app_conformance.py::test_every_page[doppelkopf-5]"] == 42.7
    assert seconds["tests/web/api/test_api.py::test_create_a_game"] == pytest.approx(4.3)
    assert len(seconds) == 4
    assert wall == 2340.69


@pytest.mark.parametrize(
    ("node", "game"),
    [
        ("tests/a.py::test_every_page[doppelkopf-5]", "doppelkopf"),
        ("tests/a.py::test_a_kept_game[he-oh-hell]", "oh-hell"),
        ("tests/a.py::test_x[shared page-en-360-bid-whist]", "bid-whist"),
        ("tests/a.py::test_x[israeli-whist]", "israeli-whist"),
        ("tests/a.py::test_create_a_game", None),
        ("tests/a.py::test_x[whistle]", None),
    ],
)
def test_a_test_is_a_games_when_its_parameters_name_it(cost, node, game):
    assert cost.game_of(node, cost.game_keys()) == game


def test_longest_first_is_the_longest_workers_time(cost):
    assert cost.longest_first([3, 5, 3, 4, 3], 2) == 10  # 5 + 3 and 4 + 3 + 3
    assert cost.longest_first([10, 1, 1], 2) == 10
    assert cost.longest_first([1, 1, 1, 1], 4) == 1


def test_the_weights_keep_the_tests_of_a_second_and_more(cost, tmp_path):
    seconds, _ = cost.read_durations(RUN.splitlines())
    path = tmp_path / "durations.json"
    cost.write_weights({**seconds, "tests/b.py::test_quick": 0.4}, path)
    kept = json.loads(path.read_text())["seconds"]
    assert kept["tests/web/offline/test_phone_engine.py::test_proof[spades]"] == 10.0
    assert "tests/b.py::test_quick" not in kept


def test_the_report_names_each_file_and_the_games_share(cost, capsys):
    seconds, wall = cost.read_durations(RUN.splitlines())
    cost.report(seconds, wall, 2, 3)
    text = capsys.readouterr().out
    assert "tests/games/test_app_conformance.py" in text and "tests/web/api/test_api.py" in text
    games = len(cost.game_keys())
    share = (42.7 + 19.87 + 10.0) / games
    assert f"{share:9.1f} s  a game's share" in text
    assert f"{share / 2:9.1f} s  of wall time on 2 workers" in text


VERBOSE = """\
[gw0] [  1%] PASSED tests/games/test_app_conformance.py::test_every_page[doppelkopf-5]@conf-dk
[gw1] [  2%] PASSED tests/web/offline/test_phone_engine.py::test_proof[spades]@test_phone_engine
[gw0] [  3%] FAILED tests/web/api/test_api.py::test_create_a_game@test_api
[gw1] [  4%] PASSED tests/games/test_app_conformance.py::test_a_kept_game[he-oh-hell]
"""


def test_each_worker_is_given_its_tests_and_their_seconds(cost, capsys):
    seconds, _ = cost.read_durations(RUN.splitlines())
    ran = cost.read_workers(VERBOSE.splitlines())
    assert ran == {
        "gw0": [
            "tests/games/test_app_conformance.py::test_every_page[doppelkopf-5]",
            "tests/web/api/test_api.py::test_create_a_game",
        ],
        "gw1": [
            "tests/web/offline/test_phone_engine.py::test_proof[spades]",
            "tests/games/test_app_conformance.py::test_a_kept_game[he-oh-hell]",
        ],
    }
    assert cost.read_workers(RUN.splitlines()) == {}
    cost.report_workers(seconds, ran)
    lines = capsys.readouterr().out.strip().splitlines()[1:]
    assert lines[0].split() == [
        "47",
        "s",
        "gw0:",
        "2",
        "tests,",
        "last",
        "['tests/web/api/test_api.py',",
        "'tests/games/test_app_conformance.py']",
    ]
    assert lines[1].split()[:3] == ["30", "s", "gw1:"]


def test_merged_weights_keep_the_files_the_run_did_not_measure(cost, tmp_path):
    path = tmp_path / "durations.json"
    old = {"a.py::x": 9.0, "a.py::gone": 5.0, "b.py::y": 3.0}
    path.write_text(json.dumps({"seconds": old}))
    assert cost.merged({"a.py::x": 2.0, "a.py::new": 1.5}, path) == {
        "a.py::x": 2.0,
        "a.py::new": 1.5,
        "b.py::y": 3.0,
    }
    assert cost.merged({"a.py::x": 2.0}, tmp_path / "none.json") == {"a.py::x": 2.0}


class Item:
    """A collected test as ``longest_first`` reads it: its node id, group and kind."""

    def __init__(self, nodeid: str, group: str | None = None, browser: bool = False):
        self.nodeid = nodeid
        self.markers = {"browser": pytest.mark.browser.mark} if browser else {}
        if group:
            self.markers["xdist_group"] = pytest.mark.xdist_group(group).mark

    def get_closest_marker(self, name):
        return self.markers.get(name)


def test_a_parallel_run_starts_with_its_longest_group(monkeypatch, tmp_path):
    from tests.support import scheduling

    weights = tmp_path / "durations.json"
    weights.write_text(json.dumps({"seconds": {"t.py::a[long]": 40.0, "t.py::quick": 0.1}}))
    monkeypatch.setattr(scheduling, "DURATIONS", weights)
    items = [
        Item("t.py::quick"),
        Item("t.py::page", browser=True),  # unmeasured: a browser test's usual time
        Item("t.py::a[short]", group="a"),
        Item("t.py::b[one]", group="b"),
        Item("t.py::a[long]", group="a"),
        Item("t.py::b[two]", group="b"),
    ]
    ordered = [item.nodeid for item in scheduling.longest_first(items)]
    assert ordered == [
        "t.py::a[short]",  # group a: 40 s and more, its tests in their own order
        "t.py::a[long]",
        "t.py::page",  # a browser test's usual 3 s
        "t.py::b[one]",  # group b: two unmeasured tests, 0.15 s each
        "t.py::b[two]",
        "t.py::quick",
    ]


GROUPED = """
import os, pathlib, pytest

@pytest.mark.xdist_group("together")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    out = pathlib.Path(__file__).with_name(f"ran-{n}")
    out.write_text(os.environ["PYTEST_XDIST_WORKER"])

@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
"""


def test_a_groups_tests_run_on_one_worker(tmp_path):
    """``--dist loadgroup`` keeps an ``xdist_group``'s tests on one worker with this
    suite's hooks (pytest 9 no longer reads the group pytest-xdist 3.8 adds to a node id,
    and the groups were spread over the workers)."""
    workers = workers_of(tmp_path, GROUPED, "pytest_collection_modifyitems")
    assert len(workers) == 1, workers


SESSION_SHARED = """
import os, pathlib, pytest

@pytest.fixture(scope="session")
def loaded():
    return os.environ["PYTEST_XDIST_WORKER"]

@pytest.mark.parametrize("n", range(6))
def test_sharing(loaded, n):
    pathlib.Path(__file__).with_name(f"ran-{n}").write_text(loaded)

@pytest.mark.parametrize("n", range(6))
def test_free(n):
    pass
"""


def test_the_tests_of_a_modules_session_fixture_run_on_one_worker(tmp_path):
    """A session-scoped fixture a module defines (Pyodide loaded in a page: 19 s) is made
    once, on one worker, not once on each worker its tests were spread over."""
    hooks = "pytest_collection_modifyitems, pytest_itemcollected"
    workers = workers_of(tmp_path, SESSION_SHARED, hooks)
    assert len(workers) == 1, workers
