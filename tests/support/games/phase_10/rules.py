"""Helpers of tests/games/phase_10/test_rules.py."""

from __future__ import annotations

import html
import random
import re

from tests.support.rules_docs import numbers
from tests.support.shared import ISOLATES

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def new_game(client, players, settings=None, first_dealer=0, **body):
    response = client.post(
        "/api/games",
        json={
            "game": "phase-10",
            "players": players,
            "rules": "phase-10",
            "settings": settings or {},
            "first_dealer": first_dealer,
            **body,
        },
    )
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def setup_of(example):
    _, *changes = [part.strip() for part in example.setup("rules").split(";")]
    settings = dict(change.split("=", 1) for change in changes if change)
    players = int(example.setup("players") or 4)
    before = example.setup("before")
    extra = {"starting_totals": list(numbers(before))} if before else {}
    return settings, NAMES[:players], int(example.setup("dealer") or 0), extra


def form_values(hand: dict, seats: int) -> dict[str, str]:
    """A hand as the form posts it: yes or no per player, then the points left."""
    found = {"save": "1"}
    found |= {f"made_{s}": "yes" if s in hand["completed"] else "no" for s in range(seats)}
    return found | {f"left_{s}": str(v) for s, v in enumerate(hand["left"])}


def error_summary(response) -> list[tuple[str, str]]:
    box = re.search(r'<div class="error-summary".*?</ul>', response.get_data(as_text=True), re.S)
    assert box, "no error summary on the page"
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), re.S)
    return [(anchor, html.unescape(text).translate(ISOLATES)) for anchor, text in found]


def page_text(client, path: str) -> str:
    """A page's text as a reader sees it: tags, isolates and runs of blanks aside."""
    text = re.sub(r"<[^>]+>", " ", client.get(path).get_data(as_text=True))
    return re.sub(r"\s+", " ", html.unescape(text).translate(ISOLATES))


def outside_scorer(players: int, hands: list[dict]) -> tuple[list[int], list[int], list[int]]:
    """gamesscorer/phase10-scorer's rules (script.js, 088f4c3f), restated: each hand adds
    the points typed to each total and moves a player who completed their phase on (up to
    11); once a player completed phase 10, the winners are those of them with the lowest
    total (a tie it shows as shared). Returns totals, phases and winners."""
    totals, phases, winners = [0] * players, [1] * players, []
    for hand in hands:
        for seat in range(players):
            totals[seat] += hand["left"][seat]
            phases[seat] += seat in hand["completed"] and phases[seat] < 11
        done = [s for s in range(players) if phases[s] == 11]
        if done:
            low = min(totals[s] for s in done)
            winners = [s for s in done if totals[s] == low]
            break
    return totals, phases, winners


LAID = {1: 6, 2: 7, 3: 8, 4: 7, 5: 8, 6: 9, 7: 8, 8: 7, 9: 7, 10: 8}  # two sets of 3 …


# Mattel's pack, card by card, as a table deals it: two of each number 1 to 12 in four
# colours, 8 Wilds and 4 Skips; each card's points left in hand as the rules give them.
PACK = [n for n in range(1, 13) for _ in range(8)] + ["Wild"] * 8 + ["Skip"] * 4


WORTH = {"Wild": 25, "Skip": 15} | {n: 5 if n <= 9 else 10 for n in range(1, 13)}


def random_evening(rng: random.Random, players: int) -> list[dict]:
    """Hands dealt from the pack: the one out holds nothing, a player who completed phase p
    keeps 1 to 10 − LAID[p] cards, the others all ten."""
    hands = []
    phases = [1] * players
    while max(phases) <= 10:
        out = rng.randrange(players)
        made = sorted({out} | {s for s in range(players) if rng.random() < 0.35})
        pack = rng.sample(PACK, len(PACK))
        held = [rng.randint(1, 10 - LAID[phases[s]]) if s in made else 10 for s in range(players)]
        left = [
            0 if s == out else sum(WORTH[pack.pop()] for _ in range(held[s]))
            for s in range(players)
        ]
        hands.append({"completed": made, "left": left})
        phases = [p + (s in made) for s, p in enumerate(phases)]
    return hands
