"""A bridge game from deal to deal: part-scores and games (rubber) or the four-deal cycle
(Chicago), vulnerability, the rubber's end, "finish now" on an unfinished rubber, and the
dealer (a passed-out deal in Chicago is dealt again by the same dealer), as the hooks of
the one loop that replays every game (``core.progress``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from ..core.declared import Progression
from ..core.progress import RaceState, ReplayedHand
from .settings import BOARD_VULNERABLE, BridgeSettings, DealScore, Where

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class State(RaceState):
    """After ``number`` deals: the race's state (totals, the next dealer, the end and its
    winners, where the totals began), the deals played (passed out aside, but a board at
    duplicate), part-scores toward game, games won in the rubber and rubbers finished.
    Stored as it always was: the end as ``ended``, the deals as the race's count."""

    deals: int = 0
    below: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    rubbers: int = 0

    def fits(self, game: Any) -> bool:
        return len(self.below) == len(self.games) == 2

    def to_dict(self) -> dict[str, Any]:
        found = RaceState.to_dict(self)
        del found["scored"]
        return found | {"ended": found.pop("target_reached")}

    @classmethod
    def from_dict(cls, values: Mapping[str, Any], game: Any) -> Self:
        """A state as ``to_dict`` wrote it; raises ValueError for anything else."""
        if not isinstance(values, Mapping) or "ended" not in values:
            raise ValueError(f"not a state of this game: {values!r}")
        race = {"target_reached": values["ended"], "scored": values.get("deals", 0)}
        return super(State, cls).from_dict({**values, **race}, game)


def where_of(settings: BridgeSettings, state: Any, dealer: int | None) -> Where:
    """Where the next deal falls after ``state`` (a ``Where`` itself as the command line
    gives it; none: the first deal of a game)."""
    if isinstance(state, Where):
        return state
    if not isinstance(state, State):
        return Where()
    if not settings.chicago:
        return Where((state.games[0] > 0, state.games[1] > 0), state.below, state.games)
    if settings.duplicate:
        return Where(BOARD_VULNERABLE[state.deals % 16])
    place = state.deals % 4
    dealers = (dealer or 0) % 2 == 0
    ours = dealers if settings.chicago_vulnerable != "non_dealer" else not dealers
    vulnerable = ((False, False), (ours, not ours), (ours, not ours), (True, True))[place]
    return Where(vulnerable, state.below, fourth=place == 3)


def _pair(a: Sequence[int]) -> Pair:
    return (a[0], a[1])


def carried(game: Any, settings: BridgeSettings, hand: ReplayedHand) -> State:
    """The state after a deal: the deals played, part-scores, games and rubbers; the end
    once the Chicago's deals or the rubbers asked for are played."""
    state, score = hand.state, hand.score
    deals = state.deals + (score is not None or settings.duplicate)  # a board passed out
    below, games, rubbers = state.below, state.games, state.rubbers
    if score is not None:  # played by the declarer's side, (0, 2) or (1, 3)
        side = hand.record.declarer % 2
        below, games = list(below), list(games)
        if score.game:
            below = [0, 0]
            games[side] += 1
        else:
            below[side] += score.below[side]
        if score.rubber:
            games, rubbers = [0, 0], rubbers + 1
        if settings.chicago:
            games = [0, 0]
            below = [0, 0] if deals % 4 == 0 else below
        below, games = _pair(below), _pair(games)
    limit = settings.deals if settings.chicago else settings.rubbers
    ended = state.target_reached or bool(
        limit and (deals if settings.chicago else rubbers) >= limit
    )
    return replace(
        state,
        deals=deals,
        scored=deals,
        target_reached=ended,
        below=below,
        games=games,
        rubbers=rubbers,
    )


def unfinished(settings: BridgeSettings, state: State) -> Pair:
    """What each side gets when the table stops during a rubber: 300 for the only game
    won, ``unfinished_partscore`` for the only part-score."""
    if settings.chicago:
        return (0, 0)
    found = [0, 0]
    for side in (0, 1):
        if state.games[side] and not state.games[1 - side]:
            found[side] += 300
        if state.below[side] and not state.below[1 - side]:
            found[side] += settings.unfinished_partscore or 0
    return _pair(found)


def finished(game: Any, settings: BridgeSettings, hand: ReplayedHand) -> ReplayedHand:
    """The deal at which the table finishes, the unfinished rubber's premiums added to its
    score above the line and to the totals."""
    extra = unfinished(settings, hand.state)
    if not any(extra):
        return hand
    base = hand.score or DealScore((0, 0), (0, 0))
    score = replace(base, above=_pair([a + e for a, e in zip(base.above, extra, strict=True)]))
    totals = _pair([t + e for t, e in zip(hand.state.totals, extra, strict=True)])
    return replace(hand, score=score, state=replace(hand.state, totals=totals))


PROGRESSION = Progression(
    state=State,
    carry=carried,
    finish=finished,
    # a passed-out deal in Chicago is dealt again by the same dealer (not a board)
    next_dealer=lambda game, settings, place, record: (
        place.dealer
        if record.thrown_in and settings.chicago and not settings.duplicate
        else (place.dealer + 1) % 4
    ),
    opener=lambda game, settings, dealer: dealer,  # the dealer opens the auction
    shares_tie=True,  # the end: the higher total wins, equal totals share
    finish_now=True,
    lasting={"rubbers": 0},
)
"""Bridge's part of the race (``core.declared.Progression``)."""
