"""What Israeli Whist's pages show: a hand as the scoreboard's row shows it (``view``), the
rules lines of a score sheet, and a hand in one line for the revisions page. Plain data
(see ``core/display.py``): the app translates its Messages and prints it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.display import (
    MINUS,
    Label,
    Notation,
    PenaltyMark,
    RevisionView,
    RulesLine,
    SignedPoints,
    signed,
)
from ..core.messages import Message, msg, nmsg
from ..core.schema import Context, HandSummary
from .bids import SEATS, TRICKS_PER_HAND, Bid, Denomination
from .records import HandRecord, PassRound
from .scoring import contract_points
from .settings import RuleSettings

# Translators: the short mark for a caught revoke, before its penalty: R −100.
REVOKE_MARK = msg("R")
OVER_UNDER: dict[str, Label] = {
    "over": Label((msg("over"),), "over"),
    "under": Label((msg("under"),), "under"),
}
THROWN_IN = Label((msg("thrown in"),))
# Translators: a hand everyone passed, played with no trump and no contracts.
PASS_ROUND = Label((msg("pass round"),), "pass")


# Translators: no-trump as written after a level on a score sheet (7NT), and on its key.
NO_TRUMP = msg("NT")
SHOWN: dict[Denomination, tuple[Message | str, bool]] = {
    d: (NO_TRUMP if d.trump is None else d.symbol, bool(d.trump and d.trump.is_red))
    for d in Denomination
}
"""Each denomination as a score sheet and the form's keys write it, and whether it is red."""


def bid_label(bid: Bid | str) -> Label:
    """A bid as a score sheet writes it, ``7♥`` or ``7NT``; red suits get the class "r"."""
    if isinstance(bid, str):
        bid = Bid.from_str(bid)
    shown, red = SHOWN[bid.denomination]
    return Label((str(bid.level), shown), "r" if red else "")


def revoke_mark(revokes: int, penalty: int) -> PenaltyMark | None:
    """Caught revokes and their penalty, or None without any."""
    if not revokes:
        return None
    count = () if revokes == 1 else (f"×{revokes}",)
    label = nmsg(
        "%(num)d revoke: %(points)s",
        "%(num)d revokes: %(points)s",
        revokes,
        points=SignedPoints(-penalty),
    )
    return PenaltyMark((REVOKE_MARK, *count), -penalty, label)


def view(settings: RuleSettings, record: HandRecord, ctx: Context) -> HandSummary:
    """A hand as the scoreboard's row shows it (``GameBase.hand_views``): the declarer and
    the bid, over or under (or a pass round); what each seat bid and took, whether it made
    its contract, and its caught revokes apart from its points."""
    if record.thrown_in:
        return HandSummary(None, None, THROWN_IN, ((),) * SEATS, (None,) * SEATS)
    score = record.score(settings)
    taken = tuple((str(tricks),) for tricks in record.tricks_taken)
    marks = tuple(map(revoke_mark, record.revokes, score.revoke_penalties))
    if isinstance(record, PassRound):
        return HandSummary(None, None, PASS_ROUND, taken, score.made, marks)
    entries = tuple(
        (str(contract), *tricks) for contract, tricks in zip(record.contracts, taken, strict=True)
    )
    outcome = OVER_UNDER[score.over_under]
    return HandSummary(record.declarer, bid_label(record.bid), outcome, entries, score.made, marks)


def rules_lines(settings: RuleSettings) -> list[RulesLine]:
    """The settings as short lines for a score sheet, each scoring rule with its numbers."""
    s = settings
    step = s.failed_zero_step
    failed_zero = f"{signed(-s.failed_zero_first)} {'+' if step >= 0 else MINUS} {abs(step)}·(t−1)"
    frisch: Message | int = s.frisch_rounds or msg("none")  # 0: no Frisch, never a bare 0
    if s.frisch_rounds and s.rising_minimum:
        frisch = msg("%(rounds)d, the minimum rising", rounds=s.frisch_rounds)
    return [
        RulesLine(
            msg("Exact contract n ≥ 1"),
            Notation(f"{s.exact_bonus} + n²" if s.exact_bonus else "n²"),
        ),
        RulesLine(
            msg("Missed contract"),
            msg("%(points)s per trick", points=Notation(signed(-s.miss_step))),
        ),
        RulesLine(
            msg("Zero made"),
            msg(
                "%(over)s over, %(under)s under",
                over=Notation(signed(s.zero_over)),
                under=Notation(signed(s.zero_under)),
            ),
        ),
        RulesLine(msg("Zero failed with t tricks"), Notation(failed_zero)),
        RulesLine(
            msg("Nobody makes their contract"),
            msg("the hand scores 0") if s.all_fail_void else msg("scored as usual"),
        ),
        RulesLine(msg("Revoke"), Notation(signed(-s.revoke_penalty))),
        s.line_of("opener"),
        RulesLine(msg("Auction ends after"), msg("%(passes)d passes", passes=s.auction_end_passes)),
        s.line_of("declarer_may_raise"),
        RulesLine(msg("Frisch rounds"), frisch),
        RulesLine(msg("Target"), s.target),
    ]


def rules_notes(settings: RuleSettings) -> list[Message]:
    """The rules a score sheet states in a sentence rather than as a number."""
    notes = [
        msg(
            "Forbidden number: the last bidder, at the declarer's right, may not name the "
            "number that makes the four contracts total 13. Above 13 the hand is over, "
            "below 13 under."
        )
    ]
    if not settings.declarer_may_raise:
        notes.append(msg("The declarer's contract is their bid level."))
    return notes


def points_table(settings: RuleSettings) -> list[tuple[int, int]]:
    """Points for each contract 1..13 made exactly, from the scoring."""
    return [(n, contract_points(settings, n, n, "under")) for n in range(1, TRICKS_PER_HAND + 1)]


def describe_hand(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> list[Message]:
    """A hand given as its ``to_dict`` in one line, as parts a page joins with " · "."""

    def numbers(key: str) -> Notation:
        return Notation(" ".join(map(str, hand[key])))

    if hand.get("pass_round"):
        parts = [msg("pass round · tricks %(tricks)s", tricks=numbers("tricks"))]
    elif hand.get("thrown_in"):
        rounds = hand.get("frisch_rounds", 0)
        return [
            nmsg(
                "thrown in after %(num)d Frisch round",
                "thrown in after %(num)d Frisch rounds",
                rounds,
            )
        ]
    else:
        parts = [
            msg(
                "%(declarer)s %(bid)s · contracts %(contracts)s · tricks %(tricks)s",
                declarer=players[hand["declarer"]],
                bid=bid_label(hand["bid"]),
                contracts=numbers("contracts"),
                tricks=numbers("tricks"),
            )
        ]
        if hand.get("frisch_rounds"):
            parts.append(msg("%(rounds)d Frisch", rounds=hand["frisch_rounds"]))
    if any(hand.get("revokes") or ()):
        parts.append(msg("revokes %(revokes)s", revokes=numbers("revokes")))
    return parts


def revision_view(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> RevisionView:
    """A saved version of a hand (its ``to_dict``) for the Revisions page."""
    if hand.get("thrown_in"):
        return RevisionView(tuple(describe_hand(hand, players)), ())
    revokes = hand.get("revokes") or [0] * len(players)
    if hand.get("pass_round"):
        summary: list[Message] = [msg("pass round")]
        figures = [str(tricks) for tricks in hand["tricks"]]
    else:
        declarer, bid = players[hand["declarer"]], bid_label(hand["bid"])
        summary = [msg("%(declarer)s %(bid)s", declarer=declarer, bid=bid)]
        figures = [f"{c}/{t}" for c, t in zip(hand["contracts"], hand["tricks"], strict=True)]
    if hand.get("frisch_rounds"):
        summary.append(msg("%(rounds)d Frisch", rounds=hand["frisch_rounds"]))
    seats = tuple(
        (
            Notation(figures[seat]),
            nmsg("%(num)d revoke", "%(num)d revokes", revokes[seat]) if revokes[seat] else None,
        )
        for seat in range(len(players))
    )
    return RevisionView(tuple(summary), seats)
