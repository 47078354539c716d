"""``scorekeeper score|simulate|rules --game bid-whist``: issue 10's exact interface.

Bid Whist is offered by the web app and the command line alike; the command
line finds it all the same (``find_game(..., include_unlisted=True)``), so nothing here
registers it.
"""

import json

import pytest

from scorekeeper.engine import GAMES, find_game
from tests.support.games.bid_whist.cli import _shown, score
from tests.support.shared import run

BID_WHIST = find_game("bid-whist", include_unlisted=True)
SETTINGS = BID_WHIST.preset("bid-whist")
DEAL_KEYS = {
    "dealer",
    "deal",
    "kitty",
    "auction",
    "thrown_in",
    "bidder",
    "bid",
    "trump",
    "direction",
    "discard",
    "tricks",
    "books",
    "points",
}


# --- score ---------------------------------------------------------------------------------

WORKED = [
    (["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "11"], [5, 0], True, 10),
    (["--bidder", "1", "--bid", "5NT", "--direction", "low", "--books", "10"], [0, -10], False, 11),
    (
        ["--set", "set_goes_to=defenders_gain", "--bidder", "1", "--bid", "5NT"]
        + ["--direction", "low", "--books", "10"],
        [10, 0],
        False,
        11,
    ),
    (
        ["--bidder", "2", "--bid", "3D", "--trump", "S", "--books", "9", "--reneges", "1,0"],
        [-3, 0],
        False,
        9,
    ),
    (["--bidder", "0", "--bid", "7NT", "--direction", "high", "--books", "13"], [14, 0], True, 13),
    (
        ["--rules", "bid-whist", "--set", "boston=double", "--bidder", "0", "--bid", "7NT"]
        + ["--direction", "high", "--books", "13"],
        [28, 0],
        True,
        13,
    ),
    (["--bidder", "3", "--bid", "4d", "--trump", "♣", "--books", "10"], [0, 4], True, 10),
]


@pytest.mark.parametrize(("args", "points", "made", "needed"), WORKED)
def test_score_json_is_exactly_points_made_needed(capsys, args, points, made, needed):
    code, out, err = score(capsys, *args, "--json")
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    assert json.loads(out) == {"points": points, "made": made, "needed": needed}
    assert list(json.loads(out)) == ["points", "made", "needed"]


def test_score_as_text_names_the_sides(capsys):
    code, out, _ = score(capsys, "--bidder", "1", "--bid", "5NT", "--direction", "low")
    assert code == 2  # --books missing
    code, out, err = score(
        capsys, "--bidder", "1", "--bid", "5NT", "--direction", "low", "--books", "12"
    )
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["side", "seats", "points"]
    assert lines[2].split() == ["A", "0,", "2", "0"]
    assert lines[3].split() == ["B", "1,", "3", "+12"]
    assert lines[4] == "made: yes  needed: 11"


MISSING = [
    (["--bid", "4U", "--trump", "H", "--books", "11"], "--bidder"),
    (["--bidder", "0", "--trump", "H", "--books", "11"], "--bid"),
    (["--bidder", "0", "--bid", "4U", "--trump", "H"], "--books"),
]


@pytest.mark.parametrize(("args", "option"), MISSING)
def test_a_missing_option_exits_2_naming_it(capsys, args, option):
    """The bidder, the bid and the books are required options (issue 55: the plain
    schema's), unless the deal was thrown in."""
    code, out, err = score(capsys, *args, "--json")
    assert code == 2 and out == ""
    assert err == f"scorekeeper: error: Missing option '{option}'.\n"


BAD = [
    (["--bidder", "4", "--bid", "4U", "--trump", "H", "--books", "11"], "--bidder", "from 0 to 3"),
    (["--bidder", "x", "--bid", "4U", "--trump", "H", "--books", "11"], "--bidder", "x"),
    (["--bidder", "0", "--bid", "2U", "--trump", "H", "--books", "11"], "--bid", "3..7"),
    (["--bidder", "0", "--bid", "4Q", "--trump", "H", "--books", "11"], "--bid", "4Q"),
    (["--bidder", "0", "--bid", "4U", "--books", "11"], "--trump", "trump is missing"),
    (["--bidder", "0", "--bid", "4U", "--trump", "X", "--books", "11"], "--trump", "'X'"),
    (["--bidder", "0", "--bid", "4NT", "--trump", "H", "--books", "11"], "--trump", "not part"),
    (["--bidder", "0", "--bid", "4NT", "--books", "11"], "--direction", "direction is missing"),
    (["--bidder", "0", "--bid", "4NT", "--direction", "up", "--books", "9"], "--direction", "up"),
    (["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "14"], "--books", "1 to 13"),
    (["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "0"], "--books", "1 to 13"),
    (
        ["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "11", "--reneges", "1"],
        "--reneges",
        "one per side",
    ),
    (
        ["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "11", "--reneges", "0,9"],
        "--reneges",
        "reneges[1]",
    ),
    (
        ["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "11", "--tricks", "1,2,3,7"],
        "--tricks",
        "--bidder",
    ),
    (
        ["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "11", "--set", "jokers=3"],
        "--set",
        "jokers",
    ),
    (
        ["--bidder", "0", "--bid", "4U", "--trump", "H", "--books", "11", "--rules", "standard"],
        "--rules",
        "bid-whist",
    ),
]


@pytest.mark.parametrize(("args", "field", "words"), BAD)
def test_bad_input_exits_2_with_one_line_naming_the_field(capsys, args, field, words):
    code, out, err = score(capsys, *args, "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"scorekeeper: error: {field}: ")
    assert words in err and "Traceback" not in err


def test_israeli_whist_refuses_bid_whist_options_and_still_needs_its_own(capsys):
    code, out, err = run(
        capsys, "score", "--bidder", "0", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"
    )
    assert code == 2 and out == ""
    assert err.startswith("scorekeeper: error: --bidder: israeli-whist hands are scored from")
    assert run(capsys, "score", "--tricks", "0,3,8,2") == (
        2,
        "",
        "scorekeeper: error: --contracts: contracts is missing\n",
    )
    assert run(capsys, "score", "--contracts", "2,3,7,0")[2] == (
        "scorekeeper: error: Missing option '--tricks'.\n"
    )


# --- simulate --------------------------------------------------------------------------------


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_simulate_json_prints_one_deal_per_line_with_exactly_the_issues_keys(capsys, bots):
    code, out, err = run(
        capsys, "simulate", "--game", "bid-whist", "--hands", "120", "--seed", "4",
        "--bots", bots, "--json",
    )  # fmt: skip
    assert code == 0 and err == ""
    deals = [json.loads(line) for line in out.splitlines()]
    assert len(deals) == 120
    for number, deal in enumerate(deals):
        assert set(deal) == DEAL_KEYS
        assert deal["dealer"] == number % 4
        assert [len(hand) for hand in deal["deal"]] == [12] * 4 and len(deal["kitty"]) == 6
        assert all(set(call) == {"seat", "call"} for call in deal["auction"])
        assert BID_WHIST.simulation.broken_rules(SETTINGS, deal) == []
        if deal["thrown_in"]:
            assert deal["tricks"] == [] and deal["discard"] == [] and deal["bidder"] is None
            assert deal["points"] == [0, 0] and all(c["call"] == "pass" for c in deal["auction"])
            continue
        assert len(deal["tricks"]) == 12 and len(deal["discard"]) == 6
        assert all(set(t) == {"leader", "cards", "winner"} for t in deal["tricks"])
        assert all(len(t["cards"]) == 4 for t in deal["tricks"])
        assert sum(deal["books"]) == 13 and deal["direction"] in ("high", "low")
        assert (deal["trump"] is None) == deal["bid"].endswith("NT")
    again = run(
        capsys, "simulate", "--game", "bid-whist", "--hands", "120", "--seed", "4",
        "--bots", bots, "--json",
    )  # fmt: skip
    assert again[1] == out


def test_simulate_json_follows_the_knobs(capsys):
    code, out, _ = run(
        capsys, "simulate", "--game", "bid-whist", "--hands", "40", "--seed", "2",
        "--set", "jokers=0", "--set", "all_pass=dealer_must_bid", "--json",
    )  # fmt: skip
    assert code == 0
    settings = SETTINGS.with_changes({"jokers": 0, "all_pass": "dealer_must_bid"})
    deals = [json.loads(line) for line in out.splitlines()]
    assert all(len(d["kitty"]) == 4 and not d["thrown_in"] for d in deals)
    assert all(BID_WHIST.simulation.broken_rules(settings, d) == [] for d in deals)


def test_the_summary_counts_the_deals_printed_as_json(capsys):
    args = ["simulate", "--game", "bid-whist", "--hands", "300", "--seed", "8"]
    # The summary merged from two workers counts the deals one process prints.
    code, text, err = run(capsys, *args, "--bots", "heuristic", "--jobs", "2")
    assert code == 0 and err == ""
    code, lines, _ = run(capsys, *args, "--bots", "heuristic", "--json", "--jobs", "1")
    deals = [json.loads(line) for line in lines.splitlines()]
    played = [d for d in deals if not d["thrown_in"]]
    summary = text.splitlines()
    assert summary[0].startswith("300 hands in ")
    assert summary[0].endswith("(rules bid-whist, bots heuristic, 2 jobs, seed 8)")
    assert summary[1].startswith(
        f"deals: 300  played: {len(played)}  thrown in: {300 - len(played)}  ("
    )
    assert summary[1].endswith(" deals/s)")
    for heading in ("bids by kind:", "bids by level:", "made by level and kind:"):
        assert heading in summary
    uptown = sum(d["bid"].endswith("U") for d in played)
    assert any(line.split()[:2] == ["uptown", str(uptown)] for line in summary)
    sets = 0
    for deal in played:
        record = BID_WHIST.simulation.record_of(deal)
        sets += not BID_WHIST.preview(SETTINGS, record)["made"]
    assert f"sets: {sets} (" in text
    assert any(line.startswith("Bostons: ") for line in summary)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--hands", "0"], "--hands"),
        (["--hands", "5", "--bots", "genius"], "--bots"),
        (["--hands", "5", "--set", "nt_jokers=never"], "--set"),
        (["--hands", "5", "--rules", "standard"], "--rules"),
    ],
)
def test_simulate_refuses_bad_input_with_one_line(capsys, args, field):
    code, out, err = run(capsys, "simulate", "--game", "bid-whist", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and field in err


# --- rules, and the web app's view of an unlisted game ---------------------------------------


def test_rules_prints_the_presets_knobs(capsys):
    code, out, err = run(capsys, "rules", "--game", "bid-whist")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line.split()[1] for line in out.splitlines()[2:]}
    assert rows == {knob: str(value) for knob, value in _shown(SETTINGS.to_dict()).items()}
    code, out, _ = run(capsys, "rules", "bid-whist", "--game", "Bid-Whist")
    assert code == 0 and out.splitlines()[0].split() == ["setting", "value", "meaning"]
    assert "nt_jokers" in out and "void_only" in out


def test_the_command_line_and_the_app_offer_bid_whist_alike(client, capsys):
    assert GAMES["bid-whist"] is BID_WHIST
    response = client.post("/api/games", json={"game": "bid-whist", "players": list("abcd")})
    assert response.status_code == 201
    key = response.get_json()["edit_key"]
    read = client.get(response.headers["Location"], headers={"Authorization": f"Bearer {key}"})
    assert read.get_json()["game"] == "bid-whist"
    code, out, _ = run(capsys, "games", "--json")
    assert [g["key"] for g in json.loads(out)["games"]] == list(GAMES)
    assert list(GAMES)[:2] == ["israeli-whist", "bid-whist"]
    code, _, err = run(capsys, "rules", "--game", "no-such-game")
    assert code == 2 and ", ".join(GAMES) in err
