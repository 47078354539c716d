"""Helpers of tests/browser/test_phone_caches_browser.py, which other tests use too."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.support.app import new_app
from tests.support.live import SERVED, SHUTDOWN_POLL, until
from tests.support.offline_phone import ENGINE_TIMEOUT
from tests.support.phone_build_once import built

NAME = "Ben"


@contextlib.contextmanager
def deployable(folder: Path, build: Path) -> Iterator[tuple[str, Any]]:
    """The app on the phone build ``build``, served by werkzeug on a loopback port: its
    address and the app, whose ``PHONE_BUILD`` a deploy points at a new build."""
    from werkzeug.serving import make_server

    app = new_app(folder, WTF_CSRF_ENABLED=True, TESTING=False, PHONE_BUILD=str(build))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, args=(SHUTDOWN_POLL,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    SERVED[base] = app.config["DATABASE"]
    try:
        yield base, app
    finally:
        SERVED.pop(base, None)
        server.shutdown()
        thread.join(5)
        server.server_close()


def deploy(app: Any, where: Path, number: int) -> dict[str, Any]:
    """A new engine's build (the same code, another salt: a new zip, a new address) into a
    folder of its own, and the server pointed at it: its manifest."""
    folder = where / f"deploy-{number}"
    manifest = built(folder, salt=f"deploy {number}", quality=1)
    app.config["PHONE_BUILD"] = str(folder)
    return manifest


HELD = """async () => {
  const held = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    held[name] = [];
    for (const request of await cache.keys()) {
      const answer = await cache.match(request);
      const size = answer ? (await answer.blob()).size : 0;
      held[name].push([new URL(request.url).pathname + new URL(request.url).search, size]);
    }
  }
  return held;
}"""


def held(page) -> dict[str, list[tuple[str, int]]]:
    """Every cache of the phone's origin: its entries' addresses and bytes."""
    found = page.evaluate(HELD)
    return {name: [tuple(entry) for entry in entries] for name, entries in found.items()}


KEPT_ONE = """async (engine) => {
  const urls = (await (await caches.open("kept-engine")).keys()).map((r) => r.url);
  const engines = urls.filter((url) => url.includes("/engine/scorekeeper-"));
  const snapshots = (await (await caches.open("kept-engine-snapshot")).keys()).map((r) => r.url);
  return engines.length === 1 && engines[0].endsWith("/" + engine) &&
    snapshots.every((url) => url.includes(encodeURIComponent(engine)));
}"""


def kept_again(page, scoreboard: str, engine: str, static: str) -> None:
    """The kept game's scoreboard opened after a deploy: Keep stores the new build in the
    background (waited for: the engine's cache holds ``engine``, its file name, and no
    other); the page asks for a shell file of new content (``static``)."""
    page.goto(scoreboard)
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    page.evaluate("(url) => fetch(url).then((answer) => answer.text())", static)
    # Not so on a phone that keeps every build: ``one_build`` then says what it holds.
    with contextlib.suppress(AssertionError):
        until(page, KEPT_ONE, engine, timeout=ENGINE_TIMEOUT)


def one_build(found: dict[str, list[tuple[str, int]]], manifest: dict[str, Any]) -> None:
    """The phone's caches hold the one build of ``manifest``: one engine, one library,
    one worker, one words file per language, one copy of each script; one shell cache
    with one copy of each file; no snapshot of another build."""
    engine = found["kept-engine"]
    names = [path.rpartition("/")[2] for path, _size in engine if path.startswith("/engine/")]
    built = {entry["name"] for entry in manifest["files"].values()}
    pyodide = {name for name in names if name.startswith("pyodide")}
    assert set(names) - pyodide <= built, names
    assert [name for name in names if name.startswith("scorekeeper-")] == [
        manifest["files"]["engine"]["name"]
    ]
    assert len(names) == len(set(names)), names
    scripts = [path.partition("?")[0] for path, _size in engine if path.startswith("/static/")]
    assert len(scripts) == len(set(scripts)), scripts
    shells = [name for name in found if name.startswith("shell-")]
    assert len(shells) == 1, shells
    files = [path.partition("?")[0] for path, _size in found[shells[0]]]
    assert len(files) == len(set(files)), files
    engine_address = f"scorekeeper-{manifest['files']['engine']['name'].split('-')[1]}"
    for key, _size in found.get("kept-engine-snapshot", []):
        assert engine_address in key, key
