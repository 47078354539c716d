"""French Tarot behind the one game interface: the deal declared once as the table knows it
at its end, its score, rules and words. Three to five play; at five the taker calls a king."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..bridge.game import DEAL_WORDS  # a deal, passed out when everyone passes
from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import Label, Notation, RulesLine, SignedPoints, signed
from ..core.game import PageWords
from ..core.messages import Message, msg, nmsg, with_partner
from ..core.numbers import shown_number
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, SeatOf, SuitOf
from ..core.takers import Takers
from . import settings as rules
from .settings import CONTRACTS, PRESETS, Deal, TarotSettings

NONE = ("none", msg("—"))  # an extra's first option, already tapped
SIDES = (NONE, ("taker", msg("taker's side")), ("defence", msg("defence")))
KINDS = (NONE, ("simple", msg("simple")), ("double", msg("double")), ("triple", msg("triple")))
CHELEMS = (NONE, ("announced", msg("announced, made")), ("failed", msg("announced, failed")))
CHELEMS += (("made", msg("made, not announced")), ("defence", msg("by the defence")))
CONTRACT_SCALE = "Petite ×1 · Garde ×2 · Garde sans ×4 · Garde contre ×6"  # the game's own words
# At five: the called partner (alone: the taker called their own king) and the suit of the
# king called, if written down (None: a deal saved before it was asked, or sent without it).
AT_FIVE = {"step": "taking", "omit_empty": True, "only_if": lambda ctx: ctx.seats == 5}
CALLED = AT_FIVE | {"help": "At five: the seat holding the called king, or alone."}
KING = AT_FIVE | {"only_if": lambda ctx: ctx.seats == 5 and ctx.settings.called_king}
# An extra (petit au bout, a poignée, the chelem): none already tapped, and seldom drawn.
EXTRA = {"tapped": True, "default": "none", "step": "extras", "seldom": 0.6}
TAKERS = Takers(
    CONTRACTS,
    made=lambda record: record.card_points >= rules.NEEDED[record.bouts],
    bid="contract",
    partner="partner",  # at five: a seat, or alone
    notes=(msg("A contract is made when the taker's side has the points its bouts need."),),
)


class FrenchTarot(GameBase):
    key = "french-tarot"
    name = msg("French Tarot")
    seats = 4
    seat_range = (3, 5)
    # The deal's sentence across the row: a narrow column broke names at 360 px (issue 56).
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
    hand = HandSchema(
        SeatOf("taker", msg("Taker"), step="taking"),
        SeatOf("partner", msg("Called partner"), instead=("alone", msg("alone")), **CALLED),
        SuitOf("king", msg("Called king"), default=None, null_is_default=True, **KING),
        OneOf("contract", msg("Contract"), CONTRACTS, step="taking"),
        Count("bouts", msg("Bouts of the taker's side"), 0, 3, step="count"),
        Count("card_points", msg("Points of the taker's side"), 0, 91, step="count", halves=True),
        OneOf("petit_au_bout", msg("Petit au bout"), SIDES, **EXTRA),
        OneOf("poignee", msg("Poignée of the taker's side"), KINDS, **EXTRA),
        OneOf("poignee_defence", msg("Poignée of the defence"), KINDS, **EXTRA),
        OneOf("chelem", msg("Chelem"), CHELEMS, **EXTRA),
        thrown_in=True,
        thrown_in_label=msg("Passed out"),  # the one tap for a deal everyone passed
        steps={
            "taking": msg("The contract"),
            "count": msg("The count"),
            "extras": msg("Petit au bout, poignées, chelem"),
        },
    )
    figures = TAKERS.figures

    def score(self, settings: TarotSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return _deal(hand, ctx).split(settings, ctx.seats)

    def check(self, settings: TarotSettings, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
        """What the rules and the cards cannot give, on every deal entered (``problems``)."""
        return rules.problems(_deal(hand, ctx), ctx.seats, settings.petite)

    def view(self, settings: TarotSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The taker, the contract (at five the called king's suit, and with whom), made or
        failed by how much, the extras; the card points in the taker's column."""
        if hand.thrown_in:
            return replace(super().view(settings, hand, ctx), outcome=Label((msg("passed out"),)))
        deal = _deal(hand, ctx)
        who = None
        if ctx.seats == 5:  # with whom, first: the names are shown in the outcome
            who = msg("alone") if deal.partner is None else with_partner(deal.partner)
        outcome = Label.dotted(who, _result(deal, settings), *_extras(hand).values())
        made = (shown_number(deal.points),)
        counted = msg("%(points)s card points", points=made[0])
        bid = Label((dict(CONTRACTS)[hand.contract],))
        if hand.king is not None:  # the called king's suit beside the contract: "Garde ♥"
            bid = Label((*bid.pieces, " ", hand.king.symbol), "r" if hand.king.is_red else "")
        shown = made, deal.made(), counted, [deal.partner]  # the partner shares the mark
        return HandSummary.in_one_column(deal.taker, ctx.seats, deal.taker, bid, outcome, *shown)

    def explain(self, settings: TarotSettings, hand: Hand, place: Any = None) -> list[list[Any]]:
        """Each player's points term by term: the count against the points needed, the
        contract, each extra, the deal to each defender, then each player's share."""
        if hand.thrown_in:
            return super().explain(settings, hand, place)
        ctx = self.context(settings, place)
        deal = _deal(hand, ctx)
        terms, multiplier = deal.terms(settings), rules.MULTIPLIER[deal.contract]
        count = nmsg(  # the card points, with the bouts, against the points needed
            "%(points)s with %(num)d bout, %(needed)d needed: %(result)s",
            "%(points)s with %(num)d bouts, %(needed)d needed: %(result)s",
            deal.bouts,
            points=shown_number(deal.points),
            needed=rules.NEEDED[deal.bouts],
            result=_result(deal, settings),
        )
        margin = abs(deal.margin(settings.half_point))  # 40 or 40½, alike in every language
        half = f"{int(margin)}½" if margin % 1 else str(int(margin))
        formulas = {"contract": f"(25 + {half}) × {multiplier}"}
        formulas["petit_au_bout"] = f"10 × {multiplier}"
        worded = {"contract": dict(CONTRACTS)[deal.contract], **_extras(hand)}
        said = [_term(words, formulas.get(name, ""), terms[name]) for name, words in worded.items()]
        unit, times = sum(terms.values()), ctx.seats - 1 if deal.partner is None else 2
        taker = _term(msg("taker"), f"{times} × {signed(unit)}", times * unit)
        defender = msg("defender: %(points)s", points=SignedPoints(-unit))
        found = [[defender] for _ in range(ctx.seats)]
        found[deal.taker] = [count, *said, _paid(terms), taker]
        if deal.partner is not None:
            found[deal.partner] = [msg("called partner: %(points)s", points=SignedPoints(unit))]
        return found

    progression = Progression(
        hand_limit=lambda game, settings: settings.deals,
        shares_tie=True,
        finish_now=True,
        lasting={"deals": 0},
    )

    def rules_lines(self, settings: TarotSettings) -> list[RulesLine]:
        """The fixed scale before each knob: points needed, the contracts, the primes."""
        needed = " · ".join(map(str, rules.NEEDED))
        contracts = CONTRACT_SCALE.removeprefix("" if settings.petite else "Petite ×1 · ")
        trumps = rules.POIGNEE_TRUMPS[self.seats]
        primes = zip(trumps, rules.POIGNEES[settings.poignee_scale], strict=True)
        poignees = " · ".join(f"{shown}: {points}" for shown, points in primes)
        failed = SignedPoints(-200)
        chelem = msg("announced 400, not announced 200, failed %(failed)s", failed=failed)
        return [
            RulesLine(msg("Points needed, 0 to 3 bouts"), Notation(needed)),
            RulesLine(msg("Contracts"), Notation(contracts)),
            RulesLine(msg("Petit au bout"), msg("10 × the contract")),
            RulesLine(msg("Poignée: trumps shown, points"), Notation(poignees)),
            RulesLine(msg("Chelem"), chelem),
            RulesLine(msg("Deals"), self.end_words(settings)),  # 0 read as the table's end
            *super().rules_lines(settings)[1:],
        ]


def _deal(hand: Hand, ctx: Context) -> Deal:
    partner = hand.partner if ctx.seats == 5 and hand.partner != "alone" else None
    extras = (hand.petit_au_bout, hand.poignee, hand.poignee_defence, hand.chelem)
    return Deal(hand.taker, partner, hand.contract, hand.bouts, hand.card_points, *extras)


def _term(words: Message, formula: str, points: int) -> Message:
    """A term of the deal's working: its words, how it counts, its points signed."""
    counted = f"{formula} = {signed(points)}" if formula else signed(points)
    return msg("%(term)s: %(formula)s", term=words, formula=Notation(counted))


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
