"""The engine imports neither Flask, Babel nor SQLite: it is the single source of every rule.

Its core imports no game, and the app reaches a game only through the registry.
"""

import subprocess
import sys

from tests.support.engine.engine_purity import (
    ENGINE,
    GAME_PACKAGES,
    game_packages_imported,
    imported_roots,
)

FORBIDDEN = {
    "flask",
    "flask_wtf",
    "flask_babel",
    "babel",
    "werkzeug",
    "sqlite3",
    "sqlite_utils",
    "jinja2",
    "waitress",
}


def test_no_engine_module_imports_flask_or_sqlite():
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) >= 20
    for module in modules:
        assert not imported_roots(module) & FORBIDDEN, module.name


def test_importing_the_engine_loads_neither_at_run_time():
    code = (
        "import sys, scorekeeper.engine; "
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}); "
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


APP = ENGINE.parent


def test_there_is_a_game_package_to_check():
    assert "israeli_whist" in GAME_PACKAGES


def test_the_core_imports_no_game():
    for module in sorted((ENGINE / "core").rglob("*.py")):
        assert not game_packages_imported(module), module.name


def test_the_app_reaches_games_only_through_the_registry():
    reaching = {
        path.name
        for path in sorted(APP.rglob("*.py"))
        if ENGINE not in path.parents and game_packages_imported(path)
    }
    assert reaching == set(), sorted(reaching)
