"""Phase one as docs/rules/israeli-whist.md reads: opener, bids beating the last, the 3- and 4-pass
endings, bidding again after a pass, and the Frisch exchange with its rising minimum."""

import random

import pytest

from scorekeeper.engine import IllegalAction, ParseError
from scorekeeper.engine.core.cards import Card
from scorekeeper.engine.israeli_whist import ALL_BIDS, Bid, preset
from scorekeeper.engine.israeli_whist.auction import PASS, IsraeliAuction, bid_index, parse_call
from tests.support.games.israeli_whist.auction import all_pass_round, calls_of, run

S, W, N, E = 0, 1, 2, 3
PAGAT = preset("pagat-german")
STANDARD = preset("standard")


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("pass", PASS),
        ("PASS", PASS),
        (" p ", PASS),
        ("7C", Bid.from_str("7C")),
        ("9nt", Bid.from_str("9NT")),
        ("13♠", Bid.from_str("13S")),
    ],
)
def test_parse_call(text, call):
    assert parse_call(text) == call
    assert parse_call(str(call)) == call


@pytest.mark.parametrize("text", ["", "4C", "14NT", "7X", "passed"])
def test_parse_call_rejects_with_the_text(text):
    with pytest.raises(ParseError, match=repr(text).replace("(", r"\(")):
        parse_call(text)


def test_bid_index_ranks_every_bid_in_auction_order():
    assert [bid_index(bid) for bid in ALL_BIDS] == list(range(45))
    assert sorted(ALL_BIDS) == list(ALL_BIDS)
    assert (str(ALL_BIDS[0]), str(ALL_BIDS[-1])) == ("5C", "13NT")


def test_worked_example_north_declares_7c_under_pagat_german():
    auction = run(
        IsraeliAuction(PAGAT, dealer=S),
        "pass 5H 6C pass 6D 6H 7C pass pass pass pass",
    )
    assert auction.is_terminal()
    assert auction.winner == N
    assert auction.bid == Bid.from_str("7C")
    assert [seat for seat, _ in calls_of(auction)] == [S, W, N, E] * 2 + [S, W, N]
    assert auction.legal_actions() == ()


def test_worked_example_ends_a_call_earlier_with_three_passes():
    settings = PAGAT.with_changes({"auction_end_passes": 3})
    auction = run(IsraeliAuction(settings, dealer=S), "pass 5H 6C pass 6D 6H 7C pass pass pass")
    assert (auction.winner, str(auction.bid)) == (N, "7C")
    with pytest.raises(IllegalAction, match="the auction is over: seat 2 declared 7C"):
        auction.apply("pass")


@pytest.mark.parametrize(
    ("end_passes", "calls", "declarer", "bid", "over"),
    [
        # Three passes after a bid end it at once.
        (3, "5C pass pass pass", S, "5C", True),
        # With four, the high bidder may raise its own bid after three passes ...
        (4, "5C pass pass pass", None, None, False),
        (4, "5C pass pass pass 6C pass pass pass pass", S, "6C", True),
        # ... or pass, which is the fourth pass in a row.
        (4, "5C pass pass pass pass", S, "5C", True),
        # A later bid restarts the count.
        (3, "5C pass pass 5D pass pass pass", E, "5D", True),
        (4, "5C pass pass 5D pass pass pass", None, None, False),
        # Three passes before any bid do not end the auction.
        (3, "pass pass pass 5C pass pass pass", E, "5C", True),
    ],
)
def test_how_the_auction_ends(end_passes, calls, declarer, bid, over):
    settings = PAGAT.with_changes({"auction_end_passes": end_passes})
    auction = run(IsraeliAuction(settings, dealer=S), calls)
    assert auction.is_terminal() is over
    assert auction.winner == declarer
    assert (str(auction.bid) if auction.bid else None) == bid


def test_a_player_who_passed_may_bid_again():
    auction = run(IsraeliAuction(PAGAT, dealer=S), "pass 5C pass pass 5D")
    assert auction.high_seat == S
    assert auction.high_bid == Bid.from_str("5D")
    run(auction, "pass pass pass pass")
    assert auction.winner == S


@pytest.mark.parametrize(
    ("settings", "dealer", "opener"),
    [(STANDARD, 0, 1), (STANDARD, 3, 0), (PAGAT, 0, 0), (PAGAT, 2, 2)],
)
def test_the_opener_follows_the_settings(settings, dealer, opener):
    auction = IsraeliAuction(settings, dealer)
    assert auction.opener == opener
    assert auction.to_speak == opener


@pytest.mark.parametrize(
    ("calls", "bad", "message"),
    [
        ("7C", "6NT", "6NT does not beat the high bid 7C"),
        ("7C", "7C", "7C does not beat the high bid 7C: a bid must have a higher level"),
        ("7D", "7C", r"same level in a higher denomination \(C < D < H < S < NT\)"),
        ("13NT", "13NT", "13NT does not beat"),
    ],
)
def test_a_bid_must_beat_the_previous_one(calls, bad, message):
    auction = run(IsraeliAuction(PAGAT, dealer=S), calls)
    with pytest.raises(IllegalAction, match=message):
        auction.apply(bad)
    assert auction.to_speak == W  # nothing changed


@pytest.mark.parametrize(
    ("calls", "first_legal_bid", "count"),
    [("", "5C", 46), ("7C", "7D", 1 + 45 - 11), ("pass 9NT", "10C", 1 + 20), ("13S", "13NT", 2)],
)
def test_legal_calls_are_pass_then_every_higher_bid(calls, first_legal_bid, count):
    auction = run(IsraeliAuction(PAGAT, dealer=S), calls)
    legal = auction.legal_actions()
    assert legal[0] is PASS
    assert str(legal[1]) == first_legal_bid
    assert len(legal) == count
    assert list(legal[1:]) == sorted(legal[1:])


def test_thirteen_no_trump_leaves_only_pass():
    auction = run(IsraeliAuction(PAGAT, dealer=S), "13NT")
    assert auction.legal_actions() == (PASS,)


def test_all_pass_without_frisch_throws_the_deal_in():
    auction = run(IsraeliAuction(PAGAT, dealer=E), "pass pass pass pass")
    assert auction.thrown_in and auction.is_terminal()
    assert auction.winner is None and auction.bid is None
    with pytest.raises(IllegalAction, match="every player passed and the deal is thrown in"):
        auction.apply("5C")


@pytest.mark.parametrize(
    ("frisch_rounds", "rising", "minimums"),
    [
        (3, True, [5, 6, 7, 8]),
        (2, True, [5, 6, 7]),
        (1, False, [5, 5]),
        (3, False, [5, 5, 5, 5]),
        (0, True, [5]),
    ],
)
def test_frisch_rounds_raise_the_minimum_then_throw_in(frisch_rounds, rising, minimums):
    settings = STANDARD.with_changes({"frisch_rounds": frisch_rounds, "rising_minimum": rising})
    auction = IsraeliAuction(settings, dealer=S)
    seen = []
    for frisch_round in range(frisch_rounds):
        seen.append(auction.minimum_level)
        assert str(auction.legal_actions()[1]) == f"{auction.minimum_level}C"
        run(auction, "pass pass pass pass")
        assert auction.phase == "exchange" and not auction.is_terminal()
        assert auction.to_speak is None and auction.to_exchange == [0, 1, 2, 3]
        for seat in range(4):
            auction.exchange(seat)
        assert auction.frisch_round == frisch_round + 1
        assert auction.to_speak == auction.opener == W  # the same opener every round
    seen.append(auction.minimum_level)
    run(auction, "pass pass pass pass")
    assert seen == minimums
    assert auction.thrown_in
    assert len(auction.rounds) == frisch_rounds + 1


def test_a_bid_below_the_raised_minimum_names_the_rule():
    auction = IsraeliAuction(STANDARD, dealer=S)
    all_pass_round(auction)
    all_pass_round(auction)
    with pytest.raises(IllegalAction, match="6NT is below the minimum level 7 after 2 Frisch"):
        auction.apply("6NT")
    auction.apply("7C")
    assert auction.high_bid == Bid.from_str("7C")


def test_no_calls_while_exchanging():
    auction = run(IsraeliAuction(STANDARD, dealer=S), "pass pass pass pass")
    assert auction.legal_actions() == ()
    with pytest.raises(IllegalAction, match="exchanging cards"):
        auction.apply("pass")


def test_no_exchange_outside_an_all_pass():
    auction = IsraeliAuction(STANDARD, dealer=S)
    with pytest.raises(IllegalAction, match="only after all four players pass"):
        auction.exchange(0)


HANDS = [
    [Card.from_index(n) for n in range(seat * 13, seat * 13 + 13)] for seat in range(4)
]  # seat 0 holds the clubs, 1 the diamonds, 2 the hearts, 3 the spades


def test_the_exchange_passes_three_cards_to_the_left():
    auction = IsraeliAuction(STANDARD, dealer=S, hands=HANDS)
    run(auction, "pass pass pass pass")
    passed = [["2C", "3C", "AC"], ["2D", "KD", "AD"], ["5H", "6H", "7H"], ["TS", "JS", "QS"]]
    for seat, cards in enumerate(passed):
        auction.exchange(seat, [Card.from_str(c) for c in cards])
    hands = auction.hands
    assert hands is not None
    for seat in range(4):
        giver = (seat - 1) % 4
        expected = {c.index for c in HANDS[seat]} - {
            Card.from_str(c).index for c in passed[seat]
        } | {Card.from_str(c).index for c in passed[giver]}
        assert set(hands[seat]) == expected
        assert len(hands[seat]) == 13
    assert [[str(Card.from_index(n)) for n in cards] for cards in auction.exchanges[0]] == passed
    assert auction.phase == "bidding" and auction.minimum_level == 6


def test_cards_received_in_the_exchange_lie_as_randomly_in_their_suit_as_dealt():
    # The random bots follow suit with the last card of the suit in the order their hand
    # holds it (core.tricks.random_tricks as_dealt), a random one while every suit stays
    # in an order as random as dealt. Over many dealt hands exchanging random cards (as the
    # random bots do), a suit's last card is one received as often as a draw among the
    # suit's cards makes it (received / held): received cards put at the hand's end would
    # always be last.
    last_received, expected, seen = 0, 0.0, 0
    for seed in range(600):
        rng = random.Random(seed)
        pack = list(range(52))
        rng.shuffle(pack)
        auction = IsraeliAuction(STANDARD, dealer=S, hands=[pack[s::4] for s in range(4)])
        run(auction, "pass pass pass pass")
        for seat, hand in enumerate(auction.hands or []):
            auction.exchange(seat, rng.sample(hand, 3))
        for seat, hand in enumerate(auction.hands or []):
            received = set(auction.exchanges[0][seat - 1])
            for suit in range(4):
                cards = [card for card in hand if card // 13 == suit]
                got = len(received.intersection(cards))
                if 0 < got < len(cards):
                    seen += 1
                    last_received += cards[-1] in received
                    expected += got / len(cards)
    spread = (expected * (1 - expected / seen)) ** 0.5
    assert seen > 3000
    assert abs(last_received - expected) < 4 * spread, (last_received, expected)


def test_each_seat_chooses_before_it_receives_anything():
    auction = IsraeliAuction(STANDARD, dealer=S, hands=HANDS)
    run(auction, "pass pass pass pass")
    auction.exchange(0, [Card.from_str(c) for c in ("2C", "3C", "4C")])
    # West would receive 2C only once every seat has chosen, so it cannot pass it on.
    with pytest.raises(IllegalAction, match="seat 1 does not hold 2C"):
        auction.exchange(1, [Card.from_str(c) for c in ("2C", "2D", "3D")])
    assert auction.to_exchange == [1, 2, 3]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["2C", "3C"], "passes 2 different cards; the Frisch exchange passes exactly 3"),
        (["2C", "3C", "4C", "5C"], "passes 4 different cards"),
        (["2C", "2C", "3C"], "passes 2 different cards"),
        (["2C", "3C", "AS"], "seat 0 does not hold AS"),
        (None, "seat 0 must choose 3 cards"),
    ],
)
def test_bad_exchanges_are_refused(cards, message):
    auction = IsraeliAuction(STANDARD, dealer=S, hands=HANDS)
    run(auction, "pass pass pass pass")
    chosen = None if cards is None else [Card.from_str(c) for c in cards]
    with pytest.raises(IllegalAction, match=message):
        auction.exchange(0, chosen)


def test_a_seat_chooses_once():
    auction = IsraeliAuction(STANDARD, dealer=S, hands=HANDS)
    run(auction, "pass pass pass pass")
    auction.exchange(2, [0 + 26, 1 + 26, 2 + 26])  # card numbers work too
    with pytest.raises(IllegalAction, match="seat 2 has already chosen"):
        auction.exchange(2, [3 + 26, 4 + 26, 5 + 26])


def test_a_call_that_is_not_a_call_is_refused():
    auction = IsraeliAuction(PAGAT, dealer=S)
    with pytest.raises(IllegalAction, match="is not a call"):
        auction.apply(7)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        auction.apply("seven clubs")


@pytest.mark.parametrize("settings", [STANDARD, PAGAT])
def test_random_calls_in_the_auction_s_own_loop_are_those_random_bots_make(settings):
    # play_random draws as a random bot's choose_call does, one 32-bit draw per call, and
    # records each call through the machine's own bookkeeping: the same calls and the same
    # end (a declarer, an exchange, a throw-in). Every other deal starts with four passes,
    # so that rounds after a Frisch exchange, with their raised minimum, are played too.
    import random

    from scorekeeper.engine.israeli_whist.bots import IsraeliRandomBot

    hands = [list(range(seat * 13, seat * 13 + 13)) for seat in range(4)]
    for seed in range(200):
        drawn, asked = random.Random(seed), random.Random(seed)
        bots = [IsraeliRandomBot(seat, asked) for seat in range(4)]
        by_loop, by_bots = (IsraeliAuction(settings, seed % 4, hands) for _ in range(2))
        if seed % 2:
            run(by_loop, "pass pass pass pass")
            run(by_bots, "pass pass pass pass")
        while not by_loop.is_terminal():
            if by_loop.phase == "exchange":
                for seat in range(4):
                    cards = by_loop.hands[seat][:3]  # type: ignore[index]
                    by_loop.exchange(seat, cards)
                    by_bots.exchange(seat, cards)
            by_loop.play_random(drawn.getrandbits)
            while (seat := by_bots.to_speak) is not None:
                by_bots.apply(bots[seat].choose_call(by_bots, hands[seat]))
            assert by_loop.phase == by_bots.phase
        assert by_loop.rounds == by_bots.rounds
        assert (by_loop.winner, by_loop.bid) == (by_bots.winner, by_bots.bid)
        assert drawn.getrandbits(32) == asked.getrandbits(32)
