"""Doppelkopf behind the one game interface: the hand declared once (who was Re or the
solo, who announced a marriage that found its partner, Re's card points or the shorthand,
each party's highest announcement and extra points), its value (``scoring``), the rules
across fields, and the Bock hands a game carries from hand to hand (its state), shown
ahead of the next deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import MINUS, GameNotes, Label, Notation, total
from ..core.errors import InvalidHand
from ..core.form import HandFormSpec
from ..core.game import HAND_WORDS, HandPlace, PageWords
from ..core.messages import Message, Seat, SeatName, Side, msg, nmsg
from ..core.progress import RaceState
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, OneOf, YesNo
from .fields import Extras, Marriage, ReParty, playing
from .scoring import BANDS, LEVELS, Party, Working, bock_after, working
from .settings import BOCK_EVENTS, PRESETS, DoppelkopfSettings

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
RE_MARK = msg("Re")
# Translators: the short mark of a Kontra player in a Doppelkopf hand's narrow cell (the
# other party's is "Re"): K.
KONTRA_MARK = msg("K")
PARTY_MARKS = {"Re": msg("Re"), "K": msg("Kontra")}
"""A player's party as a hand's cell marks it (``RE_MARK``, ``KONTRA_MARK``: the table's
short words), said whole in a line."""
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


@dataclass(frozen=True, slots=True)
class Score:
    """A hand's points per seat, its value for Re before Bock, the Bock factor it was
    scored at, who won (0 Re, 1 Kontra, None) and the Bock triggers it set off."""

    points: tuple[int, ...]
    value: int
    bock: int
    won: int | None
    events: frozenset[str]
    working: Working | None = None


class Doppelkopf(GameBase):
    """Re against Kontra (or a soloist against three), four at the table or five with
    the dealer sitting out; per player and zero-sum."""

    key = "doppelkopf"
    name = msg("Doppelkopf")
    seats = 4
    seat_range = (4, 5)
    row_layout = "under"
    presets = PRESETS
    preset_words = {
        "ddv": (
            msg("DDV"),
            msg("tournament rules: Re and Kontra add 2 each, no Bock"),
        ),
        "house": (
            msg("Home table"),
            msg("Re and Kontra double the hand; Bock after 120:120 and a lost announcement"),
        ),
    }
    page_words = PageWords(
        auction_head=msg("Player"),
        bid_head=msg("Solo"),
        outcome_head=msg("Result"),
        entry_heads=(msg("Party"),),
        legend=msg(
            "Player and Solo the soloist and the solo · Result who was Re, the card points, "
            "who won, what was announced, and the value worked out with the extra points and "
            "Bock · Party Re or Kontra · Pts points in the hand · Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s leads"),
        auction_mark=msg("soloist"),
        cell_legend=msg("party, points, total"),
        group_titles={"bock": msg("Bock rounds")},
        preview_outcome=True,
        # The row under the hand's cells works the value out: the saved line says only
        # who scored what.
        hand=replace(HAND_WORDS, saved=HAND_WORDS.saved_plain),
    )
    hand = HandSchema(
        ReParty("re", msg("Re"), step="parties"),
        OneOf("solo", msg("Solo"), SOLOS, step="parties", shown_when=("re_1", ("solo",))),
        Marriage("marriage", msg("Marriage"), step="parties"),
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
        worked = working(settings, re, kontra, hand.solo is not None)
        value, won = worked.value, worked.won
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
            tuple(points),
            value,
            factor,
            won,
            frozenset(k for k, v in events.items() if v),
            worked,
        )

    def check(self, settings: DoppelkopfSettings, hand: Hand, ctx: Context) -> list[Problem]:
        found: list[Problem] = []
        if ctx.seats == 5 and ctx.dealer in hand.re:
            said = msg("re: seat %(seat)d deals and sits out this hand", seat=ctx.dealer)
            table = said.said_at_table(
                "%(name)s deals and sits out this hand.", name=Seat(ctx.dealer)
            )
            found.append(("re", table))
        if hand.marriage is not None and hand.marriage not in hand.re:
            said = msg(
                "marriage: seat %(seat)d is not Re (who announced the marriage is one of re)",
                seat=hand.marriage,
            )
            table = said.said_at_table(
                "%(name)s is not Re: the marriage is announced by one of the Re players.",
                name=Seat(hand.marriage),
            )
            found.append(("marriage", table))
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
        elif any(hand.re_extras[2:]) and any(hand.kontra_extras[2:]):
            said = msg(
                "kontra_extras: Charlie and Charlie caught for both parties (one takes the "
                "last trick)"
            )
            table = said.said_at_table("Only one party wins the last trick.")
            found.append(("kontra_extras", table))
        for name in ("re_extras", "kontra_extras"):
            if sum(getattr(hand, name)[2:]) > 2:
                said = msg("%(field)s: more than the two ♣J in the last trick", field=name)
                table = said.said_at_table("There are only two ♣J.")
                found.append((name, table))
        return found

    def record_from_dict(self, settings: DoppelkopfSettings, body: Any, place: Any = None) -> Hand:
        """A field given as null is a field left out (the stored hand writes the unused
        shorthand, solo and no_trick as null)."""
        if isinstance(body, Mapping):
            body = {name: value for name, value in body.items() if value is not None}
            if "marriage" in body and (body.get("solo") or _one_seat(body.get("re"))):
                said = msg(
                    "marriage: a marriage that found no partner is the solo marriage_alone; "
                    "leave marriage out"
                ).said_at_table("A marriage without a partner is the solo “Marriage alone”.")
                raise InvalidHand([("marriage", said)])
        return super().record_from_dict(settings, body, place)

    def hand_form(
        self, settings: DoppelkopfSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form, a problem with a field of several keys shown by its step."""
        spec = super().hand_form(settings, players, place)
        return replace(spec, errors=spec.errors | ERROR_STEPS)

    def view(self, settings: DoppelkopfSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The row a table checks (``said_row``); the solo, short, beside the hand's
        number; each player's party."""
        score = self.score(settings, hand, ctx)
        bid = None
        if hand.solo is not None:  # short, for the hand's narrow head on the scoreboard
            short = SUIT_SOLOS.get(hand.solo) or dict(SHORT_SOLOS)[hand.solo]
            bid = Label((short,), "r" if hand.solo in RED else "")
        # Read without its place at a table of five, a hand does not know its dealer, who
        # sat it out: only Re is marked.
        known = ctx.seats == 4 or ctx.dealer is not None
        entries = tuple(
            (RE_MARK,) if s in hand.re else (KONTRA_MARK,) if known and s in playing(ctx) else ()
            for s in range(ctx.seats)
        )
        made = tuple(
            None
            if s not in playing(ctx) or score.won is None
            else (s in hand.re) == (score.won == 0)
            for s in range(ctx.seats)
        )
        about = hand.re[0] if hand.solo is not None else None
        # each party in the table's words ("Kontra", not the cell's "K")
        said = tuple(Label((PARTY_MARKS[entry[0]],)) if entry else None for entry in entries)
        outcome = Label(said_row(settings, hand, score))
        return HandSummary(about, bid, outcome, entries, made, said=said)

    def describe_hand(
        self, hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
    ) -> list[Any]:
        """The core's line (who was Re, the card points, who won, the value), then each
        player's party in the table's words ("Walburga: Re", Hebrew "רה"), the party a run
        of its own so that a right-to-left page keeps the names in order (``view``: a
        hand read without its place at a table of five marks its Re players only)."""
        parts = super().describe_hand(hand, players, settings)
        _record, ctx, summary = self._stored_summary(hand, settings)
        marked = [(seat, entry[0]) for seat, entry in enumerate(summary.entries) if entry]
        parts = parts[: len(parts) - len(marked)]
        return parts + [
            msg("%(name)s: %(party)s", name=players[seat], party=Label((PARTY_MARKS[mark],)))
            for seat, mark in marked
        ]

    # --- the game: Bock rounds, the end and the money --------------------------------------

    progression = Progression(
        state=BockState,
        carry=lambda game, settings, hand: _carried(game, settings, hand),
        shares_tie=True,
        finish_now=True,
        lasting={"deals": 0},
        # At a table of five the dealer sits the hand out (``fields.playing``).
        sits_out=lambda game, settings, number, dealer: (dealer,) if game.seats == 5 else (),
    )

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

    def notes(self, progress: Any) -> GameNotes:
        """With ``cents_per_point``, what each player receives (+) or pays (−); and the
        Bock hands still to come, which finishing now leaves unplayed."""
        owed = len(getattr(progress.state, "bock", ()))
        said = nmsg("%(num)d Bock hand is still owed.", "%(num)d Bock hands are still owed.", owed)
        return GameNotes(result=_money_note(progress), owed=said if owed else None)

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


def _carried(game: Any, settings: DoppelkopfSettings, hand: Any) -> BockState:
    """The Bock hands a hand leaves (it uses one up, its triggers queue a round) and the
    game's end: ``deals`` hands, and the Bock hands then owed (``bock_finish``)."""
    state = hand.state
    owed = bock_after(settings, state.bock[1:], hand.score.events, game.seats)
    end = state.end
    if not end and settings.deals and state.scored == settings.deals:
        end = state.scored + (len(owed) if settings.bock_finish else 0)
    ended = state.target_reached or bool(end and state.scored >= end)
    return replace(state, bock=owed, end=end, target_reached=ended)


def _money_note(progress: Any) -> Message | None:
    """With ``cents_per_point``: what each player receives (+) or pays (−)."""
    rate = progress.settings.cents_per_point
    if not rate:
        return None
    each = {
        f"p{seat}": msg("%(player)s %(money)s", player=SeatName(seat), money=_money(t * rate))
        for seat, t in enumerate(progress.totals)
    }
    return msg("Money at %(rate)d cents a point: %(amounts)s", rate=rate, amounts=_amounts(each))


def _money(cents: int) -> Label:
    """Cents as money, signed, in the page's language's form: "+€0.60" in English,
    "−0,20 €" in German; kept left to right in a right-to-left sentence."""
    whole, part = divmod(abs(cents), 100)
    if cents > 0:
        said = msg("+€%(whole)d.%(cents)02d", whole=whole, cents=part)
    elif cents < 0:
        said = msg("\u2212€%(whole)d.%(cents)02d", whole=whole, cents=part)
    else:
        said = msg("€%(whole)d.%(cents)02d", whole=whole, cents=part)
    return Label((said,))


def _amounts(each: dict[str, Message]) -> Message:
    """Every player's amount in one line."""
    if len(each) == 5:
        return msg("%(p0)s · %(p1)s · %(p2)s · %(p3)s · %(p4)s", **each)
    return msg("%(p0)s · %(p1)s · %(p2)s · %(p3)s", **each)


def _one_seat(re: Any) -> bool:
    """Whether the body's ``re`` names one seat (a solo)."""
    return isinstance(re, list | tuple) and len(re) == 1


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
        found.append(Party(own, LEVELS.index(_level(said)), no_trick, kept if extras else ()))
    return found[0], found[1]


TERMS = {
    "won": msg("won"),
    "under_90": msg("under 90"),
    "under_60": msg("under 60"),
    "under_30": msg("under 30"),
    "no_trick": msg("no trick"),
    "against_no_90": msg("(120 against keine 90)"),
    "against_no_60": msg("(90 against keine 60)"),
    "against_no_30": msg("(60 against keine 30)"),
    "against_schwarz": msg("(30 against schwarz)"),
    "against_the_queens": msg("against the Queens"),
}
"""The words of a term of the value that names no party."""
PARTY_TERMS = {
    "said": {"re": msg("Re"), "kontra": msg("Kontra")},
    "no_90": {"re": msg("Re keine 90"), "kontra": msg("Kontra keine 90")},
    "no_60": {"re": msg("Re keine 60"), "kontra": msg("Kontra keine 60")},
    "no_30": {"re": msg("Re keine 30"), "kontra": msg("Kontra keine 30")},
    "schwarz": {"re": msg("Re schwarz"), "kontra": msg("Kontra schwarz")},
}
"""The words of an announcement, by the party that made it."""
PARTY_WORDS = PARTY_TERMS["said"]
EXTRA_TERMS = {
    "doppelkopf": {"re": msg("Doppelkopf (Re)"), "kontra": msg("Doppelkopf (Kontra)")},
    "fox_caught": {"re": msg("Fox caught (Re)"), "kontra": msg("Fox caught (Kontra)")},
    "charlie": {"re": msg("Charlie (Re)"), "kontra": msg("Charlie (Kontra)")},
    "charlie_caught": {
        "re": msg("Charlie caught (Re)"),
        "kontra": msg("Charlie caught (Kontra)"),
    },
}
"""An extra point's words, by the party that made it."""
BOCK_WHY = BOCK_EVENTS
"""Why a hand starts a Bock round, by its trigger (``bock_after``)."""


def said_row(settings: DoppelkopfSettings, hand: Hand, score: Score) -> tuple[Any, ...]:
    """A hand's row as a table checks it: the Bock hand's mark; who was Re (by
    :class:`Side`, a page names the players), or the marriage and its partner, and the
    game; the card points; who won; each party's announcement; the value worked out term
    by term, with the doublings, the Bock factor and the soloist's three times ("1 won +
    2 Re = 3 × 2 Bock = 6"); and why the hand starts a Bock round."""
    pieces: list[Any] = []
    if score.bock > 1:
        pieces.append(msg("Bock hand ×%(factor)d", factor=score.bock))
    if hand.marriage is not None:
        partner = next(seat for seat in hand.re if seat != hand.marriage)
        pieces.append(
            msg(
                "Marriage: %(player)s with %(partner)s",
                player=Side(hand.marriage),
                partner=Side(partner),
            )
        )
    elif hand.solo is None:
        first, second = hand.re
        pieces.append(msg("Re: %(first)s & %(second)s", first=Side(first), second=Side(second)))
    else:
        game = dict(SOLOS)[hand.solo]
        pieces.append(msg("%(game)s: %(player)s", game=game, player=Side(hand.re[0])))
    if hand.re_points is not None:
        points = {"re": hand.re_points, "kontra": 240 - hand.re_points}
        pieces.append(msg("Re %(re)d, Kontra %(kontra)d", **points))
    else:
        pieces.append(msg("losers %(band)s", band=Notation(hand.loser_points)))
    won = {0: msg("Re won"), 1: msg("Kontra won"), None: msg("nobody won")}[score.won]
    if hand.solo is not None and score.won == 0:
        won = msg("the soloist won")
    pieces.append(won)
    said = [
        PARTY_TERMS["said" if said == party else said][party]
        for party, said in (("re", hand.re_announcement), ("kontra", hand.kontra_announcement))
        if said != "none"
    ]
    if said:
        pieces.append(msg("announced: %(said)s", said=_listed(said)))
    if score.working is not None:
        pieces.append(_worked(score, hand.solo is not None))
    events = sorted(score.events & set(settings.bock_after), key=BOCK_WHY_ORDER.index)
    if events:
        why = _listed([BOCK_WHY[event] for event in events])
        pieces.append(msg("a Bock round follows (%(why)s)", why=why))
    return _joined(pieces)


BOCK_WHY_ORDER = tuple(BOCK_WHY)


def _worked(score: Score, solo: bool) -> tuple[Any, ...]:
    """The value worked out: its terms added, then each factor, each with its result."""
    assert score.working is not None
    worked = score.working
    pieces: list[Any] = []
    for what, n, party in worked.terms:
        if pieces:  # an operator between terms, read in the sentence's direction
            pieces.append(Notation(f" {'+' if n > 0 else MINUS} {abs(n)}\u00a0"))
        else:  # a first term's sign kept before its figure in a right-to-left line
            pieces += [_figure(total(n)), Notation("\u00a0")]
        if what in EXTRA_TERMS:
            pieces.append(EXTRA_TERMS[what][party])
        elif what in PARTY_TERMS:
            pieces.append(PARTY_TERMS[what][party])
        elif worked.won is None and party is not None:  # whose, when nobody won
            pieces.append(msg("%(party)s %(what)s", party=PARTY_WORDS[party], what=TERMS[what]))
        else:
            pieces.append(TERMS[what])
    running = worked.sum
    pieces += [Notation(" = "), _figure(total(running))] if pieces else [Notation("0")]
    factors: list[tuple[int, Any]] = [(2, PARTY_TERMS["said"][party]) for party in worked.doubled]
    if score.bock > 1:
        factors.append((score.bock, msg("Bock")))
    if solo:
        factors.append((3, msg("soloist")))
    for factor, word in factors:
        running *= factor
        pieces += [Notation(f" \u00d7\u00a0{factor}\u00a0"), word, Notation(" = ")]
        pieces.append(_figure(total(running)))
    return tuple(pieces)


def _figure(figure: str) -> Message:
    """A figure of a worked sum that may carry a sign ("−4"), isolated left to right by a
    right-to-left page as a message's notation is, so that its sign stays before it."""
    return msg("%(figure)s", figure=Notation(figure))


def _listed(words: Sequence[Message]) -> Message:
    """A few reasons in one phrase."""
    if len(words) == 1:
        return words[0]
    return msg("%(first)s, %(rest)s", first=words[0], rest=_listed(words[1:]))


def _joined(pieces: Sequence[Any]) -> tuple[Any, ...]:
    """The pieces one after the other, each a piece or a tuple of them, with " · "
    between them."""
    found: list[Any] = []
    for piece in pieces:
        found += [Notation(" · ")] if found else []
        found += piece if isinstance(piece, tuple) else [piece]
    return tuple(found)


GAME = Doppelkopf()
