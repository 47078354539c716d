"""What keeping a game on a phone costs (issue 34), measured in Chromium.

    make pyodide && .venv/bin/python benchmarks/offline.py [--slow-3g]

It starts ``scorekeeper serve`` on a fresh database with a game of 2 hands (as
``benchmarks/web.py`` does), opens its scoreboard in Debian's Chromium as the phone that
keeps the score, which keeps the started game by itself (issue 44; nothing asked first:
issue 56), and prints what keeping it downloaded (every response as it
came over the wire: headers and the body as sent) and how long it took, from the phone
asking for static/keep.js to the phone saying it is kept (before issue 44: from the tap
on "Keep this game on this phone", which asked for it), and what the same phone fetches
to keep a further game it opens. Then, without the network, it
opens the kept game and records a hand through the form the phone's engine draws, and prints
the time from tapping Save to the new totals shown (the engine reads the hand, the queue
is written to IndexedDB, the engine draws the scoreboard again; averaged over 5 hands,
each measured in the page), and the time a reload without the network takes, at 4x
CPU throttling (CDP ``Emulation.setCPUThrottlingRate``), to the kept game usable: its
scoreboard shown, then, "Record a hand" tapped, the form shown with its keys answering
(hand.js wired them). With ``--slow-3g`` Keep runs again in a fresh phone under
Chromium's emulation of DevTools' "Slow 3G" profile (400 kbit/s down, 2 s latency),
without the service worker, whose own fetches Chromium would not throttle: Keep is
tapped there (keeping by itself waits for the service worker), and the bytes are
counted by CDP too (``Network.loadingFinished``'s ``encodedDataLength``), file by file.
Each table lists every file keeping fetched, in kB of 1,000 bytes (issue 44's MB).

``--vendor FOLDER`` serves Pyodide from another folder than vendor/ (one holding the
Brotli copies ``make pyodide`` writes, say).

The first load of a scoreboard (which has the Keep button but none of this) is
``benchmarks/first_load.py``'s.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from phone_engine import ARGS, CHROMIUM, SLOW_3G  # noqa: E402  (sibling benchmarks)
from web import Phone, new_game, running_server, sample_hand  # noqa: E402

from scorekeeper.engine import GAMES  # noqa: E402
from tests.support.game_page_matrix import enter as enter_by_taps  # noqa: E402
from tests.support.game_page_matrix import entry_of  # noqa: E402  (the form as a finger taps it)
from tests.support.keep_unasked_browser import HASHED_IN_PAGE  # noqa: E402
from tests.support.offline_phone import KEPT_RECORD  # noqa: E402

TAP = """() => new Promise((resolve) => {
  const rows = () => document.querySelectorAll("#kept-board tr.pending").length;
  const before = rows();
  const started = performance.now();
  const seen = new MutationObserver(() => {
    if (rows() > before && document.querySelector("#kept-board ol.totals")) {
      seen.disconnect();
      resolve(performance.now() - started);
    }
  });
  seen.observe(document.getElementById("kept-board"), { childList: true, subtree: true });
  document.getElementById("save").click();
})"""


SLOW_LINK = """Object.defineProperty(Navigator.prototype, "connection", {
  get: () => ({ saveData: false, effectiveType: "3g", type: "cellular" }) })"""


def keep(browser, base: str, cookies: dict, game_id: int, throttle: dict | None) -> dict:
    """Opens the started game on a fresh phone, which keeps it by itself: the bytes of every
    response keeping it brought, the seconds from asking for keep.js to "kept", and the
    phone (context) that keeps it."""
    # Chromium emulates a network per target: the service worker's fetches would not be
    # throttled with the page's. Under throttling Keep runs without the worker (keep.js
    # downloads into Cache Storage itself; the worker only passes its fetches on).
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        base_url=base,
        service_workers="block" if throttle else "allow",
    )
    context.add_cookies([{"name": n, "value": v, "url": base} for n, v in cookies.items()])
    page = context.new_page()
    seen: dict[str, int] = {}
    asked: list[float] = []
    context.on(
        "request",
        lambda request: "/static/keep.js" in request.url and asked.append(time.perf_counter()),
    )

    def finished(request) -> None:
        if not asked:  # the scoreboard's own load, before keeping began
            return
        sizes = request.sizes()
        # A file the service worker fetched is reported twice: by the worker, as it came
        # over the wire, and by the page, from the worker (no bytes).
        size = sizes["responseHeadersSize"] + sizes["responseBodySize"]
        seen[request.url] = max(size, seen.get(request.url, 0))

    context.on("requestfinished", finished)
    wire: dict[str, int] = {}  # CDP's count, by address, under throttling
    timeline: list[tuple[float, str, str]] = []  # (CDP's seconds, asks/has, address)
    if throttle:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", throttle)
        addresses: dict[str, str] = {}

        def sent(event) -> None:
            addresses[event["requestId"]] = event["request"]["url"]
            if asked:
                timeline.append((event["timestamp"], "asks", event["request"]["url"]))

        session.on("Network.requestWillBeSent", sent)

        def loaded(event) -> None:
            if asked:
                url = addresses.get(event["requestId"], event["requestId"])
                wire[url] = wire.get(url, 0) + int(event["encodedDataLength"])
                timeline.append((event["timestamp"], "has", url))

        session.on("Network.loadingFinished", loaded)
    if throttle:
        # Without the service worker, keeping by itself (which waits for it) never starts:
        # the time runs from the tap on Keep, as it ran before issue 44.
        page.goto(f"/games/{game_id}", timeout=600_000)
        asked[:] = [time.perf_counter()]
        page.locator("#keep").click(timeout=600_000)
    else:
        page.goto(f"/games/{game_id}")
    page.wait_for_function(
        f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'", timeout=600_000
    )
    seconds = time.perf_counter() - asked[0]
    # The service worker's responses may be reported after "kept": counted until none
    # has come for two seconds.
    total = -1
    while total != sum(seen.values()):
        total = sum(seen.values())
        page.wait_for_timeout(2000)
    context.remove_listener("requestfinished", finished)
    return {
        "bytes": seen,
        "seconds": seconds,
        "context": context,
        "page": page,
        "wire": wire,
        "timeline": timeline,
    }


def further_game(kept: dict, base: str) -> dict[str, int]:
    """The bytes over the wire, response by response, of the phone that keeps a game
    opening another started game's edit link, which it keeps by itself: what it fetches
    for it (its scoreboard's own load included), the engine already on the phone."""
    phone = Phone(base)  # another phone starts it (a kept-alive connection may have closed)
    game_id, key, edit_url = new_game(phone)
    for index in range(2):
        phone.json("POST", f"/api/games/{game_id}/hands", sample_hand(index), key)
    phone.close()
    context, page = kept["context"], kept["page"]
    seen: dict[str, int] = {}

    def finished(request) -> None:
        sizes = request.sizes()
        size = sizes["responseHeadersSize"] + sizes["responseBodySize"]
        seen[request.url] = max(size, seen.get(request.url, 0))

    context.on("requestfinished", finished)
    page.goto(urllib.parse.urlsplit(edit_url).path)
    page.wait_for_function(
        f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'", timeout=600_000
    )
    page.wait_for_load_state("networkidle")
    context.remove_listener("requestfinished", finished)
    return seen


def save_to_totals(kept: dict, game_id: int, hands: int = 5) -> list[float]:
    """Milliseconds from tapping Save to the totals shown, for ``hands`` hands recorded
    without the network."""
    context, page = kept["context"], kept["page"]
    context.set_offline(True)
    page.goto(f"/games/{game_id}")
    page.locator("#kept-board #record").wait_for(timeout=120_000)
    times = []
    for _ in range(hands):
        page.locator("#kept-board #record").click()
        page.locator("#kept-entry form#hand").wait_for()
        rules = GAMES["israeli-whist"]
        hand = rules.record_from_dict(rules.preset("pagat-german"), sample_hand(len(times) + 2))
        enter_by_taps(page, entry_of(rules, hand.to_dict(), ["A", "B", "C", "D"]))
        page.locator("#preview .pts").first.wait_for(timeout=60_000)
        times.append(page.evaluate(TAP))
    return times


def cold_reload(kept: dict, rate: int = 4, times: int = 5) -> list[tuple[float, float]]:
    """Seconds from reloading the kept game without the network, the phone's CPU slowed
    ``rate`` times (Chromium's emulation), to its scoreboard shown ready to record, and to
    the game usable: "Record a hand" tapped at once, the hand form shown with its keys
    wired (the kept page shows it once hand.js has wired them)."""
    page = kept["page"]
    session = kept["context"].new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    found = []
    for _ in range(times):
        started = time.perf_counter()
        page.reload()
        page.locator("#kept-board #record").click(timeout=120_000)
        shown = time.perf_counter() - started
        page.locator("#kept-entry form#hand").wait_for(timeout=120_000)
        found.append((shown, time.perf_counter() - started))
    session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return found


# Marks, in the page reloaded, the milliseconds from its navigation to the kept board shown
# with its button to record (tapped at once), to the hand form shown with its keys wired
# (the kept page shows it once hand.js has wired them) and to the engine in the phone
# ready (the kept page's line saying it checks the rules gone: ``#kept-checking``).
MARKS = """(() => {
  if (!sessionStorage.getItem("bench:marks")) return;
  const marks = (window.benchMarks = {});
  const seen = (selector) => {
    const found = document.querySelector(selector);
    return found && found.offsetParent !== null ? found : null;
  };
  const look = () => {
    const now = performance.now();
    const record = seen("#kept-board #record");
    if (record && marks.board === undefined) {
      marks.board = now;
      record.click();
    }
    if (marks.form === undefined && seen("#kept-entry form#hand")) marks.form = now;
    const checking = document.getElementById("kept-checking");
    if (marks.ready === undefined && checking && checking.hidden) marks.ready = now;
  };
  const all = { childList: true, subtree: true, attributes: true };
  new MutationObserver(look).observe(document, all);
})()"""


def reload_after_online(
    kept: dict, phone: Phone, game_id: int, key: str, rate: int, times: int = 5
) -> list[dict]:
    """The issue 69 case: the phone keeps following the game online (another phone records
    a hand, the scoreboard is opened again, so the kept copy is the server's latest), then
    the network drops and the scoreboard is reloaded, the CPU slowed ``rate`` times. For
    each of ``times`` such reloads, the milliseconds from the navigation to the board
    shown, to the form shown (Record tapped at once) and to the engine ready
    (``MARKS``). ``phone`` holds the game's edit link: the other phone."""
    context, page = kept["context"], kept["page"]
    page.add_init_script(MARKS)
    page.add_init_script(HASHED_IN_PAGE)
    session = context.new_cdp_session(page)
    found = []
    try:
        for index in range(times):
            context.set_offline(False)
            phone.close()  # a kept-alive connection the server closed meanwhile: a new one
            phone.json("POST", f"/api/games/{game_id}/hands", sample_hand(20 + index), key)
            version = phone.json("GET", f"/games/{game_id}/offline")["version"]
            page.evaluate("sessionStorage.removeItem('bench:marks')")
            page.evaluate("sessionStorage.setItem('test:hashed', '0')")
            page.goto(f"/games/{game_id}")
            # Polled: wait_for_function takes the Promise of an async check for a true answer.
            deadline = time.monotonic() + 60
            while not page.evaluate(KEPT_VERSION, [game_id, version]):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the phone's copy did not reach version {version}")
                page.wait_for_timeout(100)
            # The bytes the scoreboard's load hashed keeping the engine's files (issue 82),
            # once its requests are over (the kept page and the files it looked at).
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(1000)
            hashed = int(page.evaluate("sessionStorage.getItem('test:hashed')") or 0)
            context.set_offline(True)
            page.evaluate("sessionStorage.setItem('bench:marks', '1')")
            session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.reload()
            page.wait_for_function(
                "() => window.benchMarks && window.benchMarks.form !== undefined", timeout=120_000
            )
            # Before issue 69 the page had no line saying it checks the rules: the board
            # came with the engine.
            page.wait_for_function(
                "() => window.benchMarks.ready !== undefined || "
                "!document.getElementById('kept-checking')",
                timeout=120_000,
            )
            marks = page.evaluate("window.benchMarks")
            # The engine's first start keeps its memory snapshot in the background (seconds):
            # waited for, as a table entering a hand would, so that the next start uses it.
            deadline = time.monotonic() + 90
            while not page.evaluate(SNAPSHOT_KEPT) and time.monotonic() < deadline:
                page.wait_for_timeout(250)
            # How the engine started: from this phone's memory snapshot, or from scratch.
            started = "PhoneEngine.load({}).then((engine) => engine.started)"
            marks["started"] = page.evaluate(started)
            marks["hashed"] = hashed
            found.append(marks)
            session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    finally:
        session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        page.evaluate("sessionStorage.removeItem('bench:marks')")
        context.set_offline(False)
    return found


# Whether the phone holds a memory snapshot of the engine (phone-engine-worker.js).
SNAPSHOT_KEPT = """() => caches.open("kept-engine-snapshot").then((cache) => cache.keys())
  .then((keys) => keys.length > 0)"""

# Whether the phone's kept copy of game ``id`` is of the game's ``version`` (IndexedDB).
KEPT_VERSION = f"""([id, version]) => ({KEPT_RECORD})(id)
  .then((kept) => Boolean(kept) && kept.snapshot.version === version)"""


def say_reloads(rate: int, marks: list[dict]) -> None:
    """One line per reload: ms to the board, the form and the engine ready."""

    def ms(mark: dict, name: str) -> str:
        return f"{mark[name]:.0f}" if mark.get(name) is not None else "-"

    shown = "; ".join(
        f"{ms(m, 'board')} / {ms(m, 'form')} / {ms(m, 'ready')} ({m['started']})" for m in marks
    )
    print(
        f"Reload offline after following the game online, CPU {rate}x: board / form / engine "
        f"ready, ms from the navigation: {shown}"
    )
    hashed = ", ".join(f"{m['hashed'] / 1e6:.1f}" for m in marks)
    print(f"  MB the scoreboard's load hashed before each (online, in the page): {hashed}")


def report(name: str, kept: dict, base: str) -> None:
    """What keeping took, and what it fetched, file by file (every one, the largest
    first), as it came over the wire: headers and body as sent, in kB of 1,000 bytes."""
    total = sum(kept["bytes"].values())
    if not any("/engine/" in url for url in kept["bytes"]):
        print("  (Chromium reported none of the service worker's fetches: see --slow-3g's count)")
    print(f"Keep, {name}: {total / 1e6:.2f} MB over the wire in {kept['seconds']:.1f} s")
    table(kept["bytes"], base)


def table(sizes: dict[str, int], base: str) -> None:
    """``sizes`` (bytes by address), every one, the largest first."""
    for url, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {size / 1e3:8.1f} kB  {url.removeprefix(base)}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow-3g", action="store_true")
    parser.add_argument(
        "--slow-3g-only", action="store_true", help="Keep under Slow 3G alone (no fast run)"
    )
    parser.add_argument("--vendor", help="the folder to serve Pyodide from (make pyodide's)")
    parser.add_argument(
        "--reload-only",
        action="store_true",
        help="only the reloads offline after following the game online (issue 69), at 1x and 4x",
    )
    options = parser.parse_args()
    if options.vendor:
        os.environ["SCOREKEEPER_VENDOR"] = options.vendor
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(os.path.join(folder, "bench.db")) as base,
        sync_playwright() as playwright,
    ):
        phone = Phone(base)
        game_id, key, edit_url = new_game(phone)
        for index in range(2):
            phone.json("POST", f"/api/games/{game_id}/hands", sample_hand(index), key)
        phone.request("GET", urllib.parse.urlsplit(edit_url).path)
        phone.request("GET", f"/games/{game_id}")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            if options.reload_only:
                fast = keep(browser, base, phone.cookies, game_id, None)
                for rate in (1, 4):
                    say_reloads(rate, reload_after_online(fast, phone, game_id, key, rate))
                fast["context"].close()
                return 0
            if options.slow_3g_only:
                slow_3g(browser, base, phone, game_id)
                return 0
            fast = keep(browser, base, phone.cookies, game_id, None)
            report("fast network", fast, base)
            further = further_game(fast, base)
            print(f"Keep, a further game: {sum(further.values()) / 1e3:.1f} KB over the wire")
            table(further, base)
            times = save_to_totals(fast, game_id)
            print(
                "Save offline to the totals shown: "
                + ", ".join(f"{t:.0f}" for t in times)
                + f" ms (mean {sum(times) / len(times):.0f} ms)"
            )
            for rate in (1, 4):
                say_reloads(rate, reload_after_online(fast, phone, game_id, key, rate))
            reloads = cold_reload(fast)
            print(
                "Reload offline at 4x CPU throttling to the scoreboard shown / the hand form "
                "usable: " + ", ".join(f"{s:.1f} / {u:.1f}" for s, u in reloads) + " s"
            )
            fast["context"].close()
            if options.slow_3g:
                slow_3g(browser, base, phone, game_id)
        finally:
            browser.close()
            phone.close()
    return 0


def slow_3g(browser, base: str, phone, game_id: int) -> None:
    """Keep in a fresh phone under Slow 3G: the time, the bytes, and when each file came."""
    slow = keep(browser, base, phone.cookies, game_id, SLOW_3G)
    report("slow 3G", slow, base)
    wire = slow["wire"]
    print(f"  CDP's encodedDataLength: {sum(wire.values()) / 1e6:.2f} MB, by file:")
    table(wire, base)
    print("  When each was asked for and had, in seconds from the first asked:")
    steps = slow["timeline"]
    for at, what, url in steps:
        print(f"  {at - steps[0][0]:6.1f}  {what:4}  {url.removeprefix(base)}")
    slow["context"].close()


if __name__ == "__main__":
    sys.exit(main())
