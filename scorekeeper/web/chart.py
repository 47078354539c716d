"""Running totals as an inline SVG line chart, drawn on the server.

The chart needs no JavaScript and loads nothing. It takes its text colour from the page
(``currentColor``) and has no background, so a dark theme and paper both work; lines
differ in dash pattern as well as colour, so they stay apart in grey print and for
colour-blind readers. A page may recolour line ``i`` by setting ``--chart-i``.

The root element has the class ``skc`` and ``width="100%"``; a page that wants it smaller
sets ``max-width`` on ``svg.skc``. Everything is drawn left to right with ``direction:ltr``
so numbers and the hand axis stay the same on a right-to-left page.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..engine import Game, get_game
from ..engine.core.display import total

WIDTH = 320
HEIGHT = 200
TOP = 8
BOTTOM = 20  # room under the plot for the hand numbers
TICK_FONT = 11
NAME_FONT = 12
# Average glyph widths in em, only to size the margins: digits, and bold names (Hebrew
# letters in bold run wider than Latin ones, so this errs wide).
DIGIT = 0.6
BOLD = 0.72
NAME_LIMIT = 12  # characters of a label's line: a longer name goes on more lines
SMALLEST_NAME = 7  # px: a label never prints smaller, however crowded the chart
LEADER = 18  # length of the stub that joins a line's end to its name
DOT = 2  # px: the radius of the dot that marks where a line ends, at its last value
PARTNER_GAP = 0.5  # lines between a side's partners' names, each perhaps of several lines

# Okabe-Ito colours, the fourth darkened from #cc79a7 (2.8:1 on the page's light
# background) to #bf5fa0. The first four keep at least 3:1 contrast on white, the page's
# #f5f3ee and the dark #1e1f22 (tests/web/test_chart.py checks it). The last two, for charts
# of more lines, are weak on white, where the dash patterns tell them apart. Six colours
# and eight dashes: no two of a table's lines (up to 24) share both.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#bf5fa0", "#e69f00", "#56b4e9")
DASHES = ("none", "6 3", "2 2", "8 3 2 3", "4 4", "1 3", "10 2 2 2", "3 1 1 1")

# The classes are short because the style travels with every chart, and scoped under
# .skc because a <style> inside inline SVG applies to the whole page.
_STYLE = (
    (
        f".skc{{font:{TICK_FONT}px system-ui,sans-serif;direction:ltr}}"
        ".skc text{fill:currentColor;stroke:none}"
        ".skc .a{stroke:currentColor;stroke-opacity:.15}"
        ".skc .z{stroke:currentColor;stroke-opacity:.5}"
        ".skc polyline{fill:none;stroke-width:2;stroke-linejoin:round}"
        # A line's end, at its value; the stub from there to its name, thin and faint, so
        # that a stub bent to a nudged name never reads as the line going on.
        ".skc .e{fill:none}"
        ".skc .k{stroke-width:1;stroke-opacity:.6}"
        f".skc .l text{{font-size:{NAME_FONT}px;font-weight:600}}"
    )
    + "".join(f".skc .s{i}{{stroke:var(--chart-{i},{colour})}}" for i, colour in enumerate(COLOURS))
    + "".join(
        # A label printed smaller: a word longer than a line, or a chart crowded with lines.
        f".skc .l .f{size}{{font-size:{size}px}}"
        for size in range(SMALLEST_NAME, NAME_FONT)
    )
)

# The chart's <style> for a Content-Security-Policy that allows no other inline style.
STYLE_CSP_SOURCE = (
    "'sha256-" + base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode() + "'"
)

# Characters XML 1.0 forbids: a name holding one would make the whole page unparseable.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _num(value: float) -> str:
    """A coordinate rounded to one decimal, without a useless ``.0`` or ``-0``."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
        return "0" if text == "-0" else text
    return text


def _nice_step(raw: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is at least ``raw``."""
    if raw <= 1:
        return 1
    power = 10 ** math.floor(math.log10(raw))
    return next(f * power for f in (1, 2, 5, 10) if raw <= f * power)


def _value_range(values: Sequence[int]) -> tuple[float, float, list[int]]:
    """The totals' axis: its low and high ends, and round tick values between them.

    The range always holds 0, so the zero line shows; it ends a little past the data
    rather than at the next round number, so no chart wastes a quarter of its height.
    """
    low, high = min([0, *values]), max([0, *values])
    if low == high:  # nothing scored yet: centre the zero line
        low, high = -10, 10
    step = _nice_step((high - low) / 5)
    pad = (high - low) * 0.04
    ticks = list(range(math.ceil(low / step) * step, math.floor(high / step) * step + 1, step))
    return low - pad, high + pad, ticks


def _clean_name(name: str) -> str:
    """The name without characters XML forbids, and with its spaces collapsed."""
    return " ".join(_NOT_XML.sub("", name).split())


def _lines(name: str) -> list[str]:
    """The name whole, on lines of at most ``NAME_LIMIT`` characters broken between its
    words (at a space, after a hyphen), a word longer than that on a line of its own:
    never cut short (a printed sheet read "Maximiliane…"), a line broken at a space ending
    with it (the label's text keeps the name's spaces). A Hebrew
    name's lines each end with a right-to-left mark, which holds a hyphen at a line's end
    to the name's side, its left, where the chart's left-to-right text would put it on
    the right."""
    # Its words, a word longer than a line in its parts after each hyphen (each part with
    # what joins it to the one before it on a line: a space, or nothing after a hyphen).
    parts: list[tuple[str, str]] = []
    for word in name.split():
        pieces = [word] if len(word) <= NAME_LIMIT else re.findall(r"[^-]*-|[^-]+$", word)
        parts += [(piece, " " if i == 0 else "") for i, piece in enumerate(pieces)]
    lines: list[str] = []
    breaks: list[str] = []  # what each line break stands for: a space, or nothing
    for piece, joiner in parts:
        if lines and len(lines[-1]) + len(joiner) + len(piece) <= NAME_LIMIT:
            lines[-1] += joiner + piece
        else:
            breaks += [joiner] if lines else []
            lines.append(piece)
    lines = lines or [""]
    strong = (unicodedata.bidirectional(c) for c in name)
    mark = "\u200f" if next((b for b in strong if b in ("L", "R", "AL")), "L") != "L" else ""
    # A line broken at a space keeps it at its end, where a left-aligned label draws
    # nothing: the label's text, copied or read aloud, is the name with its spaces.
    return [line + mark + gap for line, gap in zip(lines, [*breaks, ""], strict=True)]


def _letters(line: str) -> int:
    """A label line's characters as printed: its right-to-left mark takes no room, the
    space it keeps at its end does (a line's box holds it)."""
    return len(line.replace("\u200f", ""))


def _spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near ``wanted`` but at least ``gap`` apart, within low..high.

    Labels that would overlap merge into a cluster centred on their wanted positions,
    so a crowd of labels spreads evenly around where the lines end.
    """
    clusters: list[list[int]] = [[i] for i in sorted(range(len(wanted)), key=wanted.__getitem__)]

    def start(members: list[int]) -> float:
        centre = sum(wanted[i] for i in members) / len(members)
        span = gap * (len(members) - 1)
        return min(max(centre - span / 2, low), max(high - span, low))

    merged = True
    while merged:
        merged = False
        for k in range(len(clusters) - 1):
            first, second = clusters[k], clusters[k + 1]
            if start(first) + gap * len(first) > start(second):
                clusters[k : k + 2] = [first + second]
                merged = True
                break
    placed = [0.0] * len(wanted)
    for members in clusters:
        top = start(members)
        for rank, i in enumerate(members):
            placed[i] = top + gap * rank
    return placed


class _Labels:
    """The names at the ends of a chart's lines, each whole: a label is one name or a
    side's partners, each name on lines of whole words (``_lines``) one under the other,
    half a line apart from the partner before. The running totals and the ratings draw
    them alike."""

    def __init__(self, labels: Sequence[Sequence[str]]) -> None:
        names = [[_lines(_clean_name(name)) for name in label] for label in labels]
        for label in names:  # a partner's name after the last line of the one before
            for name in label[:-1]:
                name[-1] += " "
        # Each label's lines, and which of them start a partner's name after the first.
        self.shown = [[line for name in label for line in name] for label in names]
        self.starts = [
            [i > 0 and j == 0 for i, name in enumerate(label) for j, _ in enumerate(name)]
            for label in names
        ]
        self.tall = [
            len(lines) + PARTNER_GAP * (len(label) - 1)
            for lines, label in zip(self.shown, names, strict=True)
        ]
        self.size = NAME_FONT

    def room(self) -> float:
        """The width the labels take at the chart's right: their longest line's, at most
        a line's, and at most two fifths of the chart."""
        longest = max((_letters(n) for label in self.shown for n in label), default=0)
        return min(LEADER + 6 + min(longest, NAME_LIMIT) * NAME_FONT * BOLD, WIDTH * 0.4)

    def placed(self, ends: Sequence[float], bottom: float) -> list[float]:
        """Where each label's middle goes, near its line's end (``ends``), apart from the
        others; a chart crowded with labels of several lines prints them smaller."""
        rows = max(self.tall, default=1)
        size = int((bottom - TOP) / (max(len(self.shown), 1) * rows)) - 1
        self.size = max(SMALLEST_NAME, min(NAME_FONT, size))
        # A label's middle is where its stub ends: one of several lines keeps half of them
        # from each edge.
        half = (self.size + 1) * (rows - 1) / 2
        return _spread(ends, (self.size + 1) * rows, TOP + half, bottom - half)

    def text(self, s: int, x_text: float, middle: float) -> str:
        """Label ``s`` as a ``<text>``, its lines centred on ``middle``, one under the
        other; a word longer than a line printed smaller, so that it ends inside the chart."""
        shown, starts = self.shown[s], self.starts[s]
        widest = max(map(_letters, shown), default=0)
        font = min(self.size, int((WIDTH - x_text) / (max(widest, 1) * BOLD)))
        font = max(SMALLEST_NAME, font)
        small = f' class="f{font}"' if font < NAME_FONT else ""
        first_y = middle + font * 0.35 - (font + 1) * (self.tall[s] - 1) / 2
        more = "".join(
            f'<tspan x="{_num(x_text)}" dy="{_num((font + 1) * (1 + PARTNER_GAP * new))}">'
            f"{escape(name)}</tspan>"
            for name, new in zip(shown[1:], starts[1:], strict=True)
        )
        return (
            f'<text x="{_num(x_text)}" y="{_num(first_y)}"{small}>{escape(shown[0])}{more}</text>'
        )


LINE_POINTS = 240


def _end(x: float, y: float, right: float, label_y: float) -> str:
    """A line's end at (``x``, ``y``), its last value: a dot there, and the stub on to its
    name (at ``label_y``, beside the plot's ``right``), thin, faint and solid. The stub runs
    level with the value to the plot's edge and only then turns to a name nudged away from
    it: the line itself never bends towards its name (Tyler's 100 read as about 85)."""
    dot = f'<circle class="e" cx="{_num(x)}" cy="{_num(y)}" r="{DOT}" stroke-dasharray="none"/>'
    turns = [(x + DOT + 1, y), (right + 6, y), (right + LEADER, label_y)]
    stub = " ".join(f"{_num(px)},{_num(py)}" for px, py in turns if px >= x + DOT + 1)
    return f'{dot}<polyline class="k" points="{stub}" stroke-dasharray="none"/>'


def _frame(
    title: str,
    description: str,
    box: tuple[float, float, float],
    scale: tuple[float, float, Sequence[float]],
    count: int,
) -> tuple[Callable[[float], float], Callable[[float], float], list[str]]:
    """A chart's x and y (``count`` steps across ``box``'s left to right, ``scale``'s low
    to high up to ``box``'s bottom), and its first parts: the ``<svg>`` with ``title`` (and
    ``description``, when given) as its accessible name and description, the grid at
    ``scale``'s ticks, the zero line and both axes' numbers."""
    left, right, bottom = box
    low, high, ticks = scale

    def x(step: float) -> float:
        return left + (right - left) * step / max(count, 1)

    def y(value: float) -> float:
        return bottom - (bottom - TOP) * (value - low) / (high - low)

    desc = f"<desc>{escape(description)}</desc>" if description else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="skc" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="100%" role="img"><title>{escape(title)}</title>{desc}<style>{_STYLE}</style>',
        '<path class="a" d="'
        + "".join(f"M{_num(left)} {_num(y(t))}H{_num(right)}" for t in ticks if t != 0)
        + '"/>',
        f'<path class="z" d="M{_num(left)} {_num(y(0))}H{_num(right)}"/>',
        '<g class="y" text-anchor="end">'
        + "".join(
            f'<text x="{_num(left - 4)}" y="{_num(y(t) + TICK_FONT * 0.35)}">{total(t)}</text>'
            for t in ticks
        )
        + "</g>",
        '<g class="x" text-anchor="middle">'
        + "".join(
            f'<text x="{_num(x(step))}" y="{HEIGHT - 6}">{step}</text>'
            for step in range(0, count + 1, _nice_step(count / 6))
        )
        + "</g>",
    ]
    return x, y, parts


def running_totals_svg(
    names: Sequence[str | Sequence[str]],
    totals: Sequence[Sequence[int]],
    *,
    title: str = "Running totals",
) -> str:
    """Returns an SVG chart of running totals, one line per name.

    ``totals[h]`` holds every player's total after hand ``h + 1`` (a thrown-in deal
    repeats the totals before it); each line starts at 0 for hand 0. A line's name may be
    several (a side's partners): its label then names each whole, one under the other,
    and no partner disappears behind the other. ``title`` is the
    accessible name, for a page in another language. Raises ValueError when a row of
    totals does not have one value per name.
    """
    for number, row in enumerate(totals, start=1):
        if len(row) != len(names):
            raise ValueError(f"hand {number} has {len(row)} totals for {len(names)} players")
    hands = len(totals)
    series = [[0, *(row[s] for row in totals)] for s in range(len(names))]
    low, high, ticks = _value_range([v for line in series for v in line])
    labels = _Labels([[name] if isinstance(name, str) else list(name) for name in names])
    left = max(len(str(t)) for t in ticks) * TICK_FONT * DIGIT + 6
    right = WIDTH - labels.room()
    bottom = HEIGHT - BOTTOM

    x, y, parts = _frame(title, "", (left, right, bottom), (low, high, ticks), hands)
    ends = [y(line[-1]) for line in series]
    placed = labels.placed(ends, bottom)
    # A line has at most about one point per unit of width: a long game's line keeps every
    # k-th hand and the last, exactly placed, and no phone draws a thousand-point line.
    step = -(-hands // LINE_POINTS) if hands > LINE_POINTS else 1
    kept = [*range(0, hands, step), hands]
    across = [f"{_num(x(h))}," for h in kept]  # the same hands on every line
    for s, line in enumerate(series):
        points = " ".join([a + _num(y(line[h])) for a, h in zip(across, kept, strict=True)])
        parts.append(
            f'<g class="l s{s % len(COLOURS)}" stroke-dasharray="{DASHES[s % len(DASHES)]}">'
            f'<polyline points="{points}"/>{_end(right, ends[s], right, placed[s])}'
            f"{labels.text(s, right + LEADER + 3, placed[s])}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def game_chart(
    progress: Any, names: Sequence[str], game: Game | None = None, **options: str
) -> str:
    """Returns the running-totals chart of a game ``game`` replayed (the default game's
    when None): its totals after each hand, read through the game, one line per side;
    ``names`` in seat order (a side's partners are named one under the other)."""
    game = game or get_game()
    sides = [[names[seat] for seat in side] for side in game.sides]
    return running_totals_svg(sides, [hand.totals for hand in progress.hands], **options)


def ratings_svg(
    lines: Sequence[tuple[str, Sequence[float]]], *, title: str, description: str = ""
) -> str:
    """Returns an SVG chart of ratings, one line per ``(label, ratings)``: a player's
    shown rating after each of their rated games of one kind, the first game at 1. Lines
    may differ in length (a kind played more often runs further). Drawn as the running
    totals are, with ``title`` and ``description`` as its accessible name and description;
    a line of one game is a dot."""
    games = max((len(values) for _label, values in lines), default=0)
    series = [[0.0, *values] for _label, values in lines]
    low, high, ticks = _value_range([v for line in series for v in line])
    labels = _Labels([[label] for label, _values in lines])
    left = max(len(str(t)) for t in ticks) * TICK_FONT * DIGIT + 6
    right = WIDTH - labels.room()
    bottom = HEIGHT - BOTTOM

    x, y, parts = _frame(title, description, (left, right, bottom), (low, high, ticks), games)
    ends = [y(line[-1]) for line in series]
    placed = labels.placed(ends, bottom)
    for s, line in enumerate(series):
        count = len(line) - 1
        step = -(-count // LINE_POINTS) if count > LINE_POINTS else 1
        kept = [*range(0, count, step), count]
        points = " ".join(f"{_num(x(g))},{_num(y(line[g]))}" for g in kept)
        parts.append(
            f'<g class="l s{s % len(COLOURS)}" stroke-dasharray="{DASHES[s % len(DASHES)]}">'
            f'<polyline points="{points}"/>{_end(x(count), ends[s], right, placed[s])}'
            f"{labels.text(s, right + LEADER + 3, placed[s])}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)


SPARK_WIDTH = 60
SPARK_HEIGHT = 18


def sparkline_svg(values: Sequence[float]) -> str:
    """A small line of ``values`` (a player's recent ratings, oldest first), hidden from
    screen readers: the page says the trend in words beside it. Empty for fewer than
    two values. Kept per line: a club's ratings page draws hundreds, the same until a
    player's next game."""
    return _sparkline(tuple(values))


@functools.lru_cache(maxsize=4096)
def _sparkline(values: tuple[float, ...]) -> str:
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    spread = (high - low) or 1.0

    def y(value: float) -> float:
        return SPARK_HEIGHT - 2 - (SPARK_HEIGHT - 4) * (value - low) / spread

    step = (SPARK_WIDTH - 4) / (len(values) - 1)
    # Plain one-decimal figures: a club's ratings page draws hundreds of these.
    points = " ".join(f"{2 + i * step:.1f},{y(v):.1f}" for i, v in enumerate(values))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="spark" viewBox="0 0 {SPARK_WIDTH} '
        f'{SPARK_HEIGHT}" width="{SPARK_WIDTH}" height="{SPARK_HEIGHT}" aria-hidden="true" '
        f'focusable="false"><polyline points="{points}"/></svg>'
    )
