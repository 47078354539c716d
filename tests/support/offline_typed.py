"""Issue 82's two offline walks for every registered game, in Chromium at 360 px
(tests/browser/test_offline_walk_browser.py): a hand typed on the server's form when the
network drops comes back tap for tap after an offline reload and reaches the server; the
next hand's form, opened offline, is the form the server draws, first step open."""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.engine import Game
from tests.support.browser import api
from tests.support.game_page_matrix import enter, entry_of, kept, long_rules, simulated_hands
from tests.support.offline_phone import ENGINE_TIMEOUT, QUEUED, copy_up_to_date
from tests.support.offline_walk import keep_by_itself

# Each step of the hand form as a table meets it: its id, folded or not, shown or not; and
# the field the form opens on (``.on``), if any.
FORM_STATE = """() => {
  const form = document.querySelector("form#hand");
  const steps = [...form.querySelectorAll(".step")].map((step) =>
    [step.id, step.classList.contains("done"), step.checkVisibility()]);
  const on = form.querySelector(".on");
  return { steps, on: on ? on.id || on.dataset.seat || on.className : null };
}"""

DRAFTS = "() => Object.keys(localStorage).filter((key) => key.startsWith('scorekeeper:draft:'))"


def kept_game(page, base: str, game: Game, names: list[str], played: int) -> tuple[Any, Any]:
    """A long game of ``game`` started through the API with ``played`` hands, opened by its
    edit link on ``page`` and kept by the phone by itself: the API's answer and the
    game's next hand as the table enters it (``entry_of``)."""
    body = {"game": game.key, "players": names, "rules": game.default_preset}
    body |= {"settings": long_rules(game), "first_dealer": 0}
    created = api(base, "POST", "/api/games", body)
    hands = simulated_hands(game, played + 1, 7, long=True, numbers=range(1, played + 2))
    for hand in hands[:played]:
        api(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
    page.goto(created["edit_url"])
    keep_by_itself(page, created["id"])
    copy_up_to_date(page, created["id"])
    return created, entry_of(game, hands[played], names)


def scoreboard(created: dict[str, Any]) -> re.Pattern[str]:
    return re.compile(rf"/games/{created['id']}$")


def save_key(entry) -> str:
    return f"#{entry.action.replace('_', '-')}" if entry.action else "#save"


def on_the_server(base: str, game: Game, created: dict[str, Any], number: int, entry) -> None:
    """The server holds ``number`` hands, the last ``entry``'s hand as entered."""
    now = api(base, "GET", f"/api/games/{created['id']}?explain=0", None, created["edit_key"])
    assert len(now["hands"]) == number
    assert game.hand.form_values(now["hands"][-1]) == game.hand.form_values(entry.hand)


def typed_then_reloaded_offline(page, base: str, game: Game, names: list[str]) -> None:
    """Hand 3 typed on the server's form, the network gone: Save says it could not reach
    the server. Reloaded without the network, the kept page's form has every tap back and
    says so; the network back, Save queues it and the phone sends it: the server has it,
    and the phone's copy of the typed hand is gone."""
    created, entry = kept_game(page, base, game, names, 2)
    page.goto(f"/games/{created['id']}/hands/new")
    page.locator("form#hand").wait_for()
    page.context.set_offline(True)
    enter(page, entry)
    page.locator(save_key(entry)).click()
    page.locator("#save-offline").wait_for()
    page.reload()
    form = page.locator("#kept-entry form#hand")
    form.wait_for(timeout=ENGINE_TIMEOUT)
    assert form.locator("#draft-note").is_visible()
    assert kept(page, entry) == []
    page.context.set_offline(False)
    page.locator("#kept-checking").wait_for(state="hidden", timeout=ENGINE_TIMEOUT)
    with page.expect_navigation(url=scoreboard(created), timeout=ENGINE_TIMEOUT):
        form.locator(save_key(entry)).click()
    on_the_server(base, game, created, 3, entry)
    assert page.evaluate(DRAFTS) == []


def next_form_offline(page, base: str, game: Game, names: list[str]) -> None:
    """The form for hand 4 opened on the server, then opened again without the network:
    the kept page's form opens as the server's did (each step folded or open, shown or
    not, the field it opens on), before the engine in the phone has started and after;
    tapped through and saved, it is queued, and sent once the network is back."""
    created, entry = kept_game(page, base, game, names, 3)
    address = f"/games/{created['id']}/hands/new"
    page.goto(address)
    page.locator("form#hand").wait_for()
    online = page.evaluate(FORM_STATE)
    page.goto(f"/games/{created['id']}")
    copy_up_to_date(page, created["id"])
    page.context.set_offline(True)
    page.goto(address)
    form = page.locator("#kept-entry form#hand")
    form.wait_for(timeout=ENGINE_TIMEOUT)
    assert page.evaluate(FORM_STATE) == online  # drawn before, shown at once
    page.locator("#kept-checking").wait_for(state="hidden", timeout=ENGINE_TIMEOUT)
    page.goto(address)
    form.wait_for(timeout=ENGINE_TIMEOUT)
    assert page.evaluate(FORM_STATE) == online
    assert not form.locator("#draft-note").is_visible()
    enter(page, entry)
    form.locator(save_key(entry)).click()
    page.locator(QUEUED).first.wait_for(timeout=ENGINE_TIMEOUT)
    with page.expect_navigation(url=scoreboard(created), timeout=ENGINE_TIMEOUT):
        page.context.set_offline(False)
    on_the_server(base, game, created, 4, entry)
