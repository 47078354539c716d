"""Helpers of tests/web/club/test_routes.py, which other tests use too."""

from __future__ import annotations

import re

from scorekeeper import db
from scorekeeper.db import club as stored
from scorekeeper.db import phones
from tests.support.app import join_group

THIRTEEN = [f"Spieler {n}" for n in range(1, 14)]


WIN = {"game": "spades", "matadors": 1, "bid": 22, "declarer_points": 70}  # +22 + 50


LOSE = {"game": "hearts", "matadors": 1, "bid": 20, "declarer_points": 55}  # −40 − 50


def removed_member(app, group_id: int):
    """A phone that joined the group and was then removed from it by its first member."""
    removed = app.test_client()
    join_group(removed, group_id=group_id)
    with app.app_context():
        database = db.get_db()
        members = phones.group_members(database, group_id)
        phones.end_membership(database, members[-1], removed_by=members[0].id)
    return removed


def shown_list(page: str) -> dict[str, str]:
    """The list as a signing page showed it: the version and revision its forms carry
    (none on a page of before issue 77)."""
    found = {
        name: re.search(rf'name="{name}" value="(\d+)"', page) for name in ("version", "revision")
    }
    return {name: value[1] for name, value in found.items() if value}


def sign_list(phone, game_id: int, name: str):
    """``name`` signs the table's list on ``phone`` as a player does: a tap on "signs…",
    then "Sign as …" on the list the dialog shows (its version). Returns the last answer
    (the first tap's when it was refused)."""
    asked = phone.post(f"/games/{game_id}/club", data={"name": name, "action": "confirm"})
    page = asked.get_data(as_text=True)
    if asked.status_code != 200 or 'id="confirm-sign"' not in page:
        return asked
    body = {"name": name, "action": "confirm", "sure": "1", **shown_list(page)}
    return phone.post(f"/games/{game_id}/club", data=body)


def start_night(client, group_id, guests=THIRTEEN, **fields):
    body = {
        "game": "skat",
        "rules": "isko",
        "series": "2",
        "deals_per_player": "1",
        "scoring": "points",
        "guests": "\n".join(guests),
        "draw": "1",
        **fields,
    }
    return client.post(f"/groups/{group_id}/club", data=body)


def night_of(app, group_id, night_id=None):
    with app.app_context():
        database = db.get_db()
        if night_id is None:
            night_id = database.execute("SELECT max(id) FROM club_nights").fetchone()[0]
        night = stored.load_night(database, night_id, group_id)
        return night, stored.table_games(database, night)


def seeger_fabian(number: int, seat: int, declarer: int, size: int) -> int:
    """What ``seat`` scores for deal ``number`` of ``play_series`` under Seeger-Fabian,
    worked by hand: an odd deal won (22 + 50 to the declarer), an even deal lost
    (−20 × 2 − 50 to the declarer, 40 to each other player at three, 30 at four)."""
    if number % 2:
        return 72 if seat == declarer else 0
    return -90 if seat == declarer else (30 if size == 4 else 40)


def edit_key(client, game_id: int) -> str:
    """The table's edit key, as the organiser's phone shows its edit link to the table."""
    page = client.get(f"/games/{game_id}/share/edit?show=1").get_data(as_text=True)
    return re.search(rf"/games/{game_id}/edit/([A-Za-z0-9_-]+)", page)[1]


def play_series(client, night, games, series):
    """Every table of ``series`` plays its list to the end through the JSON API, as its
    phones would, with the edit key the organiser's phone holds: deal n's declarer is
    seat n mod size (never the sitting-out dealer), odd deals won and even deals lost.
    Returns each player's Seeger-Fabian points."""
    points: dict[str, int] = {}
    for table in night.tables_of(series):
        key = edit_key(client, table.game_id)
        answer = play_table(client, table.game_id, key, games[table.game_id].players, points)
        assert answer.get_json()["status"] == "finished"
    return points


def play_table(client, game_id: int, key: str, players, points: dict[str, int]):
    """One table's list through the JSON API with its edit key, ``play_series``'s deals;
    adds each player's Seeger-Fabian points to ``points``. Returns the last answer."""
    size = len(players)
    for number in range(1, size + 1):
        declarer = number % size
        hand = {"declarer": declarer, **(WIN if number % 2 else LOSE)}
        answer = client.post(
            f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status_code == 201, answer.get_json()
        for seat, name in enumerate(players):
            points[name] = points.get(name, 0) + seeger_fabian(number, seat, declarer, size)
    return answer


# A row of the standings: the player's name (``nm``, with the size classes a long name takes:
# ``l7 m7``) and their points.
STANDING_ROW = re.compile(
    r'<bdi class="nm(?: [^"]*)?" dir="auto">([^<]+)</bdi>(?:<small[^>]*>[^<]*</small>)?</th>'
    r'<td class="club-points">(?:\u2066)?(-?\d+)'
)


def standings_shown(client, group_id, night_id) -> dict[str, int]:
    page = client.get(f"/groups/{group_id}/club/{night_id}/standings").get_data(as_text=True)
    rows = STANDING_ROW.findall(page.replace("\u2212", "-"))
    return {name: int(points) for name, points in rows}
