"""A bid of a level and a denomination (``core.level_bids``), once for every game that
writes one: Israeli Whist's phase-one bid (5..13) and Bridge's contract (1..7)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.errors import ParseError
from scorekeeper.engine.core.level_bids import BidOf, Denomination, LevelBid
from scorekeeper.engine.core.schema import Refused
from scorekeeper.engine.israeli_whist import Bid


def test_a_games_levels_are_its_bid_classs():
    assert str(LevelBid.from_str("7nt")) == "7NT"
    assert str(Bid.from_str("13♠")) == "13S" and repr(Bid.from_str("7C")) == "Bid('7C')"
    with pytest.raises(ParseError) as refused:
        LevelBid.from_str("8C")
    assert "the level must be 1..7" in str(refused.value)
    with pytest.raises(ParseError):
        Bid.from_str("4C")


def test_the_field_refuses_each_key_by_its_levels():
    class Contract(BidOf):
        bids = LevelBid

    field = Contract("bid", "Bid")
    game = get_game("israeli-whist")
    ctx = game.context(game.preset("standard"))
    assert field.parse({"level": "3", "denomination": "H"}, ctx) == LevelBid(3, Denomination.HEARTS)
    with pytest.raises(Refused) as refused:
        field.parse({"level": "9", "denomination": ""}, ctx)
    said = {name: str(words) for name, words in refused.value.problems}
    assert said == {
        "level": "level must be a whole number from 1 to 7, not 9",
        "denomination": "denomination is missing; choose C, D, H, S or NT",
    }


def test_bridges_strain_keys_read_the_same_denominations():
    game = get_game("bridge")
    form = game.hand_form(game.preset(game.default_preset), ["N", "E", "S", "W"])
    [strain] = [f for step in form.steps for f in step.fields if f.name == "strain"]
    keys = [(c.value, str(c.label), c.tone) for c in strain.choices]
    assert keys == [
        ("C", "♣", ""),
        ("D", "♦", "red"),
        ("H", "♥", "red"),
        ("S", "♠", ""),
        ("NT", "NT", ""),
    ]
