"""French Tarot behind the one game interface: the deal declared once as the table knows it
at its end, its score, the rules across its fields, and its words. Three to five play,
each for themselves; at five the taker calls a king."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..bridge.game import DEAL_WORDS  # a deal, passed out when everyone passes
from ..core.base import GameBase
from ..core.command_line import scored_record
from ..core.declared import Figures, Progression
from ..core.display import Label, Notation, RulesLine, SignedPoints, signed
from ..core.form import Choice, FormField
from ..core.game import PageWords
from ..core.messages import Message, Partner, msg, nmsg
from ..core.numbers import shown_number
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, SeatOf, SuitOf
from . import deck
from .settings import CONTRACTS, MULTIPLIER, NEEDED, POIGNEES, PRESETS, Deal, TarotSettings
from .stats import NOTES, TarotFigures, player_figures

ALONE = "alone"
SIDES = (("none", msg("—")), ("taker", msg("taker's side")), ("defence", msg("defence")))
KINDS = (("none", msg("—")), ("simple", msg("simple")), ("double", msg("double")))
KINDS += (("triple", msg("triple")),)
CHELEMS = (("none", msg("—")), ("announced", msg("announced, made")))
CHELEMS += (("failed", msg("announced, failed")), ("made", msg("made, not announced")))
CHELEMS += (("defence", msg("by the defence")),)
CONTRACT_SCALE = "Petite ×1 · Garde ×2 · Garde sans ×4 · Garde contre ×6"  # the game's own words


class CalledPartner(SeatOf):
    """At five, the holder of the king the taker called, or ``"alone"`` (the taker called
    their own king): on the form a key for alone before the players."""

    def parse(self, value: Any, ctx: Context) -> int | str:
        return ALONE if value == ALONE else super().parse(value, ctx)

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

    def draw(self, ctx: Context, rng: Any) -> str:  # about as rare as at a table
        return "none" if rng.random() < 0.6 else super().draw(ctx, rng)


class TarotHand(HandSchema):
    """The deal: on the command line, and drawn at random, read as a deal entered at a
    table (``deck``'s checks apply); a random one is thus a deal the rules allow."""

    def typed(self, game: Any, settings: Any, given: Any) -> Any:
        body = {f.name: f.from_option(given[f.name]) for f in self if given.get(f.name) is not None}
        body = {"thrown_in": True} if given.get("thrown_in") else body
        return scored_record(
            game, settings, game.record_from_dict(settings, body, _first(game, settings))
        )

    def random_body(self, game: Any, settings: Any, ctx: Context, rng: Any) -> dict[str, Any]:
        placed = replace(ctx, place=ctx.place or _first(game, settings))
        return super().random_body(game, settings, placed, rng)


def _first(game: Any, settings: TarotSettings | None = None) -> Any:
    """The place of a game's first deal (a French Tarot deal is the same at any place)."""
    return game.place_of(game.state_of(game.replay(settings or game.preset("fft"), 0, [])))


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
            "king's suit and partner) · CP the card points the taker's side made · the points "
            "of the deal and each player's total."
        ),
        turn=msg("Deal %(number)d: %(dealer)s deals, %(opener)s speaks first"),
        auction_mark=msg("taker"),
        cell_legend=msg("points made by the taker's side, points in the deal, total"),
        hand=DEAL_WORDS,
    )
    hand = TarotHand(
        SeatOf("taker", msg("Taker"), step="taking"),
        CalledPartner(
            "partner",
            msg("Called partner"),
            step="taking",
            only_if=lambda ctx: ctx.seats == 5,
            help="At five: the seat holding the called king, or alone.",
            omit_empty=True,
        ),
        SuitOf(
            "king",
            msg("Called king"),
            step="taking",
            only_if=lambda ctx: ctx.seats == 5 and ctx.settings.called_king,
            default=None,  # a deal saved before it was asked, or sent without it
            null_is_default=True,
            omit_empty=True,
        ),
        OneOf("contract", msg("Contract"), CONTRACTS, step="taking"),
        Count("bouts", msg("Bouts of the taker's side"), 0, 3, step="count"),
        Count("card_points", msg("Points of the taker's side"), 0, 91, step="count", halves=True),
        Extra("petit_au_bout", msg("Petit au bout"), SIDES),
        Extra("poignee", msg("Poignée of the taker's side"), KINDS),
        Extra("poignee_defence", msg("Poignée of the defence"), KINDS),
        Extra("chelem", msg("Chelem"), CHELEMS),
        thrown_in=True,
        steps={
            "taking": msg("The contract"),
            "count": msg("The count"),
            "extras": msg("Petit au bout, poignées, chelem"),
        },
    )
    figures = Figures(None, player_figures, notes=NOTES, kind=TarotFigures)

    def score(self, settings: TarotSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return _deal(hand, ctx).split(settings, ctx.seats)

    def check(self, settings: TarotSettings, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
        """``deck.problems``; what the cards cannot give only for a deal entered at its place:
        one stored before it was checked opens as it was saved (``ctx.place`` None)."""
        found = deck.problems(_deal(hand, ctx), ctx.seats, settings.petite, bool(ctx.place))
        return [(field, deck.api_words(field, said)) for field, said in found]

    def hand_form(self, settings: TarotSettings, players: Sequence[str], place: Any = None) -> Any:
        """The one tap for a deal everyone passed says so: "Passed out"."""
        spec = super().hand_form(settings, players, place)
        actions = tuple(replace(a, label=msg("Passed out")) for a in spec.actions)
        return replace(spec, actions=actions)

    def view(self, settings: TarotSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The taker, the contract (at five the called king's suit, and with whom), made or
        failed by how much, the extras; the card points in the taker's column."""
        if hand.thrown_in:
            return replace(super().view(settings, hand, ctx), outcome=Label((msg("passed out"),)))
        deal = _deal(hand, ctx)
        pieces: list[Any] = [_result(deal, settings)]
        if ctx.seats == 5:  # with whom, first: the names are shown in the outcome
            seat = deal.partner  # seat 0 called too: a Partner is its seat, 0 is no "alone"
            who = msg("with %(name)s", name=Partner(seat, seat, 0)) if seat is not None else None
            pieces[:0] = [who or msg("alone"), " · "]
        pieces += [piece for extra in _extras(hand).values() for piece in (" · ", extra)]
        side = {deal.taker, deal.partner} - {None}
        made = (shown_number(deal.points),)
        entries = tuple(made if s == deal.taker else () for s in range(ctx.seats))
        marks = tuple(deal.made() if s in side else None for s in range(ctx.seats))
        bid = Label((dict(CONTRACTS)[hand.contract],))
        if hand.king is not None:  # the called king's suit beside the contract: "Garde ♥"
            bid = Label((*bid.pieces, " ", hand.king.symbol), "r" if hand.king.is_red else "")
        return HandSummary(deal.taker, bid, Label(tuple(pieces)), entries, marks)

    def explain(self, settings: TarotSettings, hand: Hand, place: Any = None) -> list[list[Any]]:
        """Each player's points term by term: the count against the points needed, the
        contract, each extra, the deal to each defender, then each player's share."""
        if hand.thrown_in:
            return super().explain(settings, hand, place)
        ctx = self.context(settings, place)
        deal = _deal(hand, ctx)
        terms, multiplier = deal.terms(settings), MULTIPLIER[deal.contract]
        unit, margin = sum(terms.values()), abs(deal.margin(settings.half_point))
        contract = f"(25 + {_half(margin)}) × {multiplier}"
        said = [
            _count(deal, settings),
            _term(dict(CONTRACTS)[deal.contract], contract, terms["contract"]),
        ]
        for name, words in _extras(hand).items():
            times_ten = f"10 × {multiplier}" if name == "petit_au_bout" else ""
            said.append(_term(words, times_ten, terms[name]))
        said.append(_paid(terms))
        times = ctx.seats - 1 if deal.partner is None else 2
        found = [
            [msg("defender: %(points)s", points=SignedPoints(-unit))] for _ in range(ctx.seats)
        ]
        found[deal.taker] = [*said, _term(msg("taker"), f"{times} × {signed(unit)}", times * unit)]
        if deal.partner is not None:
            found[deal.partner] = [msg("called partner: %(points)s", points=SignedPoints(unit))]
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
        poignees = zip(
            deck.POIGNEE_TRUMPS[self.seats], POIGNEES[settings.poignee_scale], strict=True
        )
        chelem = msg(
            "announced 400, not announced 200, failed %(failed)s", failed=SignedPoints(-200)
        )
        return [
            RulesLine(msg("Points needed, 0 to 3 bouts"), Notation("56 · 51 · 41 · 36")),
            RulesLine(
                msg("Contracts"),
                Notation(CONTRACT_SCALE.removeprefix("" if settings.petite else "Petite ×1 · ")),
            ),
            RulesLine(msg("Petit au bout"), msg("10 × the contract")),
            RulesLine(
                msg("Poignée: trumps shown, points"),
                Notation(" · ".join(f"{trumps}: {points}" for trumps, points in poignees)),
            ),
            RulesLine(msg("Chelem"), chelem),
            RulesLine(msg("Deals"), self.end_words(settings)),  # 0 read as the table's end
            *super().rules_lines(settings)[1:],
        ]


def _deal(hand: Hand, ctx: Context) -> Deal:
    partner = hand.partner if ctx.seats == 5 and hand.partner != ALONE else None
    extras = (hand.petit_au_bout, hand.poignee, hand.poignee_defence, hand.chelem)
    return Deal(hand.taker, partner, hand.contract, hand.bouts, hand.card_points, *extras)


def _half(number: Any) -> str:  # in a formula, alike in every language: 40 or 40½
    return f"{int(number)}½" if number % 1 else str(int(number))


def _term(words: Message, formula: str, points: int) -> Message:
    """A term of the deal's working: its words, how it counts, its points signed."""
    counted = f"{formula} = {signed(points)}" if formula else signed(points)
    return msg("%(term)s: %(formula)s", term=words, formula=Notation(counted))


def _count(deal: Deal, settings: TarotSettings) -> Message:
    """The count: the card points, with the bouts, against the points needed."""
    return nmsg(
        "%(points)s with %(num)d bout, %(needed)d needed: %(result)s",
        "%(points)s with %(num)d bouts, %(needed)d needed: %(result)s",
        deal.bouts,
        points=shown_number(deal.points),
        needed=NEEDED[deal.bouts],
        result=_result(deal, settings),
    )


def _paid(terms: dict[str, int]) -> Message:
    """The deal to each defender's opposite, its terms added up: paid by or to each."""
    parts = [points for points in terms.values() if points] or [0]
    unit, added = sum(parts), signed(parts[0])
    added += "".join(f" {signed(points)[0]} {abs(points)}" for points in parts[1:])
    formula = Notation(f"{added} = {signed(unit)}" if len(parts) > 1 else signed(unit))
    if unit >= 0:
        return msg("the deal: %(formula)s, paid by each defender", formula=formula)
    return msg("the deal: %(formula)s, paid to each defender", formula=formula)


def _result(deal: Deal, settings: TarotSettings) -> Message:
    """Made or failed by how much (a half where the table counts one), or just made."""
    margin = deal.margin(settings.half_point)
    if margin > 0:
        return msg("made by %(n)s", n=shown_number(margin))
    return msg("failed by %(n)s", n=shown_number(-margin)) if margin else msg("just made")


def _extras(hand: Hand) -> dict[str, Message]:
    """The extras tapped, by field, as a sheet notes them: the defence's marked."""
    found, kinds = {}, dict(KINDS)
    if hand.petit_au_bout != "none":
        found["petit_au_bout"] = _whose(msg("petit au bout"), hand.petit_au_bout == "taker")
    for name, ours in (("poignee", True), ("poignee_defence", False)):
        if hand.values[name] != "none":
            found[name] = _whose(msg("%(kind)s poignée", kind=kinds[hand.values[name]]), ours)
    if hand.chelem != "none":
        found["chelem"] = msg("chelem %(how)s", how=dict(CHELEMS)[hand.chelem])
    return found


def _whose(said: Message, ours: bool) -> Message:
    return said if ours else msg("%(said)s (defence)", said=said)


GAME = FrenchTarot()  # four players; GAME.seated(n) for 3 or 5
