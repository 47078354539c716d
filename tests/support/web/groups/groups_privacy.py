"""Helpers of tests/web/groups/test_groups_privacy.py."""

from __future__ import annotations

import urllib.request
from dataclasses import dataclass, field

from scorekeeper.engine import GAMES
from tests.support.game_page_matrix import simulated_hands
from tests.support.groups_privacy import GAME_ROUTES, Browser, call

SECRET_NAMES = {
    "A": ["Zephyrine Alpha", "Quillon Alpha", "Marisol Alpha", "Thaddeus Alpha", "Ondine Alpha"],
    "B": ["Ysolde Beta", "Barnaby Beta", "Cordelia Beta", "Leopold Beta", "Wilhelmina Beta"],
}


GROUP_NAMES = {"A": "Thursday Alphaclub", "B": "Friday Betaclub"}


NOTE = "meet at 12 Hidden Lane, code {group}7731"


@dataclass
class Club:
    """A group as the crawl knows it: what must never leak, and its ids."""

    label: str
    id: int
    key: str
    join_url: str
    games: list[int] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)


def made_club(base: str, label: str) -> Club:
    status, group = call(base, "POST", "/api/groups", {"name": GROUP_NAMES[label]})
    assert status == 201, group
    club = Club(label, group["id"], group["key"], group["join_url"])
    names = SECRET_NAMES[label]
    club.secrets = [*names, GROUP_NAMES[label], NOTE.format(group=label)]
    for key, game in GAMES.items():
        players = names[: game.seats]
        status, created = call(
            base,
            "POST",
            "/api/games",
            {
                "game": key,
                "players": players,
                "first_dealer": 0,
                "group": str(club.id),
                "settings": game.lasting(10) or {},
            },
            club.key,
        )
        assert status == 201, created
        club.games.append(created["id"])
        edit = created["edit_key"]
        note = {"name": f"{GROUP_NAMES[label]} {key}", "notes": NOTE.format(group=label)}
        assert call(base, "PATCH", f"/api/games/{created['id']}", note, edit)[0] == 200
        for hand in simulated_hands(game, 3, long=True):
            assert call(base, "POST", f"/api/games/{created['id']}/hands", hand, edit)[0] == 201
    return club


GROUP_ROUTES = [
    "/groups/{g}",
    "/groups/{g}/history",
    "/groups/{g}/players",
    "/groups/{g}/invite",
    "/groups/{g}/export.json",
    "/groups/{g}/export.csv",
    "/groups/{g}/import",
    "/api/groups/{g}",
]


# A group's evening, named by any of its games' ids: {g} the group, {id} a game.
EVENING_ROUTES = ["/groups/{g}/evenings/{id}", "/groups/{g}/evenings/{id}/result"]


PLAYER_ROUTES = ["/players/{name}", "/groups/{g}/players/{name}", "/players?player={name}"]


OPEN_ROUTES = [
    "/",
    "/history",
    "/history?game=israeli-whist",
    "/players",
    "/export.json",
    "/export.csv",
    "/import",
    "/api/games",
    "/api/games?limit=500",
    "/api/games?status=finished&limit=500",
    "/sheets/blank?game=spades",
    "/games/new",
]


def leaks(text: str, secrets: list[str]) -> list[str]:
    """The secrets in ``text``: whole, or a player's first name alone (a page may cut a
    name short)."""
    return [
        secret
        for secret in secrets
        if secret in text or (secret.endswith(("Alpha", "Beta")) and secret.split()[0] in text)
    ]


def crawl(browser: Browser, clubs: list[Club], everyone: dict[str, Club]) -> list[str]:
    """Every route for ``clubs``' games, groups and names: what leaked, where."""
    secrets = [s for club in clubs for s in club.secrets]
    found = []
    highest = max(i for club in everyone.values() for i in club.games) + 3
    paths = list(OPEN_ROUTES)
    for number in range(1, highest + 1):
        paths += [route.format(id=number) for route in GAME_ROUTES]
    for club in clubs:
        paths += [route.format(g=club.id) for route in GROUP_ROUTES]
        for number in range(1, highest + 1):
            paths += [route.format(g=club.id, id=number) for route in EVENING_ROUTES]
        for name in SECRET_NAMES[club.label]:
            quoted = urllib.parse.quote(name, safe="")
            paths += [route.format(name=quoted, g=club.id) for route in PLAYER_ROUTES]
    for path in paths:
        status, text = browser.get(path)
        assert status < 500, (path, status)
        # A name the crawler itself typed may come back (a 404 says which player it did
        # not find, the same for a name that exists and one that does not): not a leak.
        asked = urllib.parse.unquote(path)
        found += [
            f"{path} ({status}): {secret}"
            for secret in leaks(text, secrets)
            if secret not in asked and secret.split()[0] not in asked
        ]
    return found
