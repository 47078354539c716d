"""Validation of a hand recorded at a real table, where no cards are known.

``record_hand`` takes values as they arrive from a form, a JSON body or the command line
(numbers may be text), checks every rule, and returns a typed :class:`PlayedHand` or
:class:`ThrownIn`. It raises :class:`InvalidHand` listing every problem, each naming the
field and the rule, e.g. ``("tricks", "tricks total 12; they must total 13")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidHand, ParseError
from ..core.messages import Message, msg, nmsg
from ..core.records import Problems, four_numbers, parse_text, read_thrown_in
from ..core.seats import SEATS, left_of
from .bids import MAX_LEVEL, MIN_LEVEL, TRICKS_PER_HAND, Bid, Denomination
from .contracts import declarer_contract_problem, forbidden_contract
from .scoring import HandScore, score_hand, score_pass_round
from .settings import RuleSettings

# Field names as messages put them, e.g. "declarer is missing". Translators: the first
# words of messages about one field of a recorded hand.
FIELD_NAMES: dict[str, Message] = {
    "declarer": msg("declarer"),
    "level": msg("level"),
    "frisch_rounds": msg("frisch_rounds"),
    "contracts": msg("contracts"),
    "tricks": msg("tricks"),
    "revokes": msg("revokes"),
}
# One phrase per field and seat, so that every language can word the seat its own way.
SEAT_FIELD_NAMES: dict[str, tuple[Message, ...]] = {
    "contracts": (
        msg("contracts for the first seat"),
        msg("contracts for the second seat"),
        msg("contracts for the third seat"),
        msg("contracts for the fourth seat"),
    ),
    "tricks": (
        msg("tricks for the first seat"),
        msg("tricks for the second seat"),
        msg("tricks for the third seat"),
        msg("tricks for the fourth seat"),
    ),
    "revokes": (
        msg("revokes for the first seat"),
        msg("revokes for the second seat"),
        msg("revokes for the third seat"),
        msg("revokes for the fourth seat"),
    ),
}


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand that was bid and played: everything the table writes down."""

    declarer: int
    bid: Bid
    frisch_rounds: int
    contracts: tuple[int, ...]
    tricks_taken: tuple[int, ...]
    revokes: tuple[int, ...] = (0, 0, 0, 0)

    thrown_in = False
    pass_round = False

    def score(self, settings: RuleSettings) -> HandScore:
        return score_hand(settings, self.contracts, self.tricks_taken, self.revokes, self.declarer)

    def to_dict(self) -> dict[str, Any]:
        return {
            "thrown_in": False,
            "declarer": self.declarer,
            "bid": str(self.bid),
            "frisch_rounds": self.frisch_rounds,
            "contracts": list(self.contracts),
            "tricks": list(self.tricks_taken),
            "revokes": list(self.revokes),
        }


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """A deal every player passed after the last allowed Frisch round: nothing is scored."""

    frisch_rounds: int

    thrown_in = True
    pass_round = False

    def to_dict(self) -> dict[str, Any]:
        return {"thrown_in": True, "frisch_rounds": self.frisch_rounds}


@dataclass(frozen=True, slots=True)
class PassRound:
    """All four passed after the last allowed Frisch round, under ``all_pass="pass_round"``:
    the hand is played with no trump and no contracts, and the table writes down each
    player's tricks (and any caught revokes)."""

    frisch_rounds: int
    tricks_taken: tuple[int, ...]
    revokes: tuple[int, ...] = (0, 0, 0, 0)

    thrown_in = False
    pass_round = True

    def score(self, settings: RuleSettings) -> HandScore:
        return score_pass_round(settings, self.tricks_taken, self.revokes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pass_round": True,
            "frisch_rounds": self.frisch_rounds,
            "tricks": list(self.tricks_taken),
            "revokes": list(self.revokes),
        }


HandRecord = PlayedHand | ThrownIn | PassRound
ScoredHand = PlayedHand | PassRound

# A player revokes at most once per trick (each trick they play one card), so no player
# can be caught more than 13 times in a hand. The form, the API and import all stop here.
MAX_REVOKES = TRICKS_PER_HAND


_Problems = Problems


def _seat_list(
    values: Any, field: str, low: int, high: int, problems: _Problems
) -> list[int] | None:
    """Four whole numbers in low..high; adds problems and returns None if any is bad."""
    names = FIELD_NAMES[field], SEAT_FIELD_NAMES[field]
    return four_numbers(values, field, *names, (low, high), problems)


def check_contracts(contracts: Any, problems: _Problems) -> list[int] | None:
    """Four contracts 0..13 that do not total 13, or None with the problems added."""
    numbers = _seat_list(contracts, "contracts", 0, TRICKS_PER_HAND, problems)
    if numbers is not None and sum(numbers) == TRICKS_PER_HAND:
        problems.add(
            "contracts",
            msg("contracts total 13; the last bidder may not make them total exactly 13"),
        )
        return None
    return numbers


def check_tricks(tricks: Any, problems: _Problems) -> list[int] | None:
    """Four trick counts 0..13 that total 13, or None with the problems added."""
    numbers = _seat_list(tricks, "tricks", 0, TRICKS_PER_HAND, problems)
    if numbers is not None and sum(numbers) != TRICKS_PER_HAND:
        problem = msg("tricks total %(total)d; they must total 13", total=sum(numbers))
        problems.add(
            "tricks",
            problem.said_at_table(
                "The tricks taken total %(total)d; a hand has 13.", total=sum(numbers)
            ),
        )
        return None
    return numbers


def check_revokes(revokes: Any, problems: _Problems) -> list[int] | None:
    """Four revoke counts 0..MAX_REVOKES (missing means none), or None with the problems
    added."""
    if revokes is None:
        return [0] * SEATS
    return _seat_list(revokes, "revokes", 0, MAX_REVOKES, problems)


def score_table_entry(
    settings: RuleSettings,
    contracts: Any,
    tricks: Any,
    revokes: Any = None,
    declarer: Any = None,
) -> HandScore:
    """Validates and scores contracts and tricks alone (no auction known); raises InvalidHand.

    ``declarer`` (a seat) is needed only when the declarer's missed contract counts more
    (``declarer_miss_factor`` is not 1).
    """
    problems = _Problems()
    c = check_contracts(contracts, problems)
    t = check_tricks(tricks, problems)
    r = check_revokes(revokes, problems)
    seat = None
    if declarer is not None:
        seat = problems.whole(declarer, "declarer", FIELD_NAMES["declarer"], 0, SEATS - 1)
    elif settings.declarer_miss_factor != 1:
        problems.add(
            "declarer",
            msg(
                "declarer is missing: under these rules the declarer's missed contract counts "
                "%(factor)d times",
                factor=settings.declarer_miss_factor,
            ),
        )
    if problems.found or c is None or t is None or r is None:
        raise InvalidHand(problems.found)
    return score_hand(settings, c, t, r, seat)


def _check_frisch(settings: RuleSettings, value: Any, problems: _Problems) -> int | None:
    label = FIELD_NAMES["frisch_rounds"]
    rounds = problems.whole(0 if value is None else value, "frisch_rounds", label)
    if rounds is None:
        return None
    if not 0 <= rounds <= settings.frisch_rounds:
        if settings.frisch_rounds == 0:
            problem = msg(
                "frisch_rounds is %(rounds)d; these rules allow no Frisch rounds", rounds=rounds
            )
        else:
            problem = msg(
                "frisch_rounds is %(rounds)d; these rules allow 0..%(most)d",
                rounds=rounds,
                most=settings.frisch_rounds,
            )
        problems.add("frisch_rounds", problem)
        return None
    return rounds


def record_thrown_in(settings: RuleSettings, frisch_rounds: Any = None) -> ThrownIn:
    """Validates a thrown-in deal. A deal is thrown in only after the last allowed Frisch
    round, so ``frisch_rounds`` defaults to, and must equal, ``settings.frisch_rounds``.
    Under ``all_pass="pass_round"`` no deal is thrown in: a pass round is played."""
    problems = _Problems()
    if settings.all_pass == "pass_round":
        problems.add(
            "thrown_in",
            msg(
                "under these rules no deal is thrown in: when all four pass, a pass round is played"
            ),
        )
    value = settings.frisch_rounds if frisch_rounds is None else frisch_rounds
    rounds = _check_frisch(settings, value, problems)
    if rounds is not None and rounds != settings.frisch_rounds:
        problems.add(
            "frisch_rounds",
            nmsg(
                "a deal is thrown in only after %(num)d Frisch round; after %(rounds)d the "
                "players exchange cards and bid again",
                "a deal is thrown in only after all %(num)d Frisch rounds; after %(rounds)d the "
                "players exchange cards and bid again",
                settings.frisch_rounds,
                rounds=rounds,
            ),
        )
    if problems.found or rounds is None:
        raise InvalidHand(problems.found)
    return ThrownIn(rounds)


def parse_bid_fields(bid: Any, level: Any, denomination: Any, problems: _Problems) -> Bid | None:
    """Reads a bid from ``"7C"`` text, or from separate level and denomination values."""
    if bid not in (None, ""):
        if isinstance(bid, Bid):
            return bid
        not_text = msg("bid must be text such as 7C or 9NT, not %(value)s", value=repr(bid))
        return parse_text(bid, "bid", Bid.from_str, problems, not_text)
    lvl = problems.whole(level, "level", FIELD_NAMES["level"])
    den: Denomination | None = None
    if denomination in (None, ""):
        problems.add("denomination", msg("denomination is missing; choose C, D, H, S or NT"))
    elif isinstance(denomination, Denomination):
        den = denomination
    else:
        try:
            den = Denomination.from_str(str(denomination))
        except ParseError as exc:
            problems.add("denomination", exc.message)
    if lvl is None or den is None:
        return None
    if not MIN_LEVEL <= lvl <= MAX_LEVEL:
        problems.add("level", msg("level is %(level)d; it must be 5..13", level=lvl))
        return None
    return Bid(lvl, den)


def record_hand(
    settings: RuleSettings,
    *,
    declarer: Any,
    contracts: Any,
    tricks: Any,
    bid: Any = None,
    level: Any = None,
    denomination: Any = None,
    frisch_rounds: Any = 0,
    revokes: Any = None,
) -> PlayedHand:
    """Validates a played hand and returns it typed; raises InvalidHand with every problem.

    Checks: the declarer is a seat 0..3; the level lies between the Frisch-raised minimum
    and 13; the denomination is C D H S or NT; the declarer's contract fits its level
    (equal to it, or at least it when the declarer may raise); contracts are 0..13 and do
    not total 13; tricks are 0..13 and total 13; revokes are 0..MAX_REVOKES.
    """
    problems = _Problems()
    seat = problems.whole(declarer, "declarer", FIELD_NAMES["declarer"])
    if seat is not None and not 0 <= seat < SEATS:
        problems.add("declarer", msg("declarer is seat %(seat)d; seats are 0..3", seat=seat))
        seat = None
    rounds = _check_frisch(settings, frisch_rounds, problems)
    the_bid = parse_bid_fields(bid, level, denomination, problems)
    if the_bid is not None and rounds is not None:
        minimum = settings.minimum_level(rounds)
        if the_bid.level < minimum:
            field = "bid" if bid not in (None, "") else "level"
            problems.add(
                field,
                nmsg(
                    "level %(level)d is below the minimum %(minimum)d after %(num)d Frisch round",
                    "level %(level)d is below the minimum %(minimum)d after %(num)d Frisch rounds",
                    rounds,
                    level=the_bid.level,
                    minimum=minimum,
                ),
            )
    c = check_contracts(contracts, problems)
    t = check_tricks(tricks, problems)
    r = check_revokes(revokes, problems)
    if c is not None and seat is not None and the_bid is not None:
        problem = declarer_contract_problem(settings, the_bid.level, c[seat])
        if problem is not None:
            problems.add(f"contracts[{seat}]", problem)
    if problems.found:
        raise InvalidHand(problems.found)
    assert seat is not None and the_bid is not None and rounds is not None
    assert c is not None and t is not None and r is not None
    return PlayedHand(seat, the_bid, rounds, tuple(c), tuple(t), tuple(r))


def record_from_dict(settings: RuleSettings, body: Any) -> HandRecord:
    """Validates a hand given as a JSON-shaped dict (the API and import format)."""
    if read_thrown_in(body):
        return record_thrown_in(settings, body.get("frisch_rounds"))
    passed = body.get("pass_round", False)
    if passed not in (True, False, None):
        problem = msg("pass_round must be true or false, not %(value)s", value=repr(passed))
        raise InvalidHand([("pass_round", problem)])
    if passed:
        return record_pass_round(
            settings, body.get("tricks"), body.get("revokes"), body.get("frisch_rounds")
        )
    return record_hand(
        settings,
        declarer=body.get("declarer"),
        bid=body.get("bid"),
        level=body.get("level"),
        denomination=body.get("denomination"),
        frisch_rounds=body.get("frisch_rounds", 0),
        contracts=body.get("contracts"),
        tricks=body.get("tricks"),
        revokes=body.get("revokes"),
    )


def record_pass_round(
    settings: RuleSettings, tricks: Any, revokes: Any = None, frisch_rounds: Any = None
) -> PassRound:
    """Validates a pass round: tricks per player that total 13, and optional revokes. It is
    played only under ``all_pass="pass_round"``, after the last allowed Frisch round."""
    problems = _Problems()
    if settings.all_pass != "pass_round":
        problems.add(
            "pass_round",
            msg(
                "under these rules there is no pass round: when all four pass, the deal is "
                "thrown in"
            ),
        )
    value = settings.frisch_rounds if frisch_rounds is None else frisch_rounds
    rounds = _check_frisch(settings, value, problems)
    if rounds is not None and rounds != settings.frisch_rounds:
        problems.add(
            "frisch_rounds",
            nmsg(
                "a pass round is played only after %(num)d Frisch round",
                "a pass round is played only after all %(num)d Frisch rounds",
                settings.frisch_rounds,
            ),
        )
    t = check_tricks(tricks, problems)
    r = check_revokes(revokes, problems)
    if problems.found or rounds is None or t is None or r is None:
        raise InvalidHand(problems.found)
    return PassRound(rounds, tuple(t), tuple(r))


def last_bidder(declarer: int) -> int:
    """The seat that names the last contract: the declarer's right."""
    return left_of(declarer, 3)


def forbidden_for_entry(contracts: Sequence[int], declarer: int) -> int | None:
    """The number the last bidder may not name, given the other three seats' contracts."""
    others = sum(c for s, c in enumerate(contracts) if s != last_bidder(declarer))
    return forbidden_contract(others)
