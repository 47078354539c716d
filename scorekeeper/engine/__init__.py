"""The Israeli Whist rules engine: pure Python, no Flask, no SQLite.

Everything the app, the command line and the tests know about the rules comes from here.
"""

from .cards import Bid, Card, Denomination, Suit, full_deck, parse_cards
from .contracts import (
    ContractPhase,
    forbidden_contract,
    left_of,
    legal_contracts,
    over_under,
    speaking_order,
)
from .errors import EngineError, IllegalAction, InvalidHand, InvalidSettings, ParseError
from .progression import GameProgress, ReplayedHand, next_dealer, opener_for, replay
from .scoring import HandScore, contract_points, score_hand
from .settings import KNOB_HELP, KNOBS, PRESETS, RuleSettings, preset, preset_name_of
from .validation import (
    HandRecord,
    PlayedHand,
    ThrownIn,
    forbidden_for_entry,
    last_bidder,
    record_from_dict,
    record_hand,
    record_thrown_in,
    score_table_entry,
)

__all__ = [
    "KNOBS",
    "KNOB_HELP",
    "PRESETS",
    "Bid",
    "Card",
    "ContractPhase",
    "Denomination",
    "EngineError",
    "GameProgress",
    "HandRecord",
    "HandScore",
    "IllegalAction",
    "InvalidHand",
    "InvalidSettings",
    "ParseError",
    "PlayedHand",
    "ReplayedHand",
    "RuleSettings",
    "Suit",
    "ThrownIn",
    "contract_points",
    "forbidden_contract",
    "forbidden_for_entry",
    "full_deck",
    "last_bidder",
    "left_of",
    "legal_contracts",
    "next_dealer",
    "opener_for",
    "over_under",
    "parse_cards",
    "preset",
    "preset_name_of",
    "record_from_dict",
    "record_hand",
    "record_thrown_in",
    "replay",
    "score_hand",
    "score_table_entry",
    "speaking_order",
]
