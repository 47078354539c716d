"""Forms check shape only (text, numbers, choices); the engine decides what is legal.

Choices come from the engine's constants, so a form never offers a level, denomination or
trick count the engine does not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    Field,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import NumberRange, Optional, StopValidation
from wtforms.widgets import HiddenInput

from .engine import Knob, Message, ParseError, get_game, msg, parse_int
from .engine.core.seats import SEATS
from .engine.israeli_whist import MAX_REVOKES, Denomination, HandRecord, PlayedHand
from .engine.israeli_whist.bids import MAX_LEVEL, MIN_LEVEL, TRICKS_PER_HAND
from .i18n import PageText, translate
from .names import (  # noqa: F401  (re-exported: views import them from here)
    MAX_GAME_NAME_LENGTH,
    MAX_NAME_LENGTH,
    MAX_NOTES_LENGTH,
    PLAYER_ORDINALS,
    FieldProblem,
    clean_game_details,
    clean_name,
    clean_player_names,
)


def options(pairs) -> list[SelectChoice]:
    """Choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


# The seats before the players have names, e.g. on the first-dealer keys.
SEAT_ORDINALS = (_l("1st"), _l("2nd"), _l("3rd"), _l("4th"))


class PageForm(FlaskForm):
    """A form a page posts, read from the form body only.

    Flask-WTF also reads a JSON body as the form, and fails with a 500 on one that is no
    object or is nested too deep; pages are posted as forms, and JSON belongs to the API.
    """

    class Meta(FlaskForm.Meta):
        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            if request.is_json:
                return None
            return super().wrap_formdata(form, formdata)


class WholeNumberField(IntegerField):
    """A number box read by the engine's ``parse_int``, so a form takes exactly the numbers
    the API and the command line take (WTForms' ``int()`` would also read "٣" and "1_000"),
    and says what is wrong in the engine's words, naming the field by its label."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        try:
            self.data = parse_int(valuelist[0], self.name, label=PageText(self.label.text))
        except ParseError as exc:
            self.data = None
            raise ValueError(translate(exc.message)) from None

    def pre_validate(self, form: Any) -> None:
        # Text that is no number needs one message, not a second one from a range check;
        # a blank box still goes on to Optional(), which lets it through.
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


class GameDetailsForm(PageForm):
    """A game's name and notes."""

    name = StringField(_l("Name"))
    notes = TextAreaField(_l("Notes"))
    save = SubmitField(_l("Save"))


# --- new game -----------------------------------------------------------------------------

# What players call the presets; the stored name stays the engine's.
PRESET_LABELS = {
    "standard": _l("standard"),
    "pagat-german": _l("pagat-german"),
    "elhanani": _l("elhanani"),
}
PRESET_DESCRIPTIONS = {
    "standard": _l("as most Israeli tables play (Wikipedia)"),
    "pagat-german": _l("pagat.com's rules, English and German pages"),
    "elhanani": _l("Yoni Elhanani's scoring (pagat, German page)"),
}


def _lazy(message: Message) -> Any:
    """A label from the engine, translated when the page is rendered."""
    return _l(message.template)


# The default game's knobs, by name: the new-game form's house rules.
KNOBS_BY_NAME = {knob.name: knob for knob in get_game().knobs}
KNOB_LABELS = {name: _lazy(knob.label or msg(name)) for name, knob in KNOBS_BY_NAME.items()}


class NewGameForm(PageForm):
    player_0 = StringField(_l("1st player"))
    player_1 = StringField(_l("2nd player"))
    player_2 = StringField(_l("3rd player"))
    player_3 = StringField(_l("4th player"))
    first_dealer = RadioField(
        _l("First dealer"),
        choices=options(
            [("random", _l("Random")), *((str(s), SEAT_ORDINALS[s]) for s in range(SEATS))]
        ),
        default="random",
    )
    rules = RadioField(
        _l("Rules"),
        choices=options((name, PRESET_LABELS[name]) for name in get_game().presets),
        default="standard",
    )
    target = WholeNumberField(_l("Target score"), default=100, validators=[Optional()])
    preset_labels = PRESET_LABELS
    preset_descriptions = PRESET_DESCRIPTIONS

    def error_links(self) -> list[tuple[str, str]]:
        """Every problem on the form, in page order, with the id of the element it is on."""
        fields = [self[f"player_{s}"] for s in range(SEATS)]
        fields += [self.first_dealer, self.rules, self.target, *self.knob_fields()]
        return [(field.id, message) for field in fields for message in field.errors]

    def player_names(self) -> list[str]:
        return [self[f"player_{s}"].data or "" for s in range(SEATS)]

    def knob_fields(self) -> list[Field]:
        return [self[name] for name in HOUSE_RULE_KNOBS]

    def knob_changes(self) -> dict[str, Any]:
        """The house rules the table set; blank fields keep the preset's value."""
        return {
            name: self[name].data for name in HOUSE_RULE_KNOBS if self[name].data not in (None, "")
        }


# Every knob but the target, which the form asks for on its own.
HOUSE_RULE_KNOBS = tuple(name for name in KNOBS_BY_NAME if name != "target")


def _knob_field(knob: Knob) -> Field:
    """A field for one knob, by its kind; blank keeps the preset's value."""
    label = KNOB_LABELS[knob.name]
    as_preset = ("", _l("as the preset"))
    if knob.kind == "choice":
        words = [_lazy(word) for word in knob.choice_labels] or list(knob.choices)
        choices = [as_preset, *zip(knob.choices, words, strict=True)]
    elif knob.kind == "bool":
        choices = [as_preset, ("yes", _l("yes")), ("no", _l("no"))]
    elif knob.kind == "int" and not knob.optional:
        return WholeNumberField(label, validators=[Optional()])
    else:
        # Lists, and numbers that may be unset ("none"): the engine reads the text.
        return StringField(label, validators=[Optional()], filters=[_strip])
    return SelectField(label, choices=options(choices), validators=[Optional()])


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


for _name in HOUSE_RULE_KNOBS:
    setattr(NewGameForm, _name, _knob_field(KNOBS_BY_NAME[_name]))


# --- one hand -----------------------------------------------------------------------------


def _numbers(low: int, high: int) -> list[SelectChoice]:
    return options((str(n), str(n)) for n in range(low, high + 1))


# Suits are symbols in every language; no-trump is written as players abbreviate it.
# Translators: short, as on a bid written on a score sheet: 7NT.
DENOMINATION_SYMBOLS = {
    d: _l("NT") if d is Denomination.NO_TRUMP else d.symbol for d in Denomination
}


class HandForm(PageForm):
    """Phase one, contracts, tricks and revokes of one hand, one field per seat."""

    number = WholeNumberField(widget=HiddenInput(), validators=[Optional()])
    revision = WholeNumberField(widget=HiddenInput(), validators=[Optional()])
    declarer = RadioField(_l("Declarer"), choices=[], validators=[Optional()])
    level = RadioField(_l("Level"), choices=_numbers(MIN_LEVEL, MAX_LEVEL), validators=[Optional()])
    denomination = RadioField(
        _l("Trump"),
        choices=options((d.code, DENOMINATION_SYMBOLS[d]) for d in Denomination),
        validators=[Optional()],
    )
    frisch_rounds = RadioField(
        _l("Frisch rounds"), choices=[], default="0", validators=[Optional()]
    )
    throw_in = SubmitField(_l("Everyone passed: throw in"))
    pass_round = SubmitField(_l("Everyone passed: save as a pass round"))
    save = SubmitField(_l("Save"))

    def setup(self, players: Sequence[str], frisch_rounds: int) -> HandForm:
        """Fills in the choices that depend on the game: names and allowed Frisch rounds."""
        self.declarer.choices = options((str(s), name) for s, name in enumerate(players))
        self.frisch_rounds.choices = _numbers(0, frisch_rounds)
        self.group_errors: dict[str, list[str]] = {}
        return self

    def set_hidden(self, name: str, value: int) -> None:
        """Changes a hidden field after a submit, so the page sends the new value next time."""
        self[name].data = value
        self[name].raw_data = [str(value)]

    def seat_fields(self, kind: str) -> list[Field]:
        return [self[f"{kind}_{s}"] for s in range(SEATS)]

    def error_links(self) -> list[tuple[str, str]]:
        """Every problem on the form, in page order, with the id of the element it is on: a
        key field's fieldset, a seat's, a revoke's box, or the step of a whole-hand total."""
        frisch = "frisch_rounds" if len(self.frisch_rounds.choices) > 1 else "bid"
        links = [("bid", message) for message in self.group_errors.get("hand", [])]
        links += [(frisch, message) for message in self.frisch_rounds.errors]
        for field in (self.declarer, self.level, self.denomination):
            links += [(field.id, message) for message in field.errors]
        for kind, step in (("contract", "contracts"), ("tricks", "tricks")):
            for field in self.seat_fields(kind):
                links += [(field.id, message) for message in field.errors]
            links += [(step, message) for message in self.group_errors.get(step, [])]
        for field in self.seat_fields("revokes"):
            links += [(field.id, message) for message in field.errors]
        return links

    def values(self) -> dict[str, Any]:
        """The hand as the engine's ``record_hand`` takes it, text values left as typed."""
        return {
            "declarer": self.declarer.data,
            "level": self.level.data,
            "denomination": self.denomination.data,
            "frisch_rounds": self.frisch_rounds.data or 0,
            "contracts": [f.data for f in self.seat_fields("contract")],
            "tricks": [f.data for f in self.seat_fields("tricks")],
            "revokes": [f.data or 0 for f in self.seat_fields("revokes")],
        }

    def add_engine_error(self, field: str, message: str) -> None:
        """Puts an engine error (``contracts[2]``, ``tricks``, ``level``...) beside its field."""
        name, _, index = field.partition("[")
        target = {"contracts": "contract", "bid": "level"}.get(name, name)
        if index:
            target = f"{target}_{index.rstrip(']')}"
        if target in self and target not in ("save", "throw_in", "pass_round", "csrf_token"):
            self[target].errors = [*self[target].errors, message]
        else:
            group = name if name in ("contracts", "tricks") else "hand"
            self.group_errors.setdefault(group, []).append(message)


for _seat in range(SEATS):
    setattr(
        HandForm,
        f"contract_{_seat}",
        RadioField(_l("Contract"), choices=_numbers(0, TRICKS_PER_HAND), validators=[Optional()]),
    )
    setattr(
        HandForm,
        f"tricks_{_seat}",
        RadioField(_l("Tricks"), choices=_numbers(0, TRICKS_PER_HAND), validators=[Optional()]),
    )
    setattr(
        HandForm,
        f"revokes_{_seat}",
        WholeNumberField(
            _l("Revokes"), default=0, validators=[Optional(), NumberRange(0, MAX_REVOKES)]
        ),
    )


def hand_form_data(record: HandRecord, number: int, revision: int) -> dict[str, Any]:
    """Form values for a stored hand, to edit it."""
    data: dict[str, Any] = {
        "number": number,
        "revision": revision,
        "frisch_rounds": str(record.frisch_rounds),
    }
    if getattr(record, "pass_round", False):
        for seat in range(SEATS):
            data[f"tricks_{seat}"] = str(record.tricks_taken[seat])
            data[f"revokes_{seat}"] = record.revokes[seat]
        return data
    if not isinstance(record, PlayedHand):
        return data
    data.update(
        declarer=str(record.declarer),
        level=str(record.bid.level),
        denomination=record.bid.denomination.code,
    )
    for seat in range(SEATS):
        data[f"contract_{seat}"] = str(record.contracts[seat])
        data[f"tricks_{seat}"] = str(record.tricks_taken[seat])
        data[f"revokes_{seat}"] = record.revokes[seat]
    return data


class ConfirmForm(PageForm):
    """An empty form: only the CSRF token, for a POST button such as "Delete hand"."""


class DeleteHandForm(ConfirmForm):
    """The "Delete hand" button with the revision of the hand the player was shown, so that
    a hand changed (or deleted and recorded again) on another phone meanwhile is kept."""

    revision = IntegerField(widget=HiddenInput(), validators=[Optional()])
