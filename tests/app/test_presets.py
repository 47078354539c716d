"""A preset sets everything it names, the target included (issue 65): every registered
game's every preset, chosen on the new-game page without JavaScript (by its key, and by
``?rules=`` in the address), in the JSON API and on the command line, starts a game whose
settings are the preset's, knob for knob; a target typed after choosing the preset is the
table's own. (Pinochle's "Double deck" left the target at 150, and Coinche at 1,000, the
target box being filled with the first preset's.) The same page with its script in
Chromium: tests/browser/test_presets_browser.py."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import GAMES
from tests.support.sent_form import sent_by

PRESETS = [(game.key, name) for game in GAMES.values() for name in game.presets]


def players_of(key: str) -> list[str]:
    game = GAMES[key]
    return ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hod"][: game.seat_counts[0]]


def preset_values(key: str, name: str) -> dict:
    """The preset's settings as a game of the fewest players stores them."""
    game = GAMES[key].seated(len(players_of(key)))
    values = GAMES[key].preset(name).to_dict()
    seated = {knob: value for knob, value in values.items() if knob not in game.seat_knobs}
    return game.settings_from_dict(seated).to_dict()


def stored_settings(client, response) -> dict:
    """The settings of the game a new-game post started (it redirects to its scoreboard)."""
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    game_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200
    return answer.get_json()["settings"]


def new_game_post(client, key: str, rules: str | None = None, address: str = "", **typed):
    """The new-game page as drawn (``address``: more of its query), sent as a browser
    without its script sends it, once the names are typed, the preset ``rules`` tapped (None:
    the key the page opened on) and the boxes ``typed`` filled in."""
    path = f"/games/new?game={key}{address}"
    fields = sent_by(client.get(path).get_data(as_text=True), "new-game")
    fields |= {f"player_{s}": name for s, name in enumerate(players_of(key))}
    fields |= ({"rules": rules} if rules else {}) | typed
    return client.post(path, data=fields)


@pytest.mark.parametrize(("key", "name"), PRESETS)
def test_the_page_without_script_starts_the_preset_tapped(client, key, name):
    """The preset's key tapped, nothing else changed: the game is the preset."""
    response = new_game_post(client, key, name)
    assert stored_settings(client, response) == preset_values(key, name)


@pytest.mark.parametrize(("key", "name"), PRESETS)
def test_the_address_chooses_the_preset_and_shows_its_target(client, key, name):
    """``?rules=<preset>``: the page opens on that preset, its target in the blank box's
    grey and beside it; the form sent as the page was drawn starts that preset."""
    page = client.get(f"/games/new?game={key}&rules={name}").get_data(as_text=True)
    assert sent_by(page, "new-game")["rules"] == name
    preset = GAMES[key].preset(name)
    if hasattr(preset, "target"):
        box = re.search(r'<input[^>]*id="target"[^>]*>', page).group(0)
        assert f'placeholder="{preset.target}"' in box and 'value=""' in box
        beside = page[page.index('id="target-help"') :].split("</small>")[0]
        assert str(preset.target) in html.unescape(re.sub(r"<[^>]+>", "", beside))
    response = new_game_post(client, key, address=f"&rules={name}")
    assert stored_settings(client, response) == preset_values(key, name)


RACES = [(key, name) for key, name in PRESETS if hasattr(GAMES[key].preset(name), "target")]


@pytest.mark.parametrize(("key", "name"), RACES)
def test_a_target_typed_after_the_preset_is_the_tables(client, key, name):
    typed = GAMES[key].preset(name).target + 7
    response = new_game_post(client, key, name, target=str(typed))
    assert stored_settings(client, response) == preset_values(key, name) | {"target": typed}


def test_each_presets_target_is_named_beside_the_box_where_they_differ(client):
    """Pinochle's three presets play to three targets: the page says each one, so a page
    whose script did not run says it too."""
    page = client.get("/games/new?game=pinochle").get_data(as_text=True)
    said = html.unescape(re.sub(r"<[^>]+>", "", page[page.index('id="target-help"') :]))
    said = said.split("\n")[0]
    assert "Single deck, in tens: 150" in said and "Double deck: 500" in said, said
    assert "Single deck, counters worth 10: 1500" in said


@pytest.mark.parametrize(("key", "name"), PRESETS)
def test_the_api_starts_the_preset_named(client, key, name):
    body = {"game": key, "players": players_of(key), "rules": name, "first_dealer": 0}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.get_json()
    game_id, edit_key = created.get_json()["id"], created.get_json()["edit_key"]
    bearer = {"Authorization": f"Bearer {edit_key}"}
    answer = client.get(f"/api/games/{game_id}", headers=bearer)
    settings = answer.get_json()["settings"]
    assert settings == preset_values(key, name)


@pytest.mark.parametrize(("key", "name"), PRESETS)
def test_the_command_line_shows_the_preset_named(capsys, key, name):
    """``scorekeeper rules PRESET --game KEY`` lists the preset's every value, the target
    among them, as a game of it plays them."""
    assert entry(["rules", name, "--game", key]) == 0
    head, rule, *lines = capsys.readouterr().out.splitlines()
    first, second = (len(dashes) + 2 for dashes in rule.split("  ")[:2])
    rows = {line[:first].strip(): line[first : first + second].strip() for line in lines}
    for knob, value in GAMES[key].preset(name).to_dict().items():
        shown = value
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif value is None or value == []:
            shown = "none"
        elif isinstance(value, list):
            shown = ",".join(map(str, value))
        assert rows[knob] == str(shown), (knob, rows[knob], value)
