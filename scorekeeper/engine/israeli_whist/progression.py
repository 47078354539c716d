"""Game progression: dealer rotation, opener and leader, running totals and the end of game.

``replay`` is the one place that turns a game's recorded hands into everything a
scoreboard shows, so the web app, the CLI and the tests all agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

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
class State:
    """What the game carries from one hand to the next, as it stands after ``number``
    hands: the running totals, the next dealer, the hands scored (not thrown in, for the
    hand limit), whether the end was reached and who won; ``start`` is where the totals
    began. Enough to score the next hand without the ones before it (``resume``)."""

    number: int
    totals: tuple[int, ...]
    dealer: int
    scored: int = 0
    target_reached: bool = False
    winners: tuple[int, ...] = ()
    start: tuple[int, ...] = (0,) * SEATS

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "totals": list(self.totals),
            "dealer": self.dealer,
            "scored": self.scored,
            "target_reached": self.target_reached,
            "winners": list(self.winners),
            "start": list(self.start),
        }

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> State:
        """A state as ``to_dict`` wrote it; raises ValueError for anything else."""
        try:
            state = cls(
                int(values["number"]),
                tuple(int(t) for t in values["totals"]),
                int(values["dealer"]),
                int(values["scored"]),
                bool(values["target_reached"]),
                tuple(int(w) for w in values["winners"]),
                tuple(int(t) for t in values["start"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an Israeli Whist state: {values!r}") from exc
        if (
            state.number < 0
            or len(state.totals) != SEATS
            or len(state.start) != SEATS
            or not 0 <= state.dealer < SEATS
        ):
            raise ValueError(f"not an Israeli Whist state: {values!r}")
        return state


def start_state(first_dealer: int, starting_totals: Sequence[int] | None = None) -> State:
    """The state before the first hand ("hand 0")."""
    if not 0 <= first_dealer < SEATS:
        raise ValueError(f"first dealer is seat {first_dealer}; seats are 0..3")
    start = tuple(starting_totals) if starting_totals is not None else (0,) * SEATS
    if len(start) != SEATS:
        raise ValueError(f"{len(start)} starting totals; a game needs one per seat")
    return State(0, start, first_dealer, start=start)


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One recorded hand as the scoreboard shows it."""

    number: int
    dealer: int
    opener: int
    record: HandRecord
    score: HandScore | None
    totals: tuple[int, ...]
    state: State | None = None
    """The game's state after this hand, to resume from it."""

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
    state: State | None = None
    """The state after the last hand (the one resumed from, when there is none)."""

    @property
    def tie_at_top(self) -> bool:
        """True when the game reached its end (the target or the hand limit) but two or more
        seats share the highest total, so play goes on."""
        return self.target_reached and not self.winners

    @property
    def next_number(self) -> int:
        return (self.state.number if self.state else len(self.hands)) + 1


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
    return resume(settings, start_state(first_dealer, starting_totals), hands)


def resume(settings: RuleSettings, state: State, hands: Sequence[HandRecord]) -> GameProgress:
    """Scores ``hands`` as the game's hands ``state.number + 1``, … after ``state``: the
    game's progress with only those hands, and everything else exactly as ``replay`` of
    the whole game gives it. Raises ValueError if a hand is recorded after the end."""
    totals = list(state.totals)
    dealer = state.dealer
    target_reached = state.target_reached
    winners = state.winners
    scored = state.scored
    start = state.start
    replayed: list[ReplayedHand] = []
    for number, record in enumerate(hands, start=state.number + 1):
        if winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = None if record.thrown_in else record.score(settings)
        if score is not None:
            totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        hand_dealer = dealer
        dealer = next_dealer(dealer, record)
        if score is not None:
            scored += 1
            if max(totals) >= settings.target or scored == settings.hand_limit:
                target_reached = True
        if target_reached:
            leaders = leaders_of(totals)
            if len(leaders) == 1 or settings.tie_at_end == "shared":
                winners = leaders
        state = State(number, tuple(totals), dealer, scored, target_reached, winners, start)
        replayed.append(
            ReplayedHand(
                number,
                hand_dealer,
                opener_for(settings, hand_dealer),
                record,
                score,
                state.totals,
                state,
            )
        )
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
        state=state,
    )
