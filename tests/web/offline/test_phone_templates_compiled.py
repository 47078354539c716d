"""The phone's templates compiled once, before the engine's memory snapshot is kept
(``scorekeeper/pages/render.py``: ``compile_phone_templates``, ``COMPILED``): each later
start's first page, in any language, is drawn from them without compiling a template, and
drawn as it is without them."""

from __future__ import annotations

from collections.abc import Iterator

import jinja2
import pytest

from scorekeeper.pages import render
from tests.support.web.offline.phone_templates_compiled import drawn


@pytest.fixture
def fresh(monkeypatch) -> Iterator[None]:
    """No template compiled and no language's environment made, as in the worker before
    its first start's snapshot; the same after the test."""
    monkeypatch.setattr(render, "COMPILED", render.Compiled())
    render._environment.cache_clear()
    yield
    render._environment.cache_clear()


def test_templates_compiled_before_the_snapshot_draw_every_language_uncompiled(fresh, monkeypatch):
    render.compile_phone_templates()
    assert len(render.COMPILED.held) >= len(render.PHONE_TEMPLATES)
    compiled: list[str | None] = []
    compile_template = jinja2.Environment.compile

    def counted(self, source, name=None, *args, **kwargs):
        compiled.append(name)
        return compile_template(self, source, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    # A start from the snapshot: every language's environment made again (its words file
    # is written after the snapshot), each drawing from the templates compiled before it.
    render._environment.cache_clear()
    answers = drawn()
    assert compiled == []
    # Drawn alike by environments that compile their own.
    monkeypatch.setattr(render, "COMPILED", None)
    render._environment.cache_clear()
    assert drawn() == answers
    assert set(compiled) >= set(render.PHONE_TEMPLATES)
