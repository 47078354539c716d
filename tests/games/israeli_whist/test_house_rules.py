"""The house rules other scorekeepers play (docs/rules/israeli-whist.md, "More house rules, as other
scorekeepers play them"): one table per knob, worked by hand, and the three presets'
defaults unchanged by every one of them."""

import pytest

from scorekeeper.engine import (
    InvalidHand,
    InvalidSettings,
    bid_whist,
    get_game,
    read_starting_totals,
)
from scorekeeper.engine.israeli_whist import (
    PRESETS,
    preset,
    record_from_dict,
    score_hand,
    score_table_entry,
    simulate_deals,
)
from scorekeeper.engine.israeli_whist.scoring import contract_points
from tests.support.games.israeli_whist.house_rules import made
from tests.support.games.israeli_whist.shared import PAGAT
from tests.support.israeli_deal_checker import verify_deal

WHIST = get_game("israeli-whist")

STANDARD = preset("standard")
ELHANANI = preset("elhanani")
NEW_KNOBS = {
    "made_per_trick": 0,
    "made_squared": True,
    "miss_steps": None,
    "declarer_miss_factor": 1,
    "failed_zero_first_over": None,
    "failed_zero_step_over": None,
    "all_pass": "throw_in",
    "pass_round_zero": 50,
    "pass_round_step": 10,
    "hand_limit": 0,
    "tie_at_end": "play_on",
}


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize(("knob", "default"), list(NEW_KNOBS.items()))
def test_every_preset_keeps_its_rules_under_the_new_knobs(name, knob, default):
    assert getattr(PRESETS[name], knob) == default


def test_old_stored_settings_read_with_the_defaults():
    stored = {k: v for k, v in STANDARD.to_dict().items() if k not in NEW_KNOBS}
    assert STANDARD.from_dict(stored) == STANDARD


# --- failed zero in an over hand: -F + S*(t-1), F and S of their own -------------------------

OVER_CURVES = [
    # (F over, S over, tricks, points): the curves docs/rules/israeli-whist.md names.
    (30, 0, 1, -30),  # -30 flat
    (30, 0, 4, -30),
    (30, 10, 1, -30),  # -30 + 10(t-1)
    (30, 10, 3, -10),  # the example: a failed zero, over hand, 3 tricks
    (25, 0, 5, -25),  # -25 flat
    (25, 10, 2, -15),  # -25 + 10(t-1)
    (25, 5, 3, -15),  # -25 + 5(t-1)
]


@pytest.mark.parametrize(("first", "step", "tricks", "points"), OVER_CURVES)
def test_a_failed_zero_in_an_over_hand_follows_its_own_curve(first, step, tricks, points):
    settings = STANDARD.with_changes(
        {"failed_zero_first_over": first, "failed_zero_step_over": step}
    )
    assert contract_points(settings, 0, tricks, "over") == points
    # Under hands keep the under curve: -50 + 10(t-1).
    assert contract_points(settings, 0, tricks, "under") == -50 + 10 * (tricks - 1)


@pytest.mark.parametrize(
    ("changes", "tricks", "points"),
    [
        ({}, 3, -30),  # unset: the under curve, -50 + 10*2
        ({"failed_zero_first_over": "none"}, 3, -30),
        ({"failed_zero_first_over": ""}, 3, -30),
        ({"failed_zero_first_over": 30}, 3, -10),  # S stays the under step, 10
        ({"failed_zero_step_over": 0}, 3, -50),  # F stays the under F, 50
    ],
)
def test_each_unset_over_value_falls_back_to_the_under_one(changes, tricks, points):
    assert contract_points(STANDARD.with_changes(changes), 0, tricks, "over") == points


# --- miss penalty by contract size ------------------------------------------------------

# docs/rules/israeli-whist.md's example: 5 for contracts 1-4, 10 for 5, 15 for 6, 20 for 7 and up.
STEPS = "5,5,5,5,10,15,20,20,20,20,20,20,20"


@pytest.mark.parametrize(
    ("contract", "tricks", "points"),
    [(1, 0, -5), (4, 7, -15), (5, 3, -20), (6, 4, -30), (7, 6, -20), (13, 10, -60)],
)
def test_the_miss_penalty_follows_the_contract_size(contract, tricks, points):
    settings = STANDARD.with_changes({"miss_steps": STEPS})
    assert contract_points(settings, contract, tricks, "under") == points


def test_miss_steps_take_a_list_or_commas_and_need_thirteen():
    by_list = STANDARD.with_changes({"miss_steps": [5] * 4 + [10, 15] + [20] * 7})
    assert by_list == STANDARD.with_changes({"miss_steps": STEPS})
    assert by_list.to_dict()["miss_steps"] == [5, 5, 5, 5, 10, 15, 20, 20, 20, 20, 20, 20, 20]
    assert STANDARD.from_dict(by_list.to_dict()) == by_list
    with pytest.raises(InvalidSettings) as refused:
        STANDARD.with_changes({"miss_steps": "5,5,5"})
    assert refused.value.field == "miss_steps"
    assert "13 whole numbers" in refused.value.message
    with pytest.raises(InvalidSettings):
        STANDARD.with_changes({"miss_steps": "5,5,5,5,10,15,20,20,20,20,20,20,-1"})


# --- made contract: exact_bonus + made_per_trick*n (+ n² when made_squared) -----------------


@pytest.mark.parametrize(
    ("changes", "contract", "points"),
    [
        ({}, 3, 19),  # 10 + 9
        ({"made_per_trick": 10, "made_squared": "no"}, 3, 40),  # the docs' 10 + 10n
        ({"made_per_trick": 10, "made_squared": "no"}, 13, 140),
        ({"made_per_trick": 5}, 4, 46),  # 10 + 20 + 16
        ({"exact_bonus": 0, "made_squared": "no", "made_per_trick": 1}, 7, 7),
    ],
)
def test_a_made_contract_scores_bonus_per_trick_and_square(changes, contract, points):
    assert contract_points(STANDARD.with_changes(changes), contract, contract, "over") == points


def test_a_made_zero_is_not_a_made_contract_of_n():
    settings = STANDARD.with_changes({"made_per_trick": 10, "made_squared": "no"})
    assert contract_points(settings, 0, 0, "under") == 50


# --- the declarer's miss ----------------------------------------------------------------


def test_the_declarers_missed_contract_counts_twice():
    settings = PAGAT.with_changes({"declarer_miss_factor": 2})
    # The worked example: North (seat 2) declares 7 and takes 8; everyone else as before.
    result = score_hand(settings, [2, 3, 7, 0], [0, 3, 8, 2], declarer=2)
    assert result.points == (-20, 19, -20, -40)
    hand = record_from_dict(
        settings,
        dict(declarer=2, bid="7C", frisch_rounds=0, contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 2]),
    )
    assert hand.score(settings).points == (-20, 19, -20, -40)


def test_a_score_without_the_declarer_names_it_when_the_factor_needs_it():
    settings = STANDARD.with_changes({"declarer_miss_factor": 2})
    with pytest.raises(InvalidHand) as refused:
        score_table_entry(settings, [2, 3, 7, 0], [0, 3, 8, 2])
    assert refused.value.field == "declarer"
    assert "counts 2 times" in refused.value.message
    assert score_table_entry(settings, [2, 3, 7, 0], [0, 3, 8, 2], declarer=0).points == (
        -40,
        19,
        -10,
        -40,
    )
    # Factor 1: the declarer does not matter.
    assert score_table_entry(STANDARD, [2, 3, 7, 0], [0, 3, 8, 2]).points == (-20, 19, -10, -40)


# --- game length and a tie at the end ------------------------------------------------------


def test_a_hand_limit_ends_the_game_and_the_highest_total_wins():
    settings = PAGAT.with_changes({"hand_limit": 2, "target": 1000})
    one = WHIST.replay(settings, 0, [made(0)])
    assert one.status == "in_progress"
    two = WHIST.replay(settings, 0, [made(0), made(1)])
    # Seat 0: 59 - 10; seat 1: -10 + 59: a tie at the top after 2 hands plays on.
    assert two.totals[0] == two.totals[1]
    assert two.status == "in_progress" and two.tie_at_top
    three = WHIST.replay(settings, 0, [made(0), made(1), made(2)])
    assert three.status == "in_progress"  # seats 0, 1 and 2 still tie at the top
    four = WHIST.replay(settings, 0, [made(0), made(1), made(2), made(2)])
    assert four.status == "finished" and four.winner == 2 and four.winners == (2,)
    with pytest.raises(ValueError, match="after the game ended"):
        WHIST.replay(settings, 0, [made(0), made(1), made(2), made(2), made(0)])


def test_the_tied_leaders_share_the_win_when_the_table_says_so():
    settings = PAGAT.with_changes({"hand_limit": 2, "target": 1000, "tie_at_end": "shared"})
    two = WHIST.replay(settings, 0, [made(0), made(1)])
    assert two.status == "finished"
    assert two.winners == (0, 1)
    assert two.winner is None
    assert not two.tie_at_top


def test_a_tie_at_the_target_is_shared_too():
    # Seats 0 and 1 both make 6 (46 each), past a target of 40 in the same hand.
    both = record_from_dict(
        PAGAT,
        dict(declarer=0, bid="6C", frisch_rounds=0, contracts=[6, 6, 1, 1], tricks=[6, 6, 1, 0]),
    )
    settings = PAGAT.with_changes({"target": 40, "tie_at_end": "shared"})
    shared = WHIST.replay(settings, 0, [both])
    assert shared.totals == (46, 46, 11, -10)
    assert shared.winners == (0, 1) and shared.status == "finished"
    plays_on = WHIST.replay(PAGAT.with_changes({"target": 40}), 0, [both])
    assert plays_on.status == "in_progress" and plays_on.tie_at_top


def test_a_lone_leader_at_the_target_wins_alone():
    one = WHIST.replay(PAGAT.with_changes({"target": 40, "tie_at_end": "shared"}), 0, [made(0)])
    assert one.winners == (0,) and one.winner == 0


# --- a pass round when all four pass ------------------------------------------------------

PASSING = PAGAT.with_changes({"all_pass": "pass_round"})


@pytest.mark.parametrize(
    ("changes", "tricks", "points"),
    [
        ({}, [0, 3, 4, 6], (50, -30, -40, -60)),
        ({"pass_round_zero": 30, "pass_round_step": 5}, [0, 0, 6, 7], (30, 30, -30, -35)),
    ],
)
def test_a_pass_round_scores_no_trick_or_a_step_per_trick(changes, tricks, points):
    settings = PASSING.with_changes(changes)
    hand = record_from_dict(settings, dict(pass_round=True, tricks=tricks))
    assert hand.score(settings).points == points
    assert record_from_dict(settings, {"pass_round": True, "tricks": tricks}) == hand
    assert record_from_dict(settings, hand.to_dict()) == hand


def test_a_pass_round_is_a_scored_hand_and_the_deal_moves_on():
    hand = record_from_dict(
        PASSING, dict(pass_round=True, tricks=[0, 3, 4, 6], revokes=[0, 1, 0, 0])
    )
    progress = WHIST.replay(PASSING, 2, [hand])
    assert progress.totals == (50, -130, -40, -60)
    assert progress.hands[0].dealer == 2 and progress.dealer == 3


@pytest.mark.parametrize(
    ("settings", "body", "field", "words"),
    [
        (PAGAT, {"pass_round": True, "tricks": [0, 3, 4, 6]}, "pass_round", "not part of"),
        (PASSING, {"pass_round": True, "tricks": [0, 3, 4, 5]}, "tricks", "must add up to 13"),
        (PASSING, {"pass_round": "yes", "tricks": [0, 3, 4, 6]}, "pass_round", "true or false"),
        (PASSING, {"thrown_in": True}, "thrown_in", "no deal is thrown in"),
        (
            # A pass round comes after the rules' every Frisch round: it records none.
            STANDARD.with_changes({"all_pass": "pass_round"}),
            {"pass_round": True, "frisch_rounds": 1, "tricks": [0, 3, 4, 6]},
            "frisch_rounds",
            "not part of this hand",
        ),
    ],
)
def test_a_pass_round_is_refused_naming_the_field(settings, body, field, words):
    with pytest.raises(InvalidHand) as refused:
        record_from_dict(settings, body)
    assert refused.value.field == field
    assert words in refused.value.message


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("name", ["standard", "pagat-german"])
def test_simulated_pass_rounds_follow_the_rules(name, bots):
    settings = preset(name).with_changes({"all_pass": "pass_round"})
    rounds = 0
    for result in simulate_deals(settings, 2000, seed=11, bots=bots):
        deal = result.to_dict()
        assert verify_deal(settings, deal) == []
        assert not deal["thrown_in"]
        if deal.get("pass_round"):
            rounds += 1
            assert deal["tricks"][0]["leader"] == (deal["dealer"] + 1) % 4
            assert WHIST.simulation.record_of(deal).score(settings).points == tuple(deal["points"])
    # Random bots always bid something; heuristic bots pass with weak hands.
    assert rounds > 0 or bots == "random"


# --- starting totals: hand 0 ----------------------------------------------------------------


def test_starting_totals_count_toward_the_target():
    progress = WHIST.replay(
        PAGAT.with_changes({"target": 100}), 0, [made(0)], starting_totals=[50, 0, 0, 0]
    )
    # 50 carried over + 59 made = 109: the target is reached in the first hand.
    assert progress.totals == (109, -10, -10, -10)
    assert progress.starting_totals == (50, 0, 0, 0)
    assert progress.status == "finished" and progress.winner == 0
    assert WHIST.replay(PAGAT, 0, [made(0)]).status == "in_progress"


def test_bid_whist_sides_start_from_their_totals():
    settings = bid_whist.preset("bid-whist")
    hand = bid_whist.record_from_dict(
        settings, {"bidder": 0, "bid": "4U", "trump": "H", "books": 11}
    )
    # docs/rules/bid-whist.md: A at 18 bids 4 uptown and takes 10... here 11 books, +5: 23 wins.
    progress = bid_whist.replay(settings, 0, [hand], starting_totals=[18, -3])
    assert progress.totals == (23, -3)
    assert progress.winner == 0


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (None, (0, 0, 0, 0)),
        ("", (0, 0, 0, 0)),
        ("10, -20, 0, 99", (10, -20, 0, 99)),
        ([1, 2, 3, 4], (1, 2, 3, 4)),
    ],
)
def test_starting_totals_are_read_from_a_list_or_text(values, expected):
    assert read_starting_totals(values, 4, 100) == expected


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ([1, 2, 3], "starting_totals", "needs 4 numbers"),
        ([1, 2, 3, 100], "starting_totals[3]", "already reaches the target 100"),
        ([1, "x", 3, 4], "starting_totals[1]", "whole number"),
        ([1, 2, -5_000_000, 4], "starting_totals[2]", "-999999"),
    ],
)
def test_starting_totals_are_refused_naming_the_side(values, field, words):
    with pytest.raises(InvalidSettings) as refused:
        read_starting_totals(values, 4, 100)
    assert refused.value.field == field
    assert words in refused.value.message
