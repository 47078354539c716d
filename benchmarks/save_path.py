"""The path one save takes through the code (issue 46): from the hand form's view
(``web/games/hands.py:record``) into ``game_play.record_entered``, down to the database write and
back, through the Flask test client.

    .venv/bin/python benchmarks/save_path.py [--rules pagat-german] [--hands 3] [--path]
        [--engine-inside]

A game is started through the API and ``--hands`` hands are saved through the hand form
(warming every cache), then one more is saved under ``sys.setprofile``. Every call from one
module of ``scorekeeper`` into another is a stop (a call between two of the engine's own
modules is the engine's business and not counted, unless ``--engine-inside``); a stop
into a module that is still waiting further up the call stack (it called down and is now
called back, as a plan handed to the data layer is) climbs back. Printed: the stops, the
modules they pass, the climbs back and the modules re-entered most; with ``--path``, every
stop in order, indented by depth.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import game_play  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402

# The engine is one stop: the calls between its own modules are its business.
ENGINE = "scorekeeper.engine."
PLAYERS = ["South", "West", "North", "East"]
HAND = {
    "declarer": "2",
    "level": "7",
    "denomination": "C",
    "frisch_rounds": "0",
    **{f"contract_{seat}": str(value) for seat, value in enumerate([2, 3, 7, 0])},
    **{f"tricks_{seat}": str(value) for seat, value in enumerate([0, 3, 8, 2])},
    **{f"revokes_{seat}": "0" for seat in range(4)},
}


class SavePath:
    """The stops of one call of the view ``record``, kept by a profile hook."""

    def __init__(self, view: Any, engine_inside: bool = False) -> None:
        self.view = view.__code__
        self.engine_inside = engine_inside
        self.stack: list[tuple[FrameType, str]] = []  # scorekeeper frames, innermost last
        self.stops: list[tuple[int, str, str, bool]] = []  # depth, from, to, climbs back
        self.inside = False

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event not in ("call", "return"):
            return
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("scorekeeper"):
            return
        if event == "call":
            if frame.f_code is self.view:
                self.inside = True
            if not self.inside:
                return
            caller = self.stack[-1][1] if self.stack else module
            if caller != module and (self.engine_inside or not caller.startswith(ENGINE)):
                waiting = {name for _frame, name in self.stack[:-1]}
                self.stops.append((len(self.stack), self.stack[-1][1], module, module in waiting))
            self.stack.append((frame, module))
        elif self.stack and self.stack[-1][0] is frame:
            self.stack.pop()
            if frame.f_code is self.view:
                self.inside = False


def _short(module: str) -> str:
    return module.removeprefix("scorekeeper.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="pagat-german")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--path", action="store_true", help="print every stop in order")
    parser.add_argument(
        "--engine-inside", action="store_true", help="count the engine's calls between its modules"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "TESTING": True,
                "DATABASE": str(Path(folder) / "scorekeeper.db"),
                "SECRET_KEY": "benchmark",
                "WTF_CSRF_ENABLED": False,
                "RATE_LIMITS": {},
            }
        )
        client = app.test_client()
        created = client.post(
            "/api/games", json={"players": PLAYERS, "rules": args.rules, "first_dealer": 0}
        ).get_json()
        game_id, key = created["id"], created["edit_key"]
        assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302

        def save(number: int) -> None:
            response = client.post(
                f"/games/{game_id}/hands/new", data={**HAND, "number": str(number)}
            )
            assert response.status_code == 302, re.sub(r"\s+", " ", response.get_data(True))

        for number in range(1, args.hands + 1):
            save(number)
        path = SavePath(game_play.record_entered, args.engine_inside)
        sys.setprofile(path)
        try:
            save(args.hands + 1)
        finally:
            sys.setprofile(None)
    modules = {name for _depth, before, after, _up in path.stops for name in (before, after)}
    climbs = [(before, after) for _depth, before, after, up in path.stops if up]
    print(
        f"one save (hand {args.hands + 1}, {args.rules}): {len(path.stops)} stops in "
        f"{len(modules)} modules, {len(climbs)} climbing back"
    )
    for (before, after), count in collections.Counter(climbs).most_common(8):
        print(f"  climbs back {count} x: {_short(before)} -> {_short(after)}")
    if args.path:
        for depth, before, after, up in path.stops:
            mark = "  <- climbs back" if up else ""
            print(f"{'  ' * depth}{_short(before)} -> {_short(after)}{mark}")


if __name__ == "__main__":
    main()
