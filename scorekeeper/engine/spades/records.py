"""A Spades hand as the table records it, declared once (``core.schema``): the shape the
API, the forms and import take and ``to_dict`` writes back is
``{"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3], "blind_nil": [0]}``: each seat's bid
(0..13, a nil is 0), each seat's tricks (they total 13), and the seats whose 0 was a
blind nil (optional, left out when none). There is no thrown-in hand.

The core reads, asks for and writes it from :data:`HAND`; what is Spades' own is here:
each seat's number named in a refusal ("the third seat's bid"), the bid keys (Nil, Blind
nil), and the blind nil, which is a key among the bids on the form and, under
``blind_nil=behind_100``, allowed only to a side 100 or more points behind when the hand
starts (``check``, where the score is known; the form disables the key for the others by
an ``allow`` rule, keyed by a hidden field that sends the seats allowed).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.command_line import HandOption
from ..core.errors import ParseError
from ..core.form import Choice, FormField, numbers
from ..core.messages import Message, msg
from ..core.numbers import parse_int, shown
from ..core.records import Problems, four_numbers
from ..core.schema import Context, Field, Hand, HandSchema, PerSeat, Refused, bound
from .scoring import TRICKS
from .settings import BLIND_NIL_BEHIND, SpadesSettings

FIELD_NAMES: dict[str, Message] = {
    "bids": msg("bids"),
    "tricks": msg("tricks"),
    "blind_nil": msg("blind_nil"),
}
# One phrase per field and seat, so that every language can word the seat its own way.
SEAT_FIELD_NAMES: dict[str, tuple[Message, ...]] = {
    "bids": (
        msg("the first seat's bid"),
        msg("the second seat's bid"),
        msg("the third seat's bid"),
        msg("the fourth seat's bid"),
    ),
    "tricks": (
        msg("the first seat's tricks"),
        msg("the second seat's tricks"),
        msg("the third seat's tricks"),
        msg("the fourth seat's tricks"),
    ),
}

BLIND = "blind"
"""The bid key of a blind nil; the hand body records it as a 0 in ``bids`` and the seat
in ``blind_nil``."""
BLIND_SEATS = "blind_seats"
"""The hidden field that sends the seats allowed a blind nil, "0,2" (or "none")."""


class SeatNumbers(PerSeat):
    """Bids or tricks: a whole number 0..13 per seat, each named in a refusal as the
    seat's ("the third seat's bid is 14"); on the form, a row of keys in each seat's box,
    the fields named ``<key>_<seat>``."""

    key = "tricks"

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        problems = Problems()
        what, seats = FIELD_NAMES[self.name], SEAT_FIELD_NAMES[self.name]
        found = four_numbers(value, self.name, what, seats, (0, TRICKS), problems)
        if found is None:
            raise Refused(*problems.found)
        total = bound(self.total, ctx)
        if total is not None and sum(found) != total:
            said = msg("tricks total %(total)d; they must total 13", total=sum(found))
            table = "The tricks taken total %(total)d; a hand has 13."
            raise Refused((self.name, said.said_at_table(table, total=sum(found))))
        return tuple(found)

    def keys(self, settings: SpadesSettings) -> tuple[Choice, ...]:
        return numbers(0, TRICKS)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = self.keys(ctx.settings)
        return tuple(
            FormField(f"{self.key}_{s}", self.label, keys, seat=s) for s in range(ctx.seats)
        )

    def to_form(self, value: Any) -> dict[str, str]:
        return {f"{self.key}_{s}": str(v) for s, v in enumerate(value)}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return [values.get(f"{self.key}_{s}") for s in range(ctx.seats)]


class Bids(SeatNumbers):
    """The bids: keys Nil, 1..13 and, unless the rules never allow it, Blind nil."""

    key = "bid"

    def keys(self, settings: SpadesSettings) -> tuple[Choice, ...]:
        # Translators: the key for a bid of no tricks at all.
        keys = [Choice("0", msg("Nil")), *numbers(1, TRICKS)]
        if settings.blind_nil != "never":
            # Translators: the key for a nil bid made before looking at one's cards.
            keys.insert(0, Choice(BLIND, msg("Blind nil")))
        return tuple(keys)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return ["0" if bid == BLIND else bid for bid in super().from_form(values, ctx)]


class BlindNil(Field):
    """The seats whose 0 was a blind nil, in seat order: the API's list of seats (text
    "0,2" too; left out, null or empty: none); on the form, the Blind nil key of a bid."""

    null_is_default = True

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if value is None or value == []:
            return ()
        if not isinstance(value, list | tuple):
            said = msg(
                "blind_nil must be a list of seats (0..3), not %(value)s", value=shown(value)
            )
            raise Refused(("blind_nil", said))
        seats: set[int] = set()
        for item in value:
            try:
                seats.add(
                    parse_int(item, "blind_nil", label=FIELD_NAMES["blind_nil"], low=0, high=3)
                )
            except ParseError as exc:
                raise Refused(("blind_nil", exc.message)) from None
        if ctx.settings.blind_nil == "never":
            raise Refused(("blind_nil", msg("blind nil is not played under these rules")))
        return tuple(sorted(seats))

    def dump(self, typed: Any) -> Any:
        return list(typed)

    def load(self, value: Any) -> Any:
        return tuple(value or ())

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        allowed = restricted_blind_nil(ctx)
        if allowed is None:
            return ()
        keys = (Choice(allowed, allowed),)
        return (FormField(BLIND_SEATS, self.label, keys, default=allowed, hidden_when_single=True),)

    def to_form(self, value: Any) -> dict[str, str]:
        return {f"bid_{seat}": BLIND for seat in value or ()}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return [s for s in range(ctx.seats) if values.get(f"bid_{s}") == BLIND]

    def option(self, ctx: Context) -> HandOption:
        return HandOption(
            self.name, "Seats whose nil was blind: 0 to 3, separated by commas.", "SEATS"
        )

    def draw(self, ctx: Context, rng: random.Random) -> list[int]:
        return [seat for seat in range(ctx.seats) if rng.random() < 0.05]


HAND = HandSchema(
    Bids(
        "bids",
        msg("Bid"),
        0,
        TRICKS,
        from_dealers_left=True,
        step="bidding",
        help="Each seat's bid in seat order, 0 to 13 (0: a nil), separated by commas.",
    ),
    SeatNumbers("tricks", msg("Tricks"), 0, TRICKS, total=TRICKS, step="taking"),
    BlindNil("blind_nil", msg("Blind nil"), step="bidding", default=(), omit_empty=True),
    steps={"bidding": msg("Bids"), "taking": msg("Tricks taken")},
)


def blind_nil_seats(settings: SpadesSettings, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats that may bid blind nil with the score at ``totals`` per side: none under
    ``blind_nil=never``, every seat under ``any_time``, and under ``behind_100`` the seats
    of a side at least 100 points behind the other."""
    if settings.blind_nil == "never":
        return ()
    seats = range(4)
    if settings.blind_nil == "any_time":
        return tuple(seats)
    return tuple(s for s in seats if totals[1 - s % 2] - totals[s % 2] >= BLIND_NIL_BEHIND)


def restricted_blind_nil(ctx: Context) -> str | None:
    """The seats allowed a blind nil as the form's hidden field sends them ("0,2", or
    "none"), where the score before the hand is known and allows it to some seats only;
    else None."""
    totals = ctx.totals_before
    if totals is None or ctx.settings.blind_nil == "never":
        return None
    allowed = blind_nil_seats(ctx.settings, totals)
    return None if len(allowed) == ctx.seats else ",".join(map(str, allowed)) or "none"


def check(settings: SpadesSettings, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
    """A blind nil on a bid other than 0; else, where the score before the hand is known
    and ``blind_nil=behind_100``, a blind nil of a side less than 100 points behind."""
    problems = [
        (
            f"bids[{seat}]",
            msg(
                "%(what)s is %(bid)d, but blind_nil names that seat; a blind nil is a bid of 0",
                what=SEAT_FIELD_NAMES["bids"][seat],
                bid=hand.bids[seat],
            ),
        )
        for seat in hand.blind_nil
        if hand.bids[seat]
    ]
    totals = ctx.totals_before
    if problems or totals is None or settings.blind_nil != "behind_100":
        return problems
    allowed = blind_nil_seats(settings, totals)
    return [
        (
            f"bids[{seat}]",
            msg(
                "%(what)s may not be a blind nil: the side stands at %(own)d "
                "against %(other)d, and blind nil needs it %(behind)d or more behind",
                what=SEAT_FIELD_NAMES["bids"][seat],
                own=totals[seat % 2],
                other=totals[1 - seat % 2],
                behind=BLIND_NIL_BEHIND,
            ),
        )
        for seat in hand.blind_nil
        if seat not in allowed
    ]
