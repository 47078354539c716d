"""How a parallel run hands the tests out (a pytest plugin, loaded by ``tests/conftest.py``):
the tests that share a module's fixture on one worker, the longest groups first, by the
seconds ``tests/durations.json`` holds (``benchmarks/suite_cost.py --weights`` writes it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

SHARES = pytest.StashKey[tuple[str, frozenset[str], str | None]]()


def pytest_itemcollected(item) -> None:
    """Where ``make test`` runs the suite on every core (pytest-xdist, ``--dist
    loadgroup``), the tests that share a module's fixture (a live server and the games it
    holds, built once) go to one worker together: those of a module that use a session-,
    module- or class-scoped fixture it defines (a session's: Pyodide loaded once, not once
    a worker), and with them every test of the module that shares one of those with them
    (``share_groups``); or only those of one game where the module's tests take a
    ``game`` and build its data lazily (``PER_GAME_GROUPS``), so that the games spread
    over the cores. Every other test goes wherever a core is free.

    What each test shares is noted as it is collected; the groups are marked once the
    whole module is (``pytest_collection_modifyitems``, before pytest-xdist reads them)."""
    if item.get_closest_marker("xdist_group"):
        return
    module = item.module.__name__.removeprefix("tests.")  # games.skat.test_rules: one a file
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info else ()
    own = item.getparent(pytest.Module).nodeid
    shared = frozenset(
        fixture.argname
        for chain in defs
        for fixture in chain
        if fixture.scope in ("session", "module", "class") and fixture.baseid == own
    )
    if not shared:
        return
    game = getattr(item, "callspec", None) and item.callspec.params.get("game")
    if game is not None and getattr(item.module, "PER_GAME_GROUPS", False):
        item.stash[SHARES] = (module, shared, f"{module}-{game.key}-{game.seats}")
    else:
        item.stash[SHARES] = (module, shared, None)


def share_groups(items) -> None:
    """Marks each test that shares a module's fixture (``pytest_itemcollected``) with its
    group: its game's, or the module's tests that share one, directly or through another
    test, named after the module and the first of those fixtures. A module whose tests
    share two separate sets of fixtures (Pyodide loaded in a page, a phone build) is two
    groups, which two cores run side by side."""
    owner: dict[tuple[str, str], tuple[str, str]] = {}

    def root(node: tuple[str, str]) -> tuple[str, str]:
        while owner.setdefault(node, node) != node:
            node = owner[node]
        return node

    noted = [(item, item.stash.get(SHARES, None)) for item in items]
    for _item, shares in noted:
        if shares is not None and shares[2] is None:
            module, names, _ = shares
            first, *rest = sorted(names)
            for name in rest:
                owner[root((module, name))] = root((module, first))
            root((module, first))
    components: dict[tuple[str, str], set[str]] = {}
    for node in list(owner):
        components.setdefault(root(node), set()).add(node[1])
    for item, shares in noted:
        if shares is None:
            continue
        module, names, game_group = shares
        if game_group is None:
            every = components[root((module, min(names)))]
            if len(every) == len({name for (m, name) in owner if m == module}):
                game_group = module  # one set of fixtures: the module's group, as ever
            else:
                game_group = f"{module}-{min(every)}"
        item.add_marker(pytest.mark.xdist_group(game_group))


def _group_in_node_id(item) -> None:
    """Adds ``@<group>`` to the test's node id, which is how ``--dist loadgroup`` tells
    the controller a test's group. pytest-xdist 3.8 writes it to ``item._nodeid``, which
    pytest 9 no longer reads (a node's id is its ``_id``): without this every group was
    spread over the workers (a test of tests/app/test_suite_cost.py checks that it is not)."""
    marker = item.get_closest_marker("xdist_group")
    if marker is None or node_id(item.nodeid) != item.nodeid:
        return
    group = marker.args[0] if marker.args else marker.kwargs.get("name", "default")
    grouped = f"{item.nodeid}@{group}"
    if hasattr(item, "_id"):
        from _pytest.nodeid import NodeId

        item._id = NodeId.parse(grouped)
    else:
        item._nodeid = grouped


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items) -> None:
    """A worker of a parallel run keeps each group's tests together and takes its tests
    longest first (``longest_first``)."""
    share_groups(items)
    if getattr(config.option, "loadgroup", False):  # set on the workers of --dist loadgroup
        for item in items:
            _group_in_node_id(item)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = longest_first(items)


# What each test took in a measured run (``benchmarks/suite_cost.py --weights``): the
# tests of a second or more; any other test is reckoned at its kind's usual time.
DURATIONS = Path(__file__).resolve().parents[1] / "durations.json"


USUAL_SECONDS = {"browser": 3.0, "other": 0.15}


def node_id(nodeid: str) -> str:
    """A test's node id without the ``@group`` xdist's ``--dist loadgroup`` adds to it."""
    at = nodeid.rfind("@")
    return nodeid[:at] if at > nodeid.rfind("]") and at > nodeid.rfind("::") else nodeid


def _scope(item) -> str:
    """The unit pytest-xdist's ``--dist loadgroup`` gives one worker: the test's group,
    or the test alone."""
    marker = item.get_closest_marker("xdist_group")
    return f"@{marker.args[0] if marker.args else marker.kwargs['name']}" if marker else item.nodeid


def longest_first(items: list) -> list:
    """The tests in the order a parallel run should hand them out: the groups (and single
    tests) that take longest first, each group's tests in their own order, so that no
    worker starts a long group when the others are nearly done (``pytest_configure``
    turns off xdist's own order, which is by the number of tests in a group)."""
    measured = json.loads(DURATIONS.read_text())["seconds"] if DURATIONS.exists() else {}
    cost: dict[str, float] = {}
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        scope = _scope(item)
        usual = USUAL_SECONDS["browser" if item.get_closest_marker("browser") else "other"]
        cost[scope] = cost.get(scope, 0.0) + measured.get(node_id(item.nodeid), usual)
        first.setdefault(scope, index)
    order = {id(item): index for index, item in enumerate(items)}
    return sorted(
        items,
        key=lambda item: (-cost[_scope(item)], first[_scope(item)], order[id(item)]),
    )


def pytest_configure(config) -> None:
    # The order of ``longest_first`` is the one xdist hands the groups out in.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_terminal_summary(terminalreporter) -> None:
    # Imported here: the plugin is loaded by every run (test_suite_cost's runs of a module
    # of their own too), and the live server's helpers import the whole app.
    from tests.support.live import BROWSER_HELP

    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "browser" in getattr(report, "keywords", {})
    ]
    if skipped:
        reasons = {
            str(report.longrepr[2]).split("browser tests skipped: ", 1)[-1]
            for report in skipped
            if isinstance(report.longrepr, tuple)
        }
        terminalreporter.write_sep("=", "browser tests skipped", yellow=True, bold=True)
        for reason in sorted(reasons) or [BROWSER_HELP]:
            terminalreporter.write_line(f"{len(skipped)} browser tests did not run. {reason}")
