"""Every error type takes (message, field) in that order and keeps both, so that a caller
never has to remember which of them comes first."""

import importlib
import inspect
import pkgutil

import pytest

import scorekeeper
from scorekeeper.cli.root import FieldError
from scorekeeper.cli.server import ServeError
from scorekeeper.db import Conflict, NotFound, StatesMissing
from scorekeeper.engine import EngineError, IllegalAction, InvalidHand, InvalidSettings, ParseError
from scorekeeper.engine.core.numbers import TooManyDigits, parse_int
from scorekeeper.engine.israeli_whist import RuleSettings, record_from_dict
from scorekeeper.json_input import JsonProblem, loads
from scorekeeper.problems import Problem
from scorekeeper.transfer import ImportProblem
from scorekeeper.transfer.peers.iws import PeerProblem
from scorekeeper.web.api.errors import ApiError
from scorekeeper.web.forms import FieldProblem, clean_player_names
from scorekeeper.web.i18n import MissingCatalogue
from scorekeeper.web.review.queries import BadQuery

ERRORS = [EngineError, ParseError, IllegalAction, InvalidSettings, TooManyDigits]
APP_ERRORS = [
    Problem,
    FieldProblem,
    JsonProblem,
    BadQuery,
    ServeError,
    Conflict,
    NotFound,
    ApiError,
]
# Problems in a file say where in it, after the field: (message, field, where).
FILE_ERRORS = [ImportProblem, PeerProblem]
# Not refusals of what someone sent: click's own (they take (message, field) too), a
# signal from the data layer to game_play that a game's states must be filled in first,
# and a start-up check of the installed catalogues.
NOT_PROBLEMS = {FieldError, MissingCatalogue, StatesMissing}


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
        (lambda: clean_player_names(["a", "b"], 4), FieldProblem, "players", "needs 4"),
        (lambda: clean_player_names(["a", "b", "", "d"], 4), FieldProblem, "players[2]", "name"),
    ],
)
def test_raised_errors_carry_the_field_and_a_message_that_says_why(raise_it, error, field, says):
    with pytest.raises(error) as caught:
        raise_it()
    assert caught.value.field == field
    assert says in caught.value.message and caught.value.message == str(caught.value)


@pytest.mark.parametrize("error", FILE_ERRORS)
def test_a_problem_in_a_file_takes_message_field_then_where(error):
    assert list(inspect.signature(error).parameters) == ["message", "field", "where"]
    raised = error("must be a list", "hands", "game 3")
    assert (raised.message, raised.field, raised.where) == ("must be a list", "hands", "game 3")
    assert str(raised) == "game 3: hands: must be a list"


def test_every_error_type_of_the_app_has_one_base():
    """Every exception class the app (not the engine) defines is a Problem, so one handler
    per blueprint answers any of them from ``.message`` and ``.field``."""
    found = set()
    for module in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if module.name.startswith("scorekeeper.engine"):
            continue
        for _name, value in inspect.getmembers(importlib.import_module(module.name)):
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == module.name
            ):
                found.add(value)
    assert set(APP_ERRORS + FILE_ERRORS) <= found
    assert {error for error in found - NOT_PROBLEMS if not issubclass(error, Problem)} == set()


@pytest.mark.parametrize(
    ("error", "status"), [(ApiError("no", "id", 404), 404), (ApiError("no", "id"), 422)]
)
def test_an_api_error_answers_with_its_status(error, status):
    assert (error.message, error.field, error.status) == ("no", "id", status)
