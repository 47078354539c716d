"""Helpers of tests/engine/test_hand_line.py."""

from __future__ import annotations

import random
import re

from scorekeeper.engine.core.game import HandPlace, seat_counts
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
