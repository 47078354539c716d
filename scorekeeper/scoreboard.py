"""What the scoreboard shows, built from the game's own view of its hands
(``Game.hand_views``): rows of plain strings in the page's language, so templates only
print and never compute a score."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from .engine import Game, get_game
from .engine.core.display import HandView, PenaltyMark, SeatView, signed, total
from .engine.core.game import partnered
from .i18n import isolate, isolate_ltr, shown


def over_under_label(over_under: str) -> str:
    """The word "over" or "under" in the page's language."""
    return _("over") if over_under == "over" else _("under")


@dataclass(frozen=True, slots=True)
class ShownLabel:
    """A game's label in the page's language, with its classes."""

    text: str
    css: str


@dataclass(frozen=True, slots=True)
class Penalty:
    """Penalties in one seat's hand (caught revokes), shown apart from the hand's points.

    ``mark`` is what the cell shows ("R −100", "R×2 −200"); ``label`` says it in words for
    a screen reader ("1 revoke: −100"), so the mark is never told by colour alone.
    """

    mark: str
    points: str
    label: str

    @classmethod
    def of(cls, penalty: PenaltyMark | None) -> Penalty | None:
        if penalty is None:
            return None
        mark = "".join(shown(piece) for piece in penalty.mark)
        return cls(mark, signed(penalty.points), shown(penalty.label))


@dataclass(frozen=True, slots=True)
class SeatCell:
    css: str  # space-separated: d = declarer, k = dealer, m = made, x = missed
    entry: str  # "contract/tricks", empty for a thrown-in deal
    points: str  # the hand's points, before any penalty
    total: str
    penalty: Penalty | None = None


@dataclass(frozen=True, slots=True)
class Row:
    number: int
    bid: ShownLabel | None
    outcome: ShownLabel
    cells: tuple[SeatCell, ...]
    # In a partnership game a column is a side, so the row names who dealt and who won
    # the auction: (dealer, declarer), either "" when nobody did.
    who: tuple[str, str] | None = None

    @property
    def penalised(self) -> bool:
        """Whether anyone paid a penalty (was caught revoking) in this hand."""
        return any(cell.penalty for cell in self.cells)


def shown_label(label: Any) -> ShownLabel | None:
    return None if label is None else ShownLabel(shown(label), label.css)


def seat_classes(hand: HandView, side: Sequence[int], view: SeatView) -> str:
    """A side's cell's classes (a seat's, without partners): d = it won the auction (the
    declarer, the bidders), k = it dealt, m = made, x = missed."""
    css = []
    if hand.declarer in side:
        css.append("d")
    if hand.dealer in side:
        css.append("k")
    if view.made is not None:
        css.append("m" if view.made else "x")
    return " ".join(css)


def rows_of(
    game: Game, progress: Any, seating: Callable[[int], Sequence[str]] | None = None
) -> list[Row]:
    """One row per hand of ``progress`` (a resumed one holds only the hands after its
    state), newest last, as the game shows its hands; with ``seating`` (who sat where at
    hand n), a partnership game's rows also name who dealt and who won the auction."""
    with_names = seating is not None and partnered(game)
    rows = []
    for hand in game.hand_views(progress):
        cells = tuple(
            SeatCell(
                seat_classes(hand, game.sides[seat], view),
                "/".join(view.entry),
                "" if view.points is None else signed(view.points),
                total(view.total),
                Penalty.of(view.penalty),
            )
            for seat, view in enumerate(hand.seats)
        )
        who = None
        if with_names:
            players = seating(hand.number)
            declarer = "" if hand.declarer is None else players[hand.declarer]
            who = (players[hand.dealer], declarer)
        rows.append(Row(hand.number, shown_label(hand.bid), shown_label(hand.outcome), cells, who))
    return rows


def points_line(players: Sequence[str], points: Sequence[int]) -> str:
    """``Ann −20 · Bob +19 · …`` for a message after a save."""
    return " · ".join(
        f"{isolate(name)} {isolate_ltr(signed(p))}" for name, p in zip(players, points, strict=True)
    )


def describe(hand: dict[str, Any], players: Sequence[str], game: Game | None = None) -> str:
    """One line for a hand given as its game's ``to_dict`` (the default game's unless
    ``game`` is given)."""
    game = game or get_game()
    return " · ".join(shown(part) for part in game.describe_hand(hand, players))


def bid_line(hand: dict[str, Any], players: Sequence[str], game: Game | None = None) -> str:
    """Who bid what in a saved version of a hand (its game's ``to_dict``); how it was
    thrown in for a thrown-in deal."""
    view = (game or get_game()).revision_view(hand, players)
    return " · ".join(shown(part) for part in view.summary)


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's part of a hand: its figures ("2/0") and a penalty note, if any."""

    name: str
    figures: str
    revokes: str | None


def player_figures(
    hand: dict[str, Any], players: Sequence[str], game: Game | None = None
) -> list[PlayerFigures]:
    """Each player's part of a saved version of a hand, by name; none for a thrown-in deal."""
    view = (game or get_game()).revision_view(hand, players)
    return [
        PlayerFigures(name, shown(figures), shown(note) if note else None)
        for name, (figures, note) in zip(players, view.seats, strict=False)
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
    winners: tuple[int, ...] = ()
    finished: bool = False


def standing_of(progress: Any) -> Standing:
    """The headline of a replayed game (``Game.replay``'s result)."""
    return Standing(
        totals=tuple(total(t) for t in progress.totals),
        leaders=progress.leaders if progress.hands else (),
        winner=progress.winner,
        tie_at_top=progress.tie_at_top,
        winners=tuple(getattr(progress, "winners", None) or ()),
        finished=progress.status == "finished",
        dealer=progress.dealer,
        opener=progress.opener,
        next_number=progress.next_number,
    )
