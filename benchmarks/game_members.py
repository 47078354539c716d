"""How many members of the ``Game`` protocol each game writes (issue 41).

    .venv/bin/python benchmarks/game_members.py [--names]

A member a game *writes* is one defined in the game's own classes (those outside
``scorekeeper.engine.core``, its game class and the classes it inherits from its own
package) that is also a member of :class:`scorekeeper.engine.core.game.Game`. Prints the
protocol's size, then one line per game: the count, and with ``--names`` which ones.
The issue's target: the protocol at most 35 members, no game writing more than 20.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.engine.core.game import Game  # noqa: E402
from scorekeeper.engine.registry import _BUILT_IN, UNLISTED  # noqa: E402

CORE = "scorekeeper.engine.core"


def protocol_members() -> set[str]:
    """Every name the protocol's own body declares: its attributes, methods and properties."""
    names = set(getattr(Game, "__annotations__", {}))
    names |= {name for name in vars(Game) if not name.startswith("_")}
    return {name for name in names if not name.startswith("_")}


def written(game: object, members: set[str]) -> list[str]:
    """The protocol's members the game's own classes define (not core's defaults)."""
    found: set[str] = set()
    for cls in type(game).__mro__:
        module = cls.__module__
        if module.startswith(CORE) or module in ("builtins", "typing"):
            continue
        found |= {name for name in vars(cls) if name in members}
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", action="store_true", help="list the members each writes")
    args = parser.parse_args()
    members = protocol_members()
    print(f"Game protocol: {len(members)} members")
    for game in (*_BUILT_IN, *UNLISTED):
        names = written(game, members)
        line = f"{game.key:16} writes {len(names):2}"
        print(f"{line}: {', '.join(names)}" if args.names else line)


if __name__ == "__main__":
    main()
