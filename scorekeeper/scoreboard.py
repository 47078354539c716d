"""What the scoreboard shows, built from the engine's ``GameProgress``: rows of plain
strings, so templates only print and never compute a score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from .engine import Bid, Denomination, GameProgress, PlayedHand
from .i18n import isolate, isolate_ltr

MINUS = "\u2212"


def signed(points: int) -> str:
    """Points as players write them: ``+19``, ``−20``, ``0``."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


def total(points: int) -> str:
    """A running total: no plus sign, a true minus sign."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


@dataclass(frozen=True, slots=True)
class BidLabel:
    level: str
    symbol: str
    red: bool

    @classmethod
    def of(cls, bid: Bid | str) -> BidLabel:
        if isinstance(bid, str):
            bid = Bid.from_str(bid)
        trump = bid.denomination.trump
        return cls(
            str(bid.level), denomination_symbol(bid.denomination), bool(trump and trump.is_red)
        )


def denomination_symbol(denomination: Denomination) -> str:
    """A suit symbol, or no-trump as the page's language abbreviates it."""
    if denomination is Denomination.NO_TRUMP:
        # Translators: no-trump as written after a level on a score sheet: 7NT.
        return _("NT")
    return denomination.symbol


def over_under_label(over_under: str) -> str:
    """The word "over" or "under" in the page's language."""
    return _("over") if over_under == "over" else _("under")


@dataclass(frozen=True, slots=True)
class RevokeMark:
    """Caught revokes in one seat's hand, shown apart from the contract's points.

    ``mark`` is what the cell shows ("R −100", "R×2 −200"); ``label`` says it in words for
    a screen reader ("1 revoke: −100"), so the mark is never told by colour alone.
    """

    mark: str
    penalty: str
    label: str

    @classmethod
    def of(cls, revokes: int, penalty: int) -> RevokeMark | None:
        if not revokes:
            return None
        # Translators: the short mark for a caught revoke, before its penalty: R −100.
        letter = _("R")
        mark = letter if revokes == 1 else f"{letter}×{revokes}"
        points = signed(-penalty)
        label = ngettext(
            "%(num)d revoke: %(points)s", "%(num)d revokes: %(points)s", revokes, points=points
        )
        return cls(mark, points, label)


@dataclass(frozen=True, slots=True)
class SeatCell:
    css: str  # space-separated: d = declarer, k = dealer, m = made, x = missed
    entry: str  # "contract/tricks", empty for a thrown-in deal
    points: str  # the contract's points, before any revoke penalty
    total: str
    revoke: RevokeMark | None = None


@dataclass(frozen=True, slots=True)
class Row:
    number: int
    thrown_in: bool
    bid: BidLabel | None
    declarer: int | None
    over_under: str | None
    frisch_rounds: int
    cells: tuple[SeatCell, ...]

    @property
    def revoked(self) -> bool:
        """Whether anyone was caught revoking in this hand."""
        return any(cell.revoke for cell in self.cells)


def rows_of(progress: GameProgress) -> list[Row]:
    """One row per hand, newest last."""
    rows = []
    for hand in progress.hands:
        record = hand.record
        played = isinstance(record, PlayedHand)
        cells = []
        for seat in range(len(hand.totals)):
            css = []
            if played and seat == record.declarer:
                css.append("d")
            if seat == hand.dealer:
                css.append("k")
            if played and hand.score is not None:
                css.append("m" if hand.score.made[seat] else "x")
            entry = f"{record.contracts[seat]}/{record.tricks_taken[seat]}" if played else ""
            points, revoke = "", None
            if played and hand.score is not None:
                points = signed(hand.score.contract_points[seat])
                revoke = RevokeMark.of(record.revokes[seat], hand.score.revoke_penalties[seat])
            cells.append(SeatCell(" ".join(css), entry, points, total(hand.totals[seat]), revoke))
        rows.append(
            Row(
                number=hand.number,
                thrown_in=not played,
                bid=BidLabel.of(record.bid) if played else None,
                declarer=record.declarer if played else None,
                over_under=hand.score.over_under if hand.score else None,
                frisch_rounds=record.frisch_rounds,
                cells=tuple(cells),
            )
        )
    return rows


def points_line(players: Sequence[str], points: Sequence[int]) -> str:
    """``Ann −20 · Bob +19 · …`` for a message after a save."""
    return " · ".join(
        f"{isolate(name)} {isolate_ltr(signed(p))}" for name, p in zip(players, points, strict=True)
    )


def describe(hand: dict[str, Any], players: Sequence[str]) -> str:
    """One line for a hand given as the engine's ``to_dict``."""
    if hand.get("thrown_in"):
        return ngettext(
            "thrown in after %(num)d Frisch round",
            "thrown in after %(num)d Frisch rounds",
            hand.get("frisch_rounds", 0),
        )
    label = BidLabel.of(hand["bid"])

    def numbers(key: str) -> str:
        return isolate_ltr(" ".join(str(n) for n in hand[key]))

    text = _(
        "%(declarer)s %(bid)s · contracts %(contracts)s · tricks %(tricks)s",
        declarer=isolate(players[hand["declarer"]]),
        bid=isolate_ltr(label.level + label.symbol),
        contracts=numbers("contracts"),
        tricks=numbers("tricks"),
    )
    if hand.get("frisch_rounds"):
        text += " · " + _("%(rounds)d Frisch", rounds=hand["frisch_rounds"])
    if any(hand.get("revokes") or ()):
        text += " · " + _("revokes %(revokes)s", revokes=numbers("revokes"))
    return text


def bid_line(hand: dict[str, Any], players: Sequence[str]) -> str:
    """The declarer and bid (and Frisch rounds) of a hand given as the engine's ``to_dict``;
    how it was thrown in for a thrown-in hand."""
    if hand.get("thrown_in"):
        return describe(hand, players)
    label = BidLabel.of(hand["bid"])
    text = _(
        "%(declarer)s %(bid)s",
        declarer=isolate(players[hand["declarer"]]),
        bid=isolate_ltr(label.level + label.symbol),
    )
    if hand.get("frisch_rounds"):
        text += " · " + _("%(rounds)d Frisch", rounds=hand["frisch_rounds"])
    return text


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's part of a hand: contract/tricks ("2/0") and caught revokes, if any."""

    name: str
    figures: str
    revokes: str | None


def player_figures(hand: dict[str, Any], players: Sequence[str]) -> list[PlayerFigures]:
    """Each player of a hand given as the engine's ``to_dict``, by name; none when thrown in."""
    if hand.get("thrown_in"):
        return []
    revokes = hand.get("revokes") or [0] * len(players)
    return [
        PlayerFigures(
            name,
            f"{hand['contracts'][seat]}/{hand['tricks'][seat]}",
            ngettext("%(num)d revoke", "%(num)d revokes", revokes[seat]) if revokes[seat] else None,
        )
        for seat, name in enumerate(players)
    ]


@dataclass(frozen=True, slots=True)
class Standing:
    """The headline of a game: totals, leaders, winner or tie, who deals and opens."""

    totals: tuple[str, ...]
    leaders: tuple[int, ...]
    winner: int | None
    tie_at_top: bool
    dealer: int
    opener: int
    next_number: int


def standing_of(progress: GameProgress) -> Standing:
    return Standing(
        totals=tuple(total(t) for t in progress.totals),
        leaders=progress.leaders if progress.hands else (),
        winner=progress.winner,
        tie_at_top=progress.tie_at_top,
        dealer=progress.dealer,
        opener=progress.opener,
        next_number=progress.next_number,
    )
