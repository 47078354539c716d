"""A hand declared once, as typed fields: the core derives the rest from it.

A game writes ``hand = HandSchema(SideOf(...), SuitOf(...), Count(...), ...)`` and its
``score``; ``GameBase`` then reads a hand's body (refusals in the API's words and, for a
page, in the table's), draws its form and reads it back, offers its command-line options,
writes its CSV cells, draws random legal hands and renders it (:class:`HandSummary`).

Every field takes ``label`` (what the table calls it), ``step`` (the form's step it is
asked in), ``only_if`` (a callable of the :class:`Context`, or the name of the knob that
turns it on: the field belongs to a hand only under some rules; otherwise it is not
asked, and only its default is accepted),
``shown_when`` (``(other field, form values)``: asked only while the other field holds
one of those values on the form), ``help`` (the command line's), ``default``, ``csv`` and
``omit_empty`` (``to_dict`` leaves the field out while it holds its empty value).
Bounds (``low``, ``high``, ``total``) are ints or callables of the Context returning an
int, or None for "no bound here" (a range that depends on the hand's place is unknown
where the place is: a stored hand read alone).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import Any

from .cards import Suit
from .command_line import HandOption, ScoredHand, scored_record
from .display import Label, PenaltyMark
from .errors import InvalidHand, ParseError
from .form import Choice, FormField, numbers
from .game import CsvColumn, HandPlace
from .messages import Message, msg
from .names_in_sentences import OF_ONE, name_in
from .numbers import out_of_range, parse_int, shown

__all__ = [
    "Context",
    "Count",
    "Field",
    "Hand",
    "HandSchema",
    "HandSummary",
    "OneOf",
    "PerSeat",
    "PerSide",
    "SeatOf",
    "SideOf",
    "SuitOf",
    "YesNo",
]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""A field's ``default`` when it has none: the body must give it."""

Bound = int | Callable[["Context"], "int | None"] | None
KEYS_AT_MOST = 21
"""A count with more values than this is a number box on the form, not a row of keys."""


@dataclass(frozen=True, slots=True)
class Context:
    """What a hand is read, scored and asked for against: the settings, the table (its
    seats and sides) and the hand's place in the game (None: read alone); ``scored``, the
    hand's score as the game's replay worked it out at that place (``score``'s own), where
    a page draws replayed hands (``GameBase.hand_views``): a view reads it rather than
    scoring the hand again (:meth:`score_by`). None: not known."""

    settings: Any
    seats: int
    sides: tuple[tuple[int, ...], ...]
    place: HandPlace | None = None
    scored: Any = None

    @property
    def number(self) -> int | None:
        return None if self.place is None else self.place.number

    @property
    def dealer(self) -> int | None:
        return None if self.place is None else self.place.dealer

    @property
    def totals_before(self) -> tuple[int, ...] | None:
        state = None if self.place is None else self.place.state
        totals = getattr(state, "totals", None)
        return None if totals is None else tuple(totals)

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def score_by(self, game: Any, hand: Any) -> Any:
        """``game``'s ``score`` of ``hand`` here: the replay's where this context carries it
        (``scored``: a page drawing a thousand replayed hands scores none of them twice),
        else worked out now."""
        return game.score(self.settings, hand, self) if self.scored is None else self.scored


def bound(value: Bound, ctx: Context) -> int | None:
    """A bound worked out for ``ctx``."""
    return value(ctx) if callable(value) else value


class Refused(Exception):
    """A hand refused, with every problem found reading it: ``(where, message)`` each,
    where is the field (or the form's step, or "hand" for the hand as a whole) it stands
    beside. The one refusal of a hand, read by a schema or by the phone's form: given as
    arguments, or as one list of them in page order (``pages.form``)."""

    def __init__(self, *problems: tuple[str, Message | str] | list[tuple[str, Message | str]]):
        found = problems[0] if len(problems) == 1 and isinstance(problems[0], list) else problems
        super().__init__(found)
        self.problems = list(found)


def _whole(
    value: Any, field: str, what: Message, low: int | None, high: int | None, halves: bool = False
) -> Any:
    """``value`` as a whole number low..high (``halves``: or a half, 40.5); raises Refused."""
    try:
        number = parse_int(value, field, halves=halves)
    except ParseError as wrong:
        table = wrong.message.table
        if halves and table is not None:  # a fraction but a half: said as it was typed
            said = Message(table.template, {**table.params, "what": what})
            raise Refused((field, wrong.message.said_at_table(said))) from None
        raise Refused((field, out_of_range(field, what, value, low, high, halves=halves))) from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise Refused((field, out_of_range(field, what, number, low, high, halves=halves)))
    return number


def _missing(field: str, what: Message) -> Message:
    return msg("%(field)s is missing", field=field).said_at_table(
        "Still missing: %(what)s.", what=what
    )


def _not_asked(described: Field, applies: bool) -> Message:
    """A value given for a field the hand does not ask: not under these rules, or not
    with the values of the other fields (its ``shown_when``)."""
    if not applies:
        said = msg(
            "%(field)s is not part of this hand under these rules: leave it out",
            field=described.name,
        )
        return said.said_at_table("%(what)s is not asked under these rules.", what=described.label)
    said = msg("%(field)s is not part of this hand as given: leave it out", field=described.name)
    return said.said_at_table("%(what)s is not asked for this hand.", what=described.label)


class Field:
    """One field of a hand. Subclasses say how its value reads, shows and is asked for."""

    metavar = "VALUE"
    listed = False  # one value per seat or side
    per = ""  # "seat" or "side" for a listed field
    null_is_default = False
    """Whether a body's null reads as the field's ``default`` (as if left out), for a
    field whose stored form has always written its empty value so; else a null is
    missing."""

    def __init__(
        self,
        name: str,
        label: Message,
        *,
        step: str | None = None,
        only_if: Callable[[Context], Any] | str | None = None,
        shown_when: tuple[str, Sequence[str]] | None = None,
        help: str | None = None,
        default: Any = MISSING,
        csv: bool | str = True,
        omit_empty: bool = False,
        null_is_default: bool | None = None,
        seldom: float = 0,
    ) -> None:
        self.omit_empty = omit_empty
        self.seldom = seldom
        """The share of random hands that leave the field at its ``default``, beside the
        ones that draw it (a poignée, a chelem: rare at a table); 0: drawn like the rest."""
        if null_is_default is not None:
            self.null_is_default = null_is_default
        self.name = name
        self.label = label
        self.step = step
        self.only_if = attrgetter(f"settings.{only_if}") if isinstance(only_if, str) else only_if
        self.shown_when = None if shown_when is None else (shown_when[0], tuple(shown_when[1]))
        self.help = help
        self.default = default
        self.csv = csv
        """Whether the CSV export has a column of the field, named as the field, or the
        column's name (one column per seat, named apart from the field's own name)."""
        self.column = csv if isinstance(csv, str) else name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    # --- the typed value and its JSON -------------------------------------------------------

    def applies(self, ctx: Context) -> bool:
        """Whether the field belongs to a hand under ``ctx``'s rules (``only_if``)."""
        return self.only_if is None or bool(self.only_if(ctx))

    def empty(self) -> Any:
        """The typed value of a field not asked (or a thrown-in hand's)."""
        return None if self.default is MISSING else self.default

    def parse(self, value: Any, ctx: Context) -> Any:
        """The typed value of the body's ``value``; raises Refused."""
        raise NotImplementedError

    def read_in(self, body: Mapping[str, Any], ctx: Context) -> Any:
        """The typed value of the field in a hand's ``body``: its default where the body
        leaves it out (or, ``null_is_default``, gives null), else the value read; raises
        Refused naming what is missing or wrong."""
        value = body.get(self.name)
        left_out = self.name not in body or self.null_is_default
        if value is None and left_out and self.default is not MISSING:
            return self.default(ctx) if callable(self.default) else self.default
        if value is None and not (isinstance(self, SuitOf) and self.none and self.name in body):
            raise Refused((self.name, _missing(self.name, self.label)))
        return self.parse(value, ctx)

    def dump(self, typed: Any) -> Any:
        """The typed value as the API and the store write it."""
        return typed

    def load(self, value: Any) -> Any:
        """A stored value typed, trusted (no bounds): the inverse of ``dump``."""
        return value

    def written(self, typed: Any) -> bool:
        """Whether ``to_dict`` writes the value: always, unless the field leaves out an
        empty one (``omit_empty``: its ``empty()``, as a game's stored hands always have)."""
        return not self.omit_empty or typed != self.empty()

    # --- the form ---------------------------------------------------------------------------

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        return ()

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return (FormField(self.name, self.label, self.choices(ctx, players), style=self.style),)

    def form_rules(self, ctx: Context) -> dict[str, list[Any]]:
        """The page script's rules of the field's own keys (``core.form``'s kinds),
        beyond its ``shown_when``: none."""
        return {}

    style = ""

    def to_form(self, value: Any) -> dict[str, str]:
        """A stored value (JSON) as the form's values."""
        return {self.name: "" if value is None else str(value)}

    def to_form_in(self, value: Any, hand: Mapping[str, Any]) -> dict[str, str]:
        """``to_form`` of the stored ``value`` of the stored ``hand``: a field whose keys
        hang on another's value (Doppelkopf's marriage on the first Re player) reads it."""
        return self.to_form(value)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        """The body's value from the form's (text as posted, None when left empty)."""
        value = values.get(self.name)
        return None if value in (None, "") else value

    # --- the command line -------------------------------------------------------------------

    def range_words(self, ctx: Context) -> str:
        return ""

    def option(self, ctx: Context) -> HandOption:
        words = self.range_words(ctx)
        text = self.help or (f"{self.label}: {words}." if words else f"{self.label}.")
        return HandOption(self.name, text, metavar=self.metavar)

    def from_option(self, value: Any) -> Any:
        return value

    # --- cells, random hands and words -----------------------------------------------------

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        """The CSV cell of a hand-level field."""
        return typed

    def draw(self, ctx: Context, rng: random.Random) -> Any:
        raise NotImplementedError

    def drawn(self, ctx: Context, rng: random.Random) -> Any:
        """A random hand's value: the default as often as ``seldom`` says, else drawn."""
        return self.default if self.seldom and rng.random() < self.seldom else self.draw(ctx, rng)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Message | str | None:
        """The value as a page says it (None: nothing to say, a "no")."""
        return None if typed is None else str(typed)


class SeatOf(Field):
    """A seat (a player): the API's seat number ``0..n-1``; the form's keys name players."""

    metavar = "SEAT"
    style = "names"

    def __init__(
        self,
        name: str,
        label: Message,
        *,
        what: Message | None = None,
        instead: tuple[str, Message] | None = None,
        **kwargs: Any,
    ):
        super().__init__(name, label, **kwargs)
        self.what = what
        """With ``what``, the seat is read as every number from outside is (``numbers.
        parse_int``, 0 to seats - 1), its refusals in the core's number words naming it so."""
        self.instead = instead
        """A key and its words that the table may give instead of a player (French Tarot's
        "alone": the taker called their own king), the value as it is; on the form a key
        before the players'."""

    def parse(self, value: Any, ctx: Context) -> int | str:
        if self.instead is not None and value == self.instead[0]:
            return value
        if self.what is not None:
            try:
                return parse_int(value, self.name, label=self.what, low=0, high=ctx.seats - 1)
            except ParseError as exc:
                raise Refused((self.name, exc.message)) from None
        try:
            seat = parse_int(value, self.name)
        except ParseError:
            seat = -1
        if not 0 <= seat < ctx.seats:
            said = msg(
                "%(field)s must be a seat from 0 to %(high)d, not %(value)s",
                field=self.name,
                high=ctx.seats - 1,
                value=shown(value),
            )
            raise Refused(
                (
                    self.name,
                    said.said_at_table("%(what)s must be one of the players.", what=self.label),
                )
            )
        return seat

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        seats = tuple(
            Choice(str(s), players[s] if s < len(players) else str(s)) for s in range(ctx.seats)
        )
        return seats if self.instead is None else (Choice(*self.instead), *seats)

    def range_words(self, ctx: Context) -> str:
        instead = "" if self.instead is None else f", or {self.instead[0]}"
        return f"a seat, 0 to {ctx.seats - 1}{instead}"

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return names[typed] if isinstance(typed, int) else typed

    def draw(self, ctx: Context, rng: random.Random) -> int | str:
        if self.instead is not None:
            return rng.choice([self.instead[0], *range(ctx.seats)])
        return rng.randrange(ctx.seats)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Message | str | None:
        if self.instead is not None and typed == self.instead[0]:
            return self.instead[1]
        return None if typed is None else names[typed]


class SeatsOf(Field):
    """The seats that did something (Phase 10: completed their phase): the API's list of
    seats, "0,2" too (left out: none); on the form a yes or no key per player, named
    ``<prefix>_<seat>``. ``ask`` is the table's words for a list that is not one ("Say
    which players completed their phase.")."""

    null_is_default = True
    metavar = "SEATS"

    def __init__(
        self, name: str, label: Message, *, ask: Message, prefix: str = "", **kwargs: Any
    ) -> None:
        super().__init__(name, label, **kwargs)
        self.ask, self.prefix = ask, prefix or name

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        items = () if items is None else items
        seats = range(ctx.seats)
        if isinstance(items, list | tuple) and all(str(i) in map(str, seats) for i in items):
            return tuple(sorted({int(item) for item in items}))
        refusal = msg(
            "%(field)s must be a list of seats, 0 to %(last)d, not %(value)s",
            field=self.name,
            last=ctx.seats - 1,
            value=shown(value),
        ).said_at_table(self.ask)
        raise Refused((self.name, refusal))

    def dump(self, typed: Any) -> Any:
        return list(typed)

    def load(self, value: Any) -> Any:
        return tuple(value or ())

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = (Choice("yes", msg("yes")), Choice("no", msg("no")))
        return tuple(
            FormField(f"{self.prefix}_{s}", self.label, keys, seat=s, style="short", default="no")
            for s in range(ctx.seats)
        )

    def to_form_in(self, value: Any, hand: Mapping[str, Any]) -> dict[str, str]:
        """Yes or no for every seat of the stored ``hand`` (its per-seat lists say how many)."""
        seats = max((len(v) for v in hand.values() if isinstance(v, list)), default=0)
        return {f"{self.prefix}_{s}": "yes" if s in value else "no" for s in range(seats)}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return [s for s in range(ctx.seats) if values.get(f"{self.prefix}_{s}") == "yes"]

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return " ".join(str(seat) for seat in typed)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return ", ".join(names[s] for s in typed if s < len(names)) or None


def _side_letter(index: int) -> str:
    return "ABCDEFGH"[index]


NONE_KEY = "none"


class SideOf(Field):
    """A side: the API's letter ``"A"``, ``"B"``…; the form's keys name its players. With
    ``nobody`` (its key's words, before the sides' keys and already tapped), no side is an
    answer too: the API's null or the field left out, and left out of a stored hand
    (Pinochle's side that took a trick with no counter in it, most often nobody)."""

    metavar = "SIDE"
    style = "names"

    def __init__(self, name: str, label: Message, *, nobody: Message | str | None = None, **kw):
        if nobody is not None:
            kw = {"default": None, "null_is_default": True, "omit_empty": True, **kw}
        super().__init__(name, label, **kw)
        self.nobody = nobody

    def parse(self, value: Any, ctx: Context) -> int:
        letters = [_side_letter(i) for i in range(len(ctx.sides))]
        if isinstance(value, str) and value.strip().upper() in letters:
            return letters.index(value.strip().upper())
        said = msg(
            "%(field)s must be a side, %(sides)s, not %(value)s",
            field=self.name,
            sides=" or ".join(letters),
            value=shown(value),
        )
        raise Refused(
            (self.name, said.said_at_table("%(what)s must be one of the sides.", what=self.label))
        )

    def dump(self, typed: Any) -> Any:
        return None if typed is None else _side_letter(typed)

    def load(self, value: Any) -> Any:
        return None if value is None else "ABCDEFGH".index(value)

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        sides = tuple(
            Choice(_side_letter(i), " & ".join(players[s] for s in side if s < len(players)))
            for i, side in enumerate(ctx.sides)
        )
        if self.nobody is None:
            return sides
        return (Choice(NONE_KEY, self.nobody), *(replace(key, tone="wide") for key in sides))

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        (side,) = super().form_fields(ctx, players)
        return (side,) if self.nobody is None else (replace(side, default=NONE_KEY),)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        nobody = self.nobody is not None and values.get(self.name) == NONE_KEY
        return None if nobody else super().from_form(values, ctx)

    def range_words(self, ctx: Context) -> str:
        return "the side, " + " or ".join(_side_letter(i) for i in range(len(ctx.sides)))

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return "" if typed is None else " & ".join(names[s] for s in ctx.sides[typed])

    def draw(self, ctx: Context, rng: random.Random) -> str | None:
        if self.nobody is not None and rng.random() < 0.8:
            return None  # nobody, as most hands have it
        return _side_letter(rng.randrange(len(ctx.sides)))

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return None if typed is None else " & ".join(names[s] for s in ctx.sides[typed])


class SuitOf(Field):
    """A suit (``Suit``): the API's letter C, D, H or S; with ``none`` (a Message naming
    the hand without a suit) also null, its own key on the form."""

    metavar = "SUIT"
    style = "suits"

    def __init__(self, name: str, label: Message, none: Message | None = None, **kwargs: Any):
        super().__init__(name, label, **kwargs)
        self.none = none

    def parse(self, value: Any, ctx: Context) -> Suit | None:
        if value is None and self.none is not None:
            return None
        if isinstance(value, str):  # a letter in any case, or a symbol
            try:
                return Suit.from_str(value)
            except ParseError:
                pass
        if self.none is not None:
            said = msg(
                "%(field)s must be a suit, C, D, H or S, or null for none, not %(value)s",
                field=self.name,
                value=shown(value),
            )
            table = said.said_at_table(
                "%(what)s must be a suit or %(none)s.", what=self.label, none=self.none
            )
        else:
            said = msg(
                "%(field)s must be a suit, C, D, H or S, not %(value)s",
                field=self.name,
                value=shown(value),
            )
            table = said.said_at_table("%(what)s must be a suit.", what=self.label)
        raise Refused((self.name, table))

    def dump(self, typed: Any) -> Any:
        return None if typed is None else typed.letter

    def load(self, value: Any) -> Any:
        return None if value is None else Suit.from_str(value)

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        suits = tuple(Choice(s.letter, s.symbol, "red" if s.is_red else "") for s in Suit)
        return suits if self.none is None else (*suits, Choice(NONE_KEY, self.none, "wide"))

    def to_form(self, value: Any) -> dict[str, str]:
        return {self.name: NONE_KEY if value is None else str(value)}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        value = values.get(self.name)
        if value == NONE_KEY and self.none is not None:
            return None
        return "" if value is None else value

    def range_words(self, ctx: Context) -> str:
        return "C, D, H or S" + ("" if self.none is None else ", or none")

    def from_option(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip().lower() == NONE_KEY and self.none is not None:
            return None
        return value

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return NONE_KEY if typed is None else typed.letter

    def draw(self, ctx: Context, rng: random.Random) -> str | None:
        keys = ["C", "D", "H", "S"] + ([None] if self.none is not None else [])
        return rng.choice(keys)

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Message | str | None:
        return self.none if typed is None else typed.symbol


class Count(Field):
    """A whole number from ``low`` to ``high`` (each an int or a callable of the Context);
    with ``halves``, a half too (40.5, written with either decimal sign: French Tarot's
    card points). With a ``default``, the form's key of that value is already tapped, and
    the row is not asked while it is the only one; ``read_back``, how a folded step's head
    reads the value back (``FormField.read_back``)."""

    metavar = "N"
    style = "short"

    def __init__(
        self,
        name: str,
        label: Message,
        low: Bound = 0,
        high: Bound = None,
        read_back: Message | None = None,
        halves: bool = False,
        **kwargs: Any,
    ):
        super().__init__(name, label, **kwargs)
        self.low = low
        self.high = high
        self.read_back = read_back
        self.halves = halves

    def bounds(self, ctx: Context) -> tuple[int | None, int | None]:
        return bound(self.low, ctx), bound(self.high, ctx)

    def parse(self, value: Any, ctx: Context) -> Any:
        return _whole(value, self.name, self.label, *self.bounds(ctx), self.halves)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        found = _count_field(self.name, self.label, *self.bounds(ctx), halves=self.halves)
        if self.default is not MISSING and self.default is not None:
            found = replace(found, default=str(self.default), hidden_when_single=True)
        optional = self.default is None and self.null_is_default  # empty is an answer
        return (replace(found, read_back=self.read_back, optional=optional),)

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return str(typed) if isinstance(typed, float) else typed  # a half: "40.5" in a CSV

    def range_words(self, ctx: Context) -> str:
        words = _range_words(*self.bounds(ctx))
        return f"{words}, a half as 40.5" if self.halves else words

    def draw(self, ctx: Context, rng: random.Random) -> Any:
        if self.halves:
            low, high = self.bounds(ctx)
            drawn = _draw_in(2 * (low or 0), 2 * (high if high is not None else 20), rng) / 2
            return int(drawn) if drawn.is_integer() else drawn
        return _draw_in(*self.bounds(ctx), rng)


def _count_field(
    name: str, label: Message, low: int | None, high: int | None, seat=None, halves=False
) -> FormField:
    """Keys for a short range, else a box to type in (always for ``halves``: a half has
    no key)."""
    low = 0 if low is None else low
    if high is not None and high - low < KEYS_AT_MOST and not halves:
        return FormField(name, label, numbers(low, high), seat=seat, style="short")
    high = 999 if high is None else high
    return FormField(name, label, seat=seat, low=low, high=high, halves=halves)


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"at least {low}"
    if high is not None:
        return f"at most {high}"
    return "a whole number"


def _draw_in(low: int | None, high: int | None, rng: random.Random) -> int:
    low = 0 if low is None else low
    high = low + 20 if high is None else high
    return rng.randint(low, high) if low <= high else low


class YesNo(Field):
    """Yes or no: the API's true/false (false when left out), a flag on the command line,
    keys yes and no on the form (no already tapped)."""

    metavar = ""

    def __init__(self, name: str, label: Message, **kwargs: Any):
        kwargs.setdefault("default", False)
        super().__init__(name, label, **kwargs)

    def parse(self, value: Any, ctx: Context) -> bool:
        if value in (True, False):
            return bool(value)
        said = msg(
            "%(field)s must be true or false, not %(value)s", field=self.name, value=shown(value)
        )
        raise Refused(
            (self.name, said.said_at_table("%(what)s must be yes or no.", what=self.label))
        )

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = (Choice("yes", msg("yes")), Choice("no", msg("no")))
        return (FormField(self.name, self.label, keys, style="short", default="no"),)

    def to_form(self, value: Any) -> dict[str, str]:
        return {self.name: "yes" if value else "no"}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        value = values.get(self.name)
        return {"yes": True, "no": False, None: False, "": False}.get(value, value)

    def option(self, ctx: Context) -> HandOption:
        return HandOption(self.name, self.help or f"{self.label}.", flag=True)

    def from_option(self, value: Any) -> Any:
        return bool(value)

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return int(bool(typed))

    def draw(self, ctx: Context, rng: random.Random) -> bool:
        return rng.random() < 0.3

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Message | None:
        return self.label if typed else None


class OneOf(Field):
    """One of named ``options``: ``(("key", msg("Label")), …)``, the API's key.
    ``tapped``: the form's key of its ``default`` is already tapped (the plain case: no
    Schneider, nobody knocked), and a form that sends none reads as the default.
    ``offered`` (a function of the Context): the keys the rules play, the others refused
    in the table's words."""

    metavar = "CHOICE"
    style = "wide"  # words, as wide as they need

    def __init__(
        self,
        name: str,
        label: Message,
        options: Sequence[tuple[str, Message]],
        tapped: bool = False,
        *,
        offered: Callable[[Context], Any] | None = None,
        **kwargs: Any,
    ):
        super().__init__(name, label, **kwargs)
        self.options, self.offered = tuple(options), offered
        self.metavar = "|".join(key for key, _ in self.options)
        self.tapped = tapped

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        found = super().form_fields(ctx, players)
        return tuple(replace(f, default=self.default) for f in found) if self.tapped else found

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        value = super().from_form(values, ctx)
        return self.default if value is None and self.tapped else value

    def is_offered(self, key: str, ctx: Context) -> bool:
        return self.offered is None or key in self.offered(ctx)

    def parse(self, value: Any, ctx: Context) -> str:
        keys = [key for key, _ in self.options]
        if isinstance(value, str) and value in keys and not self.is_offered(value, ctx):
            said = msg(
                "%(field)s: %(value)s is not played under these rules", field=self.name, value=value
            )
            table = said.said_at_table(
                "%(value)s is not played at this table.", value=dict(self.options)[value]
            )
            raise Refused((self.name, table))
        if isinstance(value, str) and value in keys:
            return value
        said = msg(
            "%(field)s must be one of %(options)s, not %(value)s",
            field=self.name,
            options=", ".join(keys),
            value=shown(value),
        )
        raise Refused(
            (self.name, said.said_at_table("%(what)s must be one of its choices.", what=self.label))
        )

    def choices(self, ctx: Context, players: Sequence[str]) -> tuple[Choice, ...]:
        return tuple(Choice(k, label) for k, label in self.options if self.is_offered(k, ctx))

    def range_words(self, ctx: Context) -> str:
        return ", ".join(key for key, _ in self.options)

    def draw(self, ctx: Context, rng: random.Random) -> str:
        return rng.choice([key for key, _ in self.options if self.is_offered(key, ctx)])

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> Message | None:
        return None if typed is None else dict(self.options)[typed]


class _Listed(Field):
    """Whole numbers, one per seat (``PerSeat``) or per side (``PerSide``), from ``low``
    to ``high`` each, adding up to ``total`` when it is given (see ``totalled``).
    ``folded``: a rare penalty, on the form in its step's folded group,
    each box at 0, and a box left empty read as 0. ``said``: one number as the table says
    it in a sentence, a function of the number giving a Message ("took 3", "1 penalty");
    without it, the label and the number ("Meld: 20")."""

    listed = True
    metavar = "N,N,…"

    def __init__(
        self,
        name: str,
        label: Message,
        low: Bound = 0,
        high: Bound = None,
        total: Bound = None,
        prefix: str | None = None,
        folded: bool = False,
        said: Callable[[int], Message] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(name, label, **kwargs)
        self.low = low
        self.high = high
        self.total = total
        self.prefix = prefix or name  # the form's fields are f"{prefix}_{i}"
        self.folded = folded
        self.said = said

    def said_of(self, number: Any) -> Message:
        """One of the field's numbers as a sentence says it (``said``), or its label and
        the number (a side's figures of two partners: "2/3")."""
        if self.said is not None and isinstance(number, int):
            return self.said(number)
        return msg("%(what)s: %(n)s", what=self.label, n=number)

    def _box(self, name: str, label: Message, ctx: Context, seat: int | None = None) -> FormField:
        low, high = self.bounds(ctx)
        if self.folded:
            high = 999 if high is None else high
            return FormField(
                name, label, seat=seat, low=low or 0, high=high, default="0", folded=True
            )
        return _count_field(name, label, low, high, seat=seat)

    def count(self, ctx: Context) -> int:
        return ctx.seats if self.per == "seat" else len(ctx.sides)

    def bounds(self, ctx: Context) -> tuple[int | None, int | None]:
        return bound(self.low, ctx), bound(self.high, ctx)

    def item_label(self, index: int) -> Message:
        return self.label

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        n = self.count(ctx)
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple) or len(value) != n:
            if self.per == "seat":
                said = msg(
                    "%(field)s must be a list of %(count)d whole numbers, one per seat, "
                    "not %(value)s",
                    field=self.name,
                    count=n,
                    value=shown(value),
                ).said_at_table("%(what)s must be given for every player.", what=self.label)
            else:
                said = msg(
                    "%(field)s must be a list of %(count)d whole numbers, one per side, "
                    "not %(value)s",
                    field=self.name,
                    count=n,
                    value=shown(value),
                ).said_at_table("%(what)s must be given for every side.", what=self.label)
            raise Refused((self.name, said))
        low, high = self.bounds(ctx)
        found, problems = [], []
        for index, item in enumerate(value):
            try:
                found.append(
                    _whole(item, f"{self.name}[{index}]", self.item_label(index), low, high)
                )
            except Refused as exc:
                problems += exc.problems
        if problems:
            raise Refused(*problems)
        return self.totalled(found, ctx)

    def totalled(self, found: Sequence[int], ctx: Context) -> tuple[int, ...]:
        """``found`` as the typed value; raises Refused if it does not add up to ``total``
        (a game words that refusal its own way by overriding this)."""
        total = bound(self.total, ctx)
        if total is not None and sum(found) != total:
            values = {"field": self.name, "what": self.label, "total": total, "sum": sum(found)}
            said = msg("%(field)s must add up to %(total)d, not %(sum)d", **values)
            table = said.said_at_table("%(what)s must add up to %(total)d, not %(sum)d.", **values)
            raise Refused((self.name, table))
        return tuple(found)

    def dump(self, typed: Any) -> Any:
        return None if typed is None else list(typed)

    def load(self, value: Any) -> Any:
        return None if value is None else tuple(value)

    def to_form(self, value: Any) -> dict[str, str]:
        return {} if value is None else {f"{self.prefix}_{i}": str(v) for i, v in enumerate(value)}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        found = [values.get(f"{self.prefix}_{i}") for i in range(self.count(ctx))]
        return [value or 0 for value in found] if self.folded else found

    def range_words(self, ctx: Context) -> str:
        words = f"one per {self.per}, separated by commas, {_range_words(*self.bounds(ctx))} each"
        total = bound(self.total, ctx)
        return words if total is None else f"{words}, adding up to {total}"

    def option(self, ctx: Context) -> HandOption:
        text = self.help or f"{self.label}: {self.range_words(ctx)}."
        return HandOption(self.name, text, metavar=self.metavar, listed=True)

    def draw(self, ctx: Context, rng: random.Random) -> list[int]:
        n = self.count(ctx)
        low, high = self.bounds(ctx)
        low = 0 if low is None else low
        total = bound(self.total, ctx)
        if total is None:
            return [_draw_in(low, high, rng) for _ in range(n)]
        high = total if high is None else high
        found: list[int] = []
        for index in range(n):
            left, after = total - sum(found), n - index - 1
            lo, hi = max(low, left - high * after), min(high, left - low * after)
            found.append(rng.randint(lo, hi) if lo <= hi else lo)
        rng.shuffle(found)
        return found

    def words(self, typed: Any, names: Sequence[str], ctx: Context) -> str | None:
        return None if typed is None else "/".join(map(str, typed))


class PerSeat(_Listed):
    """One whole number per seat (bids, tricks): a field per seat on the form, in the
    seat's box; ``from_dealers_left`` asks them from the dealer's left, the dealer last."""

    per = "seat"

    def __init__(
        self, name, label, low=0, high=None, total=None, from_dealers_left=False, **kwargs
    ):
        super().__init__(name, label, low, high, total, **kwargs)
        self.from_dealers_left = from_dealers_left

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(self._box(f"{self.prefix}_{s}", self.label, ctx, s) for s in range(ctx.seats))


class PerSide(_Listed):
    """One whole number per side (points of each side), in the order of ``sides``."""

    per = "side"

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(
            self._box(
                f"{self.prefix}_{i}",
                msg(
                    "%(thing)s for %(name)s",
                    thing=self.label,
                    name=" & ".join(players[s] for s in side if s < len(players)),
                ),
                ctx,
            )
            for i, side in enumerate(ctx.sides)
        )


class HandSchema:
    """A game's hand: its fields in the order the table writes them, whether a deal may be
    thrown in (one tap on the form; a callable of the Context: only under some rules, it
    returns None where one may be, else the refusal's Message), and the titles of the
    form's steps by id. A field whose ``default`` is a callable takes its value of the
    Context when the body leaves it out. The form's ways with its steps: ``folds``, the
    steps that fold to one line once complete (a bid made); ``folded_label``, the words
    of a step's folded group (a rare penalty), and ``thrown_in_label``, the throw-in
    key's words, each a Message or a callable of the Context giving one; ``examples``, a
    first hand by preset that the rules page works out.

    What is the hand's own beyond its fields a game says by subclassing it (as it
    subclasses a field's kind), never on its game class: the keys a body may carry
    besides the fields (``hand_fields``: an old name of a thrown-in deal), a stored hand
    as the form's values (``form_values``), the command line's options and how a hand
    typed there scores (``options``, ``typed``), the fields the API's ``GET .../score``
    shortcut reads (``query``), and a random legal hand (``random_body``). ``GameBase``
    asks the schema for each."""

    query: tuple[str, ...] = ()
    """The fields ``GET /api/games/<id>/score`` reads from its query string, each a list
    separated by commas, scored as the command line's ``typed`` scores them (its
    ``ScoredHand.preview``); empty, as for most games: no shortcut, a whole hand is
    scored by ``/preview``."""

    def __init__(
        self,
        *fields: Field,
        thrown_in: bool | Callable[[Context], Message | None] = False,
        steps: Mapping[str, Message] | None = None,
        folds: Sequence[str] = (),
        folded_label: Message | Callable[[Context], Message] | None = None,
        thrown_in_label: Message | Callable[[Context], Message] | None = None,
        examples: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names) or "thrown_in" in names:
            raise ValueError(f"a hand's fields need names of their own: {names}")
        self.fields = tuple(fields)
        self.thrown_in = thrown_in
        self.steps = dict(steps or {})
        self.folds, self.folded_label, self.thrown_in_label = folds, folded_label, thrown_in_label
        self.by_name = {f.name: f for f in fields}
        self.examples = dict(examples or {})
        """By preset, the first hand of a game (dealt by seat 0, at the game's usual table)
        as the API's body, that the rules page works out term by term; a preset without
        one has a first hand the engine draws. The suite plays each again through the API."""

    def __iter__(self):
        return iter(self.fields)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    @property
    def hand_fields(self) -> frozenset[str]:
        return frozenset(self.names) | ({"thrown_in"} if self.thrown_in else set())

    def field(self, name: str) -> Field:
        return self.by_name[name]

    def throws_in(self, ctx: Context) -> bool:
        """Whether a deal may be thrown in under ``ctx``'s rules (``thrown_in``: a bool,
        or a callable of the Context giving None where one may be, else the refusal)."""
        if callable(self.thrown_in):
            return self.thrown_in(ctx) is None
        return bool(self.thrown_in)

    def unasked(self, ctx: Context) -> dict[str, str]:
        """The form's values of the fields not asked under ``ctx``'s rules (``only_if``):
        their empty values, which a field ``shown_when`` by one of them is shown by."""
        found: dict[str, str] = {}
        for described in self.fields:
            if not described.applies(ctx):
                found |= described.to_form(described.dump(described.empty()))
        return found

    def form_values(self, hand: Mapping[str, Any]) -> dict[str, str]:
        """A stored hand (its ``to_dict()``) as the form's values, to edit it."""
        if hand.get("thrown_in"):
            return {}
        found: dict[str, str] = {}
        for described in self.fields:
            value = hand.get(described.name)
            if described.name not in hand or (value is None and not isinstance(described, SuitOf)):
                continue
            if described.only_if is not None and value == described.dump(described.empty()):
                continue  # perhaps not asked under the game's rules: the form sends it
            found |= described.to_form_in(value, hand)
        return found

    def form_body(
        self, ctx: Context, values: Mapping[str, Any], action: str | None
    ) -> dict[str, Any]:
        """The hand's body from the form's values under ``ctx``: each field asked (its
        ``only_if`` and ``shown_when``) as its field reads it; the Thrown in action."""
        if action == "thrown_in" and self.thrown_in:
            return {"thrown_in": True}
        shown = self.unasked(ctx) | dict(values)
        return {
            f.name: f.from_form(values, ctx)
            for f in self.fields
            if f.applies(ctx) and self.is_shown(f, shown)
        }

    def csv_columns(self) -> tuple[CsvColumn, ...]:
        """The CSV export's columns of the fields whose ``csv`` says so: hand-level ones
        after ``dealer``, a value per seat or side after ``player``."""
        return tuple(
            CsvColumn(f.column, after="player" if f.listed else "dealer")
            for f in self.fields
            if f.csv
        )

    def csv_cells(
        self, game: Any, replayed: Any, names: Sequence[str]
    ) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
        """A replayed hand's cells of ``csv_columns``: the hand's (a seat or side by its
        players' ``names``, a yes/no 1 or 0) and one mapping per seat of ``game``'s
        table (a value per side on each of its seats' rows). A thrown-in deal has none."""
        record = replayed.record
        seats: tuple[dict[str, Any], ...] = tuple({} for _ in range(game.seats))
        if record.thrown_in:
            return {}, seats
        ctx = game.context(getattr(replayed, "settings", None))
        hand: dict[str, Any] = {}
        for described in self.fields:
            value = getattr(record, described.name)
            if not described.csv or value is None:
                continue
            if not described.listed:
                hand[described.column] = described.cell(value, names, ctx)
                continue
            for seat in range(game.seats):
                index = seat if isinstance(described, PerSeat) else ctx.side_of(seat)
                seats[seat][described.column] = value[index]
        return hand, seats

    def options(self, game: Any) -> tuple[HandOption, ...]:
        """``scorekeeper score``'s options for ``game``: one per field (a yes/no a flag, a
        per-seat value listed), its help made from its label and its range under the
        default rules."""
        ctx = game.context(game.preset(game.default_preset))
        unless = "thrown_in" if self.thrown_in else None
        found = []
        for described in self.fields:
            option = described.option(ctx)
            needed = (
                described.default is MISSING
                and described.only_if is None
                and described.shown_when is None
                and not isinstance(described, YesNo)
            )
            if needed:
                option = HandOption(
                    option.name,
                    option.help,
                    option.metavar,
                    option.flag,
                    option.listed,
                    True,
                    unless,
                )
            found.append(option)
        if self.thrown_in:
            found.append(
                HandOption("thrown_in", "The deal was thrown in: nobody played it.", flag=True)
            )
        return tuple(found)

    def typed(self, game: Any, settings: Any, given: Mapping[str, Any]) -> ScoredHand:
        """The hand typed as ``options`` (by name), scored by ``game`` as its ``preview``."""
        if given.get("thrown_in"):
            return scored_record(
                game, settings, game.record_from_dict(settings, {"thrown_in": True})
            )
        body = {
            f.name: f.from_option(given[f.name])
            for f in self.fields
            if given.get(f.name) not in (None, False)
        }
        return scored_record(game, settings, game.record_from_dict(settings, body))

    def random_body(
        self, game: Any, settings: Any, ctx: Context, rng: random.Random
    ) -> dict[str, Any]:
        """A legal hand's body for ``ctx`` (its settings and place): each field drawn in
        its range, totals respected, drawn again until ``game.record_from_dict`` accepts
        it."""
        for _ in range(1000):
            body: dict[str, Any] = {}
            shown = self.unasked(ctx)
            if self.throws_in(ctx) and rng.random() < 0.05:
                body = {"thrown_in": True}  # perhaps not under these rules: read it
            for described in () if body else self.fields:
                if not described.applies(ctx) or not self.is_shown(described, shown):
                    continue
                body[described.name] = described.drawn(ctx, rng)
                shown |= described.to_form(body[described.name])
            try:
                game.record_from_dict(settings, body, ctx.place)
            except InvalidHand:
                continue
            return body
        raise RuntimeError(f"{game.key}: no legal random hand found in 1000 draws")

    def is_shown(self, described: Field, form_values: Mapping[str, Any]) -> bool:
        """Whether ``described`` is asked, by its ``shown_when`` and the form's values."""
        if described.shown_when is None:
            return True
        by, values = described.shown_when
        return form_values.get(by) in values

    def read(self, game: Any, body: Any, ctx: Context) -> Hand:
        """The hand in ``body``, every field checked, then the game's ``check``; raises
        InvalidHand with every problem found."""
        if not isinstance(body, Mapping):
            raise InvalidHand([("hand", msg("a hand must be a JSON object"))])
        thrown = body.get("thrown_in", False)
        if thrown not in (True, False, None):
            problem = msg("thrown_in must be true or false, not %(value)s", value=shown(thrown))
            raise InvalidHand([("thrown_in", problem)])
        if thrown:
            if not self.thrown_in:
                problem = msg(
                    "thrown_in: a hand of %(game)s is never thrown in",
                    game=name_in(game.name, OF_ONE),
                )
                raise InvalidHand([("thrown_in", problem)])
            refused = self.thrown_in(ctx) if callable(self.thrown_in) else None
            if refused is not None:
                raise InvalidHand([("thrown_in", refused)])
            return self._thrown_in(game, self.thrown_in_values(body, ctx))
        values: dict[str, Any] = {}
        problems: list[tuple[str, Message]] = []
        form_view = self.unasked(ctx)
        for described in self.fields:
            value = body.get(described.name)
            applies = described.applies(ctx)
            if not applies or not self.is_shown(described, form_view):
                values[described.name] = described.empty()
                # Not asked; unless what it hangs on was refused, and is not known.
                unknown = applies and described.shown_when[0] not in form_view
                given = value is not None and value != described.dump(described.empty())
                if given and not unknown:
                    problems.append((described.name, _not_asked(described, applies)))
                continue
            try:
                typed = described.read_in(body, ctx)
            except Refused as exc:
                problems += exc.problems
                continue
            values[described.name] = typed
            form_view.update(described.to_form(described.dump(typed)))
        if problems:
            raise InvalidHand(problems)
        hand = Hand(game, values, False)
        problems = list(game.check(ctx.settings, hand, ctx))
        if problems:
            raise InvalidHand(problems)
        return hand

    def thrown_in_values(self, body: Mapping[str, Any], ctx: Context | None) -> dict[str, Any]:
        """What a deal thrown in holds besides being thrown in, typed, read from ``body``
        (``ctx`` None: a stored hand, typed without checks): nothing, unless the game's
        table writes more of such a deal and says so by subclassing (the rounds of card
        exchange that came before all passed, say). Raises InvalidHand."""
        return {}

    def _thrown_in(self, game: Any, kept: Mapping[str, Any]) -> Hand:
        return Hand(game, {f.name: kept.get(f.name, f.empty()) for f in self.fields}, True)

    def load(self, game: Any, body: Mapping[str, Any]) -> Hand:
        """A stored hand (its ``to_dict``) typed without checks, to show it."""
        if body.get("thrown_in"):
            return self._thrown_in(game, self.thrown_in_values(body, None))
        values = {}
        for f in self.fields:
            value = body.get(f.name)
            values[f.name] = f.empty() if value is None and f.name not in body else f.load(value)
        return Hand(game, values, False)


def stored_record(game: Any, settings: Any, body: Any, place: Any = None) -> Any:
    """A hand as it was stored (the database's ``hands.record``, a phone's kept copy), read
    at ``place`` where known. A hand an earlier version stored that today's rules refuse (a
    check added since: Belote's 161 card points) opens as it was saved, typed by the game's
    hand without its checks: players' data is never lost to a stricter rule; editing it
    asks for a hand the rules allow."""
    try:
        return game.record_from_dict(settings, body, place)
    except InvalidHand:
        if not isinstance(body, Mapping):
            raise
        return game.hand.load(game, body)


class Hand:
    """A hand as the table wrote it down, by a game's schema: its typed values by
    attribute (``hand.tricks``), ``thrown_in``, ``to_dict()`` (the API's and the store's
    form) and ``score(settings)``. Frozen, hashable, equal when its values are."""

    __slots__ = ("_game", "_values", "thrown_in")

    def __init__(self, game: Any, values: Mapping[str, Any], thrown_in: bool = False) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_values", dict(values))
        object.__setattr__(self, "thrown_in", bool(thrown_in))

    def __getattr__(self, name: str) -> Any:
        try:
            return object.__getattribute__(self, "_values")[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a hand is frozen: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a hand is frozen: {name} cannot be deleted")

    def __reduce__(self):
        return (Hand, (self._game, self._values, self.thrown_in))

    def _key(self) -> tuple[Any, ...]:
        return (self._game.key, self.thrown_in, tuple(self._values.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        if self.thrown_in:
            return "Hand(thrown_in=True)"
        return "Hand(" + ", ".join(f"{k}={v!r}" for k, v in self._values.items()) + ")"

    @property
    def values(self) -> dict[str, Any]:
        """The typed values by field name (a copy)."""
        return dict(self._values)

    def to_dict(self) -> dict[str, Any]:
        schema = self._game.hand
        values = self._values
        if self.thrown_in:  # and what the game keeps of such a deal (``thrown_in_values``)
            kept = (f for f in schema.fields if values[f.name] != f.empty())
            return {"thrown_in": True, **{f.name: f.dump(values[f.name]) for f in kept}}
        found = {f.name: f.dump(values[f.name]) for f in schema.fields if f.written(values[f.name])}
        return {**found, "thrown_in": False} if schema.thrown_in else found

    def score(self, settings: Any) -> Any:
        """The hand's score, place-less (``points`` per side)."""
        return self._game.score_at(settings, self, None)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One hand as every page shows it, from which the scoreboard's row, the one-line
    description, the Revisions page and the sheets are drawn: the seat it is about (or
    None), its bid (a Label or None), how it went (``outcome``), and per side what the
    table wrote (``entries``) and whether the side made its bid (``made``, None: no bid);
    ``penalties``, per side, what a penalty cost it, shown apart from its points (none:
    no penalties); ``said``, per side, its entries as the table says them in a sentence
    ("bid 2, took 0", "9 of 10 needed": a Message or Label, None for nothing), which
    the one-line hand shows where the sheet's cells show ``entries`` under their heads
    (none: the entries as they are)."""

    about: int | None
    bid: Label | None
    outcome: Label
    entries: tuple[tuple[str, ...], ...]
    made: tuple[bool | None, ...]
    penalties: tuple[PenaltyMark | None, ...] = ()
    said: tuple[Any, ...] = ()

    @classmethod
    def in_one_column(
        cls,
        column: int,
        columns: int,
        about: int | None,
        bid: Label | None,
        outcome: Label,
        entry: tuple[str, ...],
        made: bool | None,
        said: Any,
        marked: Sequence[int] = (),
    ) -> HandSummary:
        """A hand whose figures stand in one ``column`` of ``columns`` (the seat or side
        that played it: a taker's, the makers'): its ``entry``, whether it ``made`` its
        bid and its ``said`` there, the other columns blank; ``marked``, other columns
        that share the mark (French Tarot's called partner)."""
        at = range(columns)
        return cls(
            about,
            bid,
            outcome,
            tuple(entry if c == column else () for c in at),
            tuple(made if c == column or c in marked else None for c in at),
            said=tuple(said if c == column else None for c in at),
        )
