"""No view module imports another (issue 67, "an area is a package with one blueprint"):
a module of ``scorekeeper/web`` that registers routes takes what it shares with another
view from a service (``service.py``, an area's own services), never from that view's
module. Read from the source: every import counts, at the top of a module or inside a
function. And each area (a package of ``web/``) has one blueprint, in its ``blueprint``
module, that its views register their routes on."""

from __future__ import annotations

import re

from tests.support.web.view_imports import WEB, view_imports


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
