"""Scoring tables built from docs/rules/israeli-whist.md and hand calculations."""

import pytest

from scorekeeper.engine.israeli_whist import preset, score_hand
from scorekeeper.engine.israeli_whist.contracts import over_under
from scorekeeper.engine.israeli_whist.scoring import contract_points

STANDARD = preset("standard")
PAGAT = preset("pagat-german")
ELHANANI = preset("elhanani")

# Seats S, W, N, E are 0..3; North declares 7C. Contracts S 2, W 3, N 7, E 0.
WORKED_CONTRACTS = [2, 3, 7, 0]
WORKED_TRICKS = [0, 3, 8, 2]


@pytest.mark.parametrize(
    ("settings", "points"),
    [(PAGAT, (-20, 19, -10, -40)), (ELHANANI, (-10, 9, -5, -20))],
    ids=["pagat-german", "elhanani"],
)
def test_worked_example(settings, points):
    result = score_hand(settings, WORKED_CONTRACTS, WORKED_TRICKS)
    assert result.points == points
    assert result.over_under == "under"
    assert result.contracts_total == 12


@pytest.mark.parametrize(
    ("settings", "contract", "tricks", "points"),
    [
        # exact contract n >= 1: exact_bonus + n²
        (STANDARD, 1, 1, 11),
        (STANDARD, 3, 3, 19),
        (STANDARD, 8, 8, 74),
        (STANDARD, 13, 13, 179),
        (PAGAT, 5, 5, 35),
        (ELHANANI, 5, 5, 25),
        (ELHANANI, 1, 1, 1),
        # missed contract: -miss_step per trick over or under
        (STANDARD, 2, 4, -20),
        (STANDARD, 7, 3, -40),
        (PAGAT, 2, 0, -20),
        (PAGAT, 1, 13, -120),
        (ELHANANI, 2, 4, -10),
        (ELHANANI, 7, 8, -5),
    ],
)
def test_contracts_of_one_or_more(settings, contract, tricks, points):
    assert contract_points(settings, contract, tricks, "under") == points
    assert contract_points(settings, contract, tricks, "over") == points


@pytest.mark.parametrize(
    ("settings", "hand", "points"),
    [
        (STANDARD, "over", 25),
        (STANDARD, "under", 50),
        (PAGAT, "over", 30),
        (PAGAT, "under", 50),
        (ELHANANI, "over", 25),
        (ELHANANI, "under", 50),
    ],
)
def test_zero_made(settings, hand, points):
    assert contract_points(settings, 0, 0, hand) == points


PAGAT_ENGLISH = STANDARD.with_changes({"failed_zero_first": 30, "failed_zero_step": -5})


@pytest.mark.parametrize(
    ("settings", "curve"),
    [
        # -50 + 10·(t-1): standard and pagat-german
        (STANDARD, {1: -50, 2: -40, 3: -30, 6: 0, 13: 70}),
        (PAGAT, {1: -50, 2: -40, 3: -30, 6: 0, 13: 70}),
        # -25 + 5·(t-1): elhanani
        (ELHANANI, {1: -25, 2: -20, 3: -15, 6: 0, 13: 35}),
        # pagat's English page, "-25 - 5 per trick taken": F = 30, S = -5
        (PAGAT_ENGLISH, {1: -30, 2: -35, 3: -40, 13: -90}),
    ],
    ids=["standard", "pagat-german", "elhanani", "pagat-english"],
)
def test_failed_zero_curves(settings, curve):
    for tricks, points in curve.items():
        for hand in ("over", "under"):
            assert contract_points(settings, 0, tricks, hand) == points, (tricks, hand)


@pytest.mark.parametrize(
    ("contracts", "expected"),
    [
        ([2, 3, 7, 0], "under"),
        ([4, 4, 4, 2], "over"),
        ([0, 0, 0, 12], "under"),
        ([13, 1, 0, 0], "over"),
    ],
)
def test_over_under(contracts, expected):
    assert over_under(contracts) == expected


def test_thirteen_is_neither_over_nor_under():
    with pytest.raises(ValueError):
        over_under([5, 3, 3, 2])


ALL_FAIL = ([5, 4, 3, 0], [6, 2, 2, 3])


@pytest.mark.parametrize(
    ("settings", "points", "void"),
    [
        (ELHANANI, (0, 0, 0, 0), True),
        (PAGAT, (-10, -20, -10, -30), False),
        (STANDARD.with_changes({"all_fail_void": True}), (0, 0, 0, 0), True),
    ],
)
def test_all_fail_void(settings, points, void):
    result = score_hand(settings, *ALL_FAIL)
    assert result.points == points
    assert result.void is void
    assert result.made == (False, False, False, False)


def test_one_made_contract_keeps_the_hand_scored_under_elhanani():
    result = score_hand(ELHANANI, [5, 4, 3, 0], [5, 2, 3, 3])
    assert result.points == (25, -10, 9, -15)
    assert not result.void


def test_revoke_penalty_is_on_top_even_in_a_void_hand():
    result = score_hand(PAGAT, WORKED_CONTRACTS, WORKED_TRICKS, [0, 1, 0, 2])
    assert result.points == (-20, 19 - 100, -10, -40 - 200)
    void = score_hand(ELHANANI, *ALL_FAIL, [1, 0, 0, 0])
    assert void.points == (-100, 0, 0, 0)


def test_house_rule_knobs_change_scores_without_a_preset():
    house = PAGAT.with_changes({"exact_bonus": 0, "miss_step": 7, "zero_under": 40})
    assert score_hand(house, WORKED_CONTRACTS, [1, 3, 7, 2]).points == (-7, 9, 49, -40)
    assert score_hand(house, [2, 3, 7, 0], [2, 3, 8, 0]).points == (4, 9, -7, 40)
