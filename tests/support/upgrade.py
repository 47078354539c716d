"""Helpers of tests/db/test_upgrade.py, which other tests use too."""

from __future__ import annotations

import shutil
from pathlib import Path

from scorekeeper import db as storage

FIXTURES = Path(__file__).parents[1] / "fixtures"


def contains(old, new, where: str = "$") -> list[str]:
    """Every place where ``new`` loses or changes a value ``old`` holds (dict keys may be
    added; lists must keep their length and order)."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [f"{where}: was an object, now {new!r}"]
        found = []
        for key, value in old.items():
            if key not in new:
                found.append(f"{where}.{key}: missing")
            else:
                found.extend(contains(value, new[key], f"{where}.{key}"))
        return found
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return [f"{where}: was {old!r}, now {new!r}"]
        return [
            p
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            for p in contains(a, b, f"{where}[{i}]")
        ]
    return [] if old == new and type(old) is type(new) else [f"{where}: was {old!r}, now {new!r}"]


def migrated_copy(source: Path, path: Path) -> Path:
    """A copy of the old file ``source`` at ``path``, opened (and so migrated) by today's
    code."""
    shutil.copyfile(source, path)
    storage.migrate(str(path)).close()
    return path


V4_DB = FIXTURES / "scorekeeper-v4.db"


V4_KEYS = FIXTURES / "scorekeeper-v4-keys.json"
