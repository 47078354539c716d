"""The hand form as a typed page model: its steps and fields, their keys and ranges, what
is folded, the values entered, the refusals beside their fields and in the summary, in the
page's language, for the one template that draws it (``templates/_hand_form.html``) on the
server (Flask) and in the phone (``scorekeeper/pages``, under Pyodide) alike (issue 46).

Checking a hand entered on the form is the engine's too, for both: its shape (a key one
of its choices, a count a whole number in its range), then the rules, each refusal in the
table's words (``core.form.form_refusals``) and in the page's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import Label, label_with_sides, signed
from ..core.errors import EngineError, ParseError
from ..core.form import (
    FormField,
    HandFormSpec,
    fill_fixed,
    form_refusals,
    in_shown_order,
    shown_order,
    thing_named,
)
from ..core.game import Game, HandPlace, HandRecord, sides_as_named
from ..core.language import PageText, Words, isolate
from ..core.messages import msg
from ..core.numbers import OUT_OF_RANGE, parse_int, shown_number
from ..core.schema import Refused

DEALS = msg("%(dealer)s deals")
FOLDED_WHAT = msg("%(what)s by %(name)s")
ONE_CHOICE = msg("%(field)s must be %(choice)s, not %(value)s.")
CHOICES = msg("%(field)s must be one of %(choices)s, not %(value)s.")
NOT_SCORED = msg("These entries cannot be scored yet.")
GAME_OVER = msg("The game is over. Edit a hand to change the result.")

Problems = Sequence[tuple[str, str]]
"""Refusals of a form's entries: (the field, step or "hand" each goes beside, the
sentence), in page order (``in_page_order``)."""


@dataclass(frozen=True, slots=True)
class Table:
    """One hand's form at its place: the game, its settings, the players by seat as they
    sit for it, the hand's place, the page's words and the form (``Game.hand_form``)."""

    rules: Game
    settings: Any
    players: Sequence[str]
    place: HandPlace
    words: Words
    spec: HandFormSpec

    @classmethod
    def at(
        cls, rules: Game, settings: Any, players: Sequence[str], place: HandPlace, words: Words
    ) -> Table:
        return cls(
            rules, settings, players, place, words, rules.hand_form(settings, players, place)
        )


# --- the model ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Key:
    """One key of a row of keys (a radio): its value, its words, its tone ("red" for a
    red suit, "wide" for a word among symbols), whether it is the one entered."""

    value: str
    label: str
    tone: str
    checked: bool


@dataclass(frozen=True, slots=True)
class Box:
    """One field as the page draws it. ``kind``: "hidden" (sent, not asked), "seat_count"
    (a number box named after its player), "seat_keys" (a player's keys), "count" (a
    number box), "keys" (a row of keys) or "folded" (a number box in the step's folded
    group). ``what`` is how a screen reader hears a folded box (a folded count, "… by Noa");
    ``halves``: a count that may be a half, typed with the page's decimal sign."""

    name: str
    kind: str
    label: str
    player: str | None
    seat: int | None
    prefix: str
    low: int
    high: int
    style: str
    default: str | None
    value: str | None
    keys: tuple[Key, ...]
    read_back: str | None
    what: str
    errors: tuple[str, ...]
    halves: bool = False
    heading: str | None = None
    """A folded box's title before it: whose the boxes that follow are."""
    optional: bool = False
    """May be left empty (Schafkopf's Augen, where counted): the hand is whole without it."""


@dataclass(frozen=True, slots=True)
class Action:
    """A button that records the hand another way (everyone passed): its field name, its
    element id, its words."""

    name: str
    id: str
    label: str


@dataclass(frozen=True, slots=True)
class FormStep:
    """One step of the form: its number, words and note; ``seats``: its boxes are the
    players'; ``fields`` in the order the table speaks, ``folded`` (opened where one holds
    a value or a refusal: ``open``), its action buttons and its own refusals."""

    id: str
    number: int
    label: str
    note: str | None
    folds: bool
    seats: bool
    fields: tuple[Box, ...]
    folded: tuple[Box, ...]
    folded_label: str | None
    open: bool
    actions: tuple[Action, ...]
    errors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandFormPage:
    """The hand form: its hand's number, title, who deals and what the deal needs, the
    save button's words, whether the hand (being edited) was thrown in, its steps; the
    refusals of the hand as a whole (``errors``) and every one as the summary links it
    (anchor, sentence), with ``said``, sentences the server sent the phone; the page
    script's sentences (``texts``) and tables (``rules``)."""

    number: int
    title: str
    deals: str | None
    deal_note: str | None
    save: str
    thrown_in: bool
    steps: tuple[FormStep, ...]
    errors: tuple[str, ...]
    summary: tuple[tuple[str, str], ...]
    said: tuple[str, ...]
    texts: tuple[tuple[str, str], ...]
    rules: Mapping[str, Any]

    @property
    def refused(self) -> bool:
        return bool(self.summary or self.said)


def hand_form(
    table: Table,
    entered: Mapping[str, Any] | None = None,
    problems: Problems = (),
    stored: Mapping[str, Any] | None = None,
    said: Sequence[str] = (),
) -> HandFormPage:
    """The hand form for the hand at the table's place: empty (each field at its default),
    with ``entered`` (field name to text, as posted: a field left out keeps its default)
    and its ``problems``, or to edit ``stored`` (a stored hand's body)."""
    rules, words, spec = table.rules, table.words, table.spec
    values: dict[str, Any] = {f.name: f.default for f in spec.fields}
    if stored is not None:
        stored_values = rules.hand.form_values(stored)
        values |= {k: None if v is None else str(v) for k, v in stored_values.items()}
    if entered is not None:
        values |= {f.name: str(entered[f.name]) for f in spec.fields if f.name in entered}
    beside: dict[str, list[str]] = {}
    for target, message in problems:
        beside.setdefault(target, []).append(message)
    order = shown_order(spec, values | spec.hidden_defaults())
    hand = rules.page_words.hand
    number = table.place.number
    steps = []
    for index, step in enumerate(spec.steps, 1):
        plain = in_shown_order([f for f in step.fields if not f.folded], order)
        folded = [_box(table, f, values, beside) for f in step.fields if f.folded]
        steps.append(
            FormStep(
                id=step.id,
                number=index,
                label=words.translate(step.label),
                note=None if step.note is None else words.translate(step.note),
                folds=step.folds,
                seats=bool(plain) and plain[0].seat is not None,
                fields=tuple(_box(table, f, values, beside) for f in plain),
                folded=tuple(folded),
                folded_label=None
                if step.folded_label is None
                else words.translate(step.folded_label),
                open=any(box.errors or _nonzero(box.value) for box in folded),
                actions=tuple(
                    Action(a.name, a.name.replace("_", "-"), words.translate(a.label))
                    for a in spec.actions
                    if a.step == step.id
                ),
                errors=tuple(beside.get(step.id, ())),
            )
        )
    dealer = table.players[table.place.dealer] if table.settings.shows_dealer else None
    note = rules.deal_note(table.settings, table.place)
    return HandFormPage(
        number=number,
        title=words.translate(hand.edit if stored else hand.title, number=number),
        deals=None if dealer is None else words.translate(DEALS, dealer=isolate(dealer)),
        deal_note=None if note is None else words.named(note, table.players),
        save=words.translate(hand.save_number, number=number)
        if stored
        else words.translate(hand.save),
        thrown_in=stored is not None and rules.record_from_dict(table.settings, stored).thrown_in,
        steps=tuple(steps),
        errors=tuple(beside.get("hand", ())),
        summary=tuple(_linked(spec, problems)),
        said=tuple(said),
        texts=tuple((key, words.translate(text)) for key, text in spec.texts.items()),
        rules=dict(spec.rules),
    )


def _box(
    table: Table, described: FormField, values: Mapping[str, Any], beside: Mapping[str, list[str]]
) -> Box:
    words, players = table.words, table.players
    seat = described.seat
    player = None if seat is None or seat >= len(players) else players[seat]
    label = words.translate(described.label)
    heading = None if described.heading is None else words.translate(described.heading)
    if described.is_hidden:
        kind = "hidden"
    elif described.folded:
        kind = "folded"
    elif seat is not None:
        kind = "seat_count" if described.is_count else "seat_keys"
    else:
        kind = "count" if described.is_count else "keys"
    value = values.get(described.name)
    what = label
    if described.folded and player is not None:
        what = words.translate(FOLDED_WHAT, what=PageText(label), name=PageText(player))
    return Box(
        name=described.name,
        kind=kind,
        label=label if described.short is None else words.translate(described.short),
        player=player,
        seat=seat,
        prefix=described.name.rpartition("_")[0] if seat is not None else "",
        low=described.low,
        high=described.high,
        style=described.style,
        default=described.default,
        value=value,
        keys=tuple(
            Key(c.value, words.translate(c.label), c.tone, value is not None and value == c.value)
            for c in described.choices
        ),
        read_back=None if described.read_back is None else words.translate(described.read_back),
        what=what,
        errors=tuple(beside.get(described.name, ())),
        halves=described.halves,
        heading=heading,
        optional=described.optional,
    )


def _nonzero(value: str | None) -> bool:
    """A folded box holds something: a number other than 0 (a box left at 0 stays folded)."""
    try:
        return value is not None and int(value.strip()) != 0
    except ValueError:
        return False


def _linked(spec: HandFormSpec, problems: Problems) -> list[tuple[str, str]]:
    """Each refusal with the id of the element the summary links it to: its field's box,
    a hidden field's step, its step, the first step for the hand as a whole."""
    steps = {step.id for step in spec.steps}
    found = []
    for target, message in problems:
        described = spec.field_named(target)
        if described is not None and not described.is_hidden:
            anchor = target
        elif described is not None:
            anchor = spec.step_of(target) or spec.steps[0].id
        else:
            anchor = target if target in steps else spec.steps[0].id
        found.append((anchor, message))
    return found


def game_over(words: Words) -> Refused:
    """The refusal of a form for the hand after a game's end."""
    return Refused([("hand", str(words.translate(GAME_OVER)))])


# --- a hand entered on the form --------------------------------------------------------------


def posted_action(spec: HandFormSpec, posted: Mapping[str, Any]) -> str | None:
    """The action button a form post tapped (a field of its name sent, not blank), None
    for Save."""
    return next((a.name for a in spec.actions if posted.get(a.name)), None)


def entered_values(table: Table, posted: Mapping[str, Any]) -> dict[str, Any]:
    """The form's values (None for a field left empty; a field not posted at all keeps its
    default), their shape checked. Raises Refused with the shape's problems in page order."""
    values, problems = shape_checked(table, posted)
    if problems:
        raise Refused(in_page_order(table.spec, problems))
    return values


@dataclass(frozen=True, slots=True)
class Entered:
    """A hand as the form posted it on ``table``: its ``values`` by field (a field the
    rules leave one value filled in, as the page script does), the ``action`` button
    tapped (None for Save) and the hand's ``body`` they give."""

    table: Table
    values: dict[str, Any]
    action: str | None
    body: dict[str, Any]

    @classmethod
    def posted(cls, table: Table, posted: Mapping[str, Any], action: str | None = None) -> Entered:
        """The hand ``posted`` (field name to text, as a browser posts the form; ``action``
        as tapped, a name the form has not is Save). Raises Refused, in the table's words,
        for entries whose shape the form refuses."""
        spec = table.spec
        values = entered_values(table, posted)
        if action is not None and action not in {a.name for a in spec.actions}:
            action = None
        if action is None:
            fill_fixed(spec, values)
        rules = table.rules
        try:
            body = rules.hand.form_body(rules.context(table.settings), values, action)
        except EngineError as refused:
            raise form_refusal(table, values, action, refused) from None
        return cls(table, values, action, body)

    def refusal(self, refused: EngineError) -> Refused:
        """The rules' refusal of this hand (its place's, or the save's), as the form says
        it: every refusal in the table's words, in page order."""
        return form_refusal(self.table, self.values, self.action, refused)

    def record(self) -> HandRecord:
        """The engine's record of this hand, read at its place. Raises Refused."""
        table = self.table
        try:
            return table.rules.record_from_dict(table.settings, self.body, table.place)
        except EngineError as refused:
            raise self.refusal(refused) from None


def entered_record(
    table: Table, posted: Mapping[str, Any], action: str | None = None
) -> tuple[dict[str, Any], HandRecord]:
    """The body and record of the hand the form posted (``Entered.posted``), read at its
    place. Raises Refused with every refusal, in the table's words, in page order."""
    entered = Entered.posted(table, posted, action)
    return entered.body, entered.record()


def form_refusal(
    table: Table, values: dict[str, Any], action: str | None, refused: EngineError
) -> Refused:
    """The engine's refusal of the entered hand as the form says it
    (``core.form.form_refusals``): in the table's words and the page's language, in page
    order."""
    words = table.words
    said = form_refusals(
        table.spec,
        refused,
        values,
        action,
        table.players,
        lambda text: str(words.translate(text)),
        lambda text, players: str(words.named(text, players)),
    )
    return Refused(in_page_order(table.spec, said))


def shape_checked(
    table: Table, posted: Mapping[str, Any]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The form's values and its shape problems, by field."""
    values: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    words = table.words
    for described in table.spec.fields:
        raw = posted.get(described.name)
        if raw is None:
            values[described.name] = described.default
            continue
        raw = str(raw)
        what = said_as(table, described)
        if described.is_count:
            values[described.name] = None
            if not raw.strip():
                continue
            try:
                label, halves = PageText(what), described.halves
                number = parse_int(raw, described.name, label=label, halves=halves)
            except ParseError as wrong:  # in the table's words where it has them (a fraction)
                said = wrong.message.table or wrong.message
                problems.append((described.name, str(words.translate(said))))
                continue
            # A half stays as it was typed, in the page's decimal sign.
            values[described.name] = raw.strip() if described.halves else str(number)
            if not described.low <= number <= described.high:
                said = words.translate(
                    OUT_OF_RANGE,
                    what=PageText(what),
                    low=described.low,
                    high=described.high,
                    number=words.translate(shown_number(number)),
                )
                problems.append((described.name, str(said)))
            continue
        values[described.name] = None if raw == "" else raw
        if not raw.strip() or raw in {c.value for c in described.choices}:
            continue
        offered = [str(words.translate(c.label)) for c in described.choices if c.value != ""]
        sent = isolate(raw[:40])
        if len(offered) == 1:
            problem = words.gettext(
                ONE_CHOICE.template, field=what, choice=isolate(offered[0]), value=sent
            )
        else:
            problem = words.gettext(
                CHOICES.template, field=what, choices=_choices_in_words(words, offered), value=sent
            )
        problems.append((described.name, problem))
    return values, problems


def said_as(table: Table, described: FormField) -> str:
    """How a refusal names a field: a seat's field with its player ("Bid for Noa"), any
    other by its label."""
    if described.seat is not None:
        return str(table.words.translate(thing_named(described, table.players)))
    return str(table.words.translate(described.label))


def _choices_in_words(words: Words, labels: Sequence[str]) -> str:
    """A field's choices as a sentence names them: a run of whole numbers as "1–13",
    anything else listed ("Ann, Bob or Cat")."""
    if labels and all(label.isdigit() for label in labels):
        numbers = [int(label) for label in labels]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))) and len(numbers) > 2:
            return words.ltr(f"{numbers[0]}\u2013{numbers[-1]}")
    return words.or_list([isolate(label) for label in labels])


def in_page_order(spec: HandFormSpec, problems: Problems) -> list[tuple[str, str]]:
    """Each problem at what it goes beside (a field, a step, or "hand" for the hand as a
    whole), in the order the page shows them: the hand's first, then step by step each
    field's (its folded ones last), a step's own after its last open field's."""
    steps = {step.id for step in spec.steps}
    beside: dict[str, list[str]] = {}
    for field, message in problems:
        target = spec.error_target(field)
        if spec.field_named(target) is None and target not in steps:
            target = "hand"
        beside.setdefault(target, []).append(message)
    ordered = [("hand", message) for message in beside.get("hand", [])]
    for step in spec.steps:
        unfolded = [f for f in step.fields if not f.folded]
        for described in sorted(step.fields, key=lambda f: f.folded):
            ordered += [(described.name, message) for message in beside.get(described.name, [])]
            if unfolded and described is unfolded[-1]:
                ordered += [(step.id, message) for message in beside.get(step.id, [])]
    return ordered


def _at_its_place(table: Table, record: Any) -> Any:
    """The hand replayed at its place, so that its outcome says what the place makes of it
    (Skat's Bock round); alone, as the game's first hand, where its place has no state."""
    state = getattr(table.place, "state", None)
    if state is not None and hasattr(state, "to_dict"):
        try:
            return table.rules.resume(table.settings, state.to_dict(), [record])
        except ValueError:
            pass
    return table.rules.replay(table.settings, 0, [record])


def preview_entered(
    table: Table, posted: Mapping[str, Any], action: str | None, seated: Sequence[str]
) -> dict[str, Any]:
    """The entered hand's points as the form previews them: ``points`` and ``names`` per
    side (``seated``: who sits now), and ``result``, how the hand went where the game's
    preview says so; or ``problem``."""
    rules, words = table.rules, table.words
    try:
        _, record = entered_record(table, posted, action)
    except Refused as refused:
        # What the save would say, by the thing's and the player's name ("Still missing:
        # Tricks for Dana."): the table hears what to do, not only that it cannot be scored.
        said = " ".join(dict.fromkeys(str(message) for _, message in refused.problems))
        return {"problem": said or str(words.translate(NOT_SCORED))}
    points = rules.preview(table.settings, record, table.place)["points"]
    result = ""
    if rules.page_words.preview_outcome:
        replayed = _at_its_place(table, record)
        outcome = rules.hand_views(replayed)[0].outcome
        result = words.shown(label_with_sides(outcome, sides_as_named(rules, table.players)))
    return {"points": list(points), "names": sides_as_named(rules, seated), "result": result}


def saved_line(
    table: Table,
    seated: Sequence[str],
    number: int,
    points: Sequence[int],
    outcome: Label,
    thrown_in: bool,
    dealers: tuple[int, int],
) -> str:
    """What the scoreboard says of hand ``number`` once it is saved, in the table's words:
    how it went and each side's ``points`` ("Hand 3 (made 4♠): Dana & Bob +60 · Cat & Eve
    −60"), by who sits now (``seated``, in seat order); for a deal ``thrown_in``, who deals next
    (``dealers``: the hand's dealer and the next hand's, the same when the deal is dealt
    again). The server's flash after a save says it as it is."""
    words, said = table.words, table.rules.page_words.hand
    if thrown_in:
        dealt, deals = dealers
        line = said.thrown_in_next if deals != dealt else said.thrown_in_again
        return str(words.translate(line, number=number, dealer=isolate(seated[deals])))
    sides = sides_as_named(table.rules, seated)
    each = " · ".join(
        f"{isolate(side)} {words.ltr(signed(p))}" for side, p in zip(sides, points, strict=True)
    )
    # A seat the outcome names ("with Dana", the called partner at five) by its player.
    pieces = label_with_sides(outcome, sides).pieces
    how = "".join(str(words.named(piece, seated)) for piece in pieces)
    if not how:
        return str(words.translate(said.saved_plain, number=number, points=each))
    return str(words.translate(said.saved, number=number, outcome=how, points=each))
