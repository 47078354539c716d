"""A hand in one line reads as the table says it (issue 69, item 2), for every registered
game in every language: every number of the line has a word beside it ("9 books of 10
needed", "contract 2, took 0", "Cards: 10 ♥"), never a bare run of figures ("Ann & Cat:
9 10 · Bob & Dov: – 3", "Noa: 2 0"); and a renege or revoke the hand had is named. The
line is the one every page shows (revisions, the delete page, the club's lists, the
conflict on the form, the phone's own pages): ``describe_hand``, and the Revisions page's
``revision_view``.

A number is named when a word stands beside it (a player's name is no word), or after a
word and a colon ("revokes: −700"), or when an operator joins it to a named number in a
worked sum ("with 4, game 5, × 9 = 45"), or it is what such a sum comes to ("× 3 soloist
= 15")."""

from __future__ import annotations

import pytest

from scorekeeper.engine.core.language import LANGUAGES, words_in
from scorekeeper.engine.registry import GAMES
from tests.support.engine.hand_line import said_lines, seat_lines, signs_outside_ltr, unnamed


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.parametrize("said", [said_lines, seat_lines], ids=["line", "revision-figures"])
def test_every_number_of_a_hand_in_one_line_has_its_word(key, said):
    """The hand's line, and the Revisions page's figures under each player ("Ann
    contract 2, took 0", never the bare "Ann 2 0" or "Ann +16": the line's words)."""
    bare = {}
    for language in LANGUAGES:
        for players, line, _ in said(key, words_in(language)):
            found = unnamed(line, players)
            if found:
                bare.setdefault(language, []).append(f"{line}: {found}")
    assert bare == {}, "\n".join(f"{lang}: {lines[:3]}" for lang, lines in bare.items())


@pytest.mark.parametrize("key", list(GAMES))
def test_a_signed_number_of_a_hebrew_hand_line_keeps_its_sign_before_it(key):
    """A hand's line (the delete page, a club dispute's settle page, revisions) and each
    player's figures in Hebrew: every signed number isolated left to right, as the rest of
    the app prints them ("= −4", a first term "−1 Re", "+30"), never "4−"."""
    words = words_in("he")
    wrong = []
    for said in (said_lines, seat_lines):
        for _players, line, _ in said(key, words):
            wrong += signs_outside_ltr(line)
    assert wrong == []


RENEGED = {
    # game: (a hand's field of penalties, the word its line names them by, in each language)
    "bid-whist": ("reneges", {"en": "renege", "he": "רנונס", "de": "Renonce", "fr": "renonce"}),
}


@pytest.mark.parametrize("key", list(RENEGED))
@pytest.mark.parametrize("said", [said_lines, seat_lines], ids=["line", "revision-figures"])
def test_a_renege_the_hand_had_is_named(key, said):
    field, words_of = RENEGED[key]
    seen = 0
    for language in LANGUAGES:
        for _players, line, record in said(key, words_in(language)):
            if record.thrown_in or not any(getattr(record, field)):
                continue
            seen += 1
            assert words_of[language] in line, line
    assert seen, f"{key}: no random hand had {field}"


@pytest.mark.parametrize(
    ("line", "bare"),
    [
        ("\u2068Ann & Cat\u2069: 9 10 · \u2068Bob & Dov\u2069: – 3", ["9", "10", "3"]),
        ("\u2068Ann\u2069: 2 0", ["2", "0"]),
        ("Re: \u2068Ann\u2069 & \u2068Bob\u2069 · 192 : 48 · Re won", ["192", "48"]),
        ("\u2068Ann\u2069 −9", ["−9"]),
        ("\u2068Ann & Cat\u2069: 9 books of 10 needed, 1 renege", []),
        ("\u2068Ann\u2069: contract 2, took 0 · \u2068Ann\u2069: 7 revokes: −700", []),
        ("with 4, game 5, × 9 = 45 · won", []),
        ("Cards: 10 ♥ · over 24/10 · Bid: 7♥", []),
        ("a Bock round follows (120 : 120)", []),
        ("1\xa0won + 1\xa0under 90 = 2 ×\xa03\xa0soloist = 6", []),
        ("1\xa0won + 1\xa0(120 against keine 90) = 2", []),
        ("Game: Null · 23 · lost", ["23"]),
    ],
)
def test_the_rule_of_a_named_number(line, bare):
    assert [
        found.split(" ")[0] for found in unnamed(line, ["Ann & Cat", "Bob & Dov", "Ann", "Bob"])
    ] == bare
