"""Helpers of tests/app/test_docs.py."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tracked() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in names if (ROOT / name).is_file()]


def text_of(path: Path) -> str | None:
    try:
        return path.read_text()
    except (UnicodeDecodeError, OSError):
        return None


def markdown() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


ARCHITECTURE = ROOT / "docs" / "architecture.md"
EVERY_MODULE = "## Every module"
"""The heading of docs/architecture.md's list of every module, the last section."""

LISTED = re.compile(r"^- `(scorekeeper/[\w/]*)`(?::(.*))?$")
NUMBER = (
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|"
    r"twenty[\w-]*|thirty[\w-]*|forty[\w-]*)"
)
COUNTED = r"(?:modules?|games?|packages?)"
COUNT = re.compile(
    rf"\b{NUMBER}\b(?:[^\w.]+\w+){{0,3}}?[^\w.]+{COUNTED}\b"
    rf"|\b{COUNTED}\b(?:[^\w.]+\w+){{0,4}}?[^\w.]+{NUMBER}\b",
    re.IGNORECASE,
)
"""A count of modules, games or packages written as a number, on either side of its noun
within a few words of one clause ("19 modules", "11 of the 15 games", "a module per job,
the seventeen")."""


def listed_modules(text: str) -> set[str]:
    """The folders (``scorekeeper/db/``) and modules (``scorekeeper/db/games``) that the
    list under ``EVERY_MODULE`` names: an item a folder, its modules in backquotes on its
    line and the indented lines that follow."""
    section = text.split(EVERY_MODULE, 1)[1]
    found: set[str] = set()
    folder = None
    for line in section.splitlines():
        item = LISTED.match(line)
        if item:
            folder = item[1]
            found.add(folder)
            line = item[2] or ""
        elif not line.startswith("  "):
            folder = None
        if folder is not None:
            found |= {folder + name for name in re.findall(r"`(\w+)`", line)}
    return found


def tree_modules(package: Path = ROOT / "scorekeeper") -> set[str]:
    """The folders and modules of ``package`` as ``listed_modules`` gives them (a
    package's ``__init__`` is its folder)."""
    found: set[str] = set()
    for path in package.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        folder = path.parent.relative_to(package.parent).as_posix() + "/"
        found.add(folder)
        if path.stem != "__init__":
            found.add(folder + path.stem)
    return found


def written_counts(text: str) -> list[str]:
    """Every count of modules, games or packages that ``text`` writes as a number."""
    return [" ".join(match[0].split()) for match in COUNT.finditer(text)]


def described(text: str) -> str:
    """docs/architecture.md without its list of every module: what it says of the tree."""
    return text.split(EVERY_MODULE, 1)[0]


def package_of(game) -> str:
    """The folder of ``scorekeeper/engine/`` that holds a registered game's rules."""
    return type(game).__module__.split(".")[2]
