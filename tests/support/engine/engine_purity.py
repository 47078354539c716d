"""Helpers of tests/engine/test_engine_purity.py."""

import ast
import pathlib

ENGINE = pathlib.Path(__file__).resolve().parents[3] / "scorekeeper" / "engine"


def imported_roots(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


GAME_PACKAGES = sorted(
    p.name for p in ENGINE.iterdir() if (p / "game.py").exists() and p.name != "core"
)


def game_packages_imported(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            found |= {part for part in parts if part in GAME_PACKAGES}
        elif isinstance(node, ast.Import):
            found |= {
                part
                for alias in node.names
                for part in alias.name.split(".")
                if part in GAME_PACKAGES
            }
    return found
