"""Helpers of tests/browser/test_printed_names_browser.py."""

from __future__ import annotations

from scorekeeper.engine import get_game
from tests.support.browser import api
from tests.support.browser_shared import LANGUAGES, PHONE
from tests.support.game_page_matrix import long_rules, simulated_hands

# Names are at most 30 characters: "Maximiliane Oberhauser-Lindqvist" is refused.
NAMES = [
    "Maximiliane Oberhauser-Lindahl",
    "אלכסנדרה בן-שמעון",
    "Bartholomäus Wiesenthal",
    "Friederike Hinterseer",
    "Christophorus Engelbrecht",
    "שולמית רוזנבלום-כהן",
    "Konstantin Lindemann",
    "Wilhelmine Rosenthal",
]


A4 = 718  # A4's width less its 10 mm margins, in CSS px


# Across the page (a table too wide to print readably upright): 277 and 259 mm.
ACROSS = {"A4": 1047, "Letter": 980}


def played(
    base: str, key: str, hands: int, seats: int | None = None, names: list[str] = NAMES
) -> tuple[int, str]:
    """A game of ``key`` among ``seats`` of the ``names`` (the long ones; the game's own
    count by default), ``hands`` hands of its simulation recorded."""
    game = get_game(key)
    game = game.seated(seats or game.seats)
    body = {"game": key, "players": names[: game.seats], "first_dealer": 0}
    created = api(base, "POST", "/api/games", {**body, "settings": long_rules(game)})
    for hand in simulated_hands(game, hands, long=True):
        api(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
    return created["id"], created["edit_key"]


def sheet_page(browser, base: str, language: str, game: tuple[int, str]):
    context = browser.new_context(
        viewport={"width": PHONE, "height": 800},
        base_url=base,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    page = context.new_page()
    game_id, key = game
    page.goto(f"/games/{game_id}/edit/{key}")
    page.goto(f"/games/{game_id}/print")
    assert page.locator("html").get_attribute("lang") == language
    return context, page


def on_paper(page) -> None:
    """The page as A4 lays it out: upright, or across where the sheet prints so."""
    wide = page.evaluate("() => document.body.classList.contains('wide')")
    page.set_viewport_size({"width": ACROSS["A4"] if wide else A4, "height": 1000})
    page.emulate_media(media="print")


def whole(name: str, lines: list[str]) -> bool:
    """Whether a label's ``lines`` are ``name`` broken between its words (at a space or
    after a hyphen), each line's right-to-left mark and the space kept at its end aside."""
    joined = ""
    for line in (line.rstrip(" \u200f") for line in lines):
        joined += line if not joined or joined.endswith("-") else " " + line
    return joined == name
