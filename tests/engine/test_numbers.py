"""The one reader of whole numbers: ASCII digits with an optional sign, and nothing else."""

import pytest

from scorekeeper.engine import MAX_DIGITS, ParseError, parse_int
from scorekeeper.engine.core.schema import Context, Count, Refused


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (7, 7),
        (-3, -3),
        ("7", 7),
        (" 7 ", 7),
        ("+7", 7),
        ("-7", -7),
        ("007", 7),
        ("0" * 40 + "7", 7),  # leading zeros add no digits
        ("9" * MAX_DIGITS, 10**MAX_DIGITS - 1),
        (-(10**MAX_DIGITS) + 1, -(10**MAX_DIGITS) + 1),
    ],
)
def test_whole_numbers_are_read(value, number):
    assert parse_int(value, "n") == number


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "n is missing"),
        ("", "n is missing"),
        ("  ", "n is missing"),
        ("--1", "n must be a whole number, not '--1'"),
        ("+-1", "n must be a whole number, not '+-1'"),
        ("²", "n must be a whole number, not '²'"),
        ("٣", "n must be a whole number, not '٣'"),
        ("３", "n must be a whole number, not '３'"),  # fullwidth
        ("1_000", "n must be a whole number, not '1_000'"),
        ("7.0", "n must be a whole number, not '7.0'"),
        ("1e2", "n must be a whole number, not '1e2'"),
        ("0x10", "n must be a whole number, not '0x10'"),
        ("7\n8", "n must be a whole number, not '7\\n8'"),
        ("x" * 100, "n must be a whole number, not 'xxxxxxxxxxxxxxxxxxxx'…"),
        (7.0, "n must be a whole number, not 7.0"),
        (float("nan"), "n must be a whole number, not nan"),
        (True, "n must be a whole number, not True"),
        ([7], "n must be a whole number, not […]"),
        ({"n": 7}, "n must be a whole number, not {…}"),
        (b"7", "n must be a whole number, not bytes"),
        ("9" * (MAX_DIGITS + 1), f"n has more than {MAX_DIGITS} digits"),
        ("-" + "9" * 5000, f"n has more than {MAX_DIGITS} digits"),
        (10**MAX_DIGITS, f"n has more than {MAX_DIGITS} digits"),
        pytest.param(-(10**5000), f"n has more than {MAX_DIGITS} digits", id="-10**5000"),
    ],
)
def test_anything_else_is_refused_naming_the_field_and_the_rule(value, message):
    with pytest.raises(ParseError) as caught:
        parse_int(value, "n")
    assert caught.value.field == "n"
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("low", "high", "value", "message"),
    [
        (0, 13, 14, "tricks must be a whole number from 0 to 13, not 14"),
        (0, 13, "-1", "tricks must be a whole number from 0 to 13, not -1"),
        (1, None, 0, "tricks must be a whole number of at least 1, not 0"),
        (None, 13, 99, "tricks must be a whole number of at most 13, not 99"),
    ],
)
def test_a_range_is_checked_when_given(low, high, value, message):
    with pytest.raises(ParseError) as caught:
        parse_int(value, "tricks[0]", label="tricks", low=low, high=high)
    assert caught.value.field == "tricks[0]"
    assert str(caught.value) == message
    assert parse_int(13, "tricks[0]", low=low, high=high) == 13 if high else True


def test_a_number_out_of_range_is_said_one_way_by_every_reader():
    """``parse_int`` and a hand's field (``core.schema``) refuse a number out of range in
    the same words, the API's and the table's: one wording (issue 67)."""
    with pytest.raises(ParseError) as read:
        parse_int("14", "tricks", low=0, high=13)
    with pytest.raises(Refused) as field:
        Count("tricks", "tricks", 0, 13).parse("14", Context(None, 4, ((0, 2), (1, 3))))
    ((where, said),) = field.value.problems
    assert where == "tricks" and str(said) == str(read.value.message)
    assert (
        str(said.table) == str(read.value.message.table) == "tricks must be from 0 to 13, not 14."
    )


# --- a number that may be a half (French Tarot's card points at three and five) ------------


@pytest.mark.parametrize(
    ("value", "number"),
    [
        ("40,5", 40.5),  # the French decimal sign: never 405
        ("40.5", 40.5),
        (" 40,5 ", 40.5),
        ("40½", 40.5),
        ("40,0", 40),
        ("0,5", 0.5),
        ("-0,5", -0.5),
        (40.5, 40.5),
        (40.0, 40),
        (40, 40),
        ("40", 40),
    ],
)
def test_a_half_is_read_with_either_decimal_sign(value, number):
    read = parse_int(value, "n", halves=True)
    assert read == number and type(read) is type(number)


@pytest.mark.parametrize(
    ("value", "message", "typed"),
    [
        ("40,7", "n must be a whole number or a half (as 40.5), not '40,7'", "40,7"),
        ("40,25", "n must be a whole number or a half (as 40.5), not '40,25'", "40,25"),
        ("1,000", "n must be a whole number or a half (as 40.5), not '1,000'", "1,000"),
        (".5", "n must be a whole number or a half (as 40.5), not '.5'", ".5"),
        (40.2, "n must be a whole number or a half (as 40.5), not 40.2", "40.2"),
        (float("inf"), "n must be a whole number or a half (as 40.5), not inf", "inf"),
    ],
)
def test_any_other_fraction_is_refused_showing_it_as_typed(value, message, typed):
    with pytest.raises(ParseError) as caught:
        parse_int(value, "n", halves=True)
    assert (caught.value.field, str(caught.value)) == ("n", message)
    assert caught.value.message.table.params["typed"] == typed


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "n must be a whole number, not 'abc'"),
        ("", "n is missing"),
        (True, "n must be a whole number, not True"),
        ("9" * (MAX_DIGITS + 1) + ",5", f"n has more than {MAX_DIGITS} digits"),
    ],
)
def test_what_is_no_number_is_refused_as_before(value, message):
    with pytest.raises(ParseError) as caught:
        parse_int(value, "n", halves=True)
    assert str(caught.value) == message


def test_without_halves_a_half_is_refused_as_before():
    for value in ("40,5", "40.5", 40.5):
        with pytest.raises(ParseError):
            parse_int(value, "n")
