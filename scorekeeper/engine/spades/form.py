"""Spades' hand form, as data (see ``core/form.py``): each seat's bid, then each seat's
tricks, the last filled in. Eight taps a hand: four bids, three tricks, save. Blind nil
is a key of its own among the bids unless the rules never allow it. Where the score
before the hand is known (the form at its place, ``Spades.form_at``) and it allows blind
nil to some seats only (``behind_100``: a side 100 or more points behind), the key is
disabled for the others by an ``allow`` rule, keyed by a hidden field that sends the
seats allowed; a blind nil posted for another seat is the engine's to refuse, naming it.
"""

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


BLIND_SEATS = "blind_seats"
"""The hidden field that sends the seats allowed a blind nil, "0,2" (or "none"): what the
``allow`` rules that disable the key for the other seats are keyed by."""


def _bid_keys(settings: SpadesSettings) -> tuple[Choice, ...]:
    # Translators: the key for a bid of no tricks at all.
    keys = [Choice("0", msg("Nil")), *numbers(1, TRICKS)]
    if settings.blind_nil != "never":
        # Translators: the key for a nil bid made before looking at one's cards.
        keys.insert(0, Choice(BLIND, msg("Blind nil")))
    return tuple(keys)


def hand_form(
    settings: SpadesSettings,
    players: Sequence[str],
    blind: Sequence[int] | None = None,
    dealer: int | None = None,
) -> HandFormSpec:
    """The form for one hand under ``settings``; ``blind`` the seats the score allows a
    blind nil (None, where the score is not known: every seat the rules allow). Where the
    ``dealer`` is known, the seats are asked and shown as the table speaks: from the
    dealer's left, the dealer last (a hidden field sends the dealer for the ``order``
    table to read); the hand is still recorded seat by seat."""
    seats = range(SEATS)
    keys = _bid_keys(settings)
    note = None
    if settings.blind_nil == "behind_100":
        note = msg(
            "Blind nil only for a side %(behind)d or more points behind.",
            behind=BLIND_NIL_BEHIND,
        )
    bid_fields = [FormField(f"bid_{s}", msg("Bid"), keys, seat=s) for s in seats]
    allow: list[dict[str, Any]] = []
    if blind is not None and settings.blind_nil != "never" and set(blind) != set(seats):
        allowed = ",".join(map(str, blind)) or "none"
        bid_fields.append(
            FormField(
                BLIND_SEATS,
                msg("Blind nil"),
                (Choice(allowed, allowed),),
                default=allowed,
                hidden_when_single=True,
            )
        )
        others = [c.value for c in keys if c.value != BLIND]
        allow = [
            {"field": f"bid_{s}", "by": BLIND_SEATS, "table": {allowed: others}}
            for s in seats
            if s not in blind
        ]
    order: list[dict[str, Any]] = []
    if dealer is not None:
        speaking = [(dealer + 1 + i) % SEATS for i in seats]
        bid_fields.insert(
            0,
            FormField(
                "dealer",
                msg("Dealer"),
                (Choice(str(dealer), players[dealer]),),
                default=str(dealer),
                hidden_when_single=True,
            ),
        )
        order = [
            {
                "by": "dealer",
                "speakers": {str(dealer): speaking},
                "shown": {str(dealer): speaking},
                "fixed_step": "bidding",
            }
        ]
    bids = Step("bidding", msg("Bids"), tuple(bid_fields), note=note)
    tricks = Step(
        "taking",
        msg("Tricks taken"),
        tuple(FormField(f"tricks_{s}", msg("Tricks"), numbers(0, TRICKS), seat=s) for s in seats),
    )
    return HandFormSpec(
        steps=(bids, tricks),
        rules={
            **({"allow": allow} if allow else {}),
            **({"order": order} if order else {}),
            "sum": [
                {
                    "prefix": "tricks",
                    "total": TRICKS,
                    "why": "tricks-too-many",
                    "count": "tricks-count",
                }
            ],
        },
        texts={
            "tricks-too-many": msg("The others already took {sum} tricks; there are only {total}."),
            "tricks-count": msg("{sum} of {total}"),
        },
        errors={
            "bids": "bidding",
            "blind_nil": "bidding",
            BLIND_SEATS: "bidding",
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
