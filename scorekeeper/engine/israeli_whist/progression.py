"""Israeli Whist is a race to the target (``core/progress.py``); its own are the opener,
a thrown-in deal dealt again by the same dealer, the hand limit and ``tie_at_end``."""

from __future__ import annotations

from typing import Any

from ..core.seats import left_of
from .bids import SEATS
from .settings import RuleSettings


def opener_for(settings: RuleSettings, dealer: int) -> int:
    """The seat that opens the auction: the dealer, or the player to the dealer's left."""
    return dealer if settings.opener == "dealer" else left_of(dealer, seats=SEATS)


class IsraeliRace:
    """Israeli Whist's part of the race (``core.progress.RaceRules``), which the game
    (``GameBase.replay``, ``resume``) runs."""

    def next_dealer(self, dealer: int, record: Any) -> int:
        """A thrown-in deal is dealt again by the same dealer."""
        return dealer if record.thrown_in else left_of(dealer, seats=SEATS)

    def opener(self, settings: RuleSettings, dealer: int) -> int:
        return opener_for(settings, dealer)

    def hand_limit(self, settings: RuleSettings) -> int:
        return settings.hand_limit

    def shares_tie(self, settings: RuleSettings) -> bool:
        return settings.tie_at_end == "shared"
