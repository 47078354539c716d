import pytest

from scorekeeper.engine import ParseError
from scorekeeper.engine.core.cards import Card, Suit, full_deck, parse_cards
from scorekeeper.engine.israeli_whist import ALL_BIDS, Bid, Denomination


def test_every_card_round_trips_through_text():
    deck = full_deck()
    assert len(set(deck)) == 52
    for card in deck:
        assert Card.from_str(str(card)) == card
        assert Card.from_index(card.index) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TS", Card(10, Suit.SPADES)),
        ("10s", Card(10, Suit.SPADES)),
        ("T♠", Card(10, Suit.SPADES)),
        ("10♠", Card(10, Suit.SPADES)),
        ("qh", Card(12, Suit.HEARTS)),
        ("A♦", Card(14, Suit.DIAMONDS)),
        ("2c", Card(2, Suit.CLUBS)),
        (" 7C ", Card(7, Suit.CLUBS)),
        ("K♡", Card(13, Suit.HEARTS)),
    ],
)
def test_card_parser_accepts_what_people_type(text, expected):
    assert Card.from_str(text) == expected


@pytest.mark.parametrize("text", ["", "S", "1S", "11H", "TX", "ZS", "10", "T♠♠", "AHS"])
def test_card_parser_rejects_and_quotes_bad_text(text):
    with pytest.raises(ParseError) as err:
        Card.from_str(text)
    assert repr(text) in str(err.value)


def test_parse_cards_reads_lists():
    assert [str(c) for c in parse_cards("TS, 10h QD  2c")] == ["TS", "TH", "QD", "2C"]


def test_every_bid_round_trips_and_ranks_in_bridge_order():
    bids = list(ALL_BIDS)
    assert len(bids) == 9 * 5
    assert bids == sorted(bids)
    for bid in bids:
        assert Bid.from_str(str(bid)) == bid
    assert Bid.from_str("7C") < Bid.from_str("7D") < Bid.from_str("7H") < Bid.from_str("7S")
    assert Bid.from_str("7S") < Bid.from_str("7NT") < Bid.from_str("8C")


@pytest.mark.parametrize(
    ("text", "level", "denomination"),
    [
        ("7C", 7, Denomination.CLUBS),
        ("9NT", 9, Denomination.NO_TRUMP),
        ("9nt", 9, Denomination.NO_TRUMP),
        ("13S", 13, Denomination.SPADES),
        ("6♥", 6, Denomination.HEARTS),
        ("5d", 5, Denomination.DIAMONDS),
    ],
)
def test_bid_parser(text, level, denomination):
    assert Bid.from_str(text) == Bid(level, denomination)


@pytest.mark.parametrize("text", ["", "7", "C", "4C", "14S", "7X", "NT", "7 clubs!", "-7C"])
def test_bid_parser_rejects_and_quotes_bad_text(text):
    with pytest.raises(ParseError) as err:
        Bid.from_str(text)
    assert repr(text) in str(err.value)


def test_denominations_know_their_trump():
    assert Denomination.NO_TRUMP.trump is None
    assert Denomination.HEARTS.trump is Suit.HEARTS
    assert Bid.from_str("7H").denomination.shown == "♥" and str(Bid.from_str("7H")) == "7H"
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red and not Suit.SPADES.is_red
