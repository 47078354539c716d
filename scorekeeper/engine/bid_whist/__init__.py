"""Bid Whist: two partnerships, one round of bidding uptown, downtown or no-trump, jokers,
a kitty whose discard is the bidders' first book, and points per side to +21 or -21.

Built from docs/rules/bid-whist.md. The app will reach this package only through the registry;
the names below are for the engine's own tests, benchmarks and tools.
"""

from .auction import PASS, BidWhistAuction, parse_call
from .bids import Bid, Kind
from .bots import BidWhistHeuristicBot, BidWhistRandomBot
from .cards import (
    BIG_JOKER,
    CARD_TEXT,
    LITTLE_JOKER,
    NO_SUIT,
    Joker,
    card_of,
    kitty_size,
    pack,
    parse_card,
    parse_cards,
)
from .game import GAME
from .play import BidWhistPlayState, legal_from, trick_winner
from .scoring import explain
from .settings import PRESETS, BidWhistSettings
from .simulate import BidWhistDeal, BidWhistTally, simulate_deals

record_from_dict = GAME.record_from_dict
replay = GAME.replay
preset = GAME.preset
preset_name_of = GAME.preset_name_of

__all__ = [
    "explain",
    "BIG_JOKER",
    "CARD_TEXT",
    "GAME",
    "LITTLE_JOKER",
    "NO_SUIT",
    "PASS",
    "PRESETS",
    "BidWhistAuction",
    "Bid",
    "BidWhistSettings",
    "BidWhistDeal",
    "BidWhistHeuristicBot",
    "Joker",
    "Kind",
    "BidWhistPlayState",
    "BidWhistRandomBot",
    "BidWhistTally",
    "card_of",
    "kitty_size",
    "legal_from",
    "pack",
    "parse_call",
    "parse_card",
    "parse_cards",
    "preset",
    "preset_name_of",
    "record_from_dict",
    "replay",
    "simulate_deals",
    "trick_winner",
]
