"""Belote and Coinche behind the one game interface: the deal as the table knows it at its
end, its score term by term, its rules and words."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..bridge.game import DEAL_WORDS  # a deal, passed out when everyone passes
from ..core import schema
from ..core.base import GameBase
from ..core.display import GameNotes, Label, RulesLine
from ..core.game import PageWords
from ..core.messages import Message, Side, msg, nmsg
from ..core.progress import carried_at, holding
from ..core.schema import Context, Hand, HandSummary, OneOf
from ..core.working import Working
from .settings import ANNOUNCED, CONTRACTS, DEAL, PRESETS, BeloteDeal, BeloteSettings

SIDES = (("none", msg("—")), ("taker", msg("takers")), ("defence", msg("defence")))
COINCHES = (("none", msg("—")), ("coinche", msg("Coinche")), ("surcoinche", msg("Surcoinche")))
BIDS = tuple((bid, msg("Capot") if bid == "capot" else bid) for bid in CONTRACTS)
RESULTS = {"made": msg("made"), "dedans": msg("dedans"), "litige": msg("litige")}
ANNOUNCED_BY = (msg("announcements %(points)d"), msg("announcements %(points)d (defence)"))
# Weakest first: the field, its words, its points, the cards it takes, the most a side holds.
ANNONCES = (
    ("tierce", msg("Tierce (20)"), 20, 3, 4),
    ("cinquante", msg("Cinquante (50)"), 50, 4, 4),
    ("cent", msg("Cent (100)"), 100, 5, 2),
    ("carre", msg("Carré (100)"), 100, 4, 4),  # of aces, tens, kings or queens: beats a cent
    ("carre_nines", msg("Carré of nines (150)"), 150, 4, 1),
    ("carre_jacks", msg("Carré of jacks (200)"), 200, 4, 1),
)
SCALE = msg("tierce 20 · cinquante 50 · cent 100 · carré 100, nines 150, jacks 200")
NONE = {"tapped": True, "default": "none"}  # none, already tapped: no coinche, no belote
NO_CARD_OF_1 = (1, DEAL - 1)  # no card is worth 1: a side never counts 1, nor the other 161


# How the one-line hand names a side's announcements of each kind.
ANNOUNCED_SAID = {
    "tierce": lambda n: nmsg("%(num)d tierce", "%(num)d tierces", n),
    "cinquante": lambda n: nmsg("%(num)d cinquante", "%(num)d cinquantes", n),
    "cent": lambda n: nmsg("%(num)d cent", "%(num)d cents", n),
    "carre": lambda n: nmsg("%(num)d carré", "%(num)d carrés", n),
    "carre_nines": lambda n: msg("carré of nines"),
    "carre_jacks": lambda n: msg("carré of jacks"),
    "higher": lambda n: msg("the higher announcement"),
}


class Announced(schema.PerSide):
    """A side's count of one announcement, folded on the form at 0 (now and then one)."""

    def __init__(self, name: str, label: Message, high: int):
        empty = {"default": (0, 0), "omit_empty": True, "null_is_default": True}
        only = {"step": "count", "folded": True, "only_if": "announcements"}
        super().__init__(name, label, 0, high, said=ANNOUNCED_SAID[name], **only, **empty)

    def draw(self, ctx: Context, rng: random.Random) -> list[int]:
        return [int(rng.random() < 0.08), int(rng.random() < 0.08)]


class Belote(GameBase):
    """Two partnerships; the takers must make more than the defence (at Coinche, their
    contract too) or they are dedans."""

    key = "belote"
    name = msg("Belote")
    seats = 4
    sides = ((0, 2), (1, 3))
    presets = PRESETS
    preset_words = {
        "classic": (msg("Belote"), msg("FFB: take or pass; 252 for a capot; the litige; to 1,000")),
        "coinche": (
            msg("Coinche"),
            msg("FFB: contracts 80 to 160 and capot, coinche ×2, surcoinche ×4, announcements"),
        ),
        "contree": (msg("Contrée"), msg("FFB: the Coinche's contracts, without announcements")),
    }
    preset_titles = {name: title for name, (title, _) in preset_words.items()}  # "Coinche"
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
    hand = schema.HandSchema(
        schema.SeatOf("taker", msg("Taker"), step="taking"),
        OneOf("contract", msg("Contract"), BIDS, step="taking", only_if="contracts"),  # Coinche
        OneOf("coinche", msg("Coinche"), COINCHES, step="taking", only_if="contracts", **NONE),
        schema.Count("card_points", msg("Points of the takers"), 0, DEAL, step="count"),
        OneOf("belote", msg("Belote, rebelote"), SIDES, step="count", **NONE),
        schema.YesNo("capot", msg("Capot: one side took every trick"), step="count"),
        *(Announced(name, label, most) for name, label, _, _, most in ANNONCES),
        Announced("higher", msg("Higher at equal announcements"), 1),
        thrown_in=True,
        steps={"taking": msg("The contract"), "count": msg("The count")},
        folded_label=msg("Announcements: tierce, cinquante, cent, carré"),
    )

    def score(self, settings: BeloteSettings, hand: Hand, ctx: Context) -> tuple[int, int]:
        takers, defence, _ = _worked(settings, hand, ctx)
        return (takers.points, defence.points)[:: -1 if ctx.side_of(hand.taker) else 1]

    def check(self, settings: BeloteSettings, hand: Hand, ctx: Context) -> list[tuple[str, Any]]:
        """Card points a deck gives (a capot's 0 or 162, never 1 or 161), announcements two
        hands of 8 hold (a carré once a deck), a higher one only between equal best ones."""
        if hand.capot and hand.card_points not in (0, DEAL):
            said = msg("card_points: a capot leaves the takers 0 or 162 points")
            return [said.refusal("A capot takes every trick: the takers have 162 points, or 0.")]
        if hand.card_points in NO_CARD_OF_1:
            said = msg("card_points: no card is worth 1 point: no side counts 1 or 161")
            return [said.refusal("No card is worth 1 point: no side has 1 or 161 points.")]
        for name, label, _, _, most in ANNONCES[3:] if settings.announcements else ():
            if sum(getattr(hand, name)) > most:
                said = msg("%(field)s: %(most)d at most in a deal", field=name, most=most)
                return [said.refusal(msg("%(what)s: %(most)d at most.", what=label, most=most))]
        for side in (0, 1) if settings.announcements else ():
            cards = [c for n, _, _, c, _ in ANNONCES for _ in range(getattr(hand, n)[side])]
            if not any(sum(c) <= 8 >= sum(cards) - sum(c) for c in _splits(cards)):
                name = next(n for n, *_ in ANNONCES if getattr(hand, n)[side])
                who = {"field": name, "side": Side(side)}
                said = msg("%(field)s: side %(side)s's announcements need over 16 cards", **who)
                return [said.refusal(msg("%(side)s cannot hold these in two hands of 8.", **who))]
        best = _best(hand)
        if sum(hand.higher) > 1 or (any(hand.higher) and (best[0] != best[1] or not best[0])):
            said = msg("higher: one side at most, and only between equal best announcements")
            table = msg("Mark a higher announcement only where both sides' best are equal.")
            return [said.refusal(table)]
        return []

    def view(self, settings: BeloteSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The contract, the result, the belote, announcements, capot and litige; the CP."""
        if hand.thrown_in:
            return super().view(settings, hand, ctx)
        side, result = ctx.side_of(hand.taker), _deal(hand, ctx).result()
        result = "dedans" if result == "litige" and not settings.litige_held else result
        pieces: list[Any] = [RESULTS[result]]
        if hand.belote != "none":
            pieces += [" · ", msg("belote") if hand.belote == "taker" else msg("belote (defence)")]
        if any(shown := _deal(hand, ctx).announced):  # one side's at most: the best's
            pieces += [" · ", Message(ANNOUNCED_BY[not shown[0]], {"points": max(shown)})]
        if hand.capot and hand.contract != "capot":  # a capot bid says it already
            pieces += [" · ", msg("capot")]
        held, before = _worked(settings, hand, ctx)[2], carried_at(ctx.place, "held")
        if held or before:
            won = msg("+%(points)d from the litige", points=before)
            pieces += [" · ", msg("%(points)d held", points=held) if held else won]
        said = [dict(BIDS)[hand.contract]] if settings.contracts else []
        said += [" ", dict(COINCHES)[hand.coinche]] if said and hand.coinche != "none" else []
        counted = msg("%(points)d card points", points=hand.card_points)
        bid, outcome = Label(tuple(said)) if said else None, Label(tuple(pieces))
        shown = (str(hand.card_points),), result == "made", counted  # at the takers' side
        return HandSummary.in_one_column(side, 2, hand.taker, bid, outcome, *shown)

    def explain(self, settings: BeloteSettings, hand: Hand, place: Any = None) -> list[list[Any]]:
        """Each side's points term by term, the announcements that count and the litige's."""
        if hand.thrown_in:
            return [[] for _ in range(self.seats)]
        ctx, counted = self.context(settings, place), _counted(hand)
        takers, defence, held = _worked(settings, hand, ctx)
        shown = [(w, getattr(hand, n)[counted or 0] * v) for n, w, v, *_ in ANNONCES]
        spelled = [(ANNOUNCED, [(w, p) for w, p in shown if p and counted is not None])]
        said = [takers.lines(spelled), defence.lines(spelled)]
        if held:
            said[0].append(msg("litige: %(points)d held for the next deal's winner", points=held))
        side = ctx.side_of(hand.taker)
        return [said[ctx.side_of(seat) != side] for seat in range(self.seats)]

    def deal_note(self, settings: BeloteSettings, place: Any) -> Message | None:
        """The points a litige holds, on the next deal's line until a deal wins them."""
        held = carried_at(place, "held")
        return msg("%(points)d points held from the litige", points=held) if held else None

    def notes(self, progress: Any) -> GameNotes:
        held = progress.state.held
        owed = msg("%(points)d points held from the litige go to nobody.", points=held)
        return GameNotes(owed=owed if held else None)

    progression = holding(
        lambda game, settings, record: _worked(settings, record, game.context(settings))[2],
        hand_limit=lambda game, settings: settings.deals,
    )

    def rules_lines(self, settings: BeloteSettings) -> list[RulesLine]:
        """The fixed scale (the deal, the belote, announcements, coinche) before each knob."""
        fixed = [RulesLine(msg("A deal"), msg("152 card points + 10 dix de der = 162"))]
        fixed += [RulesLine(msg("Belote, rebelote"), 20)]
        fixed += [RulesLine(msg("Annonces"), SCALE)] * settings.announcements  # for its "yes"
        fixed += [RulesLine(msg("Coinche, surcoinche"), "×2 · ×4")] * settings.contracts
        said = {line.label for line in fixed}
        return fixed + [line for line in super().rules_lines(settings) if line.label not in said]


def _splits(cards: list[int]) -> Any:
    """Every way of giving some of ``cards`` (announcements' sizes) to one partner."""
    return (c for n in range(len(cards) + 1) for c in combinations(cards, n))


def _best(hand: Hand) -> tuple[int, int]:
    """Each side's best announcement (1 the tierce … 6 a carré of jacks; 0: none)."""
    held = [[i + 1 for i, (n, *_) in enumerate(ANNONCES) if getattr(hand, n)[s]] for s in (0, 1)]
    return max(held[0], default=0), max(held[1], default=0)


def _counted(hand: Hand) -> int | None:
    """The side whose announcements count: the best's, or the one marked higher, else none."""
    best = _best(hand)
    if best[0] != best[1]:
        return 0 if best[0] > best[1] else 1
    return hand.higher.index(1) if best[0] and 1 in hand.higher else None


def _deal(hand: Hand, ctx: Context) -> BeloteDeal:
    counted, side = _counted(hand), ctx.side_of(hand.taker)
    points = [sum(v * getattr(hand, n)[s] for n, _, v, *_ in ANNONCES) for s in (0, 1)]
    points = [p if s == counted else 0 for s, p in enumerate(points)]
    said = (hand.contract or "0", hand.coinche or "none", hand.card_points, hand.belote)
    return BeloteDeal(*said, hand.capot, (points[side], points[1 - side]))


def _worked(settings: BeloteSettings, hand: Hand, ctx: Context) -> tuple[Working, Working, int]:
    """The takers' and the defence's working; the points held from a litige before go to
    the side that wins this deal (not to a litige)."""
    deal, before = _deal(hand, ctx), carried_at(ctx.place, "held")
    takers, defence, held = deal.score(settings)
    won = (msg("the litige's points"), before)
    if before and not held and deal.result() == "made":
        takers = replace(takers, kept=takers.kept + (won,))
    elif before and not held:
        defence = replace(defence, kept=defence.kept + (won,))
    return takers, defence, held


GAME = Belote()
