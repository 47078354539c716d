"""The play (docs/rules/israeli-whist.md): follow suit if able; the top trump wins, else the highest
card of the suit led; the declarer leads first and each trick's winner leads the next."""

import random

import pytest

from scorekeeper.engine import IllegalAction
from scorekeeper.engine.core.cards import Card, Suit
from scorekeeper.engine.israeli_whist import (
    Denomination,
    IsraeliPlayState,
    deal_hands,
    legal_cards,
)
from tests.support.games.israeli_whist.play import cards, mixed_deal, trick_winner


@pytest.mark.parametrize(
    ("trump", "leader", "played", "winner"),
    [
        # No trump in the trick: the highest card of the suit led.
        (Suit.SPADES, 0, "2H AH KH 3H", 1),
        (Suit.SPADES, 2, "TH 9H 8H 7H", 2),
        # A higher card of another suit does not win.
        (Suit.SPADES, 0, "2H AD AC 3H", 3),
        # One trump beats any card of the suit led.
        (Suit.SPADES, 0, "AH KH 2S QH", 2),
        # Of several trumps, the highest wins.
        (Suit.CLUBS, 1, "AD 2C 3D TC", 0),
        # A trump led wins unless a higher trump follows.
        (Suit.HEARTS, 3, "4H AS 5H 3H", 1),
        # In no-trump only the suit led can win.
        (None, 0, "9D AS AH AC", 0),
        (None, 1, "9D TD AH JD", 0),
        (Denomination.NO_TRUMP, 2, "2C 3C AD 4C", 1),
        (Denomination.HEARTS, 0, "AS 2H KS QS", 1),
    ],
)
def test_trick_winner(trump, leader, played, winner):
    assert trick_winner(leader, cards(played), trump) == winner


def test_a_trick_has_four_cards():
    with pytest.raises(ValueError, match="a trick has 4 cards, not 3"):
        trick_winner(0, cards("2H 3H 4H"), None)


@pytest.mark.parametrize(
    ("hand", "led", "legal"),
    [
        ("2H 5H AS KD", Suit.HEARTS, "2H 5H"),
        ("2H 5H AS KD", Suit.SPADES, "AS"),
        ("2H 5H AS KD", Suit.CLUBS, "2H 5H AS KD"),  # void: any card
        ("2H 5H AS KD", None, "2H 5H AS KD"),  # leading: any card
    ],
)
def test_legal_cards_follow_suit_when_able(hand, led, legal):
    assert legal_cards(cards(hand), led) == cards(legal)


# Seat 0 holds all clubs, 1 all diamonds, 2 all hearts, 3 all spades: every trick after
# the lead is discards, so who wins depends only on trump.
SUITED = [[Card.from_index(n) for n in range(s * 13, s * 13 + 13)] for s in range(4)]


def test_the_declarer_leads_and_the_winner_leads_next():
    play = IsraeliPlayState(SUITED, Suit.SPADES, declarer=2)
    assert play.to_play == 2 and play.leader == 2
    play.apply(Card.from_str("2H"))
    assert play.to_play == 3
    play.apply(Card.from_str("2S"))  # a trump: seat 3 holds no heart
    play.apply(Card.from_str("AC"))
    play.apply(Card.from_str("AD"))
    assert play.tricks == [(2, (26, 39, 12, 25), 3)]
    assert play.tricks_taken == [0, 0, 0, 1]
    assert play.to_play == play.leader == 3


def test_thirteen_tricks_end_the_hand():
    play = IsraeliPlayState(SUITED, None, declarer=0)
    while not play.is_terminal():
        play.apply(play.legal_actions()[0])
    # No trump: the leader's suit is the only one played, so the declarer takes every trick.
    assert play.tricks_taken == [13, 0, 0, 0]
    assert play.to_play is None and play.legal_actions() == []
    with pytest.raises(IllegalAction, match="all 13 tricks have been played"):
        play.apply(Card.from_str("AS"))


def test_a_revoke_is_refused():
    hands = mixed_deal()
    play = IsraeliPlayState(hands, Suit.HEARTS, declarer=0)
    lead = play.legal_actions()[0]
    play.apply(lead)
    follower = hands[1]
    same_suit = [c for c in follower if c.suit == lead.suit]
    other = [c for c in follower if c.suit != lead.suit]
    assert same_suit and other, "seed 7 gives seat 1 both kinds of card"
    assert play.legal_actions() == sorted(same_suit)
    with pytest.raises(IllegalAction, match=f"seat 1 must follow .*{other[0]}.* is a revoke"):
        play.apply(other[0])
    play.apply(same_suit[0])
    assert play.to_play == 2


def test_a_card_not_held_is_refused():
    play = IsraeliPlayState(SUITED, Suit.SPADES, declarer=0)
    with pytest.raises(IllegalAction, match="seat 0 does not hold AS"):
        play.apply(Card.from_str("AS"))


def test_would_win_and_winning_follow_the_trick():
    play = IsraeliPlayState(SUITED, Suit.DIAMONDS, declarer=0)
    assert play.winning is None
    play.apply(Card.from_str("5C"))
    assert play.winning == 0
    assert play.would_win(Card.from_str("2D").index)  # a trump
    play.apply(Card.from_str("2D"))
    assert play.winning == 1
    assert not play.would_win(Card.from_str("AH").index)  # a discard


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (SUITED[:3], "3 hands given"),
        ([SUITED[0], SUITED[0], SUITED[2], SUITED[3]], "the 52 cards, each once"),
        ([SUITED[0][:12], SUITED[1], SUITED[2], SUITED[3]], "seat 0 holds 12 cards"),
    ],
)
def test_play_needs_the_whole_pack(hands, message):
    with pytest.raises(ValueError, match=message):
        IsraeliPlayState(hands, None, declarer=0)


@pytest.mark.parametrize("pick", [min, max])
def test_play_out_plays_as_apply_does(pick):
    hands = deal_hands(random.Random(11))
    fast = IsraeliPlayState(hands, Suit.CLUBS, declarer=1)
    slow = IsraeliPlayState(hands, Suit.CLUBS, declarer=1)
    for state in (fast, slow):
        state.apply(state.legal_indices()[0])  # start inside the first trick
    fast.play_out([lambda play, legal: pick(legal)] * 4)
    while not slow.is_terminal():
        slow.apply(pick(slow.legal_indices()))
    assert fast.is_terminal()
    assert fast.tricks == slow.tricks
    assert fast.tricks_taken == slow.tricks_taken
    assert sum(fast.tricks_taken) == 13


def test_play_out_refuses_a_revoking_chooser():
    play = IsraeliPlayState(mixed_deal(), Suit.HEARTS, declarer=0)

    def revoke(state, legal):
        hand = [n for suit in state.hands[state.to_play] for n in suit]
        off = [n for n in hand if n not in legal]
        return off[0] if state.current and off else legal[0]

    with pytest.raises(IllegalAction, match="must follow suit when able"):
        play.play_out([revoke] * 4)
    assert len(play.current) in (1, 2, 3)  # stopped inside the trick, state intact
