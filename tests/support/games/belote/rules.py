"""Helpers of tests/games/belote/test_rules.py."""

from __future__ import annotations

import random

from scorekeeper.engine.belote.settings import BeloteDeal

KEY = "belote"


NAMES = ["Anne", "Bruno", "Chloé", "Denis"]


def new_game(client, rules="classic", settings=None, before=None):
    body = {"game": KEY, "players": NAMES, "rules": rules, "first_dealer": 0}
    body |= {"settings": settings or {}} | ({"starting_totals": before} if before else {})
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def form_values(hand: dict) -> dict[str, str]:
    """A deal as the form posts it: the belote and coinche already on none, capot on no, a
    side's announcements in its own box (``tierce_0``, ``tierce_1``)."""
    typed: dict[str, str] = {}
    for name, value in hand.items():
        if isinstance(value, list):
            typed |= {f"{name}_{side}": str(count) for side, count in enumerate(value)}
        else:
            typed[name] = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    return {"save": "1", "belote": "none", "coinche": "none", "capot": "no", **typed}


def options(hand: dict) -> list[str]:
    found = []
    for name, value in hand.items():
        flag = f"--{name.replace('_', '-')}"
        shown = ",".join(map(str, value)) if isinstance(value, list) else str(value)
        found += [flag] if value is True else [flag, shown]
    return found


RANKS = "789TJQKA"  # the order of a sequence


TRUMP = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


CARRES = {
    "J": "carre_jacks",
    "9": "carre_nines",
    "A": "carre",
    "T": "carre",
    "K": "carre",
    "Q": "carre",
}


KINDS = ("tierce", "cinquante", "cent", "carre", "carre_nines", "carre_jacks")


def announced(hand: list[str]) -> list[tuple[str, int, str]]:
    """A hand's announcements as a player would show them, each card once: its carrés,
    then its sequences (3 a tierce, 4 a cinquante, 5 or more a cent), each as (kind, the
    rank of its top card, its suit or "" for a carré)."""
    found, left = [], set(hand)
    for rank, kind in CARRES.items():
        if sum(card[0] == rank for card in hand) == 4:
            found.append((kind, RANKS.index(rank), ""))
            left -= {card for card in hand if card[0] == rank}
    for suit in "SHDC":
        run: list[int] = []
        for index in range(len(RANKS) + 1):
            if index < len(RANKS) and RANKS[index] + suit in left:
                run.append(index)
                continue
            if len(run) >= 3:
                found.append((KINDS[min(len(run), 5) - 3], run[-1], suit))
            run = []
    return found


def dealt(rng: random.Random, rules: str) -> dict:
    """A deal a real pack makes: hands dealt, tricks of one card from each hand won by a
    side at random, the belote held, each side's announcements, the higher one named as
    the FFB ranks equal ones (top card, then trump)."""
    pack = [rank + suit for suit in "SHDC" for rank in RANKS]
    rng.shuffle(pack)
    hands, trump, taker = (
        [pack[i * 8 : i * 8 + 8] for i in range(4)],
        rng.choice("SHDC"),
        rng.randrange(4),
    )
    takers = taker % 2
    won = [rng.random() < 0.6 for _ in range(8)]  # tricks won by the takers
    if rng.random() < 0.05:
        won = [True] * 8
    points = (
        sum(
            (TRUMP if card[1] == trump else PLAIN).get(card[0], 0)
            for trick in range(8)
            if won[trick]
            for card in (hands[seat][trick] for seat in range(4))
        )
        + 10 * won[-1]
    )
    deal = {"taker": taker, "card_points": points}
    if all(won) or not any(won):
        deal["capot"] = True
    holder = next((s for s in range(4) if {"K" + trump, "Q" + trump} <= set(hands[s])), None)
    if holder is not None and rng.random() < 0.9:
        deal["belote"] = "taker" if holder % 2 == takers else "defence"
    if rules != "classic":
        deal["contract"] = rng.choice(["80", "90", "100", "110", "120", "capot"])
        deal["coinche"] = rng.choice(["none", "none", "coinche", "surcoinche"])
    if rules == "coinche":
        shown = [
            [a for seat in (side, side + 2) for a in announced(hands[seat])] for side in (0, 1)
        ]
        for kind in KINDS:
            counts = [sum(a[0] == kind for a in shown[side]) for side in (0, 1)]
            if any(counts):
                deal[kind] = counts
        best = [
            max(((KINDS.index(k), top, suit == trump) for k, top, suit in s), default=None)
            for s in shown
        ]
        if best[0] and best[1] and best[0][0] == best[1][0] and best[0] != best[1]:
            deal["higher"] = [int(best[0] > best[1]), int(best[1] > best[0])]
    return deal


MULTIPLIER = {"none": 1, "coinche": 2, "surcoinche": 4}


def carg_sides(us_tricks, dix_us, belote):
    dix = (10 if dix_us else 0, 0 if dix_us else 10)
    bel = (20 if belote == "taker" else 0, 20 if belote == "defence" else 0)
    return dix, bel, us_tricks + dix[0] + bel[0], 152 - us_tricks + dix[1] + bel[1]


def carg_belote(us_tricks, dix_us, belote):
    """(takers, defence) as carg's FrenchBeloteRound scores them."""
    _, bel, us, them = carg_sides(us_tricks, dix_us, belote)
    return (us, them) if us > them else (bel[0], 160 + bel[1])


def carg_contree(contract, coinche, us_tricks, dix_us, belote):
    """(takers, defence) as carg's ContreeBeloteRound scores them."""
    dix, bel, us, them = carg_sides(us_tricks, dix_us, belote)
    if us >= contract and us > them:
        return (us + contract) * MULTIPLIER[coinche], them
    return bel[0] + dix[0], (160 + contract + bel[1] + dix[1]) * MULTIPLIER[coinche]


def random_deals(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        yield rng.randint(0, 152), rng.random() < 0.5, rng.choice(["none", "taker", "defence"])


def contree_kind(contract, coinche, tricks, dix_us, belote):
    """Why ours (the FFB's) and carg's differ on a Contrée deal, or None where they agree."""
    deal = BeloteDeal(str(contract), coinche, tricks + 10 * dix_us, belote)
    if deal.result() == "made" and coinche != "none":
        return (
            "coinched and made"  # FFB: (160 + contract + belote) × 2; carg (points + contract) × 2
        )
    if deal.result() != "made" and not dix_us:
        return "dix de der added to the 160"  # FFB: « 160 points de chute + … »
    if deal.result() != "made" and dix_us:
        return (
            "dix de der kept by takers dedans"  # FFB: « ne marquent rien, à l'exception … belote »
        )
    return None
