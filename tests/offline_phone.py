"""A phone keeping a game and recording it without the network (issue 34), as the browser
tests drive it: the evening of the issue's "Done when" (``offline_evening``), which the
app conformance suite plays for every registered game and tests/test_offline_client.py
for Israeli Whist in the other language."""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from scorekeeper.engine import Game

ENGINE_TIMEOUT = 60_000  # ms: Pyodide compiles its core on a loaded machine
PHONE = (360, 800)


def keep_game(page, game_id: int, name: str) -> None:
    """Taps "Keep this game on this phone", says whose phone it is, and waits until the
    phone says it is kept (with what it took)."""
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    page.locator("#keep").click()
    page.locator("#keep-whose button", has_text=name).click()
    page.wait_for_function(
        f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'", timeout=ENGINE_TIMEOUT
    )
    said = page.locator("#keep-status").inner_text()
    assert re.search(r"\d", said), said


def kept_board(page) -> None:
    """Waits for the kept page's scoreboard, drawn by the engine in the phone."""
    page.locator("#kept-board .board").wait_for(timeout=ENGINE_TIMEOUT)


def number_of(text: str) -> str:
    """A number as a page shows it (isolated, a true minus) as the API writes it."""
    text = unicodedata.normalize("NFKC", re.sub("[\u2066-\u2069\u200e\u200f]", "", text))
    return text.replace("\u2212", "-").strip()


def totals_shown(page) -> list[str]:
    return [number_of(t) for t in page.locator("#kept-board ol.totals b").all_inner_texts()]


def row_totals(page, number: int, where: str) -> list[str]:
    return [number_of(t) for t in page.locator(f"{where} #h{number} td b").all_inner_texts()]


def row_points(page, number: int, where: str) -> list[str]:
    """A hand's points as its row shows them, a cell at a time (none for a deal nobody
    played)."""
    return [number_of(t) for t in page.locator(f"{where} #h{number} td i").all_inner_texts()]


def save_entered(page, entry: Any, enter: Callable[[Any, Any], None]) -> None:
    """On the kept page's open hand form: the hand's keys (``enter``), its preview, Save
    (or the entry's action); the kept scoreboard shows it, queued."""
    enter(page, entry)
    if entry.action is None:
        page.locator("#preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
    queued = page.locator("#kept-board .hands .pending").count()
    page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save").click()
    page.locator("#kept-board .hands .pending").nth(queued).wait_for(timeout=ENGINE_TIMEOUT)


def record_offline(page, entry: Any, enter: Callable[[Any, Any], None]) -> None:
    """Record on the kept scoreboard, then the hand as ``save_entered`` saves it."""
    page.locator("#kept-board #record").click()
    page.locator("#kept-entry form#hand").wait_for()
    save_entered(page, entry, enter)


def watched(context, errors: list[str]):
    """A new page of ``context`` whose script errors are kept in ``errors``."""
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def new_phone(browser, base: str, language: str):
    """A phone 360 px wide whose browser asks for ``language``."""
    from .test_app_conformance import LANGUAGES

    return browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        base_url=base,
        locale=language,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )


@contextmanager
def kept_offline(browser, base: str, language: str, created: dict[str, Any], name: str):
    """A phone in ``language`` that opens a new game's edit link (``created``: the API's
    answer), keeps the game as ``name``'s phone and loses the network: the page, on the
    kept scoreboard (``conftest.watched_page``: no script error on it)."""
    from .conftest import watched_page
    from .test_app_conformance import LANGUAGES

    viewport = {"width": PHONE[0], "height": PHONE[1]}
    headers = {"Accept-Language": LANGUAGES[language]}
    with watched_page(browser, base, viewport, locale=language, extra_http_headers=headers) as page:
        page.goto(created["edit_url"])
        keep_game(page, created["id"], name)
        page.context.set_offline(True)
        page.reload()
        kept_board(page)
        yield page


def stored(database: str, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(database) as connection:
        return connection.execute(sql, params).fetchall()


def offline_evening(browser, base: str, game: Game, names: list[str], language: str) -> None:
    """The evening of issue 34's "Done when", on a phone 360 px wide in ``language``.

    The phone opens the game's edit link after hand 2 and keeps the game (nothing of it
    fetched before Keep is tapped), loses the network, and records hands 3 to 7 through
    the hand form its own engine draws: hand 4 saved empty first, refused in the table's
    words, then entered. After hand 5 it is closed and opened again on the hand form's
    address, without the network; its queue is still there.
    Meanwhile a second phone records hands 3 and 4 as this one did and another hand 5.
    Back online, the phone sends its queue: 3 and 4 are the server's already, hand 5 shows
    both versions side by side and this phone's is kept (the other stays in the
    revisions), 6 and 7 follow, and the server holds hands 1 to 7 with the points and
    totals the phone showed, marked as recorded on this phone. A third phone watching
    the game's view link all along sees them come in live, marked so, with no reload."""
    from .conftest import SERVED
    from .test_app_conformance import enter, entry_of, long_rules, simulated_hands
    from .test_browser import api
    from .test_rtl_browser import fits_the_phone

    created = api(
        base,
        "POST",
        "/api/games",
        {
            "game": game.key,
            "players": names,
            "rules": game.default_preset,
            "settings": long_rules(game),
            "first_dealer": 0,
        },
    )
    game_id, key = created["id"], created["edit_key"]
    # Hands 1 to 7 as the phone enters them, and another hand 5 (the second phone's).
    for seed in range(5, 25):
        hands = simulated_hands(game, 8, seed, long=True, numbers=(1, 2, 3, 4, 5, 6, 7, 5))
        if game.form_values(hands[7]) != game.form_values(hands[4]):
            break
    other_five = hands[7]
    assert game.form_values(other_five) != game.form_values(hands[4])
    for hand in hands[:2]:
        api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
    entries = [entry_of(game, hand, names) for hand in hands]
    shot = f"offline-{game.key}-{language}"
    phone_name = names[1]

    errors: list[str] = []
    context = new_phone(browser, base, language)
    viewer = new_phone(browser, base, language)
    try:
        watching = watched(viewer, errors)
        watching.goto(created["view_url"])
        watching.locator("#live #h2").wait_for()
        page = watched(context, errors)
        asked: list[str] = []
        context.on("request", lambda request: asked.append(request.url))
        page.goto(created["edit_url"])
        assert page.url.endswith(f"/games/{game_id}")
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
        page.wait_for_timeout(300)
        # Nothing of it comes before Keep is tapped.
        assert not [url for url in asked if "/engine/" in url or "keep.js" in url or "/kept" in url]
        keep_game(page, game_id, phone_name)
        fits_the_phone(page, f"{shot}-kept", language)

        context.set_offline(True)
        page.reload()
        kept_board(page)
        assert page.locator("html").get_attribute("lang") == language

        # Hand 3; hand 4 saved empty first (refused in the table's words), then entered.
        record_offline(page, entries[2], enter)
        page.locator("#kept-board #record").click()
        page.locator("#kept-entry form#hand").wait_for()
        # Folded as the server's form folds it: nothing entered in them, closed.
        assert page.locator("#kept-entry details.folded[open]").count() == 0
        page.locator("#kept-entry #save").click()
        summary = page.locator("#kept-entry .error-summary")
        summary.wait_for(timeout=ENGINE_TIMEOUT)
        refusal = summary.locator("li").all_inner_texts()
        assert refusal and not any(re.search(r"[a-z]+_[a-z]+|\[\d\]", said) for said in refusal)
        fits_the_phone(page, f"{shot}-refused", language)
        save_entered(page, entries[3], enter)
        record_offline(page, entries[4], enter)

        # Closed, and opened again without the network on the hand form's address: the
        # queue is still there. (The page loaded again without the network, above, is the
        # reload; each load starts the phone's engine afresh, the slowest step here.)
        page.close()
        page = watched(context, errors)
        page.goto(f"/games/{game_id}/hands/new")
        page.locator("#kept-entry form#hand").wait_for(timeout=ENGINE_TIMEOUT)
        page.locator("#kept-board .hands .pending").nth(2).wait_for(state="attached")
        assert page.locator("#kept-board .hands .pending").count() == 3
        save_entered(page, entries[5], enter)
        record_offline(page, entries[6], enter)
        assert page.locator("#kept-board .hands .pending").count() == 5
        fits_the_phone(page, f"{shot}-board", language)
        shown_totals = totals_shown(page)
        shown_rows = {n: row_totals(page, n, "#kept-board") for n in range(3, 8)}
        shown_points = {n: row_points(page, n, "#kept-board") for n in range(3, 8)}
        assert any(shown_points.values())

        # Meanwhile another phone recorded hands 3 and 4 as this one did, and another 5.
        for hand in (hands[2], hands[3], other_five):
            api(base, "POST", f"/api/games/{game_id}/hands", hand, key)

        context.set_offline(False)
        page.locator("#kept-conflict .versions").wait_for(timeout=ENGINE_TIMEOUT)
        server_side = page.locator("#version-server").inner_text()
        phone_side = page.locator("#version-phone").inner_text()
        assert server_side and phone_side and server_side != phone_side
        fits_the_phone(page, f"{shot}-conflict", language)
        with page.expect_navigation(url=re.compile(rf"/games/{game_id}$")):
            page.locator("#keep-phone").click()

        now = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)
        assert [h["number"] for h in now["hands"]] == [1, 2, 3, 4, 5, 6, 7]
        assert [str(t) for t in now["totals"]] == shown_totals
        for number in range(3, 8):
            entered = game.form_values(hands[number - 1])
            assert game.form_values(now["hands"][number - 1]) == entered, number
            on_server = row_totals(page, number, "table.hands")
            assert on_server == shown_rows[number], (number, on_server, shown_rows[number])
            points = row_points(page, number, "table.hands")
            assert points == shown_points[number], (number, points, shown_points[number])
        database = SERVED[base]
        by = dict(
            stored(database, "SELECT number, offline_by FROM hands WHERE game_id = ?", game_id)
        )
        assert [by[n] for n in range(1, 8)] == [None] * 4 + [phone_name] * 3
        # Nothing lost: the other phone's hand 5 is in its revisions.
        fives = stored(
            database,
            "SELECT hand FROM hand_revisions WHERE game_id = ? AND number = 5 ORDER BY revision",
            game_id,
        )
        assert [game.form_values(json.loads(h)) for (h,) in fives][:1] == [
            game.form_values(other_five)
        ]
        assert page.locator(".legend .off").count() == 1  # ✈: recorded offline on this phone
        assert page.evaluate(f"localStorage.getItem('scorekeeper:kept:{game_id}')") == "1"
        # The phone watching the game: hands 5 to 7 came in live, marked as this phone's.
        watching.locator("#live #h7 .off").wait_for(timeout=ENGINE_TIMEOUT)
        marked = watching.locator("#live .hands .off").evaluate_all(
            "(marks) => marks.map((mark) => mark.closest('[id^=h]').id)"
        )
        assert marked == ["h5", "h6", "h7"]
        assert phone_name in watching.locator("#live .legend").inner_text()
    finally:
        context.close()
        viewer.close()
    assert errors == [], errors
