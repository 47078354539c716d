"""Helpers of tests/browser/test_browser.py, which other tests use too."""

import re

from tests.support.app import SEAT_NAMES
from tests.support.live import call_json, tap

SCOREBOARD_URL = re.compile(r"/games/\d+$")


# docs/rules/israeli-whist.md's example 1 as keys tapped in speaking order, contracts and tricks;
# North's tricks fill themselves in.
WORKED_TAPS = (
    ("declarer", 2),
    ("level", 7),
    ("denomination", "C"),
    ("contract_3", 0),
    ("contract_0", 2),
    ("contract_1", 3),
    ("tricks_3", 2),
    ("tricks_0", 0),
    ("tricks_1", 3),
)


class Taps:
    """Clicks like a finger and counts every click."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def __call__(self, locator) -> None:
        # A tap on a link opens a page: its scripts must be running before the next
        # finger lands, as they are for a person who looks first.
        tap(locator)
        self.count += 1

    def key(self, name: str, value) -> None:
        """Taps the key for ``value`` of the radio field ``name`` (it must be showing): a
        key is a label, which opens no page, so it is clicked without first asking the
        page whether it is a link (``tap``: a round trip to the browser a key)."""
        self.page.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
        self.count += 1

    def save(self) -> None:
        """Taps Save and waits for the scoreboard: the hand is sent in the background
        (static/draft.js), and the page moves on once the server confirms the save."""
        self(self.page.locator("#save"))
        self.page.wait_for_url(SCOREBOARD_URL)


def radio(page, name, value):
    return page.locator(f'input[name="{name}"][value="{value}"]')


def api(base, method, path, body=None, key=None):
    status, answer = call_json(base, method, path, body, key)
    assert status < 400, answer
    return answer


def game_opened_by_edit_link(page, live_server, **body):
    """A pagat-german game created through the API and opened on this phone's edit link."""
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"players": SEAT_NAMES, "rules": "pagat-german", "first_dealer": 0, **body},
    )
    page.goto(created["edit_url"])
    return created["id"], created["edit_key"]


def totals(page):
    return page.locator(".totals b").all_inner_texts()


def record_worked_example(page, taps):
    """docs/rules/israeli-whist.md's example 1, tapped in speaking order: North declares 7C, East,
    South and West name 0, 2, 3; tricks in the same order, East 2, South 0, West 3, and
    North's 8 fill themselves in."""
    taps(page.locator("#record"))
    taps.key("declarer", 2)
    taps.key("level", 7)
    taps.key("denomination", "C")
    taps.key("contract_3", 0)
    taps.key("contract_0", 2)
    taps.key("contract_1", 3)
    taps.key("tricks_3", 2)
    taps.key("tricks_0", 0)
    taps.key("tricks_1", 3)
    taps.save()
