"""Helpers of tests/db/test_connection.py: where the app opens a database, the settings a
connection was opened with, and the app's callers that open one, each run on a file."""

from __future__ import annotations

import ast
import importlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from scorekeeper import database_check, db
from scorekeeper.cli.server import first_start
from scorekeeper.db import backup, connection, sealing
from tests.support.backup import V4

PACKAGE = Path(__file__).parents[3] / "scorekeeper"


def _opens(call: ast.Call) -> bool:
    """True for ``sqlite3.connect(...)`` and sqlite-utils' ``Database(...)``: a call that
    opens a database."""
    function = call.func
    if isinstance(function, ast.Attribute):
        return (function.attr == "connect" and ast.unparse(function.value) == "sqlite3") or (
            function.attr == "Database"
        )
    return isinstance(function, ast.Name) and function.id == "Database"


def openers(package: Path = PACKAGE) -> list[str]:
    """Every function of ``package`` (``path:function``) that opens a database itself."""
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            inner = [node for node in ast.walk(function) if node is not function]
            nested = {
                id(node)
                for each in inner
                if isinstance(each, ast.FunctionDef | ast.AsyncFunctionDef)
                for node in ast.walk(each)
            }
            if any(
                isinstance(node, ast.Call) and _opens(node) and id(node) not in nested
                for node in inner
            ):
                found.append(f"{path.relative_to(package.parent).as_posix()}:{function.name}")
    return sorted(found)


def settings(conn: sqlite3.Connection) -> dict[str, int]:
    """The per-connection settings every connection of the app is opened with."""
    return {
        "foreign_keys": conn.execute("PRAGMA foreign_keys").fetchone()[0],
        "busy_timeout": conn.execute("PRAGMA busy_timeout").fetchone()[0],
    }


class Watched(sqlite3.Connection):
    """A connection that notes its settings as it is closed (after its opener set them)."""

    seen: dict[str, int] | None = None
    location: str = ""

    def close(self) -> None:
        if self.seen is None:
            self.seen = settings(self)
        super().close()


def watching(monkeypatch) -> list[Watched]:
    """Every connection ``sqlite3.connect`` opens from now on, watched; in a list that
    keeps them, so none is closed unseen by the garbage collector."""
    opened: list[Watched] = []
    real = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real(*args, factory=Watched, **kwargs)
        conn.location = str(args[0] if args else kwargs["database"])
        opened.append(conn)
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)
    return opened


def read_only(conn: Watched) -> bool:
    """True when SQLite was told to open the file for reading only."""
    return conn.location.startswith("file:") and conn.location.endswith("?mode=ro")


def seen(opened: list[Watched]) -> list[dict[str, int]]:
    """The settings of each watched connection: as it was closed, or now if still open."""
    return [conn.seen if conn.seen is not None else settings(conn) for conn in opened]


def _stored(tmp_path: Path) -> Path:
    path = tmp_path / "scorekeeper.db"
    shutil.copyfile(V4, path)
    return path


def _first_start(tmp_path: Path) -> None:
    assert first_start(str(_stored(tmp_path))) is True  # v4 has migrations pending


def _secrets_examined(tmp_path: Path) -> None:
    assert sealing.examine(_stored(tmp_path)).sealed == {}


def _backup(tmp_path: Path) -> None:
    backup.copy_database(_stored(tmp_path), tmp_path / "copy.db")


def _restore(tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    shutil.copyfile(V4, copy)
    backup.restore_database(copy, tmp_path / "restored.db")


def _check(tmp_path: Path) -> None:
    database_check._schema_after.cache_clear()  # so it opens its databases in memory again
    assert database_check.check_database(_stored(tmp_path)).pending


def _upgrade(tmp_path: Path) -> None:
    db.migrate(str(_stored(tmp_path))).close()


def _final_schema(tmp_path: Path) -> None:
    schema = importlib.import_module("scorekeeper.db.migrations")
    schema._FINAL.clear()  # so it is worked out again, on a database in memory
    assert schema._final_schema()[0]


CALLERS: dict[str, Callable[[Path], None]] = {
    "serve's first start": _first_start,
    "secrets examined": _secrets_examined,
    "backup": _backup,
    "restore": _restore,
    "check": _check,
    "upgrade": _upgrade,
    "the migrations' schema": _final_schema,
}
"""The app's callers that open a database, each run on a copy of an old file."""

EVERY_CONNECTION = {"foreign_keys": 1, "busy_timeout": int(connection.BUSY_SECONDS * 1000)}
"""The settings every connection of the app has."""
