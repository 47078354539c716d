"""Helpers of tests/games/test_conformance.py."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.engine import GAMES, Game, Message
from scorekeeper.engine.core.game import seat_counts
from scorekeeper.engine.registry import UNLISTED
from tests.support.play import deals as drawn_deals
from tests.support.play import record_of, simulates
from tests.support.toy_game import GAME as TOY


def tables(game: Game) -> list[Game]:
    """The game at every table size it seats (``seated``): one for most games."""
    return [game.seated(count) for count in seat_counts(game)]


def table_id(game: Game) -> str:
    """The game's key, and its number of players where the game seats a range."""
    return game.key if len(seat_counts(game)) == 1 else f"{game.key}-{game.seats}"


def playthroughs(game: Game, bots: str | None, deals: int, seed: int) -> Iterator[tuple[Any, dict]]:
    """``deals`` deals, a share under each of the game's presets: (settings, deal), each
    simulated, or for a game without simulation a random hand scored at its place."""
    presets = list(game.presets.values())
    share = -(-deals // len(presets))
    for number, settings in enumerate(presets):
        count = min(share, deals - number * share)
        for deal in drawn_deals(game, settings, count, seed + number, bots):
            yield settings, deal


def first_bots(game: Game) -> str | None:
    """The game's first kind of bot; None for a game without simulation."""
    return game.simulation.bots[0] if game.simulation.bots else None


def declared(protocol: type) -> set[str]:
    """The attributes and methods a result type of the interface declares."""
    return {name for name in vars(protocol) if not name.startswith("_")}


def has_all(value: Any, protocol: type) -> list[str]:
    return [name for name in sorted(declared(protocol)) if not hasattr(value, name)]


def without_rates(lines: list[str]) -> list[str]:
    """Summary lines without the timing some games print in them."""
    return [re.sub(r"\([\d,.]+ deals/s\)", "", line) for line in lines]


def text_values(knob) -> list[tuple[str, Any]]:
    """Values each knob takes from text, with the value it should become."""
    if knob.kind == "bool":
        return [("yes", True), ("no", False), ("true", True), ("0", False)]
    if knob.kind == "choice":
        return [(choice, choice) for choice in knob.choices]
    if knob.kind == "choice_list":
        every = list(knob.choices)
        return [(", ".join(every), every), ("none", []), (every[-1], every[-1:])]
    unset = [("", None), ("none", None)] if knob.optional else []
    if knob.kind == "int_list":
        lows, highs = [knob.low] * knob.length, [knob.high] * knob.length
        return [
            (",".join(map(str, lows)), lows),
            (" ".join(map(str, highs)), highs),
            *unset,
        ]
    return [(str(knob.low), knob.low), (f" {knob.high} ", knob.high), *unset]


def refused_values(knob) -> list[str]:
    if knob.kind == "bool":
        return ["maybe", "2"]
    if knob.kind == "choice":
        return ["", "nonsense"]
    if knob.kind == "choice_list":
        return ["nonsense", f"{knob.choices[0]},nonsense"]
    if knob.kind == "int_list":
        whole = [str(knob.low)] * knob.length
        return [
            ",".join(whole[1:]),
            ",".join([*whole[1:], str(knob.high + 1)]),
            ",".join([*whole[1:], "x"]),
        ]
    return [str(knob.low - 1), str(knob.high + 1), "x", "1.5", "9" * 40]


def _fields_named_by(rule_kind: str, rule: dict) -> set[str]:
    names = {rule[key] for key in ("field", "by") if key in rule}
    return {name for name in names if "{" not in name}


@functools.cache
def shown_messages(game: Game) -> tuple[Message, ...]:
    """The game's name, knobs, sheet rules and statistics labels, and the labels of the
    scoreboard rows of a simulated game: played once a game, for every language's test."""
    settings = game.preset(game.default_preset)
    bots = "random" if simulates(game) else None
    records = [record_of(game, settings, d) for d in drawn_deals(game, settings, 40, 3, bots)]
    players = [f"P{seat}" for seat in range(game.seats)]
    while records:
        try:
            progress = game.replay(settings, 0, records)
            break
        except ValueError:
            records.pop()
    stats = game.figures.game_stats(game.figures.recorded(settings, 0, players, records))
    found: list[Any] = [
        game.name,
        *(knob.help for knob in game.preset(game.default_preset).knobs_for_table()),
    ]
    for line in game.rules_lines(settings):
        found += [line.label, line.value]
    found += [*game.rules_notes(settings), *game.figures.notes]
    for line in game.figures.game_lines(stats) + game.figures.player(
        [p.figures for p in stats.players]
    ):
        found += [line.label, *line.values]
    for view in game.hand_views(progress):
        found += [*(view.bid.pieces if view.bid else ()), *view.outcome.pieces]
    for record in records:
        found += game.describe_hand(record.to_dict(), players)
    spec = game.hand_form(settings, players)
    for step in spec.steps:
        found += [step.label, step.note, step.folded_label]
        found += [f.label for f in step.fields]
        found += [c.label for f in step.fields for c in f.choices]
    found += [a.label for a in spec.actions] + list(spec.texts.values())
    words = game.page_words
    found += [words.outcome_head, *words.entry_heads, words.legend]
    found += [head for head in (words.auction_head, words.bid_head) if head is not None]
    for label, description in game.preset_words.values():
        found += [label, description]
    return tuple(m for m in found if isinstance(m, Message))


ALL_GAMES: list[Game] = [table for game in [*GAMES.values(), *UNLISTED] for table in tables(game)]


# The toy the tests register is checked as every game is (its words are not translated:
# the app does not offer it).
CHECKED: list[Game] = [*ALL_GAMES, TOY]


def bot_kinds() -> list[tuple[Game, str]]:
    return [(game, kind) for game in CHECKED for kind in game.simulation.bots]


# Checks that only make sense with card play (simulated deals, the deal checker, shares of
# a run, the bots): for the games that declare a ``simulation``.
simulating_game = pytest.mark.parametrize(
    "game", [game for game in CHECKED if simulates(game)], ids=table_id
)
