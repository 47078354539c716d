"""Oh Hell's rules, as tables from docs/rules/oh-hell.md: the cards dealt hand by hand, the
hook, the score and its worked examples, the end of the game, a table of 3 to 7, and the
hand form's taps."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine import InvalidHand, InvalidSettings
from scorekeeper.engine.core.form import fill_fixed, forbidden_entry
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.oh_hell import GAME, cards_sequence
from tests.support.games.oh_hell.rules import S, hand, read_hand, record_from_dict, settings

WORKED = {"trump": "H", "bids": [2, 0, 1, 3], "tricks": [2, 0, 2, 1]}
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


# --- the deal --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "most"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_max_cards_by_default_leaves_a_card_for_trump_at_most_ten(players, most):
    table = GAME.seated(players).preset("oh-hell")
    assert table.players == players and table.max_cards is None
    assert max(cards_sequence(table)) == most


@pytest.mark.parametrize(
    ("changes", "sequence"),
    [
        ({}, (*range(10, 0, -1), *range(2, 11))),  # worked example 3: 19 hands
        ({"players": 6}, (*range(8, 0, -1), *range(2, 9))),  # 15 hands
        ({"sequence": "up_down", "max_cards": 3}, (1, 2, 3, 2, 1)),
        ({"sequence": "down", "max_cards": 4}, (4, 3, 2, 1)),
        ({"sequence": "fixed", "fixed_cards": 5, "hands": 3}, (5, 5, 5)),
        ({"players": 3, "max_cards": 17, "sequence": "down"}, tuple(range(17, 0, -1))),
    ],
)
def test_the_cards_dealt_follow_the_sequence(changes, sequence):
    assert cards_sequence(settings(**changes)) == sequence


def test_worked_example_3_lengths():
    assert len(cards_sequence(S)) == 19
    assert len(cards_sequence(settings(players=6))) == 15


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"max_cards": 14}, "max_cards"),  # 52 ÷ 4 = 13
        ({"players": 5, "max_cards": 11}, "max_cards"),
        ({"fixed_cards": 8, "players": 7}, "fixed_cards"),
        ({"players": 2}, "players"),
        ({"players": 8}, "players"),
        ({"sequence": "zigzag"}, "sequence"),
    ],
)
def test_a_deal_the_pack_cannot_give_is_refused_naming_the_knob(changes, field):
    with pytest.raises(InvalidSettings) as refused:
        settings(**changes)
    assert refused.value.field == field


def test_a_table_that_shrinks_under_a_long_deal_blames_the_players():
    long = settings(players=3, max_cards=17)
    with pytest.raises(InvalidSettings) as refused:
        long.with_changes({"players": 4})
    assert refused.value.field == "players"
    assert "at most 13 cards" in refused.value.message


@pytest.mark.parametrize("players", [2, 8])
def test_the_game_seats_three_to_seven(players):
    with pytest.raises(InvalidSettings) as refused:
        GAME.seated(players)
    assert refused.value.field == "players"


@pytest.mark.parametrize("players", range(3, 8))
def test_each_table_size_is_one_game_with_its_own_seats(players):
    game = GAME.seated(players)
    assert game.seats == players and len(game.sides) == players
    assert game.seated(players) is game and game.key == GAME.key
    assert game.preset("oh-hell").preset_of(game.presets) == "oh-hell"
    assert game.settings_from_dict({}).players == players
    # The same rules on another table are still the preset.
    assert game.preset("oh-hell").preset_of(GAME.presets) == "oh-hell"
    assert {k.name: k.high for k in game.preset(game.default_preset).knobs_for_table()}[
        "max_cards"
    ] == 52 // players


# --- the bidding and the hook --------------------------------------------------------------


def test_worked_example_1_the_dealer_may_not_bid_two():
    bad = {**WORKED, "bids": [2, 0, 1, 2]}
    with pytest.raises(InvalidHand) as refused:
        read_hand(S, bad, 6, 3)  # hand 6 of down_up deals 5 cards
    assert refused.value.errors == [
        ("bids[3]", "Seat 4 (the dealer) may not bid 2: the bids would total the 5 cards dealt")
    ]
    with pytest.raises(InvalidHand) as refused:
        record_from_dict(S, bad)  # with no dealer known, the bids as a whole
    assert refused.value.field == "bids"
    assert record_from_dict(settings(hook=False), bad).bids == (2, 0, 1, 2)


def test_the_form_disables_and_names_the_hooks_number():
    spec = GAME.hand_form(S, NAMES[:4], HandPlace(6, 3))  # 5 cards
    values = {"cards": "5", "dealer": "3", "bid_0": "2", "bid_1": "0", "bid_2": "1", "bid_3": "2"}
    found = forbidden_entry(spec, values)
    assert (found.field, found.seat, found.value) == ("bid_3", 3, 2)
    assert "{name} may not bid {n}" in spec.texts[found.rule["why"]]
    # The dealer bids last: the seats are asked from the dealer's left.
    assert spec.rules["order"][0]["speakers"] == {"3": [0, 1, 2, 3]}
    assert "forbid" not in GAME.hand_form(settings(hook=False), NAMES[:4], HandPlace(6, 3)).rules


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**WORKED, "bids": [6, 0, 1, 3]}, "bids[0]"),  # a bid over the cards dealt
        ({**WORKED, "tricks": [2, 0, 2, 2]}, "tricks"),  # tricks total 6 of 5
        ({**WORKED, "cards": 6}, "cards"),  # cards that disagree with the game's
        ({**WORKED, "trump": "X"}, "trump"),
        ({"bids": [2, 0, 1, 3], "tricks": [2, 0, 2, 1]}, "trump"),
        ({**WORKED, "bids": [2, 0, 1]}, "bids"),
        ({**WORKED, "tricks": "two"}, "tricks"),
    ],
)
def test_bad_hands_are_refused_naming_the_field(body, field):
    with pytest.raises(InvalidHand) as refused:
        read_hand(S, body, 6, 3)
    assert field in [f for f, _ in refused.value.errors]


def test_the_cards_come_from_the_game_and_may_be_given_when_they_agree():
    assert read_hand(S, WORKED, 6, 3) == read_hand(S, {**WORKED, "cards": 5}, 6, 3)
    assert read_hand(S, {**WORKED, "trump": None}, 6, 3).trump is None


def test_a_deal_of_every_card_turns_no_trump():
    full = {"trump": "S", "bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}
    with pytest.raises(InvalidHand) as refused:
        record_from_dict(settings(max_cards=13), full)
    assert refused.value.field == "trump"
    # at its place the hand deals the sequence's cards (read alone, only those given)
    assert read_hand(settings(max_cards=13), {**full, "trump": None}, 1, 0).cards == 13


# --- the score ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "points"),
    [
        ({}, (12, 10, 0, 0)),  # worked example 1
        ({"missed_per_trick": 1}, (12, 10, 2, 1)),  # worked example 2
        ({"miss_step": 10}, (12, 10, -10, -20)),
        ({"exact_bonus": 5, "made_per_trick": 2}, (9, 5, 0, 0)),
    ],
)
def test_worked_examples_score(changes, points):
    rules = settings(**changes)
    record = read_hand(rules, WORKED, 6, 3)
    assert GAME.points(rules, record) == points
    assert GAME.preview(rules, record)["points"] == list(points)


def test_explain_says_how_each_seat_scored():
    record = record_from_dict(S, WORKED)
    assert [[str(t) for t in seat] for seat in GAME.explain(S, record)] == [
        ["bid 2, took 2: 10 + 2 = +12"],
        ["bid 0, took 0: 10 + 0 = +10"],
        ["bid 1, took 2: missed, 0"],
        ["bid 3, took 1: missed, 0"],
    ]
    stepped = settings(miss_step=10, missed_per_trick=1)
    assert str(GAME.explain(stepped, record)[3][0]) == "bid 3, took 1: missed, 1 − 20 = −19"


# --- the end of the game -------------------------------------------------------------------


def test_the_game_ends_after_the_sequence_and_equal_totals_share():
    rules = settings(sequence="fixed", fixed_cards=2, hands=2)
    first = hand(None, (2, 1, 1, 1), (2, 0, 0, 0))  # seat 0 exact: 12
    second = hand(None, (1, 1, 2, 1), (0, 0, 2, 0))  # seat 2 exact: 12
    progress = GAME.replay(rules, 0, [first])
    assert progress.status == "in_progress"
    assert GAME.progress_result(progress) == {"cards": 2, "hands_left": 1}
    progress = GAME.replay(rules, 0, [first, second])
    assert progress.status == "finished" and progress.totals == (12, 0, 12, 0)
    assert progress.winners == (0, 2) and progress.winner is None
    assert GAME.progress_result(progress) == {"cards": None, "hands_left": 0}
    with pytest.raises(ValueError):
        GAME.replay(rules, 0, [first, second, first])


def test_the_highest_total_wins_and_the_deal_passes_left():
    rules = settings(sequence="down", max_cards=2)
    hands = [
        hand(None, (2, 1, 1, 1), (2, 0, 0, 0)),
        hand(None, (0, 0, 0, 0), (1, 0, 0, 0)),
    ]
    progress = GAME.replay(rules, 2, hands)
    assert [h.dealer for h in progress.hands] == [2, 3]
    assert [h.opener for h in progress.hands] == [3, 0]
    assert progress.winner == 0 and progress.totals == (12, 10, 10, 10)


def test_resume_gives_what_replay_gives():
    records = [GAME.simulation.record_of(d) for d in GAME.simulation.deals(S, 19, seed=3)]
    whole = GAME.replay(S, 0, records)
    half = GAME.replay(S, 0, records[:7])
    resumed = GAME.resume(S, half.state.to_dict(), records[7:])
    assert resumed.totals == whole.totals and resumed.winners == whole.winners
    assert resumed.hands == whole.hands[7:]
    assert GAME.progress_result(resumed)["hands_left"] == 0


# --- the hand form ------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 8))
def test_the_form_takes_at_most_two_taps_a_player_and_one(players):
    game = GAME.seated(players)
    rules = game.preset("oh-hell")
    spec = game.hand_form(rules, NAMES[:players], HandPlace(3, 2))
    asked = [f for f in spec.fields if not (f.hidden_when_single and len(f.choices) == 1)]
    filled = sum(1 for _ in spec.rules["sum"])  # the last seat's tricks fill themselves in
    assert len(asked) - filled + 1 <= 2 * players + 1
    assert {f.name for f in asked} == {"trump"} | {f"bid_{s}" for s in range(players)} | {
        f"tricks_{s}" for s in range(players)
    }


def test_a_form_posted_without_script_records_the_fixed_cards():
    spec = GAME.hand_form(S, NAMES[:4], HandPlace(6, 3))  # 5 cards
    values = {f.name: f.default for f in spec.fields}  # what the page posts untouched
    fill_fixed(spec, values)
    values |= {"trump": "none", **{f"bid_{s}": b for s, b in enumerate("2013")}}
    values |= {f"tricks_{s}": t for s, t in enumerate("2021")}
    record = GAME.record_from_dict(S, GAME.hand.form_body(GAME.context(S), values, None))
    assert record == hand(None, (2, 0, 1, 3), (2, 0, 2, 1))
    assert GAME.hand.form_values(record.to_dict())["trump"] == "none"


@pytest.mark.parametrize("players", range(3, 8))
def test_every_simulated_hand_goes_through_the_form_of_its_place(players):
    """Deal i of a run is hand i + 1 of a game dealt first by seat 0: the form drawn for
    that place, filled from the hand, records it again, and so does reading it there."""
    game = GAME.seated(players)
    rules = game.preset("oh-hell")
    for index, deal in enumerate(game.simulation.deals(rules, 60, seed=31)):
        number, dealer = index % len(cards_sequence(rules)) + 1, deal["dealer"]
        record = game.simulation.record_of(deal)
        spec = game.hand_form(rules, NAMES[:players], HandPlace(number, dealer))
        values = {f.name: f.default for f in spec.fields if f.hidden_when_single}
        values |= game.hand.form_values(record.to_dict())
        for name, value in values.items():
            assert value in {c.value for c in spec.field_named(name).choices}, (name, value)
        assert forbidden_entry(spec, values) is None
        body = game.hand.form_body(game.context(rules), values, None)
        assert read_hand(rules, body, number, dealer, game) == record
        typed = {k: deal[k] for k in ("trump", "bids", "tricks")}
        assert read_hand(rules, typed, number, dealer, game) == record


@pytest.mark.parametrize("players", [3, 7])
def test_random_hands_are_legal_at_their_place_and_read_alone(players):
    game = GAME.seated(players)
    rules = game.preset("oh-hell")
    rng = random.Random(players)
    last = len(cards_sequence(rules))
    for place in (None, HandPlace(1, 0), HandPlace(last, 2), HandPlace(last + 1, 1)):
        for _ in range(100):
            body = game.hand.random_body(game, rules, game.context(rules, place), rng)
            record = game.record_from_dict(rules, body, place)
            if place is not None and place.number <= last:
                assert record.cards == cards_sequence(rules)[place.number - 1]


# --- statistics and sheets -----------------------------------------------------------------


def test_statistics_count_exact_bids_by_size_and_tricks_over_and_under():
    records = [record_from_dict(S, WORKED)] * 2
    rules = settings(sequence="fixed", fixed_cards=5, hands=2)
    stats = GAME.figures.game_stats(GAME.figures.recorded(rules, 0, NAMES[:4], records))
    cat, dan = stats.players[2].figures, stats.players[3].figures
    assert (
        str(GAME.figures.game_stats(GAME.figures.recorded(rules, 0, NAMES[:4], records)).winner)
        == "Ann"
    )
    assert (cat.over, cat.tricks_over, cat.under) == (2, 2, 0)
    assert (dan.under, dan.tricks_under) == (2, 4)
    ann = stats.players[0].figures
    assert ann.exact_rate(2).made == 2 and ann.exact_rate().attempted == 2
    lines = {str(line.label): line.values for line in GAME.figures.player([ann, cat])}
    assert "Exact bids of 2" in lines and "Exact bids of 1" in lines


def test_the_sheet_lists_the_cards_dealt_per_hand():
    notes = [str(n) for n in GAME.rules_notes(settings(players=6))]
    assert notes[0] == "Cards dealt, hand by hand: 8 7 6 5 4 3 2 1 2 3 4 5 6 7 8"


def test_csv_cells_name_the_deal_and_each_seats_bid_and_tricks():
    hand = GAME.replay(S, 0, [read_hand(S, {**WORKED, "tricks": [5, 2, 2, 1]}, 1, 0)]).hands[0]
    cells, seats = GAME.csv.values(hand, NAMES[:4])
    assert cells == {"cards": 10, "trump": "H"}
    assert seats[0] == {"bids": 2, "tricks": 5}
