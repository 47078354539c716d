"""Helpers of tests/browser/test_offline_walk_browser.py, which other tests use too."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorekeeper.engine import GAMES, Game
from tests.support.game_page_matrix import (
    FULL_MATRIX,
    LANGUAGES,
    Kinds,
    Widest,
    cover,
    kinds_of,
    long_rules,
    names_for,
    simulated_hands,
)


class KeepingPhone:
    """The module's phone that keeps games, 360 px wide, opened once and kept while the
    module's tests run (``offline_phone.new_phone``): it keeps every game it edits, and Pyodide,
    its standard library and the engine are fetched and compiled once for all of them, as
    on a real phone; a new one starts from the snapshot of the engine another phone of the
    test process made (``engine_seed.seeded``), as a phone that kept a game before. Each
    walk's browser asks for the walk's language (``Accept-Language``, as when the table
    changes the phone's language): the kept page of a game is in the language it was kept
    in. A phone that fails a walk is closed, so that the next walk
    starts on a fresh one."""

    def __init__(self, browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.context: Any = None
        self.language = ""
        self.errors: list[str] = []

    def __call__(self, language: str):
        if self.context is None:
            from tests.support.offline_phone import new_phone

            self.context = new_phone(self.browser, self.base, language, seeded=True)
            self.context.on("weberror", lambda error: self.errors.append(str(error.error)))
        elif language != self.language:
            self.context.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
        self.language = language
        return self.context

    def walked(self, language: str, walk, *arguments) -> list[str]:
        """``walk(page, *arguments)`` on a new page of the phone in ``language``; the phone
        closed if it fails (the next test starts on a fresh one). Answers the script errors
        its pages met."""
        page = self(language).new_page()
        try:
            walk(page, *arguments)
        except BaseException:
            self.close()
            raise
        page.close()
        return self.script_errors()

    def script_errors(self) -> list[str]:
        found, self.errors[:] = list(self.errors), []
        return found

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = None


@contextmanager
def keeping_phone_on(browser, folder: Path) -> Iterator[KeepingPhone]:
    """A live server on ``folder`` (``live.serving``) and a ``KeepingPhone`` on it (its
    ``base``): a module's one phone that keeps each test's game, closed with the server."""
    from tests.support.live import serving

    with serving(folder) as base:
        found = KeepingPhone(browser, base)
        try:
            yield found
        finally:
            found.close()


# The walk's two languages: a right-to-left one and a left-to-right one.
WALK_LANGUAGES = ("he", "en")


def offline_phones(game: Game) -> list[str]:
    """The language a game's offline walk is played in at 360 px: one a game, Hebrew and
    English in turn over the registry (what differs by language, the words file the phone
    fetches and the direction of the page, is the same code for every game, and each
    language is walked by half the games; every page of every game is drawn in each
    language by tests/games/test_app_conformance.py). Every language for every game with
    ``SCOREKEEPER_FULL_MATRIX=1``."""
    if FULL_MATRIX:
        return list(LANGUAGES)
    return [WALK_LANGUAGES[list(GAMES.values()).index(game) % len(WALK_LANGUAGES)]]


@functools.cache
def widest_kept() -> dict[str, str]:
    """The game whose kept scoreboard ("board") and whose hand form ("form") are the widest:
    the first model ``cover`` picks of each as the phone's engine draws it (the server's
    templates, ``pages.phone``) in German, for the long names after hands 1 to 7."""
    from scorekeeper.pages import phone

    drawn: dict[str, dict[str, Kinds]] = {"board": {}, "form": {}}
    for game in GAMES.values():
        settings = game.preset(game.default_preset).with_changes(long_rules(game))
        hands = simulated_hands(game, 7, long=True, numbers=range(1, 8))
        asked = {"game": game.key, "seats": game.seats, "settings": settings.to_dict()}
        asked |= {"players": names_for(game), "language": Widest.LANGUAGE}
        asked["state"] = game.replay(settings, 0, []).state.to_dict()
        requests = [
            {**asked, "call": "sheet", "hands": hands, "pending": 3},
            asked | {"call": "form"},
        ]
        sheet, form = json.loads(phone.batch(json.dumps(requests)))
        html = {
            "board": "".join(v for k, v in sheet.items() if k.endswith("_html")),
            "form": form["html"],
        }
        for template, kinds in drawn.items():
            kinds[game.key] = kinds_of(f"<body>{html[template]}</body>")
    seats = {game.key: game.seats for game in GAMES.values()}
    return {template: cover(kinds, seats)[0] for template, kinds in drawn.items()}
