"""Belote and Coinche behind the one game interface: the deal declared once as the table
knows it at its end (who took, at Coinche the contract and the coinche, the takers'
points, the belote, the capot), its score, the rules across its fields, and its words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..bridge.game import DEAL_WORDS  # a deal, passed out when everyone passes
from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import Label, RulesLine
from ..core.form import FormField
from ..core.game import PageWords
from ..core.messages import Message, msg
from ..core.progress import RaceState, resume_race, start_state
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, SeatOf, YesNo
from .settings import CONTRACTS, DEAL, PRESETS, BeloteDeal, BeloteSettings

SIDES = (("none", msg("—")), ("taker", msg("takers")), ("defence", msg("defence")))
COINCHES = (("none", msg("—")), ("coinche", msg("Coinche")), ("surcoinche", msg("Surcoinche")))
BIDS = tuple((bid, msg("Capot") if bid == "capot" else bid) for bid in CONTRACTS)
RESULTS = {"made": msg("made"), "dedans": msg("dedans"), "litige": msg("litige")}


def _contracts(ctx: Context) -> bool:
    return ctx.settings.contracts


class UnlessTapped(OneOf):
    """A choice of the deal that is none unless tapped (the coinche, the belote)."""

    def __init__(self, name: str, label: Message, options: Any, **kwargs: Any):
        super().__init__(name, label, options, default="none", **kwargs)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(replace(f, default="none") for f in super().form_fields(ctx, players))

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return values.get(self.name) or "none"


class Belote(GameBase):
    """Two partnerships; the takers must make more than the defence (at Coinche, their
    contract too) or they are dedans."""

    key = "belote"
    name = msg("Belote")
    seats = 4
    sides = ((0, 2), (1, 3))
    presets = PRESETS
    preset_words = {
        "classic": (msg("Belote"), msg("take or pass; the points made, 250 for a capot; to 1,000")),
        "coinche": (
            msg("Coinche"),
            msg("contracts 80 to 160 and capot, coinche ×2, surcoinche ×4; to 2,000"),
        ),
    }
    page_words = PageWords(
        auction_head=msg("Taker"),
        bid_head=msg("Contract"),
        outcome_head=msg("Result"),
        entry_heads=(msg("CP"),),
        legend=msg(
            "Taker the player who took · Contract the contract bid · CP the card points the "
            "takers made with the dix de der · the points of the deal and each side's total."
        ),
        turn=msg("Deal %(number)d: %(dealer)s deals, %(opener)s speaks first"),
        auction_mark=msg("takers"),
        cell_legend=msg("the takers' card points, points in the deal, total"),
        hand=DEAL_WORDS,
    )
    hand = HandSchema(
        SeatOf("taker", msg("Taker"), step="taking"),
        OneOf("contract", msg("Contract"), BIDS, step="taking", only_if=_contracts),
        UnlessTapped("coinche", msg("Coinche"), COINCHES, step="taking", only_if=_contracts),
        Count("card_points", msg("Points of the takers"), 0, DEAL, step="count"),
        UnlessTapped("belote", msg("Belote, rebelote"), SIDES, step="count"),
        YesNo("capot", msg("Capot: one side took every trick"), step="count"),
        thrown_in=True,
        steps={"taking": msg("The contract"), "count": msg("The count")},
    )

    def score(self, settings: BeloteSettings, hand: Hand, ctx: Context) -> tuple[int, int]:
        """The takers' side and the defence as the deal scores them; the points held from a
        litige before it go to the side that wins this one (not to a litige)."""
        deal = _deal(hand)
        takers, defence, held = deal.score(settings)
        before = getattr(ctx.place and ctx.place.state, "held", 0)
        if not held and deal.result() == "made":
            takers += before
        elif not held:
            defence += before
        side = ctx.side_of(hand.taker)
        return (takers, defence) if side == 0 else (defence, takers)

    def check(self, settings: BeloteSettings, hand: Hand, ctx: Context) -> list[tuple[str, Any]]:
        """A capot leaves one side every point (0 or 162 to the takers)."""
        if hand.capot and hand.card_points not in (0, DEAL):
            said = msg("card_points: a capot leaves the takers 0 or 162 points")
            table = said.said_at_table(
                "A capot takes every trick: the takers have 162 points, or 0 if the defence "
                "took them all."
            )
            return [("card_points", table)]
        return []

    def view(self, settings: BeloteSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The taker, the contract (coinched or not), made or dedans, the belote and the
        capot; the takers' card points in their side's column."""
        if hand.thrown_in:
            return super().view(settings, hand, ctx)
        deal, side = _deal(hand), ctx.side_of(hand.taker)
        result = deal.result()
        if result == "litige" and not settings.litige_held:
            result = "dedans"
        pieces: list[Any] = [RESULTS[result]]
        if hand.belote != "none":
            pieces += [" · ", msg("belote") if hand.belote == "taker" else msg("belote (defence)")]
        if hand.capot and hand.contract != "capot":  # a capot bid says it already
            pieces += [" · ", msg("capot")]
        bid = None
        if settings.contracts:
            said = [dict(BIDS)[hand.contract]]
            if hand.coinche != "none":
                said += [" ", dict(COINCHES)[hand.coinche]]
            bid = Label(tuple(said))
        entries = tuple((str(hand.card_points),) if s == side else () for s in (0, 1))
        marks = tuple(result == "made" if s == side else None for s in (0, 1))
        return HandSummary(hand.taker, bid, Label(tuple(pieces)), entries, marks)

    progression = Progression(
        start=lambda game, dealer, totals: _held(start_state(dealer, 4, 2, totals), 0),
        load=lambda game, values: _held(RaceState.from_dict(values, 4, 2), values.get("held")),
        resume=lambda *args: _resume(*args),
        hand_limit=lambda game, settings: settings.deals,
    )

    def rules_lines(self, settings: BeloteSettings) -> list[RulesLine]:
        """The fixed scale before each knob: the deal, the belote, dedans; no Coinche
        knob at Belote, no deals where the target ends the game."""
        lines = [
            RulesLine(msg("A deal"), msg("152 card points + 10 dix de der = 162")),
            RulesLine(msg("Belote, rebelote"), 20),
            RulesLine(msg("Dedans"), msg("the defence scores 160")),
        ]
        if settings.contracts:
            lines.append(RulesLine(msg("Coinche, surcoinche"), "×2 · ×4"))
        hidden = (() if settings.contracts else _COINCHE_ONLY) + (
            (msg("Deals"),) * (not settings.deals)
        )
        return lines + [line for line in super().rules_lines(settings) if line.label not in hidden]


_COINCHE_ONLY = (msg("Contract made"), msg("Contract failed"))


@dataclass(frozen=True, slots=True)
class LitigeState(RaceState):
    """A race's state and the points a litige holds for the winner of the next deal."""

    held: int = 0

    def to_dict(self) -> dict[str, Any]:
        return RaceState.to_dict(self) | {"held": self.held}


def _held(race: RaceState, held: Any) -> LitigeState:
    if not isinstance(held, int) or held < 0:
        raise ValueError(f"not a state of this game: {held!r}")
    kept = (race.scored, race.target_reached, race.winners, race.start)
    return LitigeState(race.number, race.totals, race.dealer, *kept, held=held)


def _resume(game: Belote, settings: BeloteSettings, state: Any, records: Any, finish: Any) -> Any:
    """The race, hand by hand, each after the state that holds a litige's points: a deal
    that wins them clears them, a litige adds its own."""
    progress, hands = resume_race(game, settings, state, (), finish_after=finish), []
    for record in records:
        progress = resume_race(game, settings, state, (record,), finish_after=finish)
        held = 0 if record.thrown_in else _deal(record).score(settings)[2]
        keep = record.thrown_in or (held and settings.litige_held)
        state = _held(progress.state, held + state.held if keep else 0)
        hands.append(replace(progress.hands[0], state=state))
    return replace(progress, hands=tuple(hands), state=state)


def _deal(hand: Hand) -> BeloteDeal:
    contract = hand.contract or "0"
    return BeloteDeal(contract, hand.coinche or "none", hand.card_points, hand.belote, hand.capot)


GAME = Belote()
