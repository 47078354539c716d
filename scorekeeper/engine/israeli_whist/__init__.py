"""Israeli Whist: the auction with Frisch exchanges, contracts that may not total 13,
over and under, play, scoring under every house rule, bots and simulation.

The app reaches this package only through the registry (``scorekeeper.engine.get_game``);
the names below are for the engine's own tests, benchmarks and other games.
"""

from ..core.cards import Card, Suit, full_deck, parse_cards
from ..core.errors import EngineError, IllegalAction, InvalidHand, InvalidSettings, ParseError
from ..core.numbers import MAX_DIGITS, parse_int
from ..core.seats import left_of
from .auction import ALL_BIDS, PASS, Auction, Call, Pass, bid_index, parse_call
from .bids import Bid, Denomination
from .bots import BOTS, Bot, HeuristicBot, RandomBot, estimate_tricks, make_bots
from .contracts import (
    ContractPhase,
    forbidden_contract,
    legal_contracts,
    over_under,
    speaking_order,
)
from .play import PlayState, legal_cards, trick_winner
from .progression import GameProgress, ReplayedHand, next_dealer, opener_for, replay
from .records import (
    MAX_REVOKES,
    HandRecord,
    PassRound,
    PlayedHand,
    ThrownIn,
    forbidden_for_entry,
    last_bidder,
    record_from_dict,
    record_hand,
    record_pass_round,
    record_thrown_in,
    score_table_entry,
)
from .scoring import HandScore, contract_points, score_hand
from .settings import KNOB_HELP, KNOBS, PRESETS, RuleSettings, preset, preset_name_of
from .simulate import DealResult, SimulationSummary, deal_hands, simulate_deal, simulate_deals

__all__ = [
    "ALL_BIDS",
    "BOTS",
    "KNOBS",
    "KNOB_HELP",
    "MAX_DIGITS",
    "MAX_REVOKES",
    "PASS",
    "PRESETS",
    "Auction",
    "Bid",
    "Bot",
    "Call",
    "Card",
    "ContractPhase",
    "DealResult",
    "Denomination",
    "EngineError",
    "GameProgress",
    "HandRecord",
    "PassRound",
    "HandScore",
    "HeuristicBot",
    "IllegalAction",
    "InvalidHand",
    "InvalidSettings",
    "ParseError",
    "Pass",
    "PlayState",
    "PlayedHand",
    "RandomBot",
    "ReplayedHand",
    "RuleSettings",
    "SimulationSummary",
    "Suit",
    "ThrownIn",
    "bid_index",
    "contract_points",
    "deal_hands",
    "estimate_tricks",
    "forbidden_contract",
    "forbidden_for_entry",
    "full_deck",
    "last_bidder",
    "left_of",
    "legal_cards",
    "legal_contracts",
    "make_bots",
    "next_dealer",
    "opener_for",
    "over_under",
    "parse_call",
    "parse_cards",
    "parse_int",
    "preset",
    "preset_name_of",
    "record_from_dict",
    "record_hand",
    "record_pass_round",
    "record_thrown_in",
    "replay",
    "score_hand",
    "score_table_entry",
    "simulate_deals",
    "simulate_deal",
    "speaking_order",
    "trick_winner",
]
