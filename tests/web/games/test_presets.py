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
from tests.support.web.games.presets import (
    new_game_post,
    players_of,
    preset_values,
    stored_settings,
)


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_the_page_without_script_starts_the_preset_chosen(client, game):
    """Each preset, tapped on the page as it opens (nothing else changed), and opened by
    ``?rules=<preset>`` in the address, its target in the blank box's grey and beside it,
    the form sent as drawn: the game is the preset, knob for knob. A target typed after
    tapping the preset is the table's."""
    key = game.key
    opened = client.get(f"/games/new?game={key}").get_data(as_text=True)
    for name, preset in game.presets.items():
        tapped = new_game_post(client, key, opened, rules=name)
        assert stored_settings(client, tapped) == preset_values(key, name), name
        address = f"&rules={name}"
        drawn = client.get(f"/games/new?game={key}{address}").get_data(as_text=True)
        assert sent_by(drawn, "new-game")["rules"] == name
        if hasattr(preset, "target"):
            box = re.search(r'<input[^>]*id="target"[^>]*>', drawn).group(0)
            assert f'placeholder="{preset.target}"' in box and 'value=""' in box
            beside = drawn[drawn.index('id="target-help"') :].split("</small>")[0]
            assert str(preset.target) in html.unescape(re.sub(r"<[^>]+>", "", beside))
            typed = new_game_post(client, key, opened, rules=name, target=str(preset.target + 7))
            own = preset_values(key, name) | {"target": preset.target + 7}
            assert stored_settings(client, typed) == own, name
        as_drawn = new_game_post(client, key, drawn, address)
        assert stored_settings(client, as_drawn) == preset_values(key, name), name


def test_each_presets_target_is_named_beside_the_box_where_they_differ(client):
    """Pinochle's three presets play to three targets: the page says each one, so a page
    whose script did not run says it too."""
    page = client.get("/games/new?game=pinochle").get_data(as_text=True)
    said = html.unescape(re.sub(r"<[^>]+>", "", page[page.index('id="target-help"') :]))
    said = said.split("\n")[0]
    assert "Single deck, in tens: 150" in said and "Double deck: 500" in said, said
    assert "Single deck, counters worth 10: 1500" in said


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_the_api_starts_the_preset_named(client, game):
    for name in game.presets:
        body = {"game": game.key, "players": players_of(game.key), "rules": name}
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.get_json()
        game_id, edit_key = created.get_json()["id"], created.get_json()["edit_key"]
        bearer = {"Authorization": f"Bearer {edit_key}"}
        answer = client.get(f"/api/games/{game_id}", headers=bearer)
        assert answer.get_json()["settings"] == preset_values(game.key, name), name


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_the_command_line_shows_the_preset_named(capsys, game):
    """``scorekeeper rules PRESET --game KEY`` lists the preset's every value, the target
    among them, as a game of it plays them."""
    for name, preset in game.presets.items():
        assert entry(["rules", name, "--game", game.key]) == 0
        head, rule, *lines = capsys.readouterr().out.splitlines()
        first, second = (len(dashes) + 2 for dashes in rule.split("  ")[:2])
        rows = {line[:first].strip(): line[first : first + second].strip() for line in lines}
        for knob, value in preset.to_dict().items():
            shown = value
            if isinstance(value, bool):
                shown = "yes" if value else "no"
            elif value is None or value == []:
                shown = "none"
            elif isinstance(value, list):
                shown = ",".join(map(str, value))
            assert rows[knob] == str(shown), (name, knob, rows[knob], value)
