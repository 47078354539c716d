"""Wizard's rules, as RULES.md section 7 gives them: the rounds by table size, the score
of an exact bid and of a miss, the hook off, on and Canadian, no trump in the last round;
every worked example scored through the engine, the JSON API (Flask test client, a real
SQLite file), the hand form's page in the table's words, and the command line."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InvalidSettings
from scorekeeper.engine.core.bidding import BidScore, forbidden_bid, hook_problems
from scorekeeper.engine.wizard.settings import WizardSettings, rounds_of

S = WizardSettings()


def settings(**changes):
    return S.with_changes(changes)


# --- the rules as functions ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_the_game_has_60_over_players_rounds(players, rounds):
    assert rounds_of(S, players) == rounds
    assert rounds_of(settings(rounds=7), players) == 7  # worked example 4


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(2, 2, 40), (0, 1, -10), (1, 1, 30), (0, 0, 20), (3, 0, -30), (1, 4, -30), (0, 1, -10)],
)
def test_exactly_the_bid_scores_20_and_10_a_trick_and_a_miss_10_a_trick_off(bid, tricks, points):
    assert BidScore(20, 10, 0, 10).points(bid, tricks) == points


def test_the_score_in_words():
    rule = BidScore(20, 10, 0, 10)
    assert str(rule.explain(2, 2)) == "bid 2, took 2: 20 + 20 = +40"
    assert str(rule.explain(0, 1)) == "bid 0, took 1: missed, 0 − 10 = −10"
    assert str(BidScore(10, 1, 0, 0).explain(3, 1)) == "bid 3, took 1: missed, 0"


def test_the_hook_forbids_the_bid_that_makes_the_total_and_canadian_allows_zero():
    assert forbidden_bid(5, 3) == 2  # worked example 1: 2 + 0 + 1, the dealer may not bid 2
    assert forbidden_bid(3, 3) == 0 and forbidden_bid(3, 3, zero_allowed=True) is None
    assert forbidden_bid(3, 2, zero_allowed=True) == 1  # worked example 3: 1 + 1 + 0
    assert forbidden_bid(3, 4) is None  # already over: nothing the dealer bids totals 3
    (refusal,) = hook_problems([2, 0, 1, 2], 5, dealer=3)
    assert refusal == (
        "bids[3]",
        "Seat 4 (the dealer) may not bid 2: the bids would total the 5 cards dealt",
    )
    assert str(refusal[1].table.template).startswith("%(name)s may not bid")
    assert hook_problems([1, 1, 1, 0], 3, dealer=3, zero_allowed=True) == []
    assert hook_problems([2, 0, 1, 1], 5, dealer=3) == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"rounds": 21}, "rounds"), ({"hook": "maybe"}, "hook"), ({"miss_step": -1}, "miss_step")],
)
def test_bad_settings_are_refused_naming_the_knob(changes, field):
    with pytest.raises(InvalidSettings) as refused:
        settings(**changes)
    assert refused.value.field == field
