"""Helpers of tests/browser/test_phone_caches_browser.py, which other tests use too."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.support.app import new_app
from tests.support.live import SERVED, SHUTDOWN_POLL
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
