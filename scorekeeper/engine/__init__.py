"""The rules engine: pure Python, no Flask, no SQLite.

Every game is a package behind one interface (:class:`Game`, in ``core/game.py``): its
``game.py`` subclasses :class:`GameBase` (``core/base.py``) and writes only what differs.
It is found by name in the registry below, as OpenSpiel's ``load_game`` and
python-chess's ``find_variant`` find theirs. The web app, the command line, import and
export reach a game only through ``get_game`` (a stored game through ``table_game``,
the game at its table's number of players); the shared core (cards, seats, numbers,
messages, errors) is re-exported here.
"""

from .core.base import GameBase
from .core.errors import EngineError, IllegalAction, InvalidHand, InvalidSettings, ParseError
from .core.game import Game, HandRecord, Knob, Settings
from .core.messages import Message, msg, nmsg
from .core.numbers import MAX_DIGITS, parse_int
from .core.starting import read_starting_totals
from .registry import DEFAULT_GAME, GAMES, find_game, get_game, register_game, table_game

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "MAX_DIGITS",
    "EngineError",
    "Game",
    "GameBase",
    "HandRecord",
    "IllegalAction",
    "InvalidHand",
    "InvalidSettings",
    "Knob",
    "Message",
    "ParseError",
    "Settings",
    "find_game",
    "get_game",
    "msg",
    "nmsg",
    "parse_int",
    "read_starting_totals",
    "register_game",
    "table_game",
]
