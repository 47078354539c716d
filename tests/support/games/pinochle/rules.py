"""Helpers of tests/games/pinochle/test_rules.py."""

from __future__ import annotations

import html
import random
import re

from tests.support.shared import ISOLATES, NAMES

KEY = "pinochle"


def new_game(client, rules="single-deck", settings=None, before=None):
    body = {"game": KEY, "players": NAMES, "rules": rules, "first_dealer": 0}
    body |= {"settings": settings or {}} | ({"starting_totals": list(before)} if before else {})
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def text_of(response) -> str:
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return re.sub(r"\s+", " ", html.unescape(text).translate(ISOLATES))


def summary(response) -> list[tuple[str, str]]:
    """The form's error summary: (the field it links to, the message)."""
    box = re.search(r'<div class="error-summary".*?</ul>', response.get_data(as_text=True), re.S)
    assert box, "no error summary on the page"
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), re.S)
    return [(anchor, html.unescape(said).translate(ISOLATES)) for anchor, said in found]


def form_values(hand: dict) -> dict[str, str]:
    """A hand as the form posts it: a box per side for the meld and the counters, and a
    folded box per side and combination for the meld by combination."""
    found = {"save": "1", "bare_trick": hand.get("bare_trick", "none")}
    found |= {"bidder": str(hand["bidder"]), "bid": str(hand["bid"])}
    for name in ("meld", "counters"):
        found |= {f"{name}_{side}": str(value) for side, value in enumerate(hand.get(name, ()))}
    for side, shown in enumerate(hand.get("melds", ())):
        found |= {f"melds_{side}_{key}": str(n) for key, n in shown.items()}
    return found


def options(hand: dict) -> list[str]:
    shown = {k: ",".join(map(str, v)) if isinstance(v, list) else str(v) for k, v in hand.items()}
    if "melds" in hand:  # the command line's A:run=1,pinochle=1;B:aces=1
        sides = [",".join(f"{k}={n}" for k, n in side.items()) for side in hand["melds"]]
        shown["melds"] = ";".join(f"{'AB'[i]}:{side}" for i, side in enumerate(sides) if side)
    return [arg for name, value in shown.items() for arg in (f"--{name.replace('_', '-')}", value)]


def knobs_of(changes: dict) -> list[str]:
    return [arg for name, value in changes.items() for arg in ("--set", f"{name}={value}")]


def _dealt_melds(rng: random.Random, settings) -> list[dict[str, int]]:
    """Combinations two sides can show from one deck, drawn as the cards allow: each class
    of meld gets at most the cards the deck has of it, shared out between the sides."""
    copies = {"48": 2, "80": 4}[settings.deck]
    classes = (
        (("run", 1), ("double_run", 2), ("royal_marriage", 1)),
        (("marriage", 1),),
        (("pinochle", 1), ("double_pinochle", 2)),
        *(((rank, 1), (f"double_{rank}", 2)) for rank in ("aces", "kings", "queens", "jacks")),
        (("dix", 1),) if settings.deck == "48" else (),
    )
    melds: list[dict[str, int]] = [{}, {}]
    for combinations in classes:
        left = copies * (3 if combinations == (("marriage", 1),) else 1)
        for key, takes in combinations:
            for side in melds:
                n = rng.randint(0, left // takes)
                left -= n * takes
                if n:
                    side[key] = side.get(key, 0) + n
    return melds


def lordjabez_score(bidder_side: int, bid: int, meld, points, t: int) -> int:
    """Hand.getScore (lordjabez/pinochle-scoresheet, 0490f901): a side's meld and points,
    nothing when it took no point and its opponents did (or it bid), −bid when set."""
    u = 1 - t
    score = meld[t] + points[t]
    if points[t] == 0 and (points[u] > 0 or bidder_side == t):
        score = 0
    return score if score >= bid or bidder_side != t else -bid


def chwarner_score(bidder_side: int, bid: int, meld, tricks) -> tuple[int, int] | str:
    """record_meld and record_tricks (chwarner-solo/pinochle-scorer, 457cae7a), double
    deck: meld or tricks under 20 are none; a bidding side melding under 20 ends the hand
    unplayed; the bidding side needs max(bid − meld, 20) tricks (u32: it panics below 0)."""
    melds = [m if m >= 20 else None for m in meld]
    if melds[bidder_side] is None:
        return "bidding side melded under 20: the hand is not played"
    if bid < melds[bidder_side]:
        return "meld above the bid: bid − meld underflows"
    totals = [0 if t < 20 else (melds[s] or 0) + t for s, t in enumerate(tricks)]
    if tricks[bidder_side] < max(bid - melds[bidder_side], 20):
        totals[bidder_side] = -bid
    return totals[0], totals[1]


def _random_hand(rng, settings, most_meld):
    total = settings.counters
    ours = rng.randint(0, total)
    bid = rng.randint(settings.min_bid, settings.min_bid + total)
    meld = [rng.choice([0, rng.randint(0, most_meld)]) for _ in range(2)]
    return {"bidder": rng.randrange(4), "bid": bid, "meld": meld, "counters": [ours, total - ours]}
