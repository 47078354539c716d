"""Bid Whist: two partnerships, one round of bidding uptown, downtown or no-trump, jokers,
a kitty whose discard is the bidders' first book, and points per side to +21 or -21.

Built from RULES.md section 2. The app will reach this package only through the registry;
the names below are for the engine's own tests, benchmarks and tools.
"""

from .auction import PASS, Auction, Call, Pass, parse_call
from .bids import ALL_BIDS, Bid, Kind, bid_rank, direction_of
from .bots import BOTS, HeuristicBot, RandomBot, estimate_books, make_bots
from .cards import (
    BIG_JOKER,
    BOOKS,
    CARD_TEXT,
    LITTLE_JOKER,
    NO_SUIT,
    Joker,
    card_of,
    card_text,
    kitty_size,
    pack,
    parse_card,
    parse_cards,
    strength,
    trick_keys,
)
from .explain import explain
from .game import GAME, BidWhist
from .play import PlayState, legal_from, trick_winner
from .progression import GameProgress, ReplayedHand, first_bidder, next_dealer, replay
from .records import MAX_RENEGES, HandRecord, PlayedHand, ThrownIn, record_from_dict
from .scoring import SIDES, HandScore, bid_points, books_after_reneges, score_hand, side_of
from .settings import KNOB_HELP, KNOBS, PRESETS, BidWhistSettings, preset, preset_name_of
from .simulate import DealResult, SimulationSummary, simulate_deals

__all__ = [
    "explain",
    "ALL_BIDS",
    "BIG_JOKER",
    "BOOKS",
    "BOTS",
    "CARD_TEXT",
    "GAME",
    "KNOBS",
    "KNOB_HELP",
    "LITTLE_JOKER",
    "MAX_RENEGES",
    "NO_SUIT",
    "PASS",
    "PRESETS",
    "SIDES",
    "Auction",
    "Bid",
    "BidWhist",
    "BidWhistSettings",
    "Call",
    "DealResult",
    "GameProgress",
    "HandRecord",
    "HandScore",
    "HeuristicBot",
    "Joker",
    "Kind",
    "Pass",
    "PlayState",
    "PlayedHand",
    "RandomBot",
    "ReplayedHand",
    "SimulationSummary",
    "ThrownIn",
    "bid_points",
    "bid_rank",
    "books_after_reneges",
    "card_of",
    "card_text",
    "direction_of",
    "estimate_books",
    "first_bidder",
    "kitty_size",
    "legal_from",
    "make_bots",
    "next_dealer",
    "pack",
    "parse_call",
    "parse_card",
    "parse_cards",
    "preset",
    "preset_name_of",
    "record_from_dict",
    "replay",
    "score_hand",
    "side_of",
    "simulate_deals",
    "strength",
    "trick_keys",
    "trick_winner",
]
