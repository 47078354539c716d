"""docs/rules/spades.md (Spades): its worked examples as tables, and the rules around them
(hand reading, blind nil, bags, the end of the game, the form)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InvalidHand, InvalidSettings
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.spades import GAME, score_hand
from tests.support.games.spades.rules import DEFAULT, hand, rules

# --- worked examples 1 to 5: one hand, default settings unless named ----------------------

EXAMPLES = [
    # (example, changes, bids, tricks, bags before, points [A, B], bags after [A, B])
    ("1", {}, [4, 2, 3, 3], [5, 2, 3, 3], (0, 0), [71, 50], [1, 0]),
    ("2", {}, [0, 3, 4, 4], [0, 4, 5, 4], (0, 0), [141, 71], [1, 1]),
    ("3", {}, [0, 4, 3, 4], [2, 4, 3, 4], (0, 0), [-68, 80], [2, 0]),
    (
        "3 ignored",
        {"failed_nil_tricks": "ignored"},
        [0, 4, 3, 4],
        [2, 4, 3, 4],
        (0, 0),
        [-70, 80],
        [0, 0],
    ),
    (
        "3 count_for_partner",
        {"failed_nil_tricks": "count_for_partner"},
        [0, 4, 3, 4],
        [2, 4, 3, 4],
        (0, 0),
        [-68, 80],
        [2, 0],
    ),
    ("4", {}, [3, 2, 3, 2], [5, 2, 4, 2], (8, 0), [-37, 40], [1, 0]),
    ("5", {}, [4, 3, 5, 3], [5, 2, 4, 2], (0, 0), [90, -60], [0, 0]),
]


@pytest.mark.parametrize(
    ("changes", "bids", "tricks", "bags", "points", "after"),
    [example[1:] for example in EXAMPLES],
    ids=[example[0] for example in EXAMPLES],
)
def test_the_worked_examples_score_as_rules_md_says(changes, bids, tricks, bags, points, after):
    score = score_hand(rules(**changes), bids, tricks, (), bags)
    assert list(score.points) == points
    assert list(score.bags) == after


def test_example_4_through_a_game_carries_the_bags_and_explains_the_penalty():
    # Side A comes to the hand with 8 bags: four hands of 2 overtricks each.
    before = [hand([3, 2, 3, 2], [4, 2, 4, 3]) for _ in range(4)]
    assert [h.score(DEFAULT).bags[0] for h in before] == [2] * 4
    progress = GAME.replay(DEFAULT, 0, [*before, hand([3, 2, 3, 2], [5, 2, 4, 2])])
    last = progress.hands[-1]
    assert list(last.points) == [-37, 40]
    # B took one bag a hand: 4.
    assert progress.state.bags == (1, 4)
    assert GAME.hand_result(last) == {"bags": [1, 4], "made": [True, True]}
    assert GAME.progress_result(progress) == {"bags": [1, 4]}
    assert progress.state.to_dict()["bags"] == [1, 4]
    before_last = HandPlace.after(GAME.state_from_dict(progress.hands[-2].state.to_dict()))
    terms = [str(t) for t in GAME.explain(DEFAULT, last.record, before_last)[0]]
    assert terms == ["3 + 3 bid, 9 taken: 60 + 3 overtricks = +63", "bags 8 → 11: −100, 1 left"]
    view = GAME.hand_views(progress)[-1].seats[0]
    assert view.points == 63 and view.penalty.points == -100 and view.entry == ("3+3", "9", "1")


def test_two_penalties_in_one_hand_and_no_bags_counted_under_a_zero_limit():
    score = score_hand(DEFAULT, [1, 1, 1, 1], [13, 0, 0, 0], (), (9, 0))
    # A: C 2, T 13: 20 + 11 = 31; bags 9 + 11 = 20: two penalties, 0 left.
    assert score.points[0] == 31 - 200 and score.bags[0] == 0
    free = hand([1, 1, 1, 1], [13, 0, 0, 0]).score(rules(bag_limit=0))
    assert free.points[0] == 31 and free.bags == (0, 0)


def test_both_partners_nil_have_no_contract_and_their_tricks_are_bags():
    for way in ("bags", "count_for_partner"):
        score = hand([0, 3, 0, 3], [2, 5, 1, 5]).score(rules(failed_nil_tricks=way))
        assert score.sides[0].made is None
        assert score.points[0] == -200 + 3 and score.bags[0] == 3
    ignored = hand([0, 3, 0, 3], [2, 5, 1, 5]).score(rules(failed_nil_tricks="ignored"))
    assert ignored.points[0] == -200 and ignored.bags[0] == 0


# --- example 6: blind nil ------------------------------------------------------------------

BLIND = {"bids": [0, 3, 5, 3], "tricks": [0, 3, 6, 4], "blind_nil": [0]}


def test_example_6_a_blind_nil_150_behind_scores_251():
    record = GAME.record_from_dict(DEFAULT, BLIND)
    progress = GAME.replay(DEFAULT, 0, [record], starting_totals=[150, 300])
    assert list(progress.hands[0].points)[0] == 251
    assert progress.state.bags[0] == 1
    assert [str(t) for t in GAME.explain(DEFAULT, record)[0]] == [
        "blind nil, no trick: +200",
        "5 bid, 6 taken: 50 + 1 overtrick = +51",
    ]


def test_example_6_a_blind_nil_only_50_behind_is_refused_naming_seat_0s_bid():
    record = GAME.record_from_dict(DEFAULT, BLIND)
    with pytest.raises(InvalidHand) as refused:
        GAME.replay(DEFAULT, 0, [record], starting_totals=[250, 300])
    assert refused.value.field == "bids[0]"
    assert "blind nil" in refused.value.message and "100 or more behind" in refused.value.message
    state = GAME.replay(DEFAULT, 0, [], starting_totals=[250, 300]).state.to_dict()
    with pytest.raises(InvalidHand) as at_place:
        GAME.record_from_dict(
            DEFAULT, record.to_dict(), HandPlace.after(GAME.state_from_dict(state))
        )
    assert at_place.value.field == "bids[0]"
    # any_time allows it; never refuses it as the hand is read.
    anytime = rules(blind_nil="any_time")
    assert GAME.replay(anytime, 0, [record], starting_totals=[250, 300]).totals[0] == 501
    with pytest.raises(InvalidHand) as never:
        GAME.record_from_dict(rules(blind_nil="never"), BLIND)
    assert never.value.field == "blind_nil"


# --- example 7: the end of the game ----------------------------------------------------------


def test_example_7_a_side_at_480_taking_71_wins():
    progress = GAME.replay(DEFAULT, 0, [hand([4, 2, 3, 3], [5, 2, 3, 3])], starting_totals=[480, 0])
    assert progress.totals == (551, 50) and progress.status == "finished" and progress.winner == 0


@pytest.mark.parametrize(
    ("start", "bids", "tricks", "winner"),
    [
        # Both cross 500: 501 and 530, the higher wins.
        ((450, 460), [3, 4, 2, 3], [3, 4, 3, 3], 1),
        # 520 and 520: play on.
        ((458, 470), [3, 2, 3, 3], [4, 2, 4, 3], None),
    ],
)
def test_example_7_both_sides_past_the_target(start, bids, tricks, winner):
    progress = GAME.replay(DEFAULT, 0, [hand(bids, tricks)], starting_totals=list(start))
    assert min(progress.totals) >= 500
    assert progress.winner == winner
    assert progress.tie_at_top == (winner is None)
    if winner is None:
        assert progress.totals[0] == progress.totals[1] and progress.status == "in_progress"
        on = GAME.replay(
            DEFAULT,
            0,
            [hand(bids, tricks), hand([4, 2, 3, 3], [5, 2, 3, 3])],
            starting_totals=list(start),
        )
        assert on.winner == 0


def test_a_side_at_lose_at_ends_the_game_and_the_other_wins():
    progress = GAME.replay(DEFAULT, 0, [hand([7, 1, 6, 1], [3, 4, 3, 3])], starting_totals=[-70, 0])
    assert progress.totals[0] <= -200 and progress.winner == 1
    assert DEFAULT.losing_floor == -200 and rules(lose_at=0).losing_floor is None


def test_the_deal_limit_ends_the_game_with_the_side_ahead():
    limited = rules(deal_limit=2)
    one = hand([4, 2, 3, 3], [5, 2, 3, 3])
    assert GAME.replay(limited, 0, [one]).status == "in_progress"
    progress = GAME.replay(limited, 0, [one, one])
    assert progress.status == "finished" and progress.winner == 0
    with pytest.raises(ValueError):
        GAME.replay(limited, 0, [one, one, one])


def test_resume_from_any_hand_gives_the_replay():
    hands = [hand([3, 2, 3, 2], [4, 2, 4, 3])] * 6
    whole = GAME.replay(DEFAULT, 2, hands)
    for cut in range(len(hands)):
        state = (
            whole.hands[cut - 1].state.to_dict()
            if cut
            else GAME.replay(DEFAULT, 2, []).state.to_dict()
        )
        rest = GAME.resume(DEFAULT, state, hands[cut:])
        assert rest.hands == whole.hands[cut:] and rest.state.bags == whole.state.bags
    with pytest.raises(ValueError):
        GAME.resume(DEFAULT, {"number": 0}, hands)


# --- reading a hand --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"bids": [4, 2, 3], "tricks": [5, 2, 3, 3]}, "bids", "it needs 4"),
        (
            {"bids": [4, 2, 3, 14], "tricks": [5, 2, 3, 3]},
            "bids[3]",
            "fourth seat's bid must be a whole number from 0 to 13, not 14",
        ),
        ({"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 2]}, "tricks", "total 12; they must total 13"),
        ({"bids": [4, 2, 3, 3]}, "tricks", "tricks is missing"),
        ({"bids": [4, 2, "x", 3], "tricks": [5, 2, 3, 3]}, "bids[2]", "whole number"),
        (
            {"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3], "blind_nil": [0]},
            "bids[0]",
            "a blind nil is a bid of 0",
        ),
        (
            {"bids": [0, 2, 3, 3], "tricks": [5, 2, 3, 3], "blind_nil": [7]},
            "blind_nil",
            "from 0 to 3",
        ),
        ({"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3], "thrown_in": True}, "thrown_in", "never"),
        ([], "hand", "JSON object"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_field_and_the_rule(body, field, words):
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(DEFAULT, body)
    assert refused.value.field == field
    assert words in refused.value.message


def test_a_hand_reads_from_text_and_writes_back():
    record = GAME.record_from_dict(DEFAULT, {"bids": "0 2 5 3", "tricks": ["0", 3, 6, 4]})
    assert record == hand([0, 2, 5, 3], [0, 3, 6, 4])
    assert record.to_dict() == {"bids": [0, 2, 5, 3], "tricks": [0, 3, 6, 4]}
    blind = GAME.record_from_dict(DEFAULT, {**BLIND, "blind_nil": [0, 0]})
    assert blind.to_dict() == BLIND
    # As the command line gives them: text, separated by commas.
    typed = {"bids": "0,3,5,3", "tricks": "0,3,6,4", "blind_nil": "0"}
    assert GAME.record_from_dict(DEFAULT, typed) == blind
    # No blind nil, however it is said, is none, and a stored hand leaves it out.
    for none in ([], None, ""):
        plain = GAME.record_from_dict(DEFAULT, {**BLIND, "bids": [1, 3, 5, 3], "blind_nil": none})
        assert plain.blind_nil == () and "blind_nil" not in plain.to_dict()


def test_settings_refuse_a_bad_knob_naming_it():
    with pytest.raises(InvalidSettings) as refused:
        GAME.settings_from_dict({"blind_nil": "sometimes"})
    assert refused.value.field == "blind_nil"
    assert rules(target=300, lose_at=0).preset_of(GAME.presets) == "spades"
    assert rules(bag_penalty=50).preset_of(GAME.presets) is None


# --- the hand form ---------------------------------------------------------------------------


def test_the_form_takes_eight_taps_and_offers_blind_nil_where_allowed():
    spec = GAME.hand_form(DEFAULT, ["Ann", "Bob", "Cat", "Dan"])
    bids = [f for f in spec.fields if f.name.startswith("bid_")]
    tricks = [f for f in spec.fields if f.name.startswith("tricks_")]
    assert len(bids) == 4 and len(tricks) == 4
    # Four bids, three tricks (the last fills itself in), save.
    assert spec.rules["sum"][0]["prefix"] == "tricks" and spec.rules["sum"][0]["total"] == 13
    assert 4 + 3 + 1 <= 10
    assert "blind" in {c.value for c in bids[0].choices}
    never = GAME.hand_form(rules(blind_nil="never"), ["Ann", "Bob", "Cat", "Dan"])
    assert "blind" not in {c.value for c in never.field_named("bid_0").choices}
    values = {"bid_0": "blind", "bid_1": "3", "bid_2": "5", "bid_3": "3"}
    values |= {"tricks_0": "0", "tricks_1": "3", "tricks_2": "6", "tricks_3": "4"}
    body = GAME.hand.form_body(GAME.context(DEFAULT), values, None)
    assert GAME.record_from_dict(DEFAULT, body).to_dict() == BLIND
    assert GAME.hand.form_values(BLIND) == values
    assert spec.error_target("bids[0]") == "bid_0" and spec.error_target("tricks") == "taking"


# --- statistics --------------------------------------------------------------------------------


def test_statistics_count_contracts_nils_bags_and_penalties_per_side():
    hands = [
        hand([3, 2, 3, 2], [4, 2, 4, 3]),  # A made +2 bags; B made +1 bag
        hand([0, 4, 5, 4], [0, 3, 6, 4]),  # A nil made, 5 made +1; B set
        hand([0, 4, 3, 4], [2, 4, 3, 4]),  # A nil failed, +2 bags
    ]
    recorded = GAME.figures.recorded(DEFAULT, 0, ["Ann", "Bob", "Cat", "Dan"], hands)
    table = GAME.figures.game_stats(recorded)
    a, b = (side.figures for side in table.sides)
    assert (a.contracts.made, a.contracts.attempted, a.sets) == (3, 3, 0)
    assert (a.nils.made, a.nils.attempted) == (1, 2)
    assert (a.bags, b.bags, b.sets) == (5, 1, 1)
    ann = table.players[0].figures
    assert (ann.nils.made, ann.nils.attempted) == (1, 2) and ann.contracts.attempted == 3
    cat = table.players[2].figures
    assert cat.nils.attempted == 0
    lines = {str(line.label): line.values for line in GAME.figures.player([a, b])}
    assert lines["Bags"] == ("5", "1") and lines["Sets"] == ("0", "1")
    careers = GAME.figures.careers([recorded])
    assert careers["Ann"].figures.bags == 5


# --- deals played by bots, and the independent checker --------------------------------------


@pytest.mark.parametrize("bots", GAME.simulation.bots)
def test_bots_play_whole_deals_the_checker_accepts(bots):
    anytime = rules(blind_nil="any_time")
    deals = list(GAME.simulation.deals(anytime, 200, seed=8, bots=bots))
    assert all(GAME.simulation.broken_rules(anytime, deal) == [] for deal in deals)
    assert all(len(deal["play"]) == 13 for deal in deals)
    assert any(deal.get("blind_nil") for deal in deals) or bots == "heuristic"


def test_the_checker_finds_a_broken_rule_of_play():
    deal = next(GAME.simulation.deals(DEFAULT, 1, seed=3, bots="random"))
    first = deal["play"][0]
    backwards = {"leader": first["leader"], "cards": " ".join(reversed(first["cards"].split()))}
    tampered = {**deal, "play": [backwards, *deal["play"][1:]]}
    assert GAME.simulation.broken_rules(DEFAULT, tampered) != []
    moved = list(deal["tricks"])
    moved[0], moved[1] = moved[1] + 1, moved[0] - 1
    if moved[1] >= 0:
        assert any(
            "recorded" in p
            for p in GAME.simulation.broken_rules(DEFAULT, {**deal, "tricks": moved})
        )
    blind = {**deal, "bids": [0, *deal["bids"][1:]], "blind_nil": [0]}
    assert any("blind nil" in p for p in GAME.simulation.broken_rules(DEFAULT, blind))
