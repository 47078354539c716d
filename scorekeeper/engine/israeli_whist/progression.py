"""Game progression: dealer rotation, opener and leader, running totals and the end of game.

``replay`` is the one place that turns a game's recorded hands into everything a
scoreboard shows, so the web app, the CLI and the tests all agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..core.messages import msg
from ..core.seats import SEATS, leaders_of, left_of
from .records import HandRecord
from .scoring import HandScore
from .settings import RuleSettings

Status = Literal["in_progress", "finished"]


def opener_for(settings: RuleSettings, dealer: int) -> int:
    """The seat that opens the auction: the dealer, or the player to the dealer's left."""
    return dealer if settings.opener == "dealer" else left_of(dealer)


def next_dealer(dealer: int, hand: HandRecord) -> int:
    """The next hand's dealer: a thrown-in deal is dealt again by the same dealer."""
    return dealer if hand.thrown_in else left_of(dealer)


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One recorded hand as the scoreboard shows it."""

    number: int
    dealer: int
    opener: int
    record: HandRecord
    score: HandScore | None
    totals: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return self.score.points if self.score else (0,) * SEATS


@dataclass(frozen=True, slots=True)
class GameProgress:
    """Where a game stands after its recorded hands."""

    settings: RuleSettings
    hands: tuple[ReplayedHand, ...]
    totals: tuple[int, ...]
    dealer: int
    opener: int
    status: Status
    winner: int | None
    target_reached: bool
    leaders: tuple[int, ...] = field(default=())
    winners: tuple[int, ...] = field(default=())
    starting_totals: tuple[int, ...] = field(default=(0, 0, 0, 0))

    @property
    def tie_at_top(self) -> bool:
        """True when the game reached its end (the target or the hand limit) but two or more
        seats share the highest total, so play goes on."""
        return self.target_reached and not self.winners

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1


def replay(
    settings: RuleSettings,
    first_dealer: int,
    hands: Sequence[HandRecord],
    starting_totals: Sequence[int] | None = None,
) -> GameProgress:
    """Scores ``hands`` in order and returns the game's state after them.

    The game ends after the first hand in which a seat reaches or passes the target, or
    after ``hand_limit`` scored hands when that is set, when one seat alone has the
    highest total. While two or more tie at the top, play goes on until one seat alone
    leads (``tie_at_end="play_on"``), or the tied seats share the win (``"shared"``: then
    ``winners`` names them all and ``winner`` is None). Raises ValueError if a hand is
    recorded after the end. ``starting_totals`` (carried over from a paper sheet or an
    earlier game, "hand 0") are where the totals start; they count toward the target.
    """
    if not 0 <= first_dealer < SEATS:
        raise ValueError(f"first dealer is seat {first_dealer}; seats are 0..3")
    start = tuple(starting_totals) if starting_totals is not None else (0,) * SEATS
    if len(start) != SEATS:
        raise ValueError(f"{len(start)} starting totals; a game needs one per seat")
    totals = list(start)
    dealer = first_dealer
    target_reached = False
    winners: tuple[int, ...] = ()
    scored = 0
    replayed: list[ReplayedHand] = []
    for number, record in enumerate(hands, start=1):
        if winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = None if record.thrown_in else record.score(settings)
        if score is not None:
            totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        replayed.append(
            ReplayedHand(number, dealer, opener_for(settings, dealer), record, score, tuple(totals))
        )
        dealer = next_dealer(dealer, record)
        if score is not None:
            scored += 1
            if max(totals) >= settings.target or scored == settings.hand_limit:
                target_reached = True
        if target_reached:
            leaders = leaders_of(totals)
            if len(leaders) == 1 or settings.tie_at_end == "shared":
                winners = leaders
    winner = winners[0] if len(winners) == 1 else None
    return GameProgress(
        settings=settings,
        hands=tuple(replayed),
        totals=tuple(totals),
        dealer=dealer,
        opener=opener_for(settings, dealer),
        status="finished" if winners else "in_progress",
        winner=winner,
        target_reached=target_reached,
        leaders=leaders_of(totals),
        winners=winners,
        starting_totals=start,
    )
