"""Israeli Whist, which the app reaches only through the registry; the names below are
for the engine's tests and benchmarks outside the game's own (which import each module's
names from it)."""

from .auction import ALL_BIDS
from .bids import Bid, Denomination
from .bots import BOTS, IsraeliHeuristicBot, IsraeliRandomBot, make_bots
from .contracts import forbidden_for_entry, last_bidder, speaking_order
from .game import GAME
from .play import IsraeliPlayState, legal_cards
from .records import score_table_entry
from .scoring import score_hand
from .settings import KNOBS, PRESETS, RuleSettings
from .simulate import IsraeliTally, deal_hands, simulate_deals

preset = GAME.preset
"""The named preset; raises InvalidSettings listing the known names."""
record_from_dict = GAME.record_from_dict
"""The hand a JSON-shaped dict gives, read alone (no place given); raises InvalidHand."""


__all__ = [
    "ALL_BIDS",
    "GAME",
    "BOTS",
    "KNOBS",
    "PRESETS",
    "Bid",
    "Denomination",
    "IsraeliHeuristicBot",
    "IsraeliPlayState",
    "IsraeliRandomBot",
    "RuleSettings",
    "IsraeliTally",
    "deal_hands",
    "forbidden_for_entry",
    "last_bidder",
    "legal_cards",
    "make_bots",
    "preset",
    "record_from_dict",
    "score_hand",
    "score_table_entry",
    "simulate_deals",
    "speaking_order",
]
