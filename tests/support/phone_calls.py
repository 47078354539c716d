"""Helpers of tests/web/offline/test_phone_calls.py, which other tests use too."""

from __future__ import annotations

import json
import re
from typing import Any

from scorekeeper import db, game_play
from scorekeeper.engine.registry import GAMES
from scorekeeper.pages import phone
from tests.support.game_page_matrix import LANGUAGES as ACCEPT
from tests.support.play import records

GAME_KEYS = sorted(GAMES)


# A Hebrew name among Latin ones: every name is isolated alike on both sides.
NAMES = ("Ann", "נועה", "Cat", "Dan", "Eve", "Fay", "Gil", "Hed")


def same_rows(sheet: dict[str, Any], html: str) -> bool:
    """Whether each part of the phone's sheet is in the server's ``html`` (hands' links aside)."""
    parts = ["tiles", "banner", "turn"]
    if sheet["count"]:
        table = html.split('<table class="hands', 1)[1].split("</table>", 1)[0]
        if sheet["hands_html"] not in re.sub(r"</?a\b[^>]*>", "", table):
            return False
        parts += ["head", "legend"]
    return all(sheet[f"{part}_html"] in html for part in parts)


class Played:
    """A game of ``key``, ``hands`` drawn, lasting ``lasting`` (None: its rules'), kept."""

    def __init__(self, client, make_game, key, language, hands, lasting: int | None = 12):
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = ACCEPT[language]
        self.client, self.key, self.language, self.rules = client, key, language, GAMES[key]
        self.players = list(NAMES[: self.rules.seats])
        settings = (self.rules.lasting(lasting) if lasting else None) or {}
        preset = self.rules.default_preset
        self.id, key = make_game(game=key, players=self.players, rules=preset, settings=settings)
        self.auth = {"Authorization": f"Bearer {key}"}
        assert client.get(f"/games/{self.id}/edit/{key}").status_code == 302
        with client.application.app_context():
            self.settings = db.load_game(db.get_db(), self.id).settings
        self.bodies = [r.to_dict() for r in records(self.rules, self.settings, hands, seed=34)]
        self.count = 0

    def play(self, count: int) -> None:
        for body in self.bodies[self.count : self.count + count]:
            saved = self.client.post(f"/api/games/{self.id}/hands", json=body, headers=self.auth)
            assert saved.status_code == 201, saved.get_json()
            self.count += 1
            if saved.get_json()["status"] == "finished":
                break

    def state(self, after: int | None = None) -> dict[str, Any]:
        with self.client.application.app_context():
            game = db.load_game(db.get_db(), self.id)
            return game_play.state_after(db.get_db(), game, self.count if after is None else after)

    def request(self, call: str, **more: Any) -> dict[str, Any]:
        asked = {"call": call, "game": self.key, "seats": self.rules.seats, "state": self.state()}
        settings, players = self.settings.to_dict(), self.players
        return asked | {"settings": settings, "players": players, "language": self.language, **more}

    def get(self, path: str) -> str:
        answer = self.client.get(path)
        assert answer.status_code == 200, path
        return answer.get_data(as_text=True)

    def post_form(self, values: dict[str, str], preview: bool = False):
        where = f"/games/{self.id}/hands/{'preview' if preview else 'new'}"
        return self.client.post(where, data={**values, "number": str(self.count + 1)})

    def sheet(self, seated: bool = True) -> dict[str, Any]:
        """The phone's scoreboard from the game's snapshot as static/keep.js asks for it (the
        seating unless not ``seated``), checked against the server's when ``seated``."""
        self.snapshot = snapshot = self.client.get(f"/games/{self.id}/offline").get_json()
        hands = [h["hand"] for h in snapshot["hands"] if h["number"] >= snapshot["shown_from"]]
        asked = {"state": snapshot["shown_state"], "players": snapshot["seated"], "hands": hands}
        seating = {"players": snapshot["players"], "changes": snapshot["substitutions"]}
        asked |= {"seating": seating} if seated else {}
        (sheet,) = answered(self.request("sheet", **asked))
        assert "error" not in sheet, sheet
        assert not seated or same_rows(sheet, self.get(f"/games/{self.id}?all=1"))
        return sheet


def answered(*requests: dict[str, Any]) -> list[dict[str, Any]]:
    return json.loads(phone.batch(json.dumps(list(requests))))  # as the phone's worker calls
