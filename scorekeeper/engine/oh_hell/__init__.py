"""Oh Hell (docs/rules/oh-hell.md): three to seven players bid exactly the tricks they will
take. The app reaches it through the registry (``GAME``); ``GAME.seated(n)`` is the game
for ``n`` players."""

from .game import GAME, OhHell
from .records import HAND, hand_of
from .settings import PRESETS, OhHellSettings, cards_sequence

__all__ = [
    "GAME",
    "HAND",
    "PRESETS",
    "OhHell",
    "OhHellSettings",
    "cards_sequence",
    "hand_of",
]
