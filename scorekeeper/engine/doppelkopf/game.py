"""Doppelkopf behind the one game interface: the hand declared once (who was Re or the
solo, Re's card points or the shorthand, each party's highest announcement and extra
points), its value (``scoring``), the rules across fields, and the Bock hands a game
carries from hand to hand (its state), shown ahead of the next deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.base import GameBase
from ..core.display import Label, Notation
from ..core.form import HandFormSpec
from ..core.game import HandPlace, PageWords
from ..core.messages import Message, Seat, SeatName, msg, nmsg
from ..core.progress import RaceState, resume_race, start_state
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, YesNo
from .fields import Extras, ReParty, playing
from .scoring import BANDS, LEVELS, Party, bock_after, hand_value
from .settings import PRESETS, DoppelkopfSettings

Problem = tuple[str, Message]
SOLOS = (
    ("queens", msg("Queens solo")),
    ("jacks", msg("Jacks solo")),
    ("clubs", msg("Clubs solo")),
    ("spades", msg("Spades solo")),
    ("hearts", msg("Hearts solo")),
    ("diamonds", msg("Diamonds solo")),
    ("no_trump", msg("Fleischloser")),
    ("marriage_alone", msg("Marriage alone")),
    ("silent", msg("Silent solo")),
)
SUIT_SOLOS = {"clubs": "♣", "spades": "♠", "hearts": "♥", "diamonds": "♦"}
RED = ("hearts", "diamonds")
SHORT_SOLOS = (
    ("queens", msg("Queens")),
    ("jacks", msg("Jacks")),
    ("no_trump", msg("No trump")),
    ("marriage_alone", msg("Marriage")),
    ("silent", msg("Silent")),
)
REFUSALS = (
    ("no_90", msg("keine 90")),
    ("no_60", msg("keine 60")),
    ("no_30", msg("keine 30")),
    ("schwarz", msg("schwarz")),
)
PARTIES = (("re", msg("Re")), ("kontra", msg("Kontra")))
ERROR_STEPS = dict.fromkeys(("winner", "loser_points", "no_trick"), "points") | {
    "re": "parties",
    "re_extras": "extras",
    "kontra_extras": "extras",
}


class Unasked(OneOf):
    """A choice the API and the command line take but the form does not ask (the
    shorthand's winner and band; the rare trick worth nothing)."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple:
        return ()

    def draw(self, ctx: Context, rng: Any) -> None:
        return None  # a random hand gives the card points


class Said(OneOf):
    """A party's highest announcement: "nothing" already tapped on the form."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple:
        return tuple(replace(f, default=self.default) for f in super().form_fields(ctx, players))


@dataclass(frozen=True, slots=True)
class BockState(RaceState):
    """The race's state and the Bock factors of the hands to come (``bock``); ``end``:
    the hands the game lasts, once the last of ``deals`` left Bock hands owed."""

    bock: tuple[int, ...] = ()
    end: int = 0

    def to_dict(self) -> dict[str, Any]:
        return RaceState.to_dict(self) | {"bock": list(self.bock), "end": self.end}


@dataclass(frozen=True, slots=True)
class Score:
    """A hand's points per seat, its value for Re before Bock, the Bock factor it was
    scored at, who won (0 Re, 1 Kontra, None) and the Bock triggers it set off."""

    points: tuple[int, ...]
    value: int
    bock: int
    won: int | None
    events: frozenset[str]


class Doppelkopf(GameBase):
    """Re against Kontra (or a soloist against three), four at the table or five with
    the dealer sitting out; per player and zero-sum."""

    key = "doppelkopf"
    name = msg("Doppelkopf")
    seats = 4
    seat_range = (4, 5)
    finish_now = True
    presets = PRESETS
    preset_aside = ("deals", "bock_finish", "cents_per_point")
    preset_words = {
        "ddv": (
            msg("DDV"),
            msg("tournament rules: Re and Kontra add 2 each, no Bock"),
        ),
        "house": (
            msg("House"),
            msg("Re and Kontra double the hand; Bock after 120:120 and a lost announcement"),
        ),
    }
    page_words = PageWords(
        auction_head=msg("Player"),
        bid_head=msg("Solo"),
        outcome_head=msg("Result"),
        entry_heads=(msg("Party"),),
        legend=msg(
            "Player and Solo the soloist and the solo · Result the announcements, Re's card "
            "points and the Bock factor · Party Re or Kontra · Pts points in the hand · Tot "
            "running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s leads"),
        auction_mark=msg("soloist"),
        cell_legend=msg("party, points, total"),
        group_titles={"bock": msg("Bock")},
    )
    hand = HandSchema(
        ReParty("re", msg("Re"), step="parties"),
        OneOf("solo", msg("Solo"), SOLOS, step="parties", shown_when=("re_1", ("solo",))),
        Said(
            "re_announcement",
            msg("Re announced"),
            (("none", msg("nothing")), ("re", msg("Re")), *REFUSALS),
            default="none",
            step="said",
        ),
        Said(
            "kontra_announcement",
            msg("Kontra announced"),
            (("none", msg("nothing")), ("kontra", msg("Kontra")), *REFUSALS),
            default="none",
            step="said",
        ),
        Extras("re_extras", msg("Re's extra points"), msg("Re"), step="extras"),
        Extras("kontra_extras", msg("Kontra's extra points"), msg("Kontra"), step="extras"),
        YesNo(
            "hearts_trick",
            msg("A hearts trick went round"),
            only_if=lambda ctx: "hearts_trick" in ctx.settings.bock_after,
        ),
        Count("re_points", msg("Re's card points"), 0, 240, default=None, step="points"),
        Unasked("winner", msg("Winner"), PARTIES, default=None, step="points"),
        Unasked(
            "loser_points",
            msg("The losers' card points"),
            tuple((band, msg(band)) for band in BANDS),
            default=None,
            step="points",
        ),
        Unasked("no_trick", msg("Took no trick"), PARTIES, default=None, step="points"),
        steps={
            "parties": msg("Who was Re"),
            "said": msg("Announcements"),
            "extras": msg("Extra points"),
            "points": msg("Re's card points"),
        },
    )

    # --- a hand ---------------------------------------------------------------------------

    def score(self, settings: DoppelkopfSettings, hand: Hand, ctx: Context) -> Score:
        re, kontra = _parties(settings, hand)
        value, won = hand_value(settings, re, kontra, hand.solo is not None)
        state = None if ctx.place is None else ctx.place.state
        factor = (getattr(state, "bock", None) or (1,))[0]
        points = [0] * ctx.seats
        for seat in playing(ctx):
            if seat in hand.re:
                points[seat] = value * factor * (3 if hand.solo else 1)
            else:
                points[seat] = -value * factor
        events = {
            "tie_120": hand.re_points == 120,
            "announced_lost": (re.level > 0 and won != 0) or (kontra.level > 0 and won != 1),
            "solo_lost": hand.solo is not None and won != 0,
            "zero_value": value == 0,
            "hearts_trick": hand.hearts_trick,
        }
        return Score(
            tuple(points), value, factor, won, frozenset(k for k, v in events.items() if v)
        )

    def check(self, settings: DoppelkopfSettings, hand: Hand, ctx: Context) -> list[Problem]:
        found: list[Problem] = []
        if ctx.seats == 5 and ctx.dealer in hand.re:
            said = msg("re: seat %(seat)d deals and sits out this hand", seat=ctx.dealer)
            table = said.said_at_table(
                "%(name)s deals and sits out this hand.", name=Seat(ctx.dealer)
            )
            found.append(("re", table))
        short = hand.winner is not None or hand.loser_points is not None
        if hand.re_points is None and not (hand.winner and hand.loser_points):
            said = msg("re_points is missing (or give winner and loser_points)")
            found.append(("re_points", said.said_at_table("Still missing: Re's card points.")))
        elif hand.re_points is not None and short:
            said = msg("winner and loser_points stand for re_points: give one or the other")
            found.append(("winner", said.said_at_table("Give Re's card points only once.")))
        elif short and (
            LEVELS.index(_level(hand.re_announcement)) > 1
            or LEVELS.index(_level(hand.kontra_announcement)) > 1
            or "tie_120" in settings.bock_after
        ):
            said = msg("re_points: with a refusal or Bock after 120:120 the card points are needed")
            found.append(("re_points", said.said_at_table("Re's card points are needed.")))
        if hand.re_extras[1] + hand.kontra_extras[1] > 2:
            said = msg("re_extras: more than two foxes caught in all (there are two)")
            found.append(("re_extras", said.said_at_table("There are only two foxes to catch.")))
        if hand.re_extras[2] and hand.kontra_extras[2]:
            said = msg("kontra_extras: Charlie for both parties (one takes the last trick)")
            table = said.said_at_table("Only one party wins the last trick with Charlie.")
            found.append(("kontra_extras", table))
        return found

    def record_from_dict(self, settings: DoppelkopfSettings, body: Any, place: Any = None) -> Hand:
        """A field given as null is a field left out (the stored hand writes the unused
        shorthand, solo and no_trick as null)."""
        if isinstance(body, Mapping):
            body = {name: value for name, value in body.items() if value is not None}
        return super().record_from_dict(settings, body, place)

    def form_body(
        self, settings: DoppelkopfSettings, values: Mapping[str, Any], action: str | None
    ) -> dict[str, Any]:
        """The schema's body, a field left empty left out (the card points checked)."""
        body = super().form_body(settings, values, action)
        return {name: value for name, value in body.items() if value is not None}

    def hand_form(
        self, settings: DoppelkopfSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form, a problem with a field of several keys shown by its step."""
        spec = super().hand_form(settings, players, place)
        return replace(spec, errors=spec.errors | ERROR_STEPS)

    def view(self, settings: DoppelkopfSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The soloist and the solo; what was said; Re's card points and the Bock factor;
        each player's party."""
        score = self.score(settings, hand, ctx)
        said = [
            self.hand.field(name).words(getattr(hand, name), (), ctx)
            for name in ("re_announcement", "kontra_announcement")
            if getattr(hand, name) != "none"
        ]
        card = (
            str(hand.re_points)
            if hand.re_points is not None
            else f"{hand.winner} {hand.loser_points}"
        )
        card = card if score.bock == 1 else f"{card} ×{score.bock}"
        result = Label(_joined([*said, Notation(card)]))  # the announcements wrap here
        bid = None
        if hand.solo is not None:  # short, for the hand's narrow head on the scoreboard
            short = SUIT_SOLOS.get(hand.solo) or dict(SHORT_SOLOS)[hand.solo]
            bid = Label((short,), "r" if hand.solo in RED else "")
        entries = tuple(
            ("Re",) if s in hand.re else ("K",) if s in playing(ctx) else ()
            for s in range(ctx.seats)
        )
        made = tuple(
            None
            if s not in playing(ctx) or score.won is None
            else (s in hand.re) == (score.won == 0)
            for s in range(ctx.seats)
        )
        about = hand.re[0] if hand.solo is not None else None
        return HandSummary(about, bid, result, entries, made)

    # --- the game: Bock rounds, the end and the money --------------------------------------

    def start_state(self, first_dealer: int, starting_totals: Sequence[int] | None) -> BockState:
        state = start_state(first_dealer, self.seats, self.seats, starting_totals)
        return BockState(**{f: getattr(state, f) for f in _RACE})

    def state_from_dict(self, values: Mapping[str, Any]) -> BockState:
        state = RaceState.from_dict(values, self.seats, self.seats)
        try:
            bock = tuple(int(f) for f in values.get("bock", ()))
            end = int(values.get("end", 0))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"not a state of this game: {values!r}") from exc
        return BockState(**{f: getattr(state, f) for f in _RACE}, bock=bock, end=end)

    def resume_from(
        self, settings: DoppelkopfSettings, state: Any, records: Sequence[Any], finish_after: Any
    ) -> Any:
        """The race hand by hand, each hand's Bock factor and the Bock hands it leaves
        carried in the state; ``deals`` (and the Bock hands then owed) end the game."""
        asked = finish_after if self.finish_now else None
        hands = []
        for record in records:
            hand = resume_race(self, settings, state, [record], finish_after=asked).hands[0]
            after = hand.state
            owed = bock_after(settings, state.bock[1:], hand.score.events, self.seats)
            end = state.end
            if not end and settings.deals and after.scored == settings.deals:
                end = after.scored + (len(owed) if settings.bock_finish else 0)
            reached, winners = after.target_reached, after.winners
            if end and after.scored >= end and not winners:
                reached, top = True, max(after.totals)
                winners = tuple(s for s, t in enumerate(after.totals) if t == top)
            fields = {f: getattr(after, f) for f in _RACE}
            state = BockState(
                **fields | {"target_reached": reached, "winners": winners}, bock=owed, end=end
            )
            hands.append(replace(hand, state=state))
        final = resume_race(self, settings, state, [], finish_after=asked)
        return replace(final, hands=tuple(hands))

    def shares_tie(self, settings: DoppelkopfSettings) -> bool:
        return True

    def lasting(self, hands: int) -> dict[str, Any]:
        return {"deals": 0}

    def end_words(self, settings: DoppelkopfSettings) -> Message:
        if settings.deals:
            return nmsg("%(num)d hand", "%(num)d hands", settings.deals)
        return msg("until the table finishes")

    def deal_note(self, settings: DoppelkopfSettings, place: HandPlace) -> Message | None:
        """ "Bock ×2 · 2 Bock hands to come" when the next hand counts more or more do."""
        bock = tuple(getattr(place.state, "bock", ()))
        if not bock:
            return None
        ahead = nmsg("%(num)d Bock hand to come", "%(num)d Bock hands to come", len(bock))
        return msg("Bock ×%(factor)d · %(ahead)s", factor=bock[0], ahead=ahead)

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        return super().hand_result(replayed) | {"bock": replayed.score.bock}

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """The Bock factors of the hands to come; with ``cents_per_point``, each player's
        money in cents (their total × the rate)."""
        found: dict[str, Any] = {"bock_hands": list(getattr(progress.state, "bock", ()))}
        rate = progress.settings.cents_per_point
        if rate:
            found["cents"] = [total * rate for total in progress.totals]
        return found

    def result_note(self, progress: Any) -> Message | None:
        """With ``cents_per_point``: what each player receives (+) or pays (−)."""
        rate = progress.settings.cents_per_point
        if not rate:
            return None
        each = {
            f"p{seat}": msg(
                "%(player)s %(money)s", player=SeatName(seat), money=Notation(_money(t * rate))
            )
            for seat, t in enumerate(progress.totals)
        }
        return msg(
            "Money at %(rate)d cents a point: %(amounts)s", rate=rate, amounts=_amounts(each)
        )


_RACE = ("number", "totals", "dealer", "scored", "target_reached", "winners", "start")


def _money(cents: int) -> str:
    """Cents as money, signed: +0.60, −0.20."""
    sign = "+" if cents > 0 else "−" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def _amounts(each: dict[str, Message]) -> Message:
    """Every player's amount in one line."""
    if len(each) == 5:
        return msg("%(p0)s · %(p1)s · %(p2)s · %(p3)s · %(p4)s", **each)
    return msg("%(p0)s · %(p1)s · %(p2)s · %(p3)s", **each)


def _level(announcement: str) -> str:
    return "said" if announcement in ("re", "kontra") else announcement


def _parties(settings: DoppelkopfSettings, hand: Hand) -> tuple[Party, Party]:
    """Re and Kontra as the scoring takes them, from the card points or the shorthand."""
    if hand.re_points is not None:
        points = hand.re_points
    else:
        loser = BANDS[hand.loser_points]
        points = 240 - loser if hand.winner == "re" else loser
    extras = hand.solo is None or settings.solo_extra_points
    found = []
    for name, own, said, kept in (
        ("re", points, hand.re_announcement, hand.re_extras),
        ("kontra", 240 - points, hand.kontra_announcement, hand.kontra_extras),
    ):
        no_trick = (
            own == 0
            or hand.no_trick == name
            or (hand.loser_points == "no_trick" and hand.winner != name)
        )
        found.append(Party(own, LEVELS.index(_level(said)), no_trick, sum(kept) if extras else 0))
    return found[0], found[1]


def _joined(pieces: Sequence[Any]) -> tuple[Any, ...]:
    found: list[Any] = []
    for piece in pieces:
        found += [Notation(" · "), piece] if found else [piece]
    return tuple(found)


GAME = Doppelkopf()
