"""One hand of Oh Hell as the table writes it down, read and checked, and its score.

A hand is the trump suit (or none), each player's bid and each player's tricks; the
cards dealt are the tricks' total. ``record_from_dict`` checks a hand on its own (bids
and tricks 0..cards, tricks totalling the cards given, the hook); ``read_hand`` checks it
where it falls in a game too: the cards that hand deals and its dealer, whom a hook
refusal names. Every problem names its field and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.bidding import BidScore, hook_problems
from ..core.cards import Suit
from ..core.errors import InvalidHand, ParseError
from ..core.messages import Message, msg
from ..core.numbers import parse_int, shown
from ..core.records import Problems, seat_numbers
from .settings import PACK, OhHellSettings, most_cards

NO_TRUMP = ("none", "null", "-", "nt")


@dataclass(frozen=True, slots=True)
class Score:
    """A hand's points per seat, and which seats took exactly their bid."""

    points: tuple[int, ...]
    exact: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class OhHellHand:
    """A played hand: ``trump`` (None: no trump), bids and tricks per seat."""

    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]

    thrown_in = False

    @property
    def cards(self) -> int:
        """The cards dealt to each player: every trick is taken by someone."""
        return sum(self.tricks)

    def score(self, settings: OhHellSettings) -> Score:
        return Score(
            tuple(seat_points(settings, b, t) for b, t in zip(self.bids, self.tricks, strict=True)),
            tuple(b == t for b, t in zip(self.bids, self.tricks, strict=True)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "trump": None if self.trump is None else self.trump.letter,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
        }


def bid_score(settings: OhHellSettings) -> BidScore:
    """The score of a bid and the tricks taken under ``settings`` (``core/bidding.py``)."""
    return BidScore(
        settings.exact_bonus, settings.made_per_trick, settings.missed_per_trick, settings.miss_step
    )


def seat_points(settings: OhHellSettings, bid: int, tricks: int) -> int:
    """Exactly the bid: ``exact_bonus + made_per_trick × bid``; else
    ``missed_per_trick × tricks − miss_step × |tricks − bid|``."""
    return bid_score(settings).points(bid, tricks)


def explain(settings: OhHellSettings, record: OhHellHand) -> list[list[Message]]:
    """Each seat's points in words: "bid 2, took 2: 10 + 2 = +12"."""
    rule = bid_score(settings)
    return [[rule.explain(b, t)] for b, t in zip(record.bids, record.tricks, strict=True)]


def _seat_numbers(
    body: Mapping[str, Any], field: str, seats: int, high: int, problems: Problems
) -> list[int] | None:
    return seat_numbers(
        body.get(field),
        field,
        problems,
        seats,
        (0, high),
        msg(
            "%(field)s must be a list of %(seats)d numbers, one per player",
            field=field,
            seats=seats,
        ),
        lambda count: msg(
            "%(field)s has %(count)d numbers; this table has %(seats)d players",
            field=field,
            count=count,
            seats=seats,
        ),
    )


def _trump(body: Mapping[str, Any], problems: Problems) -> Suit | None:
    if "trump" not in body or body["trump"] == "":
        problems.add("trump", msg("trump is missing; choose C, D, H, S or none"))
        return None
    value = body["trump"]
    if value is None or (isinstance(value, str) and value.strip().lower() in NO_TRUMP):
        return None
    if isinstance(value, str):
        try:
            return Suit.from_str(value)
        except ParseError:
            pass
    problems.add(
        "trump", msg("trump must be C, D, H, S or none, not %(value)s", value=shown(value))
    )
    return None


def record_from_dict(
    settings: OhHellSettings,
    body: Any,
    cards: int | None = None,
    dealer: int | None = None,
) -> OhHellHand:
    """A hand from a JSON body, a form or a stored hand. ``cards``, when the game knows
    them, are the cards this hand deals (a ``"cards"`` in the body must agree), and
    ``dealer`` the seat the hook holds to; without them the body's ``"cards"`` (if any)
    is checked against the tricks, and a hook refusal names the bids as a whole.

    Raises InvalidHand listing every (field, message) problem."""
    if not isinstance(body, Mapping):
        raise InvalidHand([("hand", msg("a hand must be a JSON object"))])
    seats = settings.players
    most = most_cards(seats)
    problems = Problems()
    if body.get("cards") not in (None, ""):
        try:
            given = parse_int(body["cards"], "cards", low=1, high=most)
        except ParseError as exc:
            problems.add("cards", exc.message)
        else:
            if cards is not None and given != cards:
                problems.add(
                    "cards",
                    msg(
                        "cards is %(given)d; this hand deals %(cards)d cards",
                        given=given,
                        cards=cards,
                    ),
                )
            cards = given if cards is None else cards
    trump = _trump(body, problems)
    high = most if cards is None else cards
    bids = _seat_numbers(body, "bids", seats, high, problems)
    tricks = _seat_numbers(body, "tricks", seats, high, problems)
    if tricks is not None:
        if cards is not None and sum(tricks) != cards:
            problems.add(
                "tricks",
                msg(
                    "tricks total %(total)d; they must total the %(cards)d cards dealt",
                    total=sum(tricks),
                    cards=cards,
                ).said_at_table(
                    "The tricks taken total %(total)d; they must total the %(cards)d cards dealt.",
                    total=sum(tricks),
                    cards=cards,
                ),
            )
        elif not 1 <= sum(tricks) <= most:
            problems.add(
                "tricks",
                msg(
                    "tricks total %(total)d; %(seats)d players are dealt 1 to %(most)d cards",
                    total=sum(tricks),
                    seats=seats,
                    most=most,
                ),
            )
        cards = sum(tricks) if cards is None else cards
    if bids is not None and cards is not None:
        if any(bid > cards for bid in bids):
            seat = next(s for s, bid in enumerate(bids) if bid > cards)
            problems.add(
                f"bids[{seat}]",
                msg(
                    "bids[%(seat)d] is %(bid)d; only %(cards)d cards are dealt",
                    seat=seat,
                    bid=bids[seat],
                    cards=cards,
                ),
            )
        elif settings.hook:
            for problem in hook_problems(bids, cards, dealer):
                problems.add(*problem)
    if trump is not None and cards is not None and cards * seats == PACK:
        problems.add(
            "trump",
            msg("all 52 cards are dealt, so no card is turned for trump: trump must be none"),
        )
    if problems.found:
        raise InvalidHand(problems.found)
    assert bids is not None and tricks is not None
    return OhHellHand(trump, tuple(bids), tuple(tricks))
