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

S = preset("bid-whist")
RANKS = "23456789TJQKA"
JOKERS = ("BJ", "LJ")
KIND_STEP = {"U": 0, "D": 0, "NT": 2}


def _pack(jokers):
    return {r + s for r in RANKS for s in "CDHS"} | set(
        ("BJ", "LJ")[:jokers]
    )  # one joker is the big one


def _order(card, low, ace_high):
    """How high a plain card stands in its suit, from docs/rules/bid-whist.md's card orders."""
    rank = RANKS.index(card[0]) + 2
    if not low:
        return rank
    if card[0] == "A":
        return 100 if ace_high else 0
    return 20 - rank


def _suit(card, trump):
    """The suit a card follows as: a joker is a trump, or of no suit in no-trump."""
    return trump if card in JOKERS else card[1]


def _winner(leader, cards, trump, low, ace_high):
    if trump is not None:
        trumps = [i for i, c in enumerate(cards) if _suit(c, trump) == trump]
        if trumps:

            def trump_value(i):
                card = cards[i]
                return {"BJ": 1000, "LJ": 999}.get(card) or _order(card, low, ace_high)

            return (leader + max(trumps, key=trump_value)) % 4
    plain = [i for i, c in enumerate(cards) if c not in JOKERS]
    if not plain:
        return leader
    led = cards[plain[0]][1]
    following = [i for i in plain if cards[i][1] == led]
    return (leader + max(following, key=lambda i: _order(cards[i], low, ace_high))) % 4


def _may_play(card, hand, so_far, trump, rule):
    if trump is not None:
        if not so_far:
            return True
        led = _suit(so_far[0], trump)
        holds = [c for c in hand if _suit(c, trump) == led]
        return not holds or _suit(card, trump) == led
    plain = [c for c in so_far if c not in JOKERS]
    if not plain:
        return True
    led = plain[0][1]
    holds = [c for c in hand if c not in JOKERS and c[1] == led]
    jokers = [c for c in hand if c in JOKERS]
    if holds:
        return (card not in JOKERS and card[1] == led) or (rule == "any_time" and card in JOKERS)
    if rule == "must_when_void" and jokers:
        return card in JOKERS
    return True


def _points(rules, level, kind, books):
    needed = 6 + level
    factor = 2 if kind == "NT" else 1
    if books < needed:
        return -factor * level, False
    value = factor * (books - 6)
    if books == 13 and rules.boston == "double":
        value *= 2
    return value, True


def check_deal(rules, deal):
    """Asserts everything docs/rules/bid-whist.md says about one simulated deal's JSON."""
    assert set(deal) == {
        "dealer", "deal", "kitty", "auction", "thrown_in", "bidder", "bid", "trump",
        "direction", "discard", "tricks", "books", "points",
    }  # fmt: skip
    hands = deal["deal"]
    assert [len(h) for h in hands] == [12] * 4
    every = [c for h in hands for c in h] + deal["kitty"]
    assert len(every) == len(set(every)) and set(every) == _pack(rules.jokers)
    # the auction: one round from left of the dealer, each bid higher than the last
    seats = [call["seat"] for call in deal["auction"]]
    assert seats == [(deal["dealer"] + k) % 4 for k in range(1, 5)]
    last_rank, last = -1, None
    for call in deal["auction"]:
        if call["call"] == "pass":
            continue
        level, kind = int(call["call"][0]), call["call"][1:]
        assert rules.minimum_level <= level <= 7 and kind in KIND_STEP
        step = 1 if kind == "D" and rules.downtown_over_uptown else KIND_STEP[kind]
        assert level * 3 + step > last_rank
        last_rank, last = level * 3 + step, call
    if last is None:
        assert rules.all_pass == "redeal" and deal["thrown_in"]
        assert deal["tricks"] == [] and deal["points"] == [0, 0] and deal["bidder"] is None
        return None
    dealer_forced = all(c["call"] == "pass" for c in deal["auction"][:3])
    if rules.all_pass == "dealer_must_bid" and dealer_forced:
        assert int(last["call"][0]) == rules.minimum_level
    assert not deal["thrown_in"]
    bidder, bid = deal["bidder"], deal["bid"]
    assert (bidder, bid) == (last["seat"], last["call"])
    level, kind = int(bid[0]), bid[1:]
    trump = deal["trump"]
    low = deal["direction"] == "low"
    if kind == "NT":
        assert trump is None and deal["direction"] in ("high", "low")
    else:
        assert trump in tuple("CDHS") and deal["direction"] == ("low" if kind == "D" else "high")
    # the kitty and the discard
    held = [list(h) for h in hands]
    pool = held[bidder] + deal["kitty"]
    assert len(deal["discard"]) == len(deal["kitty"]) and set(deal["discard"]) <= set(pool)
    held[bidder] = [c for c in pool if c not in deal["discard"]]
    # the play
    assert len(deal["tricks"]) == 12
    leader = bidder
    won = [0, 0, 0, 0]
    for trick in deal["tricks"]:
        assert trick["leader"] == leader
        so_far = []
        for k, card in enumerate(trick["cards"]):
            seat = (leader + k) % 4
            assert card in held[seat]
            assert _may_play(card, held[seat], so_far, trump, rules.nt_jokers), (card, so_far)
            held[seat].remove(card)
            so_far.append(card)
        winner = _winner(leader, trick["cards"], trump, low, rules.downtown_ace_high)
        assert trick["winner"] == winner
        won[winner] += 1
        leader = winner
    side = bidder % 2
    books = [won[0] + won[2], won[1] + won[3]]
    books[side] += 1  # the discard is the bidders' first book
    assert deal["books"] == books and sum(books) == 13
    value, made = _points(rules, level, kind, books[side])
    points = [0, 0]
    if not made and rules.set_goes_to == "defenders_gain":
        points[1 - side] = -value
    else:
        points[side] = value
    assert deal["points"] == points
    return made


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
