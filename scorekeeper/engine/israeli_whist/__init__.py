"""Israeli Whist, which the app reaches only through the registry; the names below are
for the engine's own tests, benchmarks and other games."""

from .auction import ALL_BIDS, PASS, IsraeliAuction, bid_index, parse_call
from .bids import Bid, Denomination
from .bots import BOTS, IsraeliHeuristicBot, IsraeliRandomBot, make_bots
from .contracts import (
    ContractPhase,
    forbidden_for_entry,
    last_bidder,
    legal_contracts,
    over_under,
    speaking_order,
)
from .game import GAME
from .play import IsraeliPlayState, legal_cards
from .progression import opener_for
from .records import HandRecord, score_table_entry
from .scoring import contract_points, score_hand
from .settings import KNOBS, PRESETS, RuleSettings, preset, preset_name_of
from .simulate import IsraeliTally, deal_hands, simulate_deals

record_from_dict = GAME.record_from_dict
"""The hand a JSON-shaped dict gives, read alone (no place given); raises InvalidHand."""


__all__ = [
    "ALL_BIDS",
    "BOTS",
    "KNOBS",
    "PASS",
    "PRESETS",
    "IsraeliAuction",
    "Bid",
    "ContractPhase",
    "Denomination",
    "HandRecord",
    "IsraeliHeuristicBot",
    "IsraeliPlayState",
    "IsraeliRandomBot",
    "RuleSettings",
    "IsraeliTally",
    "bid_index",
    "contract_points",
    "deal_hands",
    "forbidden_for_entry",
    "last_bidder",
    "legal_cards",
    "legal_contracts",
    "make_bots",
    "opener_for",
    "over_under",
    "parse_call",
    "preset",
    "preset_name_of",
    "record_from_dict",
    "score_hand",
    "score_table_entry",
    "simulate_deals",
    "speaking_order",
]
