"""A live server (werkzeug on a random loopback port) and real Chromium driven through
Playwright: how the browser tests start, open, tap, wait and screenshot.

Browser tests (``@pytest.mark.browser``) need Debian's Chromium: its headless shell
(``chromium-headless-shell``) where it is installed, else the browser (``chromium``). Without
either they skip, and the run ends with a plain note saying so; with
``SCOREKEEPER_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets) a missing browser fails them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.app import group_of, new_app

# Debian's chromium-headless-shell is the same Chromium (its version, Blink and V8) without the
# desktop browser around it, as Playwright's own headless runs use: the same page costs the
# machine less than half the CPU (tests/browser/test_table_fit_browser.py: 38.6 CPU-seconds in the
# browser's processes, 16.4 in the shell's), and the suite is three quarters Chromium's.
# ``SCOREKEEPER_CHROMIUM`` names another (``/usr/bin/chromium``: the full browser).
BROWSER_BINARIES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")


CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM") or next(
    (path for path in BROWSER_BINARIES if os.path.exists(path)), BROWSER_BINARIES[-1]
)


# The features Playwright turns off in every Chromium it starts (its ``chromiumSwitches``).
# Chromium reads only the last ``--disable-features`` it is given, so a list of the suite's
# own must repeat them: tests/app/test_suite_setup.py checks, on the browser the suite
# starts, that the list Chromium reads holds every feature Playwright's does.
PLAYWRIGHTS_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# RenderDocument: Chromium makes a new frame in the browser and in the renderer (a new
# RenderFrameHost, its widget and its compositor) for every page a phone opens, where without
# it the tab keeps its frame and loads the new document into it, as Chromium did for years.
# Either way each page gets a new document, and its scripts, events and drawing are the web
# platform's; what differs is Chromium's own cost of a navigation: 100 navigations of a phone
# cost 10.7 to 11.0 CPU-s of Chromium, Playwright and the server with it, 7.8 to 8.6 without
# it (benchmarks/navigation_cost.py). Tests that open many pages gain: the app conformance
# walks and actions of three games took 79.0 to 79.8 CPU-s with it, 73.1 without; tests
# that open few (the printed names, accessibility, display and hand form files) the same
# 165 CPU-s either way.
SUITES_DISABLED_FEATURES = ("RenderDocument",)


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(PLAYWRIGHTS_DISABLED_FEATURES + SUITES_DISABLED_FEATURES),
]


PHONE = {"width": 390, "height": 844}


BROWSER_HELP = (
    f"Chromium is not installed at {CHROMIUM}. Install it with "
    "`apt-get install chromium-headless-shell chromium fonts-dejavu-core` to run them; set "
    "SCOREKEEPER_REQUIRE_BROWSER=1 to make a missing browser fail the run."
)


def call_json(base: str, method: str, path: str, body=None, key: str | None = None):
    """A JSON request to a live server: returns (status, decoded body)."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {key}"} if key else {}),
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


# The database file of each live server, by its address.
SERVED: dict[str, str] = {}

SHUTDOWN_POLL = 0.02  # seconds between a live server's looks at whether to stop


@contextlib.contextmanager
def serving(folder) -> Iterator[str]:
    """The app with CSRF on, its database in ``folder``, served by werkzeug on a random
    loopback port: yields its address."""
    from werkzeug.serving import make_server

    app = new_app(folder, WTF_CSRF_ENABLED=True, TESTING=False)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    # Stopping waits for the loop's next look at its flag: every half second by default,
    # a quarter of a second lost at the end of every test with a live server.
    thread = threading.Thread(target=server.serve_forever, args=(SHUTDOWN_POLL,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    SERVED[base] = app.config["DATABASE"]
    try:
        yield base
    finally:
        SERVED.pop(base, None)
        server.shutdown()
        thread.join(5)
        server.server_close()


def view_path(base: str, game_id: int) -> str:
    """The path of the view link of the game ``game_id`` on the live server ``base``."""
    from scorekeeper import db

    database = db.open_database(SERVED[base])
    try:
        return f"/view/{db.load_game(database, game_id).view_token}"
    finally:
        database.close()


def opens(locator, **click) -> None:
    """Taps what opens another page and returns once that page has loaded.

    A click returns before the browser has even asked for the next page: anything
    read straight after it may still come from the page being left."""
    with locator.page.expect_navigation():
        locator.click(**click)


def polled(page, ask, done=bool, timeout: float = 10_000):
    """``ask()`` every 100 ms (the page's time: its events go on) until ``done`` with its
    answer, or ``timeout`` ms have passed; returns the last answer, for the caller to
    assert on."""
    deadline = time.monotonic() + timeout / 1000
    while not done(answer := ask()) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    return answer


def until(page, script: str, arg=None, timeout: float = 10_000):
    """Asks the page ``script`` (a function, async or not, of ``arg``) every 100 ms until it
    answers something true, and returns that answer; fails after ``timeout`` ms.

    Not ``page.wait_for_function``: handed an async function, it takes the Promise it
    returns for a true answer and stops at once, whatever the Promise holds. Anything
    asked of Cache Storage or IndexedDB is async, so is waited for here."""
    answer = polled(page, lambda: page.evaluate(script, arg), timeout=timeout)
    if not answer:
        raise AssertionError(f"not so after {timeout / 1000:g} s: {script}")
    return answer


LEAVES_THE_PAGE = """e => {
  const link = e.closest("a[href]");
  return !!link && !link.getAttribute("href").startsWith("#") && !link.hasAttribute("download");
}"""


def tap(locator) -> None:
    """Taps like a finger: a link's tap waits for the page it opens, any other tap is a click."""
    if locator.evaluate(LEAVES_THE_PAGE):
        opens(locator)
    else:
        locator.click()


def join_in_browser(page, base: str, game_id: int) -> None:
    """Makes the Playwright ``page``'s browser a member of the group of the game
    ``game_id`` on the live server ``base``, by the group's invite link."""
    group = group_of(SERVED[base], game_id)
    page.goto(f"{base}/join/{group.invite}")
    if page.locator("#join").count():
        with page.expect_navigation():
            page.locator("#join").click()
    assert page.url.endswith(f"/groups/{group.id}"), page.url


def no_browser(reason: str):
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"SCOREKEEPER_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


PROMISE_REFUSED = """(arg) => {
  const answer = (%s)(arg);
  if (answer && typeof answer.then === "function")
    throw new Error("wait_for_function was handed a Promise, taken for true at once: use until()");
  return answer;
}"""


def refusing_promises(page_class) -> None:
    """Makes ``page.wait_for_function`` fail on a function whose answer is a Promise (an
    async one): Playwright takes the Promise for a true answer and stops waiting at once,
    so the test reads a page not yet as it waited for. ``until`` waits for those."""
    waiting = page_class.wait_for_function

    def wait_for_function(self, expression: str, **options):
        if re.match(r"\s*(async\b|function\b|\(|[\w$]+\s*=>)", expression):
            expression = PROMISE_REFUSED % expression
        return waiting(self, expression, **options)

    page_class.wait_for_function = wait_for_function


# Screenshots of what a browser test checks, for a person to look at: taken only with
# SCOREKEEPER_SCREENSHOTS=1. No test reads them, and a full page costs 0.1-0.6 s (some
# seventy a run).
SCREENSHOTS = os.environ.get("SCOREKEEPER_SCREENSHOTS") == "1"


# Where they go: ``test-artifacts/`` in the project (git-ignored), or ``SCOREKEEPER_SHOTS``.
SHOTS = Path(
    os.environ.get("SCOREKEEPER_SHOTS") or Path(__file__).resolve().parents[2] / "test-artifacts"
)


def keep_screenshot(page, path: Path) -> None:
    """A full-page screenshot of ``page`` at ``path``, with SCOREKEEPER_SCREENSHOTS=1."""
    if SCREENSHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True)


def printed_pdf(page, **options) -> bytes:
    """The page printed to PDF once its fonts are loaded: the sheet's own font is
    ``font-display: block``, and printed before it arrives (a loaded machine) its text is
    blank in the PDF. A printer waits for it; a test loads every face the page declares."""
    page.evaluate("Promise.all([...document.fonts].map((face) => face.load())).then(() => 1)")
    return page.pdf(**options)


# What a watched page reports besides its script errors: any violation of its Content
# Security Policy, which the browser only notes to the page's own listeners.
REPORTED = """document.addEventListener("securitypolicyviolation", (e) =>
    console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI));"""


# What the page's own requests are (by address): the document and a script's fetch. The
# browser logs "Failed to load resource" for any answer with an error status; for these it
# is the app's answer (a refused hand's 422, a clash's 409, a removed member's 404, no
# network), which the test reads on the page itself; for any other resource (a script, a
# style sheet, an image, a font) it is a fault of the page.
ANSWERED = ("document", "fetch", "xhr")


@contextlib.contextmanager
def watched_page(browser, live_server, viewport=PHONE, **options):
    """A page in a fresh browser context on the live server; fails the test on any
    JavaScript error the page raised while in use, and on any error or warning logged to
    its console (a header the browser does not understand, a policy violated, a style
    sheet or script that failed to load: what a person opening the console would see),
    but the browser's note of an error status the app answered a page or a fetch with."""
    context = browser.new_context(viewport=viewport, base_url=live_server, **options)
    context.add_init_script(REPORTED)
    page = context.new_page()
    errors: list[str] = []
    asked: dict[str, str] = {}
    page.on("request", lambda request: asked.setdefault(request.url, request.resource_type))

    def logged(message) -> None:
        if message.type not in ("error", "warning"):
            return
        where = message.location.get("url", "")
        if message.text.startswith("Failed to load resource") and asked.get(where) in ANSWERED:
            return
        errors.append(f"{message.type}: {message.text} ({where or page.url})")

    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", logged)
    yield page
    context.close()
    assert errors == [], f"JavaScript errors and console messages: {errors}"
