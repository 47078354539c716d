"""French Tarot's deals the rules cannot give (docs/rules/french-tarot.md, "Deals the rules
cannot give"), at the engine: every pile the 78 cards can make is accepted, the random
deals the suites draw are all deals the rules allow, and a deal stored before the checks
opens as it was saved."""

from __future__ import annotations

import random
import shutil
import sqlite3

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.french_tarot.settings import CHIEN, NEEDED, Deal, points_range, problems
from tests.support.app import new_app
from tests.support.games.french_tarot.deals import _bearer, _edit_key, _pile

GAME = get_game("french-tarot")
S = GAME.preset("fft")
FIXTURES = __import__("pathlib").Path(__file__).parents[2] / "fixtures"

CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre")


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_every_pile_the_cards_can_make_is_accepted(seats):
    """Two thousand deals a table whose cards fall at random into the piles the rules make,
    each written as counted and as counted two by two (a lone card's half to the side
    that won): the card points and the bouts are never refused."""
    rng, tricks = random.Random(65 + seats), (78 - CHIEN[seats]) // seats
    for _ in range(2000):
        contract = rng.choice(CONTRACTS)
        won = rng.choice([0, tricks, rng.randint(1, tricks - 1)])
        bouts, points = _pile(rng, seats, contract, won)
        chelem = {0: "defence", tricks: "made"}.get(won, "none")
        made = points >= NEEDED[bouts]
        rounded = int(points + 0.5) if made else int(points - 0.5) if points % 1 else points
        for written in {points, rounded} if seats != 4 else {rounded}:
            deal = Deal(0, None, contract, bouts, written, chelem=chelem)
            assert not problems(deal, seats, True), (deal, seats, points)


@pytest.mark.parametrize(
    ("seats", "contract", "chelem", "bouts", "least", "most"),
    [
        (4, "garde", "none", 2, 13, 85),  # a trick and the écart; the defence a trick
        (4, "garde", "none", 0, 5, 77),  # the defence's trick holds the three bouts
        (4, "garde", "made", 2, 86.5, 86.5),  # the defence kept the Excuse, nothing else
        (4, "garde", "made", 3, 91, 91),
        (4, "garde_contre", "made", 3, 66, 88),  # the chien is the defence's
        (4, "garde_contre", "made", 0, 59.5, 76),  # the chien holding the three bouts
        (5, "garde_contre", "made", 1, 73, 81.5),  # a chien of 3 with 2 bouts
        (4, "garde", "defence", 0, 3, 19),  # the écart alone: no king, no bout
        (4, "garde", "defence", 1, 7.5, 23.5),  # and the Excuse it kept
        (4, "garde_sans", "defence", 3, 15, 31.5),  # the chien may hold anything
        (4, "garde_contre", "defence", 1, 4.5, 4.5),  # the Excuse alone
    ],
)
def test_the_points_each_way_the_tricks_went_allows(seats, contract, chelem, bouts, least, most):
    deal = Deal(0, None, contract, bouts, 0, chelem=chelem)
    assert points_range(deal, seats)[1:] == (least, most)


@pytest.mark.parametrize(
    ("contract", "chelem", "bouts"),
    [("garde", "made", 1), ("garde_sans", "announced", 0), ("petite", "defence", 2)],
)
def test_bouts_a_side_without_a_trick_cannot_hold_are_refused(contract, chelem, bouts):
    deal = Deal(0, None, contract, bouts, 60, chelem=chelem)
    assert [field for field, _ in problems(deal, 4, True)] == ["bouts"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_random_deals_are_deals_the_rules_allow(players):
    """The deals every suite draws (``random_body``) are each accepted where a table enters
    them, with their halves at three and five, poignées, petit au bout and chelems among
    them."""
    table, rng = GAME.seated(players), random.Random(65)
    place = HandPlace.after(table.state_from_dict(table.replay(S, 0, []).state.to_dict()))
    seen: set[str] = set()
    for _ in range(300):
        body = table.hand.random_body(table, S, table.context(S, None), rng)
        record = table.record_from_dict(S, body, place)
        if record.thrown_in:
            continue
        seen |= {f"chelem {record.chelem}", f"petit {record.petit_au_bout}"}
        seen |= {"half"} if record.card_points % 1 else set()
        seen |= {"poignee"} if record.poignee != "none" else set()
    assert {"chelem none", "chelem defence", "petit taker", "petit defence", "poignee"} <= seen
    assert ("half" in seen) == (players != 4)


def test_a_game_stored_before_the_checks_opens_as_it_was_saved(tmp_path):
    """A database written by the code before these checks (make_french_tarot_v1_fixture.py)
    holds deals they refuse: it opens with nothing lost, each deal scored as it was, its
    why page and print whole; editing one checks it, and a corrected deal saves."""
    path = tmp_path / "old.db"
    shutil.copyfile(FIXTURES / "french-tarot-before-checks.db", path)
    shutil.copytree(FIXTURES / "french-tarot-before-checks.db-secrets", f"{path}-secrets")
    with sqlite3.connect(path) as old:
        totals = old.execute("SELECT game_id, seat, total FROM players").fetchall()
        records = old.execute("SELECT game_id, number, record FROM hands").fetchall()
        scored = old.execute(
            "SELECT h.game_id, group_concat(s.points) FROM hands h JOIN hand_seats s "
            "ON s.hand_id = h.id GROUP BY h.id ORDER BY h.game_id, h.number"
        ).fetchall()
    client = new_app(tmp_path, DATABASE=str(path)).test_client()
    keys = {game_id: _edit_key(path, game_id) for game_id in (1, 2)}
    for game_id, key in keys.items():
        assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
        game = client.get(f"/api/games/{game_id}").get_json()
        points = [",".join(map(str, hand["points"])) for hand in game["hands"]]
        assert points == [text for g, text in scored if g == game_id]
        assert game["totals"] == [total for g, _, total in totals if g == game_id]
        for number in range(1, len(points) + 1):
            assert client.get(f"/games/{game_id}/hands/{number}/why").status_code == 200
        assert client.get(f"/games/{game_id}/print?explain=1").status_code == 200
    edit = {"taker": 1, "contract": "garde", "bouts": 2, "card_points": 87}
    refused = client.put("/api/games/1/hands/2", json=edit, headers=_bearer(keys[1]))
    assert refused.status_code == 422 and refused.get_json()["field"] == "card_points"
    edit["card_points"] = 85
    assert (
        client.put("/api/games/1/hands/2", json=edit, headers=_bearer(keys[1])).status_code == 200
    )
    with sqlite3.connect(path) as upgraded:
        kept = upgraded.execute("SELECT game_id, number, record FROM hands").fetchall()
    assert [r for r in kept if r[:2] != (1, 2)] == [r for r in records if r[:2] != (1, 2)]
