"""Offline with no question first (issue 56), in Chromium at 360 px: the editing phone keeps
a started game by itself, asking nothing, after hand 1 and after hand 2; the name that marks
the hands it records offline is asked once, later, on the kept page, the table going on;
the engine's files are fetched once however the pages are left mid-download; a file planted
in the phone's cache is not used."""

from __future__ import annotations

import collections
import threading
import time
from collections.abc import Iterator

import pytest

from tests.support.app import new_app
from tests.support.keep_unasked_browser import (
    CACHED_SIZE,
    ENGINE_ZIP,
    HAND,
    HASHED_IN_PAGE,
    HASHED_IN_WORKER,
    PLANT,
    PLANTED,
    api,
    entry,
    started,
)
from tests.support.live import SHOTS, SHUTDOWN_POLL, keep_screenshot, until
from tests.support.offline_client import phone_page
from tests.support.offline_phone import ENGINE_TIMEOUT, QUEUED, offline, record_offline, watched
from tests.support.offline_walk_browser import KeepingPhone, keeping_phone_on

pytestmark = pytest.mark.browser

# A phone whose player gave their name before: no page of it has anything to ask.
NAMED = "try { localStorage.setItem('scorekeeper:phone-name', 'Ben') } catch (error) {}"
KEPT = "() => localStorage.getItem('scorekeeper:kept:%d') === '1'"
RECORD = """(id) => new Promise((resolve) => {
  const opening = indexedDB.open("scorekeeper-offline", 1);
  opening.onsuccess = () => {
    const asked = opening.result.transaction("games").objectStore("games").get(id);
    asked.onsuccess = () => { opening.result.close(); resolve(asked.result || null); };
  };
})"""


PART = 16 * 1024  # bytes of an engine's file sent at a time


class Counted:
    """The app, counting the bytes of every answer's body by path; the engine's files sent
    slowly (a part every few ms), so that a page can be left while one is on its way."""

    def __init__(self, app) -> None:
        self.app, self.sent = app, collections.Counter()
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        slow = path.startswith("/engine/")
        for whole in self.app(environ, start_response):
            for start in range(0, len(whole), PART if slow else max(1, len(whole))):
                part = whole[start : start + PART] if slow else whole
                with self.lock:
                    self.sent[path] += len(part)
                if slow:
                    time.sleep(0.01)
                yield part


@pytest.fixture
def counted_server(tmp_path):
    from werkzeug.serving import make_server

    app = new_app(tmp_path, WTF_CSRF_ENABLED=True, TESTING=False)
    counter = Counted(app.wsgi_app)
    app.wsgi_app = counter
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, args=(SHUTDOWN_POLL,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", counter
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()


@pytest.fixture(scope="module")
def phones(browser, tmp_path_factory) -> Iterator[KeepingPhone]:
    """One live server and one phone that keeps each language's game on it, as a real phone
    keeps several (``KeepingPhone``): the engine's files are downloaded into it once for
    the module. Its name is forgotten before each test (``phone_page``): asked again."""
    with keeping_phone_on(browser, tmp_path_factory.mktemp("keep-unasked")) as found:
        yield found


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_phone_keeps_the_game_asking_nothing_and_asks_its_name_once_later(phones, language):
    from tests.support.game_page_matrix import enter

    # A phone that started the engine before (its snapshot): the first start is not the point.
    with phone_page(phones, language) as page:
        context = page.context
        created = started(page, hands=1)
        game_id = created["id"]
        page.goto(created["edit_url"])
        page.wait_for_function(KEPT % game_id, timeout=ENGINE_TIMEOUT)
        # Kept after hand 1 with nothing asked, nothing waiting for an answer.
        assert page.locator("#keep-whose").count() == 0
        keep_screenshot(page, SHOTS / "offline" / f"unasked-hand-1-{language}.png")
        api(page, "POST", f"/api/games/{game_id}/hands", HAND, created["edit_key"])
        page.reload()
        page.locator("#live #h2").wait_for()
        page.wait_for_function(KEPT % game_id)
        # keep.js brings the kept game up to date: hand 2 is in it.
        until(
            page,
            f"async (id) => ({RECORD})(id).then((r) => r.snapshot.hands.length === 2)",
            game_id,
        )
        assert page.locator("#keep-whose").count() == 0
        keep_screenshot(page, SHOTS / "offline" / f"unasked-hand-2-{language}.png")
        assert until(page, RECORD, game_id)["by"] is None

        # Without the network: the hand is queued at once; then the name is asked, once,
        # under the board's button, and the table may go on without answering.
        offline(page, language)
        assert page.locator("#keep-whose").count() == 0  # nothing queued: nothing to mark
        record_offline(page, entry(), enter)
        question = page.locator("#kept-board #keep-whose")
        question.wait_for()
        box = question.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
        keep_screenshot(page, SHOTS / "offline" / f"asked-later-{language}.png")
        record_offline(page, entry(), enter)  # unanswered, the table goes on
        assert page.locator(QUEUED).count() == 2 and question.count() == 1
        question.locator("button", has_text="Dana").click()
        assert page.locator("#keep-whose").count() == 0
        assert until(page, RECORD, game_id)["by"] == "Dana"

        # Back online, the hands go, marked with the name given.
        context.set_offline(False)
        page.wait_for_url(f"**/games/{game_id}", timeout=ENGINE_TIMEOUT)
        page.locator("#live #h4").wait_for(timeout=ENGINE_TIMEOUT)
        legend = page.locator("#live .legend").inner_text()
        assert "Dana" in legend
        # Asked once: the next kept game where Dana sits is kept as hers, asked nothing.
        again = started(page, hands=1)
        page.goto(again["edit_url"])
        page.wait_for_function(KEPT % again["id"], timeout=ENGINE_TIMEOUT)
        assert until(page, RECORD, again["id"])["by"] == "Dana"


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_page_left_mid_download_loses_nothing_fetched(browser, counted_server, language):
    """The scoreboard starts keeping the game, the phone goes to another page while the
    engine's largest file is on its way, then comes back: every file of the engine came
    over the wire once, whatever page the phone was on, within 3 MB in Hebrew (whose words
    the phone fetches too) as in English."""
    base, counter = counted_server
    with watched(browser, base, language) as context:
        context.add_init_script(NAMED)
        page = context.new_page()
        created = started(page, hands=1)
        page.goto(created["edit_url"])
        core = page.locator("#keep").get_attribute("data-early").split()[0].split("#")[0]
        deadline = time.monotonic() + 60
        while counter.sent[core] < 200_000 and time.monotonic() < deadline:
            page.wait_for_timeout(50)
        assert counter.sent[core] > 0, "the engine's core was not on its way"
        page.goto("/")  # left mid-download
        page.wait_for_timeout(500)
        page.goto(f"/games/{created['id']}")
        page.wait_for_function(KEPT % created["id"], timeout=ENGINE_TIMEOUT)
        sizes = {
            item["url"]: item.get("sent", item["size"])
            for item in page.evaluate(
                "async (url) => JSON.parse(new DOMParser().parseFromString("
                "await (await fetch(url)).text(), 'text/html')"
                ".getElementById('kept-setup').textContent).downloads",
                f"/games/{created['id']}/kept",
            )
        }
    engine = {path: sent for path, sent in counter.sent.items() if path.startswith("/engine/")}
    for path, sent in engine.items():
        listed = sizes.get(path)
        assert listed is None or sent <= listed, (path, sent, listed)  # each file once
    assert sum(engine.values()) <= 3_000_000


def test_a_file_planted_in_the_phones_cache_is_not_used(browser, live_server):
    """A file under the engine's address whose bytes are not the file's (planted, or cut
    short): Keep fetches the file again, and the phone holds the server's bytes."""
    with watched(browser, live_server, "en") as context:
        context.add_init_script(NAMED)
        page = context.new_page()
        created = started(page, hands=0)
        page.goto(created["edit_url"])
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
        stdlib = next(
            url.split("#")[0]
            for url in page.locator("#keep").get_attribute("data-early").split()
            if "/engine/stdlib-" in url
        )
        page.evaluate(
            """async (url) => (await caches.open("kept-engine")).put(url, new Response(
              "print('planted')", { headers: { "Content-Type": "application/zip" } }))""",
            stdlib,
        )
        api(page, "POST", f"/api/games/{created['id']}/hands", HAND, created["edit_key"])
        page.reload()
        page.wait_for_function(KEPT % created["id"], timeout=ENGINE_TIMEOUT)
        # The file fetched again is stored as the service worker finishes writing it,
        # which on a busy machine may come a moment after the game reads as kept.
        size = """async (url) => {
          const kept = await (await caches.open("kept-engine")).match(url);
          return kept ? (await kept.arrayBuffer()).byteLength : 0;
        }"""
        until(page, f"async (url) => (await ({size})(url)) > 1000", stdlib, ENGINE_TIMEOUT)
        held = page.evaluate(size, stdlib)
        served = page.request.get(stdlib, headers={"Accept-Encoding": "identity"}).body()
        assert held == len(served) > 1000


def test_a_kept_phone_checks_the_engine_once_a_build_and_never_runs_a_file_planted_after(
    browser, live_server
):
    """Issue 82: the phone checks the engine's files byte for byte once a build (when it
    keeps the game); a scoreboard load afterwards hashes none of their bytes, and does
    not look at a file planted in the cache since; the service worker does, where the
    engine starts: the planted file goes and the engine runs on the server's bytes."""
    with watched(browser, live_server, "en") as context:
        context.add_init_script(NAMED)
        context.add_init_script(HASHED_IN_PAGE)
        page = context.new_page()
        created = started(page, hands=1)
        page.goto(created["edit_url"])
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
        page.wait_for_function(KEPT % created["id"], timeout=ENGINE_TIMEOUT)
        page.locator("#keep[data-stored]").wait_for(state="attached", timeout=ENGINE_TIMEOUT)
        worker = context.service_workers[0]
        worker.evaluate(HASHED_IN_WORKER)
        # The engine's zip: every start of the engine reads it, from a snapshot or not.
        stdlib = page.evaluate(ENGINE_ZIP)
        whole = page.evaluate(CACHED_SIZE, stdlib)
        assert whole > 1000

        def scoreboard_load() -> int:
            page.evaluate("sessionStorage.setItem('test:hashed', '0')")
            worker.evaluate("self.hashed = 0")
            page.reload()
            page.locator("#keep[data-stored]").wait_for(state="attached", timeout=ENGINE_TIMEOUT)
            return int(page.evaluate("sessionStorage.getItem('test:hashed')")) + int(
                worker.evaluate("self.hashed")
            )

        assert scoreboard_load() == 0
        page.evaluate(PLANT, stdlib)
        assert scoreboard_load() == 0
        assert page.evaluate(CACHED_SIZE, stdlib) == PLANTED  # not looked at
        # Where the engine starts (the kept page, opened online for this phone's copy), the
        # worker checks each file: the planted one goes, and the engine runs on the server's.
        worker.evaluate("self.hashed = 0")
        page.goto(f"/games/{created['id']}/kept#copy")
        page.locator("#kept-checking").wait_for(state="hidden", timeout=ENGINE_TIMEOUT)
        page.locator("#kept-board .board").wait_for(timeout=ENGINE_TIMEOUT)
        assert page.evaluate(CACHED_SIZE, stdlib) != PLANTED
        assert worker.evaluate("self.hashed") >= whole
        # The next scoreboard stores the file again, checked as it comes.
        page.goto(f"/games/{created['id']}")
        page.locator("#keep[data-stored]").wait_for(state="attached", timeout=ENGINE_TIMEOUT)
        until(
            page, f"async (url) => (await ({CACHED_SIZE})(url)) === {whole}", stdlib, ENGINE_TIMEOUT
        )
