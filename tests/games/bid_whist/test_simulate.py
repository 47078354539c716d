"""Random playthroughs of Bid Whist by both bot kinds, each deal's JSON checked by an
independent checker written from docs/rules/bid-whist.md (card text only, none of the engine's
tables), and reproducibility from a seed."""

import json
import random

import pytest

from scorekeeper.engine.bid_whist import GAME, preset
from scorekeeper.engine.bid_whist.auction import BidWhistAuction, _calls
from scorekeeper.engine.bid_whist.bots import BidWhistHeuristicBot, BidWhistRandomBot
from scorekeeper.engine.bid_whist.simulate import BidWhistDealState, BidWhistTally, simulate_deals
from tests.support.games.bid_whist.simulate import check_deal

S = preset("bid-whist")


MIXES = [
    {},
    {"jokers": 1},
    {"jokers": 0},
    {"nt_jokers": "any_time"},
    {"nt_jokers": "must_when_void"},
    {"all_pass": "dealer_must_bid"},
]


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("mix", MIXES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items()))
def test_playthroughs_keep_every_rule(mix, bots):
    rules = S.with_changes(mix)
    kinds = set()
    made = 0
    for deal in GAME.simulation.deals(rules, 2000, seed=11, bots=bots):
        result = check_deal(rules, deal)
        made += bool(result)
        if deal["bid"]:
            kinds.add(deal["bid"][1:])
    assert made > 0
    if bots == "random":
        assert kinds == {"U", "D", "NT"}


@pytest.mark.parametrize(
    "mix",
    [
        {"downtown_ace_high": False, "sport_kitty": True},
        {"downtown_over_uptown": True, "minimum_level": 4, "set_goes_to": "defenders_gain"},
        {"boston": "double", "jokers": 1, "nt_jokers": "any_time"},
    ],
)
def test_playthroughs_under_other_knobs(mix):
    rules = S.with_changes(mix)
    for bots in ("random", "heuristic"):
        for deal in GAME.simulation.deals(rules, 300, seed=5, bots=bots):
            check_deal(rules, deal)


@pytest.mark.parametrize("nt_jokers", ["void_only", "any_time", "must_when_void"])
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_the_fast_random_loop_plays_as_the_bots_do(nt_jokers, jokers):
    rules = S.with_changes({"nt_jokers": nt_jokers, "jokers": jokers})
    fast = list(simulate_deals(rules, 300, seed=2, bots="random"))

    class Slow(BidWhistRandomBot):  # not a plain BidWhistRandomBot, so the general loop runs
        __slots__ = ()

    slow = list(simulate_deals(rules, 300, seed=2, bots=Slow))
    assert [d.to_dict() for d in fast] == [d.to_dict() for d in slow]


def test_a_seed_repeats_the_run():
    for bots in ("random", "heuristic"):
        first = list(GAME.simulation.deals(S, 50, seed=99, bots=bots))
        assert first == list(GAME.simulation.deals(S, 50, seed=99, bots=bots))
        assert first != list(GAME.simulation.deals(S, 50, seed=100, bots=bots))
        json.dumps(first)


def test_dealer_passes_left_after_every_deal_thrown_in_too():
    deals = list(GAME.simulation.deals(S, 40, seed=1, bots="heuristic"))
    assert any(d["thrown_in"] for d in deals)
    assert [d["dealer"] for d in deals] == [k % 4 for k in range(40)]


def test_sport_kitty_shows_the_bots_the_kitty_with_a_trump_bid():
    seen = []

    class Watcher(BidWhistHeuristicBot):
        __slots__ = ()

        def choose_card(self, play, legal):
            seen.append((play.trump, play.kitty_shown))
            return super().choose_card(play, legal)

    for sport in (True, False):
        rules = S.with_changes({"sport_kitty": sport})
        seen.clear()
        rng = random.Random(0)
        bots = [Watcher(seat, rng, rules) for seat in range(4)]
        results = list(simulate_deals(rules, 60, seed=3, bots=bots))
        assert seen
        for trump, shown in seen:
            assert len(shown) == (6 if sport and trump != 4 else 0)
        assert all(r.kitty == list(r.kitty) for r in results)


def test_summary_counts_bids_made_sets_and_bostons():
    summary = BidWhistTally()
    results = list(simulate_deals(S, 400, seed=4, bots="heuristic"))
    for result in results:
        assert isinstance(result, BidWhistDealState)
        summary.add_result(result)
    played = [r for r in results if r.score is not None]
    assert summary.played == len(played)
    assert summary.sets == sum(not r.score.made for r in played)
    assert summary.bostons == sum(r.score.boston for r in played)
    text = "\n".join(summary.lines())
    for words in ("deals/s", "bids by kind", "bids by level", "made by level and kind", "sets:"):
        assert words in text
    assert "Bostons:" in text


def test_heuristic_bots_mostly_make_their_bids_and_random_bots_mostly_do_not():
    def made_rate(bots):
        played = [r for r in simulate_deals(S, 400, seed=8, bots=bots) if r.score]
        return sum(r.score.made for r in played) / len(played)

    assert made_rate("heuristic") > 0.6 > 0.2 > made_rate("random")


def test_bad_simulation_arguments():
    with pytest.raises(ValueError, match="not a bot"):
        simulate_deals(S, 1, bots="clever")
    with pytest.raises(ValueError, match="0 or more"):
        simulate_deals(S, -1)


def test_random_calls_leave_the_dealer_only_the_minimum_bids_after_three_passes():
    """``call_random`` (the random bots' auction in one loop) reads the legal calls of the
    seat it is at, also when they are worked out afresh: each draw of 0 takes the first
    legal call, a pass for the three others, then the dealer's first minimum-level bid."""
    rules = S.with_changes({"all_pass": "dealer_must_bid"})
    _calls.cache_clear()  # no legal calls remembered from other auctions
    auction = BidWhistAuction(rules, 3)
    auction.call_random(lambda k: 0)
    assert [str(call) for _seat, call in auction.calls][:3] == ["pass"] * 3
    assert auction.bidder == 3 and auction.bid.level == rules.minimum_level
    assert auction.to_speak is None
