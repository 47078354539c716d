"""What a game's pages show, as plain data: the app translates and prints it, never works it out.

A game turns its replayed hands into :class:`HandView` rows (the scoreboard, the live view
and the printed sheet all read them) and its settings into :class:`RulesLine` s for the
sheets. Text in them is either a translatable :class:`~.messages.Message` or a
:class:`Notation`: numbers, bids and formulas that read left to right in every language
(``+19``, ``7♥``, ``10 + n²``). Plain ``int`` s are numbers the page prints as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from .messages import Message, with_sides

MINUS = "\u2212"


def signed(points: int) -> str:
    """Points as players write them: ``+19``, ``−20``, ``0``."""
    points = int(points)  # a SignedPoints prints through this very function
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


def total(points: int) -> str:
    """A running total: no plus sign, a true minus sign."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


class Notation(str):
    """Text in a notation that reads left to right whatever the page's language: points,
    bids, formulas. A page keeps it left to right inside a right-to-left sentence."""


class DecimalFigure(Notation):
    """A number with decimals (a mean, a rating): left to right like all notation, written
    with the page's decimal sign ("1.5", "1,5" in French and German). As text it is the
    English form, which the API and the CLI keep; a page writes it through
    ``language.decimal_text`` (``web/i18n.py``'s ``shown`` and ``Words.shown``)."""

    value: float
    digits: int
    sign: bool

    def __new__(cls, value: float, digits: int = 1, sign: bool = False) -> DecimalFigure:
        rounded = Decimal(repr(abs(value))).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_EVEN)
        text, zero = f"{rounded:f}", not rounded  # rounded as Babel rounds, half to even
        if value < 0 and not zero:
            text = MINUS + text
        elif sign and not zero:
            text = "+" + text
        made = super().__new__(cls, text)
        made.value, made.digits, made.sign = value, digits, sign
        return made


class SignedPoints(int):
    """A number of points that prints with its sign (``+19``, ``−20``) inside a sentence."""

    def __str__(self) -> str:
        return signed(self)


Piece = Message | str
"""A piece of a label: a Message the page translates, or notation it prints as it is."""


@dataclass(frozen=True, slots=True)
class Label:
    """A short label of a hand (a bid ``7♥``, ``over``, ``thrown in``): its pieces, printed
    one after the other, and the page's classes for it ("r" for a red suit)."""

    pieces: tuple[Piece, ...]
    css: str = ""

    def __str__(self) -> str:
        return "".join(self.pieces)

    @classmethod
    def dotted(cls, *pieces: Piece | None) -> Label:
        """The pieces one after another with " · " between them, a None left out: how a
        hand went and what came with it ("with Dana · made by 4 · petit au bout")."""
        shown = [piece for piece in pieces if piece is not None]
        return cls(tuple(part for piece in shown for part in (" · ", piece))[1:])


@dataclass(frozen=True, slots=True)
class PenaltyMark:
    """Penalties of one seat in one hand, shown apart from its points.

    ``mark`` is what the cell shows before the points ("R", "R×2"); ``label`` says it in
    words for a screen reader ("1 penalty: −100"), so the mark is never told by colour alone.
    """

    mark: tuple[Piece, ...]
    points: int  # what the penalties cost, a negative number
    label: Message
    tone: str = ""  # "bonus": points apart from the hand's that are no penalty (Seeger-Fabian)


@dataclass(frozen=True, slots=True)
class FootLine:
    """A line under a sheet's hands summing them up per side (Skat: games won and lost,
    the Seeger-Fabian points): what it counts, and a cell per side."""

    label: Message
    cells: tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class GameNotes:
    """What a game says about a whole game beyond its totals (``Game.notes``): the line
    under a finished game's result (Doppelkopf: each player's money), what finishing now
    gives up (Doppelkopf: "3 Bock hands are still owed."), and the lines under the sheet's
    hands per side (Skat: games won and lost, the Seeger-Fabian points)."""

    result: Message | None = None
    owed: Message | None = None
    foot: tuple[FootLine, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat in one hand: what the table wrote down (``entry``, e.g. bid and tricks,
    empty for a deal nobody played), the hand's points before penalties, the running total,
    and whether the seat made what it bid (None when it bid nothing)."""

    entry: tuple[str, ...]
    points: int | None
    total: int
    made: bool | None = None
    penalty: PenaltyMark | None = None


@dataclass(frozen=True, slots=True)
class HandView:
    """One recorded hand as every page shows it: who dealt, the seat the hand is about
    (``about``: who won the auction, or None), the bid, how the hand went (``outcome``, in
    the game's words, e.g. "thrown in") and one :class:`SeatView` per seat."""

    number: int
    dealer: int
    about: int | None
    bid: Label | None
    outcome: Label
    seats: tuple[SeatView, ...]

    @property
    def penalised(self) -> bool:
        """Whether any seat paid a penalty in this hand."""
        return any(seat.penalty for seat in self.seats)


RuleValue = Message | Notation | int


@dataclass(frozen=True, slots=True)
class RevisionView:
    """One saved version of a hand on the Revisions page: what was bid and by whom, as parts
    a page joins with " · ", and each seat's part of the hand, in seat order: its figures
    in the words the hand's line says them ("bid 2, took 0", never a bare "2 0"), or None
    where the seat's side has none, and a penalty note ("1 penalty") or None. No seats for
    a thrown-in deal."""

    summary: tuple[Message, ...]
    seats: tuple[tuple[Message | Label | None, Message | None], ...]


@dataclass(frozen=True, slots=True)
class RulesLine:
    """One line of the rules printed on a score sheet: what it is and its value."""

    label: Message
    value: RuleValue


FigureValue = Message | Notation | str | int
"""A figure as a page prints it: a Message to translate, notation kept left to right,
plain text (a dash for "unknown") or a number."""


@dataclass(frozen=True, slots=True)
class FigureLine:
    """One line of a statistics table: what it is, and one value per column (player)."""

    label: Message
    values: tuple[FigureValue, ...]


NO_FIGURE = "–"  # a figure that is unknown (nothing attempted), never a misleading 0


def mean_figure(value: float | None, sign: bool = False) -> FigureValue:
    """A mean to one decimal with a true minus sign (and a plus sign when ``sign``), or a
    dash when there is nothing to average."""
    if value is None:
        return NO_FIGURE
    return DecimalFigure(value, 1, sign)


def label_words(label: Label) -> Message:
    """A label as one Message, for a sentence that names it: its pieces in order, each
    Message in the page's language, the notation kept left to right."""
    parts: list[Message | Notation] = []
    for piece in label.pieces:
        if isinstance(piece, Message):
            parts.append(piece)
        elif parts and isinstance(parts[-1], Notation):
            parts[-1] = Notation(parts[-1] + piece)  # "3", "NT", " X": one bid, "3NT X"
        else:
            parts.append(Notation(piece))
    params = {f"p{index}": part for index, part in enumerate(parts)}
    return Message("".join(f"%({name})s" for name in params), params)


def label_with_sides(label: Label, sides: Sequence[str]) -> Label:
    """``label`` with the sides its messages name (:class:`~.messages.Side`) named by their
    players, as a page shows it: "Noa & Marcus set", where the API says "B set"."""
    pieces = tuple(
        with_sides(piece, list(sides)) if isinstance(piece, Message) else piece
        for piece in label.pieces
    )
    return Label(pieces, label.css)


def bid_css(bid: Label) -> str:
    """A bid's classes on a page, and "n" for a bid in notation only (``7♣``), which reads
    left to right on a Hebrew page too; a bid with words in it follows the page."""
    words = any(isinstance(piece, Message) for piece in bid.pieces)
    return bid.css if words else f"{bid.css} n".strip()
