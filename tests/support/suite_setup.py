"""Helpers of tests/app/test_suite_setup.py."""

from __future__ import annotations

from flask import url_for


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


def counted(monkeypatch, owner, name: str) -> list:
    """Each call of ``owner.name`` from now on, as it goes on doing what it did."""
    calls = []
    called = getattr(owner, name)

    def counting(*args, **kwargs):
        calls.append(args)
        return called(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls
