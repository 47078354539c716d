"""The CSV export's columns come from each game (issue 18, item 3).

The app writes the columns every game has (``CSV_SHARED_COLUMNS``); each game adds its own
(``Game.csv.columns``) with their values (``Game.csv_values``). Bid Whist's rows carry
the bidder, the bid, trump or direction, books, needed, made, each seat's side and its
side's reneges, and none of Israeli Whist's columns. An Israeli Whist file is byte for
byte what it always was: the fixtures ``scorekeeper-v2-export.csv`` and
``scorekeeper-v3-export.csv`` were written by the old code's ``export_csv`` of the
fixture databases beside them (``make_v2_fixture.py``, ``make_v3_fixture.py``). A file of
several kinds of game has one header, the union in a stable order, and parses as one CSV.
"""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from scorekeeper import db, transfer
from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import CSV_SHARED_COLUMNS, CsvColumn
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES, into_group
from tests.support.shared import plain_csv
from tests.support.stored import one_group
from tests.support.transfer.csv_per_game import bearer, rows_of

FIXTURES = Path(__file__).parents[1] / "fixtures"
ISRAELI_WHIST, BID_WHIST = GAMES["israeli-whist"], GAMES["bid-whist"]
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # sides: A = Ann & Cat, B = Bob & Dan

ISRAELI_WHIST_HEADER = (
    "game,game_name,started,hand,dealer,declarer,bid,frisch_rounds,thrown_in,over_under,"
    "seat,player,contract,tricks,revokes,points,total,contract_points,revoke_penalty"
)
BID_WHIST_HEADER = (
    "game,game_name,started,hand,dealer,bidder,bid,trump,direction,thrown_in,books,needed,"
    "made,seat,player,side,reneges,points,total"
)
# Israeli Whist's columns first where both games put columns after the same shared one;
# ``bid`` is one column for both.
MIXED_HEADER = (
    "game,game_name,started,hand,dealer,declarer,bid,frisch_rounds,bidder,trump,direction,"
    "thrown_in,over_under,books,needed,made,seat,player,contract,tricks,revokes,side,"
    "reneges,points,total,contract_points,revoke_penalty"
)
ISRAELI_ONLY = set(ISRAELI_WHIST_HEADER.split(",")) - set(BID_WHIST_HEADER.split(","))
BID_WHIST_ONLY = set(BID_WHIST_HEADER.split(",")) - set(ISRAELI_WHIST_HEADER.split(","))

# docs/rules/bid-whist.md's worked examples, one hand each, and a thrown-in deal.
MADE = {"bidder": 0, "bid": "4U", "trump": "H", "books": 11}  # A +5
SET = {"bidder": 1, "bid": "5NT", "direction": "low", "books": 10}  # B -10
THROWN_IN = {"thrown_in": True}
RENEGED = {"bidder": 2, "bid": "3D", "trump": "C", "books": 9, "reneges": [1, 0]}  # A -3


@pytest.fixture
def bid_whist_game(client):
    """A Bid Whist game with a made, a set, a thrown-in and a reneged hand, in that order."""
    created = client.post(
        "/api/games",
        json={"game": "bid-whist", "players": PLAYERS, "rules": "bid-whist", "first_dealer": 3},
    )
    assert created.status_code == 201, created.get_json()
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    for hand in (MADE, SET, THROWN_IN, RENEGED):
        saved = client.post(f"/api/games/{game_id}/hands", json=hand, headers=bearer(key))
        assert saved.status_code == 201, saved.get_json()
    into_group(client, game_id)
    return game_id


@pytest.fixture
def israeli_whist_game(make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    return game_id


def test_a_bid_whist_csv_has_its_own_columns_and_no_israeli_whist_column(client, bid_whist_game):
    text = client.get(f"/games/{bid_whist_game}/export.csv").get_data(as_text=True)
    assert text.splitlines()[0] == BID_WHIST_HEADER
    rows = rows_of(text)
    assert len(rows) == 4 * 4
    by_hand = {n: rows[4 * (n - 1) : 4 * n] for n in (1, 2, 3, 4)}

    def hand_cells(number):
        keys = ("dealer", "bidder", "bid", "trump", "direction", "thrown_in")
        keys += ("books", "needed", "made")
        return {tuple(row[k] for k in keys) for row in by_hand[number]}

    def seat_cells(number):
        return [
            (r["player"], r["side"], r["reneges"], r["points"], r["total"]) for r in by_hand[number]
        ]

    # Made: A bids 4 uptown in hearts and takes 11 books, +5.
    assert hand_cells(1) == {("Dan", "Ann", "4U", "H", "high", "0", "11", "10", "1")}
    assert seat_cells(1) == [
        ("Ann", "A", "0", "5", "5"),
        ("Bob", "B", "0", "0", "0"),
        ("Cat", "A", "0", "5", "5"),
        ("Dan", "B", "0", "0", "0"),
    ]
    # Set: B bids 5 no-trump low and takes 10 books, -10.
    assert hand_cells(2) == {("Ann", "Bob", "5NT", "", "low", "0", "10", "11", "0")}
    assert [r["points"] for r in by_hand[2]] == ["0", "-10", "0", "-10"]
    assert [r["total"] for r in by_hand[2]] == ["5", "-10", "5", "-10"]
    # Thrown in: nothing bid, nothing scored; each seat keeps its side.
    assert hand_cells(3) == {("Bob", "", "", "", "", "1", "", "", "")}
    assert seat_cells(3) == [
        ("Ann", "A", "", "0", "5"),
        ("Bob", "B", "", "0", "-10"),
        ("Cat", "A", "", "0", "5"),
        ("Dan", "B", "", "0", "-10"),
    ]
    # Reneged: A bids 3 downtown and takes 9 books, but A reneged once: 6 books, set, -3.
    assert hand_cells(4) == {("Cat", "Cat", "3D", "C", "low", "0", "9", "9", "0")}
    assert seat_cells(4) == [
        ("Ann", "A", "1", "-3", "2"),
        ("Bob", "B", "0", "0", "-10"),
        ("Cat", "A", "1", "-3", "2"),
        ("Dan", "B", "0", "0", "-10"),
    ]


def test_an_israeli_whist_csv_is_byte_for_byte_as_before(tmp_path):
    """The old code's exports of the fixture databases, read back unchanged: the whole of
    v2 (every game Israeli Whist) and, from v3, each Israeli Whist game on its own."""
    for version in ("v2", "v3"):
        shutil.copyfile(FIXTURES / f"scorekeeper-{version}.db", tmp_path / f"{version}.db")
    old_v2 = plain_csv((FIXTURES / "scorekeeper-v2-export.csv").read_text()).encode()
    old_v3 = plain_csv((FIXTURES / "scorekeeper-v3-export.csv").read_bytes().decode("utf-8"))
    database = db.migrate(str(tmp_path / "v2.db"))
    try:
        assert transfer.export_csv(database).encode() == old_v2
    finally:
        database.close()
    database = db.migrate(str(tmp_path / "v3.db"))
    try:
        for game_id in (1, 2):
            lines = old_v3.splitlines(keepends=True)
            mine = [line for line in lines[1:] if line.startswith(f"{game_id},")]
            assert transfer.export_csv(database, game_id) == "".join([lines[0], *mine])
    finally:
        database.close()
    assert old_v3.splitlines()[0] == ISRAELI_WHIST_HEADER


def test_a_whole_group_of_both_games_is_one_csv(client, bid_whist_game, israeli_whist_game):
    group_id = one_group(client, bid_whist_game, israeli_whist_game)
    text = client.get(f"/groups/{group_id}/export.csv").get_data(as_text=True)
    table = list(csv.reader(io.StringIO(text)))
    assert ",".join(table[0]) == MIXED_HEADER
    assert {len(row) for row in table} == {len(table[0])}
    rows = rows_of(text)
    assert len(rows) == 4 * 4 + 4
    bid_whist = [r for r in rows if r["game"] == str(bid_whist_game)]
    israeli = [r for r in rows if r["game"] == str(israeli_whist_game)]
    assert all(r[column] == "" for r in bid_whist for column in ISRAELI_ONLY)
    assert all(r[column] == "" for r in israeli for column in BID_WHIST_ONLY)
    assert {r["bid"] for r in bid_whist} == {"4U", "5NT", "", "3D"}
    assert {(r["declarer"], r["bid"], r["over_under"]) for r in israeli} == {
        (SEAT_NAMES[2], "7C", "under")
    }
    # Each game's rows as its own file has them, less the other game's empty cells.
    for game_id, own in ((bid_whist_game, bid_whist), (israeli_whist_game, israeli)):
        alone = rows_of(client.get(f"/games/{game_id}/export.csv").get_data(as_text=True))
        assert [{k: r[k] for k in alone[0]} for r in own] == alone


def test_the_command_lines_export_of_a_mixed_database_parses(tmp_path):
    from click.testing import CliRunner

    from scorekeeper.cli import main

    path = tmp_path / "v3.db"
    shutil.copyfile(FIXTURES / "scorekeeper-v3.db", path)
    db.migrate(str(path)).close()
    out = tmp_path / "all.csv"
    result = CliRunner().invoke(
        main, ["export", "--db", str(path), "--format", "csv", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    rows = rows_of(out.read_bytes().decode("utf-8"))
    assert ",".join(rows[0]) == MIXED_HEADER
    assert {r["game"] for r in rows} == {"1", "2", "3", "4"}
    assert {r["side"] for r in rows if r["game"] in ("3", "4")} == {"A", "B"}


def test_the_header_is_the_union_in_the_registrys_order():
    assert ",".join(transfer.csv_header([ISRAELI_WHIST])) == ISRAELI_WHIST_HEADER
    assert ",".join(transfer.csv_header([BID_WHIST])) == BID_WHIST_HEADER
    assert ",".join(transfer.csv_header([BID_WHIST, ISRAELI_WHIST])) == MIXED_HEADER
    assert transfer.csv_header([]) == CSV_SHARED_COLUMNS


def test_an_empty_database_exports_the_shared_header(tmp_path):
    database = db.migrate(str(tmp_path / "empty.db"))
    try:
        assert transfer.export_csv(database) == ",".join(CSV_SHARED_COLUMNS) + "\r\n"
    finally:
        database.close()


@pytest.mark.parametrize(
    ("name", "after"), [("winner", "nowhere"), ("points", "dealer"), ("thrown_in", "hand")]
)
def test_a_game_column_must_follow_a_shared_one_and_not_be_one(name, after):
    with pytest.raises(ValueError):
        CsvColumn(name, after)
