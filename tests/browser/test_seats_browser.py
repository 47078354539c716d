"""Any number of seats on a phone: the three-seat and the eight-seat copies of the toy game
(``tests/web/games/test_seats.py``) through every page of the app conformance suite at 360 px: no
page wider than the screen, no serious axe finding, the game named in every title."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.engine import GAMES
from tests.support.accessibility import axe, axe_once  # noqa: F401  (a fixture)
from tests.support.game_page_matrix import (
    PAGES,
    Phones,
    Setup,
    address,
    kept_games,
    page_problems,
    pages_of,
    setup_of,
)
from tests.support.live import join_in_browser, serving
from tests.support.seats import THREE, toy_with_seats

pytestmark = pytest.mark.browser

EIGHT = toy_with_seats(8)
SEATED = (THREE, EIGHT)
WIDTH = 360


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    with pytest.MonkeyPatch.context() as patch:
        for game in SEATED:
            patch.setitem(GAMES, game.key, game)
        with serving(tmp_path_factory.mktemp("seats")) as base:
            yield base


@pytest.fixture(scope="module")
def setups(browser, server) -> Iterator[dict[str, Setup]]:
    """Each seated game's games and club night (started by a phone of its own, as the app
    conformance suite's setups are)."""
    phones = Phones(browser, server)
    yield {game.key: setup_of(server, game, phones) for game in SEATED}
    phones.close()


@pytest.fixture(scope="module")
def phone(browser, server):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 800}, base_url=server, locale="en"
    )
    # Every page it opens is checked with axe: axe-core is in each from its start (compiled
    # by Chromium from its cache), not sent into each page over Playwright's pipe.
    context.add_init_script(script=axe_once().bundled.axe_script)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game", SEATED, ids=lambda game: game.key)
def test_every_page_at_360_px(phone, server, setups, axe, game):
    setup = setups[game.key]
    for played in kept_games(setup):  # the club night's first table's too: its signing page
        phone.goto(f"/games/{played.id}/edit/{played.key}")
    join_in_browser(phone, server, setup.playing.id)  # its History and players
    problems = []
    for name in pages_of(game):
        url = address(name, setup)
        found = page_problems(phone, axe, url, "en", game, titled=name in PAGES)
        problems += [f"{name} ({url}): {problem}" for problem in found]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", SEATED, ids=lambda game: game.key)
def test_the_new_game_page_names_every_seats_dealer_key(phone, server, game):
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(f"/games/new?game={game.key}")
    names = [f"Player {s}" for s in range(game.seats)]
    for seat, name in enumerate(names):
        phone.fill(f'input[name="player_{seat}"]', name)
    keys = phone.locator('input[name="first_dealer"]:not([value="random"]) + span')
    assert keys.all_inner_texts() == names
    phone.fill('input[name="player_0"]', "")
    assert keys.first.inner_text() == "1st"
    assert errors == []
