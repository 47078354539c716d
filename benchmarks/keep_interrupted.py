"""The bytes over the wire when the scoreboard is left mid-download (issue 56), in Chromium.

    make phone && .venv/bin/python benchmarks/keep_interrupted.py [--leave-at 0.5]

It serves the app in this process, counting the bytes of every answer's body as sent (the
engine's files compressed where the browser takes it), the engine's files 16 KB at a time
every 10 ms (about 1.6 MB/s, a phone's link, so that a page can be left while one is on its
way). A fresh phone (Debian's Chromium headless shell, 360 px) whose player gave its name
opens a started game's edit link: the scoreboard keeps the game by itself. Once
``--leave-at`` of Pyodide's core has come, the phone goes to the home page, waits a second,
and opens the scoreboard again, which keeps the game. It prints the bytes of each of the
engine's files that came over the wire, their sum, and the same for a phone that was left
alone to keep the game (what keeping costs when nothing interrupts it).

Before issue 56 the downloads lived in the page, and leaving it dropped what had come.
"""

from __future__ import annotations

import argparse
import collections
import logging
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, new_app  # noqa: E402

PART = 16 * 1024
PAUSE = 0.01  # seconds between two parts of an engine's file
NAMED = "try { localStorage.setItem('scorekeeper:phone-name', 'Ben') } catch (error) {}"
KEPT = "() => localStorage.getItem('scorekeeper:kept:%d') === '1'"
HAND = {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]}


class Counted:
    """The app, counting each answer's body bytes by path; the engine's files sent slowly."""

    def __init__(self, app) -> None:
        self.app, self.sent, self.lock = app, collections.Counter(), threading.Lock()

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        slow = path.startswith("/engine/")
        for whole in self.app(environ, start_response):
            for start in range(0, len(whole), PART if slow else max(1, len(whole))):
                part = whole[start : start + PART] if slow else whole
                with self.lock:
                    self.sent[path] += len(part)
                if slow:
                    time.sleep(PAUSE)
                yield part


def engine_bytes(counter: Counted) -> dict[str, int]:
    return {path: sent for path, sent in counter.sent.items() if path.startswith("/engine/")}


def keep(browser, base: str, counter: Counted, leave_at: float | None) -> dict[str, int]:
    """A fresh phone keeps a started game, leaving the scoreboard once ``leave_at`` of
    Pyodide's core has come (None: never); the engine's bytes it took over the wire."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, base_url=base)
    context.add_init_script(NAMED)
    try:
        page = context.new_page()
        body = {"game": "israeli-whist", "players": ["Noa", "Ben", "Dana", "Carl"]}
        created = page.request.post("/api/games", data={**body, "first_dealer": 0}).json()
        page.request.post(
            f"/api/games/{created['id']}/hands",
            data=HAND,
            headers={"Authorization": f"Bearer {created['edit_key']}"},
        )
        before = engine_bytes(counter)
        page.goto(created["edit_url"])
        if leave_at is not None:
            early = page.locator("#keep").get_attribute("data-early").split()
            core = early[0].split("#")[0]
            size = int(page.request.head(core).headers.get("content-length", "0") or 0)
            size = size or 2_000_000
            deadline = time.monotonic() + 120
            while counter.sent[core] - before.get(core, 0) < leave_at * size:
                if time.monotonic() > deadline:
                    raise RuntimeError("the engine's core never came")
                page.wait_for_timeout(20)
            page.goto("/")
            page.wait_for_timeout(1000)
            page.goto(f"/games/{created['id']}")
        page.wait_for_function(KEPT % created["id"], timeout=300_000)
        page.wait_for_timeout(1000)
        after = engine_bytes(counter)
        return {path: sent - before.get(path, 0) for path, sent in after.items()}
    finally:
        context.close()


def show(name: str, found: dict[str, int]) -> None:
    print(f"{name}: {sum(found.values()) / 1e6:.2f} MB of the engine over the wire")
    for path, sent in sorted(found.items(), key=lambda item: -item[1]):
        print(f"  {sent / 1e6:7.3f} MB  {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--leave-at", type=float, default=0.5, help="share of the core come")
    options = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        app = new_app(Path(folder), WTF_CSRF_ENABLED=True, TESTING=False)
        counter = Counted(app.wsgi_app)
        app.wsgi_app = counter
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.server_port}"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            left = keep(browser, base, counter, options.leave_at)
            alone = keep(browser, base, counter, None)
        finally:
            browser.close()
            server.shutdown()
            thread.join(5)
            server.server_close()
    show(f"scoreboard, left at {options.leave_at:.0%} of the core, scoreboard again", left)
    show("scoreboard, left alone", alone)
    return 0


if __name__ == "__main__":
    sys.exit(main())
