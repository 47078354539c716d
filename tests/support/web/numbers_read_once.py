"""Helpers of tests/web/test_numbers_read_once.py."""

from __future__ import annotations

import ast

# Where a digit test or an int() is not of input from outside: (file, function) -> why.
ALLOWED = {
    ("web/i18n.py", "_choices_in_words"): "a knob's choice labels, the engine's own words",
    ("engine/pages/form.py", "_choices_in_words"): "a knob's choice labels, the engine's own words",
    ("engine/phone.py", "*"): "the phone's own page (keep.js) asking its engine",
    ("pages/phone.py", "*"): "the phone's own page (keep.js) asking its engine",
}


SOURCES = {"request", "session"}


READERS = {"from_form", "from_option"}  # a game's field reading a form's or a CLI's text


DIGIT_TESTS = {"isdigit", "isdecimal", "isnumeric"}


def _clicks_int(node: ast.Call) -> bool:
    """True for a command-line option or argument read by click's ``int`` (``type=int``,
    ``click.INT``, ``click.IntRange(...)``), which calls ``int()`` on the text."""
    for keyword in node.keywords:
        if keyword.arg != "type":
            continue
        kind = keyword.value.func if isinstance(keyword.value, ast.Call) else keyword.value
        said = ast.unparse(kind)
        if said in ("int", "click.INT", "click.IntRange", "IntRange"):
            return True
    return False


# Calls that hand their argument on unread; any other function called by name (parse_int,
# a view's own reader of a flag) returns what it made of the input, not the input.
PASS_THROUGH = {"str", "list", "tuple", "dict", "set", "sorted", "reversed", "iter", "next"}


def _names_in(node: ast.AST) -> set[str]:
    """The names ``node`` reads, except inside the arguments of a function called by name
    that reads them (see PASS_THROUGH)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id not in PASS_THROUGH
    ):
        return set()
    if isinstance(node, ast.Name):
        return {node.id}
    return set().union(*(_names_in(child) for child in ast.iter_child_nodes(node)))


def _targets(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _tainted_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names in ``function`` that hold input from outside, grown until nothing changes."""
    tainted = set(SOURCES)
    if function.name in READERS:
        tainted |= {a.arg for a in function.args.args if a.arg not in ("self", "ctx")}
    while True:
        before = len(tainted)
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and _names_in(node.value) & tainted:
                for target in node.targets:
                    tainted |= _targets(target)
            elif isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr):
                if node.value is not None and _names_in(node.value) & tainted:
                    tainted |= _targets(node.target)
            elif isinstance(node, ast.For | ast.comprehension) and _names_in(node.iter) & tainted:
                tainted |= _targets(node.target)
        if len(tainted) == before:
            return tainted


def _functions(tree: ast.AST):
    """Each function with its own body's nodes (a nested function is its own)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def hand_read_numbers(source: str, path: str) -> list[str]:
    """Each place in ``source`` that tests for digits or takes int() of input, as
    ``path:line function: what``, less the allowed ones."""
    tree = ast.parse(source)
    found = []
    for function in _functions(tree):
        if (path, function.name) in ALLOWED or (path, "*") in ALLOWED:
            continue
        tainted = _tainted_names(function)
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if _clicks_int(node):
                found.append(f"{path}:{node.lineno} {function.name}: click's int()")
            elif isinstance(func, ast.Attribute) and func.attr in DIGIT_TESTS:
                found.append(f"{path}:{node.lineno} {function.name}: .{func.attr}()")
            elif (
                isinstance(func, ast.Name)
                and func.id == "int"
                and any(_names_in(arg) & tainted for arg in node.args)
            ):
                found.append(f"{path}:{node.lineno} {function.name}: {ast.unparse(node)}")
    # A digit test or click's int outside any function (a module's body) is found too.
    inside = {id(n) for f in _functions(tree) for n in ast.walk(f)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in inside:
            continue
        if _clicks_int(node) or (
            isinstance(node.func, ast.Attribute) and node.func.attr in DIGIT_TESTS
        ):
            found.append(f"{path}:{node.lineno}: {ast.unparse(node.func)}")
    return sorted(set(found))
