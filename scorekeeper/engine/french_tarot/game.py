"""French Tarot behind the one game interface: the deal declared once as the table knows it
at its end, its score, the rules across its fields, and its words. Three to five play,
each for themselves; at five the taker calls a king."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..bridge.game import DEAL_WORDS  # a deal, passed out when everyone passes
from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import Label, RulesLine
from ..core.form import Choice, FormField
from ..core.game import PageWords
from ..core.messages import Message, Partner, Seat, msg
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, SeatOf
from .settings import MULTIPLIER, NEEDED, PRESETS, Deal, TarotSettings

ALONE = "alone"
CONTRACTS = (("petite", msg("Petite")), ("garde", msg("Garde")), ("garde_sans", msg("Garde sans")))
CONTRACTS += (("garde_contre", msg("Garde contre")),)
SIDES = (("none", msg("—")), ("taker", msg("taker's side")), ("defence", msg("defence")))
POIGNEES = (("none", msg("—")), ("simple", msg("simple")), ("double", msg("double")))
POIGNEES += (("triple", msg("triple")),)
CHELEMS = (
    ("none", msg("—")),
    ("announced", msg("announced, made")),
    ("failed", msg("announced, failed")),
)
CHELEMS += (("made", msg("made, not announced")), ("defence", msg("by the defence")))
CONTRACT_SCALE = "Petite ×1 · Garde ×2 · Garde sans ×4 · Garde contre ×6"  # the game's own words


class CalledPartner(SeatOf):
    """At five, the holder of the king the taker called, or ``"alone"`` (the taker called
    their own king): on the form a key for alone before the players. Not written at 3 or 4."""

    def parse(self, value: Any, ctx: Context) -> int | str:
        return ALONE if value == ALONE else super().parse(value, ctx)

    def written(self, typed: Any) -> bool:
        return typed is not None

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        (called,) = super().form_fields(ctx, players)
        return (replace(called, choices=(Choice(ALONE, msg("alone")), *called.choices)),)

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return typed if typed in (None, ALONE) else names[typed]

    def draw(self, ctx: Context, rng: Any) -> Any:
        return rng.choice([ALONE, *range(ctx.seats)])

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return msg("alone") if typed == ALONE else super().words(typed, names, ctx)


class Extra(OneOf):
    """An extra of the deal (petit au bout, a poignée, the chelem): none, already tapped."""

    def __init__(self, name: str, label: Message, options: Sequence[tuple[str, Message]]):
        super().__init__(name, label, options, step="extras", default="none")

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(replace(f, default="none") for f in super().form_fields(ctx, players))


class FrenchTarot(GameBase):
    key = "french-tarot"
    name = msg("French Tarot")
    seats = 4
    seat_range = (3, 5)
    # The deal's sentence ("Garde with Anne-Sophie Beaumont · made by 4") on a line of its
    # own across the row, as Skat and Schafkopf have it: in the row's narrow first column
    # at 360 px it broke the called partner's name (issue 56, item 7).
    row_layout = "across"
    presets = PRESETS
    preset_words = {
        "fft": (
            msg("French Tarot (FFT)"),
            msg("25 plus the difference, times the contract; 3, 4 or 5 players"),
        )
    }
    page_words = PageWords(
        auction_head=msg("Taker"),
        bid_head=msg("Contract"),
        outcome_head=msg("Result"),
        entry_heads=(msg("CP"),),
        legend=msg(
            "Taker the player who took · Contract the contract (and at five the called "
            "partner) · CP the card points the taker's side made · the points of the deal "
            "and each player's total."
        ),
        turn=msg("Deal %(number)d: %(dealer)s deals, %(opener)s speaks first"),
        auction_mark=msg("taker"),
        cell_legend=msg("points made by the taker's side, points in the deal, total"),
        hand=DEAL_WORDS,
    )
    hand = HandSchema(
        SeatOf("taker", msg("Taker"), step="taking"),
        CalledPartner(
            "partner",
            msg("Called partner"),
            step="taking",
            only_if=lambda ctx: ctx.seats == 5,
            help="At five: the seat holding the called king, or alone.",
        ),
        OneOf("contract", msg("Contract"), CONTRACTS, step="taking"),
        Count("bouts", msg("Bouts of the taker's side"), 0, 3, step="count"),
        Count("card_points", msg("Points of the taker's side"), 0, 91, step="count"),
        Extra("petit_au_bout", msg("Petit au bout"), SIDES),
        Extra("poignee", msg("Poignée of the taker's side"), POIGNEES),
        Extra("poignee_defence", msg("Poignée of the defence"), POIGNEES),
        Extra("chelem", msg("Chelem"), CHELEMS),
        thrown_in=True,
        steps={
            "taking": msg("The contract"),
            "count": msg("The count"),
            "extras": msg("Petit au bout, poignées, chelem"),
        },
    )

    def score(self, settings: TarotSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return _deal(hand, ctx).split(settings, ctx.seats)

    def check(self, settings: TarotSettings, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
        """No Petite where the table does not bid it; at five the taker does not call
        themself (alone, they call their own king); the points hold the bouts' 4½ each."""
        found: list[tuple[str, Message]] = []
        if hand.contract == "petite" and not settings.petite:
            said = msg("contract: petite is not bid under these rules (petite=no)")
            table = said.said_at_table("Petite is not bid at this table: Garde is the lowest.")
            found.append(("contract", table))
        if ctx.seats == 5 and hand.partner == hand.taker:
            said = msg("partner: a taker who called their own king plays alone: partner alone")
            table = said.said_at_table(
                "%(name)s called their own king: tap alone.", name=Seat(hand.taker)
            )
            found.append(("partner", table))
        least, most = int(4.5 * hand.bouts), 91 - int(4.5 * (3 - hand.bouts))
        if not least <= hand.card_points <= most:
            at = {"bouts": hand.bouts, "least": least, "most": most}
            said = msg(
                "card_points: with %(bouts)d bouts the taker's side has %(least)d to "
                "%(most)d points",
                **at,
            )
            table = said.said_at_table(
                "With %(bouts)d bouts (4½ points each) the taker's side has %(least)d to "
                "%(most)d points.",
                **at,
            )
            found.append(("card_points", table))
        return found

    def hand_form(self, settings: TarotSettings, players: Sequence[str], place: Any = None) -> Any:
        """The one tap for a deal everyone passed says so: "Passed out"."""
        spec = super().hand_form(settings, players, place)
        return replace(
            spec, actions=tuple(replace(a, label=msg("Passed out")) for a in spec.actions)
        )

    def view(self, settings: TarotSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The taker, the contract (at five, with whom), made or failed by how much, the
        extras; the card points in the taker's column; made marked on the taker's side."""
        if hand.thrown_in:
            return replace(super().view(settings, hand, ctx), outcome=Label((msg("passed out"),)))
        deal = _deal(hand, ctx)
        margin = deal.margin()
        said = msg("made by %(n)d", n=margin) if margin > 0 else msg("failed by %(n)d", n=-margin)
        pieces: list[Any] = [said if margin else msg("just made")]
        if ctx.seats == 5:  # with whom, first: the names are shown in the outcome
            seat = deal.partner  # seat 0 called too: a Partner is its seat, 0 is no "alone"
            who = msg("with %(name)s", name=Partner(seat, seat, 0)) if seat is not None else None
            pieces[:0] = [who or msg("alone"), " · "]
        pieces += [piece for extra in _extras(hand) for piece in (" · ", extra)]
        side = {deal.taker, deal.partner} - {None}
        made = (str(hand.card_points),)
        entries = tuple(made if s == deal.taker else () for s in range(ctx.seats))
        marks = tuple(deal.made() if s in side else None for s in range(ctx.seats))
        bid = Label((dict(CONTRACTS)[hand.contract],))
        return HandSummary(deal.taker, bid, Label(tuple(pieces)), entries, marks)

    def explain(self, settings: TarotSettings, hand: Hand, place: Any = None) -> list[list[Any]]:
        """Each player's points, the taker's after the deal worked out: the points needed,
        25 plus the difference times the contract, and what each defender pays."""
        found = super().explain(settings, hand, place)
        if not hand.thrown_in:
            deal = _deal(hand, self.context(settings, place))
            found[deal.taker][:0] = [
                msg(
                    "%(points)d with %(bouts)d bouts, %(needed)d needed: (25 + %(margin)d) × "
                    "%(multiplier)d",
                    points=deal.points,
                    bouts=deal.bouts,
                    needed=NEEDED[deal.bouts],
                    margin=abs(deal.margin()),
                    multiplier=MULTIPLIER[deal.contract],
                ),
                msg("the deal: %(unit)+d a defender", unit=deal.unit(settings)),
            ]
        return found

    progression = Progression(
        hand_limit=lambda game, settings: settings.deals,
        shares_tie=True,
        finish_now=True,
        lasting={"deals": 0},
    )

    def end_words(self, settings: TarotSettings) -> Message:
        if settings.deals:
            return msg("%(deals)d deals", deals=settings.deals)
        return msg("until the table finishes")

    def rules_lines(self, settings: TarotSettings) -> list[RulesLine]:
        """The fixed scale before each knob: points needed, the contracts, the primes."""
        return [
            RulesLine(msg("Points needed, 0 to 3 bouts"), "56 · 51 · 41 · 36"),
            RulesLine(
                msg("Contracts"),
                CONTRACT_SCALE.removeprefix("" if settings.petite else "Petite ×1 · "),
            ),
            RulesLine(msg("Petit au bout"), msg("10 × the contract")),
            RulesLine(msg("Poignée: simple, double, triple"), "20 · 30 · 40"),
            RulesLine(msg("Chelem"), msg("announced 400, not announced 200, failed −200")),
            RulesLine(msg("Deals"), self.end_words(settings)),  # 0 read as the table's end
            *super().rules_lines(settings)[1:],
        ]


def _deal(hand: Hand, ctx: Context) -> Deal:
    partner = hand.partner if ctx.seats == 5 and hand.partner != ALONE else None
    extras = (hand.petit_au_bout, hand.poignee, hand.poignee_defence, hand.chelem)
    return Deal(hand.taker, partner, hand.contract, hand.bouts, hand.card_points, *extras)


def _extras(hand: Hand) -> list[Message]:
    """The extras as a sheet notes them: the taker's side's plain, the defence's marked."""
    found, poignees, chelems = [], dict(POIGNEES), dict(CHELEMS)
    if hand.petit_au_bout != "none":
        found.append(_whose(msg("petit au bout"), hand.petit_au_bout == "taker"))
    for shown, ours in ((hand.poignee, True), (hand.poignee_defence, False)):
        if shown != "none":
            found.append(_whose(msg("%(kind)s poignée", kind=poignees[shown]), ours))
    if hand.chelem != "none":
        found.append(msg("chelem %(how)s", how=chelems[hand.chelem]))
    return found


def _whose(said: Message, ours: bool) -> Message:
    return said if ours else msg("%(said)s (defence)", said=said)


GAME = FrenchTarot()  # four players; GAME.seated(n) for 3 or 5
