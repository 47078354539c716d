"""Hearts as a preset of the round sheet, by docs/rules/any-game.md (Hearts)'s worked examples: 26 a
round, the lowest total wins at 100, and a moon scored under the table's ``moon`` rule.
Seats count from 0, as in docs/rules/any-game.md."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InvalidHand
from scorekeeper.engine.core.errors import InvalidSettings
from scorekeeper.engine.core.game import HandPlace, title_of
from tests.support.games.any_game.hearts_rules import HEARTS, hearts, play, row_words
from tests.support.shared import SHEET

# The worked examples (docs/rules/any-game.md, Hearts) are played from its tables by
# tests/engine/test_docs_rules.py: one copy of them, in the docs.


def test_the_preset_is_the_round_sheet_at_26_lowest_wins_to_100():
    assert (HEARTS.round_total, HEARTS.goal, HEARTS.target, HEARTS.moon) == (
        26,
        "low_target",
        100,
        "others_plus_26",
    )
    assert HEARTS.preset_of(SHEET.presets) == "hearts"
    assert hearts(target=50).preset_of(SHEET.presets) == "hearts"  # the table's own target
    assert hearts(moon="safety").preset_of(SHEET.presets) is None  # a house rule
    assert SHEET.preset("any-game").preset_of(SHEET.presets) == "any-game"
    assert str(title_of(SHEET, "hearts")) == "Hearts"
    assert str(title_of(SHEET, "any-game")) == "Any other game"


@pytest.mark.parametrize(
    ("points", "field", "words"),
    [
        ([0, 0, 26, 0], "points[2]", "seat 3 took all 26 points: that is shooting the moon"),
        (
            [10, 10, 5, 0],
            "points[3]",
            "the round totals 25, not 26: seat 4's points would have to be 1",
        ),
        (
            [27, 0, 0, -1],
            "points[0]",
            "seat 1's points must be a whole number from 0 to 26, not 27",
        ),
        (
            [30, 0, 0, -4],
            "points[3]",
            "seat 4's points must be a whole number from 0 to 26, not -4",
        ),
    ],
)
def test_3_a_typed_round_that_is_no_hearts_round_is_refused(points, field, words):
    with pytest.raises(InvalidHand) as refused:
        SHEET.record_from_dict(HEARTS, {"points": points})
    assert any(f == field and words in str(m) for f, m in refused.value.errors), (
        refused.value.errors
    )


def test_the_plain_sheet_keeps_a_round_of_26_to_one_player_and_has_no_moon():
    plain = SHEET.preset("any-game").with_changes({"round_total": 26})
    assert SHEET.points(plain, SHEET.record_from_dict(plain, {"points": [0, 26, 0, 0]})) == (
        0,
        26,
        0,
        0,
    )
    with pytest.raises(InvalidHand) as refused:
        SHEET.record_from_dict(plain, {"moon": 1})
    assert refused.value.errors[0][0] == "moon"


@pytest.mark.parametrize("body", [{"moon": 4}, {"moon": -1}, {"moon": "x"}, {"moon": True}])
def test_a_moon_names_a_seat_of_the_table(body):
    with pytest.raises(InvalidHand) as refused:
        SHEET.record_from_dict(HEARTS, body)
    assert refused.value.errors == [("moon", "moon must be the seat that shot the moon, 0 to 3")]


def test_a_moon_with_points_too_is_refused():
    with pytest.raises(InvalidHand) as refused:
        SHEET.record_from_dict(HEARTS, {"moon": 1, "points": [0, 26, 0, 0]})
    assert refused.value.errors[0][0] == "moon"


def test_a_moon_round_trips_and_says_who_shot():
    record = SHEET.record_from_dict(HEARTS, {"moon": 1})
    assert (record.moon, record.points) == (1, None)
    assert record.to_dict() == {"moon": 1}
    assert SHEET.record_from_dict(HEARTS, record.to_dict()) == record
    assert SHEET.points(HEARTS, record) == (26, 0, 26, 26)
    progress = SHEET.replay(HEARTS, 0, [record])
    view = SHEET.hand_views(progress)[0]
    # The API's English says the seat's letter; a page names the player (see below).
    assert (view.about, str(view.outcome)) == (1, "pass left · B shot the moon")
    assert SHEET.hand_result(progress.hands[0]) == {"round_winners": [1], "moon": 1}
    names = ["Ann", "Bob", "Cat", "Dan"]
    assert [str(line) for line in SHEET.describe_hand(record.to_dict(), names)] == [
        "Bob shot the moon"
    ]


def test_safety_is_scored_at_the_rounds_place():
    """The hand form's preview and the "why" page score a moon where it falls."""
    settings = hearts(moon="safety")
    before = play(settings, (70, 30, 60, 85), [])
    place = HandPlace.after(SHEET.state_from_dict(before.state.to_dict()))
    moon = SHEET.record_from_dict(settings, {"moon": 2})
    assert SHEET.points(settings, moon, place) == (0, 0, -26, 0)
    assert SHEET.preview(settings, moon, place)["points"] == [0, 0, -26, 0]
    assert SHEET.points(settings, moon) == (26, 26, 0, 26)  # alone: as others_plus_26


def test_a_typed_round_shows_no_total_under_every_round_where_every_round_totals_26():
    progress = play(HEARTS, (0, 0, 0, 0), [{"points": [3, 13, 10, 0]}])
    assert str(SHEET.hand_views(progress)[0].outcome) == "pass left"  # where the cards went
    plain = SHEET.preset("any-game")
    progress = play(plain, (0, 0, 0, 0), [{"points": [3, 13, 10, -4]}])
    assert str(SHEET.hand_views(progress)[0].outcome) == "total +22"


# --- where the cards go before each round, and who shot the moon, on the row -----------------


A_ROUND = {3: [10, 10, 6], 4: [3, 13, 10, 0], 5: [3, 13, 10, 0, 0], 6: [3, 13, 10, 0, 0, 0]}

PASSING = {
    "four players: left, right, across, hold, then again": (
        "left_right_across_hold",
        4,
        ["left", "right", "across", "hold", "left"],
    ),
    "three players have no one across": (
        "left_right_across_hold",
        3,
        ["left", "right", "hold", "left"],
    ),
    "six players have": ("left_right_across_hold", 6, ["left", "right", "across", "hold"]),
    "no hold round": ("left_right_across", 4, ["left", "right", "across", "left"]),
    "five players, no hold round": ("left_right_across", 5, ["left", "right", "left"]),
    "no across": ("left_right_hold", 4, ["left", "right", "hold", "left"]),
    "always left": ("left", 4, ["left", "left"]),
}


@pytest.mark.parametrize("case", PASSING)
def test_each_round_says_where_the_cards_went_in_the_rotation_the_table_plays(case):
    passing, players, ways = PASSING[case]
    settings = hearts(passing=passing)
    rounds = [{"points": A_ROUND[players]}] * len(ways)
    expected = ["hold" if way == "hold" else f"pass {way}" for way in ways]
    assert row_words(settings, players, rounds) == expected
    game = SHEET.seated(players)
    notes = {
        "left": "Pass three cards to the left",
        "right": "Pass three cards to the right",
        "across": "Pass three cards across",
        "hold": "Hold: no passing this round",
    }
    dealt = [
        str(game.deal_note(settings, HandPlace(number, 0, None)))
        for number in range(1, len(ways) + 1)
    ]
    assert dealt == [notes[way] for way in ways]


def test_hearts_passes_left_right_across_hold_and_the_plain_sheet_says_nothing():
    assert HEARTS.passing == "left_right_across_hold"
    plain = SHEET.preset("any-game")
    assert row_words(plain, 4, [{"points": [3, 13, 10, 0]}]) == ["total +26"]
    assert SHEET.deal_note(plain, HandPlace(1, 0, None)) is None
    assert row_words(hearts(passing="none"), 4, [{"points": [3, 13, 10, 0]}]) == [""]


def test_the_moon_row_names_the_shooter_after_the_passing():
    rounds = [{"points": [3, 13, 10, 0]}, {"moon": 2}, {"moon": 0}]
    assert row_words(HEARTS, 4, rounds) == [
        "pass left",
        "pass right · Cat shot the moon",
        "pass across · Ann shot the moon",
    ]
    no_passing = hearts(passing="none", moon="shooter_minus_26")
    assert row_words(no_passing, 3, [{"moon": 1}]) == ["Bob shot the moon"]


def test_a_hearts_game_stored_before_passing_reads_as_hearts_and_as_before():
    """Settings stored before the knob have no ``passing``: still Hearts, no passing said."""
    stored = {k: v for k, v in HEARTS.to_dict().items() if k != "passing"}
    old = type(HEARTS).from_dict(stored)
    assert old.passing == "none"
    assert old.preset_of(SHEET.presets) == "hearts"
    assert row_words(old, 4, [{"points": [3, 13, 10, 0]}, {"moon": 1}]) == [
        "",
        "Bob shot the moon",
    ]
    assert SHEET.deal_note(old, HandPlace(1, 0, None)) is None


def test_a_passing_rotation_that_is_not_one_is_refused_by_name():
    with pytest.raises(InvalidSettings) as refused:
        HEARTS.with_changes({"passing": "sideways"})
    assert refused.value.field == "passing"
    assert "must be one of none, left_right_across_hold" in str(refused.value)
