"""Israeli Whist is a race to the target (``core/progress.py``); its own are the opener,
a thrown-in deal dealt again by the same dealer, the hand limit and ``tie_at_end``."""

from __future__ import annotations

from ..core.declared import Progression
from ..core.seats import left_of
from .bids import SEATS
from .settings import RuleSettings


def opener_for(settings: RuleSettings, dealer: int) -> int:
    """The seat that opens the auction: the dealer, or the player to the dealer's left."""
    return dealer if settings.opener == "dealer" else left_of(dealer, seats=SEATS)


PROGRESSION = Progression(
    opener=lambda game, settings, dealer: opener_for(settings, dealer),
    # a thrown-in deal is dealt again by the same dealer
    next_dealer=lambda game, settings, place, record: (
        place.dealer if record.thrown_in else left_of(place.dealer, seats=SEATS)
    ),
    hand_limit=lambda game, settings: settings.hand_limit,
    shares_tie=lambda game, settings: settings.tie_at_end == "shared",
)
"""Israeli Whist's part of the race (``core.declared.Progression``)."""
