"""Helpers of tests/games/bid_whist/test_simulate.py."""

from tests.support.simulate import RANKS

JOKERS = ("BJ", "LJ")


KIND_STEP = {"U": 0, "D": 0, "NT": 2}


def _pack(jokers):
    return {r + s for r in RANKS for s in "CDHS"} | set(
        ("BJ", "LJ")[:jokers]
    )  # one joker is the big one


def _order(card, low, ace_high):
    """How high a plain card stands in its suit, from docs/rules/bid-whist.md's card orders."""
    rank = RANKS.index(card[0]) + 2
    if not low:
        return rank
    if card[0] == "A":
        return 100 if ace_high else 0
    return 20 - rank


def _suit(card, trump):
    """The suit a card follows as: a joker is a trump, or of no suit in no-trump."""
    return trump if card in JOKERS else card[1]


def _winner(leader, cards, trump, low, ace_high):
    if trump is not None:
        trumps = [i for i, c in enumerate(cards) if _suit(c, trump) == trump]
        if trumps:

            def trump_value(i):
                card = cards[i]
                return {"BJ": 1000, "LJ": 999}.get(card) or _order(card, low, ace_high)

            return (leader + max(trumps, key=trump_value)) % 4
    plain = [i for i, c in enumerate(cards) if c not in JOKERS]
    if not plain:
        return leader
    led = cards[plain[0]][1]
    following = [i for i in plain if cards[i][1] == led]
    return (leader + max(following, key=lambda i: _order(cards[i], low, ace_high))) % 4


def _may_play(card, hand, so_far, trump, rule):
    if trump is not None:
        if not so_far:
            return True
        led = _suit(so_far[0], trump)
        holds = [c for c in hand if _suit(c, trump) == led]
        return not holds or _suit(card, trump) == led
    plain = [c for c in so_far if c not in JOKERS]
    if not plain:
        return True
    led = plain[0][1]
    holds = [c for c in hand if c not in JOKERS and c[1] == led]
    jokers = [c for c in hand if c in JOKERS]
    if holds:
        return (card not in JOKERS and card[1] == led) or (rule == "any_time" and card in JOKERS)
    if rule == "must_when_void" and jokers:
        return card in JOKERS
    return True


def _points(rules, level, kind, books):
    needed = 6 + level
    factor = 2 if kind == "NT" else 1
    if books < needed:
        return -factor * level, False
    value = factor * (books - 6)
    if books == 13 and rules.boston == "double":
        value *= 2
    return value, True


def check_deal(rules, deal):
    """Asserts everything docs/rules/bid-whist.md says about one simulated deal's JSON."""
    assert set(deal) == {
        "dealer", "deal", "kitty", "auction", "thrown_in", "bidder", "bid", "trump",
        "direction", "discard", "tricks", "books", "points",
    }  # fmt: skip
    hands = deal["deal"]
    assert [len(h) for h in hands] == [12] * 4
    every = [c for h in hands for c in h] + deal["kitty"]
    assert len(every) == len(set(every)) and set(every) == _pack(rules.jokers)
    # the auction: one round from left of the dealer, each bid higher than the last
    seats = [call["seat"] for call in deal["auction"]]
    assert seats == [(deal["dealer"] + k) % 4 for k in range(1, 5)]
    last_rank, last = -1, None
    for call in deal["auction"]:
        if call["call"] == "pass":
            continue
        level, kind = int(call["call"][0]), call["call"][1:]
        assert rules.minimum_level <= level <= 7 and kind in KIND_STEP
        step = 1 if kind == "D" and rules.downtown_over_uptown else KIND_STEP[kind]
        assert level * 3 + step > last_rank
        last_rank, last = level * 3 + step, call
    if last is None:
        assert rules.all_pass == "redeal" and deal["thrown_in"]
        assert deal["tricks"] == [] and deal["points"] == [0, 0] and deal["bidder"] is None
        return None
    dealer_forced = all(c["call"] == "pass" for c in deal["auction"][:3])
    if rules.all_pass == "dealer_must_bid" and dealer_forced:
        assert int(last["call"][0]) == rules.minimum_level
    assert not deal["thrown_in"]
    bidder, bid = deal["bidder"], deal["bid"]
    assert (bidder, bid) == (last["seat"], last["call"])
    level, kind = int(bid[0]), bid[1:]
    trump = deal["trump"]
    low = deal["direction"] == "low"
    if kind == "NT":
        assert trump is None and deal["direction"] in ("high", "low")
    else:
        assert trump in tuple("CDHS") and deal["direction"] == ("low" if kind == "D" else "high")
    # the kitty and the discard
    held = [list(h) for h in hands]
    pool = held[bidder] + deal["kitty"]
    assert len(deal["discard"]) == len(deal["kitty"]) and set(deal["discard"]) <= set(pool)
    held[bidder] = [c for c in pool if c not in deal["discard"]]
    # the play
    assert len(deal["tricks"]) == 12
    leader = bidder
    won = [0, 0, 0, 0]
    for trick in deal["tricks"]:
        assert trick["leader"] == leader
        so_far = []
        for k, card in enumerate(trick["cards"]):
            seat = (leader + k) % 4
            assert card in held[seat]
            assert _may_play(card, held[seat], so_far, trump, rules.nt_jokers), (card, so_far)
            held[seat].remove(card)
            so_far.append(card)
        winner = _winner(leader, trick["cards"], trump, low, rules.downtown_ace_high)
        assert trick["winner"] == winner
        won[winner] += 1
        leader = winner
    side = bidder % 2
    books = [won[0] + won[2], won[1] + won[3]]
    books[side] += 1  # the discard is the bidders' first book
    assert deal["books"] == books and sum(books) == 13
    value, made = _points(rules, level, kind, books[side])
    points = [0, 0]
    if not made and rules.set_goes_to == "defenders_gain":
        points[1 - side] = -value
    else:
        points[side] = value
    assert deal["points"] == points
    return made
