"""Pyodide's standard library cut to what the engine imports (issue 44): the modules
followed from the engine's sources, what a phone is sent, once for every game it keeps.
That every game's engine runs on the cut library in Chromium is
``tests/web/offline/test_phone_engine.py``'s proof (its page loads the engine from
``phone_engine.urls()``)."""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from scorekeeper.web.offline import kept, phone_build, phone_engine, phone_stdlib
from tests.support.app import app_config
from tests.support.phone_build_once import built
from tests.support.phone_engine import fetch_module
from tests.support.web.offline.phone_stdlib import code_of

MODULE = """\
import os, json.decoder as decoder
from . import sibling
from .. import uncle
from .inner import (
    first,
    second as other,
)
try:
    import gettext
except ImportError:
    pass


def later():
    import unittest
    from email import message


class Model:
    import string


if sys.platform == "win32":
    from .windows import loop
else:
    from .unix import loop

if __name__ == "__main__":
    import doctest
"""


@pytest.mark.parametrize(
    ("every", "expected"),
    [
        (
            False,
            {
                "os", "json.decoder", "pkg.sub.sibling", "pkg.sub", "pkg", "pkg.uncle",
                "pkg.sub.inner", "pkg.sub.inner.first", "pkg.sub.inner.second", "gettext",
                "string", "pkg.sub.unix", "pkg.sub.unix.loop",
            },
        ),
        (
            True,
            {
                "os", "json.decoder", "pkg.sub.sibling", "pkg.sub", "pkg", "pkg.uncle",
                "pkg.sub.inner", "pkg.sub.inner.first", "pkg.sub.inner.second", "gettext",
                "string", "unittest", "email", "email.message", "doctest", "pkg.sub.unix",
                "pkg.sub.unix.loop", "pkg.sub.windows", "pkg.sub.windows.loop",
            },
        ),
    ],
)  # fmt: skip
def test_a_modules_imports_are_read_as_importing_it_runs_them(every, expected):
    """A function's imports wait for its call, a script part never runs on import, nor a
    Windows part in the phone: only the engine's own sources are followed into them
    (``every``)."""
    assert phone_stdlib.imported(MODULE.encode(), "pkg.sub.mod", False, every=every) == expected


def test_a_package_reads_its_relative_imports_from_itself():
    found = phone_stdlib.imported(b"from . import part\nfrom .x import y\n", "pkg", True)
    assert found == {"pkg", "pkg.part", "pkg.x", "pkg.x.y"}


@pytest.fixture(scope="module")
def cut():
    """The release's whole library, and the library cut for the engine this tree has."""
    folder = fetch_module().TARGET
    fetch_module().fetch()  # (not main: its copies are make pyodide's, once)
    whole = (folder / phone_engine.STDLIB).read_bytes()
    engine, _ = phone_engine.build_engine_zip(phone_engine.ENGINE)
    body = phone_engine.build_stdlib(folder, engine)
    gzipped = phone_build.compressed(body, "gzip")
    return whole, body, gzipped, hashlib.sha256(body).hexdigest()[:12]


def test_the_cut_library_holds_what_the_engine_and_pyodide_import_and_not_the_rest(cut):
    whole, body, gzipped, _ = cut
    names = set(zipfile.ZipFile(io.BytesIO(body)).namelist())
    # What the engine and jinja2 import, what Python's and Pyodide's start import, and the
    # codec jinja2 names in a string (``.decode("unicode-escape")``).
    for kept_file in (
        "json/__init__.py", "gettext.py", "dataclasses.py", "random.py", "typing.py",
        "encodings/utf_8.py", "encodings/unicode_escape.py",
        "_pyodide/_future_helper.py", "pyodide/webloop.py", "asyncio/__init__.py",
        "asyncio/unix_events.py",
    ):  # fmt: skip
        assert kept_file in names, kept_file
    for dropped in ("unittest/__init__.py", "doctest.py", "pdb.py", "email/message.py",
                    "xml/__init__.py", "encodings/cp1255.py", "tkinter/__init__.py",
                    # Imported on Windows only (Pyodide's platform is "emscripten").
                    "asyncio/windows_events.py", "asyncio/proactor_events.py"):  # fmt: skip
        assert dropped not in names, dropped
    # Frozen into Pyodide's core, never read from the zip: left out, what they import kept
    # (``importlib.util`` imports ``importlib._abc``; ``site`` is always run).
    for frozen in phone_stdlib.FROZEN:
        path = frozen.replace(".", "/") + ".py"
        assert path in zipfile.ZipFile(io.BytesIO(whole)).namelist(), path
        assert path not in names, path
    assert {"importlib/__init__.py", "importlib/_abc.py"} <= names
    # Every module kept is the release's own code, less its docstrings and comments (one
    # this Python cannot parse, as its tokens shed them: the same code in Pyodide's Python,
    # test_the_modules_shed_by_their_tokens_are_the_same_code_in_pyodides_python).
    with zipfile.ZipFile(io.BytesIO(whole)) as release:
        for name in names:
            kept_body, own = zipfile.ZipFile(io.BytesIO(body)).read(name), release.read(name)
            try:
                assert code_of(kept_body) == code_of(own, docstrings=False), name
            except SyntaxError:
                assert kept_body == phone_stdlib.shed_tokens(own) != own, name
    # Under a third of what the whole library is sent as.
    assert len(gzipped) < len(gzip.compress(whole)) / 3
    assert gzip.decompress(gzipped) == body


def test_a_module_is_sent_without_docstrings_and_comments_and_does_the_same():
    source = b'''"""The module's docstring."""
# a comment
import json


class Seat:
    """A seat."""

    def name(self):  # said at the table
        """Its name."""
        return "north"

    def empty(self):
        """Nothing but a docstring."""


def points(hand):
    text = "not a docstring"
    return json.dumps({"hand": hand, "text": text, "seat": Seat().name(), "none": Seat().empty()})
'''
    shed = phone_stdlib.shed(source)
    assert b"docstring." not in shed and b"Its name" not in shed and b"#" not in shed
    assert b"not a docstring" in shed
    ran, ran_shed = {}, {}
    exec(compile(source, "m", "exec"), ran)  # noqa: S102 (the test's own module)
    exec(compile(shed, "m", "exec"), ran_shed)  # noqa: S102
    assert ran["points"](3) == ran_shed["points"](3)
    assert ran_shed.get("__doc__") is None and ran_shed["Seat"].name.__doc__ is None
    # A newer Python's syntax this one cannot parse: shed by its tokens (below).
    newer = b"type Points = list[int]\n"
    assert phone_stdlib.shed(newer) == newer


# A newer Python's module (3.12's ``type`` and generic classes, which 3.11 cannot parse),
# as Pyodide's library has them: its comments and docstrings go all the same.
NEWER = b'''"""The module\'s docstring."""  # and a comment
from __future__ import annotations

type Points = list[int]  # an alias


class Seat[T]:
    """A seat."""

    def name(self):  # said at the table
        """Its name,"""  " in two parts."
        return f"{'#'}north"  # a '#' in an f-string keeps its line's comment

    def empty(self):
        """Nothing but a docstring."""


def points(hand):
    """Points."""
    if hand:
        "A string standing alone is no code either."
        return [hand, "not a docstring", Seat().name(), Seat().empty()]
    return []
'''


def test_a_newer_pythons_module_is_shed_by_its_tokens():
    shed = phone_stdlib.shed(NEWER)
    assert shed == phone_stdlib.shed_tokens(NEWER)
    gone_words = (b"The module", b"Its name", b"two parts", b"an alias", b"said at", b"Nothing")
    for gone in (*gone_words, b"Points."):
        assert gone not in shed, gone
    assert b"standing alone" not in shed and b"not a docstring" in shed
    assert shed.startswith(b"  \nfrom __future__ import annotations\n")  # nothing before it
    assert b"keeps its line's comment" in shed  # an f-string's line: kept as it is
    assert shed.count(b"pass") == 5  # each docstring of a block, the string alone too
    # Without the newer syntax, this Python runs both alike.
    older = NEWER.replace(b"type Points = list[int]", b"Points = list[int]")
    older = older.replace(b"class Seat[T]:", b"class Seat:")
    shed_older = phone_stdlib.shed_tokens(older)
    ran, ran_shed = {}, {}
    exec(compile(older, "m", "exec"), ran)  # noqa: S102 (the test's own module)
    exec(compile(shed_older, "m", "exec"), ran_shed)  # noqa: S102
    assert ran["points"](3) == ran_shed["points"](3) == [3, "not a docstring", "#north", None]
    assert ran_shed["Seat"].name.__doc__ is None and ran_shed.get("__doc__") is None
    # A module the tokenizer cannot read either is sent as it is.
    broken = b'x = """never closed\n'
    assert phone_stdlib.shed(broken) == broken


# Run in Pyodide's own Python: each module of the release's library this Python cannot
# parse, and its shed copy, parsed to the same code once docstrings and passes are gone.
SAME_CODE = """
import ast, json

def code(text):
    tree = ast.parse(text)
    for node in ast.walk(tree):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                kept = [
                    s for s in value
                    if not isinstance(s, ast.Pass)
                    and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                             and isinstance(s.value.value, str))
                ]
                setattr(node, field, kept)
    return ast.dump(tree)

pairs = json.loads(PAIRS)
json.dumps({name: code(whole) == code(shed) for name, (whole, shed) in pairs.items()})
"""


@pytest.mark.browser
def test_the_modules_shed_by_their_tokens_are_the_same_code_in_pyodides_python(browser, tmp_path):
    from tests.support.phone_engine import engine_site

    with zipfile.ZipFile(fetch_module().TARGET / "python_stdlib.zip") as archive:
        pairs = {}
        for name in archive.namelist():
            if not name.endswith(".py"):
                continue
            whole = archive.read(name)
            try:
                ast.parse(whole)
            except SyntaxError:
                shed = phone_stdlib.shed(whole)
                assert shed != whole and len(shed) < len(whole), name
                pairs[name] = [whole.decode(), shed.decode()]
    assert {"typing.py", "traceback.py", "dataclasses.py"} <= set(pairs)
    with engine_site(tmp_path) as (base, urls, _):
        context = browser.new_context(base_url=base)
        try:
            page = context.new_page()
            # A page of the server's own, without the app's policy (which lets only the
            # engine's worker compile WebAssembly): Pyodide's Python, run in the page.
            page.route(f"{base}/bare", lambda route: route.fulfill(body="<p>bare</p>"))
            page.goto("/bare")
            page.add_script_tag(url=urls["pyodide"] + "pyodide.js")
            same = page.evaluate(
                """async ([index, pairs, program]) => {
                    const pyodide = await loadPyodide({ indexURL: index });
                    pyodide.globals.set("PAIRS", pairs);
                    return JSON.parse(pyodide.runPython(program));
                }""",
                [urls["pyodide"], json.dumps(pairs), SAME_CODE],
            )
        finally:
            context.close()
    assert same == dict.fromkeys(pairs, True)


def test_the_engines_functions_are_sent_without_their_annotations_and_do_the_same():
    """The engine's zip sheds its functions' annotations too (nothing it runs reads them);
    a class's annotations (a dataclass's fields) stay, and the code does the same."""
    source = b"""from __future__ import annotations
import dataclasses


@dataclasses.dataclass(frozen=True)
class Hand:
    tricks: int
    bid: str = "7C"


def score(hand: Hand, *more: Hand, bonus: int = 0, **said: str) -> dict[str, int]:
    async def later(x: int, /) -> int:
        return x
    return {"points": hand.tricks * 10 + bonus + len(more), "fields": len(dataclasses.fields(hand))}
"""
    shed = phone_stdlib.shed(source, annotated=False)
    assert b"-> " not in shed and b"bonus: int" not in shed and b"x: int" not in shed
    assert b"*more: Hand" not in shed and b"**said: str" not in shed
    assert b"tricks: int" in shed and b"bid: str = '7C'" in shed
    assert phone_stdlib.shed(source) != shed and b"bonus: int" in phone_stdlib.shed(source)
    ran, ran_shed = {}, {}
    exec(compile(source, "m", "exec"), ran)  # noqa: S102 (the test's own module)
    exec(compile(shed, "m", "exec"), ran_shed)  # noqa: S102
    hand, shed_hand = ran["Hand"](3), ran_shed["Hand"](3)
    assert ran["score"](hand, hand, bonus=2) == ran_shed["score"](shed_hand, shed_hand, bonus=2)
    assert ran_shed["score"].__annotations__ == {}


@pytest.fixture(scope="module")
def phone_built(tmp_path_factory) -> Path:
    """The phone's files as ``make phone`` builds them (Brotli at a quick quality: what is
    checked here is the library cut, not how tight it goes)."""
    fetch_module().fetch()  # (not main: its Brotli copies are make pyodide's, once)
    folder = tmp_path_factory.mktemp("phone") / "build"
    built(folder, vendor=fetch_module().TARGET.parent, quality=1)
    return folder


@pytest.fixture
def served(tmp_path, phone_built):
    from scorekeeper.web import create_app

    app = create_app(app_config(tmp_path, PHONE_BUILD=str(phone_built)))
    with app.test_request_context(headers={"Accept-Encoding": "gzip"}):
        urls = phone_engine.urls()
        downloads = kept.downloads()
    return app.test_client(), urls, downloads


def test_the_cut_library_is_served_at_its_hash_gzipped_for_a_year(served, cut):
    client, urls, _ = served
    _, body, gzipped, digest = cut
    assert urls["stdlib"] == f"/engine/stdlib-{digest}.zip"
    answer = client.get(urls["stdlib"], headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200
    assert answer.mimetype == "application/zip"
    assert answer.headers["Content-Encoding"] == "gzip"
    assert "immutable" in answer.headers["Cache-Control"]
    assert answer.data == gzipped
    plain = client.get(urls["stdlib"], headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.data == body
    # An address not of its content (another engine's, or made up) is not served.
    for wrong in ("/engine/stdlib-000000000000.zip", "/engine/stdlib-../../app.zip"):
        assert client.get(wrong).status_code == 404


def test_keep_downloads_the_cut_library_not_the_whole_nor_the_lock_file(served, cut):
    _, urls, downloads = served
    addresses = [item["url"] for item in downloads]
    assert urls["stdlib"] in addresses
    assert not [url for url in addresses if url.endswith((phone_engine.STDLIB, "lock.json"))]
    # The lock file's info (what Pyodide checks at start) comes with the addresses.
    lock = json.loads((fetch_module().TARGET / "pyodide-lock.json").read_bytes())
    assert urls["lock"] == lock["info"] and urls["lock"]["version"].startswith("0.28")
    item = next(item for item in downloads if item["url"] == urls["stdlib"])
    assert (item["size"], item["sent"]) == (len(cut[1]), len(cut[2]))


def test_without_the_release_no_library_is_named_that_the_server_would_serve(tmp_path):
    from scorekeeper.web import create_app

    nothing = tmp_path / "nothing"
    made = built(tmp_path / "build", vendor=nothing, quality=1)
    assert "stdlib" not in made["files"]
    config = app_config(tmp_path, VENDOR=str(nothing), PHONE_BUILD=str(tmp_path / "build"))
    app = create_app(config)
    with app.test_request_context():
        urls = phone_engine.urls()
        assert "stdlib" not in phone_engine.built() and urls["lock"] is None
    assert app.test_client().get(urls["stdlib"]).status_code == 404
