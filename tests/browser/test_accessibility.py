"""Accessibility, measured by axe-core in real Chromium: the home, new-game, record-hand
and scoreboard pages (and the edit QR code and offline pages), in English and Hebrew, light
and dark, have no serious or critical violation. axe-core comes bundled in
axe-playwright-python, so nothing is fetched.

Also checked here, as a player's thumb meets them: every control is at least 44 px
each way, and the screen is kept awake on a game's pages."""

import pytest

from tests.support.accessibility import (  # noqa: F401  (fixtures)
    MIN_TARGET,
    SERIOUS,
    TARGETS,
    axe,
    game_of_page,
    phones,
    prepare,
    table,  # noqa: F401  (fixtures)
    table_server,
)

pytestmark = pytest.mark.browser

PAGES = {
    "home": "/",
    "new game": "/games/new?game=israeli-whist",
    "choose a game": "/games/new",
    "new Bid Whist game": "/games/new?game=bid-whist",
    "Bid Whist record hand": "/games/{id}/hands/new",
    "Bid Whist scoreboard": "/games/{id}",
    "Bid Whist finish now": "/games/{id}/finish",
    "a player leaves or joins": "/games/{id}/seats",
    "import": "/import",
    "record hand": "/games/{id}/hands/new",
    "scoreboard": "/games/{id}",
    "edit link's QR code": "/games/{id}/share/edit?show=1",
    "offline": "/offline",
}


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_accessibility_violation(axe, table, name, language):
    """The page in the language, light and then dark (the same page drawn again in the
    other colour scheme, as a phone switching to its night mode shows it)."""
    page, game_id = table(game_of_page(name), language, "light")
    page.goto(PAGES[name].format(id=game_id))
    assert page.locator("html").get_attribute("lang") == language
    prepare(page, name)
    if name.endswith("scoreboard"):
        page.locator("details.share summary").click()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (
            scheme == "dark"
        )
        results = axe.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
        assert serious == [], f"{scheme}: {results.generate_report()}"


@pytest.mark.parametrize("name", list(PAGES))
def test_every_control_is_big_enough_for_a_thumb(table, name):
    page, game_id = table(game_of_page(name), "en", "light")
    page.goto(PAGES[name].format(id=game_id))
    prepare(page, name)
    if name.endswith("scoreboard"):
        page.locator("details.share summary").click()
    small = page.evaluate(
        """([selector, least]) => Array.from(document.querySelectorAll(selector))
            .filter((el) => el.getClientRects().length)
            // A link inside a sentence is exempt (WCAG 2.5.5); a stretched link (a hand's
            // number, a points cell's "how was this scored") is as big as the cell it covers.
            .filter((el) => !(el.tagName === "A" && el.closest("p, figcaption")))
            .map((el) => {
                const stretched = el.tagName === "A" && getComputedStyle(el, "::after").position;
                const cell = el.closest(".hands tbody th, .hands tbody td");
                const cover = stretched === "absolute" && cell;
                const box = (cover || el).getBoundingClientRect();
                return [el.outerHTML.slice(0, 80), Math.round(box.width), Math.round(box.height)];
            })
            .filter(([, w, h]) => w < least || h < least)""",
        [TARGETS, MIN_TARGET],
    )
    assert small == []


def test_the_screen_stays_awake_on_a_game_page(table):
    page, game_id = table("israeli-whist", "en")
    page.add_init_script(
        """(() => {
            window.wakeRequests = 0;
            const sentinel = new EventTarget();
            Object.defineProperty(navigator, "wakeLock", {value: {request: () => {
                window.wakeRequests += 1;
                window.releaseWakeLock = () => sentinel.dispatchEvent(new Event("release"));
                return Promise.resolve(sentinel);
            }}});
        })()"""
    )
    page.goto(f"/games/{game_id}")
    page.wait_for_function("() => window.wakeRequests === 1")
    # The browser lets go when the phone sleeps; waking asks again.
    page.evaluate("() => window.releaseWakeLock()")
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.wakeRequests === 2")
    page.goto(f"/games/{game_id}/hands/new")
    page.wait_for_function("() => window.wakeRequests === 1")
    page.goto("/")
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.wakeRequests") == 0
