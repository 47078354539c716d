"""What running the engine in the phone costs (issue 34), measured in Chromium.

    make pyodide && .venv/bin/python benchmarks/phone_engine.py [--slow-3g]

It starts ``scorekeeper serve`` on a fresh database, opens a page in Debian's Chromium
with an empty cache, loads the engine there (``static/phone-engine.js``: its worker,
Pyodide's loader, core and standard library, the engine's zip) and prints the bytes
every one of those responses took over the wire (headers and the body as sent), the
time from asking for the engine to its first answer, and the time of one preview of a
hand (the page to the worker to Python and back, averaged over 50), and the time the
engine takes to start again on the same phone (from the snapshot its first start kept).
With ``--slow-3g`` it loads the engine again under Chromium's network emulation of
DevTools' "Slow 3G" profile (400 kbit/s down, 2 s latency).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from web import running_server  # noqa: E402  (a sibling benchmark)

from scorekeeper.web import create_app  # noqa: E402
from scorekeeper.web.offline import phone_engine  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# DevTools' "Slow 3G" preset (its throughput in bytes per second, latency in ms).
SLOW_3G = {
    "offline": False,
    "latency": 2000,
    "downloadThroughput": 500 * 1000 / 8 * 0.8,
    "uploadThroughput": 500 * 1000 / 8 * 0.8,
}
LOAD = "async (urls) => { await PhoneEngine.load(urls); return true; }"
PREVIEWS = """async ([urls, request, count]) => {
  const engine = await PhoneEngine.load(urls);
  const started = performance.now();
  for (let i = 0; i < count; i++) await engine.preview(request);
  return (performance.now() - started) / count;
}"""


def addresses() -> tuple[dict[str, str], str]:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": os.path.join(folder, "urls.db"), "SECRET_KEY": "x"})
        with app.test_request_context():
            return phone_engine.urls(), app.jinja_env.globals["static_url"]("phone-engine.js")


def preview_request() -> dict:
    from scorekeeper.engine.registry import GAMES

    rules = GAMES["israeli-whist"]
    settings = rules.preset(rules.default_preset)
    return {
        "game": rules.key,
        "seats": rules.seats,
        "settings": settings.to_dict(),
        "state": rules.replay(settings, 0, []).state.to_dict(),
        "hand": {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]},
    }


def load_engine(browser, base: str, urls: dict, script: str, throttle: dict | None) -> dict:
    """Loads the engine in a fresh context: the bytes of each engine response, seconds."""
    context = browser.new_context(base_url=base)
    seen: dict[str, int] = {}

    def finished(request) -> None:
        if "/engine/" in request.url or "phone-engine" in request.url:
            sizes = request.sizes()
            seen[request.url] = sizes["responseHeadersSize"] + sizes["responseBodySize"]

    context.on("requestfinished", finished)
    page = context.new_page()
    page.goto("/")
    if throttle:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", throttle)
    started = time.perf_counter()
    page.add_script_tag(url=script)
    page.evaluate(LOAD, urls)
    seconds = time.perf_counter() - started
    preview = page.evaluate(PREVIEWS, [urls, preview_request(), 50]) if not throttle else None
    again = None
    if not throttle:
        # The same phone opens a page again: its engine starts from the snapshot its first
        # start kept (static/phone-engine-worker.js), once that is written.
        page.wait_for_timeout(5000)
        page.close()
        page = context.new_page()
        page.goto("/")
        started = time.perf_counter()
        page.add_script_tag(url=script)
        how = page.evaluate("async (urls) => (await PhoneEngine.load(urls)).started", urls)
        again = (time.perf_counter() - started, how)
    context.close()
    return {"bytes": seen, "seconds": seconds, "preview_ms": preview, "again": again}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow-3g", action="store_true")
    options = parser.parse_args()
    urls, script = addresses()
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(os.path.join(folder, "bench.db")) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        runs = [("fast network", None)] + ([("slow 3G", SLOW_3G)] if options.slow_3g else [])
        for name, throttle in runs:
            found = load_engine(browser, base, urls, script, throttle)
            total = sum(found["bytes"].values())
            print(f"{name}: engine loaded in {found['seconds']:.1f} s, {total / 1e6:.2f} MB:")
            for url, size in sorted(found["bytes"].items(), key=lambda item: -item[1]):
                print(f"  {size:>10,} B  {url.removeprefix(base)}")
            if found["preview_ms"] is not None:
                print(f"  one preview in the phone: {found['preview_ms']:.1f} ms")
            if found["again"] is not None:
                seconds, how = found["again"]
                print(f"  the engine started again on the same phone in {seconds:.1f} s ({how})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
