"""What a phone downloads to run the engine itself (issue 34): Pyodide and the engine.

- ``/engine/pyodide-<version>/<file>``: the pinned Pyodide release's loader, core and
  standard library, as ``scripts/fetch_pyodide.py`` (``make pyodide``) unpacked them from
  the npm registry into the git-ignored ``vendor/`` folder.
- ``/engine/stdlib-<hash>.zip``: Pyodide's standard library cut to the modules the engine
  and Pyodide's start import, without docstrings and comments (0.39 MB sent in Brotli
  instead of 2.32 MB: issue 44).
- ``/engine/worker-<hash>.js``: the worker that runs them (``static/phone-engine-worker.js``),
  with its own Content Security Policy: the one answer of the site that lets WebAssembly
  compile (``'wasm-unsafe-eval'``), so that no page's policy, nor its headers' bytes,
  changes.
- ``/engine/scorekeeper-<hash>.zip``: the engine package, with the pages the phone draws as
  the server does (issue 46).
- ``/engine/words-<language>-<hash>.mo``: the engine's sentences in one language but
  English; a phone fetches only its page's language (issue 44).

All but Pyodide's are built at install time, never by the server (issue 54):
``make phone`` (``web/offline/phone_build.py``) writes them at the addresses of their content's
hash, each beside its Brotli and gzip copies, with a manifest naming them, into the build
folder (``PHONE_BUILD`` in the app's config, ``$SCOREKEEPER_PHONE_BUILD``, else
``build/phone`` of the checkout). The server reads the manifest once and sends the files
as they lie: nothing is built, compressed, cached or written on a request. Without a
build, its log says so at the start and every engine address answers 404: Keep then fails
on its download and says so, and the rest of the app is as it was.

All are immutable at their address and cached for a year. No page fetches them on its
first load: ``static/phone-engine.js`` does, when a page asks for the engine. Each goes
in the encoding the browser takes that packs it best, Brotli (``br``) before gzip, never
for a Range (a part of the compressed bytes would be no part of the file), and as it is
for a browser that takes neither, with ``Vary: Accept-Encoding`` either way.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path

from flask import Response, abort
from flask.blueprints import BlueprintSetupState

from ..weight import light
from .blueprint import bp
from .engine_files import (  # noqa: F401  (DOWNLOADED, urls: what the tests name here)
    DOWNLOADED,
    PYODIDE_FILES,
    build_folder,
    built,
    encoding_taken,
    pyodide_folder,
    urls,
)
from .phone_build import (  # noqa: F401  (what the tests and scripts name here)
    ENCODINGS,
    ENGINE,
    PACKAGE_ROOT,
    PAGES,
    PYODIDE_VERSION,
    SERVER_ONLY,
    SHARED_TEMPLATES,
    SHED_STDLIB,
    STDLIB,
    build_engine_zip,
    build_stdlib,
    build_words,
    default_folder,
    read_manifest,
    shed_comment,
    shed_library,
    sources_hash,
    template_messages,
)

log = logging.getLogger(__name__)

YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"
WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"
MIMETYPES = {
    "engine": "application/zip",
    "stdlib": "application/zip",
    "worker": "text/javascript",
    "words": "application/octet-stream",
}


@bp.record
def said_at_start(state: BlueprintSetupState) -> None:
    """At the app's making, the build is read, and a missing or stale one said in the
    log, once per process and folder: the host sees why a phone cannot keep a game."""
    vendor = state.app.config.get("VENDOR")
    _checked(build_folder(state.app.config), Path(vendor) if vendor else None)


@functools.cache
def _checked(folder: Path, vendor: Path | None) -> None:
    manifest = read_manifest(folder)
    if manifest is None:
        log.warning(
            "the phone's engine files are not built in %s: phones cannot keep a game "
            "offline until `make phone` (scripts/build_phone_files.py) builds them",
            folder,
        )
    elif manifest["sources"] != sources_hash(vendor=vendor):
        log.warning(
            "the phone's engine files in %s were built from other sources than this "
            "server runs: run `make phone` (scripts/build_phone_files.py) again",
            folder,
        )


def encoded(response: Response, encoding: str | None) -> Response:
    """``response`` (of a body in ``encoding``, None for none) with its encoding said, the
    answer's dependence on ``Accept-Encoding`` and its year in every cache."""
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = IMMUTABLE
    return response


def send_built(logical: str, name: str, mimetype: str) -> Response:
    """The built file ``logical`` if the address asked for is its ``name``, in the
    encoding the browser takes best of those stored beside it; 404 for any other
    address. Nothing of the address names a file: it is looked up in the manifest."""
    entry = built().get(logical)
    if entry is None or entry["name"] != name:
        abort(404)
    encoding = encoding_taken([found for found in ENCODINGS if found in entry])
    path = build_folder() / (name + (ENCODINGS[encoding] if encoding else ""))
    try:
        found = path.stat()
    except OSError:
        abort(404)
    body = _release_file(path, found.st_mtime_ns, found.st_size)
    return encoded(Response(body, mimetype=mimetype), encoding)


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


@functools.lru_cache(maxsize=32)
def _release_file(path: Path, modified: int, size: int) -> bytes:
    """A file of the release as ``make pyodide`` left it, or of the phone's build as
    ``make phone`` left it, read once per process (a new copy, written again, is read
    again)."""
    return path.read_bytes()


@light
@bp.get("/engine/scorekeeper-<digest>.zip")
def engine(digest: str):
    """The engine's zip at the address of its hash (an old address answers 404, so a
    phone never keeps an engine under a name that is not its own)."""
    return send_built("engine", f"scorekeeper-{digest}.zip", MIMETYPES["engine"])


@light
@bp.get("/engine/words-<language>-<digest>.mo")
def words_file(language: str, digest: str):
    """The engine's words in ``language`` at the address of their hash: 404 for any other
    language (English has none) or hash."""
    return send_built(f"words-{language}", f"words-{language}-{digest}.mo", MIMETYPES["words"])


@light
@bp.get("/engine/stdlib-<digest>.zip")
def standard_library(digest: str):
    """The standard library cut for the engine at the address of its hash."""
    return send_built("stdlib", f"stdlib-{digest}.zip", MIMETYPES["stdlib"])


@light
@bp.get("/engine/worker-<digest>.js")
def worker(digest: str):
    """The engine's worker at the address of its hash, with the policy that lets it
    compile WebAssembly."""
    response = send_built("worker", f"worker-{digest}.js", MIMETYPES["worker"])
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    return response
