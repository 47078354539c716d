"""``scorekeeper score --game KEY`` takes the game's own hand options: declared by the game
(its hand schema's ``options``), or one per key of its hand's body. A game registered after the
command line was imported is scored with no change to ``cli.py``."""

from __future__ import annotations

import json

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.registry import find_game
from tests.support.seats import THREE
from tests.support.shared import run


@pytest.fixture
def three(monkeypatch):
    monkeypatch.setitem(GAMES, THREE.key, THREE)
    return THREE


def test_a_game_with_a_hand_schema_is_scored_from_the_options_it_derives(capsys, three):
    assert three.hand.options(three)  # its ``hand``, as typed options
    code, out, err = run(capsys, "score", "--game", three.key, "--winner", "2", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["points"] == [0, 0, 1]
    code, out, _ = run(capsys, "score", "--game", three.key, "--winner", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["side", "seats", "points"]
    assert [line.split()[-1] for line in lines[2:5]] == ["0", "+1", "0"]


def test_its_errors_name_its_option_and_refuse_another_games(capsys, three):
    code, out, err = run(capsys, "score", "--game", three.key, "--winner", "3")
    assert code == 2 and out == "" and err.startswith("scorekeeper: error: --winner: ")
    code, _, err = run(capsys, "score", "--game", three.key, "--winner", "1", "--books", "7")
    assert code == 2
    assert err == f"scorekeeper: error: --books: {three.key} hands are scored from --winner\n"


def test_help_lists_every_games_options_naming_the_games(capsys, three):
    code, out, _ = run(capsys, "score", "--help")
    assert code == 0
    assert "--winner" in out and "--contracts" in out and "--bidder" in out
    assert "(Israeli Whist)" in " ".join(out.split())


@pytest.mark.parametrize("key", ["israeli-whist", "bid-whist"])
def test_the_built_in_games_declare_their_options(key):
    game = find_game(key)
    assert game.hand.options(game)
    assert {option.name for option in game.hand.options(game)} <= game.hand.hand_fields
