"""The round sheet for any other game (docs/rules/any-game.md): two to eight players, every
player's points each round, a goal that ends the game."""

from .game import GAME, AnyGame
from .settings import PRESETS, SheetSettings

__all__ = ["GAME", "PRESETS", "AnyGame", "SheetSettings"]
