"""Pyodide's standard library cut to what the engine in the phone imports (issue 44).

Pyodide's ``python_stdlib.zip`` holds the whole standard library, 2.35 MB sent; the phone's
engine (the engine's zip: ``scorekeeper/engine``, ``scorekeeper/pages``, jinja2 and
markupsafe) imports a fraction of it. ``trim`` keeps the modules reached from the
engine's sources and from Pyodide's own start (its ``pyodide`` and ``_pyodide`` packages,
``site``, the codecs), following every ``import`` written in them, wherever it stands
(inside a function or a ``try`` too: a module the engine might import is kept). What is
built into Pyodide's core and absent from the zip is left to the core. The phone gets it
through ``loadPyodide({stdLibURL})`` at an address of its content's hash, the same for
every game it keeps (``scorekeeper/web/offline/phone_engine.py``).

Every Python file the phone is sent, of the library and of the engine's zip, goes
without its docstrings and comments (``shed``: what ``python -OO`` leaves of them, which
no module the phone runs reads): 0.39 MB of the library sent in Brotli instead of
0.67 MB, 0.25 MB of the engine's zip instead of 0.37 MB (issue 44).
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
import zipfile
from collections.abc import Iterable, Mapping

# Imported by name at run time, never by an ``import`` statement the engine reaches:
# Python's start (``site``, the codecs it looks up by name: the engine's text is UTF-8,
# a zip's names without the UTF-8 flag are cp437) and Pyodide's own start (what its
# JavaScript imports: ``sys.modules`` of Pyodide 0.28 just loaded, with nothing run).
ALWAYS = (
    "site",
    "encodings.aliases",
    "encodings.ascii",
    "encodings.cp437",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "_pyodide._base",
    "_pyodide._core_docs",
    "_pyodide._future_helper",
    "_pyodide._importhook",
    "_pyodide.docs_argspec",
    "_pyodide.docstring",
    "_pyodide.jsbind",
    "asyncio",
    "collections.abc",
    "inspect",
    "pyodide._package_loader",
    "pyodide._state",
    "pyodide.code",
    "pyodide.common",
    "pyodide.ffi",
    "pyodide.webloop",
)
# Frozen into Pyodide 0.28's core (measured in Chromium: their ``__spec__.origin`` is
# "frozen"): Python never reads their files, so the cut leaves them out (33.5 KB of the
# library in Brotli: issue 44), their imports still followed (``os`` brings ``stat``'s
# needs, ``importlib.util`` its ``importlib._abc``).
FROZEN = frozenset(
    {
        "_collections_abc",
        "_sitebuiltins",
        "abc",
        "codecs",
        "genericpath",
        "importlib._bootstrap",
        "importlib._bootstrap_external",
        "importlib.machinery",
        "importlib.util",
        "io",
        "ntpath",
        "os",
        "posixpath",
        "site",
        "stat",
        "zipimport",
    }
)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def module_files(names: Iterable[str]) -> dict[str, str]:
    """The zip's modules by dotted name: ``{"json": "json/__init__.py", "os": "os.py"}``."""
    found = {}
    for name in names:
        if not name.endswith(".py"):
            continue
        dotted = name.removesuffix(".py").replace("/", ".")
        found[dotted.removesuffix(".__init__")] = name
    return found


# ``import a.b as c, d`` and ``from .a import (b, c)``, at the start of a line. Read as text,
# not parsed: Pyodide's library is of a newer Python than the server may run, whose
# parser would refuse its newer syntax. A line that only looks like one (in a docstring)
# keeps a module more, never one less.
IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n#;]+)", re.MULTILINE)
FROM = re.compile(
    r"^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)", re.MULTILINE
)


def _names(listed: str) -> list[str]:
    """The names of an import's list (``a.b as c, d`` or ``(b,\n c)``)."""
    names = []
    for part in listed.strip("()\\ \n").replace("\\\n", " ").split(","):
        name = part.split("#")[0].split(" as ")[0].strip(" \t\n()\\")
        if re.fullmatch(r"[\w.]+", name):
            names.append(name)
    return names


# A function, a module's ``if __name__ == "__main__":`` (run as a script, never on import)
# and its ``if sys.platform == "win32":`` (never in the phone: Pyodide's is "emscripten";
# asyncio's Windows event loops, 6.7 KB sent: issue 44).
DEF = re.compile(
    r"[ \t]*(?:(?:async[ \t]+)?def[ \t]|if[ \t]+__name__[ \t]*=="
    r"|if[ \t]+sys\.platform[ \t]*==[ \t]*['\"]win32['\"][ \t]*:)"
)


def run_on_import(text: str) -> str:
    """``text`` without the bodies of its functions, of its script part and of its
    Windows part (blank lines in their place): what importing the module runs in the
    phone. A function's imports wait for the
    function's call."""
    lines = text.split("\n")
    inside: list[int] = []  # the indentation of each ``def`` the line is in
    for number, line in enumerate(lines):
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        while inside and indent <= inside[-1]:
            inside.pop()
        if inside:
            lines[number] = ""
        elif DEF.match(line):
            inside.append(indent)
    return "\n".join(lines)


def imported(source: bytes, module: str, is_package: bool, every: bool = False) -> set[str]:
    """Every module name ``source`` (module ``module``) imports when it is imported (with
    ``every``, in its functions too), absolute, with each of ``from a import b``'s ``a.b``
    too (``b`` may be a submodule)."""
    text = source.decode("utf-8", "replace")
    if not every:
        text = run_on_import(text)
    names = {name for found in IMPORT.finditer(text) for name in _names(found[1])}
    package = module if is_package else module.rpartition(".")[0]
    for found in FROM.finditer(text):
        base = found[1]
        level = len(base) - len(base.lstrip("."))
        base = base[level:]
        if level:
            parts = package.split(".") if package else []
            parts = parts[: len(parts) - (level - 1)]
            base = ".".join([*parts, base] if base else parts)
        if base:
            names.add(base)
        names.update(f"{base}.{name}".lstrip(".") for name in _names(found[2]))
    return names


def codecs_named(modules: Iterable[str], sources: Iterable[bytes]) -> set[str]:
    """The codecs (``encodings.*``) whose names the ``sources`` write in quotes (as
    ``.decode("unicode-escape")`` does): a codec is imported by its name at run time."""
    text = b"\n".join(sources).decode("utf-8", "replace").lower()
    found = set()
    for module in modules:
        codec = module.removeprefix("encodings.")
        if module.startswith("encodings.") and any(
            f"{quote}{name}{quote}" in text
            for name in {codec, codec.replace("_", "-")}
            for quote in "\"'"
        ):
            found.add(module)
    return found


def needed(
    modules: Mapping[str, str], read, roots: Iterable[str], sources: Mapping[str, bytes]
) -> set[str]:
    """The dotted names of the zip's ``modules`` (read by ``read(path)``) reached from
    ``roots`` and the imports of ``sources`` (Python files by path: the app's own in their
    functions too, where a rarely taken path may import; a library's as imported)."""
    wanted: list[str] = list(codecs_named(modules, sources.values()))
    for path, source in sources.items():
        wanted.extend(imported(source, "", False, every=path.startswith("scorekeeper/")))
    wanted.extend(roots)
    kept: set[str] = set()
    while wanted:
        name = wanted.pop()
        # A module's packages come with it: ``a.b.c`` runs ``a`` and ``a.b`` first.
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            part = ".".join(parts[:end])
            if part in modules and part not in kept:
                kept.add(part)
                path = modules[part]
                wanted.extend(imported(read(path), part, path.endswith("__init__.py")))
    return kept


def trim(stdlib: bytes, sources: Mapping[str, bytes]) -> bytes:
    """Pyodide's standard library zip ``stdlib`` with only the modules ``sources`` (the
    engine's Python files) and Pyodide's start reach, but for those ``FROZEN`` in
    Pyodide's core, stored uncompressed (the server
    gzips it whole for the wire, which packs it tighter than file by file)."""
    with zipfile.ZipFile(io.BytesIO(stdlib)) as archive:
        names = archive.namelist()
        modules = module_files(names)
        kept = needed(modules, archive.read, ALWAYS, sources)
        files = sorted(modules[name] for name in kept - FROZEN)
        # Data files beside a kept module (``*.typed`` markers and the like) stay.
        folders = {path.rpartition("/")[0] for path in files if "/" in path}
        extras = [
            n for n in names if not n.endswith(("/", ".py")) and n.rpartition("/")[0] in folders
        ]
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
            for name in sorted({*files, *extras}):
                out.writestr(zipfile.ZipInfo(name, ZIP_TIME), archive.read(name))
    return buffer.getvalue()


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


@functools.cache
def shed(source: bytes, annotated: bool = True) -> bytes:
    """A Python module's ``source`` as the phone runs it: the same code, without its
    docstrings (a body that was only one becomes ``pass``) and its comments, written
    again by ``ast.unparse``; with ``annotated`` False, without the annotations of its
    functions' parameters and returns too (the engine's zip, whose code never reads them:
    9 kB of its Brotli, issue 44; a class's annotations, its fields, stay). A module this
    Python cannot parse (a newer one's syntax) is shed by its tokens (``shed_tokens``).
    Once per process for the same source (each app builds its zip)."""
    try:
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if not annotated and isinstance(node, SIGNED):
                node.returns = None
                given = node.args
                for argument in (*given.posonlyargs, *given.args, *given.kwonlyargs):
                    argument.annotation = None
                for argument in (given.vararg, given.kwarg):
                    if argument is not None:
                        argument.annotation = None
            if not isinstance(node, DOCUMENTED) or not node.body:
                continue
            first = node.body[0]
            said = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            if said and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
        return ast.unparse(tree).encode("utf-8") + b"\n"
    except (SyntaxError, ValueError, RecursionError):
        return shed_tokens(source)


def shed_tokens(source: bytes) -> bytes:
    """``shed`` for a module this Python cannot parse (a newer Python's syntax: Pyodide's
    library is 3.13's, and 3.11 cannot read ``typing``, ``traceback`` nor ``dataclasses``:
    29 kB of the library sent, issue 44), read as tokens instead: its comments dropped
    and each docstring (a string standing alone at the start of the module or a block)
    made ``pass``, every other character left where it was. A line with an f-string keeps
    its comment (a newer grammar nests quotes in them, which this tokenizer may read as a
    comment's start); the module's docstring goes without a ``pass``. A module this
    Python cannot even tokenize stays as it is.
    ``tests/web/offline/test_phone_stdlib.py`` checks in Pyodide's own Python that each module shed
    so parses to the same code."""
    try:
        tokens = list(tokenize.tokenize(io.BytesIO(source).readline))
        text = source.decode("utf-8")
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return source
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def at(place: tuple[int, int]) -> int:
        return starts[place[0] - 1] + place[1]

    def formatted(token: tokenize.TokenInfo) -> bool:
        prefix = token.string[: len(token.string) - len(token.string.lstrip("rRbBuUfF"))]
        return "f" in prefix.lower()

    rows_with_f = {
        row
        for token in tokens
        if token.type == tokenize.STRING and formatted(token)
        for row in range(token.start[0], token.end[0] + 1)
    }
    cuts = [
        (at(token.start), at(token.end), "")
        for token in tokens
        if token.type == tokenize.COMMENT and token.start[0] not in rows_with_f
    ]
    said = [t for t in tokens if t.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENCODING)]
    for number, token in enumerate(said):
        if token.type != tokenize.STRING or formatted(token):
            continue
        opens_block = number >= 3 and [t.type for t in said[number - 3 : number]] == [
            tokenize.OP,
            tokenize.NEWLINE,
            tokenize.INDENT,
        ]
        if not (number == 0 or (opens_block and said[number - 3].string == ":")):
            continue
        last = number
        while said[last + 1].type == tokenize.STRING and not formatted(said[last + 1]):
            last += 1
        if said[last + 1].type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            # The module's goes: nothing may stand before a ``from __future__`` import.
            cuts.append((at(token.start), at(said[last].end), "pass" if number else ""))
    out, done = [], 0
    for start, end, put in sorted(cuts):  # tokens do not overlap
        out.append(text[done:start] + put)
        done = end
    out.append(text[done:])
    return "".join(out).encode("utf-8")


SIGNED = (ast.FunctionDef, ast.AsyncFunctionDef)


def shed_zip(archive: bytes) -> bytes:
    """The zip ``archive`` (stored) with each ``.py`` file ``shed``, stored again."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as found, zipfile.ZipFile(buffer, "w") as out:
        for name in found.namelist():
            body = found.read(name)
            out.writestr(
                zipfile.ZipInfo(name, ZIP_TIME), shed(body) if name.endswith(".py") else body
            )
    return buffer.getvalue()


def engine_sources(engine: bytes) -> dict[str, bytes]:
    """The Python files of the engine's zip ``engine``, by their path in it."""
    with zipfile.ZipFile(io.BytesIO(engine)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name.endswith(".py")}
