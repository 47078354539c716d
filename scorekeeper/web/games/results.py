"""A result card's model (a service of the ``games`` area; its page is ``card``'s): a
finished game's result as an image and a short text to send to the
group's chat (issue 22).

The card is a small model (:class:`ResultCard`): a title, the group's name, a date, the
sides in finishing order with their totals, and the winners' sentence, every word in the
page's language. The server decides all of it through the engine (``core.seats.placings``,
``page_words.win``); ``static/card.js`` only lays it out on a ``<canvas>`` in the page's
own fonts and shares or downloads the PNG. ``templates/_result_card.html`` puts the
model in a page (JSON, ``script.card-model``) with the "Send result" button, so any
page with a result (a game's scoreboard, an evening) shows one the same way.

Who may see a game may send its result; the group's name is on the card only for a member
of the group (a view link shows the game, never its group). An evening's card
(:func:`evening_card`) is its group's members' alone, as the evening's page is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import g
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import db
from ...engine.core.display import mean_figure, total
from ...engine.core.seats import placings
from ...evenings import EveningResult
from ..access import member_group
from ..i18n import current_language, is_rtl, isolate, isolate_ltr, list_of, shown, shown_date
from ..service import game_of, game_title, group_name, side_members
from .scoreboard import Standing, standing_of

# Marks that start each line of the short text, so a messaging app sets it in the
# language's direction even when a line begins with a number or a name of the other
# script (names and numbers are isolated inside it).
_LRM, _RLM = "\u200e", "\u200f"


def sending_words() -> dict[str, str]:
    """What the page says after "Send result", in its language (``static/card.js``)."""
    return {
        "shared": _("Result sent."),
        "downloaded": _(
            "This phone cannot send pictures from here: the picture was downloaded and the "
            "text copied. Paste the text and attach the picture in the group's chat."
        ),
        "not_copied": _(
            "This phone cannot send pictures from here: the picture was downloaded. Copy "
            "the text below and attach the picture in the group's chat."
        ),
        "failed": _("The picture could not be made on this phone. Copy the text below."),
        "alt": _("The result card"),
    }


@dataclass(frozen=True, slots=True)
class CardRow:
    """One side on a card: its place (1 the best, shared when level), its players (two
    for partners), its total as shown (a figure: the text and the picture keep it left
    to right on a Hebrew card), whether it won (drawn on gold), and a short note in the
    page's language that says more of it (an evening's "3 games · 2 wins"), or ""."""

    place: int
    names: tuple[str, ...]
    total: str
    won: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class ResultCard:
    """What a result card says, in the page's language. ``title``: the game's kind (or
    the evening's title); ``group``: the group's name, or None where it may not be shown;
    ``rows`` in finishing order; ``winner``: the sentence naming the winners, or None;
    ``file_name``: the PNG's; ``words``: what the page says after sending (made in a
    request, in its language); ``caption``: what the rows' figures are, when they are no
    game's totals (an evening's average places), or None; ``drawn``: how many of the rows
    the picture has room for (the rest are in the text alone, and the picture says how
    many), or None for all."""

    title: str
    group: str | None
    date: str
    rows: tuple[CardRow, ...]
    winner: str | None
    file_name: str = "result.png"
    words: dict[str, str] = field(default_factory=sending_words)
    caption: str | None = None
    drawn: int | None = None

    def text(self) -> str:
        """The card as a short text for a messaging app: a line each for the title, the
        date, every side, and the winners' sentence. Names and numbers are isolated
        (FSI/LRI … PDI) and each line starts with the language's direction mark."""
        mark = _RLM if is_rtl() else _LRM
        head = self.title if self.group is None else f"{self.title} · {isolate(self.group)}"
        lines = [head, self.date]
        if self.caption:
            lines.append(self.caption)
        for row in self.rows:
            line = _(
                "%(place)s. %(names)s: %(total)s",
                place=row.place,
                names=" & ".join(isolate(name) for name in row.names),
                total=isolate_ltr(row.total),
            )
            lines.append(f"{line} ({row.note})" if row.note else line)
        if self.winner:
            lines.append(self.winner)
        return "\n".join(mark + line for line in lines)

    def more(self) -> str | None:
        """What the picture says of the rows it has no room for, or None when it has
        room for all."""
        left = len(self.rows) - (len(self.rows) if self.drawn is None else self.drawn)
        if left <= 0:
            return None
        return ngettext(
            "and %(num)d more player: see the text",
            "and %(num)d more players: see the text",
            left,
        )

    def model(self) -> dict[str, Any]:
        """The card as ``static/card.js`` draws it (the page puts it in a
        ``<script type="application/json">``): plain names and numbers, which the script
        draws each in its own run, and the words it says after sending."""
        return {
            "lang": current_language(),
            "dir": "rtl" if is_rtl() else "ltr",
            "title": self.title,
            "group": self.group,
            "date": self.date,
            "caption": self.caption,
            "rows": [
                {
                    "place": str(row.place),
                    "names": list(row.names),
                    "total": row.total,
                    "won": row.won,
                    "note": row.note,
                }
                for row in self.rows[: self.drawn]
            ],
            "more": self.more(),
            "winner": self.winner,
            "brand": "♠ " + _("Scorekeeper"),
            "text": self.text(),
            "file": self.file_name,
            "words": self.words,
        }


def winners_sentence(game: db.StoredGame, standing: Standing, names: Sequence[str]) -> str | None:
    """The scoreboard's banner for the end of ``game`` in plain text: the game's own words
    ("Ann wins with 130!", "Ann & Cat win with 500!", or who went out and who won), or
    the shared win's."""
    words = game_of(game).page_words
    totals = [isolate_ltr(shown_total) for shown_total in standing.totals]
    if standing.winner is not None and standing.went_out is not None and words.went_out:
        return _(
            words.went_out.template,
            loser=names[standing.went_out],
            lost=totals[standing.went_out],
            name=names[standing.winner],
            total=totals[standing.winner],
        )
    if standing.winner is not None:
        return _(words.win.template, name=names[standing.winner], total=totals[standing.winner])
    if standing.winners:
        return _(
            "%(names)s share the win with %(total)s!",
            names=list_of([names[side] for side in standing.winners]),
            total=totals[standing.winners[0]],
        )
    return None


def card_group(game: db.StoredGame) -> str | None:
    """The group's name for the card of ``game``: shown to its members only (a view link
    or an edit key shows the game, not its group); None for a game not finished, which
    has no card."""
    if game.status != "finished":
        return None
    # Asked for a scoreboard's cache key and again for its page: one query a request.
    found = g.setdefault("card_groups", {})
    if game.group_id not in found:
        group = member_group(game.group_id)
        found[game.group_id] = None if group is None else group_name(group)
    return found[game.group_id]


def game_card(game: db.StoredGame, progress: Any) -> ResultCard | None:
    """The card of a finished game (``progress``: its replay, or the part of it a page
    resumed), or None while it is being played. The order, the places and the winners
    are the engine's (``placings``, ``winners``)."""
    if game.status != "finished":
        return None
    played = game_of(game)
    members = side_members(game)
    places = placings(progress)
    standing = standing_of(played, game.settings, progress)
    winners = standing.winners or (() if standing.winner is None else (standing.winner,))
    order = sorted(range(len(members)), key=lambda side: (places[side], side))
    rows = tuple(
        CardRow(places[side], tuple(members[side]), total(progress.totals[side]), side in winners)
        for side in order
    )
    names = [" & ".join(isolate(name) for name in side) for side in members]
    return ResultCard(
        title=game_title(game),
        group=card_group(game),
        date=shown_date(game.created_at, "long"),
        rows=rows,
        winner=winners_sentence(game, standing, names),
        file_name=f"result-{game.id}.png",
    )


# The players an evening's picture shows (the text names them all): each takes a line and
# a note, and more would be set too small to read on a phone.
EVENING_PICTURE_ROWS = 8


def evening_title(found: EveningResult) -> str:
    """The evening's name in the page's language, "Evening of Mar 6, 2026" (the UTC day
    its first hand was recorded), the date as the language writes it."""
    return _("Evening of %(date)s", date=shown_date(found.date))


def evening_card(found: EveningResult, group: db.Group) -> ResultCard | None:
    """The card of an evening of ``group`` (for its members: the caller has checked),
    or None before any of its games has finished. The rows are the evening's standings
    in their order (``engine.core.evening``: average place, then wins), each with its
    average place and a note of its games and wins; the winners are those ranked first.
    An evening with a game still in progress has a card too, which says "so far"."""
    standings = found.figures.standings
    if not standings:
        return None
    rows = tuple(
        CardRow(
            s.rank,
            (s.name,),
            shown(mean_figure(s.average_place)),
            s.rank == 1,
            ngettext("%(num)d game", "%(num)d games", s.games)
            + " · "
            + ngettext("%(num)d win", "%(num)d wins", s.wins),
        )
        for s in standings
    )
    leaders = [s.name for s in found.leaders]  # list_of isolates each
    if found.going_on:
        caption = _("Standings so far, a game still being played: the average place (1 is first)")
        winner = ngettext(
            "%(names)s leads so far.",
            "%(names)s lead so far.",
            len(leaders),
            names=list_of(leaders),
        )
    else:
        caption = _("The average place over the evening's games (1 is first)")
        winner = ngettext(
            "%(names)s wins the evening!",
            "%(names)s share the evening's win!",
            len(leaders),
            names=list_of(leaders),
        )
    return ResultCard(
        title=evening_title(found),
        group=group_name(group),
        date=shown_date(found.date, "long"),
        rows=rows,
        winner=winner,
        file_name=f"evening-{found.id}.png",
        caption=caption,
        drawn=EVENING_PICTURE_ROWS,
    )
