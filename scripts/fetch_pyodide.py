"""Fetches the pinned Pyodide release the phone runs the engine in (issue 34).

Pyodide is published on the npm registry; this needs neither Node.js nor npm, only
Python: it downloads the release's tarball, checks it against the sha512 integrity
pinned here (the one the registry's metadata gives for that version), and unpacks the
few files the engine needs, each beside its gzipped copy and (with the ``brotli`` wheel,
a dependency of the app) its Brotli copy, into a git-ignored folder the app serves
(``scorekeeper/web/offline/phone_engine.py``: a phone downloads 2.1 MB of the core instead of
2.8 MB: issue 44). Run by ``make pyodide``; does nothing when that folder already holds
this version, but add the Brotli copies a folder fetched before them lacks.

Beside the release it writes the standard library without docstrings and comments
(``python_stdlib.shed.zip``, its comment naming the sha256 of the library it was made
from), so that no server parses 9 MB of Python to cut what the phone is sent: the
build (`make phone`, issue 54) cuts it from this copy.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import shutil
import sys
import tarfile
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

try:
    import brotli
except ImportError:  # run by a Python without the app's dependencies: gzip alone
    brotli = None

VERSION = "0.28.3"
# The registry's ``dist.integrity`` of that version (https://registry.npmjs.org/pyodide).
INTEGRITY = (
    "sha512-rtCsyTU55oNGpLzSVuAd55ZvruJDEX8o6keSdWKN9jPeBVSN"
    "lynaKFG7eRqkiIgU7i2M6HEgYtm0atCEQX3u4A=="
)
URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
# The loader, the asm.js glue and WebAssembly core, the standard library, the lock file
# the loader reads at start: nothing else of the package (no packages are loaded).
FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Compressed with Brotli too, each at its (quality, lgwin): all but the standard library, a
# zip already compressed (and which the app sends cut to the engine's needs, compressed
# on its own). What a phone fetches goes at Brotli's best: the core at quality 11 takes
# 27 s of the 32 s all files took at 11 (benchmarks/brotli_levels.py) and saves 73 KB on
# 10, 323 KB on 9, which Keep's 3 MB cannot spare; its window of 4 MB packs it 3.6 KB
# tighter than 16 MB. The loader glue at 11 is 5.6 KB less than at 10 for about
# 1.5 s more (4.6 s at 11 with a 4 MB window on a loaded machine, as tight as 16 MB's
# 5.7 s): a tenth of a second of Slow 3G on every phone (issue 44). The lock file, of
# which a phone fetches only the ``info``, at 9.
BROTLI = {
    "pyodide.js": (11, 22),
    "pyodide.asm.js": (11, 22),
    "pyodide.asm.wasm": (11, 22),
    "pyodide-lock.json": (9, 22),
}
ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "vendor" / f"pyodide-{VERSION}"


def integrity_of(data: bytes) -> str:
    """The npm ``integrity`` string (Subresource Integrity form) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def unpack(data: bytes, target: Path) -> None:
    """Writes ``FILES`` from the tarball ``data`` into ``target`` (made anew, atomically:
    a folder half written is never taken for a whole one)."""
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in FILES:
            member = archive.getmember(f"package/{name}")
            source = archive.extractfile(member)
            if source is None:
                raise SystemExit(f"pyodide {VERSION}: {name} is not a file in the tarball")
            (partial / name).write_bytes(source.read())
    # Brotli and zlib let go of the interpreter while they compress: the Brotli copies (the
    # core's alone is most of the time) are made beside the gzip copies and the shed library,
    # on another core, not after them.
    with ThreadPoolExecutor(max_workers=1) as beside:
        brotli_copies = beside.submit(add_brotli, partial)
        for name in FILES:
            raw = (partial / name).read_bytes()
            # Gzipped once here, so the app sends the 12 MB as 5.5 MB without work per request.
            (partial / f"{name}.gz").write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
        add_shed(partial)
        brotli_copies.result()
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)


def add_brotli(folder: Path) -> None:
    """Writes beside each of ``BROTLI`` in ``folder`` its Brotli copy where there is none
    (at its settings in ``BROTLI``: 30 s on a slow machine, once), each through a
    partial file renamed when whole, the files side by side; nothing without the
    ``brotli`` wheel."""
    if brotli is None:
        return

    def compressed(name: str) -> None:
        packed = folder / f"{name}.br"
        if packed.is_file():
            return
        partial = packed.with_name(packed.name + ".partial")
        quality, lgwin = BROTLI[name]
        raw = (folder / name).read_bytes()
        partial.write_bytes(brotli.compress(raw, quality=quality, lgwin=lgwin))
        partial.rename(packed)

    # Each file on its own thread (Brotli lets go of the interpreter): the core's copy takes
    # most of the time, the others are made beside it.
    with ThreadPoolExecutor(max_workers=len(BROTLI)) as pool:
        list(pool.map(compressed, BROTLI))


def add_shed(folder: Path) -> None:
    """Writes beside the standard library in ``folder`` its copy without docstrings and
    comments (``phone_engine.SHED_STDLIB``: each Python file ``phone_stdlib.shed``, as
    the server would send it) unless a copy of this library is there, through a partial
    file renamed when whole."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.web.offline import phone_build as phone_engine
    from scorekeeper.web.offline import phone_stdlib

    whole = (folder / "python_stdlib.zip").read_bytes()
    if phone_engine.shed_library(folder, whole) is not None:
        return
    buffer = io.BytesIO(phone_stdlib.shed_zip(whole))
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.comment = phone_engine.shed_comment(whole)
    body = buffer.getvalue()
    shed = folder / phone_engine.SHED_STDLIB
    partial = shed.with_name(shed.name + ".partial")
    partial.write_bytes(body)
    partial.rename(shed)


def fetch() -> None:
    """Downloads, checks and unpacks the release into ``TARGET`` unless it is there."""
    if all((TARGET / f"{name}.gz").is_file() for name in FILES):
        return
    print(f"fetching Pyodide {VERSION} from {URL}", file=sys.stderr)
    try:
        with urllib.request.urlopen(URL, timeout=120) as response:  # noqa: S310 (fixed https)
            data = response.read()
    except OSError as error:  # no network, the registry down: said plainly, no traceback
        raise SystemExit(f"pyodide {VERSION}: could not fetch {URL}: {error}") from None
    found = integrity_of(data)
    if found != INTEGRITY:
        raise SystemExit(f"pyodide {VERSION}: the tarball's integrity is {found}, not {INTEGRITY}")
    unpack(data, TARGET)


def main() -> int:
    fetch()
    add_brotli(TARGET)
    add_shed(TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
