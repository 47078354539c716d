"""The printed sheet on a phone and on paper, and a clean console (issue 43, item 3), in
one browser session: at 360 px the page is no wider than the screen and every table but
the hands' (which scrolls in its own box, at 12 px) fits its box; on A4 and on Letter no
outcome is cut off in its column (the outcome column was clipped while the dealer and
player columns were wide); and the
scoreboard, the result card, the printed sheet and the rules page log no Content
Security Policy violation, no error and no warning at all."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import get_game
from tests.support.live import REPORTED, serving
from tests.support.printed_sheet_fits_browser import played

pytestmark = pytest.mark.browser

# Each table's width against its box's, and every cell whose text is wider than the cell
# (a cell's overflow is hidden: what does not fit is cut off on paper).
MEASURED = """() => ({
    page: document.documentElement.scrollWidth,
    tables: Array.from(document.querySelectorAll("table")).map((t) => [
        t.className, t.getBoundingClientRect().width, t.parentElement.clientWidth]),
    cut: Array.from(document.querySelectorAll("table.score td, table.score th"))
        .filter((c) => c.scrollWidth > c.clientWidth + 1)
        .map((c) => [c.className, c.textContent.trim()]),
})"""
PAPER = {"A4": 718, "Letter": 740}  # the page's width less 10 mm margins, in CSS px


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Any:
    with serving(tmp_path_factory.mktemp("printed")) as base:
        yield base, {key: played(base, key, 12) for key in ("doppelkopf", "oh-hell")}


def test_the_printed_sheet_fits_a_phone_and_paper_and_no_page_logs_a_violation(browser, games):
    base, made = games
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        base_url=base,
        extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"},
    )
    context.add_init_script(REPORTED)  # any violation of the page's policy, logged
    logged: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: logged.append(f"{page.url}: {m.type}: {m.text} {m.location}"))
        page.on("pageerror", lambda error: logged.append(f"pageerror: {error}"))
        for key, (game_id, edit_key) in made.items():
            page.goto(f"/games/{game_id}/edit/{edit_key}")  # the scoreboard, with its card
            page.goto(f"/rules/{key}")
            if get_game(key).progression.finish_now:
                page.goto(f"/games/{game_id}/result")
            page.goto(f"/games/{game_id}/print")
            screen = page.evaluate(MEASURED)
            assert screen["page"] <= 360, (key, screen["page"])
            # The hands' table scrolls sideways in its own box at a size a phone reads
            # (test_display_browser); every other table fits its box.
            for name, width, box in screen["tables"]:
                assert "score" in name.split() or width <= box + 1, (key, name, width, box)
            for paper, width in PAPER.items():
                page.set_viewport_size({"width": width, "height": 1000})
                page.emulate_media(media="print")
                printed = page.evaluate(MEASURED)
                assert [c for c in printed["cut"] if c[0] in ("ou", "who")] == [], (key, paper)
                page.emulate_media(media="screen")
                page.set_viewport_size({"width": 360, "height": 800})
        assert logged == [], logged
    finally:
        context.close()
