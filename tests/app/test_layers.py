"""The import graph of ``scorekeeper/`` and ``benchmarks/`` (issue 46): no circle of imports
anywhere, and the layers in their order.

Read from the source, not from what Python has imported: every ``import`` counts, at the
top of a module, inside a function or under ``TYPE_CHECKING``, so a circle cannot hide by
moving one of its imports into a function. A benchmark imports its neighbours by their bare
names (``from web import …``, with ``benchmarks/`` on ``sys.path``), and those count too.
"""

from __future__ import annotations

import ast
import sys

import pytest

from scorekeeper import game_play
from tests.support.layers import (
    ROOT,
    _functions,
    _names_used,
    _save_path_module,
    _web_areas_module,
    _within,
    circles,
    import_graph,
)


def test_no_module_imports_itself_round_a_circle():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_circles(tmp_path):
    """What the test above relies on, on a tree made for it: a circle through a package's
    face, one through an import inside a function, and one between two benchmarks."""
    files = {
        "scorekeeper/__init__.py": "",
        "scorekeeper/store/__init__.py": "from .helper import X\nfrom .rows import Row\n",
        "scorekeeper/store/rows.py": "from . import helper\nfrom scorekeeper.store import X\n",
        "scorekeeper/store/helper.py": "X = 1\n",
        "scorekeeper/top.py": "def f():\n    from .low import g\n",
        "scorekeeper/low.py": "from . import top\n",
        "scorekeeper/alone.py": "import flask\nfrom .store.helper import X\n",
        "benchmarks/one.py": "from two import thing\n",
        "benchmarks/two.py": "import one\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert circles(import_graph(tmp_path)) == [
        ["benchmarks.one", "benchmarks.two"],
        ["scorekeeper.low", "scorekeeper.top"],
        ["scorekeeper.store", "scorekeeper.store.rows"],
    ]


# --- the layers ----------------------------------------------------------------------------

FLASK_AND_SQLITE = ("flask", "flask_babel", "flask_wtf", "wtforms", "werkzeug", "sqlite3")
FLASK_AND_SQLITE += ("sqlite_utils",)

# (a layer's modules, what none of them may import): the engine is pure rules; the data
# layer stores and serves no page; the pages do not run the command line.
LAYERS = [
    (
        "scorekeeper.engine",
        (
            "scorekeeper.web",
            "scorekeeper.db",
            "scorekeeper.cli",
            "scorekeeper.game_play",
            *FLASK_AND_SQLITE,
        ),
    ),
    ("scorekeeper.db", ("scorekeeper.web", "scorekeeper.cli", "scorekeeper.game_play")),
    ("scorekeeper.web", ("scorekeeper.cli",)),
]


@pytest.mark.parametrize(("layer", "forbidden"), LAYERS, ids=[layer for layer, _ in LAYERS])
def test_a_layer_imports_nothing_above_it(layer, forbidden):
    graph = import_graph()
    climbing = sorted(
        f"{name} imports {target}"
        for name, targets in graph.items()
        if _within(name, layer)
        for target in targets
        if any(_within(target, above) for above in forbidden)
    )
    assert climbing == []


# --- a save goes down once -------------------------------------------------------------------


def test_a_save_calls_down_and_never_back_up(editor):
    """A hand saved through the form, from the view into ``game_play`` down to the
    database write: no module it passes is called back while it waits for a call it
    made (the data layer once called a plan of ``game_play``'s, which called it again)."""
    client, game_id = editor
    save_path = _save_path_module()
    hand = {**save_path.HAND, "number": "1"}
    assert client.post(f"/games/{game_id}/hands/new", data=hand).status_code == 302
    path = save_path.SavePath(game_play.record_entered)
    sys.setprofile(path)
    try:
        response = client.post(f"/games/{game_id}/hands/new", data={**hand, "number": "2"})
    finally:
        sys.setprofile(None)
    assert response.status_code == 302
    stops = [(before, after) for _depth, before, after, _up in path.stops]
    assert ("scorekeeper.game_play", "scorekeeper.db.hands") in stops  # it did save
    assert [(before, after) for _depth, before, after, up in path.stops if up] == []


# --- the web app by area (issue 55) ----------------------------------------------------------


LOOKUPS = {"table_game", "get_game", "find_game", "GAMES"}
"""What looks a game's rules up in the engine's registry, by name."""


def test_the_data_layer_looks_the_rules_up_in_one_place_only():
    """``db/`` asks the registry for a game's rules in one function, ``games.table_of``,
    where a stored row becomes a game without them (its rules then travel in
    ``StoredGame.table``); no function of ``db/`` handed a stored game looks them up."""
    graph = import_graph()
    importing = sorted(
        name
        for name, targets in graph.items()
        if _within(name, "scorekeeper.db") and "scorekeeper.engine.registry" in targets
    )
    assert importing == ["scorekeeper.db.games"]
    looking_up = []
    handed_a_game = []
    for path in sorted((ROOT / "scorekeeper/db").glob("*.py")):
        for function in _functions(path):
            used = _names_used(function)
            if used & LOOKUPS:
                looking_up.append(f"{path.stem}.{function.name}")
            annotations = {
                ast.unparse(arg.annotation)
                for arg in function.args.args + function.args.kwonlyargs
                if arg.annotation is not None
            }
            if any("StoredGame" in text for text in annotations) and "table_of" in used:
                handed_a_game.append(f"{path.stem}.{function.name}")
    assert looking_up == ["games.table_of"]
    assert handed_a_game == []


def test_no_module_of_the_web_takes_another_modules_private_names():
    web_areas = _web_areas_module()
    assert web_areas.private_imports(within="scorekeeper.web") == []


def test_one_edit_required_one_hand_form_one_api_error():
    """One decorator guards every view that changes a game (pages and API), one class is
    the hand form, one module words the API's refusals."""
    defined: dict[str, list[str]] = {}
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                where = path.relative_to(ROOT / "scorekeeper").as_posix()
                defined.setdefault(node.name, []).append(where)
    assert defined["edit_required"] == ["web/access.py"]
    assert defined["HandForm"] == ["web/games/forms.py"]
    assert defined["ApiError"] == ["web/api/errors.py"]


def test_a_hands_way_from_the_form_to_the_database_climbs_back_at_most_eight_times(editor):
    """A hand recorded through the form, from the view ``games.record_hand`` (its decorators
    too) down to the database: the calls that climb back up a layer (a lower layer calling
    a higher one, or the registry asked again for rules already known) are at most
    ``MAX_CLIMBS``. A count of calls in the code's structure, not a time."""
    client, game_id = editor
    web_areas = _web_areas_module()
    hand = {**web_areas.HAND, "number": "1"}
    assert client.post(f"/games/{game_id}/hands/new", data=hand).status_code == 302
    way = web_areas.HandsWay(client.application.view_functions["games.record_hand"])
    sys.setprofile(way)
    try:
        response = client.post(f"/games/{game_id}/hands/new", data={**hand, "number": "2"})
    finally:
        sys.setprofile(None)
    assert response.status_code == 302
    callees = {callee for _caller, callee, _up in way.calls}
    assert "scorekeeper.db.hands.write_hand" in callees  # it did go down to the database
    climbs = [(caller, callee) for caller, callee, up in way.calls if up]
    assert len(climbs) <= web_areas.MAX_CLIMBS, climbs
