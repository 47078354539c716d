"""The phone's files built as ``phone_build.build`` builds them, by the tests that build
many (a deploy a test, a build's own checks), with what is the same from one build to the
next made once a process: the words files of the same engine, the standard library cut for
the same Python files, each file compressed once for the same bytes. Each is a pure
function of what it is keyed by, so a build here writes the same bytes as one from scratch
(what ``make phone`` and the server's own build run is never patched)."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from unittest import mock

from scorekeeper.web.offline import phone_build, phone_stdlib

CUT_WORDS = phone_build.build_words


@functools.cache
def words_once(engine: Path) -> dict[str, tuple[bytes, str]]:
    """``phone_build.build_words`` of ``engine``, cut once a process: a pure function of the
    engine's sources and the catalogues, the same bytes for every salt (more than half of
    a deploy's build, six builds a test)."""
    return CUT_WORDS(engine)


CUT_LIBRARY = phone_stdlib.trim
COMPRESSED = phone_build.compressed


def digest(*parts: bytes) -> str:
    """The SHA-256 of ``parts``, each counted with its length (no two lists of parts give
    the same bytes to hash)."""
    found = hashlib.sha256()
    for part in parts:
        found.update(b"%d:" % len(part) + part)
    return found.hexdigest()


_cut: dict[str, bytes] = {}
_packed: dict[tuple[str, str, int], bytes] = {}


def cut_once(stdlib: bytes, sources: Mapping[str, bytes]) -> bytes:
    """``phone_stdlib.trim``, cut once a process for the same library and the same
    engine's Python files (by their bytes): a pure function of them. A deploy's new
    engine is the same code with another salt (a file that is not Python), so every
    deploy cuts the same library, which took a third of a deploy's build."""
    ordered = sorted(sources.items())
    key = digest(stdlib, *(part for name, body in ordered for part in (name.encode(), body)))
    if key not in _cut:
        _cut[key] = CUT_LIBRARY(stdlib, sources)
    return _cut[key]


def compressed_once(body: bytes, encoding: str, quality: int = phone_build.BROTLI_BEST) -> bytes:
    """``phone_build.compressed``, once a process for the same bytes, encoding and
    quality (a pure function of them): of a deploy's files only the new engine's zip is
    new bytes; its words, library and worker are the build before's."""
    key = (digest(body), encoding, quality)
    if key not in _packed:
        _packed[key] = COMPRESSED(body, encoding, quality)
    return _packed[key]


def built(folder: Path, **options) -> dict[str, Any]:
    """``phone_build.build`` into ``folder``, its words files cut once (``words_once``), its
    standard library cut once (``cut_once``) and each file compressed once
    (``compressed_once``) for the same bytes: the same files as a build from scratch."""
    with (
        mock.patch.object(phone_build, "build_words", words_once),
        mock.patch.object(phone_stdlib, "trim", cut_once),
        mock.patch.object(phone_build, "compressed", compressed_once),
    ):
        return phone_build.build(folder, **options)
