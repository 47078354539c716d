"""Validation of hands recorded at the table: every error names the field and the rule."""

import pytest

from scorekeeper.engine import InvalidHand
from scorekeeper.engine.israeli_whist import (
    forbidden_for_entry,
    preset,
    record_from_dict,
    score_table_entry,
)
from tests.support.web.games.validation import WORKED, errors_of

STANDARD = preset("standard")
PAGAT = preset("pagat-german")


def test_worked_example_records_and_scores():
    hand = record_from_dict(PAGAT, WORKED)
    assert hand.to_dict() == {
        "declarer": 2,
        "bid": "7C",
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
        "thrown_in": False,
    }
    assert hand.score(PAGAT).points == (-20, 19, -10, -40)


def test_values_typed_as_text_are_accepted():
    hand = record_from_dict(
        STANDARD,
        dict(
            declarer="2",
            bid={"level": "8", "denomination": "nt"},
            frisch_rounds="2",
            contracts=["2", "3", "9", "0"],
            tricks="0 3 8 2",
            revokes=["0", "1", "0", "0"],
        ),
    )
    assert str(hand.bid) == "8NT"
    assert hand.frisch_rounds == 2
    assert hand.revokes == (0, 1, 0, 0)


@pytest.mark.parametrize(
    ("settings", "changes", "field", "message"),
    [
        (PAGAT, {"declarer": 4}, "declarer", "declarer must be a seat from 0 to 3, not 4"),
        (PAGAT, {"declarer": "north"}, "declarer",
         "declarer must be a seat from 0 to 3, not 'north'"),
        (PAGAT, {"declarer": None}, "declarer", "declarer is missing"),
        (PAGAT, {"bid": "4C"}, "bid", "'4C' is not a bid; the level must be 5..13"),
        (PAGAT, {"bid": "7X"}, "bid", "'7X' is not a bid; the denomination must be C D H S or NT"),
        (PAGAT, {"bid": 7}, "bid", "bid must be text such as 7C or 9NT, not 7"),
        (
            PAGAT,
            {"bid": {"level": 7, "denomination": None}},
            "denomination",
            "denomination is missing; choose C, D, H, S or NT",
        ),
        (
            PAGAT,
            {"bid": {"level": 14, "denomination": "C"}},
            "level",
            "level must be a whole number from 5 to 13, not 14",
        ),
        (
            STANDARD,
            {"bid": "6C", "frisch_rounds": 2, "contracts": [2, 3, 8, 0], "tricks": [0, 3, 8, 2]},
            "level",
            "level 6 is below the minimum 7 after 2 Frisch rounds",
        ),
        (
            PAGAT,
            {"frisch_rounds": 1},
            "frisch_rounds",
            "frisch_rounds must be a whole number from 0 to 0, not 1",
        ),
        (
            STANDARD,
            {"frisch_rounds": 4, "contracts": [2, 3, 8, 0]},
            "frisch_rounds",
            "frisch_rounds must be a whole number from 0 to 3, not 4",
        ),
        (
            PAGAT,
            {"contracts": [2, 3, 8, 1]},
            "contracts[2]",
            "the declarer's contract is 8; under these rules it equals the bid level 7",
        ),
        (
            STANDARD,
            {"contracts": [2, 3, 6, 0]},
            "contracts[2]",
            "the declarer's contract is 6; it must be at least the bid level 7",
        ),
        (
            PAGAT,
            {"contracts": [2, 4, 7, 0]},
            "contracts",
            "contracts total 13; the last bidder may not make them total exactly 13",
        ),
        (
            PAGAT,
            {"contracts": [2, 3, 7, 14]},
            "contracts[3]",
            "contracts[3] must be a whole number from 0 to 13, not 14",
        ),
        (
            PAGAT,
            {"contracts": [2, 3, 7]},
            "contracts",
            "contracts must be a list of 4 whole numbers, one per seat, not […]",
        ),
        (
            PAGAT,
            {"contracts": "lots"},
            "contracts",
            "contracts must be a list of 4 whole numbers, one per seat, not […]",
        ),
        (
            PAGAT,
            {"contracts": {"a": 1}},
            "contracts",
            "contracts must be a list of 4 whole numbers, one per seat, not {…}",
        ),
        (PAGAT, {"tricks": [0, 3, 8, 1]}, "tricks", "tricks must add up to 13, not 12"),
        (PAGAT, {"tricks": [0, 3, 9, 2]}, "tricks", "tricks must add up to 13, not 14"),
        (
            PAGAT,
            {"tricks": [0, -3, 14, 2]},
            "tricks[1]",
            "tricks[1] must be a whole number from 0 to 13, not -3",
        ),
        (
            PAGAT,
            {"tricks": [0, 3, 8, 2.5]},
            "tricks[3]",
            "tricks[3] must be a whole number from 0 to 13, not 2.5",
        ),
        (
            PAGAT,
            {"tricks": [0, 3, True, 2]},
            "tricks[2]",
            "tricks[2] must be a whole number from 0 to 13, not True",
        ),
        (
            PAGAT,
            {"revokes": [0, -1, 0, 0]},
            "revokes[1]",
            "revokes[1] must be a whole number from 0 to 13, not -1",
        ),
        (
            PAGAT,
            {"revokes": [0, 0, 14, 0]},
            "revokes[2]",
            "revokes[2] must be a whole number from 0 to 13, not 14",
        ),
        (
            PAGAT,
            {"revokes": [1_000_000, 0, 0, 0]},
            "revokes[0]",
            "revokes[0] must be a whole number from 0 to 13, not 1000000",
        ),
        (
            PAGAT,
            {"revokes": [10**17, 0, 0, 0]},
            "revokes[0]",
            "revokes[0] must be a whole number from 0 to 13, not 100000000000000000",
        ),
        (
            PAGAT,
            {"contracts": ["--1", 3, 7, 0]},
            "contracts[0]",
            "contracts[0] must be a whole number from 0 to 13, not '--1'",
        ),
        (PAGAT, {"declarer": "--0"}, "declarer", "declarer must be a seat from 0 to 3, not '--0'"),
        (PAGAT, {"declarer": "²"}, "declarer", "declarer must be a seat from 0 to 3, not '²'"),
        (PAGAT, {"declarer": "٢"}, "declarer", "declarer must be a seat from 0 to 3, not '٢'"),
        (PAGAT, {"declarer": 2.0}, "declarer", "declarer must be a seat from 0 to 3, not 2.0"),
        (PAGAT, {"declarer": [2]}, "declarer", "declarer must be a seat from 0 to 3, not […]"),
        (PAGAT, {"frisch_rounds": "--1"}, "frisch_rounds",
         "frisch_rounds must be a whole number from 0 to 0, not '--1'"),
        (PAGAT, {"bid": "٧C"}, "bid",
         "'٧C' is not a bid; write a level and a denomination, as in 7C or 9NT"),
        (PAGAT, {"bid": "7" * 5000 + "C"}, "bid", None),
        (
            PAGAT,
            {"tricks": ["9" * 5000, 0, 0, 0]},
            "tricks[0]",
            "tricks[0] must be a whole number from 0 to 13, not '99999999999999999999'…",
        ),
    ],
)  # fmt: skip
def test_each_rule_has_its_message(settings, changes, field, message):
    errors = errors_of(settings, **changes)
    if message is None:  # too long to spell out: the field is named, the rule stated
        assert [f for f, _ in errors] == [field] and "the level must be 5..13" in errors[0][1]
    else:
        assert (field, message) in errors


def test_the_most_revokes_a_hand_can_have_are_recorded():
    hand = record_from_dict(PAGAT, dict(**WORKED, revokes=[13, 0, "13", "+0"]))
    assert hand.revokes == (13, 0, 13, 0)


def test_every_problem_is_reported_at_once():
    errors = errors_of(PAGAT, declarer=9, bid="4C", contracts=[2, 4, 7], tricks=[1, 1, 1, 1])
    assert [field for field, _ in errors] == ["declarer", "bid", "contracts", "tricks"]
    # The rules between fields (contracts totalling 13) once every field reads.
    errors = errors_of(PAGAT, bid="6C", contracts=[2, 4, 7, 0])
    assert [field for field, _ in errors] == ["contracts", "contracts[2]"]


def test_declarer_may_raise_under_standard():
    hand = record_from_dict(
        STANDARD, dict(declarer=2, bid="7C", contracts=[2, 3, 9, 0], tricks=[0, 3, 8, 2])
    )
    assert hand.contracts[2] == 9


@pytest.mark.parametrize("settings", [STANDARD, PAGAT])
def test_a_deal_thrown_in_records_nothing_but_that(settings):
    """A deal is thrown in after the rules' every Frisch round (the form says so on its
    button): the hand records them (issue 66: none under rules without) and nothing
    else, and scores nothing; another number of rounds is refused, naming them."""
    record = record_from_dict(settings, {"thrown_in": True})
    rounds = {"frisch_rounds": settings.frisch_rounds} if settings.frisch_rounds else {}
    assert record.thrown_in and record.to_dict() == {"thrown_in": True, **rounds}
    assert record_from_dict(settings, record.to_dict()) == record
    assert record.score(settings) is None or not any(record.score(settings).points)
    with pytest.raises(InvalidHand) as refused:
        record_from_dict(settings, {"thrown_in": True, "frisch_rounds": 4})
    assert [field for field, _ in refused.value.errors] == ["frisch_rounds"]


def test_record_from_dict_reads_the_api_shape():
    assert record_from_dict(PAGAT, {"thrown_in": True}).to_dict() == {"thrown_in": True}
    hand = record_from_dict(PAGAT, {**WORKED, "frisch_rounds": 0})
    assert hand.to_dict() == {
        "declarer": 2,
        "bid": "7C",
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
        "thrown_in": False,
    }
    assert record_from_dict(PAGAT, hand.to_dict()) == hand
    for bad in ([], "hand", None, {"thrown_in": "yes"}):
        with pytest.raises(InvalidHand):
            record_from_dict(PAGAT, bad)


@pytest.mark.parametrize(
    ("contracts", "declarer", "forbidden"),
    [
        ([2, 9, 7, 0], 2, 4),  # worked example: West (1) is last and may not say 4
        ([5, 0, 5, 5], 2, None),  # the others already total 15
        ([0, 0, 0, 0], 3, 13),
        ([6, 7, 0, 0], 3, 0),
    ],
)
def test_forbidden_number_for_the_last_bidder(contracts, declarer, forbidden):
    assert forbidden_for_entry(contracts, declarer) == forbidden


def test_score_table_entry_checks_contracts_and_tricks_alone():
    assert score_table_entry(PAGAT, [2, 3, 7, 0], [0, 3, 8, 2]).points == (-20, 19, -10, -40)
    with pytest.raises(InvalidHand, match="tricks must add up to 13, not 12"):
        score_table_entry(PAGAT, [2, 3, 7, 0], [0, 3, 8, 1])


def test_a_hand_number_of_thousands_of_digits_is_the_next_hand_not_a_crash(client):
    """The hand form's hidden ``number`` chooses the form the post is read with; one no
    game reaches (5,000 digits: more than Python's int() reads) is the next hand's."""
    created = client.post(
        "/api/games", json={"players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0}
    ).get_json()
    client.get(created["edit_url"])
    for path in ("new", "preview"):
        answer = client.post(
            f"/games/{created['id']}/hands/{path}", data={"number": "9" * 5000, "save": "1"}
        )
        assert answer.status_code in (200, 409, 422), (path, answer.status_code)
    assert client.get(f"/api/games/{created['id']}").get_json()["hands"] == []
