"""What a phone downloads to run the engine itself (issue 34): Pyodide and the engine.

- ``/engine/pyodide-<version>/<file>``: the pinned Pyodide release's loader, core and
  standard library, as ``scripts/fetch_pyodide.py`` (``make pyodide``) unpacked them from
  the npm registry into the git-ignored ``vendor/`` folder, each sent in Brotli or gzip
  when the browser takes it (they are stored so, so no request compresses 8 MB).
- ``/engine/stdlib-<hash>.zip``: Pyodide's standard library cut to the modules the engine
  and Pyodide's start import, without docstrings and comments
  (``scorekeeper/web/phone_stdlib.py``; 0.39 MB sent in Brotli instead of 2.32 MB: issue
  44), at the address of its content, so a phone fetches it once for
  every game it keeps.
- ``/engine/worker-<hash>.js``: the worker that runs them (``static/phone-engine-worker.js``),
  with its own Content Security Policy: the one answer of the site that lets WebAssembly
  compile (``'wasm-unsafe-eval'``), so that no page's policy, nor its headers' bytes,
  changes.
- ``/engine/scorekeeper-<hash>.zip``: the engine package (``scorekeeper/engine``, which
  imports only the standard library) as one zip built from the code this server runs,
  once per process; its address carries its content's hash. With it, the pages the
  phone draws as the server does (``scorekeeper/pages``, the templates they draw,
  ``SHARED_TEMPLATES``, and jinja2 and markupsafe, pure Python, to draw them: issue 46).
- ``/engine/words-<language>-<hash>.mo``: the engine's sentences in one language but
  English: the app's compiled catalogue cut to the messages the engine's sources and
  those templates name, so a phone without the network says them as the server's pages
  do. The worker writes it where ``engine/core/language.py`` reads it
  (``engine/catalogues/<language>.mo``); a phone fetches only its page's language
  (issue 44: the two were 46 kB of the zip's Brotli, a second on Slow 3G).

All are immutable at their address and cached for a year. No page fetches them on its
first load: ``static/phone-engine.js`` does, when a page asks for the engine.

What is sent over the wire is what counts on a slow link (issue 44): each zip and each of
Pyodide's files goes in the encoding the browser takes that packs it best, Brotli
(``br``: what Chromium asks for from a secure or local origin) before gzip, each compressed
once (Pyodide's by ``make pyodide``, the zips at Brotli's best once per engine), never
for a Range (a part of the compressed bytes would be no part of the file), and as it is
for a browser that takes neither, with ``Vary: Accept-Encoding`` either way.

Built once, not once per process (issue 44): the zips and their compressed copies are
kept in a private cache folder (``cached``), each file under the hash of what it was
built from and checked against its content's hash when read, so a server's start (a
test worker's, the first phone's after a restart) reads files instead of parsing 3 MB
of Python; the standard library is cut from the copy without docstrings ``make
pyodide`` wrote beside the release. A new build prunes the folder of the files no
process has used for an hour (``prune``): it holds the current engine's, not one per
engine ever served.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import gzip
import hashlib
import hmac
import io
import json
import os
import re
import secrets
import stat
import sys
import threading
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from babel.messages.mofile import read_mo, write_mo
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    has_app_context,
    request,
    url_for,
)
from jinja2.ext import extract_from_ast

from ..db.files import private_folder
from ..engine.core.language import LANGUAGES
from . import phone_stdlib
from .weight import light

try:
    import brotli
except ImportError:  # an install without the wheel: gzip alone
    brotli = None

O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

try:
    import fcntl
except ImportError:  # Windows: each process builds its own (``_building``)
    fcntl = None  # type: ignore[assignment]

bp = Blueprint("phone_engine", __name__)

PYODIDE_VERSION = "0.28.3"
"""The version ``scripts/fetch_pyodide.py`` pins (a test holds them equal)."""
PYODIDE_FILES = {
    "pyodide.js": "text/javascript",
    "pyodide.asm.js": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
STDLIB = "python_stdlib.zip"
SHED_STDLIB = "python_stdlib.shed.zip"
"""The library without docstrings and comments, written by ``make pyodide``."""
LOCK = "pyodide-lock.json"
DOWNLOADED = tuple(name for name in PYODIDE_FILES if name not in (STDLIB, LOCK))
"""What a phone downloads of the release itself: the standard library comes cut
(``stdlib``), and of the lock file (the release's 343 packages, none of which the engine
loads) only its ``info`` comes, inside ``urls``. Both whole files are still served, for
a phone kept before."""
YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"
PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # scorekeeper/, as installed
ENGINE = PACKAGE_ROOT / "engine"
PAGES = PACKAGE_ROOT / "pages"
TEMPLATES = PACKAGE_ROOT.parent / "templates"
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
WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"


def pyodide_folder() -> Path:
    """Where ``make pyodide`` unpacked the release (``VENDOR`` in the app's config, for
    the tests, or ``$SCOREKEEPER_VENDOR``, for a benchmark's server; by default
    ``vendor/`` at the top of the checkout)."""
    base = (
        current_app.config.get("VENDOR")
        or os.environ.get("SCOREKEEPER_VENDOR")
        or PACKAGE_ROOT.parent / "vendor"
    )
    return Path(base) / f"pyodide-{PYODIDE_VERSION}"


ENCODINGS = {"br": ".br", "gzip": ".gz"}
"""The encodings the engine's files are sent in, the tighter first, with their files'
suffixes."""


def encoding_taken(available: Iterable[str]) -> str | None:
    """Of the ``available`` encodings (of ``ENCODINGS``), the one the request's
    ``Accept-Encoding`` takes at the highest quality, the tighter at equal quality; None
    (the file as it is) when it takes none, or for a request of a Range."""
    if "Range" in request.headers:
        return None
    taken = request.accept_encodings
    best, quality = None, 0.0
    for name in ENCODINGS:
        if name in available and taken[name] > quality:
            best, quality = name, taken[name]
    return best


def encoded(response: Response, encoding: str | None) -> Response:
    """``response`` (of a body in ``encoding``, None for none) with its encoding said, the
    answer's dependence on ``Accept-Encoding`` and its year in every cache."""
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = IMMUTABLE
    return response


def packed(body: bytes, encoding: str) -> bytes:
    """``body`` compressed in ``encoding``, once for the same bytes (in the process, and
    on disk in the app's ``cache_folder``). Brotli with its largest window, at its best
    (11) where the result is kept on disk, so built once per engine: 62 kB less of the
    engine's zip and the cut library than at 9, on a link where every 50 kB is a second
    (Slow 3G), for about 6 s of one process's time once (issue 44); at 9 where each
    process would build it again (no cache folder): within a tenth of its best, in a
    fraction of a second."""
    return _packed(body, encoding, cache_folder() if has_app_context() else None)


BROTLI_KEPT = 11
"""Brotli's quality for a copy kept on disk (``packed``); 9 for one built per process."""


@functools.cache
def _packed(body: bytes, encoding: str, cache: Path | None) -> bytes:
    def build() -> bytes:
        if encoding == "br" and brotli is not None:
            return brotli.compress(body, quality=BROTLI_KEPT if cache else 9, lgwin=24)
        return gzip.compress(body, compresslevel=9, mtime=0)

    name = encoding if encoding == "gzip" or brotli is not None else "gzip"
    return cached(cache, name, inputs_key({name: body}), build)


# --- built once: the cache on disk ------------------------------------------------------

CACHE_FORMAT = b"scorekeeper-engine-cache 1"
"""The first line of each cached file starts with it (then its key and its content's
sha256): a file of another format, key or content is never served."""
BUILDERS = (Path(__file__), Path(phone_stdlib.__file__))


def inputs_key(inputs: dict[str, bytes]) -> str:
    """The hash of what a build reads: the ``inputs`` by name, this Python's version
    (``ast.unparse`` writes as it) and the code that builds (this module and
    ``phone_stdlib``), so a change to any of them builds again."""
    digest = hashlib.sha256(CACHE_FORMAT + sys.version.encode())
    for part in [*(path.read_bytes() for path in BUILDERS), *inputs]:
        digest.update(b"%d:" % len(part) + (part.encode() if isinstance(part, str) else part))
    for body in inputs.values():
        digest.update(b"%d:" % len(body) + body)
    return digest.hexdigest()


def cache_folder() -> Path | None:
    """The folder the engine's builds are kept in between processes (``ENGINE_CACHE`` in
    the app's config, or ``$SCOREKEEPER_ENGINE_CACHE``; by default ``engine-cache`` in
    the instance folder), made 0700. None (each process builds) when it cannot be made,
    or is not this user's alone: a folder others may write in (a host's careless umask)
    could have its files swapped."""
    base = (
        current_app.config.get("ENGINE_CACHE")
        or os.environ.get("SCOREKEEPER_ENGINE_CACHE")
        or Path(current_app.instance_path) / "engine-cache"
    )
    try:
        folder = private_folder(base)
        info = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
        return None
    return folder


def cached(folder: Path | None, kind: str, key: str, build: Callable[[], bytes]) -> bytes:
    """What ``build()`` gives for the inputs of hash ``key``, read from ``folder`` when a
    whole and untouched copy is there, else built and written there (0600, through a
    partial file renamed when whole), and the folder pruned of what no engine has used
    for ``STALE`` seconds (``prune``: a new file is a new engine, or a new library).
    Without a folder, or when it cannot be written, built here. A cached file is served
    only if it is a regular file of this user that no one else may write, of this
    format, for this key, no larger than ``LARGEST``, and its content has the sha256 its
    first line says: a half-written, altered or swollen file is built again."""
    if folder is None:
        return build()
    path = folder / f"{kind}-{key[:32]}.bin"
    found = read_cached(path, key)
    if found is not None:
        return found
    with _building(path) as built:
        found = read_cached(path, key)  # built meanwhile by the process it waited for
        if found is not None:
            return found
        body = _write_cached(folder, path, key, build())
        built()
        return body


@contextlib.contextmanager
def _building(path: Path) -> Iterator[Callable[[], None]]:
    """Holds the lock file beside ``path`` (``.<name>.lock``) while it is built, so that
    the processes (or threads) wanting the same build at once wait for the first one and
    read what it wrote: a server's workers started together, the suite's workers on an
    empty cache, each took about 15 CPU-seconds for the engine. Gives the function that
    removes the lock file once the build is written (those waiting hold it open and read
    the build; one coming later finds the build first). Without flock or a lock file,
    nothing is held: each builds, as before."""
    lock_path = path.with_name(f".{path.name}.lock")
    lock = None
    if fcntl is not None:
        with contextlib.suppress(OSError):
            lock = os.open(lock_path, os.O_RDWR | os.O_CREAT | O_NOFOLLOW, 0o600)
    if lock is None:
        yield lambda: None
        return
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield lambda: lock_path.unlink(missing_ok=True)
    finally:
        os.close(lock)  # which releases the lock


def _write_cached(folder: Path, path: Path, key: str, body: bytes) -> bytes:
    """Writes ``body`` as the cached file ``path`` for ``key`` (``cached``)."""
    head = b"%s %s %s\n" % (CACHE_FORMAT, key.encode(), hashlib.sha256(body).hexdigest().encode())
    partial = folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.partial"
    try:
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            os.fchmod(out.fileno(), 0o600)  # the umask narrows the mode; never widens it
            out.write(head + body)
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink()
    else:
        prune(folder, keep=path)
    return body


LARGEST = 32 * 1024 * 1024
"""The largest cached file read (the largest built, the whole library cut, is under 6 MB):
a larger one is never read into memory, but built again over it."""
STALE = 3600
"""Seconds a cached file may go unused before a new build prunes it (``prune``)."""
CACHED_NAME = re.compile(
    r"(?:engine|words|stdlib|br|gzip)-[0-9a-f]{32}\.bin|\..+\.partial|\..+\.bin\.lock"
)


def prune(folder: Path, keep: Path | None = None, now: float | None = None) -> list[str]:
    """Removes from the cache ``folder`` the files no engine has used for ``STALE``
    seconds (each read or write of a file marks it used: ``read_cached``), but ``keep``:
    older engines' builds and partial files a writer left. What another process may still
    be reading is never cut short: a file used within the hour stays, and one removed is
    only unlinked, so a reader that opened it reads it whole. Only this module's own
    files go: regular files of this user, named as it names them; a link (planted or
    not), a folder or any other file is left as it is, and nothing is followed. Answers
    the names removed."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if keep is not None and entry.name == keep.name:
            continue
        if not CACHED_NAME.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
            continue
        if now - info.st_mtime < STALE:
            continue
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(folder, entry.name))
            removed.append(entry.name)
    return removed


def read_cached(path: Path, key: str) -> bytes | None:
    """The content of the cached file ``path`` for ``key``; None unless it is whole,
    untouched, no larger than ``LARGEST`` and this user's alone (``cached``). A file
    read is marked used (its time of change set to now) so that ``prune`` keeps it."""
    try:
        descriptor = os.open(path, os.O_RDONLY | O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as source:
        info = os.fstat(source.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid() or info.st_mode & 0o022:
            return None
        if info.st_size > LARGEST:
            return None
        data = source.read(LARGEST + 1)
        if len(data) > LARGEST:  # grown since
            return None
        with contextlib.suppress(OSError):
            os.utime(source.fileno())
    head, _, body = data.partition(b"\n")
    said = b"%s %s %s" % (CACHE_FORMAT, key.encode(), hashlib.sha256(body).hexdigest().encode())
    return body if hmac.compare_digest(head, said) else None


def packings() -> tuple[str, ...]:
    """The encodings this server can compress in."""
    return tuple(name for name in ENCODINGS if name != "br" or brotli is not None)


def send_zip(body: bytes, mimetype: str = "application/zip") -> Response:
    """A zip (or a words file) built in this process, in the encoding the request takes
    best."""
    encoding = encoding_taken(packings())
    response = Response(packed(body, encoding) if encoding else body, mimetype=mimetype)
    return encoded(response, encoding)


def engine_zip() -> tuple[bytes, str]:
    """The engine package as a zip (``scorekeeper/__init__.py`` and every ``.py`` under
    ``scorekeeper/engine``), and its content hash: built once per process."""
    built = current_app.extensions.get("scorekeeper.engine_zip")
    if built is None:
        built = build_engine_zip(ENGINE, cache_folder())
        current_app.extensions["scorekeeper.engine_zip"] = built
    return built


def words() -> dict[str, tuple[bytes, str]]:
    """The engine's words in each language that has a catalogue (none for English), as
    ``build_words`` cuts them, and each one's content hash: built once per process."""
    built = current_app.extensions.get("scorekeeper.engine_words")
    if built is None:
        built = build_words(ENGINE, cache_folder())
        current_app.extensions["scorekeeper.engine_words"] = built
    return built


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
    templates = {
        name: (package.parent / "templates" / name).read_bytes() for name in SHARED_TEMPLATES
    }
    files |= {f"templates/{name}": body for name, body in templates.items()}
    return sources, files, templates


def build_engine_zip(engine: Path, cache: Path | None = None) -> tuple[bytes, str]:
    """The zip of the engine package under ``engine`` and the first 12 hex digits of its
    sha256: ``phone_sources``'s files (each Python source ``phone_stdlib.shed``, without
    docstrings, comments and its functions' annotations), stored uncompressed (the
    server compresses it whole for the wire, which packs it tighter than file by file:
    0.25 MB sent in Brotli instead of 0.53 MB deflated: issue 44). No catalogue: each
    language's words are a file of their own (``build_words``), fetched only by a phone
    that speaks it. With a ``cache`` folder, built once for the same sources
    (``cached``): a process start then reads one file instead of parsing the engine's
    1.2 MB of Python."""
    _sources, files, _templates = phone_sources(engine)

    def build() -> bytes:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
            for name, data in files.items():
                # The Python files as the phone runs them: without docstrings, comments
                # and their functions' annotations.
                python = name.endswith(".py")
                shed = phone_stdlib.shed(data, annotated=False) if python else data
                archive.writestr(zipfile.ZipInfo(name, ZIP_TIME), shed)
        return buffer.getvalue()

    body = cached(cache, "engine", inputs_key(files), build)
    return body, hashlib.sha256(body).hexdigest()[:12]


def build_words(engine: Path, cache: Path | None = None) -> dict[str, tuple[bytes, str]]:
    """The engine's sentences in each language but English, by language: the app's
    compiled catalogue cut to the messages the engine's sources and the shared templates
    name (``cut_catalogue``), so a phone without the network says them as the server's
    pages do; each with the first 12 hex digits of its sha256, the address it is served
    at. Kept out of the engine's zip (issue 44: 46 kB of Brotli, a second on Slow 3G, of
    which a phone reads at most one language): a phone fetches only the language its
    page speaks. With a ``cache`` folder, built once for the same sources and catalogue."""
    package = engine.parent
    sources, files, templates = phone_sources(engine)

    @functools.cache
    def used() -> set[str]:
        """The messages the phone says, read from its sources (a second), once for
        every language built."""
        return engine_messages(sources) | template_messages(templates.values())

    found = {}
    for language in LANGUAGES:
        mo = package / "translations" / language / "LC_MESSAGES" / "messages.mo"
        if language == "en" or not mo.is_file():
            continue
        whole = mo.read_bytes()

        def build(whole: bytes = whole) -> bytes:
            return cut_catalogue(whole, used())

        body = cached(cache, "words", inputs_key(files | {f"{language}.mo": whole}), build)
        found[language] = body, hashlib.sha256(body).hexdigest()[:12]
    return found


# The calls whose first argument (and the plural's second) is a message the engine says:
# the engine's markers for ``pybabel extract`` (babel.cfg), and ``Words``'s own.
MARKERS = {"msg": 1, "nmsg": 2, "said_at_table": 1, "gettext": 1, "ngettext": 2}


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


def stdlib() -> tuple[bytes, bytes, str] | None:
    """The standard library cut for the engine (``build_stdlib``), gzipped, and its
    content hash; None when ``make pyodide`` has not fetched the release."""
    folder = pyodide_folder()
    source = folder / STDLIB
    if not source.is_file():
        return None
    info = source.stat()
    return _stdlib(folder, (info.st_mtime_ns, info.st_size), *engine_zip(), cache_folder())


@functools.cache
def _stdlib(
    folder: Path, stamp: tuple[int, int], engine: bytes, digest: str, cache: Path | None
) -> tuple[bytes, bytes, str]:
    return build_stdlib(folder, engine, cache)


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


def build_stdlib(
    folder: Path, engine: bytes, cache: Path | None = None
) -> tuple[bytes, bytes, str]:
    """The release's standard library (in ``folder``) cut to what the engine's zip
    ``engine`` and Pyodide's start import, without docstrings and comments, the same
    gzipped, and its content hash. Cut from the shed copy ``make pyodide`` wrote (no
    parsing here), or shed here when there is none; with a ``cache`` folder, once for
    the same library and engine. Raises ``OSError`` when the library cannot be read."""
    whole = (folder / STDLIB).read_bytes()
    shed = shed_library(folder, whole)
    sources = phone_stdlib.engine_sources(engine)

    def build() -> bytes:
        if shed is not None:
            return phone_stdlib.trim(shed, sources)
        return phone_stdlib.shed_zip(phone_stdlib.trim(whole, sources))

    inputs = {"stdlib": shed or whole, "engine": engine}
    body = cached(cache, "stdlib", inputs_key(inputs), build)
    return body, _packed(body, "gzip", cache), hashlib.sha256(body).hexdigest()[:12]


def lock_info() -> dict[str, Any] | None:
    """The ``info`` of the release's lock file (its version, Python's, the platform's),
    which Pyodide checks at start; None when ``make pyodide`` has not fetched it."""
    found = current_app.extensions.get("scorekeeper.pyodide_lock")
    if found is None:
        path = pyodide_folder() / LOCK
        if not path.is_file():
            return None
        found = json.loads(path.read_bytes())["info"]
        current_app.extensions["scorekeeper.pyodide_lock"] = found
    return found


def worker_script() -> tuple[bytes, str]:
    """The worker's script and its content hash, read once per process."""
    found = current_app.extensions.get("scorekeeper.engine_worker")
    if found is None:
        body = (Path(current_app.static_folder or "static") / WORKER).read_bytes()
        found = body, hashlib.sha256(body).hexdigest()[:12]
        current_app.extensions["scorekeeper.engine_worker"] = found
    return found


def urls() -> dict[str, Any]:
    """The addresses ``static/phone-engine.js`` loads from: the worker, Pyodide's folder
    (its ``indexURL``, ending in /), its standard library as the engine needs it (its
    ``stdLibURL``), the engine's zip and ``words``, the words file of each language by
    language (none for English; a kept page names only its own: ``web/kept.py``); and
    ``lock``, the lock file's ``info`` (the
    worker gives Pyodide a lock of no packages: it loads none)."""
    pyodide = url_for("phone_engine.pyodide", version=PYODIDE_VERSION, name="pyodide.js")
    cut = stdlib()
    return {
        "worker": url_for("phone_engine.worker", digest=worker_script()[1]),
        "pyodide": pyodide.removesuffix("pyodide.js"),
        # Not fetched yet: an address that answers 404, as Pyodide's own files then do.
        "stdlib": url_for("phone_engine.standard_library", digest=cut[2] if cut else "0" * 12),
        "engine": url_for("phone_engine.engine", digest=engine_zip()[1]),
        "words": {
            language: url_for("phone_engine.words_file", language=language, digest=digest)
            for language, (_body, digest) in words().items()
        },
        "lock": lock_info(),
    }


WARMING = "scorekeeper.engine_warming"


@bp.before_app_request
def warm_once() -> None:
    """At a serving app's first request (of any page), ``warm`` in the background, once
    per process: the engine's files are then ready before a phone keeps a game. Not for
    a test's app (each would build in its own folder), nor for a command that serves
    nothing."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    token = object()
    if app.testing or app.extensions.setdefault(WARMING, token) is not token:
        return
    threading.Thread(target=warm, args=(app,), name="engine-warm", daemon=True).start()


def warm(app: Flask) -> None:
    """Builds what Keep sends, or reads it from the cache folder: the engine's zip, its
    words files, the cut library and each one's compressed copies (Brotli at its best
    takes seconds: issue 44), so the first phone to keep a game after a new engine does
    not wait for them. A failure is logged; the requests build as before."""
    with app.app_context():
        try:
            bodies = [engine_zip()[0], *(body for body, _digest in words().values())]
            cut = stdlib()
            if cut:
                bodies.append(cut[0])
            for body in bodies:
                for encoding in packings():
                    packed(body, encoding)
        except Exception:  # a request builds again, and says what fails
            app.logger.exception("could not build the engine's files ahead of a phone")


@light
@bp.get("/engine/pyodide-<version>/<name>")
def pyodide(version: str, name: str):
    """A file of the pinned Pyodide release, in the encoding the browser takes best of
    those ``make pyodide`` stored beside it."""
    mimetype = PYODIDE_FILES.get(name)
    if version != PYODIDE_VERSION or mimetype is None:
        abort(404)
    path = pyodide_folder() / name
    stored = [
        found for found, suffix in ENCODINGS.items() if path.with_name(name + suffix).is_file()
    ]
    encoding = encoding_taken(stored)
    source = path.with_name(name + ENCODINGS[encoding]) if encoding else path
    if not source.is_file():
        abort(404)
    # Whole from memory, not conditional: no Range is answered (nor any part of a
    # compressed file sent), and a phone that goes before the 2 MB have left (a Keep
    # begun on a page the table leaves) leaves no file open behind it.
    found = source.stat()
    body = _release_file(source, found.st_mtime_ns, found.st_size)
    return encoded(Response(body, mimetype=mimetype), encoding)


@functools.lru_cache(maxsize=len(PYODIDE_FILES) * (len(ENCODINGS) + 1))
def _release_file(path: Path, modified: int, size: int) -> bytes:
    """A file of the release as ``make pyodide`` left it, read once per process (a new
    copy, written again, is read again)."""
    return path.read_bytes()


@light
@bp.get("/engine/scorekeeper-<digest>.zip")
def engine(digest: str):
    """The engine's zip at the address of its hash (an old address answers 404, so a
    phone never keeps an engine under a name that is not its own)."""
    body, current = engine_zip()
    if digest != current:
        abort(404)
    return send_zip(body)


WORDS_MIMETYPE = "application/octet-stream"


@light
@bp.get("/engine/words-<language>-<digest>.mo")
def words_file(language: str, digest: str):
    """The engine's words in ``language`` at the address of their hash: 404 for any other
    language (English has none) or hash. Nothing of the address names a file: it is
    looked up among the files built."""
    found = words().get(language)
    if found is None or digest != found[1]:
        abort(404)
    return send_zip(found[0], WORDS_MIMETYPE)


@light
@bp.get("/engine/stdlib-<digest>.zip")
def standard_library(digest: str):
    """The standard library cut for the engine at the address of its hash."""
    cut = stdlib()
    if cut is None or digest != cut[2]:
        abort(404)
    return send_zip(cut[0])


@light
@bp.get("/engine/worker-<digest>.js")
def worker(digest: str):
    """The engine's worker at the address of its hash, with the policy that lets it
    compile WebAssembly."""
    body, current = worker_script()
    if digest != current:
        abort(404)
    # Compressed as the zips are (a third of its bytes on Slow 3G's link).
    encoding = encoding_taken(packings())
    response = Response(packed(body, encoding) if encoding else body, mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    return encoded(response, encoding)
