"""Schafkopf behind the one game interface: the deal as the table knows it at its end (the
game, the Spieler, in a Sauspiel the Mitspieler who held the called Sau, won or lost and
what raises the tariff), its money in cents, and each player's money as a list keeps it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import attrgetter
from typing import Any

from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import FootLine, GameNotes, Label, Notation, RulesLine
from ..core.form import Choice, FormField
from ..core.game import PageWords
from ..core.messages import Message, Partner, SeatName, msg
from ..core.schema import (
    Context,
    Count,
    Hand,
    HandSchema,
    HandSummary,
    OneOf,
    Refused,
    SeatOf,
    YesNo,
)
from .settings import MOST_LAUFENDE, PRESETS, SOLOS, Payout, SchafkopfSettings

GAMES = (("sauspiel", msg("Sauspiel")), ("wenz", msg("Wenz")), ("farbsolo", msg("Farbsolo")))
GAMES += (("geier", msg("Geier")), ("bettel", msg("Bettel")), ("ramsch", msg("Ramsch")))
PLAYED = ("sauspiel", *SOLOS, "bettel")
TRICKS = ("sauspiel", *SOLOS)  # games of card points: Schneider, Schwarz, Laufende
SCHNEIDER = (("none", msg("—")), ("schneider", msg("Schneider")), ("schwarz", msg("Schwarz")))
KONTRA = (("none", msg("—")), ("kontra", msg("Kontra")), ("re", msg("Re")))
RESULTS = (("won", msg("won")), ("lost", msg("lost")))
WORDS = dict(GAMES)
RAMSCH = attrgetter("settings.ramsch")  # played where it has a tariff
NAMED = {key: said for key, said in SCHNEIDER + KONTRA if key != "none"}


def _offered(ctx: Context) -> dict[str, bool]:
    s = ctx.settings
    return {"geier": s.geier, "bettel": s.bettel > 0, "ramsch": s.ramsch > 0}


class Offered(OneOf):
    """The game played: Geier, Bettel and Ramsch only where the house rules play them."""

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        offered = _offered(ctx)
        return tuple(c for c in super().choices(ctx, players) if offered.get(c.value, True))

    def parse(self, value: Any, ctx: Context) -> str:
        game = super().parse(value, ctx)
        if not _offered(ctx).get(game, True):
            said = msg("contract: %(game)s is not played under these rules", game=game)
            table = said.said_at_table("%(game)s is not played at this table.", game=WORDS[game])
            raise Refused((self.name, table))
        return game


class Plain(OneOf):
    """Keys with the plain case already tapped: no Schneider, no Kontra."""

    def __init__(self, name: str, label: Message, options: Any, **kwargs: Any):
        super().__init__(name, label, options, default="none", **kwargs)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(replace(f, default="none") for f in super().form_fields(ctx, players))


class Zeroed(Count):
    """A count on keys with 0 already tapped (the Laufende, the Jungfrau)."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(replace(f, default="0") for f in super().form_fields(ctx, players))


def _asked(step: str, games: Sequence[str]) -> dict[str, Any]:
    """Asked in ``step`` of the form while the game is one of ``games``."""
    return {"step": step, "shown_when": ("contract", games)}


def _all_passed(ctx: Context) -> Message | None:
    """All passed: thrown in, unless the table plays a Ramsch then."""
    if not ctx.settings.ramsch:
        return None
    said = msg("thrown_in: when all pass this table plays a Ramsch")
    return said.said_at_table("When all pass this table plays a Ramsch: enter who lost it.")


class Schafkopf(GameBase):
    key = "schafkopf"
    name = msg("Schafkopf")
    seats = 4
    row_layout = "across"
    presets = PRESETS
    preset_words = {
        "schafkopf": (
            msg("Schafkopf"),
            msg("Bavarian rules: 10 ct a Sauspiel, 50 ct a solo, kept in cents as a list"),
        )
    }
    page_words = PageWords(
        auction_head=msg("Player"),
        bid_head=msg("Game"),
        outcome_head=msg("Result"),
        entry_heads=(),
        legend=msg(
            "Player who played (in a Ramsch who lost) · Game the game played · the cents "
            "each player won or paid in the deal, and each player's total."
        ),
        turn=msg("Deal %(number)d: %(dealer)s deals, %(opener)s comes out"),
        auction_mark=msg("plays the game"),
        cell_legend=msg("cents in the deal, total"),
    )
    hand = HandSchema(
        Offered("contract", msg("Game"), GAMES, step="deal"),
        SeatOf("declarer", msg("Player"), **_asked("deal", PLAYED)),
        SeatOf("partner", msg("Partner (held the called Ace)"), **_asked("deal", ("sauspiel",))),
        SeatOf("loser", msg("Lost the Ramsch"), only_if=RAMSCH, **_asked("deal", ("ramsch",))),
        OneOf("won", msg("The player's side"), RESULTS, **_asked("outcome", PLAYED)),
        Plain("schneider", msg("Schneider or Schwarz"), SCHNEIDER, **_asked("outcome", TRICKS)),
        Zeroed("laufende", msg("Laufende"), 0, 14, default=0, **_asked("outcome", TRICKS)),
        YesNo("tout", msg("Tout"), **_asked("outcome", SOLOS)),
        Plain("kontra", msg("Kontra and Re"), KONTRA, **_asked("outcome", PLAYED)),
        Zeroed(
            "jungfrau",
            msg("Jungfrau"),
            0,
            2,
            default=0,
            only_if=lambda ctx: ctx.settings.ramsch and ctx.settings.jungfrau,
            help="Ramsch: the players who took no trick, 0 to 2.",
            omit_empty=True,
            **_asked("outcome", ("ramsch",)),
        ),
        thrown_in=_all_passed,
        steps={"deal": msg("The game"), "outcome": msg("The result")},
    )

    def score(self, settings: SchafkopfSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return _payout(hand).split(settings, ctx.seats)

    def check(self, settings: SchafkopfSettings, hand: Hand, ctx: Context) -> list[Any]:
        """The Mitspieler is another player; no more Laufende than the game's trumps; a
        Tout is won Schwarz, so no Schneider or Schwarz on top of it."""
        found: list[tuple[str, Message]] = []
        if hand.contract == "sauspiel" and hand.partner == hand.declarer:
            said = msg("partner: the partner held the called Ace, so is not the declarer")
            table = said.said_at_table(
                "%(name)s called an Ace they did not hold: the partner is another player.",
                name=SeatName(hand.declarer),
            )
            found.append(("partner", table))
        most = MOST_LAUFENDE.get(hand.contract, 14)
        if hand.laufende > most:
            said = msg("laufende: a %(game)s has %(most)d at most", game=hand.contract, most=most)
            game = WORDS[hand.contract]
            table = said.said_at_table(
                "A %(game)s has %(most)d Laufende at most.", game=game, most=most
            )
            found.append(("laufende", table))
        if hand.tout and hand.schneider != "none":
            said = msg("schneider: a Tout counts no Schneider or Schwarz")
            table = said.said_at_table("A Tout is played Schwarz: leave Schneider and Schwarz out.")
            found.append(("schneider", table))
        return found

    def view(self, settings: SchafkopfSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The declarer (a Ramsch's loser), the game, won or lost and what raised it."""
        if hand.thrown_in:
            return replace(super().view(settings, hand, ctx), outcome=Label((msg("all passed"),)))
        deal, game = _payout(hand), WORDS[hand.contract]
        bid = Label((msg("%(game)s Tout", game=game),) if hand.tout else (game,))
        pieces: list[Any] = []
        if deal.partner is not None:
            pieces += [msg("with %(name)s", name=Partner(deal.partner, deal.partner, 0)), " · "]
        won = deal.won and deal.game != "ramsch"
        pieces.append(msg("won") if won else msg("lost"))
        extras = [NAMED.get(hand.schneider), NAMED.get(hand.kontra)]
        if deal.laufende_paid(settings):
            extras.insert(1, msg("%(n)d Laufende", n=deal.laufende))
        extras.append(msg("Jungfrau ×%(n)d", n=2**deal.jungfrau) if deal.jungfrau else None)
        pieces += [piece for extra in extras if extra for piece in (" · ", extra)]
        side = {deal.player, deal.partner} - {None}
        marks = tuple(won if s in side else None for s in range(ctx.seats))
        return HandSummary(deal.player, bid, Label(tuple(pieces)), ((),) * ctx.seats, marks)

    def explain(self, settings: SchafkopfSettings, hand: Hand, place: Any = None) -> list[Any]:
        """The declarer's line first: what a loser pays each winner, worked out."""
        found = super().explain(settings, hand, place)
        if not hand.thrown_in:
            deal = _payout(hand)
            sum_ = Notation(deal.formula(settings))
            said = msg("%(cents)d ct a player: %(sum)s", cents=deal.tariff(settings), sum=sum_)
            found[deal.player][:0] = [said]
        return found

    progression = Progression(
        hand_limit=lambda game, settings: settings.deals,
        shares_tie=True,
        finish_now=True,
        lasting={"deals": 0},
    )

    def end_words(self, settings: SchafkopfSettings) -> Message:
        if settings.deals:
            return msg("%(deals)d deals", deals=settings.deals)
        return msg("until the table finishes")

    def notes(self, progress: Any) -> GameNotes:
        """Under the list: each player's money so far, in euros and cents."""
        money = tuple(_money(total) for total in progress.totals)
        return GameNotes(foot=(FootLine(msg("Money"), money),))

    def rules_lines(self, settings: SchafkopfSettings) -> list[RulesLine]:
        doubled = RulesLine(msg("Doublings"), "Kontra ×2 · Re ×4 · Tout ×2")
        return [*super().rules_lines(settings), doubled]


def _payout(hand: Hand) -> Payout:
    if hand.contract == "ramsch":
        return Payout("ramsch", hand.loser, jungfrau=hand.jungfrau or 0)
    partner = hand.partner if hand.contract == "sauspiel" else None
    extras = (hand.schneider or "none", hand.laufende or 0, hand.kontra or "none", bool(hand.tout))
    return Payout(hand.contract, hand.declarer, partner, hand.won == "won", *extras)


def _money(cents: int) -> Label:
    """Cents as money, signed, in the page's language's form: "+€1.20", "−1,20 €"."""
    whole, part = divmod(abs(cents), 100)
    if cents > 0:
        return Label((msg("+€%(whole)d.%(cents)02d", whole=whole, cents=part),))
    if cents < 0:
        return Label((msg("\u2212€%(whole)d.%(cents)02d", whole=whole, cents=part),))
    return Label((msg("€%(whole)d.%(cents)02d", whole=whole, cents=part),))


GAME = Schafkopf()
