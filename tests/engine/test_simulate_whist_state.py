"""The whists on the one simulation core (issue 55): Israeli Whist and Bid Whist deal and
play on a deal state with legal actions, apply and a result, as Spades and Oh Hell do;
their own loops for speed (``play_bots``) make the very choices the generic loop asks
of the bots; an illegal action is refused, changing nothing; and trick play runs at a
table of any size."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine import find_game
from scorekeeper.engine.bid_whist import bots as bid_whist_bots
from scorekeeper.engine.bid_whist.simulate import BidWhistDealState
from scorekeeper.engine.core import tricks
from scorekeeper.engine.core.bots import RandomBot
from scorekeeper.engine.core.errors import IllegalAction
from scorekeeper.engine.core.simulation import deal_seed, simulate_play
from scorekeeper.engine.israeli_whist import bots as israeli_bots
from scorekeeper.engine.israeli_whist.simulate import IsraeliDealState, simulate_deals
from tests.support.engine.simulate_whist_state import _plain_play, one_action_at_a_time

ISRAELI = find_game("israeli-whist")
BID_WHIST = find_game("bid-whist", include_unlisted=True)

WHISTS = [
    ("israeli-whist", ISRAELI, IsraeliDealState, israeli_bots.BOTS, False),
    ("bid-whist", BID_WHIST, BidWhistDealState, bid_whist_bots.BOTS, True),
]


@pytest.mark.parametrize(("key", "game", "deal_state", "kinds", "options"), WHISTS)
@pytest.mark.parametrize("preset", ["first", "last"])
def test_a_whist_deal_is_a_deal_state_that_its_own_loop_plays_the_same(
    key, game, deal_state, kinds, options, preset
):
    presets = list(game.presets)
    settings = game.preset(presets[0] if preset == "first" else presets[-1])
    extra = (settings,) if options else ()
    stages = set()
    for kind, bot in kinds.items():
        for index in range(120):
            mine = random.Random(deal_seed(7, index))
            fast = deal_state(settings, index % 4, mine)
            expected = fast.play_bots([bot(seat, mine, *extra) for seat in range(4)]).to_dict()
            theirs = random.Random(deal_seed(7, index))
            state = deal_state(settings, index % 4, theirs)
            played, seen = one_action_at_a_time(
                state, [bot(seat, theirs, *extra) for seat in range(4)]
            )
            assert played == expected, (kind, index)
            # Left where the bots leave it: a run's next deal draws on from there.
            assert mine.getstate() == theirs.getstate(), (kind, index)
            stages |= seen
    assert {"auction", "play"} <= stages


def test_a_deal_state_refuses_an_illegal_action_and_changes_nothing():
    settings = ISRAELI.preset("standard")
    state = IsraeliDealState(settings, 0, random.Random(3))
    seat = state.to_play
    with pytest.raises(IllegalAction, match=f"seat {seat} may not bid"):
        state.apply("not a call")
    assert state.to_play == seat and state.stage == "auction"
    bots = israeli_bots.make_bots("heuristic", random.Random(3))
    while state.stage != "play":
        state.apply(bots[state.to_play].choose(state, state.legal_actions()))
    seat, legal = state.to_play, state.legal_actions()
    held = state.play.held(seat)
    other = next(card for card in range(52) if card not in legal)
    with pytest.raises(IllegalAction, match=f"seat {seat} may not play {other}"):
        state.apply(other)
    assert state.to_play == seat and state.play.held(seat) == held


def test_a_discard_is_refused_unless_it_is_the_bidder_s_cards():
    settings = BID_WHIST.preset(BID_WHIST.default_preset)
    bots = [bid_whist_bots.BidWhistHeuristicBot(seat, None, settings) for seat in range(4)]
    for index in range(50):
        state = BidWhistDealState(settings, 0, random.Random(index))
        while state.to_play is not None and state.stage != "discard":
            state.apply(bots[state.to_play].choose(state, state.legal_actions()))
        if state.stage == "discard":
            break
    else:
        pytest.fail("no deal of 50 was bid")
    bidder = state.to_play
    others = [card for card in range(60) if card not in state.dealt[bidder] + state.kitty]
    with pytest.raises(IllegalAction, match=f"seat {bidder} may not discard"):
        state.apply(others[: state.kitty_size])
    assert state.stage == "discard" and state.to_play == bidder


def test_the_whists_take_bots_by_kind_factory_or_in_person_on_the_one_core():
    settings = ISRAELI.preset("standard")
    by_kind = [deal.to_dict() for deal in simulate_deals(settings, 30, seed=4, bots="heuristic")]
    factory = israeli_bots.IsraeliHeuristicBot
    assert [d.to_dict() for d in simulate_deals(settings, 30, 4, factory)] == by_kind
    with pytest.raises(ValueError, match="3 bots given; a deal needs one per seat"):
        simulate_deals(settings, 5, 4, israeli_bots.make_bots("random", random.Random(1))[:3])
    with pytest.raises(ValueError, match="first dealer is seat 4; seats are 0..3"):
        simulate_deals(settings, 5, 4, first_dealer=4)


def test_simulate_play_asks_for_the_game_s_seats():
    with pytest.raises(TypeError):
        simulate_play(lambda index, rng: None, {}, "random", 1, 1)  # no count of seats


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_random_trick_play_runs_at_a_table_of_any_size(seats):
    size = 52 // seats
    for seed in range(20):
        pack = list(range(52))
        random.Random(seed).shuffle(pack)
        hands = [pack[s * size : (s + 1) * size] for s in range(seats)]

        fast, slow = (_plain_play(hands, seed % 5, seed % seats) for _ in range(2))
        tricks.random_tricks(fast, random.Random(seed).getrandbits)
        pick = RandomBot(0, random.Random(seed)).choose_card  # what a random bot picks
        slow.play_out([pick] * seats)
        assert fast.tricks == slow.tricks and fast.tricks_taken == slow.tricks_taken
        assert len(fast.tricks) == size and all(len(t[1]) == seats for t in fast.tricks)
        assert sum(fast.tricks_taken) == size and fast.to_play is None
