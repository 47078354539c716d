"""Fixtures: a fresh app and SQLite file per test, a live server and real Chromium.

Browser tests (``@pytest.mark.browser``) need Debian's Chromium: its headless shell
(``chromium-headless-shell``) where it is installed, else the browser (``chromium``). Without
either they skip, and the run ends with a plain note saying so; with
``SCOREKEEPER_REQUIRE_BROWSER=1`` (as ``.ci/run`` sets) a missing browser fails them.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shutil
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import jinja2
import jinja2.bccache
import pytest

from scorekeeper.web import create_app

# Debian's chromium-headless-shell is the same Chromium (its version, Blink and V8) without the
# desktop browser around it, as Playwright's own headless runs use: the same page costs the
# machine less than half the CPU (tests/browser/test_table_fit_browser.py: 38.6 CPU-seconds in the
# browser's processes, 16.4 in the shell's), and the suite is three quarters Chromium's.
# ``SCOREKEEPER_CHROMIUM`` names another (``/usr/bin/chromium``: the full browser).
BROWSER_BINARIES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM") or next(
    (path for path in BROWSER_BINARIES if os.path.exists(path)), BROWSER_BINARIES[-1]
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
BROWSER_HELP = (
    f"Chromium is not installed at {CHROMIUM}. Install it with "
    "`apt-get install chromium-headless-shell chromium fonts-dejavu-core` to run them; set "
    "SCOREKEEPER_REQUIRE_BROWSER=1 to make a missing browser fail the run."
)

# docs/rules/israeli-whist.md's example 1, pagat-german: seats S, W, N, E = 0..3, South deals,
# North declares 7C; points S -20, W +19, N -10, E -40.
WORKED_EXAMPLE = {
    "declarer": 2,
    "bid": "7C",
    "frisch_rounds": 0,
    "contracts": [2, 3, 7, 0],
    "tricks": [0, 3, 8, 2],
}
WORKED_POINTS = [-20, 19, -10, -40]
SEAT_NAMES = ["South", "West", "North", "East"]


def app_config(tmp_path, **overrides) -> dict:
    return {
        "TESTING": True,
        "DATABASE": str(tmp_path / "scorekeeper.db"),
        "SECRET_KEY": "test secret",
        "WTF_CSRF_ENABLED": False,
        # A test's phone starts more groups and games than a stranger may
        # (tests/app/test_stranger.py turns the limits on).
        "RATE_LIMITS": {},
        # A test may hold a few streamed exports unread, which a server would have sent
        # (tests/app/test_stranger.py serves with the one slot of serve).
        "HEAVY_SLOTS": 4,
        **overrides,
    }


class _CompiledTemplates(jinja2.BytecodeCache):
    """The templates' compiled code, kept in memory for every app a test process makes:
    each test's app is new, and compiling the same templates again for each of them was a
    good part of a test's set-up. Jinja checks each template's source against the kept code
    (its checksum), so a changed template is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = _CompiledTemplates()
# A database file migrated once for the test process, which each test's app starts from.
_MIGRATED: dict[str, str] = {}


def _migrated_database(into: str) -> None:
    """Puts at ``into`` (0600, as the app makes a database) a copy of a database holding
    every migration and nothing else: what ``db.migrate`` makes of a new file, without
    running all the migrations again for every test."""
    from scorekeeper import db

    if os.path.exists(into) or not os.path.isdir(os.path.dirname(into)):
        return  # a test's own file, or a folder the app makes: the app's own way
    if "path" not in _MIGRATED:
        folder = tempfile.mkdtemp(prefix="scorekeeper-migrated-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "migrated.db")
        db.migrate(path).close()  # the last connection: the log is checkpointed and gone
        assert not os.path.exists(f"{path}-wal"), "the migrated database left its log"
        _MIGRATED["path"] = path
    shutil.copyfile(_MIGRATED["path"], into)
    os.chmod(into, 0o600)


def new_app(folder, **overrides):
    """``create_app`` on a new database in ``folder``, started from the migrated copy, the
    templates compiled once for the test process: as a fresh app and file are, sooner."""
    config = app_config(folder, **overrides)
    _migrated_database(config["DATABASE"])
    made = create_app(config)
    made.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return made


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def stored_game(client, game_id: int):
    """The stored game ``game_id`` of the client's app (its view token, its group…)."""
    from scorekeeper import db

    database = db.open_database(str(client.application.config["DATABASE"]))
    try:
        return db.load_game(database, game_id)
    finally:
        database.close()


def group_of(database_path, game_id: int):
    """The stored group of the game ``game_id`` in the database file."""
    from scorekeeper import db

    database = db.open_database(str(database_path))
    try:
        game = db.load_game(database, game_id)
        assert game is not None, f"there is no game {game_id}"
        return db.load_group(database, game.group_id)
    finally:
        database.close()


def join_group(client, game_id: int | None = None, group_id: int | None = None):
    """Makes the test client a member of the group ``group_id`` (or of the game
    ``game_id``'s group) by its invite link, as a phone joins (issue 21); returns the group."""
    from scorekeeper import db

    database_path = client.application.config["DATABASE"]
    if group_id is None:
        group = group_of(database_path, game_id)
    else:
        database = db.open_database(str(database_path))
        try:
            group = db.load_group(database, group_id)
        finally:
            database.close()
    page = client.get(f"/join/{group.invite}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    response = client.post(f"/join/{group.invite}", data={"csrf_token": token[1]} if token else {})
    assert response.status_code == 302, response.status_code
    assert response.headers["Location"] == f"/groups/{group.id}"
    assert client.get(response.headers["Location"]).status_code == 200  # as a browser does
    return group


def move_to_group(database_path, game_id: int, group_id: int) -> None:
    """Puts the stored game ``game_id`` in the group ``group_id``: test setup, for games
    a test starts through the API (each in a new group of its own) but looks back on
    together, as one group's History and players."""
    from scorekeeper import db

    database = db.open_database(str(database_path))
    try:
        with db.writing(database):
            database.execute("UPDATE games SET group_id = ? WHERE id = ?", [group_id, game_id])
    finally:
        database.close()


def into_group(client, game_id: int):
    """Makes the test client see the game ``game_id`` as a member, without its key: the
    client joins the game's group, or when it is a member of a group already, the game is
    moved into that one (so that a test's games are one group's History). Returns the
    group's id."""
    from tests.support.stored import held_groups

    groups = held_groups(client)
    if groups:
        move_to_group(client.application.config["DATABASE"], game_id, groups[0])
        return groups[0]
    return join_group(client, game_id).id


@pytest.fixture
def make_game(client):
    """Creates a game through the API; returns (id, edit key). Every game a test makes
    this way is in one group (``into_group``), of which the client is a member: it sees
    the games without holding their keys."""

    def make(rules="pagat-german", players=SEAT_NAMES, first_dealer=0, **body):
        response = client.post(
            "/api/games",
            json={"players": players, "rules": rules, "first_dealer": first_dealer, **body},
        )
        assert response.status_code == 201, response.get_json()
        game_id = response.get_json()["id"]
        into_group(client, game_id)
        return game_id, response.get_json()["edit_key"]

    return make


@pytest.fixture
def post_hand(client):
    """Records a hand through the API; returns the response."""

    def post(game_id, key, hand=None, **changes):
        return client.post(
            f"/api/games/{game_id}/hands",
            json={**(WORKED_EXAMPLE if hand is None else hand), **changes},
            headers={"Authorization": f"Bearer {key}"},
        )

    return post


@pytest.fixture
def editor(client, make_game):
    """A browser session that created a pagat-german game: (client, game id)."""
    game_id, key = make_game()
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    return client, game_id


# --- live server and Chromium -------------------------------------------------------------


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


@pytest.fixture
def live_server(tmp_path) -> Iterator[str]:
    """The app with CSRF on, served by werkzeug on a random loopback port."""
    with serving(tmp_path) as base:
        yield base


def _no_browser(reason: str):
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"SCOREKEEPER_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


PROMISE_REFUSED = """(arg) => {
  const answer = (%s)(arg);
  if (answer && typeof answer.then === "function")
    throw new Error("wait_for_function was handed a Promise, taken for true at once: use until()");
  return answer;
}"""


def _refusing_promises(page_class) -> None:
    """Makes ``page.wait_for_function`` fail on a function whose answer is a Promise (an
    async one): Playwright takes the Promise for a true answer and stops waiting at once,
    so the test reads a page not yet as it waited for. ``until`` waits for those."""
    waiting = page_class.wait_for_function

    def wait_for_function(self, expression: str, **options):
        if re.match(r"\s*(async\b|function\b|\(|[\w$]+\s*=>)", expression):
            expression = PROMISE_REFUSED % expression
        return waiting(self, expression, **options)

    page_class.wait_for_function = wait_for_function


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        _no_browser(BROWSER_HELP)
    try:
        from playwright.sync_api import Page, sync_playwright
    except ImportError:
        _no_browser("Playwright is not installed; run `pip install -e '.[test]'`.")

    _refusing_promises(Page)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def axe():
    """axe-core, bundled in axe-playwright-python (nothing is fetched)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        _no_browser("axe-playwright-python is not installed; run `pip install -e '.[test]'`.")
    return Axe()


# Screenshots of what a browser test checks, for a person to look at: taken only with
# SCOREKEEPER_SCREENSHOTS=1. No test reads them, and a full page costs 0.1-0.6 s (some
# seventy a run).
SCREENSHOTS = os.environ.get("SCOREKEEPER_SCREENSHOTS") == "1"
# Where they go: ``test-artifacts/`` in the project (git-ignored), or ``SCOREKEEPER_SHOTS``.
SHOTS = Path(
    os.environ.get("SCOREKEEPER_SHOTS") or Path(__file__).resolve().parents[1] / "test-artifacts"
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


@contextlib.contextmanager
def watched_page(browser, live_server, viewport=PHONE, **options):
    """A page in a fresh browser context on the live server; fails the test on any
    JavaScript error the page raised while in use."""
    context = browser.new_context(viewport=viewport, base_url=live_server, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


@pytest.fixture
def page(browser, live_server):
    with watched_page(browser, live_server) as opened:
        yield opened


def pytest_itemcollected(item) -> None:
    """Where ``make test`` runs the suite on every core (pytest-xdist, ``--dist
    loadgroup``), the tests that share a module's fixture (a live server and the games it
    holds, built once) go to one worker together: those of a module that defines a
    session-, module- or class-scoped fixture (a session's: Pyodide loaded once, not once
    a worker), or only those of one game where the module's tests
    take a ``game`` and build its data lazily (``PER_GAME_GROUPS``), so that the games
    spread over the cores. Every other test goes wherever a core is free.

    The group is marked as each test is collected: xdist reads the marks in its own
    ``pytest_collection_modifyitems``, which runs before this file's (a mark added there
    came too late, and every module's tests were spread over the workers, each worker
    starting its own server and building the same games again)."""
    if item.get_closest_marker("xdist_group"):
        return
    module = item.module.__name__.rsplit(".", 1)[-1]
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info else ()
    own = item.getparent(pytest.Module).nodeid
    shared = any(
        fixture.scope in ("session", "module", "class") and fixture.baseid == own
        for chain in defs
        for fixture in chain
    )
    if not shared:
        return
    game = getattr(item, "callspec", None) and item.callspec.params.get("game")
    if game is not None and getattr(item.module, "PER_GAME_GROUPS", False):
        item.add_marker(pytest.mark.xdist_group(f"{module}-{game.key}-{game.seats}"))
    else:
        item.add_marker(pytest.mark.xdist_group(module))


def _group_in_node_id(item) -> None:
    """Adds ``@<group>`` to the test's node id, which is how ``--dist loadgroup`` tells
    the controller a test's group. pytest-xdist 3.8 writes it to ``item._nodeid``, which
    pytest 9 no longer reads (a node's id is its ``_id``): without this every group was
    spread over the workers (a test of tests/app/test_suite_cost.py checks that it is not)."""
    marker = item.get_closest_marker("xdist_group")
    if marker is None or node_id(item.nodeid) != item.nodeid:
        return
    group = marker.args[0] if marker.args else marker.kwargs.get("name", "default")
    grouped = f"{item.nodeid}@{group}"
    if hasattr(item, "_id"):
        from _pytest.nodeid import NodeId

        item._id = NodeId.parse(grouped)
    else:
        item._nodeid = grouped


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items) -> None:
    """A worker of a parallel run keeps each group's tests together and takes its tests
    longest first (``longest_first``)."""
    if getattr(config.option, "loadgroup", False):  # set on the workers of --dist loadgroup
        for item in items:
            _group_in_node_id(item)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = longest_first(items)


# What each test took in a measured run (``benchmarks/suite_cost.py --weights``): the
# tests of a second or more; any other test is reckoned at its kind's usual time.
DURATIONS = Path(__file__).with_name("durations.json")
USUAL_SECONDS = {"browser": 3.0, "other": 0.15}


def node_id(nodeid: str) -> str:
    """A test's node id without the ``@group`` xdist's ``--dist loadgroup`` adds to it."""
    at = nodeid.rfind("@")
    return nodeid[:at] if at > nodeid.rfind("]") and at > nodeid.rfind("::") else nodeid


def _scope(item) -> str:
    """The unit pytest-xdist's ``--dist loadgroup`` gives one worker: the test's group,
    or the test alone."""
    marker = item.get_closest_marker("xdist_group")
    return f"@{marker.args[0] if marker.args else marker.kwargs['name']}" if marker else item.nodeid


def longest_first(items: list) -> list:
    """The tests in the order a parallel run should hand them out: the groups (and single
    tests) that take longest first, each group's tests in their own order, so that no
    worker starts a long group when the others are nearly done (``pytest_configure``
    turns off xdist's own order, which is by the number of tests in a group)."""
    measured = json.loads(DURATIONS.read_text())["seconds"] if DURATIONS.exists() else {}
    cost: dict[str, float] = {}
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        scope = _scope(item)
        usual = USUAL_SECONDS["browser" if item.get_closest_marker("browser") else "other"]
        cost[scope] = cost.get(scope, 0.0) + measured.get(node_id(item.nodeid), usual)
        first.setdefault(scope, index)
    order = {id(item): index for index, item in enumerate(items)}
    return sorted(
        items,
        key=lambda item: (-cost[_scope(item)], first[_scope(item)], order[id(item)]),
    )


def pytest_configure(config) -> None:
    # The order of ``longest_first`` is the one xdist hands the groups out in.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_terminal_summary(terminalreporter) -> None:
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "browser" in getattr(report, "keywords", {})
    ]
    if skipped:
        reasons = {
            str(report.longrepr[2]).split("browser tests skipped: ", 1)[-1]
            for report in skipped
            if isinstance(report.longrepr, tuple)
        }
        terminalreporter.write_sep("=", "browser tests skipped", yellow=True, bold=True)
        for reason in sorted(reasons) or [BROWSER_HELP]:
            terminalreporter.write_line(f"{len(skipped)} browser tests did not run. {reason}")


def trace_statements(monkeypatch) -> list[str]:
    """Every SQL statement the app's connections run from now on (``monkeypatch.undo()``
    stops it): the server's side of a request, counted without timing it."""
    from scorekeeper import db

    statements: list[str] = []
    connect = db.connection.connect

    def traced(path: str):
        database = connect(path)
        database.conn.set_trace_callback(statements.append)
        return database

    monkeypatch.setattr(db.connection, "connect", traced)
    # Every request opens a traced connection rather than taking one left idle.
    monkeypatch.setattr(db.connection, "_idle_connection", lambda app: None)
    return statements


def game_in_new_group(database, players, rules, settings, first_dealer, *more, **options):
    """``db.create_game`` of a game in a new group of its own (every game is in a group),
    for a test that works with the data layer; returns (id, edit key)."""
    from scorekeeper import db

    group_id = db.create_group(database, None)[0].id
    return db.create_game(
        database, players, rules, settings, first_dealer, *more, group_id=group_id, **options
    )


@pytest.fixture
def club(tmp_path):
    """A club night's group (issue 45; ``tests/test_club_*.py``), made through the API
    (its key, to record hands as a table's phone does), and a client that joined it: the
    organiser. Returns (app, the organiser's client, the group's id, its key)."""
    app = create_app(app_config(tmp_path))
    organiser = app.test_client()
    made = organiser.post("/api/groups", json={"name": "Skatclub"}).get_json()
    join_group(organiser, group_id=made["id"])
    return app, organiser, made["id"], made["key"]
