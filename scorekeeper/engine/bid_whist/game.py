"""Bid Whist behind the one game interface (:class:`~..core.game.Game`).

Not yet in the registry's built-in games: the app is not yet game-generic. Tests and
tools register it with ``register_game(GAME)`` or use it directly.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..core.errors import InvalidSettings
from ..core.game import Knob
from ..core.messages import Message, msg
from ..core.seats import SEATS
from .progression import GameProgress, replay
from .records import HandRecord, PlayedHand, record_from_dict
from .scoring import SIDES
from .settings import (
    BOOLS,
    CHOICES,
    INT_RANGES,
    KNOB_HELP,
    KNOBS,
    PRESETS,
    BidWhistSettings,
    preset,
    preset_name_of,
)
from .simulate import simulate_deals


def _knob(name: str) -> Knob:
    if name in CHOICES:
        return Knob(name, KNOB_HELP[name], "choice", choices=CHOICES[name])
    if name in BOOLS:
        return Knob(name, KNOB_HELP[name], "bool")
    low, high = INT_RANGES[name]
    return Knob(name, KNOB_HELP[name], "int", low=low, high=high)


class BidWhist:
    """Two partnerships bid once round for the right to name trumps (uptown or downtown)
    or no-trump, take the kitty, and score as a side to +21 or -21."""

    key = "bid-whist"
    name: Message = msg("Bid Whist")
    seats = SEATS
    sides: tuple[tuple[int, ...], ...] = SIDES
    default_preset = "bid-whist"

    @property
    def presets(self) -> Mapping[str, BidWhistSettings]:
        return PRESETS

    @property
    def knobs(self) -> tuple[Knob, ...]:
        return tuple(_knob(name) for name in KNOBS)

    def preset(self, name: str) -> BidWhistSettings:
        return preset(name)

    def preset_name_of(self, settings: Any) -> str | None:
        return preset_name_of(settings)

    def settings_from_dict(self, values: Mapping[str, Any]) -> BidWhistSettings:
        if not isinstance(values, Mapping):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        return BidWhistSettings.from_dict(dict(values))

    def record_from_dict(self, settings: Any, body: Any) -> HandRecord:
        return record_from_dict(settings, body)

    def points(self, settings: Any, record: Any) -> tuple[int, ...]:
        """Points per seat; partners score alike (see ``side_points`` for [A, B])."""
        if isinstance(record, PlayedHand):
            return record.score(settings).seat_points
        return (0,) * SEATS

    def side_points(self, settings: Any, record: Any) -> tuple[int, int]:
        """Points per side [A, B] for one hand; a thrown-in deal scores (0, 0)."""
        if isinstance(record, PlayedHand):
            return record.score(settings).points
        return (0, 0)

    def replay(
        self,
        settings: Any,
        first_dealer: int,
        records: Sequence[Any],
        finish_after: int | None = None,
    ) -> GameProgress:
        """See ``progression.replay``; ``finish_after`` is when the table asked to finish."""
        return replay(settings, first_dealer, records, finish_after)

    def simulate(
        self, settings: Any, deals: int, seed: int | None = None, bots: str = "random"
    ) -> Iterator[dict[str, Any]]:
        for result in simulate_deals(settings, deals, seed=seed, bots=bots):
            yield result.to_dict()


GAME = BidWhist()
