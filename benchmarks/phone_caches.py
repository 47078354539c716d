"""What a phone holds after twenty deploys of a changed engine (issue 54), in Chromium.

    make phone && .venv/bin/python benchmarks/phone_caches.py [--deploys 20]

It serves the app on a phone build (``scorekeeper/web/offline/phone_build.py``, Brotli at a quick
quality: the bytes the phone holds are the files themselves), keeps a game on a phone in
Debian's Chromium headless shell and starts its engine once (its snapshot), then, for
each deploy, builds the same engine with a new salt (a new zip at a new address) into a
new folder, points the server at it, opens the kept game's scoreboard again (Keep stores
the new build in the background) and asks for a shell script of new content
(``hand.js?v=deploy<n>``). After each deploy it prints, for each of the phone's caches,
the entries it holds and their bytes; at the end, every entry of the last. A phone that
keeps every build grows by the engine's zip each deploy (and by Pyodide, 10 MB, at a
Pyodide bump), until Keep fails with "kept-full"; one that keeps one build holds the same
bytes after every deploy.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.web.offline import phone_build  # noqa: E402
from tests.support.keep_by_itself_browser import started  # noqa: E402
from tests.support.live import CHROMIUM, CHROMIUM_ARGS, until  # noqa: E402
from tests.support.offline_phone import ENGINE_TIMEOUT, keep_game, watched  # noqa: E402
from tests.support.phone_caches_browser import NAME, deploy, deployable, held  # noqa: E402

STORED = """async (engine) => {
  const urls = (await (await caches.open("kept-engine")).keys()).map((r) => r.url);
  return urls.some((url) => url.endsWith("/" + engine));
}"""
SETTLE = 2.0  # seconds for Keep to finish once the new engine is stored (its pruning)


def line(number: int, found: dict[str, list[tuple[str, int]]]) -> str:
    parts = [
        f"{name}: {len(entries)} entries {sum(size for _path, size in entries) / 1e6:.2f} MB"
        for name, entries in sorted(found.items())
    ]
    total = sum(size for entries in found.values() for _path, size in entries)
    return f"deploy {number:2d}: {total / 1e6:6.2f} MB  " + "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deploys", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as where, sync_playwright() as playwright:
        folder = Path(where)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        phone_build.build(folder / "deploy-0", salt="deploy 0", quality=1)
        with (
            deployable(folder / "server", folder / "deploy-0") as (base, app),
            watched(browser, base, "en") as context,
        ):
            created = started(base)
            page = context.new_page()
            page.goto(created["edit_url"])
            keep_game(page, created["id"], NAME)
            scoreboard = f"/games/{created['id']}"
            page.goto(f"{scoreboard}/kept#copy")  # the engine started once: its snapshot
            until(
                page,
                "async () => (await (await caches.open('kept-engine-snapshot')).keys()).length",
                timeout=4 * ENGINE_TIMEOUT,
            )
            print(line(0, held(page)), flush=True)
            for number in range(1, options.deploys + 1):
                manifest = deploy(app, folder, number)
                engine = manifest["files"]["engine"]["name"]
                page.goto(scoreboard)
                page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
                static = f"/static/hand.js?v=deploy{number}"
                page.evaluate("(url) => fetch(url).then((answer) => answer.text())", static)
                until(page, STORED, engine, timeout=ENGINE_TIMEOUT)
                time.sleep(SETTLE)
                found = held(page)
                print(line(number, found), flush=True)
            print("\nwhat the phone holds after the last deploy:")
            for name, entries in sorted(found.items()):
                for path, size in entries:
                    print(f"  {name:22s} {size:>10,d}  {path[:110]}")
        browser.close()


if __name__ == "__main__":
    main()
