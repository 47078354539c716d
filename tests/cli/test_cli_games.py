"""The command line reaches every game through the registry: `--game` on score, simulate
and rules, and `scorekeeper games` listing what is registered."""

import json
import re

import pytest

from scorekeeper.engine import DEFAULT_GAME, GAMES, find_game
from tests.support.cli.cli_games import listed
from tests.support.shared import run

# A game no one registers: the games to come (Bridge among them) make any card game's
# name a poor choice.
UNKNOWN = "no-such-game"
assert UNKNOWN not in GAMES


def test_games_lists_every_registered_game_with_its_presets(capsys):
    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["game", "name", "players", "presets"]
    # The columns are as wide as the rule under the heading says.
    columns = [match.span() for match in re.finditer(r"-+", lines[1])]
    rows = [
        [line[a:b].strip() for a, b in columns[:-1]] + [line[columns[-1][0] :]]
        for line in lines[2:]
    ]
    expected = []
    for game in map(listed, GAMES.values()):
        low, high = game.get("seat_range", [game["seats"]] * 2)
        presets = [f"{p} (default)" if p == game["default_preset"] else p for p in game["presets"]]
        players = str(low) if low == high else f"{low}–{high}"
        expected.append([game["key"], game["name"], players, ", ".join(presets)])
    assert rows == expected
    assert [row[0] for row in rows] == list(GAMES)


def test_games_as_json(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    assert json.loads(out) == {"games": [listed(game) for game in GAMES.values()]}


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2", "--rules", "elhanani"],
        ["score", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2", "--json"],
        ["rules"],
        ["rules", "pagat-german"],
        ["simulate", "--hands", "30", "--seed", "7", "--json"],
        ["simulate", "--hands", "30", "--seed", "7", "--bots", "heuristic", "--json"],
    ],
)
def test_naming_the_default_game_changes_nothing(capsys, args):
    plain = run(capsys, *args)
    named = run(capsys, *args, "--game", DEFAULT_GAME)
    upper = run(capsys, *args, "--game", DEFAULT_GAME.title())
    assert plain[0] == 0 and plain == named == upper


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"],
        ["rules"],
        ["rules", "standard"],
        ["simulate", "--hands", "5"],
    ],
)
@pytest.mark.parametrize("game", [UNKNOWN, ""])
def test_an_unknown_game_exits_2_with_one_line_naming_game(capsys, args, game):
    code, out, err = run(capsys, *args, "--game", game)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "--game" in err and all(key in err for key in GAMES)
    assert "Traceback" not in err


@pytest.mark.parametrize("key", [key for key, game in GAMES.items() if not game.simulation.bots])
def test_a_game_without_bots_is_not_simulated_and_says_so(capsys, key):
    code, out, err = run(capsys, "simulate", "--hands", "5", "--game", key)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"--game: {key} has no simulation" in err and "Traceback" not in err


def test_the_simulated_summary_is_counted_from_the_games_own_deals(capsys):
    code, out, _ = run(capsys, "simulate", "--hands", "200", "--seed", "11")
    assert code == 0
    code, lines, _ = run(capsys, "simulate", "--hands", "200", "--seed", "11", "--json")
    deals = [json.loads(line) for line in lines.splitlines()]
    played = [d for d in deals if not d["thrown_in"]]
    over = sum(d["over_under"] == "over" for d in played)
    assert out.splitlines()[1] == (
        f"deals: 200  played: {len(played)}  thrown in: {200 - len(played)}"
    )
    assert out.splitlines()[2].startswith(f"over: {over} (")


@pytest.mark.parametrize("key", [key for key, game in GAMES.items() if game.simulation.bots])
def test_the_summary_never_converts_a_deal_to_a_dict(capsys, monkeypatch, key):
    """The text summary counts the game's own results: converting every deal to a dict
    (as --json must) made `scorekeeper simulate` about a third slower."""
    game = find_game(key, include_unlisted=True)
    settings = game.preset(game.default_preset)
    result_type = type(next(iter(game.simulation.results(settings, 1, seed=1))))

    def refuse(self):
        raise AssertionError("the summary converted a deal to a dict")

    monkeypatch.setattr(result_type, "to_dict", refuse)
    code, out, err = run(capsys, "simulate", "--game", key, "--hands", "300", "--seed", "3")
    assert code == 0 and err == "" and "deals: 300" in out
