"""Every deal's working, term by term, for every registered game (issue 65): what a game's
``explain`` says of a hand is what the "why" page, the rules page's hand worked out and
the print's workings show, so it is held here, once, for each game and preset, in each
language the pages speak:

- each seat or side that scores in a hand has at least one term beyond its bare points
  (Belote's why page said "+270", nothing else);
- a number of things is said through the catalogue's plural forms (no "1 bouts");
- a negative number is written with the true minus sign (U+2212), never "-206", and on a
  right-to-left page every signed number is kept left to right (between LRI and PDI), or
  "−200" reads "200−".

The page drawing them (templates/why.html) is checked once per language in
tests/web/games/test_why_page.py."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.display import signed
from scorekeeper.engine.core.language import words_in
from tests.support.games.why_terms import outside_ltr, said, workings

LANGUAGES = ("en", "he", "de", "fr")
PRESETS = [(game, name) for game in GAMES.values() for name in game.presets]
NUMBERS = [pytest.param(game, name, id=f"{game.key}-{name}") for game, name in PRESETS]


@pytest.mark.parametrize(("game", "preset"), PRESETS, ids=lambda g: getattr(g, "key", g))
def test_each_scoring_seat_or_side_has_a_term_beyond_its_points(game, preset):
    bare = []
    for placed, terms, points in workings(game, preset):
        for side in game.sides:
            seat = side[0]
            said = [str(term) for term in terms[seat]]
            if points[seat] and not [term for term in said if term != signed(points[seat])]:
                bare.append((placed.place.number, seat, said, placed.body))
    assert bare == [], bare[:3]


@pytest.mark.parametrize(("game", "preset"), NUMBERS)
def test_terms_say_numbers_as_each_language_writes_them(game, preset):
    terms = [term for _, seats, _ in workings(game, preset) for seat in seats for term in seat]
    wrong = []
    for language in LANGUAGES:
        words = words_in(language)
        for text in {said(words, term) for term in terms}:
            if re.search(r"(?<![\w\u2212-])-\d", text):
                wrong.append((language, "ASCII minus", text))
            if language == "he" and outside_ltr(text):
                wrong.append((language, "not kept left to right", text))
            if language == "en" and re.search(r"(?<![\d.,])\b1 [a-z]+s\b", text):
                wrong.append((language, "one, said as many", text))
    assert wrong == [], sorted(set(wrong))[:5]
