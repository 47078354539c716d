"""A game kept on a phone goes on without the network (issue 34, the phone's half), in
real Chromium at 360 px, in Hebrew and English.

The phone keeps the game after hand 2 ("Keep this game on this phone"), loses the
network, and records hands 3 to 7 through the hand form its own engine draws (one refused
first, in the table's words, and corrected); it reloads, and closes and opens the game
again, without the network, and its queued hands are still there. Meanwhile a second phone
records hands 3 and 4 as this one did and another hand 5. Back online the phone sends its
queue: 3 and 4 are the server's already, hand 5 shows both versions side by side, this
phone's is kept (the other stays in the revisions), 6 and 7 follow, and the server holds
hands 1 to 7 with the points and totals the phone showed.
"""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

import pytest

from scorekeeper.engine import GAMES

from .conftest import SERVED
from .offline_phone import (
    ENGINE_TIMEOUT,
    keep_game,
    kept_board,
    record_offline,
    row_totals,
    totals_shown,
)
from .test_app_conformance import LANGUAGES, enter, entry_of, kept, long_rules, simulated_hands
from .test_browser import api
from .test_rtl_browser import fits_the_phone

pytestmark = pytest.mark.browser

GAME = GAMES["israeli-whist"]
NAMES = ["נועה", "Ben", "דנה", "Carl"]
PHONE = (360, 800)


def new_phone(browser, base: str, language: str):
    return browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        base_url=base,
        locale=language,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )


def watched(context, errors: list[str]):
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def stored(base: str, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(SERVED[base]) as database:
        return database.execute(sql, params).fetchall()


def hands_of(base: str, game_id: int, key: str) -> dict[str, Any]:
    return api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_kept_game_goes_on_offline_and_comes_back_whole(browser, live_server, language):
    base = live_server
    created = api(
        base,
        "POST",
        "/api/games",
        {
            "game": GAME.key,
            "players": NAMES,
            "rules": GAME.default_preset,
            "settings": long_rules(GAME),
            "first_dealer": 0,
        },
    )
    game_id, key = created["id"], created["edit_key"]
    hands = simulated_hands(GAME, 8, seed=5, long=True)
    for hand in hands[:2]:
        api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
    entries = [entry_of(GAME, hand, NAMES) for hand in hands]
    other_five = hands[7]
    assert GAME.form_values(other_five) != GAME.form_values(hands[4])

    errors: list[str] = []
    context = new_phone(browser, base, language)
    try:
        page = watched(context, errors)
        asked: list[str] = []
        context.on("request", lambda request: asked.append(request.url))
        page.goto(created["edit_url"])
        assert page.url.endswith(f"/games/{game_id}")
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
        page.wait_for_timeout(300)
        # Nothing of it comes before Keep is tapped.
        assert not [url for url in asked if "/engine/" in url or "keep.js" in url or "/kept" in url]
        keep_game(page, game_id, NAMES[1])
        fits_the_phone(page, f"offline-kept-{language}", language)

        context.set_offline(True)
        page.reload()
        kept_board(page)
        assert page.locator("html").get_attribute("lang") == language

        # Hand 3; hand 4 saved empty first (refused in the table's words), then entered.
        record_offline(page, entries[2], enter)
        page.locator("#kept-board #record").click()
        page.locator("#kept-entry form#hand").wait_for()
        page.locator("#kept-entry #save").click()
        summary = page.locator("#kept-entry .error-summary")
        summary.wait_for(timeout=ENGINE_TIMEOUT)
        refusal = summary.locator("li").all_inner_texts()
        assert refusal and not any(re.search(r"[a-z]+_[a-z]+", said) for said in refusal)
        fits_the_phone(page, f"offline-refused-{language}", language)
        enter(page, entries[3])
        page.locator("#preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
        page.locator("#save").click()
        page.locator("#kept-board tr.pending").nth(1).wait_for(timeout=ENGINE_TIMEOUT)
        record_offline(page, entries[4], enter)

        # Reloaded without the network: the queue is still there.
        page.reload()
        kept_board(page)
        assert page.locator("#kept-board tr.pending").count() == 3
        record_offline(page, entries[5], enter)

        # Closed, and opened again without the network on the hand form's address.
        page.close()
        page = watched(context, errors)
        page.goto(f"/games/{game_id}/hands/new")
        page.locator("#kept-entry form#hand").wait_for(timeout=ENGINE_TIMEOUT)
        enter(page, entries[6])
        page.locator("#preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
        page.locator("#save").click()
        page.locator("#kept-board tr.pending").nth(4).wait_for(timeout=ENGINE_TIMEOUT)
        assert page.locator("#kept-board tr.pending").count() == 5
        fits_the_phone(page, f"offline-board-{language}", language)
        shown_totals = totals_shown(page)
        shown_rows = {n: row_totals(page, n, "#kept-board") for n in range(3, 8)}

        # Meanwhile another phone recorded hands 3 and 4 as this one did, and another 5.
        for hand in (hands[2], hands[3], other_five):
            api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
        assert hands_of(base, game_id, key)["next_number"] == 6

        context.set_offline(False)
        versions = page.locator("#kept-conflict .versions")
        versions.wait_for(timeout=ENGINE_TIMEOUT)
        server_side = page.locator("#version-server").inner_text()
        phone_side = page.locator("#version-phone").inner_text()
        assert server_side and phone_side and server_side != phone_side
        fits_the_phone(page, f"offline-conflict-{language}", language)
        with page.expect_navigation(url=re.compile(rf"/games/{game_id}$")):
            page.locator("#keep-phone").click()

        game = hands_of(base, game_id, key)
        assert [h["number"] for h in game["hands"]] == [1, 2, 3, 4, 5, 6, 7]
        assert [str(t) for t in game["totals"]] == shown_totals
        for number in range(3, 8):
            assert GAME.form_values(game["hands"][number - 1]) == GAME.form_values(
                hands[number - 1]
            )
            on_server = row_totals(page, number, "table.hands")
            assert on_server == shown_rows[number], (number, on_server, shown_rows[number])
        by = dict(stored(base, "SELECT number, offline_by FROM hands WHERE game_id = ?", game_id))
        assert [by[n] for n in range(1, 8)] == [
            None,
            None,
            None,
            None,
            NAMES[1],
            NAMES[1],
            NAMES[1],
        ]
        # Nothing lost: the other phone's hand 5 is in its revisions.
        fives = stored(
            base,
            "SELECT hand FROM hand_revisions WHERE game_id = ? AND number = 5 ORDER BY revision",
            game_id,
        )
        assert [GAME.form_values(json.loads(h)) for (h,) in fives][:1] == [
            GAME.form_values(other_five)
        ]
        assert page.locator(".legend .off").count() == 1  # ✈: recorded offline on Ben's phone
        assert page.evaluate(f"localStorage.getItem('scorekeeper:kept:{game_id}')") == "1"
    finally:
        context.close()
    assert errors == [], errors


def test_a_hand_the_server_refuses_reopens_in_the_form_with_its_words(browser, live_server):
    """A queued hand the server refuses (422: the game moved on under it on another phone)
    opens in the form with the server's sentence and the entries as they were; saved
    again, it is sent and the live scoreboard comes back. The refusal is the server's
    documented answer, given by the test: the rules the phone carries are the server's,
    so a real one needs the game changed under the phone in ways no one phone shows."""
    base = live_server
    created = api(
        base,
        "POST",
        "/api/games",
        {"game": GAME.key, "players": NAMES, "rules": GAME.default_preset, "first_dealer": 0},
    )
    game_id, key = created["id"], created["edit_key"]
    hands = simulated_hands(GAME, 1, seed=9)
    entry = entry_of(GAME, hands[0], NAMES)
    said = "נועה לא יכולה להכריז 3: סך ההכרזות יהיה 13."
    errors: list[str] = []
    context = new_phone(browser, base, "he")
    refused: list[dict] = []

    def refuse(route) -> None:
        refused.append(json.loads(route.request.post_data))
        answer = {
            "error": "contracts must not total 13",
            "field": "hands[0].hand.contracts",
            "problems": [{"field": "hands[0].hand.contracts", "error": "must not total 13"}],
            "table": [said],
            "message": said,
            "index": 0,
            "number": 1,
            "saved": [],
        }
        route.fulfill(status=422, content_type="application/json", body=json.dumps(answer))

    try:
        page = watched(context, errors)
        page.goto(created["edit_url"])
        keep_game(page, game_id, NAMES[0])
        context.set_offline(True)
        page.reload()
        kept_board(page)
        record_offline(page, entry, enter)
        context.route(f"**/games/{game_id}/offline/hands", refuse)
        context.set_offline(False)
        summary = page.locator("#kept-entry .error-summary")
        summary.wait_for(timeout=ENGINE_TIMEOUT)
        assert said in summary.inner_text()
        assert kept(page, entry) == []
        assert [h["number"] for h in refused[0]["hands"]] == [1]
        fits_the_phone(page, "offline-server-refused-he", "he")
        context.unroute(f"**/games/{game_id}/offline/hands")
        page.locator("#kept-entry #preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
        page.locator("#save").click()
        page.locator("#live").wait_for(timeout=ENGINE_TIMEOUT)
        stored_hands = hands_of(base, game_id, key)["hands"]
        assert [GAME.form_values(h) for h in stored_hands] == [GAME.form_values(hands[0])]
        by = stored(base, "SELECT offline_by FROM hands WHERE game_id = ?", game_id)
        assert by == [(NAMES[0],)]
    finally:
        context.close()
    assert errors == [], errors
