"""A hand of the schema's own record read by its fields and checks in order
(``CheckedSchema``, ``core/schema.py``, issue 41), as Bid Whist's is: a check that refuses a
field before it is read keeps it unread, a seat may be read in the core's number words, a
field its hand does not ask keeps its empty value, and a deal is thrown in as a kind whose
checks say under which rules.

A small game of its own is declared below: a caller (a seat) calls a suit or no-trump; a
no-trump call names its order (high or low) and no trump suit, and a deal is thrown in only
where the rules allow it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper.engine.core.errors import InvalidHand, ParseError
from scorekeeper.engine.core.messages import msg
from scorekeeper.engine.core.numbers import parse_int
from scorekeeper.engine.core.schema import (
    Check,
    CheckedSchema,
    Context,
    Kind,
    OneOf,
    Refused,
    Said,
    SeatOf,
    SuitOf,
)


@dataclass(frozen=True)
class Rules:
    throw_in: bool = True


NO_SUIT_WITH_NT = Said(msg("a no-trump call has no trump suit"))
NEVER_THROWN_IN = Said(msg("no deal is thrown in under these rules"))

HAND = CheckedSchema(
    SeatOf("caller", msg("Caller"), what=msg("caller")),
    OneOf("call", msg("Call"), (("S", msg("spades")), ("NT", msg("no-trump")))),
    Check(
        "trump",
        ("call",),
        lambda ctx, v, body: v["call"] == "NT" and body.get("trump") is not None,
        NO_SUIT_WITH_NT,
    ),
    SuitOf("trump", msg("Trump"), shown_when=("call", ("S",)), default=None),
    OneOf(
        "order",
        msg("Order"),
        (("high", msg("high")), ("low", msg("low"))),
        shown_when=("call", ("NT",)),
        default=None,
    ),
    thrown_in=Kind(
        "thrown_in",
        Check("thrown_in", (), lambda ctx, v, body: not ctx.settings.throw_in, NEVER_THROWN_IN),
        said=Said(msg("thrown_in must be true or false, not %(value)s")),
        action="throw_in",
    ),
)


class Game:
    key = "checked"
    name = msg("Checked")
    hand = HAND


def read(body: Any, rules: Rules = Rules()) -> Any:
    return HAND.read(Game(), body, Context(rules, 4, ((0, 2), (1, 3))))


def problems(body: Any, rules: Rules = Rules()) -> list[tuple[str, str]]:
    with pytest.raises(InvalidHand) as caught:
        read(body, rules)
    return [(where, str(said)) for where, said in caught.value.errors]


def test_a_check_that_refuses_a_field_before_it_keeps_the_field_unread():
    """A trump given to a no-trump call is refused once, in the check's words: the
    trump's own reading (not a suit) would only repeat that it does not belong."""
    body = {"caller": 1, "call": "NT", "trump": 5, "order": "low"}
    assert problems(body) == [("trump", "a no-trump call has no trump suit")]


def test_a_field_no_check_refused_is_read_as_usual():
    assert problems({"caller": 1, "call": "S", "trump": 5}) == [
        ("trump", "trump must be a suit, C, D, H or S, not 5")
    ]


@pytest.mark.parametrize("value", ["x", 4, -1, None, 1.5])
def test_a_seat_is_read_in_the_number_words_it_declares(value):
    with pytest.raises(ParseError) as expected:
        parse_int(value, "caller", label=msg("caller"), low=0, high=3)
    assert problems({"caller": value, "call": "S", "trump": "H"}) == [
        ("caller", str(expected.value.message))
    ]


def test_a_seat_without_number_words_keeps_the_schema_words():
    seat = SeatOf("caller", msg("Caller"))
    with pytest.raises(Refused) as caught:
        seat.parse(4, Context(Rules(), 4, ((0, 2), (1, 3))))
    assert str(caught.value.problems[0][1]) == "caller must be a seat from 0 to 3, not 4"


def test_a_field_the_hand_does_not_ask_keeps_its_empty_value():
    """The order belongs to a no-trump call only: given with a suit call it is read, then
    kept empty, so the stored hand says nothing of it."""
    hand = read({"caller": 2, "call": "S", "trump": "H", "order": "high"})
    assert (hand.caller, hand.call, str(hand.trump), hand.order) == (2, "S", "H", None)
    assert read({"caller": 0, "call": "NT", "order": "low"}).order == "low"


def test_a_deal_is_thrown_in_only_where_its_kind_checks_allow():
    hand = read({"thrown_in": True, "caller": 9})
    assert hand.thrown_in and hand.caller is None
    assert problems({"thrown_in": True}, Rules(throw_in=False)) == [
        ("thrown_in", "no deal is thrown in under these rules")
    ]
    assert problems({"thrown_in": "yes"}) == [
        ("thrown_in", "thrown_in must be true or false, not 'yes'")
    ]
    assert "thrown_in" in HAND.hand_fields


@pytest.mark.parametrize("body", [[], "hand", None, 3])
def test_a_hand_that_is_not_an_object_is_refused(body):
    assert problems(body) == [("hand", "a hand must be a JSON object")]
