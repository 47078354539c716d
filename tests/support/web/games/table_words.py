"""Helpers of tests/web/games/test_table_words.py."""

from __future__ import annotations

import html
import re
from typing import Any

from scorekeeper.engine import GAMES, Game
from scorekeeper.engine.core.form import FormField, HandFormSpec
from tests.support.game_page_matrix import long_rules, simulated_hands
from tests.support.shared import API_FIELD, ISOLATES, LANGUAGES
from tests.support.toy_game import GAME as TOY

NAMES = ("נועה", "Christopher", "Alexandra", "שלומית", "Marcus", "Yossi", "Ilse", "Tamar")


NOTATION = re.compile(r"\b\d{1,2}(?:NT|U|D|[CDHS])\b|\bC, D, H\b|\d\.\.\d")


CODE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")


SEAT_NUMBER = re.compile(
    r"\bseat \d|\bseat\b|\bPlatz \d|\bPlatz\b|מושב \d|"
    r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth) seat\b",
    re.I,
)


def games() -> list[Game]:
    return [*GAMES.values(), TOY]


def start(client, game: Game) -> tuple[int, list[str], Any]:
    """A long game of ``game`` (no hand of the test ends it), editable by ``client``."""
    players = list(NAMES[: game.seats])
    body = {
        "game": game.key,
        "players": players,
        "rules": game.default_preset,
        "settings": long_rules(game),
        "first_dealer": 0,
    }
    created = client.post("/api/games", json=body).get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    settings = game.preset(game.default_preset).with_changes(long_rules(game))
    return created["id"], players, (created["edit_key"], settings)


def problems_of(response) -> list[tuple[str, str]]:
    """The page's error summary: (the id it links to, the message), isolates taken out."""
    text = response.get_data(as_text=True)
    box = re.search(r'<div class="error-summary".*?</ul>', text, re.S)
    assert box, "no error summary on the refused page"
    found = re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), re.S)
    return [(anchor, html.unescape(message).translate(ISOLATES)) for anchor, message in found]


def in_table_words(game: Game, message: str) -> list[str]:
    """What in ``message`` is not the table's words."""
    bad = []
    for name, pattern in (
        ("API field", API_FIELD),
        ("notation", NOTATION),
        ("code name", CODE_NAME),
        ("seat by number", SEAT_NUMBER),
    ):
        if pattern.search(message):
            bad.append(f"{game.key}: {name} in {message!r}")
    return bad


def post(client, game_id: int, language: str, data: dict[str, str]):
    headers = {"Accept-Language": LANGUAGES[language]}
    return client.post(f"/games/{game_id}/hands/new", data=data, headers=headers)


def spec_of(game: Game, players: list[str], settings: Any) -> HandFormSpec:
    return game.hand_form(settings, players)


def seat_field(spec: HandFormSpec) -> FormField | None:
    """The last seat's first asked field: the box a bad value is typed in."""
    found = [f for f in spec.fields if f.seat is not None and not f.folded]
    return max(found, key=lambda f: f.seat) if found else None


def good_entry(game: Game, players: list[str], settings: Any) -> dict[str, str] | None:
    """A played hand of the game's own simulation as the form posts it with Save."""
    spec = game.hand_form(settings, players)
    for hand in simulated_hands(game, 3, long=True):
        values = game.hand.form_values(hand)
        every = {f.name: values.get(f.name) for f in spec.fields}
        try:
            entered = game.record_from_dict(
                settings, game.hand.form_body(game.context(settings), every, None)
            )
        except Exception:  # noqa: BLE001 - a hand the form records another way
            continue
        if entered == game.record_from_dict(settings, hand):
            return {k: v for k, v in every.items() if v is not None}
    return None


def in_the_hand(game: Game, settings, good: dict[str, Any], changed: dict[str, Any]) -> bool:
    """Whether the hand the form sends (``Game.form_body``) holds the value changed: a
    box the hand does not read (the card points of a seat that is not the declarer) is
    not."""
    try:
        return game.hand.form_body(game.context(settings), changed, None) != game.hand.form_body(
            game.context(settings), good, None
        )
    except Exception:  # noqa: BLE001 - a value the form cannot even read is in it
        return True
