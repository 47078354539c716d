"""Israeli Whist's hand declared on the schema (``israeli_whist/records.py``, issue 41):
the game reads, and fills the form both ways, through its declaration, and each kind of
hand (played, thrown in, pass round) keeps its stored form."""

from __future__ import annotations

import dataclasses
import random

import pytest

from scorekeeper.engine import GAMES, InvalidHand
from scorekeeper.engine.israeli_whist.records import HAND, PassRound, PlayedHand, ThrownIn
from tests.support.israeli_whist_surface import FIELDS

GAME = GAMES["israeli-whist"]
STANDARD = GAME.preset("standard")
PASSING = dataclasses.replace(STANDARD, all_pass="pass_round")
PLAYED = {
    "thrown_in": False,
    "declarer": 2,
    "bid": "7C",
    "frisch_rounds": 1,
    "contracts": [2, 3, 7, 0],
    "tricks": [0, 3, 8, 2],
    "revokes": [0, 1, 0, 0],
}
PASS_ROUND = {"pass_round": True, "frisch_rounds": 3, "tricks": [4, 3, 3, 3], "revokes": [0] * 4}


def test_the_game_declares_its_hand_and_the_keys_a_body_may_carry_come_from_it():
    assert GAME.hand is HAND
    assert GAME.hand_fields == set(FIELDS)  # every key the surface's bodies may carry


@pytest.mark.parametrize(
    ("settings", "stored", "kind", "action"),
    [
        (STANDARD, PLAYED, PlayedHand, None),
        (STANDARD, {"thrown_in": True, "frisch_rounds": 3}, ThrownIn, "throw_in"),
        (PASSING, PASS_ROUND, PassRound, "pass_round"),
    ],
)
def test_each_kind_is_read_stored_and_sent_back_by_the_form_as_it_was(
    settings, stored, kind, action
):
    record = GAME.record_from_dict(settings, stored)
    assert isinstance(record, kind)
    assert record.to_dict() == stored and list(record.to_dict()) == list(stored)
    sent = GAME.form_body(settings, GAME.form_values(stored), action)
    assert GAME.record_from_dict(settings, sent) == record


def test_the_form_sends_the_bid_as_level_and_trump_and_an_empty_revoke_as_none():
    values = GAME.form_values(PLAYED)
    assert (values["level"], values["denomination"], values["contract_2"]) == ("7", "C", "7")
    sent = GAME.form_body(STANDARD, {**values, "revokes_1": ""}, None)
    assert sent["revokes"] == ["0", 0, "0", "0"] and "bid" not in sent
    assert GAME.record_from_dict(STANDARD, sent).revokes == (0, 0, 0, 0)


@pytest.mark.parametrize("rounds", ["0", "2", ""])
def test_a_deal_thrown_in_on_the_form_is_thrown_after_the_rules_frisch_rounds(rounds):
    """The Frisch rounds box is not asked when everyone passed: the deal is thrown in
    after the last round the rules allow, whatever the box shows."""
    sent = GAME.form_body(STANDARD, {"frisch_rounds": rounds}, "throw_in")
    assert sent == {"thrown_in": True, "frisch_rounds": 3}
    assert GAME.record_from_dict(STANDARD, sent) == ThrownIn(3)


@pytest.mark.parametrize(
    ("settings", "body", "fields"),
    [
        (PASSING, {"thrown_in": True}, ["thrown_in"]),
        (STANDARD, {"pass_round": True, "tricks": [4, 3, 3, 3]}, ["pass_round"]),
        (STANDARD, {"thrown_in": True, "frisch_rounds": 1}, ["frisch_rounds"]),
        (STANDARD, {**PLAYED, "frisch_rounds": 0, "bid": "5C"}, []),
        (STANDARD, {**PLAYED, "bid": "6C", "contracts": [2, 3, 6, 1]}, []),
        (STANDARD, {**PLAYED, "frisch_rounds": 3}, ["bid"]),
        (STANDARD, {**PLAYED, "bid": None, "level": 5, "denomination": "C"}, ["level"]),
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
        GAME.record_from_dict(settings, GAME.random_hand(settings, ctx, rng)) for _ in range(40)
    ]
    kinds = {type(record) for record in drawn}
    assert PlayedHand in kinds
    assert kinds <= ({PlayedHand, PassRound} if settings is PASSING else {PlayedHand, ThrownIn})
