"""The hand's schema (``core/schema.py``): a game that declares its hand once gets its
reading (refusals in the API's words and the table's), its form both ways, its command
line, its CSV cells, random legal hands and its views from ``GameBase``.

``Trumps`` below uses every kind of field: a side, a suit or none, two yes/no (one only
under a house rule and only while the other is yes), a choice, a seat, a count, a number
per seat whose range depends on the hand's place, and a number per side with a total."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace

import pytest

from scorekeeper.engine import GAMES, InvalidHand
from scorekeeper.engine.core.base import GameBase
from scorekeeper.engine.core.cards import Suit
from scorekeeper.engine.core.declared import Progression
from scorekeeper.engine.core.display import PenaltyMark
from scorekeeper.engine.core.form import table_refusals
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.knobs import knob
from scorekeeper.engine.core.messages import msg
from scorekeeper.engine.core.play import random_game
from scorekeeper.engine.core.schema import (
    Context,
    Count,
    HandSchema,
    PerSeat,
    PerSide,
)
from scorekeeper.engine.core.settings import SettingsBase
from tests.support.engine.schema import GAME, cards, refusals, table_said
from tests.support.shared import PLAYERS, run
from tests.support.toy_game import GAME as TOY

PLAIN, DEFENDING = GAME.preset("plain"), GAME.preset("defending")
HAND = {
    "makers": "B",
    "trump": "H",
    "alone": True,
    "defender_alone": False,
    "kind": "up",
    "caller": 3,
    "tricks": 5,
    "bids": [0, 1, 2, 1],
    "books": [6, 7],
    "thrown_in": False,
}


# --- reading ------------------------------------------------------------------------------


def test_a_hand_reads_into_typed_values_and_back():
    hand = GAME.record_from_dict(PLAIN, HAND)
    assert (hand.makers, hand.trump, hand.alone, hand.kind, hand.caller) == (
        1,
        Suit.HEARTS,
        True,
        "up",
        3,
    )
    assert (hand.tricks, hand.bids, hand.books, hand.thrown_in) == (5, (0, 1, 2, 1), (6, 7), False)
    assert hand.to_dict() == HAND
    assert GAME.record_from_dict(PLAIN, json.loads(json.dumps(hand.to_dict()))) == hand
    assert hash(hand) == hash(GAME.record_from_dict(PLAIN, dict(HAND)))
    assert hand != GAME.record_from_dict(PLAIN, {**HAND, "tricks": 4})
    with pytest.raises(AttributeError):
        hand.tricks = 3
    assert hand.score(PLAIN).points == (0, 2)
    assert GAME.points(PLAIN, hand) == (0, 2, 0, 2)
    assert GAME.hand.hand_fields == frozenset(HAND)


def test_a_thrown_in_hand_needs_nothing_else_and_only_a_game_that_allows_it_has_one():
    hand = GAME.record_from_dict(PLAIN, {"thrown_in": True})
    assert hand.thrown_in and hand.to_dict() == {"thrown_in": True} and hand.tricks is None
    assert GAME.points(PLAIN, hand) == (0, 0, 0, 0)
    with pytest.raises(InvalidHand) as refused:
        TOY.record_from_dict(TOY.preset("toy"), {"thrown_in": True, "winner": 1})
    assert refused.value.field == "thrown_in"


def test_every_problem_is_refused_at_once_in_the_apis_words():
    body = {
        **HAND,
        "makers": "C",
        "trump": "X",
        "alone": "yes",
        "kind": "sideways",
        "caller": 4,
        "tricks": 6,
        "bids": [0, 1],
        "books": [6, 6],
    }
    assert refusals(PLAIN, body) == {
        "makers": "makers must be a side, A or B, not 'C'",
        "trump": "trump must be a suit, C, D, H or S, or null for none, not 'X'",
        "alone": "alone must be true or false, not 'yes'",
        "kind": "kind must be one of up, down, not 'sideways'",
        "caller": "caller must be a seat from 0 to 3, not 4",
        "tricks": "tricks must be a whole number from 0 to 5, not 6",
        "bids": "bids must be a list of 4 whole numbers, one per seat, not […]",
        "books": "books must add up to 13, not 12",
    }
    missing = {key: value for key, value in HAND.items() if key != "tricks"}
    assert refusals(PLAIN, missing) == {"tricks": "tricks is missing"}
    assert refusals(PLAIN, {**HAND, "bids": [0, 1, -1, "x"]}) == {
        "bids[2]": "bids[2] must be a whole number of at least 0, not -1",
        "bids[3]": "bids[3] must be a whole number of at least 0, not 'x'",
    }
    assert refusals(PLAIN, {**HAND, "tricks": 0}) == {
        "tricks": "alone with 0 tricks: the caller seat 4 cannot"
    }


def test_the_table_hears_refusals_in_its_own_words():
    body = {**HAND, "makers": "C", "tricks": 6, "books": [6, 6], "bids": [0, 1, 9, 0]}
    place = HandPlace(3, 1)
    assert table_said(PLAIN, body, place) == {
        "makers": "Makers must be one of the sides.",
        "tricks": "Tricks the makers took must be from 0 to 5, not 6.",
        "books": "Books must add up to 13, not 12.",
        "bids[2]": "Bid for Cat must be from 0 to 3, not 9.",
    }
    assert table_said(PLAIN, {**HAND, "tricks": 0}) == {
        "tricks": "Dan cannot go alone for nothing."
    }
    downtown = {**HAND, "makers": "A", "kind": "down"}
    assert refusals(PLAIN, downtown) == {"kind": "A may not call downtown"}
    assert table_said(PLAIN, downtown) == {"kind": "Ann & Cat may not call downtown."}


def test_a_range_follows_the_hands_place_and_is_open_without_one():
    body = {**HAND, "bids": [0, 1, 2, 3]}
    assert GAME.record_from_dict(PLAIN, body, None).bids == (0, 1, 2, 3)
    assert GAME.record_from_dict(PLAIN, body, HandPlace(3, 0)).bids == (0, 1, 2, 3)
    assert refusals(PLAIN, body, HandPlace(2, 0)) == {
        "bids[3]": "bids[3] must be a whole number from 0 to 2, not 3"
    }
    # The place's range reaches the form and the hand checked at its place, too.
    assert (
        GAME.hand_form(PLAIN, PLAYERS, HandPlace(2, 0)).field_named("bids_0").choices[-1].value
        == "2"
    )
    record = GAME.record_from_dict(PLAIN, body, None)
    assert list(refusals(PLAIN, record.to_dict(), HandPlace(2, 0))) == ["bids[3]"]


def test_a_field_under_a_house_rule_is_asked_only_under_it_and_while_shown():
    assert GAME.record_from_dict(PLAIN, {**HAND, "defender_alone": False}).defender_alone is False
    assert set(refusals(PLAIN, {**HAND, "defender_alone": True})) == {"defender_alone"}
    assert GAME.record_from_dict(DEFENDING, {**HAND, "defender_alone": True}).defender_alone is True
    # Shown only while the maker went alone: otherwise only "no" is taken.
    assert set(refusals(DEFENDING, {**HAND, "alone": False, "defender_alone": True})) == {
        "defender_alone"
    }
    plain_form = {f.name for f in GAME.hand_form(PLAIN, PLAYERS).fields}
    defending = GAME.hand_form(DEFENDING, PLAYERS)
    assert "defender_alone" not in plain_form and defending.field_named("defender_alone")
    assert defending.rules["show"] == [
        {"field": "defender_alone", "by": "alone", "values": ["yes"]}
    ]


# --- the form -----------------------------------------------------------------------------


def test_the_form_asks_every_field_and_writes_every_hand_back():
    spec = GAME.hand_form(DEFENDING, PLAYERS, HandPlace(5, 2))
    assert [step.id for step in spec.steps] == ["deal", "kind", "caller", "tricks", "bids", "books"]
    assert [step.label for step in spec.steps][:2] == ["The deal", "Kind"]
    assert [c.label for c in spec.field_named("makers").choices] == ["Ann & Cat", "Bob & Dan"]
    assert [c.value for c in spec.field_named("trump").choices] == ["C", "D", "H", "S", "none"]
    assert spec.field_named("alone").default == "no"
    assert [f.seat for f in spec.steps[4].fields if f.name.startswith("bids_")] == [0, 1, 2, 3]
    assert [c.value for c in spec.field_named("bids_0").choices] == ["0", "1", "2", "3", "4", "5"]
    assert "sum" not in spec.rules  # a side's numbers have no seat boxes to fill in
    assert spec.rules["order"][0]["speakers"] == {"2": [3, 0, 1, 2]}
    assert spec.field_named("dealer").hidden_when_single
    assert [a.name for a in spec.actions] == ["thrown_in"]
    assert spec.error_target("bids[1]") == "bids_1" and spec.error_target("books") == "books"
    rng = random.Random(4)
    for settings in (PLAIN, DEFENDING):
        for placed in random_game(GAME, settings, 200, seed=rng.randrange(99)):
            record, place = placed.record, placed.place
            values = GAME.hand.form_values(record.to_dict())
            spec = GAME.hand_form(settings, PLAYERS, place)
            assert set(values) <= {f.name for f in spec.fields}
            action = "thrown_in" if record.thrown_in else None
            body = GAME.hand.form_body(
                GAME.context(settings), {f.name: values.get(f.name) for f in spec.fields}, action
            )
            assert GAME.record_from_dict(settings, body, place) == record, (values, body)


def test_an_empty_form_is_refused_naming_what_is_missing_first():
    spec = GAME.hand_form(PLAIN, PLAYERS)
    empty = dict.fromkeys(f.name for f in spec.fields)
    body = GAME.hand.form_body(GAME.context(PLAIN), empty, None)
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(PLAIN, body)
    values = {f.name: None for f in spec.fields}
    (said,) = table_refusals(spec, refused.value.errors, values, PLAYERS)
    assert said == ("makers", "Still missing: Makers, and 11 more entries.")


# --- the command line, CSV, random hands and views -----------------------------------------


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(GAMES, GAME.key, GAME)
    return GAME


def test_the_command_line_takes_typed_options_with_their_own_help(capsys, registered):
    assert GAME.hand.options(GAME)
    options = {option.name: option for option in GAME.hand.options(GAME)}
    assert options["alone"].flag and options["bids"].listed and options["thrown_in"].flag
    assert options["tricks"].help == "Tricks the makers took: 0 to 5."
    assert options["makers"].required and options["makers"].unless == "thrown_in"
    typed = ["--makers", "B", "--trump", "none", "--alone", "--kind", "up", "--caller", "3"]
    typed += ["--tricks", "5", "--bids", "0,1,2,1", "--books", "6,7", "--json"]
    code, out, err = run(capsys, "score", "--game", GAME.key, *typed)
    assert (code, err) == (0, "") and json.loads(out)["points"] == [0, 2]
    code, out, err = run(capsys, "score", "--game", GAME.key, "--thrown-in", "--json")
    assert (code, json.loads(out)["points"]) == (0, [0, 0])
    code, _, err = run(capsys, "score", "--game", GAME.key, *typed[:-3], "--books", "6,6")
    assert code == 2 and err == "scorekeeper: error: --books: books must add up to 13, not 12\n"
    code, out, _ = run(capsys, "score", "--game", GAME.key, "--help")
    assert code == 0 and "Tricks the makers took: 0 to 5." in " ".join(out.split())
    assert "--contracts" not in out and "Bid Whist" not in out  # only this game's options
    code, out, _ = run(capsys, "score", "--game", "bid-whist", "--help")
    assert "Maker went alone" not in out and "Trump suit of an uptown or downtown bid" in out


def test_a_yes_or_no_typed_to_a_game_without_options_is_a_yes_or_no():
    from scorekeeper.engine.core.command_line import typed_text

    assert [typed_text(t) for t in ("true", "No", "7", "x")] == [True, False, "7", "x"]


def test_csv_cells_name_players_and_sides():
    assert [(c.name, c.after) for c in GAME.csv.columns] == [
        ("makers", "dealer"),
        ("trump", "dealer"),
        ("alone", "dealer"),
        ("defender_alone", "dealer"),
        ("kind", "dealer"),
        ("caller", "dealer"),
        ("tricks", "dealer"),
        ("bids", "player"),
        ("books", "player"),
    ]
    hand = GAME.record_from_dict(PLAIN, HAND)
    replayed = GAME.replay(PLAIN, 0, [hand]).hands[0]
    cells, seats = GAME.csv.values(replayed, PLAYERS)
    assert cells == {
        "makers": "Bob & Dan",
        "trump": "H",
        "alone": 1,
        "defender_alone": 0,
        "kind": "up",
        "caller": "Dan",
        "tricks": 5,
    }
    assert [seat["bids"] for seat in seats] == [0, 1, 2, 1]
    assert [seat["books"] for seat in seats] == [6, 7, 6, 7]


def test_random_hands_are_always_legal_at_their_place():
    rng = random.Random(7)
    seen = set()
    for number in range(1, 7):
        ctx = GAME.context(DEFENDING, HandPlace(number, number % 4))
        for _ in range(100):
            body = GAME.hand.random_body(GAME, DEFENDING, ctx, rng)
            record = GAME.record_from_dict(DEFENDING, body, ctx.place)
            seen.add(record.thrown_in)
            if not record.thrown_in:
                assert sum(record.books) == 13 and max(record.bids) <= min(number, 5)
    assert seen == {True, False}
    placed = list(random_game(GAME, PLAIN, 60, seed=3))
    assert [p.record for p in placed] == [p.record for p in random_game(GAME, PLAIN, 60, seed=3)]
    assert placed[-1].game >= 1  # a game to 10 ends, and the next one starts


def test_one_rendering_makes_every_view():
    hand = GAME.record_from_dict(PLAIN, {**HAND, "trump": None})
    progress = GAME.replay(PLAIN, 0, [hand, GAME.record_from_dict(PLAIN, {"thrown_in": True})])
    played, thrown = GAME.hand_views(progress)
    assert played.about == 3 and str(played.outcome) == "B No trump Maker went alone Uptown 5"
    assert [s.entry for s in played.seats] == [("0/2", "6"), ("1/1", "7")]
    assert [s.points for s in played.seats] == [0, 2] and thrown.seats[0].points is None
    assert str(thrown.outcome) == "thrown in"
    described = [str(part) for part in GAME.describe_hand(hand.to_dict(), PLAYERS)]
    assert described == [
        "Dan",
        "Bob & Dan No trump Maker went alone Uptown 5",
        "Ann & Cat: Bid: 0/2, Books: 6",
        "Bob & Dan: Bid: 1/1, Books: 7",
    ]
    revision = GAME.revision_view(hand.to_dict(), PLAYERS)
    # each seat's side's entries in the line's words (issue 69), never a bare "0/2 6"
    sides = ["Bid: 0/2, Books: 6", "Bid: 1/1, Books: 7"]
    assert [str(mark) for mark, _ in revision.seats] == sides * 2
    assert GAME.revision_view({"thrown_in": True}, PLAYERS).seats == ()
    # Each scoring side's points as the hand's outcome gives them (its side named on a
    # page); nothing for the side that scores nothing.
    said = "B No trump Maker went alone Uptown 5: +2"
    assert [[str(t) for t in seat] for seat in GAME.explain(PLAIN, hand)] == [
        [],
        [said],
        [],
        [said],
    ]


def test_a_game_with_a_schema_writes_only_what_is_its_own():
    with pytest.raises(TypeError, match="does not write score"):

        class NoScore(GameBase):  # noqa: F841
            key, name, seats, presets, preset_words = "x", msg("X"), 2, {}, {}
            page_words, knobs, hand = None, (), HandSchema(Count("n", msg("N"), 0, 3))

            def rules_lines(self, settings):
                return []

    # There is no other way to be a game: without a hand schema it is refused too.
    with pytest.raises(TypeError, match="does not write hand, score"):

        class NoHand(GameBase):  # noqa: F841
            key, name, seats, presets, preset_words = "y", msg("Y"), 2, {}, {}
            page_words, knobs = None, ()


# --- "finish now": a real default of the race -----------------------------------------------


class FinishingToy(type(TOY)):
    key = "toy-finishing"
    progression = Progression(finish_now=True)


def test_the_race_finishes_when_the_table_asks_for_a_game_that_allows_it():
    game, rules = FinishingToy(), TOY.preset("toy")
    hands = [game.record_from_dict(rules, {"winner": w}) for w in (0, 1, 0, 1, 2)]
    finished = game.replay(rules, 0, hands[:3], finish_after=3)
    assert (finished.status, finished.winner, finished.totals) == ("finished", 0, (2, 1, 0))
    with pytest.raises(ValueError):
        game.replay(rules, 0, hands[:4], finish_after=3)
    # Level at the top when asked: play goes on until one side leads alone.
    level = game.replay(rules, 0, hands[:2], finish_after=2)
    assert level.status == "in_progress" and level.tie_at_top
    after = game.replay(rules, 0, [*hands[:2], hands[0]], finish_after=2)
    assert (after.status, after.winner) == ("finished", 0)
    # Resumed from a state, and as statistics replay it, the same.
    resumed = game.resume(
        rules, game.replay(rules, 0, hands[:2]).hands[1].state.to_dict(), [hands[2]], 3
    )
    assert (resumed.status, resumed.winner) == ("finished", 0)
    recorded = game.figures.recorded(rules, 0, ["Ann", "Bob", "Cat"], hands[:3], finish_after=3)
    assert game.figures.game_stats(recorded).winner == "Ann"
    # A game that does not allow it ignores the request.
    assert TOY.replay(rules, 0, hands[:3], finish_after=3).status == "in_progress"


def test_a_game_that_cannot_last_says_so():
    @dataclass(frozen=True, slots=True)
    class NoTarget(SettingsBase):
        points: int = knob(1, label=None, help=msg("points"), group="rules", low=1, high=9)

    class Short(type(TOY)):
        key = "toy-short"
        presets = {"toy": NoTarget()}

    assert Short().lasting(100) is None
    assert TOY.lasting(100) == {"target": 1000}


class Tricks(type(TOY)):
    """The toy with each seat's tricks, adding up to the hand's number (its cards)."""

    key = "toy-tricks"
    hand = HandSchema(
        PerSeat("tricks", msg("Tricks"), 0, cards, total=cards, from_dealers_left=True)
    )

    def score(self, settings, hand, ctx):
        return hand.tricks


def test_numbers_per_seat_with_a_total_fill_in_the_last_seat_on_the_form():
    game, rules = Tricks(), TOY.preset("toy")
    spec = game.hand_form(rules, PLAYERS[:3], HandPlace(2, 1))
    assert spec.rules["sum"] == [
        {"prefix": "tricks", "total": 2, "why": "sum-why", "count": "sum-count"}
    ]
    assert set(spec.texts) == {"sum-why", "sum-count"}
    assert spec.rules["order"][0]["speakers"] == {"1": [2, 0, 1]}
    assert "sum" not in game.hand_form(rules, PLAYERS[:3], None).rules  # no place: no total
    assert game.record_from_dict(rules, {"tricks": [1, 0, 1]}, HandPlace(2, 1)).tricks == (1, 0, 1)
    with pytest.raises(InvalidHand):
        game.record_from_dict(rules, {"tricks": [1, 1, 1]}, HandPlace(2, 1))


# --- a penalty shown apart from the points (a revoke, a renege, bags) ------------------------


class PenalisedToy(type(TOY)):
    """The toy, whose winner is marked as if a penalty of 3 had been taken off its points."""

    key = "toy-penalised"

    def view(self, settings, hand, ctx):
        summary = super().view(settings, hand, ctx)
        marks = tuple(MARK if seat == hand.winner else None for seat in range(ctx.seats))
        return replace(summary, penalties=marks)


MARK = PenaltyMark(("P",), -3, msg("a penalty: −3"))


def test_a_row_shows_a_penalty_apart_from_the_points_before_it():
    game, rules = PenalisedToy(), TOY.preset("toy")
    hands = [game.record_from_dict(rules, {"winner": 1})]
    [row] = game.hand_views(game.replay(rules, 0, hands))
    assert [(seat.points, seat.penalty, seat.total) for seat in row.seats] == [
        (0, None, 0),
        (1 + 3, MARK, 1),  # the hand's point before the penalty its mark shows; its total
        (0, None, 0),
    ]
    # A game that marks no penalty shows each hand's points as they are.
    [plain] = TOY.hand_views(TOY.replay(rules, 0, hands))
    assert [(seat.points, seat.penalty) for seat in plain.seats] == [
        (0, None),
        (1, None),
        (0, None),
    ]


@pytest.mark.parametrize("listed", [PerSeat, PerSide])
def test_a_rare_penalty_folds_away_each_box_at_zero_and_reads_an_empty_box_as_zero(listed):
    """``folded``: a number per seat or side asked in its step's folded group (reneges,
    revokes), each box a count at 0 up to its high, and a box left empty read as 0."""
    field = listed("reneges", msg("Reneges"), 0, 4, folded=True)
    ctx = Context(PLAIN, 4, ((0, 2), (1, 3)))
    boxes = field.form_fields(ctx, PLAYERS)
    assert [(box.folded, box.default, box.low, box.high) for box in boxes] == [
        (True, "0", 0, 4)
    ] * len(boxes)
    assert not any(box.choices for box in boxes)
    names = [box.name for box in boxes]
    assert field.from_form({names[-1]: "2"}, ctx) == [0] * (len(boxes) - 1) + ["2"]
    plain = listed("tricks", msg("Tricks"), 0, 4).form_fields(ctx, PLAYERS)
    assert not any(box.folded for box in plain) and all(box.default is None for box in plain)
