"""No view module imports another (issue 67, "an area is a package with one blueprint"):
a module of ``scorekeeper/web`` that registers routes takes what it shares with another
view from a service (``service.py``, an area's own services), never from that view's
module. Read from the source: every import counts, at the top of a module or inside a
function. And each area (a package of ``web/``) has one blueprint, in its ``blueprint``
module, that its views register their routes on."""

from __future__ import annotations

import ast
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "scorekeeper" / "web"
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


def test_no_view_module_imports_another():
    found = view_imports()
    assert not found, f"a view imports another view (take it from a service instead): {found}"


def test_the_club_area_is_one_blueprint_whose_views_import_no_view_of_their_own_area():
    club = {
        (importer, imported)
        for importer, imported in view_imports()
        if importer.startswith("scorekeeper.web.club")
        and imported.startswith("scorekeeper.web.club")
    }
    assert club == set()
    blueprints = [
        path.name
        for path in (WEB / "club").glob("*.py")
        if re.search(r"\bBlueprint\(", path.read_text(encoding="utf-8"))
    ]
    assert blueprints == ["blueprint.py"]


def test_every_area_is_one_blueprint_and_the_web_core_none():
    """One blueprint per area (in its ``blueprint`` module where several view modules
    share it; the API's and the groups' in their one view module); the language choice
    and the health check are the app's own routes, no area's."""
    areas = sorted(path.parent.name for path in WEB.glob("*/__init__.py"))
    assert areas == ["api", "club", "games", "groups", "offline", "review"]
    made: dict[str, list[str]] = {}
    for path in WEB.rglob("*.py"):
        for _ in re.finditer(r"\bBlueprint\(", path.read_text(encoding="utf-8")):
            area = path.relative_to(WEB).parts[0] if path.parent != WEB else "(core)"
            made.setdefault(area, []).append(path.name)
    assert made == {
        "api": ["routes.py"],
        "club": ["blueprint.py"],
        "games": ["blueprint.py"],
        "groups": ["routes.py"],
        "offline": ["blueprint.py"],
        "review": ["blueprint.py"],
    }
