"""Israeli Whist's hand form, as data (see ``core/form.py``): phase one, contracts and
tricks, with every table the page script needs worked out here from the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.display import Notation
from ..core.form import Action, Choice, FormField, HandFormSpec, Step, numbers, seat_keys
from ..core.game import HandPlace
from ..core.messages import msg, nmsg
from .bids import MAX_LEVEL, MIN_LEVEL, SEATS, TRICKS_PER_HAND
from .contracts import forbidden_contract, legal_contracts, over_under, speaking_order
from .display import SHOWN
from .records import MAX_REVOKES, last_bidder
from .scoring import contract_points
from .settings import RuleSettings

TRUMP_KEYS = tuple(Choice(d.code, shown, "red" if red else "") for d, (shown, red) in SHOWN.items())


def hand_form(
    settings: RuleSettings, players: Sequence[str], place: HandPlace | None = None
) -> HandFormSpec:
    """The form for one hand under ``settings``, alike at any ``place``."""
    seats = range(SEATS)
    passing = (
        Action("pass_round", msg("Everyone passed: save as a pass round"), "tricks")
        if settings.all_pass == "pass_round"
        else Action(
            "throw_in",
            nmsg(
                "Everyone passed after %(num)d Frisch round: throw in",
                "Everyone passed after %(num)d Frisch rounds: throw in",
                settings.frisch_rounds,
            )
            if settings.frisch_rounds
            else msg("Everyone passed: throw in"),
            "bid",
        )
    )
    bid = Step(
        "bid",
        msg("Phase one"),
        (
            FormField(
                "frisch_rounds",
                msg("Frisch rounds"),
                numbers(0, settings.frisch_rounds),
                style="short",
                default="0",
                hidden_when_single=True,
                # Translators: read back in the bid's summary: "Noa 7♥ · 1 Frisch".
                read_back=msg("{value} Frisch"),
            ),
            FormField("declarer", msg("Declarer"), seat_keys(players), style="names"),
            FormField("level", msg("Level"), numbers(MIN_LEVEL, MAX_LEVEL), style="levels"),
            FormField("denomination", msg("Trump"), TRUMP_KEYS, style="trumps"),
        ),
        folds=True,
        note=msg(
            "Everyone passed? Enter the tricks each player took in the pass round below, "
            "then save it as a pass round."
        )
        if settings.all_pass == "pass_round"
        else None,
    )
    contracts = Step(
        "contracts",
        msg("Contracts"),
        tuple(
            FormField(f"contract_{s}", msg("Contract"), numbers(0, TRICKS_PER_HAND), seat=s)
            for s in seats
        ),
    )
    tricks = Step(
        "tricks",
        msg("Tricks taken"),
        tuple(
            FormField(f"tricks_{s}", msg("Tricks"), numbers(0, TRICKS_PER_HAND), seat=s)
            for s in seats
        )
        + tuple(
            FormField(
                f"revokes_{s}", msg("Revokes"), seat=s, high=MAX_REVOKES, default="0", folded=True
            )
            for s in seats
        ),
        folded_label=msg(
            "Revokes (%(penalty)s each)", penalty=Notation(f"−{settings.revoke_penalty}")
        ),
    )
    return HandFormSpec(
        steps=(bid, contracts, tricks),
        actions=(passing,),
        rules=_rules(settings),
        texts={
            "why-forbidden": msg(
                "{name} may not say {n}: the contracts would total exactly {total}."
            ),
            "why-declarer": msg("The declarer's contract is at least the bid level, {level}."),
            "tricks-too-many": msg("The others already took {sum} tricks; there are only {total}."),
            "contracts-total": msg("total {total}"),
            "contracts-total-ou": msg("total {total} · {word}"),
            "word-over": msg("over"),
            "word-under": msg("under"),
            "tricks-count": msg("{sum} of {total}"),
            "stake-made": msg("At stake: {made} if made, {step} per trick off."),
            "stake-zero": msg(
                "At stake: {over} if made in an over hand, {under} in an under hand; "
                "failing costs {first}, then {step} back per trick."
            ),
        },
        errors={
            "bid": "level",
            "contracts": "contracts",
            "tricks": "tricks",
            **{f"contracts[{s}]": f"contract_{s}" for s in seats},
            **{f"tricks[{s}]": f"tricks_{s}" for s in seats},
            **{f"revokes[{s}]": f"revokes_{s}" for s in seats},
        },
    )


def _rules(settings: RuleSettings) -> dict[str, Any]:
    seats = range(SEATS)
    levels = range(MIN_LEVEL, MAX_LEVEL + 1)
    speakers = {str(d): speaking_order(settings, d) for d in seats}
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
                "table": {str(n): legal_contracts(settings, 0, n, 0, {}) for n in levels},
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
        "forbid": [
            {
                "prefix": "contract",
                "by": "declarer",
                "last": {str(d): last_bidder(d) for d in seats},
                "forbidden": [
                    forbidden_contract(t) for t in range((SEATS - 1) * TRICKS_PER_HAND + 1)
                ],
                "why": "why-forbidden",
                "total": TRICKS_PER_HAND,
            }
        ],
        "sum": [
            {
                "prefix": "tricks",
                "total": TRICKS_PER_HAND,
                "why": "tricks-too-many",
                "count": "tricks-count",
            }
        ],
        "total": [
            {
                "prefix": "contract",
                "step": "contracts",
                "words": [
                    None if t == TRICKS_PER_HAND else f"word-{over_under([t])}"
                    for t in range(SEATS * TRICKS_PER_HAND + 1)
                ],
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
