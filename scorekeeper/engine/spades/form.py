"""Spades' hand form, as data (see ``core/form.py``): each seat's bid, then each seat's
tricks, the last filled in. Eight taps a hand: four bids, three tricks, save. Blind nil
is a key of its own among the bids, offered to the seats the rules allow it: every seat
unless the rules never allow it, and where the score before the hand is known (the
form at its place, ``Spades.form_at``) under ``behind_100`` only to a side 100 or more
points behind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.form import Choice, FormField, HandFormSpec, Step, numbers
from ..core.messages import msg
from ..core.seats import SEATS
from .scoring import TRICKS
from .settings import BLIND_NIL_BEHIND, SpadesSettings

BLIND = "blind"
"""The bid key of a blind nil; the hand body records it as a 0 in ``bids`` and the seat
in ``blind_nil``."""


def _bid_keys(blind: bool) -> tuple[Choice, ...]:
    # Translators: the key for a bid of no tricks at all.
    keys = [Choice("0", msg("Nil")), *numbers(1, TRICKS)]
    if blind:
        # Translators: the key for a nil bid made before looking at one's cards.
        keys.insert(0, Choice(BLIND, msg("Blind nil")))
    return tuple(keys)


def hand_form(
    settings: SpadesSettings, players: Sequence[str], blind: Sequence[int] | None = None
) -> HandFormSpec:
    """The form for one hand under ``settings``; ``blind`` the seats offered blind nil
    (None, where the score is not known: every seat unless the rules never allow it)."""
    seats = range(SEATS)
    if blind is None:
        blind = () if settings.blind_nil == "never" else seats
    note = None
    if settings.blind_nil == "behind_100":
        note = msg(
            "Blind nil only for a side %(behind)d or more points behind.",
            behind=BLIND_NIL_BEHIND,
        )
    bids = Step(
        "bidding",
        msg("Bids"),
        tuple(FormField(f"bid_{s}", msg("Bid"), _bid_keys(s in blind), seat=s) for s in seats),
        note=note,
    )
    tricks = Step(
        "taking",
        msg("Tricks taken"),
        tuple(FormField(f"tricks_{s}", msg("Tricks"), numbers(0, TRICKS), seat=s) for s in seats),
    )
    return HandFormSpec(
        steps=(bids, tricks),
        rules={
            "sum": [
                {
                    "prefix": "tricks",
                    "total": TRICKS,
                    "why": "tricks-too-many",
                    "count": "tricks-count",
                }
            ]
        },
        texts={
            "tricks-too-many": msg("The others already took {sum} tricks; there are only {total}."),
            "tricks-count": msg("{sum} of {total}"),
        },
        errors={
            "bids": "bidding",
            "blind_nil": "bidding",
            "thrown_in": "bidding",
            "tricks": "taking",
            **{f"bids[{s}]": f"bid_{s}" for s in seats},
            **{f"tricks[{s}]": f"tricks_{s}" for s in seats},
        },
    )


def form_body(settings: SpadesSettings, values: Mapping[str, Any], action: str | None) -> dict:
    """The hand body ``record_from_dict`` reads, from the form's values."""
    bids = [values.get(f"bid_{s}") for s in range(SEATS)]
    body: dict[str, Any] = {
        "bids": ["0" if bid == BLIND else bid for bid in bids],
        "tricks": [values.get(f"tricks_{s}") for s in range(SEATS)],
    }
    blind = [s for s, bid in enumerate(bids) if bid == BLIND]
    if blind:
        body["blind_nil"] = blind
    return body


def form_values(hand: Mapping[str, Any]) -> dict[str, str]:
    """A stored hand (its ``to_dict``) as the form's values, to edit it."""
    blind = set(hand.get("blind_nil") or ())
    values = {f"bid_{s}": BLIND if s in blind else str(bid) for s, bid in enumerate(hand["bids"])}
    values |= {f"tricks_{s}": str(taken) for s, taken in enumerate(hand["tricks"])}
    return values
