"""What the suite's set-up shares between tests (``tests/support/app.py``,
``tests/support/temp_in_memory.py``): each test still gets its own app and its own SQLite
file, and they work as a fresh one does."""

from __future__ import annotations

import os
import tempfile

from flask import url_for

from tests.support.app import new_app
from tests.support.temp_in_memory import MEMORY, in_memory


def argument(rule, name: str):
    """A value the rule takes for its argument ``name``: one of its choices, else 1."""
    choices = getattr(rule._converters.get(name), "items", None)
    return sorted(choices)[0] if choices else 1


def every_url(app) -> list[str]:
    """A URL of every rule of the app, with a query it does not name."""
    with app.test_request_context():
        return [
            url_for(rule.endpoint, **{n: argument(rule, n) for n in rule.arguments}, extra="x y")
            for rule in app.url_map.iter_rules()
        ]


def test_two_apps_build_every_url_alike_with_the_rules_builders_compiled_once(tmp_path):
    first, second = new_app(tmp_path / "a"), new_app(tmp_path / "b")
    built = every_url(first)
    assert built == every_url(second)
    assert "/games/1/hands/1/edit?extra=x+y" in built  # the arguments, and the query
    rules = {rule.rule: rule for rule in first.url_map.iter_rules()}
    for rule in second.url_map.iter_rules():
        own = rules[rule.rule]
        assert rule._build is not own._build  # each bound to its own app's rule
        assert rule._build.__func__ is own._build.__func__
        assert rule._build_unknown.__func__ is own._build_unknown.__func__


def test_each_test_has_its_own_database_file(tmp_path):
    app = new_app(tmp_path)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "spades", "players": list("ABCD")})
    assert created.status_code == 201
    assert os.path.isfile(app.config["DATABASE"])
    assert os.path.dirname(app.config["DATABASE"]) == str(tmp_path)
    assert new_app(tmp_path / "other").test_client().get("/api/games/1").status_code == 404


def test_the_runs_files_are_in_memory_where_it_has_room(tmp_path):
    if in_memory():
        assert str(tmp_path).startswith(MEMORY + os.sep)
        assert tempfile.gettempdir() == MEMORY
    assert not in_memory(room=1 << 62)  # no machine has that much room
    assert not in_memory(str(tmp_path / "no such folder"))
    assert in_memory(str(tmp_path), room=1)
