"""Issue 41, part 3: a knob is declared once, on its settings field, and nothing a player
or a file sees changes.

``tests/fixtures/knob-descriptions.json`` was written by :func:`descriptions` from the
code before the knobs moved onto their fields (``python -m tests.test_knobs_declared``
writes it again): every game's knobs as the new-game form and ``scorekeeper rules`` show
them at every number of players the game seats, its words on its pages (``PageWords``,
the form's group titles among them), and every preset's stored settings, rules lines and
notes, in English, Hebrew and German.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine.core.game import Knob
from scorekeeper.engine.core.language import LANGUAGES, words_in
from scorekeeper.engine.registry import GAMES
from tests.toy_game import GAME as TOY

FIXTURE = Path(__file__).parent / "fixtures" / "knob-descriptions.json"
ALL_GAMES = {**GAMES, TOY.key: TOY}


def _knob(knob: Knob, language: str) -> dict[str, Any]:
    words = words_in(language)
    found: dict[str, Any] = {}
    for f in fields(knob):
        value = getattr(knob, f.name)
        if f.name in ("help", "label"):
            value = None if value is None else words.shown(value)
        elif f.name == "choice_labels":
            value = [words.shown(label) for label in value]
        elif isinstance(value, tuple):
            value = list(value)
        found[f.name] = value
    return found


def _words(value: Any, language: str) -> Any:
    """``value`` (PageWords, HandWords, or any of their members) in ``language``."""
    if is_dataclass(value):
        return {f.name: _words(getattr(value, f.name), language) for f in fields(value)}
    if isinstance(value, Mapping):
        return {key: _words(item, language) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_words(item, language) for item in value]
    return None if value is None else words_in(language).shown(value)


def _game(game: Any, language: str) -> dict[str, Any]:
    words = words_in(language)
    described: dict[str, Any] = {}
    for seats in game.seat_counts:
        table = game.seated(seats)
        described[str(seats)] = [_knob(knob, language) for knob in table.knobs]
    presets = {}
    for name, settings in game.presets.items():
        presets[name] = {
            "stored": settings.to_json(),
            "rules_lines": [
                [words.shown(line.label), words.shown(line.value)]
                for line in game.rules_lines(settings)
            ],
            "rules_notes": [words.shown(note) for note in game.rules_notes(settings)],
        }
    page_words = _words(game.page_words, language)
    return {"knobs": described, "page_words": page_words, "presets": presets}


def descriptions() -> dict[str, Any]:
    """Every game's knobs, group titles and presets' rules, by game and language."""
    return {
        key: {language: _game(game, language) for language in LANGUAGES}
        for key, game in sorted(ALL_GAMES.items())
    }


@pytest.mark.parametrize("key", sorted(ALL_GAMES))
def test_every_knob_reads_as_before(key: str) -> None:
    """Labels, help, groups, order, ranges, choices and their words, the stored presets and
    the rules lines, in every language, as the code wrote them before the knobs moved."""
    before = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert descriptions()[key] == before[key]


if __name__ == "__main__":
    FIXTURE.write_text(
        json.dumps(descriptions(), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
