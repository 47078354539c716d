"""The statistics pages read every name whole on a 360 px phone, in Hebrew, English and
German, in Chromium: a game's statistics (its players' figures), head to head and a
player's own page. At a Doppelkopf table of five the players' figures read "Adelh|eid"
and "Bartholom|äus" (a rule that let a name break anywhere), and head to head was wider
than the screen. A name breaks only between its words or after a hyphen; a word too long
for its column prints smaller or stands on its end, and every table fits the screen.
Bridge's Chicago pad, which broke them by the same rule ("Maximili|ane" under the deal it
dealt), holds them whole too.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote

import pytest

from scorekeeper import db
from tests.support.browser import api
from tests.support.browser_shared import LANGUAGES, PHONE
from tests.support.evenings import START, simulated, stored
from tests.support.evenings_browser import serious
from tests.support.live import SHOTS, join_in_browser, keep_screenshot, serving
from tests.support.stats_names_browser import _phone, compared

pytestmark = pytest.mark.browser

# Names of one long word, of two words, a Hebrew one, one with a hyphen, and a short one.
NAMES = [
    "Adelheid",
    "Walburga Hinterseer",
    "אלכסנדרה בן-שמעון",
    "Maximiliane Oberhauser-Lindahl",
    "Bartholomäus",
    "Friederike Sophie",
    "נחמיה בן-אליעזר",
    "Konstantinos",
]
# A table of four: a name of one long word, the others short.
FOUR = ["Christopher", "Noa", "אלכסנדרה", "Bartholomäus"]
FIGURES = "#player-figures thead th:not(:first-child)"
H2H = "#head-to-head thead th:not(:first-child), #head-to-head tbody th"
SMALLEST = 9  # px: no name prints smaller

# Each name under ``selector``: a word of it on two lines (by its letters' boxes: their
# tops on a line across, their left edges on a name standing on its end), a word outside
# its cell, a name printed smaller than ``smallest``.
FAULTS = """([selector, smallest]) => {
  const found = [];
  const boxes = document.querySelectorAll(selector);
  for (const box of boxes) {
    const cell = (box.closest('td, th') || box).getBoundingClientRect();
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.vh')) continue;
      const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
      if (size < smallest) found.push('small: ' + node.data + ' ' + size);
      const across = getComputedStyle(node.parentElement).writingMode.startsWith('horizontal');
      for (const m of node.data.matchAll(/[^\\s\\u00a0\\u2068\\u2069-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const lines = new Set(rects.map((r) => Math.round(across ? r.bottom : r.left)));
        if (lines.size > 1) found.push('broken: ' + m[0]);
        for (const r of rects)
          if (r.left < cell.left - 1 || r.right > cell.right + 1) found.push('outside: ' + m[0]);
      }
    }
  }
  return [boxes.length, [...new Set(found)]];
}"""

# The widths of the page and of each table (and how far its box scrolls sideways).
WIDTHS = """() => ({
  page: document.documentElement.scrollWidth,
  tables: [...document.querySelectorAll('main table')].map((table) => [
    table.id, table.getBoundingClientRect().right - table.getBoundingClientRect().left,
    table.parentElement.scrollWidth - table.parentElement.clientWidth]),
})"""


@pytest.fixture(scope="module")
def group(tmp_path_factory):
    """A live server with a group's Doppelkopf games at five and a round sheet of eight,
    every name long, and an Israeli Whist game of four: (address, group, the Doppelkopf
    game, the round sheet, the Israeli Whist game)."""
    with serving(tmp_path_factory.mktemp("statsnames")) as base:
        from tests.support.live import SERVED

        database = db.open_database(SERVED[base])
        try:
            group = db.create_group(database, None)[0].id
            ids = stored(
                database,
                simulated("doppelkopf", 5, 12, START, players=NAMES[:5]),
                simulated("doppelkopf", 5, 10, START + timedelta(hours=1), players=NAMES[:5]),
                simulated("any-game", 8, 6, START + timedelta(hours=2), players=NAMES),
                simulated("israeli-whist", 4, 8, START + timedelta(hours=3), players=FOUR),
                group_id=group,
            )
        finally:
            database.close()
        yield base, group, ids[0], ids[2], ids[3]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_of_the_statistics_pages_is_whole_on_a_phone(browser, axe, group, language):
    base, group_id, doppelkopf, sheet, whist = group
    pages = {
        "stats-doppelkopf-5": (f"/games/{doppelkopf}/stats", FIGURES),
        "stats-israeli-whist-4": (f"/games/{whist}/stats", FIGURES),
        "stats-round-sheet-8": (f"/games/{sheet}/stats", FIGURES),
        "head-to-head-5": (compared(group_id, "doppelkopf", NAMES[:5]) + "#h2h", H2H),
        "head-to-head-8": (compared(group_id, "any-game", NAMES) + "#h2h", H2H),
        "player": (f"/groups/{group_id}/players/{quote(NAMES[3])}", "h1, .games .who"),
    }
    with _phone(browser, base, language) as page:
        join_in_browser(page, base, doppelkopf)
        for shot, (path, selector) in pages.items():
            page.goto(path)
            count, faults = page.evaluate(FAULTS, [selector, SMALLEST])
            assert count >= 3, (shot, count)
            assert faults == [], (shot, language)
            widths = page.evaluate(WIDTHS)
            assert widths["page"] <= PHONE, (shot, widths)
            for table, width, scrolls in widths["tables"]:
                assert width <= PHONE and scrolls <= 0, (shot, table, width, scrolls)
            # A table laid out anew is still a table to a screen reader.
            for table, _width, _scrolls in widths["tables"]:
                heads = page.locator(f"#{table}").get_by_role("columnheader").count()
                assert heads == page.locator(f"#{table} thead th").count(), (shot, table)
            assert serious(axe, page) == [], shot
            keep_screenshot(page, SHOTS / "stats-names" / f"{shot}-{language}-{PHONE}.png")


# Who dealt under each deal, and the partners under We and They.
CHICAGO = ".chicago-grid .who"
CHICAGO_DEALS = [
    {"declarer": seat, "level": level, "strain": strain, "tricks": tricks}
    for seat, level, strain, tricks in (
        (0, 3, "NT", 9),
        (1, 4, "S", 10),
        (2, 2, "H", 7),
        (3, 1, "NT", 8),
    )
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chicago_pads_names_are_whole_on_a_phone(browser, group, language):
    base = group[0]
    players = [NAMES[3], NAMES[2], "Bartholomäus Wiesenthal", "Konstantinos"]
    created = api(
        base,
        "POST",
        "/api/games",
        {"game": "bridge", "players": players, "first_dealer": 0, "rules": "chicago"},
    )
    for deal in CHICAGO_DEALS:
        api(base, "POST", f"/api/games/{created['id']}/hands", deal, created["edit_key"])
    with _phone(browser, base, language) as page:
        page.goto(created["edit_url"])
        count, faults = page.evaluate(FAULTS, [CHICAGO, SMALLEST])
        assert count == 6  # four dealers, two sides
        assert faults == [], language
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
        keep_screenshot(page, SHOTS / "stats-names" / f"chicago-{language}-{PHONE}.png")
