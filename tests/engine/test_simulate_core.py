"""The one simulation core (issue 41): a deal's state with its legal actions, applying
one and the result (``DealState``); the bot loop, the run and the tally written once; and
the games that declare their play on it (Spades and Oh Hell) refusing what the rules
forbid, whoever the bot."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from scorekeeper.engine.core.bots import ChoiceBot, RandomBot
from scorekeeper.engine.core.errors import IllegalAction
from scorekeeper.engine.core.simulation import (
    DealTally,
    play_through,
    shuffled_hands,
    shuffled_pack,
    simulate_play,
)
from scorekeeper.engine.core.tricks import PLAIN_SUIT_OF
from scorekeeper.engine.core.verify import check_tricks
from scorekeeper.engine.oh_hell.simulate import DealPlan, OhHellDeal, random_player, simulate_deals
from scorekeeper.engine.spades.simulate import SpadesDeal, SpadesRandomBot
from scorekeeper.engine.spades.simulate import random_player as spades_random_player
from tests.support.engine.simulate_core import (
    OH_HELL,
    SPADES,
    _held,
    _highest,
    _new_oh_hell,
    _new_spades,
    _odd_even_rule,
    _play_until,
    _revoke_case,
    _snapshot,
)


class HighCard:
    """A toy game that declares its play and nothing else: each of three seats holds
    three numbers and plays one; the highest takes the deal. No bot loop, no run."""

    def __init__(self, index: int, rng: random.Random) -> None:
        pack = list(range(1, 10))
        rng.shuffle(pack)
        self.hands = [pack[0:3], pack[3:6], pack[6:9]]
        self.played: list[int] = []
        self.to_play: int | None = index % 3

    def legal_actions(self) -> list[int]:
        return list(self.hands[self.to_play]) if self.to_play is not None else []

    def apply(self, card: int) -> None:
        if card not in self.legal_actions():
            raise IllegalAction(f"seat {self.to_play} does not hold {card}", "card")
        self.hands[self.to_play].remove(card)
        self.played.append(card)
        self.to_play = None if len(self.played) == 3 else (self.to_play + 1) % 3

    def is_terminal(self) -> bool:
        return self.to_play is None

    def result(self) -> tuple[int, ...]:
        return tuple(self.played)


TOY_BOTS = {"random": RandomBot, "choice": ChoiceBot}


@pytest.mark.parametrize("kind", sorted(TOY_BOTS))
def test_a_game_that_declares_its_play_gets_a_repeatable_run(kind):
    whole = list(simulate_play(HighCard, TOY_BOTS, kind, 60, seed=5, seats=3))
    assert len(whole) == 60
    assert whole == list(simulate_play(HighCard, TOY_BOTS, kind, 60, seed=5, seats=3))
    assert whole != list(simulate_play(HighCard, TOY_BOTS, kind, 60, seed=6, seats=3))
    share = list(simulate_play(HighCard, TOY_BOTS, kind, range(20, 45), seed=5, seats=3))
    assert share == whole[20:45]
    # Every deal is a legal play: three different numbers of 1..9.
    assert all(len(set(deal)) == 3 and set(deal) <= set(range(1, 10)) for deal in whole)


def test_an_unknown_kind_of_bot_is_refused_at_once_naming_the_kinds():
    with pytest.raises(ValueError, match="'clever' is not a bot; choose one of random, choice"):
        simulate_play(HighCard, TOY_BOTS, "clever", 5, seed=1, seats=3)


@pytest.mark.parametrize(("game", "settings"), [(SPADES, "spades"), (OH_HELL, "oh-hell")])
def test_a_game_refuses_an_unknown_bot_before_the_first_deal(game, settings):
    # Spades and Oh Hell used to find out only when the first deal was asked for.
    with pytest.raises(ValueError, match="not a bot"):
        game.simulation.results(game.preset(settings), 5, seed=1, bots="clever")


@pytest.mark.parametrize("new_deal", [_new_spades, _new_oh_hell], ids=["spades", "oh-hell"])
def test_a_revoke_is_refused_and_changes_nothing(new_deal):
    for seed in range(40):
        state = new_deal(seed)
        try:
            _play_until(state, _revoke_case)
        except AssertionError:
            continue
        revoke = next(card for card in _held(state) if card not in state.legal_actions())
        before = _snapshot(state)
        with pytest.raises(IllegalAction, match=f"seat {state.to_play} may not play"):
            state.apply(revoke)
        assert _snapshot(state) == before
        return
    pytest.fail("no deal of 40 came to a revoke")


def test_the_hook_is_refused_to_the_dealer_and_changes_nothing():
    state = _new_oh_hell(3)
    _play_until(state, lambda s: s.to_play == s.dealer)
    forbidden = state.cards - sum(state.bids)
    assert forbidden not in state.legal_actions()
    before = _snapshot(state)
    with pytest.raises(IllegalAction, match=f"seat {state.dealer} may not bid {forbidden}"):
        state.apply(forbidden)
    assert _snapshot(state) == before


def test_a_spades_bot_bids_blind_nil_only_where_the_rules_allow_it():
    state = _new_spades(1)
    assert -1 not in state.legal_actions()
    with pytest.raises(IllegalAction, match="may not bid -1"):
        state.apply(-1)


@pytest.mark.parametrize("new_deal", [_new_spades, _new_oh_hell], ids=["spades", "oh-hell"])
def test_play_through_ends_with_every_card_played(new_deal):
    state = new_deal(7)
    result = play_through(state, [ChoiceBot(seat, random.Random(7)) for seat in range(8)])
    assert state.is_terminal() and state.legal_actions() == []
    assert sum(state.taken) == len(result.to_dict()["play"])


@dataclass
class _Counts(DealTally):
    made: list[int] = field(default_factory=lambda: [0, 0])
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    nested: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    clock: float = field(default=0.0, metadata={"merge": False})


def test_a_tally_merges_every_field_of_a_game_s_own():
    one = _Counts(deals=3, thrown_in=1, made=[1, 2], by_kind={"nil": [1, 1]}, clock=5.0)
    one.nested[1][0] = 4
    other = _Counts(deals=2, made=[1, 0], by_kind={"nil": [0, 1], "blind": [1, 1]}, clock=9.0)
    other.nested[0][1] = 2
    one.merge(other)
    assert (one.deals, one.thrown_in, one.played) == (5, 1, 4)
    assert one.made == [2, 2]
    assert one.by_kind == {"nil": [1, 2], "blind": [1, 1]}
    assert one.nested == [[0, 2], [4, 0]]
    assert one.clock == 5.0  # marked not to be merged
    # The other tally's lists are not shared with this one.
    other.by_kind["blind"][0] = 99
    assert one.by_kind["blind"] == [1, 1]


@pytest.mark.parametrize(
    ("tricks", "winners", "problems", "won"),
    [
        ([(0, [1, 3]), (1, [4, 2])], [1, 1], [], [0, 2]),
        # The second trick's leader is the first's winner, seat 1.
        ([(0, [1, 3]), (0, [2, 4])], None, ["trick 2 is led by seat 0, not seat 1"], [0, 1]),
        ([(0, [1, 9])], None, ["trick 1: seat 1 played 9, not in its hand"], [0, 0]),
        (
            [(0, [1, 4]), (1, [3, 2])],
            None,
            ["trick 1: seat 1 played 4: did not follow parity"],
            [0, 2],
        ),
        ([(0, [1, 3]), (1, [4, 2])], [0, 1], ["trick 1 was won by seat 1, not seat 0"], [0, 2]),
        ([(0, [1, 3])], None, ["cards were left unplayed"], [0, 1]),
        ([(0, [1])], None, ["trick 1 has 1 cards, not 2"], [0, 0]),
    ],
)
def test_the_trick_checker_reads_the_play_again(tricks, winners, problems, won):
    found: list[str] = []
    hands = [[1, 2], [3, 4]]
    assert check_tricks(tricks, hands, 0, _odd_even_rule, _highest, found, winners, 2) == won
    assert found == problems


# --- the random bots' quick loops give the deals the bot loop gives -----------------------


@pytest.mark.parametrize("size", [52, 32, 24, 13, 2])
def test_a_shuffled_pack_is_the_order_and_the_draws_of_rng_shuffle(size):
    for seed in range(300):
        theirs, ours = random.Random(seed), random.Random(seed)
        pack = list(range(size))
        theirs.shuffle(pack)
        assert shuffled_pack(ours, size) == pack
        assert ours.getrandbits(32) == theirs.getrandbits(32), "a different number of draws"


@pytest.mark.parametrize("dealt", [0, 1, 29, 51, 52, 60])
def test_the_dealt_places_of_a_shuffled_pack_are_rng_shuffle_s_with_the_same_draws(dealt):
    for seed in range(300):
        theirs, ours = random.Random(seed), random.Random(seed)
        pack = list(range(52))
        theirs.shuffle(pack)
        assert shuffled_pack(ours, 52, dealt) == pack[:dealt]
        assert ours.getrandbits(32) == theirs.getrandbits(32), "a different number of draws"


@pytest.mark.parametrize(("seats", "size"), [(4, 52), (4, 32), (3, 24)])
def test_shuffled_hands_deal_the_pack_and_split_each_hand_by_suit_from_its_last_card(seats, size):
    suit_of = [card * 4 // size for card in range(size)]
    for seed in range(300):
        hands, by_suit = shuffled_hands(random.Random(seed), suit_of, seats, size)
        assert sorted(card for hand in hands for card in hand) == list(range(size))
        assert [len(hand) for hand in hands] == [size // seats] * seats
        for hand, suits in zip(hands, by_suit, strict=True):
            assert suits == [[c for c in reversed(hand) if suit_of[c] == s] for s in range(4)]


def test_shuffled_hands_put_every_card_in_every_place_alike():
    # Where each card of 12,000 deals lies: its seat (52 x 4 counts of about 3,000) and
    # its place in the hand (52 x 13 of about 920). A shuffle that drew a place from one
    # place too few (never leaving a card where it lies), or from too few random bits
    # (``bits(6) % n``), is far outside these bounds; a fair one (seeded, so the same
    # every run) is inside them.
    deals, rng = 12_000, random.Random(55)
    seat_counts = [[0] * 4 for _ in range(52)]
    place_counts = [[0] * 13 for _ in range(52)]
    for _ in range(deals):
        hands, _by_suit = shuffled_hands(rng, PLAIN_SUIT_OF)
        for seat, hand in enumerate(hands):
            for place, card in enumerate(hand):
                seat_counts[card][seat] += 1
                place_counts[card][place] += 1

    def chi_square(counts: list[list[int]]) -> float:
        expected = deals / len(counts[0])
        return sum((n - expected) ** 2 / expected for row in counts for n in row)

    # 52 x 3 and 52 x 12 degrees of freedom: a fair shuffle's statistic lies within about
    # 5 standard deviations of them (sqrt(2 * df) each).
    assert abs(chi_square(seat_counts) - 156) < 5 * (2 * 156) ** 0.5
    assert abs(chi_square(place_counts) - 624) < 5 * (2 * 624) ** 0.5


def test_a_negative_number_of_places_is_refused():
    with pytest.raises(ValueError, match="-1 places"):
        shuffled_pack(random.Random(0), 52, -1)


class SlowChoiceBot(ChoiceBot):
    """A ChoiceBot the quick loop does not recognise: played through the bot loop."""

    __slots__ = ()


@pytest.mark.parametrize("players", [3, 4, 7])
@pytest.mark.parametrize("hook", [True, False])
def test_oh_hell_s_random_player_plays_the_deals_the_bot_loop_plays(players, hook):
    # random_player deals and plays a whole hand in one loop of its own, a second writing
    # of OhHellDeal: every hand of the sequence, dealt by every seat, must be the deal the
    # bot loop plays from the same generator, which both leave in the same state (a run
    # seeds it once per block of deals: the next deal draws on from there).
    game = OH_HELL.seated(players)
    settings = game.preset("oh-hell").with_changes({"hook": hook})
    plan = DealPlan(settings)
    quick = random_player(game, settings, plan)
    for index in range(2 * len(game.paper.sheet_deals(settings))):
        for seed in range(4):
            played = {}
            for way in ("quick", "bots"):
                rng = random.Random(seed)
                if way == "quick":
                    result = quick(index, rng)
                else:
                    state = OhHellDeal(game, settings, index, rng, plan)
                    bots = [SlowChoiceBot(seat, rng) for seat in range(players)]
                    result = play_through(state, bots)
                played[way] = result.to_dict(), rng.getstate()
            assert played["quick"] == played["bots"], (index, seed)


def test_oh_hell_s_random_bots_play_through_the_quick_player():
    # simulate_play hands a run of ChoiceBots to the game's own loop: the same deals as
    # the bot loop gives, deal by deal, from the run's seeds.
    settings = OH_HELL.preset("oh-hell")
    # Both runs start inside a block of deals (core.simulation.BLOCK), seeded alike.
    quick = list(simulate_deals(OH_HELL, settings, range(30, 60), seed=9))
    plan = DealPlan(settings)

    def new_deal(index: int, rng: random.Random) -> OhHellDeal:
        return OhHellDeal(OH_HELL, settings, index, rng, plan)

    slow = simulate_play(new_deal, {}, SlowChoiceBot, range(30, 60), 9, settings.players)
    for index, result, theirs in zip(range(30, 60), quick, slow, strict=True):
        assert result.to_dict() == theirs.to_dict(), index


@pytest.mark.parametrize("blind_nil", ["never", "any_time"])
def test_spades_random_player_plays_the_deals_the_bot_loop_plays(blind_nil):
    # random_player deals and plays a whole deal in one loop of its own, a second writing
    # of SpadesDeal and SpadesRandomBot: each deal, dealt by every seat, must be the one
    # the bot loop plays from the same generator (blind nils, nils and bids included).
    settings = SPADES.preset("spades").with_changes({"blind_nil": blind_nil})
    quick = spades_random_player(settings)
    blind = 0
    for index in range(120):
        rng = random.Random(index)
        ours = quick(index, rng)
        mine = rng.getstate()
        rng = random.Random(index)
        state = SpadesDeal(settings, index % 4, rng)
        theirs = play_through(state, [SpadesRandomBot(seat, rng) for seat in range(4)])
        assert ours.to_dict() == theirs.to_dict(), index
        # Left where the bots leave it: a run's next deal draws on from there.
        assert mine == rng.getstate(), index
        blind += bool(ours.blind_nil)
    assert (blind > 0) == (blind_nil == "any_time"), "no blind nil was bid"
