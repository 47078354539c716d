"""Bid Whist: two partnerships, one round of bidding uptown, downtown or no-trump, jokers,
a kitty whose discard is the bidders' first book, and points per side to +21 or -21.

Built from docs/rules/bid-whist.md. The app reaches this package only through the registry
(``game.GAME``); the names below (each imported ``as`` itself, so exported) are for the
engine's tests, benchmarks and tools, each module's own names imported from it.
"""

from .game import GAME as GAME
from .play import BidWhistPlayState as BidWhistPlayState
from .scoring import explain as explain
from .settings import PRESETS as PRESETS

record_from_dict = GAME.record_from_dict
replay = GAME.replay
preset = GAME.preset
