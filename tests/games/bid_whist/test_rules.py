"""Bid Whist's rules, as tables from docs/rules/bid-whist.md: cards and their orders, the
auction, every knob, the score and its worked examples, and the end of the game."""

import pytest

from scorekeeper.engine import IllegalAction, InvalidSettings, ParseError
from scorekeeper.engine.bid_whist import GAME, record_from_dict, replay
from scorekeeper.engine.bid_whist.auction import PASS, BidWhistAuction, parse_call
from scorekeeper.engine.bid_whist.bids import Bid, Kind
from scorekeeper.engine.bid_whist.cards import (
    BIG_JOKER,
    CARD_TEXT,
    LITTLE_JOKER,
    NO_SUIT,
    pack,
    suit_table,
    trick_keys,
)
from scorekeeper.engine.bid_whist.play import BidWhistPlayState, legal_from
from scorekeeper.engine.bid_whist.settings import BidWhistSettings
from scorekeeper.engine.core import tricks
from tests.support.games.bid_whist.rules import (
    _calls,
    _hand,
    _hand_of,
    _points,
    _records,
    _trump_hand,
    parse_cards,
    settings,
)
from tests.support.games.bid_whist.shared import S

HEARTS, SPADES, CLUBS = 2, 3, 0


# --- cards ---------------------------------------------------------------------------


def test_every_card_number_has_its_own_text_the_jokers_last():
    assert len(set(CARD_TEXT)) == 54
    assert CARD_TEXT[:13] == tuple(rank + "C" for rank in "23456789TJQKA")
    assert (CARD_TEXT[47], CARD_TEXT[51]) == ("TS", "AS")
    assert (CARD_TEXT[LITTLE_JOKER], CARD_TEXT[BIG_JOKER]) == ("LJ", "BJ")


@pytest.mark.parametrize(("jokers", "size", "kitty"), [(2, 54, 6), (1, 53, 5), (0, 52, 4)])
def test_jokers_knob_sets_the_pack_and_the_kitty(jokers, size, kitty):
    cards = pack(jokers)
    assert len(cards) == len(set(cards)) == size == 4 * 12 + kitty
    if jokers == 1:
        assert BIG_JOKER in cards and LITTLE_JOKER not in cards


# Trick winner tables: leader 0, cards in play order, contract, expected winning seat.
TRICKS = [
    # uptown / high no-trump: A K Q ... 2
    ("KH AH 2H QH", HEARTS, False, True, 1),
    ("KH AH 2S QH", SPADES, False, True, 2),  # a trump wins
    ("KH 2C 3C 4C", SPADES, False, True, 0),  # off-suit cards never win
    # downtown / low no-trump: A 2 3 ... K, the ace staying high
    ("KH AH 2H QH", HEARTS, True, True, 1),
    ("KH 3H 2H QH", HEARTS, True, True, 2),
    ("3D 2D KD 4D", HEARTS, True, True, 1),
    # downtown_ace_high off: 2 3 ... K A, the ace lowest
    ("KH AH 2H QH", HEARTS, True, False, 2),
    ("AD KD QD 3D", SPADES, True, False, 3),
    # jokers with a trump suit: the two highest trumps, big above little
    ("AS LJ KS BJ", SPADES, False, True, 3),
    ("AH LJ KH 2S", SPADES, False, True, 1),
    ("AH LJ 2S BJ", SPADES, True, True, 3),
    ("LJ AS 2S 3S", SPADES, True, True, 0),  # a led joker is a trump and beats the ace
    # jokers in no-trump cannot win; a led joker's suit comes from the next plain card
    ("AH BJ 2H 3H", NO_SUIT, False, True, 0),
    ("2H BJ AH 3H", NO_SUIT, False, True, 2),
    ("BJ 5C AC 2H", NO_SUIT, False, True, 2),
    ("BJ LJ 5C 9C", NO_SUIT, False, True, 3),
    ("BJ 5C 9C 2C", NO_SUIT, True, True, 3),
    ("LJ 5D AS KD", NO_SUIT, True, True, 1),
]


@pytest.mark.parametrize(("cards", "trump", "low", "ace_high", "winner"), TRICKS)
def test_trick_winner(cards, trump, low, ace_high, winner):
    tables = suit_table(trump), trick_keys(trump, low, ace_high)
    assert tricks.trick_winner(0, parse_cards(cards), *tables, seats=4) == winner
    # the same trick led by another seat is won by the card in the same place
    assert tricks.trick_winner(2, parse_cards(cards), *tables, seats=4) == (winner + 2) % 4


# (hand, suit to follow, nt_jokers, legal cards)
NT_LEGAL = [
    ("2H 3C BJ", HEARTS, "void_only", "2H"),
    ("2H 3C BJ", HEARTS, "any_time", "2H BJ"),
    ("2H 3C BJ", HEARTS, "must_when_void", "2H"),
    ("3C 4D BJ", HEARTS, "void_only", "3C 4D BJ"),
    ("3C 4D BJ", HEARTS, "any_time", "3C 4D BJ"),
    ("3C 4D BJ LJ", HEARTS, "must_when_void", "BJ LJ"),
    ("3C 4D", HEARTS, "must_when_void", "3C 4D"),
    ("2H 3C BJ", None, "void_only", "2H 3C BJ"),  # leading: any card
    ("2H 3C BJ", NO_SUIT, "void_only", "2H 3C BJ"),  # only jokers played: any card
]


@pytest.mark.parametrize(("hand", "led", "rule", "legal"), NT_LEGAL)
def test_nt_jokers_knob_decides_when_a_joker_may_be_played(hand, led, rule, legal):
    assert sorted(legal_from(_hand(hand), led, NO_SUIT, rule)) == sorted(parse_cards(legal))


@pytest.mark.parametrize(
    ("hand", "led", "legal"),
    [
        ("2S BJ 3C", SPADES, "2S BJ"),  # a joker follows trumps
        ("BJ 3C 4D", SPADES, "BJ"),
        ("BJ 3C 4D", HEARTS, "BJ 3C 4D"),  # void in hearts: anything, the joker included
        ("BJ 3H 4D", HEARTS, "3H"),  # the joker is a trump, not a heart
    ],
)
def test_with_a_trump_suit_jokers_follow_as_trumps(hand, led, legal):
    lists = _trump_hand(hand, SPADES)
    assert sorted(legal_from(lists, led, SPADES, "void_only")) == sorted(parse_cards(legal))


def test_play_state_refuses_a_renege_and_plays_12_tricks():
    cards = pack(0)
    hands = [cards[s * 13 : s * 13 + 12] for s in range(4)]  # each seat one whole suit
    play = BidWhistPlayState(hands, SPADES, False, bidder=0)
    assert play.legal_indices() == hands[0]
    play.apply(hands[0][0])
    with pytest.raises(IllegalAction):
        play.apply(hands[0][1])  # seat 1 holds diamonds only; 3C is seat 0's
    while not play.is_terminal():
        play.apply(play.legal_indices()[0])
    assert sum(play.tricks_taken) == 12
    assert play.legal_indices() == []


# --- bids and the auction ------------------------------------------------------------


@pytest.mark.parametrize("text", ["3U", "4D", "7NT", "5nt", " 6 u "])
def test_bid_text_round_trips(text):
    bid = Bid.from_str(text)
    assert Bid.from_str(str(bid)) == bid
    assert str(bid) == text.replace(" ", "").upper()


@pytest.mark.parametrize("text", ["8U", "2D", "4X", "U4", "", "4", "999999999999NT"])
def test_bad_bid_text_is_a_parse_error(text):
    with pytest.raises(ParseError) as caught:
        Bid.from_str(text)
    assert caught.value.field == "bid"


def test_auction_opens_left_of_the_dealer_and_the_dealer_speaks_last():
    auction = BidWhistAuction(S, dealer=2)
    assert auction.to_speak == 3
    assert _calls(auction)[:4] == ["pass", "3U", "3D", "3NT"]
    for call in ("pass", "4U", "pass", "5NT"):
        auction.apply(parse_call(call))
    assert auction.to_speak is None and auction.calls[-1][0] == 2
    assert (auction.bidder, str(auction.bid)) == (2, "5NT")


@pytest.mark.parametrize(
    ("knob", "after", "legal", "illegal"),
    [
        (False, "4U", ["4NT", "5U", "5D"], ["4D", "4U", "3NT"]),
        (True, "4U", ["4D", "4NT"], ["4U"]),
        (False, "4D", ["4NT"], ["4U"]),
        (True, "4D", ["4NT"], ["4U", "4D"]),
        (False, "4NT", ["5U", "5D"], ["4U", "4D", "4NT"]),
    ],
)
def test_downtown_over_uptown_knob_ranks_bids(knob, after, legal, illegal):
    auction = BidWhistAuction(settings(downtown_over_uptown=knob), dealer=0)
    auction.apply(Bid.from_str(after))
    for call in legal:
        assert call in _calls(auction)
    for call in illegal:
        assert call not in _calls(auction)
        with pytest.raises(IllegalAction):
            auction.apply(Bid.from_str(call))


def test_minimum_level_knob():
    auction = BidWhistAuction(settings(minimum_level=4), dealer=0)
    assert _calls(auction)[1] == "4U"
    with pytest.raises(IllegalAction, match="below the minimum level 4"):
        auction.apply(Bid.from_str("3NT"))


def test_all_pass_redeal_throws_the_hand_in():
    auction = BidWhistAuction(S, dealer=0)
    for _ in range(4):
        auction.apply(PASS)
    assert auction.bid is None and auction.legal_actions() == []
    with pytest.raises(IllegalAction):
        auction.apply(PASS)


@pytest.mark.parametrize("minimum", [3, 4])
def test_all_pass_dealer_must_bid_leaves_the_dealer_the_minimum_bids(minimum):
    auction = BidWhistAuction(settings(all_pass="dealer_must_bid", minimum_level=minimum), dealer=1)
    for _ in range(3):
        assert "pass" in _calls(auction)
        auction.apply(PASS)
    assert auction.to_speak == 1
    assert _calls(auction) == [f"{minimum}U", f"{minimum}D", f"{minimum}NT"]
    with pytest.raises(IllegalAction, match="dealer must bid"):
        auction.apply(PASS)
    with pytest.raises(IllegalAction, match="dealer must bid"):
        auction.apply(Bid(5, Kind.UPTOWN))
    auction.apply(Bid(minimum, Kind.DOWNTOWN))
    assert (auction.bidder, auction.bid is None) == (1, False)


# --- settings and knobs --------------------------------------------------------------


def test_preset_is_the_seeds_rules():
    assert BidWhistSettings() == S
    assert S.to_dict() == {
        "jokers": 2,
        "minimum_level": 3,
        "downtown_over_uptown": False,
        "all_pass": "redeal",
        "sport_kitty": False,
        "downtown_ace_high": True,
        "nt_jokers": "void_only",
        "renege_books": 3,
        "set_goes_to": "bidders_lose",
        "boston": "none",
        "target": 21,
        "deal_limit": 0,
    }
    assert settings(target=31, deal_limit=8).preset_of(GAME.presets) == "bid-whist"
    assert settings(jokers=0).preset_of(GAME.presets) is None
    assert [k.name for k in GAME.preset(GAME.default_preset).knobs_for_table()] == list(S.to_dict())


@pytest.mark.parametrize(
    ("knob", "text", "value"),
    [
        ("jokers", "1", 1),
        ("minimum_level", "4", 4),
        ("downtown_over_uptown", "yes", True),
        ("all_pass", "Dealer_Must_Bid", "dealer_must_bid"),
        ("sport_kitty", "on", True),
        ("downtown_ace_high", "no", False),
        ("nt_jokers", "must_when_void", "must_when_void"),
        ("renege_books", "2", 2),
        ("set_goes_to", "defenders_gain", "defenders_gain"),
        ("boston", "wins_game", "wins_game"),
        ("target", "31", 31),
        ("deal_limit", "16", 16),
    ],
)
def test_every_knob_reads_text_and_round_trips(knob, text, value):
    changed = GAME.settings_from_dict({knob: text})
    assert getattr(changed, knob) == value
    assert changed.differs_from(S) == [knob]
    assert GAME.settings_from_dict(changed.to_dict()) == changed


@pytest.mark.parametrize(
    ("knob", "value", "message"),
    [
        ("jokers", 3, "jokers must be between 0 and 2, not 3"),
        ("minimum_level", "5", "minimum_level must be between 3 and 4, not 5"),
        ("deal_limit", 6, "deal_limit is 6; it must be 0 (no limit) or a multiple of 4"),
        ("nt_jokers", "never", "nt_jokers must be one of void_only, any_time, must_when_void"),
        ("boston", 1, "boston must be one of none, double, wins_game, not 1"),
        ("sport_kitty", "maybe", "sport_kitty must be yes or no, not 'maybe'"),
        ("target", "x", "target must be a whole number, not 'x'"),
        ("trumps", 1, "'trumps' is not a rule setting"),
    ],
)
def test_bad_knob_values_name_the_knob_and_the_rule(knob, value, message):
    with pytest.raises(InvalidSettings) as caught:
        GAME.settings_from_dict({knob: value})
    assert caught.value.field == knob
    assert message in str(caught.value)


def test_unknown_preset_names_the_known_one():
    with pytest.raises(InvalidSettings, match="choose one of bid-whist") as caught:
        GAME.preset("standard")
    assert caught.value.field == "rules"


# --- the score -----------------------------------------------------------------------


# docs/rules/bid-whist.md's table by hand, and the card's: level, kind, books -> the bidders' points
SCORES = [
    ("3U", 9, 3),  # "3 points + 1 per extra trick"
    ("3D", 10, 4),
    ("3U", 8, -3),
    ("3NT", 9, 6),  # "6 points + 2 per extra trick"
    ("3NT", 11, 10),
    ("3NT", 8, -6),
    ("4U", 10, 4),
    ("4D", 12, 6),
    ("4NT", 10, 8),
    ("4NT", 9, -8),
    ("5U", 11, 5),
    ("5D", 10, -5),
    ("5NT", 11, 10),
    ("5NT", 13, 14),
    ("5NT", 1, -10),
    ("6U", 12, 6),
    ("6NT", 11, -12),
    ("7D", 13, 7),
    ("7U", 12, -7),
    ("7NT", 13, 14),
    ("7NT", 12, -14),
]


@pytest.mark.parametrize(("bid", "books", "points"), SCORES)
@pytest.mark.parametrize("bidder", [0, 1, 2, 3])
def test_score_table(bid, books, points, bidder):
    side = bidder % 2
    expected = [0, 0]
    expected[side] = points
    assert _points(_hand_of(bidder, bid, books)) == tuple(expected)
    seats = GAME.points(S, record_from_dict(S, _hand_of(bidder, bid, books)))
    assert seats == (expected[0], expected[1], expected[0], expected[1])  # partners alike
    score = record_from_dict(S, _hand_of(bidder, bid, books)).score(S)
    assert score.made == (points > 0) and score.needed == 6 + int(bid[0])


@pytest.mark.parametrize(("bid", "books", "points"), [s for s in SCORES if s[2] < 0])
def test_set_goes_to_defenders_gain(bid, books, points):
    rules = settings(set_goes_to="defenders_gain")
    assert _points(_hand_of(0, bid, books), rules) == (0, -points)
    assert _points(_hand_of(3, bid, books), rules) == (-points, 0)


@pytest.mark.parametrize(
    ("boston", "bid", "books", "points"),
    [
        ("none", "7NT", 13, 14),
        ("double", "7NT", 13, 28),
        ("double", "3U", 13, 14),
        ("double", "3U", 12, 6),  # not a Boston
        ("wins_game", "4D", 13, 7),
    ],
)
def test_boston_knob(boston, bid, books, points):
    rules = settings(boston=boston)
    assert _points(_hand_of(2, bid, books), rules) == (points, 0)


@pytest.mark.parametrize(
    ("renege_books", "bidder", "bid", "books", "reneges", "points"),
    [
        (3, 0, "3D", 9, [1, 0], -3),  # docs/rules/bid-whist.md: 9 - 3 = 6 books, set
        (3, 0, "3D", 9, [0, 1], 6),  # the defenders' renege: 12 books
        (3, 1, "4U", 9, [1, 0], 6),  # side A reneged against B's bid: 12 books
        (3, 0, "3U", 12, [0, 2], 7),  # kept within 13 books
        (3, 0, "3U", 2, [2, 0], -3),  # and at least 0
        (2, 0, "3D", 10, [1, 0], -3),
        (0, 0, "3D", 9, [4, 0], 3),
        (3, 0, "4U", 9, [1, 1], -4),  # one each: no change
        (3, 0, "7NT", 10, [0, 1], 14),  # a renege can give a Boston
    ],
)
def test_renege_books_move_before_scoring(renege_books, bidder, bid, books, reneges, points):
    rules = settings(renege_books=renege_books)
    expected = [0, 0]
    expected[bidder % 2] = points
    assert _points(_hand_of(bidder, bid, books, reneges), rules) == tuple(expected)


# --- docs/rules/bid-whist.md worked examples ------------------------------------------------------


def test_worked_example_a_bids_4_uptown_in_hearts_and_takes_11():
    body = {"bidder": 0, "bid": "4U", "trump": "H", "books": 11}
    assert _points(body) == (5, 0)


def test_worked_example_b_bids_5_low_no_trump_and_takes_10():
    body = {"bidder": 1, "bid": "5NT", "direction": "low", "books": 10}
    assert _points(body) == (0, -10)
    assert _points(body, settings(set_goes_to="defenders_gain")) == (10, 0)


def test_worked_example_a_bids_3_downtown_takes_9_with_a_renege():
    body = {"bidder": 2, "bid": "3D", "trump": "C", "books": 9, "reneges": [1, 0]}
    assert _points(body) == (-3, 0)


def test_worked_example_a_bids_7_no_trump_and_takes_all_13():
    body = {"bidder": 0, "bid": "7NT", "direction": "high", "books": 13}
    assert _points(body) == (14, 0)
    assert _points(body, settings(boston="double")) == (28, 0)


A_TO_18 = (
    {"bidder": 0, "bid": "7NT", "direction": "high", "books": 13},  # +14
    {"bidder": 2, "bid": "4U", "trump": "S", "books": 10},  # +4
)


def test_worked_example_a_at_18_makes_4_uptown_with_10_and_wins():
    hands = _records(S, *A_TO_18, {"bidder": 0, "bid": "4U", "trump": "H", "books": 10})
    game = replay(S, 0, hands)
    assert [h.totals for h in game.hands] == [(14, 0), (18, 0), (22, 0)]
    assert (game.status, game.winner) == ("finished", 0)


def test_worked_example_b_at_minus_17_set_at_5_downtown_loses():
    hands = _records(
        S,
        {"bidder": 1, "bid": "7NT", "direction": "low", "books": 12},  # -14
        {"bidder": 3, "bid": "3U", "trump": "D", "books": 8},  # -3
        {"bidder": 1, "bid": "5D", "trump": "H", "books": 9},  # -5
    )
    game = replay(S, 3, hands)
    assert game.totals == (0, -22)
    assert (game.status, game.winner) == ("finished", 0)  # B fell to -21


# --- progression and the end of the game ---------------------------------------------

THROWN = {"thrown_in": True}
A_PLUS_3 = {"bidder": 0, "bid": "3U", "trump": "S", "books": 9}
B_PLUS_3 = {"bidder": 1, "bid": "3U", "trump": "S", "books": 9}


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_deal_passes_left_after_every_hand_thrown_in_too(first_dealer):
    game = replay(S, first_dealer, _records(S, THROWN, A_PLUS_3, THROWN))
    dealers = [h.dealer for h in game.hands]
    assert dealers == [(first_dealer + k) % 4 for k in range(3)]
    assert [h.opener for h in game.hands] == [(d + 1) % 4 for d in dealers]
    assert game.dealer == (first_dealer + 3) % 4
    assert game.opener == (first_dealer + 4) % 4
    assert game.hands[0].points == (0, 0)


@pytest.mark.parametrize(
    ("target", "bodies", "winner"),
    [
        (3, [A_PLUS_3], 0),
        (3, [B_PLUS_3], 1),
        (4, [A_PLUS_3], None),
        (3, [{"bidder": 1, "bid": "3U", "trump": "S", "books": 8}], 0),  # B at -3 loses
        (3, [{"bidder": 0, "bid": "3U", "trump": "S", "books": 8}], 1),  # A at -3 loses
    ],
)
def test_target_knob(target, bodies, winner):
    rules = settings(target=target)
    game = replay(rules, 0, _records(rules, *bodies))
    assert game.winner == winner
    assert game.status == ("finished" if winner is not None else "in_progress")


def test_both_sides_past_the_target_in_one_hand_the_bidders_win_if_they_made_it():
    """Totals carried in from before ("hand 0") can put both sides past the target in one
    hand: the bidding side wins if it made its bid (docs/rules/bid-whist.md), even from
    behind; a set bidding side leaves the win to the side ahead."""
    made = GAME.replay(S, 0, _records(S, B_PLUS_3), starting_totals=[25, 19])
    assert (made.totals, made.status, made.winner) == ((25, 22), "finished", 1)
    set_b = {"bidder": 1, "bid": "3U", "trump": "S", "books": 8}  # -3
    lost = GAME.replay(S, 0, _records(S, set_b), starting_totals=[22, 24])
    assert (lost.totals, lost.status, lost.winner) == ((22, 21), "finished", 0)


def test_boston_wins_game_ends_it_at_once():
    rules = settings(boston="wins_game")
    boston = {"bidder": 1, "bid": "3U", "trump": "S", "books": 13}
    game = replay(rules, 0, _records(rules, boston))
    assert (game.status, game.winner, game.totals) == ("finished", 1, (0, 7))
    assert replay(S, 0, _records(S, boston)).status == "in_progress"


def test_deal_limit_knob_side_ahead_wins():
    rules = settings(deal_limit=4)
    hands = _records(rules, A_PLUS_3, THROWN, B_PLUS_3, A_PLUS_3)
    assert replay(rules, 0, hands[:3]).status == "in_progress"
    game = replay(rules, 0, hands)  # the thrown-in deal counts toward the limit
    assert (game.status, game.winner) == ("finished", 0)


def test_deal_limit_tie_plays_on_until_one_side_is_ahead():
    rules = settings(deal_limit=4)
    hands = _records(rules, A_PLUS_3, B_PLUS_3, THROWN, THROWN, THROWN, B_PLUS_3)
    game = replay(rules, 0, hands[:4])
    assert (game.status, game.tie_at_top) == ("in_progress", True)
    game = replay(rules, 0, hands[:5])
    assert (game.status, game.tie_at_top) == ("in_progress", True)
    game = replay(rules, 0, hands)
    assert (game.status, game.winner, game.tie_at_top) == ("finished", 1, False)


def test_finish_now_ends_the_game_after_the_current_hand():
    hands = _records(S, A_PLUS_3, B_PLUS_3, A_PLUS_3)
    assert GAME.replay(S, 0, hands).status == "in_progress"
    game = GAME.replay(S, 0, hands, finish_after=3)
    assert (game.status, game.winner) == ("finished", 0)
    tied = GAME.replay(S, 0, hands[:2], finish_after=2)
    assert (tied.status, tied.tie_at_top) == ("in_progress", True)
    game = GAME.replay(S, 0, hands, finish_after=2)  # the tie played on one more deal
    assert (game.status, game.winner) == ("finished", 0)


def test_a_hand_after_the_end_is_refused():
    rules = settings(target=3)
    with pytest.raises(ValueError, match="hand 2 was recorded after the game ended"):
        replay(rules, 0, _records(rules, A_PLUS_3, A_PLUS_3))
