"""Israeli Whist's own figures of a played hand (``PlayerFigures.of_hand``) and their
lines as the pages print them (one :class:`FigureLine` per figure); a recorded game,
careers and the head-to-head table are every game's (``core.stats``), which add them up.

Every figure is read from :func:`~.progression.replay`'s :class:`~.scoring.HandScore`,
never worked out again, so that no figure can disagree with the scoreboard. A thrown-in
deal counts only in the game's hand count; a contract (zeros included) is made when the
seat takes exactly that many tricks; points include revoke penalties, which are counted
apart too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import stats as core
from ..core.display import FigureLine, FigureValue, Notation, mean_figure, signed
from ..core.figures import hands_line, pick_figure, rate_figure
from ..core.messages import Message, msg
from ..core.progress import ReplayedHand
from ..core.schema import Hand
from ..core.stats import GameKey, HandPick, PerHand, Rate, better_pick
from .contracts import forbidden_for_entry, last_bidder


@dataclass(frozen=True, slots=True)
class PlayerFigures(PerHand):
    """One player's figures over some played hands (a game, or a career): ``best`` and
    ``worst`` the hands with the most and fewest points, the earliest on a tie;
    ``last_bidder`` the hands at the declarer's right, ``forbidden_hurt`` those the
    forbidden number cost (:func:`forbidden_hurt`); caught ``revokes`` and their
    ``revoke_penalty`` (0 or more)."""

    hands: int = 0
    contracts: Rate = Rate()
    zeros: Rate = Rate()
    declarer: Rate = Rate()
    contract_sum: int = 0
    points_sum: int = 0
    best: HandPick | None = None
    worst: HandPick | None = None
    last_bidder: int = 0
    forbidden_hurt: int = 0
    revokes: int = 0
    revoke_penalty: int = 0
    in_over: Rate = Rate()
    in_under: Rate = Rate()

    @classmethod
    def of_hand(cls, replayed: ReplayedHand, seats: Sequence[int], side: int, game: GameKey):
        """The figures one played hand gives ``seats`` (one seat, its side ``side``)."""
        record, score, seat = replayed.record, replayed.score, seats[0]
        if record.thrown_in or record.pass_round:
            return cls()
        contract, made = record.contracts[seat], Rate(int(score.made[seat]), 1)
        is_last = last_bidder(record.declarer) == seat
        pick = HandPick(score.points[seat], replayed.number, game)
        return cls(
            hands=1,
            contracts=made,
            zeros=made if contract == 0 else Rate(),
            declarer=made if record.declarer == seat else Rate(),
            contract_sum=contract,
            points_sum=score.points[seat],
            best=pick,
            worst=pick,
            last_bidder=int(is_last),
            forbidden_hurt=int(is_last and forbidden_hurt(record)),
            revokes=record.revokes[seat],
            revoke_penalty=score.revoke_penalties[seat],
            in_over=made if score.over_under == "over" else Rate(),
            in_under=made if score.over_under == "under" else Rate(),
        )

    @property
    def average_contract(self) -> float | None:
        """The mean contract per played hand (zeros included), or None without hands."""
        return self.contract_sum / self.hands if self.hands else None

    def __add__(self, other: PlayerFigures) -> PlayerFigures:
        """Figures over both sets of hands; ``self``'s hands count as the earlier ones."""
        return self.summed(
            other, best=lambda a, b: better_pick(a, b, 1), worst=lambda a, b: better_pick(a, b, -1)
        )


def forbidden_hurt(hand: Hand) -> bool:
    """Whether the forbidden number cost the last bidder their contract in ``hand``: they
    took exactly that many tricks and missed by one, so the contract the rule denied them
    is the one they would have made (none is forbidden once the others total over 13)."""
    seat = last_bidder(hand.declarer)
    forbidden = forbidden_for_entry(hand.contracts, hand.declarer)
    taken = hand.tricks[seat]
    # The contracts never total 13, so the last bidder's contract is never the forbidden
    # number; taking exactly that many tricks therefore always means a miss.
    return taken == forbidden and abs(hand.contracts[seat] - taken) == 1


def made_over_under(stats: core.GameStats[PlayerFigures]) -> tuple[Rate, Rate]:
    """Every seat's contracts made in the game's over hands, and in its under hands."""
    seats = [side.figures for side in stats.sides]  # one seat each
    return sum((f.in_over for f in seats), Rate()), sum((f.in_under for f in seats), Rate())


def revoke_figure(figures: PlayerFigures) -> FigureValue:
    """Caught revokes and the points they cost, ``2 (−200)``; a plain ``0`` without any."""
    if not figures.revokes:
        return "0"
    return msg(
        "%(revokes)d (%(penalty)s)",
        revokes=figures.revokes,
        penalty=Notation(signed(-figures.revoke_penalty)),
    )


def player_figures(figures: Sequence[PlayerFigures], with_game: bool = False) -> list[FigureLine]:
    """The per-player figures, one line each, one value per player."""
    lines: list[tuple[Message, list[FigureValue]]] = [
        (msg("Hands played"), [str(f.hands) for f in figures]),
        (msg("Contracts made"), [rate_figure(f.contracts) for f in figures]),
        (msg("Zero bids made"), [rate_figure(f.zeros) for f in figures]),
        (msg("Declarer contracts made"), [rate_figure(f.declarer) for f in figures]),
        (msg("Average contract"), [mean_figure(f.average_contract) for f in figures]),
        (
            msg("Average points per hand"),
            [mean_figure(f.average_points, True) for f in figures],
        ),
        (msg("Best hand"), [pick_figure(f.best, with_game) for f in figures]),
        (msg("Worst hand"), [pick_figure(f.worst, with_game) for f in figures]),
        (msg("Last bidder"), [str(f.last_bidder) for f in figures]),
        (msg("Hurt by the forbidden number"), [str(f.forbidden_hurt) for f in figures]),
        (msg("Revokes (penalty)"), [revoke_figure(f) for f in figures]),
    ]
    return [FigureLine(label, tuple(values)) for label, values in lines]


def game_figures(stats: core.GameStats[PlayerFigures]) -> list[FigureLine]:
    """The game-wide figures: hands, the over/under split, contracts made over vs under."""
    over, under = made_over_under(stats)
    split = f"{over.attempted // len(stats.sides)} / {under.attempted // len(stats.sides)}"
    return [
        hands_line(stats),
        FigureLine(msg("Over / under hands"), (split,)),  # a contract per seat and hand
        FigureLine(msg("Contracts made in over hands"), (rate_figure(over),)),
        FigureLine(msg("Contracts made in under hands"), (rate_figure(under),)),
    ]


NOTES = (
    msg(
        "A contract is made when the player takes exactly that many tricks. The last bidder "
        "sits at the declarer's right; the forbidden number hurt them when they took exactly "
        "that many tricks and missed by one."
    ),
)
