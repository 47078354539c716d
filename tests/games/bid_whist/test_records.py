"""A Bid Whist hand recorded at the table (no cards known): the shapes the API takes,
round trips through ``to_dict``, and every validation message, naming field and rule.

Since the hand moved onto the plain schema (issue 55) a hand played is written with
``"thrown_in": false``, and its refusals are the schema's words where the field says it
all (a whole number's range, a suit, a value the bid does not ask)."""

import random

import pytest

from scorekeeper.engine import get_game, register_game
from scorekeeper.engine.bid_whist import GAME
from scorekeeper.engine.bid_whist.bids import Kind
from tests.support.games.bid_whist.records import _problems
from tests.support.games.bid_whist.shared import S


@pytest.mark.parametrize(
    "body",
    [
        {"bidder": 0, "bid": "4U", "trump": "H", "books": 11, "thrown_in": False},
        {"bidder": 3, "bid": "4D", "trump": "C", "books": 9, "reneges": [0, 1], "thrown_in": False},
        {"bidder": 1, "bid": "5NT", "direction": "low", "books": 10, "thrown_in": False},
        {
            "bidder": 2,
            "bid": "7NT",
            "direction": "high",
            "books": 13,
            "reneges": [4, 4],
            "thrown_in": False,
        },
        {"thrown_in": True},
    ],
)
def test_api_shapes_round_trip(body):
    record = GAME.record_from_dict(S, body)
    assert record.to_dict() == body
    assert GAME.record_from_dict(S, record.to_dict()) == record


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # text as forms send it, and the spellings people use
        (
            {"bidder": "2", "bid": "4u", "trump": "♥", "books": "11", "reneges": "0,1"},
            {"bidder": 2, "bid": "4U", "trump": "H", "books": 11, "reneges": [0, 1]},
        ),
        (
            {"bidder": 1, "bid": "5nt", "direction": "low", "books": 10, "trump": None},
            {"bidder": 1, "bid": "5NT", "direction": "low", "books": 10},
        ),
        (  # a direction left null beside a trump bid is as if left out
            {"bidder": 0, "bid": "3D", "trump": "s", "direction": None, "books": 9},
            {"bidder": 0, "bid": "3D", "trump": "S", "books": 9},
        ),
        (
            {"bidder": 0, "bid": "3U", "trump": "S", "books": 9, "reneges": [0, 0]},
            {"bidder": 0, "bid": "3U", "trump": "S", "books": 9},
        ),
        ({"thrown_in": True, "bidder": 9}, {"thrown_in": True}),
    ],
)
def test_values_are_read_as_typed(body, expected):
    played = {} if expected.get("thrown_in") else {"thrown_in": False}
    assert GAME.record_from_dict(S, body).to_dict() == expected | played


GOOD = {"bidder": 0, "bid": "4U", "trump": "H", "books": 11}

# (changes to a good hand, the field, words its message must hold)
PROBLEMS = [
    ({"bidder": None}, "bidder", "bidder is missing"),
    ({"bidder": 4}, "bidder", "bidder must be a whole number from 0 to 3, not 4"),
    ({"bidder": -1}, "bidder", "bidder must be a whole number from 0 to 3, not -1"),
    ({"bidder": "north"}, "bidder", "bidder must be a whole number, not 'north'"),
    ({"bidder": True}, "bidder", "bidder must be a whole number, not True"),
    ({"bid": None}, "bid", "bid is missing"),
    ({"bid": 4}, "bid", "4 is not a bid; write level and kind, as in 4U, 4D or 4NT"),
    ({"bid": "8U"}, "bid", "'8U' is not a bid; its level must be 3..7"),
    ({"bid": "2D"}, "bid", "'2D' is not a bid; its level must be 3..7"),
    ({"bid": "4X"}, "bid", "its kind must be U (uptown), D (downtown) or NT"),
    ({"bid": "hearts"}, "bid", "'hearts' is not a bid; write level and kind"),
    ({"trump": None}, "trump", "trump is missing"),
    ({"trump": "X"}, "trump", "trump must be a suit, C, D, H or S, not 'X'"),
    ({"trump": 2}, "trump", "trump must be a suit, C, D, H or S, not 2"),
    ({"direction": "low"}, "direction", "direction is not part of this hand as given"),
    ({"books": 0}, "books", "books must be a whole number from 1 to 13, not 0"),
    ({"books": 14}, "books", "books must be a whole number from 1 to 13, not 14"),
    ({"books": "ten"}, "books", "books must be a whole number from 1 to 13, not 'ten'"),
    ({"books": None}, "books", "books is missing"),
    ({"books": 10.0}, "books", "books must be a whole number from 1 to 13, not 10.0"),
    ({"reneges": [1]}, "reneges", "reneges must be a list of 2 whole numbers, one per side"),
    ({"reneges": [0, 0, 0]}, "reneges", "reneges must be a list of 2 whole numbers, one per side"),
    ({"reneges": 2}, "reneges", "reneges must be a list of 2 whole numbers, one per side"),
    ({"reneges": [-1, 0]}, "reneges[0]", "reneges[0] must be a whole number from 0 to 4, not -1"),
    ({"reneges": [0, 5]}, "reneges[1]", "reneges[1] must be a whole number from 0 to 4, not 5"),
    ({"reneges": [0, "x"]}, "reneges[1]", "from 0 to 4, not 'x'"),
    ({"thrown_in": "yes"}, "thrown_in", "thrown_in must be true or false, not 'yes'"),
]


@pytest.mark.parametrize(("changes", "field", "words"), PROBLEMS)
def test_each_problem_names_its_field_and_rule(changes, field, words):
    problems = _problems({**GOOD, **changes})
    assert [f for f, _ in problems] == [field]
    assert words in problems[0][1]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (
            {"bidder": 0, "bid": "4NT", "books": 10},
            "direction",
            "direction is missing",
        ),
        (
            {"bidder": 0, "bid": "4NT", "direction": "up", "books": 10},
            "direction",
            "direction must be one of high, low, not 'up'",
        ),
        (
            {"bidder": 0, "bid": "4NT", "direction": "low", "trump": "H", "books": 10},
            "trump",
            "trump is not part of this hand as given: leave it out",
        ),
        (
            {"bidder": 0, "bid": "4D", "trump": "H", "direction": "high", "books": 10},
            "direction",
            "direction is not part of this hand as given: leave it out",
        ),
    ],
)
def test_trump_for_uptown_and_downtown_direction_for_no_trump(body, field, words):
    problems = _problems(body)
    assert [f for f, _ in problems] == [field]
    assert words in problems[0][1]


@pytest.mark.parametrize(
    ("body", "field", "table"),
    [
        ({"bidder": 0, "bid": "4U", "books": 11}, "trump", "Still missing: Trump."),
        ({"bidder": 0, "bid": "4D", "trump": None, "books": 9}, "trump", "Still missing: Trump."),
        ({"bidder": 0, "bid": "5NT", "books": 10}, "direction", "Still missing: Direction."),
    ],
)
def test_the_trump_or_direction_left_out_is_named_at_the_table_as_the_form_asks_it(
    body, field, table
):
    """The schema names what the bid's kind asks and the body left out, in the API's
    words and, for the form, in the table's (the field's label)."""
    assert [(f, m, str(m.table)) for f, m in _problems(body)] == [
        (field, f"{field} is missing", table)
    ]


NOT_ASKED = "%s is not part of this hand as given: leave it out"


@pytest.mark.parametrize(
    ("body", "problems"),
    [
        # a trump beside a no-trump bid is refused once, whatever it holds
        ({"bid": "5NT", "trump": 5, "direction": "low"}, [("trump", NOT_ASKED % "trump")]),
        ({"bid": "5NT", "trump": None, "direction": "low"}, []),
        # beside a bid that does not read, what the bid would ask is not read
        (
            {"bid": "XX", "trump": 5, "direction": "up"},
            [("bid", "'XX' is not a bid; write level and kind, as in 4U, 4D or 4NT")],
        ),
        # a bid with trumps names no direction, not even the one its kind plays
        (
            {"bid": "4U", "trump": "H", "direction": "high"},
            [("direction", NOT_ASKED % "direction")],
        ),
        (
            {"bid": "4U", "trump": "X", "direction": "low"},
            [
                ("trump", "trump must be a suit, C, D, H or S, not 'X'"),
                ("direction", NOT_ASKED % "direction"),
            ],
        ),
        (
            {"bid": "4U"},
            [("trump", "trump is missing")],
        ),
    ],
)
def test_a_trump_or_direction_is_read_by_the_bids_kind_in_the_tables_order(body, problems):
    """Each refusal once, in the table's order, and a value the bid does not ask kept
    out of the stored hand."""
    body = {"bidder": 2, "books": 9, **body}
    if problems:
        assert _problems(body) == problems
    else:
        hand = GAME.record_from_dict(S, body)
        assert "direction" not in hand.to_dict() or hand.bid.kind.letters == "NT"
        assert "trump" not in hand.to_dict() or hand.bid.kind.letters != "NT"


def test_minimum_level_knob_checks_the_bid():
    rules = S.with_changes({"minimum_level": 4})
    problems = _problems({**GOOD, "bid": "3U"}, rules)
    assert problems == [("bid", "bid level is 3; these rules allow 4..7")]  # nothing more
    assert GAME.record_from_dict(rules, {**GOOD, "bid": "4D"}).bid.level == 4


def test_every_problem_is_listed_at_once():
    """The direction the no-trump bid left out among them, in the table's order."""
    problems = _problems({"bidder": 7, "bid": "4NT", "trump": "H", "books": 0, "reneges": [9, 0]})
    assert [f for f, _ in problems] == ["bidder", "trump", "direction", "books", "reneges[0]"]


@pytest.mark.parametrize("body", [None, [], "4U", 7])
def test_a_hand_must_be_an_object(body):
    assert _problems(body) == [("hand", "a hand must be a JSON object")]


def test_thrown_in_only_when_all_pass_redeals():
    rules = S.with_changes({"all_pass": "dealer_must_bid"})
    problems = _problems({"thrown_in": True}, rules)
    assert problems[0][0] == "thrown_in"
    assert "the dealer must bid" in problems[0][1]


def test_the_game_object_meets_the_interface_and_registers():
    assert GAME.key == "bid-whist"
    assert str(GAME.name) == "Bid Whist"
    assert GAME.seats == 4 and GAME.sides == ((0, 2), (1, 3))
    assert GAME.default_preset == "bid-whist" and list(GAME.presets) == ["bid-whist"]
    assert GAME.preset(GAME.default_preset) == S
    assert S.preset_of(GAME.presets) == "bid-whist"
    assert register_game(GAME) is GAME  # registering it again is allowed, and changes nothing
    assert get_game("Bid-Whist") is GAME


# --- the hand declared once, with its stored form --------------------------------------------

STORED = [
    {"bidder": 0, "bid": "4U", "trump": "H", "books": 11, "thrown_in": False},
    {"bidder": 3, "bid": "3D", "trump": "C", "books": 9, "reneges": [0, 1], "thrown_in": False},
    {"bidder": 1, "bid": "5NT", "direction": "low", "books": 10, "thrown_in": False},
    {
        "bidder": 2,
        "bid": "7NT",
        "direction": "high",
        "books": 13,
        "reneges": [4, 4],
        "thrown_in": False,
    },
    {"thrown_in": True},
]


def test_the_hand_is_declared_on_the_schema_in_the_tables_order():
    assert GAME.hand is not None
    assert GAME.hand.names == ("bidder", "bid", "trump", "direction", "books", "reneges")
    assert GAME.hand.hand_fields == {*GAME.hand.names, "thrown_in"}


@pytest.mark.parametrize("stored", STORED)
def test_a_stored_hand_is_typed_and_written_back_by_its_fields_alone(stored):
    """The fields' load and dump are the stored JSON: a hand loaded without reading is
    the hand the reading gives, and writes back the very same body."""
    loaded = GAME.hand.load(GAME, stored)
    assert loaded == GAME.record_from_dict(S, stored)
    assert loaded.to_dict() == stored


@pytest.mark.parametrize("stored", STORED)
def test_the_form_asks_a_stored_hand_back_unchanged(stored):
    """A stored hand shown on the form and saved again is the same hand: the bid as
    level and kind, the trump or the direction by its kind, the reneges per side."""
    action = "thrown_in" if stored.get("thrown_in") else None
    body = GAME.hand.form_body(GAME.context(S), GAME.hand.form_values(stored), action)
    assert GAME.record_from_dict(S, body).to_dict() == stored


def test_a_trump_left_on_the_form_by_a_changed_mind_is_not_sent():
    values = {"bidder": "1", "level": "5", "kind": "NT", "trump": "H", "direction": "low"}
    body = GAME.hand.form_body(GAME.context(S), {**values, "books": "10"}, None)
    assert "trump" not in body
    assert GAME.record_from_dict(S, body).to_dict() == STORED[2] | {"bidder": 1}


@pytest.mark.parametrize("rules", [S, S.with_changes({"minimum_level": 4})])
def test_random_hands_are_legal_and_name_trump_or_direction_by_the_kind(rules):
    rng = random.Random(41)
    kinds = set()
    for _ in range(300):
        body = GAME.hand.random_body(GAME, rules, GAME.context(rules), rng)
        hand = GAME.record_from_dict(rules, body)
        if hand.thrown_in:
            continue
        kinds.add(hand.bid.kind)
        assert hand.bid.level >= rules.minimum_level
        assert (hand.trump is None) == (hand.bid.kind is Kind.NO_TRUMP)
        assert (hand.direction is None) != (hand.bid.kind is Kind.NO_TRUMP)
    assert kinds == set(Kind)


def test_the_command_line_options_keep_their_words():
    """The options' help as it was; the bidder, the bid and the books now required
    (unless the deal was thrown in), the reneges listed as every per-side value is."""
    options = {o.name: (o.help, o.metavar, o.listed, o.required) for o in GAME.hand.options(GAME)}
    assert options == {
        "bidder": ("The seat that won the auction", "SEAT", False, True),
        "bid": ("Level and kind, as in 4U, 4D or 4NT", "BID", False, True),
        "trump": ("Trump suit of an uptown or downtown bid: C D H S", "SUIT", False, False),
        "direction": ("Direction of a no-trump bid", "high|low", False, False),
        "books": ("Books of the bidding side, the discard included", "N", False, True),
        "reneges": ("Caught reneges per side, A then B", "N,N,…", True, False),
        "thrown_in": ("The deal was thrown in: nobody played it.", "", False, False),
    }
