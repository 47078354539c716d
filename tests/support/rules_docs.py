"""The worked examples of ``docs/rules/<key>.md``, read from their tables: the one copy of
each game's worked examples, which ``tests/engine/test_docs_rules.py`` plays through the engine
and each game's own tests send through the API and the command line. The tables' format
is said at the top of ``tests/engine/test_docs_rules.py`` and in every rules file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.engine import GAMES

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
SETUP = ("rules", "players", "dealer", "before")
EXPECTED = ("scored", "totals", "won by", "refused")


@dataclass
class Row:
    raw: dict[str, str]

    @property
    def cells(self) -> dict[str, str]:
        return {name: plain(text) for name, text in self.raw.items()}

    def hand(self) -> dict[str, Any]:
        found = {}
        for name, text in self.raw.items():
            if name in ("example", *SETUP, *EXPECTED) or not text:
                continue
            found[name] = value_of(text)
        return found


@dataclass
class Example:
    key: str
    label: str
    rows: list[Row] = field(default_factory=list)

    def setup(self, name: str) -> str:
        return plain(self.rows[0].raw.get(name, ""))


def plain(text: str) -> str:
    """A cell as the test reads it: no code marks or bold, the minus sign as ASCII."""
    return text.replace("`", "").replace("**", "").replace("−", "-").strip()


def value_of(text: str) -> Any:
    """A field's cell: text in code marks is text (`null` is Skat's game), else JSON if
    it reads as JSON, else text."""
    if text.startswith("`") and text.endswith("`"):
        return text.strip("`")
    try:
        return json.loads(plain(text))
    except ValueError:
        return plain(text)


def numbers(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(","))


def tables(text: str) -> list[list[dict[str, str]]]:
    """The tables of the "Worked examples" section whose first column is ``example``."""
    section = text.split("\n## Worked examples", 1)[1].split("\n## ", 1)[0]
    found, lines = [], section.splitlines()
    for number, line in enumerate(lines):
        if not re.match(r"\|\s*example\s*\|", line):
            continue
        heads = [plain(cell) for cell in line.strip().strip("|").split("|")]
        rows = []
        for row in lines[number + 2 :]:
            if not row.startswith("|"):
                break
            cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
            assert len(cells) == len(heads), row
            rows.append(dict(zip(heads, cells, strict=True)))
        found.append(rows)
    return found


def examples_of(key: str) -> list[Example]:
    path = RULES / f"{key}.md"
    found: list[Example] = []
    for table in tables(path.read_text()):
        for cells in table:
            label = plain(cells["example"])
            if not found or found[-1].label != label or found[-1].key != key:
                found.append(Example(key, label))
            found[-1].rows.append(Row(cells))
    return found


def rules_files() -> dict[str, str]:
    """Each registered game's rules file: ``docs/rules/<key>.md``, as ``/rules/<key>``."""
    return {key: key for key in GAMES}


@dataclass(frozen=True)
class Hand:
    """A worked example of one hand, as a game's own tests take it."""

    label: str
    preset: str
    changes: dict[str, str]
    players: int | None
    dealer: int
    before: tuple[int, ...] | None
    body: dict[str, Any]
    scored: tuple[int, ...]
    totals: tuple[int, ...] | None
    won_by: str


def single_hands(key: str) -> dict[str, Hand]:
    """The examples of ``docs/rules/<key>.md`` that are one hand the rules take, by label."""
    found = {}
    for example in examples_of(key):
        if len(example.rows) != 1 or example.rows[0].cells.get("refused"):
            continue
        (row,) = example.rows
        preset, *changes = [part.strip() for part in example.setup("rules").split(";")]
        found[example.label] = Hand(
            example.label,
            preset or GAMES[key].default_preset,
            dict(change.split("=", 1) for change in changes if change),
            int(example.setup("players")) if example.setup("players") else None,
            int(example.setup("dealer") or 0),
            numbers(example.setup("before")) if example.setup("before") else None,
            row.hand(),
            numbers(row.cells["scored"]),
            numbers(row.cells["totals"]) if row.cells.get("totals") else None,
            row.cells.get("won by", ""),
        )
    return found
