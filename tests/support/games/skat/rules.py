"""Helpers of tests/games/skat/test_rules.py."""

from __future__ import annotations

import html
import re

from tests.support.shared import NAMES
from tests.support.skat_rules import ISOLATES


def deal(game="clubs", matadors=1, bid=18, points=75, declarer=0, **flags):
    """A suit or grand game as docs/rules/skat.md's API body writes it."""
    return {
        "declarer": declarer,
        "game": game,
        "matadors": matadors,
        "hand": False,
        "schneider_announced": False,
        "schwarz_announced": False,
        "ouvert": False,
        "bid": bid,
        "declarer_points": points,
        "no_trick": None,
        **flags,
    }


def null_game(hand=False, ouvert=False, won=True, bid=23, declarer=0):
    body = {"declarer": declarer, "game": "null", "hand": hand, "ouvert": ouvert, "bid": bid}
    return {**body, "won": won}


def new_game(client, players=3, first_dealer=0, settings=None):
    response = client.post(
        "/api/games",
        json={
            "game": "skat",
            "players": NAMES[:players],
            "rules": "isko",
            "settings": settings or {},
            "first_dealer": first_dealer,
        },
    )
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


# Worked example 11: a tournament list of 48 deals at four. Each seat's games: (game,
# matadors, card points, value won or lost); the list gives game points 492, 628, 660, -32.
LIST_GAMES = {
    0: [("clubs", 2, 75)] * 11 + [("grand", 3, 75)],
    1: [("grand", 2, 75)] * 9
    + [("hearts", 1, 75)]
    + [("clubs", 1, 75)] * 2
    + [("spades", 1, 50)] * 2,
    2: [("grand", 2, 75)] * 9 + [("clubs", 4, 75)] + [("clubs", 1, 50)],
    3: [("spades", 1, 75)] * 4 + [("hearts", 2, 75)] * 2 + [("diamonds", 1, 50)] * 5,
}


def the_list() -> list[dict]:
    """The 48 deals in an order where nobody declares while dealing (seat 0 deals first)."""
    left = {seat: list(games) for seat, games in LIST_GAMES.items()}
    found = []
    for number in range(48):
        dealer = number % 4
        seat = max((s for s in left if s != dealer and left[s]), key=lambda s: len(left[s]))
        game, matadors, points = left[seat].pop()
        found.append(deal(game, matadors, 18, points, declarer=seat))
    return found


def form_values(body: dict) -> dict[str, str]:
    """A deal as the hand form posts it: the bid and card points in the declarer's box."""
    seat = body["declarer"]
    values = {"save": "1"}
    for name, value in body.items():
        if name in ("bid", "declarer_points"):
            values[f"{name}_{seat}"] = str(value)
        elif isinstance(value, bool):
            values[name] = "yes" if value else "no"
        elif value is not None:
            values[name] = str(value)
    return values


def summary(response) -> list[tuple[str, str]]:
    text = response.get_data(as_text=True)
    box = re.search(r'<div class="error-summary".*?</ul>', text, re.S)
    assert box, "no error summary on the page"
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), re.S)
    return [(anchor, html.unescape(message).translate(ISOLATES)) for anchor, message in found]


def options(body: dict) -> list[str]:
    found = ["--declarer", str(body["declarer"]), "--skat-game", body["game"]]
    found += ["--bid", str(body["bid"])]
    for name, value in body.items():
        flag = "--" + name.replace("_", "-")
        if name in ("matadors", "declarer_points", "kontra") or (name == "no_trick" and value):
            found += [flag, str(value)]
        elif value is True:
            found.append(flag)
    return found


def sheet_rows(client, game_id: int, language: str = "en") -> list[str]:
    """The scoreboard's deals, each row's text as read (tags out, spaces joined)."""
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": language})
    text = page.get_data(as_text=True)
    rows = [m.group(0) for m in re.finditer(r'<(tr|tbody) id="h\d+".*?</\1>', text, re.S)]
    return [
        " ".join(html.unescape(re.sub(r"<[^>]+>", " ", r)).translate(ISOLATES).split())
        for r in rows
    ]


def foot(client, game_id: int, language: str = "en") -> list[str]:
    text = client.get(f"/games/{game_id}", headers={"Accept-Language": language})
    found = re.findall(r'<tbody class="foot">.*?</tbody>', text.get_data(as_text=True), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", f)).split()) for f in found]


def ramsch_options(body: dict) -> list[str]:
    found = ["--declarer", str(body["declarer"]), "--skat-game", "ramsch"]
    found += ["--declarer-points", str(body["declarer_points"])]
    for name in ("jungfrau", "pushes"):
        found += [f"--{name}", str(body[name])] if name in body else []
    return found + (["--durchmarsch"] if body.get("durchmarsch") else [])
