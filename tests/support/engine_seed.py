"""The phone's engine snapshot made once a test run (``shared_snapshot``: the workers of a
parallel run share the first one's) and given to each fresh phone that keeps a game, for
the browser tests that are not about the engine's first start.

A phone that has started the engine once keeps a memory snapshot of it (issue 46,
``static/phone-engine-worker.js``) and restores it at every later start. A fresh browser
context has none: each test's new phone compiled Pyodide's start and the engine from
source again (the longest part of a kept game's test: 5 to 8 s on a quiet machine, four
times that on a loaded one). ``seeded`` puts the snapshot a phone of this run made in
the Cache Storage of a new one, as on a phone that kept a game before: its worker restores
it, answers as it would have from scratch, and keeps its own snapshot, files and games as
it would have. What the first start does (scratch, the snapshot kept, a damaged one
dropped) is tests/browser/test_engine_snapshot_browser.py's, whose phones are never seeded.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

SNAPSHOTS = "kept-engine-snapshot"  # the worker's cache (phone-engine-worker.js)
STARTED = "async (urls) => (await PhoneEngine.load(urls)).started"
# The phone's one snapshot once it is kept (in the background), gzipped, base64.
KEPT = """async (name) => {
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  if (!request) return null;
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 32768) {
    text += String.fromCharCode(...bytes.subarray(i, i + 32768));
  }
  return btoa(text);
}"""
# The snapshot put where this phone's worker looks for it (its key: ``snapshotKey``).
PUT = """async ([name, urls, address]) => {
  const made = [urls.pyodide, urls.stdlib, urls.engine].map(encodeURIComponent).join("&");
  const key = new URL("/engine/snapshot?" + made, location.href).href;
  const body = await (await fetch(address)).arrayBuffer();
  await (await caches.open(name)).put(key, new Response(body, {
    headers: { "Content-Type": "application/gzip" } }));
  return (await (await caches.open(name)).keys()).length;
}"""
# An address on the phone's origin that only the test's route answers (the server never sees
# it): a blank page to stand on while the snapshot is put.
BLANK = "/__engine-seed__"


@functools.cache
def engine_urls() -> dict[str, Any]:
    """The engine's addresses, as every test server of this checkout gives them."""
    from scorekeeper.web import create_app
    from scorekeeper.web.offline import phone_engine
    from tests.support.app import app_config

    with tempfile.TemporaryDirectory(prefix="engine-urls-") as folder:
        app = create_app(app_config(Path(folder)))
        with app.test_request_context():
            return phone_engine.urls()


@functools.cache
def engine_snapshot(browser) -> bytes:
    """The snapshot (gzipped) a fresh phone keeps after its engine's first start, made once
    for the test process on a server of its own."""
    import base64

    from tests.support.live import until
    from tests.support.phone_engine import engine_site

    with (
        tempfile.TemporaryDirectory(prefix="engine-seed-") as folder,
        engine_site(Path(folder)) as (base, urls, script),
    ):
        context = browser.new_context(base_url=base)
        try:
            page = context.new_page()
            page.goto("/offline")
            page.add_script_tag(url=script)
            assert page.evaluate(STARTED, urls) == "scratch"
            # Kept in the background: a cache's entry is there once written to its end.
            packed = base64.b64decode(until(page, KEPT, SNAPSHOTS, timeout=120_000))
        finally:
            context.close()
    assert engine_urls() == urls
    return packed


@functools.cache
def snapshot_file(browser) -> Path:
    """This process's snapshot in a file, which Playwright answers the phone's fetch of it
    with (read by its driver: the bytes never pass through this process's pipe)."""
    import atexit

    folder = tempfile.TemporaryDirectory(prefix="engine-seed-")
    atexit.register(folder.cleanup)
    path = Path(folder.name) / "snapshot.gz"
    path.write_bytes(shared_snapshot(browser))
    return path


def shared_snapshot(browser) -> bytes:
    """``engine_snapshot``, made once for the workers of a parallel run (pytest-xdist's run
    id): the first worker to need it makes it under a lock and leaves it in a file, the
    others read it there. Each worker removes the file as it ends; one that needs it later
    makes it again."""
    import atexit
    import fcntl
    import hashlib
    import json
    import os

    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return engine_snapshot(browser)
    build = hashlib.sha256(json.dumps(engine_urls(), sort_keys=True).encode()).hexdigest()
    path = Path(tempfile.gettempdir()) / f"scorekeeper-engine-seed-{run}-{build[:12]}.gz"
    lock = path.with_suffix(".lock")
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not path.is_file():
            partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
            partial.write_bytes(engine_snapshot(browser))
            os.replace(partial, path)
        packed = path.read_bytes()
    atexit.register(path.unlink, missing_ok=True)
    atexit.register(lock.unlink, missing_ok=True)
    return packed


def seeded(context, base: str):
    """``context`` (a fresh phone on the live server ``base``) holding this process's engine
    snapshot, as if it had started the engine before: returns it."""
    path = snapshot_file(context.browser)

    def answer(route) -> None:
        if route.request.url.endswith(".gz"):
            route.fulfill(path=path, content_type="application/gzip")
        else:
            route.fulfill(body="<!doctype html><title>seed</title>", content_type="text/html")

    pattern = f"{base}{BLANK}*"
    context.route(pattern, answer)
    page = context.new_page()
    try:
        page.goto(base + BLANK)
        assert page.evaluate(PUT, [SNAPSHOTS, engine_urls(), BLANK + ".gz"]) == 1
    finally:
        page.close()
        context.unroute(pattern, answer)
    return context
