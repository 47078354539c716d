"""A player's name is never cut mid-word (issue 56, item 7: "Bartholom|äus" over a Skat
table's column, "gewonne|n"): for every registered game, at 360 px in Hebrew and German,
the scoreboard's tiles, column headings and rows' heads, and on A4 the printed sheet's
heads, show each word on one line. A name may take two lines at a word's end ("Rosalind" over
"Featherstonehaugh", "Maximilian-" over "Alexander"), be drawn smaller, or, as a last
resort, end in an ellipsis; a name cut so keeps the whole of it for the reader (its title)
and the screen reader (its text)."""

from __future__ import annotations

import pytest

from scorekeeper.engine.core.game import seat_counts
from scorekeeper.engine.registry import GAMES
from tests.support.browser import api
from tests.support.game_page_matrix import long_rules, simulated_hands
from tests.support.live import serving
from tests.support.names_whole_browser import faults

pytestmark = pytest.mark.browser

# Names of 12 to 26 letters: one long German word, two joined by a hyphen, a Hebrew name
# of two words, an English one with a long second word.
NAMES = (
    "Bartholomäus",
    "Maximilian-Alexander",
    "אליעזר שפירא",
    "Rosalind Featherstonehaugh",
    "Friederike Sophie",
    "נחמיה בן-אליעזר",
    "Konstantinos",
    "Wilhelmina Ottilie",
)
SCOREBOARD = ".totals .p, .hands thead .p"
# The words of a row's head in the narrow first column ("überboten", "geschafft"), or of
# its line across the table (French Tarot's sentence, "mit Bartholomäus · gewonnen um 44 ·
# Petit au bout …", as Skat's and Schafkopf's).
ROW_HEADS = ".hands tbody th em"
# A player's name over their columns, fitted to its box, or running upwards where a wide
# table's names would not fit across (the round sheet of eight in German, issue 69).
PRINTED = "table.score th.name .fit > span, table.score th.name > .up"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Every registered game at its most players, named as above, six hands recorded."""
    with serving(tmp_path_factory.mktemp("names")) as base:
        made = {}
        for key, registered in GAMES.items():
            game = registered.seated(seat_counts(registered)[-1])  # its most players
            body = {"game": key, "players": list(NAMES[: game.seats]), "first_dealer": 0}
            created = api(base, "POST", "/api/games", {**body, "settings": long_rules(game)})
            for hand in simulated_hands(game, 6, long=True):
                api(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
            made[key] = created["id"], created["edit_url"]
        yield base, made


@pytest.mark.parametrize("language", ["he", "de"])
def test_no_name_is_cut_mid_word_on_any_games_scoreboard_or_printed_sheet(browser, games, language):
    base, made = games
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        base_url=base,
        extra_http_headers={"Accept-Language": language},
    )
    found = {}
    try:
        page = context.new_page()
        for key, (game_id, edit_url) in made.items():
            page.goto(edit_url)  # the scoreboard, on its edit link
            found[key] = faults(page, SCOREBOARD)
            found[key] += faults(page, ROW_HEADS, some=False)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360, key
            if language == "de":  # the printed sheet, on A4 (its heads are the same words)
                page.set_viewport_size({"width": 718, "height": 1000})
                page.emulate_media(media="print")
                page.goto(f"/games/{game_id}/print")
                found[key + " printed"] = faults(page, PRINTED)
                page.emulate_media(media="screen")
                page.set_viewport_size({"width": 360, "height": 800})
    finally:
        context.close()
    cut = {key: names for key, names in found.items() if names}
    assert cut == {}, "\n".join(f"{key}: {names}" for key, names in cut.items())
