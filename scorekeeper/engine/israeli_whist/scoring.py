"""Scoring: points per seat as a function of (settings, contracts, tricks taken, revokes).

There is no branch on a preset's name anywhere; every difference between presets is a knob.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .bids import TRICKS_PER_HAND
from .contracts import OverUnder, over_under
from .settings import RuleSettings


def contract_points(
    settings: RuleSettings,
    contract: int,
    tricks_taken: int,
    hand: OverUnder,
    declarer: bool = False,
) -> int:
    """Points one player scores for one hand, before any revoke penalty.

    - contract n >= 1 made exactly: exact_bonus + made_per_trick * n (+ n² if made_squared)
    - contract n >= 1 missed by d tricks: -step * d, where step is miss_steps[n - 1] when
      set, else miss_step; the declarer's is multiplied by declarer_miss_factor
    - zero made: zero_over or zero_under, by the hand's over/under
    - zero failed with t tricks: -F + S * (t - 1), the over hand's curve when it is set
    """
    if contract == 0:
        if tricks_taken == 0:
            return settings.zero_over if hand == "over" else settings.zero_under
        first, step = settings.failed_zero_curve(hand == "over")
        return -first + step * (tricks_taken - 1)
    if tricks_taken == contract:
        squared = contract * contract if settings.made_squared else 0
        return settings.exact_bonus + settings.made_per_trick * contract + squared
    factor = settings.declarer_miss_factor if declarer else 1
    return -settings.miss_step_for(contract) * factor * abs(tricks_taken - contract)


@dataclass(slots=True)
class HandScore:
    """The scored result of one hand, read and never changed (not frozen: a frozen one
    doubled the instructions of scoring a simulated deal).

    ``points`` is what each seat scores for the hand, the revoke penalty included:
    ``points[s] == contract_points[s] - revoke_penalties[s]``. ``contract_points`` is the
    contract's score alone (0 in a void hand) and ``revoke_penalties`` the points lost to
    caught revokes (0 or more), so a page can show a made contract apart from a penalty.
    """

    points: tuple[int, ...]
    over_under: OverUnder | None  # None for a pass round, which has no contracts
    contracts_total: int
    made: tuple[bool, ...]
    void: bool
    contract_points: tuple[int, ...]
    revoke_penalties: tuple[int, ...]

    def to_dict(self) -> dict:
        return {
            "points": list(self.points),
            "over_under": self.over_under,
            "contracts_total": self.contracts_total,
        }


def score_hand(
    settings: RuleSettings,
    contracts: Sequence[int],
    tricks_taken: Sequence[int],
    revokes: Sequence[int] | None = None,
    declarer: int | None = None,
) -> HandScore:
    """Scores a hand whose values are already valid (see ``records``), as ``hand_scorer``
    scores it; a caught revoke costs its penalty on top, void or not. ``declarer`` is the
    declarer's seat, needed when ``declarer_miss_factor`` is not 1; raises ValueError
    without it then, and for contracts totalling 13."""
    if declarer is None and settings.declarer_miss_factor != 1:
        raise ValueError("the declarer's seat is needed when declarer_miss_factor is not 1")
    score = hand_scorer(settings)(list(contracts), list(tricks_taken), declarer)
    if not revokes or not any(revokes):
        return score
    total, made, void = score.contracts_total, score.made, score.void
    return _scored(settings, score.contract_points, revokes, score.over_under, total, made, void)


def _scored(
    settings: RuleSettings,
    earned: tuple[int, ...],
    revokes: Sequence[int] | None,
    hand: OverUnder | None,
    total: int,
    made: tuple[bool, ...],
    void: bool,
) -> HandScore:
    """The hand's score: the points ``earned``, less a penalty for each caught revoke."""
    penalties = tuple(settings.revoke_penalty * r for r in revokes or (0,) * len(earned))
    points = tuple(e - p for e, p in zip(earned, penalties, strict=True))
    return HandScore(points, hand, total, made, void, earned, penalties)


def score_pass_round(
    settings: RuleSettings, tricks_taken: Sequence[int], revokes: Sequence[int] | None = None
) -> HandScore:
    """Scores a pass round (``all_pass="pass_round"``): no contracts, so each seat scores
    ``pass_round_zero`` for taking no trick, or ``-pass_round_step`` per trick taken; a
    caught revoke costs its penalty on top, as in any hand."""
    earned = tuple(
        settings.pass_round_zero if t == 0 else -settings.pass_round_step * t for t in tricks_taken
    )
    return _scored(settings, earned, revokes, None, 0, tuple(t == 0 for t in tricks_taken), False)


_NONE = (0, 0, 0, 0)


@lru_cache(maxsize=64)
def hand_scorer(settings: RuleSettings) -> Callable[[list[int], list[int], int | None], HandScore]:
    """``score(contracts, tricks_taken, declarer)``: a hand of four seats without revokes
    scored under ``settings``, each contract and count of tricks 0..13, from every seat's
    points worked out once for the settings (made once per settings, for a simulated run's
    many deals and a game's many hands). With ``all_fail_void`` on and nobody making their
    contract, every seat scores 0 for the hand; contracts totalling 13 raise ValueError."""
    # points[over][is_declarer][contract][tricks]: a seat's points (of contract c, t
    # tricks taken, in a hand h, by the declarer or not: d) looked up by two subscripts of
    # nested tuples, the fewest steps per seat.
    counts = range(TRICKS_PER_HAND + 1)
    points = tuple(
        tuple(
            tuple(tuple(contract_points(settings, c, t, h, d) for t in counts) for c in counts)
            for d in (False, True)
        )
        for h in ("under", "over")
    )
    # by_seat[over][declarer][seat]: each seat's table in a hand whose declarer is
    # ``declarer`` (4: none, or no seat's miss counts more).
    by_seat = tuple(
        tuple(tuple(by_over[seat == declarer] for seat in range(4)) for declarer in range(5))
        for by_over in points
    )
    void_when_all_fail = settings.all_fail_void
    by_declarer = settings.declarer_miss_factor != 1

    def score(contracts: list[int], tricks_taken: list[int], declarer: int | None) -> HandScore:
        c0, c1, c2, c3 = contracts
        t0, t1, t2, t3 = tricks_taken
        total = c0 + c1 + c2 + c3
        if total == TRICKS_PER_HAND:
            over_under(contracts)  # raises its ValueError
        over = total > TRICKS_PER_HAND
        hand: OverUnder = "over" if over else "under"
        made = (c0 == t0, c1 == t1, c2 == t2, c3 == t3)
        if void_when_all_fail and True not in made:
            return HandScore(_NONE, hand, total, made, True, _NONE, _NONE)
        p0, p1, p2, p3 = by_seat[over][declarer if by_declarer else 4]  # type: ignore[index]
        earned = (p0[c0][t0], p1[c1][t1], p2[c2][t2], p3[c3][t3])
        return HandScore(earned, hand, total, made, False, earned, _NONE)

    return score
