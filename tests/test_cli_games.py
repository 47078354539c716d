"""The command line reaches every game through the registry: `--game` on score, simulate
and rules, and `scorekeeper games` listing what is registered."""

import json

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import GAMES, find_game


def run(capsys, *args):
    code = entry(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_registered_game_with_its_presets(capsys):
    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["game", "name", "players", "presets"]
    assert lines[2].split(None, 4) == [
        "israeli-whist",
        "Israeli",
        "Whist",
        "4",
        "standard (default), pagat-german, elhanani",
    ]
    assert len(lines) == 2 + len(GAMES)


def test_games_as_json(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    assert json.loads(out) == {
        "games": [
            {
                "key": "israeli-whist",
                "name": "Israeli Whist",
                "seats": 4,
                "default_preset": "standard",
                "presets": ["standard", "pagat-german", "elhanani"],
            },
            {
                "key": "bid-whist",
                "name": "Bid Whist",
                "seats": 4,
                "default_preset": "bid-whist",
                "presets": ["bid-whist"],
            },
            {
                "key": "spades",
                "name": "Spades",
                "seats": 4,
                "default_preset": "spades",
                "presets": ["spades"],
            },
            {
                "key": "oh-hell",
                "name": "Oh Hell",
                "seats": 4,
                "seat_range": [3, 7],
                "default_preset": "oh-hell",
                "presets": ["oh-hell"],
            },
            {
                "key": "doppelkopf",
                "name": "Doppelkopf",
                "seats": 4,
                "seat_range": [4, 5],
                "default_preset": "ddv",
                "presets": ["ddv", "house"],
            },
            {
                "key": "any-game",
                "name": "Any other game",
                "seats": 4,
                "seat_range": [2, 8],
                "default_preset": "any-game",
                "presets": ["any-game", "hearts"],
            },
        ]
    }


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
    named = run(capsys, *args, "--game", "israeli-whist")
    upper = run(capsys, *args, "--game", "Israeli-Whist")
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
@pytest.mark.parametrize("game", ["bridge", ""])
def test_an_unknown_game_exits_2_with_one_line_naming_game(capsys, args, game):
    code, out, err = run(capsys, *args, "--game", game)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "--game" in err and "israeli-whist" in err
    assert "Traceback" not in err


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


@pytest.mark.parametrize(
    "key", [key for key, game in GAMES.items() if game.capabilities.simulation]
)
def test_the_summary_never_converts_a_deal_to_a_dict(capsys, monkeypatch, key):
    """The text summary counts the game's own results: converting every deal to a dict
    (as --json must) made `scorekeeper simulate` about a third slower."""
    game = find_game(key, include_unlisted=True)
    settings = game.preset(game.default_preset)
    result_type = type(next(iter(game.simulate_results(settings, 1, seed=1))))

    def refuse(self):
        raise AssertionError("the summary converted a deal to a dict")

    monkeypatch.setattr(result_type, "to_dict", refuse)
    code, out, err = run(capsys, "simulate", "--game", key, "--hands", "300", "--seed", "3")
    assert code == 0 and err == "" and "deals: 300" in out
