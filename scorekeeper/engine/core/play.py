"""Games played from random legal hands, for a game that does not simulate card play:
each hand drawn by the game's ``random_hand`` at its place (after the hands before it),
so the suites and the benchmarks can play any game through the engine and the app."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .game import HandPlace


@dataclass(frozen=True, slots=True)
class PlacedHand:
    """A hand of a random game: its record, read at its ``place``, the body it was read
    from, and which game of the run it belongs to (0, 1, …: a game that ends is played
    again from the start); ``first_dealer`` is that game's."""

    record: Any
    place: HandPlace
    body: dict[str, Any]
    game: int
    first_dealer: int


def random_game(
    game: Any,
    settings: Any,
    hands: int,
    seed: int | None = None,
    first_dealer: int | None = None,
) -> Iterator[PlacedHand]:
    """``hands`` hands of ``game`` under ``settings``, each drawn by its schema's
    ``random_body`` at its place; whenever a game ends the next hand starts a new one
    (dealt first by ``first_dealer``, or by a random seat). The same seed gives the same
    hands."""
    rng = random.Random(seed)
    made = played = 0
    while made < hands:
        dealer = rng.randrange(game.seats) if first_dealer is None else first_dealer
        progress = game.replay(settings, dealer, [])
        while made < hands and progress.status != "finished":
            state = progress.state.to_dict()
            place = HandPlace.after(progress.state)
            body = game.hand.random_body(game, settings, game.context(settings, place), rng)
            record = game.record_from_dict(settings, body, place)
            yield PlacedHand(record, place, body, played, dealer)
            made += 1
            progress = game.resume(settings, state, [record])
        played += 1
