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

import random
import re

import pytest

from scorekeeper.engine.core.game import HandPlace, seat_counts
from scorekeeper.engine.core.language import LANGUAGES, words_in
from scorekeeper.engine.registry import GAMES

NAMES = ("Ann", "Bob", "Cat", "Dov", "Eve", "Fay", "Gil", "Hal")
HANDS = 12  # random legal hands a preset and table size: odd ones too (reneges, capots)
TOKEN = re.compile(
    r"(?P<number>[+\u2212-]?\d+(?:[.,]\d+)?(?:/\d+)*)"
    r"|(?P<word>[^\W\d_]+|[♠♥♦♣])"
    r"|(?P<operator>[×=+\u2212:])"
    r"|(?P<paren>\()"
    r"|(?P<name>\x00)"
)
ISOLATES = re.compile("[\u2066-\u2069\u200e\u200f]")


def tokens(part: str, players: list[str]) -> list[tuple[str, str]]:
    """A part of the line as its words, numbers, operators and names (each name one token,
    whatever its letters)."""
    for name in sorted(players, key=len, reverse=True):
        part = part.replace(name, "\x00")
    return [(m.lastgroup, m.group()) for m in TOKEN.finditer(ISOLATES.sub("", part))]


def unnamed(line: str, players: list[str]) -> list[str]:
    """The numbers of ``line`` (its parts joined by " · ") that no word names."""
    found = []
    for part in line.split(" · "):
        said = tokens(part, players)
        kinds = [kind for kind, _ in said]
        named = set()
        for i, kind in enumerate(kinds):
            if kind != "number":
                continue
            before = (
                kinds[i - 2]
                if i > 1 and kinds[i - 1] == "operator" and said[i - 1][1] == ":"
                else None
            )
            after = kinds[i + 1] if i + 1 < len(kinds) else None
            # a term and what it counts in brackets: "1 (120 against keine 90)"
            bracketed = after == "paren" and "word" in kinds[i + 2 : i + 5]
            # an opening bracket stands between a word and what it says: "follows (120 : 120)"
            left = (
                kinds[i - 2] if i > 1 and kinds[i - 1] == "paren" else kinds[i - 1] if i else None
            )
            if bracketed or "word" in (left, after, before):
                named.add(i)
        grown = True
        while grown:  # a worked sum: an operator joins a number to a named one
            grown = False
            for i, kind in enumerate(kinds):
                if kind != "number" or i in named:
                    continue
                joined = [i - 2 if i > 1 and kinds[i - 1] == "operator" else None]
                joined.append(i + 2 if i + 2 < len(kinds) and kinds[i + 1] == "operator" else None)
                # what a sum comes to ("… 3 soloist = 15"), after a term it named
                result = i > 0 and said[i - 1][1] == "=" and any(j < i for j in named)
                if result or any(j in named for j in joined if j is not None):
                    named.add(i)
                    grown = True
        found += [
            said[i][1] + f" (in {part!r})"
            for i, kind in enumerate(kinds)
            if kind == "number" and i not in named
        ]
    return found


def hands(key: str):
    """The game's random hands at every table size and preset, each as (game, settings,
    players, the stored hand, its record)."""
    registered = GAMES[key]
    rng = random.Random(69)
    for seats in seat_counts(registered):
        game = registered.seated(seats)
        players = list(NAMES[:seats])
        for preset in game.presets:
            settings = game.preset(preset)
            ctx = game.context(settings, HandPlace(1, 0, None))
            for _ in range(HANDS):
                record = game.record_from_dict(
                    settings, game.hand.random_body(game, settings, ctx, rng)
                )
                yield game, settings, players, record.to_dict(), record


def lines(key: str):
    """Each line of the game's random hands: the one-line hand and the Revisions page's,
    in English (the languages translate these)."""
    for game, settings, players, stored, record in hands(key):
        yield players, game.describe_hand(stored, players, settings), record
        yield players, list(game.revision_view(stored, players, settings).summary), record


def said_lines(key: str, words):
    """The lines of ``lines`` in ``words``'s language: (players, line, record)."""
    for players, parts, record in lines(key):
        yield players, " · ".join(words.shown(part) for part in parts), record


def seat_lines(key: str, words):
    """The Revisions page's figures of the game's random hands in ``words``'s language,
    as the page shows them under the line: each seat's player, its figures and its
    penalty note, the seats joined by " · " (players, line, record)."""
    for game, settings, players, stored, record in hands(key):
        seats = game.revision_view(stored, players, settings).seats
        said = [
            " ".join([name] + [words.shown(part) for part in shown if part is not None])
            for name, shown in zip(players, seats, strict=False)
        ]
        yield players, " · ".join(said), record


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


def signs_outside_ltr(text: str) -> list[str]:
    """The signed numbers of ``text`` ("−4", "+30") outside a left-to-right isolate
    (LRI ... PDI): a right-to-left page draws their sign after the figure ("4−")."""
    isolates: list[str] = []
    found = []
    for at, char in enumerate(text):
        if char in "\u2066\u2067\u2068":
            isolates.append(char)
        elif char == "\u2069" and isolates:
            isolates.pop()
        elif (
            char in "+\u2212-"
            and text[at + 1 : at + 2].isdigit()
            and not text[at - 1 : at].isalnum()
            and "\u2066" not in isolates
        ):
            found.append(text[max(0, at - 12) : at + 6])
    return found


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
