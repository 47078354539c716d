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

from tests.support.web.numbers_read_once import ALLOWED, _functions, hand_read_numbers

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


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
