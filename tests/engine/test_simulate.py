"""Random playthroughs: thousands of simulated deals per preset and bot kind, each checked
against the rules by a simple, independent reading of its JSON record."""

import json
import random

import pytest

from scorekeeper.engine import IllegalAction, get_game
from scorekeeper.engine.core.cards import Card
from scorekeeper.engine.israeli_whist import (
    BOTS,
    PRESETS,
    IsraeliHeuristicBot,
    IsraeliRandomBot,
    IsraeliTally,
    make_bots,
    preset,
    score_hand,
    simulate_deals,
)
from scorekeeper.engine.israeli_whist.bots import estimate_all_tricks, estimate_tricks
from tests.support.engine.simulate import check_deal, reference_estimate

DEALS = 2000


@pytest.mark.parametrize("bots", sorted(BOTS))
@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_random_playthroughs_keep_every_rule(rules, bots):
    settings = preset(rules)
    summary = IsraeliTally()
    for index, result in enumerate(simulate_deals(settings, DEALS, seed=2024, bots=bots)):
        record = result.to_dict()
        # The deal passes left after every deal, so that each deal stands alone.
        assert record["dealer"] == index % 4
        check_deal(settings, record)
        summary.add_result(result)
    assert summary.deals == DEALS
    assert summary.over + summary.under + summary.thrown_in == DEALS


@pytest.mark.parametrize(
    "changes",
    [
        {"auction_end_passes": 4, "declarer_may_raise": False, "frisch_rounds": 2},
        {"opener": "dealer", "rising_minimum": False, "frisch_rounds": 1},
    ],
)
def test_house_rules_playthroughs(changes):
    settings = preset("standard").with_changes(changes)
    for bots in ("random", "heuristic"):
        for result in simulate_deals(settings, 300, seed=5, bots=bots, first_dealer=2):
            check_deal(settings, result.to_dict())


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_the_fast_random_loop_plays_as_the_bots_do(rules):
    settings = preset(rules)
    fast = [r.to_dict() for r in simulate_deals(settings, 300, seed=2, bots="random")]

    class Slow(
        IsraeliRandomBot
    ):  # not a plain IsraeliRandomBot, so each decision is the bot's own call
        __slots__ = ()

    slow = [r.to_dict() for r in simulate_deals(settings, 300, seed=2, bots=Slow)]
    assert fast == slow


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_the_heuristic_bots_one_loop_plays_as_the_bots_do(rules):
    # Pass rounds too, where nobody holds a contract.
    settings = preset(rules).with_changes({"all_pass": "pass_round"})
    fast = [r.to_dict() for r in simulate_deals(settings, 300, seed=4, bots="heuristic")]

    class Slow(
        IsraeliHeuristicBot
    ):  # not a plain IsraeliHeuristicBot: each card is the bot's own call
        __slots__ = ()

    slow = [r.to_dict() for r in simulate_deals(settings, 300, seed=4, bots=Slow)]
    assert fast == slow
    assert any(deal.get("pass_round") for deal in fast) or rules != "standard"


class Rigged(random.Random):
    """A generator whose first four 32-bit draws are 0: four random bots' opening calls
    are all passes, which the fast loop hands over to the IsraeliAuction."""

    def __init__(self, seed):
        super().__init__(seed)
        self.rigged = 4

    def getrandbits(self, k):
        if self.rigged:
            self.rigged -= 1
            return 0
        return super().getrandbits(k)


@pytest.mark.parametrize("all_pass", ["throw_in", "pass_round"])
def test_the_fast_random_loop_hands_an_all_pass_to_the_auction(all_pass):
    settings = preset("standard").with_changes({"all_pass": all_pass})

    class Slow(IsraeliRandomBot):
        __slots__ = ()

    for seed in range(5):
        fast, slow = (
            next(simulate_deals(settings, 1, seed=seed, bots=[kind(s, rng) for s in range(4)]))
            for kind, rng in ((IsraeliRandomBot, Rigged(seed)), (Slow, Rigged(seed)))
        )
        record = fast.to_dict()
        assert [call["call"] for call in record["auctions"][0]] == ["pass"] * 4
        assert record == slow.to_dict()
        check_deal(settings, record)


class Passer(IsraeliRandomBot):
    """Passes at every turn, so every deal goes through all its Frisch rounds."""

    def choose_call(self, auction, hand):
        return auction.legal_actions()[0]


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_an_all_pass_deal_is_exchanged_then_thrown_in(rules):
    settings = preset(rules)
    bots = [Passer(seat, random.Random(seat)) for seat in range(4)]
    results = list(simulate_deals(settings, 3, seed=1, bots=bots, first_dealer=3))
    for index, result in enumerate(results):
        record = result.to_dict()
        check_deal(settings, record)
        assert record["thrown_in"] and record["dealer"] == (3 + index) % 4
        assert len(record["auctions"]) == settings.frisch_rounds + 1
        assert len(record["exchanges"]) == settings.frisch_rounds
    assert results[0].to_dict()["deal"] != results[1].to_dict()["deal"]


def test_heuristic_bots_exchange_when_all_pass():
    settings = preset("standard")
    records = [r.to_dict() for r in simulate_deals(settings, 600, seed=9, bots="heuristic")]
    assert any(record["exchanges"] for record in records)
    assert any(not record["thrown_in"] and record["exchanges"] for record in records)


@pytest.mark.parametrize("bots", sorted(BOTS))
def test_the_same_seed_gives_the_same_deals(bots):
    settings = preset("standard")
    first = [r.to_dict() for r in simulate_deals(settings, 50, seed=77, bots=bots)]
    again = [r.to_dict() for r in simulate_deals(settings, 50, seed=77, bots=bots)]
    other = [r.to_dict() for r in simulate_deals(settings, 50, seed=78, bots=bots)]
    assert first == again
    assert first != other


def test_every_bot_kind_is_dealt_the_same_first_hand():
    settings = preset("standard")
    deals = [
        next(simulate_deals(settings, 1, seed=3, bots=kind)).to_dict()["deal"] for kind in BOTS
    ]
    assert len({json.dumps(deal) for deal in deals}) == 1


def test_heuristic_bots_make_more_contracts_than_random_ones():
    settings = preset("pagat-german")
    made = {}
    for kind in BOTS:
        summary = IsraeliTally()
        for result in simulate_deals(settings, 400, seed=4, bots=kind):
            summary.add_result(result)
        made[kind] = sum(m for m, _ in summary.by_position) / sum(t for _, t in summary.by_position)
    assert made["heuristic"] > made["random"] + 0.2


class Cheat(IsraeliRandomBot):
    """Plays a card of another suit whenever it could follow."""

    def __init__(self, seat, rng):
        super().__init__(seat, rng)

        def choose_card(play, legal):
            if play.current:
                held = [n for cards in play.hands[self.seat] for n in cards]
                off = [n for n in held if n not in legal]
                if off:
                    return off[0]
            return legal[0]

        self.choose_card = choose_card


def test_a_bot_that_revokes_is_stopped():
    bots = [Cheat(seat, random.Random(seat)) for seat in range(4)]
    with pytest.raises(IllegalAction, match="must follow suit when able"):
        list(simulate_deals(preset("standard"), 20, seed=1, bots=bots))


def test_bad_arguments():
    with pytest.raises(ValueError, match="'clever' is not a bot; choose one of random, heuristic"):
        make_bots("clever", random.Random(1))
    with pytest.raises(ValueError, match="hands is -1"):
        simulate_deals(preset("standard"), -1)
    with pytest.raises(ValueError, match="3 bots given"):
        simulate_deals(preset("standard"), 1, bots=make_bots("random", random.Random(1))[:3])


def test_record_and_summary_of_a_played_deal():
    result = next(simulate_deals(preset("elhanani"), 1, seed=12, bots="heuristic"))
    record = get_game("israeli-whist").simulation.record_of(result.to_dict())
    assert record.declarer == result.declarer and record.bid == result.bid
    assert record.score(preset("elhanani")).points == result.points
    summary = IsraeliTally()
    summary.add_result(result)
    text = "\n".join(summary.lines())
    assert "deals: 1" in text and "contracts made by speaking position" in text
    first_hand = result.to_dict()["deal"][0]
    assert [str(Card.from_str(c)) for c in first_hand] == first_hand


def test_trick_estimates_are_the_suit_by_suit_reading():
    rng = random.Random(3)
    for number in range(3000):
        hand = rng.sample(range(52), 13 if number % 2 else rng.randrange(1, 17))
        found = estimate_all_tricks(hand)
        assert found == [reference_estimate(hand, trump) for trump in range(5)]
        assert [estimate_tricks(hand, trump) for trump in range(5)] == found


@pytest.mark.parametrize(
    "changes", [{}, {"declarer_miss_factor": 2}, {"all_fail_void": True}, {"made_squared": True}]
)
@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_the_simulators_scorer_scores_as_score_hand(rules, changes):
    from scorekeeper.engine.israeli_whist.scoring import hand_scorer

    settings = preset(rules).with_changes(changes)
    score = hand_scorer(settings)
    rng = random.Random(11)
    for _ in range(3000):
        contracts = [rng.randrange(14) for _ in range(4)]
        if sum(contracts) == 13:
            with pytest.raises(ValueError):
                score(contracts, [13, 0, 0, 0], 0)
            continue
        cuts = sorted(rng.randrange(14) for _ in range(3))
        taken = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        declarer = rng.randrange(4)
        expected = score_hand(settings, contracts, taken, declarer=declarer)
        assert score(contracts, taken, declarer) == expected
