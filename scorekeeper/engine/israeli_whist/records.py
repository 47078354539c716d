"""An Israeli Whist hand as the table writes it down, declared once on the plain schema
(``core.schema.HandSchema``): ``{"declarer": 2, "bid": "7C", "frisch_rounds": 1,
"contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2], "revokes": [0, 1, 0, 0], "thrown_in":
false}`` (Frisch rounds and revokes left out while none), ``{"thrown_in": true,
"frisch_rounds": 3}`` for a deal all four passed after the last Frisch round (the rules'
every one; without them, ``{"thrown_in": true}``), and under ``all_pass="pass_round"``
``{"pass_round": true, "tricks": [...]}``, a pass round played without contracts.

The core reads, asks for and writes it (the bid is ``core.level_bids``'); what is Israeli
Whist's own is here: the rules between fields (``check``): the minimum level after the
Frisch rounds, contracts that may not total 13 and the declarer's contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.command_line import ScoredHand, signed
from ..core.display import Notation
from ..core.errors import InvalidHand
from ..core.level_bids import BidOf
from ..core.messages import Message, msg, nmsg
from ..core.schema import (
    Context,
    Count,
    Hand,
    HandSchema,
    PerSeat,
    Refused,
    SeatOf,
    YesNo,
)
from .bids import SEATS, TRICKS_PER_HAND, Bid
from .contracts import declarer_contract_problem
from .scoring import HandScore, score_hand, score_pass_round
from .settings import RuleSettings

# A player revokes at most once per trick (each trick they play one card), so no player
# can be caught more than 13 times in a hand. The form, the API and import all stop here.
MAX_REVOKES = TRICKS_PER_HAND


PLAYED = ("pass_round", ("no",))
"""What a field asked of a hand played with contracts is shown by: not a pass round."""


class IsraeliHand(HandSchema):
    """Israeli Whist's hand, whose command line (and the API's ``GET .../score``, its
    ``query``) scores a hand played from its contracts and tricks alone, and whose deal
    thrown in keeps the Frisch rounds played before it."""

    query = ("contracts", "tricks", "revokes")

    def thrown_in_values(self, body: Mapping[str, Any], ctx: Context | None) -> dict[str, Any]:
        """A deal thrown in after its Frisch rounds, as the table writes it: every one
        these rules play (a deal is thrown in only after the last; by default, that many);
        a stored hand's as stored (0 where it has none)."""
        rounds = self.field("frisch_rounds")
        if ctx is None:
            return {"frisch_rounds": rounds.load(body.get("frisch_rounds") or 0)}
        most = ctx.settings.frisch_rounds
        given = body.get("frisch_rounds")
        try:
            found = most if given is None else rounds.read_in(body, ctx)
        except Refused as exc:
            raise InvalidHand(exc.problems) from None
        if found != most:
            said = nmsg(
                "a deal is thrown in only after %(num)d Frisch round; after %(rounds)d the "
                "players exchange cards and bid again",
                "a deal is thrown in only after all %(num)d Frisch rounds; after %(rounds)d "
                "the players exchange cards and bid again",
                most,
                rounds=found,
            )
            raise InvalidHand([("frisch_rounds", said)])
        return {"frisch_rounds": found}

    def typed(self, game: Any, settings: Any, given: Mapping[str, Any]) -> ScoredHand:
        """``scorekeeper score``: a hand played scored from its contracts and tricks alone
        (the auction is not needed to score them); a deal thrown in, a pass round or a hand
        given with its bid, as the schema reads it."""
        if given.get("thrown_in") or given.get("bid") or given.get("pass_round"):
            return super().typed(game, settings, given)
        contracts, tricks = given.get("contracts"), given.get("tricks")
        declarer = given.get("declarer")
        score = score_table_entry(settings, contracts, tricks, given.get("revokes"), declarer)
        lines = [f"contracts total {score.contracts_total}: {score.over_under}"]
        if score.void:
            lines.append("nobody made their contract: the hand scores 0 (all-fail void)")
        rows = [("", "contract", "tricks", "points")] + [
            (f"seat {seat}", str(contracts[seat]), str(tricks[seat]), signed(points))
            for seat, points in enumerate(score.points)
        ]
        result = score.to_dict()  # and the API's GET /score: with void, as its preview
        return ScoredHand(result, tuple(rows), tuple(lines), {**result, "void": score.void})


HAND = IsraeliHand(
    YesNo(
        "pass_round",
        msg("Pass round"),
        step="bid",
        only_if=lambda ctx: ctx.settings.all_pass == "pass_round",
        omit_empty=True,
        csv=False,  # a pass round's row has no contract: its own column was never needed
        help="Everyone passed and a pass round was played (--set all_pass=pass_round): "
        "tricks only.",
    ),
    Count(
        "frisch_rounds",
        msg("Frisch rounds"),
        0,
        lambda ctx: ctx.settings.frisch_rounds,
        # Translators: read back in the bid's summary: "Noa 7♥ · 1 Frisch".
        read_back=msg("{value} Frisch"),
        step="bid",
        shown_when=PLAYED,
        default=0,
        omit_empty=True,
        null_is_default=True,
    ),
    SeatOf("declarer", msg("Declarer"), step="bid", shown_when=PLAYED, omit_empty=True),
    BidOf("bid", msg("Bid"), Bid, step="bid", shown_when=PLAYED, omit_empty=True),
    PerSeat(
        "contracts",
        msg("Contract"),
        0,
        TRICKS_PER_HAND,
        step="contracts",
        prefix="contract",
        csv="contract",
        shown_when=PLAYED,
        omit_empty=True,
    ),
    PerSeat("tricks", msg("Tricks"), 0, TRICKS_PER_HAND, total=TRICKS_PER_HAND, step="tricks"),
    PerSeat(
        "revokes",
        msg("Revokes"),
        0,
        MAX_REVOKES,
        step="tricks",
        folded=True,
        default=(0,) * SEATS,
        omit_empty=True,
        null_is_default=True,
    ),
    thrown_in=lambda ctx: (
        None
        if ctx.settings.all_pass == "throw_in"
        else msg("thrown_in: under these rules no deal is thrown in")
    ),
    steps={"bid": msg("Phase one"), "contracts": msg("Contracts"), "tricks": msg("Tricks taken")},
    folds=("bid",),
    folded_label=lambda ctx: msg(
        "Revokes (%(penalty)s each)", penalty=Notation(f"−{ctx.settings.revoke_penalty}")
    ),
    thrown_in_label=lambda ctx: (
        nmsg(
            "Everyone passed after %(num)d Frisch round: throw in",
            "Everyone passed after %(num)d Frisch rounds: throw in",
            ctx.settings.frisch_rounds,
        )
        if ctx.settings.frisch_rounds
        else msg("Everyone passed: throw in")
    ),
)


THIRTEEN = msg("contracts total 13; the last bidder may not make them total exactly 13")


def check(settings: RuleSettings, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
    """The rules between a played hand's fields: the bid's level at least the minimum
    after its Frisch rounds, the contracts not totalling 13 and the declarer's contract
    allowed by the bid. A pass round has none."""
    if hand.pass_round:
        return []
    problems: list[tuple[str, Message]] = []
    level, rounds = hand.bid.level, hand.frisch_rounds
    minimum = settings.minimum_level(rounds)
    if level < minimum:
        below = nmsg(
            "level %(level)d is below the minimum %(minimum)d after %(num)d Frisch round",
            "level %(level)d is below the minimum %(minimum)d after %(num)d Frisch rounds",
            rounds,
            level=level,
            minimum=minimum,
        )
        problems.append(("level", below))
    if sum(hand.contracts) == TRICKS_PER_HAND:
        problems.append(("contracts", THIRTEEN))
    seat = hand.declarer
    problem = declarer_contract_problem(settings, level, hand.contracts[seat])
    if problem is not None:
        problems.append((f"contracts[{seat}]", problem))
    return problems


def score_of(settings: RuleSettings, hand: Hand) -> HandScore:
    """A hand's score: a pass round's tricks, or the contracts and tricks of one played."""
    if hand.pass_round:
        return score_pass_round(settings, hand.tricks, hand.revokes)
    return score_hand(settings, hand.contracts, hand.tricks, hand.revokes, hand.declarer)


def score_table_entry(
    settings: RuleSettings,
    contracts: Any,
    tricks: Any,
    revokes: Any = None,
    declarer: Any = None,
) -> HandScore:
    """Validates and scores contracts and tricks alone (no auction known), the
    ``declarer`` needed only when its miss counts more; raises InvalidHand."""
    ctx = Context(settings, SEATS, tuple((s,) for s in range(SEATS)))
    body = {"contracts": contracts, "tricks": tricks, "revokes": revokes, "declarer": declarer}
    found: dict[str, Any] = {"declarer": None}
    problems: list[tuple[str, Message]] = []
    for name in body if declarer is not None else ("contracts", "tricks", "revokes"):
        try:
            found[name] = HAND.field(name).read_in(body, ctx)
        except Refused as exc:
            problems += exc.problems
    if found.get("contracts") is not None and sum(found["contracts"]) == TRICKS_PER_HAND:
        problems.append(("contracts", THIRTEEN))
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
    revokes = found["revokes"]
    return score_hand(settings, found["contracts"], found["tricks"], revokes, found["declarer"])
