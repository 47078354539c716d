"""What Brotli's settings cost ``make pyodide`` and save Keep (issue 44).

    .venv/bin/python benchmarks/brotli_levels.py [--vendor FOLDER] [--quality 9 10 11]
        [--lgwin 22 24]

For each of Pyodide's files ``scripts/fetch_pyodide.py`` writes a Brotli copy of, it
prints, for each quality and window (``lgwin``), the size of the copy and the time
compressing it took, then the totals: what the phone fetches of them (all but the lock
file, of which a phone gets only the ``info``) and what ``make pyodide`` spends. The
rest of Keep (the cut library, the engine's zip: compressed by the server at 11, once) is
``benchmarks/offline.py``'s. Times are of this machine as it is: run it on a quiet one
to read them as final.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import fetch_pyodide  # noqa: E402 (the script's own list of files)

FETCHED = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm")
"""What a phone fetches of the files compressed at make pyodide's time."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vendor", type=Path, default=ROOT / "vendor")
    parser.add_argument("--quality", type=int, nargs="+", default=[9, 10, 11])
    parser.add_argument("--lgwin", type=int, nargs="+", default=[22, 24])
    options = parser.parse_args()
    folder = options.vendor / f"pyodide-{fetch_pyodide.VERSION}"
    settings = [(quality, lgwin) for quality in options.quality for lgwin in options.lgwin]
    totals = {setting: [0, 0, 0.0] for setting in settings}  # fetched, all, seconds
    print(f"{'file':<20} {'size':>10} {'quality':>7} {'lgwin':>5} {'brotli':>10} {'seconds':>8}")
    for name in fetch_pyodide.BROTLI:
        raw = (folder / name).read_bytes()
        for quality, lgwin in settings:
            started = time.perf_counter()
            size = len(brotli.compress(raw, quality=quality, lgwin=lgwin))
            seconds = time.perf_counter() - started
            total = totals[quality, lgwin]
            total[0] += size if name in FETCHED else 0
            total[1] += size
            total[2] += seconds
            print(f"{name:<20} {len(raw):>10} {quality:>7} {lgwin:>5} {size:>10} {seconds:>8.1f}")
        sys.stdout.flush()
    print()
    print(f"{'quality':>7} {'lgwin':>5} {'fetched':>10} {'all':>10} {'seconds':>8}")
    for (quality, lgwin), (fetched, every, seconds) in totals.items():
        print(f"{quality:>7} {lgwin:>5} {fetched:>10} {every:>10} {seconds:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
