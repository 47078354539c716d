"""A phone keeping a game and recording it without the network (issue 34), as the browser
tests drive it, and issue 34's evening (``offline_evening``) for each game and language."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper.engine import Game

from .test_app_conformance import LANGUAGES as ACCEPT
from .test_app_conformance import enter, entry_of, long_rules, plain_text, simulated_hands
from .test_browser import api
from .test_rtl_browser import fits_the_phone

ENGINE_TIMEOUT = 60_000  # ms: Pyodide compiles its core on a loaded machine
PHONE = (360, 800)
QUEUED = "#kept-board .hands .pending"
NUMBERS = ":is(ol.totals b, table.hands td b, table.hands td i)"  # totals, hands' points


def keep_game(page, game_id: int, name: str) -> None:
    """Taps Keep, says whose phone it is, and waits until the phone says what it kept."""
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    if page.locator("#keep[data-asked]").count() == 0:  # a started game keeps by itself
        page.locator("#keep").click()
    page.locator("#keep-whose button", has_text=name).click(timeout=ENGINE_TIMEOUT)
    page.wait_for_function(
        f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'", timeout=ENGINE_TIMEOUT
    )
    said = page.locator("#keep-status").inner_text()
    assert re.search(r"\d", said), said


def numbers(page, where: str) -> list[str]:
    """The numbers ``where`` shows, each as the API writes it (no isolates, a true minus)."""
    return [plain_text(t).replace("\u2212", "-") for t in page.locator(where).all_inner_texts()]


def marked(page, where: str) -> list[str]:
    """The hands ``where`` marks as recorded offline (``h5``…), in order."""
    offline = page.locator(f"{where} table.hands .off")
    return offline.evaluate_all("(marks) => marks.map((mark) => mark.closest('[id^=h]').id)")


def record_offline(page, entry: Any, enter: Callable[[Any, Any], None], opened=False) -> None:
    """Record on the kept scoreboard (unless the form is ``opened``), the hand's keys, its
    preview, Save (or the entry's action): the kept scoreboard shows it queued."""
    if not opened:
        page.locator("#kept-board #record").click()
        page.locator("#kept-entry form#hand").wait_for()
    enter(page, entry)
    if entry.action is None:
        page.locator("#preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
    queued = page.locator(QUEUED).count()
    page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save").click()
    page.locator(QUEUED).nth(queued).wait_for(timeout=ENGINE_TIMEOUT)


def new_phone(browser, base: str, language: str):
    """A phone 360 px wide whose browser asks for ``language``."""
    return browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        base_url=base,
        locale=language,
        extra_http_headers={"Accept-Language": ACCEPT[language]},
    )


@contextmanager
def watched(browser, base: str, language: str) -> Iterator[Any]:
    """A phone (``new_phone``) none of whose pages meets a script error while it is used."""
    context, errors = new_phone(browser, base, language), []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        yield context
    finally:
        context.close()
    assert errors == [], errors


def offline(page, language: str) -> None:
    """Offline and reloaded: the kept scoreboard in ``language``, drawn by the phone's engine."""
    page.context.set_offline(True)
    page.reload()
    page.locator("#kept-board .board").wait_for(timeout=ENGINE_TIMEOUT)
    assert page.locator("html").get_attribute("lang") == language


@contextmanager
def kept_offline(browser, base: str, language: str, created: dict[str, Any], name: str):
    """A ``watched`` phone that opens the edit link of ``created`` (the API's answer), keeps
    the game as ``name``'s phone and goes ``offline``: its page."""
    with watched(browser, base, language) as context:
        page = context.new_page()
        page.goto(created["edit_url"])
        keep_game(page, created["id"], name)
        offline(page, language)
        yield page


def stored(database: str, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(database) as connection:
        return connection.execute(sql, params).fetchall()


def offline_evening(
    browser, base: str, game: Game, names: list[str], language: str, widest: Collection[str]
) -> None:
    """Issue 34's evening in ``language`` (test_app_conformance.py tells it: kept after hand 2,
    3 to 7 recorded offline, hand 4 refused first, a second phone's 5, the server's 1 to 7).
    Only where its page is the widest (``widest``): the fit, nothing fetched before Keep, a
    watching phone's live hands ("board"); the form's address opened again offline ("form")."""

    def fits(template: str, shot: str) -> None:
        if template in widest:
            fits_the_phone(page, f"offline-{game.key}-{language}-{shot}", language)

    body = {"game": game.key, "players": names, "rules": game.default_preset}
    body |= {"settings": long_rules(game), "first_dealer": 0}
    created = api(base, "POST", "/api/games", body)
    game_id, key = created["id"], created["edit_key"]
    # Hands 1 to 7 as the phone enters them, and another hand 5 (the second phone's).
    places = (1, 2, 3, 4, 5, 6, 7, 5)
    drawn = (simulated_hands(game, 8, seed, long=True, numbers=places) for seed in range(5, 25))
    hands = next(h for h in drawn if game.form_values(h[7]) != game.form_values(h[4]))
    for hand in hands[:2]:
        api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
    entries = [entry_of(game, hand, names) for hand in hands]
    phone_name = names[1]

    with watched(browser, base, language) as context, watched(browser, base, language) as viewer:
        if "board" in widest:  # a phone watching the game: the hands come in live
            watching = viewer.new_page()
            watching.goto(created["view_url"])
            watching.locator("#live #h2").wait_for()
        page = context.new_page()
        page.goto(created["edit_url"])
        assert page.url.endswith(f"/games/{game_id}")
        # Started on a good connection, the editing phone keeps the game without a tap.
        page.wait_for_function(
            "() => document.querySelector('#keep[data-asked]')", timeout=ENGINE_TIMEOUT
        )
        keep_game(page, game_id, phone_name)
        fits("board", "kept")
        offline(page, language)

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
        fits("form", "refused")
        record_offline(page, entries[3], enter, opened=True)
        record_offline(page, entries[4], enter)

        if "form" in widest:  # closed, and opened again without the network on the form
            page.close()
            page = context.new_page()
            page.goto(f"/games/{game_id}/hands/new")
            page.locator("#kept-entry form#hand").wait_for(timeout=ENGINE_TIMEOUT)
            page.locator(QUEUED).nth(2).wait_for(state="attached")
            assert page.locator(QUEUED).count() == 3
        record_offline(page, entries[5], enter, opened="form" in widest)
        record_offline(page, entries[6], enter)
        assert page.locator(QUEUED).count() == 5
        fits("board", "board")
        shown = numbers(page, f"#kept-board {NUMBERS}")
        assert page.locator("#kept-board table.hands td i").count()  # the hands' points

        # Meanwhile another phone recorded hands 3 and 4 as this one did, and another 5.
        for hand in hands[2:4] + hands[7:]:
            api(base, "POST", f"/api/games/{game_id}/hands", hand, key)

        context.set_offline(False)
        page.locator("#kept-conflict .versions").wait_for(timeout=ENGINE_TIMEOUT)
        server_side = page.locator("#version-server").inner_text()
        phone_side = page.locator("#version-phone").inner_text()
        assert server_side and phone_side and server_side != phone_side
        fits("board", "conflict")
        with page.expect_navigation(url=re.compile(rf"/games/{game_id}$")):
            page.locator("#keep-phone").click()

        # The server's: 1 to 7 as entered, the phone's numbers, 5 to 7 marked ✈; still kept.
        now = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)
        assert [game.form_values(h) for h in now["hands"]] == [*map(game.form_values, hands[:7])]
        assert numbers(page, NUMBERS) == shown
        assert [str(t) for t in now["totals"]] == numbers(page, "ol.totals b")
        assert marked(page, "#live") == ["h5", "h6", "h7"]
        legend = page.locator("#live .legend")
        assert legend.locator(".off").count() == 1 and phone_name in legend.inner_text()
        assert page.evaluate(f"localStorage.getItem('scorekeeper:kept:{game_id}')") == "1"
        if "board" in widest:  # the watching phone: 5 to 7 came in live, marked so
            watching.locator("#live #h7 .off").wait_for(timeout=ENGINE_TIMEOUT)
            assert marked(watching, "#live") == ["h5", "h6", "h7"]
            assert phone_name in watching.locator("#live .legend").inner_text()
