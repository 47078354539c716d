"""Every worked example of ``docs/rules/<key>.md``, read from its tables and played through
the registry's engine (``scorekeeper.engine.registry.table_game``): the rules as the docs
say them are the rules the engine plays.

Each game's file holds its worked examples under "## Worked examples", as tables whose
first column is ``example``; the format is the same for every game and is said at the top
of each file:

- ``example``: the example's label; consecutive rows with the same label are the hands of
  one game, played in order;
- ``rules``: the preset, then ``knob=value`` changes, separated by ``;`` (blank: the
  game's first preset); ``players``: how many sit (blank: the game's usual table);
  ``dealer``: the first dealer's seat (blank: 0); ``before``: the totals the game starts
  from, one per side (blank: none). These four are read from a game's first row;
- every other column but the four below is a field of the hand, as the API's body names
  it: a cell in code marks is text (```H```, ```null```), else JSON (``[2, 0, 1, 3]``,
  ``true``, ``4``) if it reads as JSON, else text; a blank cell leaves the field out;
- ``scored``: what the hand scores, one number per side (per seat where nobody plays in
  partnership), in the order of the game's sides (A, B for partners);
- ``totals``: the totals after the hand, per side;
- ``won by``: blank (not checked), ``—`` (the game goes on), or the side that won (``A``,
  ``B``, or a seat's number; several, for a shared win, separated by commas);
- ``refused``: the hand is refused, naming this field; it is not played.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import GAMES, InvalidHand
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.registry import table_game
from tests.support.engine.docs_rules import side_index
from tests.support.rules_docs import RULES, examples_of, numbers, rules_files

ALL = [
    example
    for name in rules_files().values()
    if (RULES / f"{name}.md").is_file()
    for example in examples_of(name)
]


def test_every_registered_game_has_its_rules_and_worked_examples():
    for key, name in rules_files().items():
        assert (RULES / f"{name}.md").is_file(), key
        assert examples_of(name), f"docs/rules/{name}.md has no worked examples table"


@pytest.mark.parametrize("example", ALL, ids=lambda e: f"{e.key}:{e.label}")
def test_a_worked_example_scores_in_the_engine_as_the_docs_say(example):
    key = next(k for k, name in rules_files().items() if name == example.key)
    base = GAMES[key]
    players = int(example.setup("players") or base.seats)
    game = table_game(key, players)
    preset, *changes = [part.strip() for part in example.setup("rules").split(";")]
    settings = game.preset(preset or base.default_preset)
    settings = settings.with_changes(dict(change.split("=", 1) for change in changes if change))
    dealer = int(example.setup("dealer") or 0)
    before = numbers(example.setup("before")) if example.setup("before") else None

    records: list[Any] = []
    progress = game.replay(settings, dealer, records, starting_totals=before)
    for row in example.rows:
        place = HandPlace.after(game.state_from_dict(progress.state.to_dict()))
        refused = row.cells.get("refused", "")
        if refused:
            with pytest.raises(InvalidHand) as said:
                game.record_from_dict(settings, row.hand(), place)
            assert refused in [name for name, _ in said.value.problems()], said.value.problems()
            continue
        record = game.record_from_dict(settings, row.hand(), place)
        records.append(record)
        progress = game.replay(settings, dealer, records, starting_totals=before)
        played = progress.hands[-1]
        if row.cells.get("scored"):
            assert tuple(played.points) == numbers(row.cells["scored"]), row.cells
            assert game.preview(settings, record, place)["points"] == list(played.points)
        if row.cells.get("totals"):
            assert tuple(played.totals) == numbers(row.cells["totals"]), row.cells
        winner = row.cells.get("won by", "")
        if winner in ("—", "-"):
            assert progress.status != "finished", row.cells
        elif winner:
            assert progress.status == "finished", row.cells
            said = {side_index(game, part.strip()) for part in winner.split(",")}
            won = set(progress.winners) or {progress.winner}
            assert won == said, row.cells
