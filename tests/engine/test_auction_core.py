"""The core's bidding machines at a table other than Israeli Whist's: ``core.auction``'s
rising auction (a pass or a higher bid round the table, ended by passes in a row once a
bid stands, or by every seat passing) and ``core.hooked_bids``' round of bids held by the
hook, at three seats; their random loops make the calls random bots make from the same
draws."""

from __future__ import annotations

import random

import pytest

from scorekeeper.engine.core.auction import RisingAuction
from scorekeeper.engine.core.bots import RandomBot
from scorekeeper.engine.core.calls import PASS
from scorekeeper.engine.core.errors import IllegalAction
from scorekeeper.engine.core.hooked_bids import HookedBids
from tests.support.engine.auction_core import called


class Toy(RisingAuction):
    """Bids "1" < "2" < "3" at three seats, two passes in a row ending it after a bid."""

    BIDS = ("1", "2", "3")

    def __init__(self, opener: int = 0) -> None:
        self.rounds = []
        self._start_round(3, opener, 2)

    def _parse(self, text: str) -> str:
        return PASS if text == "pass" else text


def test_two_passes_after_a_bid_end_it_and_the_highest_bid_wins():
    auction = called(Toy(opener=1), "1 pass 2 pass")
    assert auction.legal_actions() == (PASS, "3") and auction.to_speak == 2
    auction.apply("pass")
    assert auction.is_terminal() and (auction.winner, auction.bid) == (0, "2")
    assert auction.rounds == [[(1, "1"), (2, PASS), (0, "2"), (1, PASS), (2, PASS)]]
    with pytest.raises(IllegalAction, match="the auction is over: seat 0 declared 2"):
        auction.apply("3")


def test_every_seat_passing_throws_the_deal_in():
    auction = called(Toy(), "pass pass pass")
    assert auction.thrown_in and auction.is_terminal() and auction.winner is None


def test_a_bid_that_does_not_beat_the_high_bid_is_refused_and_changes_nothing():
    auction = called(Toy(), "2")
    for bad in ("1", "2"):
        with pytest.raises(IllegalAction, match=f"{bad} does not beat the high bid 2"):
            auction.apply(bad)
    with pytest.raises(IllegalAction, match="is not a call"):
        auction.apply(7)
    assert auction.to_speak == 1 and auction.high_bid == "2" and auction.high_seat == 0


def test_the_random_loop_calls_as_random_bots_do():
    for seed in range(200):
        drawn, asked = random.Random(seed), random.Random(seed)
        by_loop, by_bots = Toy(seed % 3), Toy(seed % 3)
        by_loop.play_random(drawn.getrandbits)
        bot = RandomBot(0, asked)  # the random bot's own draw, bits(30) % n
        while by_bots.to_speak is not None:
            by_bots.apply(bot.choose_call(by_bots, []))
        assert by_loop.rounds == by_bots.rounds and by_loop.phase == by_bots.phase
        assert drawn.getrandbits(32) == asked.getrandbits(32)


def test_the_last_seat_of_hooked_bids_may_not_make_them_total_the_tricks():
    bids = HookedBids([1, 2, 0], 5, {})
    bids.apply(2)
    bids.apply(1)
    assert bids.to_speak == 0 and bids.legal_actions() == [0, 1, 3, 4, 5]
    with pytest.raises(IllegalAction) as refused:
        bids.apply(2)
    assert refused.value.field == "bids[0]" and bids.to_speak == 0
    bids.apply(3)
    assert bids.is_terminal() and bids.named == {1: 2, 2: 1, 0: 3}


def test_a_seat_s_own_choices_and_the_random_bids_of_bots():
    for seed in range(200):
        drawn, asked = random.Random(seed), random.Random(seed)
        by_loop, by_bots = (HookedBids([2, 0, 1], 4, {}, own={2: range(3, 5)}) for _ in "ab")
        by_loop.play_random(drawn.getrandbits)
        bot = RandomBot(0, asked)
        while not by_bots.is_terminal():
            by_bots.apply(bot.choose(by_bots, by_bots.legal_actions()))
        assert by_loop.named == by_bots.named and by_loop.named[2] in (3, 4)
        assert sum(by_loop.named.values()) != 4
        assert drawn.getrandbits(32) == asked.getrandbits(32)
