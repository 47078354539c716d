"""What the server's scoreboard says, worked out by the engine for a phone that draws it
itself when it has no network (issue 34; ``phone.py`` answers it as JSON).

The scoreboard's hands and legend are the engine's page model (``pages/sheet.py``), drawn
by the server's own template (``scorekeeper/pages``); the rest of the sheet is said here.
The hand form is the engine's page model entirely (``pages/form.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .core.display import total
from .core.game import Game, sides_as_named
from .core.language import Words
from .core.seating import SeatChange, names_at, table_changes
from .pages import sheet

# --- the scoreboard ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sat where, hand by hand: ``players`` as they sat for the first hand, and the
    seat ``changes`` since (``core.seating``)."""

    players: tuple[str, ...]
    changes: tuple[SeatChange, ...]

    def at(self, number: int) -> tuple[str, ...]:
        return names_at(self.players, self.changes, number)

    def took_seats(self, words: Words, settings: Any) -> dict[int, list[str]]:
        """By the hand it takes effect from, each change at the table as the server's
        scoreboard says it over that hand (``core.seating.table_changes``): "Eve for Bob",
        "Dora joins", "Ann leaves"."""
        said = table_changes(self.players, self.changes, settings)
        return {number: [words.translate(m) for m in found] for number, found in said.items()}


def sheet_page(
    rules: Game,
    settings: Any,
    progress: Any,
    players: Sequence[str],
    words: Words,
    seating: Seating | None = None,
) -> dict[str, Any]:
    """The scoreboard's models for ``templates/_sheet.html`` (``scorekeeper.pages.phone``
    draws them): the hands of ``progress`` (a resumed one holds those after its state),
    the totals, the standing (banner, whose turn), for ``players`` by seat as they sit now,
    in ``words``; each hand with the names that sat for it and who took whose seat from
    it, by ``seating`` (None: all of them as ``players``)."""
    shows_dealer = settings.shows_dealer
    sat = (lambda number: players) if seating is None else seating.at
    took = {} if seating is None else seating.took_seats(words, settings)
    rows = sheet.hand_rows(rules, progress, sat, words.shown, took, shows_dealer)
    page = rules.page_words
    finished = progress.status == "finished"
    return {
        "sides": sides_as_named(rules, players),
        "members": [[players[seat] for seat in side] for side in rules.sides],  # as they sit
        "standing": sheet.standing_of(rules, settings, progress),
        "page_words": page,
        "seats": list(players),
        "shows_dealer": shows_dealer,
        "paired": rows.paired,
        "totals": [total(t) for t in progress.totals],
        "leaders": list(progress.leaders) if progress.hands else [],
        "status": progress.status,
        "next_number": progress.next_number,
        "record": None
        if finished
        else words.gettext(page.hand.record.template, number=progress.next_number),
        "hand_rows": rows,
        "legend": sheet.legend_of(rules, rows, words.shown, shows_dealer),
    }
