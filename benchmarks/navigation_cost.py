"""What a phone's navigation costs the machine in the suite's Chromium, by the features it
turns off (``tests/support/live.py``: ``SUITES_DISABLED_FEATURES``).

    .venv/bin/python benchmarks/navigation_cost.py [--pages 100] [--runs 3]

It serves the app on a fresh database (``tests/support/live.py``: ``serving``), starts
Debian's Chromium headless shell through Playwright once with the suite's switches and once
with Playwright's own list of features only, and opens on one phone (a browser context, its
service worker on, as a test's) the home page and the new game's page in turn, ``--pages``
times in all. For each run it prints the CPU seconds of every process it took, by kind:
Chromium's (each process by its ``--type``), Playwright's driver (node) and this process
(the server's thread and Playwright's client), read from ``/proc`` while they run, so the
figures are the machine's work, not the wall time another load would stretch.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.live import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PLAYWRIGHTS_DISABLED_FEATURES,
    serving,
)
from tests.support.suite_setup import chromium_kind, processes_under  # noqa: E402

PATHS = ("/", "/games/new")


def descendants() -> dict[int, tuple[str, float]]:
    """Each process descended from this one: its kind and its CPU seconds so far."""
    found = {}
    for pid, (argv, cpu) in processes_under(os.getpid()).items():
        kind = chromium_kind(argv)
        found[pid] = (f"chromium {kind}" if kind else Path(argv[0]).name if argv else "?", cpu)
    return found


def one_run(base: str, args: list[str], pages: int) -> Counter:
    """The CPU seconds of ``pages`` navigations on one phone, by kind of process."""
    spent: Counter = Counter()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        context = browser.new_context(viewport={"width": 360, "height": 800}, base_url=base)
        page = context.new_page()
        page.goto("/")  # the service worker installed, as on a phone that opened the app
        page.evaluate("navigator.serviceWorker.ready")
        page.goto("/")  # now under the worker
        before = descendants()
        start = os.times()
        for index in range(pages):
            page.goto(PATHS[index % len(PATHS)])
        end = os.times()
        after = descendants()
        browser.close()
    for pid, (kind, cpu) in after.items():
        spent[kind] += cpu - before.get(pid, (kind, 0.0))[1]
    spent["this process"] += (end.user + end.system) - (start.user + start.system)
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    playwrights = [a for a in CHROMIUM_ARGS if not a.startswith("--disable-features=")]
    playwrights.append("--disable-features=" + ",".join(PLAYWRIGHTS_DISABLED_FEATURES))
    ways = {"the suite's switches": CHROMIUM_ARGS, "Playwright's features only": playwrights}
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as base:
        for run in range(1, options.runs + 1):
            for name, args in ways.items():
                spent = one_run(base, args, options.pages)
                parts = ", ".join(f"{k} {cpu:.1f}" for k, cpu in spent.most_common() if cpu >= 0.05)
                print(f"run {run}, {name}: {sum(spent.values()):.1f} CPU-s ({parts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
