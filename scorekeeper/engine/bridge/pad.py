"""Bridge's score pads as page models, drawn by ``templates/_sheet_bridge.html`` on the
server and in the phone alike. The rubber's: We and They, the premiums above the line
(newest nearest the line, as a pad is written upward), the trick scores below it game by
game with a line drawn under each game won, the games won by each side and the totals.
Chicago's (and duplicate's): each deal of the cycle of four with its dealer and who was
vulnerable, We and They, a line under each cycle, the totals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import Label, label_with_sides, total
from ..core.language import Partners
from ..core.messages import Message, Side, msg
from .settings import DealScore

Shown = Callable[[Any], str]


@dataclass(frozen=True, slots=True)
class PadEntry:
    """One deal's figures on one side of the line: its row's number and a figure per side
    ("" where the side wrote nothing)."""

    number: int
    figures: tuple[str, str]


@dataclass(frozen=True, slots=True)
class PadGame:
    """The trick scores below the line toward one game; ``won`` the side that won it
    (None: the game is still being played), ``rubber`` when it won the rubber too."""

    entries: tuple[PadEntry, ...]
    won: int | None
    rubber: bool
    said: str


@dataclass(frozen=True, slots=True)
class Pad:
    """The pad in the page's language: ``heads`` We and They; ``above`` newest first;
    ``below`` game by game; the games won, the totals above, below and in all."""

    heads: tuple[str, str]
    caption: str
    above: tuple[PadEntry, ...]
    below: tuple[PadGame, ...]
    words: dict[str, str]
    games_won: tuple[str, str]
    above_totals: tuple[str, str]
    below_totals: tuple[str, str]
    totals: tuple[str, str]
    names: tuple[Any, Any] = ("", "")  # each side's players (Partners), as they sit now
    kind: str = "rubber"


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    """One deal played, a row of the scorer's grid: its row's number, its place in the
    cycle (1 to 4; a board's number at duplicate), its dealer, who was vulnerable in the
    pad's words (none, We, They, both), each side's points ("" for none), and the row
    in one sentence for a screen reader ("deal 2 · Bob deals · Bob & Dan vulnerable")."""

    number: int
    place: int
    dealer: str
    vulnerable: str
    figures: tuple[str, str]
    said: str


@dataclass(frozen=True, slots=True)
class ChicagoPad:
    """Chicago's pad as a scorer draws it, four columns: the deal, who is vulnerable,
    We and They; the deals played by cycles of four; the totals."""

    heads: tuple[str, str]
    caption: str
    cycles: tuple[tuple[ChicagoDeal, ...], ...]
    words: dict[str, str]
    totals: tuple[str, str]
    names: tuple[Any, Any] = ("", "")
    kind: str = "chicago"


VULNERABLE_ON_THE_PAD = {
    (False, False): msg("none"),
    (True, False): msg("We"),
    (False, True): msg("They"),
    (True, True): msg("both"),
}
"""Who is vulnerable in the grid's column, as a Chicago pad prints it: We and They are the
pad's own columns."""


def chicago_pad_of(
    progress: Any,
    shown: Shown,
    seating: Callable[[int], Sequence[str]],
    where: Callable[[Any, int], tuple[int, tuple[bool, bool], Message]],
    head: Message,
) -> ChicagoPad:
    """The Chicago pad of ``progress``: ``seating`` says who sat where at deal n,
    ``where`` the deal's place, who is vulnerable and that place in words, from the
    state before it and its dealer; ``head`` the grid's first column (Deal, Board)."""
    cycles: list[list[ChicagoDeal]] = [[]]
    state = None  # before the first deal (a resumed progress: the first deal shown)
    for hand in progress.hands:
        players = seating(hand.number)
        if hand.score is not None:
            place, vulnerable, place_words = where(state, hand.dealer)
            dealer = msg("%(dealer)s deals", dealer=players[hand.dealer])
            label = Label((place_words, " · ", dealer, " · ", vulnerable_words(vulnerable)))
            sides = [Partners.of(players[s] for s in side) for side in ((0, 2), (1, 3))]
            if len(cycles[-1]) == 4:
                cycles.append([])
            cycles[-1].append(
                ChicagoDeal(
                    hand.number,
                    place,
                    players[hand.dealer],
                    shown(VULNERABLE_ON_THE_PAD[vulnerable]),
                    _figures(hand.score.points),
                    shown(label_with_sides(label, sides)),
                )
            )
        state = hand.state
    return ChicagoPad(
        heads=(shown(msg("We")), shown(msg("They"))),
        caption=shown(msg("The score pad")),
        cycles=tuple(tuple(cycle) for cycle in cycles if cycle),
        words={
            "total": shown(msg("Total")),
            "deal": shown(head),
            "vulnerable": shown(msg("Vulnerable")),
        },
        totals=(total(progress.totals[0]), total(progress.totals[1])),
        names=sides_named(progress, seating),
    )


def vulnerable_words(vulnerable: tuple[bool, bool]) -> Message:
    """Who is vulnerable on a deal, the side by its players' names on a page."""
    if all(vulnerable):
        return msg("both vulnerable")
    if not any(vulnerable):
        return msg("neither vulnerable")
    return msg("%(side)s vulnerable", side=Side(vulnerable.index(True)))


def _figures(points: tuple[int, int]) -> tuple[str, str]:
    return (str(points[0]) if points[0] else "", str(points[1]) if points[1] else "")


def sides_named(
    progress: Any, seating: Callable[[int], Sequence[str]]
) -> tuple[Partners, Partners]:
    """Each side's players as they sit for the next deal: "Ann & Cat"."""
    players = seating(progress.next_number)  # each name isolated: a Hebrew name keeps its place
    return (Partners.of((players[0], players[2])), Partners.of((players[1], players[3])))


def pad_of(progress: Any, shown: Shown, seating: Callable[[int], Sequence[str]]) -> Pad:
    """The pad of a rubber game's ``progress`` (its hands as replayed; a resumed one's
    hands after its state) in the page's language (``shown``)."""
    above: list[PadEntry] = []
    games: list[PadGame] = []
    entries: list[PadEntry] = []
    won = [0, 0]
    sums = {"above": [0, 0], "below": [0, 0]}
    for hand in progress.hands:
        score: DealScore | None = hand.score
        if score is None:
            continue
        if any(score.above):
            above.append(PadEntry(hand.number, _figures(score.above)))
        if any(score.below):
            entries.append(PadEntry(hand.number, _figures(score.below)))
        for side in (0, 1):
            sums["above"][side] += score.above[side]
            sums["below"][side] += score.below[side]
        if score.game:
            side = 0 if score.below[0] else 1
            won[side] += 1
            said = msg("rubber") if score.rubber else msg("game")
            games.append(PadGame(tuple(entries), side, score.rubber, shown(said)))
            entries = []
    if entries or not games:
        games.append(PadGame(tuple(entries), None, False, ""))
    return Pad(
        heads=(shown(msg("We")), shown(msg("They"))),
        caption=shown(msg("The score pad")),
        above=tuple(reversed(above)),
        below=tuple(games),
        words={
            "above": shown(msg("Above the line")),
            "below": shown(msg("Below the line")),
            "games": shown(msg("Games won by the side")),
            "total": shown(msg("Total")),
        },
        games_won=(str(won[0]), str(won[1])),
        above_totals=(total(sums["above"][0]), total(sums["above"][1])),
        below_totals=(total(sums["below"][0]), total(sums["below"][1])),
        totals=(total(progress.totals[0]), total(progress.totals[1])),
        names=sides_named(progress, seating),
    )
