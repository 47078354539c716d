"""Spades: two partnerships bid tricks, nil and blind nil, and race to 500 with bags.

Built from docs/rules/spades.md. The app reaches this package only through the registry
(``GAME``); the names below are for the engine's own tests and tools.
"""

from .game import GAME, Spades
from .progression import SpadesState
from .records import HAND
from .scoring import SIDES, HandScore, SideScore, score_hand
from .settings import PRESETS, SpadesSettings

__all__ = [
    "GAME",
    "PRESETS",
    "SIDES",
    "HAND",
    "HandScore",
    "SideScore",
    "Spades",
    "SpadesSettings",
    "SpadesState",
    "score_hand",
]
