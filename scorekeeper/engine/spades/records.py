"""A Spades hand as the table records it, and its validation.

The shape, as the API, the forms and import take it and ``to_dict`` writes it back:
``{"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3], "blind_nil": [0]}``: each seat's bid
(0..13, a nil is 0), each seat's tricks (they total 13), and the seats whose 0 was a
blind nil (optional, default none). There is no thrown-in hand.

``record_from_dict`` checks every rule it can see in the hand alone and raises
:class:`InvalidHand` listing every problem as (field, message). Whether a side may bid
blind nil under ``blind_nil=behind_100`` depends on the score, so ``check_blind_nil``
checks it where the game's state is known (``progression``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidHand, ParseError
from ..core.messages import Message, msg
from ..core.numbers import parse_int, shown
from ..core.records import Problems, four_numbers
from .scoring import TRICKS, HandScore, score_hand
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


@dataclass(frozen=True, slots=True)
class SpadesHand:
    """A hand that was bid and played: bids and tricks per seat, and the seats whose nil
    was blind (in seat order)."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    blind_nil: tuple[int, ...] = ()

    thrown_in = False

    def score(self, settings: SpadesSettings, bags: Sequence[int] = (0, 0)) -> HandScore:
        """The hand's score, with the sides' ``bags`` before it (none unless given)."""
        return score_hand(settings, self.bids, self.tricks, self.blind_nil, bags)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bids": list(self.bids), "tricks": list(self.tricks)}
        if self.blind_nil:
            out["blind_nil"] = list(self.blind_nil)
        return out


def _seat_list(values: Any, field: str, problems: Problems) -> list[int] | None:
    """Four whole numbers 0..13, one per seat; adds problems and returns None if any is bad."""
    name = FIELD_NAMES[field]
    if values is None:
        problems.add(field, msg("%(what)s is missing; give 4 numbers, one per seat", what=name))
        return None
    return four_numbers(values, field, name, SEAT_FIELD_NAMES[field], (0, TRICKS), problems)


def _blind_seats(
    settings: SpadesSettings, value: Any, bids: list[int] | None, problems: Problems
) -> tuple[int, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if value is None or value == []:
        return ()
    if not isinstance(value, list | tuple):
        problems.add(
            "blind_nil",
            msg("blind_nil must be a list of seats (0..3), not %(value)s", value=shown(value)),
        )
        return ()
    seats: set[int] = set()
    for item in value:
        try:
            seats.add(parse_int(item, "blind_nil", label=FIELD_NAMES["blind_nil"], low=0, high=3))
        except ParseError as exc:
            problems.add("blind_nil", exc.message)
            return ()
    if settings.blind_nil == "never":
        problems.add("blind_nil", msg("blind nil is not played under these rules"))
        return ()
    for seat in sorted(seats):
        if bids is not None and bids[seat] != 0:
            problems.add(
                f"bids[{seat}]",
                msg(
                    "%(what)s is %(bid)d, but blind_nil names that seat; a blind nil is a bid of 0",
                    what=SEAT_FIELD_NAMES["bids"][seat],
                    bid=bids[seat],
                ),
            )
    return tuple(sorted(seats))


def record_from_dict(settings: SpadesSettings, body: Any) -> SpadesHand:
    """Validates a hand given as a JSON-shaped dict (the API, the form and import)."""
    if not isinstance(body, dict):
        raise InvalidHand([("hand", msg("a hand must be a JSON object"))])
    problems = Problems()
    if body.get("thrown_in"):
        problems.add("thrown_in", msg("a Spades hand is never thrown in: every hand is played"))
    bids = _seat_list(body.get("bids"), "bids", problems)
    tricks = _seat_list(body.get("tricks"), "tricks", problems)
    if tricks is not None and sum(tricks) != TRICKS:
        problem = msg("tricks total %(total)d; they must total 13", total=sum(tricks))
        problems.add(
            "tricks",
            problem.said_at_table(
                "The tricks taken total %(total)d; a hand has 13.", total=sum(tricks)
            ),
        )
    blind = _blind_seats(settings, body.get("blind_nil"), bids, problems)
    if problems.found:
        raise InvalidHand(problems.found)
    assert bids is not None and tricks is not None
    return SpadesHand(tuple(bids), tuple(tricks), blind)


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


def blind_nil_problems(
    settings: SpadesSettings, record: SpadesHand, totals: Sequence[int]
) -> list[tuple[str, str]]:
    """Every blind nil the score at the start of the hand (``totals`` per side) does not
    allow under ``blind_nil=behind_100``, as (field, message)."""
    if settings.blind_nil != "behind_100":
        return []
    found = []
    allowed = blind_nil_seats(settings, totals)
    for seat in record.blind_nil:
        own, other = totals[seat % 2], totals[1 - seat % 2]
        if seat not in allowed:
            found.append(
                (
                    f"bids[{seat}]",
                    msg(
                        "%(what)s may not be a blind nil: the side stands at %(own)d "
                        "against %(other)d, and blind nil needs it %(behind)d or more behind",
                        what=SEAT_FIELD_NAMES["bids"][seat],
                        own=own,
                        other=other,
                        behind=BLIND_NIL_BEHIND,
                    ),
                )
            )
    return found


def check_blind_nil(settings: SpadesSettings, record: SpadesHand, totals: Sequence[int]) -> None:
    """Raises InvalidHand when ``blind_nil_problems`` finds any."""
    found = blind_nil_problems(settings, record, totals)
    if found:
        raise InvalidHand(found)
