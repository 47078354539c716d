"""A bridge game from deal to deal: part-scores and games (rubber) or the four-deal cycle
(Chicago), vulnerability, the rubber's end, "finish now" on an unfinished rubber, and the
dealer (a passed-out deal in Chicago is dealt again by the same dealer)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.game import HandPlace
from ..core.messages import msg
from ..core.progress import FieldState, RaceProgress, ReplayedHand
from ..core.seats import leaders_of
from .settings import BOARD_VULNERABLE, BridgeSettings, DealScore, Where

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class State(FieldState):
    """After ``number`` deals: totals, the next dealer, deals played (passed out aside),
    part-scores toward game, games won in the rubber, rubbers finished, the winners once
    the game ended; ``start`` where the totals began."""

    number: int
    totals: Pair
    dealer: int
    deals: int = 0
    below: Pair = (0, 0)
    games: Pair = (0, 0)
    rubbers: int = 0
    ended: bool = False
    winners: tuple[int, ...] = ()
    start: Pair = (0, 0)

    def fits(self) -> bool:
        pairs = (self.totals, self.below, self.games, self.start)
        return all(len(pair) == 2 for pair in pairs) and 0 <= self.dealer < 4


@dataclass(frozen=True, slots=True)
class DealsProgress(RaceProgress):
    """The race's progress and the state before its first deal (``before``): a game
    resumed after some deals (a deal just saved) shows its first deal's place, its
    vulnerability and its Chicago deal, as the whole game does."""

    before: State | None = None


def start_state(first_dealer: int, starting_totals: Sequence[int] | None = None) -> State:
    if type(first_dealer) is not int or not 0 <= first_dealer < 4:
        raise ValueError(f"first dealer is seat {first_dealer}; seats are 0..3")
    start = tuple(starting_totals) if starting_totals is not None else (0, 0)
    if len(start) != 2:
        raise ValueError(f"{len(start)} starting totals; bridge has two sides")
    return State(0, (start[0], start[1]), first_dealer, start=(start[0], start[1]))


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


def _after(settings: BridgeSettings, state: State, side: int | None, score: DealScore) -> State:
    """The state after a deal played by ``side``'s declarer (None: passed out)."""
    if side is None and settings.duplicate:  # a board passed out is a board played
        return replace(
            state, number=state.number + 1, dealer=(state.dealer + 1) % 4, deals=state.deals + 1
        )
    if side is None:
        dealer = state.dealer if settings.chicago else (state.dealer + 1) % 4
        return replace(state, number=state.number + 1, dealer=dealer)
    below, games, rubbers = list(state.below), list(state.games), state.rubbers
    if score.game:
        below = [0, 0]
        games[side] += 1
    else:
        below[side] += score.below[side]
    if score.rubber:
        games, rubbers = [0, 0], rubbers + 1
    deals = state.deals + 1
    if settings.chicago:
        games = [0, 0]
        below = [0, 0] if deals % 4 == 0 else below
    totals = _pair([t + p for t, p in zip(state.totals, score.points, strict=True)])
    return replace(
        state,
        number=state.number + 1,
        totals=totals,
        dealer=(state.dealer + 1) % 4,
        deals=deals,
        below=_pair(below),
        games=_pair(games),
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


def _ended(settings: BridgeSettings, state: State) -> State:
    return replace(state, ended=True, winners=leaders_of(state.totals))


def resume(
    game: Any, settings: BridgeSettings, state: State, records: Sequence[Any], finish_after: Any
) -> RaceProgress:
    """``records`` scored as the deals after ``state``; ``finish_after``: the deals
    recorded when the table asked to finish (the unfinished rubber's premiums go to that
    deal's score)."""
    replayed = []
    before = state
    for number, record in enumerate(records, start=state.number + 1):
        if state.ended:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = game.score_at(settings, record, HandPlace(number, state.dealer, state))
        side = None if score is None else record.declarer % 2  # sides (0, 2) and (1, 3)
        dealt = state.dealer
        state = _after(settings, state, side, score or DealScore((0, 0), (0, 0)))
        if finish_after is not None and number >= finish_after:
            extra = unfinished(settings, state)
            if any(extra):
                base = score or DealScore((0, 0), (0, 0))
                above = _pair([a + e for a, e in zip(base.above, extra, strict=True)])
                score = replace(base, above=above)
                totals = _pair([t + e for t, e in zip(state.totals, extra, strict=True)])
                state = replace(state, totals=totals)
            state = _ended(settings, state)
        limit = settings.deals if settings.chicago else settings.rubbers
        done = state.deals if settings.chicago else state.rubbers
        if limit and done >= limit:
            state = _ended(settings, state)
        replayed.append(ReplayedHand(number, dealt, dealt, record, score, state.totals, state))
    if finish_after is not None and state.number >= finish_after and not state.ended:
        state = _ended(settings, state)
    winners = state.winners
    return DealsProgress(
        settings=settings,
        hands=tuple(replayed),
        totals=state.totals,
        dealer=state.dealer,
        opener=state.dealer,
        status="finished" if state.ended else "in_progress",
        winner=winners[0] if len(winners) == 1 else None,
        target_reached=state.ended,
        winners=winners,
        starting_totals=state.start,
        state=state,
        before=before,
    )
