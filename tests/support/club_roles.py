"""A club night's roles through the Flask client (issue 68): a night of nine at Skat whose
organiser's phone ("Spielleitung") and players' own phones are members of the group
under their names, and what the tests of its roles ask of it (tests/web/club/test_roles.py,
test_club_upgrade.py)."""

from __future__ import annotations

import html
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from scorekeeper import db
from scorekeeper.db import club as stored
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.club_pages import STANDING_ROW, play_table, seeger_fabian, start_night

NINE = [
    "Anna Brenner",
    "Bruno Lindemann",
    "Clara Oberhaus",
    "Dieter Wallenberg",
    "Erika Sternberg",
    "Fritz Morgenroth",
    "Gisela Winterfeld",
    "Hans Achenbach",
    "Ilse Rosenthal",
]


@dataclass
class ClubNight:
    """The app, its group (id, API key, invite), the organiser's phone, the players'
    phones by name, and the night once started."""

    app: Any
    group_id: int
    key: str
    invite: str
    organiser: Any
    phones: dict[str, Any] = field(default_factory=dict)
    night_id: int = 0

    @property
    def base(self) -> str:
        return f"/groups/{self.group_id}/club/{self.night_id}"

    def join(self, name: str, client: Any = None) -> Any:
        """A phone that joins the group under ``name`` (a new one unless ``client``)."""
        phone = client or self.app.test_client()
        answer = phone.post(f"/join/{self.invite}", data={"label": name})
        assert answer.status_code == 302, answer.status_code
        self.phones[name] = phone
        return phone

    def start(self, guests: list[str] = NINE, **fields: str) -> None:
        """The night started on the organiser's phone (``club_pages.start_night``'s form:
        Skat, two series, a deal a player), its first series drawn."""
        answer = start_night(self.organiser, self.group_id, guests, **fields)
        assert answer.status_code == 302, answer.get_data(as_text=True)[-600:]
        self.night_id = int(answer.headers["Location"].rsplit("/", 1)[1])

    def stored(self) -> tuple[stored.Night, dict[int, db.StoredGame]]:
        with self.app.app_context():
            database = db.get_db()
            night = stored.load_night(database, self.night_id, self.group_id)
            assert night is not None
            return night, stored.table_games(database, night)

    def table_of(self, name: str, series: int = 0) -> stored.ClubTable:
        """The table ``name`` sits at in ``series`` (the latest: 0)."""
        night, games = self.stored()
        tables = night.tables_of(series or night.series)
        return next(t for t in tables if name in games[t.game_id].players)

    def players_at(self, table: stored.ClubTable) -> tuple[str, ...]:
        return self.stored()[1][table.game_id].players

    def play(self, phone: Any, table: stored.ClubTable, points: dict[str, int]) -> None:
        """The table's list to its end through the API, with the edit key ``phone`` holds
        (``tests.support.club_pages.play_table``'s deals), adding each player's
        Seeger-Fabian points worked by hand to ``points``."""
        answer = play_table(
            phone, table.game_id, edit_key_of(phone, table.game_id), self.players_at(table), points
        )
        assert answer.get_json()["status"] == "finished"

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        with sqlite3.connect(self.app.config["DATABASE"]) as connection:
            return connection.execute(sql, params).fetchall()

    def backdate_takeover(self, minutes: int) -> None:
        """The open request to take the night over, asked ``minutes`` ago (the clock the
        server reads is its own: only the stored time moves)."""
        then = (datetime.now(UTC) - timedelta(minutes=minutes)).isoformat(timespec="seconds")
        with sqlite3.connect(self.app.config["DATABASE"]) as connection:
            connection.execute(
                "UPDATE club_takeovers SET asked_at = ? WHERE answered_at IS NULL", [then]
            )

    def member_id(self, label: str) -> int:
        """The membership of the phone that joined the group under ``label``."""
        [(found,)] = self.query(
            "SELECT id FROM members WHERE group_id = ? AND label = ? AND left_at IS NULL",
            (self.group_id, label),
        )
        return found

    def open_takeover_id(self) -> int:
        [(found,)] = self.query("SELECT id FROM club_takeovers WHERE answered_at IS NULL")
        return found


def club_night(tmp_path, players: tuple[str, ...] = ()) -> ClubNight:
    """A group made through the API ("Skatclub"), its organiser's phone joined as
    "Spielleitung" and the phones of ``players`` under their names."""
    app = create_app(app_config(tmp_path))
    organiser = app.test_client()
    made = organiser.post("/api/groups", json={"name": "Skatclub"}).get_json()
    with app.app_context():
        invite = db.load_group(db.get_db(), made["id"]).invite
    club = ClubNight(app, made["id"], made["key"], invite, organiser)
    club.join("Spielleitung", organiser)
    del club.phones["Spielleitung"]
    for name in players:
        club.join(name)
    return club


def edit_key_of(phone: Any, game_id: int) -> str:
    """The edit key ``phone`` holds for the game, as its share page shows it."""
    page = phone.get(f"/games/{game_id}/share/edit?show=1").get_data(as_text=True)
    found = re.search(rf"/games/{game_id}/edit/([A-Za-z0-9_-]+)", page)
    assert found, "this phone holds no edit key of the game"
    return found[1]


def can_record(phone: Any, game_id: int) -> bool:
    """Whether ``phone`` may record the game's next hand (its form opens)."""
    return phone.get(f"/games/{game_id}/hands/new").status_code == 200


def plain(answer: Any) -> str:
    """A page's text, its entities read, without the isolating marks and ``<bdi>`` around
    the names it quotes."""
    text = re.sub(r"</?bdi[^>]*>", "", html.unescape(answer.get_data(as_text=True)))
    return text.replace("\u2068", "").replace("\u2069", "")


def form_as_posted(page: str) -> dict[str, str]:
    """What the page's hand form posts as it is filled in: its hidden values, the keys
    chosen and the numbers given."""
    found = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or not value or name[1] in ("next", "language", "csrf_token"):
            continue
        kind = re.search(r'type="([^"]+)"', tag)
        if kind and kind[1] == "radio" and " checked" not in tag:
            continue
        if value[1] or (kind and kind[1] == "hidden"):
            found[name[1]] = html.unescape(value[1])
    return found


def standings_of(phone: Any, club: ClubNight) -> dict[str, int]:
    """Each player's points as the phone's standings page shows them."""
    page = html.unescape(phone.get(f"{club.base}/standings").get_data(as_text=True))
    page = page.replace("\u2212", "-").replace("\u2068", "").replace("\u2069", "")
    return {name: int(points) for name, points in STANDING_ROW.findall(page)}


__all__ = ["NINE", "ClubNight", "club_night", "seeger_fabian"]
