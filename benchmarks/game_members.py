"""How many members of the ``Game`` protocol each game writes, and which members it
defines outside it (issues 41 and 55).

    .venv/bin/python benchmarks/game_members.py [--names]

A member a game *defines* is a name in the body of the game's own classes (those outside
``scorekeeper.engine.core``: its game class and the classes it inherits from its own
package), the class machinery Python adds aside; one it *writes* is one of those that is
also a member of :class:`scorekeeper.engine.core.game.Game`; the others are *outside* the
protocol. Prints the protocol's size, then one line per game: how many it defines, writes
and defines outside, and with ``--names`` which ones. The issue's target: the protocol at
most 35 members, no game writing more than 20, none outside.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine.core.game import Game  # noqa: E402
from scorekeeper.engine.registry import _BUILT_IN, UNLISTED  # noqa: E402

CORE = "scorekeeper.engine.core"

MACHINERY = frozenset(
    {
        "__module__",
        "__doc__",
        "__qualname__",
        "__firstlineno__",
        "__static_attributes__",
        "__annotations__",
        "__annotate__",
        "__annotate_func__",
        "__annotations_cache__",
        "__dict__",
        "__weakref__",
        "__slots__",
        "__slotnames__",
        "__orig_bases__",
        "__parameters__",
        "__abstractmethods__",
        "_abc_impl",
    }
)
"""What Python puts in a class's body (``__slotnames__`` once ``copy`` copied one of its
instances, as ``seated`` does): no member a game wrote."""


def protocol_members() -> set[str]:
    """Every name the protocol's own body declares: its attributes, methods and properties."""
    names = set(getattr(Game, "__annotations__", {}))
    names |= {name for name in vars(Game) if not name.startswith("_")}
    return {name for name in names if not name.startswith("_")}


def defined(game: object) -> list[str]:
    """Every member the game's own classes define (not core's, nor Python's machinery)."""
    found: set[str] = set()
    for cls in type(game).__mro__:
        module = cls.__module__
        if module.startswith(CORE) or module in ("builtins", "typing"):
            continue
        found |= set(vars(cls)) - MACHINERY
    return sorted(found)


def written(game: object, members: set[str]) -> list[str]:
    """The protocol's members the game's own classes define (not core's defaults)."""
    return [name for name in defined(game) if name in members]


def outside(game: object, members: set[str]) -> list[str]:
    """The members the game's own classes define that the protocol does not list."""
    return [name for name in defined(game) if name not in members]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", action="store_true", help="list the members each defines")
    args = parser.parse_args()
    members = protocol_members()
    print(f"Game protocol: {len(members)} members")
    for game in (*_BUILT_IN, *UNLISTED):
        mine, inside, beyond = defined(game), written(game, members), outside(game, members)
        print(
            f"{game.key:16} defines {len(mine):2}, writes {len(inside):2}, outside {len(beyond):2}"
        )
        if args.names:
            print(f"{'':16}   writes:  {', '.join(inside)}")
            print(f"{'':16}   outside: {', '.join(beyond)}")


if __name__ == "__main__":
    main()
