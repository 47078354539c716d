"""Issue 44's "Done when" walk, in real Chromium at 360 px: for every registered game (the
phone's engine has only the registry's), in Hebrew or in English in turn, a phone keeps a
game by itself, records it online and offline, reloads, reopens and meets another phone's hand
(tests/support/offline_walk.py; the phone's steps are tests/support/offline_phone.py's).

One live server and one browser serve the module; a parallel run keeps each game's walks
on one worker (``PER_GAME_GROUPS``), and a worker's one phone (``KeepingPhone``) keeps every
game it walks, as a real phone does. The server and the phone last the test process, not
the module: a worker takes the games' walks between other files' tests, and a phone made
again for each walk was seeded and downloaded the engine again for each.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.engine import GAMES
from tests.support.game_page_matrix import (
    game_id,
    names_for,
)
from tests.support.live import serving
from tests.support.offline_walk_browser import (
    WALK_LANGUAGES,
    KeepingPhone,
    offline_phones,
    widest_kept,
)

pytestmark = pytest.mark.browser
# A parallel run keeps each game's walks on one worker, and the games spread over the
# workers (``conftest.pytest_itemcollected``).
PER_GAME_GROUPS = True


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    """One live server for the module's walks in this process, CSRF on, on its own SQLite
    file."""
    with serving(tmp_path_factory.mktemp("offline-walk")) as base:
        yield base


OFFLINE = [
    pytest.param(game, language, id=f"{language}-{game_id(game)}")
    for game in GAMES.values()
    for language in offline_phones(game)
]


def test_every_game_walks_offline_and_the_walks_meet_both_languages():
    """Every registered game is walked, and over the games in Hebrew and in English."""
    walked = [(game.key, language) for game in GAMES.values() for language in offline_phones(game)]
    assert {key for key, _ in walked} == set(GAMES)
    assert {language for _, language in walked} >= set(WALK_LANGUAGES)
    assert ("israeli-whist", "he") in walked


@pytest.fixture(scope="session")
def keeping_phone(browser, server) -> Iterator[KeepingPhone]:
    found = KeepingPhone(browser, server)
    yield found
    found.close()


@pytest.mark.parametrize(("game", "language"), OFFLINE)
def test_a_kept_game_goes_on_offline_and_comes_back_whole(
    keeping_phone, browser, server, game, language
):
    """Issue 44's "Done when" for every registered game, in Hebrew or English, at 360 px
    (tests/support/offline_phone.py): hands 1 and 2 recorded online without a tap on Keep, the
    network drops, hands 3 to 5 recorded (4 refused first and corrected), reloaded, closed
    and opened again offline, back online the hand 4 another phone recorded meanwhile is
    met, and the server holds 1 to 5 with the points and totals the phone showed. What
    every game does alike (the pages' fit, a phone watching live) on the widest
    (``widest_kept``), and on Israeli Whist's (the first game)."""
    from tests.support.offline_phone import new_phone
    from tests.support.offline_walk import offline_evening

    widest = {template for template, key in widest_kept().items() if key == game.key}
    if game.key == "israeli-whist":
        widest |= {"board", "form"}
    phone = keeping_phone(language)
    watcher = new_phone(browser, server, language) if "board" in widest else None
    watcher_errors: list[str] = []
    if watcher is not None:
        watcher.on("weberror", lambda error: watcher_errors.append(str(error.error)))
    try:
        offline_evening(phone, server, game, names_for(game), language, widest, watcher)
    except BaseException:
        keeping_phone.close()  # a fresh phone for the next walk
        raise
    else:
        phone.set_offline(False)
    finally:
        if watcher is not None:
            watcher.close()
    assert keeping_phone.script_errors() == [] and watcher_errors == []


@pytest.mark.parametrize(("game", "language"), OFFLINE)
def test_a_hand_typed_before_an_offline_reload_comes_back_tap_for_tap_and_is_sent(
    keeping_phone, server, game, language
):
    """Issue 82: a hand typed on the server's form as the network drops, Save refused for
    want of it, then the page reloaded offline: every tap is back on the kept page's form,
    which says so, and the hand reaches the server once the network is back
    (tests/support/offline_typed.py)."""
    from tests.support.offline_typed import typed_then_reloaded_offline

    walk = typed_then_reloaded_offline
    assert keeping_phone.walked(language, walk, server, game, names_for(game)) == []


@pytest.mark.parametrize(("game", "language"), OFFLINE)
def test_the_next_hands_form_opens_offline_as_it_does_online(keeping_phone, server, game, language):
    """Issue 82: the form for the next hand opened without the network opens as the
    server's does, before the phone's engine has started and after, and a hand tapped
    through it is queued and sent (tests/support/offline_typed.py)."""
    from tests.support.offline_typed import next_form_offline

    walk = next_form_offline
    assert keeping_phone.walked(language, walk, server, game, names_for(game)) == []
