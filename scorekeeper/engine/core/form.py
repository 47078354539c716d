"""A game's hand form, described as plain data.

The app draws the form from this description and the page script (``static/hand.js``)
makes it quick to tap by reading the ``rules`` tables in it; neither knows any game. A
game describes:

- **steps**, in entry order, each a list of **fields**. A field is a row of tap keys (it
  has ``choices``) or a count from ``low`` to ``high``. A field with a ``seat`` is drawn
  in that seat's box, named after the player (a count there is a number box to type in,
  with a ± key when ``low`` is below zero); ``folded`` fields sit in a folded group under
  the step, a count there with − and + (a penalty counted now and then);
- **actions**: submit buttons that record a hand other than by the fields (everyone
  passed: throw in);
- **rules**: the tables the page script applies, each of one generic kind, with every
  value worked out by the engine beforehand. The kinds:

  ``allow``   ``{"field", "by", "table": {value of by: [allowed values]}, "auto", "why"}``:
              the keys of ``field`` allowed while ``by`` has a value. ``field`` may name a
              seat's field through another field's value, as ``"bid_{about}"``.
              With ``auto`` the only allowed value is filled in (here and on the server).
  ``show``    ``{"field", "by", "values"}``: ``field`` is asked only while ``by`` is one of
              ``values`` (a game asks for one field or another, by what was chosen).
  ``order``   ``{"by", "speakers": {value: [seats]}, "shown": {value: [seats]},
              "fixed_step"}``: the order the seats' boxes are asked in and shown in, by
              ``by``'s value; a seat not among the speakers is fixed in ``fixed_step``.
  ``forbid``  ``{"prefix", "by", "last": {value: seat}, "forbidden": [per total], "why"}``:
              once every other seat's ``prefix`` field has a value, the last seat may not
              take ``forbidden[total of the others]`` (Israeli Whist's forbidden number).
  ``sum``     ``{"prefix", "total", "why", "count"}``: the seats' ``prefix`` fields total
              ``total``; the last one left untapped fills itself in, with any value its
              field takes (``why`` says when none fits: ``{sum}``, ``{total}``, ``{n}``;
              the optional ``below`` says so when the value filled in is below zero).
  ``complement`` ``{"prefix", "sides", "total"}``: the boxes ``prefix_0`` … (a number per
              side, not per seat) total ``total``: once every box but one is typed, that
              one fills itself in with what is left (here and on the server).
  ``tally``   ``{"prefix", "into", "sides", "weights": {item: points}}``: each side's boxes
              ``prefix_<side>_<item>`` count items worth ``weights``; the side's box
              ``into_<side>`` shows their sum while any is counted (``core.tally``).
  ``total``   ``{"prefix", "step", "words": [per total], "text", "text_word"}``: the step's
              head shows the total as it is typed, and a word for it once every seat has
              a value.
  ``hint``    ``{"field", "by", "table": {value of by: number}, "why"}``: under ``field``, the
              sentence ``why`` with ``{n}`` from the table (what a bid needs).
  ``stake``   ``{"prefix", "by", "rows": [per value], "own_rows": [...], "texts"}``: under
              a seat's field, a line on what its value puts at stake (``own_rows`` for the
              seat that ``by`` names); numbers in a row are points, shown signed.

A folded step's head reads its keys back side by side ("7♥"), names apart, and a field
with a ``read_back`` sentence apart from them, after a dot.

- **texts**: the sentences the rules name (``why`` and so on), as translatable messages
  with ``{braced}`` names that the page fills in.

A game turns the form's values into the hand body its ``record_from_dict`` reads, and a
stored hand back into values, with ``form_body`` and ``form_values``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import EngineError
from .language import isolate
from .messages import Message, Seat, Side, msg, nmsg


@dataclass(frozen=True, slots=True)
class Choice:
    """One key. ``tone`` is a look ("red" for a red suit, "wide" for a word among symbols
    that needs a row of its own), never a rule."""

    value: str
    label: Message | str
    tone: str = ""


@dataclass(frozen=True, slots=True)
class FormField:
    """One field. ``choices`` draws it as keys; without choices it is a count, low..high
    (``low`` below zero for points that may be negative: the round sheet's)."""

    name: str
    label: Message
    choices: tuple[Choice, ...] = ()
    seat: int | None = None
    style: str = ""  # the keys' size: "names", "levels", "suits", "short"
    high: int = 0
    default: str | None = None
    folded: bool = False  # in the step's folded group (a rare penalty)
    hidden_when_single: bool = False  # one choice only: sent, not asked
    low: int = 0
    read_back: Message | None = None
    """How a folded step's head reads this field's value back, apart from the other
    keys: a sentence with ``{value}``; its default is not read back."""
    halves: bool = False
    """A count that may be a half (40.5): typed with either decimal sign, said how."""
    optional: bool = False  # may be left empty: never "still missing"
    short: Message | None = None
    """The label drawn beside a folded box where a ``heading`` before it says whose it is
    (the full ``label`` stays for sentences and screen readers)."""
    heading: Message | None = None  # drawn before the box in its folded group

    @property
    def is_count(self) -> bool:
        return not self.choices

    @property
    def is_hidden(self) -> bool:
        """A field with one choice only: sent, not asked."""
        return self.hidden_when_single and len(self.choices) <= 1


@dataclass(frozen=True, slots=True)
class Step:
    """A numbered part of the form. ``folds``: it folds to one line once complete."""

    id: str
    label: Message
    fields: tuple[FormField, ...]
    folds: bool = False
    folded_label: Message | None = None  # the summary of the folded group
    note: Message | None = None  # a line under the step


@dataclass(frozen=True, slots=True)
class Action:
    """A submit button that records a hand another way, drawn at the end of ``step``."""

    name: str
    label: Message
    step: str


@dataclass(frozen=True, slots=True)
class HandFormSpec:
    """The whole description; ``errors`` maps an engine error's field (``bids[2]``,
    ``bid``) to the form field or step it belongs beside."""

    steps: tuple[Step, ...]
    actions: tuple[Action, ...] = ()
    rules: Mapping[str, Any] = field(default_factory=dict)
    texts: Mapping[str, Message] = field(default_factory=dict)
    errors: Mapping[str, str] = field(default_factory=dict)
    sides: tuple[tuple[int, ...], ...] = ()
    """The game's sides (seats that score together), for refusals whose table words name
    a :class:`Side`: the page names its players. Empty: the game's form does not say."""

    @property
    def fields(self) -> tuple[FormField, ...]:
        return tuple(f for step in self.steps for f in step.fields)

    def with_rules(
        self, rules: Mapping[str, Any], texts: Mapping[str, Message] | None = None
    ) -> HandFormSpec:
        """This form with a game's own rules (``rules`` by kind, each kind's after the
        schema's) and the sentences they name (``texts`` by key): what a game's
        ``hand_form`` adds to the form its ``hand`` draws."""
        merged = {kind: list(found) for kind, found in self.rules.items()}
        for kind, found in rules.items():
            merged.setdefault(kind, []).extend(found)
        return replace(self, rules=merged, texts={**self.texts, **(texts or {})})

    def field_named(self, name: str) -> FormField | None:
        return next((f for f in self.fields if f.name == name), None)

    def step_of(self, name: str) -> str | None:
        """The id of the step that holds the field ``name``."""
        return next(
            (step.id for step in self.steps if any(f.name == name for f in step.fields)), None
        )

    def hidden_defaults(self) -> dict[str, Any]:
        """The values the form sends for the fields it does not ask (``FormField.is_hidden``)."""
        return {f.name: f.default for f in self.fields if f.is_hidden and f.default is not None}

    def error_target(self, engine_field: str) -> str:
        """The form field or step an engine error about ``engine_field`` goes beside; "hand"
        for a problem with the hand as a whole."""
        if engine_field in self.errors:
            return self.errors[engine_field]
        base = engine_field.partition("[")[0]
        if base in self.errors:
            return self.errors[base]
        if self.field_named(engine_field) is not None:
            return engine_field
        return "hand"


def numbers(low: int, high: int) -> tuple[Choice, ...]:
    """Keys for the whole numbers low..high."""
    return tuple(Choice(str(n), str(n)) for n in range(low, high + 1))


def fill_fixed(spec: HandFormSpec, values: dict[str, Any]) -> None:
    """Fills in every field that an ``allow`` rule with ``auto`` leaves one value only, and
    the one box a ``complement`` rule leaves empty, as the page script does: a form posted
    without the script records the same hand."""
    for rule in spec.rules.get("complement", ()):
        names = [f"{rule['prefix']}_{i}" for i in range(rule["sides"])]
        empty = [name for name in names if values.get(name) in (None, "")]
        try:
            typed = sum(int(values[name]) for name in names if name not in empty)
        except (TypeError, ValueError):
            continue
        if len(empty) == 1 and rule["total"] - typed >= 0:
            values[empty[0]] = str(rule["total"] - typed)
    for rule in spec.rules.get("allow", ()):
        if not rule.get("auto"):
            continue
        name = resolve(rule["field"], values)
        by = values.get(rule["by"])
        if name is None or by in (None, "") or values.get(name) not in (None, ""):
            continue
        allowed = rule["table"].get(str(by))
        if allowed is not None and len(allowed) == 1:
            values[name] = str(allowed[0])


def resolve(name: str, values: Mapping[str, Any]) -> str | None:
    """A field name with ``{other}`` replaced by the other field's value, or None while that
    has none."""
    if "{" not in name:
        return name
    head, _, rest = name.partition("{")
    other, _, tail = rest.partition("}")
    value = values.get(other)
    return None if value in (None, "") else f"{head}{value}{tail}"


@dataclass(frozen=True, slots=True)
class Forbidden:
    """A value a ``forbid`` rule forbids, found on the form: the rule, the field and seat
    that hold it, and the value."""

    rule: Mapping[str, Any]
    field: str
    seat: int
    value: int


def forbidden_entry(spec: HandFormSpec, values: Mapping[str, Any]) -> Forbidden | None:
    """The value a ``forbid`` rule forbids, when the form holds it: how the form says who
    may not say what."""
    for rule in spec.rules.get("forbid", ()):
        by = values.get(rule["by"])
        last = rule["last"].get(str(by)) if by not in (None, "") else None
        if last is None:
            continue
        prefix = rule["prefix"]
        seats = range(len(rule["last"]))
        try:
            chosen = {s: int(values[f"{prefix}_{s}"]) for s in seats}
            others = sum(v for s, v in chosen.items() if s != last)
            forbidden = rule["forbidden"][others]
        except (KeyError, TypeError, ValueError, IndexError):
            continue
        if forbidden is not None and chosen[last] == forbidden:
            return Forbidden(rule, f"{prefix}_{last}", last, forbidden)
    return None


# --- refusals in the table's words --------------------------------------------------------


def thing_named(described: FormField, players: Sequence[str]) -> Message:
    """What the table calls a field: its label, and whose it is for a seat's field ("Bid
    for Noa")."""
    if described.seat is None or described.seat >= len(players):
        return described.label
    return msg("%(thing)s for %(name)s", thing=described.label, name=players[described.seat])


def shown_order(spec: HandFormSpec, values: Mapping[str, Any]) -> list[int] | None:
    """The seats in the order the form shows their boxes (an ``order`` rule's, by its
    field's value), or None when the form keeps seat order."""
    for rule in spec.rules.get("order", ()):
        by = values.get(rule["by"])
        if by in (None, ""):
            continue
        shown = rule["shown"].get(str(by))
        if shown is not None:
            return list(shown)
    return None


def in_shown_order(fields: Sequence[FormField], order: Sequence[int] | None) -> list[FormField]:
    """``fields`` with the seats' in ``order`` (None: as they are); a field of no seat
    keeps its place before them."""
    if order is None:
        return list(fields)
    place = {seat: index for index, seat in enumerate(order)}
    return sorted(fields, key=lambda f: -1 if f.seat is None else place.get(f.seat, len(order)))


def is_asked(spec: HandFormSpec, described: FormField, values: Mapping[str, Any]) -> bool:
    """Whether the form asks the table for ``described`` now: not folded away, not sent
    without asking (one choice only), and shown by its ``show`` rule."""
    if described.folded or (described.hidden_when_single and len(described.choices) <= 1):
        return False
    for rule in spec.rules.get("show", ()):
        if rule["field"] == described.name and values.get(rule["by"]) not in rule["values"]:
            return False
    return True


def entry_order(spec: HandFormSpec, values: Mapping[str, Any]) -> list[FormField]:
    """The fields the form asks for, in the order the table fills them in: step by step,
    a step's seats in the order it shows them."""
    order = shown_order(spec, values)
    found: list[FormField] = []
    for step in spec.steps:
        found += in_shown_order([f for f in step.fields if is_asked(spec, f, values)], order)
    return found


def missing_entries(spec: HandFormSpec, values: Mapping[str, Any]) -> list[FormField]:
    """The fields asked for and left empty, in entry order."""
    order = entry_order(spec, values)
    return [f for f in order if values.get(f.name) in (None, "") and not f.optional]


def table_refusals(
    spec: HandFormSpec,
    problems: Sequence[tuple[str, str]],
    values: Mapping[str, Any] | None,
    players: Sequence[str],
) -> list[tuple[str, Message | str]]:
    """The engine's refusal of the hand on the form, as the page says it: (the engine
    field it is about, the sentence in the table's words).

    While entries are missing, one sentence names the first of them in the order the table
    fills them in (an empty Save hears once what to enter first, not a line per box).
    Otherwise each problem in its table words (``Message.table``, its :class:`Seat`\\ s
    named), or with the field it names as the table calls it. ``values`` None: the hand
    was recorded another way (an action button) that asks only some of the fields, so
    nothing is said missing. The API and the command line keep the engine's messages."""
    missing = [] if values is None else missing_entries(spec, values)
    if missing:
        first = missing[0]
        thing = thing_named(first, players)
        if len(missing) == 1:
            return [(first.name, msg("Still missing: %(thing)s.", thing=thing))]
        return [
            (
                first.name,
                nmsg(
                    "Still missing: %(thing)s, and %(num)d more entry.",
                    "Still missing: %(thing)s, and %(num)d more entries.",
                    len(missing) - 1,
                    thing=thing,
                ),
            )
        ]
    return [(field, table_words(spec, field, message, players)) for field, message in problems]


def form_refusals(
    spec: HandFormSpec,
    refused: EngineError,
    values: Mapping[str, Any],
    action: str | None,
    players: Sequence[str],
    translate: Callable[[Message], Any],
    named: Callable[[Message | str, Sequence[str]], Any],
) -> list[tuple[str, Any]]:
    """The engine's refusal of the entered hand as the hand form says it, the server's
    page and the phone's alike: each problem at its field in the table's words
    (``table_refusals``, then ``named`` in the page's language with the players by name),
    and the forbidden value (``forbidden_said``) once, beside its field, not again on its
    step. ``action``: the action button tapped, None for Save."""
    forbidden = forbidden_said(spec, values, players, translate) if action is None else None
    said = () if forbidden is None else (forbidden[0], spec.step_of(forbidden[0]))
    shown_values = values if action is None else None
    found = [
        (field, named(message, players))
        for field, message in table_refusals(spec, refused.problems(), shown_values, players)
        if spec.error_target(field) not in said
    ]
    if forbidden is not None:
        found.append(forbidden)
    return found


def forbidden_said(
    spec: HandFormSpec,
    values: Mapping[str, Any],
    players: Sequence[str],
    translate: Callable[[Message], Any],
) -> tuple[str, Any] | None:
    r"""When the last seat to speak said the number a ``forbid`` rule forbids: their field
    and the rule's sentence (``translate``\ d into the page's language) naming them and
    the number. The engine's error is about the total of every seat; at the table the
    player wants to know who, and which number."""
    found = forbidden_entry(spec, values)
    if found is None:
        return None
    sentence = translate(spec.texts[found.rule["why"]])
    for key, value in (
        ("name", isolate(players[found.seat])),
        ("n", found.value),
        ("total", found.rule["total"]),
    ):
        sentence = sentence.replace("{" + key + "}", str(value))
    return found.field, sentence


def table_words(
    spec: HandFormSpec, field: str, message: Message | str, players: Sequence[str]
) -> Message | str:
    """One refusal about the engine field ``field`` in the table's words."""
    if not isinstance(message, Message):
        return message
    described = spec.field_named(spec.error_target(field))
    said = message.table if message.table is not None else message
    params = dict(said.params)
    if described is not None and "what" in params:
        params["what"] = thing_named(described, players)
    for key, value in params.items():
        if isinstance(value, Seat) and 0 <= value < len(players):
            params[key] = players[value]
        elif isinstance(value, Side) and 0 <= value < len(spec.sides):
            params[key] = " & ".join(players[s] for s in spec.sides[value] if s < len(players))
    return Message(said.template, params, said.plural)
