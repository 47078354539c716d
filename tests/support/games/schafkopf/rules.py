"""Helpers of tests/games/schafkopf/test_rules.py."""

from __future__ import annotations

import html
import random
import re

from scorekeeper.engine.schafkopf.settings import PRESETS
from tests.games.schafkopf import openschafkopf as outside
from tests.support.shared import NAMES

KEY = "schafkopf"


S = PRESETS[KEY]


def new_game(client, settings=None):
    body = {"game": KEY, "players": NAMES, "rules": KEY, "first_dealer": 0}
    response = client.post("/api/games", json=body | {"settings": settings or {}})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def text_of(response) -> str:
    """A page's text as a reader sees it: tags, isolates and runs of blanks aside."""
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    text = html.unescape(text).translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    return re.sub(r"\s+", " ", text.replace("\xa0", " "))


def form_values(hand: dict) -> dict[str, str]:
    """A deal as the form posts it: the plain answers already tapped, as the page has them."""
    tapped = {"schneider": "none", "laufende": "0", "kontra": "none", "tout": "no"}
    written = {name: str(value).lower() for name, value in hand.items()}
    return {"save": "1", **tapped, **{k: {"true": "yes"}.get(v, v) for k, v in written.items()}}


def options(hand: dict) -> list[str]:
    found = []
    for name, value in hand.items():
        flag = f"--{name.replace('_', '-')}"
        found += [flag] if value is True else [flag, str(value)]
    return found


GAMES = ("sauspiel", "wenz", "farbsolo", "geier", "sie", "bettel", "ramsch")


SUITS = ("eichel", "gras", "herz", "schellen")


def outside_case(rng: random.Random) -> tuple[object, dict, list[int]]:
    """A random finished deal the cards can give: the tariff, what the cards did,
    openschafkopf's settlement, and the body the table writes for it (won or lost, the
    Augen now and then, Schneider or Schwarz by the docs' rule: the Spieler's side won with
    91 or more, or lost with 30 or fewer; every knock and Stoß a doubling)."""
    tariff = {
        "sauspiel": rng.choice((5, 10, 20)),
        "solo": rng.choice((20, 50, 100)),
        "extra": rng.choice((5, 10, 20)),
        "laufende": rng.choice((2, 3, 4)),
        "laufende_short": rng.choice((1, 2)),
        "geier": True,
        "bettel": rng.choice((30, 50)),
        "ramsch": rng.choice((10, 20)),
        "jungfrau": False,
    }
    rules = S.with_changes(tariff)
    game, declarer = rng.choice(GAMES), rng.randrange(4)
    if game == "ramsch":
        cuts = sorted(rng.sample(range(1, 120), 3))
        points = [b - a for a, b in zip([0, *cuts], [*cuts, 120], strict=True)]
        if points.count(max(points)) > 1:
            return outside_case(rng)
        loser = points.index(max(points))
        return rules, {"contract": game, "loser": loser}, outside.ramsch(rules.ramsch, points)
    partner = rng.choice([s for s in range(4) if s != declarer]) if game == "sauspiel" else None
    side = {declarer, partner}
    is_party = side.__contains__
    multiplier = (
        (lambda epi: 1) if partner is not None else (lambda epi: 3 if epi == declarer else 1)
    )
    tricks = rng.choice((0, 8, rng.randint(0, 8)))
    stiche = [True] * tricks + [False] * (8 - tricks)
    card_points = 0 if tricks == 0 else 120 if tricks == 8 else rng.randint(0, 120)
    stoss, knocks = rng.choice((0, 0, 1, 2)), rng.choice((0, 0, 0, 1, 2))
    body = {"contract": game, "declarer": declarer, "kontra": ("none", "kontra", "re")[stoss]}
    body |= {"klopfer": knocks} | ({"suit": rng.choice(SUITS)} if game == "farbsolo" else {})
    if game == "sie":
        raw = outside.sie((rules.solo, rules.extra, rules.extra, 1), is_party, multiplier)
        return rules, body, outside.stoss_doubling(raw, stoss, knocks)
    if game == "bettel":
        body["won"] = "won" if tricks == 0 else "lost"
        raw = outside.bettel(rules.bettel, tricks, is_party, multiplier)
        return rules, body, outside.stoss_doubling(raw, stoss, knocks)
    short = game in ("wenz", "geier")
    laufende = rng.randint(0, 4 if short else 14)
    base = rules.sauspiel if game == "sauspiel" else rules.solo
    lbound = rules.laufende_short if short else rules.laufende
    params = (base, rules.extra, rules.extra, lbound)
    body |= {"laufende": laufende} | ({"partner": partner} if partner is not None else {})
    if game != "sauspiel" and rng.random() < 0.3:
        body |= {"tout": True, "won": "won" if tricks == 8 else "lost"}
        raw = outside.tout(params, stiche, laufende, is_party, multiplier)
        return rules, body, outside.stoss_doubling(raw, stoss, knocks)
    won = card_points >= 61
    schwarz = tricks in (0, 8)
    schneider = card_points > 90 if won else card_points <= 30
    body |= {"won": "won" if won else "lost"} | (
        {"augen": card_points} if rng.random() < 0.5 else {}
    )
    body |= {"schneider": "schwarz" if schwarz else "schneider" if schneider else "none"}
    raw = outside.point_based(params, card_points, stiche, laufende, is_party, multiplier)
    return rules, body, outside.stoss_doubling(raw, stoss, knocks)
