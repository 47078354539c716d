"""A phone that edits a started game keeps it by itself (issue 44), in Chromium at 360 px:
without a tap on a good connection; with the data saver on, only once asked, the answer
held for the phone; a phone without the edit key never."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.keep_by_itself_browser import (
    GAME,
    HAND,
    NAMES,
    fetched,
    keeping,
    kept_here,
    opened,
    started,
)
from tests.support.live import SHOTS, keep_screenshot, until
from tests.support.offline_client import phone_page
from tests.support.offline_phone import ENGINE_TIMEOUT, watched
from tests.support.offline_walk_browser import KeepingPhone, keeping_phone_on

pytestmark = pytest.mark.browser

SAVING_DATA = """Object.defineProperty(Navigator.prototype, "connection", {
  get: () => ({ saveData: true, effectiveType: "4g", type: "wifi" }) })"""


def test_an_editing_phone_keeps_a_started_game_without_a_tap(browser, live_server):
    fresh, begun = started(live_server, hands=0), started(live_server)
    with watched(browser, live_server, "en") as context:
        asked = fetched(context)
        page = context.new_page()
        opened(page, fresh["edit_url"])  # not started: nothing to keep yet
        assert keeping(asked) == [] and not page.locator("#keep[data-asked]").count()
        opened(page, begun["edit_url"])
        # The game is on the phone, untapped and unasked (issue 56).
        page.wait_for_function(
            f"() => localStorage.getItem('scorekeeper:kept:{begun['id']}') === '1'",
            timeout=ENGINE_TIMEOUT,
        )
        assert page.locator("#keep-whose").count() == 0
        assert any("/engine/stdlib-" in url for url in asked)
        assert not any(url.endswith("python_stdlib.zip") for url in asked)


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_phone_saving_data_asks_once_and_downloads_nothing_until_asked(
    browser, live_server, language
):
    first, second = started(live_server), started(live_server)
    with watched(browser, live_server, language) as context:
        context.add_init_script(SAVING_DATA)
        asked = fetched(context)
        page = context.new_page()
        opened(page, first["edit_url"])
        ask = page.locator("#keep-ask")
        ask.wait_for()
        ask.scroll_into_view_if_needed()
        keep_screenshot(page, SHOTS / "offline" / f"keep-ask-{language}.png")
        box = ask.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert keeping(asked) == []
        page.locator("#keep-ask-no").click()
        assert not ask.is_visible()
        # The answer holds: not asked again, for this game or another, and nothing fetched.
        for created in (first, second):
            opened(page, created["edit_url"])
            assert not page.locator("#keep-ask").is_visible()
        assert keeping(asked) == [] and not kept_here(page, first["id"])
        # Keep stays an explicit choice on it.
        assert page.locator("#keep").is_visible()

    with watched(browser, live_server, language) as context:
        context.add_init_script(SAVING_DATA)
        asked = fetched(context)
        page = context.new_page()
        opened(page, first["edit_url"])
        page.locator("#keep-ask-yes").click()
        page.wait_for_function(
            f"() => localStorage.getItem('scorekeeper:kept:{first['id']}') === '1'",
            timeout=ENGINE_TIMEOUT,
        )
        # Yes holds too: the next started game is kept without asking.
        opened(page, second["edit_url"])
        assert not page.locator("#keep-ask").is_visible()
        page.wait_for_function(
            f"() => localStorage.getItem('scorekeeper:kept:{second['id']}') === '1'",
            timeout=ENGINE_TIMEOUT,
        )


def test_a_phone_without_the_edit_key_keeps_nothing(browser, live_server):
    """A watching phone (the view link) and a stranger who guesses the kept page's address:
    nothing is kept, nothing of the engine or the game's snapshot fetched."""
    created = started(live_server)
    with watched(browser, live_server, "en") as context:
        asked = fetched(context)
        page = context.new_page()
        opened(page, created["view_url"])
        assert page.locator("#live #h1").count() == 1
        assert page.locator("#keep").count() == 0 and page.locator("#keep-ask").count() == 0
        assert keeping(asked) == [] and not kept_here(page, created["id"])
        for path in ("kept", "offline"):
            answer = page.request.get(f"/games/{created['id']}/{path}")
            assert answer.status in (403, 404), path


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_phone_whose_storage_is_full_says_so_and_keeps_nothing(browser, live_server, language):
    """The phone's storage holds 2 MB (Chromium's quota, overridden): Keep says the
    storage is full in the table's words, and nothing is marked or kept."""
    created = started(live_server)
    with watched(browser, live_server, language) as context:
        page = context.new_page()
        quota = {"origin": live_server, "quotaSize": 2_000_000}
        context.new_cdp_session(page).send("Storage.overrideQuotaForOrigin", quota)
        opened(page, created["edit_url"])
        status = page.locator("#keep-status")
        full = {"en": "storage is full", "he": "האחסון של הטלפון הזה מלא"}[language]
        status.filter(has_text=full).wait_for(timeout=ENGINE_TIMEOUT)
        status.scroll_into_view_if_needed()
        keep_screenshot(page, SHOTS / "offline" / f"keep-full-{language}.png")
        assert not kept_here(page, created["id"])
        record = page.evaluate(
            """(id) => new Promise((resolve) => {
              const opening = indexedDB.open("scorekeeper-offline", 1);
              opening.onupgradeneeded = () =>
                opening.result.createObjectStore("games", { keyPath: "id" });
              opening.onsuccess = () => {
                const asked = opening.result.transaction("games").objectStore("games").get(id);
                asked.onsuccess = () => resolve(asked.result || null);
              };
            })""",
            created["id"],
        )
        assert record is None


# The engine held back: the phone's worker gets no message until the test lets it (a slow
# phone's Pyodide still starting), so that what is shown before it is ready can be seen.
HOLD_ENGINE = """(() => {
  const Real = globalThis.Worker, held = [];
  let released = false;
  globalThis.releaseEngine = () => { released = true; held.splice(0).forEach((send) => send()); };
  globalThis.Worker = class extends Real {
    postMessage(...message) {
      if (released) super.postMessage(...message);
      else held.push(() => super.postMessage(...message));
    }
  };
})()"""
# The board and the next hand's form as the engine drew them for the game as it now is
# (its queue with the hand just saved), kept in its record: not an earlier hand's views.
DRAWN = """(id) => new Promise((resolve) => {
  const language = JSON.parse(document.getElementById("kept-setup").textContent).language;
  const opening = indexedDB.open("scorekeeper-offline", 1);
  opening.onsuccess = () => {
    const asked = opening.result.transaction("games").objectStore("games").get(id);
    asked.onsuccess = () => {
      const record = asked.result;
      opening.result.close();
      resolve(Boolean(record && KeptDrawn.drawn(record, language, "board")
        && KeptDrawn.drawn(record, language, "form")));
    };
  };
})"""


@pytest.fixture(scope="module")
def phones(browser, tmp_path_factory) -> Iterator[KeepingPhone]:
    """One live server and one phone that keeps each language's game on it
    (``KeepingPhone``), as a real phone keeps several."""
    with keeping_phone_on(browser, tmp_path_factory.mktemp("keep-cold")) as found:
        yield found


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_cold_offline_load_shows_the_last_sheet_and_form_before_the_engine_is_ready(
    phones, language
):
    """Reloaded without the network while the engine is still starting: the scoreboard the
    engine last drew and the form for the next hand are there at once, their keys answer,
    and a Save says the phone is getting ready, then goes through the engine."""
    from tests.support.game_page_matrix import enter, entry_of, kept
    from tests.support.offline_phone import QUEUED, keep_game, offline, record_offline

    created = started(phones.base, hands=2)
    entry = entry_of(GAME, HAND, NAMES)
    # A phone that started the engine before (its snapshot): held back below all the same.
    with phone_page(phones, language) as page:
        page.goto(created["edit_url"])
        keep_game(page, created["id"], "Ben")
        offline(page, language)
        record_offline(page, entry, enter)
        until(page, DRAWN, created["id"], timeout=ENGINE_TIMEOUT)
        sheet = page.locator("#kept-board table.hands").inner_text()

        page.add_init_script(HOLD_ENGINE)  # this page's loads: not the phone's next tests'
        page.reload()
        page.locator("#kept-board #record").wait_for(timeout=10_000)
        assert page.locator("#kept-board table.hands").inner_text() == sheet
        assert page.locator(QUEUED).count() == 1
        page.locator("#kept-board #record").click()
        page.locator("#kept-entry form#hand").wait_for(timeout=10_000)
        enter(page, entry)
        assert kept(page, entry) == []  # every key tapped answered
        page.locator("#save").click()
        ready = {"en": "Getting ready", "he": "מתכוננים"}[language]
        status = page.locator("#kept-status")
        status.filter(has_text=ready).wait_for(timeout=10_000)
        keep_screenshot(page, SHOTS / "offline" / f"kept-getting-ready-{language}.png")
        assert page.locator(QUEUED).count() == 1  # nothing queued before the engine read it
        assert page.locator("#save").is_disabled()  # a second tap would queue it twice

        page.evaluate("() => releaseEngine()")
        page.locator(QUEUED).nth(1).wait_for(timeout=ENGINE_TIMEOUT)
        assert ready not in status.inner_text() and page.locator(QUEUED).count() == 2
        keep_screenshot(page, SHOTS / "offline" / f"kept-saved-after-ready-{language}.png")
