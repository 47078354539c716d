"""Helpers of tests/web/games/test_card.py."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_date

from scorekeeper.engine import Game
from scorekeeper.engine.core.display import total
from scorekeeper.engine.core.seats import placings
from tests.support.play import bot_runs
from tests.support.play import records as drawn_records

OUR_TABLE = {"en": "Our table", "he": "השולחן שלנו", "de": "Unser Tisch"}


# Hebrew, Latin and a name that is markup, seated in turn.
NAMES = ["נועה בן-דויד", "Christopher", "<b>Zoë</b>", "Lior!", "שלומית", "Max", "Eve", "Tom"]


def finished_by_api(client, game: Game, players=None, **body) -> dict[str, Any]:
    """A game of ``game`` played to its end through the API by the game's own bots (the
    first kind that ends one); returns its id, key, players and replayed progress."""
    settings = game.preset(game.default_preset)
    if "settings" in body:
        settings = settings.with_changes(body["settings"])
    players = players or NAMES[: game.seats]
    for bots in bot_runs(game):
        created = client.post(
            "/api/games",
            json={
                "game": game.key,
                "players": players,
                "rules": game.default_preset,
                "first_dealer": 0,
                **body,
            },
        ).get_json()
        key = created["edit_key"]
        records = []
        for record in drawn_records(game, settings, 300, 11, bots):
            answer = client.post(
                f"/api/games/{created['id']}/hands",
                json=record.to_dict(),
                headers={"Authorization": f"Bearer {key}"},
            )
            assert answer.status_code == 201, answer.get_json()
            records.append(record)
            if answer.get_json()["status"] == "finished":
                progress = game.replay(settings, 0, records)
                return {"id": created["id"], "key": key, "players": players, "progress": progress}
            # A game whose preset plays an open list (Skat's, Doppelkopf's) ends when the
            # table finishes it, with one player ahead.
            now = len(records)
            if (
                game.progression.finish_now
                and now >= 6
                and game.replay(settings, 0, records, now).winner is not None
            ):
                finished = client.post(
                    f"/api/games/{created['id']}/finish",
                    headers={"Authorization": f"Bearer {key}"},
                )
                assert finished.status_code == 200, finished.get_json()
                progress = game.replay(settings, 0, records, now)
                return {"id": created["id"], "key": key, "players": players, "progress": progress}
    raise AssertionError(f"{game.key}: no bot of the game finished it")


def plain(text: str) -> str:
    """Text without its direction marks and isolates."""
    return re.sub("[\u200e\u200f\u2066-\u2069]", "", text)


FSI, LRI, PDI, LRM, RLM = "\u2068", "\u2066", "\u2069", "\u200e", "\u200f"


def expected_text(client, game: Game, played: dict[str, Any], language: str) -> list[str]:
    """The short text worked out here but its last line (the winners' sentence): the
    catalogue's words, the engine's order."""
    app = client.application
    with app.test_request_context(headers={"Accept-Language": language}):
        from flask_babel import gettext

        progress = played["progress"]
        players = played["players"]
        sides = [[players[seat] for seat in side] for side in game.sides]
        places = placings(progress)
        order = sorted(range(len(sides)), key=lambda side: (places[side], side))
        number = (lambda text: f"{LRI}{text}{PDI}") if language == "he" else str
        name = gettext(str(game.name))
        today = format_date(datetime.now(UTC).date(), format="long", locale=language)
        lines = [f"{name} · {FSI}{OUR_TABLE[language]}{PDI}", today]
        for side in order:
            names = " & ".join(f"{FSI}{n}{PDI}" for n in sides[side])
            lines.append(f"{places[side]}. {names}: {number(total(progress.totals[side]))}")
    mark = RLM if language == "he" else LRM
    return [mark + line for line in lines]
