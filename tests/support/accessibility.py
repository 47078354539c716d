"""Helpers of tests/browser/test_accessibility.py, which other tests use too."""

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.browser import Taps, api
from tests.support.live import PHONE, serving

SERIOUS = ("serious", "critical")


MIN_TARGET = 44  # CSS px, WCAG 2.5.5


# Whether the page's document holds axe-core already (put there by a run before).
HAS_AXE = "() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"


class AxeOnce:
    """axe-playwright-python's ``Axe`` (bundled axe-core, nothing fetched), which put its
    570 kB script into the page again at every run: this one puts it in a document once, and
    a second run on the same page (the other colour scheme) reuses it."""

    def __init__(self) -> None:
        from axe_playwright_python.sync_playwright import Axe

        self.bundled = Axe()

    @property
    def axe_script(self) -> str:
        """The bundled axe-core script, as ``Axe`` names it (``page_problems`` loads it)."""
        return self.bundled.axe_script

    def run(self, page):
        """axe-core's violations on ``page`` (as the bundled ``Axe.run`` answers them)."""
        from axe_playwright_python.base import AxeResults
        from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS

        if not page.evaluate(HAS_AXE):
            page.evaluate(self.bundled.axe_script)
        return AxeResults(page.evaluate("(options) => axe.run(options)", DEFAULT_OPTIONS))


@functools.cache
def axe_once() -> AxeOnce:
    return AxeOnce()


@pytest.fixture
def axe(axe) -> AxeOnce:
    """axe-core put in each page's document once (``AxeOnce``); asks for conftest's
    ``axe``, which skips the test where axe-playwright-python is not installed."""
    return axe_once()


@pytest.fixture(scope="module")
def table_server(tmp_path_factory) -> Iterator[str]:
    """One live server for the module's tables (each test still has a game of its own)."""
    with serving(tmp_path_factory.mktemp("tables")) as base:
        yield base


@pytest.fixture(scope="module")
def phones(browser, table_server) -> Iterator[Callable[[str, str], Any]]:
    """A phone (browser context) per language and colour scheme, opened once for the
    module: a test opens a page in it, where it used to open a phone of its own."""
    contexts: dict[tuple[str, str], Any] = {}

    def phone(language: str, scheme: str):
        if (language, scheme) not in contexts:
            contexts[language, scheme] = browser.new_context(
                viewport=PHONE,
                base_url=table_server,
                locale=language,
                color_scheme=scheme,
                extra_http_headers={"Accept-Language": language},
            )
        return contexts[language, scheme]

    yield phone
    for context in contexts.values():
        context.close()


@pytest.fixture
def table(phones, table_server):
    """Opens a page on the phone of a language and colour scheme, holding the edit link
    of a new game of ``game`` (Israeli Whist's or Bid Whist's) with two hands; returns
    (page, game id)."""
    pages = []

    def open_table(game: str, language: str, scheme: str = "light"):
        players = ["Noa", "Eitan", "Shira", "Wassim"]
        if game == "bid-whist":
            body = {"game": game, "players": players}
            hand = {"bidder": 1, "bid": "4U", "trump": "H", "books": 11, "reneges": [1, 0]}
        else:
            body = {"game": game, "players": players, "rules": "pagat-german"}
            hand = WORKED_EXAMPLE
        created = api(table_server, "POST", "/api/games", body)
        for _ in range(2):
            api(
                table_server,
                "POST",
                f"/api/games/{created['id']}/hands",
                hand,
                created["edit_key"],
            )
        page = phones(language, scheme).new_page()
        pages.append(page)
        # The edit link followed over HTTP with the phone's cookies: its page (the
        # scoreboard, which a test asks for itself) is not drawn for nothing.
        assert page.request.get(created["edit_url"]).ok
        return page, created["id"]

    yield open_table
    for page in pages:
        page.close()


TARGETS = "a, button, summary, select, input:not([type=radio]):not([type=hidden]), label.key"


def half_typed_hand(page) -> None:
    """The record-hand page with a bid and all contracts but the last, so that the last
    bidder's forbidden number is disabled and its reason shown."""
    taps = Taps(page)
    for name, value in (("declarer", 2), ("level", 7), ("denomination", "H")):
        taps.key(name, value)
    for contract in (2, 3):  # the declarer's 7 is filled in; then whoever speaks next
        taps(page.locator(f'#contracts .seat.on label.key:has(input[value="{contract}"])'))
    assert page.locator("#contracts .seat.on input:disabled").count() == 1


def game_of_page(name: str) -> str:
    return "bid-whist" if name.startswith("Bid Whist") else "israeli-whist"


def prepare(page, name: str) -> None:
    """A hand form half typed, so that what the script shows and disables is checked too."""
    if name == "record hand":
        half_typed_hand(page)
    elif name == "Bid Whist record hand":
        taps = Taps(page)
        for key, value in (("bidder", 2), ("level", 5), ("kind", "NT"), ("direction", "low")):
            taps.key(key, value)
        page.locator("details.folded summary").click()
