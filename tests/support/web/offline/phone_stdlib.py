"""Helpers of tests/web/offline/test_phone_stdlib.py."""

from __future__ import annotations

import ast


def code_of(source: bytes, docstrings: bool = True) -> str:
    """The code of a module, as its syntax tree (no comments, no layout), with its
    docstrings or without them."""
    tree = ast.parse(source)
    if not docstrings:
        documented = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        for node in ast.walk(tree):
            if isinstance(node, documented) and ast.get_docstring(node, clean=False) is not None:
                node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)
