"""What Israeli Whist's pages show: a hand as the scoreboard's row shows it (``view``, from
which the core draws its line and its revision), the score sheet's notes and points table
(its rules lines are the knobs'), and what the hand form works out as it is filled in.
Plain data (see ``core/display.py``): the app translates its Messages and prints it.
"""

from __future__ import annotations

from typing import Any

from ..core.bidding import BIDDING_TEXTS, OUTCOME_WORDS, bidding_rules, took_said
from ..core.display import MINUS, Label, Notation, PenaltyMark, RulesLine, SignedPoints, signed
from ..core.knobs import rules_lines_of
from ..core.messages import Message, msg, nmsg
from ..core.schema import Context, Hand, HandSummary
from ..core.schema_defaults import THROWN_IN
from .bids import MAX_LEVEL, MIN_LEVEL, SEATS, TRICKS_PER_HAND
from .contracts import declarer_contracts, last_bidder, over_under, speaking_order
from .records import score_of
from .scoring import contract_points
from .settings import RuleSettings

# Translators: the short mark for a caught revoke, before its penalty: R −100.
REVOKE_MARK = msg("R")
# Translators: a hand everyone passed, played with no trump and no contracts.
PASS_ROUND = Label((msg("pass round"),), "pass")


def made_formula(settings: RuleSettings, n: int | str) -> str:
    """A contract of ``n`` made exactly, as a sum: its number, or "n" on a score sheet."""
    parts = []
    if settings.exact_bonus or not (settings.made_per_trick or settings.made_squared):
        parts.append(str(settings.exact_bonus))
    if settings.made_per_trick:
        parts.append(f"{settings.made_per_trick}·{n}")
    if settings.made_squared:
        parts.append(f"{n}²")
    return " + ".join(parts)


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


def view(settings: RuleSettings, record: Hand, ctx: Context) -> HandSummary:
    """A hand as the scoreboard's row shows it (``GameBase.hand_views``): the declarer and
    the bid, over or under (or a pass round); what each seat bid and took, whether it made
    its contract, and its caught revokes apart from its points. The score is the
    replay's where the context carries it (``Context.scored``), else worked out."""
    if record.thrown_in:
        # Where the bid would stand, the Frisch rounds played before all passed, as the
        # form reads them back ("7♥ · 1 Frisch").
        rounds = record.frisch_rounds
        # Translators: the Frisch rounds before a deal thrown in, in the bid's narrow column.
        frisch = Label((nmsg("%(num)d Frisch", "%(num)d Frisch", rounds),))
        return HandSummary(
            None, frisch if rounds else None, THROWN_IN, ((),) * SEATS, (None,) * SEATS
        )
    score = score_of(settings, record) if ctx.scored is None else ctx.scored
    taken = tuple((str(tricks),) for tricks in record.tricks)
    marks = tuple(map(revoke_mark, record.revokes, score.revoke_penalties))
    if record.pass_round:
        said = tuple(map(took_said, record.tricks))
        return HandSummary(None, None, PASS_ROUND, taken, score.made, marks, said)
    entries = tuple(
        (str(contract), *tricks) for contract, tricks in zip(record.contracts, taken, strict=True)
    )
    said = tuple(
        msg("contract %(contract)d, took %(tricks)d", contract=contract, tricks=tricks)
        for contract, tricks in zip(record.contracts, record.tricks, strict=True)
    )
    outcome = Label((OUTCOME_WORDS[score.over_under],), score.over_under)
    return HandSummary(record.declarer, record.bid.label, outcome, entries, score.made, marks, said)


def rules_lines(settings: RuleSettings) -> list[RulesLine]:
    """The scoring as a score sheet prints it, each rule with its formula (a table that
    scores on paper needs "10 + n²", not the knobs' bare numbers), then the other knobs
    as the new-game form words them (those that apply), but the passes that end the
    auction as a table says them ("The auction ends after: 4 passes in a row")."""
    s = settings
    step = s.failed_zero_step
    failed_zero = f"{signed(-s.failed_zero_first)} {'+' if step >= 0 else MINUS} {abs(step)}·(t−1)"
    over, under = Notation(signed(s.zero_over)), Notation(signed(s.zero_under))
    knobs = tuple(k for k in s.knobs() if k.group not in ("scoring", "zeros"))
    ends = next(at for at, k in enumerate(knobs) if k.name == "auction_end_passes")
    passes = nmsg("%(num)d pass in a row", "%(num)d passes in a row", s.auction_end_passes)
    return [
        RulesLine(msg("Exact contract n ≥ 1"), Notation(made_formula(s, "n"))),
        RulesLine(
            msg("Missed contract"),
            msg("%(points)s per trick", points=Notation(signed(-s.miss_step))),
        ),
        RulesLine(msg("Zero made"), msg("%(over)s over, %(under)s under", over=over, under=under)),
        RulesLine(msg("Zero failed with t tricks"), Notation(failed_zero)),
        RulesLine(
            msg("Nobody makes their contract"),
            msg("the hand scores 0") if s.all_fail_void else msg("scored as usual"),
        ),
        RulesLine(msg("Revoke"), Notation(signed(-s.revoke_penalty))),
        # the scoring's knobs are the formulas above; the auction's end is a sentence
        *rules_lines_of(s, knobs[:ends]),
        RulesLine(msg("The auction ends after"), passes),
        *rules_lines_of(s, knobs[ends + 1 :]),
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


FORM_TEXTS: dict[str, Message] = {
    "sum-why": BIDDING_TEXTS["sum-why"],
    "why-forbidden": msg("{name} may not say {n}: the contracts would total exactly {total}."),
    "why-declarer": msg("The declarer's contract is at least the bid level, {level}."),
    "contracts-total": msg("total {total}"),
    "contracts-total-ou": msg("total {total} · {word}"),
    "word-over": msg("over"),
    "word-under": msg("under"),
    "stake-made": msg("At stake: {made} if made, {step} per trick off."),
    "stake-zero": msg(
        "At stake: {over} if made in an over hand, {under} in an under hand; "
        "failing costs {first}, then {step} back per trick."
    ),
}
"""The sentences of the form's rules (``form_rules``), by the keys they name."""


def form_rules(settings: RuleSettings) -> dict[str, Any]:
    """What the form works out from the rules as the table fills it in: the levels the
    Frisch rounds allow, the declarer's contracts, the order the contracts are named in,
    the forbidden number, the contracts' total over or under and each contract's stake."""
    seats = range(SEATS)
    levels = range(MIN_LEVEL, MAX_LEVEL + 1)
    speakers = {str(d): speaking_order(settings, d) for d in seats}
    hook = bidding_rules(SEATS, TRICKS_PER_HAND, 0, True, prefix="contract")
    last = {str(d): last_bidder(d) for d in seats}
    totals = range(SEATS * TRICKS_PER_HAND + 1)
    words = [None if t == TRICKS_PER_HAND else f"word-{over_under([t])}" for t in totals]
    return {
        "allow": [
            {
                "field": "level",
                "by": "frisch_rounds",
                "table": {
                    str(k): [n for n in levels if n >= settings.minimum_level(k)]
                    for k in range(settings.frisch_rounds + 1)
                },
            },
            {
                "field": "contract_{declarer}",
                "by": "level",
                "table": {str(n): list(declarer_contracts(settings, n)) for n in levels},
                "auto": True,
                "why": "why-declarer",
            },
        ],
        "order": [
            {
                "by": "declarer",
                "speakers": speakers,
                # Clockwise from the seat that names the first contract, for both steps.
                "shown": {
                    d: [(order[0] + i) % SEATS for i in seats] for d, order in speakers.items()
                },
                "fixed_step": "contracts",
            }
        ],
        # Oh Hell's hook at 13 cards (``core.bidding``), spoken last at the declarer's
        # right, its total in contracts, over or under
        "forbid": [hook["forbid"][0] | {"by": "declarer", "last": last, "why": "why-forbidden"}],
        "total": [
            hook["total"][0]
            | {
                "step": "contracts",
                "words": words,
                "text": "contracts-total",
                "text_word": "contracts-total-ou",
            }
        ],
        "stake": [
            {
                "prefix": "contract",
                "by": "declarer",
                "rows": _stakes(settings, declarer=False),
                "own_rows": _stakes(settings, declarer=True),
            }
        ],
    }


def _stakes(settings: RuleSettings, declarer: bool) -> list[dict[str, Any]]:
    """Each contract's stake line, 0..13, as ``scoring`` scores it: the text to use and its
    points, signed as shown. Zero's: made in an over and in an under hand, the first failed
    trick and each trick after it; any other's: made, and each trick off (the declarer's
    counted by ``declarer_miss_factor``)."""
    first, step = settings.failed_zero_curve(False)
    zero = {"over": settings.zero_over, "under": settings.zero_under, "first": -first}
    factor = settings.declarer_miss_factor if declarer else 1
    return [{"text": "stake-zero", "points": zero | {"step": step}}] + [
        {
            "text": "stake-made",
            "points": {
                "made": contract_points(settings, n, n, "under"),
                "step": -settings.miss_step_for(n) * factor,
            },
        }
        for n in range(1, TRICKS_PER_HAND + 1)
    ]
