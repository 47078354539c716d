"""Hands for the tests that play every registered game: simulated deals for a game that
simulates card play (it declares a ``simulation``), else random legal hands drawn from
its hand's schema (``core.play.random_game``). One place, so every suite draws alike."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from scorekeeper.engine.core.game import side_values
from scorekeeper.engine.core.play import random_game


def simulates(game: Any) -> bool:
    """Whether the game plays deals with bots: it declares simulation, or it has bots of
    its own without declaring it (the round sheet's random rounds)."""
    return bool(game.simulation.bots)


def bot_runs(game: Any) -> tuple[str | None, ...]:
    """The kinds of bot to play a game with, one run each: its own bots, or for a game
    without them one run of random hands (None)."""
    return tuple(game.simulation.bots) if simulates(game) else (None,)


def hands_at(game: Any, settings: Any, numbers: Sequence[int], seed: int) -> list:
    """Random hands of a game without simulation, each drawn for the place of its
    number in ``numbers`` (a game dealt first by seat 0): for tests that enter, edit or
    race hands at chosen places, as a game whose hands depend on their place (Wizard's
    round r deals r cards) needs."""
    places = [p.place for p in random_game(game, settings, max(numbers), seed, 0)]
    rng = random.Random(seed)
    found = []
    for number in numbers:
        ctx = game.context(settings, places[number - 1])
        found.append(
            game.record_from_dict(
                settings, game.hand.random_body(game, settings, ctx, rng), ctx.place
            )
        )
    return found


def long_settings(game: Any, hands: int) -> Any:
    """The default preset changed so that a game lasts ``hands`` hands (``lasting``), or
    as it is for a game that cannot last (it is played to its end, as often as needed)."""
    settings = game.preset(game.default_preset)
    lasting = game.lasting(hands)
    return settings if lasting is None else settings.with_changes(lasting)


def deals(
    game: Any, settings: Any, count: int, seed: int, bots: str | None = None
) -> Iterator[dict]:
    """``count`` deals as ``simulate`` yields them (the hand's fields, ``thrown_in`` and
    ``points`` per side): simulated, or random hands scored at their places."""
    if simulates(game):
        yield from game.simulation.deals(
            settings, count, seed=seed, bots=bots or game.simulation.bots[0]
        )
        return
    for placed in random_game(game, settings, count, seed):
        record = placed.record
        points = side_values(game, game.points(settings, record, placed.place))
        body = record.to_dict()
        # The body again under "hand": a field of its own may be named "points" too (the
        # round sheet's), which the deal's points per side hide.
        yield {**body, "thrown_in": record.thrown_in, "points": list(points), "hand": body}


def record_of(game: Any, settings: Any, deal: dict) -> Any:
    """The hand a table writes down for one of ``deals``."""
    if simulates(game):
        return game.simulation.record_of(deal)
    body = deal.get("hand", {k: v for k, v in deal.items() if k in game.hand.hand_fields})
    return game.record_from_dict(settings, body)


def records(
    game: Any,
    settings: Any,
    count: int,
    seed: int,
    bots: str | None = None,
    first_dealer: int = 0,
) -> list:
    """Hands of one game in a row: ``count`` simulated deals' records, or for a game
    without simulation random hands up to ``count`` or the end of the game, whichever
    comes first (a game that cannot last gives fewer), dealt first by ``first_dealer``."""
    return list(iter_records(game, settings, count, seed, bots, first_dealer))


def iter_records(
    game: Any,
    settings: Any,
    count: int,
    seed: int,
    bots: str | None = None,
    first_dealer: int = 0,
) -> Iterator[Any]:
    """``records``, one at a time (a test that stops early plays no more deals)."""
    if simulates(game):
        for deal in game.simulation.deals(
            settings, count, seed=seed, bots=bots or game.simulation.bots[0]
        ):
            yield game.simulation.record_of(deal)
        return
    for placed in random_game(game, settings, count, seed, first_dealer):
        if placed.game:
            return
        yield placed.record
