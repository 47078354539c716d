"""Helpers of tests/web/groups/test_routes.py."""

from __future__ import annotations

from scorekeeper import db, game_play
from scorekeeper.engine.israeli_whist import record_from_dict
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import stored_game
from tests.support.shared import PAGAT
from tests.support.web.shared import text_of

NOTES = "played at 12 Hidden Lane"


def seed(app, spec: dict, games: int = 2) -> dict:
    """A group named ``spec["group"]`` with ``games`` games of its players, each with one
    hand, the first named and with notes; returns the group, the game ids and their keys."""
    database = db.connect(app.config["DATABASE"])
    group, _key = db.create_group(database, spec["group"])
    ids, keys = [], []
    for number in range(games):
        game_id, key = db.create_game(
            database, spec["players"], "pagat-german", PAGAT, 0, group_id=group.id
        )
        game_play.add_hand(database, game_id, record_from_dict(PAGAT, WORKED_EXAMPLE))
        if number == 0:
            db.set_game_details(database, game_id, f"{spec['group']} final", NOTES)
        ids.append(game_id)
        keys.append(key)
    database.close()
    return {**spec, "title": spec["group"], "group": group, "ids": ids, "keys": keys}


def names_in(page: str, spec: dict, path: str = "") -> list[str]:
    """The names of ``spec``'s group that ``page`` shows, but for those its address
    ``path`` carries (the visitor's own words, which a page may echo)."""
    words = [*spec["players"], spec["title"], NOTES, f"{spec['title']} final"]
    return [word for word in words if word in page and word not in path]


def game_paths(app, game_id: int) -> list[str]:
    """Every page of a game the app answers a GET at (the JSON API and the edit link
    aside), built from the app's own routes so that none is forgotten."""
    values = {"game_id": game_id, "number": 1, "file_format": "json"}
    paths = []
    with app.test_request_context():
        from flask import url_for

        for rule in app.url_map.iter_rules():
            if "game_id" not in rule.arguments or "GET" not in rule.methods:
                continue
            if rule.rule.startswith("/api/") or rule.endpoint == "games.edit_link":
                continue
            paths.append(url_for(rule.endpoint, **{k: values[k] for k in rule.arguments}))
    assert len(paths) > 15
    return paths


def group_paths(group_id: int, name: str) -> list[str]:
    base = f"/groups/{group_id}"
    return [
        base,
        f"{base}/history",
        f"{base}/history?player={name}",
        f"{base}/history/export",
        f"{base}/players",
        f"{base}/players?player={name}&player=Boaz",
        f"{base}/players/{name}",
        f"{base}/invite",
        f"{base}/invite?show=1",
        f"{base}/invite/new",
        f"{base}/leave",
    ]


NEW_GAME = {
    **{f"player_{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"])},
    "rules": "pagat-german",
    "first_dealer": "0",
}


def started_group(phone, path: str) -> int:
    response = phone.post(path, data=NEW_GAME)
    assert response.status_code == 302, text_of(response)
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    return stored_game(phone, game_id).group_id
