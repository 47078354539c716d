"""Cuts the print sheet's font out of DejaVu Sans: static/fonts/scorekeeper-sans-*.woff2.

The printed sheet names its own font (static/print.css), so that every machine prints it
alike and a PDF's text reads back in whole words. With the system's fonts, a desktop that
has Noto Sans printed the digits in Noto and the minus sign U+2212 in DejaVu, and a PDF
reader then saw "− 9790", two words.

A one-off: the fonts are committed, and this script only has to run again when the
characters change. It needs fontTools with Brotli (``pip install 'fonttools[woff]'``)
and Debian's fonts-dejavu-core:

    python scripts/make_print_font.py             # the fonts, then their widths
    python scripts/make_print_font.py --widths    # the committed fonts' widths only

It also writes each character's advance width in both weights into
``scorekeeper/web/games/print_font.py``, by which the printed sheet sizes its columns
(``web/games/paper.py``): a column as wide as its longest word at 7 pt, never wider
than that word needs.

The subset keeps Latin (English, German and the names players type), Hebrew, the
punctuation, the minus sign, and the symbols the sheet prints (suits, ≥, ², ·, …); any
other character a name holds falls back to the system's fonts. The family is renamed
"Scorekeeper Sans" because it is modified (the Bitstream Vera licence, kept beside the
files in LICENSE-DejaVu.txt, asks that a modified font not be called Vera; the new name
also tells the bundled font apart from an installed DejaVu in a PDF). The file names
carry a version: the stylesheet asks for them without a content hash, and static files
are cached for a year, so a changed font needs a new name.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = Path("/usr/share/fonts/truetype/dejavu")
OUT = Path(__file__).resolve().parent.parent / "static" / "fonts"
WIDTHS = Path(__file__).resolve().parent.parent / "scorekeeper" / "web" / "games" / "print_font.py"
VERSION = 1
FAMILY = "Scorekeeper Sans"
WEIGHTS = {"Regular": "DejaVuSans.ttf", "Bold": "DejaVuSans-Bold.ttf"}

CHARACTERS = [
    *range(0x20, 0x7F),  # ASCII
    *range(0xA0, 0x180),  # Latin-1 and Latin Extended-A: German, and players' names
    *range(0x590, 0x600),  # Hebrew, with its points and punctuation
    *range(0x2010, 0x2028),  # dashes, quotes, bullet, ellipsis
    *range(0x2030, 0x205F),  # per mille, primes, guillemets
    *range(0x2070, 0x208F),  # superscripts and subscripts
    0x200E,  # left-to-right and right-to-left marks
    0x200F,
    *range(0x2066, 0x206A),  # the direction isolates (default-ignorable)
    0x20AA,  # new shekel sign
    0x20AC,  # euro sign
    *range(0x2190, 0x2196),  # arrows
    0x2212,  # minus sign
    0x00D7,  # multiplication sign
    *range(0x2260, 0x2266),  # ≠ ≤ ≥
    0x2605,  # stars: the leader
    0x2606,
    *range(0x2660, 0x2668),  # card suits, black and white
    0x2713,  # check marks
    0x2714,
]


def cut(weight: str, source: Path) -> Path:
    """Writes one weight's subset as WOFF2 and returns its path."""
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # Chromium draws unhinted outlines; it halves the file
    options.desubroutinize = True
    options.layout_features = ["kern", "liga", "mark", "mkmk", "ccmp", "locl", "rlig"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # keep the copyright and licence
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=CHARACTERS)
    subsetter.subset(font)
    _rename(font, weight)
    path = OUT / f"scorekeeper-sans-{weight.lower()}-v{VERSION}.woff2"
    subset.save_font(font, str(path), options)
    return path


def _rename(font: TTFont, weight: str) -> None:
    """Names the subset "Scorekeeper Sans" in every name record that held "DejaVu Sans"."""
    postscript = f"{FAMILY.replace(' ', '')}-{weight}"
    names = {
        1: FAMILY,
        2: weight,
        3: f"{postscript};v{VERSION};subset of DejaVu Sans",
        4: f"{FAMILY} {weight}" if weight != "Regular" else FAMILY,
        6: postscript,
    }
    table = font["name"]
    for record in table.names:
        if record.nameID in names:
            record.string = names[record.nameID]
    # Typographic family and subfamily (16, 17) would still say DejaVu: drop them.
    table.names = [r for r in table.names if r.nameID not in (16, 17)]


def write_widths() -> None:
    """Writes each weight's advance widths (in the font's units) by code point, as runs of
    consecutive characters, into WIDTHS."""
    lines = [
        '"""The advance widths of the printed sheet\'s font (static/fonts/), each character\'s in',
        "each weight, in the font's units: written by scripts/make_print_font.py from the",
        'committed fonts; not edited by hand."""',
        "",
        f"UNITS = {TTFont(_path('Regular'))['head'].unitsPerEm}",
        "",
        "# Each weight's runs of consecutive code points: the first, and the widths after it.",
        "RUNS = {",
    ]
    for weight in WEIGHTS:
        font = TTFont(_path(weight))
        widths = {code: font["hmtx"][name][0] for code, name in font.getBestCmap().items()}
        lines.append(f'    "{weight.lower()}": (')
        for first, run in _runs(widths):
            text = " ".join(map(str, run))
            chunks = [text[i : i + 80] for i in range(0, len(text), 80)]
            lines.append(f"        (\n            {first:#x},")
            lines += [f'            "{chunk}"' for chunk in chunks[:-1]]
            lines.append(f'            "{chunks[-1]}",\n        ),')
        lines.append("    ),")
    lines.append("}")
    WIDTHS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{WIDTHS.relative_to(OUT.parent.parent)}: {sum(1 for _ in WEIGHTS)} weights")


def _path(weight: str) -> Path:
    return OUT / f"scorekeeper-sans-{weight.lower()}-v{VERSION}.woff2"


def _runs(widths: dict[int, int]) -> list[tuple[int, list[int]]]:
    """``widths`` as runs of consecutive code points."""
    runs: list[tuple[int, list[int]]] = []
    for code in sorted(widths):
        if runs and runs[-1][0] + len(runs[-1][1]) == code:
            runs[-1][1].append(widths[code])
        else:
            runs.append((code, [widths[code]]))
    return runs


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if "--widths" not in sys.argv:
        for weight, filename in WEIGHTS.items():
            path = cut(weight, SOURCE / filename)
            print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size} bytes")
    write_widths()


if __name__ == "__main__":
    main()
