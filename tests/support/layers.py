"""Helpers of tests/app/test_layers.py."""

from __future__ import annotations

import ast
import functools
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``scorekeeper`` and ``benchmarks`` by its dotted name."""
    found = {}
    for path in [*root.glob("scorekeeper/**/*.py"), *root.glob("benchmarks/*.py")]:
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The names ``name`` imports: the module of ours each import reaches (the deepest
    one that exists: ``from scorekeeper.db import hands`` is ``scorekeeper.db.hands``,
    ``from scorekeeper.db import Game`` the package ``scorekeeper.db``), or the
    top-level name of anything else (``flask``, ``sqlite3``)."""
    package = path.name == "__init__.py"
    benchmarks = {key.removeprefix("benchmarks.") for key in known if key.startswith("benchmarks.")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join([*base, *([node.module] if node.module else [])])
            else:
                prefix = node.module or ""
            targets = [f"{prefix}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if name.startswith("benchmarks.") and target.partition(".")[0] in benchmarks:
                target = f"benchmarks.{target.partition('.')[0]}"
            while target and target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target != name:
                found.add(target)
    return found


@functools.cache
def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so that a long chain of imports never meets the recursion limit.
        work = [(start, iter(sorted(graph[start] & graph.keys())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt] & graph.keys()))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _within(name: str, area: str) -> bool:
    return name == area or name.startswith(area + ".")


def _save_path_module():
    """``benchmarks/save_path.py``, whose tracer this test shares (the benchmark prints
    the figures; this test holds the line)."""
    spec = importlib.util.spec_from_file_location("save_path", ROOT / "benchmarks/save_path.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _web_areas_module():
    """``benchmarks/web_areas.py``, whose readers and tracer these tests share (the
    benchmark prints the figures before and after; these tests hold the line)."""
    spec = importlib.util.spec_from_file_location("web_areas", ROOT / "benchmarks/web_areas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _functions(path: Path) -> list[ast.FunctionDef]:
    return [
        node
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
    ]


def _names_used(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
