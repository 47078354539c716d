"""A phone's storage stays bounded however often the server is deployed (issue 54), in
Chromium: Keep stores one build of the engine, the service worker one copy of each shell
file, the engine one snapshot of the build it runs, and each page reaches IndexedDB
through one connection, closed when a newer version of the database asks.

``benchmarks/phone_caches.py`` runs the same deploys twenty times and prints what the
phone holds after each."""

from __future__ import annotations

import pytest

from tests.support.keep_by_itself_browser import started
from tests.support.live import until
from tests.support.offline_phone import ENGINE_TIMEOUT, keep_game, watched
from tests.support.phone_caches_browser import (
    NAME,
    built,
    deploy,
    deployable,
    held,
    kept_again,
    one_build,
)

pytestmark = pytest.mark.browser

DEPLOYS = 4
"""Deploys of a changed engine in the test (a build and a Keep each, about 4 s):
``benchmarks/phone_caches.py`` runs twenty."""


KEPT_HASH = """async (engine) => {
  const cache = await caches.open("kept-engine");
  const request = (await cache.keys()).find((r) => r.url.endsWith("/" + engine));
  const body = await (await cache.match(request)).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, 12);
}"""


def test_twenty_deploys_leave_one_engine_build_on_the_phone(browser, tmp_path):
    """Each deploy of a changed engine (here ``DEPLOYS``), then the kept game's scoreboard
    opened again: the phone holds the new build and none of the ones before, one copy of
    each shell file however often one changes, and no engine snapshot of an old build."""
    first = built(tmp_path / "deploy-0", salt="deploy 0", quality=1)
    with (
        deployable(tmp_path / "server", tmp_path / "deploy-0") as (base, app),
        watched(browser, base, "en") as context,
    ):
        created = started(base)
        page = context.new_page()
        page.goto(created["edit_url"])
        keep_game(page, created["id"], NAME)
        scoreboard = f"/games/{created['id']}"
        # The engine started once on this phone (the kept page, opened for its copy): its
        # snapshot kept, of this build.
        page.goto(f"{scoreboard}/kept#copy")
        until(
            page,
            "async () => (await (await caches.open('kept-engine-snapshot')).keys()).length",
            timeout=4 * ENGINE_TIMEOUT,
        )
        one_build(held(page), first)
        sizes = []
        for number in range(1, DEPLOYS + 1):
            manifest = deploy(app, tmp_path, number)
            engine = manifest["files"]["engine"]["name"]
            kept_again(page, scoreboard, engine, f"/static/hand.js?v=deploy{number}")
            found = held(page)
            one_build(found, manifest)
            # Stored under its address, the file itself (not a file of the same kind).
            assert page.evaluate(KEPT_HASH, engine) in engine
            (shell,) = [name for name in found if name.startswith("shell-")]
            assert f"/static/hand.js?v=deploy{number}" in [path for path, _ in found[shell]]
            sizes.append(sum(size for entries in found.values() for _path, size in entries))
        # What the phone holds does not grow with the deploys.
        assert max(sizes) == min(sizes), sizes


COUNTED = """(() => {
  const open = IDBFactory.prototype.open;
  window.scorekeeperOpens = 0;
  IDBFactory.prototype.open = function (...args) {
    window.scorekeeperOpens += 1;
    return open.apply(this, args);
  };
})()"""

NEWER_VERSION = """() => new Promise((resolve) => {
  const opening = indexedDB.open("scorekeeper-offline", 2);
  opening.onblocked = () => resolve("blocked");
  opening.onsuccess = () => { opening.result.close(); resolve("opened"); };
  opening.onerror = () => resolve("error");
})"""


def test_a_page_reaches_indexeddb_through_one_connection(browser, tmp_path):
    """Keep, then the scoreboard's snapshot refreshed at each live update: one
    ``indexedDB.open`` for the page, and that connection closes when a newer version of the
    database asks (it is not left open to block it)."""
    built(tmp_path / "build", quality=1)
    with (
        deployable(tmp_path / "server", tmp_path / "build") as (base, _app),
        watched(browser, base, "en") as context,
    ):
        context.add_init_script(COUNTED)
        created = started(base)
        page = context.new_page()
        page.goto(created["edit_url"])
        keep_game(page, created["id"], NAME)
        for _ in range(3):  # each live update refreshes the kept snapshot: read, then written
            page.evaluate("() => document.dispatchEvent(new Event('scorekeeper:live'))")
        page.wait_for_load_state("networkidle")
        opens = page.evaluate("() => window.scorekeeperOpens")
        assert opens == 1, opens
        assert page.evaluate(NEWER_VERSION) == "opened"
