"""The new-game page with its script, in Chromium at 360 px: tapping each preset of every
registered game shows that preset's target in the blank box's grey and its value of every
house rule beside it, as the server draws the page opened on that preset; a game started
after tapping Pinochle's "Double deck" plays to 500, and a target typed stays the table's
whatever preset is tapped after it. The same without the script, in the API and on the command line:
tests/web/games/test_presets.py."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import title_of
from tests.support.live import opens, watched_page
from tests.support.presets_browser import drawn_values, stored_settings

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
SHOWN = """() => Object.fromEntries(Array.from(document.querySelectorAll(".knob"),
  (knob) => [knob.dataset.knob, knob.querySelector("output").textContent]))"""


def test_each_preset_tapped_shows_its_target_and_rules_and_starts_so(browser, live_server):
    with watched_page(browser, live_server, PHONE) as page:
        for game in GAMES.values():
            page.goto(f"/games/new?game={game.key}")
            for name, preset in reversed(game.presets.items()):
                page.locator(f'input[name="rules"][value="{name}"]').check()
                if hasattr(preset, "target"):
                    target = page.locator("#target")
                    assert target.get_attribute("placeholder") == str(preset.target), name
                    assert target.input_value() == ""
                shown = page.evaluate(SHOWN)
                assert shown == drawn_values(live_server, game.key, name), (game.key, name)
                # The heading names the game as the preset does (Belote's Coinche).
                title = page.locator("#game-title").inner_text()
                assert title == str(title_of(game, name)), (game.key, name)

        # A target typed stays the table's whatever preset is tapped after it; cleared, the
        # game plays to the preset's.
        page.goto("/games/new?game=pinochle")
        for seat, player in enumerate(["Ann", "Bob", "Cat", "Dan"]):
            page.fill(f"#player_{seat}", player)
        page.fill("#target", "700")
        page.locator('input[name="rules"][value="double-deck"]').check()
        assert page.locator("#target").input_value() == "700"
        assert page.locator("#target").get_attribute("placeholder") == "500"
        page.fill("#target", "")
        opens(page.get_by_role("button", name="Start the game"))
        double = GAMES["pinochle"].preset("double-deck").to_dict()
        assert stored_settings(live_server, page) == double
