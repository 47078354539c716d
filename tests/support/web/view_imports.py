"""Helpers of tests/web/test_view_imports.py."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[3] / "scorekeeper" / "web"


ROUTING = {"route", "get", "post", "put", "patch", "delete", "add_url_rule"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in WEB.rglob("*.py"):
        parts = ["scorekeeper", *path.relative_to(WEB.parent).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join([*base, *([node.module] if node.module else [])])
            else:
                prefix = node.module or ""
            targets = [f"{prefix}.{alias.name}" for alias in node.names] + [prefix]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        found |= {target for target in targets if target in known and target != name}
    return found


def _registers_routes(path: Path) -> bool:
    """Whether the module registers a route: a function decorated ``@bp.route(...)``,
    ``@bp.get(...)``, … or a call of ``add_url_rule``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr in ROUTING
                ):
                    return True
        if isinstance(node, ast.Attribute) and node.attr == "add_url_rule":
            return True
    return False


def view_imports() -> set[tuple[str, str]]:
    """(importer, imported) for every view module of an area (a package of ``web/``: the
    core beside them serves every area) that imports another view module."""
    known = _modules()
    views = {name for name, path in known.items() if path.parent != WEB and _registers_routes(path)}
    return {
        (name, target)
        for name in views
        for target in _imports(name, known[name], known)
        if target in views
    }
