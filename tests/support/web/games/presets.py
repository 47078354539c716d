"""Helpers of tests/web/games/test_presets.py."""

from __future__ import annotations

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import seat_counts
from tests.support.sent_form import sent_by


def players_of(key: str) -> list[str]:
    game = GAMES[key]
    return ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hod"][: seat_counts(game)[0]]


def preset_values(key: str, name: str) -> dict:
    """The preset's settings as a game of the fewest players stores them."""
    game = GAMES[key].seated(len(players_of(key)))
    values = GAMES[key].preset(name).to_dict()
    seated = {
        knob: value
        for knob, value in values.items()
        if knob not in type(game.preset(game.default_preset)).seat_knobs()
    }
    return game.settings_from_dict(seated).to_dict()


def stored_settings(client, response) -> dict:
    """The settings of the game a new-game post started (it redirects to its scoreboard)."""
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    game_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200
    return answer.get_json()["settings"]


def new_game_post(client, key: str, drawn: str, address: str = "", **changed):
    """The new-game page ``drawn`` (opened at ``address``, more of its query), sent as a
    browser without its script sends it once the names are typed and the fields
    ``changed`` are tapped or typed (``rules``: a preset's key; ``target``)."""
    fields = sent_by(drawn, "new-game") | changed
    fields |= {f"player_{s}": name for s, name in enumerate(players_of(key))}
    return client.post(f"/games/new?game={key}{address}", data=fields)
