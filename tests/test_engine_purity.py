"""The engine imports neither Flask, Babel nor SQLite: it is the single source of every rule."""

import ast
import pathlib
import subprocess
import sys

ENGINE = pathlib.Path(__file__).resolve().parents[1] / "scorekeeper" / "engine"
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


def imported_roots(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_engine_module_imports_flask_or_sqlite():
    modules = sorted(ENGINE.glob("*.py"))
    assert len(modules) >= 6
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
