"""Helpers of tests/web/games/test_rules.py."""

from __future__ import annotations

import html
import json
import re

from scorekeeper.engine.core.display import signed
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.language import words_in
from tests.support.shared import SIGNED


def plain(text: str) -> str:
    """Text as a reader compares it: isolates dropped, spaces folded."""
    return re.sub(r"\s+", " ", re.sub("[\u2066-\u2069\u200e\u200f]", "", text))


def text_of(page: str) -> str:
    """The page's visible text."""
    main = page[page.index("<main>") : page.index("</main>")]
    return plain(html.unescape(re.sub(r"<[^>]+>", " ", main)))


def steps_of(page: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    """The page's "What a hand records": each step's name and its fields, each field's name
    and its own choices as the page says them (None: none said)."""
    listed = page[
        page.index('<ol class="rules-steps">') : page.index("</ol>", page.index("rules-steps"))
    ]
    found = []
    for step in re.findall(r"<li><b>(.*?)</b>(.*?)(?=<li><b>|$)", listed, re.S):
        fields = re.findall(r"<li>([^<]*)(?: <small>\(([^)]*)\)</small>)?</li>", step[1])
        found.append(
            (
                html.unescape(step[0]),
                [(html.unescape(f), html.unescape(c) if c else None) for f, c in fields],
            )
        )
    return found


def fields_as_listed(game, preset: str, page: str) -> None:
    """Each field of the preset's hand form on the page, with its own keys: Tarot's bouts
    (0 to 3) were listed after the card points, and every key of the third step after the
    chelem."""
    settings = game.presets[preset]
    players = [f"Player {n + 1}" for n in range(game.seats)]
    place = HandPlace.after(game.state_from_dict(game.replay(settings, 0, []).state.to_dict()))
    words = words_in("en")
    listed = {field: choices for _, fields in steps_of(page) for field, choices in fields}
    for step in game.hand_form(settings, players, place).steps:
        for described in step.fields:
            label = str(words.translate(described.label))
            keys = [str(words.shown(c.label)) for c in described.choices]
            keys = [key for key in dict.fromkeys(keys) if key not in players]
            if described.is_hidden or label == str(words.translate(step.label)):
                continue
            assert label in listed, (preset, step.id, label)
            if len(described.choices) > 2 and keys:
                assert listed[label] == " · ".join(keys), (preset, label, listed[label])


def replayed(client, game, preset: str, page: str) -> None:
    """The page's hand, as the API takes it, played as the first hand of a new game of the
    preset: accepted, and each player's points as the page works them out."""
    body = json.loads(html.unescape(re.search(r'id="example" data-hand="([^"]*)"', page)[1]))
    shown = re.findall(r'<span dir="ltr" class="points">([^<]*)</span>', page)
    assert len(shown) == game.seats
    players = [f"P{n}" for n in range(game.seats)]
    made = {"game": game.key, "rules": preset, "players": players, "first_dealer": 0}
    created = client.post("/api/games", json=made).get_json()
    answer = client.post(
        f"/api/games/{created['id']}/hands",
        json=body,
        headers={"Authorization": f"Bearer {created['edit_key']}"},
    )
    assert answer.status_code == 201, (preset, answer.get_json())
    points = answer.get_json()["points"]
    for seat, said in enumerate(shown):
        side = next(i for i, side in enumerate(game.sides) if seat in side)
        assert said == signed(points[side]), (preset, seat, said, points)


def signed_outside_ltr(text: str) -> list[str]:
    """The signed numbers of ``text`` (a page's main text, its dir="ltr" elements and the
    example's data left out) written with an ASCII minus, or neither kept left to right
    between LRI and PDI nor after a left-to-right mark."""
    found, depth = [], []
    for index, char in enumerate(text):
        if char in "\u2066\u2067\u2068":
            depth.append(char)
        elif char == "\u2069" and depth:
            depth.pop()
        elif SIGNED.match(text, index) and (
            char == "-" or ("\u2066" not in depth and text[index - 1 : index] != "\u200e")
        ):
            found.append(text[max(0, index - 30) : index + 8])
    return found
