""" "Keep this one" keeps this phone's version over the one it was shown, and only that one
(issue 42, finding 7), in real Chromium at 360 px, in Hebrew and in English.

The server's half (a replacement that names no revision, or an older one, is shown the
two versions again) is tested over waitress in tests/cli/test_attack_limits.py; here the
phone's: it sends the revision it was shown.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.engine import GAMES
from tests.support.browser import api
from tests.support.game_page_matrix import enter, entry_of
from tests.support.keep_revision_browser import busy_once, sending
from tests.support.live import SERVED, SHOTS, keep_screenshot
from tests.support.offline_client import kept_offline
from tests.support.offline_phone import ENGINE_TIMEOUT, record_offline, started_game, stored
from tests.support.offline_walk_browser import KeepingPhone, keeping_phone_on
from tests.support.rtl_browser import fits_the_phone

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phones(browser, tmp_path_factory) -> Iterator[KeepingPhone]:
    """One live server for the module and one phone that keeps each test's game on it, as
    a real phone keeps several (``KeepingPhone``): the engine's files are downloaded into
    it and stored once for the module, not once a test."""
    with keeping_phone_on(browser, tmp_path_factory.mktemp("keep-revision")) as found:
        yield found


SPADES = GAMES["spades"]
PLAYERS = ["נועה", "Ben", "דנה", "Carl"]
FIRST = {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
# Hand 2 as this phone records it offline, as another phone records it meanwhile, and as
# that phone corrects it while this one is shown the two.
MINE = {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}
OTHER = {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}
CORRECTED = {"bids": [4, 3, 3, 3], "tricks": [5, 2, 3, 3]}


@pytest.mark.parametrize("language", ["he", "en"])
def test_keep_this_one_does_not_overwrite_a_correction_made_while_it_was_shown(phones, language):
    """Back online, hand 2 clashes: both versions are shown. Meanwhile the other phone
    corrects its hand 2. "Keep this one" used to send no revision, and this phone's
    version silently replaced the correction; now the two are shown again, the server's
    being the correction, and kept a second time this phone's version replaces it (the
    correction stays in the revisions), though the server was busy the first time it was
    sent."""
    base = phones.base
    created, game_id, key = started_game(base, SPADES, PLAYERS, FIRST)
    with kept_offline(phones, language, created, PLAYERS[0]) as page:
        record_offline(page, entry_of(SPADES, MINE, PLAYERS), enter)
        api(base, "POST", f"/api/games/{game_id}/hands", OTHER, key)
        send = f"{base}/games/{game_id}/offline/hands"
        with sending(page, game_id) as first:
            page.context.set_offline(False)
        assert first.value.status == 409
        page.locator("#kept-conflict .versions").wait_for(timeout=ENGINE_TIMEOUT)
        shown = page.locator("#version-server").text_content()

        api(base, "PUT", f"/api/games/{game_id}/hands/2", CORRECTED, key)
        with sending(page, game_id) as kept:
            page.locator("#keep-phone").click()
        assert kept.value.status == 409
        assert kept.value.json()["conflict"]["server"]["revision"] == 2
        # The two versions shown again, the server's now the correction. (Not innerText:
        # while the board shows, the hidden versions' innerText is their raw text, which
        # differs from the drawn one, and the wait ended before they were shown again.)
        page.wait_for_function(
            """shown => {
              const place = document.querySelector('#kept-conflict');
              const server = document.querySelector('#version-server');
              return !place.hidden && server && server.textContent !== shown;
            }""",
            arg=shown,
            timeout=ENGINE_TIMEOUT,
        )
        assert page.locator("#kept-conflict").is_visible()
        hands = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)["hands"]
        assert SPADES.hand.form_values(hands[1]) == SPADES.hand.form_values(CORRECTED)
        keep_screenshot(page, SHOTS / "offline" / f"keep-shown-again-{language}.png")
        fits_the_phone(page, f"offline-keep-shown-again-{language}", language)

        # Chosen again, the server is busy at first (503, its heavy slots taken; or an
        # answer lost on a slow link): the phone leaves the two versions for its board and
        # sends the hands again by itself, as it says, and goes back to the scoreboard. It
        # used to stay on the two versions, never sending again.
        answered: list[int] = []
        page.on("response", lambda r: answered.append(r.status) if r.url == send else None)
        page.route(send, lambda route: busy_once(route, answered))
        page.locator("#keep-phone").click()
        page.locator("#live").wait_for(timeout=ENGINE_TIMEOUT)
        assert answered == [503, 200]
        hands = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)["hands"]
        assert SPADES.hand.form_values(hands[1]) == SPADES.hand.form_values(MINE)
        revisions = stored(
            SERVED[base],
            "SELECT revision, offline_by FROM hand_revisions WHERE game_id = ? AND number = 2 "
            "ORDER BY revision",
            game_id,
        )
        assert revisions == [(1, None), (2, None), (3, PLAYERS[0])]
