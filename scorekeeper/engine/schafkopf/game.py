"""Schafkopf behind the one game interface: the deal as the table knows it at its end (the
game and its suit, the Spieler, the Mitspieler of a Sauspiel or Hochzeit, won or lost, the
Augen where the table counted them, and what raises the tariff: Schneider, Schwarz,
Laufende, Tout, each Stoß and Klopfen), its money in cents, and each player's money as a
list keeps it, with the Stock where the table keeps one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.display import FootLine, GameNotes, Label, Notation, RulesLine, SignedPoints
from ..core.game import PageWords
from ..core.messages import Message, SeatName, msg, with_partner
from ..core.money import money
from ..core.progress import carried_at, carrying
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, SeatOf, YesNo
from .settings import (
    MOST_LAUFENDE,
    PAIRED,
    PRESETS,
    SOLOS,
    STOSS,
    STOSS_WORDS,
    WORDS,
    Payout,
    SchafkopfSettings,
)

GAMES = tuple(WORDS.items())[:5] + (("sie", WORDS["sie"]), ("bettel", msg("Bettel")))
GAMES += (("ramsch", msg("Ramsch")), ("passed", msg("All passed")))
PLAYED = ("sauspiel", "hochzeit", *SOLOS, "sie", "bettel")
TRICKS = ("sauspiel", "hochzeit", *SOLOS)  # games of card points: Schneider, Schwarz, Laufende
SCHNEIDER = (("none", msg("—")), ("schneider", msg("Schneider")), ("schwarz", msg("Schwarz")))
SUITS = (("eichel", msg("Eichel")), ("gras", msg("Gras")), ("herz", msg("Herz")))
SUITS += (("schellen", msg("Schellen")),)
RESULTS = (("won", msg("won")), ("lost", msg("lost")))
NAMED = {key: said for key, said in SCHNEIDER if key != "none"} | STOSS_WORDS


def _offered(ctx: Context) -> set[str]:
    """The games the table plays: Geier, Hochzeit, Bettel and Ramsch only where its house
    rules do; all passed (into the Stock) only where it keeps one."""
    s, found = ctx.settings, {key for key, _ in GAMES}
    house = {"geier": s.geier, "hochzeit": s.hochzeit, "bettel": s.bettel, "ramsch": s.ramsch}
    return found - {key for key, played in (house | {"passed": s.stock}).items() if not played}


def _asked(step: str, games: Sequence[str], **more: Any) -> dict[str, Any]:
    """Asked in ``step`` of the form while the game is one of ``games``."""
    return {"step": step, "shown_when": ("contract", games), **more}


def _all_passed(ctx: Context) -> Message | None:
    """All passed: thrown in, unless the table plays a Ramsch or keeps a Stock then."""
    if ctx.settings.ramsch:
        said = msg("thrown_in: when all pass this table plays a Ramsch")
        return said.said_at_table("When all pass this table plays a Ramsch: enter who lost it.")
    if ctx.settings.stock:
        said = msg("thrown_in: when all pass this table pays into the Stock")
        return said.said_at_table("When all pass this table pays into the Stock: tap All passed.")
    return None


STOESSE = (("none", msg("—")), *STOSS_WORDS.items())
BUT_PASSED = tuple(key for key, _ in GAMES if key != "passed")
KNOCKS = {"default": 0, "omit_empty": True, "null_is_default": True}
KNOCKS["only_if"] = "klopfen"
KNOCKS["help"] = "How many players knocked (laid) before the game: each doubles it."
AUGEN = msg("Augen of the player's side, if counted")
COUNTED = {"default": None, "omit_empty": True, "null_is_default": True}
COUNTED["help"] = "Optional: the Augen the player's side took, 0 to 120."
LOSERS_CUT = msg("Schneider or Schwarz")
PLAIN = {"default": "none", "tapped": True}  # no Schneider, no Stoß: tapped already
STOSSED = PLAIN | {"only_if": "stoesse", "null_is_default": True}
MAIDS = {"default": 0, "omit_empty": True, "help": "Ramsch: who took no trick, 0 to 2."}
MAIDS["only_if"] = lambda ctx: ctx.settings.ramsch and ctx.settings.jungfrau


class Seldom(Count):
    """A count most deals leave at 0 (the knocks, the Laufende): random deals draw it so."""

    def draw(self, ctx: Context, rng: Any) -> int:
        return min(rng.choice((0, 0, 0, 1, 2, 3, 4)), self.bounds(ctx)[1] or 0)


def _stoesse(ctx: Context) -> tuple[str, ...]:
    """The Stöße the table plays: Kontra, Re, and beyond as far as its ``stoesse``."""
    return STOSS[: ctx.settings.stoesse + 1]


STOSSED["offered"] = _stoesse


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
        OneOf("contract", msg("Game"), GAMES, offered=_offered, step="deal"),
        SeatOf("declarer", msg("Player"), **_asked("deal", PLAYED)),
        OneOf("suit", msg("Trump suit"), SUITS, **_asked("deal", ("farbsolo",))),
        SeatOf("partner", msg("Partner"), **_asked("deal", PAIRED)),
        # A Ramsch is played where it has a tariff (its cents, 0: not played).
        SeatOf("loser", msg("Lost the Ramsch"), **_asked("deal", ("ramsch",), only_if="ramsch")),
        Seldom("klopfer", msg("Klopfen"), 0, 4, **_asked("deal", BUT_PASSED, **KNOCKS)),
        OneOf("won", msg("The player's side"), RESULTS, **_asked("outcome", (*TRICKS, "bettel"))),
        Count("augen", AUGEN, 0, 120, **_asked("outcome", TRICKS, **COUNTED)),
        OneOf("schneider", LOSERS_CUT, SCHNEIDER, **_asked("outcome", TRICKS, **PLAIN)),
        Seldom("laufende", msg("Laufende"), 0, 14, **_asked("outcome", TRICKS, default=0)),
        YesNo("tout", msg("Tout"), **_asked("outcome", SOLOS)),
        OneOf("kontra", msg("Stoß"), STOESSE, **_asked("outcome", PLAYED, **STOSSED)),
        Count("jungfrau", msg("Jungfrau"), 0, 2, **_asked("outcome", ("ramsch",), **MAIDS)),
        thrown_in=_all_passed,
        steps={"deal": msg("The game"), "outcome": msg("The result")},
    )

    def score(self, settings: SchafkopfSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return _payout(hand, ctx).split(settings, ctx.seats)

    def check(self, settings: SchafkopfSettings, hand: Hand, ctx: Context) -> list[Any]:
        """The Mitspieler is another player; no more Laufende than trumps; no Schneider on a
        Tout (won Schwarz); the Augen, where counted, agree with the result written."""
        found: list[tuple[str, Message]] = []
        if hand.contract in PAIRED and hand.partner == hand.declarer:
            said = msg("partner: the partner is another player than the declarer")
            table = msg(
                "%(name)s is the player: the partner is another player.",
                name=SeatName(hand.declarer),
            )
            found.append(said.refusal(table))
        most = MOST_LAUFENDE.get(hand.contract, 14)
        if hand.laufende > most:
            said = msg("laufende: a %(game)s has %(most)d at most", game=hand.contract, most=most)
            table = msg(
                "A %(game)s has %(most)d Laufende at most.", game=WORDS[hand.contract], most=most
            )
            found.append(said.refusal(table))
        if hand.tout and hand.schneider != "none":
            said = msg("schneider: a Tout counts no Schneider or Schwarz")
            found.append(said.refusal("A Tout is played Schwarz: leave Schneider and Schwarz out."))
        return found + (_counted(hand) if hand.augen is not None else [])

    def view(self, settings: SchafkopfSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The Spieler, the game and its suit, won or lost, what raised it, and the Stock."""
        if hand.thrown_in:
            return replace(super().view(settings, hand, ctx), outcome=Label((msg("all passed"),)))
        deal, game = _payout(hand, ctx), dict(GAMES)[hand.contract]
        bid = [msg("%(game)s Tout", game=game) if hand.tout else game]
        bid += [" ", dict(SUITS)[hand.suit]] if hand.suit else []
        won = deal.won and deal.game not in ("ramsch", "passed")
        who = None if deal.partner is None else with_partner(deal.partner)
        laufende = msg("%(n)d Laufende", n=deal.laufende) if deal.laufende_paid(settings) else None
        extras = [NAMED.get(hand.schneider), laufende, NAMED.get(hand.kontra)]
        extras.append(msg("Jungfrau ×%(n)d", n=2**deal.jungfrau) if deal.jungfrau else None)
        extras.append(deal.terms(settings)[1][-1][0] if deal.klopfer else None)
        extras.append(_STOCKED[deal.won] if any(deal.stock_shares(settings)) else None)
        side = {deal.player, deal.partner} - {None}
        marks = tuple(won if s in side else None for s in range(ctx.seats))
        outcome = Label.dotted(who, msg("won") if won else msg("lost"), *extras)
        about = deal.player
        if deal.game == "passed":
            about, outcome, marks = None, Label((_STOCKED[False],)), (None,) * ctx.seats
        return HandSummary(about, Label(tuple(bid)), outcome, ((),) * ctx.seats, marks)

    def explain(self, settings: SchafkopfSettings, hand: Hand, place: Any = None) -> list[Any]:
        """Term by term: the Spieler's (a Ramsch loser's) line each summand and factor of the
        tariff; the others' their side and what they paid or got; the Stock's money."""
        found = super().explain(settings, hand, place)
        if hand.thrown_in:
            return found
        deal = _payout(hand, self.context(settings, place))
        summands, factors = deal.terms(settings)
        said = [msg("%(what)s %(cents)d", what=what, cents=cents) for what, cents in summands]
        said += [msg("%(what)s ×%(factor)d", what=what, factor=f) for what, f in factors]
        sum_ = Notation(deal.formula(settings))
        said.append(msg("%(cents)d ct a player: %(sum)s", cents=deal.tariff(settings), sum=sum_))
        each = [msg("%(cents)d ct a player", cents=deal.tariff(settings))]
        for seat, terms in enumerate(found):
            role = [msg("Mitspieler")] if seat == deal.partner else [msg("Gegenspieler")]
            role = said if seat == deal.player else role * (deal.game != "ramsch") + each
            stock = deal.stock_shares(settings)[seat]
            role += [msg("Stock %(cents)s", cents=SignedPoints(stock))] if stock else []
            terms[:0] = role if deal.game != "passed" else role[-1:]
        return found

    progression = carrying(
        lambda game, settings, hand, stock: _payout(hand, None, stock).stock_after(settings),
        hand_limit=lambda game, settings: settings.deals,
        shares_tie=True,
        finish_now=True,
        lasting={"deals": 0},
    )

    def notes(self, progress: Any) -> GameNotes:
        """Under the list: each player's money so far, in euros and cents, and the Stock."""
        cells = tuple(Label((money(total),)) for total in progress.totals)
        stock = progress.state.carried
        said = msg("Money · Stock %(stock)s", stock=money(stock, False)) if stock else msg("Money")
        return GameNotes(foot=(FootLine(said, cells),))

    def rules_lines(self, settings: SchafkopfSettings) -> list[RulesLine]:
        doubled = RulesLine(msg("Doublings"), "Tout ×2 · Sie ×4 · Stoß ×2 · Klopfen ×2")
        return [*super().rules_lines(settings), doubled]


_STOCKED = {True: msg("won the Stock"), False: msg("into the Stock")}
FREE = dict(SCHNEIDER) | {"none": msg("free of Schneider")}


def _counted(hand: Hand) -> list[tuple[str, Message]]:
    """The Augen of the Spieler's side against the result the table wrote: 61 win (a Tout
    won takes every trick, and 120); Schneider is 91 won or 30 lost, Schwarz all or none."""
    augen, won = hand.augen, hand.won == "won"
    wrong = won != (augen >= 61) or (hand.tout and won and augen < 120)
    level = augen >= 91 if won else augen <= 30
    fits = {"none": not level, "schneider": level, "schwarz": augen == (120 if won else 0)}
    field = "won" if wrong else "schneider"
    said = msg("%(field)s: not so with %(augen)d Augen", field=field, augen=augen)
    words = {"augen": augen, "result": dict(RESULTS)[hand.won], "written": FREE[hand.schneider]}
    if wrong:
        return [said.refusal("With %(augen)d Augen the player's side has not %(result)s.", **words)]
    if hand.tout or fits[hand.schneider]:
        return []
    return [said.refusal("With %(augen)d Augen it is not %(written)s.", **words)]


def _payout(hand: Hand, ctx: Context | None, stock: int | None = None) -> Payout:
    """The deal the hand is, and the Stock before it (at its place; else ``stock``)."""
    if stock is None:
        stock = carried_at(ctx and ctx.place, "carried")
    kept = {"klopfer": hand.klopfer, "stock": stock}
    if hand.contract == "ramsch":
        return Payout("ramsch", hand.loser, jungfrau=hand.jungfrau, **kept)
    if hand.contract == "passed":
        return Payout("passed", 0, **kept)
    partner = hand.partner if hand.contract in PAIRED else None
    won = hand.won == "won" or hand.contract == "sie"
    extras = (hand.schneider, hand.laufende, hand.kontra, hand.tout)
    return Payout(hand.contract, hand.declarer, partner, won, *extras, **kept)


GAME = Schafkopf()
