"""Issue 44's walk (``offline_evening``) for each game and language: a phone keeps a started
game by itself, records online and offline, reloads, reopens and meets another phone's hand
(the phone's steps are tests/support/offline_phone.py's)."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from scorekeeper.engine import Game
from tests.support.browser import api
from tests.support.game_page_matrix import enter, entry_of, long_rules, previewed, simulated_hands
from tests.support.live import opens
from tests.support.offline_phone import (
    ENGINE_TIMEOUT,
    NUMBERS,
    QUEUED,
    copy_up_to_date,
    marked,
    numbers,
    record_offline,
    reload_before_the_engine,
    saved_once_the_engine_is_ready,
)
from tests.support.rtl_browser import fits_the_phone


def keep_by_itself(page, game_id: int) -> None:
    """The editing phone keeps a started game without a tap on Keep and without a question
    (issue 56), as soon as it has started. Returns once the game is kept."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    flag = f"localStorage.getItem('scorekeeper:kept:{game_id}') === '1'"
    try:
        page.wait_for_function(f"() => {flag}", timeout=ENGINE_TIMEOUT)
    except PlaywrightTimeout:
        said = page.locator("#keep-status").inner_text()
        raise AssertionError(f"game {game_id} not kept; the phone says: {said!r}") from None
    # Kept on this page, it says what it took; kept on an earlier one (keeping began after
    # hand 1 and may be done before hand 2 is saved), this page says nothing of it.
    page.wait_for_function(
        "() => { const said = document.getElementById('keep-status').textContent; "
        "return !said || /\\d/.test(said); }"
    )


def record_online(page, game: Game, game_id: int, entry: Any) -> None:
    """The hand recorded on the server's form, as the table taps it: Record on the
    scoreboard, the keys, the preview's points, Save; back on the scoreboard. A hand an
    action records (Schafkopf's all passed) has no preview, the form not being whole: as on
    the kept page (``record_offline``), its points are met on the server's sheet."""
    opens(page.locator("#live #record"))
    enter(page, entry)
    if entry.action is None:
        settings = game.preset(game.default_preset).with_changes(long_rules(game))
        points = game.preview(settings, game.record_from_dict(settings, entry.hand))["points"]
        previewed(page, points)
    with page.expect_navigation(url=re.compile(rf"/games/{game_id}$")):
        page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save").click()


def offline_evening(
    context,
    base: str,
    game: Game,
    names: list[str],
    language: str,
    widest: Collection[str],
    watcher=None,
) -> None:
    """Issue 44's walk in ``language`` on the phone ``context`` (``new_phone``; it may have
    kept other games before): hands 1 and 2 recorded on the server's form without a tap on
    Keep; the network drops; hands 3 to 5 recorded on the page the phone had open, hand 4
    saved empty first (refused in the table's words) and corrected; reloaded; closed and
    opened again, still offline; back online it meets the hand 4 another phone recorded
    meanwhile, keeps its own, and the server holds 1 to 5 with the points and totals the
    phone showed. Where its page is the widest (``widest``): the fit, and a phone
    (``watcher``) that watches the game live ("board")."""

    def fits(template: str, shot: str) -> None:
        if template in widest:
            fits_the_phone(page, f"offline-{game.key}-{language}-{shot}", language)

    body = {"game": game.key, "players": names, "rules": game.default_preset}
    body |= {"settings": long_rules(game), "first_dealer": 0}
    created = api(base, "POST", "/api/games", body)
    game_id, key = created["id"], created["edit_key"]
    # Hands 1 to 5 as the phone enters them, and the hand 4 another phone records.
    places = (1, 2, 3, 4, 5, 4)
    drawn = (simulated_hands(game, 6, seed, long=True, numbers=places) for seed in range(5, 25))
    hands = next(h for h in drawn if game.hand.form_values(h[5]) != game.hand.form_values(h[3]))
    entries = [entry_of(game, hand, names) for hand in hands]
    phone_name = names[1]

    if "board" in widest and watcher is not None:  # a phone watching: the hands come live
        watching = watcher.new_page()
        watching.goto(created["view_url"])
        watching.locator("#live").wait_for()
    page = context.new_page()
    page.goto(created["edit_url"])
    assert page.url.endswith(f"/games/{game_id}")
    # Its player gave their name on an earlier game's kept page: the hands it records
    # offline are marked with it (a phone with none is asked later: test_keep_unasked_browser).
    page.evaluate("(name) => localStorage.setItem('scorekeeper:phone-name', name)", phone_name)
    for entry in entries[:2]:
        record_online(page, game, game_id, entry)
    # Started on a good connection, the editing phone keeps the game without a tap.
    keep_by_itself(page, game_id)
    assert page.locator("#keep-whose").count() == 0  # no question before keeping (issue 56)
    # Its kept copy holds hand 2 from the save's own answer: the network may drop at once.
    fits("board", "kept")

    # The network drops on the scoreboard, and the page is reloaded: the board and the form
    # are there before the engine in the phone has started (issue 69); a hand saved
    # meanwhile waits for it, then is checked and queued.
    copy_up_to_date(page, game_id)
    context.set_offline(True)
    reload_before_the_engine(page, language)
    saved_once_the_engine_is_ready(page, entries[2], enter)
    # Hand 4 saved empty first (refused in the table's words), then entered.
    page.locator("#kept-board #record").click()
    page.locator("#kept-entry form#hand").wait_for()
    # Folded as the server's form folds it: nothing entered in them, closed.
    assert page.locator("#kept-entry details.folded[open]").count() == 0
    page.locator("#kept-entry #save").click()
    summary = page.locator("#kept-entry .error-summary")
    summary.wait_for(timeout=ENGINE_TIMEOUT)
    refusal = summary.locator("li").all_inner_texts()
    assert refusal and not any(re.search(r"[a-z]+_[a-z]+|\[\d\]", said) for said in refusal)
    fits("form", "refused")
    record_offline(page, entries[3], enter, opened=True)
    record_offline(page, entries[4], enter)
    assert page.locator(QUEUED).count() == 3
    fits("board", "board")
    shown = numbers(page, f"#kept-board {NUMBERS}")
    assert page.locator("#kept-board table.hands td i").count()  # the hands' points

    # Opened on the form's address, still offline: the form again, three hands queued.
    page.goto(f"/games/{game_id}/hands/new")
    page.locator("#kept-entry form#hand").wait_for(timeout=ENGINE_TIMEOUT)
    page.locator(QUEUED).nth(2).wait_for(state="attached")
    assert page.locator(QUEUED).count() == 3
    # Closed, and the game opened again without the network: the same scoreboard.
    page.close()
    page = context.new_page()
    page.goto(f"/games/{game_id}")
    page.locator("#kept-board .board").wait_for(timeout=ENGINE_TIMEOUT)
    assert page.locator("html").get_attribute("lang") == language
    assert page.locator(QUEUED).count() == 3
    assert numbers(page, f"#kept-board {NUMBERS}") == shown

    # Meanwhile another phone recorded hand 3 as this one did, and another hand 4.
    for hand in (hands[2], hands[5]):
        api(base, "POST", f"/api/games/{game_id}/hands", hand, key)

    context.set_offline(False)
    page.locator("#kept-conflict .versions").wait_for(timeout=ENGINE_TIMEOUT)
    server_side = page.locator("#version-server").inner_text()
    phone_side = page.locator("#version-phone").inner_text()
    assert server_side and phone_side and server_side != phone_side
    fits("board", "conflict")
    with page.expect_navigation(url=re.compile(rf"/games/{game_id}$")):
        page.locator("#keep-phone").click()

    # The server's: 1 to 5 as entered, the phone's numbers, 4 and 5 marked ✈; still kept.
    now = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)
    assert [game.hand.form_values(h) for h in now["hands"]] == [
        *map(game.hand.form_values, hands[:5])
    ]
    assert numbers(page, NUMBERS) == shown
    assert [str(t) for t in now["totals"]] == numbers(page, "ol.totals b")
    assert marked(page, "#live") == ["h4", "h5"]
    legend = page.locator("#live .legend")
    assert legend.locator(".off").count() == 1 and phone_name in legend.inner_text()
    assert page.evaluate(f"localStorage.getItem('scorekeeper:kept:{game_id}')") == "1"
    page.close()
    if "board" in widest and watcher is not None:  # the watching phone: 4 and 5 came live
        watching.locator("#live #h5 .off").wait_for(timeout=ENGINE_TIMEOUT)
        assert marked(watching, "#live") == ["h4", "h5"]
        assert phone_name in watching.locator("#live .legend").inner_text()
        watching.close()
