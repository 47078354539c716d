"""The new-game page of a game whose number of players is chosen at the start, in real
Chromium: Hebrew at 360 px wide, the first-dealer keys following the names typed, and a
table of five started with three fields left blank."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from tests.support.live import opens
from tests.support.rtl_browser import check_page
from tests.support.seat_range import ANY

pytestmark = pytest.mark.browser

HEBREW_NAMES = ["דני", "רותם", "Noa", "אביגיל בן-דוד", "Eve"]


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(GAMES, ANY.key, ANY)
    return ANY


def test_the_new_game_page_fits_360_px_in_hebrew_and_keys_follow_the_names(page, toy):
    page.set_viewport_size({"width": 360, "height": 780})
    page.set_extra_http_headers({"Accept-Language": "he-IL,he;q=0.9"})
    page.goto(f"/games/new?game={toy.key}")
    keys = page.locator('#first_dealer label.key:has(input:not([value="random"]))')
    assert keys.count() == 8
    # Nothing typed: the two seats the game needs have keys; the others wait for names.
    assert [keys.nth(s).is_visible() for s in range(8)] == [True] * 2 + [False] * 6
    check_page(page, "new-game-seat-range-empty")
    for seat, name in enumerate(HEBREW_NAMES):
        page.fill(f'input[name="player_{seat}"]', name)
    assert [keys.nth(s).is_visible() for s in range(8)] == [True] * 5 + [False] * 3
    assert keys.nth(3).inner_text() == "אביגיל בן-דוד"
    check_page(page, "new-game-seat-range-five")
    # The fifth dealt first, then the fifth name cleared: the key goes, and so the choice.
    keys.nth(4).click()
    page.fill('input[name="player_4"]', "")
    assert not keys.nth(4).is_visible()
    assert page.locator('input[name="first_dealer"][value="random"]').is_checked()
    page.fill('input[name="player_4"]', "Eve")
    keys.nth(4).click()
    opens(page.locator('#new-game button[type="submit"]'))
    check_page(page, "scoreboard-seat-range-five")
    assert all(name in page.content() for name in HEBREW_NAMES)
