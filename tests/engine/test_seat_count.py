"""No seat count outside the game that has it: a game declares its seats (``GameBase.seats``,
and a four-seat game may say ``SEATS = 4`` in its own package), and nothing else in the
application, core included, assumes a table of four (issue 55)."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.engine import GAMES

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper"

FOUR = re.compile(r"^\s*SEATS\s*(?::[^=]*)?=\s*4\b", re.M)
"""A module that says the table has four seats."""
CORE_SEATS = re.compile(
    r"from\s+[.\w]*core\.seats\s+import\s+\(?[^)\n]*\bSEATS\b|core\.seats\.SEATS\b"
    r"|from\s+\.seats\s+import\s+\(?[^)\n]*\bSEATS\b"
)
"""An import of a seat count from core (``core.seats.SEATS``)."""


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


def test_four_seat_games_are_found():
    names = {package.name for package in four_seat_packages()}
    assert {"israeli_whist", "bid_whist", "spades"} <= names


def test_no_seat_count_of_four_outside_a_four_seat_game():
    assert offenders(ROOT, four_seat_packages()) == []


def test_the_check_finds_a_four_outside_a_game(tmp_path):
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "deal.py").write_text("SEATS = 4\n")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "rules.py").write_text("SEATS = 4\n")
    (tmp_path / "names.py").write_text("from .engine.core.seats import SEATS\n")
    (tmp_path / "other.py").write_text("from ..core.seats import left_of, SEATS\n")
    found = offenders(tmp_path, {tmp_path / "game"})
    assert found == [
        f"{tmp_path.name}/core/deal.py",
        f"{tmp_path.name}/names.py",
        f"{tmp_path.name}/other.py",
    ]
