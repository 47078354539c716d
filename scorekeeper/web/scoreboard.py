"""What the scoreboard shows, built from the game's own view of its hands
(``Game.hand_views``): rows of plain strings in the page's language, so templates only
print and never compute a score."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import get_translations
from markupsafe import Markup, escape

from ..engine import Game, Message, Settings
from ..engine.core.display import (
    NO_FIGURE,
    Label,
    PenaltyMark,
    bid_css,
    label_with_sides,
    signed,
    total,
)
from ..engine.core.game import HandPlace, partnered
from ..engine.core.messages import with_sides
from .i18n import Partners, bdi, isolate, isolate_ltr, shown


@dataclass(frozen=True, slots=True)
class Penalty:
    """Penalties in one seat's hand, as the game marks them, shown apart from the hand's
    points.

    ``mark`` is what the cell shows ("R −100", "R×2 −200"); ``label`` says it in words for
    a screen reader, so the mark is never told by colour alone.
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
class HandRows:
    """The scoreboard's table rows: one per hand shown, each after the seat changes that
    take effect from it, as HTML; and what the rest of the page says about them.

    ``paired``: each hand is a ``<tbody>`` of two rows, a line that says the hand (its
    number, bid, outcome, who dealt and whom the hand is about) across the table, and the
    sides' cells under it. A partnership game has two columns and names in its rows:
    squeezed into a first column of their own they would take a phone's screen a hand."""

    html: Markup
    count: int  # hands shown
    first: int  # the first one's number (0 when none)
    penalised: bool  # whether anyone paid a penalty in them
    paired: bool = False
    about: bool = False  # whether any of them marks whom its hand is about (the legend's)

    def __len__(self) -> int:
        return self.count


class PageTexts:
    """A page's texts, each worked out once: a scoreboard shows the same few labels ("7♣",
    "over", "R −100") and figures in row after row, so each is translated and escaped the
    first time only. It lives for one page, in one language."""

    def __init__(self) -> None:
        self._escaped: dict[Any, str] = {}
        self._shown: dict[Any, str] = {}
        self._penalties: dict[Any, str] = {}

    def __call__(self, text: Any) -> str:
        """``text`` escaped for HTML."""
        try:
            return self._escaped[text]
        except KeyError:
            escaped = self._escaped[text] = str(escape(text))
            return escaped

    def shown(self, value: Any) -> str:
        """A game's text or label (``i18n.shown``) in the page's language, not escaped."""
        # A Message equals the plain text of its English, which a page shows untranslated:
        # each text, and each piece of a label, is known by its kind too.
        key = (value, type(value), *map(type, getattr(value, "pieces", ())))
        try:
            return self._shown[key]
        except KeyError:
            shown_text = self._shown[key] = shown(value)
            return shown_text

    def css(self, css: str) -> str:
        """A label's ``class`` attribute, or nothing for a label without classes."""
        return f' class="{self(css)}"' if css else ""

    def label(self, label: Label) -> str:
        """A label in the page's language, escaped."""
        return self(self.shown(label))

    def penalty(self, penalty: PenaltyMark) -> str:
        """A seat's penalties in a cell: the mark and points, and the same in words for a
        screen reader (the mark is never told by colour alone)."""
        key = (penalty, tuple(map(type, penalty.mark)))  # as for labels
        try:
            return self._penalties[key]
        except KeyError:
            shown_penalty = Penalty.of(penalty)
            assert shown_penalty is not None
            html = self._penalties[key] = (
                f'<span class="rv"><span aria-hidden="true">{escape(shown_penalty.mark)} '
                f'<span class="n">{escape(shown_penalty.points)}</span></span>'
                f'<span class="vh">{escape(shown_penalty.label)}</span></span>'
            )
            return html


# A cell's classes by (its side is the one the hand is about, it dealt, it made what it bid:
# None when it bid nothing): d = the side the hand is about, k = the dealer, m = made,
# x = missed.
_CELL_CLASSES = {
    (about, dealt, made): " ".join(
        mark
        for mark, holds in (
            ("d", about),
            ("k", dealt),
            ("m", made is True),
            ("x", made is False),
        )
        if holds
    )
    for about in (False, True)
    for dealt in (False, True)
    for made in (None, False, True)
}


def hand_rows(
    game: Game,
    progress: Any,
    seating: Callable[[int], Sequence[str]],
    changes: dict[int, list[str]],
    why_url: tuple[str, str],
    edit_url: tuple[str, str] | None,
    shows_dealer: bool = True,
    offline: Mapping[int, str] | None = None,
) -> HandRows:
    """The rows of the hands of ``progress`` (a resumed one holds only the hands after its
    state), newest last, as the game shows them. ``seating`` says who sat where at hand
    n: a partnership game's rows name who dealt and whom the hand is about. ``changes`` are
    the seat changes' texts by the hand they take effect from; ``why_url`` and
    ``edit_url`` are a hand's "why" and edit addresses cut around its number (no edit
    link for a viewer). Without ``shows_dealer`` (``Game.shows_dealer``) no cell or row
    marks who dealt. ``offline`` names, by hand number, the phone a hand was recorded on
    without the network: its row carries the mark that the legend explains
    (``offline_mark``).

    Built with one format a cell rather than a template loop: the table is most of the
    page, and this keeps an uncached scoreboard cheap however many phones ask for it.
    """
    text = PageTexts()
    columns = len(game.sides)
    paired = partnered(game)
    span = columns if paired else columns + 1
    why_head, why_tail = text(why_url[0]), text(why_url[1])
    out: list[str] = []
    first, penalised, count, about = 0, False, 0, False
    for hand in game.hand_views(progress):
        number = hand.number
        count += 1
        about = about or hand.about is not None
        first = first or number
        if paired:
            out.append(f'<tbody id="h{number}">')
        for change in changes.get(number, ()):
            out.append(
                f'<tr class="seat-change"><td colspan="{span}">'
                f"{page_text('From hand %(number)d: %(change)s', number=number, change=change)}"
                "</td></tr>"
            )
        head = (
            f'<a href="{text(edit_url[0])}{number}{text(edit_url[1])}">{number}</a>'
            if edit_url
            else str(number)
        )
        if offline and number in offline:
            head += offline_mark(offline[number])
        if hand.bid is not None:
            head += f" <span{text.css(bid_css(hand.bid))}>{text.label(hand.bid)}</span>"
        outcome = label_with_sides(hand.outcome, sides_named(game, seating(number)))
        head += f" <em{text.css(outcome.css)}>{text.label(outcome)}</em>"
        if paired:
            players = seating(number)
            head += ' <small class="who">'
            if shows_dealer:
                head += f'<span class="k">{bdi(players[hand.dealer])}</span>'
            if hand.about is not None and players[hand.about]:
                head += f' <span class="d">{bdi(players[hand.about])}</span>'
            head += "</small>"
        why = f"{why_head}{number}{why_tail}"
        cells = []
        for seat, view in enumerate(hand.seats):
            side = game.sides[seat]
            dealt = shows_dealer and hand.dealer in side
            css = _CELL_CLASSES[hand.about in side, dealt, view.made]
            # A deal nobody played scores nothing: no points, so no link to how they were
            # worked out (an empty link names nothing for a screen reader).
            points = (
                ""
                if view.points is None
                else f'<a class="why" href="{why}#s{seat}"><i>{text(signed(view.points))}</i></a>'
            )
            # A figure the side has none of (nothing it had to reach) is left out of
            # the cell, not shown as a dash to decode: "2", not "–/2".
            figures = [part for part in view.entry if part != NO_FIGURE]
            entry = f'<span class="e">{text("/".join(figures))}</span> ' if figures else ""
            penalty = ""
            if view.penalty is not None:
                penalty = text.penalty(view.penalty)
                penalised = True
            cells.append(
                f'<td class="{css}">{entry}{points}{penalty}<b>{text(total(view.total))}</b></td>'
            )
        if paired:
            out.append(
                f'<tr class="about"><th colspan="{span}" scope="rowgroup">{head}</th></tr>\n'
                f"<tr>{''.join(cells)}</tr></tbody>\n"
            )
        else:
            out.append(f'<tr id="h{number}"><th>{head}</th>\n{"".join(cells)}</tr>\n')
    return HandRows(Markup("".join(out)), count, first, penalised, paired, about)


OFFLINE_MARK = "\u2708"
"""The mark of a hand recorded without the network and sent later (issue 34): ✈."""


def offline_note(name: str) -> Markup:
    """What the offline mark means for a hand recorded on ``name``'s phone, in the page's
    language: the legend's words, and the mark's own for a screen reader."""
    return page_text("recorded offline on %(name)s's phone", name=bdi(name))


def offline_mark(name: str) -> str:
    """The offline mark of a row, with its meaning for a screen reader and as its title."""
    title = page_text("recorded offline on %(name)s's phone", name=isolate(name)).unescape()
    return (
        f' <span class="off" title="{escape(title)}"><span aria-hidden="true">{OFFLINE_MARK}'
        f'</span><span class="vh"> {offline_note(name)}</span></span>'
    )


def page_text(template: str, **params: Any) -> Markup:
    """A sentence of the catalogue in the page's language with ``params`` put in and
    escaped, as a template's ``_()`` gives it."""
    return Markup(get_translations().ugettext(template)) % params


def points_line(players: Sequence[str], points: Sequence[int]) -> str:
    """``Ann −20 · Bob +19 · …`` for a message after a save."""
    return " · ".join(
        f"{isolate(name)} {isolate_ltr(signed(p))}" for name, p in zip(players, points, strict=True)
    )


def describe(
    game: Game, hand: dict[str, Any], players: Sequence[str], settings: Settings | None = None
) -> str:
    """One line for a hand of ``game`` given as its record's ``to_dict``, ``players`` in
    seat order as they sat for it, under the game's ``settings``."""
    return " · ".join(shown(part) for part in game.describe_hand(hand, players, settings))


def bid_line(
    game: Game, hand: dict[str, Any], players: Sequence[str], settings: Settings | None = None
) -> str:
    """Who bid what in a saved version of a hand of ``game`` (its record's ``to_dict``);
    how it was thrown in for a thrown-in deal."""
    view = game.revision_view(hand, players, settings)
    sides = sides_named(game, players)
    return " · ".join(
        shown(with_sides(part, sides) if isinstance(part, Message) else part)
        for part in view.summary
    )


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's part of a hand: its figures ("2/0") and a penalty note, if any."""

    name: str
    figures: str
    note: str | None


def player_figures(
    game: Game, hand: dict[str, Any], players: Sequence[str], settings: Settings | None = None
) -> list[PlayerFigures]:
    """Each player's part of a saved version of a hand of ``game``, by name; none for a
    thrown-in deal."""
    view = game.revision_view(hand, players, settings)
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
    went_out: int | None = None  # the side whose fall to the losing floor ended the game
    deal_note: Message | None = None  # what the next deal needs (Oh Hell: its cards)
    result_note: Message | None = None  # under a finished game's result (the money)


def standing_of(game: Game, settings: Settings, progress: Any) -> Standing:
    """The headline of a game of ``game`` under ``settings``, replayed (``Game.replay``'s
    result)."""
    floor = game.losing_floor(settings)
    finished = progress.status == "finished"
    fallen = [side for side, t in enumerate(progress.totals) if floor is not None and t <= floor]
    return Standing(
        totals=tuple(total(t) for t in progress.totals),
        leaders=progress.leaders if progress.hands else (),
        winner=progress.winner,
        tie_at_top=progress.tie_at_top,
        winners=tuple(getattr(progress, "winners", None) or ()),
        finished=finished,
        dealer=progress.dealer,
        opener=progress.opener,
        next_number=progress.next_number,
        went_out=fallen[0] if finished and fallen else None,
        result_note=game.result_note(progress) if finished else None,
        deal_note=None
        if finished
        else game.deal_note_at(
            settings, HandPlace(progress.next_number, progress.dealer, progress.state)
        ),
    )


def sides_named(game: Game, names: Sequence[str]) -> list[str]:
    """Each side as its players, "Ann & Cat", each name isolated (``Partners``): how a
    hand's outcome names a side ("Ann & Cat set")."""
    return [Partners.of(names[seat] for seat in side) for side in game.sides]
