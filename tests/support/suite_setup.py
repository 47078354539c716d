"""Helpers of tests/app/test_suite_setup.py."""

from __future__ import annotations

import os
from pathlib import Path

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


def _descends_from(pid: int, ancestor: int, parents: dict[int, int]) -> bool:
    while pid > 1:
        pid = parents.get(pid, 0)
        if pid == ancestor:
            return True
    return False


def started_browsers_switches() -> list[list[str]]:
    """The switches of each Chromium browser process this test process started (through
    Playwright's driver), as the kernel holds them (``/proc``): what Chromium was given."""
    parents: dict[int, int] = {}
    arguments: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            argv = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        parents[int(entry)] = int(stat[stat.rfind(")") + 2 :].split()[1])
        arguments[int(entry)] = argv.replace(b"\0", b" ").decode(errors="replace").split()
    me = os.getpid()
    return [
        argv
        for pid, argv in arguments.items()
        if argv
        and "chrom" in Path(argv[0]).name
        and not any(a.startswith("--type=") for a in argv)  # the browser, not its children
        and _descends_from(pid, me, parents)
    ]
