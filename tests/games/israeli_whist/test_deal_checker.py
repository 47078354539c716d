"""Israeli Whist's deal checker (``tests.support.israeli_deal_checker``, a second reading
of the rules apart from the engine's play code) passes every simulated deal under every
preset and house rule, and finds each kind of broken deal, so it can fail."""

import copy

import pytest

from tests.support.games.israeli_whist.deal_checker import (
    GAME,
    SETTINGS,
    _second_card_twice,
    _swap_cards,
    played_deal,
)
from tests.support.israeli_deal_checker import verify_deal

BREAKAGES = {
    "a card dealt twice": lambda d: d["deal"][0].__setitem__(0, d["deal"][1][0]),
    "a trick's winner": lambda d: d["tricks"][3].__setitem__(
        "winner", (d["tricks"][3]["winner"] + 1) % 4
    ),
    "a card played twice": _second_card_twice,
    "cards out of place": lambda d: _swap_cards(d, 0, 12),
    "tricks taken": lambda d: d["tricks_taken"].__setitem__(0, d["tricks_taken"][0] + 1),
    "the points": lambda d: d["points"].__setitem__(2, d["points"][2] - 10),
    "contracts totalling 13": lambda d: d["contracts"].__setitem__(
        d["contract_order"][-1],
        13 - sum(c for s, c in enumerate(d["contracts"]) if s != d["contract_order"][-1]),
    ),
    "an illegal call": lambda d: d["auctions"][-1].__setitem__(
        -1, {"seat": d["auctions"][-1][-1]["seat"], "call": "4C"}
    ),
    "the declarer": lambda d: d.__setitem__("declarer", (d["declarer"] + 1) % 4),
    "a pass of cards not held": lambda d: d["exchanges"][0][0].__setitem__(
        0, d["exchanges"][0][1][0]
    ),
    "thirteen tricks": lambda d: d["tricks"].pop(),
}


def test_a_deal_by_the_rules_passes():
    assert verify_deal(SETTINGS, played_deal()) == []


@pytest.mark.parametrize("breakage", list(BREAKAGES), ids=list(BREAKAGES))
def test_each_kind_of_broken_deal_is_found(breakage):
    deal = copy.deepcopy(played_deal())
    BREAKAGES[breakage](deal)
    assert verify_deal(SETTINGS, deal) != []


def test_a_thrown_in_deal_is_checked_too():
    thrown = next(
        d for d in GAME.simulation.deals(SETTINGS, 2000, seed=3, bots="heuristic") if d["thrown_in"]
    )
    assert verify_deal(SETTINGS, thrown) == []
    assert verify_deal(SETTINGS, {**thrown, "points": [1, 0, 0, 0]}) != []
    assert verify_deal(SETTINGS, {**thrown, "exchanges": thrown["exchanges"][:-1]}) != []


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("name", ["standard", "pagat-german", "elhanani"])
def test_simulated_deals_keep_every_rule(name, bots):
    settings = GAME.preset(name)
    for deal in GAME.simulation.deals(settings, 300, seed=2024, bots=bots):
        assert verify_deal(settings, deal) == [], deal
