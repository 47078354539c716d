"""The ratings page on the narrowest phone (issue 56): a group whose players have names of
20 characters, Hebrew among them, and a few finished games. At 360 × 800, in Hebrew,
English and German, the page is no wider than the phone, nothing in the table scrolls,
and every column's cell of every row (and every heading) lies inside the screen: the
trend's heading, arrow and change are read where Place and Player are."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper import db
from tests.support.live import SERVED, SHOTS, join_in_browser, keep_screenshot
from tests.support.ratings_fit_browser import round_sheet

pytestmark = pytest.mark.browser

LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9"}
NAMES = (
    "Alexandra Montgomery",
    "שלומית אבן-חיימי-לוי",
    "Bartholomew Kingsley",
    "Friederike Schönberg",
    "אלכסנדרה בן-אליעזרים",
    "Maximilian Oberhofer",
)
START = datetime(2026, 3, 6, 19, 0, tzinfo=UTC)
WIDTH = 360


@pytest.fixture
def rated(live_server):
    """A group of six players of 20-character names and five finished round sheets:
    (a game of the group, the group)."""
    database = db.open_database(SERVED[live_server])
    try:
        group = db.create_group(database, None)[0].id
        games = [
            round_sheet(
                [tuple(((seat + k) * 37) % 101 for seat in range(len(NAMES)))],
                NAMES,
                START + timedelta(hours=k),
            )
            for k in range(5)
        ]
        ids = [game_id for game_id, _key in db.import_games(database, games, group)]
    finally:
        database.close()
    return ids[0], group


# Each cell of the table (headings too) whose box reaches past the screen, or is cut by a
# box around it that scrolls or clips: what a person at 360 px does not see.
HIDDEN_CELLS = """() => {
  const width = document.documentElement.clientWidth;
  const hidden = [];
  for (const cell of document.querySelectorAll("#ratings th, #ratings td")) {
    const box = cell.getBoundingClientRect();
    if (box.width === 0) { hidden.push(cell.textContent.trim() + " (no width)"); continue; }
    let left = 0, right = width;
    for (let up = cell.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== "visible") {
        const around = up.getBoundingClientRect();
        left = Math.max(left, around.left);
        right = Math.min(right, around.right);
      }
    }
    for (const part of cell.querySelectorAll("*:not(.vh)")) {
      const inner = part.getBoundingClientRect();
      if (inner.width && (inner.left < left - 0.5 || inner.right > right + 0.5))
        hidden.push(part.textContent.trim() || part.tagName);
    }
    if (box.left < left - 0.5 || box.right > right + 0.5) hidden.push(cell.textContent.trim());
  }
  return hidden;
}"""

SCROLLING = """() => [...document.querySelectorAll("main *")]
  .filter((e) => !e.matches(".vh") && e.scrollWidth > e.clientWidth + 1)
  .filter((e) => getComputedStyle(e).overflowX !== "visible")
  .map((e) => e.id || e.className || e.tagName)"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_column_of_every_row_shows_at_360_px(browser, live_server, rated, language):
    first, group = rated
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 800},
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    try:
        page = context.new_page()
        join_in_browser(page, live_server, first)
        page.goto(f"/groups/{group}/ratings")
        assert page.locator("#ratings tbody tr").count() == len(NAMES)
        keep_screenshot(page, SHOTS / f"ratings-{language}-360.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        assert page.evaluate(SCROLLING) == [], "a box on the page scrolls sideways"
        assert page.evaluate(HIDDEN_CELLS) == [], "cells cut off at 360 px"
        # The trend of each row is read on the screen, not only by a screen reader: its
        # arrow and its change figure, and the heading says what it is in full.
        trends = page.locator("#ratings tbody .trend")
        assert trends.count() == len(NAMES)
        for index in range(len(NAMES)):
            shown = trends.nth(index).locator("span[aria-hidden=true]").inner_text()
            assert any(arrow in shown for arrow in "▲▼▬") and any(c.isdigit() for c in shown)
    finally:
        context.close()
