"""Explaining every score: the terms of each seat's points, in players' words, add up to
the points the engine scores; and what each contract puts at stake."""

import itertools

import pytest

from scorekeeper.engine import bid_whist
from scorekeeper.engine.israeli_whist import preset, record_from_dict
from scorekeeper.engine.israeli_whist.explain import explain
from tests.support.games.israeli_whist.explain import BW, MINUS, bw, english, points_of, stakes

PAGAT = preset("pagat-german")
STANDARD = preset("standard")


def test_the_worked_example_explained():
    hand = record_from_dict(
        PAGAT,
        dict(declarer=2, bid="7C", frisch_rounds=0, contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 2]),
    )
    assert english(explain(PAGAT, hand)) == [
        [f"0 tricks under a contract of 2: {MINUS}10 × 2 = {MINUS}20"],
        ["3 made: 10 + 3² = +19"],
        [f"8 tricks over a contract of 7: {MINUS}10 × 1 = {MINUS}10"],
        [f"zero failed with 2 tricks: {MINUS}50 + 10 × 1 = {MINUS}40"],
    ]


def test_made_zeros_revokes_and_the_declarers_factor():
    settings = STANDARD.with_changes({"declarer_miss_factor": 2})
    hand = record_from_dict(
        settings,
        dict(
            declarer=0,
            bid="7H",
            frisch_rounds=0,
            contracts=[7, 0, 3, 1],
            tricks=[5, 0, 5, 3],
            revokes=[0, 1, 0, 2],
        ),
    )
    assert english(explain(settings, hand)) == [
        [f"5 tricks under a contract of 7: {MINUS}10 × 2 × 2 = {MINUS}40"],
        ["zero made in an under hand: +50", f"1 revoke: {MINUS}100"],
        [f"5 tricks over a contract of 3: {MINUS}10 × 2 = {MINUS}20"],
        [f"3 tricks over a contract of 1: {MINUS}10 × 2 = {MINUS}20", f"2 revokes: {MINUS}200"],
    ]


def test_a_pass_round_and_a_void_hand_explained():
    settings = PAGAT.with_changes({"all_pass": "pass_round"})
    assert english(
        explain(settings, record_from_dict(settings, dict(pass_round=True, tricks=[0, 3, 4, 6])))
    ) == [
        ["no trick in a pass round: +50"],
        [f"3 tricks in a pass round: {MINUS}10 × 3 = {MINUS}30"],
        [f"4 tricks in a pass round: {MINUS}10 × 4 = {MINUS}40"],
        [f"6 tricks in a pass round: {MINUS}10 × 6 = {MINUS}60"],
    ]
    elhanani = preset("elhanani")
    void = record_from_dict(
        elhanani,
        dict(declarer=0, bid="5C", frisch_rounds=0, contracts=[5, 1, 1, 1], tricks=[4, 3, 3, 3]),
    )
    assert english(explain(elhanani, void))[0] == ["nobody made their contract: the hand scores 0"]


HOUSE_RULES = [
    {},
    {"made_per_trick": 10, "made_squared": "no"},
    {"miss_steps": "5,5,5,5,10,15,20,20,20,20,20,20,20", "declarer_miss_factor": 2},
    {"failed_zero_first_over": 30, "failed_zero_step_over": 0, "exact_bonus": 0},
]


@pytest.mark.parametrize("changes", HOUSE_RULES)
def test_the_terms_add_up_to_the_points_for_every_hand(changes):
    settings = PAGAT.with_changes(changes)
    for contracts in itertools.islice(itertools.product(range(0, 8), repeat=3), 0, None, 7):
        declared = [7, *contracts]
        if sum(declared) == 13:
            continue
        for tricks in ([7, 2, 2, 2], [0, 4, 4, 5], [13, 0, 0, 0]):
            hand = record_from_dict(
                settings,
                dict(
                    declarer=0,
                    bid="7S",
                    frisch_rounds=0,
                    contracts=declared,
                    tricks=tricks,
                    revokes=[0, 1, 0, 0],
                ),
            )
            terms = english(explain(settings, hand))
            assert [sum(points_of(t) for t in seat) for seat in terms] == list(
                hand.score(settings).points
            )


def test_what_each_contract_puts_at_stake():
    table = stakes(PAGAT)
    zero = {"over": 30, "under": 50, "first": -50, "step": 10}
    assert table[0] == {"text": "stake-zero", "points": zero}
    assert table[7] == {"text": "stake-made", "points": {"made": 59, "step": -10}}
    steps = STANDARD.with_changes({"miss_steps": "5,5,5,5,10,15,20,20,20,20,20,20,20"})
    assert [-row["points"]["step"] for row in stakes(steps)[1:]] == [5, 5, 5, 5, 10, 15, *[20] * 7]
    doubled = STANDARD.with_changes({"declarer_miss_factor": 2})
    assert stakes(doubled, declarer=True)[8]["points"]["step"] == -20
    assert stakes(doubled)[8]["points"]["step"] == -10


# --- Bid Whist: docs/rules/bid-whist.md's worked examples, explained ---------------------------


@pytest.mark.parametrize(
    ("settings", "hand", "terms"),
    [
        (BW, bw(0, "4U", 11, trump="H"), ["made with 11 books, 10 needed: 11 − 6 = +5"]),
        (
            BW,
            bw(1, "5NT", 10, direction="low"),
            [f"set with 10 books, 11 needed: {MINUS}2 × 5 = {MINUS}10"],
        ),
        (
            BW,
            bw(0, "3D", 9, trump="S", reneges=[1, 0]),
            [
                "reneges move 3 books: 9 → 6",
                f"set with 6 books, 9 needed: {MINUS}3 = {MINUS}3",
            ],
        ),
        (
            BW.with_changes({"boston": "double"}),
            bw(0, "7NT", 13, direction="high"),
            [
                "made with 13 books, 13 needed: 2 × (13 − 6) = +14",
                "Boston, all 13 books, doubled: +14 more",
            ],
        ),
    ],
)
def test_bid_whist_hands_explained(settings, hand, terms):
    explained = english(bid_whist.explain(settings, hand))
    side = hand.bidder % 2
    assert explained[side] == explained[side + 2] == terms
    assert explained[1 - side] == explained[3 - side] == []


def test_a_set_given_to_the_defenders_is_explained_on_their_side():
    settings = BW.with_changes({"set_goes_to": "defenders_gain"})
    explained = english(bid_whist.explain(settings, bw(1, "5NT", 10, direction="low")))
    assert explained[0] == explained[2] == ["the bidders were set: the defenders gain +10"]
    assert explained[1] == explained[3] == []
