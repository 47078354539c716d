"""The hand schema's block for games whose stored hands came first (``core/schema.py``,
issue 41): declared wording (``Said``), numbers in the core's number words (``Number``,
``Numbers``), a field read from several keys, checks run on a partial read (``Check``),
and hand kinds beyond "thrown in" made into the game's own records (``Kind``,
``KindedSchema``).

A small game of its own is declared below: a hand names a caller (a seat) and a call, given
as "3S" text or as ``level`` and ``suit`` apart; each seat's tricks add up to 5; a hand
everyone passed is a "misère", flagged in the body, with only its tricks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper.engine.core.errors import InvalidHand
from scorekeeper.engine.core.messages import Message, msg
from scorekeeper.engine.core.schema import (
    Check,
    Context,
    Field,
    Kind,
    KindedSchema,
    Number,
    Numbers,
    PerSeat,
    Refused,
    Said,
)

SEATS = 4
TRICKS = 5


@dataclass(frozen=True)
class Rules:
    misere: bool = True


@dataclass(frozen=True)
class Called:
    caller: int
    call: str
    tricks: tuple[int, ...]


@dataclass(frozen=True)
class Misere:
    tricks: tuple[int, ...]
    rounds: int


class CallOf(Field):
    """The call: "3S" text, or its ``level`` and ``suit`` apart."""

    keys = ("call", "level", "suit")

    def parse(self, value: Any, ctx: Context) -> str:
        if value["call"] is not None:
            return str(value["call"])
        if value["level"] is None or value["suit"] is None:
            raise Refused(("level", msg("level and suit, or the call")))
        return f"{value['level']}{value['suit']}"

    def to_form(self, value: Any) -> dict[str, str]:
        return {"level": value[:-1], "suit": value[-1]}

    def from_form(self, values: Any, ctx: Context) -> dict[str, Any]:
        return {"level": values.get("level"), "suit": values.get("suit")}


def tricks(**kwargs: Any) -> Numbers:
    return Numbers(
        "tricks",
        msg("Tricks"),
        0,
        TRICKS,
        total=TRICKS,
        prefix="took",
        **kwargs,
        what=msg("tricks"),
        items=tuple(msg("tricks of seat %(seat)d", seat=s) for s in range(SEATS)),
        said={
            "total": Said(
                msg("tricks add up to %(total)d, not 5").said_at_table(
                    "The tricks add up to %(total)d; a hand has %(hand)d."
                ),
                total="sum",
                hand="total",
            )
        },
    )


SCHEMA = KindedSchema(
    Number("caller", msg("Caller"), what=msg("caller"), default=0),
    Check(
        "caller",
        ("caller",),
        lambda ctx, v, body: not 0 <= v["caller"] < SEATS and {"seat": v["caller"]},
        Said(msg("caller is seat %(seat)d; seats are 0..3")),
    ),
    CallOf("call", msg("Call")),
    tricks(),
    Check(
        "tricks",
        ("caller", "tricks"),
        lambda ctx, v, body: v["tricks"][v["caller"]] == 0 and ("call", msg("a caller takes one")),
    ),
    make=Called,
    kinds=(
        Kind(
            "misere",
            Check(
                "misere",
                (),
                lambda ctx, v, body: not ctx.settings.misere,
                Said(msg("no misere under these rules")),
            ),
            tricks(default=(0,) * SEATS),
            Number("rounds", msg("Rounds"), default=lambda ctx: 2 if ctx.settings.misere else 0),
            make=Misere,
            said=Said(msg("misere is yes or no, not %(value)s")),
            action="all-passed",
        ),
    ),
)
CTX = Context(Rules(), SEATS, tuple((s,) for s in range(SEATS)))


def read(body: Any, ctx: Context = CTX) -> Any:
    return SCHEMA.read(None, body, ctx)


def refusal(body: Any, ctx: Context = CTX) -> list[tuple[str, Message]]:
    with pytest.raises(InvalidHand) as caught:
        read(body, ctx)
    return caught.value.errors


GOOD = {"caller": 1, "call": "3S", "tricks": [1, 2, 1, 1]}


def test_a_hand_of_each_kind_is_the_games_own_record():
    assert read(GOOD) == Called(1, "3S", (1, 2, 1, 1))
    assert read({"misere": True, "tricks": "2, 1, 1, 1"}) == Misere((2, 1, 1, 1), 2)


def test_a_field_reads_from_several_keys_of_the_body():
    body = {"caller": 1, "level": 4, "suit": "H", "tricks": [1, 2, 1, 1]}
    assert read(body).call == "4H"
    assert [where for where, _ in refusal({**body, "suit": None})] == ["level"]


def test_the_keys_a_body_may_carry_are_every_fields_keys_and_every_kinds_flag():
    assert SCHEMA.hand_fields == {"caller", "call", "level", "suit", "tricks", "misere"}


def test_the_form_both_ways_by_each_kinds_fields():
    values = {"caller": "1", "level": "3", "suit": "S", "took_0": "1", "took_1": "2"}
    values |= {"took_2": "1", "took_3": "1"}
    body = SCHEMA.form_body(values, None, CTX)
    assert body == {"caller": "1", "level": "3", "suit": "S", "tricks": ["1", "2", "1", "1"]}
    assert read(body) == read(GOOD)
    assert SCHEMA.form_values({**GOOD, "call": "3S"}) == values
    # A number left empty takes its default; a kind's boxes left empty theirs, and a field
    # whose default is the Context's is not asked: the body carries it.
    assert SCHEMA.form_body({**values, "caller": ""}, None, CTX)["caller"] == 0
    passed = SCHEMA.form_body({"took_0": "5", "rounds": "7"}, "all-passed", CTX)
    assert passed == {"misere": True, "tricks": ["5", 0, 0, 0], "rounds": 2}
    assert read(passed) == Misere((5, 0, 0, 0), 2)
    assert SCHEMA.form_values({"misere": True, "tricks": [5, 0, 0, 0], "rounds": 2}) == {
        "took_0": "5",
        "took_1": "0",
        "took_2": "0",
        "took_3": "0",
        "rounds": "2",
    }


@pytest.mark.parametrize(
    ("tricks", "english", "table"),
    [
        ([1, 1, 1, 1], "tricks add up to 4, not 5", "The tricks add up to 4; a hand has 5."),
        ([5, 5, 0, 0], "tricks add up to 10, not 5", "The tricks add up to 10; a hand has 5."),
    ],
)
def test_declared_words_fill_their_placeholders_from_the_refusal(tricks, english, table):
    [(where, said)] = refusal({**GOOD, "tricks": tricks})
    assert where == "tricks" and said == english and str(said.table) == table
    assert said.template == "tricks add up to %(total)d, not 5"
    assert said.params == {"total": sum(tricks)}  # only the values it names


@pytest.mark.parametrize(
    ("value", "where", "english"),
    [
        ("", "caller", "caller is missing"),
        ("x", "caller", "caller must be a whole number, not 'x'"),
        (True, "caller", "caller must be a whole number, not True"),
        (7, "caller", "caller is seat 7; seats are 0..3"),
    ],
)
def test_a_number_is_refused_in_the_cores_number_words_or_its_checks(value, where, english):
    assert [(w, str(m)) for w, m in refusal({**GOOD, "caller": value})] == [(where, english)]


@pytest.mark.parametrize(
    ("tricks", "found"),
    [
        (None, [("tricks", "tricks must be a list of 4 numbers, one per seat")]),
        ([1, 2], [("tricks", "tricks has 2 values; it needs 4, one per seat")]),
        ([1, 2, 9, "a"], [("tricks[2]", None), ("tricks[3]", None)]),
    ],
)
def test_numbers_per_seat_are_read_as_the_core_reads_a_seats_numbers(tricks, found):
    got = refusal({**GOOD, "tricks": tricks})
    assert [where for where, _ in got] == [where for where, _ in found]
    for (_, said), (_, english) in zip(got, found, strict=True):
        assert english is None or said == english


def test_a_check_runs_once_what_it_needs_is_read_and_never_on_a_refused_field():
    # The caller's check refuses seat 7, so the tricks check that needs the caller is not
    # run; with a good caller it is, and says where the problem is.
    assert [w for w, _ in refusal({**GOOD, "caller": 7, "tricks": [0, 2, 2, 1]})] == ["caller"]
    assert [w for w, _ in refusal({**GOOD, "tricks": [2, 0, 2, 1]})] == ["call"]
    # Every problem is gathered, in the order the entries are declared.
    assert [w for w, _ in refusal({"caller": 9, "tricks": [1]})] == ["caller", "level", "tricks"]


def test_a_kind_has_its_own_entries_and_its_flag_is_yes_or_no():
    assert [w for w, _ in refusal({"misere": True})] == ["tricks"]
    [(where, said)] = refusal({"misere": "yes", "tricks": [2, 1, 1, 1]})
    assert (where, str(said)) == ("misere", "misere is yes or no, not 'yes'")
    assert read({"misere": False, **GOOD}) == read(GOOD)


def test_a_check_with_no_needs_runs_first_and_says_its_declared_words():
    no_misere = Context(Rules(misere=False), SEATS, CTX.sides)
    found = refusal({"misere": True, "tricks": [2, 1]}, no_misere)
    assert [(w, str(m)) for w, m in found][0] == ("misere", "no misere under these rules")
    assert [w for w, _ in found] == ["misere", "tricks"]


@pytest.mark.parametrize("body", [None, [], "3S", 7])
def test_a_body_that_is_no_object_is_refused(body):
    assert [(w, str(m)) for w, m in refusal(body)] == [("hand", "a hand must be a JSON object")]


def test_a_number_out_of_range_is_refused_in_the_cores_words_or_its_own():
    plain = Number("bonus", msg("Bonus"), 0, 9, what=msg("bonus"))
    worded = Number(
        "bonus",
        msg("Bonus"),
        0,
        9,
        said={"range": Said(msg("bonus %(number)d is not 0..%(high)d"))},
    )
    assert plain.parse(" 4", CTX) == worded.parse("4", CTX) == 4
    for number, english in (
        (plain, "bonus is 12; it must be 0..9"),
        (worded, "bonus 12 is not 0..9"),
    ):
        with pytest.raises(Refused) as caught:
            number.parse(12, CTX)
        assert [(w, str(m)) for w, m in caught.value.problems] == [("bonus", english)]
    with pytest.raises(Refused) as caught:  # not a number at all: the core's words still
        worded.parse("x", CTX)
    assert [str(m) for _, m in caught.value.problems] == ["bonus must be a whole number, not 'x'"]


def test_any_listed_field_may_declare_the_words_of_its_total():
    worded = PerSeat(
        "bids",
        msg("Bids"),
        0,
        5,
        total=5,
        said={
            "total": Said(
                msg("bids make %(sum)d; they make %(total)d").said_at_table(
                    "%(what)s: %(sum)d of %(total)d."
                )
            )
        },
    )
    plain = PerSeat("bids", msg("Bids"), 0, 5, total=5)
    assert worded.parse([2, 1, 1, 1], CTX) == plain.parse("2 1 1 1", CTX) == (2, 1, 1, 1)
    found = []
    for field in (worded, plain):
        with pytest.raises(Refused) as caught:
            field.parse([1, 1, 1, 1], CTX)
        [(where, said)] = caught.value.problems
        found.append((where, str(said), str(said.table)))
    assert found == [
        ("bids", "bids make 4; they make 5", "Bids: 4 of 5."),
        ("bids", "bids must add up to 5, not 4", "Bids must add up to 5, not 4."),
    ]
