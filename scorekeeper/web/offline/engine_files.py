"""The phone's engine files as this server holds them (a service of the ``offline``
area): where Pyodide's release and the phone's build lie, which files are built, the
encoding a browser takes, and the addresses ``static/phone-engine.js`` loads from. The
views that send them are ``phone_engine``'s; the kept page names them (``kept``)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from flask import current_app, request, url_for

from .phone_build import (
    ENCODINGS,
    ENGINE,
    PYODIDE_VERSION,
    STDLIB,
    default_folder,
    read_manifest,
)

PYODIDE_FILES = {
    "pyodide.js": "text/javascript",
    "pyodide.asm.js": "text/javascript",
    "pyodide.asm.wasm": "application/wasm",
    "python_stdlib.zip": "application/zip",
    "pyodide-lock.json": "application/json",
}
LOCK = "pyodide-lock.json"
DOWNLOADED = tuple(name for name in PYODIDE_FILES if name not in (STDLIB, LOCK))
"""What a phone downloads of the release itself: the standard library comes cut
(``stdlib``), and of the lock file (the release's 343 packages, none of which the engine
loads) only its ``info`` comes, inside ``urls``. Both whole files are still served, for
a phone kept before."""


def pyodide_folder() -> Path:
    """Where ``make pyodide`` unpacked the release (``VENDOR`` in the app's config, for
    the tests, or ``$SCOREKEEPER_VENDOR``, for a benchmark's server; by default
    ``vendor/`` at the top of the checkout)."""
    base = (
        current_app.config.get("VENDOR")
        or os.environ.get("SCOREKEEPER_VENDOR")
        or ENGINE.parent.parent / "vendor"
    )
    return Path(base) / f"pyodide-{PYODIDE_VERSION}"


def build_folder(config: dict[str, Any] | None = None) -> Path:
    """The folder of the phone's build (``PHONE_BUILD`` in the app's config, else
    ``phone_build.default_folder``)."""
    found = (config if config is not None else current_app.config).get("PHONE_BUILD")
    return Path(found) if found else default_folder()


def built() -> dict[str, dict[str, Any]]:
    """The build's files by logical name (``engine``, ``stdlib``, ``worker``,
    ``words-<language>``), each with its ``name`` and its bytes (``size``, ``br``,
    ``gzip``); empty without a build."""
    manifest = read_manifest(build_folder())
    return manifest["files"] if manifest else {}


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


def sent_size(entry: dict[str, Any]) -> int:
    """The bytes a built file takes over the wire to this browser."""
    encoding = encoding_taken([name for name in ENCODINGS if name in entry])
    return entry[encoding] if encoding else entry["size"]


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


NONE_BUILT = "0" * 12
"""The hash in an address of a file not built: it answers 404, as Pyodide's own files
do before ``make pyodide``."""


def _digest(entry: dict[str, Any] | None) -> str:
    """The hash in a built file's name (``scorekeeper-<hash>.zip``)."""
    if entry is None:
        return NONE_BUILT
    return entry["name"].rpartition("-")[2].partition(".")[0]


def urls() -> dict[str, Any]:
    """The addresses ``static/phone-engine.js`` loads from: the worker, Pyodide's folder
    (its ``indexURL``, ending in /), its standard library as the engine needs it (its
    ``stdLibURL``), the engine's zip and ``words``, the words file of each language by
    language (none for English; a kept page names only its own: ``web/offline/kept.py``); and
    ``lock``, the lock file's ``info`` (the worker gives Pyodide a lock of no packages:
    it loads none)."""
    pyodide = url_for("offline.pyodide", version=PYODIDE_VERSION, name="pyodide.js")
    files = built()
    return {
        "worker": url_for("offline.worker", digest=_digest(files.get("worker"))),
        "pyodide": pyodide.removesuffix("pyodide.js"),
        "stdlib": url_for("offline.standard_library", digest=_digest(files.get("stdlib"))),
        "engine": url_for("offline.engine", digest=_digest(files.get("engine"))),
        "words": {
            logical.removeprefix("words-"): url_for(
                "offline.words_file",
                language=logical.removeprefix("words-"),
                digest=_digest(entry),
            )
            for logical, entry in sorted(files.items())
            if logical.startswith("words-")
        },
        "lock": lock_info(),
    }
