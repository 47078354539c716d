"""Issue 54, finding 1: what a request weighs is declared on its view (``@heavy`` or
``@light``), and a route that declares none fails here, naming it."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from scorekeeper.web import create_app
from scorekeeper.web.weight import Weight, heavy, light, weight_of

from .conftest import app_config

# Routes that declare no weight, each with why it needs none.
EXEMPT = {
    "static": "Flask's own route for the files under static/: it reads no body and draws "
    "nothing, sending a file as it is",
}
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
# A route whose address says it prints, exports or imports draws a sheet or a file, or
# reads an uploaded one: heavy for the method that does it.
PAPER_OR_FILE = re.compile(r"/(print|export|import|ranking)\b|/export\.")


def undeclared(app: Flask) -> list[str]:
    """Each route of ``app`` whose view declares no weight, with its methods."""
    missing = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in EXEMPT:
            continue
        if weight_of(app.view_functions[rule.endpoint]) is None:
            methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
            reads = " (reads a body)" if BODY_METHODS & set(methods) else ""
            missing.append(f"{rule.endpoint} {'/'.join(methods)} {rule.rule}{reads}")
    return missing


def test_every_route_declares_its_weight(tmp_path):
    """A route added without ``@heavy`` or ``@light`` fails here, naming it: a route that
    reads a body or draws a sheet must have been weighed by whoever wrote it."""
    app = create_app(app_config(tmp_path))
    assert undeclared(app) == []
    assert set(EXEMPT) <= set(app.view_functions)  # no exemption outlives its route


def test_a_route_without_a_weight_is_found(tmp_path):
    app = create_app(app_config(tmp_path))
    app.add_url_rule("/brew", "brew", lambda: "", methods=["POST"])
    assert undeclared(app) == ["brew POST /brew (reads a body)"]


def test_what_prints_exports_or_imports_is_heavy(tmp_path):
    app = create_app(app_config(tmp_path))
    found = []
    for rule in app.url_map.iter_rules():
        if not PAPER_OR_FILE.search(rule.rule):
            continue
        declared = weight_of(app.view_functions[rule.endpoint])
        # An import page's GET is its form; what is posted is the file.
        method = "POST" if "POST" in (rule.methods or ()) else "GET"
        assert declared is not None and declared.is_heavy(method), rule.rule
        found.append(rule.endpoint)
    assert {
        "club_api.import_night",
        "club_files.import_night",
        "club_files.table_list",
        "club_files.ranking",
        "club_files.export",
        "sheets.game_sheet",
        "review.import_group",
        "review.export_group",
    } <= set(found)


def test_a_weight_is_declared_per_method_and_once():
    def page():
        return ""

    form = heavy("post")(page)
    assert weight_of(form) == Weight(frozenset({"POST"}))
    assert weight_of(form).is_heavy("POST") and not weight_of(form).is_heavy("GET")

    def sheet():
        return ""

    heavy(sheet)
    assert weight_of(sheet).is_heavy("HEAD")  # a HEAD runs the GET view whole
    assert not weight_of(sheet).is_heavy("OPTIONS")
    with pytest.raises(ValueError, match="both"):
        light(sheet)
    with pytest.raises(ValueError, match="BREW"):
        heavy("BREW")
