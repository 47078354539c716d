"""Skat behind the one game interface: the hand declared once (declarer, game, bid,
matadors, what was announced, the card points or a Null won or lost), its value worked
out as the table works it out and shown on the form before Save, the list plain or
Seeger-Fabian, and its words. Three players, or four with the dealer sitting out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.command_line import HandOption, ScoredHand
from ..core.declared import Csv, Paper, Progression
from ..core.display import (
    FootLine,
    GameNotes,
    Label,
    Notation,
    PenaltyMark,
    RulesLine,
    SignedPoints,
    total,
)
from ..core.errors import InvalidHand
from ..core.form import Choice, FormField, HandFormSpec
from ..core.game import CSV_SHARED_COLUMNS, CsvColumn, HandPlace, PageWords
from ..core.messages import Message, Seat, msg, nmsg
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
from ..core.seating import next_present, present_at
from . import tournament
from .settings import (
    NULLS,
    PRESETS,
    SUITS,
    SkatSettings,
    bock_events,
    kontra_times,
    points_of,
    seeger_of,
    value_of,
)
from .skatlist import ListState, carried

Problem = tuple[str, Message]
LATER = 1 << 30  # a deal after every change of the table: who sits there now
TRUMPS = ("clubs", "spades", "hearts", "diamonds", "grand")
SYMBOLS = {"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"}
GAMES = (*SYMBOLS.items(), ("grand", msg("Grand")), ("null", msg("Null")))
DECLARED = (*TRUMPS, "null")  # a game someone declared: all but a Ramsch
RAMSCH = ("ramsch", msg("Ramsch"))
GAME_VALUES = frozenset(
    [b * n for b in (*SUITS.values(), 20, 24) for n in range(2, 19)] + list(NULLS.values())
)
BIDS = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 72)
LEVEL_WORDS = {
    "with": lambda n: msg("with %(n)d", n=n),
    "without": lambda n: msg("without %(n)d", n=n),
    "game": lambda n: msg("game %(n)d", n=n),
    "hand": lambda n: msg("hand %(n)d", n=n),
    "schneider": lambda n: msg("schneider %(n)d", n=n),
    "announced": lambda n: msg("announced %(n)d", n=n),
    "schwarz": lambda n: msg("schwarz %(n)d", n=n),
    "ouvert": lambda n: msg("ouvert %(n)d", n=n),
}


class Keys(YesNo):
    """A yes or no the table says in its own words ("with"/"without", "won"/"lost")."""

    def __init__(self, name: str, label: Message, yes: Message, no: Message, **kwargs: Any):
        self.yes, self.no, self.tapped = yes, no, kwargs.pop("tapped", "no")
        super().__init__(name, label, **kwargs)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = (Choice("no", self.no), Choice("yes", self.yes))
        return (FormField(self.name, self.label, keys, style="wide", default=self.tapped),)


class AtDeclarer(Count):
    """A number written in the declarer's box on the form (the bid, the card points): a
    box per seat, the declarer's shown."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        low, high = self.bounds(ctx)
        return tuple(
            FormField(f"{self.name}_{s}", self.label, seat=s, low=low or 0, high=high or 999)
            for s in range(ctx.seats)
        )

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        value = values.get(f"{self.name}_{values.get('declarer')}")
        return None if value in (None, "") else value


class KontraKeys(Count):
    """Kontra and Re as the table says them: keys "—", "Kontra", "Re" ("—" tapped
    already, so the preview shows at once); the API's 0, 1 or 2."""

    WORDS = (Notation("\u2014"), msg("Kontra"), msg("Re"))

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = tuple(Choice(str(n), word) for n, word in enumerate(self.WORDS))
        return (FormField(self.name, self.label, keys, style="wide", default="0"),)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Message | None:
        return None if not typed else self.WORDS[typed]


class Tapped(Count):
    """A count on keys with its default tapped already (a Ramsch's Jungfrau, pushes)."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(
            replace(f, default=str(self.default)) for f in super().form_fields(ctx, players)
        )


class GameKeys(OneOf):
    """The game: the declared ones, and a Ramsch where the house rules play one when
    nobody bids (``all_pass``)."""

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        found = super().choices(ctx, players)
        return found if _ramsch_played(ctx) else found[:-1]

    def parse(self, value: Any, ctx: Context) -> str:
        game = super().parse(value, ctx)
        if game == "ramsch" and not _ramsch_played(ctx):
            said = msg("game: a Ramsch is played only with all_pass ramsch or schieberamsch")
            table = said.said_at_table("This table throws a deal in when nobody bids: no Ramsch.")
            raise Refused((self.name, table))
        return game


def _ramsch_played(ctx: Context) -> bool:
    return ctx.settings.all_pass in ("ramsch", "schieberamsch")


class NoTrick(OneOf):
    """Which party took no trick: null for neither (the key "none", tapped already)."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        (found,) = super().form_fields(ctx, players)
        return (replace(found, default="none"),)

    def parse(self, value: Any, ctx: Context) -> Any:
        return None if value == "none" else super().parse(value, ctx)

    def to_form(self, value: Any) -> dict[str, str]:
        return {self.name: value or "none"}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        value = values.get(self.name)
        return None if value in (None, "", "none") else value


class SkatHand(HandSchema):
    """Skat's deal: ``passed`` is RULES' word for a deal thrown in; on the form a stored
    deal shows what its game asks, the bid and card points in the declarer's boxes; on
    the command line the game declared is ``--skat-game`` (``--game`` names Skat); a
    random deal is one as tables play them."""

    @property
    def hand_fields(self) -> frozenset[str]:
        return super().hand_fields | {"passed"}

    def form_values(self, hand: Mapping[str, Any]) -> dict[str, str]:
        """A stored deal on the form: what its game asks (no "won" but in a Null), the bid
        and card points in the declarer's boxes."""
        found = super().form_values(hand)
        for described in self:
            if not self.is_shown(described, found):
                found.pop(described.name, None)
        for name in ("bid", "declarer_points"):
            if name in found:
                found[f"{name}_{hand['declarer']}"] = found.pop(name)
        return found

    def options(self, game: Any) -> tuple[HandOption, ...]:
        return tuple(
            replace(o, name="skat_game", help="The game declared: " + o.metavar.replace("|", ", "))
            if o.name == "game"
            else o
            for o in super().options(game)
        )

    def typed(self, game: Any, settings: SkatSettings, given: Mapping[str, Any]) -> ScoredHand:
        return super().typed(game, settings, {**given, "game": given.get("skat_game")})

    def random_body(
        self, game: Any, settings: SkatSettings, ctx: Context, rng: Any
    ) -> dict[str, Any]:
        """A legal deal as tables play them (the schema's draw is refused too often: a
        bid that is no game value, a party without a trick that took one)."""
        if rng.random() < 0.05:
            return {"thrown_in": True}
        present = _present(settings, ctx)
        seats = [s for s in present if len(present) == 3 or s != ctx.dealer]
        game, hand, ouvert = rng.choice(GAMES)[0], rng.random() < 0.2, rng.random() < 0.03
        body = {"declarer": rng.choice(seats), "game": game, "hand": hand, "ouvert": ouvert}
        body |= {"kontra": rng.choice((0, 0, 1, 2))} if settings.kontra else {}
        if game == "null":
            bids = [b for b in BIDS if b <= NULLS[hand, ouvert]]
            return body | {"bid": rng.choice(bids), "won": rng.random() < 0.6}
        points = rng.randint(0, 120)
        announced = hand and rng.random() < 0.2
        body |= {"bid": rng.choice(BIDS), "without": rng.random() < 0.3}
        body["matadors"] = rng.randint(1, 4 if game == "grand" else 11)
        body |= {"schneider_announced": announced, "declarer_points": points}
        body["schwarz_announced"] = announced and rng.random() < 0.3
        body["no_trick"] = "defenders" if points == 120 else "declarer" if points < 10 else None
        return body


def _column(name: str) -> str:
    return f"skat_{name}" if name in CSV_SHARED_COLUMNS else name


def _csv_cells(replayed: Any, names: Sequence[str], hand: Any, seats: Any) -> tuple[Any, Any]:
    return {_column(name): value for name, value in hand.items()}, seats


class Skat(GameBase):
    """A declarer against two; only the declarer's total moves (Seeger-Fabian aside)."""

    key = "skat"
    name = msg("Skat")
    seats = 3
    seat_range = (3, 4)
    row_layout = "across"
    paper = Paper(tournament_foot=tournament.tournament_foot)
    preset_words = {
        "isko": (
            msg("International Skat Order"),
            msg("Base × levels; a lost game twice its value; overbid games lost"),
        )
    }
    page_words = PageWords(
        auction_head=msg("Player"),
        bid_head=msg("Game"),
        outcome_head=msg("Value"),
        entry_heads=(msg("CP"),),
        legend=msg(
            "Game the declarer's game · Value how it was counted (the bid only when "
            "overbid) · CP the declarer's card points · Pts the game's points · Tot "
            "running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s listens first"),
        auction_mark=msg("the declarer"),
        cell_legend=msg("card points, game points, SF Seeger-Fabian points, total"),
        preview_outcome=True,
        group_titles={"bock": msg("Bock")},
    )
    hand = SkatHand(
        SeatOf("declarer", msg("The declarer"), step="declaring"),
        GameKeys("game", msg("Game"), (*GAMES, RAMSCH), step="declaring"),
        AtDeclarer(
            "bid",
            msg("Bid value"),
            18,
            264,
            step="bidding",
            help="The bid: a game value, 18 to 264.",
            shown_when=("game", DECLARED),
        ),
        Keys(
            "without",
            msg("With or without"),
            msg("without"),
            msg("with"),
            help="Without: the matadors counted are missing, not held.",
            step="tops",
            shown_when=("game", TRUMPS),
        ),
        Count(
            "matadors",
            msg("Matadors"),
            1,
            11,
            step="tops",
            shown_when=("game", TRUMPS),
            help="Matadors, with or without: 1 to 11 (a grand 1 to 4).",
        ),
        YesNo(
            "hand",
            msg("Hand"),
            step="announcing",
            help="A hand game: the skat was not picked up.",
        ),
        YesNo(
            "schneider_announced",
            msg("Schneider announced"),
            step="announcing",
            shown_when=("hand", ("yes",)),
        ),
        YesNo(
            "schwarz_announced",
            msg("Schwarz announced"),
            step="announcing",
            shown_when=("schneider_announced", ("yes",)),
        ),
        YesNo(
            "ouvert",
            msg("Ouvert"),
            step="announcing",
            help="Ouvert: a suit or grand ouvert is a hand game with schwarz announced.",
        ),
        AtDeclarer(
            "declarer_points",
            msg("Declarer's card points"),
            0,
            120,
            step="counting",
            shown_when=("game", (*TRUMPS, "ramsch")),
            help="The declarer's card points, the skat included: 0 to 120; in a Ramsch the "
            "loser's.",
        ),
        Tapped(
            "jungfrau",
            msg("Jungfrau"),
            0,
            2,
            default=0,
            step="result",
            only_if=_ramsch_played,
            shown_when=("game", ("ramsch",)),
            help="Ramsch: the players who took no trick (Jungfrau), 0 to 2.",
            omit_empty=True,
        ),
        YesNo(
            "durchmarsch",
            msg("Durchmarsch"),
            step="result",
            only_if=_ramsch_played,
            shown_when=("game", ("ramsch",)),
            help="Ramsch: the player recorded took every trick.",
            omit_empty=True,
        ),
        Tapped(
            "pushes",
            msg("Pushes"),
            0,
            3,
            default=0,
            step="result",
            only_if=lambda ctx: ctx.settings.all_pass == "schieberamsch",
            shown_when=("game", ("ramsch",)),
            help="Schieberamsch: how many times the skat was pushed on, 0 to 3.",
            omit_empty=True,
        ),
        NoTrick(
            "no_trick",
            msg("No trick"),
            (
                ("none", msg("each party took one")),
                ("declarer", msg("the declarer")),
                ("defenders", msg("the defenders")),
            ),
            default=None,
            step="result",
            help="The party that took no trick, if one did: declarer or defenders.",
            shown_when=("game", TRUMPS),
        ),
        Keys(
            "won",
            msg("Null"),
            msg("won"),
            msg("lost"),
            tapped=None,
            help="The Null was won (leave it out for a Null lost).",
            step="result",
            shown_when=("game", ("null",)),
        ),
        KontraKeys(
            "kontra",
            msg("Kontra and Re"),
            0,
            2,
            default=0,
            only_if=lambda ctx: ctx.settings.kontra,
            help="0, 1 Kontra or 2 Re (--set kontra=yes).",
        ),
        thrown_in=True,
        steps={
            "declaring": msg("The game"),
            "bidding": msg("Bid value"),
            "announcing": msg("Hand, announced, ouvert"),
            "tops": msg("Matadors"),
            "counting": msg("Card points"),
            "result": msg("Result"),
        },
    )
    # Each field's column, ``game`` and ``hand`` as ``skat_game`` and ``skat_hand`` (the
    # CSV's own name the game played and number the deal).
    csv = Csv(tuple(CsvColumn(_column(f.name), after="dealer") for f in hand.fields), _csv_cells)

    # --- the table ----------------------------------------------------------------------

    presets = PRESETS

    progression = Progression(
        # The race deal by deal, the games won and lost and the Seeger-Fabian points
        # counted in the state, for the list's foot, and the Bock deals to come.
        state=ListState,
        carry=carried,
        # The deal passes to the next player at the table for the next deal.
        next_dealer=lambda game, settings, place, record: next_present(
            settings, game.seats, place.dealer, place.number + 1
        ),
        # Who listens first: the player left of the dealer, an empty seat passed over (at
        # the table as it sits now).
        opener=lambda game, settings, dealer: next_present(settings, game.seats, dealer, LATER),
        hand_limit=lambda game, settings: settings.deals,
        shares_tie=True,
        finish_now=True,
        thrown_in_counts=True,  # a passed deal scores nothing and counts as a deal of the list
        lasting={"deals": 0},
        # Four at the table: the dealer sits the deal out (three play it).
        sits_out=lambda game, settings, number, dealer: (
            (dealer,) if len(settings.present(number)) == 4 else ()
        ),
    )

    def deal_note(self, settings: SkatSettings, place: HandPlace) -> Message | None:
        """ "Bock ×2 · 3 Bock deals to come" while a Bock round is owed."""
        bock = getattr(place.state, "bock", ())
        if not bock:
            return None
        ahead = nmsg("%(num)d Bock deal to come", "%(num)d Bock deals to come", len(bock))
        return msg("Bock ×%(factor)d · %(ahead)s", factor=bock[0], ahead=ahead)

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """The Bock factors of the deals to come (none without Bock)."""
        return {"bock_deals": list(getattr(progress.state, "bock", ()))}

    def end_words(self, settings: SkatSettings) -> Message:
        if not settings.deals:
            return msg("an open list")
        return msg("%(deals)d deals", deals=settings.deals)

    # --- a deal -------------------------------------------------------------------------

    def record_from_dict(
        self, settings: SkatSettings, body: Any, place: HandPlace | None = None
    ) -> Hand:
        """RULES' body as the schema reads it: ``{"passed": true}`` is a deal thrown in,
        ``no_trick: null`` is left out, and an ouvert suit or grand is a hand game with
        schneider and schwarz announced."""
        if isinstance(body, dict):
            body = {k: v for k, v in body.items() if v is not None or k != "no_trick"}
            if body.pop("passed", False) is True:
                body["thrown_in"] = True
            if body.get("ouvert") is True and body.get("game") in TRUMPS:
                body |= {"hand": True, "schneider_announced": True, "schwarz_announced": True}
            for field in ("schneider_announced", "schwarz_announced"):
                if body.get(field) is True and body.get("hand") is not True:
                    said = msg("%(field)s: only a hand game is announced", field=field)
                    table = said.said_at_table("Only a hand game announces schneider or schwarz.")
                    raise InvalidHand([(field, table)])
        return super().record_from_dict(settings, body, place)

    def check(self, settings: SkatSettings, hand: Hand, ctx: Context) -> list[Problem]:
        found: list[Problem] = []
        who = Seat(hand.declarer)
        present = _present(settings, ctx)
        if hand.declarer not in present:
            said = msg("declarer: seat %(seat)d is empty at this deal", seat=hand.declarer)
            table = said.said_at_table(
                "%(name)s is not at the table for this deal: choose a player who is.", name=who
            )
            return [("declarer", table)]
        if len(present) == 4 and hand.declarer == ctx.dealer:
            said = msg("declarer: the dealer sits out at a four-player table")
            table = said.said_at_table(
                "%(name)s deals and sits out: %(name)s cannot be the declarer.", name=who
            )
            found.append(("declarer", table))
        if hand.game == "ramsch":
            return found + _ramsch_problems(hand, who)
        if hand.bid not in GAME_VALUES:
            said = msg("bid: %(bid)d is not a game value (18, 20, 22, 23, 24, 27…)", bid=hand.bid)
            table = said.said_at_table(
                "No game is worth %(bid)d: a bid is 18, 20, 22, 23, 24, 27…", bid=hand.bid
            )
            found.append(("bid", table))
        if hand.game == "null":
            worth = NULLS[hand.hand, hand.ouvert]
            if hand.bid > worth:
                found.append(("bid", _null_below_bid(hand, worth, who)))
            if hand.schneider_announced:
                said = msg("schneider_announced: a Null announces no schneider")
                table = said.said_at_table("A Null announces no schneider.")
                found.append(("schneider_announced", table))
            return found
        if hand.game == "grand" and hand.matadors > 4:
            said = msg("matadors: a grand is with or without 1 to 4, not %(n)d", n=hand.matadors)
            table = said.said_at_table(
                "A grand has 4 matadors at most (the jacks), not %(n)d.", n=hand.matadors
            )
            found.append(("matadors", table))
        points = hand.declarer_points
        if hand.no_trick == "defenders" and points < 120:
            said = msg("no_trick: the defenders took no trick, so the declarer has 120")
            table = said.said_at_table(
                "If the defenders took no trick, %(name)s has all 120, not %(points)d.",
                name=who,
                points=points,
            )
            found.append(("no_trick", table))
        if hand.no_trick == "declarer" and points > 21:
            said = msg("no_trick: a declarer who took no trick has 21 at most (the skat)")
            table = said.said_at_table(
                "If %(name)s took no trick, %(name)s has the skat at most: 21, not %(points)d.",
                name=who,
                points=points,
            )
            found.append(("no_trick", table))
        return found

    def score(self, settings: SkatSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return points_of(settings, hand, ctx.seats, _bock(ctx), _present(settings, ctx))

    def preview(
        self, settings: SkatSettings, record: Any, place: HandPlace | None = None
    ) -> dict[str, Any]:
        """The points, and the game's value and whether it was won."""
        found = super().preview(settings, record, place)
        if record.thrown_in:
            return found
        worth = value_of(settings, record)
        return {**found, "value": worth.value, "won": worth.won}

    # --- the form -----------------------------------------------------------------------

    def hand_form(
        self, settings: SkatSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The bid and card points refused beside their steps; at a four-player table the
        dealer, sitting out, is no declarer's key, nor a seat empty at this deal."""
        spec = super().hand_form(settings, players, place)
        spec = spec.with_rules(_form_rules(self.context(settings, place)))
        errors = {**spec.errors, "bid": "bidding", "declarer_points": "counting"}
        steps = spec.steps
        if self.seats == 4 and place is not None:
            present = settings.present(place.number)
            keys = [str(s) for s in present if len(present) == 3 or s != place.dealer]
            first = steps[0]
            fields = tuple(
                replace(f, choices=tuple(c for c in f.choices if c.value in keys))
                if f.name == "declarer"
                else f
                for f in first.fields
            )
            steps = (replace(first, fields=fields), *steps[1:])
        return replace(spec, steps=steps, errors=errors)

    # --- how a deal shows -----------------------------------------------------------------

    def view(self, settings: SkatSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The game as the Skatliste writes it ("♣ hand", never the bid); its value as
        counted ("with 2, game 3, × 12 = 36"), the bid only beside an overbid game, Kontra
        and Re in words with the value they multiply ("Kontra, Re: 36 × 4 = 144"), won or
        lost; the declarer's card points in the declarer's column."""
        if hand.thrown_in:
            return super().view(settings, hand, ctx)
        if hand.game == "ramsch":
            return _ramsch_view(hand, ctx)
        worth = value_of(settings, hand)
        red = "r" if hand.game in ("hearts", "diamonds") else ""
        game = dict(GAMES)[hand.game]
        extra = [msg("hand")] if hand.hand and not hand.ouvert else []
        extra += [msg("ouvert")] if hand.ouvert else []
        bid = Label(_spaced([game, *extra]), red)
        if hand.game == "null":
            counted: list[Any] = [msg("value %(value)d", value=worth.value)]
        else:
            counted, running = [], 0
            for word, n in worth.levels:
                running += n
                counted += [LEVEL_WORDS[word](running), Notation(", ")]
            counted.append(Notation(f"× {worth.base} = {worth.base * running}"))
        if worth.overbid:
            counted += [Notation(" · "), msg("bid %(bid)d: overbid", bid=hand.bid), Notation(", ")]
            counted.append(msg("at %(n)d", n=worth.value))
        times = kontra_times(settings, hand)
        bock = _bock(ctx)
        if hand.kontra:
            said = [msg("Kontra")] + ([Notation(", "), msg("Re")] if hand.kontra == 2 else [])
            product: Any = Notation(f": {worth.value} × {times} = {worth.value * times}")
            if times == 1:
                product = (Notation(": "), msg("not counted on an overbid game"))
            else:
                product = (product,)
            counted += [Notation(" · "), *said, *product]
        if bock > 1:
            scored = worth.value * times
            counted += [
                Notation(" · "),
                msg("Bock"),
                Notation(f": {scored} × {bock} = {scored * bock}"),
            ]
        if bock_events(settings, hand):
            counted += [Notation(" · "), msg("a Bock round follows")]
        result = msg("won") if worth.won else msg("lost")
        outcome = Label((*counted, Notation(" · "), result))
        points = () if hand.game == "null" else (str(hand.declarer_points),)
        counted = msg("%(points)d card points", points=hand.declarer_points) if points else None
        bonus = seeger_of(settings, hand, ctx.seats, _present(settings, ctx))
        apart = tuple(
            PenaltyMark(
                (msg("SF"),), b, msg("Seeger-Fabian %(points)s", points=SignedPoints(b)), "bonus"
            )
            if b
            else None
            for b in bonus
        )
        shown = HandSummary.in_one_column(
            hand.declarer, ctx.seats, hand.declarer, bid, outcome, points, worth.won, counted
        )
        return replace(shown, penalties=apart) if any(bonus) else shown

    # --- the list: its state, and its foot ---------------------------------------------

    def notes(self, progress: Any) -> GameNotes:
        """Under the sheet: each player's games won and lost, and with Seeger-Fabian the
        game points and the Seeger-Fabian points each on a line of its own (together the
        totals)."""
        state = progress.state
        if not isinstance(state, ListState) or not state.kept:
            return GameNotes()
        found = [
            FootLine(msg("Games won"), tuple(Notation(str(n)) for n in state.won)),
            FootLine(msg("Games lost"), tuple(Notation(str(n)) for n in state.lost)),
        ]
        if progress.settings.seeger_fabian != "off":
            game = [t - b for t, b in zip(progress.totals, state.seeger, strict=True)]
            found.append(FootLine(msg("Game points"), tuple(Notation(total(g)) for g in game)))
            found.append(
                FootLine(
                    msg("Seeger-Fabian points"),
                    tuple(Notation(str(SignedPoints(b))) for b in state.seeger),
                )
            )
        return GameNotes(foot=tuple(found))

    def rules_lines(self, settings: SkatSettings) -> list[RulesLine]:
        """Each knob as the new-game form labels it, from the grand's base value on: the
        players and the deal nobody bids on are no scoring rules."""
        return super().rules_lines(settings)[2:]


def _form_rules(ctx: Context) -> dict[str, list[Any]]:
    """Each box of the bid and card points in the declarer's seat only; no schneider
    announced in a Null."""
    found = [
        {"field": f"{name}_{s}", "by": "declarer", "values": [str(s)]}
        for name in ("bid", "declarer_points")
        for s in range(ctx.seats)
    ]
    found += [
        {"field": name, "by": "game", "values": list(TRUMPS)}
        for name in ("schneider_announced", "schwarz_announced")
    ]
    return {"show": found}


def _ramsch_problems(hand: Hand, who: Seat) -> list[Problem]:
    """A Ramsch's refusals: the player recorded lost it, so holds the most card points
    (40 of 120 at least), or took every trick (120); no Kontra in a Ramsch."""
    found: list[Problem] = []
    if hand.durchmarsch and hand.declarer_points != 120:
        said = msg("declarer_points: a Durchmarsch takes all 120 card points")
        table = said.said_at_table(
            "If %(name)s took every trick, %(name)s has all 120, not %(points)d.",
            name=who,
            points=hand.declarer_points,
        )
        found.append(("declarer_points", table))
    elif hand.declarer_points < 40:
        said = msg("declarer_points: the loser of a Ramsch has the most card points, 40 at least")
        table = said.said_at_table(
            "The loser of a Ramsch has the most card points: 40 at least, not %(points)d.",
            points=hand.declarer_points,
        )
        found.append(("declarer_points", table))
    if hand.kontra:
        said = msg("kontra: nobody says Kontra in a Ramsch")
        found.append(("kontra", said.said_at_table("Nobody says Kontra in a Ramsch.")))
    return found


NULL_NAMES = {
    (True, False): msg("Null hand"),
    (False, True): msg("Null ouvert"),
    (True, True): msg("Null ouvert hand"),
}


def _null_below_bid(hand: Hand, worth: int, who: Seat) -> Message:
    """The refusal of a Null played on a bid above its value, saying what to do: the
    Null worth the bid it may have been (a Null hand, say), or correct the bid."""
    higher = [(value, key) for key, value in NULLS.items() if value >= hand.bid]
    if not higher:
        said = msg("bid: this Null is worth %(worth)d, below the bid; correct the bid", worth=worth)
        return said.said_at_table(
            "This Null is worth %(worth)d: %(name)s cannot play it on a bid of %(bid)d. "
            "Correct the bid.",
            worth=worth,
            name=who,
            bid=hand.bid,
        )
    value, key = min(higher)
    said = msg(
        "bid: this Null is worth %(worth)d, below the bid; %(game)s is worth %(value)d, "
        "or correct the bid",
        worth=worth,
        game=NULL_NAMES[key],
        value=value,
    )
    return said.said_at_table(
        "This Null is worth %(worth)d: %(name)s cannot play it on a bid of %(bid)d. "
        "Was it %(game)s (%(value)d)? Else correct the bid.",
        worth=worth,
        name=who,
        bid=hand.bid,
        game=NULL_NAMES[key],
        value=value,
    )


def _ramsch_view(hand: Hand, ctx: Context) -> HandSummary:
    """A Ramsch as the list writes it: the loser's card points (or Durchmarsch), what
    doubled them, lost or won; the points in the column of the player recorded."""
    points = hand.declarer_points
    said = msg("%(points)d card points", points=points)
    counted: list[Any] = [msg("Durchmarsch") if hand.durchmarsch else said]
    for word, times in (
        (msg("Jungfrau"), 2**hand.jungfrau),
        (msg("pushed"), 2**hand.pushes),
        (msg("Bock"), _bock(ctx)),
    ):
        if times > 1:
            counted += [Notation(" · "), word, Notation(f" ×{times}")]
    result = msg("won") if hand.durchmarsch else msg("lost")
    outcome = Label((*counted, Notation(" · "), result))
    shown = (str(points),), bool(hand.durchmarsch), said  # at the declarer's (the loser's)
    ramsch = Label((msg("Ramsch"),))
    return HandSummary.in_one_column(
        hand.declarer, ctx.seats, hand.declarer, ramsch, outcome, *shown
    )


def _present(settings: SkatSettings, ctx: Context) -> tuple[int, ...]:
    """The seats with a player in them at ``ctx``'s deal (every seat for a deal read at
    no place: a stored deal read back, or one scored alone)."""
    if ctx.place is None:
        return tuple(range(ctx.seats))
    return present_at(settings, ctx.seats, ctx.place.number)


def _bock(ctx: Context) -> int:
    """The Bock factor of the deal at ``ctx``'s place: 1 for a deal scored alone."""
    state = None if ctx.place is None else ctx.place.state
    return state.bock_factor if isinstance(state, ListState) else 1


def _spaced(pieces: Sequence[Any]) -> tuple[Any, ...]:
    found: list[Any] = []
    for piece in pieces:
        found += [Notation(" "), piece] if found else [piece]
    return tuple(found)


GAME = Skat()
"""Skat for three players, as the registry holds it; ``GAME.seated(4)`` for four."""
