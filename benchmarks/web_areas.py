"""The shape of the web app (issue 55): how its files are grouped, what its areas import of
each other, and the way one hand takes from the hand form to the database.

    .venv/bin/python benchmarks/web_areas.py [--rules pagat-german] [--path]

Printed, read from the source of ``scorekeeper/web/``:

- the ``.py`` files in each folder, the modules at its top and the blueprints;
- the imports between its areas (``games``, ``groups``, ``club``, ``offline``, ``review``,
  ``api``; a module at the top of ``web/`` before the cut counts in the area it belongs
  to, by ``AREA_OF``, and the shared core is no area: importing it is what it is for);
- the imports of a private (``_``-named) name from another module of ``scorekeeper``.

Then one hand is recorded through the form (the Flask test client, a game started through
the API and a hand saved first, warming the caches) under ``sys.setprofile``, from the view
``games.record_hand`` (``web/games/hands.py``'s ``record``) as registered (its decorators
too) until it answers. Every call into a module of ``scorekeeper`` is placed in a layer
(the pages 3; ``game_play``, the web's game service and the other shared modules 2; ``db``
1; the engine 0). A call climbs back up when it goes from a lower layer into a higher one,
and when it asks the engine's registry for a game's rules once they were already known (the
first look-up is where they become known). The engine is one stop: a call between two of
its modules is its own business and not counted. Printed: the modules passed, the calls
from one module into another (every call, and the distinct caller → callee pairs) and the
climbs (each pair with how often it ran); ``--path`` prints every call in order.
``tests/app/test_layers.py`` holds the climbs at most ``MAX_CLIMBS``.
"""

from __future__ import annotations

import argparse
import ast
import collections
import re
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.web import create_app  # noqa: E402

WEB = ROOT / "scorekeeper" / "web"
AREAS = ("games", "groups", "club", "offline", "review", "api")
# Where each module at the top of web/ belonged before the cut (the rest is the core).
AREA_OF = {
    "games": "games",
    "hands": "games",
    "sheets": "games",
    "share": "games",
    "card": "games",
    "rules": "games",
    "scoreboard": "games",
    "chart": "games",
    "game_service": "games",
    "forms": "games",
    "groups": "groups",
    "club": "club",
    "club_api": "club",
    "club_files": "club",
    "offline": "offline",
    "kept": "offline",
    "pwa": "offline",
    "phone_engine": "offline",
    "phone_build": "offline",
    "phone_stdlib": "offline",
}
MAX_CLIMBS = 8
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
REGISTRY = "scorekeeper.engine.registry"
LOOKUPS = {"table_game", "get_game", "find_game"}


# --- the shape, read from the source ---------------------------------------------------------


def web_modules(web: Path = WEB) -> dict[str, Path]:
    """Every module of ``scorekeeper.web`` by its dotted name."""
    found = {}
    for path in sorted(web.rglob("*.py")):
        parts = ["scorekeeper", *path.relative_to(web.parent).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def area_of(module: str) -> str | None:
    """The area a module of ``scorekeeper.web`` is in, or None for the shared core."""
    parts = module.split(".")[2:]
    if not parts:
        return None
    if parts[0] in AREAS and (len(parts) > 1 or (WEB / parts[0]).is_dir()):
        return parts[0]
    # Before the cut (no area's package yet), a top-level module counts in its area.
    return None if (WEB / "games").is_dir() else AREA_OF.get(parts[0])


def imports_of(module: str, path: Path) -> list[tuple[str, str]]:
    """(the module imported, the name taken) for every ``from … import`` of ``module``
    (an ``import x`` takes ``""``)."""
    package = path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join([*base, *([node.module] if node.module else [])])
            else:
                prefix = node.module or ""
            found += [(prefix, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
    return found


def target_module(prefix: str, name: str, known: dict[str, Path]) -> str:
    """The module an import reaches: ``from .a import b`` is the module ``a.b`` if it
    exists, else ``a``."""
    return f"{prefix}.{name}" if f"{prefix}.{name}" in known else prefix


def area_imports(web: Path = WEB) -> list[tuple[str, str]]:
    """(importer, imported) for every import from one web area into another."""
    known = web_modules(web)
    found = set()
    for module, path in known.items():
        mine = area_of(module)
        for prefix, name in imports_of(module, path):
            target = target_module(prefix, name, known)
            theirs = area_of(target) if target.startswith("scorekeeper.web") else None
            if mine and theirs and mine != theirs:
                found.add((module, target))
    return sorted(found)


def private_imports(root: Path = ROOT / "scorekeeper", within: str = "") -> list[str]:
    """``importer: module._name`` for every private name a module of ``scorekeeper``
    (under ``within``) takes from another module."""
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = ["scorekeeper", *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        module = ".".join(parts)
        if not module.startswith(within):
            continue
        for prefix, name in imports_of(module, path):
            if name.startswith("_") and not name.startswith("__"):
                found.append(f"{module}: {prefix}.{name}")
    return found


def blueprints(web: Path = WEB) -> list[str]:
    """The blueprints' names, as written in ``Blueprint("name", …)``."""
    return sorted(
        match
        for path in web.rglob("*.py")
        for match in re.findall(r"Blueprint\(\s*\"(\w+)\"", path.read_text(encoding="utf-8"))
    )


# --- the way of a hand ----------------------------------------------------------------------


def layer_of(module: str) -> int:
    """3 the pages, 2 ``game_play`` and the shared modules (the web's game service too),
    1 the database, 0 the engine."""
    if module.startswith("scorekeeper.engine"):
        return 0
    if module.startswith("scorekeeper.db"):
        return 1
    if module.startswith("scorekeeper.web") and not module.endswith(
        ("game_service", "web.service")
    ):
        return 3
    return 2


class HandsWay:
    """The calls into ``scorekeeper`` made while the view runs, kept by a profile hook."""

    def __init__(self, view: Any) -> None:
        self.view = view.__code__
        self.stack: list[tuple[FrameType, str]] = []  # scorekeeper frames, innermost last
        # (caller module.function, callee module.function, climbs)
        self.calls: list[tuple[str, str, bool]] = []
        self.rules_known = False
        self.depth = 0

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event not in ("call", "return"):
            return
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("scorekeeper"):
            return
        if event == "call":
            if frame.f_code is self.view:
                self.depth += 1
            if not self.depth:
                return
            callee = f"{module}.{frame.f_code.co_name}"
            if self.stack:
                caller_frame, caller = self.stack[-1]
                up = layer_of(module) > layer_of(caller)
                if module == REGISTRY and frame.f_code.co_name in LOOKUPS:
                    up = up or (self.rules_known and not caller.startswith(REGISTRY))
                    self.rules_known = True
                inside_engine = layer_of(caller) == layer_of(module) == 0
                if (caller != module and not inside_engine) or up:
                    self.calls.append((f"{caller}.{caller_frame.f_code.co_name}", callee, up))
            self.stack.append((frame, module))
        elif self.stack and self.stack[-1][0] is frame:
            self.stack.pop()
            if frame.f_code is self.view:
                self.depth -= 1


def hands_way(rules: str = "pagat-german", hand: dict[str, str] | None = None) -> HandsWay:
    """One hand recorded through the form on a new game of ``rules``, traced."""
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
            "/api/games", json={"players": PLAYERS, "rules": rules, "first_dealer": 0}
        ).get_json()
        game_id, key = created["id"], created["edit_key"]
        assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302

        def save(number: int) -> None:
            response = client.post(
                f"/games/{game_id}/hands/new", data={**(hand or HAND), "number": str(number)}
            )
            assert response.status_code == 302, re.sub(r"\s+", " ", response.get_data(True))

        save(1)
        way = HandsWay(app.view_functions["games.record_hand"])
        sys.setprofile(way)
        try:
            save(2)
        finally:
            sys.setprofile(None)
        return way


def stop(module: str) -> str:
    """A module as a stop of the way: the engine is one (but for its registry)."""
    return "engine" if layer_of(module) == 0 and module != REGISTRY else module


def _short(name: str) -> str:
    return name.removeprefix("scorekeeper.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="pagat-german")
    parser.add_argument("--path", action="store_true", help="print every call in order")
    args = parser.parse_args()

    folders = collections.Counter(str(path.parent.relative_to(ROOT)) for path in WEB.rglob("*.py"))
    print(f"scorekeeper/web: {sum(folders.values())} files")
    for folder, count in sorted(folders.items()):
        print(f"  {folder}: {count}")
    top = sorted(path.stem for path in WEB.glob("*.py") if path.stem != "__init__")
    print(f"top-level modules: {len(top)} ({', '.join(top)})")
    names = blueprints()
    print(f"blueprints: {len(names)} ({', '.join(names)})")
    between = area_imports()
    print(f"imports between web areas: {len(between)}")
    for importer, imported in between:
        print(f"  {_short(importer)} -> {_short(imported)}")
    private = private_imports(within="scorekeeper.web")
    print(f"private names imported from another module, in web/: {len(private)}")
    for line in private:
        print(f"  {_short(line)}")
    print(f"  (in all of scorekeeper/: {len(private_imports())})")

    way = hands_way(args.rules)
    modules = sorted({stop(name.rpartition(".")[0]) for call in way.calls for name in call[:2]})
    pairs = collections.Counter((caller, callee) for caller, callee, _up in way.calls)
    climbs = collections.Counter((caller, callee) for caller, callee, up in way.calls if up)
    print(
        f"a hand's way from games.record_hand to the database ({args.rules}): {len(modules)} "
        f"modules, {len(way.calls)} calls ({len(pairs)} distinct), climbing back up "
        f"{sum(climbs.values())} times ({len(climbs)} distinct)"
    )
    print(f"  modules: {', '.join(_short(module) for module in modules)}")
    for (caller, callee), count in climbs.most_common():
        print(f"  climbs {count} x: {_short(caller)} -> {_short(callee)}")
    if args.path:
        for caller, callee, up in way.calls:
            print(f"  {_short(caller)} -> {_short(callee)}{'  <- climbs' if up else ''}")


if __name__ == "__main__":
    main()
