"""An Israeli Whist hand as the table writes it down: a hand played, a deal thrown in or
a pass round, declared once (``HAND``, on ``core.schema``) with the words of every
refusal, which :class:`InvalidHand` lists, each naming the field and the rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidHand, ParseError
from ..core.messages import Message, msg, nmsg
from ..core.records import Problems, parse_text
from ..core.schema import (
    Check,
    Context,
    Entry,
    Field,
    Kind,
    KindedSchema,
    Number,
    Numbers,
    Refused,
    Said,
    read_entries,
)
from ..core.seats import left_of
from .bids import MAX_LEVEL, MIN_LEVEL, SEATS, TRICKS_PER_HAND, Bid, Denomination
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

# A player revokes at most once per trick (each trick they play one card), so no player
# can be caught more than 13 times in a hand. The form, the API and import all stop here.
MAX_REVOKES = TRICKS_PER_HAND


def _numbers(name: str, label: Message, high: int, **kwargs: Any) -> Numbers:
    what, items = FIELD_NAMES[name], SEAT_FIELD_NAMES[name]
    return Numbers(name, label, 0, high, what=what, items=items, **kwargs)


CONTRACTS = _numbers("contracts", msg("Contract"), TRICKS_PER_HAND, prefix="contract")
NOT_THIRTEEN = Check(
    "contracts",
    ("contracts",),
    lambda ctx, v, body: sum(v["contracts"]) == TRICKS_PER_HAND,
    Said(msg("contracts total 13; the last bidder may not make them total exactly 13")),
)
TRICKS = _numbers(
    "tricks",
    msg("Tricks"),
    TRICKS_PER_HAND,
    total=TRICKS_PER_HAND,
    said={
        "total": Said(
            msg("tricks total %(total)d; they must total 13").said_at_table(
                "The tricks taken total %(total)d; a hand has 13."
            ),
            total="sum",
        )
    },
)
REVOKES = _numbers("revokes", msg("Revokes"), MAX_REVOKES, default=(0,) * SEATS)


def _frisch_range(ctx: Context, values: Mapping[str, Any], body: Any) -> Message | None:
    rounds, most = values["frisch_rounds"], ctx.settings.frisch_rounds
    if 0 <= rounds <= most:
        return None
    if most == 0:
        return msg("frisch_rounds is %(rounds)d; these rules allow no Frisch rounds", rounds=rounds)
    return msg(
        "frisch_rounds is %(rounds)d; these rules allow 0..%(most)d", rounds=rounds, most=most
    )


def _frisch(default: Any) -> tuple[Entry, ...]:
    """Frisch rounds (``default`` when left out), a whole number these rules allow."""
    what = FIELD_NAMES["frisch_rounds"]
    rounds = Number("frisch_rounds", msg("Frisch rounds"), what=what, default=default)
    return rounds, Check("frisch_rounds", ("frisch_rounds",), _frisch_range)


def _after_all_frisch_rounds(words: Callable[[int, int], Message]) -> Check:
    """A deal all passed comes only after the last Frisch round these rules allow."""
    return Check(
        "frisch_rounds",
        ("frisch_rounds",),
        lambda ctx, v, body: (
            v["frisch_rounds"] != (most := ctx.settings.frisch_rounds)
            and words(most, v["frisch_rounds"])
        ),
    )


def _all_passed(kind: str, rule: str, words: Message) -> tuple[Entry, ...]:
    """A deal all passed, refused at ``kind`` unless these rules' ``all_pass`` is
    ``rule``; its Frisch rounds are these rules' (by default) and nothing else."""
    return (
        Check(kind, (), lambda ctx, v, body: ctx.settings.all_pass != rule and words),
        *_frisch(lambda ctx: ctx.settings.frisch_rounds),
    )


class BidOf(Field):
    """The phase-one bid: stored as its text (``"7C"``); a body may give its level and
    denomination apart instead (the form does)."""

    keys = ("bid", "level", "denomination")

    def parse(self, value: Any, ctx: Context) -> Bid:
        bid, level, denomination = value["bid"], value["level"], value["denomination"]
        problems = Problems()
        if bid not in (None, ""):
            if isinstance(bid, Bid):
                return bid
            not_text = msg("bid must be text such as 7C or 9NT, not %(value)s", value=repr(bid))
            found = parse_text(bid, "bid", Bid.from_str, problems, not_text)
            if found is None:
                raise Refused(problems.found)
            return found
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
            raise Refused(problems.found)
        if not MIN_LEVEL <= lvl <= MAX_LEVEL:
            problems.add("level", msg("level is %(level)d; it must be 5..13", level=lvl))
            raise Refused(problems.found)
        return Bid(lvl, den)

    def to_form(self, value: Any) -> dict[str, str]:
        bid = Bid.from_str(value)
        return {"level": str(bid.level), "denomination": bid.denomination.code}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> dict[str, Any]:
        return {"level": values.get("level"), "denomination": values.get("denomination")}


def _below_minimum(ctx: Context, values: Mapping[str, Any], body: Any) -> Any:
    rounds, level = values["frisch_rounds"], values["bid"].level
    minimum = ctx.settings.minimum_level(rounds)
    if level >= minimum:
        return None
    problem = nmsg(
        "level %(level)d is below the minimum %(minimum)d after %(num)d Frisch round",
        "level %(level)d is below the minimum %(minimum)d after %(num)d Frisch rounds",
        rounds,
        level=level,
        minimum=minimum,
    )
    return ("bid" if body.get("bid") not in (None, "") else "level", problem)


def _declarers_contract(ctx: Context, values: Mapping[str, Any], body: Any) -> Any:
    seat = values["declarer"]
    problem = declarer_contract_problem(
        ctx.settings, values["bid"].level, values["contracts"][seat]
    )
    return None if problem is None else (f"contracts[{seat}]", problem)


def _played(declarer, frisch_rounds, bid, contracts, tricks, revokes) -> PlayedHand:
    return PlayedHand(declarer, bid, frisch_rounds, contracts, tricks, revokes)


def _passed(frisch_rounds, tricks, revokes) -> PassRound:
    return PassRound(frisch_rounds, tricks, revokes)


HAND = KindedSchema(
    Number("declarer", msg("Declarer"), what=FIELD_NAMES["declarer"]),
    Check(
        "declarer",
        ("declarer",),
        lambda ctx, v, body: not 0 <= v["declarer"] < SEATS and {"seat": v["declarer"]},
        Said(msg("declarer is seat %(seat)d; seats are 0..3")),
    ),
    *_frisch(0),
    BidOf("bid", msg("Bid")),
    Check("level", ("frisch_rounds", "bid"), _below_minimum),
    CONTRACTS,
    NOT_THIRTEEN,
    TRICKS,
    REVOKES,
    Check("contracts", ("declarer", "bid", "contracts"), _declarers_contract),
    make=_played,
    kinds=(
        Kind(
            "thrown_in",
            *_all_passed(
                "thrown_in",
                "throw_in",
                msg(
                    "under these rules no deal is thrown in: when all four pass, a pass round "
                    "is played"
                ),
            ),
            _after_all_frisch_rounds(
                lambda most, rounds: nmsg(
                    "a deal is thrown in only after %(num)d Frisch round; after %(rounds)d the "
                    "players exchange cards and bid again",
                    "a deal is thrown in only after all %(num)d Frisch rounds; after %(rounds)d "
                    "the players exchange cards and bid again",
                    most,
                    rounds=rounds,
                )
            ),
            make=ThrownIn,
            said=Said(msg("thrown_in must be true or false, not %(value)s")),
            action="throw_in",
        ),
        Kind(
            "pass_round",
            *_all_passed(
                "pass_round",
                "pass_round",
                msg(
                    "under these rules there is no pass round: when all four pass, the deal is "
                    "thrown in"
                ),
            ),
            _after_all_frisch_rounds(
                lambda most, rounds: nmsg(
                    "a pass round is played only after %(num)d Frisch round",
                    "a pass round is played only after all %(num)d Frisch rounds",
                    most,
                )
            ),
            TRICKS,
            REVOKES,
            make=_passed,
            said=Said(msg("pass_round must be true or false, not %(value)s")),
            action="pass_round",
        ),
    ),
)
"""Each kind of hand, read by its fields and checks in the order its refusals are listed."""


def _context(settings: RuleSettings) -> Context:
    return Context(settings, SEATS, tuple((s,) for s in range(SEATS)))


def score_table_entry(
    settings: RuleSettings,
    contracts: Any,
    tricks: Any,
    revokes: Any = None,
    declarer: Any = None,
) -> HandScore:
    """Validates and scores contracts and tricks alone (no auction known), the
    ``declarer`` needed only when its miss counts more; raises InvalidHand."""
    entries: list[Entry] = [CONTRACTS, NOT_THIRTEEN, TRICKS, REVOKES]
    if declarer is not None:
        entries.append(
            Number("declarer", msg("Declarer"), 0, SEATS - 1, what=FIELD_NAMES["declarer"])
        )
    body = {"contracts": contracts, "tricks": tricks, "revokes": revokes, "declarer": declarer}
    values, problems = read_entries(entries, body, _context(settings))
    if declarer is None and settings.declarer_miss_factor != 1:
        problems.append(
            (
                "declarer",
                msg(
                    "declarer is missing: under these rules the declarer's missed contract "
                    "counts %(factor)d times",
                    factor=settings.declarer_miss_factor,
                ),
            )
        )
    if problems:
        raise InvalidHand(problems)
    c, t, r = values["contracts"], values["tricks"], values["revokes"]
    return score_hand(settings, c, t, r, values.get("declarer"))


def record_from_dict(settings: RuleSettings, body: Any) -> HandRecord:
    """The hand a JSON-shaped dict gives (the API, import and the form), read by ``HAND``;
    raises InvalidHand listing every problem."""
    return HAND.read(None, body, _context(settings))


def last_bidder(declarer: int) -> int:
    """The seat that names the last contract: the declarer's right."""
    return left_of(declarer, 3, seats=SEATS)


def forbidden_for_entry(contracts: Sequence[int], declarer: int) -> int | None:
    """The number the last bidder may not name, given the other three seats' contracts."""
    others = sum(c for s, c in enumerate(contracts) if s != last_bidder(declarer))
    return forbidden_contract(others)
