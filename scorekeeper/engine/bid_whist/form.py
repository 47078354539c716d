"""Bid Whist's hand form, as data (see ``core/form.py``): the bid, then the books the
bidding side took. Six taps for a made bid: bidder, level, kind, trump or direction,
books, save."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Suit
from ..core.form import Action, Choice, FormField, HandFormSpec, Step, numbers, seat_keys
from ..core.messages import msg
from .bids import DIRECTIONS, MAX_LEVEL, Bid, Kind
from .cards import BOOKS
from .records import MAX_RENEGES
from .scoring import SIDES
from .settings import BidWhistSettings
from .stats import side_name

_DIRECTION_WORDS = {"high": msg("high"), "low": msg("low")}


def hand_form(settings: BidWhistSettings, players: Sequence[str]) -> HandFormSpec:
    """The form for one hand under ``settings``."""
    bid = Step(
        "bid",
        msg("Bid"),
        (
            FormField("bidder", msg("Bidder"), seat_keys(players), style="names"),
            FormField(
                "level", msg("Level"), numbers(settings.minimum_level, MAX_LEVEL), style="levels"
            ),
            FormField(
                "kind", msg("Kind"), tuple(Choice(k.letters, k.label) for k in Kind), style="wide"
            ),
            FormField(
                "trump",
                msg("Trump"),
                tuple(Choice(s.letter, s.symbol, "red" if s.is_red else "") for s in Suit),
                style="suits",
            ),
            FormField(
                "direction",
                msg("Direction"),
                tuple(Choice(d, _DIRECTION_WORDS[d]) for d in DIRECTIONS),
                style="wide",
            ),
        ),
        folds=True,
    )
    books = Step(
        "taken",
        msg("Books"),
        (
            FormField(
                "books", msg("Books won by the bidding side, the kitty included"), numbers(1, BOOKS)
            ),
            *(
                FormField(
                    f"reneges_{side}",
                    msg("Reneges by %(side)s", side=side_name(players, side)),
                    high=MAX_RENEGES,
                    default="0",
                    folded=True,
                )
                for side in range(len(SIDES))
            ),
        ),
        folded_label=msg("Reneges (%(books)d books each)", books=settings.renege_books),
    )
    actions = (
        (Action("throw_in", msg("Everyone passed: throw in"), "bid"),)
        if settings.all_pass == "redeal"
        else ()
    )
    return HandFormSpec(
        steps=(bid, books),
        actions=actions,
        rules={
            "hint": [
                {
                    "field": "books",
                    "by": "level",
                    "table": {
                        str(n): Bid(n, Kind.UPTOWN).books_needed
                        for n in range(settings.minimum_level, MAX_LEVEL + 1)
                    },
                    "why": "books-needed",
                }
            ],
            "show": [
                {
                    "field": "trump",
                    "by": "kind",
                    "values": [k.letters for k in Kind if k.has_trump],
                },
                {
                    "field": "direction",
                    "by": "kind",
                    "values": [k.letters for k in Kind if not k.has_trump],
                },
            ],
        },
        texts={"books-needed": msg("The bidders need {n} books, the kitty included.")},
        errors={
            "bid": "level",
            "reneges": "reneges_0",
            **{f"reneges[{side}]": f"reneges_{side}" for side in range(len(SIDES))},
        },
    )


def form_body(settings: BidWhistSettings, values: Mapping[str, Any], action: str | None) -> dict:
    """The hand body ``record_from_dict`` reads, from the form's values."""
    if action == "throw_in":
        return {"thrown_in": True}
    level, kind = values.get("level"), values.get("kind")
    body: dict[str, Any] = {
        "bidder": values.get("bidder"),
        "bid": f"{level}{kind}" if level and kind else None,
        "books": values.get("books"),
        "reneges": [values.get(f"reneges_{side}") or 0 for side in range(len(SIDES))],
    }
    # Only the part the kind asks for: a trump left from a changed mind is not an error.
    if kind == Kind.NO_TRUMP.letters:
        body["direction"] = values.get("direction")
    elif kind:
        body["trump"] = values.get("trump")
    return body


def form_values(hand: Mapping[str, Any]) -> dict[str, str]:
    """A stored hand (its ``to_dict``) as the form's values, to edit it."""
    if hand.get("thrown_in"):
        return {}
    bid = Bid.from_str(hand["bid"])
    kind = bid.kind.letters
    values = {
        "bidder": str(hand["bidder"]),
        "level": str(bid.level),
        "kind": kind,
        "books": str(hand["books"]),
    }
    if hand.get("trump"):
        values["trump"] = str(hand["trump"])
    if hand.get("direction") and kind == "NT":
        values["direction"] = str(hand["direction"])
    reneges = hand.get("reneges") or [0] * len(SIDES)
    for side, count in enumerate(reneges):
        values[f"reneges_{side}"] = str(count)
    return values
