"""Phase 10's ten phases in words wherever a player meets them (issue 65): the rules page
and the printed sheet list them, the scoreboard and the hand form say the phase each
player goes for next ("Phase 3: a set of 4 and a run of 4 (Ann, Bob)"), the "why" page
says which phase each player made, in English, Hebrew, German and French; and the points
left that the cards a player can still hold cannot make are refused, in the table's words,
naming the player (docs/rules/phase-10.md, whose worked examples
tests/games/phase_10/test_rules.py plays through the API)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InvalidHand
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.language import words_in
from tests.support.game_rules import post
from tests.support.games.phase_10.phases_in_words import GAME, S, _fields, new_game, place_at, plain
from tests.support.shared import ISOLATES, NAMES

HEADERS = {"en": "en", "he": "he-IL", "de": "de-DE", "fr": "fr-FR"}
# Mattel's ten phases, as each language's tables word them.
PHASES = {
    "en": ["two sets of 3", "a set of 3 and a run of 4", "a set of 4 and a run of 4",
           "a run of 7", "a run of 8", "a run of 9", "two sets of 4", "7 cards of one colour",
           "a set of 5 and a set of 2", "a set of 5 and a set of 3"],
    "de": ["zwei Drillinge", "ein Drilling und eine Viererfolge",
           "ein Vierling und eine Viererfolge", "eine Siebenerfolge", "eine Achterfolge",
           "eine Neunerfolge", "zwei Vierlinge", "7 Karten einer Farbe",
           "ein Fünfling und ein Zwilling", "ein Fünfling und ein Drilling"],
    "fr": ["deux brelans", "un brelan et une suite de 4", "un carré et une suite de 4",
           "une suite de 7", "une suite de 8", "une suite de 9", "deux carrés",
           "7 cartes de la même couleur", "cinq cartes identiques et une paire",
           "cinq cartes identiques et un brelan"],
    "he": ["שתי שלישיות", "שלישייה ורצף של 4", "רביעייה ורצף של 4", "רצף של 7", "רצף של 8",
           "רצף של 9", "שתי רביעיות", "7 קלפים באותו צבע", "חמישייה וזוג", "חמישייה ושלישייה"],
}  # fmt: skip
PHASE_WORD = {"en": "Phase", "de": "Phase", "fr": "Phase", "he": "שלב"}


@pytest.mark.parametrize("language", list(PHASES))
def test_the_rules_lines_name_every_phase_in_the_language(language):
    words = words_in(language)
    said = {
        str(words.shown(line.label)): str(words.shown(line.value)) for line in GAME.rules_lines(S)
    }
    for number, phase in enumerate(PHASES[language], start=1):
        assert said[f"{PHASE_WORD[language]} {number}"] == phase
    fewer = GAME.rules_lines(S.with_changes({"phases": 4}))
    assert sum(1 for line in fewer if str(line.label).startswith("Phase ")) == 4


@pytest.mark.parametrize("language", list(PHASES))
def test_the_next_hand_says_each_players_phase_in_words(language):
    """The furthest first, the players on each phase by name."""
    note = GAME.deal_note(S, place_at((4, 2, 4, 10)))
    said = words_in(language).named(note, NAMES).translate(ISOLATES)
    expected = (
        f"{PHASE_WORD[language]} 10{':' if language != 'fr' else ' :'} {PHASES[language][9]} (Dan)"
        f" · {PHASE_WORD[language]} 4"
    )
    assert said.replace("\u00a0", " ").startswith(expected), said
    assert f"{PHASES[language][3]} (Ann, Cat)" in said and f"{PHASES[language][1]} (Bob)" in said


def test_after_a_tie_on_the_last_phase_the_note_says_only_the_tied_count():
    state = _fields(GAME.replay(S, 0, []).state) | {"phases": (10, 10, 11, 3), "replaying": (0, 1)}
    note = str(GAME.deal_note(S, HandPlace(9, 0, type(GAME.replay(S, 0, []).state)(**state))))
    assert note.startswith("Tied on points: only the tied players' phase 10 counts this hand. · ")
    assert "Phase 10: a set of 5 and a set of 3 (seat 1, seat 2)" in note
    assert "seat 3" not in note  # done: no phase left to go for


def test_the_why_terms_say_the_phase_made_and_the_points_left():
    hand = GAME.record_from_dict(S, {"completed": [0, 1], "left": [0, 5, 65, 100]})
    terms = GAME.explain(S, hand, place_at((4, 2, 4, 10)))
    assert [list(map(str, seat)) for seat in terms] == [
        ["Phase 4: a run of 7, made", "went out: 0 points"],
        ["Phase 2: a set of 3 and a run of 4, made", "5 points left in hand"],
        ["Phase 4: a run of 7, not made", "65 points left in hand"],
        ["Phase 10: a set of 5 and a set of 3, not made", "100 points left in hand"],
    ]
    # French counts 0 and 1 as one: the plural comes from the catalogue.
    french = words_in("fr")
    assert french.shown(terms[0][1]) == "a fini\u00a0: 0 point"
    one = GAME.explain(S, hand, None)[1]
    assert [str(term) for term in one] == ["the phase, made", "5 points left in hand"]


# --- the pages -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "he"])
def test_the_board_the_form_the_print_and_the_rules_say_the_phases(client, language):
    game_id, key = new_game(client)
    post(client, game_id, key, {"completed": [0, 1], "left": [0, 20, 65, 100]})
    headers = {"Accept-Language": HEADERS[language]}
    phases, word = PHASES[language], PHASE_WORD[language]
    going = f"{word} 2: {phases[1]} (Ann, Bob) · {word} 1: {phases[0]} (Cat, Dan)"
    for page in (f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        assert going in plain(client.get(page, headers=headers).get_data(as_text=True)), page
    for page in (f"/games/{game_id}/print", "/rules/phase-10"):
        text = plain(client.get(page, headers=headers).get_data(as_text=True))
        for number, phase in enumerate(phases, start=1):
            assert f"{word} {number} {phase}" in text, (page, number)
    why = plain(client.get(f"/games/{game_id}/hands/1/why", headers=headers).get_data(as_text=True))
    assert f"{word} 1: {phases[0]}" in why


# --- what the cards a player still holds can make ---------------------------------------------


HELD = [
    # (phase played, completed, points left, accepted)
    (1, True, 100, True),  # 4 Wilds
    (1, True, 95, False),  # no 4 cards or fewer make it
    (1, True, 105, False),
    (6, True, 25, True),  # a run of 9 leaves one card: a Wild
    (6, True, 20, False),
    (3, True, 50, True),  # a set of 4 and a run of 4 leave two cards: two Wilds
    (3, True, 55, False),
    (None, False, 230, True),  # ten cards without the phase: 8 Wilds and 2 Skips
    (None, False, 50, True),
    (None, False, 45, False),
]


@pytest.mark.parametrize(("phase", "made", "left", "accepted"), HELD)
def test_points_left_against_the_cards_still_held(phase, made, left, accepted):
    game = GAME.seated(2)
    body = {"completed": [0, 1] if made else [0], "left": [0, left]}
    place = None if phase is None else place_at((1, phase), game)
    try:
        game.record_from_dict(S, body, place)
    except InvalidHand as refused:
        assert not accepted and [field for field, _ in refused.errors] == ["left[1]"]
    else:
        assert accepted
