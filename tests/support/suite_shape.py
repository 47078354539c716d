"""Helpers of tests/app/test_suite_shape.py."""

from __future__ import annotations

import ast


def imported_modules(tree: ast.Module) -> list[str]:
    """Every module ``tree`` imports, anywhere in it, by its dotted name (``from a import b``
    counts as ``a.b`` too: ``b`` may be a module)."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            names.append(module)
            names += [f"{module}.{alias.name}" for alias in node.names]
    return names
