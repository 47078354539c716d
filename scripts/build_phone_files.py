"""Builds the files a phone downloads to run the engine (issue 54), as ``make phone`` does.

    .venv/bin/python scripts/build_phone_files.py [folder] [--vendor DIR] [--salt TEXT]

Writes the engine's zip, its words files, the standard library cut for it (once ``make
pyodide`` has fetched Pyodide) and the engine's worker, each at the address of its
content's hash beside its Brotli and gzip copies, with ``manifest.json`` naming them, into
``folder`` (by default ``build/phone`` of the checkout, or ``$SCOREKEEPER_PHONE_BUILD``),
and removes the files of the build before. The server only reads them
(``scorekeeper/web/offline/phone_build.py``, ``scorekeeper/web/offline/phone_engine.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.web.offline.phone_build import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
