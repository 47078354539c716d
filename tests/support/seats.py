"""Helpers of tests/web/games/test_seats.py, which other tests use too."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

from scorekeeper.engine import Game
from tests.support import toy_game


def toy_with_seats(seats: int) -> Game:
    """The toy game with ``seats`` seats under a key of its own, built from its very source."""
    source = Path(toy_game.__file__).read_text(encoding="utf-8")
    assert len(re.findall(r"^SEATS = \d+", source, re.M)) == 1
    assert source.count('key = "toy-high-card"') == 1
    source = re.sub(r"^SEATS = \d+", f"SEATS = {seats}", source, flags=re.M)
    source = source.replace('key = "toy-high-card"', f'key = "toy-{seats}-seats"')
    module = types.ModuleType(f"tests.toy_{seats}_seats")
    module.__file__ = toy_game.__file__
    sys.modules[module.__name__] = module
    exec(compile(source, module.__name__, "exec"), module.__dict__)
    return module.GAME


THREE = toy_with_seats(3)
