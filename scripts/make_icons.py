"""Draws the app's icons (a white spade on the table's green) as PNG files.

A one-off: the PNGs are committed under static/icons/, and this script only has to run
again when the icon changes. It needs nothing beyond the standard library:

    python scripts/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

GREEN = (0x0A, 0x6B, 0x4D)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 4  # per pixel and axis, for smooth edges
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def in_spade(x: float, y: float) -> bool:
    """The spade in a unit box: x in -1..1 right, y in -1..1 down, point at the top."""
    # A heart upside down: (x² + y² − 1)³ − x²·y³ ≤ 0 with y pointing up, scaled.
    hx, hy = x / 0.66, (y + 0.08) / 0.6
    if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy**3 <= 0:
        return True
    # The stem: a triangle widening towards the bottom, with a flat foot.
    if 0.4 <= y <= 0.92:
        half = 0.03 + (y - 0.4) ** 2 * 1.1
        return abs(x) <= half
    return False


def in_rounded_square(x: float, y: float, radius: float) -> bool:
    """The square -1..1 with corners rounded to ``radius``."""
    cx, cy = max(abs(x) - (1 - radius), 0.0), max(abs(y) - (1 - radius), 0.0)
    return cx * cx + cy * cy <= radius * radius


def draw(size: int, spade_scale: float, corner: float | None) -> list[list[tuple]]:
    """RGBA rows: the green background (rounded when ``corner``) and the spade on it."""
    rows = []
    step = 2 / (size * SAMPLES)
    for py in range(size):
        row = []
        for px in range(size):
            back = spade = 0
            for sy in range(SAMPLES):
                y = -1 + (py * SAMPLES + sy + 0.5) * step
                for sx in range(SAMPLES):
                    x = -1 + (px * SAMPLES + sx + 0.5) * step
                    if corner is None or in_rounded_square(x, y, corner):
                        back += 1
                        if in_spade(x / spade_scale, y / spade_scale):
                            spade += 1
            total = SAMPLES * SAMPLES
            alpha = back / total
            if back == 0:
                row.append((0, 0, 0, 0))
                continue
            share = spade / back
            colour = tuple(round(g + (w - g) * share) for g, w in zip(GREEN, WHITE, strict=True))
            row.append((*colour, round(alpha * 255)))
        rows.append(row)
    return rows


def png(rows: list[list[tuple]]) -> bytes:
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(v for pixel in row for v in pixel) for row in rows)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    # "any" icons: a rounded tile. The maskable one fills the square and keeps the spade
    # inside the central circle (80 % of the width) that every mask shape leaves visible.
    for name, size, scale, corner in (
        ("icon-192.png", 192, 0.78, 0.22),
        ("icon-512.png", 512, 0.78, 0.22),
        ("maskable-512.png", 512, 0.55, None),
    ):
        (OUT / name).write_bytes(png(draw(size, scale, corner)))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
