"""A phone keeping a game and recording it without the network (issues 34 and 44), as the
browser tests drive it. Issue 44's walk for each game and language is
tests/support/offline_walk.py."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.support.game_page_matrix import LANGUAGES as ACCEPT
from tests.support.game_page_matrix import plain_text

ENGINE_TIMEOUT = 60_000  # ms: Pyodide compiles its core on a loaded machine
PHONE = (360, 800)
QUEUED = "#kept-board .hands .pending"
NUMBERS = ":is(ol.totals b, table.hands td b, table.hands td i)"  # totals, hands' points


def keep_game(page, game_id: int, name: str) -> None:
    """Taps Keep and waits until the phone says what it kept: nothing is asked (issue 56).
    The phone's player gave ``name`` before (as on the kept page, once), so the hands it
    records without the network are marked with it."""
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    page.evaluate("(name) => localStorage.setItem('scorekeeper:phone-name', name)", name)
    # A started game keeps by itself, once the page's worker is ready: asked and tapped in
    # one go, or it could start keeping between the two and the tap find Keep disabled.
    page.locator("#keep").wait_for(state="visible")
    page.evaluate(
        "() => { const keep = document.getElementById('keep'); "
        "if (!keep.dataset.asked && !keep.disabled) keep.click(); }"
    )
    page.wait_for_function(
        f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'", timeout=ENGINE_TIMEOUT
    )
    assert page.locator("#keep-whose").count() == 0  # never asked before keeping
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


def new_phone(browser, base: str, language: str, seeded: bool = False):
    """A phone 360 px wide whose browser asks for ``language``; ``seeded``, one that has
    started the engine before (its snapshot: ``engine_seed.seeded``)."""
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        base_url=base,
        locale=language,
        extra_http_headers={"Accept-Language": ACCEPT[language]},
    )
    if seeded:
        from tests.support.engine_seed import seeded as with_snapshot

        with_snapshot(context, base)
    return context


@contextmanager
def watched(browser, base: str, language: str, seeded: bool = False) -> Iterator[Any]:
    """A phone (``new_phone``) none of whose pages meets a script error while it is used."""
    context, errors = new_phone(browser, base, language, seeded), []
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
    the game as ``name``'s phone and goes ``offline``: its page. The phone has started
    the engine before (``seeded``): what is checked is the kept game, not a first start."""
    with watched(browser, base, language, seeded=True) as context:
        page = context.new_page()
        kept_and_offline(page, language, created, name)
        yield page


def kept_and_offline(page, language: str, created: dict[str, Any], name: str) -> None:
    """``page`` opens the edit link of ``created`` (the API's answer), keeps the game as
    ``name``'s phone and goes ``offline``."""
    page.goto(created["edit_url"])
    keep_game(page, created["id"], name)
    offline(page, language)


def stored(database: str, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(database) as connection:
        return connection.execute(sql, params).fetchall()


def started_game(base: str, rules: Any, players: list[str], first: dict) -> tuple[dict, int, str]:
    """A game of ``rules`` (its default preset, the first player dealing) created through
    the API of the live server ``base``, its hand 1 ``first`` recorded: the API's answer,
    the game's id and its edit key."""
    from tests.support.browser import api

    body = {"game": rules.key, "players": players, "rules": rules.default_preset, "first_dealer": 0}
    created = api(base, "POST", "/api/games", body)
    game_id, key = created["id"], created["edit_key"]
    api(base, "POST", f"/api/games/{game_id}/hands", first, key)
    return created, game_id, key


# Holds the engine in the phone from starting on the page's next loads while the tab's
# ``test:hold-engine`` is set: the worker's messages wait until ``releaseEngine()``. What a
# page shows meanwhile is what a table sees while a slow phone starts its engine (issue 69).
HOLD_ENGINE = """(() => {
  if (window.engineHeld || sessionStorage.getItem("test:hold-engine") !== "1") return;
  let release = null;
  const released = new Promise((resolve) => { release = resolve; });
  window.engineHeld = true;
  window.releaseEngine = () => { sessionStorage.removeItem("test:hold-engine"); release(); };
  window.Worker = class extends window.Worker {
    postMessage(...message) { released.then(() => super.postMessage(...message)); }
  };
})()"""


# The phone's kept record of game ``id`` (IndexedDB: static/kept-store.js), or null.
KEPT_RECORD = """(id) => new Promise((resolve) => {
  const opening = indexedDB.open("scorekeeper-offline");
  opening.onsuccess = () => {
    const db = opening.result;
    const asked = db.transaction("games").objectStore("games").get(id);
    asked.onsuccess = () => { db.close(); resolve(asked.result || null); };
    asked.onerror = () => { db.close(); resolve(null); };
  };
  opening.onerror = () => resolve(null);
})"""

# Whether kept game ``id``'s record holds the board drawn for its snapshot as it is (the
# scoreboard asks for the snapshot, with the views drawn, each time it opens).
DRAWN_NOW = f"""(id) => ({KEPT_RECORD})(id).then((kept) => {{
  const board = kept && kept.drawn && kept.drawn.board;
  return Boolean(board) && JSON.parse(board.mark)[0] === kept.snapshot.version;
}})"""


def copy_up_to_date(page, game_id: int) -> None:
    """Until the phone's kept copy of the game holds the board drawn for the game as the
    scoreboard it shows has it (issue 69)."""
    from tests.support.live import until

    until(page, DRAWN_NOW, game_id, timeout=ENGINE_TIMEOUT)


def reload_before_the_engine(page, language: str) -> None:
    """Reloaded without the network, the engine in the phone held from starting (``HOLD_ENGINE``):
    the kept board is shown with the totals the server's scoreboard showed and its button
    to record, and, tapped, the form for the next hand with its keys, while the page says
    it checks the rules (issue 69). The engine is still held when this returns: release
    it with ``releaseEngine()``."""
    totals = numbers(page, "ol.totals b")
    page.add_init_script(HOLD_ENGINE)
    page.evaluate("sessionStorage.setItem('test:hold-engine', '1')")
    page.reload()
    page.locator("#kept-board .board").wait_for()
    assert page.evaluate("window.engineHeld") is True
    assert page.locator("html").get_attribute("lang") == language
    checking = page.locator("#kept-checking")
    assert checking.is_visible() and checking.inner_text().strip()
    assert numbers(page, "#kept-board ol.totals b") == totals
    page.locator("#kept-board #record").click()
    form = page.locator("#kept-entry form#hand")
    form.wait_for()
    assert form.locator("#save").is_visible() and form.locator("input[type=radio], input").count()
    assert page.locator("#kept-board").is_hidden() and checking.is_visible()


def saved_once_the_engine_is_ready(page, entry: Any, enter: Callable[[Any, Any], None]) -> None:
    """On the form shown before the engine is ready (``reload_before_the_engine``), the hand
    entered and Save tapped: nothing is queued and the form's buttons are held, the page
    saying why, until the engine is let start; then the hand is checked and queued."""
    enter(page, entry)
    key = page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save")
    key.click()
    assert key.is_disabled() and page.locator(QUEUED).count() == 0
    assert page.locator("#kept-status").inner_text().strip()
    page.evaluate("releaseEngine()")
    page.locator("#kept-checking").wait_for(state="hidden", timeout=ENGINE_TIMEOUT)
    page.locator(QUEUED).first.wait_for(timeout=ENGINE_TIMEOUT)
