"""Helpers of tests/browser/test_phone_caches_browser.py, which other tests use too."""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from scorekeeper.web.offline import phone_build
from tests.support.app import new_app
from tests.support.live import SERVED, SHUTDOWN_POLL

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


CUT_WORDS = phone_build.build_words


@functools.cache
def words_once(engine: Path) -> dict[str, tuple[bytes, str]]:
    """``phone_build.build_words`` of ``engine``, cut once a process: a pure function of the
    engine's sources and the catalogues, the same bytes for every salt (more than half of
    a deploy's build, six builds a test)."""
    return CUT_WORDS(engine)


def built(folder: Path, **options) -> dict[str, Any]:
    """``phone_build.build`` into ``folder``, its words files cut once (``words_once``)."""
    with mock.patch.object(phone_build, "build_words", words_once):
        return phone_build.build(folder, **options)


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
