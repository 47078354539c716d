"""Israeli Whist's hand declared on the plain schema (``israeli_whist/records.py``, issue
55): the game reads, and fills the form both ways, through its declaration, and each kind
of hand (played, thrown in, pass round) is stored in the form the schema writes."""

from __future__ import annotations

import dataclasses
import random

import pytest

from scorekeeper.engine import GAMES, InvalidHand
from scorekeeper.engine.israeli_whist.records import HAND
from tests.support.games.israeli_whist.hand import kind

GAME = GAMES["israeli-whist"]
STANDARD = GAME.preset("standard")
PASSING = dataclasses.replace(STANDARD, all_pass="pass_round")
PLAYED = {
    "frisch_rounds": 1,
    "declarer": 2,
    "bid": "7C",
    "contracts": [2, 3, 7, 0],
    "tricks": [0, 3, 8, 2],
    "revokes": [0, 1, 0, 0],
    "thrown_in": False,
}
PASS_ROUND = {"pass_round": True, "tricks": [4, 3, 3, 3], "thrown_in": False}
FIELDS = {"pass_round", "frisch_rounds", "declarer", "bid", "contracts", "tricks", "revokes"}


def test_the_game_declares_its_hand_and_the_keys_a_body_may_carry_come_from_it():
    assert GAME.hand is HAND
    assert GAME.hand.hand_fields == FIELDS | {"thrown_in"}


@pytest.mark.parametrize(
    ("settings", "stored", "action"),
    [
        (STANDARD, PLAYED, None),
        (STANDARD, {"thrown_in": True, "frisch_rounds": 3}, "thrown_in"),
        (PASSING, PASS_ROUND, None),
    ],
)
def test_each_kind_is_read_stored_and_sent_back_by_the_form(settings, stored, action):
    record = GAME.record_from_dict(settings, stored)
    assert record.to_dict() == stored and list(record.to_dict()) == list(stored)
    sent = GAME.hand.form_body(GAME.context(settings), GAME.hand.form_values(stored), action)
    assert GAME.record_from_dict(settings, sent) == record


def test_the_form_sends_the_bid_as_level_and_trump_and_an_empty_revoke_as_none():
    values = GAME.hand.form_values(PLAYED)
    assert (values["level"], values["denomination"], values["contract_2"]) == ("7", "C", "7")
    sent = GAME.hand.form_body(GAME.context(STANDARD), {**values, "revokes_1": ""}, None)
    assert sent["bid"] == {"level": "7", "denomination": "C"}
    assert GAME.record_from_dict(STANDARD, sent).revokes == (0, 0, 0, 0)


def test_the_form_asks_no_frisch_round_where_the_rules_have_none():
    no_frisch = dataclasses.replace(STANDARD, frisch_rounds=0)
    [rounds] = [
        f for f in GAME.hand_form(no_frisch, "ABCD").steps[0].fields if f.name == "frisch_rounds"
    ]
    assert rounds.hidden_when_single and rounds.default == "0"
    assert GAME.hand.form_body(GAME.context(no_frisch), {"frisch_rounds": "0"}, "thrown_in") == {
        "thrown_in": True
    }


def test_a_pass_round_is_a_yes_of_the_form_that_hides_the_auction():
    spec = GAME.hand_form(PASSING, "ABCD")
    shown = {rule["field"]: rule["values"] for rule in spec.rules["show"]}
    assert shown["declarer"] == ["no"] and shown["contract_0"] == ["no"]
    assert "show" not in GAME.hand_form(STANDARD, "ABCD").rules
    assert [action.name for action in spec.actions] == []
    assert [action.name for action in GAME.hand_form(STANDARD, "ABCD").actions] == ["thrown_in"]
    typed = {
        "pass_round": "yes",
        "tricks_0": "4",
        "tricks_1": "3",
        "tricks_2": "3",
        "tricks_3": "3",
    }
    sent = GAME.hand.form_body(GAME.context(PASSING), typed, None)
    assert GAME.record_from_dict(PASSING, sent).to_dict() == PASS_ROUND


@pytest.mark.parametrize(
    ("settings", "body", "fields"),
    [
        (PASSING, {"thrown_in": True}, ["thrown_in"]),
        (
            STANDARD,
            {"pass_round": True, "tricks": [4, 3, 3, 3]},
            ["pass_round", "declarer", "bid", "contracts"],
        ),
        (
            PASSING,
            {"pass_round": True, "frisch_rounds": 3, "tricks": [4, 3, 3, 3]},
            ["frisch_rounds"],
        ),
        (STANDARD, {**PLAYED, "frisch_rounds": 0, "bid": "5C"}, []),
        (STANDARD, {**PLAYED, "bid": "6C", "contracts": [2, 3, 6, 1]}, []),
        (STANDARD, {**PLAYED, "frisch_rounds": 3}, ["level"]),
        (STANDARD, {**PLAYED, "frisch_rounds": 4}, ["frisch_rounds"]),
        (STANDARD, {**PLAYED, "bid": {"level": 4, "denomination": "C"}}, ["level"]),
        (STANDARD, {**PLAYED, "bid": "7X"}, ["bid"]),
        (STANDARD, {**PLAYED, "declarer": 4, "contracts": [2, 3, 8, 1]}, ["declarer"]),
        (STANDARD, {**PLAYED, "contracts": [2, 3, 6, 0]}, ["contracts[2]"]),
        (STANDARD, {**PLAYED, "contracts": [3, 3, 7, 0]}, ["contracts"]),
        (STANDARD, {**PLAYED, "tricks": [1, 1, 1, 1]}, ["tricks"]),
    ],
)
def test_the_rules_between_fields_are_checked_where_the_table_looks(settings, body, fields):
    """A rule between fields refuses at the field the table corrects; a field refused
    is not checked again against another (a wrong declarer's contract is not judged)."""
    if not fields:
        assert GAME.record_from_dict(settings, body)
        return
    with pytest.raises(InvalidHand) as caught:
        GAME.record_from_dict(settings, body)
    assert [field for field, _ in caught.value.errors] == fields


@pytest.mark.parametrize("settings", [STANDARD, PASSING])
def test_random_hands_are_legal_and_of_the_kinds_the_rules_allow(settings):
    rng = random.Random(41)
    ctx = GAME.context(settings)
    drawn = [
        GAME.record_from_dict(settings, GAME.hand.random_body(GAME, settings, ctx, rng))
        for _ in range(60)
    ]
    kinds = {kind(record) for record in drawn}
    assert "played" in kinds
    assert kinds <= ({"played", "pass_round"} if settings is PASSING else {"played", "thrown_in"})
