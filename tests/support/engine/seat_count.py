"""Helpers of tests/engine/test_seat_count.py."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.engine import GAMES

ROOT = Path(__file__).resolve().parents[3] / "scorekeeper"


FOUR = re.compile(r"^\s*SEATS\s*(?::[^=]*)?=\s*4\b", re.M)


CORE_SEATS = re.compile(
    r"from\s+[.\w]*core\.seats\s+import\s+\(?[^)\n]*\bSEATS\b|core\.seats\.SEATS\b"
    r"|from\s+\.seats\s+import\s+\(?[^)\n]*\bSEATS\b"
)


def four_seat_packages() -> set[Path]:
    """The folders of the games played by four."""
    found = set()
    for game in GAMES.values():
        if game.seats == 4:
            module = type(game).__module__.split(".")
            found.add(ROOT.joinpath(*module[1:-1]))
    return found


def offenders(root: Path, allowed: set[Path]) -> list[str]:
    """The modules under ``root`` that declare four seats outside ``allowed`` packages,
    or import a seat count from core anywhere."""
    found = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        inside = any(package in path.parents for package in allowed)
        if (FOUR.search(source) and not inside) or CORE_SEATS.search(source):
            found.append(str(path.relative_to(root.parent)))
    return found
