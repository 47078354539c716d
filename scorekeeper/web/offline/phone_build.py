"""What a phone downloads to run the engine, built once at install time (issue 54).

``make phone`` (``scripts/build_phone_files.py``, or ``python -m
scorekeeper.web.offline.phone_build``) writes into a git-ignored folder (``build/phone/`` of the
checkout by default) the files ``web/offline/phone_engine.py`` serves, each at the address of its
content's hash and beside its Brotli (``.br``) and gzip (``.gz``) copies, and a manifest
(``manifest.json``) that names them. The server only reads the manifest at its start and
sends the files as they lie: nothing is built, compressed or written on a request, and no
cache, lock or warm-up is needed between its processes.

- ``scorekeeper-<hash>.zip``: the engine package (``scorekeeper/engine``, which imports only
  the standard library) with the pages the phone draws as the server does
  (``scorekeeper/pages``, the templates they draw, ``SHARED_TEMPLATES``, and jinja2 and
  markupsafe, pure Python, to draw them: issue 46), each Python file without docstrings,
  comments and its functions' annotations, stored uncompressed (compressed whole for the
  wire, which packs it tighter than file by file: issue 44).
- ``words-<language>-<hash>.mo``: the engine's sentences in one language but English: the
  app's compiled catalogue cut to the messages the engine's sources and those templates
  name, so a phone without the network says them as the server's pages do; a phone
  fetches only its page's language (issue 44).
- ``stdlib-<hash>.zip``: Pyodide's standard library cut to the modules the engine and
  Pyodide's start import, without docstrings and comments (``phone_stdlib``), cut from the
  shed copy ``make pyodide`` wrote beside the release; left out when the release has not
  been fetched (the server then answers 404 for it, as for Pyodide's own files).
- ``worker-<hash>.js``: the worker that runs them (``static/phone-engine-worker.js``).

The build holds one version: a new build removes the files of the one before it. Its
manifest says the hash of what it was built from (``sources_hash``), so a server started
on a build older than its code says so in its log.
"""

from __future__ import annotations

import argparse
import ast
import functools
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from babel.messages.mofile import read_mo, write_mo
from jinja2.ext import extract_from_ast

from ...engine.core.language import LANGUAGES
from . import phone_stdlib

try:
    import brotli
except ImportError:  # an install without the wheel: gzip alone
    brotli = None

PYODIDE_VERSION = "0.28.3"
"""The version ``scripts/fetch_pyodide.py`` pins (a test holds them equal)."""
STDLIB = "python_stdlib.zip"
SHED_STDLIB = "python_stdlib.shed.zip"
"""The library without docstrings and comments, written by ``make pyodide``."""
PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # scorekeeper/, as installed
ENGINE = PACKAGE_ROOT / "engine"
PAGES = PACKAGE_ROOT / "pages"
CHECKOUT = PACKAGE_ROOT.parent
SHARED_TEMPLATES = ("_sheet.html", "_sheet_bridge.html", "_hand_form.html", "_kept.html")
"""The templates the phone draws with the server (``scorekeeper/pages/render.py``)."""
# The pure-Python libraries the phone draws them with, without their optional C speedups.
LIBRARIES = (Path(jinja2.__file__).parent, Path(markupsafe.__file__).parent)
UNUSED = {"jinja2/sandbox.py", "jinja2/nativetypes.py", "jinja2/meta.py", "jinja2/constants.py"}
"""Of those libraries, what nothing the phone runs imports (jinja2 itself names them only
for a type checker, or in a function the phone never calls): a sandbox, native types,
template analysis and the words of ``lipsum()``."""
SERVER_ONLY = ("engine/club/", "engine/ratings.py")
"""Of the engine, what only the server asks of it, left out of the phone's zip: a club
night's draw and standings, the ratings (on Slow 3G each 50 KB sent is a second)."""
# A fixed time for every entry, so the same code gives the same zip and the same address.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
WORKER = "phone-engine-worker.js"
MANIFEST = "manifest.json"
FORMAT = 1
"""The manifest's format: a server reads only its own."""
ENCODINGS = {"br": ".br", "gzip": ".gz"}
"""The encodings each file is stored in beside it, the tighter first, with their suffixes."""
BROTLI_BEST = 11
"""Brotli at its best, with its largest window: 62 kB less of the engine's zip and the cut
library than at 9, on a link where every 50 kB is a second (Slow 3G), for seconds of the
build's time, once (issue 44)."""
BUILDERS = (Path(__file__), Path(phone_stdlib.__file__))


def checkout_folder(name: str) -> Path:
    """``name`` (``static``, ``templates``) beside the package when it is installed (the
    wheel carries them there: setup.py), else at the top of the checkout."""
    inside = PACKAGE_ROOT / name
    return inside if inside.is_dir() else CHECKOUT / name


# --- the engine's zip and words --------------------------------------------------------


def phone_sources(engine: Path) -> tuple[list[Path], dict[str, bytes], dict[str, bytes]]:
    """What the phone runs of the package under ``engine``: its Python sources (no
    caches, no tests, nothing ``SERVER_ONLY``), the zip's files by name (those, and the
    libraries and ``SHARED_TEMPLATES`` that draw the pages) and the templates by name."""
    package = engine.parent
    sources = [
        path
        for path in [
            package / "__init__.py",
            *sorted(engine.rglob("*.py")),
            *sorted((package / "pages").glob("*.py")),
        ]
        if "__pycache__" not in path.parts
        and not path.relative_to(package).as_posix().startswith(SERVER_ONLY)
    ]
    files = {path.relative_to(package.parent).as_posix(): path.read_bytes() for path in sources}
    for library in LIBRARIES:
        for path in sorted(library.glob("*.py")):
            if f"{library.name}/{path.name}" not in UNUSED:
                files[f"{library.name}/{path.name}"] = path.read_bytes()
    templates_folder = package.parent / "templates"
    if not templates_folder.is_dir():
        templates_folder = checkout_folder("templates")
    templates = {name: (templates_folder / name).read_bytes() for name in SHARED_TEMPLATES}
    files |= {f"templates/{name}": body for name, body in templates.items()}
    return sources, files, templates


def build_engine_zip(engine: Path = ENGINE, salt: str = "") -> tuple[bytes, str]:
    """The zip of the engine package under ``engine`` and the first 12 hex digits of its
    sha256: ``phone_sources``'s files (each Python source ``phone_stdlib.shed``, without
    docstrings, comments and its functions' annotations), stored uncompressed. No
    catalogue: each language's words are a file of their own (``build_words``). A
    ``salt`` (a test's, a benchmark's: a new engine without a new engine) is written in
    it as ``scorekeeper/BUILD``, which nothing reads."""
    _sources, files, _templates = phone_sources(engine)
    if salt:
        files["scorekeeper/BUILD"] = salt.encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files.items():
            python = name.endswith(".py")
            shed = phone_stdlib.shed(data, annotated=False) if python else data
            archive.writestr(zipfile.ZipInfo(name, ZIP_TIME), shed)
    body = buffer.getvalue()
    return body, hashlib.sha256(body).hexdigest()[:12]


def build_words(engine: Path = ENGINE) -> dict[str, tuple[bytes, str]]:
    """The engine's sentences in each language but English, by language: the app's
    compiled catalogue cut to the messages the engine's sources and the shared templates
    name (``cut_catalogue``), each with the first 12 hex digits of its sha256."""
    package = engine.parent
    sources, _files, templates = phone_sources(engine)
    used: set[str] | None = None
    found = {}
    for language in LANGUAGES:
        mo = package / "translations" / language / "LC_MESSAGES" / "messages.mo"
        if language == "en" or not mo.is_file():
            continue
        if used is None:
            used = engine_messages(sources) | template_messages(templates.values())
        body = cut_catalogue(mo.read_bytes(), used)
        found[language] = body, hashlib.sha256(body).hexdigest()[:12]
    return found


# The calls whose first argument (and the plural's second) is a message the engine says:
# the engine's markers for ``pybabel extract`` (babel.cfg), and ``Words``'s own.
MARKERS = {"msg": 1, "nmsg": 2, "said_at_table": 1, "refusal": 1, "gettext": 1, "ngettext": 2}


def engine_messages(sources: list[Path]) -> set[str]:
    """Every message the engine's ``sources`` name in a marker's call, as written."""
    found: set[str] = set()
    for path in sources:
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            for argument in node.args[: MARKERS.get(str(name), 0)]:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found.add(argument.value)
    return found


def template_messages(templates: Iterable[bytes]) -> set[str]:
    """Every message the ``templates`` say with ``_``, ``gettext`` or ``ngettext``."""
    parser = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    found: set[str] = set()
    for template in templates:
        for _line, _call, message in extract_from_ast(parser.parse(template.decode())):
            first = message[0] if isinstance(message, tuple) else message
            if isinstance(first, str):
                found.add(first)
    return found


def cut_catalogue(mo: bytes, keep: set[str]) -> bytes:
    """A compiled gettext catalogue (``.mo``) with only its header and the messages in
    ``keep`` (a plural by its singular), read and written by Babel's ``mofile``."""
    catalogue = read_mo(io.BytesIO(mo))
    for message in list(catalogue):
        singular = message.id[0] if isinstance(message.id, list | tuple) else message.id
        if singular and singular not in keep:
            catalogue.delete(message.id, message.context)
    written = io.BytesIO()
    write_mo(written, catalogue)
    return written.getvalue()


# --- the standard library --------------------------------------------------------------


def shed_library(folder: Path, whole: bytes) -> bytes | None:
    """The release's library without docstrings and comments, as ``make pyodide`` wrote
    it beside the release in ``folder`` (``SHED_STDLIB``), if it was written from this
    ``whole`` library (its comment says the library's sha256); None else."""
    try:
        shed = (folder / SHED_STDLIB).read_bytes()
        with zipfile.ZipFile(io.BytesIO(shed)) as archive:
            made_from = archive.comment
    except (OSError, zipfile.BadZipFile):
        return None
    return shed if made_from == shed_comment(whole) else None


# The way ``phone_stdlib.shed`` sheds, named in the shed library's comment: a copy that
# ``make pyodide`` wrote before it changed is not taken (2: modules this Python cannot
# parse are shed by their tokens).
SHED_WAY = b"2"


def shed_comment(whole: bytes) -> bytes:
    """The comment of the shed library written from the library ``whole``."""
    digest = hashlib.sha256(whole).hexdigest().encode()
    return b"shed " + SHED_WAY + b" from python_stdlib.zip sha256 " + digest


def build_stdlib(folder: Path, engine: bytes) -> bytes:
    """The release's standard library (in ``folder``) cut to what the engine's zip
    ``engine`` and Pyodide's start import, without docstrings and comments: cut from the
    shed copy ``make pyodide`` wrote, or shed here when there is none. Raises
    ``OSError`` when the library cannot be read."""
    whole = (folder / STDLIB).read_bytes()
    shed = shed_library(folder, whole)
    sources = phone_stdlib.engine_sources(engine)
    if shed is not None:
        return phone_stdlib.trim(shed, sources)
    return phone_stdlib.shed_zip(phone_stdlib.trim(whole, sources))


# --- the build -------------------------------------------------------------------------


def compressed(body: bytes, encoding: str, quality: int = BROTLI_BEST) -> bytes:
    """``body`` in ``encoding`` (``br`` at ``quality`` with its largest window; gzip at
    its best, without a time, so the same bytes give the same file)."""
    if encoding == "br":
        return brotli.compress(body, quality=quality, lgwin=24)
    return gzip.compress(body, compresslevel=9, mtime=0)


def default_vendor() -> Path:
    """Where ``make pyodide`` unpacks the release: ``$SCOREKEEPER_VENDOR``, else
    ``vendor/`` at the top of the checkout."""
    return Path(os.environ.get("SCOREKEEPER_VENDOR") or CHECKOUT / "vendor")


def default_folder() -> Path:
    """Where the build goes and the server reads it: ``$SCOREKEEPER_PHONE_BUILD``, else
    ``phone/`` inside the installed package when a wheel carries it, else ``build/phone``
    at the top of the checkout."""
    named = os.environ.get("SCOREKEEPER_PHONE_BUILD")
    if named:
        return Path(named)
    inside = PACKAGE_ROOT / "phone"
    return inside if (inside / MANIFEST).is_file() else CHECKOUT / "build" / "phone"


def sources_hash(engine: Path = ENGINE, vendor: Path | None = None, salt: str = "") -> str:
    """The hash of what a build reads: the engine's files, each language's compiled
    catalogue, the worker, the release's standard library (its size and time: 9 MB are
    not read for it), this Python's version (``ast.unparse`` writes as it) and the code
    that builds, so that a server sees that its build is older than its code. Reads
    about 2 MB, in a few milliseconds."""
    _sources, files, _templates = phone_sources(engine)
    digest = hashlib.sha256(b"phone build %d " % FORMAT + sys.version.encode() + salt.encode())
    parts = [(f"builder/{path.name}", path.read_bytes()) for path in BUILDERS]
    parts += sorted(files.items())
    worker = checkout_folder("static") / WORKER
    parts.append((WORKER, worker.read_bytes() if worker.is_file() else b""))
    for language in LANGUAGES:
        mo = engine.parent / "translations" / language / "LC_MESSAGES" / "messages.mo"
        parts.append((language, mo.read_bytes() if mo.is_file() else b""))
    library = (vendor or default_vendor()) / f"pyodide-{PYODIDE_VERSION}" / STDLIB
    try:
        info = library.stat()
        parts.append((STDLIB, b"%d %d" % (info.st_size, info.st_mtime_ns)))
    except OSError:
        parts.append((STDLIB, b""))
    for name, body in parts:
        digest.update(b"%d:%s%d:" % (len(name), name.encode(), len(body)) + body)
    return digest.hexdigest()


def _write(folder: Path, name: str, body: bytes, quality: int) -> dict[str, int]:
    """Writes ``body`` as ``name`` and its compressed copies into ``folder``, each through
    a partial file renamed when whole; answers the bytes of each (``size``, ``br``,
    ``gzip``)."""
    sizes = {"size": len(body)}
    copies = {"": body}
    for encoding, suffix in ENCODINGS.items():
        if encoding == "br" and brotli is None:
            continue
        copies[suffix] = compressed(body, encoding, quality)
        sizes[encoding] = len(copies[suffix])
    for suffix, data in copies.items():
        path = folder / (name + suffix)
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        partial.write_bytes(data)
        os.replace(partial, path)
    return sizes


def build(
    folder: Path,
    *,
    engine: Path = ENGINE,
    vendor: Path | None = None,
    static: Path | None = None,
    salt: str = "",
    quality: int = BROTLI_BEST,
) -> dict[str, Any]:
    """Builds every file a phone downloads of the engine into ``folder`` (made if need
    be) with the manifest that names them, and removes the files of any build before it;
    answers the manifest. ``vendor`` holds ``pyodide-<version>/`` (``default_vendor``);
    without its standard library, none is built. ``salt`` makes a new engine's zip of the
    same code (``build_engine_zip``); ``quality`` is Brotli's (a test's build may take a
    faster one). A pure function of its arguments and the files it reads: a test builds
    a changed engine into a folder of its own."""
    folder.mkdir(parents=True, exist_ok=True)
    vendor = vendor or default_vendor()
    static = static or checkout_folder("static")
    release = vendor / f"pyodide-{PYODIDE_VERSION}"
    files: dict[str, dict[str, Any]] = {}

    def add(logical: str, name: str, body: bytes) -> None:
        files[logical] = {"name": name, **_write(folder, name, body, quality)}

    zipped, digest = build_engine_zip(engine, salt)
    add("engine", f"scorekeeper-{digest}.zip", zipped)
    for language, (body, digest) in build_words(engine).items():
        add(f"words-{language}", f"words-{language}-{digest}.mo", body)
    if (release / STDLIB).is_file():
        cut = build_stdlib(release, zipped)
        add("stdlib", f"stdlib-{hashlib.sha256(cut).hexdigest()[:12]}.zip", cut)
    worker = (static / WORKER).read_bytes()
    add("worker", f"worker-{hashlib.sha256(worker).hexdigest()[:12]}.js", worker)
    manifest = {
        "format": FORMAT,
        "pyodide": PYODIDE_VERSION,
        "sources": sources_hash(engine, vendor, salt),
        "brotli": quality,
        "files": files,
    }
    partial = folder / f".{MANIFEST}.{os.getpid()}.partial"
    partial.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    os.replace(partial, folder / MANIFEST)
    _leave_only(folder, files)
    return manifest


def _leave_only(folder: Path, files: dict[str, dict[str, Any]]) -> None:
    """One build in ``folder``: the files of a build before ``files`` go (only files named
    as a build names them: a folder given by mistake loses nothing else)."""
    kept = {
        entry["name"] + suffix for entry in files.values() for suffix in ("", *ENCODINGS.values())
    }
    for path in folder.iterdir():
        if BUILT_NAME.fullmatch(path.name) and path.name not in kept and path.is_file():
            path.unlink()


def copy_current(
    made: Path,
    folder: Path,
    *,
    engine: Path = ENGINE,
    vendor: Path | None = None,
    quality: int = BROTLI_BEST,
) -> dict[str, Any] | None:
    """Copies the build in ``made`` (``make phone``'s) into ``folder`` when it is whole and
    is what ``build(folder, engine=engine, vendor=vendor, quality=quality)`` would write:
    built at that Brotli quality from the very files that build would read (its manifest's
    ``sources``: a build is a pure function of what ``sources_hash`` covers), so the same
    bytes without Brotli's seconds again (the package's build step, setup.py, after ``make
    phone``); answers the manifest copied. None, and nothing copied, when ``made`` holds
    no such build: then build."""
    try:
        manifest = json.loads((made / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if (
        not isinstance(manifest, dict)
        or manifest.get("format") != FORMAT
        or manifest.get("brotli") != quality
        or manifest.get("sources") != sources_hash(engine, vendor)
    ):
        return None
    # Every file the manifest names, in every encoding a build here writes, whole.
    sizes = {}
    for entry in manifest["files"].values():
        sizes[entry["name"]] = entry["size"]
        for encoding, suffix in ENCODINGS.items():
            if encoding != "br" or brotli is not None:
                sizes[entry["name"] + suffix] = entry.get(encoding, -1)
    for name, size in sizes.items():
        try:
            if (made / name).stat().st_size != size:
                return None
        except OSError:
            return None
    folder.mkdir(parents=True, exist_ok=True)
    for name in [*sizes, MANIFEST]:  # the manifest last: it names only files already there
        partial = folder / f".{name}.{os.getpid()}.partial"
        shutil.copyfile(made / name, partial)
        os.replace(partial, folder / name)
    _leave_only(folder, manifest["files"])
    return manifest


BUILT_NAME = re.compile(
    r"(?:scorekeeper-[0-9a-f]{12}\.zip|stdlib-[0-9a-f]{12}\.zip|worker-[0-9a-f]{12}\.js"
    r"|words-[a-z]{2}-[0-9a-f]{12}\.mo)(?:\.br|\.gz)?|\..+\.partial"
)


@functools.cache
def read_manifest(folder: Path) -> dict[str, Any] | None:
    """The manifest of the build in ``folder``; None when there is none (or of another
    format). Read once per process for each folder."""
    try:
        found = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        return None
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the files a phone downloads to run the engine (issue 54)."
    )
    parser.add_argument("folder", nargs="?", type=Path, default=None, help="default: build/phone")
    parser.add_argument("--vendor", type=Path, default=None, help="Pyodide's folder's parent")
    parser.add_argument("--salt", default="", help="a new engine build of the same code")
    options = parser.parse_args(argv)
    folder = options.folder or default_folder()
    manifest = build(folder, vendor=options.vendor, salt=options.salt)
    names = ", ".join(entry["name"] for entry in manifest["files"].values())
    print(f"phone files built in {folder}: {names}", file=sys.stderr)
    if "stdlib" not in manifest["files"]:
        print("no standard library: Pyodide is not fetched (make pyodide)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
