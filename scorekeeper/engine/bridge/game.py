"""Contract bridge behind the one game interface: the deal declared once (declarer,
contract, doubles, tricks, honours), its score at its place in the rubber or the Chicago
cycle, the progression of its own, the pad's words and the command line's vulnerability."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.command_line import HandOption, ScoredHand, signed
from ..core.declared import Paper
from ..core.display import Label, RulesLine, SignedPoints
from ..core.errors import InvalidHand
from ..core.form import Choice, FormField, HandFormSpec
from ..core.game import HandPlace, HandWords, PageWords
from ..core.level_bids import Denomination
from ..core.messages import Message, SeatName, msg, nmsg
from ..core.numbers import parse_int, whole_or_none
from ..core.schema import (
    Context,
    Count,
    Field,
    Hand,
    HandSchema,
    HandSummary,
    OneOf,
    Refused,
    SeatOf,
)
from . import progression
from .pad import ChicagoPad, Pad, chicago_pad_of, pad_of, vulnerable_words
from .progression import State, where_of
from .settings import PRESETS, STRAINS, BridgeSettings, DealScore, Where, deal_score

DEAL_WORDS = HandWords(
    title=msg("Next deal"),
    record=msg("Record the next deal"),
    save=msg("Save the deal"),
    save_number=msg("Save deal %(number)d"),
    edit=msg("Edit deal %(number)d"),
    delete=msg("Delete deal %(number)d"),
    delete_ask=msg("Delete deal %(number)d?"),
    deleted=msg("Deal %(number)d deleted. It is kept under Revisions."),
    how_scored=msg("Deal %(number)d: how it was scored"),
    none_yet=msg("No deals yet."),
    # A Chicago's passed-out deal is dealt again and takes no number: the saved line names
    # the deal by its place in the outcome, never by its row.
    saved=msg("Deal saved (%(outcome)s): %(points)s"),
    saved_plain=msg("Deal saved: %(points)s"),
    thrown_in_again=msg("Passed out: %(dealer)s deals again."),
    thrown_in_next=msg("Passed out: %(dealer)s deals next."),
)
"""Bridge's word is the deal, never the hand. The next deal is not numbered: a Chicago
deal passed out is dealt again and takes no number, so the deal's place is the
``deal_note``'s ("deal 4 of 4"), and the sheet's numbers are its rows'."""


def _strain_label(strain: str) -> Message | str:
    return Denomination.from_str(strain).shown


def vulnerable_note(vulnerable: tuple[bool, bool]) -> Message:
    """Who is vulnerable on the next deal, as the board says it before the deal: the side
    by its players' seats (a page names them as they sit), "Neither side vulnerable" or
    "Both sides vulnerable"."""
    if all(vulnerable):
        return msg("Both sides vulnerable")
    if not any(vulnerable):
        return msg("Neither side vulnerable")
    first = vulnerable.index(True)
    names = msg("%(first)s & %(second)s", first=SeatName(first), second=SeatName(first + 2))
    return msg("Vulnerable: %(names)s", names=names)


class Strain(OneOf):
    """C D H S or NT: suit keys and a no-trump key."""

    style = "suits"

    def parse(self, value: Any, ctx: Context) -> str:
        return super().parse(value.strip().upper() if isinstance(value, str) else value, ctx)

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        found = map(Denomination.from_str, STRAINS)
        return tuple(Choice(d.code, d.shown, "red" if d.is_red else "") for d in found)


class Doubled(Count):
    """0, 1 doubled or 2 redoubled: keys in words, undoubled already tapped."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        words = (msg("not doubled"), msg("doubled"), msg("redoubled"))
        keys = tuple(Choice(str(n), word) for n, word in enumerate(words))
        return (FormField(self.name, self.label, keys, style="wide", default="0"),)


class Tricks(Count):
    """The tricks the declarer's side took, stored as ever (0 to 13), asked on the form as
    the table says the result against the contract: made, made +1, down 2. The key's value
    is the result (``+1``, ``-2``); the level tapped above it makes it a trick count."""

    RESULTS = (0, 1, 2, 3, 4, 5, 6, *range(-1, -14, -1))

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = tuple(Choice(f"{r:+d}" if r else "0", _result_key(r)) for r in self.RESULTS)
        return (FormField(self.name, msg("Result against the contract"), keys, style="short"),)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        """The trick count of the result tapped and the level (as posted, when either is
        not a whole number, for ``parse`` to refuse; none when the level is missing)."""
        result, level = values.get(self.name), values.get("level")
        if result in (None, "") or level in (None, ""):
            return None
        bid, against = whole_or_none(level), whole_or_none(result)
        return result if bid is None or against is None else bid + 6 + against

    def parse(self, value: Any, ctx: Context) -> int:
        try:
            return super().parse(value, ctx)
        except Refused as refused:
            said = refused.problems[0][1]
            if isinstance(said, Message):
                said.said_at_table(
                    "That result would give the declarer's side %(value)s tricks: check the "
                    "level and the result.",
                    value=str(value),
                )
            raise


def _result_key(result: int) -> Message | str:
    """A result key as the table says it: made, +1, −2."""
    if result == 0:
        return msg("made")
    return "\u2066" + f"{result:+d}".replace("-", "\u2212") + "\u2069"  # +1 reads so in Hebrew


class Honours(Field):
    """Honours in one hand: null, or ``{"side": "A", "points": 100}`` (typed: (side,
    points)); one key per side and value on the form, "A100" on the command line."""

    metavar = "SIDE:POINTS"
    style = "wide"
    KEYS = ("A100", "A150", "B100", "B150")

    def parse(self, value: Any, ctx: Context) -> tuple[int, int]:
        if isinstance(value, Mapping) and set(value) == {"side", "points"}:
            side, points = value["side"], value["points"]
            if side in ("A", "B") and type(points) is int and points in (100, 150):
                return ("AB".index(side), points)
        said = msg(
            'honours must be null or {"side": "A" or "B", "points": 100 or 150}, not %(value)s',
            value=str(value),
        )
        raise Refused((self.name, said.said_at_table("Honours must be 100 or 150 to one side.")))

    def dump(self, typed: Any) -> Any:
        return None if typed is None else {"side": "AB"[typed[0]], "points": typed[1]}

    def load(self, value: Any) -> Any:
        return None if value is None else ("AB".index(value["side"]), value["points"])

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        names = [" & ".join(players[s] for s in side if s < len(players)) for side in ctx.sides]
        found = [
            Choice(key, f"\u2068{names['AB'.index(key[0])]}\u2069 {key[1:]}") for key in self.KEYS
        ]
        return (Choice("none", msg("none")), *found)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = self.choices(ctx, players)
        return (FormField(self.name, self.label, keys, style="wide", default="none"),)

    def to_form(self, value: Any) -> dict[str, str]:
        return {self.name: "none" if value is None else f"{value['side']}{value['points']}"}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return self.from_option(values.get(self.name))

    def from_option(self, value: Any) -> Any:
        key = value.replace(":", "").strip().upper() if isinstance(value, str) else value
        if key in self.KEYS:
            return {"side": key[0], "points": parse_int(key[1:], self.name)}
        return None if key in (None, "", "NONE") else value

    def range_words(self, ctx: Context) -> str:
        return "the side and its points, A:100, A:150, B:100 or B:150"

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        if typed is None:
            return ""
        return f"{' & '.join(names[s] for s in ctx.sides[typed[0]])} {typed[1]}"

    def draw(self, ctx: Context, rng: random.Random) -> Any:
        key = rng.choice((None, None, None, *self.KEYS))
        return self.from_option(key)


class BridgeHand(HandSchema):
    """Bridge's deal: ``passed_out`` is the old name of a deal thrown in; no honours is a
    key of its own on the form, and the tricks are the result against the contract; the
    command line scores a deal alone, vulnerable or not."""

    @property
    def hand_fields(self) -> frozenset[str]:
        return super().hand_fields | {"passed_out"}

    def form_values(self, hand: Mapping[str, Any]) -> dict[str, str]:
        """No honours is a key of its own ("none"), so an edit can clear them."""
        found = super().form_values(hand)
        if "honours" in hand and hand["honours"] is None and not hand.get("thrown_in"):
            found["honours"] = "none"
        if found.get("tricks") and type(hand.get("level")) is int:
            result = int(found["tricks"]) - hand["level"] - 6
            found["tricks"] = f"{result:+d}" if result else "0"
        return found

    def options(self, game: Any) -> tuple[HandOption, ...]:
        return (
            *super().options(game),
            HandOption("vulnerable", "The declarer's side is vulnerable.", flag=True),
            HandOption("fourth_deal", "Chicago: the fourth deal of a cycle.", flag=True),
        )

    def typed(self, game: Any, settings: BridgeSettings, given: Mapping[str, Any]) -> ScoredHand:
        vulnerable = bool(given.get("vulnerable"))
        where = Where((vulnerable, vulnerable), fourth=bool(given.get("fourth_deal")))
        hand = {k: v for k, v in given.items() if k not in ("vulnerable", "fourth_deal")}
        body = (
            {"thrown_in": True}
            if hand.get("thrown_in")
            else {f.name: f.from_option(hand[f.name]) for f in self if hand.get(f.name) is not None}
        )
        record = game.record_from_dict(settings, body)
        score = game.score_at(settings, record, HandPlace(1, 0, where))
        result = (score or DealScore((0, 0), (0, 0))).to_dict()
        rows = [("side", "seats", "below", "above", "points")]
        for index, side in enumerate(game.sides):
            figures = (result["below"][index], result["above"][index], result["points"][index])
            rows.append(
                ("AB"[index], ", ".join(map(str, side)), *map(str, figures[:2]), signed(figures[2]))
            )
        return ScoredHand(result, tuple(rows))


class Bridge(GameBase):
    """Two partnerships, contracts bid and made or set, scored below and above the line
    over a rubber or Chicago's cycles of four deals."""

    key = "bridge"
    name = msg("Bridge")
    seats = 4
    sides = ((0, 2), (1, 3))
    presets = PRESETS
    preset_words = {
        "rubber": (msg("Rubber bridge"), msg("below and above the line, best of three games")),
        "chicago": (msg("Chicago"), msg("four deals, vulnerability by the deal, scored at once")),
    }
    page_words = PageWords(
        auction_head=msg("Played by"),
        bid_head=msg("Contract bid"),
        outcome_head=msg("Result"),
        entry_heads=(msg("Below"), msg("Above")),
        legend=msg(
            "Contract level and strain, X doubled, XX redoubled · Below the trick score, "
            "below the line · Above overtricks, undertricks, premiums and honours · Pts "
            "points of the deal · Tot running total."
        ),
        turn=msg("%(dealer)s deals and bids first"),
        auction_mark=msg("played the contract"),
        cell_legend=msg("below, above, points, total"),
        group_titles={"chicago": msg("Chicago")},
        hand=DEAL_WORDS,
    )
    hand = BridgeHand(
        SeatOf("declarer", msg("Played by"), step="contract"),
        Count("level", msg("Level"), 1, 7, step="contract"),
        Strain(
            "strain", msg("Strain"), tuple((s, _strain_label(s)) for s in STRAINS), step="contract"
        ),
        Doubled("doubled", msg("Doubled"), 0, 2, step="contract", default=0),
        Tricks("tricks", msg("Tricks the declarer's side took"), 0, 13, step="result"),
        Honours(
            "honours",
            msg("Honours"),
            step="result",
            default=None,
            only_if=lambda ctx: ctx.settings.honours == "count",
        ),
        thrown_in=True,
        steps={"contract": msg("Contract bid"), "result": msg("Result")},
    )

    # --- the deal ---------------------------------------------------------------------------

    def record_from_dict(
        self, settings: BridgeSettings, body: Any, place: HandPlace | None = None
    ) -> Hand:
        """``{"passed_out": true}`` is the schema's thrown-in deal; honours null is none."""
        if isinstance(body, Mapping):
            body = dict(body)
            if body.get("honours", 0) is None:
                del body["honours"]
            if "passed_out" in body:
                passed = body.pop("passed_out")
                if passed not in (True, False):
                    said = msg("passed_out must be true or false, not %(value)s", value=str(passed))
                    raise InvalidHand([("passed_out", said)])
                body["thrown_in"] = passed
        return super().record_from_dict(settings, body, place)

    def check(self, settings: BridgeSettings, hand: Hand, ctx: Context) -> list[Any]:
        """At no trump only the four aces count as honours (150)."""
        if hand.honours is None or hand.strain != "NT" or hand.honours[1] == 150:
            return []
        said = msg("honours: at no trump only the four aces in one hand count, 150")
        return [
            ("honours", said.said_at_table("At no trump only four aces in one hand count: 150."))
        ]

    def score(self, settings: BridgeSettings, hand: Hand, ctx: Context) -> DealScore:
        where = where_of(settings, None if ctx.place is None else ctx.place.state, ctx.dealer)
        return deal_score(
            settings, where, hand.declarer % 2, hand.level, hand.strain, hand.doubled,
            hand.tricks, hand.honours,
        )  # fmt: skip

    # --- the progression (``progression.py``): rubbers, Chicago's cycles, duplicate boards --

    progression = progression.PROGRESSION
    paper = Paper(
        pad=lambda game, progress, shown, seating: _sheet_pad(progress, shown, seating),
        deal_number=lambda settings, place: deal_number(settings, place),
    )

    def deal_note(self, settings: BridgeSettings, place: HandPlace) -> Message | None:
        """Where the next deal falls and who is vulnerable on it, as a scorer says it
        before the deal: the board's number at duplicate, the deal's place among the
        Chicago's (passed-out deals not counted), and the vulnerable side by its seats
        (a rubber: the side that won a game)."""
        deals = place.state.deals if isinstance(place.state, State) else 0
        vulnerable = vulnerable_note(where_of(settings, place.state, place.dealer).vulnerable)
        if settings.duplicate:
            board = deals % 16 + 1
            return msg("Board %(board)d · %(vulnerable)s", board=board, vulnerable=vulnerable)
        if settings.chicago:
            return msg(
                "Deal %(deal)d of %(deals)d · %(vulnerable)s",
                deal=deals + 1,
                deals=settings.deals,
                vulnerable=vulnerable,
            )
        return vulnerable

    def end_words(self, settings: BridgeSettings) -> Message:
        if settings.deals is not None:
            return msg("%(deals)d deals", deals=settings.deals)
        if not settings.rubbers or settings.duplicate:
            return msg("until the table stops")
        return nmsg("%(num)d rubber", "%(num)d rubbers", settings.rubbers)

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """The deal's points split below and above the line (0 for a passed-out deal)."""
        score = replayed.score or DealScore((0, 0), (0, 0))
        below, above = list(score.below), list(score.above)
        return super().hand_result(replayed) | {"below": below, "above": above}

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """Games won in the rubber, part-scores, rubbers finished, and who is vulnerable
        on the next deal."""
        state = progress.state
        where = where_of(progress.settings, state, state.dealer)
        return {
            "games": list(state.games),
            "part_scores": list(state.below),
            "rubbers": state.rubbers,
            "deals": state.deals,
            "vulnerable": list(where.vulnerable),
        }

    def preview(self, settings: Any, record: Any, place: HandPlace | None = None) -> dict:
        score = self.score_at(settings, record, place)
        return DealScore((0, 0), (0, 0)).to_dict() if score is None else score.to_dict()

    # --- what the table sees ----------------------------------------------------------------

    def hand_form(
        self, settings: BridgeSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """ "Passed out" for the one tap (who is vulnerable is the ``deal_note`` under
        the form's title, as on the board)."""
        spec = super().hand_form(settings, players, place)
        actions = tuple(replace(a, label=msg("Passed out")) for a in spec.actions)
        steps = list(spec.steps)
        if settings.honours != "count":  # sent as none, never asked (see ``form_values``)
            kept = FormField("honours", msg("Honours"), (Choice("none", msg("none")),))
            kept = replace(kept, default="none", hidden_when_single=True)
            steps[-1] = replace(steps[-1], fields=(*steps[-1].fields, kept))
        return replace(spec, steps=tuple(steps), actions=actions)

    def view(self, settings: BridgeSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The contract as the bid, made (+ overtricks) or down, the game or rubber it
        won; below and above the line in each side's column."""
        state = None if ctx.place is None else ctx.place.state
        where = where_of(settings, state, ctx.dealer)
        place: tuple[Any, ...] = (vulnerable_words(where.vulnerable), " · ")
        if settings.chicago:
            place = (deal_place(settings, state), " · ", *place)
        if hand.thrown_in:
            again = settings.chicago and not settings.duplicate
            passed = (msg("passed out, dealt again"),) if again else (*place, msg("passed out"))
            return HandSummary(None, None, Label(passed), ((), ()), (None, None))
        marks = ("", " X", " XX")[hand.doubled]
        bid = Label(
            (str(hand.level), _strain_label(hand.strain), marks), "r" * (hand.strain in "DH")
        )
        over = hand.tricks - hand.level - 6
        said = (
            msg("made") if over == 0 else msg("made %(over)s", over=SignedPoints(over))
            if over > 0 else msg("%(down)d down", down=-over)
        )  # fmt: skip
        score = self.score(settings, hand, ctx)
        pieces: tuple[Any, ...] = (*place, said)
        if score.game and not settings.chicago:
            pieces += (" · ", msg("rubber") if score.rubber else msg("game"))
        side = hand.declarer % 2
        entries = tuple(
            (str(score.below[s]), str(score.above[s])) if score.points[s] else () for s in (0, 1)
        )
        said = tuple(
            msg("%(below)d below the line, %(above)d above", below=b, above=a) if entry else None
            for b, a, entry in zip(score.below, score.above, entries, strict=True)
        )
        made = tuple(over >= 0 if s == side else None for s in (0, 1))
        return HandSummary(hand.declarer, bid, Label(pieces), entries, made, said=said)

    def rules_lines(self, settings: BridgeSettings) -> list[RulesLine]:
        """Each knob of the preset's kind, as the new-game form labels it."""
        return [
            RulesLine(
                knob.label, msg("yes") if knob.name == "duplicate" else settings.word_of(knob.name)
            )
            for knob in settings.knobs_for_table()
            if getattr(settings, knob.name) not in (None, False)
            and (knob.name == "chicago_vulnerable") <= settings.chicago
            and (knob.name in ("rubbers", "unfinished_partscore")) <= (not settings.chicago)
        ]


def deal_number(settings: BridgeSettings, place: HandPlace) -> int:
    """The deal at ``place`` as the table counts it: in a Chicago a passed-out deal is
    dealt again and takes no number, so a deal is the one after those played before it
    (the fourth, where its row is the fifth); elsewhere its row's number."""
    if settings.chicago and not settings.duplicate and isinstance(place.state, State):
        return place.state.deals + 1
    return place.number


def place_number(settings: BridgeSettings, state: Any) -> int:
    """The number of ``deal_place``: the board (1 to 16), or the deal in the cycle."""
    deals = state.deals if isinstance(state, State) else 0
    return deals % 16 + 1 if settings.duplicate else deals % 4 + 1


def deal_place(settings: BridgeSettings, state: Any) -> Message:
    """The place of the deal after ``state`` in a game scored deal by deal: its board
    at duplicate, its deal in the Chicago's cycle of four (passed-out deals not
    counted)."""
    number = place_number(settings, state)
    if settings.duplicate:
        return msg("board %(number)d", number=number)
    return msg("deal %(number)d", number=number)


def _sheet_pad(progress: Any, shown: Any, seating: Any) -> Pad | ChicagoPad:
    """The score pad under the deals: the rubber's (``pad.pad_of``), or Chicago's
    deals with their dealer and vulnerability (``pad.chicago_pad_of``); ``seating``
    says who sat where at deal n."""
    settings = progress.settings
    if not settings.chicago:
        return pad_of(progress, shown, seating)

    def where(state: Any, dealer: int) -> tuple[int, tuple[bool, bool], Message]:
        vulnerable = where_of(settings, state, dealer).vulnerable
        return place_number(settings, state), vulnerable, deal_place(settings, state)

    head = msg("Board") if settings.duplicate else msg("Deal")
    return chicago_pad_of(progress, shown, seating, where, head)


GAME = Bridge()
