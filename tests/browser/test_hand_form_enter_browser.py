"""The hand form keeps its promise for every registered game (issue 69, item 1): the
keyboard's Enter on a box goes on to the next place the hand is asked something and never
sends a half-entered hand (Coinche's 92 + Enter saved "dedans" before the belote could be
tapped; Tarot's saved before the poignée; Pinochle's answered "There is a problem"); once
nothing is missing, Enter on the last box saves. The steps shown are numbered 1, 2, 3…
(Skat's jumped from 1 to 4 until a game was picked).

One page load a game, in a language in turn: the first box typed in (a number box, or
where the form has none its first key tapped), Enter, and the focus on the box that comes
next on the page, nothing sent; then the whole hand entered from the game's own
simulation and Enter on the last box, which saves it. Nothing here names a game."""

from __future__ import annotations

import pytest

from scorekeeper.engine.registry import GAMES
from tests.support.browser import SCOREBOARD_URL, api
from tests.support.game_page_matrix import (
    LANGUAGES,
    enter,
    long_rules,
    names_for,
    sampled_language,
)
from tests.support.hand_form_enter_browser import STEP_NUMBERS, numbered_in_order, played_entry
from tests.support.live import serving, view_path, watched_page

pytestmark = pytest.mark.browser

# Every place the form asks something, as a person reads the page: each line of keys or
# number box, each player's box (one that filled itself in too, but not one the rules fix), each
# box of an open folded group, where it is shown; in reading order (top to bottom, then in
# the page's direction); with the box the focus is in, whether a line is shown with its
# number box hidden (``bare``: a label with nothing to type in), and whether it is still
# empty (no key tapped, no number typed; a folded group's boxes are 0 until changed).
STOPS = """() => {
  const rtl = document.documentElement.dir === "rtl";
  const asked = "#hand .step fieldset.line, #hand .step .line.count, "
    + "#hand .step .seat:not(.fixed), #hand .step details[open] .field";
  const stops = Array.from(document.querySelectorAll(asked))
    .filter((el) => el.checkVisibility() && el.getBoundingClientRect().height > 0)
    .map((el) => ({ el, box: el.getBoundingClientRect() }));
  stops.sort((a, b) => Math.round(a.box.top) - Math.round(b.box.top)
    || (rtl ? b.box.right - a.box.right : a.box.left - b.box.left));
  const input = (el) => el.querySelector('input[type="number"], input[type="text"]');
  const empty = (el) => !el.matches("details .field") && !el.querySelector("input:checked")
    && Array.from(el.querySelectorAll('input[type="number"], input[type="text"]'))
      .every((box) => box.value === "");
  return stops.map(({ el }) => ({
    name: (input(el) || el.querySelector('input[type="radio"]') || {}).name || el.id,
    box: Boolean(input(el)),
    bare: Boolean(input(el)) && !input(el).checkVisibility(),
    focused: el.contains(document.activeElement),
    empty: empty(el),
  }));
}"""


# How many places the form asks something after the one the focus is in (``STOPS``).
STOPS_AFTER_THE_FOCUS = f"""() => {{
  const stops = ({STOPS})();
  return stops.length - 1 - stops.findIndex((stop) => stop.focused);
}}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("enter")) as base:
        yield base


@pytest.mark.parametrize("key", list(GAMES))
def test_enter_goes_on_to_the_next_box_and_saves_only_a_whole_hand(browser, server, key):
    game = GAMES[key]
    players = names_for(game)
    language = sampled_language(game)
    created = api(
        server,
        "POST",
        "/api/games",
        {"game": key, "players": players, "first_dealer": 0, "settings": long_rules(game)},
    )
    entry = played_entry(game, players)
    headers = {"Accept-Language": LANGUAGES[language]}
    phone = {"width": 360, "height": 800}
    with watched_page(browser, server, viewport=phone, extra_http_headers=headers) as page:
        page.context.request.get(created["edit_url"])  # this phone may edit the game
        posted: list[str] = []
        form_url = f"{server}/games/{created['id']}/hands"
        page.on(
            "request",
            lambda r: (
                posted.append(r.url)
                if r.method == "POST" and r.url.startswith(form_url) and "preview" not in r.url
                else None
            ),
        )
        page.goto(f"/games/{created['id']}/hands/new")
        assert numbered_in_order(page), f"{key}: steps numbered {page.evaluate(STEP_NUMBERS)}"

        # The first box: a number box typed in, or where the form has none its first
        # line of keys, the focus on its first key (as the Tab key leaves it).
        stops = page.evaluate(STOPS)
        bare = [stop["name"] for stop in stops if stop["bare"]]
        assert bare == [], f"{key}: a label shown without its box: {bare}"
        boxes = [stop for stop in stops if stop["box"]]
        first = (boxes or stops)[0]
        if first["box"]:
            typed = dict(entry.values).get(first["name"]) or "1"
            page.locator(f'#hand input[name="{first["name"]}"]').fill(typed)
        else:
            page.locator(f'#hand input[type="radio"][name="{first["name"]}"]').first.focus()
        stops = page.evaluate(STOPS)
        at = [stop["name"] for stop in stops].index(first["name"])
        # The next box on the page; after the last, the first still empty.
        following = stops[at + 1 :] or [stop for stop in stops if stop["empty"]]
        expected = following[0]["name"] if following else None
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)  # time enough for a form sent to ask the server
        assert posted == [], f"{key}: Enter on {first['name']} sent the half-entered hand"
        assert page.locator(".error-summary").count() == 0, key
        now = [stop["name"] for stop in page.evaluate(STOPS) if stop["focused"]]
        assert now == [expected], f"{key}: Enter on {first['name']} went to {now}, not {expected}"

        # The whole hand, then Enter on the last box: saved.
        enter(page, entry)
        assert numbered_in_order(page), f"{key}: steps numbered {page.evaluate(STEP_NUMBERS)}"
        stops = page.evaluate(STOPS)
        last = stops[-1]["name"]
        if stops[-1]["box"]:
            page.locator(f'#hand input[name="{last}"]').focus()
        else:
            page.locator(f'#hand input[type="radio"][name="{last}"]:checked').focus()
        page.keyboard.press("Enter")
        page.wait_for_url(SCOREBOARD_URL)
    token = view_path(server, created["id"]).rsplit("/", 1)[1]
    hands = api(server, "GET", f"/api/games/{created['id']}?view={token}")["hands"]
    assert len(hands) == 1, f"{key}: {len(hands)} hands saved"


def test_hearts_enter_goes_on_to_the_score_filled_in_before_it_saves(browser, server):
    """Issue 77: three players' points typed, each with Enter: the fourth box fills itself
    in to make 26 and Enter goes on to it, nothing sent; Enter there saves the round, as
    the table saw it."""
    game = GAMES["any-game"]
    players = names_for(game)[:4]
    body = {"game": "any-game", "players": players, "rules": "hearts", "first_dealer": 0}
    created = api(server, "POST", "/api/games", body)
    with watched_page(browser, server, viewport={"width": 360, "height": 800}) as page:
        page.context.request.get(created["edit_url"])
        posted: list[str] = []
        page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
        page.goto(f"/games/{created['id']}/hands/new")
        boxes = page.locator('#hand .seat.count input[type="number"]')
        assert boxes.count() == 4
        for index, points in enumerate((3, 10, 13)):
            boxes.nth(index).fill(str(points))
            boxes.nth(index).press("Enter")
        page.wait_for_timeout(300)  # time enough for a form sent to ask the server
        assert [url for url in posted if "preview" not in url] == []
        assert boxes.nth(3).input_value() == "0"
        assert boxes.nth(3).evaluate("(box) => box === document.activeElement")
        # Enter goes on from there as from any box (past the moon's line, left as it is),
        # and saves from the last.
        with page.expect_navigation(url=SCOREBOARD_URL):
            for _ in range(page.evaluate(STOPS_AFTER_THE_FOCUS) + 1):
                page.keyboard.press("Enter")
    token = view_path(server, created["id"]).rsplit("/", 1)[1]
    hands = api(server, "GET", f"/api/games/{created['id']}?view={token}")["hands"]
    assert [hand["points"] for hand in hands] == [[3, 10, 13, 0]]
