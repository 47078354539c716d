"""What the suite's set-up shares between tests (``tests/support/app.py``,
``tests/support/temp_in_memory.py``, ``tests/support/compiled_once.py``): each test still
gets its own app and its own SQLite file, and they work as a fresh one does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from werkzeug.routing.rules import Rule

from scorekeeper.web import i18n, responses
from scorekeeper.web.i18n import MissingCatalogue
from tests.support.app import new_app
from tests.support.live import PLAYWRIGHTS_DISABLED_FEATURES, SUITES_DISABLED_FEATURES
from tests.support.suite_setup import counted, every_url, started_browsers_switches
from tests.support.temp_in_memory import MEMORY, in_memory

ROOT = Path(__file__).resolve().parents[2]


def test_two_apps_build_every_url_alike_with_the_rules_builders_compiled_once(tmp_path):
    first, second = new_app(tmp_path / "a"), new_app(tmp_path / "b")
    built = every_url(first)
    assert built == every_url(second)
    assert "/games/1/hands/1/edit?extra=x+y" in built  # the arguments, and the query
    rules = {rule.rule: rule for rule in first.url_map.iter_rules()}
    for rule in second.url_map.iter_rules():
        own = rules[rule.rule]
        assert rule._build is not own._build  # each bound to its own app's rule
        assert rule._build.__func__ is own._build.__func__
        assert rule._build_unknown.__func__ is own._build_unknown.__func__


def test_a_second_app_parses_none_of_its_rules_again_and_matches_alike(tmp_path, monkeypatch):
    first = new_app(tmp_path / "a")
    parsed = counted(monkeypatch, Rule, "_parse_rule")
    second = new_app(tmp_path / "b")
    assert parsed == []
    paths = ["/games/1/hands/2/edit", "/join/abc", "/groups/3", "/static/app.css", "/api/games"]
    for path in paths:
        assert second.url_map.bind("localhost").match(path) == first.url_map.bind(
            "localhost"
        ).match(path)
    for rule in second.url_map.iter_rules():
        assert all(c.map is second.url_map for c in rule._converters.values()), rule
    assert every_url(second) == every_url(first)


def test_each_test_has_its_own_database_file(tmp_path):
    app = new_app(tmp_path)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "spades", "players": list("ABCD")})
    assert created.status_code == 201
    assert os.path.isfile(app.config["DATABASE"])
    assert os.path.dirname(app.config["DATABASE"]) == str(tmp_path)
    assert new_app(tmp_path / "other").test_client().get("/api/games/1").status_code == 404


def test_the_runs_files_are_in_memory_where_it_has_room(tmp_path):
    if in_memory():
        assert str(tmp_path).startswith(MEMORY + os.sep)
        assert tempfile.gettempdir() == MEMORY
    assert not in_memory(room=1 << 62)  # no machine has that much room
    assert not in_memory(str(tmp_path / "no such folder"))
    assert in_memory(str(tmp_path), room=1)


def test_a_new_app_parses_no_catalogue_again_until_one_changes(tmp_path, monkeypatch):
    folder = tmp_path / "translations"
    shutil.copytree(ROOT / "scorekeeper" / "translations", folder)
    parsed = counted(monkeypatch, i18n, "GNUTranslations")
    first = new_app(tmp_path / "a", BABEL_TRANSLATION_DIRECTORIES=str(folder))
    assert len(parsed) == 3  # he, de, fr: checked once
    second = new_app(tmp_path / "b", BABEL_TRANSLATION_DIRECTORIES=str(folder))
    assert len(parsed) == 3
    page = second.test_client().get("/", headers={"Accept-Language": "de"})
    assert first.test_client().get("/", headers={"Accept-Language": "de"}).data == page.data
    os.utime(folder / "de" / "LC_MESSAGES" / "messages.mo", (1, 1))  # older than its source
    with pytest.raises(MissingCatalogue, match="is older than messages.po"):
        new_app(tmp_path / "c", BABEL_TRANSLATION_DIRECTORIES=str(folder))


def test_a_new_app_reads_the_static_files_again_only_when_one_changed(tmp_path, monkeypatch):
    static = tmp_path / "static"
    static.mkdir()
    (static / "app.css").write_text("body { color: red }\n" * 100)
    packed = counted(monkeypatch, responses.gzip, "compress")
    first = responses._static_bodies(static)
    assert len(packed) == 1
    assert responses._static_bodies(static) == first
    assert len(packed) == 1
    (static / "app.css").write_text("body { color: blue }\n" * 100)
    changed = responses._static_bodies(static)["app.css"]
    assert len(packed) == 2 and changed.raw.startswith(b"body { color: blue }")
    for app in (new_app(tmp_path / "a"), new_app(tmp_path / "b")):
        css = app.test_client().get("/static/app.css", headers={"Accept-Encoding": "gzip"})
        assert css.status_code == 200 and css.headers["Content-Encoding"] == "gzip"
        assert css.data == app.extensions["scorekeeper.static"]["app.css"].gzipped


PROJECT_CONFTEST = """
import os, pathlib
from tests.support.compiled_once import pytest_sessionstart  # noqa: F401


def pytest_collection(session):
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:  # what a worker finds compiled before it imports the test modules
        here = pathlib.Path(__file__).parent
        found = sorted(path.name for path in here.glob("__pycache__/*.pyc"))
        here.joinpath(f"found-{worker}").write_text(" ".join(found))
"""


def test_a_parallel_runs_workers_find_every_module_compiled(tmp_path):
    """The run that starts the workers compiles the suite's modules first, once: the test
    modules rewritten as pytest caches them, the others as Python writes them."""
    (tmp_path / "conftest.py").write_text(PROJECT_CONFTEST)
    (tmp_path / "helper.py").write_text("TWO = 2\n")
    (tmp_path / "test_one.py").write_text(
        "from helper import TWO\n\ndef test_one():\n    assert TWO == 2\n"
    )
    (tmp_path / "test_two.py").write_text("def test_two():\n    assert 2 == 2\n")
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}"}
    env["PYTHONDONTWRITEBYTECODE"] = ""  # as ``make test`` runs
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider"]
        + ["--rootdir", str(tmp_path), str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    tag = sys.implementation.cache_tag
    for worker in ("gw0", "gw1"):
        found = (tmp_path / f"found-{worker}").read_text().split()
        assert f"helper.{tag}.pyc" in found, found
        for module in ("test_one", "test_two"):
            assert f"{module}.{tag}-pytest-{pytest.__version__}.pyc" in found, found


@pytest.mark.browser
def test_the_suites_chromium_reads_every_feature_playwright_turns_off_and_the_suites(browser):
    """Chromium reads only the last ``--disable-features`` it is given, and Playwright
    passes its own list before the suite's (``tests/support/live.py``): the last list must
    hold every feature of each list before it, and the suite's own. On a new Playwright
    that turns off one more feature, this names it."""
    started = started_browsers_switches()
    assert started, "no Chromium browser process found under this test process"
    for switches in started:
        lists = [
            set(switch.split("=", 1)[1].split(","))
            for switch in switches
            if switch.startswith("--disable-features=")
        ]
        assert len(lists) >= 2, switches  # Playwright's and the suite's
        read = lists[-1]
        assert set().union(*lists) - read == set()
        assert read == set(PLAYWRIGHTS_DISABLED_FEATURES) | set(SUITES_DISABLED_FEATURES)
