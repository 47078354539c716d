"""Every error type takes (message, field) in that order and keeps both, so that a caller
never has to remember which of them comes first."""

import inspect

import pytest

from scorekeeper.cli.commands import FieldError
from scorekeeper.engine import EngineError, IllegalAction, InvalidHand, InvalidSettings, ParseError
from scorekeeper.engine.core.numbers import TooManyDigits, parse_int
from scorekeeper.engine.israeli_whist import RuleSettings, record_from_dict
from scorekeeper.json_input import JsonProblem, loads
from scorekeeper.web.forms import FieldProblem, clean_player_names

ERRORS = [EngineError, ParseError, IllegalAction, InvalidSettings, TooManyDigits]
APP_ERRORS = [FieldProblem, JsonProblem]


@pytest.mark.parametrize("error", ERRORS + APP_ERRORS)
def test_every_error_takes_message_then_field(error):
    assert list(inspect.signature(error).parameters)[:2] == ["message", "field"]
    raised = error("declarer is 4; seats are 0..3", "declarer")
    assert raised.message == str(raised) == "declarer is 4; seats are 0..3"
    assert raised.field == "declarer"


def test_an_invalid_hand_keeps_every_problem_and_shows_the_first():
    problems = [("tricks", "tricks total 12; they must total 13"), ("declarer", "no seat")]
    raised = InvalidHand(problems)
    assert raised.errors == problems
    assert (raised.message, raised.field) == ("tricks total 12; they must total 13", "tricks")
    assert str(raised) == raised.message


def test_the_cli_error_names_the_field_once():
    assert FieldError("--rules: no such preset", "--rules").format_message() == (
        "--rules: no such preset"
    )
    raised = FieldError("no such preset", "--rules")
    assert raised.format_message() == "--rules: no such preset" and raised.field == "--rules"


@pytest.mark.parametrize(
    ("raise_it", "error", "field", "says"),
    [
        (lambda: parse_int("x", "level"), ParseError, "level", "whole number"),
        (lambda: parse_int("9" * 30, "level"), TooManyDigits, "level", "more than 18 digits"),
        (lambda: RuleSettings.from_dict({"miss_step": "x"}), InvalidSettings, "miss_step", "x"),
        (lambda: record_from_dict(RuleSettings(), []), InvalidHand, "hand", "JSON object"),
        (lambda: loads(b"\xff"), JsonProblem, "encoding", "UTF-8"),
        (lambda: loads('{"a": [' + "9" * 30 + "]}"), JsonProblem, "a[0]", "18 digits"),
        (lambda: clean_player_names(["a", "b"]), FieldProblem, "players", "needs 4"),
        (lambda: clean_player_names(["a", "b", "", "d"]), FieldProblem, "players[2]", "name"),
    ],
)
def test_raised_errors_carry_the_field_and_a_message_that_says_why(raise_it, error, field, says):
    with pytest.raises(error) as caught:
        raise_it()
    assert caught.value.field == field
    assert says in caught.value.message and caught.value.message == str(caught.value)
