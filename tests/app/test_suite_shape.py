"""The suite's own shape (issue 55): tests by area over a support library. No test module
imports another (what two tests share lives in ``tests/support/``), ``conftest.py`` holds
fixtures only (the hooks that schedule a run are the plugin ``tests/support/scheduling.py``),
the factories take a game (no game is the default), and every registered game has its
folder ``tests/games/<key>/`` with its rules tables and worked examples."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scorekeeper.engine import GAMES
from tests.support.suite_shape import imported_modules

TESTS = Path(__file__).resolve().parents[1]


def test_no_module_of_the_suite_imports_a_test_module():
    python = [path for path in TESTS.rglob("*.py") if "fixtures" not in path.parts]
    assert len(python) > 100
    found = [
        f"{path.relative_to(TESTS)} imports {name}"
        for path in python
        for name in imported_modules(ast.parse(path.read_text(encoding="utf-8")))
        if name.rsplit(".", 1)[-1].startswith("test_")
    ]
    assert found == []


def test_the_check_finds_an_import_of_a_test_module():
    """The check above would see each way of importing a test module."""
    for source in (
        "from tests.browser.test_browser import api",
        "from .test_browser import api",
        "from tests.browser import test_browser",
        "import tests.browser.test_browser",
        "def f():\n    from tests.web.games.test_pages import text_of\n",
    ):
        assert any(
            name.rsplit(".", 1)[-1].startswith("test_")
            for name in imported_modules(ast.parse(source))
        ), source


def test_conftest_holds_fixtures_only():
    tree = ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8"))
    others = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            if not any("fixture" in ast.unparse(decorator) for decorator in node.decorator_list):
                others.append(node.name)
        elif isinstance(node, ast.ClassDef | ast.AsyncFunctionDef):
            others.append(node.name)
        elif isinstance(node, ast.Assign):
            targets = [ast.unparse(target) for target in node.targets]
            if targets != ["pytest_plugins"]:
                others += targets
    assert others == []


def test_a_test_module_holds_tests_and_fixtures_only():
    """What a test module's tests share with no other module still lives in
    ``tests/support/<its folders>/<topic>.py``: a test module holds its tests, its
    fixtures and pytest's hooks, never a helper function (issue 67)."""
    modules = sorted(TESTS.rglob("test_*.py"))
    assert len(modules) > 200
    helpers = [
        f"{path.relative_to(TESTS)}: {node.name}"
        for path in modules
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not node.name.startswith(("test_", "pytest_"))
        and not any("fixture" in ast.unparse(d) for d in node.decorator_list)
    ]
    assert helpers == []


VIEWS = re.compile(r"^@\w+\.(route|get|post|put|delete|patch)\(", re.M)
"""A route registered in a module: the mark of a view module."""


def test_every_view_module_has_a_test_module_of_its_name():
    """The tests of a view are where a newcomer looks for them: for each module of
    ``scorekeeper/web/<area>/`` that registers routes, ``tests/web/<area>/test_<module>.py``
    (issue 67)."""
    web = TESTS.parent / "scorekeeper" / "web"
    views = sorted(p for p in web.glob("*/*.py") if VIEWS.search(p.read_text(encoding="utf-8")))
    assert {p.parent.name for p in views} == {"api", "club", "games", "groups", "offline", "review"}
    missing = [
        f"{p.parent.name}/{p.name}"
        for p in views
        if not (TESTS / "web" / p.parent.name / f"test_{p.name}").is_file()
    ]
    assert missing == []


def test_the_game_factories_take_a_game(make_game):
    with pytest.raises(TypeError):
        make_game()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_registered_game_has_its_folder_of_rules_tables(key):
    folder = TESTS / "games" / key.replace("-", "_")
    assert (folder / "test_rules.py").is_file(), folder


def test_modules_of_one_name_in_two_folders_are_two_groups():
    """Each game's folder has its ``test_rules.py``: a module's tests that share its
    fixture go to one worker as a group of their own, not with every module of that name."""
    from types import SimpleNamespace

    from tests.support.scheduling import pytest_itemcollected, share_groups

    def item(module: str):
        marks = []
        nodeid = module.replace(".", "/") + ".py"
        fixture = SimpleNamespace(scope="module", baseid=nodeid, argname="server")
        return SimpleNamespace(
            stash=pytest.Stash(),
            module=SimpleNamespace(__name__=module),
            _fixtureinfo=SimpleNamespace(name2fixturedefs={"server": [fixture]}),
            getparent=lambda kind: SimpleNamespace(nodeid=nodeid),
            get_closest_marker=lambda name: marks[0] if marks else None,
            add_marker=lambda mark: marks.append(mark.mark),
            marks=marks,
        )

    made = [item("tests.games.skat.test_rules"), item("tests.games.euchre.test_rules")]
    for each in made:
        pytest_itemcollected(each)
    share_groups(made)
    groups = [each.marks[0].args[0] for each in made]
    assert groups == ["games.skat.test_rules", "games.euchre.test_rules"]
