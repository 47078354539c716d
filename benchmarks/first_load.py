"""What a phone downloads the first time it opens a scoreboard, measured in Chromium.

    .venv/bin/python benchmarks/first_load.py

It starts ``scorekeeper serve`` on a fresh database with a game of 60 hands (as
``benchmarks/web.py`` does), opens the scoreboard in Debian's Chromium with an empty cache,
as a viewer (by the view link a player scanned: its redirect is counted) and as the phone
that keeps the score, waits until the page and its service
worker are idle, and adds up every response as it came over the wire: headers and the
body as sent (compressed where it was). Then it reloads, to show what a second visit costs.

Target (issue 12): a first load of the scoreboard transfers <= 30 KB in all. A phone that
edits a started game then keeps it by itself (issue 44: ``static/keep.js``, the kept page,
the game's snapshot and the engine, nothing asked first: issue 56): those bytes are
not the page's, and are counted apart.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import (  # noqa: E402  (a sibling benchmark)
    Phone,
    game_with_hands,
    new_game,
    running_server,
    sample_hand,
)

TARGET = 30 * 1024
# What keeping the game fetches: keep.js, the kept page, the snapshot, the engine, and the
# kept page's own scripts (which the scoreboard does not load: keep.js stores them).
KEEPING = re.compile(
    r"/static/(?:keep|hand|phone-engine|keep-drawn|kept-copy|kept-store)\.js|/games/\d+/(?:kept|offline)$"
    r"|/engine/"
)
CHROMIUM = "/usr/bin/chromium"


def transferred(context, url: str) -> tuple[int, list[tuple[str, int]], int]:
    """Opens ``url`` in a new page of ``context``; returns the bytes every response of
    the page took (headers and body as sent), the largest of them, and the bytes the
    phone then took to keep the game by itself."""
    seen: list[tuple[str, int]] = []

    def finished(request) -> None:
        sizes = request.sizes()
        seen.append((request.url, sizes["responseHeadersSize"] + sizes["responseBodySize"]))

    context.on("requestfinished", finished)
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    assert "/games/" in page.url and page.locator("#live").count(), page.url  # the scoreboard
    page.evaluate("navigator.serviceWorker && navigator.serviceWorker.ready")
    page.wait_for_timeout(500)  # what the service worker stores for offline use, too
    page.close()
    context.remove_listener("requestfinished", finished)
    keeping = sum(size for address, size in seen if KEEPING.search(address.split("?")[0]))
    seen = [(address, size) for address, size in seen if not KEEPING.search(address.split("?")[0])]
    return sum(size for _, size in seen), sorted(seen, key=lambda s: -s[1]), keeping


def finished_game(base: str) -> tuple[int, Phone]:
    """A game played to its end (a target of 300: the result card shows), and a phone
    holding its edit link: a finished game's scoreboard (issue 56)."""
    phone = Phone(base)
    game_id, key, edit_url = new_game(phone, target=300)
    for index in range(200):
        status, _, _ = phone.request(
            "POST",
            f"/api/games/{game_id}/hands",
            body=sample_hand(index),
            key=key,
        )
        if status != 201:
            break
    phone.request("GET", urllib.parse.urlsplit(edit_url).path)
    return game_id, phone


def main() -> int:
    ok = True
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(os.path.join(folder, "bench.db")) as base,
        sync_playwright() as playwright,
    ):
        game_id, phone = game_with_hands(base)
        url = f"{base}/games/{game_id}"
        # The message a save leaves for its next page is shown there, once; the phone that
        # saved reads it, so the browser opens the scoreboard as a table sees it.
        phone.request("GET", f"/games/{game_id}")
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            viewer = browser.new_context(viewport={"width": 390, "height": 844})
            total, parts, _ = transferred(viewer, base + urllib.parse.urlsplit(phone.view_url).path)
            again, _, _ = transferred(viewer, url)
            viewer.close()
            keeper = browser.new_context(viewport={"width": 390, "height": 844})
            keeper.add_cookies(
                [{"name": n, "value": v, "url": base} for n, v in phone.cookies.items()]
            )
            kept, kept_parts, keeping = transferred(keeper, url)
            keeper.close()
            # A finished game: its scoreboard shows the result card (issue 56).
            done_id, done_phone = finished_game(base)
            done_phone.request("GET", f"/games/{done_id}")
            viewer = browser.new_context(viewport={"width": 390, "height": 844})
            view_path = urllib.parse.urlsplit(done_phone.view_url).path
            over, over_parts, _ = transferred(viewer, base + view_path)
            viewer.close()
            keeper = browser.new_context(viewport={"width": 390, "height": 844})
            keeper.add_cookies(
                [{"name": n, "value": v, "url": base} for n, v in done_phone.cookies.items()]
            )
            over_kept, over_kept_parts, _ = transferred(keeper, f"{base}/games/{done_id}")
            keeper.close()
            done_phone.close()
        finally:
            browser.close()
            phone.close()
    for name, figure in (
        ("viewer", total),
        ("scorekeeper's phone", kept),
        ("finished, viewer", over),
        ("finished, editor", over_kept),
    ):
        mark = "" if figure <= TARGET else "  ✗"
        ok = ok and figure <= TARGET
        print(f"first load, {name:20} {figure / 1024:6.1f} KB (target <= 30 KB){mark}")
    print(f"then kept by itself, scorekeeper's phone, with nothing asked: {keeping / 1024:.1f} KB")
    print(f"second visit, viewer       {again / 1024:6.1f} KB")
    for name, found in (
        ("viewer", parts),
        ("scorekeeper's phone", kept_parts),
        ("finished game, viewer", over_parts),
        ("finished game, editor", over_kept_parts),
    ):
        print(f"largest responses of the first load, {name}:")
        for address, size in found[:6]:
            print(f"  {size / 1024:6.1f} KB  {address.removeprefix(base)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
