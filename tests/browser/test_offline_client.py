"""A game kept on a phone goes on without the network (issue 34, the phone's half), in
real Chromium at 360 px.

The walk of issue 44's "Done when" (tests/support/offline_walk.py) is played for every
registered game, in Hebrew and in English, by tests/browser/test_offline_walk_browser.py.
Here what the
walk does not meet: a queued hand the server refuses for real (the game changed under the
phone on another phone, so that the hand no longer stands where it is sent), a hand
the game no longer takes at all (finished on another phone), removed from the phone, a
seat changed mid-game, and a game longer than the scoreboard shows.

One live server serves the module, and one phone (``KeepingPhone``, as the walk's) keeps
each test's game, as a real phone keeps several: Pyodide, its standard library and the
engine are downloaded into it and compiled once for the module, not once a test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.engine import GAMES
from tests.support.browser import api
from tests.support.game_page_matrix import Entry, enter, entry_of, kept, simulated_hands
from tests.support.live import SERVED, keep_screenshot, opens, serving, until
from tests.support.live import SHOTS as ALL_SHOTS
from tests.support.offline_client import kept_offline, phone_page
from tests.support.offline_phone import (
    ENGINE_TIMEOUT,
    keep_game,
    offline,
    record_offline,
    started_game,
    stored,
)
from tests.support.offline_walk_browser import KeepingPhone
from tests.support.rtl_browser import fits_the_phone

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[str]:
    """One live server for the module, CSRF on, on its own SQLite file (each test makes
    its own game on it)."""
    with serving(tmp_path_factory.mktemp("offline-client")) as base:
        yield base


@pytest.fixture(scope="module")
def phones(browser, live_server) -> Iterator[KeepingPhone]:
    found = KeepingPhone(browser, live_server)
    yield found
    found.close()


SPADES = GAMES["spades"]
PLAYERS = ["נועה", "Ben", "דנה", "Carl"]
# Hand 1 as first saved: Noa and Dana (side A) bid 7 and take 3, -70; Ben and Carl +64.
# So side A is 134 behind, and Noa may bid blind nil in hand 2 (blind_nil=behind_100).
FIRST = {"bids": [4, 3, 3, 3], "tricks": [2, 5, 1, 5]}
# Hand 1 as another phone corrects it meanwhile: side A made its 7, +70; B +60.
CORRECTED = {"bids": [4, 3, 3, 3], "tricks": [4, 2, 3, 4]}
# Hand 2 on the phone: Noa blind nil and takes nothing, Dana bids 5 and takes 6.
BLIND = {"bids": [0, 3, 5, 3], "tricks": [0, 4, 6, 3], "blind_nil": [0]}


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_hand_the_server_refuses_reopens_in_the_form_with_its_words(
    phones, live_server, language
):
    """Noa's side is 134 behind after hand 1, so the phone takes her blind nil in hand 2
    offline. Meanwhile another phone corrects hand 1: her side is ahead now, and back
    online the server refuses the blind nil (422), in the table's words, naming Noa. The
    phone opens the hand in its form with the server's sentence and the entries as they
    were; Noa's bid made a plain nil, it is saved and sent, and the live scoreboard comes
    back with the hand the server took."""
    base = live_server
    created, game_id, key = started_game(base, SPADES, PLAYERS, FIRST)
    blind = entry_of(SPADES, BLIND, PLAYERS)
    sent: list[int] = []
    with kept_offline(phones, language, created, PLAYERS[0]) as page:
        context = page.context

        def heard(response) -> None:
            if response.url.endswith(f"/games/{game_id}/offline/hands"):
                sent.append(response.status)

        context.on("response", heard)  # the phone's, taken off it at the end
        record_offline(page, blind, enter)
        api(base, "PUT", f"/api/games/{game_id}/hands/1", CORRECTED, key)
        context.set_offline(False)

        summary = page.locator("#kept-entry .error-summary")
        summary.wait_for(timeout=ENGINE_TIMEOUT)
        assert sent == [422]
        said = summary.inner_text()
        assert PLAYERS[0] in said and "100" in said
        assert not any(field in said for field in ("bids", "[0]", "blind_nil", "hands["))
        # Every entry as it was, but the blind nil: the form, drawn for the game as it
        # stands now, no longer takes it.
        assert kept(page, blind) == ["bid_0=blind"]
        blind_key = page.locator('#hand input[name="bid_0"][value="blind"]')
        assert blind_key.is_disabled() and not blind_key.is_checked()
        fits_the_phone(page, f"offline-server-refused-{language}", language)

        enter(page, Entry(BLIND, (("bid_0", "0"),), None))
        page.locator("#kept-entry #preview .pts").first.wait_for(timeout=ENGINE_TIMEOUT)
        page.locator("#save").click()
        page.locator("#live").wait_for(timeout=ENGINE_TIMEOUT)
        assert sent == [422, 200]
        hands = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)["hands"]
        assert [SPADES.hand.form_values(h) for h in hands] == [
            SPADES.hand.form_values(CORRECTED),
            SPADES.hand.form_values({"bids": BLIND["bids"], "tricks": BLIND["tricks"]}),
        ]
        by = stored(SERVED[base], "SELECT offline_by FROM hands WHERE game_id = ?", game_id)
        assert by == [(None,), (PLAYERS[0],)]
        context.remove_listener("response", heard)


# Hands 2 and 3 of the game the network leaves the moment hand 2 is saved.
SECOND = {"bids": [3, 3, 4, 3], "tricks": [3, 3, 4, 3]}
THIRD = {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def test_a_save_answered_as_the_network_drops_is_on_the_kept_copy(phones, live_server):
    """The kept copy follows the game in the background on the scoreboard; a network that
    drops the moment a save is answered, before that, left it a hand behind, and the phone
    offered the form for the hand the server already had (issue 44's walk, Wizard). Hand 2
    saved on the server's form, the network gone as its answer comes: offline the phone's
    scoreboard has hand 2 and its form is for hand 3, which, back online, is sent and taken
    once, with nothing to choose between; the server holds hands 1 to 3, each once."""
    base = live_server
    body = {"game": SPADES.key, "players": PLAYERS, "rules": SPADES.default_preset}
    created = api(base, "POST", "/api/games", body | {"first_dealer": 0})
    game_id, key = created["id"], created["edit_key"]
    api(base, "POST", f"/api/games/{game_id}/hands", FIRST, key)
    with phone_page(phones, "en") as page:
        context = page.context
        page.goto(created["edit_url"])
        keep_game(page, game_id, PLAYERS[0])
        opens(page.locator("#live #record"))
        enter(page, entry_of(SPADES, SECOND, PLAYERS))

        def answered_then_offline(route) -> None:
            answer = route.fetch()
            context.set_offline(True)  # before the phone reads the answer
            route.fulfill(response=answer)

        context.route(f"**/games/{game_id}/hands/new", answered_then_offline)
        page.locator("#save").click()
        page.locator("#kept-board .board").wait_for(timeout=ENGINE_TIMEOUT)
        context.unroute(f"**/games/{game_id}/hands/new")
        assert page.locator("#kept-board table.hands [id^=h]").evaluate_all(
            "(rows) => rows.map((row) => row.id)"
        ) == ["h1", "h2"]
        record_offline(page, entry_of(SPADES, THIRD, PLAYERS), enter)
        context.set_offline(False)
        page.locator("#live #h3").wait_for(timeout=ENGINE_TIMEOUT)
        hands = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)["hands"]
        assert [SPADES.hand.form_values(h) for h in hands] == [
            SPADES.hand.form_values(hand) for hand in (FIRST, SECOND, THIRD)
        ]


BID_WHIST = GAMES["bid-whist"]
SHOTS = ALL_SHOTS / "offline"  # with SCOREKEEPER_SCREENSHOTS=1


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_hand_the_game_no_longer_takes_is_removed_from_the_phone(phones, live_server, language):
    """The phone records hands 2 and 3 offline; meanwhile another phone ends the game
    ("finish now"). Back online the server will not take hand 2 (the game is over, and no
    other hand 2 to choose against): the phone says so in the table's words and offers to
    remove the hand from this phone, asked again first, showing the hand; "Keep it"
    keeps it. Removed, the
    hand after it takes its place, as hand 2, and is refused alike; removed too, the phone
    is back on the game's scoreboard, and the server holds the game as it ended."""
    base = live_server
    settings = BID_WHIST.preset(BID_WHIST.default_preset)
    # Three hands after which the game goes on, by the rules: the game is to end only by
    # the other phone's "finish now" (a simulated 7NT set twice ends it at -21).
    played: list[dict] = []
    for hand in simulated_hands(BID_WHIST, 40, seed=11):
        records = [BID_WHIST.record_from_dict(settings, h) for h in [*played, hand]]
        if records[-1].thrown_in:
            continue
        if BID_WHIST.replay(settings, 0, records).status == "in_progress":
            played.append(hand)
        if len(played) == 3:
            break
    assert len(played) == 3
    created = api(
        base,
        "POST",
        "/api/games",
        {"game": BID_WHIST.key, "players": PLAYERS, "rules": BID_WHIST.default_preset},
    )
    game_id, key = created["id"], created["edit_key"]
    api(base, "POST", f"/api/games/{game_id}/hands", played[0], key)
    # Carl leaves after hand 1: the kept scoreboard says so over hand 2, as the server's.
    api(base, "POST", f"/api/games/{game_id}/seats", {"seat": 3, "name": "Yael"}, key)
    seated = [*PLAYERS[:3], "Yael"]
    with kept_offline(phones, language, created, PLAYERS[1]) as page:
        context = page.context
        for hand in played[1:]:
            record_offline(page, entry_of(BID_WHIST, hand, seated), enter)
        change = page.locator("#kept-board tbody#h2 tr.seat-change").inner_text()
        assert "Yael" in change and "Carl" in change and "2" in change
        fits_the_phone(page, f"offline-seat-change-{language}", language)
        finished = api(base, "POST", f"/api/games/{game_id}/finish", {}, key)
        assert finished["status"] == "finished"
        winners = [seated[seat] for seat in BID_WHIST.sides[finished["winner"]]]
        context.set_offline(False)

        for first in (True, False):
            # A new control (not the one answered): its question names hand 2.
            page.wait_for_function(
                "() => { const a = document.getElementById('drop-ask');"
                " return Boolean(a) && !a.dataset.answered && a.textContent.includes('2'); }",
                timeout=ENGINE_TIMEOUT,
            )
            said = page.locator(".error-summary").first.inner_text()
            assert all(name in said for name in winners), said
            page.locator("#drop").click()
            ask = page.locator("#drop-ask")
            assert ask.is_visible()
            # The question shows the hand it removes, in one line (issue 44).
            assert ask.locator(".drop-hand").inner_text().strip()
            if first:
                fits_the_phone(page, f"offline-remove-{language}", language)
                keep_screenshot(page, SHOTS / f"remove-hand-{language}.png")
                page.locator("#drop-no").click()
                assert not ask.is_visible() and page.locator("#drop").is_visible()
                page.locator("#drop").click()
            page.evaluate("document.getElementById('drop-ask').dataset.answered = '1'")
            page.locator("#drop-yes").click()
        page.locator("#live").wait_for(timeout=ENGINE_TIMEOUT)  # the server's scoreboard
        now = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)
        assert [h["number"] for h in now["hands"]] == [1]
        assert now["status"] == "finished"

        # Both removed hands stay in this phone's copy: the scoreboard links to it, and the
        # kept page saves it as a file, each hand with what the server said (issue 44).
        keep_screenshot(page, SHOTS / f"phone-copy-link-{language}.png")
        page.locator("#kept-copy-line a").click()
        page.locator("#kept-copy").wait_for(timeout=ENGINE_TIMEOUT)
        assert "2" in page.locator("#kept-removed").inner_text()
        assert not page.locator("#kept-board #record").count()  # the game is over
        fits_the_phone(page, f"offline-copy-{language}", language)
        keep_screenshot(page, SHOTS / f"phone-copy-{language}.png")
        with page.expect_download() as saving:
            page.locator("#kept-copy").click()
        assert saving.value.suggested_filename == f"scorekeeper-game-{game_id}-phone-copy.json"
        copy = json.loads(Path(saving.value.path()).read_text(encoding="utf-8"))
        assert copy["phone"] == PLAYERS[1] and copy["queued"] == []
        read = lambda hand: BID_WHIST.record_from_dict(settings, hand).to_dict()  # noqa: E731
        assert [(h["number"], read(h["hand"])) for h in copy["removed"]] == [
            (2, read(played[1])),
            (2, read(played[2])),
        ]
        for removed in copy["removed"]:
            said = " ".join(removed["said"])
            assert removed["described"] and all(name in said for name in winners)


@pytest.mark.parametrize("language", ["he", "de"])
def test_a_long_kept_game_shows_all_its_hands_offline(phones, live_server, language):
    """A game of 64 hands: the kept scoreboard shows, without the network, every one of
    them (the server's scoreboard shows the last 60 and links to the rest, a page a phone
    without the network cannot open: issue 44) and the hand recorded offline after them;
    back online the server holds all 65. In Hebrew, and in
    German (the language the other offline tests do not run in unless every phone is
    asked for: SCOREKEEPER_FULL_MATRIX=1)."""
    from tests.support.game_page_matrix import long_rules

    base = live_server
    game = GAMES["oh-hell"]
    created = api(
        base,
        "POST",
        "/api/games",
        {
            "game": game.key,
            "players": PLAYERS,
            "rules": game.default_preset,
            "settings": long_rules(game),
        },
    )
    game_id, key = created["id"], created["edit_key"]
    hands = simulated_hands(game, 65, seed=3, long=True, numbers=range(1, 66))
    for hand in hands[:64]:
        api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
    with kept_offline(phones, language, created, PLAYERS[2]) as page:
        context = page.context
        numbers = page.locator("#kept-board table.hands tbody tr[id]").evaluate_all(
            "(rows) => rows.map((row) => Number(row.id.slice(1)))"
        )
        assert numbers == list(range(1, 65))
        assert page.locator("#kept-known").count() == 0
        record_offline(page, entry_of(game, hands[64], PLAYERS), enter)
        assert page.locator("#kept-board tr#h65.pending").count() == 1
        fits_the_phone(page, f"offline-long-{language}", language)
        context.set_offline(False)
        page.locator("#live").wait_for(timeout=ENGINE_TIMEOUT)
        now = api(base, "GET", f"/api/games/{game_id}?explain=0", None, key)
        assert len(now["hands"]) == 65
        assert game.hand.form_values(now["hands"][64]) == game.hand.form_values(hands[64])


def test_a_table_that_changes_language_has_its_kept_game_in_its_new_words(phones, live_server):
    """A game kept in Hebrew, whose table then reads the app in German: the scoreboard
    opened online in German keeps the kept page in German and the German words file with
    it (the Hebrew one stays kept), and without the network the phone's engine draws the
    kept game in German, not in Hebrew nor in English (issue 44: each language's words
    are a file of their own)."""
    from scorekeeper.engine.core.language import words_in

    base = live_server
    created, game_id, key = started_game(base, SPADES, PLAYERS, FIRST)
    with phone_page(phones, "he") as page:
        # The module's phone may keep words files from its earlier tests: none to start,
        # before the scoreboard, which keeps the game at once (nothing asked: issue 56).
        page.goto("/")
        page.evaluate(
            """async () => { const cache = await caches.open('kept-engine');
            for (const asked of await cache.keys())
              if (asked.url.includes('/engine/words-')) await cache.delete(asked); }"""
        )
        page.goto(created["edit_url"])
        keep_game(page, game_id, PLAYERS[0])
        words = "async () => (await (await caches.open('kept-engine')).keys()).map((r) => r.url)"
        kept_words = [u for u in page.evaluate(words) if "/engine/words-" in u]
        assert len(kept_words) == 1 and "/engine/words-he-" in kept_words[0], kept_words
        phones("de")  # the browser asks for German now
        page.goto(f"/games/{game_id}")
        assert page.locator("html").get_attribute("lang") == "de"
        # Kept again by the scoreboard in the background: the page in German, and the German
        # words beside the Hebrew ones (the two may land in either order on a loaded phone).
        kept_page = f"""async () => {{
          const found = await (await caches.open('kept-pages')).match('/games/{game_id}/kept');
          const words = (await (await caches.open('kept-engine')).keys())
            .filter((asked) => asked.url.includes('/engine/words-de-'));
          const german = Boolean(found) && (await found.text()).includes('<html lang="de"');
          return german && words.length > 0;
        }}"""
        until(page, kept_page, timeout=ENGINE_TIMEOUT)
        kept_words = sorted(
            u.split("/engine/words-")[1][:2] for u in page.evaluate(words) if "/engine/words-" in u
        )
        assert kept_words == ["de", "he"]
        offline(page, "de")
        said = page.locator("#kept-board #record").inner_text()
        assert said == words_in("de").gettext("Record hand %(number)d", number=2), said
        assert said != words_in("en").gettext("Record hand %(number)d", number=2)
        assert page.locator("#kept-board .board").is_visible()
