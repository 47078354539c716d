"""Helpers of tests/web/test_chart.py."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


# docs/rules/israeli-whist.md's example 1, a thrown-in deal, then hand 3 of
# tests/games/israeli_whist/test_stats.py.
TOTALS = [(-20, 19, -10, -40), (-20, 19, -10, -40), (15, 45, 40, -50)]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def lines(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "l" in g.get("class", "").split()]


def points(group: ET.Element) -> list[tuple[float, float]]:
    line = next(p for p in group.iter(f"{SVG}polyline") if p.get("class") != "k")
    return [tuple(map(float, pair.split(","))) for pair in line.get("points").split()]


def label(group: ET.Element) -> ET.Element:
    return group.find(f"{SVG}text")


def value_map(root: ET.Element) -> tuple[float, float]:
    """The chart's y = y_of_zero + per_point · total, read off the first line's first two
    points (hand 0 is always 0; hand 1 is ``TOTALS[0]``)."""
    (_, y0), (_, y1) = points(lines(root)[0])[:2]
    return y0, (y1 - y0) / TOTALS[0][0]


def said(text: ET.Element) -> list[str]:
    """A label's lines as drawn: its text's, then each of its tspans' (without the space a
    line broken between words keeps at its end, which a left-aligned line does not show)."""
    return [line.rstrip(" ") for line in (text.text, *(line.text for line in text))]


def read(text: ET.Element) -> str:
    """A label as a screen reader reads it and a copy takes it: its text content."""
    return "".join(text.itertext())


def random_totals(hands: int, seed: int) -> list[tuple[int, ...]]:
    chooser = random.Random(seed)
    totals, rows = [0, 0, 0, 0], []
    for _ in range(hands):
        totals = [t + chooser.choice([-40, -20, -10, 11, 19, 26, 35, 50, 74]) for t in totals]
        rows.append(tuple(totals))
    return rows


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
