"""The one trick state machine of the trick games (``core/tricks.py``), played by Israeli
Whist and Bid Whist alike: random playthroughs of every trump and joker rule checked
against the rules' invariants, the one-loop random play against the bot loop, refusals
that change nothing, and the trick winner by key table against both games' tables."""

import random

import pytest

from scorekeeper.engine import find_game
from scorekeeper.engine.bid_whist import BidWhistPlayState
from scorekeeper.engine.bid_whist.cards import NO_SUIT, pack, suit_table, trick_keys
from scorekeeper.engine.bid_whist.simulate import simulate_deals as bid_whist_deals
from scorekeeper.engine.core import tricks
from scorekeeper.engine.core.bots import RandomBot
from scorekeeper.engine.core.errors import IllegalAction
from scorekeeper.engine.core.simulation import key_shuffled
from scorekeeper.engine.israeli_whist import IsraeliPlayState
from scorekeeper.engine.israeli_whist.play import SUIT_OF, TRICK_KEYS
from tests.support.engine.tricks_core import _refusable, _snapshot, bid_whist, israeli

STATES = [
    *(pytest.param(lambda seed, t=t: israeli(t, seed), id=f"israeli-{t}") for t in range(5)),
    *(
        pytest.param(
            lambda seed, t=t, low=low: bid_whist(t, low, "void_only", seed), id=f"bw-{t}-{low}"
        )
        for t in (0, 3)
        for low in (False, True)
    ),
    *(
        pytest.param(
            lambda seed, rule=rule: bid_whist(NO_SUIT, False, rule, seed), id=f"bw-nt-{rule}"
        )
        for rule in ("void_only", "any_time", "must_when_void")
    ),
]


@pytest.mark.parametrize("new_play", STATES)
def test_random_playthroughs_keep_the_rules_of_the_tricks(new_play):
    for seed in range(12):
        play = new_play(seed)
        dealt = sorted(card for seat in range(4) for card in play.held(seat))
        rng = random.Random(seed)
        while not play.is_terminal():
            legal = play.legal_indices()
            assert legal and set(legal) <= set(play.held(play.to_play))
            card = rng.choice(legal)
            winning_before = play.winning
            beats = play.would_win(card)
            play.apply(card)
            if play.current:  # the trick goes on: the card took the lead or did not
                assert play.winning == ((play.to_play - 1) % 4 if beats else winning_before)
        assert play.to_play is None and play.legal_indices() == []
        assert len(play.tricks) == play.tricks_in_hand
        assert sum(play.tricks_taken) == play.tricks_in_hand
        played = sorted(card for _, cards, _ in play.tricks for card in cards)
        assert set(played) <= set(dealt) and len(set(played)) == 4 * play.tricks_in_hand
        for (leader, cards, winner), following in zip(
            play.tricks, [*play.tricks[1:], None], strict=True
        ):
            assert len(cards) == 4
            assert winner == tricks.trick_winner(leader, cards, play.suit_of, play.keys_by_led)
            if following is not None:
                assert following[0] == winner  # the winner leads next


@pytest.mark.parametrize("new_play", STATES)
def test_play_out_plays_as_apply_does_card_by_card(new_play):
    for seed in range(6):
        by_apply, by_play_out = new_play(seed), new_play(seed)
        first, second = random.Random(seed), random.Random(seed)
        while not by_apply.is_terminal():
            by_apply.apply(first.choice(by_apply.legal_indices()))
        by_play_out.play_out([lambda play, legal, pick=second.choice: pick(legal)] * 4)
        assert _snapshot(by_play_out) == _snapshot(by_apply)


@pytest.mark.parametrize("new_play", STATES)
def test_the_one_loop_random_play_draws_the_cards_random_bots_play(new_play):
    # No-trump jokers too: cards that follow no suit and a game's own rule of following
    # are core's (issue 55), so Bid Whist writes no random loop of its own.
    for seed in range(8):
        looped, by_bots = new_play(seed), new_play(seed)
        tricks.random_tricks(looped, random.Random(seed).getrandbits)
        generator = random.Random(seed)
        by_bots.play_out([RandomBot(seat, generator).choose_card for seat in range(4)])
        assert looped.tricks == by_bots.tricks
        assert looped.tricks_taken == by_bots.tricks_taken
        assert looped.to_play is None and looped.leader == by_bots.leader


@pytest.mark.parametrize("new_play", STATES)
def test_a_refused_card_changes_nothing_in_apply_or_in_play_out(new_play):
    for seed in range(20):
        play = new_play(seed)
        card = _refusable(play)
        if card is None:
            continue
        seat, before = play.to_play, _snapshot(play)
        with pytest.raises(IllegalAction, match=f"seat {seat} "):
            play.apply(card)
        assert _snapshot(play) == before
        with pytest.raises(IllegalAction, match=f"seat {seat} may not play"):
            play.play_out([lambda state, legal, card=card: card] * 4)
        assert _snapshot(play) == before
        for wrong in (-1, len(play.suit_of), "AS", None):
            with pytest.raises(IllegalAction, match="is not a card"):
                play.apply(wrong)
        assert _snapshot(play) == before
        return
    pytest.fail("no deal of 20 came to a card that may not be played")


def test_a_finished_hand_refuses_another_card_naming_its_tricks():
    for play in (israeli(0, 1), bid_whist(2, False, "void_only", 1)):
        play.play_out([lambda state, legal: legal[0]] * 4)
        with pytest.raises(IllegalAction, match=f"all {play.tricks_in_hand} tricks"):
            play.apply(0)


@pytest.mark.parametrize(
    ("cards", "suit_of", "keys", "winner"),
    [
        # Israeli Whist, hearts trumps: a low trump beats the ace led.
        ([51, 50, 26, 49], SUIT_OF, TRICK_KEYS[2], 2),
        # No-trump: only the suit led wins.
        ([13, 51, 25, 14], SUIT_OF, TRICK_KEYS[4], 2),
        # Bid Whist no-trump: jokers led, the first suited card names the suit to follow.
        ([53, 52, 4, 10], suit_table(NO_SUIT), trick_keys(NO_SUIT, False, True), 3),
        # Bid Whist no-trump: a joker led, then clubs; the higher club wins, a joker never.
        ([53, 0, 52, 1], suit_table(NO_SUIT), trick_keys(NO_SUIT, False, True), 3),
        # Bid Whist, spades trumps, downtown: the big joker is the top trump.
        ([39, 53, 51, 0], suit_table(3), trick_keys(3, True, True), 1),
        # Downtown, ace high: the ace of the suit led beats its two.
        ([0, 12, 1, 13], suit_table(3), trick_keys(3, True, True), 1),
    ],
)
def test_the_trick_winner_by_key_table(cards, suit_of, keys, winner):
    for leader in range(4):
        assert tricks.trick_winner(leader, cards, suit_of, keys) == (leader + winner) % 4


def test_a_trick_winner_needs_four_cards():
    with pytest.raises(ValueError, match="a trick has 4 cards, not 3"):
        tricks.trick_winner(0, [1, 2, 3], SUIT_OF, TRICK_KEYS[0], seats=4)


@pytest.mark.parametrize("size", [52, 54])
def test_a_key_shuffle_sorts_the_pack_by_one_draw_per_card_number(size):
    cards = pack(2)[:size]
    first, second = random.Random(9), random.Random(9)
    keys = [second.random() for _ in range(54)]
    assert key_shuffled(first, cards, 54) == sorted(cards, key=keys.__getitem__)
    assert first.random() == second.random()  # the same draws taken


def test_a_whist_run_passes_the_deal_left_and_each_deal_stands_alone():
    settings = find_game("bid-whist", include_unlisted=True).preset("bid-whist")
    whole = list(bid_whist_deals(settings, 8, 5, first_dealer=3))
    assert [deal.dealer for deal in whole] == [3, 0, 1, 2, 3, 0, 1, 2]
    share = list(bid_whist_deals(settings, range(5, 8), 5, first_dealer=3))
    assert [deal.to_dict() for deal in share] == [deal.to_dict() for deal in whole[5:]]
    with pytest.raises(ValueError, match="first dealer is seat 4"):
        bid_whist_deals(settings, 8, 5, first_dealer=4)  # at once, before any deal


_WHOLE = [list(range(13 * s, 13 * s + 13)) for s in range(4)]
_TWELVE = [list(range(12 * s, 12 * s + 12)) for s in range(4)]


@pytest.mark.parametrize(
    ("start", "message"),
    [
        (lambda: IsraeliPlayState(_WHOLE[:3], None, 0), "3 hands given; play needs one per seat"),
        (lambda: IsraeliPlayState(_WHOLE, None, 4), "declarer is seat 4; seats are 0..3"),
        (lambda: IsraeliPlayState([_WHOLE[0]] * 4, None, 0), "the 52 cards, each once"),
        (lambda: BidWhistPlayState(_TWELVE, 0, False, 5), "bidder is seat 5; seats are 0..3"),
        (
            lambda: BidWhistPlayState([_TWELVE[0], _TWELVE[1][:11], *_TWELVE[2:]], 0, False, 0),
            "seat 1 holds 11 cards; each seat needs 12",
        ),
        (
            lambda: BidWhistPlayState([*_TWELVE[:3], [*_TWELVE[3][:11], 54]], 0, False, 0),
            "different cards of the pack, each once",
        ),
        (
            lambda: BidWhistPlayState([*_TWELVE[:3], _TWELVE[0]], 0, False, 0),
            "different cards of the pack, each once",
        ),
    ],
)
def test_play_starts_only_from_four_whole_hands_naming_the_rule(start, message):
    with pytest.raises(ValueError, match=message):
        start()
