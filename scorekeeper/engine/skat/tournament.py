"""The foot of a Skat tournament list (the Seeger-Fabian list of the ISkO's Preisskat),
which a club night's printed table list adds (issue 45; ``SkatGame.tournament_foot``),
worked out from the counts the Skat list keeps deal by deal (games won and lost,
Seeger-Fabian points)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WON_POINTS = 50
"""What the Seeger-Fabian list gives the declarer for each game won (and takes for each
lost)."""


def others_points(size: int) -> int:
    """What each other player at a table of ``size`` scores for a game the declarer loses:
    40 at a table of three, 30 at four."""
    return 40 if size == 3 else 30


@dataclass(frozen=True, slots=True)
class TournamentFoot:
    """A Seeger-Fabian list's foot, a figure per seat: games won and lost, the 50 for each
    won less the 50 for each lost, the other players' lost games and the 40 or 30 each
    brought, the game points of the list, and the sum (the list's totals)."""

    won: tuple[int, ...]
    lost: tuple[int, ...]
    won_points: tuple[int, ...]
    others_lost: tuple[int, ...]
    others_points: tuple[int, ...]
    per_other: int
    game_points: tuple[int, ...]
    totals: tuple[int, ...]


def tournament_foot(progress: Any) -> TournamentFoot | None:
    """The foot of a Skat list kept under the extended Seeger system (``seeger_fabian``
    ``on``), from its progress; None for any other list (another game, the plain list, a
    state written before the list kept its counts)."""
    state = getattr(progress, "state", None)
    settings = getattr(progress, "settings", None)
    if getattr(settings, "seeger_fabian", None) != "on" or not getattr(state, "won", ()):
        return None
    size = len(progress.totals)
    per_other = others_points(size)
    won_points = tuple(
        WON_POINTS * (won - lost) for won, lost in zip(state.won, state.lost, strict=True)
    )
    others = tuple(s - w for s, w in zip(state.seeger, won_points, strict=True))
    return TournamentFoot(
        won=tuple(state.won),
        lost=tuple(state.lost),
        won_points=won_points,
        others_lost=tuple(points // per_other for points in others),
        others_points=others,
        per_other=per_other,
        game_points=tuple(t - s for t, s in zip(progress.totals, state.seeger, strict=True)),
        totals=tuple(progress.totals),
    )
