"""Helpers of tests/engine/test_simulate.py."""

import json

from scorekeeper.engine.israeli_whist import Bid, score_hand, speaking_order
from tests.support.simulate import RANKS

KEYS = [
    "dealer",
    "deal",
    "auctions",
    "exchanges",
    "thrown_in",
    "declarer",
    "bid",
    "contracts",
    "contract_order",
    "tricks",
    "tricks_taken",
    "over_under",
    "points",
]


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def winner_of(leader: int, cards: list[str], trump: str | None) -> int:
    """The trick's winner, read straight from the rules."""
    led = suit(cards[0])
    trumps = [c for c in cards if suit(c) == trump]
    candidates = trumps or [c for c in cards if suit(c) == led]
    best = max(candidates, key=rank)
    return (leader + cards.index(best)) % 4


def check_auction_round(settings, record, calls, frisch_round, last):
    """Checks one round's calls; returns the winning (seat, bid) or None for an all-pass."""
    opener = record["dealer"] if settings.opener == "dealer" else (record["dealer"] + 1) % 4
    minimum = 5 + (frisch_round if settings.rising_minimum else 0)
    high = None
    passes = 0
    for position, entry in enumerate(calls):
        assert entry["seat"] == (opener + position) % 4
        if entry["call"] == "pass":
            passes += 1
            continue
        bid = Bid.from_str(entry["call"])
        assert bid.level >= minimum
        assert high is None or bid > high[1], "each bid beats the last"
        high = (entry["seat"], bid)
        passes = 0
    if high is None:
        assert len(calls) == 4, "an all-pass is exactly four passes"
        return None
    assert last, "only the last round may have a bid"
    assert passes == settings.auction_end_passes
    return high


def check_deal(settings, record):
    """Asserts every rule the simulator must keep, from the record alone."""
    assert list(record) == KEYS
    json.dumps(record)
    dealt = record["deal"]
    assert [len(hand) for hand in dealt] == [13] * 4
    assert len({card for hand in dealt for card in hand}) == 52

    rounds = record["auctions"]
    assert len(rounds) == len(record["exchanges"]) + 1
    assert len(record["exchanges"]) <= settings.frisch_rounds
    hands = [set(hand) for hand in dealt]
    high = None
    for number, calls in enumerate(rounds):
        high = check_auction_round(settings, record, calls, number, number == len(rounds) - 1)
        if number < len(record["exchanges"]):
            passed = record["exchanges"][number]
            for seat in range(4):
                assert len(set(passed[seat])) == 3 and set(passed[seat]) <= hands[seat]
            hands = [hands[s] - set(passed[s]) | set(passed[(s - 1) % 4]) for s in range(4)]

    if high is None:
        assert record["thrown_in"] is True
        assert len(record["exchanges"]) == settings.frisch_rounds
        assert record["declarer"] is record["bid"] is record["contracts"] is None
        assert record["tricks"] == [] and record["points"] == [0, 0, 0, 0]
        return
    declarer, bid = high
    assert record["thrown_in"] is False
    assert (record["declarer"], record["bid"]) == (declarer, str(bid))

    contracts = record["contracts"]
    assert record["contract_order"] == speaking_order(settings, declarer)
    assert all(0 <= c <= 13 for c in contracts)
    assert sum(contracts) != 13
    if settings.declarer_may_raise:
        assert contracts[declarer] >= bid.level
    else:
        assert contracts[declarer] == bid.level

    trump = None if bid.denomination.code == "NT" else bid.denomination.code
    tricks = record["tricks"]
    assert len(tricks) == 13
    leader = declarer
    taken = [0] * 4
    played = set()
    for trick in tricks:
        assert trick["leader"] == leader
        led = suit(trick["cards"][0])
        for position, card in enumerate(trick["cards"]):
            seat = (leader + position) % 4
            assert card in hands[seat] and card not in played
            if suit(card) != led:
                assert not any(suit(c) == led for c in hands[seat]), "follow suit when able"
            hands[seat].discard(card)
            played.add(card)
        assert trick["winner"] == winner_of(leader, trick["cards"], trump)
        leader = trick["winner"]
        taken[leader] += 1
    assert len(played) == 52 and not any(hands)
    assert record["tricks_taken"] == taken and sum(taken) == 13

    score = score_hand(settings, contracts, taken)
    assert record["points"] == list(score.points)
    assert record["over_under"] == score.over_under


def reference_estimate(hand, trump):
    """The heuristic bot's trick estimate read suit by suit, as it was first written:
    estimate_all_tricks must give exactly these floats."""
    honour_value = {12: (1.0, 1.0, 1.0, 1.0), 11: (0.3, 0.8, 0.8, 0.8), 10: (0.0, 0.1, 0.5, 0.5)}
    suits = [[], [], [], []]
    for card in hand:
        suits[card // 13].append(card % 13)
    trumps = len(suits[trump]) if trump != 4 else 0
    total = 0.0
    for suit, ranks in enumerate(suits):
        length = len(ranks)
        guard = min(length, 4) - 1
        honours = sum(honour_value[r][guard] for r in ranks if r in honour_value)
        if suit == trump:
            total += honours + max(0, length - 3) + (0.3 if 9 in ranks else 0.0)
        elif trump == 4:
            total += honours * 0.9 + (max(0, length - 4) * 0.8 if honours >= 1.5 else 0.0)
        else:
            total += honours
            if trumps >= 3:
                total += (1.2, 0.6, 0.2)[length] if length < 3 else 0.0
    return total
