"""Export of every game (issue 12): time and peak memory at 1,000 and 10,000 games.

    .venv/bin/python benchmarks/export.py [--hands 30] [--format json]

Builds (once; later runs reuse them) databases of 1,000 and of 10,000 games of ``--hands``
hands with ``benchmarks/scale.py``'s builder, then runs ``scorekeeper export`` on each in
a child process, writing to a file, and prints the wall time, the file's size and the
child's peak RSS (``resource.getrusage(RUSAGE_CHILDREN)``, taken after each child alone).

Targets (issue 12): peak RSS <= 100 MB at 10,000 games, and time linear in the games.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import build  # noqa: E402  (a sibling: the same games as every page is timed on)

TARGET_RSS_MB = 100.0
CHILD = """
import resource, sys
from scorekeeper.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def measure(path: Path, file_format: str, output: Path) -> tuple[float, float, int]:
    """(seconds, peak RSS in MB, bytes written) of one ``scorekeeper export`` in a child."""
    began = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD,
            "export",
            "--db",
            str(path),
            "--format",
            file_format,
            "-o",
            str(output),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = time.perf_counter() - began
    rss = int(done.stderr.strip().splitlines()[-1]) / 1024
    return seconds, rss, output.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--format", dest="file_format", choices=["json", "csv"], default="json")
    options = parser.parse_args()
    print(f"{'games':>8} {'seconds':>8} {'ms/game':>8} {'MB out':>8} {'peak RSS MB':>12}")
    for games in (1_000, 10_000):
        path = ROOT / "build" / "bench" / f"scale-{games}x{options.hands}.db"
        if not path.exists():
            build(path, games, options.hands)
        output = ROOT / "build" / "bench" / f"export-{games}.{options.file_format}"
        seconds, rss, size = measure(path, options.file_format, output)
        output.unlink()
        mark = "" if rss <= TARGET_RSS_MB else "  ✗"
        print(
            f"{games:8,} {seconds:8.1f} {seconds * 1000 / games:8.2f} {size / 2**20:8.0f} "
            f"{rss:12.0f}{mark}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
