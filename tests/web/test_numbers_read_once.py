"""Every number from outside is read by one parser (issue 54, finding 5): the engine's
``parse_int`` (or ``whole_or_none`` over it), which takes ASCII digits only, a bounded
length and the field's range. ``str.isdigit()`` then ``int()``, written by hand sixteen
times, took ``"٣"`` as 3 and answered 500 to ``"²"`` and to 5,000 digits.

The first test reads the source: it fails on any ``.isdigit()`` (or ``.isdecimal()``,
``.isnumeric()``) and on any ``int(...)`` of request input outside the parser. Request
input is what a view reads from ``request`` or ``session``, and what a game's field is
given to read from a form (``from_form``) or the command line (``from_option``); a name
assigned from such input is input too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"

# Where a digit test or an int() is not of input from outside: (file, function) -> why.
ALLOWED = {
    ("web/forms.py", "_choices_in_words"): "a knob's choice labels, the engine's own words",
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


def test_no_number_from_outside_is_read_by_hand():
    found = []
    for file in sorted(PACKAGE.rglob("*.py")):
        path = file.relative_to(PACKAGE).as_posix()
        if path == "engine/core/numbers.py":  # the parser itself
            continue
        found += hand_read_numbers(file.read_text(encoding="utf-8"), path)
    assert found == []


def test_every_allowed_place_still_exists():
    """An allow-list entry whose function is gone is removed, not kept "just in case"."""
    for path, name in ALLOWED:
        tree = ast.parse((PACKAGE / path).read_text(encoding="utf-8"))
        if name != "*":
            assert name in {f.name for f in _functions(tree)}, (path, name)


@pytest.mark.parametrize(
    "source",
    [
        "def view():\n    return int(request.form['n'])",
        "def view():\n    n = request.args.get('n', '')\n    return int(n) if n.isdigit() else 0",
        "def view():\n    text = request.form.get('n').strip()\n    x = text\n    return int(x)",
        "def view():\n    return [int(v) for v in request.form.getlist('n')]",
        "def view():\n    return int(str(request.args['n']).strip())",
        "def view():\n    return int(session['game'])",
        "class F:\n    def from_form(self, values, ctx):\n        return int(values['n'])",
        "class F:\n    def from_option(self, value):\n        return [int(v) for v in value]",
        "def helper(label):\n    return label.isdecimal()",
        "@click.option('--n', type=int)\ndef command(n):\n    return n",
        "@click.option('--n', type=click.IntRange(1, 9))\ndef command(n):\n    return n",
        "OPTION = click.option('--n', type=click.INT)",
    ],
)
def test_the_scan_finds_a_number_read_by_hand(source):
    assert hand_read_numbers(source, "web/example.py")


@pytest.mark.parametrize(
    "source",
    [
        "def view():\n    return parse_int(request.form.get('n'), 'n', low=1)",
        "def total(hands):\n    return int(sum(h.points for h in hands) / 2)",
        "def view():\n    n = whole_or_none(request.args.get('n'))\n    return n",
        "def view():\n    explain = flag(request.args.get('explain'))\n    return int(explain)",
        "def seat(form):\n    return int(form.seat.data)",  # a choice's key, checked by the form
        "@click.option('--n', type=WholeNumber(1, 9))\ndef command(n):\n    return n",
    ],
)
def test_the_scan_leaves_internal_numbers_alone(source):
    assert hand_read_numbers(source, "web/example.py") == []
