"""What ``GameBase`` derives from a game's ``hand`` schema (``core.schema``): the hand's
Context, the form, and one rendering of a hand (``view``) from which the scoreboard's
rows, the one-line description, the Revisions page and the explanation are drawn. A game
overrides any of them (each a member of the ``Game`` protocol but ``context``). What is
the schema's own (the form read back, a stored hand as the form's values, the command
line, the CSV's columns and cells, random hands) the schema's methods do
(``game.hand.form_body``, ``form_values``, ``options``, ``typed``, ``csv_cells``,
``random_body``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .display import (
    HandView,
    Label,
    Notation,
    RevisionView,
    SeatView,
    SignedPoints,
    label_with_sides,
    label_words,
)
from .form import Action, Choice, FormField, HandFormSpec, Step
from .game import HandPlace
from .language import Partners
from .messages import Message, Side, msg
from .progress import Points
from .schema import (
    Context,
    Hand,
    HandSchema,
    HandSummary,
    PerSeat,
    PerSide,
    SeatOf,
    SideOf,
    SuitOf,
)
from .seating import empty_at

THROWN_IN = Label((msg("thrown in"),))
FORM_TEXTS: dict[str, Message] = {
    "sum-why": msg("The others already have {sum}; the total is {total}."),
    "sum-count": msg("{sum} of {total}"),
}


class SchemaDefaults:
    """The members a game with a ``hand`` schema gets (``GameBase`` inherits them)."""

    hand: ClassVar[HandSchema]

    # --- what a hand is -------------------------------------------------------------------

    def context(self, settings: Any, place: HandPlace | None = None, scored: Any = None) -> Context:
        """The Context of a hand under ``settings`` at ``place`` (None: read alone), with
        the score the replay worked out for it there, where known (``Context.scored``)."""
        return Context(settings, self.seats, tuple(self.sides), place, scored)

    def record_from_dict(self, settings: Any, body: Any, place: HandPlace | None = None) -> Any:
        """The hand read from ``body`` by the game's ``hand`` schema and, where its place
        is known, checked there too (its ranges and the game's ``check`` at that place);
        raises InvalidHand with every problem."""
        return self.hand.read(self, body, self.context(settings, place))

    def check(self, settings: Any, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
        """The rules between fields only the game can say: (field, message) for each
        broken one, the message with its table words (``said_at_table``). None here."""
        return []

    def _scored(self, settings: Any, record: Hand, place: HandPlace | None) -> Any:
        if record.thrown_in:
            return None
        result = self.score(settings, record, self.context(settings, place))
        return Points(tuple(result)) if isinstance(result, tuple | list) else result

    # --- one rendering of a hand ----------------------------------------------------------

    def view(self, settings: Any, hand: Hand, ctx: Context) -> HandSummary:
        """The hand as every page shows it, drawn from its fields: ``about`` the first
        seat a field names; the outcome the hand-level values (yes/no by label, a choice
        by its label, a suit by its symbol, a count by its number); each side's entries
        its per-seat and per-side numbers."""
        sides = len(ctx.sides)
        if hand.thrown_in:
            return HandSummary(None, None, THROWN_IN, ((),) * sides, (None,) * sides)
        about = None
        pieces: list[Any] = []
        css = ""
        entries: list[list[str]] = [[] for _ in range(sides)]
        spoken: list[list[Any]] = [[] for _ in range(sides)]
        for described in self.hand.fields:
            value = getattr(hand, described.name)
            if not described.applies(ctx) or (value is None and not isinstance(described, SuitOf)):
                continue
            if isinstance(described, SeatOf):
                about = value if about is None else about
            elif described.listed:
                per_seat, folded = isinstance(described, PerSeat), described.folded
                for index in range(sides):
                    seats = ctx.sides[index] if per_seat else (index,)
                    if len(seats) == 1:
                        number = value[seats[0]]
                        figures = str(number)
                    else:  # a side's figures of two partners: "2/3"
                        figures = "/".join(str(value[s]) for s in seats)
                        number = Notation(figures)
                    entries[index].append(figures)
                    if not folded:  # a penalty is named by the line (``_folded``)
                        spoken[index].append(described.said_of(number))
            else:
                said = msg("%(side)s", side=Side(value)) if isinstance(described, SideOf) else None
                said = said or described.words(value, (), ctx)
                if said is None:
                    continue
                if isinstance(described, SuitOf) and value is not None and value.is_red:
                    css = "r"
                pieces.append(said if isinstance(said, Message) else Notation(said))
        outcome = _spaced(pieces) or (msg("played"),)
        return HandSummary(
            about,
            None,
            Label(outcome, css),
            tuple(map(tuple, entries)),
            (None,) * sides,
            said=tuple(_listed(words) for words in spoken),
        )

    def _summary_of(
        self, settings: Any, record: Any, place: HandPlace | None, scored: Any = None
    ) -> HandSummary:
        return self.view(settings, record, self.context(settings, place, scored))

    def hand_views(self, progress: Any) -> list[HandView]:
        """The scoreboard's rows, each from ``view`` at the hand's place, with the score
        the replay worked out there (``Context.scored``: not scored again)."""
        settings, hands = progress.settings, progress.hands
        sides = range(len(self.sides))
        unmarked = (None,) * len(self.sides)
        found = []
        before = progress.before  # the state before the first of its hands
        for hand in hands:
            record = hand.record
            place = HandPlace(hand.number, hand.dealer, before)
            summary = self._summary_of(settings, record, place, hand.score)
            before = hand.state
            penalties = summary.penalties or unmarked
            entries, totals, made = summary.entries, hand.totals, summary.made
            if record.thrown_in:
                points: Sequence[int | None] = unmarked
            else:
                points = hand.points
                empty = empty_at(settings, hand.number)  # no points in a seat nobody sat in
                # the points before penalties, which the seat's mark shows apart
                points = [
                    None
                    if s in empty
                    else points[s] - penalties[s].points  # type: ignore[union-attr]
                    if penalties[s]
                    else points[s]
                    for s in sides
                ]
            seats = tuple(
                SeatView(entries[s], points[s], totals[s], made[s], penalties[s]) for s in sides
            )
            found.append(
                HandView(
                    hand.number, hand.dealer, summary.about, summary.bid, summary.outcome, seats
                )
            )
        return found

    def _stored_summary(
        self, hand: Mapping[str, Any], settings: Any = None
    ) -> tuple[Hand, Context, HandSummary]:
        record = self.hand.load(self, hand)
        settings = self.preset(self.default_preset) if settings is None else settings
        ctx = self.context(settings)
        return record, ctx, self.view(settings, record, ctx)

    def describe_hand(
        self, hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
    ) -> list[Any]:
        """A stored hand in one line, from ``view``: who it is about, its bid under its
        column's head ("Bid: 7♥"), how it went (the sides and partners its words
        name by their players: "Dana named ♥"), each side's entries as the table says them
        (``HandSummary.said``: "bid 2, took 0") with a penalty the hand's fields hold
        ("1 penalty"), and its penalties."""
        record, ctx, summary = self._stored_summary(hand, settings)
        sides = [" & ".join(players[s] for s in side) for side in ctx.sides]
        named = [Partners.of(players[s] for s in side) for side in ctx.sides]
        # Each name a message's parameter, which a page isolates (a Hebrew name beside a
        # number keeps its own run).
        about = [] if summary.about is None else [msg("%(side)s", side=players[summary.about])]
        parts: list[Any] = about
        if summary.bid is not None:
            bid = label_with_sides(summary.bid, named)
            head = self.page_words.bid_head
            parts.append(bid if head is None else Label((head, Notation(": "), *bid.pieces)))
        outcome = label_with_sides(summary.outcome, sides)
        parts.append(label_with_sides(outcome, named))
        for name, words in zip(sides, self._sides_said(record, ctx, summary), strict=True):
            if words is not None:
                parts.append(Label((msg("%(side)s", side=name), Notation(": "), *words.pieces)))
        marks = summary.penalties or (None,) * len(sides)
        parts += [  # a penalty apart from the points, as the row marks it
            Label((msg("%(side)s", side=name), Notation(": "), mark.label))
            for name, mark in zip(sides, marks, strict=True)
            if mark is not None
        ]
        return parts

    def _sides_said(self, record: Hand, ctx: Context, summary: HandSummary) -> list[Label | None]:
        """Each side's entries as the table says them (``HandSummary.said``: "bid 2, took
        0", an entry in words or a half point, 40,5, in the page's language), with a
        penalty the hand's fields hold, in the game's word for it; None for a side with
        nothing to say.
        The one-line hand and the Revisions page's figures both say a side so."""
        said = summary.said or tuple(
            _entries_said(entry) if entry else None for entry in summary.entries
        )
        folded = () if summary.penalties else self._folded(record, ctx)
        found = []
        for index in range(len(ctx.sides)):
            words = [said[index]] if said[index] is not None else []
            words += folded[index] if folded else []
            found.append(_listed(words))
        return found

    def _folded(self, record: Hand, ctx: Context) -> tuple[list[Message], ...]:
        """Per side, each penalty the hand's folded fields hold, as the table says it
        ("1 penalty"): a hand whose view marks no penalty still names them."""
        found: tuple[list[Message], ...] = tuple([] for _ in ctx.sides)
        if record.thrown_in:
            return found
        for described in self.hand.fields:
            value = getattr(record, described.name)
            if not (described.listed and described.folded and value) or not described.applies(ctx):
                continue
            for index, side in enumerate(ctx.sides):
                seats = side if isinstance(described, PerSeat) else (index,)
                number = sum(value[s] for s in seats)
                if number:
                    found[index].append(described.said_of(number))
        return found

    def revision_view(
        self, hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
    ) -> RevisionView:
        """A saved version of a hand, from ``view``: its line, and each seat's side's entries
        in the line's words ("bid 2, took 0"), or None where its side has none, with its
        penalty's words as the game names it, if any."""
        record, ctx, summary = self._stored_summary(hand, settings)
        parts = tuple(self.describe_hand(hand, players, settings))
        if record.thrown_in:
            return RevisionView(parts, ())
        marks = summary.penalties or (None,) * len(ctx.sides)
        said = self._sides_said(record, ctx, summary)
        sides = [ctx.side_of(s) for s in range(self.seats)]
        seats = tuple((said[side], marks[side] and marks[side].label) for side in sides)
        return RevisionView(parts, seats)

    def explain(
        self, settings: Any, record: Any, place: HandPlace | None = None
    ) -> list[list[Any]]:
        """Each seat's points at ``place`` (its side's), as the hand's bid and outcome give
        them ("3NT X · made +1 · game: +350"; Skat's and Doppelkopf's outcomes work out
        their value): a game whose working has more terms says them itself. Nothing for a
        seat that scores nothing, nor for a thrown-in deal."""
        if record.thrown_in:
            return [[] for _ in range(self.seats)]
        summary = self.view(settings, record, self.context(settings, place))
        outcome = label_words(summary.outcome)
        found = []
        for points in self.points(settings, record, place):
            said = {"outcome": outcome, "points": SignedPoints(points)}
            if not points:
                found.append([])
            elif summary.bid is None:
                found.append([msg("%(outcome)s: %(points)s", **said)])
            else:  # the bid kept whole, as notation ("3NT X")
                found.append([msg("%(bid)s · %(outcome)s: %(points)s", bid=summary.bid, **said)])
        return found

    # --- the form ---------------------------------------------------------------------------

    def hand_form(
        self, settings: Any, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The hand form drawn from the schema's fields for the hand at ``place``."""
        return self._schema_form(settings, players, place)

    def _schema_form(
        self, settings: Any, players: Sequence[str], place: HandPlace | None
    ) -> HandFormSpec:
        schema = self.hand
        ctx = self.context(settings, place)
        steps: dict[str, tuple[Message, list[FormField]]] = {}
        rules: dict[str, list[Any]] = {}
        errors: dict[str, str] = {}
        texts: dict[str, Message] = {}
        for described in schema.fields:
            if not described.applies(ctx):
                continue
            step = described.step or described.name
            title = schema.steps.get(step, described.label)
            fields = list(described.form_fields(ctx, players))
            if described.shown_when is not None:
                by, values = described.shown_when
                unasked = schema.unasked(ctx)
                if by in unasked and unasked[by] not in values:
                    continue  # shown by a field these rules never ask, never shown
                if by not in unasked:
                    rules.setdefault("show", []).extend(
                        {"field": f.name, "by": by, "values": list(values)} for f in fields
                    )
            for kind, found in described.form_rules(ctx).items():
                rules.setdefault(kind, []).extend(found)
            if described.listed:
                errors[described.name] = step
                errors |= {f"{described.name}[{i}]": f.name for i, f in enumerate(fields)}
                total = _bound(described.total, ctx)
                # The page fills in the last seat's box, or the last side's number.
                if total is not None and isinstance(described, PerSide):
                    rules.setdefault("complement", []).append(
                        {"prefix": described.prefix, "sides": len(fields), "total": total}
                    )
                if total is not None and isinstance(described, PerSeat):
                    rules.setdefault("sum", []).append(
                        {
                            "prefix": described.prefix,
                            "total": total,
                            "why": "sum-why",
                            "count": "sum-count",
                        }
                    )
                    texts |= FORM_TEXTS
                if getattr(described, "from_dealers_left", False) and ctx.dealer is not None:
                    fields.insert(0, _dealer_field(ctx.dealer, players))
                    order = [(ctx.dealer + 1 + i) % ctx.seats for i in range(ctx.seats)]
                    rules.setdefault("order", []).append(
                        {
                            "by": "dealer",
                            "speakers": {str(ctx.dealer): order},
                            "shown": {str(ctx.dealer): order},
                            "fixed_step": step,
                        }
                    )
            else:  # beside its field, or its step where it has none (asked by other keys)
                beside = any(f.name == described.name for f in fields)
                errors[described.name] = described.name if beside else step
            steps.setdefault(step, (title, []))[1].extend(fields)
        shaped = tuple(
            Step(
                key,
                title,
                tuple(fields),
                folds=key in schema.folds,
                folded_label=_bound(schema.folded_label, ctx)
                if any(f.folded for f in fields)
                else None,
            )
            for key, (title, fields) in steps.items()
        )
        thrown_in = _bound(schema.thrown_in_label, ctx) or msg("Thrown in")
        actions = (
            (Action("thrown_in", thrown_in, shaped[0].id),)
            if schema.throws_in(ctx) and shaped
            else ()
        )
        return HandFormSpec(
            steps=shaped,
            actions=actions,
            rules=rules,
            texts=texts,
            errors=errors,
            sides=tuple(self.sides),
        )


def _spaced(pieces: Sequence[Any]) -> tuple[Any, ...]:
    found: list[Any] = []
    for piece in pieces:
        if found:
            found.append(Notation(" "))
        found.append(piece)
    return tuple(found)


def _bound(value: Any, ctx: Context) -> int | None:
    return value(ctx) if callable(value) else value


def _dealer_field(dealer: int, players: Sequence[str]) -> FormField:
    name = players[dealer] if dealer < len(players) else str(dealer)
    keys = (Choice(str(dealer), name),)
    return FormField(
        "dealer", msg("Dealer"), keys, style="names", default=str(dealer), hidden_when_single=True
    )


def _label(said: Any) -> tuple[Any, ...]:
    return said.pieces if isinstance(said, Label) else (said,)


def _listed(words: Sequence[Any]) -> Label | None:
    """Things a side's entry says, one after the other as a list: "bid 2, took 0"."""
    pieces: list[Any] = []
    for said in words:
        pieces += [Notation(", "), *_label(said)] if pieces else list(_label(said))
    return Label(tuple(pieces)) if pieces else None


def _entries_said(entry: Sequence[str]) -> Any:
    """A side's entries as one text: figures as notation ("2 3", kept left to right), or,
    where one is a word (a Message: Doppelkopf's party, "Re"), a label whose words a page
    says in its language."""
    if not any(isinstance(part, Message) for part in entry):
        return Notation(" ".join(entry))
    pieces: list[Any] = []
    for part in entry:
        pieces += [" ", part] if pieces else [part]
    return Label(tuple(pieces))
