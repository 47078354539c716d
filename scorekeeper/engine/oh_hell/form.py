"""Oh Hell's hand form, as data (see ``core/form.py``): the trump, the bids from the
dealer's left with the hook's number disabled and named, and the tricks with the last
filled in: 2 × players + 1 taps with save.

Where the form knows the hand's place in the game (``deal``: its cards and dealer) the
cards are sent, not asked, and the bids and tricks run 0..cards; without it (a form
drawn for no hand in particular) the table taps the cards dealt too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.bidding import BIDDING_TEXTS, bidding_rules
from ..core.cards import Suit
from ..core.form import Choice, FormField, HandFormSpec, Step, numbers
from ..core.messages import msg
from .settings import OhHellSettings, most_cards

NONE_KEY = "none"


@dataclass(frozen=True, slots=True)
class Deal:
    """Where a hand falls in its game: the cards it deals and its dealer's seat."""

    cards: int
    dealer: int


def _trump_keys() -> tuple[Choice, ...]:
    suits = tuple(Choice(s.letter, s.symbol, "red" if s.is_red else "") for s in Suit)
    return (*suits, Choice(NONE_KEY, msg("No trump")))


def hand_form(
    settings: OhHellSettings, players: Sequence[str], deal: Deal | None = None
) -> HandFormSpec:
    """The form for one hand under ``settings``; ``deal`` fixes its cards and dealer."""
    seats = range(settings.players)
    high = most_cards(settings.players) if deal is None else deal.cards
    cards = numbers(1, high) if deal is None else numbers(deal.cards, deal.cards)
    # A placed hand sends its cards and dealer as they are (a hidden field sends its
    # default), the dealer only for the tables below to read.
    deal_fields = [
        FormField(
            "cards",
            msg("Cards dealt"),
            cards,
            style="short",
            default=None if deal is None else str(deal.cards),
            hidden_when_single=True,
        ),
        FormField("trump", msg("Trump"), _trump_keys(), style="suits"),
    ]
    if deal is not None:
        dealer_key = (Choice(str(deal.dealer), players[deal.dealer]),)
        deal_fields.append(
            FormField(
                "dealer",
                msg("Dealer"),
                dealer_key,
                style="names",
                default=str(deal.dealer),
                hidden_when_single=True,
            )
        )
    steps = (
        Step("deal", msg("The deal"), tuple(deal_fields), folds=True),
        Step(
            "bids",
            msg("Bids"),
            tuple(FormField(f"bid_{s}", msg("Bid"), numbers(0, high), seat=s) for s in seats),
        ),
        Step(
            "tricks",
            msg("Tricks taken"),
            tuple(FormField(f"tricks_{s}", msg("Tricks"), numbers(0, high), seat=s) for s in seats),
        ),
    )
    return HandFormSpec(
        steps=steps,
        rules={} if deal is None else _rules(settings, deal),
        texts={
            "tricks-too-many": msg("The others already took {sum} tricks; there are only {total}."),
            "tricks-count": msg("{sum} of {total}"),
            **BIDDING_TEXTS,
        },
        errors={
            "cards": "cards",
            "trump": "trump",
            "bids": "bids",
            "tricks": "tricks",
            **{f"bids[{s}]": f"bid_{s}" for s in seats},
            **{f"tricks[{s}]": f"tricks_{s}" for s in seats},
        },
    )


def _rules(settings: OhHellSettings, deal: Deal) -> dict[str, Any]:
    seats = settings.players
    order = [(deal.dealer + 1 + i) % seats for i in range(seats)]  # the dealer bids last
    return {
        "order": [
            {
                "by": "dealer",
                "speakers": {str(deal.dealer): order},
                "shown": {str(deal.dealer): order},
                "fixed_step": "bids",
            }
        ],
        "sum": [
            {
                "prefix": "tricks",
                "total": deal.cards,
                "why": "tricks-too-many",
                "count": "tricks-count",
            }
        ],
        **bidding_rules(seats, deal.cards, deal.dealer, settings.hook, prefix="bid"),
    }


def form_body(settings: OhHellSettings, values: Mapping[str, Any], action: str | None) -> dict:
    """The hand body ``record_from_dict`` reads, from the form's values."""
    seats = range(settings.players)
    trump = values.get("trump")
    return {
        "cards": values.get("cards"),
        "trump": None if trump == NONE_KEY else (trump or ""),
        "bids": [values.get(f"bid_{s}") for s in seats],
        "tricks": [values.get(f"tricks_{s}") for s in seats],
    }


def form_values(hand: Mapping[str, Any]) -> dict[str, str]:
    """A stored hand (its ``to_dict``) as the form's values, to edit it."""
    values = {"cards": str(hand["cards"]), "trump": hand["trump"] or NONE_KEY}
    for kind, prefix in (("bids", "bid"), ("tricks", "tricks")):
        values |= {f"{prefix}_{s}": str(n) for s, n in enumerate(hand[kind])}
    return values
