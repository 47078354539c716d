"""Helpers of tests/web/review/test_evening_card.py."""

from __future__ import annotations

import re


def plain(text: str) -> str:
    return re.sub("[\u200e\u200f\u2066-\u2069]", "", text)


NOTES = {
    "en": (("1 game", "{} games"), ("1 win", "{} wins")),
    "he": (("משחק אחד", "{} משחקים"), ("ניצחון אחד", "{} ניצחונות")),
    "de": (("eine Partie", "{} Partien"), ("ein Sieg", "{} Siege")),
}


def note(language: str, games: int, wins: int) -> str:
    """A row's note as the catalogue writes it: "3 games · 2 wins"."""
    (game, games_), (win, wins_) = NOTES[language]
    return " · ".join(
        [game if games == 1 else games_.format(games), win if wins == 1 else wins_.format(wins)]
    )
