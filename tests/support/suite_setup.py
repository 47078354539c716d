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


HZ = os.sysconf("SC_CLK_TCK")


def processes_under(ancestor: int) -> dict[int, tuple[list[str], float]]:
    """Each process descended from ``ancestor``, as the kernel holds it (``/proc``): its
    arguments (Chromium's children write their title over theirs, spaces between) and the
    CPU seconds it has spent so far."""
    parents: dict[int, int] = {}
    found: dict[int, tuple[list[str], float]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            argv = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        # The fields after the command, which is in brackets: the parent's pid second,
        # the user and system CPU time 12th and 13th.
        fields = stat[stat.rfind(")") + 2 :].split()
        parents[int(entry)] = int(fields[1])
        cpu = (int(fields[11]) + int(fields[12])) / HZ
        found[int(entry)] = (argv.replace(b"\0", b" ").decode(errors="replace").split(), cpu)

    def under(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == ancestor:
                return True
        return False

    return {pid: process for pid, process in found.items() if under(pid)}


def chromium_kind(argv: list[str]) -> str | None:
    """Which of Chromium's processes ``argv`` starts: ``browser``, or its ``--type``
    (``renderer``, ``gpu-process``, ...); None for a process not Chromium's."""
    if not argv or "chrom" not in Path(argv[0]).name:
        return None
    return next((a[len("--type=") :] for a in argv if a.startswith("--type=")), "browser")


def started_browsers_switches() -> list[list[str]]:
    """The switches of each Chromium browser process this test process started (through
    Playwright's driver), as the kernel holds them: what Chromium was given."""
    return [
        argv
        for argv, _ in processes_under(os.getpid()).values()
        if chromium_kind(argv) == "browser"
    ]
